package reich

import (
	"slices"
	"strings"
	"testing"
)

func skillIDs(s []Skill) []string {
	var out []string
	for _, k := range s {
		out = append(out, k.ID)
	}
	return out
}

// A skill passes to another hero only where a card or mission reward says
// so (the summary: skills "cannot be transferred between heroes"), between
// missions, with the receiver's cap of 4 (issue 15 item 12).
func TestHandOverSkill(t *testing.T) {
	s, mem := newSession(t)
	data, err := ExportContent(&State{Library: testLibrary()})
	if err != nil {
		t.Fatal(err)
	}
	do(t, s, ImportContent{Data: data})
	do(t, s, SetDifficulty{Name: "Normal", ItemsKept: 3, WoundsRemoved: 1})
	h1, h2 := heroSetup("H1", "A1"), heroSetup("H2", "A1")
	h1.StartingSkill = "Frenzy"
	h2.StartingSkill = "Sharp Eyes"
	do(t, s, StartMission{Mission: "M1", Mode: ModeCampaign, Faction: "F1", Heroes: []HeroSetup{h1, h2}})
	refused(t, s, HandOverSkill{From: "H1", To: "H2", Skill: "Frenzy", Reason: "a reward"}, "between missions")
	endMission(t, s, 1)
	do(t, s, CloseMission{})
	refused(t, s, HandOverSkill{From: "H1", To: "H2", Skill: "Frenzy"}, "unless a card or mission reward says so")
	refused(t, s, HandOverSkill{From: "H1", To: "H1", Skill: "Frenzy", Reason: "x"}, "another hero")
	refused(t, s, HandOverSkill{From: "H2", To: "H1", Skill: "Frenzy", Reason: "x"}, "holds no Frenzy")
	refused(t, s, HandOverSkill{From: "H1", To: "H9", Skill: "Frenzy", Reason: "x"}, "no hero")
	refused(t, s, GrantSkill{Hero: "H2", Skill: "Frenzy", Reason: "a reward"}, "hand it over instead")
	refused(t, s, HandOverSkill{From: "H1", To: "H2", Skill: "Frenzy", Discard: "Recon", Reason: "x"}, "no skill is discarded")
	e := do(t, s, HandOverSkill{From: "H1", To: "H2", Skill: "frenzy", Reason: "the made-up reward card lets a skill pass"})
	c := st(s).Campaign
	if slices.Contains(skillIDs(c.hero("H1").Skills), "Frenzy") || !slices.Contains(skillIDs(c.hero("H2").Skills), "Frenzy") {
		t.Fatalf("H1 %v, H2 %v", skillIDs(c.hero("H1").Skills), skillIDs(c.hero("H2").Skills))
	}
	if d := s.Describe(e); !strings.Contains(d, "Hero H1 hands Frenzy over to Hero H2") || !strings.Contains(d, "made-up reward") {
		t.Fatalf("diary %q", d)
	}
	replaysSame(t, s, mem, "after a hand-over")
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(skillIDs(st(s).Campaign.hero("H1").Skills), "Frenzy") {
		t.Fatal("undo gives the skill back")
	}
	// A receiver with 4 skills names one to discard.
	do(t, s, FinishDebrief{})
	for _, k := range []string{"Recon", "Decoy", "Withdraw"} {
		do(t, s, GrantSkill{Hero: "H2", Skill: k, Reason: "test"})
	}
	refused(t, s, HandOverSkill{From: "H1", To: "H2", Skill: "Frenzy", Reason: "x"}, "name another of Hero H2's skills to discard")
	e = do(t, s, HandOverSkill{From: "H1", To: "H2", Skill: "Frenzy", Discard: "Decoy", Reason: "x"})
	if got := skillIDs(st(s).Campaign.hero("H2").Skills); len(got) != 4 || slices.Contains(got, "Decoy") || !strings.Contains(s.Describe(e), "discards Decoy") {
		t.Fatalf("H2 %v %q", got, s.Describe(e))
	}
}
