package hex

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// TestLineWalkMatchesDefinition compares every candidate line between every
// pair of spaces on a few hundred random maps with the slow check of
// brute_test.go: same validity, same spaces crossed, same order and groups.
func TestLineWalkMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	maps, lines, valid := 0, 0, 0
	for k := range 330 {
		// Mostly small maps, where walls crowd together; then some larger
		// ones for long lines.
		radius := 2 + rng.Intn(3)
		if k >= 300 {
			radius = 6 + rng.Intn(3)
		}
		m := randomMap(rng, radius)
		maps++
		n := m.Len()
		var w walker
		for range 40 {
			a, b := rng.Intn(n), rng.Intn(n)
			if a == b {
				continue
			}
			for va := range Vertex(6) {
				for vb := range Vertex(6) {
					if va == vb {
						continue
					}
					lines++
					want, groups := bruteLine(m, a, va, b, vb)
					got := w.run(m, a, va, b, vb, true, false)
					if got != want {
						_, err := m.CheckLine(a, va, b, vb)
						t.Fatalf("map %d %s: line %s %s → %s %s: walk says %v, definition says %v (%v)\n%s",
							maps, m.Title, m.Label(a), va, m.Label(b), vb, got, want, err, dump(m))
					}
					if !got {
						continue
					}
					valid++
					l := w.line()
					for _, g := range l.Crossed {
						slices.Sort(g)
					}
					if fmt.Sprint(l.Crossed) != fmt.Sprint(groups) {
						t.Fatalf("line %s %s → %s %s crosses %v, definition says %v\n%s",
							m.Label(a), va, m.Label(b), vb, labelGroups(m, l.Crossed), labelGroups(m, groups), dump(m))
					}
				}
			}
		}
	}
	t.Logf("%d maps, %d candidate lines, %d valid", maps, lines, valid)
	if valid < lines/10 || valid == lines {
		t.Fatalf("random maps too open or too closed to test anything: %d of %d valid", valid, lines)
	}
}

func labelGroups(m *Map, gs [][]int) [][]string {
	var out [][]string
	for _, g := range gs {
		out = append(out, m.Labels(g))
	}
	return out
}

func dump(m *Map) string {
	data, _ := EncodeMap(m)
	return string(data)
}

// TestLoSSymmetric: the rules of §2.6 read the same from either end, so on
// random maps HasLoS(a,b) = HasLoS(b,a), and each valid line reversed is
// valid with its groups in reverse order.
func TestLoSSymmetric(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for range 200 {
		m := randomMap(rng, 3+rng.Intn(2))
		n := m.Len()
		for range 60 {
			a, b := rng.Intn(n), rng.Intn(n)
			_, ab := m.LineOfSight(a, b)
			_, ba := m.LineOfSight(b, a)
			if ab != ba || m.HasLoS(a, b) != ab || m.HasLoS(b, a) != ab {
				t.Fatalf("LoS %s→%s %v but %s→%s %v", m.Label(a), m.Label(b), ab, m.Label(b), m.Label(a), ba)
			}
			for _, l := range m.SightLines(a, b) {
				r, err := m.CheckLine(b, l.ToVertex, a, l.FromVertex)
				if err != nil {
					t.Fatalf("line %s %s→%s %s valid, reverse not: %v", m.Label(a), l.FromVertex, m.Label(b), l.ToVertex, err)
				}
				rev := slices.Clone(r.Crossed)
				slices.Reverse(rev)
				for _, g := range append(rev, l.Crossed...) {
					slices.Sort(g)
				}
				if fmt.Sprint(rev) != fmt.Sprint(l.Crossed) {
					t.Fatalf("reverse line crosses %v, forward %v", rev, l.Crossed)
				}
			}
			if ab && m.Range(a, b) == Unreachable {
				t.Fatalf("line of sight %s→%s without a Range", m.Label(a), m.Label(b))
			}
		}
	}
}

func lineStr(m *Map, l Line) string {
	var g []string
	for _, grp := range l.Crossed {
		g = append(g, strings.Join(m.Labels(grp), "+"))
	}
	return fmt.Sprintf("%s %s→%s %s via [%s]", m.Label(l.From), l.FromVertex, m.Label(l.To), l.ToVertex, strings.Join(g, " "))
}

// The scenarios below are laid on a rhombus of spaces labelled "q,r". In the
// integer frame the centre of (q,r) is (2q+r, 3r).

// TestLoSAlongSide: a line that runs along the side two spaces share goes
// through both of them, met at the same point (RB p.19, §2.7 item 3).
func TestLoSAlongSide(t *testing.T) {
	m := board(t, 0, 3, 0, 2, nil)
	a, b := idx(t, m, "0,0"), idx(t, m, "2,1")
	// From LR of (0,0) at (1,1) along the edge between (0,1) and (1,0) to
	// (2,2), through the middle of (1,1) to LL of (2,1) at (4,4).
	l, err := m.CheckLine(a, LowerRight, b, LowerLeft)
	if err != nil {
		t.Fatal(err)
	}
	if got := lineStr(m, l); got != "0,0 LR→2,1 LL via [0,1+1,0 1,1]" {
		t.Fatalf("got %s", got)
	}
	// A wall on that side stops this line (overlap, rule 1) …
	m = board(t, 0, 3, 0, 2, nil, "1,0|0,1")
	if _, err := m.CheckLine(a, LowerRight, b, LowerLeft); err == nil || !strings.Contains(err.Error(), "runs along the wall") {
		t.Fatalf("line along a wall allowed: %v", err)
	}
	// … but not every line between the two spaces.
	if !m.HasLoS(a, b) {
		t.Fatal("one wall side blocked all sight between (0,0) and (2,1)")
	}
}

// TestLoSJunction: a line that passes exactly through a grid vertex may go
// round the tip of a wall (§2.6 rule 3, A-04) but not slip between two walls
// meeting there.
func TestLoSJunction(t *testing.T) {
	// The line (0,0) LR → (2,1) LL passes the vertex (2,2), whose three
	// spaces are (1,0) above, (0,1) lower left and (1,1) lower right. It
	// arrives along the side (1,0)|(0,1) and leaves into (1,1).
	a, b := "0,0", "2,1"
	cases := []struct {
		walls []string
		ok    bool
	}{
		{nil, true},
		{[]string{"1,0|1,1"}, true},             // one wall ends at the vertex: round its tip through (0,1)
		{[]string{"0,1|1,1"}, true},             // the other one: round through (1,0)
		{[]string{"1,0|1,1", "0,1|1,1"}, false}, // both: the line slips between them
	}
	for _, c := range cases {
		m := board(t, 0, 3, 0, 2, nil, c.walls...)
		_, err := m.CheckLine(idx(t, m, a), LowerRight, idx(t, m, b), LowerLeft)
		if (err == nil) != c.ok {
			t.Errorf("walls %v: valid=%v, want %v (%v)", c.walls, err == nil, c.ok, err)
		}
		if err != nil && !strings.Contains(err.Error(), "slips between walls at the corner (2,2)") {
			t.Errorf("walls %v: reason %v", c.walls, err)
		}
	}
}

// TestLoSWallTip: a wall with free ends (the vertical edge between (1,1)
// and (2,1), from (4,2) to (4,4)). Lines pass round its tips, none crosses
// it, and two walls meeting at a corner close that corner.
func TestLoSWallTip(t *testing.T) {
	m := board(t, 0, 4, 0, 3, nil, "1,1|2,1")
	if !m.HasLoS(idx(t, m, "1,1"), idx(t, m, "2,1")) {
		t.Fatal("no sight round a one-edge wall")
	}
	west, far := idx(t, m, "0,1"), idx(t, m, "3,1")
	// From UR of (0,1) at (2,2) to UL of (3,1) at (6,2): straight east
	// through the insides of (1,1) and (2,1), passing the wall's top tip
	// (4,2) exactly, from one side of the wall's line to the other.
	l, err := m.CheckLine(west, UpperRight, far, UpperLeft)
	if err != nil {
		t.Fatalf("line touching the wall's tip refused: %v", err)
	}
	if got := lineStr(m, l); got != "0,1 UR→3,1 UL via [1,1 2,1]" {
		t.Fatalf("got %s", got)
	}
	// No valid line meets X = 4 strictly between Y = 2 and Y = 4.
	lines := m.SightLines(west, far)
	if len(lines) == 0 {
		t.Fatal("no line at all from (0,1) to (3,1)")
	}
	for _, l := range lines {
		dx, dy := l.End.X-l.Start.X, l.End.Y-l.Start.Y
		yTimesDx := l.Start.Y*dx + (4-l.Start.X)*dy
		if dx > 0 && yTimesDx > 2*dx && yTimesDx < 4*dx {
			t.Fatalf("line %s crosses the wall", lineStr(m, l))
		}
	}
	// Add (2,0)|(2,1), which meets the first wall at (4,2): the same line
	// now slips between two walls at their corner.
	m2 := board(t, 0, 4, 0, 3, nil, "1,1|2,1", "2,0|2,1")
	_, err = m2.CheckLine(idx(t, m2, "0,1"), UpperRight, idx(t, m2, "3,1"), UpperLeft)
	if err == nil || !strings.Contains(err.Error(), "slips between walls at the corner (4,2)") {
		t.Fatalf("line through the corner of two walls: %v", err)
	}
}

func TestBlockers(t *testing.T) {
	m := board(t, 0, 3, 0, 2, []string{"0,1 destructible damaged", "1,0 indestructible", "1,1 destructible destroyed"})
	l, err := m.CheckLine(idx(t, m, "0,0"), LowerRight, idx(t, m, "2,1"), LowerLeft)
	if err != nil {
		t.Fatal(err)
	}
	fig := idx(t, m, "1,1")
	got := labelGroups(m, m.Blockers(l, nil))
	if fmt.Sprint(got) != "[[0,1 1,0]]" {
		t.Fatalf("blockers without figures: %v", got)
	}
	got = labelGroups(m, m.Blockers(l, func(i int) bool { return i == fig }))
	if fmt.Sprint(got) != "[[0,1 1,0] [1,1]]" {
		t.Fatalf("blockers with a figure on the destroyed object: %v", got)
	}
}
