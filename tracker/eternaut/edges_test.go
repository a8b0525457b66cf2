package eternaut

import (
	"strings"
	"testing"

	"tablekeeper/tracker"
)

// Open edge (a), §10.2 and RB finishing D step 12: on the E2 branch 911's
// card waits face down until E2 reveals it. If E2 ends without revealing
// it, the group never met 911: the card leaves the campaign at the end of
// E, F cannot choose it or bring it in, and Special Quest #2 does not count
// it as owned. Revealed in E2, 911 stays in the group for F and the finale.
func Test911NeverRevealedInE2(t *testing.T) {
	for _, revealed := range []bool{false, true} {
		s := reach(t, "D")
		finish(t, s, "END-E2-1", Unlock{})
		do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902", "903"}})
		if revealed {
			do(t, s, JoinCharacter{ID: "911"})
		}
		do(t, s, GainSpecialQuest{ID: "B1-16"})
		finish(t, s, "END-F1-1", Unlock{})
		c := ch(s, "911")
		if revealed {
			if c.Status != Alive || c.AwaitsReveal || st(s).Section("E").Row("911") == nil {
				t.Fatalf("revealed 911 after E: %+v", c)
			}
			do(t, s, StartScenario{Key: "F1", TimerStart: 5, Characters: []string{"911", "901", "902", "903"}})
		} else {
			if c.Status != OutOfCampaign || c.AwaitsReveal || st(s).Section("E").Row("911") != nil {
				t.Fatalf("unrevealed 911 after E: %+v", c)
			}
			refuse(t, s, StartScenario{Key: "F1", TimerStart: 5, Characters: []string{"911", "901", "902", "903"}}, "V21")
			do(t, s, StartScenario{Key: "F1", TimerStart: 5, Characters: []string{"901", "902", "903", "904"}})
			do(t, s, Kill{Char: "904"})
			refuse(t, s, Reinforce{Dead: "904", New: "911"}, "not an unused Character")
			refuse(t, s, JoinCharacter{ID: "911"}, "V21")
		}
		finish(t, s, "END", Unlock{})
		do(t, s, FinishCampaign{})
		want := map[bool]string{false: "#B", true: "#D"}[revealed]
		if q := st(s).Quests[1]; q != want {
			t.Fatalf("revealed %v: Special Quest #2 %s, want %s", revealed, q, want)
		}
	}
}

// Open edge (b), §10.4 L2 (RB p.29): the loss comes when the main
// Characters die and only Masked Figures are left. In E2 the group may
// play 907–909 with no main Character; no main Character in play can die
// there, so L2 does not fire while the group still has a living main
// Character; L1 (every Character in play dead) still does. A main
// Character who joins (911) and dies with only Masked Figures left in
// play does trigger L2.
func TestL2WithNoMainCharacterChosen(t *testing.T) {
	e2 := func() *tracker.Session {
		s := reach(t, "D")
		finish(t, s, "END-E2-1", Unlock{})
		do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"907", "908", "909"}})
		return s
	}
	s := e2()
	do(t, s, Kill{Char: "907"}, Kill{Char: "908"})
	if st(s).Phase != PhasePlaying {
		t.Fatalf("no main Character was in play: %s (%s)", st(s).Phase, st(s).LossReason)
	}
	do(t, s, Kill{Char: "909"})
	if st(s).Phase != PhaseLost || !strings.Contains(st(s).LossReason, "L1") {
		t.Fatalf("all in play dead: %s (%s)", st(s).Phase, st(s).LossReason)
	}

	s = e2()
	do(t, s, JoinCharacter{ID: "911"}, Kill{Char: "907"})
	if st(s).Phase != PhasePlaying {
		t.Fatal("911 is alive")
	}
	do(t, s, Kill{Char: "911"})
	if st(s).Phase != PhaseLost || !strings.Contains(st(s).LossReason, "L2") {
		t.Fatalf("911 dead, 908 and 909 left: %s (%s)", st(s).Phase, st(s).LossReason)
	}

	// With no living main Character left in the whole group, a death among
	// Masked Figures is the L2 loss (the group is only Masked Figures).
	s = e2()
	for _, id := range []string{"901", "902", "903", "904", "911"} {
		st(s).Char(id).Status = Dead
	}
	do(t, s, Kill{Char: "907"})
	if st(s).Phase != PhaseLost || !strings.Contains(st(s).LossReason, "L2") {
		t.Fatalf("no main Character in the group: %s (%s)", st(s).Phase, st(s).LossReason)
	}
}
