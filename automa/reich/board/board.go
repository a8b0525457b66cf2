// Package board answers the two geometric questions the Reichbusters enemy
// rules ask of a mission map (spec §3.2): how near one area is to another
// (PathCost: areas plus closed doors) and whether one area can see another
// (LOS along straight sight lines). The map itself is content.Map; the
// doors' current states and what stands where are passed in, so the same
// board serves every moment of the game.
package board

import (
	"fmt"

	"tablekeeper/automa/reich/content"
)

// Unreachable is the PathCost of an area no path reaches.
const Unreachable = -1

// Board is a validated map turned into index form for fast queries.
type Board struct {
	Map   *content.Map
	ids   []string
	index map[string]int
	room  []string
	tile  []string
	adj   [][]link
	// Doors, in the map's order, with the two areas each joins.
	doorIndex map[string]int
	doorSides [][2]int
	// pairs maps an ordered area pair to the sight-line stretches joining them.
	pairs     map[[2]int][]stretch
	hasLines  bool
	guard     []bool
	roomAreas map[string][]int
	rooms     []string
}

type link struct {
	to   int
	door int // -1: open edge
}

// stretch is the run of a sight line from one area to another: the areas
// strictly between them and the edges crossed.
type stretch struct {
	between []int
	doors   []int // door index of each edge crossed, -1 for open edges
}

// New checks the map and builds its board.
func New(m *content.Map) (*Board, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	b := &Board{Map: m, index: map[string]int{}, doorIndex: map[string]int{}, pairs: map[[2]int][]stretch{}, roomAreas: map[string][]int{}}
	for i, a := range m.Areas {
		b.ids = append(b.ids, a.ID)
		b.index[a.ID] = i
		b.room = append(b.room, a.Room)
		b.tile = append(b.tile, a.Tile)
		if _, ok := b.roomAreas[a.Room]; !ok {
			b.rooms = append(b.rooms, a.Room)
		}
		b.roomAreas[a.Room] = append(b.roomAreas[a.Room], i)
	}
	b.adj = make([][]link, len(m.Areas))
	for i, d := range m.Doors {
		b.doorIndex[d.ID] = i
	}
	b.doorSides = make([][2]int, len(m.Doors))
	edgeDoor := map[[2]int]int{}
	for _, e := range m.Edges {
		x, y := b.index[e.A], b.index[e.B]
		d := -1
		if e.Door != "" {
			d = b.doorIndex[e.Door]
			b.doorSides[d] = [2]int{x, y}
		}
		b.adj[x] = append(b.adj[x], link{y, d})
		b.adj[y] = append(b.adj[y], link{x, d})
		edgeDoor[[2]int{x, y}] = d
		edgeDoor[[2]int{y, x}] = d
	}
	b.hasLines = len(m.SightLines) > 0
	for _, line := range m.SightLines {
		idx := make([]int, len(line))
		for i, id := range line {
			idx[i] = b.index[id]
		}
		for i := range idx {
			for j := i + 1; j < len(idx); j++ {
				st := stretch{between: append([]int(nil), idx[i+1:j]...)}
				for k := i; k < j; k++ {
					st.doors = append(st.doors, edgeDoor[[2]int{idx[k], idx[k+1]}])
				}
				b.pairs[[2]int{idx[i], idx[j]}] = append(b.pairs[[2]int{idx[i], idx[j]}], st)
				b.pairs[[2]int{idx[j], idx[i]}] = append(b.pairs[[2]int{idx[j], idx[i]}], st)
			}
		}
	}
	b.guard = make([]bool, len(m.Areas))
	for _, g := range m.GuardPoints {
		b.guard[b.index[g]] = true
	}
	return b, nil
}

// Len is the number of areas.
func (b *Board) Len() int { return len(b.ids) }

// ID is the id of area i.
func (b *Board) ID(i int) string { return b.ids[i] }

// Index finds an area by id.
func (b *Board) Index(id string) (int, bool) {
	i, ok := b.index[id]
	return i, ok
}

// MustIndex finds an area the caller has already checked exists.
func (b *Board) MustIndex(id string) int {
	i, ok := b.index[id]
	if !ok {
		panic(fmt.Sprintf("board: unknown area %q", id))
	}
	return i
}

// Room is the room/corridor of area i.
func (b *Board) Room(i int) string { return b.room[i] }

// Tile is the tile of area i ("" if the map does not say).
func (b *Board) Tile(i int) string { return b.tile[i] }

// SameTile reports whether two areas are on one tile. An area is always on
// its own tile; otherwise unknown tiles never match.
func (b *Board) SameTile(i, j int) bool { return i == j || (b.tile[i] != "" && b.tile[i] == b.tile[j]) }

// Rooms lists the rooms in map order.
func (b *Board) Rooms() []string { return b.rooms }

// RoomAreas lists the areas of a room.
func (b *Board) RoomAreas(room string) []int { return b.roomAreas[room] }

// GuardPoint reports whether area i holds a guard point token.
func (b *Board) GuardPoint(i int) bool { return b.guard[i] }

// HasSightLines reports whether the map gives sight lines (map mode); if
// not, LOS has to come from the players (assisted mode).
func (b *Board) HasSightLines() bool { return b.hasLines }

// DoorCount is the number of doors; door indexes follow the map's order.
func (b *Board) DoorCount() int { return len(b.doorSides) }

// DoorIndex finds a door by id.
func (b *Board) DoorIndex(id string) (int, bool) {
	i, ok := b.doorIndex[id]
	return i, ok
}

// DoorID is the id of door d.
func (b *Board) DoorID(d int) string { return b.Map.Doors[d].ID }

// DoorSides are the two areas door d joins.
func (b *Board) DoorSides(d int) [2]int { return b.doorSides[d] }

// Neighbour is one area next to another, and the door between them (-1 if none).
type Neighbour struct {
	Area, Door int
}

// Neighbours lists the areas that share an edge with area i (through any
// door, whatever its state).
func (b *Board) Neighbours(i int) []Neighbour {
	out := make([]Neighbour, len(b.adj[i]))
	for k, l := range b.adj[i] {
		out[k] = Neighbour{l.to, l.door}
	}
	return out
}

// Adjacent reports whether areas i and j are adjacent now: they share an
// edge with no wall and no shut door on it (spec §0.4).
func (b *Board) Adjacent(i, j int, doors []content.DoorState) bool {
	for _, l := range b.adj[i] {
		if l.to == j && (l.door < 0 || !doors[l.door].Shut()) {
			return true
		}
	}
	return false
}

// Mover says how a unit treats doors when its distance is counted
// (spec §3.2, §7.5.4).
type Mover struct {
	// NoHands: closed and locked doors cannot be crossed.
	NoHands bool
	// Unstoppable: doors cost nothing extra.
	Unstoppable bool
}

// StepCost is what crossing one edge adds to a PathCost, or Unreachable.
// An area-to-area step is 1; a closed or locked door crossed adds 1.
func (b *Board) StepCost(door int, mover Mover, doors []content.DoorState) int {
	if door < 0 || !doors[door].Shut() {
		return 1
	}
	if mover.NoHands {
		return Unreachable
	}
	if mover.Unstoppable {
		return 1
	}
	return 2
}

// Distances is PathCost from area src to every area (Unreachable where no
// path exists): the number of area-to-area steps plus the closed doors
// crossed, the spec's reading of "areas and closed doors between" (§3.2).
func (b *Board) Distances(src int, mover Mover, doors []content.DoorState) []int {
	n := len(b.ids)
	dist := make([]int, n)
	for i := range dist {
		dist[i] = Unreachable
	}
	dist[src] = 0
	// Edge costs are 1 or 2, so a bucket queue keeps this linear.
	buckets := [][]int{{src}}
	for c := 0; c < len(buckets); c++ {
		for k := 0; k < len(buckets[c]); k++ {
			a := buckets[c][k]
			if dist[a] != c {
				continue
			}
			for _, l := range b.adj[a] {
				w := b.StepCost(l.door, mover, doors)
				if w == Unreachable {
					continue
				}
				nd := c + w
				if dist[l.to] == Unreachable || nd < dist[l.to] {
					dist[l.to] = nd
					for len(buckets) <= nd {
						buckets = append(buckets, nil)
					}
					buckets[nd] = append(buckets[nd], l.to)
				}
			}
		}
	}
	return dist
}

// PathCost is the "nearest" distance between two areas (spec §3.2).
func (b *Board) PathCost(from, to int, mover Mover, doors []content.DoorState) int {
	return b.Distances(from, mover, doors)[to]
}

// DoorCost is the distance from an area to a door for patrols (§7.2): the
// nearer of the door's two sides, the door itself not counted as crossed.
func (b *Board) DoorCost(dist []int, door int) int {
	s := b.doorSides[door]
	x, y := dist[s[0]], dist[s[1]]
	switch {
	case x == Unreachable:
		return y
	case y == Unreachable:
		return x
	case x < y:
		return x
	}
	return y
}

// Sight is what can block a line of sight for one viewer side at one moment.
type Sight struct {
	Doors []content.DoorState
	// Obscured areas block sight into, out of and through them.
	Obscured []bool
	// Blocks marks areas that block this viewer's sight when a line passes
	// through them (enemy units for heroes; standing heroes for enemies).
	Blocks []bool
}

// LOS reports whether area from sees area to, and at what range in areas.
// Same area: always in sight at range 0. On a map without sight lines
// (assisted mode) known is false where the map's connections alone do not
// settle it (Settled): then the players must answer.
func (b *Board) LOS(from, to int, s Sight) (visible bool, rng int, known bool) {
	if from == to {
		return true, 0, true
	}
	if s.Obscured != nil && (s.Obscured[from] || s.Obscured[to]) {
		return false, 0, true
	}
	if !b.hasLines {
		return b.Settled(from, to, s)
	}
	for _, st := range b.pairs[[2]int{from, to}] {
		if b.clear(st, s) {
			return true, len(st.doors), true
		}
	}
	return false, 0, true
}

// Settled is what a map without sight lines tells of a line of sight by
// its connections alone. A line of sight runs straight from area to area,
// each next to the last across an edge, "through friendly units and any
// tokens but not through enemy units, walls, or closed doors" (rules
// summary, Attack): so two areas no chain of open edges joins, through
// areas that do not block this viewer, cannot see each other, and areas
// "adjacent if they share an edge not blocked by a wall or closed door"
// see each other across it (a straight line crosses a shared edge). Other
// pairs are for the players: known is false. Obscured ends are the
// caller's (LOS).
func (b *Board) Settled(from, to int, s Sight) (visible bool, rng int, known bool) {
	if from == to {
		return true, 0, true
	}
	if b.Adjacent(from, to, s.Doors) {
		return true, 1, true
	}
	if b.MinRange(from, to, s) == Unreachable {
		return false, 0, true
	}
	return false, 0, false
}

// MinRange is the fewest areas any line of sight from one area to another
// could run, whatever the map's geometry: the shortest chain of open edges
// (no wall, no shut door) through areas that do not block the viewer and
// are not obscured. A line of sight is such a chain, so no line is
// shorter, and Unreachable means none can exist. The two ends never block.
func (b *Board) MinRange(from, to int, s Sight) int {
	if from == to {
		return 0
	}
	dist := make([]int, len(b.ids))
	for i := range dist {
		dist[i] = Unreachable
	}
	dist[from] = 0
	queue := []int{from}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		if a != from && b.blocks(a, s) {
			continue // seen into, not through
		}
		for _, l := range b.adj[a] {
			if dist[l.to] != Unreachable || (l.door >= 0 && s.Doors[l.door].Shut()) {
				continue
			}
			dist[l.to] = dist[a] + 1
			if l.to == to {
				return dist[l.to]
			}
			queue = append(queue, l.to)
		}
	}
	return Unreachable
}

// blocks reports whether a line of sight cannot pass through area a.
func (b *Board) blocks(a int, s Sight) bool {
	return (s.Obscured != nil && s.Obscured[a]) || (s.Blocks != nil && s.Blocks[a])
}

// Reach marks the areas joined to area from by chains of open edges (no
// wall, no shut door), whatever stands in them: where any line of sight
// from it can run.
func (b *Board) Reach(from int, doors []content.DoorState) []bool {
	seen := make([]bool, len(b.ids))
	seen[from] = true
	queue := []int{from}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for _, l := range b.adj[a] {
			if !seen[l.to] && (l.door < 0 || !doors[l.door].Shut()) {
				seen[l.to] = true
				queue = append(queue, l.to)
			}
		}
	}
	return seen
}

// Between marks the areas and doors a line of sight of rng areas from one
// area to another can pass: an area x lies on a chain of rng edges from
// one to the other only if its distance from the one and to the other,
// counted over every edge, add up to at most rng; a door likewise. The
// two ends are left out.
func (b *Board) Between(from, to, rng int) (areas, doors []bool) {
	all := Mover{Unstoppable: true} // every edge counts 1, doors or not
	open := make([]content.DoorState, len(b.doorSides))
	for i := range open {
		open[i] = content.Open
	}
	df, dt := b.Distances(from, all, open), b.Distances(to, all, open)
	areas = make([]bool, len(b.ids))
	for x := range areas {
		areas[x] = x != from && x != to && df[x] != Unreachable && dt[x] != Unreachable && df[x]+dt[x] <= rng
	}
	doors = make([]bool, len(b.doorSides))
	for d, sd := range b.doorSides {
		x, y := sd[0], sd[1]
		on := func(p, q int) bool {
			return df[p] != Unreachable && dt[q] != Unreachable && df[p]+1+dt[q] <= rng
		}
		doors[d] = on(x, y) || on(y, x)
	}
	return areas, doors
}

func (b *Board) clear(st stretch, s Sight) bool {
	for _, d := range st.doors {
		if d >= 0 && s.Doors[d].Shut() {
			return false
		}
	}
	for _, a := range st.between {
		if s.Obscured != nil && s.Obscured[a] {
			return false
		}
		if s.Blocks != nil && s.Blocks[a] {
			return false
		}
	}
	return true
}

// LOSAlien is Not of this Earth!'s sight (spec §11.3): an area sees itself
// and the adjacent areas not cut off by a wall or a shut door.
func (b *Board) LOSAlien(from, to int, s Sight) bool {
	if from == to {
		return true
	}
	if s.Obscured != nil && (s.Obscured[from] || s.Obscured[to]) {
		return false
	}
	return b.Adjacent(from, to, s.Doors)
}

// CanEscape is the end-of-game check (§5.7): is there a path, with
// unlimited movement, from area from to one of the exits that never enters
// an area holding an enemy unit? With doors nil, every door, even a closed
// or locked one, is passable (AMBIGUOUS; the spec's default); otherwise
// only open doors are.
func (b *Board) CanEscape(from int, exits []int, enemy []bool, doors []content.DoorState) bool {
	exit := make([]bool, len(b.ids))
	for _, e := range exits {
		exit[e] = true
	}
	seen := make([]bool, len(b.ids))
	seen[from] = true
	queue := []int{from}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		if exit[a] {
			return true
		}
		for _, l := range b.adj[a] {
			if doors != nil && l.door >= 0 && doors[l.door].Shut() {
				continue
			}
			if !seen[l.to] && !enemy[l.to] {
				seen[l.to] = true
				queue = append(queue, l.to)
			}
		}
	}
	return false
}
