package reich

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	"tablekeeper/tracker/trackertest"
)

// The test map, a corridor with rooms off it (made-up content):
//
//	        E1 (R4)            F1 (R5)
//	         |D4                |D5
//	X1 -D3- A1 - A2 - A3 -D1- B1 - B2 -D2- C1
//	(exit)  [------ R1 ------] [- R2 -]    (R3)
//
// D1 closed (1 noise die), D2 locked, D3 closed exit, D4 and D5 closed.
func testMap() content.Map {
	return content.Map{
		MissionID: "M1",
		Areas: []content.Area{
			{ID: "A1", Room: "R1", Tile: "t1", Corridor: true}, {ID: "A2", Room: "R1", Tile: "t1", Corridor: true}, {ID: "A3", Room: "R1", Tile: "t2", Corridor: true},
			{ID: "B1", Room: "R2", Tile: "t2"}, {ID: "B2", Room: "R2", Tile: "t2"},
			{ID: "C1", Room: "R3", Tile: "t3"}, {ID: "E1", Room: "R4", Tile: "t1"}, {ID: "F1", Room: "R5", Tile: "t2"},
			{ID: "X1", Room: "R9", Tile: "t0"},
		},
		Edges: []content.Edge{
			{A: "A1", B: "A2"}, {A: "A2", B: "A3"}, {A: "A3", B: "B1", Door: "D1"}, {A: "B1", B: "B2"},
			{A: "B2", B: "C1", Door: "D2"}, {A: "X1", B: "A1", Door: "D3"}, {A: "A2", B: "E1", Door: "D4"}, {A: "B1", B: "F1", Door: "D5"},
		},
		Doors: []content.Door{
			{ID: "D1", State: content.Closed, NoiseDice: 1}, {ID: "D2", State: content.Locked}, {ID: "D3", State: content.Closed, Exit: true},
			{ID: "D4", State: content.Closed}, {ID: "D5", State: content.Closed},
		},
		SightLines:  [][]string{{"X1", "A1", "A2", "A3", "B1", "B2", "C1"}, {"E1", "A2"}, {"F1", "B1"}},
		SpawnTokens: []content.SpawnToken{{ID: "T1", Area: "B2", Icons: []content.Level{content.Green}}, {ID: "T2", Area: "E1", Icons: []content.Level{content.Orange}}, {ID: "T3", Area: "C1", Icons: []content.Level{content.Green}}},
		GuardPoints: []string{"B2"},
		Barracks:    []content.Barracks{{Letter: "A", Target: "C1"}, {Letter: "B", Target: "E1"}},
		Features:    []content.Feature{{ID: "RF1", Area: "F1", Type: "lab"}},
		Entrances:   []string{"A1"},
		Exits:       []string{"X1", "A1"},
	}
}

func ip(n int) *int { return &n }

func kws(ss ...string) []content.Keyword {
	var out []content.Keyword
	for _, s := range ss {
		k, err := content.ParseKeyword(s)
		if err != nil {
			panic(err)
		}
		out = append(out, k)
	}
	return out
}

func row(items ...any) []content.SpawnItem {
	var out []content.SpawnItem
	for i := 0; i < len(items); i += 2 {
		out = append(out, content.SpawnItem{UnitCode: items[i].(string), Count: items[i+1].(int)})
	}
	return out
}

func card(id string, g, o, r []content.SpawnItem) content.SpawnCard {
	return content.SpawnCard{ID: id, Levels: map[content.Level][]content.SpawnItem{content.Green: g, content.Orange: o, content.Red: r}}
}

func aw(a content.Awareness) *content.Awareness { return &a }

func testFaction() content.Faction {
	return content.Faction{ID: "F1", Name: "Test faction", Units: []content.UnitType{
		{Code: "GR", Name: "Grunt", LootColour: "grey", Max: 6, MeleeAttack: 3, RangedAttack: ip(2), Range: 3, Support: 1, Defence: 3},
		{Code: "DG", Name: "Dog", LootColour: "black", Max: 4, MeleeAttack: 4, Support: 2, Defence: 2, Keywords: kws("fast", "noHands"), Tags: []string{"dog"}},
		{Code: "VM", Name: "Vrilmeister", LootColour: "red", Max: 2, MeleeAttack: 5, Support: 2, Defence: 5, Tags: []string{"vrilmeister"}},
		{Code: "AR", Name: "Armour", LootColour: "grey", Max: 2, MeleeAttack: 5, Support: 2, Defence: 2, Keywords: kws("armoured", "detect")},
		{Code: "OF", Name: "Officer", LootColour: "red", Max: 1, MeleeAttack: 2, Support: 1, Defence: 3, Tags: []string{"officer"}},
		{Code: "BG", Name: "Guard", LootColour: "grey", Max: 2, MeleeAttack: 3, Support: 1, Defence: 3, Keywords: kws("bodyguard", "dugIn")},
		{Code: "SC", Name: "Scientist", NameIsWhite: true, LootColour: "black", Max: 1, Defence: 1, Keywords: kws("escort")},
	}}
}

func testLibrary() Library {
	return Library{
		Factions: []content.Faction{testFaction()},
		SpawnCards: []content.SpawnCard{
			card("RB001", row("GR", 1), row("GR", 2), row("GR", 2, "DG", 1)),
			card("RB002", row("DG", 1), row("GR", 1), row("VM", 1)),
			card("RB003", row("GR", 2), row("DG", 1), row("GR", 3)),
			card("RB041", row("GR", 1), row("GR", 1), row("GR", 1)),
		},
		NoiseCards: []content.NoiseCard{
			{ID: "NP1", Deck: content.DeckPreAlarm, Threshold: 3,
				Top:    []content.Effect{{Kind: content.EffSpawnPatrol, Icons: []content.Level{content.Green}, Awareness: aw(content.Suspicious)}},
				Bottom: []content.Effect{{Kind: content.EffAdvanceTracker, N: 1}}},
			{ID: "NP2", Deck: content.DeckPreAlarm, Threshold: 2,
				Top:    []content.Effect{{Kind: content.EffAdvanceTracker, N: 1}},
				Bottom: []content.Effect{{Kind: content.EffTriggerAlarm}}},
			{ID: "NQ1", Deck: content.DeckPostAlarm, Threshold: 4,
				Top:    []content.Effect{{Kind: content.EffSpawnBarracks, Letter: "A", Icons: []content.Level{content.Green}}},
				Bottom: []content.Effect{{Kind: content.EffSpawnBarracks, Letter: "B", Icons: []content.Level{content.Orange}}}},
			{ID: "NA1", Deck: content.DeckAlienWorld, Threshold: 3,
				Top:    []content.Effect{{Kind: content.EffSpawnFromDarkness, Icons: []content.Level{content.Green}}},
				Bottom: []content.Effect{{Kind: content.EffFreeText, Text: "a made-up effect"}}},
		},
		Maps:     []content.Map{testMap()},
		Missions: []MissionInfo{{ID: "M1", PreAlarm: 4, PostAlarm: 3, AlienWorld: 5, VictoryChart: []ChartRow{{Text: "Objective out", Success: true}, {Text: "Otherwise", Success: false}}}},
	}
}

func heroSetup(id, area string) HeroSetup {
	return HeroSetup{ID: id, Name: "Hero " + id, Area: area, Defence: 3,
		Weapons: [2]Weapon{{Name: id + " rifle", Range: 3}, {Name: id + " knife"}}}
}

func newSession(t testing.TB) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	mem := tracker.NewMemStore()
	c, err := tracker.NewCampaign(Game, "Test", 7, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if err := mem.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(mem, Rules, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s, mem
}

// withContent is a session whose campaign holds the test content.
func withContent(t testing.TB) *tracker.Session {
	t.Helper()
	s, _ := newSession(t)
	lib := testLibrary()
	data, err := ExportContent(&State{Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	do(t, s, ImportContent{Data: data})
	return s
}

// raid is a session with a raid of mission M1 set up, heroes H1 and H2 in A1.
func raid(t testing.TB) *tracker.Session {
	t.Helper()
	s, _ := raidOf(t, testLibrary())
	return s
}

// raidOf is raid with content lib, and its store for replay checks; order,
// when given, is the first round's turn order.
func raidOf(t testing.TB, lib Library, order ...string) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	s, mem := newSession(t)
	data, err := ExportContent(&State{Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	do(t, s, ImportContent{Data: data})
	do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1",
		Heroes:   []HeroSetup{heroSetup("H1", "A1"), heroSetup("H2", "A1")},
		HPShared: []string{HPWild}, HPSupply: []string{HPAttack, HPDefence, HPWild}})
	if len(order) > 0 {
		do(t, s, SetTurnOrder{Order: order})
	}
	return s, mem
}

// nearlyDowned gives hero id three permanent wounds by hand, one short of
// downed.
func nearlyDowned(t testing.TB, s *tracker.Session, id string) {
	t.Helper()
	h := *st(s).Mission.hero(id)
	h.Wounds = []Wound{{Card: "w1"}, {Card: "w2"}, {Card: "w3"}}
	setHero(t, s, h)
}

func st(s *tracker.Session) *State { return s.State().(*State) }

func do(t testing.TB, s *tracker.Session, cmd tracker.Command) tracker.Event {
	t.Helper()
	e, err := s.Do(cmd)
	if err != nil {
		t.Fatalf("%T: %v", cmd, err)
	}
	return e
}

// refused checks the command is refused by a rule whose name or reason
// contains want.
func refused(t testing.TB, s *tracker.Session, cmd tracker.Command, want string) {
	t.Helper()
	before, _ := json.Marshal(s.State())
	_, err := s.Do(cmd)
	if err == nil {
		t.Fatalf("%T was accepted; want a refusal mentioning %q", cmd, want)
	}
	var re *tracker.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%T: %v is not a rule refusal", cmd, err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%T: refusal %q does not mention %q", cmd, err, want)
	}
	// What the players read of it (issue 23 items 4-6): no program's
	// words, no plural English does not spell so.
	shown := PlayersLine(re.Why)
	for _, bad := range append(trackertest.NotPlayersWords(shown), trackertest.OddPlurals(shown)...) {
		t.Errorf("%T: the refusal reads %s", cmd, bad)
	}
	after, _ := json.Marshal(s.State())
	if string(before) != string(after) {
		t.Fatalf("%T: a refused command changed the state", cmd)
	}
}

func stateJSON(t testing.TB, s tracker.State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// replaysSame checks that the campaign's export, replayed into a fresh
// store, gives the session's state.
func replaysSame(t testing.TB, s *tracker.Session, mem *tracker.MemStore, when string) {
	t.Helper()
	if stateJSON(t, replayed(t, s, mem).State()) != stateJSON(t, s.State()) {
		t.Fatalf("%s: the replayed state differs", when)
	}
}

// replayed is the session's campaign exported, parsed and replayed into a
// fresh store.
func replayed(t testing.TB, s *tracker.Session, mem *tracker.MemStore) *tracker.Session {
	t.Helper()
	x, err := tracker.ExportCampaign(mem, s.Campaign().ID, time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	data, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	y, err := tracker.ParseExport(data, tracker.Registry{Game: Rules})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := tracker.StoreFromExport(y)
	if err != nil {
		t.Fatal(err)
	}
	r, err := tracker.Open(fresh, Rules, y.Campaign.ID)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
