package phantom

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/automa/hex"
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
		boFirst(t, s, []string{"H3", "H1", "H4"}, "C-3")
		do(t, s, PlayCard{Character: "Bo", Card: "H3", Convert: "attack"})
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

// oldEvent is the event an older Tablekeeper stored for cmd, decided on
// the session's state: the payload as it was written then, with no rules
// revision (revision 0).
func oldEvent(t *testing.T, s *tracker.Session, cmd command) tracker.Event {
	t.Helper()
	ch, err := Rules{}.Decide(st(s), cmd, tracker.NewDice(testSeed, 0))
	if err != nil {
		t.Fatalf("%T: %v", cmd, err)
	}
	p := ch.Payload.(payload)
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw(p), &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "rules")
	return tracker.Event{Kind: ch.Kind, Payload: raw(m)}
}

// applyEvent applies e to a copy of the session's state.
func applyEvent(t *testing.T, s *tracker.Session, e tracker.Event) *State {
	t.Helper()
	out, err := Rules{}.Apply(st(s).clone(), e)
	if err != nil {
		t.Fatalf("%s: %v", e.Kind, err)
	}
	return out.(*State)
}

// New events record the rules revision they were decided under, and it
// survives the payload's JSON round trip.
func TestEventsRecordRulesRevision(t *testing.T) {
	s := withContent(t)
	ch, err := Rules{}.Decide(st(s), startCmd(), tracker.NewDice(testSeed, 0))
	if err != nil {
		t.Fatal(err)
	}
	var p payload
	if err := (tracker.Event{Kind: ch.Kind, Payload: raw(ch.Payload)}).Decode(&p); err != nil || p.Rules != rulesRev || rulesRev < 1 {
		t.Fatalf("rules revision %d (%v), want %d", p.Rules, err, rulesRev)
	}
	e := oldEvent(t, s, startCmd())
	if strings.Contains(string(e.Payload), `"rules"`) {
		t.Fatalf("an old event stores no revision: %s", e.Payload)
	}
	var old payload
	if err := e.Decode(&old); err != nil || old.Rules != 0 {
		t.Fatalf("an event without the field is revision 0, got %d (%v)", old.Rules, err)
	}
}

// Rules changed since an event was decided keep, on replay, the behaviour
// it was played with; new events get today's.
func TestReplayOlderEventsChangedRules(t *testing.T) {
	// §12.2 step 3 (rules revision 1): at setup the orbs left in play go
	// active side up and the treasure left in play is placed. Before, the
	// map file's sides stood.
	t.Run("orbs and treasure left in play at setup (§12.2 step 3)", func(t *testing.T) {
		s := withContent(t)
		mp := strings.Replace(testMap(), `"number": 4}`, `"number": 4, "active": false}`, 1)
		mp = strings.Replace(mp, `{"label": "C-5", "q": 4, "r": 2}`, `{"label": "C-5", "q": 4, "r": 2, "treasure": {"kind": "campaign", "number": 2, "present": false}}`, 1)
		do(t, s, SaveContent{Kind: KindMap, ID: "berkav-1", Data: json.RawMessage(mp)})
		spaces := func(out *State) (*hex.Space, *hex.Space) {
			t.Helper()
			hm, err := out.liveMap()
			if err != nil {
				t.Fatal(err)
			}
			orb, _ := hm.Space("B-6")
			tr, _ := hm.Space("C-5")
			if orb.Orb.Kind == hex.NoToken || tr.Treasure.Kind == hex.NoToken {
				t.Fatalf("the test map has orb 4 on B-6 and treasure 2 on C-5: %+v, %+v", orb.Orb, tr.Treasure)
			}
			return orb, tr
		}
		orb, tr := spaces(applyEvent(t, s, oldEvent(t, s, startCmd())))
		if orb.Orb.Active || tr.Treasure.Present {
			t.Fatalf("an old setup replays as played: orb inactive, treasure not placed; got orb active %v, treasure present %v", orb.Orb.Active, tr.Treasure.Present)
		}
		do(t, s, startCmd())
		orb, tr = spaces(st(s))
		if !orb.Orb.Active || !tr.Treasure.Present {
			t.Fatalf("a new setup: orb active, treasure placed; got orb active %v, treasure present %v", orb.Orb.Active, tr.Treasure.Present)
		}
	})
	// §6.1 maxHp, V-06 (rules revision 1): equipment put on or taken off
	// at setup or on a rest turn changes max HP and Guard. Before, it did
	// not.
	t.Run("equip at setup changes max HP and Guard (§6.1, V-06)", func(t *testing.T) {
		s := withContent(t)
		do(t, s, SaveContent{Kind: KindEquipment, Data: raw(Equipment{ID: "Vest", Tier: 1, Planet: "Berkav", Slot: "body", Cost: 3, MaxHP: 2, Guard: 1})})
		st(s).Characters["Ana"].Equipment = append(st(s).Characters["Ana"].Equipment, Gear{ID: "Vest"})
		do(t, s, startCmd())
		on := Equip{Character: "Ana", Equipment: "Vest", Slot: "body"}
		out := applyEvent(t, s, oldEvent(t, s, on))
		if a := out.Mission.fig("Ana"); a.MaxHP != 10 || a.HP != 10 || a.Guard != 0 {
			t.Fatalf("an old equip at setup replays as played: HP 10/10 Guard 0; got %d/%d Guard %d", a.HP, a.MaxHP, a.Guard)
		}
		if g := out.Characters["Ana"].Equipment; g[len(g)-1].Slot != "body" {
			t.Fatalf("the old equip still puts the Vest on: %+v", g)
		}
		do(t, s, on)
		if a := st(s).Mission.fig("Ana"); a.MaxHP != 12 || a.HP != 12 || a.Guard != 1 {
			t.Fatalf("a new equip at setup: HP 12/12 Guard 1; got %d/%d Guard %d", a.HP, a.MaxHP, a.Guard)
		}
		// Taken off again at setup: an old event leaves HP and Guard, a
		// new one takes the Vest's off.
		off := Equip{Character: "Ana", Equipment: "Vest"}
		if a := applyEvent(t, s, oldEvent(t, s, off)).Mission.fig("Ana"); a.MaxHP != 12 || a.Guard != 1 {
			t.Fatalf("an old unequip at setup replays as played: max HP 12 Guard 1; got %d Guard %d", a.MaxHP, a.Guard)
		}
		do(t, s, off)
		if a := st(s).Mission.fig("Ana"); a.MaxHP != 10 || a.HP != 10 || a.Guard != 0 {
			t.Fatalf("a new unequip at setup: HP 10/10 Guard 0; got %d/%d Guard %d", a.HP, a.MaxHP, a.Guard)
		}
	})
	// A whole log replays to the state it was played to: the session
	// reopened from its store folds the new events the same way.
	t.Run("a reopened log replays new events as decided", func(t *testing.T) {
		s, mem := newSession(t)
		do(t, s, contentCommands()...)
		finish(t, s, startCmd(), false)
		do(t, s, CorrectCharacter{Character: "Ana", Nova: intp(10)}, BuyEquipment{Character: "Ana", Equipment: "Helmet"},
			startCmd(), Equip{Character: "Ana", Equipment: "Helmet", Slot: "head"})
		again, err := tracker.Open(mem, Rules{}, s.Campaign().ID)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := jsonOf(t, st(again)), jsonOf(t, st(s)); a != b {
			t.Fatalf("reopened state differs:\n%s\n%s", a, b)
		}
		if a := st(again).Mission.fig("Ana"); a.Guard != 1 {
			t.Fatalf("the Helmet's Guard on a new event, got %d", a.Guard)
		}
	})
}
