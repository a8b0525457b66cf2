package hex

import "fmt"

// Line is one valid line of sight (§2.6) from space From to space To: the
// segment from vertex FromVertex of From (point Start) to vertex ToVertex of
// To (point End), in the integer frame.
//
// Crossed lists the spaces the line goes through (§2.7 item 1), From and To
// excluded, in order from From to To. Each entry is a group: spaces in one
// group are met at the same point, which happens only where the line runs
// along the side two spaces share (RB p.19: the attacker then chooses which
// is rolled for first). Touching a space at a single vertex does not count
// . Which of these spaces hold blockers (§2.7 item 2) depends on the
// figures, which the caller knows.
type Line struct {
	From, To             int
	FromVertex, ToVertex Vertex
	Start, End           Point
	Crossed              [][]int
}

// Spaces lists the crossed spaces in order, groups flattened.
func (l Line) Spaces() []int {
	var out []int
	for _, g := range l.Crossed {
		out = append(out, g...)
	}
	return out
}

// HasLoS reports whether at least one valid line of sight joins spaces a
// and b (§2.6 rules 1–3). Only walls, closed doors and positions off the map
// stop a line; objects and figures never do. Rule 4 (no line ends on an
// Invisible figure) is the caller's, since the map knows no figures. The
// geometry is symmetric, so HasLoS(a, b) == HasLoS(b, a); answers are kept.
// A space has no line of sight to itself (a == b is false): adjacent and
// same-space actions do not need one.
func (m *Map) HasLoS(a, b int) bool {
	if a == b {
		return false
	}
	n := len(m.spaces)
	if n > maxMemoSpaces {
		return m.anyLine(a, b)
	}
	mm := m.memo
	lo, hi := a, b
	if lo > hi {
		lo, hi = hi, lo
	}
	// Pair (lo, hi) of the triangle lo < hi, two bits each.
	k := hi*(hi-1)/2 + lo
	at, sh := k/4, uint(k%4)*2
	mm.mu.Lock()
	if mm.los == nil {
		mm.los = make([]uint8, (n*(n-1)/2+3)/4)
	}
	v := mm.los[at] >> sh & 3
	mm.mu.Unlock()
	if v != 0 {
		return v == 2
	}
	ok := m.anyLine(lo, hi)
	v = 1
	if ok {
		v = 2
	}
	mm.mu.Lock()
	mm.los[at] |= v << sh
	mm.mu.Unlock()
	return ok
}

// anyLine is LineOfSight without noting the spaces crossed.
func (m *Map) anyLine(a, b int) bool {
	if a == b || m.region[a] < 0 || m.region[a] != m.region[b] {
		return false
	}
	var w walker
	for i := range Vertex(6) {
		for j := range Vertex(6) {
			if i != j && w.run(m, a, i, b, j, false, false) {
				return true
			}
		}
	}
	return false
}

// Beyond this many spaces HasLoS does not keep answers (the memo is n²/8
// bytes).
const maxMemoSpaces = 3000

// LineOfSight finds the first valid line of sight from a to b, trying
// vertex pairs in order (FromVertex, then ToVertex, each T, UR, LR, B, LL,
// UL), and reports whether there is one.
func (m *Map) LineOfSight(a, b int) (Line, bool) {
	if a == b || m.region[a] < 0 || m.region[a] != m.region[b] {
		// A valid line only ever steps between linked spaces, so it never
		// joins two door regions (or leaves a closed door).
		return Line{}, false
	}
	var w walker
	for i := range Vertex(6) {
		for j := range Vertex(6) {
			if i == j {
				continue
			}
			if w.run(m, a, i, b, j, true, false) {
				return w.line(), true
			}
		}
	}
	return Line{}, false
}

// SightLines lists every valid line of sight from a to b (§2.6), in the
// vertex-pair order of LineOfSight. The adversary's choice of line (§8.5)
// picks among them by their crossed spaces.
func (m *Map) SightLines(a, b int) []Line {
	if a == b || m.region[a] < 0 || m.region[a] != m.region[b] {
		return nil
	}
	var out []Line
	var w walker
	for i := range Vertex(6) {
		for j := range Vertex(6) {
			if i != j && w.run(m, a, i, b, j, true, false) {
				out = append(out, w.line())
			}
		}
	}
	return out
}

// CheckLine checks the one line from vertex va of a to vertex vb of b, as a
// player draws it, and says why it is not valid if it is not.
func (m *Map) CheckLine(a int, va Vertex, b int, vb Vertex) (Line, error) {
	if a < 0 || b < 0 || a >= len(m.spaces) || b >= len(m.spaces) || va < 0 || va > 5 || vb < 0 || vb > 5 {
		return Line{}, fmt.Errorf("no such space or vertex")
	}
	if a == b {
		return Line{}, fmt.Errorf("line of sight joins two different spaces")
	}
	if va == vb {
		return Line{}, fmt.Errorf("line of sight must join different vertices (%s to %s is not allowed, RB p.18)", va, vb)
	}
	var w walker
	if w.run(m, a, va, b, vb, true, true) {
		return w.line(), nil
	}
	return Line{}, fmt.Errorf("no line of sight from %s of %q to %s of %q: %s", va, m.spaces[a].Label, vb, m.spaces[b].Label, w.why)
}

// walker follows one candidate line through the grid, hex by hex, from its
// start vertex to its end vertex, checking the rules of §2.6 as it meets
// each edge and vertex, and noting the spaces it goes through (§2.7).
type walker struct {
	m        *Map
	a, b     int32
	va, vb   Vertex
	p, q     Point
	dx, dy   int64
	dd       int64 // dot(D, D)
	record   bool
	explain  bool
	why      string
	flat     []int32
	groupEnd []int
}

func (w *walker) line() Line {
	l := Line{From: int(w.a), To: int(w.b), FromVertex: w.va, ToVertex: w.vb, Start: w.p, End: w.q}
	start := 0
	for _, end := range w.groupEnd {
		g := make([]int, end-start)
		for k := range g {
			g[k] = int(w.flat[start+k])
		}
		l.Crossed = append(l.Crossed, g)
		start = end
	}
	return l
}

// fail notes why a line is not valid, when asked to explain.
func (w *walker) fail(why string) bool {
	if w.explain {
		w.why = why
	}
	return false
}

// note records a group of spaces met at one point (up to two; -1 = none).
func (w *walker) note(h1, h2 int32) {
	if !w.record {
		return
	}
	n := len(w.flat)
	for _, h := range [2]int32{h1, h2} {
		if h >= 0 && h != w.a && h != w.b {
			w.flat = append(w.flat, h)
		}
	}
	if len(w.flat) > n {
		w.groupEnd = append(w.groupEnd, len(w.flat))
	}
}

// run walks the line from vertex va of a to vertex vb of b and reports
// whether it is valid.
func (w *walker) run(m *Map, a int, va Vertex, b int, vb Vertex, record, explain bool) bool {
	w.m, w.a, w.b, w.va, w.vb = m, int32(a), int32(b), va, vb
	w.record, w.explain, w.why = record, explain, ""
	w.flat, w.groupEnd = w.flat[:0], w.groupEnd[:0]
	w.p = m.spaces[a].Corner(va)
	w.q = m.spaces[b].Corner(vb)
	if w.p == w.q {
		return w.fail("the two vertices are the same point")
	}
	w.dx, w.dy = int64(w.q.X-w.p.X), int64(w.q.Y-w.p.Y)
	w.dd = w.dx*w.dx + w.dy*w.dy
	hin := [2]int32{int32(a), -1}
	v := w.p
	// Every step moves on along the line by at least one vertex or edge,
	// and a segment meets fewer of them than this; the cap only guards
	// against looping on a bug.
	for steps := 8*(abs64(w.dx)+abs64(w.dy)) + 16; steps > 0; steps-- {
		ar := w.m.around(v)
		if v == w.q {
			if !w.junction(v, &ar, hin, [2]int32{int32(b), -1}) {
				return false
			}
			return true
		}
		out := ar.classify(w.dx, w.dy)
		if out.edge {
			h1, h2 := ar.pos[out.i], ar.pos[out.j]
			if !w.junction(v, &ar, hin, [2]int32{h1, h2}) {
				return false
			}
			if ar.isWall(out.i, out.j) {
				if w.explain {
					w.why = "it runs along the wall " + w.m.edgeName(ar, out.i, out.j)
				}
				return false
			}
			w.note(h1, h2)
			hin = [2]int32{h1, h2}
			v = Point{v.X + out.step.X, v.Y + out.step.Y}
			continue
		}
		h := ar.pos[out.i]
		if !w.junction(v, &ar, hin, [2]int32{h, -1}) {
			return false
		}
		w.note(h, -1)
		// Through the inside of h, and of every space after it, until the
		// line leaves through a vertex.
		for ; steps > 0; steps-- {
			k, atVertex, ok := w.exit(h)
			if !ok {
				return w.fail("it leaves the map")
			}
			if atVertex {
				v = w.m.spaces[h].Corner(Vertex(k))
				hin = [2]int32{h, -1}
				break
			}
			if w.m.wmask[h]&(1<<k) != 0 {
				if w.explain {
					w.why = fmt.Sprintf("it crosses the wall on the %s side of %q", Dir(k), w.m.spaces[h].Label)
				}
				return false
			}
			h = w.m.nbr[h][k]
			w.note(h, -1)
		}
	}
	return w.fail("the line could not be followed")
}

// exit finds where the line leaves the inside of space h: through vertex k
// (atVertex) or through the inside of edge k. The line meets the hexagon's
// boundary at two points, where it came in and where it goes out; the exit
// is the one further along.
func (w *walker) exit(h int32) (k int, atVertex, ok bool) {
	c := w.m.spaces[h].Centre()
	var s [6]int64
	var vx, vy [6]int64
	for i := range 6 {
		vx[i] = int64(c.X + vertexOffset[i].X - w.p.X)
		vy[i] = int64(c.Y + vertexOffset[i].Y - w.p.Y)
		s[i] = w.dx*vy[i] - w.dy*vx[i]
	}
	bestNum, bestDen := int64(-1), int64(1)
	found := false
	for i := range 6 {
		j := (i + 1) % 6
		var num, den int64
		vert := false
		switch {
		case s[i] == 0:
			// t = dot(V−P, D) / dot(D, D)
			num, den, vert = vx[i]*w.dx+vy[i]*w.dy, w.dd, true
		case (s[i] < 0 && s[j] > 0) || (s[i] > 0 && s[j] < 0):
			// t = cross(V−P, E) / cross(D, E), E = V_j − V_i
			ex, ey := vx[j]-vx[i], vy[j]-vy[i]
			num, den = vx[i]*ey-vy[i]*ex, w.dx*ey-w.dy*ex
			if den < 0 {
				num, den = -num, -den
			}
		default:
			continue
		}
		if !found || num*bestDen > bestNum*den {
			bestNum, bestDen, k, atVertex, found = num, den, i, vert, true
		}
	}
	if !found || bestNum > bestDen { // beyond the end point: cannot happen
		return 0, false, false
	}
	return k, atVertex, true
}

// junction applies rule 3 of §2.6 at grid vertex v: the space the line is in
// just before v and the one just after must be the same or joined by links
// around v (edges ending at v that are not walls). Where the line runs
// along an edge, either space beside it may be used.
func (w *walker) junction(v Point, ar *around, hin, hout [2]int32) bool {
	for _, x := range hin {
		if x < 0 {
			continue
		}
		for _, y := range hout {
			if y >= 0 && ar.connected(x, y) {
				return true
			}
		}
	}
	if hout[0] < 0 && hout[1] < 0 {
		if w.explain {
			w.why = fmt.Sprintf("it leaves the map at %v", v)
		}
		return false
	}
	if w.explain {
		w.why = fmt.Sprintf("it slips between walls at the corner %v", v)
	}
	return false
}

// around is the neighbourhood of one grid vertex: its three hex positions
// (space indices, -1 off the map) and which pairs are linked.
type around struct {
	typ  int // 1: the vertex is the top of pos[0]; 2: the bottom of pos[0]
	pos  [3]int32
	link [3]bool // link[0]: pos0–pos1, link[1]: pos0–pos2, link[2]: pos1–pos2
}

// Which side of which position holds each pair's shared edge, by vertex type.
var aroundDir = [3][3]Dir{ // [typ][pair] = side of the first position
	{},
	{NW, NE, E}, // typ 1: pos0 below, pos1 upper left, pos2 upper right
	{SW, SE, E}, // typ 2: pos0 above, pos1 lower left, pos2 lower right
}

func pairIndex(i, j int) int {
	if i > j {
		i, j = j, i
	}
	switch {
	case i == 0 && j == 1:
		return 0
	case i == 0 && j == 2:
		return 1
	}
	return 2
}

func (m *Map) around(v Point) around {
	var a around
	var cs [3]Point
	if mod3(v.Y) == 1 {
		a.typ = 1
		cs = [3]Point{{v.X, v.Y + 2}, {v.X - 1, v.Y - 1}, {v.X + 1, v.Y - 1}}
	} else {
		a.typ = 2
		cs = [3]Point{{v.X, v.Y - 2}, {v.X - 1, v.Y + 1}, {v.X + 1, v.Y + 1}}
	}
	for i, c := range cs {
		r := c.Y / 3
		q := (c.X - r) / 2
		a.pos[i] = m.at(q, r)
	}
	pairs := [3][2]int{{0, 1}, {0, 2}, {1, 2}}
	for k, pr := range pairs {
		x, y := a.pos[pr[0]], a.pos[pr[1]]
		a.link[k] = x >= 0 && y >= 0 && m.wmask[x]&(1<<aroundDir[a.typ][k]) == 0
	}
	return a
}

func mod3(y int) int { return ((y % 3) + 3) % 3 }

func (a *around) index(h int32) int {
	for i, p := range a.pos {
		if p == h {
			return i
		}
	}
	return -1
}

// connected: same position, or linked directly, or through the third.
func (a *around) connected(x, y int32) bool {
	if x == y {
		return true
	}
	i, j := a.index(x), a.index(y)
	if i < 0 || j < 0 {
		return false
	}
	third := 3 - i - j
	return a.link[pairIndex(i, j)] || (a.link[pairIndex(i, third)] && a.link[pairIndex(third, j)])
}

// isWall reports whether the edge between positions i and j is in W: a
// boundary edge (one side off the map) or a wall or door side.
func (a *around) isWall(i, j int) bool {
	x, y := a.pos[i], a.pos[j]
	if x < 0 && y < 0 {
		return false
	}
	if x < 0 || y < 0 {
		return true
	}
	return !a.link[pairIndex(i, j)]
}

// outgoing is where a line leaving a vertex goes: into the inside of
// position i, or along the edge between positions i and j to the vertex
// step away.
type outgoing struct {
	edge bool
	i, j int
	step Point
}

// classify says where direction (dx, dy) leaves the vertex (§2.1 frame:
// edges from a type-1 vertex point (1,1), (−1,1) and (0,−1); from a type-2
// vertex (1,−1), (−1,−1) and (0,1)).
func (a *around) classify(dx, dy int64) outgoing {
	if a.typ == 1 {
		switch {
		case dx > 0 && dy == dx:
			return outgoing{edge: true, i: 0, j: 2, step: Point{1, 1}}
		case dx < 0 && dy == -dx:
			return outgoing{edge: true, i: 0, j: 1, step: Point{-1, 1}}
		case dx == 0 && dy < 0:
			return outgoing{edge: true, i: 1, j: 2, step: Point{0, -2}}
		case dx > 0 && dy < dx:
			return outgoing{i: 2}
		case dx < 0 && dy < -dx:
			return outgoing{i: 1}
		}
		return outgoing{i: 0}
	}
	switch {
	case dx > 0 && dy == -dx:
		return outgoing{edge: true, i: 0, j: 2, step: Point{1, -1}}
	case dx < 0 && dy == dx:
		return outgoing{edge: true, i: 0, j: 1, step: Point{-1, -1}}
	case dx == 0 && dy > 0:
		return outgoing{edge: true, i: 1, j: 2, step: Point{0, 2}}
	case dx > 0 && dy > -dx:
		return outgoing{i: 2}
	case dx < 0 && dy > dx:
		return outgoing{i: 1}
	}
	return outgoing{i: 0}
}

// edgeName describes the edge between two positions around a vertex.
func (m *Map) edgeName(a around, i, j int) string {
	name := func(k int) string {
		if a.pos[k] < 0 {
			return "the map's edge"
		}
		return fmt.Sprintf("%q", m.spaces[a.pos[k]].Label)
	}
	return "between " + name(i) + " and " + name(j)
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// Blockers lists, in order and group by group, the spaces line l goes
// through that hold a blocking object (an intact or damaged destructible
// object, or an indestructible one) or, by figure, a figure that counts
// (§2.7 item 2: the caller leaves out Invisible figures, A-06). Destroyed
// objects, hazards, gaps, orbs and tokens are not blockers. Spaces in one
// group are met at the same point; the attacker orders them (RB p.19).
func (m *Map) Blockers(l Line, figure func(i int) bool) [][]int {
	var out [][]int
	for _, g := range l.Crossed {
		var kept []int
		for _, s := range g {
			if m.spaces[s].BlockingObject() || (figure != nil && figure(s)) {
				kept = append(kept, s)
			}
		}
		if kept != nil {
			out = append(out, kept)
		}
	}
	return out
}
