package phantom

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"tablekeeper/automa/hex"
)

// largestSituation is a situation at the limits: a 40×40 map (1,600
// spaces, with walls, objects, hazards, doors scattered), 30 characters and
// 30 adversaries of 30 types, every card full of actions of value 99 (moves,
// leaps, retreats, attacks on 99 targets at range 99, heals, damage to an
// area), every figure holding conditions.
func largestSituation(tb testing.TB, decide string, open bool) *Situation {
	tb.Helper()
	m := hex.GenerateBenchMap(3, 40, 40)
	if open {
		// No walls or obstacles: the longest lines of sight and paths.
		var l hex.Layout
		for r := range 40 {
			for col := range 40 {
				l.Spaces = append(l.Spaces, hex.Space{Label: fmt.Sprintf("%s-%d", hex.RowName(r), col+1), Coord: hex.Coord{Q: col - r/2, R: r}})
			}
		}
		var err error
		if m, err = hex.NewMap(l); err != nil {
			tb.Fatal(err)
		}
	}
	if m.Len() != MaxSpaces {
		tb.Fatalf("the map has %d spaces, not %d", m.Len(), MaxSpaces)
	}
	raw, err := hex.EncodeMap(m)
	if err != nil {
		tb.Fatal(err)
	}
	v, r := MaxValue, MaxRange
	full := func() Card {
		c := Card{Name: strings.Repeat("c", MaxName), AP: v}
		kinds := []Action{
			{Kind: ActMove, Value: v}, {Kind: ActAttack, Value: v, Targets: v, Range: &r, Pierce: v, Multiplier: 2, Inflict: []string{"Bleeding"}},
			{Kind: ActLeap, Value: v}, {Kind: ActAttack, Value: v, Targets: v, RangeMod: r, Die: "blitz"},
			{Kind: ActRetreat, Value: v}, {Kind: ActHeal, Value: v, TargetsAllies: true, CanTargetSelf: true},
			{Kind: ActDamage, Value: v, Area: "adjacentEnemies"}, {Kind: ActMove, Value: v},
			{Kind: ActAttack, Value: v, Targets: v, Range: &r}, {Kind: ActTeleport, Value: v},
		}
		c.Actions = kinds[:MaxCardActions]
		for range MaxCardActions {
			c.RoundEffects = append(c.RoundEffects, RoundEffect{Text: "round", Attack: 1, Guard: 1,
				AfterAttacked: []Action{{Kind: ActRetreat, Value: v}, {Kind: ActAttack, Value: v, Targets: v, Range: &r}}})
		}
		return c
	}
	s := &Situation{Decide: decide, Map: json.RawMessage(raw), DecisionDie: DieInput{Face: face(Red, South, East)}, Adversary: "Raider 0", Attacker: "Hero 0", Melee: true}
	for k := range MaxTypes {
		row := func(c Colour) ClassRow { return ClassRow{Colour: c, Card: full()} }
		species := full()
		s.Types = append(s.Types, AdversaryType{Name: fmt.Sprintf("Type %d", k), Range: r, HP: MaxHP, Attack: v, Guard: v, Difficulty: 2, Standees: v,
			Crit:        CritAbility{Text: "crit", Inflict: []string{"Stunned"}, Damage: v},
			SpeciesCard: &species,
			ClassCard:   &ClassCard{Rows: []ClassRow{row(DarkBlue), row(LightBlue), row(Red), row(Yellow)}}})
	}
	var picks []int
	for i := 0; len(picks) < MaxFigures && i < m.Len(); i += 37 {
		if m.SpaceAt(i).Standable(false) {
			picks = append(picks, i)
		}
	}
	for k, i := range picks {
		c := Colours[k%4]
		if k >= 2*MaxCharacters || k%2 == 0 {
			s.Figures = append(s.Figures, FigureInput{Name: fmt.Sprintf("Raider %d", k), Side: "adversary", Type: fmt.Sprintf("Type %d", k%MaxTypes), Colour: string(c), Position: m.Label(i), HP: MaxHP, Conditions: []string{"Burning"}})
		} else {
			s.Figures = append(s.Figures, FigureInput{Name: fmt.Sprintf("Hero %d", k/2), Side: "character", Colour: string(c), Position: m.Label(i), HP: MaxHP, MaxHP: MaxHP, Guard: v, Initiative: k, Conditions: []string{"Bleeding"}})
		}
	}
	// The deciding adversary is the enemy of as many others as allowed.
	for k := 1; k <= MaxEnemies; k++ {
		s.Enemies = append(s.Enemies, [2]string{"Raider 0", fmt.Sprintf("Raider %d", 2*MaxCharacters+k)})
	}
	for range MaxRolls {
		s.Rolls.Attack = append(s.Rolls.Attack, "2")
		s.Rolls.Accuracy = append(s.Rolls.Accuracy, "success")
	}
	if decide == "place" {
		s.Placement = &Placement{Type: "Type 3", Space: m.Label(picks[0] + 1)}
	}
	if err := s.check(); err != nil {
		tb.Fatal(err)
	}
	return s
}

var decides = []string{"turn", "target", "initiative", "place", "react"}

// resolveLargest resolves the largest situation as the resolve verb does:
// the file in, the decision and its trace out as JSON.
func resolveLargest(tb testing.TB, decide string, open bool) int {
	data, err := json.Marshal(largestSituation(tb, decide, open))
	if err != nil {
		tb.Fatal(err)
	}
	out, err := Resolve(data)
	if err != nil {
		tb.Fatalf("%s: %v", decide, err)
	}
	return len(out)
}

// BenchmarkLargestSituation is every decision on the largest situation the
// limits allow; each must stay well under a second (README, "Measured").
func BenchmarkLargestSituation(b *testing.B) {
	for _, open := range []bool{false, true} {
		for _, d := range decides {
			b.Run(fmt.Sprintf("%s/%s", map[bool]string{false: "walls", true: "open"}[open], d), func(b *testing.B) {
				cpu := cpuTime()
				for b.Loop() {
					resolveLargest(b, d, open)
				}
				b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

// TestLargestSituationWorkIsBounded: the largest situation's decisions
// allocate a bounded amount, whatever the values on its cards (the work
// depends on the map's size, not on a move of 99 or of 10⁹). Before, a long
// move computed a row of ranges per candidate space: 3 GB on 141×141.
func TestLargestSituationWorkIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("the largest situation")
	}
	for _, open := range []bool{false, true} {
		for _, d := range decides {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start, cpu := time.Now(), cpuTime()
			size := resolveLargest(t, d, open)
			took, cpu := time.Since(start), cpuTime()-cpu
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("open %v, %s: %v (CPU %v), %d MB allocated, %d KB out", open, d, took.Round(time.Millisecond), cpu.Round(time.Millisecond), alloc>>20, size>>10)
			if alloc > 256<<20 {
				t.Errorf("open %v, %s: %d MB allocated for one decision", open, d, alloc>>20)
			}
		}
	}
}

// TestSituationLimitsAreRefused: a file beyond the limits is refused, the
// field named, before anything is worked out.
func TestSituationLimitsAreRefused(t *testing.T) {
	good, err := os.ReadFile("testdata/example.json")
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
	typ := func(m map[string]any) map[string]any { return m["types"].([]any)[0].(map[string]any) }
	species := func(m map[string]any) map[string]any { return typ(m)["speciesCard"].(map[string]any) }
	bigMap := func(m map[string]any) {
		var spaces []any
		for r := range 41 {
			for q := range 40 {
				spaces = append(spaces, map[string]any{"label": fmt.Sprintf("S%d-%d", q, r), "q": q - r/2, "r": r})
			}
		}
		m["map"] = map[string]any{"spaces": spaces}
		delete(m, "figures")
		m["figures"] = []any{}
	}
	cases := []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"1,640 spaces", bigMap, "map: 1640 spaces; a situation's map may have at most 1600"},
		{"a move of 10⁹", func(m map[string]any) { species(m)["actions"] = []any{map[string]any{"kind": "move", "value": 1e9}} },
			"types[0]: speciesCard: actions[0]: value: 1000000000 is beyond ±99"},
		{"range 21", func(m map[string]any) { typ(m)["range"] = 21 }, "types[0]: range: 21 is beyond ±20"},
		{"11 actions", func(m map[string]any) {
			var acts []any
			for range 11 {
				acts = append(acts, map[string]any{"kind": "move", "value": 1})
			}
			species(m)["actions"] = acts
		}, "types[0]: speciesCard: actions: 11 listed; at most 10"},
		{"hp 1000", func(m map[string]any) { typ(m)["hp"] = 1000 }, "types[0]: hp: 1000 is beyond ±999"},
		{"7 characters", func(m map[string]any) {
			figs := m["figures"].([]any)
			for k := range 7 {
				figs = append(figs, map[string]any{"name": fmt.Sprintf("C%d", k), "side": "character", "colour": "red", "hp": 5})
			}
			m["figures"] = figs
		}, "figures with side character: 9 listed; at most 6"},
		{"a long name", func(m map[string]any) { typ(m)["name"] = strings.Repeat("n", MaxName+1) }, "types[0]: name: 101 characters; at most 100"},
		{"201 rolls", func(m map[string]any) {
			var r []any
			for range MaxRolls + 1 {
				r = append(r, "2")
			}
			m["rolls"] = map[string]any{"attack": r}
		}, "rolls.attack: 201 listed; at most 200"},
	}
	for _, c := range cases {
		_, err := ParseSituation(edit(c.edit))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\n  want it to say %q", c.name, err, c.want)
		}
	}
}

// TestSituationBeyondTheLimitsIsRefusedAtOnce: a file beyond the limits is
// refused from its counts, before each of its entries is checked, so its
// work is bounded by the limits, not by the file. Before, 100,000 figures
// (an 8 MB file) were each checked first: 4 s and 810 MB allocated, now
// 150 MB (decoding them).
func TestSituationBeyondTheLimitsIsRefusedAtOnce(t *testing.T) {
	good, err := os.ReadFile("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(good, &m); err != nil {
		t.Fatal(err)
	}
	var figs []any
	for i := range 100_000 {
		figs = append(figs, map[string]any{"name": fmt.Sprintf("Archer %d", i), "side": "adversary", "type": "Grallok Archer", "colour": "red", "hp": 6})
	}
	m["figures"] = figs
	data, _ := json.Marshal(m)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = ParseSituation(data)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "figures: 100000 listed; at most 60") {
		t.Fatalf("100,000 figures: %.300v", err)
	}
	if strings.Contains(err.Error(), "Archer 99999") {
		t.Errorf("the figures were checked one by one: %.300v", err)
	}
	// Decoding the file into figures takes about 16 times its size;
	// checking each figure took 100 times.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32*uint64(len(data)) {
		t.Errorf("refusing a %d MB file allocated %d MB", len(data)>>20, alloc>>20)
	}
}

// TestEmptyOrCutFileIsSaidInWords: an empty file or one cut short is said
// so, not "EOF".
func TestEmptyOrCutFileIsSaidInWords(t *testing.T) {
	for _, data := range []string{"", "  \n", `{"decision": "activ`, `{"decide": "turn", "map": {"spaces": [`} {
		_, err := Resolve([]byte(data))
		if err == nil || !strings.Contains(err.Error(), "the file is empty or cut short") || strings.Contains(err.Error(), "EOF") {
			t.Errorf("%q: %v", data, err)
		}
	}
}
