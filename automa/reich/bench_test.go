package reich

import (
	"fmt"
	"testing"

	"tablekeeper/automa"
	"tablekeeper/automa/reich/content"
)

// largeSituation is an 8×5 grid of 40 areas: each row is split into rooms
// of two areas, rooms joined by doors (some locked, some open), every row
// and column a sight line, 30 units, 4 heroes and 8 spawn tokens.
func largeSituation() *Situation {
	const cols, rows = 8, 5
	id := func(r, c int) string { return fmt.Sprintf("a%d_%d", r, c) }
	m := content.Map{}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			m.Areas = append(m.Areas, content.Area{ID: id(r, c), Room: fmt.Sprintf("r%d_%d", r, c/2), Tile: fmt.Sprintf("t%d_%d", r/2, c/4)})
		}
	}
	door := 0
	addDoor := func(a, b string) {
		door++
		d := fmt.Sprintf("D%d", door)
		state := []content.DoorState{content.Closed, content.Open, content.Locked, content.Open}[door%4]
		m.Doors = append(m.Doors, content.Door{ID: d, State: state})
		m.Edges = append(m.Edges, content.Edge{A: a, B: b, Door: d})
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if c+1 < cols {
				if c%2 == 0 {
					m.Edges = append(m.Edges, content.Edge{A: id(r, c), B: id(r, c+1)})
				} else {
					addDoor(id(r, c), id(r, c+1))
				}
			}
			if r+1 < rows {
				addDoor(id(r, c), id(r+1, c))
			}
		}
	}
	for r := 0; r < rows; r++ {
		var line []string
		for c := 0; c < cols; c++ {
			line = append(line, id(r, c))
		}
		m.SightLines = append(m.SightLines, line)
	}
	for c := 0; c < cols; c++ {
		var line []string
		for r := 0; r < rows; r++ {
			line = append(line, id(r, c))
		}
		m.SightLines = append(m.SightLines, line)
	}
	for i := 0; i < 8; i++ {
		m.SpawnTokens = append(m.SpawnTokens, content.SpawnToken{ID: fmt.Sprintf("T%d", i), Area: id(i%rows, (i*3+5)%cols), Icons: []content.Level{[]content.Level{content.Green, content.Orange, content.Red}[i%3]}})
	}
	m.Barracks = []content.Barracks{{Letter: "A", Target: id(0, 7)}, {Letter: "B", Target: id(4, 7)}, {Letter: "C", Target: id(2, 0)}}
	m.GuardPoints = []string{id(2, 4)}

	c := testContent()
	for i := range c.Faction.Units {
		c.Faction.Units[i].Max = 20
	}
	c.Faction.Units[4].Max = 1 // the vrilmeister
	var deck []string
	for i := 0; i < 30; i++ {
		card := card(fmt.Sprintf("RB%03d", 100+i), row("GR", 1), row("DG", 1, "GR", 1), row("ZB", 1, "HD", 1))
		c.SpawnCards = append(c.SpawnCards, card)
		deck = append(deck, card.ID)
	}
	s := &Situation{Content: c, Map: m, Settings: DefaultSettings()}
	s.State = State{Phase: PreAlarm, During: HeroTurn, CurrentHero: "H1", HeroesActed: []string{"H3", "H2", "H1"},
		Tracker:   &Tracker{Pos: 3, PreAlarmRounds: 8, PostAlarmRounds: 6},
		Heroes:    []Hero{{ID: "H1", Area: id(0, 0)}, {ID: "H2", Area: id(0, 1)}, {ID: "H3", Area: id(4, 0)}, {ID: "H4", Area: id(2, 2)}},
		SpawnDeck: &Deck{DrawPile: deck},
		Rooms:     map[string]*RoomState{},
	}
	codes := []string{"GR", "DG", "ZB", "HD", "OF", "BG"}
	for i := 0; i < 30; i++ {
		a := id((i*7)%rows, 3+(i*5)%(cols-3))
		s.State.Units = append(s.State.Units, Unit{ID: fmt.Sprintf("u%d", i), Code: codes[i%len(codes)], Area: a})
	}
	for _, u := range s.State.Units {
		room := m.Areas[0].Room
		for _, a := range m.Areas {
			if a.ID == u.Area {
				room = a.Room
			}
		}
		s.State.Rooms[room] = &RoomState{Awareness: content.Alert}
	}
	s.Answers.TokenIcons = map[string][]content.Level{}
	return s
}

// BenchmarkSpawnQueueAndEnemyPhase: on a 40-area map with 30 units, a
// noise card patrol during a hero turn, the alarm (every token through the
// spawn queue plus the free enemy turn), then a full post-alarm enemy turn.
func BenchmarkSpawnQueueAndEnemyPhase(b *testing.B) {
	base := largeSituation()
	base.Content.NoiseCards = append(base.Content.NoiseCards, content.NoiseCard{ID: "NB", Deck: content.DeckPreAlarm, Threshold: 9,
		Top: []content.Effect{{Kind: content.EffSpawnPatrol, Icons: []content.Level{content.Red, content.Orange}, Awareness: aw(content.Alert)}}})
	base.Resolve = Request{Kind: KindEnemyTurn}
	if _, err := base.validate(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		s := *base
		s.Resolve = Request{Kind: KindNoiseCard, Card: "NB", Total: 2}
		out, err := Decide(&s, &automa.Fixed{0, 0, 0, 0, 0, 0, 0, 0})
		if err != nil {
			b.Fatal(err)
		}
		s.State = out.After
		s.Resolve = Request{Kind: KindAlarm}
		out, err = Decide(&s, SeededRand(1))
		if err != nil {
			b.Fatal(err)
		}
		s.State = out.After
		s.State.During = EnemyTurn
		s.Resolve = Request{Kind: KindEnemyTurn}
		if _, err := Decide(&s, SeededRand(2)); err != nil {
			b.Fatal(err)
		}
	}
}

func TestLargeSituationResolves(t *testing.T) {
	s := largeSituation()
	s.Resolve = Request{Kind: KindAlarm}
	out := decide(t, s)
	if len(out.After.Units) < 30 || len(out.After.SpawnTokens) != 0 {
		t.Errorf("after the alarm: %d units, %d tokens", len(out.After.Units), len(out.After.SpawnTokens))
	}
}
