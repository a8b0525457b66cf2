package eternaut

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tablekeeper/tracker"
)

// stateJSON is the state as stored, to compare two states whole.
func stateJSON(t *testing.T, s *State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// doReopenUndo runs cmds, checks the result with ok, reopens the log and
// wants the same state (the events replay under the revision they were
// decided with), then undoes every command and wants the state before.
func doReopenUndo(t *testing.T, s *tracker.Session, mem *tracker.MemStore, ok func(*State) string, cmds ...tracker.Command) {
	t.Helper()
	before := stateJSON(t, st(s))
	do(t, s, cmds...)
	if why := ok(st(s)); why != "" {
		t.Fatal(why)
	}
	after := stateJSON(t, st(s))
	again, err := tracker.Open(mem, Rules{}, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := stateJSON(t, st(again)); got != after {
		t.Fatalf("the reopened log replays to another state:\n%s\nwant\n%s", got, after)
	}
	for range cmds {
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if got := stateJSON(t, st(s)); got != before {
		t.Fatalf("undo does not restore the state before:\n%s\nwant\n%s", got, before)
	}
}

// §5.1 T2: the Fatigue on a full board when every board is full is undone
// and replays; the refusal while another board has a slot changes nothing.
func TestUndoFatigueOnAFullBoard(t *testing.T) {
	s, mem := reachStored(t, "B1")
	do(t, s, CorrectCharacter{Char: "901", Field: "actionCards", Value: 4})
	before := stateJSON(t, st(s))
	refuse(t, s, ExchangeCards{Fatigue: "901"}, "§5.1 T2")
	if stateJSON(t, st(s)) != before {
		t.Fatal("a refused exchange changed the state")
	}
	for _, id := range []string{"902", "903", "904"} {
		do(t, s, CorrectCharacter{Char: id, Field: "actionCards", Value: 4})
	}
	doReopenUndo(t, s, mem, func(g *State) string {
		if g.Char("901").Penalties.Fatigue != 1 || !g.Scenario.Exchanged {
			return "every board full: the Fatigue goes on 901's anyway"
		}
		return ""
	}, ExchangeCards{Fatigue: "901"})
}

// §2.2: the Survivors' activation blocked by the Alert counter (no card,
// nobody moves, cubes dealt again) is undone and replays.
func TestUndoActivationUnderTheAlert(t *testing.T) {
	s, mem := reachStored(t, "B1")
	do(t, s, RevealR02{}, RevealFigure{ID: "701", Kind: "enemy", MaxLP: 3})
	do(t, s, SetCubes{Boards: map[string]int{"901": 1}, OnTarget: 3})
	doReopenUndo(t, s, mem, func(g *State) string {
		if !slices.ContainsFunc(g.Scenario.Activations, func(a ActivationRecord) bool {
			return strings.Contains(a.What, "Alert counter") && strings.Contains(a.What, "no card is drawn")
		}) {
			return "no blocked activation recorded"
		}
		if g.Scenario.CubesOnTarget != 0 {
			return "cubes not dealt again"
		}
		return ""
	}, PlayCard{Char: "901"}, EndTurn{})
}

// §7.7.3: a pick-up that empties the pile and drops at once leaves a new
// pile on the same space; undone, the old pile is back whole.
func TestUndoPickUpDropOntoThePile(t *testing.T) {
	s, mem := reachStored(t, "A")
	do(t, s, GainItem{Char: "902", Item: "011"}, DropItems{Char: "902", Items: []string{"011"}, Where: "hall"})
	do(t, s, GainItem{Char: "903", Item: "030"}, DropItems{Char: "903", Items: []string{"030"}, Where: "kitchen"})
	for _, it := range []string{"020", "021", "022", "023"} {
		do(t, s, GainItem{Char: "901", Item: it})
	}
	doReopenUndo(t, s, mem, func(g *State) string {
		for _, p := range g.Scenario.DropPiles {
			if slices.Contains(p.Items, "020") && p.Where != "hall" {
				return "the dropped item is not on the emptied pile's space"
			}
		}
		if !slices.Contains(g.Char("901").Items, "011") {
			return "011 not picked up"
		}
		return ""
	}, PickUp{Char: "901", Pile: "A", Items: []string{"011"}, Drop: []string{"020"}})
}

// §10.2: 911 leaving the campaign at the Unlock after E2 is undone and
// replays.
func TestUndo911LeavesAtUnlock(t *testing.T) {
	s, mem := reachStored(t, "D")
	finish(t, s, "END-E2-1", Unlock{})
	do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902", "903"}})
	do(t, s, EndScenario{}, ConfirmObjectives{})
	if st(s).End.Step == StepItems {
		do(t, s, ReturnItems{})
	}
	do(t, s, RecordEpilogue{Code: "END-F1-1"}, RecordSpecialQuests{})
	if c := ch(s, "911"); !c.AwaitsReveal {
		t.Fatalf("911 before the Unlock: %+v", c)
	}
	doReopenUndo(t, s, mem, func(g *State) string {
		if c := g.Char("911"); c.Status != OutOfCampaign || c.AwaitsReveal {
			return "911 still in the campaign"
		}
		return ""
	}, Unlock{})
}

// RB setup D: the Masked Figures written in section C at D's setup are
// undone with the setup and replay.
func TestUndoDSetupMaskedRows(t *testing.T) {
	s, mem := reachStored(t, "C")
	finish(t, s, "END-D-1", Unlock{})
	doReopenUndo(t, s, mem, func(g *State) string {
		for _, id := range []string{"907", "908", "909"} {
			if r := g.Section("C").Row(id); r == nil || r.LP != CharMaxLP {
				return "Masked Figure " + id + " not in section C with full life"
			}
		}
		return ""
	}, StartScenario{Key: "D", TimerStart: 9, Characters: []string{"901", "907", "902", "903"}})
}
