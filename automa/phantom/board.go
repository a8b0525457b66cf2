package phantom

// The board is the adversary AI's view of the map: the spaces with what is
// printed or placed on them, the adjacency the walls and closed doors leave
// (spec §2.5), and the lines of sight the geometry allows (§2.6–2.7). It is
// built once per situation from the automa/hex map; the parts that change
// during a turn (object states, trap tokens, nova cells) live here too, so
// the map itself is never mutated.

// Hazard kinds (§5.1).
const (
	HazFire   = "fire"
	HazPoison = "poison"
	HazTrap   = "trap"
)

// Object kinds and states (§5.2–5.3).
const (
	ObjDestructible   = "destructible"
	ObjIndestructible = "indestructible"
	StateIntact       = "intact"
	StateDamaged      = "damaged"
	StateDestroyed    = "destroyed"
)

type space struct {
	Label       string
	Q, R        int
	Difficult   bool   // printed difficult terrain
	Gap         bool   // lava, water: no Move, Leap over
	Hazard      string // "", fire, poison, trap
	HazardToken bool   // trap tokens leave when triggered
	Object      string // "", destructible, indestructible
	ObjState    string // destructible only
	ClosedDoor  bool
	Orb         bool
	Nova        int
}

// losLine is one valid line of sight from one space to another: the
// vertex pair it joins and the spaces it goes through, in order along the
// line; spaces met at the same point (a line running along their shared
// side) share a group (§2.7 item 3).
type losLine struct {
	FromVertex, ToVertex int
	Crossed              [][]int
}

// sightlines is what the board needs from the geometry: every valid line
// of sight between two spaces (walls, closed doors and the map's edge
// already taken into account; figures and objects never stop a line).
type sightlines interface {
	Lines(a, b int) []losLine
	HasLoS(a, b int) bool
	// RangeRow is Range from a to every space, -1 where none; shared, so
	// never changed.
	RangeRow(a int) []int32
}

type board struct {
	sp []space
	// ownSp: sp is this board's own copy, free to change (edit); a fresh
	// board shares its situation's until something on it changes.
	ownSp   bool
	nb      [][]int // adjacent spaces: shared edge with no wall, neither a closed door
	byLabel map[string]int
	byQR    map[[2]int]int
	sight   sightlines
	// pt[s] is the space's compass position for the Decision die (§3.3).
	pt [][2]int
	// rangeRows[s] = Range from s to every space (BFS through everything),
	// the geometry's own row, -1 where none.
	rangeRows map[int][]int32
	// losRows[c][a] is line of sight from a to c once asked: 0 not yet,
	// 1 none, 2 some. A row per target, since a decision asks about one
	// target from many spaces, and a slice is read far quicker than a map
	// keyed by the pair.
	losRows   map[int][]int8
	lineCache map[[2]int][]losLine
}

const inf = 1 << 30

func newBoard(sp []space, nb [][]int, sight sightlines) *board {
	// The two indexes sized for every space at once: grown a step at a
	// time, they were rehashed over and over while a situation's board
	// was first built (the profile of a first adversary turn showed it).
	b := &board{sp: sp, nb: nb, sight: sight, byLabel: make(map[string]int, len(sp)), byQR: make(map[[2]int]int, len(sp)),
		rangeRows: map[int][]int32{}, losRows: map[int][]int8{}, lineCache: map[[2]int][]losLine{}}
	for i, s := range sp {
		b.byLabel[s.Label] = i
		b.byQR[[2]int{s.Q, s.R}] = i
	}
	return b
}

// blockingObject: an indestructible object, or a destructible one not yet
// destroyed (§2.4).
func (b *board) blockingObject(s int) bool {
	o := b.sp[s].Object
	return o == ObjIndestructible || (o == ObjDestructible && b.sp[s].ObjState != StateDestroyed)
}

// destructibleStanding: a destructible object that can still be attacked.
func (b *board) destructibleStanding(s int) bool {
	return b.sp[s].Object == ObjDestructible && b.sp[s].ObjState != StateDestroyed
}

// difficult: difficult terrain or a destroyed object, unless a hazard is
// there (a hazard replaces the difficult effect, §2.4).
func (b *board) difficult(s int) bool {
	sp := &b.sp[s]
	return (sp.Difficult || (sp.Object == ObjDestructible && sp.ObjState == StateDestroyed)) && sp.Hazard == ""
}

func (b *board) hazard(s int) bool { return b.sp[s].Hazard != "" }

// moveCost is the MP a Move spends to enter s (§2.8).
func (b *board) moveCost(s int) int {
	if b.difficult(s) {
		return 2
	}
	return 1
}

// hazardDamage is what entering s does in HP (§5.1), for path tie-breaks.
func (b *board) hazardDamage(s int) int {
	switch b.sp[s].Hazard {
	case HazFire, HazPoison:
		return 3
	case HazTrap:
		return 5
	}
	return 0
}

// ranges returns Range from s to every space (§2.5): adjacent steps
// through any space, never across walls or closed doors; inf where none.
func (b *board) ranges(s int) []int {
	row := b.rangeRow(s)
	d := make([]int, len(row))
	for i, r := range row {
		d[i] = int(r)
		if r < 0 {
			d[i] = inf
		}
	}
	return d
}

// rangeRow is ranges as the geometry keeps it (-1 where none), read in
// place: the searches read a row for each enemy and object they weigh.
func (b *board) rangeRow(s int) []int32 {
	if d, ok := b.rangeRows[s]; ok {
		return d
	}
	d := b.sight.RangeRow(s)
	b.rangeRows[s] = d
	return d
}

// rng is Range from a to c (inf where none).
func (b *board) rng(a, c int) int {
	if d := b.rangeRow(a)[c]; d >= 0 {
		return int(d)
	}
	return inf
}

// lines returns the valid lines of sight from a to c (cached).
func (b *board) lines(a, c int) []losLine {
	k := [2]int{a, c}
	if l, ok := b.lineCache[k]; ok {
		return l
	}
	l := b.sight.Lines(a, c)
	b.lineCache[k] = l
	return l
}

// los reports whether some valid line joins a and c (Invisible targets are
// handled by the caller, which never asks for them).
func (b *board) los(a, c int) bool {
	row := b.losRows[c]
	if row == nil {
		row = make([]int8, len(b.sp))
		b.losRows[c] = row
	}
	if row[a] == 0 {
		row[a] = 1
		if b.sight.HasLoS(a, c) {
			row[a] = 2
		}
	}
	return row[a] == 2
}

// region numbers the door regions (§2.9): components of the non-closed-door
// spaces joined by non-wall edges.
func (b *board) regions() []int {
	reg := make([]int, len(b.sp))
	for i := range reg {
		reg[i] = -1
	}
	n := 0
	for s := range b.sp {
		if reg[s] >= 0 || b.sp[s].ClosedDoor {
			continue
		}
		reg[s] = n
		q := []int{s}
		for len(q) > 0 {
			u := q[0]
			q = q[1:]
			for _, v := range b.nb[u] {
				if reg[v] < 0 && !b.sp[v].ClosedDoor {
					reg[v] = n
					q = append(q, v)
				}
			}
		}
		n++
	}
	return reg
}

func (b *board) labels(path []int) []string {
	out := make([]string, len(path))
	for i, s := range path {
		out[i] = b.sp[s].Label
	}
	return out
}

// fresh is a copy for one decision: its own caches, sharing the adjacency,
// compass points and geometry, which never change, and the spaces until
// the decision changes one (object states, trap tokens and nova cells,
// through edit). Copying the spaces up front cost a sixth of a whole turn
// on a 30×30 map, and most turns change none.
func (b *board) fresh() *board {
	return &board{sp: b.sp, nb: b.nb, sight: b.sight, pt: b.pt,
		byLabel: b.byLabel, byQR: b.byQR,
		rangeRows: map[int][]int32{}, losRows: map[int][]int8{}, lineCache: map[[2]int][]losLine{}}
}

// edit is space s, to change: the first change copies the spaces, which a
// fresh board shares with its situation.
func (b *board) edit(s int) *space {
	if !b.ownSp {
		b.sp = append([]space(nil), b.sp...)
		b.ownSp = true
	}
	return &b.sp[s]
}
