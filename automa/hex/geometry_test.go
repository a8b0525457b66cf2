package hex

import (
	"strings"
	"testing"
)

// corridor is one row of spaces (0,0) … (4,0) with the middle one given.
func corridor(t *testing.T, middle string, walls ...string) (*Map, int, int) {
	t.Helper()
	m := board(t, 0, 4, 0, 0, []string{"2,0 " + middle}, walls...)
	return m, idx(t, m, "0,0"), idx(t, m, "4,0")
}

func TestDoorsGapsObjectsInARow(t *testing.T) {
	cases := []struct {
		middle string
		los    bool
		rng    int
	}{
		{"", true, 4},
		{"closed", false, Unreachable}, // a closed door is wall (§2.3 item 3)
		{"open", true, 4},              // an open door is an ordinary space
		{"gap", true, 4},               // sight and range pass over gaps
		{"indestructible", true, 4},    // objects never stop sight (§2.6)
		{"destructible damaged", true, 4},
		{"fire", true, 4},
		{"orb", true, 4},
	}
	for _, c := range cases {
		m, a, b := corridor(t, c.middle)
		if got := m.HasLoS(a, b); got != c.los {
			t.Errorf("%q in the middle: LoS %v, want %v", c.middle, got, c.los)
		}
		if got := m.Range(a, b); got != c.rng {
			t.Errorf("%q in the middle: Range %d, want %d", c.middle, got, c.rng)
		}
		if c.los {
			l, _ := m.LineOfSight(a, b)
			if got := strings.Join(m.Labels(l.Spaces()), " "); got != "1,0 2,0 3,0" {
				t.Errorf("%q: line goes through %q", c.middle, got)
			}
		}
	}
	// Opening the door at play time.
	m, a, b := corridor(t, "closed")
	door := idx(t, m, "2,0")
	if m.Adjacent(door, a+1) || m.Region(door) != -1 || m.SameRegion(a, b) {
		t.Fatal("a closed door is adjacent to something or in a region")
	}
	m.SetDoor(door, OpenDoor)
	if !m.HasLoS(a, b) || m.Range(a, b) != 4 || !m.SameRegion(a, b) || m.Regions() != 1 {
		t.Fatal("opening the door did not open the corridor")
	}
	m.SetDoor(door, ClosedDoor)
	if m.HasLoS(a, b) || m.Range(a, b) != Unreachable || m.Regions() != 2 {
		t.Fatal("closing the door again did not close the corridor")
	}
}

// TestLoSOffTheMap: sight never passes through a position that is not on
// the map, even where range goes round it.
func TestLoSOffTheMap(t *testing.T) {
	// A 3×3 rhombus without its middle (1,1).
	m := board(t, 0, 2, 0, 2, []string{"1,1 missing"})
	a, b := idx(t, m, "0,1"), idx(t, m, "2,1")
	if m.Range(a, b) != 3 {
		t.Fatalf("Range round the hole = %d, want 3", m.Range(a, b))
	}
	if m.HasLoS(a, b) {
		l, _ := m.LineOfSight(a, b)
		t.Fatalf("line across the hole: %s", lineStr(m, l))
	}
	// Across a gap instead of a hole, sight passes.
	m = board(t, 0, 2, 0, 2, []string{"1,1 gap"})
	if !m.HasLoS(idx(t, m, "0,1"), idx(t, m, "2,1")) {
		t.Fatal("no sight over a gap")
	}
	// A gap enclosed by walls is opaque (RB p.18) — the walls say so.
	m = board(t, 0, 2, 0, 2, []string{"1,1 gap"}, "1,1|1,0", "1,1|2,0", "1,1|2,1", "1,1|1,2", "1,1|0,2", "1,1|0,1")
	if m.HasLoS(idx(t, m, "0,1"), idx(t, m, "2,1")) {
		t.Fatal("sight through a walled-in gap")
	}
}

// TestRangeAroundWalls: Range counts round walls and closed doors, through
// everything else (§2.5).
func TestRangeAroundWalls(t *testing.T) {
	// Rhombus 0..4 × 0..4; a wall between rows 1 and 2 from q=0 to q=3.
	walls := []string{"0,1|0,2", "1,1|0,2", "1,1|1,2", "2,1|1,2", "2,1|2,2", "3,1|2,2", "3,1|3,2", "4,1|3,2"}
	m := board(t, 0, 4, 0, 4, []string{"2,0 indestructible", "4,0 gap", "4,1 fire"}, walls...)
	a, b := idx(t, m, "0,1"), idx(t, m, "0,2")
	if m.Adjacent(a, b) {
		t.Fatal("adjacent across a wall")
	}
	// Round the east end: (0,1) → … → (4,1) → (4,2) → … → (0,2).
	if got := m.Range(a, b); got != 9 {
		t.Fatalf("Range round the wall = %d, want 9", got)
	}
	// A closed door at the gap in the wall closes it.
	m2 := board(t, 0, 4, 0, 4, []string{"4,2 closed", "3,2 closed"}, walls...)
	if got := m2.Range(idx(t, m2, "0,1"), idx(t, m2, "0,2")); got != Unreachable {
		t.Fatalf("Range through closed doors = %d", got)
	}
	if got := m.Range(a, a); got != 0 {
		t.Fatalf("Range to itself = %d", got)
	}
}

func TestMoveCosts(t *testing.T) {
	cases := []struct {
		middle string
		rules  MoveRules
		cost   int // to enter the middle space; -1 = may not
	}{
		{"", MoveRules{}, 1},
		{"difficult", MoveRules{}, 2},
		{"destructible destroyed", MoveRules{}, 2}, // a destroyed object is difficult terrain (§5.2)
		{"difficult fire", MoveRules{}, 1},         // a hazard replaces difficult terrain (§2.4)
		{"destructible destroyed poison", MoveRules{}, 1},
		{"fire", MoveRules{AvoidHazards: true}, -1},
		{"trap", MoveRules{}, 1},
		{"destructible", MoveRules{}, -1},
		{"destructible damaged", MoveRules{}, -1},
		{"destructible damaged", MoveRules{ThroughDestructibles: true}, 2}, // §8.6 step 3
		{"indestructible", MoveRules{ThroughDestructibles: true}, -1},
		{"gap", MoveRules{}, -1},
		{"orb", MoveRules{}, -1},
		{"closed", MoveRules{}, -1},
		{"closed", MoveRules{OpenDoors: true}, 1},
		{"open", MoveRules{}, 1},
		// Leap: 1 per space whatever is there, except closed doors.
		{"difficult", MoveRules{Leap: true}, 1},
		{"gap", MoveRules{Leap: true}, 1},
		{"indestructible", MoveRules{Leap: true}, 1},
		{"orb", MoveRules{Leap: true}, 1},
		{"fire", MoveRules{Leap: true, AvoidHazards: true}, 1},
		{"closed", MoveRules{Leap: true}, -1},
		{"closed", MoveRules{Leap: true, OpenDoors: true}, 1},
	}
	for _, c := range cases {
		m, a, b := corridor(t, c.middle)
		mid := idx(t, m, "2,0")
		if got := m.EnterCost(mid, &c.rules); got != c.cost {
			t.Errorf("%q %+v: enter cost %d, want %d", c.middle, c.rules, got, c.cost)
		}
		p := m.ShortestPaths(a, c.rules)
		want := Unreachable
		if c.cost >= 0 {
			want = 3 + c.cost
		}
		if got := p.Cost(b); got != want {
			t.Errorf("%q %+v: corridor costs %d MP, want %d", c.middle, c.rules, got, want)
		}
		if want < Unreachable {
			if got := strings.Join(m.Labels(p.Path(b)), " "); got != "0,0 1,0 2,0 3,0 4,0" {
				t.Errorf("%q: path %s", c.middle, got)
			}
		} else if p.Path(b) != nil {
			t.Errorf("%q: a path to an unreachable space", c.middle)
		}
	}
	// Blocked figures: the middle blocked, for a Move and for a Leap.
	m, a, b := corridor(t, "")
	blocked := make([]bool, m.Len())
	blocked[idx(t, m, "2,0")] = true
	if m.ShortestPaths(a, MoveRules{Blocked: blocked}).Reachable(b) {
		t.Fatal("moved through a blocking figure")
	}
	if !m.ShortestPaths(a, MoveRules{Leap: true}).Reachable(b) {
		t.Fatal("could not leap over a figure")
	}
}

// TestPathPrefersFewerHazards: among paths of least MP, the one entering
// the fewest hazards, then the least hazard damage (§8.7 step 7).
func TestPathPrefersFewerHazards(t *testing.T) {
	// Rows 0 and 1 of a 3-wide rhombus; from (0,0) to (2,1) in 3 MP, via
	// (1,0)+(2,0) or (1,0)+(1,1) or (0,1)+(1,1).
	cases := []struct {
		attrs []string
		path  string
	}{
		{[]string{"1,0 fire"}, "0,0 0,1 1,1 2,1"},                         // the only hazard-free one
		{[]string{"1,0 fire", "0,1 trap", "2,0 fire"}, "0,0 1,0 1,1 2,1"}, // one hazard beats two
		{[]string{"1,0 trap", "0,1 fire"}, "0,0 0,1 1,1 2,1"},             // a fire (3) beats a trap (5)
		{[]string{"1,0 difficult", "0,1 poison"}, "0,0 0,1 1,1 2,1"},      // MP first: 3 through poison, not 4
	}
	for _, c := range cases {
		m := board(t, 0, 2, 0, 1, c.attrs)
		p := m.ShortestPaths(idx(t, m, "0,0"), MoveRules{})
		got := strings.Join(m.Labels(p.Path(idx(t, m, "2,1"))), " ")
		if got != c.path {
			t.Errorf("%v: path %s, want %s", c.attrs, got, c.path)
		}
	}
}

func TestLeapReach(t *testing.T) {
	// The Leap example of RB p.24 in spirit: over an object, a gap and a
	// fire, ending on an empty space; the walls still stop it.
	m := board(t, 0, 5, 0, 0, []string{"1,0 indestructible", "2,0 gap", "3,0 fire"})
	a := idx(t, m, "0,0")
	p := m.LeapReach(a, 5, MoveRules{})
	for q, want := range []int{0, 1, 2, 3, 4, 5} {
		if got := p.Cost(q); got != want {
			t.Errorf("leap steps to %s = %d, want %d", m.Label(q), got, want)
		}
	}
	var ends []string
	for _, s := range p.Within(5) {
		if m.SpaceAt(s).Standable(true) {
			ends = append(ends, m.Label(s))
		}
	}
	if got := strings.Join(ends, " "); got != "0,0 3,0 4,0 5,0" {
		t.Errorf("leap may end on %s", got)
	}
	if p := m.LeapReach(a, 3, MoveRules{}); p.Reachable(idx(t, m, "4,0")) {
		t.Error("a leap of 3 went 4 spaces")
	}
	if p := m.LeapReach(a, 0, MoveRules{}); len(p.Reached()) != 1 {
		t.Error("a leap of 0 went somewhere")
	}
	m = board(t, 0, 5, 0, 0, []string{"2,0 gap"}, "3,0|4,0")
	if m.LeapReach(a, 5, MoveRules{}).Reachable(idx(t, m, "4,0")) {
		t.Error("leapt over a wall")
	}
	m = board(t, 0, 5, 0, 0, []string{"2,0 closed"})
	if m.LeapReach(a, 5, MoveRules{}).Reachable(idx(t, m, "3,0")) {
		t.Error("an adversary leapt through a closed door")
	}
	if !m.LeapReach(a, 5, MoveRules{OpenDoors: true}).Reachable(idx(t, m, "3,0")) {
		t.Error("a character could not leap through a closed door")
	}
}

func TestCompassPoint(t *testing.T) {
	m := board(t, 0, 1, 0, 1, nil)
	ne, se := idx(t, m, "1,0"), idx(t, m, "0,1")
	pn, ps := m.CompassPoint(ne), m.CompassPoint(se)
	if !(pn.Y < ps.Y && pn.X > ps.X) {
		t.Fatalf("pointy: (1,0) at %v should be north-east of (0,1) at %v", pn, ps)
	}
	m.Orientation = Flat
	// Flat-top: (1,0) is south-east of (0,0); (0,1) is south of it.
	o, e, s := m.CompassPoint(idx(t, m, "0,0")), m.CompassPoint(ne), m.CompassPoint(se)
	if !(e.X > o.X && e.Y > o.Y && s.X == o.X && s.Y > o.Y) {
		t.Fatalf("flat: %v %v %v", o, e, s)
	}
}

// TestSparseMap: spaces spread far apart use the map lookup and behave the
// same.
func TestSparseMap(t *testing.T) {
	l := Layout{Spaces: []Space{
		{Label: "A", Coord: Coord{-900, -900}}, {Label: "B", Coord: Coord{-899, -900}, EntryPoint: true},
		{Label: "C", Coord: Coord{900, 900}}, {Label: "D", Coord: Coord{901, 899}},
	}}
	m, err := NewMap(l)
	if err != nil {
		t.Fatal(err)
	}
	if m.sparse == nil {
		t.Fatal("dense table for a sparse map")
	}
	if m.Range(0, 1) != 1 || m.Range(2, 3) != 1 || m.Range(0, 2) != Unreachable || !m.HasLoS(0, 1) || m.HasLoS(0, 2) {
		t.Fatal("sparse geometry wrong")
	}
	if i, ok := m.IndexAt(Coord{901, 899}); !ok || i != 3 {
		t.Fatal("IndexAt on a sparse map")
	}
	if got := m.EntryPoints(); len(got) != 1 || got[0] != 1 {
		t.Fatalf("entry points %v", got)
	}
}

// TestConcurrentReads: the memos may be filled from several goroutines.
func TestConcurrentReads(t *testing.T) {
	m := GenerateBenchMap(5, 12, 12)
	done := make(chan bool)
	for g := range 4 {
		go func() {
			for a := g; a < m.Len(); a += 4 {
				for b := 0; b < m.Len(); b += 7 {
					if m.HasLoS(a, b) != m.HasLoS(b, a) || m.Range(a, b) != m.Range(b, a) {
						t.Error("asymmetric answer under concurrency")
					}
				}
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
}

// TestVertexRules: the same positional vertex at both ends is never a line
// (RB p.18), nor two vertices at one point; a line through a wall says so.
func TestVertexRules(t *testing.T) {
	m := board(t, 0, 3, 0, 0, nil, "1,0|2,0")
	a, b := idx(t, m, "0,0"), idx(t, m, "3,0")
	if _, err := m.CheckLine(a, Top, b, Top); err == nil || !strings.Contains(err.Error(), "different vertices") {
		t.Fatalf("top to top: %v", err)
	}
	if _, err := m.CheckLine(a, UpperRight, idx(t, m, "1,0"), UpperLeft); err == nil || !strings.Contains(err.Error(), "same point") {
		t.Fatalf("one point: %v", err)
	}
	_, err := m.CheckLine(a, UpperRight, b, LowerLeft)
	if err == nil || !strings.Contains(err.Error(), `crosses the wall on the E side of "1,0"`) {
		t.Fatalf("through the wall: %v", err)
	}
	if m.HasLoS(a, b) || m.SightLines(a, b) != nil {
		t.Fatal("sight through a wall across a one-row corridor")
	}
	if m.HasLoS(a, a) {
		t.Fatal("a space has line of sight to itself")
	}
}
