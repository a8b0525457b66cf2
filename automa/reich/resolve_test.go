package reich

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func readExample(t testing.TB) []byte {
	b, err := os.ReadFile("testdata/example-situation.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The worked example of RESOLVE.md: a patrol through D1 spawns in sight,
// its unit sees H2 and makes R2 alert, and token T1 (already seen) spawns.
func TestResolveExample(t *testing.T) {
	raw, err := Resolve(readExample(t))
	if err != nil {
		t.Fatal(err)
	}
	var out Outcome
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	eq(t, "units", changes(&out, ChUnitPlaced), "GR@B1", "DG@B2")
	eq(t, "awareness", changes(&out, ChAwareness), "R2:suspicious", "R2:alert")
	eq(t, "tokens", changes(&out, ChTokenRemoved), "T1@B2")
	if out.After.Tracker.Pos != 3 || len(out.Trace.Steps) == 0 {
		t.Errorf("tracker %d, %d trace steps", out.After.Tracker.Pos, len(out.Trace.Steps))
	}
	if !strings.Contains(string(raw), "\n  \"changes\"") {
		t.Errorf("output should be indented JSON")
	}
	// The state afterwards feeds the next question: the enemy turn.
	var sit map[string]json.RawMessage
	if err := json.Unmarshal(readExample(t), &sit); err != nil {
		t.Fatal(err)
	}
	after, _ := json.Marshal(out.After)
	sit["state"] = after
	sit["resolve"] = json.RawMessage(`{"kind": "enemyTurn"}`)
	next, _ := json.Marshal(sit)
	raw, err = Resolve(next)
	if err != nil {
		t.Fatalf("the after state does not resolve again: %v", err)
	}
	out = Outcome{}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	// Phase 1: R2 is alert → marker 3 → 4. The GR in B1 already sees H2 in range; the dog runs to A2.
	if out.After.Tracker.Pos != 4 {
		t.Errorf("tracker %d, want 4", out.After.Tracker.Pos)
	}
	eq(t, "dog", changes(&out, ChUnitMoved), "DG-1:B2>B1", "DG-1:B1>A2")
	eq(t, "attacks", attacks(&out), "GR:ranged>H2=2", "DG:melee>H2=4")
}

func TestResolveErrors(t *testing.T) {
	good := string(readExample(t))
	cases := []struct {
		name, from, to, want string
	}{
		{"syntax", `"phase": "preAlarm",`, `"phase": "preAlarm"`, "line 45, column 6"},
		{"unknown field", `"during": "heroTurn"`, `"durring": "heroTurn"`, "unknown field"},
		{"unknown area", `{"id": "H1", "area": "A1"}`, `{"id": "H1", "area": "Z9"}`, `hero H1: area "Z9"`},
		{"unknown card", `"card": "N1"`, `"card": "N9"`, "N9"},
		{"bad phase", `"phase": "preAlarm"`, `"phase": "lunch"`, "phase"},
		{"bad awareness", `"awareness": "suspicious"`, `"awareness": "asleep"`, "asleep"},
		{"deck card unknown", `"drawPile": ["RB010", "RB011"]`, `"drawPile": ["RB010", "RB099"]`, "RB099"},
		{"bad map", `{"a": "B1", "b": "B2"}`, `{"a": "B1", "b": "E1"}`, "only through doors"},
		{"bad content", `"max": 4`, `"max": -4`, "miniature limit"},
		{"no kind", `"kind": "noiseCard", `, ``, "resolve.kind"},
		{"bad setting", `"seed": 7`, `"seed": 7, "settings": {"capIsLifetime": "yes"}`, "capIsLifetime"},
	}
	for _, c := range cases {
		if !strings.Contains(good, c.from) {
			t.Fatalf("%s: example has no %q", c.name, c.from)
		}
		_, err := Resolve([]byte(strings.Replace(good, c.from, c.to, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// A question for the players is an error that says where the answer goes.
	_, err := Resolve([]byte(strings.Replace(good, `"icons": ["green"]}]`, `"icons": []}]`, 1)))
	if ni := needInput(err); ni == nil || ni.Field != "answers.tokenIcons.T1" {
		t.Errorf("want a question about T1, got %v", err)
	}
	// Settings keep their defaults unless the file changes them.
	s, err := ParseSituation(readExample(t))
	if err != nil || s.Settings != DefaultSettings() {
		t.Errorf("defaults not applied: %v", err)
	}
}

func FuzzResolve(f *testing.F) {
	good := readExample(f)
	f.Add(good)
	f.Add([]byte(strings.Replace(string(good), `"kind": "noiseCard", "card": "N1", "total": 4`, `"kind": "enemyTurn"`, 1)))
	f.Add([]byte(strings.Replace(string(good), `"kind": "noiseCard", "card": "N1", "total": 4`, `"kind": "alarm"`, 1)))
	f.Add([]byte(strings.Replace(string(good), `"kind": "noiseCard", "card": "N1", "total": 4`, `"kind": "sightCheck", "from": "A1"`, 1)))
	f.Add([]byte(strings.Replace(string(good), `"kind": "noiseCard", "card": "N1", "total": 4`, `"kind": "boom", "cause": "hero"`, 1)))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := Resolve(data)
		if err == nil && !json.Valid(out) {
			t.Errorf("invalid JSON out")
		}
	})
}
