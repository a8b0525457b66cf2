package eternaut

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tablekeeper/tracker"
)

// oldEvent is c as stored before rules revision 1: the envelope has no
// rules field.
func oldEvent(t *testing.T, c command) tracker.Event {
	t.Helper()
	raw, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	p, err := json.Marshal(envelope{Cmd: raw, Said: []string{"old"}})
	if err != nil {
		t.Fatal(err)
	}
	return tracker.Event{Kind: kindPrefix + c.kind(), Payload: p}
}

// replayOld applies an old event of c to a copy of the session's state.
func replayOld(t *testing.T, s *tracker.Session, c command) *State {
	t.Helper()
	cl, err := clone(st(s))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Rules{}.Apply(cl, oldEvent(t, c))
	if err != nil {
		t.Fatalf("an event stored before revision 1 must replay: %T%+v: %v", c, c, err)
	}
	return out.(*State)
}

// New events carry the rules revision they were decided under, and a
// reopened log replays to the same state.
func TestNewEventsCarryTheRulesRevision(t *testing.T) {
	s, mem := newGame(t)
	do(t, s, NewCampaign{Players: 2, Roster: roster()})
	e := do(t, s, StartScenario{Key: "A", TimerStart: timerFor("A")})
	var env envelope
	if err := e.Decode(&env); err != nil || env.Rules != rulesRev {
		t.Fatalf("rules revision %d (%v), want %d", env.Rules, err, rulesRev)
	}
	again, err := tracker.Open(mem, Rules{}, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(st(s))
	b, _ := json.Marshal(st(again))
	if string(a) != string(b) {
		t.Fatal("the reopened log replays to another state")
	}
}

// §5.1 T2: an exchange that put the Fatigue on a full board while another
// had a free slot, stored before the check, still replays.
func TestReplayOldFatigueOnFullBoard(t *testing.T) {
	s := reach(t, "B1")
	do(t, s, CorrectCharacter{Char: "901", Field: "actionCards", Value: 4})
	refuse(t, s, ExchangeCards{Fatigue: "901"}, "§5.1 T2")
	if got := replayOld(t, s, ExchangeCards{Fatigue: "901"}); got.Char("901").Penalties.Fatigue != 1 {
		t.Fatalf("old exchange: Fatigue %d", got.Char("901").Penalties.Fatigue)
	}
}

// §2.2: a Survivors' activation with the Alert counter on the deck, stored
// before revision 1, replays as played: a Menace card was drawn.
func TestReplayOldActivationUnderTheAlert(t *testing.T) {
	s := reach(t, "B1")
	do(t, s, RevealR02{}, RevealFigure{ID: "701", Kind: "enemy", MaxLP: 3})
	do(t, s, SetCubes{Boards: map[string]int{"901": 1}, OnTarget: 3}, PlayCard{Char: "901"})
	n := len(st(s).Scenario.Activations)
	got := replayOld(t, s, EndTurn{})
	if acts := got.Scenario.Activations; len(acts) <= n || !strings.Contains(acts[n].What, "draw 1 Menace card") {
		t.Fatalf("old activation: %+v", acts[n:])
	}
	do(t, s, EndTurn{})
	if acts := st(s).Scenario.Activations; len(acts) <= n || !strings.Contains(acts[n].What, "no card is drawn") {
		t.Fatalf("new activation: %+v", acts[n:])
	}
}

// §7.7.3: a pick-up with a drop, stored before revision 1, replays as
// played: the drop made a new pile.
func TestReplayOldPickUpDrop(t *testing.T) {
	s := reach(t, "A")
	for _, it := range []string{"011", "012"} {
		do(t, s, GainItem{Char: "902", Item: it})
	}
	do(t, s, DropItems{Char: "902", Items: []string{"011", "012"}, Where: "hall"})
	for _, it := range []string{"020", "021", "022", "023"} {
		do(t, s, GainItem{Char: "901", Item: it})
	}
	got := replayOld(t, s, PickUp{Char: "901", Pile: "A", Items: []string{"011"}, Drop: []string{"020"}})
	if len(got.Scenario.DropPiles) != 2 || got.Scenario.pile("B") == nil || !slices.Equal(got.Scenario.pile("B").Items, []string{"020"}) {
		t.Fatalf("old pick-up: piles %+v", got.Scenario.DropPiles)
	}
}

// §10.2: an Unlock after E2 with 911 unrevealed, stored before revision 1,
// replays as played: 911 still waits to be revealed.
func TestReplayOld911Unlock(t *testing.T) {
	s := reach(t, "D")
	finish(t, s, "END-E2-1", Unlock{})
	do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902", "903"}})
	do(t, s, EndScenario{}, ConfirmObjectives{})
	if st(s).End.Step == StepItems {
		do(t, s, ReturnItems{})
	}
	do(t, s, RecordEpilogue{Code: "END-F1-1"}, RecordSpecialQuests{})
	if got := replayOld(t, s, Unlock{}); got.Char("911").Status != Alive || !got.Char("911").AwaitsReveal {
		t.Fatalf("old unlock: 911 %+v", got.Char("911"))
	}
	do(t, s, Unlock{})
	if ch(s, "911").Status != OutOfCampaign {
		t.Fatalf("new unlock: 911 %+v", ch(s, "911"))
	}
}

// §10.4 L2: a Masked Figure's death with no main Character left in the
// group, stored before revision 1, replays as played: no loss.
func TestReplayOldL2NoMain(t *testing.T) {
	s := reach(t, "D")
	finish(t, s, "END-E2-1", Unlock{})
	do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"907", "908", "909"}})
	for _, id := range []string{"901", "902", "903", "904", "911"} {
		st(s).Char(id).Status = Dead
	}
	if got := replayOld(t, s, Kill{Char: "907"}); got.Phase != PhasePlaying {
		t.Fatalf("old kill: %s (%s)", got.Phase, got.LossReason)
	}
}

// RB setup D: a D setup stored before revision 1 replays as played: the
// Masked Figures written in section D.
func TestReplayOldDSetup(t *testing.T) {
	s := reach(t, "C")
	finish(t, s, "END-D-1", Unlock{})
	got := replayOld(t, s, StartScenario{Key: "D", TimerStart: 9, Characters: []string{"901", "907", "902", "903"}})
	if got.Section("D").Row("908") == nil || got.Section("C").Row("908") != nil {
		t.Fatalf("old D setup: C %+v, D %+v", got.Section("C").Row("908"), got.Section("D").Row("908"))
	}
}

// §8.1: a Plot track mark of 0 is refused and records nothing (issue 15
// item 3); one stored before revision 2 replays as played: one mark.
func TestMarkPlotZero(t *testing.T) {
	s := reach(t, "A")
	before := st(s).Section("A").Checks
	n := s.LastSeq()
	refuse(t, s, MarkPlot{}, "mark 1 to 20")
	refuse(t, s, MarkPlot{Cross: true, N: 0}, "mark 1 to 20")
	refuse(t, s, MarkPlot{N: -2}, "mark 1 to 20")
	if s.LastSeq() != n || st(s).Section("A").Checks != before || st(s).Section("A").Crosses != 0 {
		t.Fatal("a refused mark changed the diary")
	}
	if got := replayOld(t, s, MarkPlot{}); got.Section("A").Checks != before+1 {
		t.Fatalf("an old mark of 0 replays as %d checks, want %d", got.Section("A").Checks, before+1)
	}
	e := do(t, s, MarkPlot{N: 2})
	if st(s).Section("A").Checks != before+2 || !strings.Contains(said(s, e), "✓✓") {
		t.Fatalf("mark 2: %s", said(s, e))
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if st(s).Section("A").Checks != before {
		t.Fatal("undo keeps the marks")
	}
}
