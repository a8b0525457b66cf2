package alone

import (
	"fmt"
	"testing"
)

// builder makes test Maps link by link, keeping links symmetric.
type builder struct{ m *Map }

func newMap() *builder { return &builder{m: &Map{}} }

func (b *builder) sec(id string, level int, opts ...func(*Sector)) *builder {
	s := Sector{ID: id, Level: level, Exits: map[Dir]Link{}}
	for _, o := range opts {
		o(&s)
	}
	b.m.Sectors = append(b.m.Sectors, s)
	b.m.index = nil
	return b
}

func lit(s *Sector)      { s.Lighted = true }
func revealed(s *Sector) { s.Revealed = true }
func danger(s *Sector)   { s.Danger = true }
func lcu(s *Sector)      { s.LCU = true }
func shape(sh string) func(*Sector) {
	return func(s *Sector) { s.Shape = sh }
}
func room(name string) func(*Sector) {
	return func(s *Sector) { s.Room, s.Shape = name, ShapeRoom }
}

func (b *builder) link(a string, d Dir, c string) *builder { return b.join(a, d, c, Link{}) }
func (b *builder) door(a string, d Dir, c string) *builder { return b.join(a, d, c, Link{Door: true}) }
func (b *builder) blocked(a string, d Dir, c string) *builder {
	return b.join(a, d, c, Link{Door: true, Blocked: true})
}

func (b *builder) join(a string, d Dir, c string, l Link) *builder {
	sa, sc := b.m.Sector(a), b.m.Sector(c)
	if sa == nil || sc == nil {
		panic(fmt.Sprintf("builder: link %s-%s: unknown sector", a, c))
	}
	l.To = c
	sa.Exits[d] = l
	l.To = a
	sc.Exits[d.Opposite()] = l
	return b
}

func (b *builder) stairs(a, c, colour string) *builder {
	b.join(a, Stairs, c, Link{})
	b.m.Sector(a).StairsColour = colour
	b.m.Sector(c).StairsColour = colour
	return b
}

func (b *builder) hero(id string) *builder { b.m.Hero = id; return b }

func (b *builder) creature(id string, t CreatureType, sector string, opts ...func(*Creature)) *builder {
	c := Creature{ID: id, Type: t, Sector: sector}
	for _, o := range opts {
		o(&c)
	}
	b.m.Creatures = append(b.m.Creatures, c)
	return b
}

func wounded(c *Creature) { c.Wounded = true }
func moved(c *Creature)   { c.Moved = true }

// build settles every Creature's Revealed flag from its Sector, as the rules
// keep them.
func (b *builder) build() *Map {
	for i := range b.m.Creatures {
		if s := b.m.Sector(b.m.Creatures[i].Sector); s != nil {
			b.m.Creatures[i].Revealed = s.Revealed
		}
	}
	return b.m
}

// station is the fixture most tests use.
//
// Level 1 (north up):
//
//	            C (curve)
//	            | door
//	            R (Room "Lab")
//	            | door
//	W1 ——— L (LCU, cross) ——— E1 ——— E2 ——— E3 [blue stairs]
//	            |
//	            S1 [red stairs]
//	            |
//	            S2 ——— S3
//
// Level 2: U1 [red] ——— U2 ——— U3 ——— U4 ——— U5 [blue], and U3 north
// through a Door to the Room "Infirmary" (I).
//
// The Hero stands in L, which is Revealed; nothing else is.
func station() *builder {
	b := newMap().
		sec("C", 1, shape(ShapeCurve)).
		sec("R", 1, room("Lab")).
		sec("W1", 1, shape(ShapeDeadEnd)).
		sec("L", 1, lcu, revealed, shape(ShapeCross)).
		sec("E1", 1, shape(ShapeCorridor)).
		sec("E2", 1, shape(ShapeCorridor)).
		sec("E3", 1, shape(ShapeCorridor)).
		sec("S1", 1, shape(ShapeCorridor)).
		sec("S2", 1, shape(ShapeCurve)).
		sec("S3", 1, shape(ShapeDeadEnd)).
		sec("U1", 2, shape(ShapeCorridor)).
		sec("U2", 2, shape(ShapeCorridor)).
		sec("U3", 2, shape(ShapeTJunction)).
		sec("U4", 2, shape(ShapeCorridor)).
		sec("U5", 2, shape(ShapeCorridor)).
		sec("I", 2, room("Infirmary"))
	b.door("R", North, "C").door("L", North, "R").
		link("L", West, "W1").link("L", East, "E1").link("E1", East, "E2").link("E2", East, "E3").
		link("L", South, "S1").link("S1", South, "S2").link("S2", East, "S3").
		link("U1", East, "U2").link("U2", East, "U3").link("U3", East, "U4").link("U4", East, "U5").
		door("U3", North, "I").
		stairs("S1", "U1", "red").stairs("E3", "U5", "blue")
	return b.hero("L")
}

func mustValid(t *testing.T, m *Map) *Map {
	t.Helper()
	if err := m.Validate(DefaultConfig()); err != nil {
		t.Fatalf("fixture map invalid: %v", err)
	}
	return m
}

// fullMap is a two-level Map of w×h grid Sectors per Level with Doors,
// Blocked Doors, Lights and Danger spread over it and 8 Creatures, for the
// benchmark and the property tests.
func fullMap(w, h int) *Map {
	b := newMap()
	id := func(lv, x, y int) string { return fmt.Sprintf("L%d-%d-%d", lv, x, y) }
	for lv := 1; lv <= 2; lv++ {
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				var opts []func(*Sector)
				if (x+y+lv)%5 == 0 {
					opts = append(opts, lit)
				}
				if (x*3+y+lv)%7 == 0 {
					opts = append(opts, danger)
				}
				if (x+2*y)%6 == 1 {
					opts = append(opts, lcu)
				}
				opts = append(opts, shape(ShapeCross))
				b.sec(id(lv, x, y), lv, opts...)
			}
		}
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if x+1 < w && (x+y)%4 != 3 {
					switch (x + y*w) % 9 {
					case 0:
						b.door(id(lv, x, y), East, id(lv, x+1, y))
					case 4:
						b.blocked(id(lv, x, y), East, id(lv, x+1, y))
					default:
						b.link(id(lv, x, y), East, id(lv, x+1, y))
					}
				}
				if y+1 < h && (x*y)%5 != 4 {
					if (x+y)%7 == 2 {
						b.door(id(lv, x, y), South, id(lv, x, y+1))
					} else {
						b.link(id(lv, x, y), South, id(lv, x, y+1))
					}
				}
			}
		}
	}
	b.stairs(id(1, 0, h-1), id(2, 0, 0), "red")
	b.stairs(id(1, w-1, 0), id(2, w-1, h-1), "blue")
	hero := id(1, w/2, h/2)
	b.m.Sector(hero).Revealed = true
	for _, d := range allDirs {
		if l, ok := b.m.Sector(hero).Exits[d]; ok && d != Stairs {
			b.m.Sector(l.To).Revealed = true
		}
	}
	// Strip Danger near the Hero so the map is a plausible mid-game state.
	b.m.Sector(hero).Danger = false
	types := CreatureTypes
	for i := 0; i < 8; i++ {
		lv := 1 + i/4
		x, y := (i*3)%w, (i*5+1)%h
		b.creature(fmt.Sprintf("c%d", i), types[i%len(types)], id(lv, x, y))
	}
	return b.hero(hero).build()
}
