package alone

import (
	"fmt"
	"sort"
)

// HeroMoveResult is what a Hero Move Action does (spec §5.1), in order: the
// Attack of Opportunity before leaving, the Sector entered and Revealed with
// the scares it brings, the Labyrinth tiles removed when the Level changes,
// and the Lighted Sectors A3 then Reveals.
type HeroMoveResult struct {
	From string `json:"from"`
	To   string `json:"to"`
	AoO  *AoO   `json:"aoo,omitempty"`
	// Revealed lists the Sectors Revealed by the move: the destination if
	// it was Unrevealed, then A3's.
	Revealed []string `json:"revealed,omitempty"`
	Scares   []Scare  `json:"scares,omitempty"`
	// LevelChangeRemoved is the old Level's tiles removed (all but the
	// Stairs Sector).
	LevelChangeRemoved []string `json:"levelChangeRemoved,omitempty"`
	// BlockableDoors is the Doors the Hero may Block after the step, each
	// as the exit direction from the new Sector.
	BlockableDoors []Dir `json:"blockableDoors,omitempty"`
	Map            *Map  `json:"-"`
}

// HeroMove checks and computes a Move in direction d (V18): the exit must
// exist and not be Blocked. No Level limit applies to the Hero (§5.1,
// AMBIGUOUS). The returned Map has the move applied.
func (m *Map) HeroMove(d Dir, nightmare bool, set Settings) (HeroMoveResult, error) {
	var r HeroMoveResult
	h := m.HeroSector()
	if h == nil {
		return r, fmt.Errorf("the Hero's Sector %q is not on the Map", m.Hero)
	}
	if !d.Valid() {
		return r, fmt.Errorf("move direction %q is not N, E, S, W or STAIRS", d)
	}
	l, ok := h.Exits[d]
	if !ok {
		return r, fmt.Errorf("the Hero's Sector %q has no way to %s", h.ID, d.Name())
	}
	if l.Blocked {
		return r, fmt.Errorf("the Door %s of %q is Blocked; a whole Move Action is needed to Unblock it first", d, h.ID)
	}
	r.From, r.To = h.ID, l.To
	if a, ok := m.AttackOfOpportunity(set); ok {
		r.AoO = &a
	}
	r.Scares = m.HeroEntryScares(l.To, nightmare)
	n := m.Clone()
	n.Hero = l.To
	if dest := n.Sector(l.To); !dest.Revealed {
		n.RevealSector(l.To)
		r.Revealed = append(r.Revealed, l.To)
	}
	if d == Stairs {
		r.LevelChangeRemoved = m.LevelChangeRemovals(h.ID)
		for _, id := range r.LevelChangeRemoved {
			n.UnrevealSector(id)
		}
	}
	for _, id := range n.RevealLighted(l.To) {
		n.RevealSector(id)
		r.Revealed = append(r.Revealed, id)
	}
	for _, dd := range allDirs {
		if x, ok := n.Sector(l.To).Exits[dd]; ok && x.Door && !x.Blocked {
			r.BlockableDoors = append(r.BlockableDoors, dd)
		}
	}
	r.Map = n
	return r, nil
}

// RevealSector puts a Sector on the Labyrinth with everything in it (spec A3
// Reveal(s)); its Doors show because they belong to its exits.
func (m *Map) RevealSector(id string) {
	s := m.Sector(id)
	if s == nil {
		return
	}
	s.Revealed = true
	for _, c := range m.CreaturesIn(id) {
		c.Revealed = true
	}
}

// UnrevealSector takes a Sector and its contents off the Labyrinth (T2 step
// 2, §4.12 Changing Level).
func (m *Map) UnrevealSector(id string) {
	s := m.Sector(id)
	if s == nil || id == m.Hero {
		return
	}
	s.Revealed = false
	for _, c := range m.CreaturesIn(id) {
		c.Revealed = false
	}
}

// Labyrinth is what the Hero may see (spec §7.2 M2): the Revealed Sectors
// with their Elements and Doors, the Revealed Creatures with their Wounded
// status, the Hero's Sector and Line of Sight. Nothing Unrevealed appears:
// not a Sector, not a Creature, not where an exit leads.
type Labyrinth struct {
	Hero        string         `json:"hero"`
	Level       int            `json:"level"`
	LineOfSight []string       `json:"lineOfSight"`
	Sectors     []SectorView   `json:"sectors"`
	Creatures   []CreatureView `json:"creatures,omitempty"`
}

// SectorView is a Revealed Sector as its Labyrinth tile shows it.
type SectorView struct {
	ID           string           `json:"id"`
	Level        int              `json:"level"`
	Shape        string           `json:"shape,omitempty"`
	Room         string           `json:"room,omitempty"`
	Exits        map[Dir]ExitView `json:"exits"`
	LCU          bool             `json:"lcu,omitempty"`
	StairsColour string           `json:"stairs,omitempty"`
	Lighted      bool             `json:"lighted,omitempty"`
	Danger       bool             `json:"danger,omitempty"`
	Tokens       []string         `json:"tokens,omitempty"`
	InSight      bool             `json:"inSight,omitempty"`
}

// ExitView is one exit of a tile: To only when the far Sector is Revealed.
type ExitView struct {
	To      string `json:"to,omitempty"`
	Door    bool   `json:"door,omitempty"`
	Blocked bool   `json:"blocked,omitempty"`
}

// CreatureView is a Revealed Creature's miniature.
type CreatureView struct {
	ID      string       `json:"id"`
	Type    CreatureType `json:"type"`
	Name    string       `json:"name,omitempty"`
	Sector  string       `json:"sector"`
	Wounded bool         `json:"wounded"`
}

// HeroView projects the hidden Map onto the Labyrinth for solo mode: only
// what the rules have Revealed.
func (m *Map) HeroView() Labyrinth {
	v := Labyrinth{Hero: m.Hero, LineOfSight: m.LineOfSight(m.Hero)}
	if h := m.HeroSector(); h != nil {
		v.Level = h.Level
	}
	sight := setOf(v.LineOfSight)
	for i := range m.Sectors {
		s := &m.Sectors[i]
		if !s.Revealed {
			continue
		}
		sv := SectorView{ID: s.ID, Level: s.Level, Shape: s.Shape, Room: s.Room, LCU: s.LCU,
			StairsColour: s.StairsColour, Lighted: s.Lighted, Danger: s.Danger,
			Tokens: append([]string(nil), s.Tokens...), InSight: sight[s.ID], Exits: map[Dir]ExitView{}}
		for d, l := range s.Exits {
			ev := ExitView{Door: l.Door, Blocked: l.Blocked}
			if t := m.Sector(l.To); t != nil && t.Revealed {
				ev.To = l.To
			}
			sv.Exits[d] = ev
		}
		v.Sectors = append(v.Sectors, sv)
	}
	for i := range m.Creatures {
		c := &m.Creatures[i]
		s := m.Sector(c.Sector)
		if !c.Revealed || s == nil || !s.Revealed {
			continue
		}
		cv := CreatureView{ID: c.ID, Type: c.Type, Sector: c.Sector, Wounded: c.Wounded}
		if c.Boss != nil {
			cv.Name = c.Boss.Name
		}
		v.Creatures = append(v.Creatures, cv)
	}
	sort.Slice(v.Creatures, func(i, j int) bool { return v.Creatures[i].ID < v.Creatures[j].ID })
	return v
}
