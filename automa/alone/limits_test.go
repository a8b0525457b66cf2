package alone

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// largestSituation is a situation at the limits: two Levels of 10×10
// Sectors (200), 60 Creatures spread over both, 60 Reaction cards of every
// trigger in the Allowed-card mode, each with a move of another range, with
// every trigger fired this Turn.
func largestSituation(tb testing.TB, decision string) *SituationFile {
	tb.Helper()
	m := fullMap(10, 10)
	if len(m.Sectors) != limits.Fields["map.sectors"] {
		tb.Fatalf("%d Sectors", len(m.Sectors))
	}
	m.Creatures = nil
	dangers := map[int]int{}
	for i := range m.Sectors {
		if sc := &m.Sectors[i]; sc.Danger {
			if dangers[sc.Level]++; dangers[sc.Level] > MaxDangerPerLevel {
				sc.Danger = false
			}
		}
	}
	types := []CreatureType{Spore, Parasite, Cultist, Hybrid, Worm}
	for i := range limits.Fields["map.creatures"] {
		lv := 1 + i%2
		x, y := (i*3)%10, (i*7+1)%10
		c := Creature{ID: fmt.Sprintf("c%d", i), Type: types[i%len(types)], Sector: fmt.Sprintf("L%d-%d-%d", lv, x, y)}
		c.Revealed = m.Sector(c.Sector).Revealed
		m.Creatures = append(m.Creatures, c)
	}
	cfg := DefaultConfig()
	cfg.LevelLimit = limits.Fields["map.creatures"]
	for _, t := range CreatureTypes {
		cfg.Tokens[t] = limits.Fields["map.creatures"]
	}
	sf := &SituationFile{Decision: decision, Mode: Solo, Seed: 1<<64 - 1, Settings: DefaultSettings(), Config: cfg, Map: m,
		Hero: HeroState{Life: 6, SC: 6, Companion: 3}, Turn: 6, Goals: []string{"L2-9-9", "L1-0-0"}}
	hand := 20
	sf.Hand = &hand
	triggers := []Trigger{TriggerMove, TriggerExplore, TriggerFight, "locate", "scavenge", "interact", "life", "sc"}
	for i := range limits.Fields["cards"] {
		sf.Cards = append(sf.Cards, ReactionCard{ID: fmt.Sprintf("R%02d", i), Trigger: triggers[i%len(triggers)], Instant: i%3 == 0,
			// Every range a card may give (0 to 20), each weighed apart.
			Effect:    []CardOp{{Op: "damage", Kind: "life", N: 2}, {Op: "attackDice", N: 3}, {Op: "move", Range: i % 21}, {Op: "spawn"}},
			Dangerous: []CardOp{{Op: "damage", Kind: "sc", N: 4}, {Op: "move", Range: (i + 7) % 21}}})
	}
	sf.Triggers = triggers
	sf.ActionStart = m.Hero
	dice, rng, n := maxDice, limits.Number, 8
	sf.Dice, sf.Range, sf.DangerCount = &dice, &rng, &n
	sf.Timing = "afterMove"
	sf.NoiseSource = "L1-9-9"
	sf.Modifiers = map[string]int{"c0": 3, "c1": -1}
	sf.Damage = &DamageEvent{Kind: "life", N: 3}
	sf.Shape = ShapeCross
	sf.Hands = &EvilHands{Players: 3, Hands: []int{1, 2, 3}, Decks: [2]string{"A", "B"}, Left: [2]int{30, 30}}
	sf.Targets = []LocateTarget{{Sector: "L1-0-0"}, {Element: "danger"}}
	sf.Types = types
	sf.Creature = "c1"
	sf.Direction = East
	sf.Round = &RoundEnd{Tracks: Tracks{Life: 6, SC: 6}, RoundMarker: 3}
	return sf
}

// resolveLargest resolves one decision on the largest situation as the
// resolve verb does, JSON in and out; a decision the situation's inputs do
// not suit (a move the map does not allow) returns its refusal.
func resolveLargest(tb testing.TB, decision string) (int, error) {
	data, err := json.Marshal(largestSituation(tb, decision))
	if err != nil {
		tb.Fatal(err)
	}
	out, err := Resolve(data)
	return len(out), err
}

// BenchmarkLargestSituation is every decision point on the largest
// situation the limits allow.
func BenchmarkLargestSituation(b *testing.B) {
	for _, d := range decisions {
		b.Run(d, func(b *testing.B) {
			cpu := cpuTime()
			for b.Loop() {
				if _, err := resolveLargest(b, d); err != nil && !strings.Contains(err.Error(), "limits") {
					continue
				}
			}
			b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// TestLargestSituationResolves: every decision point on the largest
// situation answers; the CPU times are logged, measured not asserted (the
// build machine is shared). Before, the end-of-Turn weighing of 60 cards
// took 66 s here: each card's move searched every Creature's every
// destination, with a Noise search for each.
func TestLargestSituationResolves(t *testing.T) {
	if testing.Short() {
		t.Skip("the largest situation")
	}
	answered := 0
	for _, d := range decisions {
		start := cpuTime()
		n, err := resolveLargest(t, d)
		took := cpuTime() - start
		if err != nil {
			t.Logf("%s: %v: %v", d, took.Round(time.Millisecond), err)
			continue
		}
		answered++
		t.Logf("%s: %v of CPU, %d KB out", d, took.Round(time.Millisecond), n>>10)
	}
	if answered < len(decisions)-3 {
		t.Errorf("only %d of %d decisions answered on the largest situation", answered, len(decisions))
	}
}

// TestSituationLimitsAreRefused: a file beyond the limits is refused, naming
// the field.
func TestSituationLimitsAreRefused(t *testing.T) {
	good, err := os.ReadFile("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ParseSituation(good); err != nil {
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
		{"201 Sectors", func(m map[string]any) {
			m["map"].(map[string]any)["sectors"] = many(201, func(i int) any { return map[string]any{"id": fmt.Sprint("s", i), "level": 1} })
		}, "map.sectors: 201 listed; at most 200"},
		{"a range of 10⁹", func(m map[string]any) { m["decision"], m["range"] = "legalMoves", 1e9 }, "range: 1000000000 is beyond ±99"},
		{"61 cards", func(m map[string]any) {
			m["cards"] = many(61, func(i int) any { return map[string]any{"id": fmt.Sprint("c", i), "trigger": "move", "effect": []any{}} })
		}, "cards: 61 listed; at most 60"},
		{"a long id", func(m map[string]any) { m["noiseSource"] = strings.Repeat("s", 201) }, "noiseSource: 201 characters; at most 200"},
	}
	for _, c := range cases {
		_, _, err := ParseSituation(edit(c.edit))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\n  want it to say %q", c.name, err, c.want)
		}
	}
}
