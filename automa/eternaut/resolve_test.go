package eternaut

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestResolve(t *testing.T) {
	cases := []struct {
		in, want string
	}{
		{`{"decision":"activation","modules":[{"race":"Human Robot","onMap":1},{"race":"Mano","onMap":2}],"start":2}`, `"draw": [`},
		{`{"decision":"endOfTurn","cubesOnTarget":4,"scenario":"B1","survivors":["702","701"]}`, `"701"`},
		{`{"decision":"endOfTurn","cubesOnTarget":2,"modules":[{"race":"Cascarudo","onMap":1}]}`, `"fire": false`},
		{`{"decision":"deal","boards":["red","blue","green"]}`, `2,`},
		{`{"decision":"cubeMove","active":true,"cubesOnBoard":1,"cardPlaced":true}`, `"result": true`},
		{`{"decision":"madnessPick","hand":5,"seed":9}`, `"die"`},
	}
	for _, c := range cases {
		out, err := Resolve([]byte(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if !strings.Contains(string(out), c.want) || !strings.Contains(string(out), `"rule"`) {
			t.Errorf("%s:\n%s\nwant %s", c.in, out, c.want)
		}
		var o Outcome
		if err := json.Unmarshal(out, &o); err != nil || o.Game != "eternaut" {
			t.Errorf("output does not read back: %v", err)
		}
	}
	// Same seed, same pick.
	a, _ := Resolve([]byte(`{"decision":"madnessPick","hand":6,"seed":3}`))
	b, _ := Resolve([]byte(`{"decision":"madnessPick","hand":6,"seed":3}`))
	if string(a) != string(b) {
		t.Error("madnessPick is not reproducible")
	}
	bad := map[string]string{
		`{}`:                                         "missing",
		`{"decision":"fly"}`:                         "not a decision",
		`{"decision":"deal","x":1}`:                  "unknown field",
		`{"decision":"deal"} {}`:                     "more after",
		`{"decision":"deal"}`:                        "no board",
		`{"decision":"activation"}`:                  "no alien module",
		`{"decision":"madnessPick"}`:                 "hand is empty",
		`{"decision":"endOfTurn","cubesOnTarget":9}`: "0 to 4",
		`not json`:                                   "situation file",
	}
	for in, want := range bad {
		if _, err := Resolve([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err %v, want %q", in, err, want)
		}
	}
}

func FuzzResolve(f *testing.F) {
	for _, s := range []string{
		`{"decision":"activation","modules":[{"race":"Cascarudo","onMap":1}],"start":1}`,
		`{"decision":"endOfTurn","cubesOnTarget":4,"scenario":"B","survivors":["701"]}`,
		`{"decision":"deal","boards":["a","b"]}`,
		`{"decision":"cubeMove","active":true,"cubesOnBoard":2,"cardPlaced":true}`,
		`{"decision":"madnessPick","hand":4,"seed":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := Resolve(data)
		if err == nil && !json.Valid(out) {
			t.Fatalf("invalid JSON out for %q", data)
		}
	})
}

// The examples of RESOLVE.md resolve as the document says, and its format
// table names every key a situation file takes.
func TestResolveDoc(t *testing.T) {
	doc, err := os.ReadFile("RESOLVE.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for _, part := range strings.Split(string(doc), "```json\n")[1:] {
		blocks = append(blocks, part[:strings.Index(part, "```")])
	}
	if len(blocks) != 2 {
		t.Fatalf("%d examples in RESOLVE.md, want 2", len(blocks))
	}
	out, err := Resolve([]byte(blocks[0]))
	if err != nil {
		t.Fatal(err)
	}
	var o struct{ Result Trigger }
	if err := json.Unmarshal(out, &o); err != nil {
		t.Fatal(err)
	}
	if r := o.Result; !r.Fire || !r.Survivors || !r.Redeal || !r.MenaceBlocked || len(r.SurvivorOrder) != 0 || !strings.Contains(string(out), "Alert counter") {
		t.Fatalf("RESOLVE.md: no card, nobody moves, cubes dealt again:\n%s", out)
	}
	off := strings.Replace(blocks[0], `"alertOnDeck": true`, `"alertOnDeck": false`, 1)
	o.Result = Trigger{}
	if out, err = Resolve([]byte(off)); err != nil || json.Unmarshal(out, &o) != nil || o.Result.MenaceBlocked || !slices.Equal(o.Result.SurvivorOrder, []string{"701", "702"}) {
		t.Fatalf("RESOLVE.md: with the Alert off the deck 701 then 702 move: %s %v", out, err)
	}
	out, err = Resolve([]byte(blocks[1]))
	var a struct{ Result ActivationResult }
	if err != nil || json.Unmarshal(out, &a) != nil || !slices.Equal(a.Result.Draw, []string{"Mindveil Fog", "Human Robot"}) ||
		!slices.Equal(a.Result.Modules, []int{3, 1}) || !slices.Equal(a.Result.Skipped, []int{2}) {
		t.Fatalf("RESOLVE.md activation: %s %v", out, err)
	}
	typ := reflect.TypeOf(Situation{})
	for i := range typ.NumField() {
		key := strings.Split(typ.Field(i).Tag.Get("json"), ",")[0]
		if !strings.Contains(string(doc), "`"+key+"`") {
			t.Errorf("RESOLVE.md does not document %q", key)
		}
	}
}

// alertOnDeck is B's Alert counter: outside an endOfTurn in B it is a
// mistake in the file, said as such.
func TestResolveAlertOnDeckOnlyInB(t *testing.T) {
	for _, in := range []string{
		`{"decision":"endOfTurn","scenario":"C","cubesOnTarget":4,"modules":[{"race":"Cascarudo","onMap":1}],"alertOnDeck":true}`,
		`{"decision":"deal","boards":["red"],"alertOnDeck":true}`,
	} {
		if _, err := Resolve([]byte(in)); err == nil || !strings.Contains(err.Error(), "alertOnDeck") {
			t.Errorf("%s: %v", in, err)
		}
	}
}
