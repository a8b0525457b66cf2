package reich

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"tablekeeper/automa"
	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// The test map, a corridor with rooms off it:
//
//	        E1 (R4)            F1 (R5)
//	         |D4                |D5
//	X1 -D3- A1 - A2 - A3 -D1- B1 - B2 -D2- C1
//	(exit)  [------ R1 ------] [- R2 -]    (R3)
//
// D1 closed, D2 locked, D3 closed exit, D4 closed, D5 closed.
// Sight lines: X1..C1 east–west, E1–A2 and F1–B1 north–south.
func testMap() content.Map {
	return content.Map{
		MissionID: "test",
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
		SpawnTokens: []content.SpawnToken{{ID: "T1", Area: "B2", Icons: []content.Level{content.Green}}, {ID: "T2", Area: "E1", Icons: []content.Level{content.Orange}}, {ID: "T3", Area: "C1"}},
		GuardPoints: []string{"B2"},
		Barracks:    []content.Barracks{{Letter: "A", Target: "C1"}, {Letter: "B", Target: "E1"}},
		Features:    []content.Feature{{ID: "RF1", Area: "F1", Type: "lab"}},
		Entrances:   []string{"A1"},
		Exits:       []string{"X1"},
	}
}

func ip(n int) *int { return &n }

func kw(s string) content.Keyword {
	k, err := content.ParseKeyword(s)
	if err != nil {
		panic(err)
	}
	return k
}

func kws(ss ...string) []content.Keyword {
	var out []content.Keyword
	for _, s := range ss {
		out = append(out, kw(s))
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

func testContent() content.Content {
	return content.Content{
		Faction: content.Faction{ID: "f1", Name: "Test faction", Units: []content.UnitType{
			{Code: "GR", Name: "Grunt", LootColour: "grey", Max: 6, MeleeAttack: 3, RangedAttack: ip(2), Range: 3, Support: 1, Defence: 3},
			{Code: "DG", Name: "Dog", LootColour: "black", Max: 4, MeleeAttack: 4, Support: 2, Defence: 2, Keywords: kws("fast", "noHands"), Tags: []string{"dog"}},
			{Code: "OF", Name: "Officer", LootColour: "red", Max: 1, MeleeAttack: 2, RangedAttack: ip(3), Range: 2, Support: 1, Defence: 4, Tags: []string{"officer"}},
			{Code: "BG", Name: "Bodyguard", LootColour: "grey", Max: 2, MeleeAttack: 4, Support: 2, Defence: 4, Keywords: kws("bodyguard")},
			{Code: "VM", Name: "Vrilmeister", LootColour: "red", Max: 2, MeleeAttack: 5, Support: 2, Defence: 5, Tags: []string{"vrilmeister"}},
			{Code: "HD", Name: "Handler", LootColour: "grey", Max: 2, MeleeAttack: 2, Support: 1, Defence: 3, Keywords: kws("handler(DG)")},
			{Code: "ZB", Name: "Zombie", LootColour: "black", Max: 5, MeleeAttack: 2, Support: 1, Defence: 1, Keywords: kws("overwhelm"), Tags: []string{"zombie"}},
			{Code: "WH", Name: "Scientist", NameIsWhite: true, LootColour: "grey", Max: 2, MeleeAttack: 1, Defence: 2},
		}},
		SpawnCards: []content.SpawnCard{
			card("RB001", row("GR", 1), row("GR", 2), row("GR", 2, "DG", 1)),
			card("RB002", row("DG", 1), row("ZB", 1), row("VM", 1)),
			card("RB003", row("GR", 2), row("OF", 1, "BG", 1), row("HD", 1)),
			card("RB004", row("ZB", 2), row("GR", 3), row("GR", 6)),
		},
		NoiseCards: []content.NoiseCard{
			{ID: "NP1", Deck: content.DeckPreAlarm, Threshold: 3,
				Top:    []content.Effect{{Kind: content.EffSpawnPatrol, Icons: []content.Level{content.Green}, Awareness: aw(content.Suspicious)}},
				Bottom: []content.Effect{{Kind: content.EffAdvanceTracker, N: 1}}},
			{ID: "NP2", Deck: content.DeckPreAlarm, Threshold: 2,
				Top:    []content.Effect{{Kind: content.EffRaiseAwareness, Target: content.TargetNearestAtEaseRoom, Levels: 2}},
				Bottom: []content.Effect{{Kind: content.EffTriggerAlarm}}},
			{ID: "NQ1", Deck: content.DeckPostAlarm, Threshold: 4,
				Top:    []content.Effect{{Kind: content.EffSpawnBarracks, Letter: "A", Icons: []content.Level{content.Green}}},
				Bottom: []content.Effect{{Kind: content.EffSpawnBarracks, Letter: "B", Icons: []content.Level{content.Orange}}}},
			{ID: "NA1", Deck: content.DeckAlienWorld, Threshold: 3,
				Top:    []content.Effect{{Kind: content.EffSpawnFromDarkness, Icons: []content.Level{content.Green}}},
				Bottom: []content.Effect{{Kind: content.EffFreeText, Text: "something players do"}}},
		},
	}
}

func aw(a content.Awareness) *content.Awareness { return &a }

// situation is the test map before the alarm, two heroes in A1, H1's turn.
func situation() *Situation {
	return &Situation{
		Content: testContent(),
		Map:     testMap(),
		State: State{
			Phase: PreAlarm, During: HeroTurn, CurrentHero: "H1", HeroesActed: []string{"H2", "H1"},
			Heroes:    []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A1"}},
			Units:     []Unit{},
			SpawnDeck: &Deck{DrawPile: []string{"RB001", "RB002", "RB003", "RB004"}},
			Tracker:   &Tracker{Pos: 2, PreAlarmRounds: 6, PostAlarmRounds: 5},
		},
		Settings: DefaultSettings(),
	}
}

func decide(t *testing.T, s *Situation) *Outcome {
	t.Helper()
	out, err := Decide(s, &automa.Fixed{0, 0, 0, 0, 0, 0, 0, 0})
	if err != nil {
		t.Fatalf("Decide: %v", err)
	}
	return out
}

func decideErr(t *testing.T, s *Situation) error {
	t.Helper()
	_, err := Decide(s, &automa.Fixed{0, 0, 0, 0})
	if err == nil {
		t.Fatalf("Decide: want an error, got none")
	}
	return err
}

func needInput(err error) *NeedInput {
	var ni *NeedInput
	if errors.As(err, &ni) {
		return ni
	}
	return nil
}

// kinds lists the changes of one kind, rendered compactly.
func changes(out *Outcome, kind string) []string {
	var got []string
	for _, c := range out.Changes {
		if c.Kind != kind {
			continue
		}
		switch kind {
		case ChUnitPlaced:
			got = append(got, c.Code+"@"+c.Area)
		case ChUnitMoved:
			got = append(got, c.Unit+":"+c.From+">"+c.To)
		case ChDoorOpened, ChDoorUnlocked:
			got = append(got, c.Door)
		case ChAwareness:
			got = append(got, c.Room+":"+c.To)
		case ChTokenPlaced, ChTokenRemoved:
			got = append(got, c.Token+"@"+c.Area)
		case ChShortfall:
			got = append(got, c.Code+"-"+itoa(c.N))
		case ChSpawnCardDrawn:
			got = append(got, c.Card+":"+string(c.Level))
		default:
			got = append(got, c.Unit+c.Hero+c.Room+c.Door+c.Token+c.Feature+c.Card+c.Area+c.To+c.Text)
		}
	}
	return got
}

func itoa(n int) string { return strconv.Itoa(n) }

func eq(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s: got [%s], want [%s]", what, strings.Join(got, " "), strings.Join(want, " "))
	}
}

func unitsAt(out *Outcome) []string {
	var got []string
	for _, u := range out.After.Units {
		got = append(got, u.ID+"@"+u.Area)
	}
	return got
}

func roomLevel(out *Outcome, room string) content.Awareness {
	if r := out.After.Rooms[room]; r != nil {
		return r.Awareness
	}
	return content.AtEase
}

func mustBoard(t *testing.T, s *Situation) *board.Board {
	t.Helper()
	b, err := board.New(&s.Map)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
