package content

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// A map drawn in the map editor lays its areas on a grid of squares: each
// area covers one or more squares (its Cells), joined side by side. The
// grid is only a picture of the printed map, but it is enough to derive
// what the enemy rules need and players would otherwise type: which areas
// touch (an open edge inside a room, a wall or a door between rooms), and
// the straight lines of sight along the grid's rows and columns (spec §3.2:
// LOS runs in the 4 cardinal directions and stops at walls).

// Cell is one square of the layout grid: column X, row Y, from 0. In a
// content file it is written [x, y].
type Cell struct{ X, Y int }

// MaxGrid is how many squares a layout may span in each direction.
const MaxGrid = 60

// MarshalJSON writes [x, y].
func (c Cell) MarshalJSON() ([]byte, error) { return json.Marshal([2]int{c.X, c.Y}) }

// UnmarshalJSON reads [x, y].
func (c *Cell) UnmarshalJSON(b []byte) error {
	var xy []int
	if err := json.Unmarshal(b, &xy); err != nil || len(xy) != 2 {
		return fmt.Errorf("a square of the map's grid is written as two whole numbers, its column and row, as in [3, 1]")
	}
	c.X, c.Y = xy[0], xy[1]
	return nil
}

// Neighbour is the square next to c on side s.
func (c Cell) Neighbour(s Side) Cell {
	switch s {
	case North:
		return Cell{c.X, c.Y - 1}
	case South:
		return Cell{c.X, c.Y + 1}
	case West:
		return Cell{c.X - 1, c.Y}
	}
	return Cell{c.X + 1, c.Y}
}

// Side is a side of a square.
type Side int

// The four sides, in the order the picture draws them.
const (
	North Side = iota
	East
	South
	West
)

// Sides lists the four sides.
var Sides = []Side{North, East, South, West}

// HasLayout reports whether the map was drawn on the grid (some area has
// squares).
func (m *Map) HasLayout() bool {
	for _, a := range m.Areas {
		if len(a.Cells) > 0 {
			return true
		}
	}
	return false
}

// Owners maps each square of the layout to the id of the area on it.
func (m *Map) Owners() map[Cell]string {
	out := map[Cell]string{}
	for _, a := range m.Areas {
		for _, c := range a.Cells {
			out[c] = a.ID
		}
	}
	return out
}

// Bounds is the grid's size: one past the largest column and row used.
func (m *Map) Bounds() (cols, rows int) {
	for _, a := range m.Areas {
		for _, c := range a.Cells {
			cols, rows = max(cols, c.X+1), max(rows, c.Y+1)
		}
	}
	return cols, rows
}

// PairKey is an unordered pair of area ids, the smaller first.
func PairKey(a, b string) [2]string {
	if b < a {
		return [2]string{b, a}
	}
	return [2]string{a, b}
}

// Touching lists, sorted, the pairs of areas whose squares share a side:
// the only places an edge (open, or through a door) can be on a drawn map.
func (m *Map) Touching() [][2]string {
	own := m.Owners()
	seen := map[[2]string]bool{}
	var out [][2]string
	for c, id := range own {
		for _, s := range []Side{East, South} {
			o, ok := own[c.Neighbour(s)]
			if !ok || o == id {
				continue
			}
			k := PairKey(id, o)
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	slices.SortFunc(out, func(a, b [2]string) int { return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1]) })
	return out
}

// SharedSides lists the sides of a's squares that b's squares lie across,
// in grid order: where the picture draws the wall or door between them.
func (m *Map) SharedSides(a, b string) []CellSide {
	own := m.Owners()
	var out []CellSide
	if x := m.Area(a); x != nil {
		for _, c := range x.Cells {
			for _, s := range Sides {
				if own[c.Neighbour(s)] == b {
					out = append(out, CellSide{c, s})
				}
			}
		}
	}
	slices.SortFunc(out, func(p, q CellSide) int {
		if p.Cell.Y != q.Cell.Y {
			return p.Cell.Y - q.Cell.Y
		}
		if p.Cell.X != q.Cell.X {
			return p.Cell.X - q.Cell.X
		}
		return int(p.Side) - int(q.Side)
	})
	return out
}

// CellSide is one side of one square.
type CellSide struct {
	Cell Cell
	Side Side
}

// EdgeBetween returns the edge joining a and b, or nil (a wall, or not
// touching).
func (m *Map) EdgeBetween(a, b string) *Edge {
	for i := range m.Edges {
		e := &m.Edges[i]
		if (e.A == a && e.B == b) || (e.A == b && e.B == a) {
			return e
		}
	}
	return nil
}

// LayoutSightLines are the straight lines of sight of a drawn map: along
// every row and column of the grid, the runs of areas that follow one
// another with an edge (open, or a door) between each two. A wall or an
// empty square ends a line; an area met a second time (a bent area) starts
// a new one. Lines contained in a longer line are left out.
func (m *Map) LayoutSightLines() [][]string {
	own := m.Owners()
	cols, rows := m.Bounds()
	joined := map[[2]string]bool{}
	for _, e := range m.Edges {
		joined[PairKey(e.A, e.B)] = true
	}
	var lines [][]string
	flush := func(line []string) {
		if len(line) >= 2 {
			lines = append(lines, slices.Clone(line))
		}
	}
	walk := func(n int, at func(i int) (string, bool)) {
		var line []string
		for i := 0; i < n; i++ {
			id, ok := at(i)
			switch {
			case !ok:
				flush(line)
				line = nil
			case len(line) == 0:
				line = []string{id}
			case line[len(line)-1] == id:
			case !joined[PairKey(line[len(line)-1], id)]:
				flush(line)
				line = []string{id}
			case slices.Contains(line, id):
				flush(line)
				line = []string{line[len(line)-1], id}
			default:
				line = append(line, id)
			}
		}
		flush(line)
	}
	for y := 0; y < rows; y++ {
		walk(cols, func(x int) (string, bool) { id, ok := own[Cell{x, y}]; return id, ok })
	}
	for x := 0; x < cols; x++ {
		walk(rows, func(y int) (string, bool) { id, ok := own[Cell{x, y}]; return id, ok })
	}
	// Keep each line once, and drop a line that a longer one contains
	// (a wide area gives the same line on each of its rows).
	var out [][]string
	for i, l := range lines {
		keep := true
		for j, o := range lines {
			if i == j {
				continue
			}
			if within(l, o) && (len(o) > len(l) || j < i) {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, l)
		}
	}
	return out
}

// within reports whether l runs, in either direction, inside o.
func within(l, o []string) bool {
	if len(l) > len(o) {
		return false
	}
	r := slices.Clone(l)
	slices.Reverse(r)
	for i := 0; i+len(l) <= len(o); i++ {
		if slices.Equal(o[i:i+len(l)], l) || slices.Equal(o[i:i+len(l)], r) {
			return true
		}
	}
	return false
}

// validateLayout checks a drawn map: every area on the grid, no square
// used twice, each area's squares joined side by side, and every edge
// between areas that touch.
func (m *Map) validateLayout() error {
	if !m.HasLayout() {
		return nil
	}
	own := map[Cell]string{}
	for _, a := range m.Areas {
		if len(a.Cells) == 0 {
			return fmt.Errorf("map: area %s is not drawn on the map's grid (every area is, once one is)", a.ID)
		}
		for _, c := range a.Cells {
			if c.X < 0 || c.Y < 0 || c.X >= MaxGrid || c.Y >= MaxGrid {
				return fmt.Errorf("map: area %s has a square at column %d, row %d, outside the grid (0 to %d)", a.ID, c.X, c.Y, MaxGrid-1)
			}
			if o, dup := own[c]; dup {
				return fmt.Errorf("map: areas %s and %s are both drawn on the square at column %d, row %d", o, a.ID, c.X, c.Y)
			}
			own[c] = a.ID
		}
		if !connected(a.Cells) {
			return fmt.Errorf("map: area %s is drawn in pieces; its squares must join side by side", a.ID)
		}
	}
	touch := map[[2]string]bool{}
	for _, p := range m.Touching() {
		touch[p] = true
	}
	for i, e := range m.Edges {
		if !touch[PairKey(e.A, e.B)] {
			return fmt.Errorf("map: edge %d (%s–%s): the two areas do not touch on the map's grid", i+1, e.A, e.B)
		}
	}
	return nil
}

func connected(cells []Cell) bool {
	if len(cells) <= 1 {
		return true
	}
	in := map[Cell]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[Cell]bool{cells[0]: true}
	queue := []Cell{cells[0]}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, s := range Sides {
			n := c.Neighbour(s)
			if in[n] && !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return len(seen) == len(in)
}
