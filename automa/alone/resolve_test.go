package alone

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func readExample(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestResolveExample(t *testing.T) {
	out, err := Resolve(readExample(t))
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("SHOW") != "" {
		os.Stdout.Write(out)
	}
	var o struct {
		Result   EndOfTurnDecision `json:"result"`
		HeroView *Labyrinth        `json:"heroView"`
		Trace    struct{ Steps []map[string]any }
	}
	if err := json.Unmarshal(out, &o); err != nil {
		t.Fatal(err)
	}
	if len(o.Result.Plays) != 1 || o.Result.Plays[0].Move.Creature != "worm-1" || o.Result.Plays[0].Move.Scare != 2 {
		t.Errorf("plays %+v", o.Result.Plays)
	}
	if o.HeroView == nil || len(o.HeroView.Creatures) != 1 || o.HeroView.Creatures[0].ID != "worm-1" {
		t.Errorf("hero view %+v", o.HeroView)
	}
	again, _ := Resolve(readExample(t))
	if string(again) != string(out) {
		t.Error("the same file resolves differently")
	}
}

// with rewrites the example situation: set top-level keys (JSON values).
func with(t testing.TB, kv map[string]string) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(readExample(t), &m); err != nil {
		t.Fatal(err)
	}
	for k, v := range kv {
		if v == "" {
			delete(m, k)
		} else {
			m[k] = json.RawMessage(v)
		}
	}
	b, _ := json.Marshal(m)
	return b
}

// Every decision point resolves on the example Map and explains itself.
func TestResolveEveryDecision(t *testing.T) {
	cases := map[string]map[string]string{
		DecideEndOfTurn:   {},
		DecideInstant:     {"timing": `"after dice are rolled"`, "triggers": `["fight"]`, "cards": `[{"id":"f1","trigger":"fight","instant":true,"timing":"after dice are rolled","effect":[{"op":"damage","kind":"life","n":1}]}]`},
		DecideAfterAttack: {"triggers": `["life"]`, "cards": `[{"id":"f2","trigger":"life","effect":[{"op":"damage","kind":"life","n":1}]}]`},
		DecideNoise:       {"noiseSource": `"E3"`},
		DecideAttackOrder: {"map": ""},
		DecideTurnEnd:     {"attackModifiers": `{"worm-1": 1}`},
		DecideCompanion:   {"damage": `{"kind":"life","n":2}`, "hero": `{"life":9,"sc":7,"companion":2}`},
		DecideDanger:      {"dangerCount": `3`},
		DecideTileReuse:   {"shape": `"deadend"`},
		DecideHandRefill:  {"hands": `{"players":2,"hands":[3,6],"decks":["fury","terror"],"left":[20,20]}`},
		DecideRoll:        {"dice": `3`},
		DecideLocate:      {"targets": `[{"room":"Infirmary"},{"element":"stairs"}]`},
		DecideSpawns:      {"types": `["spore"]`},
		DecideMoves:       {"creature": `"worm-1"`, "range": `2`},
		DecideHeroMove:    {"direction": `"E"`},
		DecideExplore:     {"direction": `"S"`},
		DecideRepairLCU:   {"direction": `"N"`},
		DecideEndOfRound:  {"round": `{"tracks":{"life":9,"sc":7},"roundMarker":4,"adrenaline":1,"reactionTrack":{"used":8}}`},
		DecideHeroView:    {},
	}
	if len(cases) != len(decisions) {
		t.Fatalf("%d cases for %d decision points", len(cases), len(decisions))
	}
	for d, kv := range cases {
		t.Run(d, func(t *testing.T) {
			kv["decision"] = `"` + d + `"`
			in := with(t, kv)
			switch d {
			case DecideAttackOrder, DecideTurnEnd:
				// The Worm in the Hero's Sector.
				in = []byte(strings.Replace(string(readExample(t)), `"sector": "E1"`, `"sector": "L", "revealed": true`, 1))
				in = []byte(strings.Replace(string(in), `"decision": "endOfTurn"`, `"decision": "`+d+`"`, 1))
			case DecideTileReuse:
				// A Revealed dead end to reuse.
				in = []byte(strings.Replace(string(in), `"shape":"deadend","exits":{"E":{"to":"L"}}`, `"shape":"deadend","revealed":true,"exits":{"E":{"to":"L"}}`, 1))
			}
			out, err := Resolve(in)
			if err != nil {
				t.Fatal(err)
			}
			var o Outcome
			if err := json.Unmarshal(out, &o); err != nil {
				t.Fatal(err)
			}
			if o.Decision != d || o.Result == nil || o.HeroView == nil {
				t.Errorf("outcome %s", out)
			}
			if d != DecideHeroView && len(o.Trace.Steps) == 0 {
				t.Errorf("no trace: %s", out)
			}
		})
	}
}

// Solo mode never shows the Hero an Unrevealed Sector or Creature.
func TestResolveSoloHidesTheMap(t *testing.T) {
	out, err := Resolve(with(t, map[string]string{"decision": `"heroView"`}))
	if err != nil {
		t.Fatal(err)
	}
	for _, hidden := range []string{`"U3"`, `"parasite-1"`, `"E1"`, `"I"`} {
		if strings.Contains(string(out), hidden) {
			t.Errorf("solo output shows %s:\n%s", hidden, out)
		}
	}
	out, _ = Resolve(with(t, map[string]string{"decision": `"heroView"`, "mode": `"assist"`}))
	if strings.Contains(string(out), `"heroView": {`) {
		t.Error("assist mode needs no hero view")
	}
}

// Bad files get messages that say what is wrong and where.
func TestResolveErrors(t *testing.T) {
	cases := []struct {
		name string
		in   []byte
		want []string
	}{
		{"empty", []byte(""), []string{"empty or ends too soon"}},
		{"syntax", []byte("{\n  \"decision\": \"noise\",\n  \"seed\": ,\n}"), []string{"line 3"}},
		{"type", []byte(`{"decision": "noise", "seed": "seven"}`), []string{"seed", "uint64", "line 1"}},
		{"unknown field", with(t, map[string]string{"colour": `"red"`}), []string{`unknown field "colour"`}},
		{"no decision", with(t, map[string]string{"decision": ""}), []string{`"decision" is missing`}},
		{"bad decision", with(t, map[string]string{"decision": `"fly"`}), []string{`decision "fly" is unknown`}},
		{"bad mode", with(t, map[string]string{"mode": `"versus"`}), []string{`mode "versus"`}},
		{"no map", with(t, map[string]string{"map": ""}), []string{`"map" is missing`}},
		{"bad map", []byte(strings.Replace(string(readExample(t)), `"to": "E2"}}`, `"to": "E9"}}`, 1)), []string{"map:", `sector "E1" exit E`, `"E9"`}},
		{"bad setting", with(t, map[string]string{"settings": `{"dangerousCheck":"sometimes"}`}), []string{"dangerousCheck"}},
		{"bad config", with(t, map[string]string{"config": `{"healingCap":[5,4]}`}), []string{"healingCap[1]"}},
		{"bad hero", with(t, map[string]string{"hero": `{"life":20,"sc":3}`}), []string{"hero:", "Life 20"}},
		{"bad companion", with(t, map[string]string{"hero": `{"life":2,"sc":3,"companion":7}`}), []string{"companion", "0 to 6"}},
		{"bad turn", with(t, map[string]string{"turn": `9`}), []string{"turn 9"}},
		{"bad goal", with(t, map[string]string{"goals": `["Q"]`}), []string{`goal "Q"`}},
		{"noise source", with(t, map[string]string{"decision": `"noise"`, "noiseSource": `"Q"`}), []string{"noiseSource", `"Q"`}},
		{"damage missing", with(t, map[string]string{"decision": `"companionRedirect"`}), []string{"damage:"}},
		{"damage kind", with(t, map[string]string{"decision": `"companionRedirect"`, "damage": `{"kind":"fire","n":1}`}), []string{"damage:", "fire"}},
		{"hands missing", with(t, map[string]string{"decision": `"handRefill"`}), []string{"hands:"}},
		{"hands wrong", with(t, map[string]string{"decision": `"handRefill"`, "hands": `{"players":4,"hands":[1,1,1,1],"decks":["a","b"]}`}), []string{"hands:", "1 to 3"}},
		{"dice missing", with(t, map[string]string{"decision": `"roll"`}), []string{"dice:"}},
		{"targets", with(t, map[string]string{"decision": `"locate"`, "targets": `[{"room":"Lab"}]`}), []string{"targets:", "exactly 2"}},
		{"creature", with(t, map[string]string{"decision": `"legalMoves"`, "creature": `"ghost"`}), []string{"creature:", `"ghost"`}},
		{"move blocked", with(t, map[string]string{"decision": `"heroMove"`, "direction": `"NE"`}), []string{"direction:", "NE"}},
		{"explore", with(t, map[string]string{"decision": `"explore"`, "direction": `"STAIRS"`}), []string{"direction:", "no Stairs"}},
		{"lcu", with(t, map[string]string{"decision": `"repairLCU"`, "direction": `"STAIRS"`}), []string{"direction:", "Stairs"}},
		{"round missing", with(t, map[string]string{"decision": `"endOfRound"`}), []string{"round:"}},
		{"round marker", with(t, map[string]string{"decision": `"endOfRound"`, "round": `{"tracks":{"life":3,"sc":3},"roundMarker":40}`}), []string{"round:", "space 40"}},
		{"tile", with(t, map[string]string{"decision": `"tileReuse"`, "shape": `"room"`}), []string{"room tile"}},
		{"danger count", with(t, map[string]string{"decision": `"dangerPlacement"`, "dangerCount": `-1`}), []string{"-1 Danger"}},
		{"trailing", append(readExample(t), []byte(" {}")...), []string{"more after"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Resolve(c.in)
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

// The seeded Rand is the tracker's scheme: a pure function of seed and index.
func TestSeeded(t *testing.T) {
	a, b := &Seeded{Seed: 42}, &Seeded{Seed: 42}
	for i := 0; i < 100; i++ {
		x, y := a.Intn(6), b.Intn(6)
		if x != y || x < 0 || x >= 6 {
			t.Fatalf("draw %d: %d %d", i, x, y)
		}
	}
	if a.Next != 100 {
		t.Error("draw count")
	}
}

func FuzzResolve(f *testing.F) {
	f.Add(readExample(f))
	for _, d := range decisions {
		f.Add(with(f, map[string]string{"decision": `"` + d + `"`, "direction": `"E"`, "dice": `2`,
			"noiseSource": `"U4"`, "shape": `"corridor"`, "creature": `"worm-1"`,
			"damage": `{"kind":"sc","n":1}`, "targets": `[{"sector":"I"},{"creature":"worm"}]`,
			"hands": `{"players":3,"hands":[1,2,3],"decks":["fury","speed"],"left":[1,2]}`,
			"round": `{"tracks":{"life":1,"sc":0},"roundMarker":1,"nightmare":true}`}))
	}
	f.Add([]byte(`{"decision":"heroView","map":{"sectors":[],"hero":""}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := Resolve(data)
		if err == nil && !json.Valid(out) {
			t.Fatalf("invalid JSON out: %s", out)
		}
		if err != nil && err.Error() == "" {
			t.Fatal("empty error")
		}
	})
}

func FuzzMapJSON(f *testing.F) {
	b, _ := json.Marshal(fullMap(3, 3))
	f.Add(b)
	b, _ = json.Marshal(station().creature("w", Worm, "E1").build())
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		var m Map
		if json.Unmarshal(data, &m) != nil {
			return
		}
		if m.Validate(DefaultConfig()) != nil {
			return
		}
		// A valid Map survives every computation without a panic.
		m.LineOfSight(m.Hero)
		m.RevealLighted(m.Hero)
		m.LabyrinthCleanup()
		m.HeroView()
		for _, d := range allDirs {
			m.Explore(d)
			m.HeroMove(d, false, DefaultSettings())
		}
		s := sit(&m)
		if _, _, err := EndOfTurn(s, &Seeded{}); err != nil {
			t.Fatalf("valid map refused: %v", err)
		}
	})
}

// BenchmarkEvilDecision is one Evil end-of-Turn decision on a full two-Level
// Map (2 × 36 Sectors, 8 Creatures, Doors, Lights, Danger).
func BenchmarkEvilDecision(b *testing.B) {
	m := fullMap(6, 6)
	if err := m.Validate(DefaultConfig()); err != nil {
		b.Fatal(err)
	}
	s := sit(m)
	s.Goals = []string{"L2-3-3"}
	s.Turn = 6
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, _, err := EndOfTurn(s, &Seeded{Seed: uint64(i)}); err != nil {
			b.Fatal(err)
		}
	}
}
