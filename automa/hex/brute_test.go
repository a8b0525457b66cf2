package hex

import (
	"slices"
	"sort"
)

// This file decides lines of sight the slow, obvious way, straight from the
// words of §2.6 and §2.7, to check the grid walk against: every edge of W is
// tested against the segment, every grid vertex on the segment is probed
// just before and just after, and every space is clipped against the line.

type frac struct{ n, d int64 } // d > 0

func mkfrac(n, d int64) frac {
	if d < 0 {
		n, d = -n, -d
	}
	return frac{n, d}
}
func (a frac) less(b frac) bool { return a.n*b.d < b.n*a.d }
func (a frac) eq(b frac) bool   { return a.n*b.d == b.n*a.d }

func cross(ax, ay, bx, by int64) int64 { return ax*by - ay*bx }

func sgn(x int64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func isGridVertex(x, y int) bool {
	switch mod3(y) {
	case 1:
		r := (y + 2) / 3
		return (x-r)%2 == 0
	case 2:
		r := (y - 2) / 3
		return (x-r)%2 == 0
	}
	return false
}

// inHex reports whether the point z/k lies in the closed hexagon of c.
func inHex(c Coord, zx, zy, k int64) bool {
	cc := c.Centre()
	for i := range 6 {
		j := (i + 1) % 6
		vx := int64(cc.X+vertexOffset[i].X) * k
		vy := int64(cc.Y+vertexOffset[i].Y) * k
		ex := int64(vertexOffset[j].X-vertexOffset[i].X) * k
		ey := int64(vertexOffset[j].Y-vertexOffset[i].Y) * k
		side := sgn(cross(ex, ey, zx-vx, zy-vy))
		centre := sgn(cross(ex, ey, int64(cc.X)*k-vx, int64(cc.Y)*k-vy))
		if side != 0 && side != centre {
			return false
		}
	}
	return true
}

func coordOfCentre(x, y int) Coord {
	r := y / 3
	return Coord{(x - r) / 2, r}
}

// bruteLine checks one candidate line by the definitions and returns its
// crossed spaces grouped by the point where the line first meets them.
func bruteLine(m *Map, a int, va Vertex, b int, vb Vertex) (bool, [][]int) {
	p := m.spaces[a].Corner(va)
	q := m.spaces[b].Corner(vb)
	if p == q || va == vb || a == b {
		return false, nil
	}
	dx, dy := int64(q.X-p.X), int64(q.Y-p.Y)
	// Rules 1 and 2 against every edge of W.
	for s := range m.spaces {
		for d := range 6 {
			if !m.IsWall(s, Dir(d)) {
				continue
			}
			e1 := m.spaces[s].Corner(Vertex(d))
			e2 := m.spaces[s].Corner(Vertex((d + 1) % 6))
			o1 := cross(dx, dy, int64(e1.X-p.X), int64(e1.Y-p.Y))
			o2 := cross(dx, dy, int64(e2.X-p.X), int64(e2.Y-p.Y))
			if o1 == 0 && o2 == 0 {
				// Collinear: overlap of positive length?
				t1 := dx*int64(e1.X-p.X) + dy*int64(e1.Y-p.Y)
				t2 := dx*int64(e2.X-p.X) + dy*int64(e2.Y-p.Y)
				lo, hi := min(t1, t2), max(t1, t2)
				dd := dx*dx + dy*dy
				if max(lo, 0) < min(hi, dd) {
					return false, nil
				}
				continue
			}
			if sgn(o1)*sgn(o2) < 0 {
				ex, ey := int64(e2.X-e1.X), int64(e2.Y-e1.Y)
				o3 := cross(ex, ey, int64(p.X-e1.X), int64(p.Y-e1.Y))
				o4 := cross(ex, ey, int64(q.X-e1.X), int64(q.Y-e1.Y))
				if sgn(o3)*sgn(o4) <= 0 {
					return false, nil
				}
			}
		}
	}
	// Rule 3 at every grid vertex on the segment.
	g := gcd(abs64(dx), abs64(dy))
	sx, sy := dx/g, dy/g
	k := 4*(abs64(dx)+abs64(dy)) + 4
	for i := int64(0); i <= g; i++ {
		vx, vy := int64(p.X)+i*sx, int64(p.Y)+i*sy
		if !isGridVertex(int(vx), int(vy)) {
			continue
		}
		var pos [3]Coord
		if mod3(int(vy)) == 1 {
			pos = [3]Coord{coordOfCentre(int(vx), int(vy)+2), coordOfCentre(int(vx)-1, int(vy)-1), coordOfCentre(int(vx)+1, int(vy)-1)}
		} else {
			pos = [3]Coord{coordOfCentre(int(vx), int(vy)-2), coordOfCentre(int(vx)-1, int(vy)+1), coordOfCentre(int(vx)+1, int(vy)+1)}
		}
		probe := func(sign int64) []Coord {
			var out []Coord
			for _, c := range pos {
				if inHex(c, vx*k+sign*dx, vy*k+sign*dy, k) {
					out = append(out, c)
				}
			}
			return out
		}
		var hin, hout []Coord
		if i == 0 {
			hin = []Coord{m.spaces[a].Coord}
		} else {
			hin = probe(-1)
		}
		if i == g {
			hout = []Coord{m.spaces[b].Coord}
		} else {
			hout = probe(1)
		}
		linked := func(x, y Coord) bool {
			ix, okx := m.IndexAt(x)
			_, oky := m.IndexAt(y)
			if !okx || !oky {
				return false
			}
			for d := range 6 {
				if x.Neighbor(Dir(d)) == y {
					return !m.IsWall(ix, Dir(d))
				}
			}
			return false
		}
		conn := func(x, y Coord) bool {
			if x == y {
				return true
			}
			if linked(x, y) {
				return true
			}
			for _, z := range pos {
				if z != x && z != y && linked(x, z) && linked(z, y) {
					return true
				}
			}
			return false
		}
		ok := false
		for _, x := range hin {
			for _, y := range hout {
				if conn(x, y) {
					ok = true
				}
			}
		}
		if !ok {
			return false, nil
		}
	}
	// §2.7: clip the segment against every space.
	type hit struct {
		s int
		t frac
	}
	var hits []hit
	for s := range m.spaces {
		if s == a || s == b {
			continue
		}
		c := m.spaces[s].Coord
		cc := c.Centre()
		t0, t1 := mkfrac(0, 1), mkfrac(1, 1)
		empty := false
		for i := range 6 {
			j := (i + 1) % 6
			v := c.Corner(Vertex(i))
			ex := int64(vertexOffset[j].X - vertexOffset[i].X)
			ey := int64(vertexOffset[j].Y - vertexOffset[i].Y)
			sigma := int64(sgn(cross(ex, ey, int64(cc.X-v.X), int64(cc.Y-v.Y))))
			alpha := sigma * cross(ex, ey, int64(p.X-v.X), int64(p.Y-v.Y))
			beta := sigma * cross(ex, ey, dx, dy)
			switch {
			case beta == 0:
				if alpha < 0 {
					empty = true
				}
			case beta > 0:
				if f := mkfrac(-alpha, beta); t0.less(f) {
					t0 = f
				}
			default:
				if f := mkfrac(alpha, -beta); f.less(t1) {
					t1 = f
				}
			}
		}
		if !empty && t0.less(t1) {
			hits = append(hits, hit{s, t0})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].t.less(hits[j].t) })
	var groups [][]int
	for k, h := range hits {
		if k > 0 && h.t.eq(hits[k-1].t) {
			groups[len(groups)-1] = append(groups[len(groups)-1], h.s)
		} else {
			groups = append(groups, []int{h.s})
		}
	}
	for _, g := range groups {
		slices.Sort(g)
	}
	return true, groups
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return 1
	}
	return a
}
