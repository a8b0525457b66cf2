package phantom

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestResolveWorkedExample(t *testing.T) {
	data, err := os.ReadFile("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	out, err := Resolve(data)
	if err != nil {
		t.Fatal(err)
	}
	var o Output
	if err := json.Unmarshal(out, &o); err != nil {
		t.Fatal(err)
	}
	if o.Turn == nil || o.Turn.Adversary != "Archer 1" || len(o.Trace.Steps) == 0 || len(o.Explanation) == 0 {
		t.Fatalf("incomplete output:\n%s", out)
	}
	t.Logf("%s", out)
}

func TestResolveRefusesBadFiles(t *testing.T) {
	good, err := os.ReadFile("testdata/example.json")
	if err != nil {
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
	figs := func(m map[string]any) []any { return m["figures"].([]any) }
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"not json", []byte("{"), "situation:"},
		{"unknown field", edit(func(m map[string]any) { m["colour"] = 1 }), "unknown field"},
		{"bad position", edit(func(m map[string]any) { figs(m)[2].(map[string]any)["position"] = "Q9" }), `figures[2] "Archer 1": position "Q9" is not a space on the map`},
		{"two on one space", edit(func(m map[string]any) { figs(m)[1].(map[string]any)["position"] = "F-4" }), `position "F-4" is already taken by "Ana"`},
		{"bad colour", edit(func(m map[string]any) { figs(m)[0].(map[string]any)["colour"] = "green" }), `figures[0] "Ana": "green" is not a colour`},
		{"bad condition", edit(func(m map[string]any) { figs(m)[0].(map[string]any)["conditions"] = []string{"Sleepy"} }), `"Sleepy" is not a condition`},
		{"unknown type", edit(func(m map[string]any) { figs(m)[2].(map[string]any)["type"] = "Nope" }), `type "Nope" is not in "types"`},
		{"no adversary", edit(func(m map[string]any) { m["adversary"] = "Zed" }), `no figure is named "Zed"`},
		{"bad die", edit(func(m map[string]any) {
			m["decisionDie"] = map[string]any{"colour": "red", "primary": "Q", "secondary": "E"}
		}), "decisionDie: primary"},
		{"roll without faces", edit(func(m map[string]any) { m["decisionDie"] = "roll" }), "needs the die's faces"},
		{"bad roll", edit(func(m map[string]any) { m["rolls"] = map[string]any{"attack": []string{"seven"}} }), "rolls.attack[0]"},
		{"bad map", edit(func(m map[string]any) { m["map"] = map[string]any{"spaces": []any{}} }), "map:"},
		{"bad action", edit(func(m map[string]any) {
			m["types"].([]any)[0].(map[string]any)["speciesCard"] = map[string]any{"ap": 1, "actions": []any{map[string]any{"kind": "dance"}}}
		}), `speciesCard: actions[0]: kind "dance"`},
		{"bad decide", edit(func(m map[string]any) { m["decide"] = "dance" }), "decide:"},
	}
	for _, c := range cases {
		_, err := Resolve(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to say %q", c.name, err, c.want)
		}
	}
}

func TestResolveOtherDecisions(t *testing.T) {
	good, err := os.ReadFile("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(good, &m)
	for _, d := range []string{"target", "initiative", "place", "react"} {
		m["decide"] = d
		figs := m["figures"].([]any)
		figs[0].(map[string]any)["initiative"] = 5
		figs[1].(map[string]any)["initiative"] = 3
		m["placement"] = map[string]any{"type": "Grallok Archer", "space": "F-4", "afterDraw": true}
		m["attacker"] = "Ana"
		b, _ := json.Marshal(m)
		out, err := Resolve(b)
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		if !strings.Contains(string(out), `"decide": "`+d+`"`) {
			t.Fatalf("%s: %s", d, out)
		}
	}
}

// FuzzParseSituation: whatever the bytes, parsing and resolving never panic,
// and anything refused is refused with a message.
func FuzzParseSituation(f *testing.F) {
	if good, err := os.ReadFile("testdata/example.json"); err == nil {
		f.Add(good)
	}
	f.Add([]byte(`{"map":{"spaces":[{"label":"A","q":0,"r":0}]},"decide":"initiative","decisionDie":"roll","figures":[]}`))
	f.Add([]byte(`{"map":{"spaces":[{"label":"A","q":0,"r":0},{"label":"B","q":1,"r":0}]},"adversary":"X","decisionDie":{"colour":"red","primary":"N","secondary":"E"},"types":[{"name":"T","range":1,"hp":3,"speciesCard":{"ap":1},"classCard":{"rows":[{"colour":"red","ap":1}]}}],"figures":[{"name":"X","side":"adversary","type":"T","colour":"red","position":"A","hp":3},{"name":"Y","side":"character","colour":"red","position":"B","hp":3}]}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"decisionDie":"roll"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSituation(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if s.hmap.Len() > 400 {
			return // keep each fuzz case quick
		}
		if _, err := Resolve(data); err != nil && err.Error() == "" {
			t.Fatal("empty error")
		}
	})
}

// The example in RESOLVE.md resolves as the document says.
func TestResolveSmallExample(t *testing.T) {
	data, err := os.ReadFile("testdata/small.json")
	if err != nil {
		t.Fatal(err)
	}
	out, err := Resolve(data)
	if err != nil {
		t.Fatal(err)
	}
	var o Output
	if err := json.Unmarshal(out, &o); err != nil {
		t.Fatal(err)
	}
	if o.Turn.End != "D-1" || hpOf(*o.Turn, "Ana") != 6 || hpOf(*o.Turn, "Raider 1") != 4 {
		t.Fatalf("RESOLVE.md says Raider 1 goes through the fire to D-1 (HP 4) and Ana drops to 6:\n%s", out)
	}
}

// Decisions on one Situation may run side by side (the GUI may ask for a
// preview while the table resolves); each works on its own copy.
func TestConcurrentDecisions(t *testing.T) {
	data, err := os.ReadFile("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseSituation(data)
	if err != nil {
		t.Fatal(err)
	}
	first, _, err := AdversaryTurn(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan Turn, 4)
	for range 4 {
		go func() {
			t2, _, _ := AdversaryTurn(s, nil)
			done <- t2
		}()
	}
	for range 4 {
		if got := <-done; got.End != first.End || hpOf(got, "Ana") != hpOf(first, "Ana") {
			t.Fatalf("a decision changed the situation: %+v vs %+v", got, first)
		}
	}
}

// The trace carries what a doubting player checks: the rule with its
// spec section and rulebook page, candidates kept and dropped with their
// numbers, the tie-breaker, the die face, the path and the line of sight.
func TestTraceContents(t *testing.T) {
	data, err := os.ReadFile("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseSituation(data)
	if err != nil {
		t.Fatal(err)
	}
	turn, tr, err := AdversaryTurn(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	var facts, dropped bool
	for _, st := range tr.Steps {
		if !strings.Contains(st.Rule, "phantom-epoch §") || !strings.Contains(st.Rule, "RB p.") {
			t.Errorf("step without spec section and rulebook page: %+v", st)
		}
		for _, c := range st.Kept {
			if _, ok := c.Facts["mp"]; ok {
				if _, ok := c.Facts["range"]; ok {
					if _, ok := c.Facts["hazard"]; ok {
						facts = true
					}
				}
			}
		}
		dropped = dropped || len(st.Dropped) > 0 && st.Dropped[0].Reason != ""
	}
	if !facts || !dropped {
		t.Fatalf("facts %v dropped-with-reasons %v\n%s", facts, dropped, tr)
	}
	mv := turn.Events[0].Movement
	if mv == nil || len(mv.Path) == 0 {
		t.Fatalf("no path: %+v", turn.Events[0])
	}
	if a := turn.Events[1].Attack; a == nil || a.LoS == nil || !strings.Contains(a.LoS.From, " ") {
		t.Fatalf("no line of sight with its vertices: %+v", turn.Events[1])
	}
}
