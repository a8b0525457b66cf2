package hex

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// spec builds a space from "q,r attr attr…"; the label is "q,r".
// Attributes: difficult gap fire poison trap token destructible damaged
// destroyed indestructible closed open orb entry.
func spec(t testing.TB, s string) Space {
	t.Helper()
	f := strings.Fields(s)
	qr := strings.Split(f[0], ",")
	q, err1 := strconv.Atoi(qr[0])
	r, err2 := strconv.Atoi(qr[1])
	if err1 != nil || err2 != nil {
		t.Fatalf("bad space spec %q", s)
	}
	sp := Space{Label: f[0], Coord: Coord{q, r}}
	for _, a := range f[1:] {
		switch a {
		case "difficult":
			sp.Terrain = Difficult
		case "gap":
			sp.Terrain = Gap
		case "fire", "poison", "trap":
			sp.Hazard = Hazard(a)
		case "token":
			sp.HazardSource = HazardToken
		case "destructible":
			sp.Object = Destructible
		case "damaged", "destroyed":
			sp.ObjectState = ObjectState(a)
		case "indestructible":
			sp.Object = Indestructible
		case "closed", "open":
			sp.Door = Door(a)
		case "orb":
			sp.Orb = Orb{Kind: MissionToken, Active: true}
		case "entry":
			sp.EntryPoint = true
		default:
			t.Fatalf("unknown attribute %q in %q", a, s)
		}
	}
	return sp
}

// board builds a map of every position with q in [q0,q1] and r in [r0,r1]
// (a rhombus), with extra attributes by label ("q,r attr…" strings) and
// walls between labelled pairs "a|b".
func board(t testing.TB, q0, q1, r0, r1 int, attrs []string, walls ...string) *Map {
	t.Helper()
	extra := map[string]string{}
	for _, a := range attrs {
		f := strings.SplitN(a, " ", 2)
		extra[f[0]] = a
	}
	var l Layout
	for r := r0; r <= r1; r++ {
		for q := q0; q <= q1; q++ {
			key := fmt.Sprintf("%d,%d", q, r)
			if a, ok := extra[key]; ok {
				if strings.HasSuffix(a, " missing") {
					continue
				}
				l.Spaces = append(l.Spaces, spec(t, a))
			} else {
				l.Spaces = append(l.Spaces, spec(t, key))
			}
		}
	}
	for _, w := range walls {
		a, b, _ := strings.Cut(w, "|")
		l.Walls = append(l.Walls, WallRef{A: a, B: b})
	}
	m, err := NewMap(l)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func idx(t testing.TB, m *Map, label string) int {
	t.Helper()
	i, ok := m.Index(label)
	if !ok {
		t.Fatalf("no space %q", label)
	}
	return i
}

// randomMap makes a blob-shaped map around (0,0) of the given radius with
// random holes, walls, doors and terrain, for property tests.
func randomMap(rng *rand.Rand, radius int) *Map {
	var l Layout
	for q := -radius; q <= radius; q++ {
		for r := -radius; r <= radius; r++ {
			c := Coord{q, r}
			if c.Distance(Coord{}) > radius || (c != (Coord{}) && rng.Intn(8) == 0) {
				continue
			}
			s := Space{Label: fmt.Sprintf("%d,%d", q, r), Coord: c}
			switch x := rng.Intn(40); {
			case x < 3:
				s.Terrain = Difficult
			case x < 5:
				s.Terrain = Gap
			case x < 7:
				s.Object = Destructible
				s.ObjectState = []ObjectState{Intact, Damaged, Destroyed}[rng.Intn(3)]
			case x < 8:
				s.Object = Indestructible
			case x < 11:
				s.Hazard = []Hazard{Fire, Poison, Trap}[rng.Intn(3)]
				if rng.Intn(3) == 0 {
					s.Terrain = Difficult
				}
			case x < 13:
				s.Door = ClosedDoor
			case x < 14:
				s.Door = OpenDoor
			case x < 15:
				s.Orb = Orb{Kind: MissionToken, Active: true}
			}
			l.Spaces = append(l.Spaces, s)
		}
	}
	have := map[Coord]string{}
	for _, s := range l.Spaces {
		have[s.Coord] = s.Label
	}
	for _, s := range l.Spaces {
		for d := NE; d <= SE; d++ {
			if n, ok := have[s.Neighbor(d)]; ok && rng.Intn(5) == 0 {
				l.Walls = append(l.Walls, WallRef{A: s.Label, B: n})
			}
		}
	}
	m, err := NewMap(l)
	if err != nil {
		panic(err)
	}
	return m
}
