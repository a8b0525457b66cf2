package content

import (
	"fmt"
	"strings"
)

// Map is a mission's board model (spec §3.2, map mode): its areas grouped
// into rooms and tiles, the edges between areas (open, or through a door),
// the doors, and the tokens set out at the start.
type Map struct {
	MissionID string `json:"missionId,omitempty"`
	Areas     []Area `json:"areas"`
	Edges     []Edge `json:"edges"`
	Doors     []Door `json:"doors,omitempty"`
	// SightLines are the straight lines (in one of the 4 cardinal
	// directions) along which areas can see each other: each is the
	// ordered list of area ids the line passes through, with consecutive
	// areas joined by an edge. Two areas on one line see each other if
	// nothing between them blocks. A map without sight lines is played in
	// assisted mode: the players answer line-of-sight questions.
	SightLines  [][]string   `json:"sightLines,omitempty"`
	SpawnTokens []SpawnToken `json:"spawnTokens,omitempty"`
	GuardPoints []string     `json:"guardPoints,omitempty"`
	Barracks    []Barracks   `json:"barracks,omitempty"`
	Features    []Feature    `json:"roomFeatures,omitempty"`
	Entrances   []string     `json:"entrances,omitempty"`
	Exits       []string     `json:"exits,omitempty"`
}

// Area is the basic space for movement and range. Room is the walled
// room/corridor it belongs to; Tile is the board tile (optional: effects
// "on the same tile" only apply between areas whose tiles are both given).
type Area struct {
	ID       string `json:"id"`
	Room     string `json:"room"`
	Tile     string `json:"tile,omitempty"`
	Corridor bool   `json:"corridor,omitempty"`
	// Cells are the squares of the map editor's grid the area covers
	// (layout.go): how the map is drawn, and where its walls and straight
	// lines of sight run. A map entered without the editor has none.
	Cells []Cell `json:"cells,omitempty"`
}

// Edge joins two adjacent areas: open (same room, across a yellow-and-black
// line) or through a door (Door names it).
type Edge struct {
	A    string `json:"a"`
	B    string `json:"b"`
	Door string `json:"door,omitempty"`
}

// Door is a door token. State is how it stands at the start of the mission.
type Door struct {
	ID        string    `json:"id"`
	State     DoorState `json:"state"`
	Exit      bool      `json:"exit,omitempty"`
	NoiseDice int       `json:"noiseDice,omitempty"`
}

// SpawnToken is a spawn token. Icons is empty while it lies face down.
type SpawnToken struct {
	ID    string  `json:"id"`
	Area  string  `json:"area"`
	Icons []Level `json:"icons,omitempty"`
}

// Barracks is a barracks token: its letter and the area its arrow points at.
type Barracks struct {
	Letter string `json:"letter"`
	Target string `json:"target"`
}

// Feature is a room-feature slot.
type Feature struct {
	ID   string `json:"id"`
	Area string `json:"area"`
	Type string `json:"type,omitempty"`
}

// Area returns the area with the id, or nil.
func (m *Map) Area(id string) *Area {
	for i := range m.Areas {
		if m.Areas[i].ID == id {
			return &m.Areas[i]
		}
	}
	return nil
}

// Door returns the door with the id, or nil.
func (m *Map) Door(id string) *Door {
	for i := range m.Doors {
		if m.Doors[i].ID == id {
			return &m.Doors[i]
		}
	}
	return nil
}

// Validate checks the board model is consistent: every id known and
// unique, rooms joined only through doors, every door on exactly one edge,
// sight lines running through adjacent areas, tokens on real areas.
func (m *Map) Validate() error {
	if len(m.Areas) == 0 {
		return fmt.Errorf("map: it has no areas")
	}
	areas := map[string]*Area{}
	for i := range m.Areas {
		a := &m.Areas[i]
		if strings.TrimSpace(a.ID) == "" {
			return fmt.Errorf("map: area %d has no id", i+1)
		}
		if areas[a.ID] != nil {
			return fmt.Errorf("map: area id %q is used twice", a.ID)
		}
		if strings.TrimSpace(a.Room) == "" {
			return fmt.Errorf("map: area %s does not say which room or corridor it is in", a.ID)
		}
		areas[a.ID] = a
	}
	doors := map[string]*Door{}
	for i := range m.Doors {
		d := &m.Doors[i]
		if strings.TrimSpace(d.ID) == "" {
			return fmt.Errorf("map: door %d has no id", i+1)
		}
		if doors[d.ID] != nil {
			return fmt.Errorf("map: door id %q is used twice", d.ID)
		}
		if !d.State.Valid() {
			return fmt.Errorf("map: door %s: state %q is not locked, closed or open", d.ID, d.State)
		}
		if d.NoiseDice < 0 {
			return fmt.Errorf("map: door %s: noise dice must be 0 or more", d.ID)
		}
		doors[d.ID] = d
	}
	doorUsed := map[string]int{}
	pairs := map[[2]string]bool{}
	for i, e := range m.Edges {
		where := fmt.Sprintf("map: edge %d (%s–%s)", i+1, e.A, e.B)
		if areas[e.A] == nil || areas[e.B] == nil {
			missing := e.A
			if areas[e.A] != nil {
				missing = e.B
			}
			return fmt.Errorf("%s: area %q is not on the map", where, missing)
		}
		if e.A == e.B {
			return fmt.Errorf("%s: an edge must join two different areas", where)
		}
		key := [2]string{e.A, e.B}
		if e.B < e.A {
			key = [2]string{e.B, e.A}
		}
		if pairs[key] {
			return fmt.Errorf("%s: these two areas are already joined by another edge", where)
		}
		pairs[key] = true
		if e.Door == "" {
			if areas[e.A].Room != areas[e.B].Room {
				return fmt.Errorf("%s: the areas are in different rooms (%s, %s), and rooms connect only through doors", where, areas[e.A].Room, areas[e.B].Room)
			}
			continue
		}
		if doors[e.Door] == nil {
			return fmt.Errorf("%s: door %q is not in the door list", where, e.Door)
		}
		doorUsed[e.Door]++
		if doorUsed[e.Door] > 1 {
			return fmt.Errorf("%s: door %s already sits on another edge", where, e.Door)
		}
	}
	for _, d := range m.Doors {
		if doorUsed[d.ID] == 0 {
			return fmt.Errorf("map: door %s is on no edge; say which two areas it joins", d.ID)
		}
	}
	for i, line := range m.SightLines {
		if len(line) < 2 {
			return fmt.Errorf("map: sight line %d needs at least two areas", i+1)
		}
		seen := map[string]bool{}
		for j, id := range line {
			if areas[id] == nil {
				return fmt.Errorf("map: sight line %d, position %d: area %q is not on the map", i+1, j+1, id)
			}
			if seen[id] {
				return fmt.Errorf("map: sight line %d passes through area %s twice", i+1, id)
			}
			seen[id] = true
			if j > 0 {
				a, b := line[j-1], id
				key := [2]string{a, b}
				if b < a {
					key = [2]string{b, a}
				}
				if !pairs[key] {
					return fmt.Errorf("map: sight line %d goes from %s to %s, but no edge joins them (a wall blocks sight)", i+1, a, b)
				}
			}
		}
	}
	tokens := map[string]bool{}
	for i, t := range m.SpawnTokens {
		if strings.TrimSpace(t.ID) == "" {
			return fmt.Errorf("map: spawn token %d has no id", i+1)
		}
		if tokens[t.ID] {
			return fmt.Errorf("map: spawn token id %q is used twice", t.ID)
		}
		tokens[t.ID] = true
		if areas[t.Area] == nil {
			return fmt.Errorf("map: spawn token %s: area %q is not on the map", t.ID, t.Area)
		}
		for j, l := range t.Icons {
			if !l.Valid() {
				return fmt.Errorf("map: spawn token %s, icon %d: level %q is not green, orange or red", t.ID, j+1, l)
			}
		}
	}
	for _, g := range m.GuardPoints {
		if areas[g] == nil {
			return fmt.Errorf("map: guard point in area %q, which is not on the map", g)
		}
	}
	for i, b := range m.Barracks {
		if b.Letter != "A" && b.Letter != "B" && b.Letter != "C" {
			return fmt.Errorf("map: barracks %d: letter %q is not A, B or C", i+1, b.Letter)
		}
		if areas[b.Target] == nil {
			return fmt.Errorf("map: barracks %s points at area %q, which is not on the map", b.Letter, b.Target)
		}
	}
	feats := map[string]bool{}
	for i, f := range m.Features {
		if strings.TrimSpace(f.ID) == "" {
			return fmt.Errorf("map: room feature %d has no id", i+1)
		}
		if feats[f.ID] {
			return fmt.Errorf("map: room feature id %q is used twice", f.ID)
		}
		feats[f.ID] = true
		if areas[f.Area] == nil {
			return fmt.Errorf("map: room feature %s: area %q is not on the map", f.ID, f.Area)
		}
	}
	for _, a := range m.Entrances {
		if areas[a] == nil {
			return fmt.Errorf("map: entrance in area %q, which is not on the map", a)
		}
	}
	for _, a := range m.Exits {
		if areas[a] == nil {
			return fmt.Errorf("map: exit in area %q, which is not on the map", a)
		}
	}
	return m.validateLayout()
}
