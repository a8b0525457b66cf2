package share

import "tablekeeper/tracker"

// Built is the half of a Table each game would otherwise write the same
// way: the page's View and a phone's Command both come from one build of
// the seat's view and the actions it offers (Offers), so a phone can ask
// only for what its page shows. A game's table embeds it, set to its own
// build.
type Built func(s *tracker.Session, seat string) (View, *Offers)

// View is what a phone at seat sees now (Table.View).
func (b Built) View(s *tracker.Session, seat string) View {
	v, _ := b(s, seat)
	return v
}

// Command is the command for an action the view at seat offered, or its
// refusal in words (Table.Command).
func (b Built) Command(s *tracker.Session, seat string, a Action) (Intent, error) {
	_, o := b(s, seat)
	return o.Intent(a)
}
