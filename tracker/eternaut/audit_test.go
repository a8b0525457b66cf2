package eternaut

import (
	"slices"
	"strings"
	"testing"
)

// RB p.22 setup B step 14, p.25 setup C step 13, p.29 setup D step 13,
// p.33 setup E step 14, p.38 setup F step 13: the Special Quest cards
// gained earlier are revealed again near the board at every setup, so the
// cards "revealed on the table at the end" (finishing steps, §8.1) include
// them, and the finale's owned set (§10.3.1) still holds a card from C.
func TestSpecialQuestsStayOnTheTable(t *testing.T) {
	s := reach(t, "A")
	do(t, s, GainSpecialQuest{ID: "A-12"})
	finish(t, s, "END-B1-1", Unlock{})
	do(t, s, StartScenario{Key: "B1", TimerStart: 5})
	if q := st(s).Scenario.SpecialQuests; !slices.Equal(q, []string{"A-12"}) {
		t.Fatalf("B setup: Special Quests on the table %v, want A's [A-12]", q)
	}
	do(t, s, GainSpecialQuest{ID: "B1-16"})
	finish(t, s, "END-C-1", Unlock{})
	if q := st(s).Section("B").SpecialQuests; !slices.Equal(q, []string{"A-12", "B1-16"}) {
		t.Fatalf("end of B: %v", q)
	}
	do(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}})
	do(t, s, GainSpecialQuest{ID: "C-15"})
	refuse(t, s, GainSpecialQuest{ID: "B1-16"}, "already on the table")
	finish(t, s, "END-D-1", Unlock{})
	for _, step := range []struct{ key, epi string }{{"D", "END-E1-1"}, {"E1", "END-F1-1"}} {
		chars := []string{"901", "902", "903", "904"}
		if step.key == "E1" {
			chars = []string{"912", "901", "902", "903"}
		}
		do(t, s, StartScenario{Key: step.key, TimerStart: 5, Characters: chars})
		finish(t, s, step.epi, Unlock{})
	}
	if q := st(s).Section("E").SpecialQuests; !slices.Equal(q, []string{"A-12", "B1-16", "C-15"}) {
		t.Fatalf("end of E: %v", q)
	}
	do(t, s, StartScenario{Key: "F1", TimerStart: 5, Characters: []string{"912", "901", "902", "903"}})
	finish(t, s, "END", Unlock{})
	do(t, s, FinishCampaign{})
	if q := st(s).Quests; q[0] != "#E" || q[1] != "#B" {
		t.Fatalf("finale: C-15 owned → #1 #E, B1-16 without 911 → #2 #B; got %v", q)
	}
	if q := st(s).Section("F").SpecialQuests; !slices.Equal(q, []string{"A-12", "B1-16", "C-15"}) {
		t.Fatalf("owned set written once each: %v", q)
	}
	if !strings.Contains(DiaryMarkdown(st(s)), "C-15") {
		t.Fatal("diary")
	}
}

// RB p.19: when the 4 Consumed cubes are all on the Survivors' Rule card at
// the end of a turn, a Menace card is drawn, even if no Survivor is on the
// map to move; the cubes are then dealt again (§13.8 setting).
func TestSurvivorActivationWithNoSurvivor(t *testing.T) {
	s := reach(t, "B1")
	do(t, s, RevealR02{}, SetCubes{OnTarget: 4})
	do(t, s, PlayCard{Char: "901"})
	e := do(t, s, EndTurn{})
	if r := Reminders(e); len(r) == 0 || !strings.Contains(r[0], "Draw 1 Menace card") {
		t.Fatalf("no Menace card drawn: %v / %s", r, said(s, e))
	}
	if st(s).Scenario.CubesOnTarget != 0 {
		t.Fatal("cubes dealt again")
	}
}
