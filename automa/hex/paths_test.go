package hex

import (
	"math/rand"
	"testing"
)

// neighboursByRule lists the spaces a figure may step to from i, worked out
// from coordinates and the listed walls alone (not from the precomputed
// adjacency): sharing a side that is not a listed wall, and, unless doors
// open, neither of the two a closed door.
func neighboursByRule(m *Map, i int, openDoors bool) []int {
	var out []int
	for d := range 6 {
		j, ok := m.IndexAt(m.SpaceAt(i).Neighbor(Dir(d)))
		if !ok || m.IsListedWall(i, Dir(d)) {
			continue
		}
		if !openDoors && (m.SpaceAt(i).IsClosedDoor() || m.SpaceAt(j).IsClosedDoor()) {
			continue
		}
		out = append(out, j)
	}
	return out
}

// bruteCosts is Bellman-Ford over (MP, hazards entered, hazard damage),
// compared lexicographically.
func bruteCosts(m *Map, from int, r MoveRules) [][3]int {
	n := m.Len()
	best := make([][3]int, n)
	for i := range best {
		best[i] = [3]int{Unreachable, 0, 0}
	}
	best[from] = [3]int{}
	less := func(a, b [3]int) bool {
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		if a[1] != b[1] {
			return a[1] < b[1]
		}
		return a[2] < b[2]
	}
	for changed := true; changed; {
		changed = false
		for u := range n {
			if best[u][0] >= Unreachable {
				continue
			}
			for _, v := range neighboursByRule(m, u, r.OpenDoors) {
				c := m.EnterCost(v, &r)
				if c < 0 {
					continue
				}
				k := best[u]
				k[0] += c
				if !r.Leap && m.SpaceAt(v).HasHazard() {
					k[1]++
					k[2] += m.SpaceAt(v).Hazard.Damage()
				}
				if r.Limit != 0 && k[0] > r.Limit {
					continue
				}
				if less(k, best[v]) {
					best[v] = k
					changed = true
				}
			}
		}
	}
	return best
}

func randomRules(rng *rand.Rand, m *Map) MoveRules {
	r := MoveRules{
		Leap:                 rng.Intn(4) == 0,
		AvoidHazards:         rng.Intn(2) == 0,
		OpenDoors:            rng.Intn(4) == 0,
		ThroughDestructibles: rng.Intn(4) == 0,
	}
	if rng.Intn(3) == 0 {
		r.Limit = 1 + rng.Intn(6)
	}
	if rng.Intn(2) == 0 {
		r.Blocked = make([]bool, m.Len())
		for i := range r.Blocked {
			r.Blocked[i] = rng.Intn(10) == 0
		}
	}
	return r
}

// TestShortestPathsProperties: on random maps, for random movers, every
// path steps only between spaces sharing a side with no wall, never enters
// a closed door (unless doors open) or a space the rules forbid, costs the
// sum of its entered spaces, and its MP, hazard count and hazard damage are
// the least any path has (checked by Bellman-Ford).
func TestShortestPathsProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	var p Paths
	for range 300 {
		m := randomMap(rng, 2+rng.Intn(3))
		for range 4 {
			from := rng.Intn(m.Len())
			r := randomRules(rng, m)
			m.ShortestPathsInto(&p, from, r)
			want := bruteCosts(m, from, r)
			for s := range m.Len() {
				if p.Cost(s) != want[s][0] || (want[s][0] < Unreachable && (p.Hazards(s) != want[s][1] || p.HazardDamage(s) != want[s][2])) {
					t.Fatalf("%s → %s under %+v: got (%d,%d,%d), want %v\n%s", m.Label(from), m.Label(s), r,
						p.Cost(s), p.Hazards(s), p.HazardDamage(s), want[s], dump(m))
				}
				path := p.Path(s)
				if want[s][0] >= Unreachable {
					if path != nil {
						t.Fatal("path to an unreachable space")
					}
					continue
				}
				if path[0] != from || path[len(path)-1] != s {
					t.Fatalf("path %v does not run from %d to %d", path, from, s)
				}
				sum, haz, dmg := 0, 0, 0
				for k := 1; k < len(path); k++ {
					u, v := path[k-1], path[k]
					ok := false
					for _, w := range neighboursByRule(m, u, r.OpenDoors) {
						ok = ok || w == v
					}
					if !ok {
						t.Fatalf("path %v steps from %s to %s across a wall or door", m.Labels(path), m.Label(u), m.Label(v))
					}
					c := m.EnterCost(v, &r)
					if c < 0 {
						t.Fatalf("path %v enters forbidden %s", m.Labels(path), m.Label(v))
					}
					if m.SpaceAt(v).IsClosedDoor() && !r.OpenDoors {
						t.Fatal("path enters a closed door")
					}
					sum += c
					if !r.Leap && m.SpaceAt(v).HasHazard() {
						haz++
						dmg += m.SpaceAt(v).Hazard.Damage()
					}
				}
				if sum != p.Cost(s) || haz != p.Hazards(s) || dmg != p.HazardDamage(s) {
					t.Fatalf("path %v sums to (%d,%d,%d), reported (%d,%d,%d)", m.Labels(path), sum, haz, dmg, p.Cost(s), p.Hazards(s), p.HazardDamage(s))
				}
			}
			// Reached is in MP order and holds exactly the reachable spaces.
			last, count := 0, 0
			for _, s := range p.Reached() {
				if p.Cost(int(s)) < last {
					t.Fatal("Reached out of MP order")
				}
				last = p.Cost(int(s))
				count++
			}
			reach := 0
			for s := range m.Len() {
				if p.Reachable(s) {
					reach++
				}
			}
			if count != reach {
				t.Fatalf("Reached lists %d spaces, %d are reachable", count, reach)
			}
		}
	}
}

// TestCostsToMatchesForward: the backward search gives, for every start,
// the least forward cost to any target.
func TestCostsToMatchesForward(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	for range 150 {
		m := randomMap(rng, 2+rng.Intn(3))
		r := randomRules(rng, m)
		var targets []int
		for s := range m.Len() {
			if rng.Intn(6) == 0 {
				targets = append(targets, s)
			}
		}
		back := m.CostsTo(targets, r)
		for s := range m.Len() {
			fwd := m.ShortestPaths(s, r)
			want := Unreachable
			for _, t := range targets {
				want = min(want, fwd.Cost(t))
			}
			if back[s] != want {
				t.Fatalf("from %s to %v under %+v: backward %d, forward %d\n%s", m.Label(s), m.Labels(targets), r, back[s], want, dump(m))
			}
		}
	}
}

// TestRangeAndRegions: Range is breadth-first search over adjacency worked
// out from the rules; regions are exactly the classes of finite Range.
func TestRangeAndRegions(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for range 200 {
		m := randomMap(rng, 2+rng.Intn(4))
		n := m.Len()
		for a := range n {
			dist := make([]int, n)
			for i := range dist {
				dist[i] = Unreachable
			}
			dist[a] = 0
			queue := []int{a}
			for len(queue) > 0 {
				u := queue[0]
				queue = queue[1:]
				for _, v := range neighboursByRule(m, u, false) {
					if dist[v] == Unreachable {
						dist[v] = dist[u] + 1
						queue = append(queue, v)
					}
				}
			}
			for b := range n {
				if m.Range(a, b) != dist[b] {
					t.Fatalf("Range %s→%s = %d, want %d", m.Label(a), m.Label(b), m.Range(a, b), dist[b])
				}
				if (dist[b] == 1) != m.Adjacent(a, b) {
					t.Fatalf("Adjacent %s %s = %v at Range %d", m.Label(a), m.Label(b), m.Adjacent(a, b), dist[b])
				}
				door := m.SpaceAt(a).IsClosedDoor() || m.SpaceAt(b).IsClosedDoor()
				if !door && m.SameRegion(a, b) != (dist[b] < Unreachable) {
					t.Fatalf("regions of %s and %s disagree with Range %d", m.Label(a), m.Label(b), dist[b])
				}
				if door && m.SameRegion(a, b) {
					t.Fatal("a closed door is in a region")
				}
			}
		}
	}
}
