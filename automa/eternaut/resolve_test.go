package eternaut

import (
	"encoding/json"
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
