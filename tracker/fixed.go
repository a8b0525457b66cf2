package tracker

// Fixed events: things that happened at the table that Undo does not take
// back, because no player did them as a move of the game. They are folded
// into the state like any event, but they are not actions: they never go
// on the stack of actions in effect, so Undo passes over them, and they do
// not clear what Redo can put back.
//
//   - The play clock's starts and pauses (the session opening and closing
//     starts and pauses it; "Undo" right after opening a campaign undid
//     "Play clock started"). The play clock counts the time the campaign
//     was played, which no undo changes. Its events say so in their
//     payload ("fixed"); play clock events of older logs, without it,
//     replay as the actions they were.
//   - The time the app did not run (KindStopped, clock.go): a fact, not a
//     move.
//   - The end of a campaign's set-up (KindSetUp, setup.go): Undo stops
//     there.
//
// What fixed events set is kept through every undo: the play clock (once
// a fixed event has run it), the time the app did not run and the floor of
// undo. Undo rebuilds the state from a copy taken before and replays the
// actions in effect; it then puts the kept part back (CoreState.kept).

// IsFixed says whether e is a fixed event: folded, but never undone.
func IsFixed(e Event) bool {
	switch e.Kind {
	case KindStopped, KindSetUp:
		return true
	case KindClock:
		var p clockPayload
		return e.Decode(&p) == nil && p.Fixed
	}
	return false
}

// keptCore is the part of the core state that undo never changes.
type keptCore struct {
	floor     int
	stopped   []Stopped
	playFixed bool
	play      Clock
}

// kept is the part of cs that undo never changes.
func (cs *CoreState) kept() keptCore {
	return keptCore{floor: cs.Floor, stopped: cs.Stopped, playFixed: cs.PlayFixed, play: cs.Play}
}

// keep puts back the part undo never changes, after undo rebuilt the rest.
func (cs *CoreState) keep(k keptCore) {
	cs.Floor, cs.Stopped, cs.PlayFixed = k.floor, k.stopped, k.playFixed
	if k.playFixed {
		cs.Play = k.play
	}
}
