package phantom

import (
	"encoding/json"
	"testing"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// replayAs replays, on the session's state, an event an older Tablekeeper
// stored for old: the event valid would make now, with old as its command
// (the draws are those of valid, which old shares; none when valid is
// nil). It returns the state
// after it, or the error Apply gave.
func replayAs(t *testing.T, s *tracker.Session, valid, old command) (*State, error) {
	t.Helper()
	p := payload{Line: "an older event"}
	if valid != nil {
		ch, err := Rules{}.Decide(st(s), valid, tracker.NewDice(testSeed, 0))
		if err != nil {
			t.Fatalf("%T: %v", valid, err)
		}
		p = ch.Payload.(payload)
	}
	p.Command = raw(old)
	b, _ := json.Marshal(p)
	out, err := Rules{}.Apply(st(s).clone(), tracker.Event{Kind: kindOf(old), Payload: b})
	if err != nil {
		return nil, err
	}
	return out.(*State), nil
}

// Commands refused by today's checks were accepted before: their stored
// events must still replay, as they did (a log never stops opening
// because a rule got stricter).
func TestReplayOlderEventsStricterRules(t *testing.T) {
	t.Run("move on a rest turn (§6.3 item 6)", func(t *testing.T) {
		s := withContent(t)
		do(t, s, startCmd(), BeginRound{})
		m := st(s).Mission
		m.fig("Bo").Discard = []string{"H9"}
		m.fig("Bo").Hand = remove(m.fig("Bo").Hand, "H9")
		do(t, s, Rest{Character: "Bo"}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, DrawAdversaryCards{}, DetermineInitiative{}, StartTurn{Character: "Bo"})
		old := MoveFigure{Figure: "Bo", Path: []string{"C-2"}, MP: 1}
		refused(t, s, old, "§6.3")
		out, err := replayAs(t, s, nil, old)
		if err != nil {
			t.Fatalf("an old rest-turn move no longer replays: %v", err)
		}
		if p := out.Mission.fig("Bo").Position; p != "C-2" {
			t.Fatalf("replayed move left Bo on %s", p)
		}
	})
	t.Run("teleport while Knocked Down (§4)", func(t *testing.T) {
		s := withContent(t)
		do(t, s, startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
			CorrectFigure{Figure: "Bo", SetConditions: true, Conditions: []string{"Knocked Down"}},
			DrawAdversaryCards{}, DetermineInitiative{}, StartTurn{Character: "Bo"})
		old := MoveFigure{Figure: "Bo", Path: []string{"D-5"}, Kind: "teleport"}
		refused(t, s, old, "§4")
		out, err := replayAs(t, s, nil, old)
		if err != nil {
			t.Fatalf("an old Knocked Down teleport no longer replays: %v", err)
		}
		if f := out.Mission.fig("Bo"); f.Position != "D-5" || !f.has(phantom.KnockedDown) {
			t.Fatalf("replayed as before: on D-5 and still Knocked Down; got %s, %v", f.Position, f.CondList())
		}
	})
	t.Run("second converted attack (§6.4 step 3, V-13)", func(t *testing.T) {
		s := withContent(t)
		c3 := "C-3"
		do(t, s, startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3", "H1", "H4"}},
			CorrectFigure{Figure: "Bo", Position: &c3}, DrawAdversaryCards{}, DetermineInitiative{})
		m := st(s).Mission
		m.Order = append([]string{"Bo"}, remove(m.Order, "Bo")...)
		do(t, s, StartTurn{Character: "Bo"}, PlayCard{Character: "Bo", Card: "H3", Convert: "attack"})
		old := PlayCard{Character: "Bo", Card: "H1", Convert: "attack"}
		refused(t, s, old, "§6.4")
		if _, err := replayAs(t, s, PlayCard{Character: "Bo", Card: "H1", Convert: "move"}, old); err != nil {
			t.Fatalf("an old second conversion no longer replays: %v", err)
		}
	})
	t.Run("one item card taken twice (§12.2 step 11, V-06)", func(t *testing.T) {
		s := withContent(t)
		st(s).Characters["Bo"].Items = []string{"Medkit"}
		old, valid := startCmd(), startCmd()
		old.Party[1].Items = []string{"Medkit", "Medkit"}
		valid.Party[1].Items = []string{"Medkit"}
		refused(t, s, old, "V-06")
		out, err := replayAs(t, s, valid, old)
		if err != nil {
			t.Fatalf("an old embark with an item twice no longer replays: %v", err)
		}
		if n := len(out.Mission.fig("Bo").Items); n != 2 {
			t.Fatalf("replayed as before: 2 items, got %d", n)
		}
	})
	t.Run("expedition SP to a character not present (§14.3)", func(t *testing.T) {
		s := withContent(t)
		finish(t, s, startCmd(), false)
		old := Expedition{Card: "7", SP: map[string]int{"Cy": 1}}
		refused(t, s, old, "§14.3")
		out, err := replayAs(t, s, Expedition{Card: "7", SP: map[string]int{"Ana": 1}}, old)
		if err != nil {
			t.Fatalf("an old expedition no longer replays: %v", err)
		}
		if out.Characters["Cy"].SP != st(s).Characters["Cy"].SP+1 {
			t.Fatal("replayed as before: Cy gains the SP")
		}
	})
}
