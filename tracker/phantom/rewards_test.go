package phantom

import (
	"strings"
	"testing"
)

// RB p.14, Success step 4b: "All other rewards may only be received once
// during a campaign, even if the mission is replayed multiple times.
// Players may choose how to split the rewards between their characters."

// withRewards is Berkav-1 with other rewards as set; it also keeps an old
// free-text reward.
func withRewards(t *testing.T, set func(*MissionInfo)) MissionInfo {
	t.Helper()
	mi := MissionInfo{ID: "Berkav-1", Planet: "Berkav", Difficulty: 1, Map: "berkav-1", SP: 2,
		Fame: map[string]int{"Berkav": 2}, Unlocks: []string{"Berkav-2"}, Orbs: []int{4}, Other: []string{"an old note"}}
	set(&mi)
	return mi
}

func berkavRewards(mi *MissionInfo) {
	mi.RewardItems, mi.RewardNovaCells, mi.RewardVanishedTechnology, mi.OneOffRewards = []string{"Medkit"}, 5, 1, []string{"Hull schematic"}
}

func TestMissionRewardsAreEntered(t *testing.T) {
	s := withContent(t)
	for _, bad := range []struct {
		set func(*MissionInfo)
		why string
	}{
		{func(mi *MissionInfo) { mi.RewardItems = []string{" "} }, "reward item 1 has no name"},
		{func(mi *MissionInfo) { mi.OneOffRewards = []string{""} }, "one-off reward 1 has no name"},
		{func(mi *MissionInfo) { mi.OneOffRewards = []string{"Map", "Map"} }, "listed twice"},
		{func(mi *MissionInfo) { mi.RewardNovaCells = -2 }, "cannot be negative"},
	} {
		refusedWhy(t, s, SaveContent{Kind: KindMission, Data: raw(withRewards(t, bad.set))}, "§15", bad.why)
	}
	// Free-text rewards of content entered before still read.
	do(t, s, SaveContent{Kind: KindMission, Data: []byte(`{"id": "Orbos-1", "planet": "Orbos", "difficulty": 1, "map": "berkav-1", "other": ["a crate of supplies"]}`)})
	if got := st(s).Content.Missions["Orbos-1"].Other; len(got) != 1 || got[0] != "a crate of supplies" {
		t.Fatalf("old free text: %v", got)
	}
}

func TestMissionRewardsOncePerCampaign(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	do(t, s, SaveContent{Kind: KindMission, Data: raw(withRewards(t, berkavRewards))})
	vt := st(s).Sheet.VanishedTech
	do(t, s, startCmd())
	playRound(t, s, map[string][]string{"Ana": {"W1"}, "Bo": {"H3"}}, "", false)
	line := said(t, s, MissionResult{Success: true})
	sh, m := st(s).Sheet, st(s).Mission
	if sh.VanishedTech != vt+1 || !contains(sh.NamedRewards, "Hull schematic") {
		t.Fatalf("vanished technology and the named reward are received at once: %d %v", sh.VanishedTech, sh.NamedRewards)
	}
	if m.RewardsDue == nil || m.RewardsDue.Nova != 5 || strings.Join(m.RewardsDue.Items, ",") != "Medkit" {
		t.Fatalf("the item and nova cells wait to be shared: %+v", m.RewardsDue)
	}
	if !strings.Contains(line, "received Hull schematic") || !strings.Contains(line, "to share: item Medkit, 5 nova cells") {
		t.Fatalf("diary: %s", line)
	}
	for _, n := range m.Embarked {
		do(t, s, PickAttachment{Character: n, Attachment: st(s).Mission.RewardChoices[len(st(s).Mission.Picks)]})
	}
	// Starting the next mission first would lose them.
	refusedWhy(t, s, startCmd(), "Rulebook p.14", "the rewards to share")
	refusedWhy(t, s, ShareRewards{Nova: map[string]int{"Ana": 5}}, "Rulebook p.14", "which character takes Medkit")
	refusedWhy(t, s, ShareRewards{Items: map[string]string{"Medkit": "Cy"}, Nova: map[string]int{"Ana": 5}}, "Rulebook p.14", "Cy did not take part")
	refusedWhy(t, s, ShareRewards{Items: map[string]string{"Medkit": "Ana"}, Nova: map[string]int{"Ana": 2, "Bo": 2}}, "Rulebook p.14", "add up to 4")
	refusedWhy(t, s, ShareRewards{Items: map[string]string{"Medkit": "Ana", "Flare": "Bo"}, Nova: map[string]int{"Ana": 5}}, "Rulebook p.14", "not among the items")
	novaAna, novaBo := st(s).Characters["Ana"].Nova, st(s).Characters["Bo"].Nova
	undoReplays(t, s, mem, ShareRewards{Items: map[string]string{"Medkit": "Bo"}, Nova: map[string]int{"Ana": 3, "Bo": 2}}, func(st *State) string {
		ana, bo := st.Characters["Ana"], st.Characters["Bo"]
		if ana.Nova != novaAna+3 || bo.Nova != novaBo+2 || !contains(bo.Items, "Medkit") || st.Mission.RewardsDue != nil {
			return "Bo takes the Medkit, Ana 3 and Bo 2 nova cells"
		}
		return ""
	})
	refusedWhy(t, s, ShareRewards{}, "Rulebook p.14", "no mission rewards to share")

	// Replayed, the mission gives its other rewards no more.
	do(t, s, startCmd())
	playRound(t, s, map[string][]string{"Ana": {"W1"}, "Bo": {"H3"}}, "", false)
	line = said(t, s, MissionResult{Success: true})
	if st(s).Mission.RewardsDue != nil || st(s).Sheet.VanishedTech != vt+1 || len(st(s).Sheet.NamedRewards) != 1 {
		t.Fatalf("a replay gives the other rewards again: %+v %d", st(s).Mission.RewardsDue, st(s).Sheet.VanishedTech)
	}
	if !strings.Contains(line, "other rewards were already received") {
		t.Fatalf("diary: %s", line)
	}
}

// A named one-off reward another mission already gave is not received
// twice.
func TestNamedRewardOnce(t *testing.T) {
	s := withContent(t)
	do(t, s, SaveContent{Kind: KindMission, Data: raw(withRewards(t, func(mi *MissionInfo) { mi.OneOffRewards = []string{"Hull schematic"} }))})
	st(s).Sheet.NamedRewards = []string{"Hull schematic"}
	do(t, s, startCmd())
	playRound(t, s, map[string][]string{"Ana": {"W1"}, "Bo": {"H3"}}, "", false)
	line := said(t, s, MissionResult{Success: true})
	if len(st(s).Sheet.NamedRewards) != 1 || !strings.Contains(line, "Hull schematic was already received") {
		t.Fatalf("%v: %s", st(s).Sheet.NamedRewards, line)
	}
}

// The drawn attachment rewards are lost if the next mission starts before
// every participant picked: refused until they do.
func TestAttachmentPicksBeforeTheNextMission(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd())
	playRound(t, s, map[string][]string{"Ana": {"W1"}, "Bo": {"H3"}}, "", false)
	do(t, s, MissionResult{Success: true})
	do(t, s, PickAttachment{Character: "Ana", Attachment: st(s).Mission.RewardChoices[0]})
	refusedWhy(t, s, startCmd(), "Rulebook p.14", "the attachment picks of Bo")
	do(t, s, PickAttachment{Character: "Bo", Attachment: st(s).Mission.RewardChoices[1]})
	do(t, s, startCmd())
}
