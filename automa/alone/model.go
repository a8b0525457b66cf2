package alone

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Dir is a way out of a Sector: a compass direction or the Stairs.
type Dir string

// The exits a Sector can have (spec §6 "Nodes").
const (
	North  Dir = "N"
	East   Dir = "E"
	South  Dir = "S"
	West   Dir = "W"
	Stairs Dir = "STAIRS"
)

// Compass is the four straight directions in the fixed order the algorithms
// walk them (spec A2 loops over N, E, S, W).
var Compass = [4]Dir{North, East, South, West}

// allDirs is the order in which exits are searched, so that every search is
// deterministic whatever order a map file lists its exits in.
var allDirs = [5]Dir{North, East, South, West, Stairs}

// Opposite is the exit on the far side of a link: N↔S, E↔W, Stairs↔Stairs.
func (d Dir) Opposite() Dir {
	switch d {
	case North:
		return South
	case South:
		return North
	case East:
		return West
	case West:
		return East
	}
	return d
}

// Valid says whether d is one of the five exits.
func (d Dir) Valid() bool {
	for _, x := range allDirs {
		if d == x {
			return true
		}
	}
	return false
}

// Name is the direction in words as it is Communicated to the Hero
// ("the north", "the Stairs").
func (d Dir) Name() string {
	switch d {
	case North:
		return "the north"
	case East:
		return "the east"
	case South:
		return "the south"
	case West:
		return "the west"
	case Stairs:
		return "the Stairs"
	}
	return string(d)
}

// A Link joins two Sectors through one exit. A Door sits on the link; a
// Blocked Door makes the two Sectors not adjacent for every rule (spec §5.1).
type Link struct {
	To      string `json:"to"`
	Door    bool   `json:"door,omitempty"`
	Blocked bool   `json:"blocked,omitempty"`
}

// Sector shapes named in the manuals (spec §1). The shape matters for tile
// reuse (§4.12); walls come from the exits themselves.
const (
	ShapeRoom      = "room"
	ShapeCorridor  = "corridor"
	ShapeCurve     = "curve"
	ShapeTJunction = "tjunction"
	ShapeCross     = "cross"
	ShapeDeadEnd   = "deadend"
)

var shapes = []string{ShapeRoom, ShapeCorridor, ShapeCurve, ShapeTJunction, ShapeCross, ShapeDeadEnd}

// A Sector is one space of the Map (spec §6 "Nodes"). Lighted and Revealed
// are independent (spec §1).
type Sector struct {
	ID    string `json:"id"`
	Level int    `json:"level"`
	Shape string `json:"shape,omitempty"`
	// Room is the Room's name ("Laboratory") when the Sector is a Room.
	Room  string       `json:"room,omitempty"`
	Exits map[Dir]Link `json:"exits"`
	LCU   bool         `json:"lcu,omitempty"`
	// StairsColour is set on the two Sectors a set of Stairs joins.
	StairsColour string   `json:"stairs,omitempty"`
	Lighted      bool     `json:"lighted,omitempty"`
	Danger       bool     `json:"danger,omitempty"`
	Revealed     bool     `json:"revealed,omitempty"`
	Tokens       []string `json:"tokens,omitempty"`
}

// IsRoom says whether the Sector is a Room (shape room, or a Room name).
func (s *Sector) IsRoom() bool { return s.Shape == ShapeRoom || s.Room != "" }

// A Creature is one Creature token on the Map (spec §4.3).
type Creature struct {
	ID      string       `json:"id"`
	Type    CreatureType `json:"type"`
	Sector  string       `json:"sector"`
	Wounded bool         `json:"wounded,omitempty"`
	// Revealed means its miniature is on the Labyrinth. It always equals
	// whether its Sector is Revealed (a Revealed Sector shows everything in
	// it, and an Unrevealed one shows nothing), so Validate checks it.
	Revealed bool `json:"revealed,omitempty"`
	// Moved is set once it moved this Turn, 0 steps included (§4.6 item 8).
	Moved bool `json:"movedThisTurn,omitempty"`
	// Boss holds a Boss's stats from its Mission card (type boss only).
	Boss *BossStats `json:"boss,omitempty"`
}

// A Map is the Evil side's hidden record of both Levels (spec §1, §4.12):
// every Sector with its Light, Danger and tokens, every Creature, and the
// Hero token.
type Map struct {
	Sectors   []Sector   `json:"sectors"`
	Creatures []Creature `json:"creatures,omitempty"`
	Hero      string     `json:"hero"`

	index map[string]int
}

// Sector returns the Sector with this id, or nil. Lookups only read the
// Map, so many goroutines may read one Map at once: the index is built when
// a Map is decoded, validated or cloned, and a lookup it cannot answer falls
// back to a scan.
func (m *Map) Sector(id string) *Sector {
	if i, ok := m.index[id]; ok && i < len(m.Sectors) && m.Sectors[i].ID == id {
		return &m.Sectors[i]
	}
	for i := range m.Sectors {
		if m.Sectors[i].ID == id {
			return &m.Sectors[i]
		}
	}
	return nil
}

// buildIndex makes Sector lookups constant-time.
func (m *Map) buildIndex() {
	m.index = make(map[string]int, len(m.Sectors))
	for i := range m.Sectors {
		if _, dup := m.index[m.Sectors[i].ID]; !dup {
			m.index[m.Sectors[i].ID] = i
		}
	}
}

// UnmarshalJSON decodes a Map and builds its lookup index.
func (m *Map) UnmarshalJSON(b []byte) error {
	type plain Map
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*m = Map(p)
	m.buildIndex()
	return nil
}

// Creature returns the Creature with this id, or nil.
func (m *Map) Creature(id string) *Creature {
	for i := range m.Creatures {
		if m.Creatures[i].ID == id {
			return &m.Creatures[i]
		}
	}
	return nil
}

// HeroSector is the Sector the Hero token stands in.
func (m *Map) HeroSector() *Sector { return m.Sector(m.Hero) }

// CreaturesIn lists the Creatures in a Sector, in Map order.
func (m *Map) CreaturesIn(sector string) []*Creature {
	var out []*Creature
	for i := range m.Creatures {
		if m.Creatures[i].Sector == sector {
			out = append(out, &m.Creatures[i])
		}
	}
	return out
}

// CreaturesOnLevel counts the Creatures on a Level, Bosses included (AMB-21).
func (m *Map) CreaturesOnLevel(level int) int {
	n := 0
	for i := range m.Creatures {
		if s := m.Sector(m.Creatures[i].Sector); s != nil && s.Level == level {
			n++
		}
	}
	return n
}

// DangerOnLevel counts the Danger tokens on a Level.
func (m *Map) DangerOnLevel(level int) int {
	n := 0
	for i := range m.Sectors {
		if m.Sectors[i].Level == level && m.Sectors[i].Danger {
			n++
		}
	}
	return n
}

// Clone returns a deep copy, so a what-if can change it freely.
func (m *Map) Clone() *Map {
	c := &Map{Hero: m.Hero}
	c.Sectors = make([]Sector, len(m.Sectors))
	for i, s := range m.Sectors {
		s.Exits = make(map[Dir]Link, len(m.Sectors[i].Exits))
		for d, l := range m.Sectors[i].Exits {
			s.Exits[d] = l
		}
		s.Tokens = append([]string(nil), m.Sectors[i].Tokens...)
		c.Sectors[i] = s
	}
	c.Creatures = make([]Creature, len(m.Creatures))
	for i, cr := range m.Creatures {
		if cr.Boss != nil {
			b := *cr.Boss
			cr.Boss = &b
		}
		c.Creatures[i] = cr
	}
	c.buildIndex()
	return c
}

// SectorIDs lists every Sector id in Map order.
func (m *Map) SectorIDs() []string {
	out := make([]string, len(m.Sectors))
	for i := range m.Sectors {
		out[i] = m.Sectors[i].ID
	}
	return out
}

// exit returns the link out of sector id through d, if there is one.
func (m *Map) exit(id string, d Dir) (Link, bool) {
	s := m.Sector(id)
	if s == nil {
		return Link{}, false
	}
	l, ok := s.Exits[d]
	return l, ok
}

// A MapError is a fault in Map data: Where names the Sector or Creature, and
// Problem says what is wrong in a player's words.
type MapError struct {
	Where   string
	Problem string
}

func (e *MapError) Error() string { return e.Where + ": " + e.Problem }

// MapErrors is every fault found in one Map, so a player can fix them all at
// once.
type MapErrors []*MapError

func (es MapErrors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "; ")
}

// Validate (which also builds the Sector lookup index) checks the Map
// against the data rules (spec §8 V31, and the parts
// of V16 and V28 a Map on its own can break): unique Sector ids, exactly two
// Levels, symmetric links that agree on Doors and Blocked tokens, exactly two
// sets of Stairs each joining Level 1 to Level 2 with one colour, Creatures
// in existing Sectors within the Level and token limits, at most one Danger
// token per Sector and eight per Level, and the Hero in a Revealed Sector.
func (m *Map) Validate(cfg Config) error {
	var errs MapErrors
	bad := func(where, format string, args ...any) {
		errs = append(errs, &MapError{Where: where, Problem: fmt.Sprintf(format, args...)})
	}
	if len(m.Sectors) == 0 {
		return MapErrors{{Where: "map", Problem: "has no Sectors"}}
	}
	seen := map[string]bool{}
	levels := map[int]bool{}
	for i := range m.Sectors {
		s := &m.Sectors[i]
		where := fmt.Sprintf("sector %q", s.ID)
		if s.ID == "" {
			bad(fmt.Sprintf("sector number %d", i+1), "has no id")
			continue
		}
		if seen[s.ID] {
			bad(where, "the id is used by more than one Sector")
		}
		seen[s.ID] = true
		if s.Level != 1 && s.Level != 2 {
			bad(where, "level is %d, but the Map has only Levels 1 and 2", s.Level)
		}
		levels[s.Level] = true
		if s.Shape != "" && !contains(shapes, s.Shape) {
			bad(where, "shape %q is not one of %s", s.Shape, strings.Join(shapes, ", "))
		}
	}
	m.buildIndex()
	if !levels[1] || !levels[2] {
		bad("map", "must have Sectors on both Level 1 and Level 2")
	}
	colours := map[string][]string{}
	for i := range m.Sectors {
		s := &m.Sectors[i]
		where := fmt.Sprintf("sector %q", s.ID)
		for _, d := range sortedDirs(s.Exits) {
			l := s.Exits[d]
			w := fmt.Sprintf("%s exit %s", where, d)
			if !d.Valid() {
				bad(w, "is not an exit; use N, E, S, W or STAIRS")
				continue
			}
			t := m.Sector(l.To)
			if t == nil {
				bad(w, "leads to %q, which is not a Sector of this Map", l.To)
				continue
			}
			if l.To == s.ID {
				bad(w, "leads back into the same Sector")
				continue
			}
			if l.Blocked && !l.Door {
				bad(w, "is Blocked but has no Door; only Doors can be Blocked")
			}
			if d == Stairs {
				if l.Door {
					bad(w, "Stairs cannot have a Door")
				}
				if t.Level == s.Level {
					bad(w, "Stairs must lead to the other Level, but %q is on Level %d too", l.To, t.Level)
				}
			} else if t.Level != s.Level {
				bad(w, "leads to %q on Level %d; only Stairs join the two Levels", l.To, t.Level)
			}
			back, ok := t.Exits[d.Opposite()]
			switch {
			case !ok || back.To != s.ID:
				bad(w, "leads to %q, but %q has no exit %s back to %q (links must go both ways)", l.To, l.To, d.Opposite(), s.ID)
			case back.Door != l.Door:
				bad(w, "has a Door on one side only; %q exit %s disagrees (a Door belongs to both Sectors)", l.To, d.Opposite())
			case back.Blocked != l.Blocked:
				bad(w, "is Blocked on one side only; %q exit %s disagrees (the Blocked token is on both)", l.To, d.Opposite())
			}
		}
		_, hasStairs := s.Exits[Stairs]
		switch {
		case s.StairsColour != "" && !hasStairs:
			bad(where, "has %s Stairs but no STAIRS exit", s.StairsColour)
		case s.StairsColour == "" && hasStairs:
			bad(where, "has a STAIRS exit but no Stairs colour")
		case s.StairsColour != "":
			colours[s.StairsColour] = append(colours[s.StairsColour], s.ID)
			if t := m.Sector(s.Exits[Stairs].To); t != nil && t.StairsColour != s.StairsColour {
				bad(where, "its %s Stairs lead to %q, whose Stairs are %q; both ends of a set share a colour", s.StairsColour, t.ID, t.StairsColour)
			}
		}
	}
	if len(colours) != 2 {
		bad("map", "must have exactly 2 sets of Stairs of different colours, found %d", len(colours))
	}
	for _, c := range sortedKeys(colours) {
		if ids := colours[c]; len(ids) != 2 {
			bad(fmt.Sprintf("%s Stairs", c), "a set of Stairs joins exactly 2 Sectors, found %d (%s)", len(ids), strings.Join(ids, ", "))
		}
	}
	for lv := 1; lv <= 2; lv++ {
		if n := m.DangerOnLevel(lv); n > MaxDangerPerLevel {
			bad(fmt.Sprintf("level %d", lv), "has %d Danger tokens; at most %d per Level", n, MaxDangerPerLevel)
		}
	}
	h := m.Sector(m.Hero)
	switch {
	case m.Hero == "":
		bad("hero", "the Hero token is not on the Map")
	case h == nil:
		bad("hero", "stands in %q, which is not a Sector of this Map", m.Hero)
	case !h.Revealed:
		bad("hero", "stands in %q, which is not Revealed; the Hero's Sector is always on the Labyrinth", m.Hero)
	}
	ids := map[string]bool{}
	perType := map[CreatureType]int{}
	for i := range m.Creatures {
		c := &m.Creatures[i]
		where := fmt.Sprintf("creature %q", c.ID)
		if c.ID == "" {
			where = fmt.Sprintf("creature number %d", i+1)
			bad(where, "has no id")
		} else if ids[c.ID] {
			bad(where, "the id is used by more than one Creature")
		}
		ids[c.ID] = true
		if !c.Type.Valid() {
			bad(where, "type %q is not one of spore, parasite, cultist, hybrid, worm, boss", c.Type)
		}
		if c.Type == Boss {
			if c.Boss == nil {
				bad(where, "is a Boss but its stats from the Mission card are missing")
			} else if err := c.Boss.validate(); err != nil {
				bad(where, "%v", err)
			}
		} else if c.Boss != nil {
			bad(where, "has Boss stats but is a %s", c.Type)
		}
		perType[c.Type]++
		s := m.Sector(c.Sector)
		if s == nil {
			bad(where, "stands in %q, which is not a Sector of this Map", c.Sector)
			continue
		}
		if c.Revealed != s.Revealed {
			if s.Revealed {
				bad(where, "is Unrevealed but stands in the Revealed Sector %q; a Revealed Sector shows every Creature in it", s.ID)
			} else {
				bad(where, "is Revealed but stands in the Unrevealed Sector %q", s.ID)
			}
		}
	}
	for lv := 1; lv <= 2; lv++ {
		if n := m.CreaturesOnLevel(lv); n > cfg.levelLimit() {
			bad(fmt.Sprintf("level %d", lv), "has %d Creatures; at most %d per Level", n, cfg.levelLimit())
		}
	}
	for _, t := range CreatureTypes {
		if n, max := perType[t], cfg.tokens(t); n > max {
			bad(fmt.Sprintf("%s tokens", t), "%d on the Map, but there are only %d tokens", n, max)
		}
	}
	if errs != nil {
		return errs
	}
	return nil
}

func sortedDirs(m map[Dir]Link) []Dir {
	out := make([]Dir, 0, len(m))
	for _, d := range allDirs {
		if _, ok := m[d]; ok {
			out = append(out, d)
		}
	}
	var odd []Dir
	for d := range m {
		if !d.Valid() {
			odd = append(odd, d)
		}
	}
	sort.Slice(odd, func(i, j int) bool { return odd[i] < odd[j] })
	return append(out, odd...)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
