package reich

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"tablekeeper/automa/reich/content"
)

// largestSituation is a situation at the limits: a 20×20 grid of 400 areas
// in rooms of two, joined by doors (locked, closed, open), every row and
// column a sight line and 360 more lines within them (400 in all), 200
// units of the test faction, 4 heroes, 100 spawn tokens, 200 spawn cards
// and 100 noise cards, every room on alert.
func largestSituation() *Situation {
	const cols, rows = 20, 20
	id := func(r, c int) string { return fmt.Sprintf("a%d_%d", r, c) }
	m := content.Map{}
	for r := range rows {
		for c := range cols {
			m.Areas = append(m.Areas, content.Area{ID: id(r, c), Room: fmt.Sprintf("r%d_%d", r, c/2), Tile: fmt.Sprintf("t%d_%d", r/4, c/4)})
		}
	}
	door := 0
	addDoor := func(a, b string) {
		door++
		d := fmt.Sprintf("D%d", door)
		state := []content.DoorState{content.Closed, content.Open, content.Locked, content.Open}[door%4]
		m.Doors = append(m.Doors, content.Door{ID: d, State: state, NoiseDice: 2})
		m.Edges = append(m.Edges, content.Edge{A: a, B: b, Door: d})
	}
	for r := range rows {
		for c := range cols {
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
	line := func(r0, c0, dr, dc, n int) {
		var l []string
		for k := range n {
			l = append(l, id(r0+k*dr, c0+k*dc))
		}
		m.SightLines = append(m.SightLines, l)
	}
	for r := range rows {
		line(r, 0, 0, 1, cols)
	}
	for c := range cols {
		line(0, c, 1, 0, rows)
	}
	for k := 0; len(m.SightLines) < limits.Fields["map.sightLines"]; k++ {
		r, c := k%rows, (k/rows)%(cols-2)
		if k%2 == 0 {
			line(r, c, 0, 1, cols-c)
		} else {
			line(c, r, 1, 0, rows-c)
		}
	}
	for i := range limits.List {
		m.SpawnTokens = append(m.SpawnTokens, content.SpawnToken{ID: fmt.Sprintf("T%d", i), Area: id((i*7)%rows, (i*3+5)%cols),
			Icons: []content.Level{[]content.Level{content.Green, content.Orange, content.Red}[i%3]}})
	}
	m.Barracks = []content.Barracks{{Letter: "A", Target: id(0, cols-1)}, {Letter: "B", Target: id(rows-1, cols-1)}, {Letter: "C", Target: id(rows/2, 0)}}
	m.GuardPoints = []string{id(rows/2, cols/2)}
	for i := range 20 {
		m.Exits = append(m.Exits, id(i, cols-1))
		m.Entrances = append(m.Entrances, id(i, 0))
	}

	c := testContent()
	for i := range c.Faction.Units {
		c.Faction.Units[i].Max = limits.Number
	}
	c.Faction.Units[4].Max = 1 // the vrilmeister
	var spawnDeck, noiseDeck []string
	for i := range limits.Fields["content.spawnCards"] - len(c.SpawnCards) {
		card := card(fmt.Sprintf("RB%03d", 100+i), row("GR", 1, "DG", 1), row("DG", 2, "GR", 2), row("ZB", 3, "HD", 1, "GR", 3))
		c.SpawnCards = append(c.SpawnCards, card)
		spawnDeck = append(spawnDeck, card.ID)
	}
	for i := range 100 {
		n := content.NoiseCard{ID: fmt.Sprintf("NZ%d", i), Deck: content.DeckPreAlarm, Threshold: 9,
			Top: []content.Effect{{Kind: content.EffSpawnPatrol, Icons: []content.Level{content.Red, content.Orange, content.Green}, Awareness: aw(content.Alert)},
				{Kind: content.EffRaiseAwareness, Target: content.TargetNearestRoom, Levels: 2}},
			Bottom: []content.Effect{{Kind: content.EffAdvanceTracker, N: 1}}}
		c.NoiseCards = append(c.NoiseCards, n)
		noiseDeck = append(noiseDeck, n.ID)
	}
	s := &Situation{Content: c, Map: m, Settings: DefaultSettings(), Seed: 7}
	s.State = State{Phase: PreAlarm, During: HeroTurn, CurrentHero: "H1", HeroesActed: []string{"H3", "H2", "H1"},
		Tracker:   &Tracker{Pos: 3, PreAlarmRounds: 8, PostAlarmRounds: 6},
		Heroes:    []Hero{{ID: "H1", Area: id(0, 0)}, {ID: "H2", Area: id(0, 1)}, {ID: "H3", Area: id(rows-1, 0)}, {ID: "H4", Area: id(2, 2)}},
		SpawnDeck: &Deck{DrawPile: spawnDeck},
		NoiseDeck: &Deck{DrawPile: noiseDeck},
		Rooms:     map[string]*RoomState{},
	}
	codes := []string{"GR", "DG", "ZB", "HD", "BG", "GR"}
	for i := range limits.Fields["state.units"] {
		a := id((i*7)%rows, 3+(i*5)%(cols-3))
		s.State.Units = append(s.State.Units, Unit{ID: fmt.Sprintf("u%d", i), Code: codes[i%len(codes)], Area: a})
	}
	for _, a := range m.Areas {
		s.State.Rooms[a.Room] = &RoomState{Awareness: content.Alert}
	}
	s.Answers.TokenIcons = map[string][]content.Level{}
	return s
}

// largestRequests are the heaviest things to resolve on it, as the game goes:
// a noise card's patrol, the alarm (every token through the spawn queue and
// the free enemy turn), a full enemy turn after it, and a sight check.
func resolveLargest(tb testing.TB) (took map[string]time.Duration, out map[string]int) {
	s := largestSituation()
	took, out = map[string]time.Duration{}, map[string]int{}
	for _, r := range []Request{
		{Kind: KindNoiseCard, Card: "NZ0", Total: 12},
		{Kind: KindAlarm},
		{Kind: KindEnemyTurn},
		{Kind: KindSightCheck, Hero: "H4", From: "a2_1", EndOfTurn: true},
	} {
		s.Resolve = r
		if r.Kind == KindEnemyTurn {
			s.State.During = EnemyTurn
		}
		data, err := json.Marshal(s)
		if err != nil {
			tb.Fatal(err)
		}
		start := cpuTime()
		res, err := Resolve(data)
		took[r.Kind] = cpuTime() - start
		if err != nil {
			tb.Fatalf("%s: %v", r.Kind, err)
		}
		out[r.Kind] = len(res)
		var o Outcome
		if err := json.Unmarshal(res, &o); err != nil {
			tb.Fatal(err)
		}
		s.State = o.After
		// The largest situation stays within the limits as the game goes.
		if len(s.State.Units) > limits.Fields["state.units"] {
			s.State.Units = s.State.Units[:limits.Fields["state.units"]]
		}
	}
	return took, out
}

// BenchmarkLargestSituation resolves, at the limits, the noise card, the
// alarm, the enemy turn and a sight check, one after the other.
func BenchmarkLargestSituation(b *testing.B) {
	cpu := cpuTime()
	for b.Loop() {
		resolveLargest(b)
	}
	// Four resolves an iteration; the CPU time (the shared build machine's
	// wall clock runs slow) per resolve.
	b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(4*b.N), "cpu-ms/resolve")
}

// TestLargestSituationResolves: every request on the largest situation is
// answered; the CPU time is logged (measured, not asserted: the build
// machine is shared) and the work bounded by what it allocates.
func TestLargestSituationResolves(t *testing.T) {
	if testing.Short() {
		t.Skip("the largest situation")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	took, out := resolveLargest(t)
	runtime.ReadMemStats(&after)
	for k, d := range took {
		t.Logf("%s: %v of CPU, %d KB out", k, d.Round(time.Millisecond), out[k]>>10)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<30 {
		t.Errorf("%d MB allocated", alloc>>20)
	}
}

// TestSituationLimitsAreRefused: a file beyond the limits is refused, naming
// the field.
func TestSituationLimitsAreRefused(t *testing.T) {
	good, err := os.ReadFile("testdata/example-situation.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseSituation(good); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	sub := func(m map[string]any, k string) map[string]any { return m[k].(map[string]any) }
	units := func(m map[string]any) []any { return sub(sub(m, "content"), "faction")["units"].([]any) }
	many := func(n int, f func(i int) any) []any {
		var out []any
		for i := range n {
			out = append(out, f(i))
		}
		return out
	}
	cases := []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"401 areas", func(m map[string]any) {
			sub(m, "map")["areas"] = many(401, func(i int) any { return map[string]any{"id": fmt.Sprint("x", i), "room": "r"} })
		}, "map.areas: 401 listed; at most 400"},
		{"201 units", func(m map[string]any) {
			sub(m, "state")["units"] = many(201, func(i int) any { return map[string]any{"id": fmt.Sprint("u", i), "code": "GR", "area": "A1"} })
		}, "state.units: 201 listed; at most 200"},
		{"a # of 10⁶", func(m map[string]any) { units(m)[0].(map[string]any)["max"] = 1_000_000 }, "content.faction.units[].max: 1000000 is beyond ±99"},
		{"a noise total of 10⁹", func(m map[string]any) { sub(m, "resolve")["total"] = 1e9 }, "resolve.total: 1000000000 is beyond ±99"},
		{"a long id", func(m map[string]any) { units(m)[0].(map[string]any)["code"] = strings.Repeat("G", 201) }, "content.faction.units[].code: 201 characters; at most 200"},
		{"101 keywords", func(m map[string]any) {
			units(m)[0].(map[string]any)["keywords"] = many(101, func(int) any { return "fast" })
		}, "content.faction.units[].keywords: 101 listed; at most 100"},
	}
	for _, c := range cases {
		_, err := ParseSituation(edit(c.edit))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\n  want it to say %q", c.name, err, c.want)
		}
	}
}
