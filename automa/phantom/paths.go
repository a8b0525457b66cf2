package phantom

// Movement searches for one figure (spec §2.4, §2.8). They depend on who is
// moving (enemies block, allies do not, Invisible lets anyone through), so
// they live here, over the board's adjacency, rather than in the geometry.

// canEnterMove: a Move may enter s (§2.4): a map space that is not a closed
// door, gap, blocking object or orb, and holds no enemy unless the mover or
// that enemy is Invisible; hazards only when hazOK (§8.7 step 3: otherwise
// they count as indestructible objects).
func (w *world) canEnterMove(s int, a *fig, hazOK bool) bool {
	sp := &w.b.sp[s]
	if sp.ClosedDoor || sp.Gap || sp.Orb || w.b.blockingObject(s) {
		return false
	}
	if sp.Hazard != "" && !hazOK {
		return false
	}
	if o := w.occ[s]; o != nil && o != a && w.enemies(a, o) &&
		!a.Conds.Has(Invisible) && !o.Conds.Has(Invisible) {
		return false
	}
	return true
}

// standable: a Move or Leap may end on s (§2.4): the mover's own space, or
// an empty space, or a hazard space when allowed.
func (w *world) standable(s int, a *fig, allowHazard bool) bool {
	if s == a.Pos {
		return true
	}
	sp := &w.b.sp[s]
	if sp.ClosedDoor || sp.Gap || sp.Orb || w.b.blockingObject(s) || w.occ[s] != nil {
		return false
	}
	return sp.Hazard == "" || allowHazard
}

// cost is a path's length in MP with the two path tie-breakers of §8.7
// step 7: hazard spaces entered, then hazard damage taken.
type cost struct{ mp, haz, dmg int }

func (c cost) less(d cost) bool {
	if c.mp != d.mp {
		return c.mp < d.mp
	}
	if c.haz != d.haz {
		return c.haz < d.haz
	}
	return c.dmg < d.dmg
}

type pqItem struct {
	s int
	c cost
}

// pq is a binary min-heap of search items, typed so a push allocates
// nothing beyond the slice.
type pq []pqItem

func (p pq) Len() int { return len(p) }

func (p *pq) push(s int, c cost) {
	h := append(*p, pqItem{s, c})
	for i := len(h) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h[i].c.less(h[parent].c) {
			break
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
	*p = h
}

func (p *pq) pop() pqItem {
	h := *p
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l, r, small := 2*i+1, 2*i+2, i
		if l < len(h) && h[l].c.less(h[small].c) {
			small = l
		}
		if r < len(h) && h[r].c.less(h[small].c) {
			small = r
		}
		if small == i {
			break
		}
		h[i], h[small] = h[small], h[i]
		i = small
	}
	*p = h
	return top
}

// moveFrom is a Dijkstra from one space under Move rules: the least MP to
// every space (entering hazards at cost 1 when hazOK), preferring fewer
// hazards and less hazard damage among equal-MP paths, with the parent of
// each space to rebuild the path.
func (w *world) moveFrom(a *fig, from int, hazOK bool) ([]cost, []int) {
	return w.moveWithin(a, from, hazOK, inf)
}

// moveWithin is moveFrom for a movement of at most limit MP: the search
// stops once every space within limit MP is settled. Those spaces get the
// very costs and parents the whole search gives them (every parent of a
// space within limit is itself within limit, and is settled, with all its
// ties tried, before anything beyond); a space farther off keeps a cost
// above limit, not always its least.
func (w *world) moveWithin(a *fig, from int, hazOK bool, limit int) ([]cost, []int) {
	if w.referenceSearch {
		limit = inf
	}
	n := len(w.b.sp)
	// The arrays are the world's scratch, one set per hazard permission:
	// the answer lasts until the next search with the same permission.
	buf := &w.scratch().move[0]
	if hazOK {
		buf = &w.scratch().move[1]
	}
	buf.dist, buf.prev, buf.enter = sized(buf.dist, n), sized(buf.prev, n), sized(buf.enter, n)
	dist, prev := buf.dist, buf.prev
	for i := range dist {
		dist[i] = cost{inf, 0, 0}
		prev[i] = -1
	}
	enter := w.enterCosts(a, hazOK, buf.enter)
	dist[from] = cost{}
	h := &buf.h
	*h = (*h)[:0]
	h.push(from, cost{})
	for h.Len() > 0 {
		it := h.pop()
		if it.c.mp > limit {
			break
		}
		if dist[it.s].less(it.c) {
			continue
		}
		for _, v := range w.b.nb[it.s] {
			mc := enter.of(v)
			if mc == 0 {
				continue
			}
			nc := cost{it.c.mp + mc, it.c.haz, it.c.dmg}
			if w.b.hazard(v) {
				nc.haz++
				nc.dmg += w.b.hazardDamage(v)
			}
			if nc.less(dist[v]) || (nc == dist[v] && prev[v] >= 0 && w.tieLess(it.s, prev[v])) {
				dist[v] = nc
				prev[v] = it.s
				h.push(v, nc)
			}
		}
	}
	return dist, prev
}

// enterCost is what a Move by one figure spends to enter each space
// (moveCost), or 0 where it may not enter (canEnterMove), worked out the
// first time a search asks: a search tries each space from each of its
// neighbours, and the rules behind the answer (objects, doors, who stands
// there and whether either is Invisible) do not change during it.
type enterCost struct {
	w     *world
	a     *fig
	hazOK bool
	c     []int8 // 0 not asked yet, -1 may not enter, else the MP
}

// enterCosts starts the answers over in c, a buffer the caller keeps (one
// entry per space).
func (w *world) enterCosts(a *fig, hazOK bool, c []int8) *enterCost {
	clear(c)
	return &enterCost{w: w, a: a, hazOK: hazOK, c: c}
}

// of is the MP to enter s, 0 where a may not. Kept small enough to be
// inlined in the searches' inner loops, which ask it for every neighbour;
// the first question about a space goes to ask.
func (e *enterCost) of(s int) int {
	if c := e.c[s]; c != 0 {
		return max(int(c), 0)
	}
	return e.ask(s)
}

// ask works out and keeps the answer for s.
func (e *enterCost) ask(s int) int {
	c := int8(-1)
	if e.w.canEnterMove(s, e.a, e.hazOK) {
		c = int8(e.w.b.moveCost(s))
	}
	e.c[s] = c
	return max(int(c), 0)
}

// tieLess makes remaining path ties deterministic (A-38: they have no game
// effect except which trap token goes): the lower (r, q) parent wins.
func (w *world) tieLess(a, b int) bool {
	sa, sb := w.b.sp[a], w.b.sp[b]
	return sa.R < sb.R || (sa.R == sb.R && sa.Q < sb.Q)
}

// moveTo is the reverse search: the least MP from every space to reach any
// space of goals under Move rules (MoveCost of §8.6). Spaces from which no
// goal can be reached get inf. With want, the search stops once every
// space of want is settled (a space at MP c is, once the spaces at less
// than c are done, as steps cost at least 1): those get their least, other
// spaces may keep a larger value.
func (w *world) moveTo(a *fig, goals []int, hazOK bool, want []int) []int {
	if w.referenceSearch {
		want = nil
	}
	n := len(w.b.sp)
	// The arrays are the world's scratch: the answer lasts until the next
	// moveTo.
	buf := &w.scratch().to
	buf.g = sized(buf.g, n)
	g := buf.g
	for i := range g {
		g[i] = inf
	}
	settled := func(cur int) bool {
		for _, s := range want {
			if g[s] > cur {
				return false
			}
		}
		return len(want) > 0
	}
	// Every step costs 1 or 2 MP, so a queue of three buckets by MP is a
	// Dijkstra without a heap.
	bkt := &buf.bkt
	for i := range bkt {
		bkt[i] = bkt[i][:0]
	}
	pending := 0
	for _, s := range goals {
		if g[s] != 0 {
			g[s] = 0
			bkt[0] = append(bkt[0], s)
			pending++
		}
	}
	for cur := 0; pending > 0 && !settled(cur); cur++ {
		b := &bkt[cur%3]
		for k := 0; k < len(*b); k++ {
			v := (*b)[k]
			if g[v] != cur {
				continue
			}
			// Stepping into v from a neighbour u needs v enterable.
			if !w.canEnterMove(v, a, hazOK) {
				continue
			}
			c := cur + w.b.moveCost(v)
			for _, u := range w.b.nb[v] {
				if c < g[u] {
					g[u] = c
					bkt[c%3] = append(bkt[c%3], u)
					pending++
				}
			}
		}
		pending -= len(*b)
		*b = (*b)[:0]
	}
	return g
}

// reachFrom is TargetCost's search run forward once for many goal sets
// (§8.6): the least MP for a to reach each space under Move rules, starting
// from its own space or, with leap > 0, from any space it could first Leap
// to (at most leap steps, ending where it may stand) at the Leap's steps.
// TargetCost to a set of attack spaces is then the least of this over the
// set, so a target decision weighing many enemies or objects needs one
// sweep per hazard permission, not one per enemy. Moving is the same graph
// read either way round (adjacency is symmetric; a step's cost and whether
// it is allowed depend only on the space entered), so this gives exactly
// what moveTo from each set gives at a's space. It returns that least for
// each of sets, and stops once each is known: the first space of a set
// the sweep settles is its nearest.
//
// afterHazOK says the sweep just before was a's through hazards, with
// nothing changed since, and this one is without: what that sweep found
// about entering spaces holds but for the hazard spaces, which close
// (canEnterMove), so it is not asked again.
func (w *world) reachFrom(a *fig, leap int, hazOK bool, sets [][]int, afterHazOK bool) []int {
	n := len(w.b.sp)
	// The sweep's arrays are the world's scratch, reused: a decision
	// sweeps a few times, and fresh ones cost more to allocate and
	// collect than to clear.
	buf := &w.scratch().reach
	buf.g, buf.head, buf.enter = sized(buf.g, n), sized(buf.head, n), sized(buf.enter, n)
	g, head := buf.g, buf.head
	for i := range g {
		g[i] = inf
	}
	clear(head)
	enter := &enterCost{w: w, a: a, hazOK: hazOK, c: buf.enter}
	if afterHazOK && !hazOK {
		for s := range buf.enter {
			if w.b.hazard(s) {
				buf.enter[s] = -1
			}
		}
	} else {
		clear(buf.enter)
	}
	// The answers are a list in the scratch's ints (the decision keeps
	// them while it lasts), filled in by the sweep before it hands them
	// out.
	sc := w.scratch()
	start := len(sc.ints)
	for range sets {
		sc.ints = append(sc.ints, inf)
	}
	out := sc.done(start)
	// The sets each space belongs to, as lists through links: head[s] is
	// 1 + the index of s's first link, a link's next 1 + the next's.
	links := buf.links[:0]
	left := 0
	for k, set := range sets {
		if len(set) > 0 {
			left++
		}
		for _, s := range set {
			links = append(links, setLink{k, int(head[s])})
			head[s] = int32(len(links))
		}
	}
	// Sources in order of their start cost: a's space at 0, then the Leap's
	// landing spaces by steps (a breadth-first search lists them in order).
	type src struct{ s, c int }
	srcs := []src{{a.Pos, 0}}
	if leap > 0 {
		d, _ := w.leapFrom(a.Pos)
		byStep := make([][]int, leap+1)
		for e := range d {
			if d[e] > 0 && d[e] <= leap && w.standable(e, a, hazOK) {
				byStep[d[e]] = append(byStep[d[e]], e)
			}
		}
		for k, es := range byStep {
			for _, e := range es {
				srcs = append(srcs, src{e, k})
			}
		}
	}
	// Every step costs 1 or 2 MP, so three buckets by MP are a Dijkstra
	// without a heap; a source joins when the sweep reaches its cost.
	bkt := &buf.bkt
	for i := range bkt {
		bkt[i] = bkt[i][:0]
	}
	pending, next := 0, 0
	for cur := 0; left > 0 && (pending > 0 || next < len(srcs)); cur++ {
		for ; next < len(srcs) && srcs[next].c == cur; next++ {
			if s := srcs[next].s; cur < int(g[s]) {
				g[s] = int32(cur)
				bkt[cur%3] = append(bkt[cur%3], s)
				pending++
			}
		}
		b := &bkt[cur%3]
		for k := 0; k < len(*b); k++ {
			u := (*b)[k]
			if int(g[u]) != cur {
				continue
			}
			// Settled: no set of u gets nearer than this.
			for l := head[u]; l > 0; l = int32(links[l-1].next) {
				if i := links[l-1].set; out[i] == inf {
					out[i] = cur
					left--
				}
			}
			head[u] = 0
			for _, v := range w.b.nb[u] {
				mc := enter.of(v)
				if mc == 0 {
					continue
				}
				if c := cur + mc; c < int(g[v]) {
					g[v] = int32(c)
					bkt[c%3] = append(bkt[c%3], v)
					pending++
				}
			}
		}
		pending -= len(*b)
		*b = (*b)[:0]
	}
	buf.links = links
	return out
}

// setLink is one goal set a space belongs to, in reachFrom's lists.
type setLink struct{ set, next int }

// leapFrom is a breadth-first search of a Leap (§2.8): every step costs 1,
// anything may be leapt over except walls and closed doors (an adversary
// never opens a door).
//
// The answer depends on the start and the walls and doors alone, which no
// decision changes, so the last one is kept: a Move's hazard question
// (§8.7 step 3) and both TargetCost sweeps of a target decision with a
// Leap (§8.6.5) ask again from the same space. Callers only read it.
func (w *world) leapFrom(from int) ([]int, []int) {
	if l := &w.lastLeap; l.d != nil && l.from == from {
		return l.d, l.prev
	}
	n := len(w.b.sp)
	d := make([]int, n)
	prev := make([]int, n)
	for i := range d {
		d[i] = inf
		prev[i] = -1
	}
	d[from] = 0
	q := []int{from}
	for len(q) > 0 {
		u := q[0]
		q = q[1:]
		for _, v := range w.b.nb[u] {
			if w.b.sp[v].ClosedDoor {
				continue
			}
			if d[v] == inf {
				d[v] = d[u] + 1
				prev[v] = u
				q = append(q, v)
			} else if d[v] == d[u]+1 && w.tieLess(u, prev[v]) {
				prev[v] = u
			}
		}
	}
	w.lastLeap.from, w.lastLeap.d, w.lastLeap.prev = from, d, prev
	return d, prev
}

// path rebuilds the spaces from the start to s (start excluded).
func path(prev []int, s int) []int {
	var out []int
	for ; prev[s] >= 0; s = prev[s] {
		out = append(out, s)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func heapPop(h *pq) pqItem { return h.pop() }
