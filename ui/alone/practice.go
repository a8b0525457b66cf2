package alone

import (
	"fmt"

	"tablekeeper/automa/alone"
)

// PracticeMap is a small made-up Map of two Levels (4 × 3 Sectors each),
// offered at setup so a solo or assist game can start before the players
// have entered a scenario's own Map. Sector ids are the Level, a column
// letter from the west and a row number from the north ("1B2"). The Hero
// starts in 1A1; red Stairs join 1A3 and 2A3, blue Stairs 1D3 and 2D3.
func PracticeMap() *alone.Map {
	m := &alone.Map{Hero: "1A1"}
	id := func(lv, x, y int) string { return fmt.Sprintf("%d%c%d", lv, 'A'+x, y+1) }
	idx := map[string]int{}
	for lv := 1; lv <= 2; lv++ {
		for y := 0; y < 3; y++ {
			for x := 0; x < 4; x++ {
				idx[id(lv, x, y)] = len(m.Sectors)
				m.Sectors = append(m.Sectors, alone.Sector{ID: id(lv, x, y), Level: lv, Shape: alone.ShapeCorridor, Exits: map[alone.Dir]alone.Link{}})
			}
		}
	}
	sec := func(s string) *alone.Sector { return &m.Sectors[idx[s]] }
	link := func(a string, d alone.Dir, b string, door bool) {
		sec(a).Exits[d] = alone.Link{To: b, Door: door}
		sec(b).Exits[d.Opposite()] = alone.Link{To: a, Door: door}
	}
	// Walls: the links left out make the corridors wind.
	walls := map[string]bool{"1A2|1B2": true, "1B1|1B2": true, "1C2|1C3": true, "1C1|1D1": true,
		"2B1|2B2": true, "2C2|2D2": true, "2A2|2A3": true, "2C1|2D1": true}
	doors := map[string]bool{"1B2|1B3": true, "1B2|1C2": true, "1D1|1D2": true, "2C2|2C3": true, "2B2|2C2": true, "2C1|2C2": true}
	for lv := 1; lv <= 2; lv++ {
		for y := 0; y < 3; y++ {
			for x := 0; x < 4; x++ {
				a := id(lv, x, y)
				if x < 3 {
					if b := id(lv, x+1, y); !walls[a+"|"+b] {
						link(a, alone.East, b, doors[a+"|"+b])
					}
				}
				if y < 2 {
					if b := id(lv, x, y+1); !walls[a+"|"+b] {
						link(a, alone.South, b, doors[a+"|"+b])
					}
				}
			}
		}
	}
	room := func(s, name string, lcu bool) {
		sec(s).Shape, sec(s).Room, sec(s).LCU = alone.ShapeRoom, name, lcu
	}
	room("1B2", "Laboratory", true)
	room("1D1", "Infirmary", false)
	room("2C2", "Control Room", true)
	sec("2A1").LCU = true
	stairs := func(a, b, colour string) {
		link(a, alone.Stairs, b, false)
		sec(a).StairsColour, sec(b).StairsColour = colour, colour
	}
	stairs("1A3", "2A3", "red")
	stairs("1D3", "2D3", "blue")
	for i := range m.Sectors {
		s := &m.Sectors[i]
		if s.Shape == alone.ShapeCorridor {
			s.Shape = shapeOf(s.Exits)
		}
	}
	sec("1A1").Revealed = true
	return m
}

// shapeOf names a tile by its compass exits: a dead end, a straight
// Corridor, a Curve, a T-Junction or a Cross.
func shapeOf(exits map[alone.Dir]alone.Link) string {
	var ds []alone.Dir
	for _, d := range alone.Compass {
		if _, ok := exits[d]; ok {
			ds = append(ds, d)
		}
	}
	switch len(ds) {
	case 1:
		return alone.ShapeDeadEnd
	case 2:
		if ds[0].Opposite() == ds[1] {
			return alone.ShapeCorridor
		}
		return alone.ShapeCurve
	case 3:
		return alone.ShapeTJunction
	case 4:
		return alone.ShapeCross
	}
	return alone.ShapeCorridor
}
