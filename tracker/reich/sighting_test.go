package reich

import (
	"encoding/json"
	"strings"
	"testing"
)

// Issue 15 item 9: a sighting during an enemy turn raises awareness at
// once by default (the rules summary: "regardless of the circumstances");
// waiting for phase 4 is a house rule, said in the players' words, set
// and undone through the log.
func TestSightWaitsForPhase4IsAHouseRule(t *testing.T) {
	s, mem := raidOf(t, testLibrary())
	if st(s).Settings.SightWaitsForPhase4 {
		t.Fatal("by default a sighting in an enemy turn raises awareness at once")
	}
	var info SettingInfo
	for _, i := range st(s).Settings.Describe() {
		if i.Key == "sightWaitsForPhase4" {
			info = i
		}
	}
	if info.Words.Title == "" || info.Words.Readings["true"] == "" || strings.Contains(info.Words.Title, "§") || info.Default != "false" || info.Kind != "bool" {
		t.Fatalf("the house rule's description: %+v", info)
	}
	e := do(t, s, SetSetting{Key: "sightWaitsForPhase4", Value: "true"})
	if !st(s).Settings.SightWaitsForPhase4 || !strings.Contains(s.Describe(e), info.Words.Readings["true"]) || strings.Contains(s.Describe(e), "sightWaitsForPhase4") {
		t.Fatalf("set: %q", s.Describe(e))
	}
	refused(t, s, SetSetting{Key: "sightWaitsForPhase4", Value: "maybe"}, "it is on or off")
	replaysSame(t, s, mem, "after the house rule")
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if st(s).Settings.SightWaitsForPhase4 {
		t.Fatal("undo keeps the house rule")
	}
}

// A campaign whose settings were stored before the house rule existed
// (with the old sightInEnemyTurn key, false by default) reads as the
// seed's rule: new events raise at once. Stored events replay their ops.
func TestOldSettingsReadTheSeedsRule(t *testing.T) {
	var set Settings
	if err := json.Unmarshal([]byte(`{"sightInEnemyTurn":false,"searchNoiseDice":2}`), &set); err != nil {
		t.Fatal(err)
	}
	if set.SightWaitsForPhase4 {
		t.Fatal("old settings wait for phase 4")
	}
}

// New events carry the rules revision they were decided under.
func TestEventsCarryTheRulesRevision(t *testing.T) {
	s := raid(t)
	e := do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	var p Payload
	if err := e.Decode(&p); err != nil || p.Rules != rulesRev {
		t.Fatalf("rules revision %d (%v), want %d", p.Rules, err, rulesRev)
	}
}
