package alone

import (
	"reflect"
	"testing"
)

// A1: BFS distance, Stairs adjacent, Blocked Doors cut Rules paths but not
// Locate paths, ∞ without a path.
func TestDistance(t *testing.T) {
	m := mustValid(t, station().build())
	cases := []struct {
		from, to string
		mode     AdjMode
		want     int
	}{
		{"L", "L", Rules, 0},
		{"L", "E1", Rules, 1},
		{"L", "E3", Rules, 3},
		{"L", "C", Rules, 2},
		{"L", "U1", Rules, 2},  // L-S1-stairs-U1
		{"L", "U5", Rules, 4},  // L-E1-E2-E3-stairs-U5
		{"L", "I", Rules, 5},   // via U1-U2-U3-I
		{"S3", "C", Rules, 5},  // S3-S2-S1-L-R-C
		{"U4", "W1", Rules, 5}, // U4-U5-E3... = 6; or U4-U3-U2-U1-S1-L-W1 = 6
	}
	cases[len(cases)-1].want = 6
	for _, c := range cases {
		if got := m.Distance(c.from, c.to, c.mode); got != c.want {
			t.Errorf("%s→%s: %d, want %d", c.from, c.to, got, c.want)
		}
	}
	// Block the Lab's Door: R and C fall out of Rules reach, not Locate's.
	b := station()
	b.blocked("L", North, "R")
	m = mustValid(t, b.build())
	if got := m.Distance("L", "C", Rules); got != Unreachable {
		t.Errorf("through a Blocked Door: %d, want unreachable", got)
	}
	if got := m.Distance("L", "C", Locate); got != 2 {
		t.Errorf("Locate ignores Blocked Doors: %d, want 2", got)
	}
	if got := m.Distance("L", "nowhere", Rules); got != Unreachable {
		t.Errorf("unknown sector: %d", got)
	}
}

// A2: walls, Doors not in the Hero's Sector, Blocked Doors (AMB-15),
// Unrevealed Sectors and Stairs stop sight; the Hero's Sector is always in.
func TestLineOfSight(t *testing.T) {
	reveal := func(b *builder, ids ...string) {
		for _, id := range ids {
			b.m.Sector(id).Revealed = true
		}
	}
	cases := []struct {
		name   string
		hero   string
		reveal []string
		block  bool
		want   []string
	}{
		{"only the Hero's Sector", "L", nil, false, []string{"L"}},
		{"straight corridor", "L", []string{"E1", "E2", "E3"}, false, []string{"L", "E1", "E2", "E3"}},
		{"unrevealed stops", "L", []string{"E1", "E3"}, false, []string{"L", "E1"}},
		{"own Door passes, far Door stops", "L", []string{"R", "C"}, false, []string{"L", "R"}},
		{"in the Room both Doors are its own", "R", []string{"R", "C", "L", "S1", "S2"}, false, []string{"R", "C", "L", "S1", "S2"}},
		{"blocked Door stops", "L", []string{"R"}, true, []string{"L"}},
		{"wall after curve", "S1", []string{"S1", "S2", "S3"}, false, []string{"S1", "L", "S2"}},
		{"stairs never carry sight", "S1", []string{"S1", "U1", "U2"}, false, []string{"S1", "L"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := station()
			reveal(b, c.reveal...)
			if c.block {
				b.blocked("L", North, "R")
			}
			b.hero(c.hero)
			m := b.build()
			if got := m.LineOfSight(c.hero); !reflect.DeepEqual(got, c.want) {
				t.Errorf("LoS %v, want %v", got, c.want)
			}
		})
	}
}

// A3 with the Evil Compendium's LCU example: lighting north lights the Room
// and the Curve beyond its far Door; only the Room is Revealed, and the Curve
// once the Hero stands in the Room.
func TestRevealLightedLCUExample(t *testing.T) {
	m := mustValid(t, station().build())
	r, err := m.RepairLCU(North)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.Lighted, []string{"L", "R", "C"}) || !reflect.DeepEqual(r.Revealed, []string{"R"}) {
		t.Fatalf("north: lighted %v revealed %v", r.Lighted, r.Revealed)
	}
	n := m.Clone()
	for _, id := range r.Lighted {
		n.Sector(id).Lighted = true
	}
	n.RevealSector("R")
	mv, err := n.HeroMove(North, false, DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(mv.Revealed, []string{"C"}) {
		t.Errorf("moving into the Room reveals %v, want the Curve", mv.Revealed)
	}
}

// A3 chains: a line of Lighted Unrevealed Sectors is revealed to the end,
// and a Dark Unrevealed one stops it.
func TestRevealLightedChain(t *testing.T) {
	b := station()
	for _, id := range []string{"E1", "E2"} {
		b.m.Sector(id).Lighted = true
	}
	m := b.build()
	if got := m.RevealLighted("L"); !reflect.DeepEqual(got, []string{"E1", "E2"}) {
		t.Errorf("chain %v", got)
	}
	b.m.Sector("E1").Lighted = false
	if got := m.RevealLighted("L"); len(got) != 0 {
		t.Errorf("dark first sector stops: %v", got)
	}
}

// A5 and the Hero Compendium's three outcomes: west lights 1 more, east 2
// more (both revealed, in LoS), north the Room and the Curve.
func TestRepairLCU(t *testing.T) {
	m := mustValid(t, station().build())
	cases := []struct {
		d             Dir
		lit, revealed []string
	}{
		{West, []string{"L", "W1"}, []string{"W1"}},
		{East, []string{"L", "E1", "E2"}, []string{"E1", "E2"}},
		{North, []string{"L", "R", "C"}, []string{"R"}},
		{South, []string{"L", "S1", "S2"}, []string{"S1", "S2"}},
	}
	for _, c := range cases {
		r, err := m.RepairLCU(c.d)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(r.Lighted, c.lit) || !reflect.DeepEqual(r.Revealed, c.revealed) {
			t.Errorf("%s: lit %v revealed %v, want %v %v", c.d, r.Lighted, r.Revealed, c.lit, c.revealed)
		}
	}
	// A Blocked Door stops the light (AMB-15).
	b := station()
	b.blocked("L", North, "R")
	bm := b.build()
	if r, _ := bm.RepairLCU(North); !reflect.DeepEqual(r.Lighted, []string{"L"}) {
		t.Errorf("blocked door: %v", r.Lighted)
	}
	// V23: no LCU, Stairs, no exit.
	if _, err := m.RepairLCU(Stairs); err == nil {
		t.Error("Stairs is no light direction")
	}
	m2 := station().hero("E1").build()
	m2.Sector("E1").Revealed = true
	if _, err := m2.RepairLCU(East); err == nil {
		t.Error("no LCU in E1")
	}
	b = station()
	delete(b.m.Sector("L").Exits, West)
	delete(b.m.Sector("W1").Exits, East)
	if _, err := b.build().RepairLCU(West); err == nil {
		t.Error("an LCU direction with no exit")
	}
}

// A4: up to 2 Sectors; a Curve stops at 1; a non-adjacent Door stops; a
// Blocked Door stops; through Stairs only the far end; Danger removal.
func TestExplore(t *testing.T) {
	cases := []struct {
		name     string
		hero     string
		d        Dir
		explored []string
	}{
		{"two in a line", "L", East, []string{"E1", "E2"}},
		{"own door passes, far door stops", "L", North, []string{"R"}},
		{"one then wall", "L", West, []string{"W1"}},
		{"curve ends the line", "S1", South, []string{"S2"}},
		{"stairs reveal one", "S1", Stairs, []string{"U1"}},
		{"no exit", "W1", West, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := station().hero(c.hero)
			b.m.Sector(c.hero).Revealed = true
			m := b.build()
			r, err := m.Explore(c.d)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(r.Explored, c.explored) {
				t.Errorf("explored %v, want %v", r.Explored, c.explored)
			}
		})
	}
	b := station()
	b.blocked("L", North, "R")
	if r, _ := b.build().Explore(North); len(r.Explored) != 0 {
		t.Errorf("blocked door: %v", r.Explored)
	}
	// Danger: the Hero's Sector or an explored one; Revealed ones count.
	b = station()
	b.m.Sector("L").Danger = true
	b.m.Sector("E2").Danger = true
	b.m.Sector("E1").Revealed = true
	b.m.Sector("E3").Danger = true
	m := b.build()
	r, _ := m.Explore(East)
	if !reflect.DeepEqual(r.DangerRemovable, []string{"L", "E2"}) || !reflect.DeepEqual(r.Revealed, []string{"E2"}) {
		t.Errorf("danger %v revealed %v", r.DangerRemovable, r.Revealed)
	}
	if CheckExploreDanger(r, []string{"E2"}) != nil || CheckExploreDanger(r, []string{"E3"}) == nil || CheckExploreDanger(r, []string{"L", "E2"}) == nil {
		t.Error("V21")
	}
	if _, err := station().build().Explore(Stairs); err == nil {
		t.Error("no stairs in L")
	}
	if _, err := station().build().Explore("Q"); err == nil {
		t.Error("bad direction")
	}
}

// A6 and the Hero Compendium's Worm example: with the east Door open the
// Noise comes from the east; Blocked, from the north.
func TestNoiseBlockedDoorExample(t *testing.T) {
	// H ─door─ X (east), H ─ N1 (north) ─ N2 (east) ─ X (south of N2).
	mk := func(block bool) *Map {
		b := newMap().sec("H", 1, revealed).sec("X", 1).sec("N1", 1).sec("N2", 1).
			sec("A", 1).sec("B", 1).sec("P", 2).sec("Q", 2).sec("P2", 2).sec("Q2", 2)
		if block {
			b.blocked("H", East, "X")
		} else {
			b.door("H", East, "X")
		}
		b.link("H", North, "N1").link("N1", East, "N2").link("N2", South, "X").
			link("H", South, "A").link("A", South, "B").
			link("P", East, "Q").link("P2", East, "Q2").stairs("A", "P", "red").stairs("B", "P2", "blue")
		return mustValid(t, b.hero("H").creature("w", Worm, "X").build())
	}
	n, _ := mk(false).NoiseFrom("X")
	if n.Kind != NoiseDirection || !reflect.DeepEqual(n.Directions, []Dir{East}) {
		t.Errorf("open door: %+v", n)
	}
	n, _ = mk(true).NoiseFrom("X")
	if !reflect.DeepEqual(n.Directions, []Dir{North}) || n.Distance != 3 {
		t.Errorf("blocked door: %+v", n)
	}
	m := mk(false)
	if n, _ := m.NoiseFrom("P"); n.Kind != NoiseOtherLevel {
		t.Errorf("other level: %+v", n)
	}
	if n, _ := m.NoiseFrom("H"); n.Kind != NoiseHere {
		t.Errorf("here: %+v", n)
	}
	// Ties: a square H-N1-N2-X gives two first steps when X is reached both ways.
	b := newMap().sec("H", 1, revealed).sec("E", 1).sec("S", 1).sec("T", 1).sec("P", 2).sec("Q", 2).sec("Z", 1)
	b.link("H", East, "E").link("H", South, "S").link("E", South, "T").link("S", East, "T").link("T", East, "Z").
		stairs("Z", "P", "red").join("P", East, "Q", Link{})
	b.m.Sector("T").Exits[Stairs] = Link{To: "Q"}
	b.m.Sector("Q").Exits[Stairs] = Link{To: "T"}
	b.m.Sector("T").StairsColour, b.m.Sector("Q").StairsColour = "blue", "blue"
	m = mustValid(t, b.hero("H").build())
	if n, _ := m.NoiseFrom("T"); !reflect.DeepEqual(n.Directions, []Dir{East, South}) {
		t.Errorf("tie: %+v", n)
	}
	// AMB-14: no path, nothing heard.
	b = station()
	b.blocked("L", North, "R")
	if n, _ := b.build().NoiseFrom("C"); n.Kind != NoiseNotHeard {
		t.Errorf("no path: %+v", n)
	}
	if _, err := m.NoiseFrom("nope"); err == nil {
		t.Error("unknown source")
	}
}

// §5.4 and the Hero Compendium's example: the Lab 7 Sectors away on the
// other Level, the nearest Stairs 1 away.
func TestLocateExample(t *testing.T) {
	b := newMap().sec("H", 1, revealed).sec("St", 1).sec("St2", 1).
		sec("U1", 2).sec("U2", 2).sec("U3", 2).sec("U4", 2).sec("U5", 2).sec("Lab", 2, room("Lab")).sec("V", 2)
	b.link("H", East, "St").link("H", West, "St2").stairs("St", "U1", "red").stairs("St2", "V", "blue").
		link("U1", East, "U2").link("U2", East, "U3").link("U3", East, "U4").link("U4", East, "U5").
		blocked("U5", North, "Lab")
	m := mustValid(t, b.hero("H").build())
	a, err := m.LocateBoth([]LocateTarget{{Room: "Lab"}, {Element: "stairs"}})
	if err != nil {
		t.Fatal(err)
	}
	if a[0].Distance != 7 || a[0].SameLevel || a[1].Distance != 1 || !a[1].SameLevel {
		t.Errorf("answers %+v", a)
	}
	// Distance 0 in the Hero's Sector; none when absent; one field only.
	if a, _ := m.Locate(LocateTarget{Sector: "H"}); a.Distance != 0 {
		t.Errorf("own sector: %+v", a)
	}
	if a, _ := m.Locate(LocateTarget{Creature: Worm}); !a.None {
		t.Errorf("no worm: %+v", a)
	}
	if _, err := m.Locate(LocateTarget{Room: "Lab", Shape: "room"}); err == nil {
		t.Error("two things in one target")
	}
	if _, err := m.LocateBoth([]LocateTarget{{Room: "Lab"}}); err == nil {
		t.Error("V20: one target")
	}
	if _, err := m.Locate(LocateTarget{Sector: "zz"}); err == nil {
		t.Error("unknown sector")
	}
	m.Creatures = []Creature{{ID: "p", Type: Parasite, Sector: "U3"}}
	if a, _ := m.Locate(LocateTarget{Creature: Parasite}); a.Distance != 4 {
		t.Errorf("creature kind: %+v", a)
	}
	if a, _ := m.Locate(LocateTarget{Element: "door"}); a.Distance != 6 {
		t.Errorf("nearest door: %+v", a)
	}
}

// T2 step 2 and the Hero Compendium's cleanup example: the adjacent Sector
// stays, a Lighted Sector in LoS stays though not adjacent, the rest goes.
func TestLabyrinthCleanup(t *testing.T) {
	b := station()
	for _, id := range []string{"R", "C", "E1", "E2", "E3", "S1", "S2", "W1"} {
		b.m.Sector(id).Revealed = true
	}
	b.m.Sector("E2").Lighted = true
	b.m.Sector("C").Lighted = true // Lighted but out of LoS (far Door)
	b.blocked("L", West, "W1")
	keep, remove := b.build().LabyrinthCleanup()
	if !reflect.DeepEqual(keep, []string{"R", "L", "E1", "E2", "S1"}) {
		t.Errorf("keep %v", keep)
	}
	if !reflect.DeepEqual(remove, []string{"C", "W1", "E3", "S2"}) {
		t.Errorf("remove %v", remove)
	}
}

// §4.12 Changing Level and tile reuse.
func TestLevelChangeAndTileReuse(t *testing.T) {
	b := station().hero("S1")
	for _, id := range []string{"S1", "L", "E1", "S2", "U2"} {
		b.m.Sector(id).Revealed = true
	}
	m := b.build()
	if got := m.LevelChangeRemovals("S1"); !reflect.DeepEqual(got, []string{"L", "E1", "S2"}) {
		t.Errorf("removals %v", got)
	}
	ids, d := m.TileReuseCandidates(ShapeCorridor)
	if !reflect.DeepEqual(ids, []string{"E1", "U2"}) || d != 2 {
		t.Errorf("E1 and U2 are both 2 away, a tie: %v at %d", ids, d)
	}
	m.Sector("E2").Revealed = true
	if ids, d := m.TileReuseCandidates(ShapeCorridor); !reflect.DeepEqual(ids, []string{"E2"}) || d != 3 {
		t.Errorf("E2 is farthest: %v at %d", ids, d)
	}
	if ids, _ := m.TileReuseCandidates(ShapeRoom); len(ids) != 0 {
		t.Errorf("no room on the Labyrinth: %v", ids)
	}
}
