package hex

import (
	"fmt"
	"math/rand"
)

// GenerateBenchMap builds a w×h rectangular pointy-top map (rows of w
// spaces, every other row shifted half a space) with walls, objects,
// hazards, difficult terrain, gaps and a few doors scattered by seed, for
// benchmarks and property tests. The same seed and size always give the
// same map, so the adversary-turn benchmark can run on the map the
// shortest-path benchmark uses. Labels are row letters and column numbers
// ("A-1", …, "AD-30").
func GenerateBenchMap(seed int64, w, h int) *Map {
	rng := rand.New(rand.NewSource(seed))
	var l Layout
	l.Title = fmt.Sprintf("bench %d×%d seed %d", w, h, seed)
	for r := range h {
		for col := range w {
			s := Space{Label: fmt.Sprintf("%s-%d", RowName(r), col+1), Coord: Coord{col - r/2, r}}
			switch x := rng.Intn(100); {
			case x < 8:
				s.Terrain = Difficult
			case x < 10:
				s.Terrain, s.GapKind = Gap, Lava
			case x < 14:
				s.Object = Destructible
				switch rng.Intn(3) {
				case 1:
					s.ObjectState = Damaged
				case 2:
					s.ObjectState = Destroyed
				}
			case x < 16:
				s.Object = Indestructible
			case x < 20:
				s.Hazard = []Hazard{Fire, Poison, Trap}[rng.Intn(3)]
				if s.Hazard == Trap && rng.Intn(2) == 0 {
					s.HazardSource = HazardToken
				}
			case x < 21:
				s.Door = ClosedDoor
			case x < 22:
				s.Door = OpenDoor
			case x < 23:
				s.Orb = Orb{Kind: MissionToken, Active: true}
			}
			l.Spaces = append(l.Spaces, s)
		}
	}
	// Walls: from about one space in twelve, a few walls in a row, each
	// between a space and the next one in one direction.
	for r := range h {
		for col := range w {
			if rng.Intn(12) != 0 {
				continue
			}
			c := Coord{col - r/2, r}
			d := Dir(rng.Intn(3))
			for range 1 + rng.Intn(3) {
				n := c.Neighbor(d)
				if n.R < 0 || n.R >= h || n.Q+n.R/2 < 0 || n.Q+n.R/2 >= w {
					break
				}
				l.Walls = append(l.Walls, WallRef{A: label(c), B: label(n)})
				c = n
			}
		}
	}
	m, err := NewMap(l)
	if err != nil {
		panic("hex: GenerateBenchMap made a bad map: " + err.Error())
	}
	return m
}

func label(c Coord) string { return fmt.Sprintf("%s-%d", RowName(c.R), c.Q+c.R/2+1) }

// RowName is the row letters of a generated map: A … Z, AA, AB, ….
func RowName(r int) string {
	s := ""
	for r++; r > 0; r = (r - 1) / 26 {
		s = string(rune('A'+(r-1)%26)) + s
	}
	return s
}
