package board

import (
	"testing"

	"tablekeeper/automa/reich/content"
)

// A1 - A2 -D1- B1 - B2 -D2- C1, with E1 off A2 through D3, and a second
// way from A1 to C1 through the long corridor L1..L4 (no doors).
func testBoard(t *testing.T) *Board {
	t.Helper()
	m := &content.Map{
		Areas: []content.Area{{ID: "A1", Room: "R1"}, {ID: "A2", Room: "R1"}, {ID: "B1", Room: "R2"}, {ID: "B2", Room: "R2"},
			{ID: "C1", Room: "R3"}, {ID: "E1", Room: "R4"}, {ID: "L1", Room: "R1"}, {ID: "L2", Room: "R1"}, {ID: "L3", Room: "R1"}, {ID: "L4", Room: "R1"}, {ID: "Z1", Room: "R9"}},
		Edges: []content.Edge{{A: "A1", B: "A2"}, {A: "A2", B: "B1", Door: "D1"}, {A: "B1", B: "B2"}, {A: "B2", B: "C1", Door: "D2"},
			{A: "A2", B: "E1", Door: "D3"}, {A: "A1", B: "L1"}, {A: "L1", B: "L2"}, {A: "L2", B: "L3"}, {A: "L3", B: "L4"}, {A: "L4", B: "C1", Door: "D4"}},
		Doors:      []content.Door{{ID: "D1", State: content.Closed}, {ID: "D2", State: content.Locked}, {ID: "D3", State: content.Open}, {ID: "D4", State: content.Open}},
		SightLines: [][]string{{"A1", "A2", "B1", "B2", "C1"}, {"E1", "A2"}},
	}
	b, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func states(b *Board) []content.DoorState {
	out := make([]content.DoorState, b.DoorCount())
	for i, d := range b.Map.Doors {
		out[i] = d.State
	}
	return out
}

// PathCost = area steps + closed doors crossed (locked counts as closed),
// walls never crossed; No Hands cannot pass shut doors; Unstoppable pays
// nothing for them (§3.2).
func TestPathCost(t *testing.T) {
	b := testBoard(t)
	ds := states(b)
	i := b.MustIndex
	cases := []struct {
		from, to string
		mover    Mover
		want     int
	}{
		{"A1", "A1", Mover{}, 0},
		{"A1", "A2", Mover{}, 1},
		{"A1", "B1", Mover{}, 3}, // A2 (1) + D1 closed (+1) + step
		{"A1", "B2", Mover{}, 4},
		{"A1", "C1", Mover{}, 5}, // the corridor: 5 steps, D4 open
		{"B1", "C1", Mover{}, 3}, // B2 then the locked D2 (1 step + 1)
		{"A1", "E1", Mover{}, 2}, // D3 is open
		// No Hands: D1 is shut, and the long way round ends at the locked D2.
		{"A1", "B1", Mover{NoHands: true}, Unreachable},
		{"A1", "C1", Mover{NoHands: true}, 5},
		{"A1", "B1", Mover{Unstoppable: true}, 2},
		{"A1", "Z1", Mover{}, Unreachable},
	}
	for _, c := range cases {
		if got := b.PathCost(i(c.from), i(c.to), c.mover, ds); got != c.want {
			t.Errorf("%s→%s %+v: %d, want %d", c.from, c.to, c.mover, got, c.want)
		}
	}
	// Symmetry: the distance is the same both ways.
	for a := 0; a < b.Len(); a++ {
		da := b.Distances(a, Mover{}, ds)
		for c := 0; c < b.Len(); c++ {
			if dc := b.Distances(c, Mover{}, ds); dc[a] != da[c] {
				t.Fatalf("asymmetric %s %s", b.ID(a), b.ID(c))
			}
		}
	}
	// Door distance for patrols: the nearer side, the door not counted.
	dist := b.Distances(i("A1"), Mover{}, ds)
	d1, _ := b.DoorIndex("D1")
	if got := b.DoorCost(dist, d1); got != 1 {
		t.Errorf("DoorCost D1 from A1 = %d, want 1", got)
	}
}

// LOS along sight lines: doors must be open, nothing blocking between,
// obscured areas block into, out of and through (§3.2).
func TestLOS(t *testing.T) {
	b := testBoard(t)
	i := b.MustIndex
	ds := states(b)
	open := append([]content.DoorState(nil), ds...)
	open[0] = content.Open // D1
	cases := []struct {
		name     string
		from, to string
		doors    []content.DoorState
		blocks   []string
		obscured []string
		vis      bool
		rng      int
	}{
		{"same area", "C1", "C1", ds, nil, nil, true, 0},
		{"neighbour", "A1", "A2", ds, nil, nil, true, 1},
		{"closed door", "A1", "B1", ds, nil, nil, false, 0},
		{"open door", "A1", "B2", open, nil, nil, true, 3},
		{"blocker between", "A1", "B2", open, []string{"B1"}, nil, false, 0},
		{"blocker at the end does not block", "A1", "B2", open, []string{"B2"}, nil, true, 3},
		{"obscured between", "A1", "B1", open, nil, []string{"A2"}, false, 0},
		{"obscured target", "A1", "A2", ds, nil, []string{"A2"}, false, 0},
		{"not on a line", "A1", "E1", ds, nil, nil, false, 0},
		{"cross line", "E1", "A2", ds, nil, nil, true, 1},
		{"corridor has no sight line", "A1", "L1", ds, nil, nil, false, 0},
	}
	for _, c := range cases {
		mark := func(ids []string) []bool {
			out := make([]bool, b.Len())
			for _, id := range ids {
				out[i(id)] = true
			}
			return out
		}
		vis, rng, known := b.LOS(i(c.from), i(c.to), Sight{Doors: c.doors, Blocks: mark(c.blocks), Obscured: mark(c.obscured)})
		if !known || vis != c.vis || rng != c.rng {
			t.Errorf("%s: %v range %d known %v; want %v range %d", c.name, vis, rng, known, c.vis, c.rng)
		}
		// Sight lines are symmetric when the blockers are.
		back, _, _ := b.LOS(i(c.to), i(c.from), Sight{Doors: c.doors, Blocks: mark(c.blocks), Obscured: mark(c.obscured)})
		if back != vis {
			t.Errorf("%s: not symmetric", c.name)
		}
	}
	// Assisted mode: no sight lines. What the connections settle is known
	// (rules summary: LOS runs "not through enemy units, walls, or closed
	// doors"; areas "are adjacent if they share an edge not blocked by a
	// wall or closed door"); the rest is the players'.
	m := *b.Map
	m.SightLines = nil
	b2, _ := New(&m)
	blockL2 := make([]bool, b2.Len())
	blockL2[i("L2")] = true
	for _, c := range []struct {
		name       string
		from, to   string
		s          Sight
		vis, known bool
		rng        int
	}{
		{"an area sees itself", "A1", "A1", Sight{Doors: ds}, true, true, 0},
		{"neighbours across an open edge", "A1", "A2", Sight{Doors: ds}, true, true, 1},
		{"neighbours across an open door", "A2", "E1", Sight{Doors: ds}, true, true, 1},
		{"only a closed door between", "A2", "B1", Sight{Doors: ds}, false, true, 0},
		{"closed and locked doors all round", "B1", "E1", Sight{Doors: ds}, false, true, 0},
		{"joined by open edges: the players'", "A1", "L2", Sight{Doors: ds}, false, false, 0},
		{"the only way runs through a blocker", "A1", "L3", Sight{Doors: ds, Blocks: blockL2}, false, true, 0},
		{"a blocker at the end does not block", "L1", "L2", Sight{Doors: ds, Blocks: blockL2}, true, true, 1},
	} {
		vis, rng, known := b2.LOS(i(c.from), i(c.to), c.s)
		if vis != c.vis || known != c.known || rng != c.rng {
			t.Errorf("assisted, %s: %v range %d known %v; want %v range %d known %v", c.name, vis, rng, known, c.vis, c.rng, c.known)
		}
	}
	if got := b2.MinRange(i("A1"), i("C1"), Sight{Doors: ds}); got != 5 {
		t.Errorf("MinRange A1→C1 by the corridor = %d, want 5", got)
	}
	// Alien world: own and adjacent areas through no shut door.
	if !b.LOSAlien(i("A2"), i("E1"), Sight{Doors: ds}) || b.LOSAlien(i("A2"), i("B1"), Sight{Doors: ds}) || b.LOSAlien(i("A1"), i("B2"), Sight{Doors: open}) {
		t.Errorf("alien world sight wrong")
	}
}

// An area is always on its own tile, even on a map that names no tiles
// (§0.4, the tile auras of §7.5.6).
func TestSameTileWithoutNames(t *testing.T) {
	m := content.Map{MissionID: "m", Areas: []content.Area{{ID: "a", Room: "r"}, {ID: "b", Room: "r"}}, Edges: []content.Edge{{A: "a", B: "b"}}}
	b, err := New(&m)
	if err != nil {
		t.Fatal(err)
	}
	if !b.SameTile(0, 0) || b.SameTile(0, 1) {
		t.Errorf("SameTile: own area %v, unnamed other %v", b.SameTile(0, 0), b.SameTile(0, 1))
	}
}
