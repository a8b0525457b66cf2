package hex

import "fmt"

// Beside lists the spaces sharing a side with i that no listed wall
// separates from it, whatever the doors: where figures go when the door
// they stand on closes (§2.3 item 4), and where a character steps into a
// door to open it. The slice belongs to the map; do not change it.
func (m *Map) Beside(i int) []int32 { return m.adjDoor[i] }

// Nearest finds the spaces for which ok holds at the smallest Range from
// space from (from itself included, at Range 0), and that Range: §10.3's
// "the empty space with the smallest Range to the indicated space", ties
// left to the Decision die. It returns nil and Unreachable if none.
func (m *Map) Nearest(from int, ok func(i int) bool) ([]int, int) {
	row := m.rangeRow(from)
	best := int32(-1)
	var ties []int
	for i, d := range row {
		if d < 0 || (best >= 0 && d > best) || !ok(i) {
			continue
		}
		if best < 0 || d < best {
			best, ties = d, ties[:0]
		}
		ties = append(ties, i)
	}
	if best < 0 {
		return nil, Unreachable
	}
	return ties, int(best)
}

// CheckMove checks a Move or Leap a player enters as a path of spaces
// (start first) under r (V-10, V-11): each step to a space sharing a side
// with no wall between, never across a closed door unless r.OpenDoors,
// each space entered one the mover may enter, and in all no more than
// r.Limit MP when a limit is given. It returns the MP spent (for a Leap,
// the steps). Where the move may end (an empty or hazard space, no figure)
// is the caller's test.
func (m *Map) CheckMove(path []int, r MoveRules) (int, error) {
	if len(path) == 0 {
		return 0, fmt.Errorf("the move has no spaces")
	}
	for _, s := range path {
		if s < 0 || s >= len(m.spaces) {
			return 0, fmt.Errorf("the move names a space that is not on the map")
		}
	}
	verb := "Move"
	if r.Leap {
		verb = "Leap"
	}
	mp := 0
	for k := 1; k < len(path); k++ {
		u, v := path[k-1], path[k]
		side := -1
		for d := range 6 {
			if int(m.nbr[u][d]) == v {
				side = d
			}
		}
		switch {
		case side < 0:
			return 0, fmt.Errorf("step %d: %q is not next to %q", k, m.spaces[v].Label, m.spaces[u].Label)
		case m.listed[u]&(1<<side) != 0:
			return 0, fmt.Errorf("step %d: a wall stands between %q and %q", k, m.spaces[u].Label, m.spaces[v].Label)
		case m.spaces[u].IsClosedDoor() && !r.OpenDoors:
			return 0, fmt.Errorf("step %d: %q is a closed door", k, m.spaces[u].Label)
		}
		c := m.EnterCost(v, &r)
		if c < 0 {
			return 0, fmt.Errorf("step %d: cannot %s into %q: %s", k, verb, m.spaces[v].Label, m.whyNot(v, &r))
		}
		mp += c
	}
	if r.Limit != 0 && mp > max(r.Limit, 0) {
		return mp, fmt.Errorf("the %s needs %d MP but only %d are available", verb, mp, max(r.Limit, 0))
	}
	return mp, nil
}

// whyNot says in the game's words why a mover may not enter space i.
func (m *Map) whyNot(i int, r *MoveRules) string {
	s := &m.spaces[i]
	switch {
	case r.Blocked != nil && r.Blocked[i]:
		return "a figure blocks it"
	case s.IsClosedDoor():
		return "it is a closed door (only characters open doors)"
	case s.IsGap():
		return "it is a gap (it can only be leapt over)"
	case s.BlockingObject():
		return "an object is there (it can only be leapt over)"
	case s.HasOrb():
		return "an orb is there"
	case s.HasHazard():
		return "hazards are avoided on this move"
	}
	return "it cannot be entered"
}
