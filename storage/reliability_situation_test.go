package storage_test

// Bad situation files of the reliability suite (issue 16 item 12; see
// reliability_test.go): for each game, the largest situations its
// documented limits allow (automa/<game>/RESOLVE.md), which must be
// answered, and files beyond them, which must be refused in words naming
// the field. Every file goes through the resolve verb itself (ui/cli, with
// main.go's resolvers), so the file's size limit is the verb's. This file
// is outside package storage because ui/cli imports storage.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"tablekeeper/automa/alone"
	"tablekeeper/automa/eternaut"
	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
	"tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/ui/cli"
)

// situationBound is how long one resolve may take before it counts as a
// hang. Every situation within the limits is answered in under a second
// of CPU here (the packages' BenchmarkLargestSituation); the bound is 20
// times that so a CI machine under load never fails it by accident, and a
// resolve whose work grows with a number in the file (a move of 1e9 ran
// for over 10 s before the limits) still fails it.
const situationBound = 20 * time.Second

// resolveMemoryBound bounds what one resolve may allocate, answer and all:
// the largest Phantom Epoch situation allocates about 160 MB.
const resolveMemoryBound = 512 << 20

// resolvers are main.go's: the resolve verb's entry point for each game.
var resolvers = map[tracker.GameID]func([]byte) ([]byte, error){
	tracker.Eternaut:     eternaut.Resolve,
	tracker.PhantomEpoch: phantom.Resolve,
	tracker.Reichbusters: reich.Resolve,
	tracker.Alone:        alone.Resolve,
}

// A badSituation is a situation file for one game. want nil: within the
// limits, it must be answered; otherwise it must be refused, saying every
// string of want (the field, and the limit or what is wrong).
type badSituation struct {
	class string
	game  tracker.GameID
	data  func(t *testing.T) []byte
	want  []string
	// stdin: given on standard input, whose size is not known before it
	// is read, instead of as a file.
	stdin bool
}

func says(s ...string) []string { return s }

// badSituations are the situation files of every game.
func badSituations() []badSituation {
	var all []badSituation
	for _, list := range [][]badSituation{eternautSituations(), phantomSituations(), reichSituations(), aloneSituations()} {
		all = append(all, list...)
	}
	return all
}

// malformed are the classes every game's parser must refuse alike, built
// from a good file of the game.
func malformed(game tracker.GameID, good func(t *testing.T) []byte, typeField, typeWant, nestField string) []badSituation {
	return []badSituation{
		{class: "not JSON", game: game, data: fixed("{this is not a situation"), want: says("invalid character")},
		{class: "an empty file", game: game, data: fixed(""), want: says("the file is empty or")},
		{class: "a file cut in half", game: game, data: func(t *testing.T) []byte { g := good(t); return g[:len(g)/2] }, want: says("the file is empty or")},
		{class: "a list, not an object", game: game, data: fixed("[]"), want: says("array")},
		{class: "more after the end", game: game, data: func(t *testing.T) []byte { return append(good(t), "{}"...) }, want: says("after")},
		{class: "an unknown field", game: game, data: func(t *testing.T) []byte {
			return edited(t, good(t), func(m map[string]any) { m["extraTurnForThePlayers"] = true })
		}, want: says(`unknown field "extraTurnForThePlayers"`)},
		{class: "a field of the wrong type", game: game, data: func(t *testing.T) []byte {
			return edited(t, good(t), func(m map[string]any) { m[typeField] = "lots" })
		}, want: says(typeWant)},
		{class: "a number written 1e9", game: game, data: func(t *testing.T) []byte {
			return bytes.Replace(edited(t, good(t), func(m map[string]any) { m[typeField] = 123456789 }), []byte("123456789"), []byte("1e9"), 1)
		}, want: says(typeWant)},
		{class: "nesting 100,000 deep", game: game, data: func(t *testing.T) []byte {
			return bytes.Replace(edited(t, good(t), func(m map[string]any) { m[nestField] = "NEST" }), []byte(`"NEST"`), []byte(strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000)), 1)
		}, want: says("exceeded max depth")},
		{class: "a file of 16 MB and one byte", game: game, data: func(t *testing.T) []byte { return padded(good(t), cli.MaxSituationSize+1) },
			want: says("a situation file may be at most 16 MB")},
	}
}

// padded is a good file grown with spaces to size bytes: still a good
// situation, only larger.
func padded(good []byte, size int) []byte {
	out := make([]byte, size)
	copy(out, good)
	for i := len(good); i < size; i++ {
		out[i] = ' '
	}
	return out
}

func fixed(s string) func(*testing.T) []byte { return func(*testing.T) []byte { return []byte(s) } }

// edited decodes a file (numbers as written), lets f change it, and
// encodes it again.
func edited(t *testing.T, data []byte, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// at walks a decoded file by keys and list indexes.
func at(v any, path ...any) map[string]any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v.(map[string]any)
}

// many is a list of n entries made by f.
func many(n int, f func(i int) any) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = f(i)
	}
	return out
}

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readFile(path string) func(t *testing.T) []byte {
	return func(t *testing.T) []byte {
		t.Helper()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
}

// editOf is a file made by editing another.
func editOf(good func(t *testing.T) []byte, f func(m map[string]any)) func(t *testing.T) []byte {
	return func(t *testing.T) []byte { return edited(t, good(t), f) }
}

// TestReliabilityBadSituations resolves every situation file through the
// resolve verb, each under situationBound in a goroutine of its own: the
// largest situations within the limits are answered with JSON, every
// file beyond them is refused in words naming the field, none panics,
// none hangs, none allocates past resolveMemoryBound.
func TestReliabilityBadSituations(t *testing.T) {
	dir := t.TempDir()
	type tally struct {
		answered, refused int
		slowest           time.Duration
		slowClass         string
		most              uint64
		mostClass         string
		biggestAnswer     int
	}
	tallies := map[tracker.GameID]*tally{}
	for i, s := range badSituations() {
		data := s.data(t)
		args := []string{"resolve", string(s.game)}
		var stdin *bytes.Reader
		if s.stdin {
			stdin = bytes.NewReader(data)
			args = append(args, "-")
		} else {
			path := filepath.Join(dir, fmt.Sprintf("%03d.json", i))
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			args = append(args, path)
		}
		var stdout, stderr bytes.Buffer
		env := cli.Env{Stdin: stdin, Stdout: &stdout, Stderr: &stderr, Resolvers: resolvers}
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		start := time.Now()
		code, panicked := runWithin(t, s.game, s.class, func() int { return cli.Run(args, env) })
		took := time.Since(start)
		runtime.ReadMemStats(&m1)
		alloc := m1.TotalAlloc - m0.TotalAlloc
		what := fmt.Sprintf("%s, %s", s.game, s.class)
		if panicked != nil {
			t.Errorf("%s: panicked: %v", what, panicked)
			continue
		}
		tl := tallies[s.game]
		if tl == nil {
			tl = &tally{}
			tallies[s.game] = tl
		}
		if took > tl.slowest {
			tl.slowest, tl.slowClass = took, s.class
		}
		if alloc > tl.most {
			tl.most, tl.mostClass = alloc, s.class
		}
		if alloc > resolveMemoryBound {
			t.Errorf("%s: %d MB allocated", what, alloc>>20)
		}
		msg := stderr.String()
		if w := storage.HasPanicText(msg); w != "" {
			t.Errorf("%s: said %q: %s", what, w, msg)
		}
		if s.want == nil {
			if code != 0 {
				t.Errorf("%s: within the limits, not answered (exit %d): %.500s", what, code, msg)
				continue
			}
			if !json.Valid(stdout.Bytes()) {
				t.Errorf("%s: the answer is not JSON: %.200s", what, stdout.String())
			}
			tl.answered++
			tl.biggestAnswer = max(tl.biggestAnswer, stdout.Len())
			continue
		}
		if code != 1 {
			t.Errorf("%s: not refused (exit %d, %d bytes out): %.300s", what, code, stdout.Len(), msg)
			continue
		}
		if stdout.Len() > 0 {
			t.Errorf("%s: refused, yet %d bytes written out", what, stdout.Len())
		}
		for _, w := range s.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: the refusal does not say %q: %.600s", what, w, msg)
			}
		}
		tl.refused++
	}
	for _, g := range []tracker.GameID{tracker.Eternaut, tracker.PhantomEpoch, tracker.Reichbusters, tracker.Alone} {
		tl := tallies[g]
		if tl == nil {
			t.Errorf("%s: no situation tried", g)
			continue
		}
		t.Logf("%s: %d situations at the limits answered (the largest answer %d KB), %d beyond them refused naming the field; slowest %v (%s), at most %d MB allocated (%s); bound %v",
			g, tl.answered, tl.biggestAnswer>>10, tl.refused, tl.slowest.Round(time.Millisecond), tl.slowClass, tl.most>>20, tl.mostClass, situationBound)
	}
}

// runWithin runs fn in a goroutine of its own, failing the test if it has
// not returned within situationBound; a panic is recovered and returned.
func runWithin(t *testing.T, game tracker.GameID, class string, fn func() int) (code int, panicked any) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { panicked = recover() }()
		code = fn()
	}()
	select {
	case <-done:
		return code, panicked
	case <-time.After(situationBound):
		t.Fatalf("%s, %s: resolve hung for more than %v", game, class, situationBound)
		return 0, nil
	}
}

// The Eternaut (RESOLVE.md: hand 20, modules 12 of 0 to 99 aliens, start
// 12, survivors 40, boards 4, names 60 characters).

func eternautGood(t *testing.T) []byte {
	return []byte(`{"decision": "activation", "modules": [{"race": "Gurbo", "onMap": 2}, {"race": "Mano", "onMap": 0}], "start": 1}`)
}

func eternautSituations() []badSituation {
	g := tracker.Eternaut
	mods := func(n, onMap int, name string) []eternaut.Module {
		var out []eternaut.Module
		for i := range n {
			out = append(out, eternaut.Module{Race: fmt.Sprintf("%s%02d", name, i), OnMap: onMap})
		}
		return out
	}
	names := func(n int) []string {
		var out []string
		for i := range n {
			out = append(out, fmt.Sprintf("S%03d", i))
		}
		return out
	}
	long := strings.Repeat("r", eternaut.MaxName-2)
	largest := func(s eternaut.Situation) func(t *testing.T) []byte {
		return func(t *testing.T) []byte { return marshal(t, s) }
	}
	full := mods(eternaut.MaxModules, eternaut.MaxOnMap, long)
	set := func(k string, v any) func(t *testing.T) []byte {
		return editOf(eternautGood, func(m map[string]any) { m[k] = v })
	}
	list := []badSituation{
		{class: "a full Alien board at its largest", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideActivation, Modules: full, Start: eternaut.MaxModules})},
		{class: "the end of a turn in B with 40 Survivors", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideEndOfTurn, CubesOnTarget: eternaut.CubesForActivation, Scenario: "B", Survivors: names(eternaut.MaxSurvivors), Modules: full})},
		{class: "the end of a turn in C on a full board", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideEndOfTurn, CubesOnTarget: eternaut.CubesForActivation, Scenario: "C", Modules: full})},
		{class: "a deal to 4 boards", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideDeal, Boards: []string{"1", "2", "3", "4"}})},
		{class: "a cube move", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideCubeMove, Active: true, CubesOnBoard: 4, CardPlaced: true})},
		{class: "a Madness pick from a hand of 20, seed 2^64-1", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideMadness, Hand: eternaut.MaxHand, Seed: 1<<64 - 1})},
		{class: "a file of exactly 16 MB", game: g, data: func(t *testing.T) []byte { return padded(eternautGood(t), cli.MaxSituationSize) }},

		{class: "a Madness pick from a hand of 21", game: g, data: fixed(`{"decision": "madnessPick", "hand": 21, "seed": 1}`), want: says("hand: 21 cards; a hand holds 1 to 20")},
		{class: "a Madness pick from a hand of 2^63-1", game: g, data: fixed(`{"decision": "madnessPick", "hand": 9223372036854775807, "seed": 1}`), want: says("hand: 9223372036854775807 cards; a hand holds 1 to 20")},
		{class: "a Madness pick from a hand of 2^63", game: g, data: fixed(`{"decision": "madnessPick", "hand": 9223372036854775808, "seed": 1}`), want: says("hand")},
		{class: "a Madness pick from a hand of -1", game: g, data: fixed(`{"decision": "madnessPick", "hand": -1, "seed": 1}`), want: says("hand: -1 cards")},
		{class: "13 modules", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideActivation, Modules: mods(13, 1, "R")}), want: says("modules: 13 listed; the Alien board holds at most 12")},
		{class: "100,000 modules", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideActivation, Modules: mods(100_000, 1, "R")}), want: says("modules: 100000 listed")},
		{class: "100 aliens of a race", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideActivation, Modules: mods(1, 100, "R")}), want: says("modules[0].onMap: 100 aliens; 0 to 99")},
		{class: "-1 aliens of a race", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideActivation, Modules: mods(1, -1, "R")}), want: says("modules[0].onMap: -1 aliens")},
		{class: "a race of 61 characters", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideActivation, Modules: mods(1, 1, strings.Repeat("r", 59))}), want: says("modules[0].race: 61 characters; at most 60")},
		{class: "start at module 13", game: g, data: set("start", 13), want: says("start: module 13")},
		{class: "41 Survivors", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideEndOfTurn, CubesOnTarget: 4, Scenario: "B", Survivors: names(41)}), want: says("survivors: 41 listed; at most 40")},
		{class: "a Survivor of 61 characters", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideEndOfTurn, CubesOnTarget: 4, Scenario: "B", Survivors: []string{strings.Repeat("s", 61)}}), want: says("survivors[0]: 61 characters; at most 60")},
		{class: "a deal to 5 boards", game: g, data: largest(eternaut.Situation{Decision: eternaut.DecideDeal, Boards: []string{"1", "2", "3", "4", "5"}}), want: says("boards: 5 listed; at most 4 boards are in play")},
		{class: "a scenario of 61 characters", game: g, data: set("scenario", strings.Repeat("c", 61)), want: says("scenario: 61 characters; at most 60")},
		{class: "5 cubes on the target", game: g, data: fixed(`{"decision": "endOfTurn", "cubesOnTarget": 5}`), want: says("cubesOnTarget must be 0 to 4, not 5")},
		{class: "10^9 cubes on a board", game: g, data: fixed(`{"decision": "cubeMove", "active": true, "cubesOnBoard": 1000000000}`), want: says("cubesOnBoard must be 0 to 4, not 1000000000")},
		{class: "no decision", game: g, data: fixed(`{"hand": 3}`), want: says(`"decision" is missing`)},
		{class: "an unknown decision", game: g, data: fixed(`{"decision": "nuke"}`), want: says(`"nuke" is not a decision`)},
		{class: "a file of 16 MB and one byte on standard input", game: g, stdin: true, data: func(t *testing.T) []byte { return padded(eternautGood(t), cli.MaxSituationSize+1) },
			want: says("a situation file may be at most 16 MB")},
	}
	return append(list, malformed(g, eternautGood, "hand", "hand", "modules")...)
}

// Phantom Epoch (RESOLVE.md: a map of 1,600 spaces, 60 figures of which 6
// characters, 30 types, 6 bosses, 10 actions on a card, 4 class rows,
// values ±99, ranges ±20, hp 999, 200 rolls, 24 faces, 10 enemies, 30
// conditions, names 100 characters, texts 1,000).

const phantomExample = "../automa/phantom/testdata/example.json"

// phantomLargest is a situation at the limits, as the package's own
// benchmark builds it: a 40×40 map (open: no walls, the longest lines of
// sight and paths), 30 types whose every card is full of actions of value
// 99 at range 20, 60 figures with conditions, 10 enemies, 200 rolls.
func phantomLargest(decide string, open bool) func(t *testing.T) []byte {
	return func(t *testing.T) []byte {
		m := hex.GenerateBenchMap(3, 40, 40)
		if open {
			var l hex.Layout
			for r := range 40 {
				for col := range 40 {
					l.Spaces = append(l.Spaces, hex.Space{Label: fmt.Sprintf("%s-%d", hex.RowName(r), col+1), Coord: hex.Coord{Q: col - r/2, R: r}})
				}
			}
			var err error
			if m, err = hex.NewMap(l); err != nil {
				t.Fatal(err)
			}
		}
		if m.Len() != phantom.MaxSpaces {
			t.Fatalf("the map has %d spaces, not %d", m.Len(), phantom.MaxSpaces)
		}
		raw, err := hex.EncodeMap(m)
		if err != nil {
			t.Fatal(err)
		}
		v, r := phantom.MaxValue, phantom.MaxRange
		full := func() phantom.Card {
			c := phantom.Card{Name: strings.Repeat("c", phantom.MaxName), AP: v}
			c.Actions = []phantom.Action{
				{Kind: phantom.ActMove, Value: v}, {Kind: phantom.ActAttack, Value: v, Targets: v, Range: &r, Pierce: v, Multiplier: 2, Inflict: []string{"Bleeding"}},
				{Kind: phantom.ActLeap, Value: v}, {Kind: phantom.ActAttack, Value: v, Targets: v, RangeMod: r, Die: "blitz"},
				{Kind: phantom.ActRetreat, Value: v}, {Kind: phantom.ActHeal, Value: v, TargetsAllies: true, CanTargetSelf: true},
				{Kind: phantom.ActDamage, Value: v, Area: "adjacentEnemies"}, {Kind: phantom.ActMove, Value: v},
				{Kind: phantom.ActAttack, Value: v, Targets: v, Range: &r}, {Kind: phantom.ActTeleport, Value: v},
			}[:phantom.MaxCardActions]
			for range phantom.MaxCardActions {
				c.RoundEffects = append(c.RoundEffects, phantom.RoundEffect{Text: "round", Attack: 1, Guard: 1,
					AfterAttacked: []phantom.Action{{Kind: phantom.ActRetreat, Value: v}, {Kind: phantom.ActAttack, Value: v, Targets: v, Range: &r}}})
			}
			return c
		}
		s := &phantom.Situation{Decide: decide, Map: json.RawMessage(raw),
			DecisionDie: phantom.DieInput{Face: phantom.Face{Colour: phantom.Red, Primary: phantom.South, Secondary: phantom.East}},
			Adversary:   "Raider 0", Attacker: "Hero 0", Melee: true}
		for k := range phantom.MaxTypes {
			row := func(c phantom.Colour) phantom.ClassRow { return phantom.ClassRow{Colour: c, Card: full()} }
			species := full()
			s.Types = append(s.Types, phantom.AdversaryType{Name: fmt.Sprintf("Type %d", k), Range: r, HP: phantom.MaxHP, Attack: v, Guard: v, Difficulty: 2, Standees: v,
				Crit:        phantom.CritAbility{Text: "crit", Inflict: []string{"Stunned"}, Damage: v},
				SpeciesCard: &species,
				ClassCard:   &phantom.ClassCard{Rows: []phantom.ClassRow{row(phantom.DarkBlue), row(phantom.LightBlue), row(phantom.Red), row(phantom.Yellow)}}})
		}
		var picks []int
		for i := 0; len(picks) < phantom.MaxFigures && i < m.Len(); i += 37 {
			if m.SpaceAt(i).Standable(false) {
				picks = append(picks, i)
			}
		}
		for k, i := range picks {
			c := phantom.Colours[k%4]
			if k >= 2*phantom.MaxCharacters || k%2 == 0 {
				s.Figures = append(s.Figures, phantom.FigureInput{Name: fmt.Sprintf("Raider %d", k), Side: "adversary", Type: fmt.Sprintf("Type %d", k%phantom.MaxTypes), Colour: string(c), Position: m.Label(i), HP: phantom.MaxHP, Conditions: []string{"Burning"}})
			} else {
				s.Figures = append(s.Figures, phantom.FigureInput{Name: fmt.Sprintf("Hero %d", k/2), Side: "character", Colour: string(c), Position: m.Label(i), HP: phantom.MaxHP, MaxHP: phantom.MaxHP, Guard: v, Initiative: k, Conditions: []string{"Bleeding"}})
			}
		}
		for k := 1; k <= phantom.MaxEnemies; k++ {
			s.Enemies = append(s.Enemies, [2]string{"Raider 0", fmt.Sprintf("Raider %d", 2*phantom.MaxCharacters+k)})
		}
		for range phantom.MaxRolls {
			s.Rolls.Attack = append(s.Rolls.Attack, "2")
			s.Rolls.Accuracy = append(s.Rolls.Accuracy, "success")
		}
		if decide == "place" {
			s.Placement = &phantom.Placement{Type: "Type 3", Space: m.Label(picks[0] + 1)}
		}
		return marshal(t, s)
	}
}

// phantomGrid is an open map of w×h spaces.
func phantomGrid(w, h int) map[string]any {
	return map[string]any{"spaces": many(w*h, func(i int) any {
		r, q := i/w, i%w
		return map[string]any{"label": fmt.Sprintf("S%d-%d", q, r), "q": q - r/2, "r": r}
	})}
}

func phantomSituations() []badSituation {
	g := tracker.PhantomEpoch
	good := readFile(phantomExample)
	edit := func(f func(m map[string]any)) func(t *testing.T) []byte { return editOf(good, f) }
	typ := func(m map[string]any) map[string]any { return at(m, "types", 0) }
	species := func(m map[string]any) map[string]any { return at(m, "types", 0, "speciesCard") }
	var list []badSituation
	for _, d := range []string{"turn", "target", "initiative", "place", "react"} {
		list = append(list, badSituation{class: "the largest " + d + " on an open 40×40 map", game: g, data: phantomLargest(d, true)})
	}
	for _, d := range []string{"turn", "react"} {
		list = append(list, badSituation{class: "the largest " + d + " on a 40×40 map with walls", game: g, data: phantomLargest(d, false)})
	}
	list = append(list, []badSituation{
		{class: "a map of 1,601 spaces", game: g, data: edit(func(m map[string]any) {
			grid := phantomGrid(40, 40)
			grid["spaces"] = append(grid["spaces"].([]any), map[string]any{"label": "X-1", "q": 100, "r": 100})
			m["map"], m["figures"] = grid, []any{}
		}), want: says("map: 1601 spaces; a situation's map may have at most 1600")},
		{class: "an open 141×141 map and a move of 1e9 (the issue's)", game: g, data: edit(func(m map[string]any) {
			m["map"], m["figures"] = phantomGrid(141, 141), []any{}
			species(m)["actions"] = []any{map[string]any{"kind": "move", "value": 1_000_000_000}}
		}), want: says("map: 19881 spaces", "types[0]: speciesCard: actions[0]: value: 1000000000 is beyond ±99")},
		{class: "a move of 1e9", game: g, data: edit(func(m map[string]any) {
			species(m)["actions"] = []any{map[string]any{"kind": "move", "value": 1_000_000_000}}
		}), want: says("types[0]: speciesCard: actions[0]: value: 1000000000 is beyond ±99")},
		{class: "a move of 100", game: g, data: edit(func(m map[string]any) {
			species(m)["actions"] = []any{map[string]any{"kind": "move", "value": 100}}
		}), want: says("types[0]: speciesCard: actions[0]: value: 100 is beyond ±99")},
		{class: "a move of -2^63", game: g, data: edit(func(m map[string]any) {
			species(m)["actions"] = []any{map[string]any{"kind": "move", "value": json.Number("-9223372036854775808")}}
		}), want: says("types[0]: speciesCard: actions[0]: value: -9223372036854775808 is beyond ±99")},
		{class: "a range of 21", game: g, data: edit(func(m map[string]any) { typ(m)["range"] = 21 }), want: says("types[0]: range: 21 is beyond ±20")},
		{class: "an action's range of 21", game: g, data: edit(func(m map[string]any) {
			species(m)["actions"] = []any{map[string]any{"kind": "attack", "range": 21}}
		}), want: says("types[0]: speciesCard: actions[0]: range: 21 is beyond ±20")},
		{class: "1,000 hit points", game: g, data: edit(func(m map[string]any) { typ(m)["hp"] = 1000 }), want: says("types[0]: hp: 1000 is beyond ±999")},
		{class: "a leap of 100", game: g, data: edit(func(m map[string]any) { m["leap"] = 100 }), want: says("leap: 100 is beyond ±99")},
		{class: "an initiative of 100", game: g, data: edit(func(m map[string]any) { at(m, "figures", 0)["initiative"] = 100 }), want: says("figures[0]: initiative: 100 is beyond ±99")},
		{class: "61 figures", game: g, data: edit(func(m map[string]any) {
			m["figures"] = append(m["figures"].([]any), many(58, func(i int) any {
				return map[string]any{"name": fmt.Sprintf("Archer %d", i+2), "side": "adversary", "type": "Grallok Archer", "colour": "red", "hp": 6}
			})...)
		}), want: says("figures: 61 listed; at most 60")},
		{class: "100,000 figures", game: g, data: edit(func(m map[string]any) {
			m["figures"] = many(100_000, func(i int) any {
				return map[string]any{"name": fmt.Sprintf("Archer %d", i), "side": "adversary", "type": "Grallok Archer", "colour": "red", "hp": 6}
			})
		}), want: says("figures: 100000 listed; at most 60")},
		{class: "7 characters", game: g, data: edit(func(m map[string]any) {
			m["figures"] = append(m["figures"].([]any), many(5, func(i int) any {
				return map[string]any{"name": fmt.Sprintf("C%d", i), "side": "character", "colour": "red", "hp": 5}
			})...)
		}), want: says("figures with side character: 7 listed; at most 6")},
		{class: "31 types", game: g, data: edit(func(m map[string]any) {
			m["types"] = append(m["types"].([]any), many(30, func(i int) any { return map[string]any{"name": fmt.Sprintf("T%d", i), "hp": 1} })...)
		}), want: says("types: 31 listed; at most 30")},
		{class: "7 bosses", game: g, data: edit(func(m map[string]any) {
			m["bosses"] = many(7, func(i int) any { return map[string]any{"name": fmt.Sprintf("B%d", i)} })
		}), want: says("bosses: 7 listed; at most 6")},
		{class: "11 actions on a card", game: g, data: edit(func(m map[string]any) {
			species(m)["actions"] = many(11, func(int) any { return map[string]any{"kind": "move", "value": 1} })
		}), want: says("types[0]: speciesCard: actions: 11 listed; at most 10")},
		{class: "5 rows on a class card", game: g, data: edit(func(m map[string]any) {
			rows := at(m, "types", 0, "classCard")["rows"].([]any)
			at(m, "types", 0, "classCard")["rows"] = append(rows, rows[0])
		}), want: says("types[0]: classCard.rows: 5 listed; at most 4")},
		{class: "201 attack rolls", game: g, data: edit(func(m map[string]any) {
			m["rolls"] = map[string]any{"attack": many(201, func(int) any { return "2" })}
		}), want: says("rolls.attack: 201 listed; at most 200")},
		{class: "a decision die of 25 faces", game: g, data: edit(func(m map[string]any) {
			m["decisionDie"] = map[string]any{"faces": many(25, func(int) any { return map[string]any{"colour": "red", "primary": "S", "secondary": "E"} })}
		}), want: says("decisionDie.faces: 25 listed; at most 24")},
		{class: "11 pairs of enemies", game: g, data: edit(func(m map[string]any) {
			m["enemies"] = many(11, func(i int) any { return []any{"Archer 1", fmt.Sprintf("X%d", i)} })
		}), want: says("enemies: 11 listed; at most 10")},
		{class: "31 conditions", game: g, data: edit(func(m map[string]any) {
			at(m, "figures", 0)["conditions"] = many(31, func(int) any { return "Bleeding" })
		}), want: says("figures[0]: conditions: 31 listed; at most 30")},
		{class: "a name of 101 characters", game: g, data: edit(func(m map[string]any) { typ(m)["name"] = strings.Repeat("n", 101) }), want: says("types[0]: name: 101 characters; at most 100")},
		{class: "a text of 1,001 characters", game: g, data: edit(func(m map[string]any) { at(m, "types", 0, "crit")["text"] = strings.Repeat("t", 1001) }), want: says("types[0]: crit: text: 1001 characters; at most 1000")},
		{class: "a file of 16 MB and one byte, on standard input", game: g, stdin: true, data: func(t *testing.T) []byte { return padded(good(t), cli.MaxSituationSize+1) },
			want: says("a situation file may be at most 16 MB")},
	}...)
	return append(list, malformed(g, good, "leap", "leap", "figures")...)
}

// Reichbusters (RESOLVE.md: 400 areas and sight lines, 1,600 edges, 800
// doors, 200 units, cards and deck entries, 400 rooms, 2,000 sight
// answers, any other list 100, any number ±99, ids 200 characters).

const reichExample = "../automa/reich/testdata/example-situation.json"

// reichLargest is a situation at the limits, as the package's own
// benchmark builds it: a 20×20 grid of 400 areas in rooms of two joined by
// doors, 400 sight lines, 200 units, 4 heroes, 100 spawn tokens, 200 spawn
// cards and 100 noise cards, every room on alert; request is resolved on
// it.
func reichLargest(t *testing.T, request reich.Request) []byte {
	const cols, rows, list, number, units = 20, 20, 100, 99, 200
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
	for k := 0; len(m.SightLines) < 400; k++ {
		r, c := k%rows, (k/rows)%(cols-2)
		if k%2 == 0 {
			line(r, c, 0, 1, cols-c)
		} else {
			line(c, r, 1, 0, rows-c)
		}
	}
	for i := range list {
		m.SpawnTokens = append(m.SpawnTokens, content.SpawnToken{ID: fmt.Sprintf("T%d", i), Area: id((i*7)%rows, (i*3+5)%cols),
			Icons: []content.Level{[]content.Level{content.Green, content.Orange, content.Red}[i%3]}})
	}
	m.Barracks = []content.Barracks{{Letter: "A", Target: id(0, cols-1)}, {Letter: "B", Target: id(rows-1, cols-1)}, {Letter: "C", Target: id(rows/2, 0)}}
	m.GuardPoints = []string{id(rows/2, cols/2)}
	for i := range 20 {
		m.Exits = append(m.Exits, id(i, cols-1))
		m.Entrances = append(m.Entrances, id(i, 0))
	}
	kws := func(ss ...string) []content.Keyword {
		var out []content.Keyword
		for _, s := range ss {
			k, err := content.ParseKeyword(s)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, k)
		}
		return out
	}
	ranged := func(n int) *int { return &n }
	c := content.Content{Faction: content.Faction{ID: "f1", Name: "Test faction", Units: []content.UnitType{
		{Code: "GR", Name: "Grunt", LootColour: "grey", Max: number, MeleeAttack: 3, RangedAttack: ranged(2), Range: 3, Support: 1, Defence: 3},
		{Code: "DG", Name: "Dog", LootColour: "black", Max: number, MeleeAttack: 4, Support: 2, Defence: 2, Keywords: kws("fast", "noHands"), Tags: []string{"dog"}},
		{Code: "OF", Name: "Officer", LootColour: "red", Max: number, MeleeAttack: 2, RangedAttack: ranged(3), Range: 2, Support: 1, Defence: 4, Tags: []string{"officer"}},
		{Code: "BG", Name: "Bodyguard", LootColour: "grey", Max: number, MeleeAttack: 4, Support: 2, Defence: 4, Keywords: kws("bodyguard")},
		{Code: "VM", Name: "Vrilmeister", LootColour: "red", Max: 1, MeleeAttack: 5, Support: 2, Defence: 5, Tags: []string{"vrilmeister"}},
		{Code: "HD", Name: "Handler", LootColour: "grey", Max: number, MeleeAttack: 2, Support: 1, Defence: 3, Keywords: kws("handler(DG)")},
		{Code: "ZB", Name: "Zombie", LootColour: "black", Max: number, MeleeAttack: 2, Support: 1, Defence: 1, Keywords: kws("overwhelm"), Tags: []string{"zombie"}},
		{Code: "WH", Name: "Scientist", NameIsWhite: true, LootColour: "grey", Max: number, MeleeAttack: 1, Defence: 2},
	}}}
	items := func(pairs ...any) []content.SpawnItem {
		var out []content.SpawnItem
		for i := 0; i < len(pairs); i += 2 {
			out = append(out, content.SpawnItem{UnitCode: pairs[i].(string), Count: pairs[i+1].(int)})
		}
		return out
	}
	var spawnDeck, noiseDeck []string
	for i := range 200 {
		card := content.SpawnCard{ID: fmt.Sprintf("RB%03d", 100+i), Levels: map[content.Level][]content.SpawnItem{
			content.Green: items("GR", 1, "DG", 1), content.Orange: items("DG", 2, "GR", 2), content.Red: items("ZB", 3, "HD", 1, "GR", 3)}}
		c.SpawnCards = append(c.SpawnCards, card)
		spawnDeck = append(spawnDeck, card.ID)
	}
	alert := content.Alert
	for i := range list {
		n := content.NoiseCard{ID: fmt.Sprintf("NZ%d", i), Deck: content.DeckPreAlarm, Threshold: 9,
			Top: []content.Effect{{Kind: content.EffSpawnPatrol, Icons: []content.Level{content.Red, content.Orange, content.Green}, Awareness: &alert},
				{Kind: content.EffRaiseAwareness, Target: content.TargetNearestRoom, Levels: 2}},
			Bottom: []content.Effect{{Kind: content.EffAdvanceTracker, N: 1}}}
		c.NoiseCards = append(c.NoiseCards, n)
		noiseDeck = append(noiseDeck, n.ID)
	}
	s := &reich.Situation{Content: c, Map: m, Settings: reich.DefaultSettings(), Seed: 7, Resolve: request}
	s.State = reich.State{Phase: reich.PreAlarm, During: reich.HeroTurn, CurrentHero: "H1", HeroesActed: []string{"H3", "H2", "H1"},
		Tracker:   &reich.Tracker{Pos: 3, PreAlarmRounds: 8, PostAlarmRounds: 6},
		Heroes:    []reich.Hero{{ID: "H1", Area: id(0, 0)}, {ID: "H2", Area: id(0, 1)}, {ID: "H3", Area: id(rows-1, 0)}, {ID: "H4", Area: id(2, 2)}},
		SpawnDeck: &reich.Deck{DrawPile: spawnDeck},
		NoiseDeck: &reich.Deck{DrawPile: noiseDeck},
		Rooms:     map[string]*reich.RoomState{},
	}
	if request.Kind == reich.KindEnemyTurn {
		s.State.During = reich.EnemyTurn
	}
	codes := []string{"GR", "DG", "ZB", "HD", "BG", "GR"}
	for i := range units {
		s.State.Units = append(s.State.Units, reich.Unit{ID: fmt.Sprintf("u%d", i), Code: codes[i%len(codes)], Area: id((i*7)%rows, 3+(i*5)%(cols-3))})
	}
	for _, a := range m.Areas {
		s.State.Rooms[a.Room] = &reich.RoomState{Awareness: content.Alert}
	}
	s.Answers.TokenIcons = map[string][]content.Level{}
	return marshal(t, s)
}

func reichSituations() []badSituation {
	g := tracker.Reichbusters
	good := readFile(reichExample)
	edit := func(f func(m map[string]any)) func(t *testing.T) []byte { return editOf(good, f) }
	sub := func(m map[string]any, keys ...any) map[string]any { return at(m, keys...) }
	unit := func(m map[string]any) map[string]any { return at(m, "content", "faction", "units", 0) }
	strs := func(n int, prefix string) []any {
		return many(n, func(i int) any { return fmt.Sprintf("%s%d", prefix, i) })
	}
	var list []badSituation
	for _, r := range []reich.Request{
		{Kind: reich.KindNoiseCard, Card: "NZ0", Total: 12},
		{Kind: reich.KindAlarm},
		{Kind: reich.KindEnemyTurn},
		{Kind: reich.KindSightCheck, Hero: "H4", From: "a2_1", EndOfTurn: true},
	} {
		list = append(list, badSituation{class: "the largest " + r.Kind, game: g, data: func(t *testing.T) []byte { return reichLargest(t, r) }})
	}
	list = append(list, []badSituation{
		{class: "401 areas", game: g, data: edit(func(m map[string]any) {
			sub(m, "map")["areas"] = many(401, func(i int) any { return map[string]any{"id": fmt.Sprint("x", i), "room": "r"} })
		}), want: says("map.areas: 401 listed; at most 400")},
		{class: "100,000 areas", game: g, data: edit(func(m map[string]any) {
			sub(m, "map")["areas"] = many(100_000, func(i int) any { return map[string]any{"id": fmt.Sprint("x", i), "room": "r"} })
		}), want: says("map.areas: 100000 listed; at most 400")},
		{class: "1,601 edges", game: g, data: edit(func(m map[string]any) {
			sub(m, "map")["edges"] = many(1601, func(i int) any { return map[string]any{"a": "A1", "b": "A2"} })
		}), want: says("map.edges: 1601 listed; at most 1600")},
		{class: "801 doors", game: g, data: edit(func(m map[string]any) {
			sub(m, "map")["doors"] = many(801, func(i int) any { return map[string]any{"id": fmt.Sprint("D", i), "state": "open"} })
		}), want: says("map.doors: 801 listed; at most 800")},
		{class: "401 sight lines", game: g, data: edit(func(m map[string]any) {
			sub(m, "map")["sightLines"] = many(401, func(int) any { return []any{"A1", "A2"} })
		}), want: says("map.sightLines: 401 listed; at most 400")},
		{class: "a sight line of 101 areas", game: g, data: edit(func(m map[string]any) {
			sub(m, "map")["sightLines"] = []any{strs(101, "A")}
		}), want: says("map.sightLines[]: 101 listed; at most 100")},
		{class: "201 units", game: g, data: edit(func(m map[string]any) {
			sub(m, "state")["units"] = many(201, func(i int) any { return map[string]any{"id": fmt.Sprint("u", i), "code": "GR", "area": "A1"} })
		}), want: says("state.units: 201 listed; at most 200")},
		{class: "401 rooms", game: g, data: edit(func(m map[string]any) {
			rooms := map[string]any{}
			for i := range 401 {
				rooms[fmt.Sprint("R", i)] = map[string]any{"awareness": "alert"}
			}
			sub(m, "state")["rooms"] = rooms
		}), want: says("state.rooms: 401 listed; at most 400")},
		{class: "801 door states", game: g, data: edit(func(m map[string]any) {
			doors := map[string]any{}
			for i := range 801 {
				doors[fmt.Sprint("D", i)] = "open"
			}
			sub(m, "state")["doors"] = doors
		}), want: says("state.doors: 801 listed; at most 800")},
		{class: "401 obscured areas", game: g, data: edit(func(m map[string]any) { sub(m, "state")["obscured"] = strs(401, "A") }), want: says("state.obscured: 401 listed; at most 400")},
		{class: "401 suppressed areas", game: g, data: edit(func(m map[string]any) { sub(m, "state")["suppressed"] = strs(401, "A") }), want: says("state.suppressed: 401 listed; at most 400")},
		{class: "401 dog biscuits", game: g, data: edit(func(m map[string]any) { sub(m, "state")["dogBiscuits"] = strs(401, "A") }), want: says("state.dogBiscuits: 401 listed; at most 400")},
		{class: "a spawn deck of 201", game: g, data: edit(func(m map[string]any) { sub(m, "state", "spawnDeck")["drawPile"] = strs(201, "RB") }), want: says("state.spawnDeck.drawPile: 201 listed; at most 200")},
		{class: "a spawn discard of 201", game: g, data: edit(func(m map[string]any) { sub(m, "state", "spawnDeck")["discard"] = strs(201, "RB") }), want: says("state.spawnDeck.discard: 201 listed; at most 200")},
		{class: "201 spawn cards", game: g, data: edit(func(m map[string]any) {
			sub(m, "content")["spawnCards"] = many(201, func(i int) any { return map[string]any{"id": fmt.Sprint("RB", i), "levels": map[string]any{}} })
		}), want: says("content.spawnCards: 201 listed; at most 200")},
		{class: "201 noise cards", game: g, data: edit(func(m map[string]any) {
			sub(m, "content")["noiseCards"] = many(201, func(i int) any { return map[string]any{"id": fmt.Sprint("N", i), "deck": "preAlarm"} })
		}), want: says("content.noiseCards: 201 listed; at most 200")},
		{class: "2,001 sight answers", game: g, data: edit(func(m map[string]any) {
			m["answers"] = map[string]any{"los": many(2001, func(int) any { return map[string]any{"from": "A1", "to": "A2", "see": true} })}
		}), want: says("answers.los: 2001 listed; at most 2000")},
		{class: "101 keywords", game: g, data: edit(func(m map[string]any) { unit(m)["keywords"] = many(101, func(int) any { return "fast" }) }),
			want: says("content.faction.units[].keywords: 101 listed; at most 100")},
		{class: "a # of 10^6", game: g, data: edit(func(m map[string]any) { unit(m)["max"] = 1_000_000 }), want: says("content.faction.units[].max: 1000000 is beyond ±99")},
		{class: "a defence of 2^63-1", game: g, data: edit(func(m map[string]any) { unit(m)["defence"] = json.Number("9223372036854775807") }),
			want: says("content.faction.units[].defence: 9223372036854775807 is beyond ±99")},
		{class: "a noise total of 10^9", game: g, data: edit(func(m map[string]any) { sub(m, "resolve")["total"] = 1_000_000_000 }), want: says("resolve.total: 1000000000 is beyond ±99")},
		{class: "1,000 placed of a unit", game: g, data: edit(func(m map[string]any) { sub(m, "state")["placedEver"] = map[string]any{"GR": 1000} }),
			want: says("state.placedEver[]: 1000 is beyond ±999")},
		{class: "an id of 201 characters", game: g, data: edit(func(m map[string]any) { unit(m)["code"] = strings.Repeat("G", 201) }),
			want: says("content.faction.units[].code: 201 characters; at most 200")},
		{class: "a noise text of 1,001 characters", game: g, data: edit(func(m map[string]any) {
			at(m, "content", "noiseCards", 0)["top"] = []any{map[string]any{"kind": "freeText", "text": strings.Repeat("t", 1001)}}
		}), want: says("content.noiseCards[].top[].text: 1001 characters; at most 1000")},
	}...)
	return append(list, malformed(g, good, "seed", "seed", "heroes")...)
}

// Alone (RESOLVE.md: 200 Sectors, 60 Creatures, 60 cards, any other list
// 100, any number ±99, dice 50, a card's n and range 20, ids 200
// characters).

const aloneExample = "../automa/alone/testdata/example.json"

// aloneMap is a two-level Map of w×h Sectors per Level with Doors, Blocked
// Doors, Lights and Danger spread over it, as the package's benchmark map.
func aloneMap(w, h int) *alone.Map {
	m := &alone.Map{}
	id := func(lv, x, y int) string { return fmt.Sprintf("L%d-%d-%d", lv, x, y) }
	for lv := 1; lv <= 2; lv++ {
		for y := range h {
			for x := range w {
				s := alone.Sector{ID: id(lv, x, y), Level: lv, Exits: map[alone.Dir]alone.Link{}, Shape: alone.ShapeCross,
					Lighted: (x+y+lv)%5 == 0, Danger: (x*3+y+lv)%7 == 0, LCU: (x+2*y)%6 == 1}
				m.Sectors = append(m.Sectors, s)
			}
		}
	}
	join := func(a string, d alone.Dir, c string, l alone.Link) {
		sa, sc := m.Sector(a), m.Sector(c)
		l.To = c
		sa.Exits[d] = l
		l.To = a
		sc.Exits[d.Opposite()] = l
	}
	for lv := 1; lv <= 2; lv++ {
		for y := range h {
			for x := range w {
				if x+1 < w && (x+y)%4 != 3 {
					switch (x + y*w) % 9 {
					case 0:
						join(id(lv, x, y), alone.East, id(lv, x+1, y), alone.Link{Door: true})
					case 4:
						join(id(lv, x, y), alone.East, id(lv, x+1, y), alone.Link{Door: true, Blocked: true})
					default:
						join(id(lv, x, y), alone.East, id(lv, x+1, y), alone.Link{})
					}
				}
				if y+1 < h && (x*y)%5 != 4 {
					join(id(lv, x, y), alone.South, id(lv, x, y+1), alone.Link{Door: (x+y)%7 == 2})
				}
			}
		}
	}
	stairs := func(a, c, colour string) {
		join(a, alone.Stairs, c, alone.Link{})
		m.Sector(a).StairsColour = colour
		m.Sector(c).StairsColour = colour
	}
	stairs(id(1, 0, h-1), id(2, 0, 0), "red")
	stairs(id(1, w-1, 0), id(2, w-1, h-1), "blue")
	hero := id(1, w/2, h/2)
	m.Sector(hero).Revealed = true
	for _, d := range []alone.Dir{alone.North, alone.East, alone.South, alone.West} {
		if l, ok := m.Sector(hero).Exits[d]; ok {
			m.Sector(l.To).Revealed = true
		}
	}
	m.Sector(hero).Danger = false
	m.Hero = hero
	return m
}

// aloneLargest is a situation at the limits, as the package's own
// benchmark builds it: two Levels of 10×10 Sectors (200), 60 Creatures, 60
// Reaction cards of every trigger, each with a move of another range,
// every trigger fired this Turn, and each decision point's own inputs.
func aloneLargest(decision string) func(t *testing.T) []byte {
	return func(t *testing.T) []byte {
		const creatures, cards, number, dice = 60, 60, 99, 50
		m := aloneMap(10, 10)
		dangers := map[int]int{}
		for i := range m.Sectors {
			if sc := &m.Sectors[i]; sc.Danger {
				if dangers[sc.Level]++; dangers[sc.Level] > alone.MaxDangerPerLevel {
					sc.Danger = false
				}
			}
		}
		types := []alone.CreatureType{alone.Spore, alone.Parasite, alone.Cultist, alone.Hybrid, alone.Worm}
		for i := range creatures {
			lv := 1 + i%2
			x, y := (i*3)%10, (i*7+1)%10
			c := alone.Creature{ID: fmt.Sprintf("c%d", i), Type: types[i%len(types)], Sector: fmt.Sprintf("L%d-%d-%d", lv, x, y)}
			c.Revealed = m.Sector(c.Sector).Revealed
			m.Creatures = append(m.Creatures, c)
		}
		cfg := alone.DefaultConfig()
		cfg.LevelLimit = creatures
		for _, ct := range alone.CreatureTypes {
			cfg.Tokens[ct] = creatures
		}
		sf := &alone.SituationFile{Decision: decision, Mode: alone.Solo, Seed: 1<<64 - 1, Settings: alone.DefaultSettings(), Config: cfg, Map: m,
			Hero: alone.HeroState{Life: 6, SC: 6, Companion: 3}, Turn: 6, Goals: []string{"L2-9-9", "L1-0-0"}}
		hand := 20
		sf.Hand = &hand
		triggers := []alone.Trigger{alone.TriggerMove, alone.TriggerExplore, alone.TriggerFight, "locate", "scavenge", "interact", "life", "sc"}
		for i := range cards {
			sf.Cards = append(sf.Cards, alone.ReactionCard{ID: fmt.Sprintf("R%02d", i), Trigger: triggers[i%len(triggers)], Instant: i%3 == 0,
				Effect:    []alone.CardOp{{Op: "damage", Kind: "life", N: 2}, {Op: "attackDice", N: 3}, {Op: "move", Range: i % 21}, {Op: "spawn"}},
				Dangerous: []alone.CardOp{{Op: "damage", Kind: "sc", N: 4}, {Op: "move", Range: (i + 7) % 21}}})
		}
		sf.Triggers = triggers
		sf.ActionStart = m.Hero
		d, rng, n := dice, number, 8
		sf.Dice, sf.Range, sf.DangerCount = &d, &rng, &n
		sf.Timing = "afterMove"
		sf.NoiseSource = "L1-9-9"
		sf.Modifiers = map[string]int{"c0": 3, "c1": -1}
		sf.Damage = &alone.DamageEvent{Kind: "life", N: 3}
		sf.Shape = alone.ShapeCross
		sf.Hands = &alone.EvilHands{Players: 3, Hands: []int{1, 2, 3}, Decks: [2]string{"A", "B"}, Left: [2]int{30, 30}}
		sf.Targets = []alone.LocateTarget{{Sector: "L1-0-0"}, {Element: "danger"}}
		sf.Types = types
		sf.Creature = "c1"
		sf.Direction = alone.East
		sf.Round = &alone.RoundEnd{Tracks: alone.Tracks{Life: 6, SC: 6}, RoundMarker: 3}
		return marshal(t, sf)
	}
}

func aloneSituations() []badSituation {
	g := tracker.Alone
	good := readFile(aloneExample)
	edit := func(f func(m map[string]any)) func(t *testing.T) []byte { return editOf(good, f) }
	var list []badSituation
	for _, d := range []string{alone.DecideEndOfTurn, alone.DecideInstant, alone.DecideNoise, alone.DecideAttackOrder, alone.DecideTurnEnd,
		alone.DecideCompanion, alone.DecideDanger, alone.DecideTileReuse, alone.DecideHandRefill, alone.DecideRoll, alone.DecideLocate,
		alone.DecideSpawns, alone.DecideMoves, alone.DecideHeroMove, alone.DecideExplore, alone.DecideEndOfRound, alone.DecideHeroView} {
		list = append(list, badSituation{class: "the largest " + d, game: g, data: aloneLargest(d)})
	}
	list = append(list, []badSituation{
		{class: "201 Sectors", game: g, data: edit(func(m map[string]any) {
			at(m, "map")["sectors"] = many(201, func(i int) any { return map[string]any{"id": fmt.Sprint("s", i), "level": 1} })
		}), want: says("map.sectors: 201 listed; at most 200")},
		{class: "100,000 Sectors", game: g, data: edit(func(m map[string]any) {
			at(m, "map")["sectors"] = many(100_000, func(i int) any { return map[string]any{"id": fmt.Sprint("s", i), "level": 1} })
		}), want: says("map.sectors: 100000 listed; at most 200")},
		{class: "61 Creatures", game: g, data: edit(func(m map[string]any) {
			at(m, "map")["creatures"] = many(61, func(i int) any { return map[string]any{"id": fmt.Sprint("c", i), "type": "worm", "sector": "E1"} })
		}), want: says("map.creatures: 61 listed; at most 60")},
		{class: "61 cards", game: g, data: edit(func(m map[string]any) {
			m["cards"] = many(61, func(i int) any { return map[string]any{"id": fmt.Sprint("c", i), "trigger": "move", "effect": []any{}} })
		}), want: says("cards: 61 listed; at most 60")},
		{class: "101 goals", game: g, data: edit(func(m map[string]any) { m["goals"] = many(101, func(int) any { return "I" }) }), want: says("goals: 101 listed; at most 100")},
		{class: "a move of range 10^9", game: g, data: edit(func(m map[string]any) {
			m["decision"], m["creature"], m["range"] = "legalMoves", "worm-1", 1_000_000_000
		}),
			want: says("range: 1000000000 is beyond ±99")},
		{class: "a roll of 2^63-1 dice", game: g, data: edit(func(m map[string]any) { m["decision"], m["dice"] = "roll", json.Number("9223372036854775807") }),
			want: says("dice: 9223372036854775807 is beyond ±99")},
		{class: "a roll of 51 dice", game: g, data: edit(func(m map[string]any) { m["decision"], m["dice"] = "roll", 51 }), want: says("dice", "50")},
		{class: "a hand of 100", game: g, data: edit(func(m map[string]any) { m["hand"] = 100 }), want: says("hand: 100 is beyond ±99")},
		{class: "a turn of -100", game: g, data: edit(func(m map[string]any) { m["turn"] = -100 }), want: says("turn: -100 is beyond ±99")},
		{class: "a card's move of range 21", game: g, data: edit(func(m map[string]any) {
			m["cards"] = []any{map[string]any{"id": "R1", "trigger": "move", "effect": []any{map[string]any{"op": "move", "range": 21}}}}
		}), want: says(`card "R1"`, "within 0..20")},
		{class: "an id of 201 characters", game: g, data: edit(func(m map[string]any) { m["noiseSource"] = strings.Repeat("s", 201) }), want: says("noiseSource: 201 characters; at most 200")},
		{class: "a file of 16 MB and one byte, on standard input", game: g, stdin: true, data: func(t *testing.T) []byte { return padded(good(t), cli.MaxSituationSize+1) },
			want: says("a situation file may be at most 16 MB")},
	}...)
	return append(list, malformed(g, good, "turn", "turn", "goals")...)
}
