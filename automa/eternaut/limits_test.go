package eternaut

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestSituationLimitsAreRefused: the Madness pick from a hand of
// 2⁶³−1 and 100,000 modules, and the rest beyond the limits, are refused
// with the field named (before: 3 to 8 s and 27 MB of output).
func TestSituationLimitsAreRefused(t *testing.T) {
	many := func(n int) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"race": "R%d", "onMap": 1}`, i)
		}
		return b.String()
	}
	cases := []struct{ file, want string }{
		{`{"decision": "madnessPick", "hand": 9223372036854775807, "seed": 1}`, "hand: 9223372036854775807 cards; a hand holds 1 to 20"},
		{`{"decision": "madnessPick", "hand": 21}`, "hand: 21 cards"},
		{`{"decision": "activation", "modules": [` + many(100_000) + `]}`, "modules: 100000 listed; the Alien board holds at most 12"},
		{`{"decision": "activation", "modules": [` + many(13) + `]}`, "modules: 13 listed"},
		{`{"decision": "activation", "modules": [{"race": "Gurbo", "onMap": 100}]}`, "modules[0].onMap: 100 aliens; 0 to 99"},
		{`{"decision": "activation", "modules": [{"race": "` + strings.Repeat("r", 61) + `", "onMap": 1}]}`, "modules[0].race: 61 characters; at most 60"},
		{`{"decision": "endOfTurn", "cubesOnTarget": 4, "scenario": "B", "survivors": [` + strings.Repeat(`"S",`, 40) + `"S"]}`, "survivors: 41 listed; at most 40"},
		{`{"decision": "activation", "modules": [{"race": "Gurbo", "onMap": 1}], "start": 13}`, "start: module 13"},
		// The box holds 4 Character boards (Rulebook: components): a deal
		// over 5 to 8 boards is refused by the limits too, naming the key.
		{`{"decision": "deal", "boards": ["1", "2", "3", "4", "5"]}`, "boards: 5 listed; at most 4 boards are in play"},
		{`{"decision": "deal", "boards": ["1", "2", "3", "4", "5", "6", "7", "8"]}`, "boards: 8 listed; at most 4"},
		{`{"decision": "deal", "boards": ["1", "2", "3", "4", "5", "6", "7", "8", "9"]}`, "boards: 9 listed; at most 4"},
		{`{"decision": "deal", "boards": ["1", "2", "3", "` + strings.Repeat("b", 61) + `"]}`, "boards[3]: 61 characters; at most 60"},
	}
	for _, c := range cases {
		start := time.Now()
		_, err := Resolve([]byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.60s: %v\n  want it to say %q", c.file, err, c.want)
		}
		if d := time.Since(start); d > time.Second {
			t.Logf("%.60s: refused after %v", c.file, d)
		}
	}
}

// TestLargestSituationsAnswerAtOnce: every decision at the limits (a full
// Alien board, a hand of 20, 40 Survivors) is answered, with a small
// answer.
func TestLargestSituationsAnswerAtOnce(t *testing.T) {
	var mods []Module
	for i := range MaxModules {
		mods = append(mods, Module{Race: strings.Repeat("r", MaxName-2) + fmt.Sprintf("%02d", i), OnMap: MaxOnMap})
	}
	var survivors []string
	for i := range MaxSurvivors {
		survivors = append(survivors, fmt.Sprintf("S%02d", i))
	}
	for _, s := range []Situation{
		{Decision: DecideActivation, Modules: mods, Start: MaxModules},
		{Decision: DecideEndOfTurn, CubesOnTarget: CubesForActivation, Scenario: "B", Survivors: survivors, Modules: mods},
		{Decision: DecideEndOfTurn, CubesOnTarget: CubesForActivation, Scenario: "C", Modules: mods},
		{Decision: DecideDeal, Boards: []string{"1", "2", "3", "4"}},
		{Decision: DecideCubeMove, Active: true, CubesOnBoard: 4, CardPlaced: true},
		{Decision: DecideMadness, Hand: MaxHand, Seed: 1<<64 - 1},
	} {
		data, _ := json.Marshal(s)
		start := time.Now()
		out, err := Resolve(data)
		if err != nil {
			t.Fatalf("%s: %v", s.Decision, err)
		}
		t.Logf("%s: %v, %d KB out", s.Decision, time.Since(start).Round(time.Microsecond), len(out)>>10)
		if len(out) > 64<<10 {
			t.Errorf("%s: %d KB of answer", s.Decision, len(out)>>10)
		}
	}
}

func BenchmarkLargestSituation(b *testing.B) {
	var mods []Module
	for i := range MaxModules {
		mods = append(mods, Module{Race: fmt.Sprint("race ", i), OnMap: MaxOnMap})
	}
	data, _ := json.Marshal(Situation{Decision: DecideEndOfTurn, CubesOnTarget: CubesForActivation, Scenario: "C", Modules: mods})
	for b.Loop() {
		if _, err := Resolve(data); err != nil {
			b.Fatal(err)
		}
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
