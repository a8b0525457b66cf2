package alone

import (
	"strings"
	"testing"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
)

func TestParseItems(t *testing.T) {
	got, err := parseItems("Bullets, fight, 4, matrix=weapon, bullets\n\nMedkit, passive, 2, needs=bio")
	if err != nil {
		t.Fatal(err)
	}
	want := []ta.Item{{Name: "Bullets", Action: ta.Fight, Charges: 4, Matrix: "weapon", Bullets: true}, {Name: "Medkit", Passive: true, Charges: 2, Needs: "bio"}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("got %+v", got)
	}
	for in, why := range map[string]string{
		"Medkit, passive":        "line 1: write name, action (or passive), charges",
		"Medkit, passive, two":   `charges "two" is not a whole number`,
		"Medkit, passive, 2, x=": `"x=" is not matrix=…, needs=… or bullets`,
	} {
		if _, err := parseItems(in); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%q: %v, want %q", in, err, why)
		}
	}
}

func TestParseFacesAndHands(t *testing.T) {
	f, err := faces("H special, blank -", "Fight")
	if err != nil || len(f) != 4 || f[0] != alone.Hit || f[1] != alone.Special || f[3] != alone.Blank {
		t.Fatalf("%v %v", f, err)
	}
	if _, err := faces("H X", "Fight"); err == nil || !strings.Contains(err.Error(), `"X" is not a die face`) {
		t.Fatal(err)
	}
	d, n, err := parseHands("0+1/2+0; 0+0/0+3", 2)
	if err != nil || d[0] != [2]int{0, 1} || n[1] != [2]int{0, 3} {
		t.Fatalf("%v %v %v", d, n, err)
	}
	for in, why := range map[string]string{"0+1/2+0": "each of the 2 Evil players", "0+1; 1": "discards/draws", "a/b; c/d": "not two numbers"} {
		if _, _, err := parseHands(in, 2); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%q: %v, want %q", in, err, why)
		}
	}
}

// The practice Map passes the Map rules (V31) and starts Dark, so a solo or
// assist game can start on it.
func TestPracticeMapIsValid(t *testing.T) {
	m := PracticeMap()
	if err := m.Validate(ta.DefaultSheet().Config); err != nil {
		t.Fatal(err)
	}
	for id, shape := range map[string]string{"1A1": alone.ShapeCurve, "1B2": alone.ShapeRoom, "2B3": alone.ShapeTJunction, "1A2": alone.ShapeCorridor} {
		if got := m.Sector(id).Shape; got != shape {
			t.Errorf("%s is a %s, want %s", id, got, shape)
		}
	}
	pos, cols, rows := gridOf(tilesFromMap(m)[:12])
	if cols != 4 || rows != 3 || pos["1D3"] != [2]int{3, 2} {
		t.Fatalf("Level 1 laid out %dx%d, 1D3 at %v", cols, rows, pos["1D3"])
	}
}

func FuzzParseItems(f *testing.F) {
	f.Add("Bullets, fight, 4, matrix=weapon, bullets")
	f.Add("Medkit, passive, 2, needs=bio\nLamp, interact, 1")
	f.Fuzz(func(t *testing.T, s string) {
		its, err := parseItems(s)
		if err == nil {
			for _, it := range its {
				if it.Name == "" && strings.TrimSpace(s) == "" {
					t.Fatal("an Item from nothing")
				}
			}
		}
	})
}

func FuzzParseHands(f *testing.F) {
	f.Add("0+1/2+0; 0+0/0+3", 2)
	f.Add("1+1/1+1", 1)
	f.Fuzz(func(t *testing.T, s string, n int) {
		d, dr, err := parseHands(s, n%4)
		if err == nil && (len(d) != n%4 || len(dr) != n%4) {
			t.Fatalf("%d players, %d hands", n%4, len(d))
		}
	})
}

func FuzzFaces(f *testing.F) {
	f.Add("H S B")
	f.Add("hit, special, blank")
	f.Fuzz(func(t *testing.T, s string) {
		fs, err := faces(s, "dice")
		if err == nil {
			for _, x := range fs {
				if !x.Valid() {
					t.Fatalf("face %q", x)
				}
			}
		}
	})
}
