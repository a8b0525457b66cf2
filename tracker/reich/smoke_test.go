package reich

import (
	"testing"

	"tablekeeper/tracker"
)

func TestSmokeRound(t *testing.T) {
	s := raid(t)
	m := st(s).Mission
	if m.Phase != PhasePreAlarm || m.Round != 1 || m.Tracker.Pos != 1 || m.Step != StepChooseOrder {
		t.Fatalf("setup: %+v", m)
	}
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Move{Hero: "H1", Path: []string{"A2"}, Basic: true})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	do(t, s, EndRound{})
	m = st(s).Mission
	if m.Round != 2 || m.Tracker.Pos != 2 {
		t.Fatalf("after round: round %d pos %d", m.Round, m.Tracker.Pos)
	}
	n := 0
	_ = s.Events(1, func(e tracker.Event) error { n++; t.Log(s.Describe(e)); return nil })
}
