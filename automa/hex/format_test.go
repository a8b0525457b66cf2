package hex

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// formatExample is the example map of FORMAT.md, so the document cannot
// drift from the parser.
func formatExample(t testing.TB) []byte {
	t.Helper()
	doc, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```json\n")
	if !ok {
		t.Fatal("FORMAT.md has no json example")
	}
	ex, _, _ := strings.Cut(rest, "```")
	return []byte(ex)
}

func TestFormatExample(t *testing.T) {
	m, err := ParseMap(formatExample(t))
	if err != nil {
		t.Fatal(err)
	}
	if m.Len() != 9 || m.MissionID != "Berkav-1" || m.Planet != "Berkav" || m.Difficulty != 2 || m.Orientation != Pointy {
		t.Fatalf("map fields: %+v", m.Layout())
	}
	s, _ := m.Space("A-3")
	if s.Hazard != Trap || s.HazardSource != HazardToken {
		t.Fatalf("A-3: %+v", s)
	}
	s, _ = m.Space("C-1")
	if s.Orb != (Orb{Kind: CampaignToken, Number: 3, Active: true}) {
		t.Fatalf("C-1 orb: %+v", s.Orb)
	}
	s, _ = m.Space("C-2")
	if s.Treasure != (Treasure{Kind: MissionToken, Present: true}) || s.NovaCells != 2 {
		t.Fatalf("C-2: %+v", s)
	}
	a1, _ := m.Index("A-1")
	if !m.IsListedWall(a1, E) || m.Adjacent(a1, idx(t, m, "A-2")) {
		t.Fatal("wall A-1|A-2 missing")
	}
	c3 := idx(t, m, "C-3")
	if !m.IsWall(c3, E) {
		t.Fatal("C-3's east side is not wall")
	}
}

// TestRoundTrip: encoding and parsing again gives the same layout, for the
// example and for generated maps with every kind of space.
func TestRoundTrip(t *testing.T) {
	maps := []*Map{GenerateBenchMap(3, 12, 9), GenerateBenchMap(4, 5, 5)}
	m, err := ParseMap(formatExample(t))
	if err != nil {
		t.Fatal(err)
	}
	maps = append(maps, m)
	for _, m := range maps {
		data, err := EncodeMap(m)
		if err != nil {
			t.Fatal(err)
		}
		m2, err := ParseMap(data)
		if err != nil {
			t.Fatalf("re-reading an encoded map: %v", err)
		}
		if !reflect.DeepEqual(normLayout(m.Layout()), normLayout(m2.Layout())) {
			t.Fatalf("round trip changed the map")
		}
		// Embedded in a larger document through Marshal/UnmarshalJSON.
		doc, err := json.Marshal(struct{ Map *Map }{m})
		if err != nil {
			t.Fatal(err)
		}
		var back struct{ Map *Map }
		if err := json.Unmarshal(doc, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(normLayout(m.Layout()), normLayout(back.Map.Layout())) {
			t.Fatal("embedded round trip changed the map")
		}
		if back.Map.HasLoS(0, back.Map.Len()-1) != m.HasLoS(0, m.Len()-1) {
			t.Fatal("embedded map's geometry differs")
		}
	}
}

func normLayout(l Layout) Layout {
	for k := range l.Spaces {
		if len(l.Spaces[k].PlacementIcons) == 0 {
			l.Spaces[k].PlacementIcons = nil
		}
	}
	return l
}

// TestParseErrors: each broken file is refused with a message naming what
// is wrong and where.
func TestParseErrors(t *testing.T) {
	sp := func(extra string) string {
		return `{"spaces": [{"label": "A-1", "q": 0, "r": 0}, {"label": "A-2", "q": 1, "r": 0` + extra + `}]}`
	}
	cases := []struct{ file, want string }{
		{`{"spaces": [{"label": "A2", "q": 3, "r": -1}, {"label": "B7", "q": 3, "r": -1}]}`,
			`space "B7": duplicate coordinate (3,-1), already used by "A2"`},
		{`{"spaces": [{"label": "A-1", "q": 0, "r": 0}, {"label": "A-1", "q": 1, "r": 0}]}`,
			`space "A-1": label used twice (spaces 1 and 2)`},
		{`{"spaces": [{"q": 0, "r": 0}]}`, `space 1 at (0,0): no label`},
		{`{"spaces": [{"label": "A-1", "r": 0}]}`, `space 1 ("A-1"): needs both coordinates "q" and "r"`},
		{sp(`, "terain": "difficult"`), `space 2 ("A-2"): unknown field "terain"`},
		{sp(`, "q": "1"`), `space 2 ("A-2"): "q" should be a whole number, not text`},
		{sp(`, "terrain": "swamp"`), `space "A-2": terrain "swamp" is not normal, difficult or gap`},
		{sp(`, "gapKind": "lava"`), `space "A-2": gapKind "lava" on a space whose terrain is not gap`},
		{sp(`, "hazard": "acid"`), `space "A-2": hazard "acid" is not fire, poison, trap or none`},
		{sp(`, "hazardSource": "token"`), `space "A-2": hazardSource token without a hazard`},
		{sp(`, "objectState": "damaged"`), `space "A-2": objectState "damaged" needs a destructible object`},
		{sp(`, "object": "destructible", "door": "closed"`), `space "A-2": an object and a closed door cannot share one space`},
		{sp(`, "terrain": "gap", "object": "indestructible"`), `space "A-2": an object and a gap cannot share one space`},
		{sp(`, "door": "ajar"`), `space "A-2": door "ajar" is not closed, open or none`},
		{sp(`, "terrain": "gap", "entryPoint": true`), `space "A-2": an entry point must be a space a character can stand on`},
		{sp(`, "orb": {"kind": "campaign"}`), `space "A-2": a campaign orb needs its number`},
		{sp(`, "treasure": {"kind": "mission", "number": 2}`), `space "A-2": a mission treasure has no number`},
		{sp(`, "orb": {"kind": "mission", "present": true}`), `an orb is "active" or not`},
		{sp(`, "novaCells": -1`), `space "A-2": novaCells -1 is below zero`},
		{sp(`, "placementIcons": [{"adversary": "Slink Scout", "characters": "5"}]`), `placement icon 1: character count "5"`},
		{sp(`, "placementIcons": [{"characters": "3"}]`), `placement icon 1 names no adversary`},
		{sp(``)[:len(sp(``))-1] + `, "walls": [["A-1", "B-9"]]}`, `wall 1 ["A-1", "B-9"]: no space is labelled "B-9"`},
		{`{"spaces": [{"label": "A-1", "q": 0, "r": 0}, {"label": "C-3", "q": 1, "r": 2}], "walls": [["A-1", "C-3"]]}`,
			`wall 1 ["A-1", "C-3"]: "A-1" (0,0) and "C-3" (1,2) are not next to each other`},
		{sp(``)[:len(sp(``))-1] + `, "walls": [["A-1", "A-1"]]}`, `a wall needs two different spaces`},
		{sp(``)[:len(sp(``))-1] + `, "walls": [["A-1", "A-2", "A-3"]]}`, `wall 1: a wall between two spaces names exactly two labels, not 3`},
		{sp(``)[:len(sp(``))-1] + `, "walls": [{"space": "A-1", "side": "N"}]}`, `side "N" is not one of NE, E, SE, SW, W, NW`},
		{sp(``)[:len(sp(``))-1] + `, "walls": [{"space": "A-1", "edge": "E"}]}`, `wall 1: a wall is either`},
		{`{"orientation": "diagonal", "spaces": [{"label": "A-1", "q": 0, "r": 0}]}`, `orientation "diagonal" is neither pointy nor flat`},
		{`{"planet": "Mars", "spaces": [{"label": "A-1", "q": 0, "r": 0}]}`, `planet "Mars" is not Berkav, Thespara, Orbos or none`},
		{`{"difficulty": -2, "spaces": [{"label": "A-1", "q": 0, "r": 0}]}`, `difficulty -2 is below zero`},
		{`{"spaces": []}`, `map: it has no spaces`},
		{`{"title": "x"}`, `map: no "spaces" list`},
		{`{"spaces": [{"label": "A-1", "q": 5000, "r": 0}]}`, `coordinate (5000,0) is too far out`},
		{"{\n  \"spaces\": [\n    {\"label\": \"A-1\" \"q\": 0}\n  ]\n}", `not valid JSON at line 3, column 21`},
		{`{"spaces": [{"label": "A-1", "q": 0, "r": 0}]} {}`, `unexpected text after the map`},
		{`{"spaces": [`, `the JSON ends too early`},
		{`[]`, `expected an object, found a list`},
	}
	for _, c := range cases {
		_, err := ParseMap([]byte(c.file))
		if err == nil {
			t.Errorf("accepted %s", c.file)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("file %s\n  error: %v\n  want:  %s", c.file, err, c.want)
		}
	}
	// Every problem is reported, one per line.
	_, err := ParseMap([]byte(`{"spaces": [{"label": "A", "q": 0, "r": 0, "terrain": "x"}, {"label": "B", "q": 0, "r": 0, "hazard": "y"}]}`))
	if err == nil || strings.Count(err.Error(), "\n") != 2 {
		t.Errorf("want three problems on three lines, got %v", err)
	}
}

func TestWallSpellings(t *testing.T) {
	// The same edge written in four ways is one wall; a boundary wall is kept.
	file := `{"spaces": [{"label": "A", "q": 0, "r": 0}, {"label": "B", "q": 1, "r": 0}],
	  "walls": [["A", "B"], ["B", "A"], {"space": "A", "side": "e"}, {"space": "B", "side": "W"}, {"space": "A", "side": "NW"}]}`
	m, err := ParseMap([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(m.Walls()); got != 2 {
		t.Fatalf("%d walls, want 2", got)
	}
	out, _ := json.Marshal(m)
	if !bytes.Contains(out, []byte(`"walls":[["A","B"],{"space":"A","side":"NW"}]`)) {
		t.Fatalf("encoded walls: %s", out)
	}
	// Flat-top maps name sides by their own compass.
	file = `{"orientation": "flat", "spaces": [{"label": "A", "q": 0, "r": 0}, {"label": "B", "q": 0, "r": 1}],
	  "walls": [{"space": "A", "side": "S"}]}`
	m, err = ParseMap([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if m.Adjacent(0, 1) {
		t.Fatal("flat-top south wall not between A and B")
	}
	// Spelled-out defaults are accepted.
	file = `{"orientation": "Pointy", "planet": "none", "spaces": [{"label": "A", "q": 0, "r": 0, "terrain": "Normal",
	  "hazard": "none", "hazardSource": "printed", "object": "none", "objectState": "intact", "door": "none", "gapKind": "none"}]}`
	if _, err := ParseMap([]byte(file)); err != nil {
		t.Fatal(err)
	}
	// The Go constructor refuses a wall given both ways.
	_, err = NewMap(Layout{Spaces: []Space{{Label: "A"}, {Label: "B", Coord: Coord{1, 0}}}, Walls: []WallRef{{A: "A", B: "B", Space: "A", Side: "E"}}})
	if err == nil || !strings.Contains(err.Error(), "not both") {
		t.Fatalf("wall given both ways: %v", err)
	}
}

func FuzzParseMap(f *testing.F) {
	f.Add(formatExample(f))
	small, _ := EncodeMap(GenerateBenchMap(2, 4, 4))
	f.Add(small)
	f.Add([]byte(`{"spaces": [{"label": "A", "q": 0, "r": 0}, {"label": "B", "q": 1, "r": 0, "door": "closed"}], "walls": [{"space": "A", "side": "NE"}]}`))
	f.Add([]byte(`{"orientation": "flat", "spaces": [{"label": "A", "q": 0, "r": 0, "orb": {"kind": "mission", "active": false}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMap(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		// A map that was accepted encodes, re-reads the same, and its
		// geometry answers without trouble.
		out, err := EncodeMap(m)
		if err != nil {
			t.Fatal(err)
		}
		m2, err := ParseMap(out)
		if err != nil {
			t.Fatalf("re-reading %s: %v", out, err)
		}
		out2, _ := EncodeMap(m2)
		if !bytes.Equal(out, out2) {
			t.Fatalf("encoding not stable:\n%s\n%s", out, out2)
		}
		n := m.Len()
		if n <= 64 {
			for a := range n {
				m.ShortestPaths(a, MoveRules{})
				for b := range n {
					if m.HasLoS(a, b) != m.HasLoS(b, a) {
						t.Fatal("line of sight not symmetric")
					}
					_ = m.Range(a, b)
				}
			}
		}
	})
}
