package widgets

// Heard, when set, hears every line the app tells the players as it shows
// it: a message line, a bubble beside a tapped control, a message dialog, a
// form's or a dialog's refusal. Tests set it (uitest.Main) to check that
// each is in the players' words, refusals included, whatever screen
// showed it; the app leaves it nil. It is set once, before any widget
// exists.
var Heard func(text string)

// Tell hands text to Heard: for what the players are told through a hook
// of the frame's own (shell.Context's message line and feedback, which a
// test may catch before any widget shows it).
func Tell(text string) {
	if h := Heard; h != nil && text != "" {
		h(text)
	}
}
