package content

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// drawn is a small drawn map:
//
//	col:  0    1    2    3
//	row 0 [S1  S1 ] .   [V1]
//	row 1 [C1][C2][C3]|[V2]     | a door between C3 and V2
//	row 2  .  [K1]  .    .      K1 walled off from C2 (no edge)
func drawn() *Map {
	return &Map{
		Areas: []Area{
			{ID: "S1", Room: "store", Cells: []Cell{{0, 0}, {1, 0}}},
			{ID: "C1", Room: "hall", Corridor: true, Cells: []Cell{{0, 1}}},
			{ID: "C2", Room: "hall", Corridor: true, Cells: []Cell{{1, 1}}},
			{ID: "C3", Room: "hall", Corridor: true, Cells: []Cell{{2, 1}}},
			{ID: "V1", Room: "vault", Cells: []Cell{{3, 0}}},
			{ID: "V2", Room: "vault", Cells: []Cell{{3, 1}}},
			{ID: "K1", Room: "kitchen", Cells: []Cell{{1, 2}}},
		},
		Edges: []Edge{{A: "C1", B: "C2"}, {A: "C2", B: "C3"}, {A: "C3", B: "V2", Door: "D2"}, {A: "V1", B: "V2"}, {A: "S1", B: "C1", Door: "D1"}},
		Doors: []Door{{ID: "D1", State: Closed}, {ID: "D2", State: Locked}},
	}
}

func TestLayoutTouchingAndSharedSides(t *testing.T) {
	m := drawn()
	got := fmt.Sprint(m.Touching())
	want := "[[C1 C2] [C1 S1] [C2 C3] [C2 K1] [C2 S1] [C3 V2] [V1 V2]]"
	if got != want {
		t.Fatalf("touching %s, want %s", got, want)
	}
	sides := m.SharedSides("S1", "C2")
	if len(sides) != 1 || sides[0].Cell != (Cell{1, 0}) || sides[0].Side != South {
		t.Fatalf("S1 meets C2 along %+v", sides)
	}
	if m.EdgeBetween("V2", "C3") == nil || m.EdgeBetween("C2", "K1") != nil {
		t.Fatal("EdgeBetween finds the door C3–V2 both ways and no edge through the wall C2–K1")
	}
}

// Sight runs along rows and columns through joined areas: the wall
// between S1 and C2 (no edge) cuts column 1, the door D2 carries row 1 on
// into the vault, and the wide S1 gives no second line of its own.
func TestLayoutSightLines(t *testing.T) {
	m := drawn()
	got := fmt.Sprint(m.LayoutSightLines())
	want := "[[C1 C2 C3 V2] [S1 C1] [V1 V2]]"
	if got != want {
		t.Fatalf("sight lines %s, want %s", got, want)
	}
	m.SightLines = m.LayoutSightLines()
	if err := m.Validate(); err != nil {
		t.Fatalf("the derived lines do not validate: %v", err)
	}
	// A bent area met twice on one row starts a new line there.
	b := &Map{Areas: []Area{{ID: "U", Room: "r", Cells: []Cell{{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 0}}}, {ID: "M", Room: "r", Cells: []Cell{{1, 0}}}},
		Edges: []Edge{{A: "U", B: "M"}}}
	if got := fmt.Sprint(b.LayoutSightLines()); got != "[[U M]]" {
		t.Fatalf("bent area lines %s", got)
	}
	if err := (&Map{Areas: b.Areas, Edges: b.Edges, SightLines: b.LayoutSightLines()}).Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestLayoutValidation(t *testing.T) {
	cases := []struct {
		name   string
		change func(m *Map)
		want   string
	}{
		{"an area left off the grid", func(m *Map) { m.Areas[6].Cells = nil }, "K1 is not drawn"},
		{"two areas on a square", func(m *Map) { m.Areas[6].Cells = []Cell{{1, 1}} }, "both drawn on the square at column 1, row 1"},
		{"an area in pieces", func(m *Map) { m.Areas[6].Cells = []Cell{{1, 2}, {3, 2}} }, "K1 is drawn in pieces"},
		{"off the grid", func(m *Map) { m.Areas[6].Cells = []Cell{{-1, 2}} }, "outside the grid"},
		{"an edge across the grid", func(m *Map) {
			m.Edges = append(m.Edges, Edge{A: "K1", B: "C3", Door: "D3"})
			m.Doors = append(m.Doors, Door{ID: "D3", State: Open})
		}, "do not touch"},
	}
	for _, c := range cases {
		m := drawn()
		c.change(m)
		err := m.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if err := drawn().Validate(); err != nil {
		t.Fatalf("the drawn map: %v", err)
	}
}

func TestCellsInAContentFile(t *testing.T) {
	b, err := json.Marshal(drawn().Areas[0])
	if err != nil || !strings.Contains(string(b), `"cells":[[0,0],[1,0]]`) {
		t.Fatalf("%s %v", b, err)
	}
	m, err := ParseMap([]byte(`{"areas": [{"id": "A", "room": "r", "cells": [[2, 3]]}], "edges": []}`))
	if err != nil || m.Areas[0].Cells[0] != (Cell{2, 3}) {
		t.Fatalf("%+v %v", m, err)
	}
	if _, err := ParseMap([]byte(`{"areas": [{"id": "A", "room": "r", "cells": [{"x": 1}]}], "edges": []}`)); err == nil {
		t.Fatal("a square written as an object was accepted")
	}
}
