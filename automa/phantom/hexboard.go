package phantom

import "tablekeeper/automa/hex"

// fromHex builds the AI's board from an automa/hex map: the spaces with
// their printed and placed contents, the §2.5 adjacency, the Decision die's
// compass positions and the map's lines of sight.
func fromHex(m *hex.Map) *board {
	n := m.Len()
	sp := make([]space, n)
	nb := make([][]int, n)
	for i := range n {
		s := m.SpaceAt(i)
		sp[i] = space{
			Label:       s.Label,
			Q:           s.Q,
			R:           s.R,
			Difficult:   s.Terrain == hex.Difficult,
			Gap:         s.IsGap(),
			Hazard:      string(s.Hazard),
			HazardToken: s.HazardSource == hex.HazardToken,
			Object:      string(s.Object),
			ClosedDoor:  s.IsClosedDoor(),
			Orb:         s.HasOrb(),
			Nova:        s.NovaCells,
		}
		if s.Object == hex.Destructible {
			sp[i].ObjState = StateIntact
			if s.ObjectState != hex.Intact {
				sp[i].ObjState = string(s.ObjectState)
			}
		}
		for _, j := range m.Neighbors(i) {
			nb[i] = append(nb[i], int(j))
		}
	}
	b := newBoard(sp, nb, hexSight{m})
	b.pt = make([][2]int, n)
	for i := range n {
		p := m.CompassPoint(i)
		b.pt[i] = [2]int{p.X, p.Y}
	}
	return b
}

// hexSight gives the board the map's lines of sight (§2.6–2.7).
type hexSight struct{ m *hex.Map }

func (h hexSight) Lines(a, b int) []losLine {
	ls := h.m.SightLines(a, b)
	out := make([]losLine, len(ls))
	for i, l := range ls {
		out[i] = losLine{FromVertex: int(l.FromVertex), ToVertex: int(l.ToVertex), Crossed: l.Crossed}
	}
	return out
}

func (h hexSight) HasLoS(a, b int) bool { return h.m.HasLoS(a, b) }

func (h hexSight) RangeRow(a int) []int32 { return h.m.RangeRow(a) }
