package alone

import (
	"testing"

	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// issue 22 item 4: a double tap on each of the Turn's step buttons of the
// Play tab takes one step, in both orientations: Next at each step of a
// Turn, an Action's direction, the Evil side's button, End the Turn. Each
// step here records one event.
func TestDoubleTapsOnTheStepButtonsTakeOneStep(t *testing.T) {
	for _, portrait := range []bool{false, true} {
		ctx, w := game(t, "solo", nil)
		p := NewPlayScreen(ctx)
		show(w, p.Object())
		w.Resize(uitest.TabArea(portrait, 1))
		w.Content().Refresh()
		twice := func(what string, b *widget.Button) {
			t.Helper()
			if b.Disabled() {
				t.Fatalf("portrait %v: %s (%q) is not open", portrait, what, b.Text)
			}
			before := ctx.Session.LastSeq()
			widgets.ScrollIntoView(b) // a finger scrolls to it first
			uitest.TapTwice(w, b)
			if n := ctx.Session.LastSeq() - before; n != 1 {
				t.Errorf("portrait %v: a double tap on %s made %d events", portrait, what, n)
			}
		}
		east := findButton(t, p.turn.pad.obj, "East")
		for turn := 0; turn < 2; turn++ {
			twice("Next to flip the Turn token", p.turn.nextBtn)
			twice("East (a Move)", east)
			if turn == 0 {
				twice("Next to let the Evil side react", p.turn.nextBtn)
				twice("Next to end the Turn", p.turn.nextBtn)
			} else {
				twice("The Evil side reacts", p.turn.evilBtn)
				twice("End the Turn", p.turn.endTurnBtn)
			}
		}
	}
}
