package hex

import "sync"

// Orientation is how the hexes sit on the printed map (§2.1 item 1, A-01).
type Orientation string

// Orientations. The zero value is pointy-top.
const (
	Pointy Orientation = ""
	Flat   Orientation = "flat"
)

// Unreachable is the Range or MP cost of a space that cannot be reached. It
// is large enough to compare against, and small enough that adding a few
// MP to it never overflows.
const Unreachable = 1 << 30

// Wall is one listed wall edge: side Side of space Space. Other is the space
// on the far side of that edge, or -1 when the edge is on the map's boundary
// (which is wall anyway; such walls are kept only so a file round-trips).
// Walls between two spaces are kept in one spelling, with Side in NE, E, SE.
type Wall struct {
	Space int
	Side  Dir
	Other int
}

// Map is a mission map: its spaces, its listed walls, and what they imply.
// A Map is built by NewMap or ParseMap and its geometry precomputed then.
//
// The fields of a Space may be changed in place through the pointers Space
// and SpaceAt return (an object is damaged, a hazard token laid, a trap
// token removed) — except Door: change doors with SetDoor, which also
// updates adjacency, lines of sight and regions.
//
// A Map may be read from several goroutines at once; its lazily filled
// Range and line-of-sight memos are guarded. Changing a space while others
// read the map is the caller's business.
type Map struct {
	MissionID   string
	Title       string
	Planet      string
	Difficulty  int
	Orientation Orientation

	spaces  []Space
	walls   []Wall
	byLabel map[string]int

	// Dense lookup of hex positions over the map's bounding box.
	minQ, minR, cols, rows int
	grid                   []int32
	sparse                 map[Coord]int32 // instead of grid when the box is mostly empty

	nbr     [][6]int32 // neighbour space in each direction, or -1
	listed  []uint8    // bit d: side d of the space is a listed wall
	wmask   []uint8    // bit d: side d is in the wall edge set W of §2.6
	adj     [][]int32  // §2.5 adjacency
	adjDoor [][]int32  // adjacency with every closed door opened (walls and boundary only)
	region  []int32    // §2.9 door region, -1 for closed doors
	nreg    int

	memo *memo
}

// memo holds what the map works out lazily and keeps.
type memo struct {
	mu        sync.Mutex
	rangeRows [][]int32 // BFS rows for Range, filled on first use
	// los keeps HasLoS's answers, two bits for each pair a < b (0 not yet
	// known, 1 no line, 2 some line), a quarter of the triangle in bytes: a
	// byte for every ordered pair was 810 KB for a 30×30 map, cleared and
	// paged in by the first decision on each new situation, which made that
	// decision cost several later ones.
	los []uint8
}

// Len is the number of spaces; space indices run from 0 to Len()-1, in the
// order of the map file.
func (m *Map) Len() int { return len(m.spaces) }

// SpaceAt returns space i. It panics if i is out of range, like a slice.
func (m *Map) SpaceAt(i int) *Space { return &m.spaces[i] }

// Space finds a space by its printed label.
func (m *Map) Space(label string) (*Space, bool) {
	i, ok := m.byLabel[label]
	if !ok {
		return nil, false
	}
	return &m.spaces[i], true
}

// Index finds the index of the space with the given label.
func (m *Map) Index(label string) (int, bool) {
	i, ok := m.byLabel[label]
	return i, ok
}

// IndexAt finds the index of the space at axial position c.
func (m *Map) IndexAt(c Coord) (int, bool) {
	i := m.at(c.Q, c.R)
	return int(i), i >= 0
}

// Label is the printed label of space i.
func (m *Map) Label(i int) string { return m.spaces[i].Label }

// Labels turns a list of space indices (a path, a line's spaces) into
// their labels.
func (m *Map) Labels(idx []int) []string {
	out := make([]string, len(idx))
	for k, i := range idx {
		out[k] = m.spaces[i].Label
	}
	return out
}

// EntryPoints lists the character entry points (V-02 wants at least one per
// character; V-03 one each).
func (m *Map) EntryPoints() []int {
	var out []int
	for i := range m.spaces {
		if m.spaces[i].EntryPoint {
			out = append(out, i)
		}
	}
	return out
}

// Walls lists the listed walls (not the implicit boundary).
func (m *Map) Walls() []Wall { return append([]Wall(nil), m.walls...) }

// Neighbor is the space next to i in direction d, or -1 if that position is
// not on the map. It ignores walls.
func (m *Map) Neighbor(i int, d Dir) int { return int(m.nbr[i][d]) }

// IsWall reports whether side d of space i is in the wall edge set W of
// §2.6: a listed wall, the map's boundary, or a side of a closed door (on
// either side of the edge).
func (m *Map) IsWall(i int, d Dir) bool { return m.wmask[i]&(1<<d) != 0 }

// IsListedWall reports whether side d of space i is a wall listed in the
// map (boundary and door sides excluded).
func (m *Map) IsListedWall(i int, d Dir) bool { return m.listed[i]&(1<<d) != 0 }

// Neighbors lists the spaces adjacent to i in the sense of §2.5: sharing an
// edge that is not a wall, neither of them a closed door. The slice belongs
// to the map; do not change it.
func (m *Map) Neighbors(i int) []int32 { return m.adj[i] }

// Adjacent reports whether a and b are adjacent (§2.5 item 1).
func (m *Map) Adjacent(a, b int) bool {
	for _, n := range m.adj[a] {
		if int(n) == b {
			return true
		}
	}
	return false
}

// Region is the door region of space i (§2.9): spaces joined by non-wall
// edges without passing a closed door share a region. A closed door itself
// is in no region (-1). Regions are numbered from 0.
func (m *Map) Region(i int) int { return int(m.region[i]) }

// Regions is the number of door regions.
func (m *Map) Regions() int { return m.nreg }

// SameRegion reports whether a Teleport from a may end on b (§2.9, A-09).
func (m *Map) SameRegion(a, b int) bool {
	return m.region[a] >= 0 && m.region[a] == m.region[b]
}

// SetDoor opens or closes the door on space i (or adds or removes one) and
// updates adjacency, Range, line of sight and regions. Moving figures off a
// door that closes (§2.3 item 4) is the caller's business.
func (m *Map) SetDoor(i int, d Door) {
	if m.spaces[i].Door == d {
		return
	}
	m.spaces[i].Door = d
	m.derive()
}

// Clone returns an independent copy of the map, for trying changes out.
func (m *Map) Clone() *Map {
	c := &Map{
		MissionID: m.MissionID, Title: m.Title, Planet: m.Planet,
		Difficulty: m.Difficulty, Orientation: m.Orientation,
		spaces:  append([]Space(nil), m.spaces...),
		walls:   append([]Wall(nil), m.walls...),
		byLabel: m.byLabel, minQ: m.minQ, minR: m.minR, cols: m.cols, rows: m.rows,
		grid: m.grid, sparse: m.sparse, nbr: m.nbr, listed: m.listed, adjDoor: m.adjDoor,
	}
	for k := range c.spaces {
		c.spaces[k].PlacementIcons = append([]PlacementIcon(nil), c.spaces[k].PlacementIcons...)
	}
	c.derive()
	return c
}

// CompassPoint places space i for the compass comparisons of the Decision
// die (§2.1 item 6, §3.3): a larger X is further east, a larger Y further
// south. On a pointy-top map it is the centre in the integer frame; on a
// flat-top map the same comparison holds for that map's own north. Compare
// one axis at a time; the two axes are scaled differently.
func (m *Map) CompassPoint(i int) Point {
	c := m.spaces[i].Coord
	if m.Orientation == Flat {
		// Flat-top centre: x = 3/2·q, y = √3·(r + q/2); scaled per axis.
		return Point{3 * c.Q, 2*c.R + c.Q}
	}
	return c.Centre()
}

func (m *Map) at(q, r int) int32 {
	if m.sparse != nil {
		if i, ok := m.sparse[Coord{q, r}]; ok {
			return i
		}
		return -1
	}
	q -= m.minQ
	r -= m.minR
	if q < 0 || r < 0 || q >= m.cols || r >= m.rows {
		return -1
	}
	return m.grid[r*m.cols+q]
}

// index builds the position lookup and neighbour table; it runs once.
func (m *Map) index() {
	n := len(m.spaces)
	m.byLabel = make(map[string]int, n)
	minQ, minR, maxQ, maxR := 0, 0, 0, 0
	for i, s := range m.spaces {
		m.byLabel[s.Label] = i
		if i == 0 || s.Q < minQ {
			minQ = s.Q
		}
		if i == 0 || s.R < minR {
			minR = s.R
		}
		if i == 0 || s.Q > maxQ {
			maxQ = s.Q
		}
		if i == 0 || s.R > maxR {
			maxR = s.R
		}
	}
	m.minQ, m.minR = minQ, minR
	m.cols, m.rows = maxQ-minQ+1, maxR-minR+1
	if n == 0 {
		m.cols, m.rows = 0, 0
	}
	if m.cols*m.rows > 64*n+4096 {
		// A few spaces spread far apart: a dense table would be mostly
		// empty, so look positions up in a map instead.
		m.sparse = make(map[Coord]int32, n)
		for i, s := range m.spaces {
			m.sparse[s.Coord] = int32(i)
		}
	} else {
		m.grid = make([]int32, m.cols*m.rows)
		for k := range m.grid {
			m.grid[k] = -1
		}
		for i, s := range m.spaces {
			m.grid[(s.R-minR)*m.cols+(s.Q-minQ)] = int32(i)
		}
	}
	m.nbr = make([][6]int32, n)
	for i, s := range m.spaces {
		for d := range 6 {
			o := dirOffset[d]
			m.nbr[i][d] = m.at(s.Q+o.Q, s.R+o.R)
		}
	}
	m.listed = make([]uint8, n)
	for _, w := range m.walls {
		m.listed[w.Space] |= 1 << w.Side
		if w.Other >= 0 {
			m.listed[w.Other] |= 1 << w.Side.Opposite()
		}
	}
	m.adjDoor = make([][]int32, n)
	flat := make([]int32, 0, 6*n)
	for i := range m.spaces {
		start := len(flat)
		for d := range 6 {
			if j := m.nbr[i][d]; j >= 0 && m.listed[i]&(1<<d) == 0 {
				flat = append(flat, j)
			}
		}
		m.adjDoor[i] = flat[start:len(flat):len(flat)]
	}
}

// derive recomputes everything that depends on door states.
func (m *Map) derive() {
	n := len(m.spaces)
	m.wmask = make([]uint8, n)
	for i := range m.spaces {
		mask := m.listed[i]
		door := m.spaces[i].IsClosedDoor()
		for d := range 6 {
			j := m.nbr[i][d]
			if door || j < 0 || m.spaces[j].IsClosedDoor() {
				mask |= 1 << d
			}
		}
		m.wmask[i] = mask
	}
	m.adj = make([][]int32, n)
	flat := make([]int32, 0, 6*n)
	for i := range m.spaces {
		start := len(flat)
		for d := range 6 {
			if m.wmask[i]&(1<<d) == 0 {
				flat = append(flat, m.nbr[i][d])
			}
		}
		m.adj[i] = flat[start:len(flat):len(flat)]
	}
	m.region = make([]int32, n)
	for i := range m.region {
		m.region[i] = -1
	}
	m.nreg = 0
	queue := make([]int32, 0, n)
	for i := range m.spaces {
		if m.region[i] >= 0 || m.spaces[i].IsClosedDoor() {
			continue
		}
		id := int32(m.nreg)
		m.nreg++
		m.region[i] = id
		queue = append(queue[:0], int32(i))
		for len(queue) > 0 {
			u := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			for _, v := range m.adj[u] {
				if m.region[v] < 0 {
					m.region[v] = id
					queue = append(queue, v)
				}
			}
		}
	}
	// A fresh memo, not a cleared one: a Clone shares nothing with its
	// original once derived.
	m.memo = &memo{rangeRows: make([][]int32, n)}
}
