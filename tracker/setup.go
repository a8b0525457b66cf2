package tracker

import "fmt"

// A campaign's set-up (the practice content, the mission and the game's
// own fields of the new-campaign form) is its first actions, run as the
// campaign is made. Undo does not take them back: 20 undos in the
// Reichbusters practice left an empty campaign, the practice content
// gone. A set-up is changed through its own screen, not by undoing the
// campaign's making. The frame records SetUp after the set-up's actions;
// Undo and UndoTo then stop at that depth (CoreState.Floor), and so does
// an import's check of each undo.

// KindSetUp marks the end of a campaign's set-up: the actions in effect
// then are beyond undo.
const KindSetUp = "core.setup"

// SetUp is the command the frame gives after a new campaign's set-up.
type SetUp struct{}

type setUpPayload struct {
	Actions int `json:"actions"`
}

// decideSetUp refuses a set-up with nothing new to keep.
func decideSetUp(cs *CoreState, depth int) (Change, error) {
	if depth <= cs.Floor {
		return Change{}, fmt.Errorf("there is no set-up to keep: no action since the last one")
	}
	return Change{Kind: KindSetUp, Payload: setUpPayload{Actions: depth}}, nil
}

// applySetUp raises the floor of undo to the actions the set-up holds (at
// most the actions in effect, depth).
func (cs *CoreState) applySetUp(e Event, depth int) error {
	var p setUpPayload
	if err := e.Decode(&p); err != nil {
		return err
	}
	if p.Actions < 0 {
		return fmt.Errorf("a set-up of %d actions", p.Actions)
	}
	cs.Floor = max(cs.Floor, min(p.Actions, depth))
	return nil
}

func describeSetUp(e Event) string {
	var p setUpPayload
	_ = e.Decode(&p)
	what := "1 action"
	if p.Actions != 1 {
		what = fmt.Sprintf("%d actions", p.Actions)
	}
	return fmt.Sprintf("Set-up done (%s): Undo stops here; change the set-up on its own screen", what)
}
