package hex

// Range is the length of the shortest chain of adjacent spaces from a to b
// (§2.5 item 2): every space counts 1 whatever is on it, walls and closed
// doors are never crossed. It is Unreachable when no chain exists, and 0
// from a space to itself.
func (m *Map) Range(a, b int) int {
	d := m.rangeRow(a)[b]
	if d < 0 {
		return Unreachable
	}
	return int(d)
}

// Ranges returns Range from a to every space (Unreachable where none).
func (m *Map) Ranges(a int) []int {
	row := m.rangeRow(a)
	out := make([]int, len(row))
	for i, d := range row {
		if d < 0 {
			out[i] = Unreachable
		} else {
			out[i] = int(d)
		}
	}
	return out
}

// RangeRow is Range from a to every space as the map keeps it (-1 where
// none), without the copy Ranges makes: for callers reading many rows in a
// hot loop. The row is shared and must not be changed.
func (m *Map) RangeRow(a int) []int32 { return m.rangeRow(a) }

// rangeRow is the memoised BFS row from a (-1 = unreachable).
func (m *Map) rangeRow(a int) []int32 {
	mm := m.memo
	mm.mu.Lock()
	row := mm.rangeRows[a]
	mm.mu.Unlock()
	if row != nil {
		return row
	}
	row = make([]int32, len(m.spaces))
	for i := range row {
		row[i] = -1
	}
	row[a] = 0
	queue := make([]int32, 1, len(m.spaces))
	queue[0] = int32(a)
	for k := 0; k < len(queue); k++ {
		u := queue[k]
		for _, v := range m.adj[u] {
			if row[v] < 0 {
				row[v] = row[u] + 1
				queue = append(queue, v)
			}
		}
	}
	mm.mu.Lock()
	mm.rangeRows[a] = row
	mm.mu.Unlock()
	return row
}

// MoveRules says how a figure moves for a path search (§2.4, §2.8).
type MoveRules struct {
	// Leap: every step costs 1 MP, difficult terrain included, and objects,
	// orbs, gaps, hazards and figures may be passed over; only walls and
	// closed doors stop it (§2.8, canEnterLeap). Which spaces a Leap may end
	// on is the caller's test (Space.Standable plus figures).
	Leap bool
	// AvoidHazards makes hazard spaces impassable for a Move, as §8.7 step 3
	// treats them when hazards are not permitted. A Leap ignores it: hazards
	// between its start and end never matter.
	AvoidHazards bool
	// Blocked marks spaces the mover may not enter at all, indexed by space
	// (for a Move: enemy figures, unless one side is Invisible). Nil blocks
	// nothing. It applies to a Leap too, so pass nil to leap over figures.
	Blocked []bool
	// OpenDoors lets the mover go through closed doors, opening them, at the
	// normal 1 MP (characters only, §2.3 item 3, A-08).
	OpenDoors bool
	// ThroughDestructibles lets a Move pass through intact or damaged
	// destructible objects at 2 MP, as if destroyed (§8.6 step 3).
	ThroughDestructibles bool
	// Limit stops the search at this many MP; 0 means no limit, and a
	// negative Limit allows no step at all.
	Limit int
}

// EnterCost is the MP a mover under r pays to enter space i, or -1 if it
// may not enter it (§2.4 canEnterMove / canEnterLeap, §2.8 costs).
func (m *Map) EnterCost(i int, r *MoveRules) int {
	s := &m.spaces[i]
	if r.Blocked != nil && r.Blocked[i] {
		return -1
	}
	if s.IsClosedDoor() && !r.OpenDoors {
		return -1
	}
	if r.Leap {
		return 1
	}
	switch {
	case s.IsGap(), s.HasOrb():
		return -1
	case s.BlockingObject():
		if r.ThroughDestructibles && s.Object == Destructible {
			return 2
		}
		return -1
	case s.HasHazard() && r.AvoidHazards:
		return -1
	}
	return s.MoveCost()
}

// Paths holds the result of one path search from a space: the least MP to
// every space and one chosen path to each. Among paths of least MP a Move
// prefers the one entering the fewest hazard spaces, then the one taking
// the least hazard damage (§8.7 step 7, A-38); the rest of a tie goes to
// the search order, which is fixed (edge index order), so results repeat.
// A Paths may be reused for another search with ShortestPathsInto.
type Paths struct {
	From  int
	Rules MoveRules
	mp    []int32
	haz   []int32
	dmg   []int32
	prev  []int32
	done  []bool
	cost  []int8
	order []int32
	bkt   [3][]int32
}

// ShortestPaths searches from space from under r: Dijkstra over the entry
// costs of §2.8 (a bucket queue, since every step costs 1 or 2 MP).
func (m *Map) ShortestPaths(from int, r MoveRules) *Paths {
	p := &Paths{}
	m.ShortestPathsInto(p, from, r)
	return p
}

// ShortestPathsInto is ShortestPaths reusing p's memory, for hot loops.
func (m *Map) ShortestPathsInto(p *Paths, from int, r MoveRules) {
	n := len(m.spaces)
	p.From, p.Rules = from, r
	p.mp = grow(p.mp, n)
	p.haz = grow(p.haz, n)
	p.dmg = grow(p.dmg, n)
	p.prev = grow(p.prev, n)
	if cap(p.done) < n {
		p.done = make([]bool, n)
		p.cost = make([]int8, n)
	}
	p.done, p.cost = p.done[:n], p.cost[:n]
	for i := range n {
		p.mp[i] = Unreachable
		p.prev[i] = -1
		p.done[i] = false
		p.cost[i] = int8(m.EnterCost(i, &r))
	}
	p.order = p.order[:0]
	adj := m.adj
	if r.OpenDoors {
		adj = m.adjDoor
	}
	if from < 0 || from >= n {
		return
	}
	p.mp[from], p.haz[from], p.dmg[from] = 0, 0, 0
	for k := range p.bkt {
		p.bkt[k] = p.bkt[k][:0]
	}
	p.bkt[0] = append(p.bkt[0], int32(from))
	pending := 1
	for cur := int32(0); pending > 0; cur++ {
		b := &p.bkt[cur%3]
		for k := 0; k < len(*b); k++ {
			u := (*b)[k]
			if p.done[u] || p.mp[u] != cur {
				continue
			}
			p.done[u] = true
			p.order = append(p.order, u)
			for _, v := range adj[u] {
				c := int32(p.cost[v])
				if c < 0 || p.done[v] {
					continue
				}
				nmp := cur + c
				if r.Limit != 0 && int(nmp) > r.Limit {
					continue
				}
				var h, d int32
				if !r.Leap {
					if hz := m.spaces[v].Hazard; hz != NoHazard {
						h, d = 1, int32(hz.Damage())
					}
				}
				nh, nd := p.haz[u]+h, p.dmg[u]+d
				if nmp < p.mp[v] || (nmp == p.mp[v] && (nh < p.haz[v] || (nh == p.haz[v] && nd < p.dmg[v]))) {
					if nmp < p.mp[v] {
						p.bkt[nmp%3] = append(p.bkt[nmp%3], v)
						pending++
					}
					p.mp[v], p.haz[v], p.dmg[v], p.prev[v] = nmp, nh, nd, u
				}
			}
		}
		pending -= len(*b)
		*b = (*b)[:0]
	}
}

func grow(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

// Cost is the least MP (for a Leap: steps) from the start to space i, or
// Unreachable.
func (p *Paths) Cost(i int) int { return int(p.mp[i]) }

// Reachable reports whether space i can be reached at all.
func (p *Paths) Reachable(i int) bool { return p.mp[i] < Unreachable }

// Hazards is the number of hazard spaces the chosen path to i enters (0 for
// a Leap, which enters only its end; the caller judges the end space).
func (p *Paths) Hazards(i int) int { return int(p.haz[i]) }

// HazardDamage is the hazard damage along the chosen path to i (§5.1).
func (p *Paths) HazardDamage(i int) int { return int(p.dmg[i]) }

// Path is the chosen path from the start to i, both included, or nil if i
// cannot be reached.
func (p *Paths) Path(i int) []int {
	if p.mp[i] >= Unreachable {
		return nil
	}
	k := 0
	for v := int32(i); v >= 0; v = p.prev[v] {
		k++
	}
	out := make([]int, k)
	for v := int32(i); v >= 0; v = p.prev[v] {
		k--
		out[k] = int(v)
	}
	return out
}

// Reached lists the reachable spaces in the order the search settled them
// (by MP, the start first).
func (p *Paths) Reached() []int32 { return p.order }

// Within lists the spaces reachable with at most mp MP, in search order.
func (p *Paths) Within(mp int) []int {
	var out []int
	for _, v := range p.order {
		if int(p.mp[v]) <= mp {
			out = append(out, int(v))
		}
	}
	return out
}

// CostsTo returns, for every space, the least MP a mover under r needs to
// reach any of the targets from there (0 on a target, Unreachable where
// none can be reached): §8.6's MoveCost(A, s, S, hazards) for every s at
// once, by one search backwards from the targets. The space a mover starts
// on need not be enterable; every space it enters must be. r.Limit bounds
// the search.
func (m *Map) CostsTo(targets []int, r MoveRules) []int {
	n := len(m.spaces)
	dist := make([]int, n)
	cost := make([]int8, n)
	done := make([]bool, n)
	for i := range n {
		dist[i] = Unreachable
		cost[i] = int8(m.EnterCost(i, &r))
	}
	adj := m.adj
	if r.OpenDoors {
		adj = m.adjDoor
	}
	var bkt [3][]int32
	pending := 0
	for _, t := range targets {
		if t >= 0 && t < n && dist[t] != 0 {
			dist[t] = 0
			bkt[0] = append(bkt[0], int32(t))
			pending++
		}
	}
	for cur := 0; pending > 0; cur++ {
		b := &bkt[cur%3]
		for k := 0; k < len(*b); k++ {
			u := (*b)[k]
			if done[u] || dist[u] != cur {
				continue
			}
			done[u] = true
			c := int(cost[u])
			if c < 0 {
				continue // a path cannot pass through u, only start on it
			}
			nd := cur + c
			if r.Limit != 0 && nd > r.Limit {
				continue
			}
			for _, v := range adj[u] {
				if nd < dist[v] {
					dist[v] = nd
					bkt[nd%3] = append(bkt[nd%3], v)
					pending++
				}
			}
		}
		pending -= len(*b)
		*b = (*b)[:0]
	}
	return dist
}

// LeapReach lists the spaces a Leap of at most steps steps from space from
// can pass into, with the steps each takes (§2.8: 1 per space; walls and
// closed doors stop it, unless r.OpenDoors). The start is included with 0.
// Which of them a Leap may end on is the caller's test: Space.Standable
// and no figure (§2.4).
func (m *Map) LeapReach(from, steps int, r MoveRules) *Paths {
	r.Leap = true
	r.Limit = steps
	if steps <= 0 {
		r.Limit = -1
	}
	p := m.ShortestPaths(from, r)
	return p
}
