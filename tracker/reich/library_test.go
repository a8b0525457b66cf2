package reich

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
)

func TestDefaultSettingsAreTheSpecs(t *testing.T) {
	d := DefaultSettings()
	want := map[string]string{
		"spawnLevelSource": "iconColour", "searchNoiseDice": "2", "alarmOnLastSpace": "false", "failOnLastSpace": "false",
		"postAlarmSubstitution": "silentAsWeapon", "detectBonus": "1", "rangedTargetNearestOverall": "false",
		"moveTargetIncludesDowned": "true", "patrolPlaceSide": "origin", "capIsLifetime": "false",
		"guardCountPerUnit": "true", "ruthlessAlsoPhase3": "true", "heroHpCarry": "toHQ",
		"unarmed.attackDice": "", "unarmed.noise": "", "notOfThisEarth": "false",
		"whiteNamesCountForPhase1": "true", "discardNonPermanentWounds": "true",
		"mixHpKinds": "true", "startingSkillCounts": "true",
		"patrolTokenPerIcon": "true", "bomberAlsoAttacks": "false", "clearedBeforeSpawnCheck": "false", "escapeThroughClosedDoors": "true",
		"chainFireHitsDowned": "false", "aurasStack": "false", "armouredIgnoresExplosions": "true",
		"sightWaitsForPhase4": "false",
	}
	for k, v := range want {
		got, ok := d.Get(k)
		if !ok || got != v {
			t.Errorf("default %s = %q (known %v), want %q", k, got, ok, v)
		}
	}
	if len(SettingKeys()) != len(want) {
		t.Errorf("%d settings, the test knows %d", len(SettingKeys()), len(want))
	}
	for _, info := range d.Describe() {
		if info.Value != info.Default || info.Section == "" {
			t.Errorf("describe %+v", info)
		}
	}
}

func TestSetSetting(t *testing.T) {
	s, _ := newSession(t)
	cases := []struct {
		key, value, refusal string
	}{
		{"spawnLevelSource", "trackerColour", ""},
		{"spawnLevelSource", "dice", "one of these: the icon's colour; the tracker's colour"},
		{"searchNoiseDice", "3", ""},
		{"searchNoiseDice", "-1", "whole number"},
		{"alarmOnLastSpace", "true", ""},
		{"alarmOnLastSpace", "maybe", "it is on or off"},
		{"alarmOnLastSpace", "true", "already"},
		{"unarmed.attackDice", "2", ""},
		{"unarmed.attackDice", "", ""},
		{"heroHpCarry", "lost", ""},
		{"postAlarmSubstitution", "none", ""},
		{"noSuchKey", "1", "knows no house rule called no such key"},
		{"notOfThisEarth", "true", ""},
	}
	for _, c := range cases {
		cmd := SetSetting{Key: c.key, Value: c.value}
		if c.refusal != "" {
			refused(t, s, cmd, c.refusal)
			continue
		}
		e := do(t, s, cmd)
		if got, _ := st(s).Settings.Get(c.key); got != c.value {
			t.Errorf("%s = %q after setting %q", c.key, got, c.value)
		}
		if title := settingWords[c.key].Title; !strings.Contains(s.Describe(e), title) {
			t.Errorf("diary line %q does not name %q", s.Describe(e), title)
		}
	}
	// Settings survive the JSON round trip of the state.
	back, err := Rules.DecodeState([]byte(stateJSON(t, st(s))))
	if err != nil {
		t.Fatal(err)
	}
	if stateJSON(t, back) != stateJSON(t, st(s)) {
		t.Fatal("state does not round-trip")
	}
}

func TestNotOfThisEarthOnlyBetweenMissions(t *testing.T) {
	s := raid(t)
	refused(t, s, SetSetting{Key: "notOfThisEarth", Value: "true"}, "only between missions")
}

func TestContentCommands(t *testing.T) {
	s, _ := newSession(t)
	f := testFaction()
	do(t, s, PutFaction{Faction: f})
	bad := f
	bad.Units = append([]content.UnitType(nil), f.Units...)
	bad.Units[0].Max = -1
	refused(t, s, PutFaction{Faction: bad}, "miniatures (#): must be 0 or more")
	noID := f
	noID.ID = ""
	refused(t, s, PutFaction{Faction: noID}, "it has no id")
	lib := testLibrary()
	for _, c := range lib.SpawnCards {
		do(t, s, PutSpawnCard{Card: c})
	}
	refused(t, s, PutSpawnCard{Card: content.SpawnCard{ID: "X", Levels: map[content.Level][]content.SpawnItem{content.Green: nil}}}, "row is missing")
	for _, c := range lib.NoiseCards {
		do(t, s, PutNoiseCard{Card: c})
	}
	refused(t, s, PutNoiseCard{Card: content.NoiseCard{ID: "N", Deck: "weird"}}, "deck")
	do(t, s, PutMap{Map: testMap()})
	broken := testMap()
	broken.Edges = append(broken.Edges, content.Edge{A: "A1", B: "ZZ"})
	refused(t, s, PutMap{Map: broken}, "not on the map")
	refused(t, s, PutMap{Map: content.Map{Areas: testMap().Areas}}, "which mission")
	do(t, s, PutMissionInfo{Info: lib.Missions[0]})
	refused(t, s, PutMissionInfo{Info: MissionInfo{ID: "M2", PreAlarm: 2, PreColours: []content.Level{content.Green}}}, "colours")
	// Replacing keeps one entry.
	f.Name = "Renamed"
	e := do(t, s, PutFaction{Faction: f})
	if len(st(s).Library.Factions) != 1 || st(s).Library.Factions[0].Name != "Renamed" || !strings.HasPrefix(s.Describe(e), "Changed") {
		t.Fatalf("replace: %+v / %q", st(s).Library.Factions, s.Describe(e))
	}
	do(t, s, RemoveSpawnCard{ID: "RB041"})
	refused(t, s, RemoveSpawnCard{ID: "RB041"}, "no spawn card")
	do(t, s, RemoveNoiseCard{ID: "NA1"})
	do(t, s, RemoveMissionInfo{ID: "M1"})
	do(t, s, RemoveMap{MissionID: "M1"})
	do(t, s, RemoveFaction{ID: "F1"})
	l := st(s).Library
	if len(l.Factions)+len(l.Maps)+len(l.Missions) != 0 || len(l.SpawnCards) != 3 || len(l.NoiseCards) != 3 {
		t.Fatalf("after removals: %+v", l)
	}
}

func TestContentInUseCannotBeRemoved(t *testing.T) {
	s := raid(t)
	refused(t, s, RemoveFaction{ID: "F1"}, "in use")
	refused(t, s, RemoveSpawnCard{ID: "RB001"}, "spawn deck")
	refused(t, s, RemoveNoiseCard{ID: "NP1"}, "noise deck")
}

func TestContentExportImport(t *testing.T) {
	src := withContent(t)
	data, err := ExportContent(st(src))
	if err != nil {
		t.Fatal(err)
	}
	dst, _ := newSession(t)
	do(t, dst, ImportContent{Data: data, Replace: true})
	if stateJSON(t, st(dst).Library) != stateJSON(t, st(src).Library) {
		t.Fatal("imported content differs from the exported")
	}
	// A bad file changes nothing, and says where it is wrong.
	var f map[string]any
	_ = json.Unmarshal(data, &f)
	f["content"].(map[string]any)["spawnCards"].([]any)[0].(map[string]any)["levels"].(map[string]any)["green"].([]any)[0].(map[string]any)["count"] = 0
	badData, _ := json.Marshal(f)
	refused(t, dst, ImportContent{Data: badData}, "spawn card RB001, green row, entry 1: the number must be 1 or more")
	refused(t, dst, ImportContent{Data: []byte(`{"format":"other","version":1}`)}, "format")
	refused(t, dst, ImportContent{Data: []byte(`{"format":"tablekeeper-reichbusters-content","version":9}`)}, "version")
	refused(t, dst, ImportContent{Data: []byte(`{"format":"tablekeeper-reichbusters-content","version":1,"content":{},"extra":1}`)}, `"extra" is not a field this file has`)
	refused(t, dst, ImportContent{Data: []byte(`not json`)}, "content file")
	// Merging keeps what is there and adds the rest.
	small := Library{SpawnCards: []content.SpawnCard{card("RB099", row("GR", 1), row("GR", 1), row("GR", 1))}}
	sd, _ := ExportContent(&State{Library: small})
	do(t, dst, ImportContent{Data: sd})
	if len(st(dst).Library.SpawnCards) != 5 || len(st(dst).Library.Factions) != 1 {
		t.Fatalf("merge: %d spawn cards, %d factions", len(st(dst).Library.SpawnCards), len(st(dst).Library.Factions))
	}
	do(t, dst, ImportContent{Data: sd, Replace: true})
	if len(st(dst).Library.SpawnCards) != 1 || len(st(dst).Library.Factions) != 0 {
		t.Fatal("replace did not replace")
	}
}

func TestImportCannotDropTheFactionInPlay(t *testing.T) {
	s := raid(t)
	sd, _ := ExportContent(&State{Library: Library{}})
	refused(t, s, ImportContent{Data: sd, Replace: true}, "faction card Test faction")
	// Not only the faction card: the cards in the mission's decks too.
	lib := testLibrary()
	lib.SpawnCards = lib.SpawnCards[1:]
	sd, _ = ExportContent(&State{Library: lib})
	refused(t, s, ImportContent{Data: sd, Replace: true}, "spawn card RB001")
	// An update that prunes keeps what is in use instead.
	do(t, s, ImportContent{Data: sd, Prune: true})
	if st(s).Library.spawnCard("RB001") == nil {
		t.Fatal("the update dropped a card of the mission's spawn deck")
	}
}

func FuzzParseContentFile(f *testing.F) {
	data, _ := ExportContent(&State{Library: testLibrary()})
	f.Add(data)
	f.Add([]byte(`{"format":"tablekeeper-reichbusters-content","version":1,"content":{}}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		lib, err := ParseContentFile(b)
		if err != nil {
			return
		}
		if err := lib.Validate(); err != nil {
			t.Fatalf("parsed content fails validation: %v", err)
		}
		again, err := ExportContent(&State{Library: *lib})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseContentFile(again); err != nil {
			t.Fatalf("re-export does not parse: %v", err)
		}
	})
}

func TestFactionEditKeepsUnitsOnTheMap(t *testing.T) {
	s := raid(t)
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "DG", Area: "C1"}}})
	f := testFaction()
	f.Units = f.Units[:1] // only GR left
	refused(t, s, PutFaction{Faction: f}, "no longer lists")
	f = testFaction()
	f.Units[0].Defence = 4
	do(t, s, PutFaction{Faction: f})
}
