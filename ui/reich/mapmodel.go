package reich

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/reich/content"
)

// mapModel is a mission map being drawn in the map editor: its areas on
// the grid, the walls and doors between them, and the tokens and marks
// set out at the start. Every change keeps the map one the rules accept:
// areas of one room that touch are joined (an open edge), areas of two
// rooms are walled unless a door joins them, and the straight lines of
// sight follow from the drawing (content.Map.LayoutSightLines).
type mapModel struct {
	m content.Map
	// Room is the room new areas go into.
	Room string
	// Selected is the area whose details show, or "".
	Selected string
	// Door is the door whose details show, or "".
	Door string
	// corner is the first corner of a room being drawn.
	corner *content.Cell
	// sameRoomWalls are the pairs of touching areas of one room a wall
	// keeps apart (no edge between them).
	sameRoomWalls [][2]string
}

func newMapModel(m content.Map) *mapModel {
	mm := &mapModel{m: cloneMap(m)}
	if rooms := mm.Rooms(); len(rooms) > 0 {
		mm.Room = rooms[len(rooms)-1]
	}
	for _, p := range mm.m.Touching() {
		if mm.area(p[0]).Room == mm.area(p[1]).Room && mm.m.EdgeBetween(p[0], p[1]) == nil {
			mm.sameRoomWalls = append(mm.sameRoomWalls, p)
		}
	}
	return mm
}

func cloneMap(m content.Map) content.Map {
	out := m
	out.Areas = make([]content.Area, len(m.Areas))
	for i, a := range m.Areas {
		out.Areas[i] = a
		out.Areas[i].Cells = slices.Clone(a.Cells)
	}
	out.Edges = slices.Clone(m.Edges)
	out.Doors = slices.Clone(m.Doors)
	out.SpawnTokens = make([]content.SpawnToken, len(m.SpawnTokens))
	for i, t := range m.SpawnTokens {
		out.SpawnTokens[i] = t
		out.SpawnTokens[i].Icons = slices.Clone(t.Icons)
	}
	out.GuardPoints = slices.Clone(m.GuardPoints)
	out.Barracks = slices.Clone(m.Barracks)
	out.Features = slices.Clone(m.Features)
	out.Entrances = slices.Clone(m.Entrances)
	out.Exits = slices.Clone(m.Exits)
	out.SightLines = nil
	return out
}

// Map is the drawn map, with its lines of sight, ready to save.
func (mm *mapModel) Map() content.Map {
	out := cloneMap(mm.m)
	if out.HasLayout() {
		out.SightLines = out.LayoutSightLines()
	} else {
		out.SightLines = mm.m.SightLines
	}
	return out
}

// Rooms lists the rooms in the order they were made.
func (mm *mapModel) Rooms() []string {
	var out []string
	for _, a := range mm.m.Areas {
		if !slices.Contains(out, a.Room) {
			out = append(out, a.Room)
		}
	}
	if mm.Room != "" && !slices.Contains(out, mm.Room) {
		out = append(out, mm.Room)
	}
	return out
}

// NewRoom starts a room and makes it the one new areas go into.
func (mm *mapModel) NewRoom() string {
	taken := func(r string) bool { return slices.Contains(mm.Rooms(), r) }
	mm.Room = nextID("Room ", taken)
	return mm.Room
}

func (mm *mapModel) area(id string) *content.Area { return mm.m.Area(id) }

func (mm *mapModel) owner(c content.Cell) string { return mm.m.Owners()[c] }

func (mm *mapModel) freeAreaID() string {
	return nextID("A", func(id string) bool { return mm.area(id) != nil })
}

// rejoin makes the edges follow the drawing: areas of one room that touch
// are joined; an edge between areas that no longer touch, or an open edge
// between two rooms, goes (with its door).
func (mm *mapModel) rejoin() {
	touch := map[[2]string]bool{}
	for _, p := range mm.m.Touching() {
		touch[p] = true
	}
	var keep []content.Edge
	have := map[[2]string]bool{}
	walls := mm.walls()
	for _, e := range mm.m.Edges {
		k := content.PairKey(e.A, e.B)
		a, b := mm.area(e.A), mm.area(e.B)
		if a == nil || b == nil || !touch[k] || (e.Door == "" && a.Room != b.Room) {
			continue
		}
		keep = append(keep, e)
		have[k] = true
	}
	for k := range touch {
		if have[k] || walls[k] {
			continue
		}
		if mm.area(k[0]).Room == mm.area(k[1]).Room {
			keep = append(keep, content.Edge{A: k[0], B: k[1]})
		}
	}
	slices.SortFunc(keep, func(x, y content.Edge) int {
		return strings.Compare(x.A+"\x00"+x.B, y.A+"\x00"+y.B)
	})
	mm.m.Edges = keep
	// Doors on no edge go.
	mm.m.Doors = slices.DeleteFunc(mm.m.Doors, func(d content.Door) bool {
		return !slices.ContainsFunc(mm.m.Edges, func(e content.Edge) bool { return e.Door == d.ID })
	})
	if mm.Door != "" && mm.m.Door(mm.Door) == nil {
		mm.Door = ""
	}
}

// walls are the pairs of touching areas of one room that a wall keeps
// apart: they were touching and had no edge before this change.
func (mm *mapModel) walls() map[[2]string]bool {
	out := map[[2]string]bool{}
	for _, k := range mm.sameRoomWalls {
		out[k] = true
	}
	return out
}

// NewArea puts a new one-square area of the current room on an empty
// square and selects it.
func (mm *mapModel) NewArea(c content.Cell) error {
	if err := mm.onGrid(c); err != nil {
		return err
	}
	if id := mm.owner(c); id != "" {
		mm.Select(id)
		return nil
	}
	if mm.Room == "" {
		mm.NewRoom()
	}
	id := mm.freeAreaID()
	corridor := false
	for _, a := range mm.m.Areas {
		if a.Room == mm.Room {
			corridor = a.Corridor
		}
	}
	mm.m.Areas = append(mm.m.Areas, content.Area{ID: id, Room: mm.Room, Corridor: corridor, Cells: []content.Cell{c}})
	mm.normalize()
	mm.rejoin()
	mm.Selected = id
	return nil
}

// onGrid checks the map would still fit the grid with c drawn (squares
// left of or above the map are fine: normalize moves the drawing over).
func (mm *mapModel) onGrid(c content.Cell) error {
	x0, y0, x1, y1 := c.X, c.Y, c.X, c.Y
	for _, a := range mm.m.Areas {
		for _, x := range a.Cells {
			x0, y0, x1, y1 = min(x0, x.X), min(y0, x.Y), max(x1, x.X), max(y1, x.Y)
		}
	}
	if x1-x0 >= content.MaxGrid || y1-y0 >= content.MaxGrid {
		return fmt.Errorf("the map would be more than %d squares across", content.MaxGrid)
	}
	return nil
}

// normalize moves the drawing so its first column and row are 0.
func (mm *mapModel) normalize() {
	first := true
	var x0, y0 int
	for _, a := range mm.m.Areas {
		for _, c := range a.Cells {
			if first || c.X < x0 {
				x0 = c.X
			}
			if first || c.Y < y0 {
				y0 = c.Y
			}
			first = false
		}
	}
	if first || (x0 == 0 && y0 == 0) {
		return
	}
	for i := range mm.m.Areas {
		for j := range mm.m.Areas[i].Cells {
			mm.m.Areas[i].Cells[j].X -= x0
			mm.m.Areas[i].Cells[j].Y -= y0
		}
	}
	if mm.corner != nil {
		mm.corner.X -= x0
		mm.corner.Y -= y0
	}
}

// Corner is a tap of the room tool: the first tap marks a corner, the
// second fills the rectangle's empty squares with a new room, one area a
// square. It reports whether a room was made.
func (mm *mapModel) Corner(c content.Cell) (bool, error) {
	if err := mm.onGrid(c); err != nil {
		return false, err
	}
	if mm.corner == nil {
		if id := mm.owner(c); id != "" {
			mm.Select(id)
			return false, nil
		}
		cc := c
		mm.corner = &cc
		return false, nil
	}
	a := *mm.corner
	mm.corner = nil
	x0, x1 := min(a.X, c.X), max(a.X, c.X)
	y0, y1 := min(a.Y, c.Y), max(a.Y, c.Y)
	if (x1-x0+1)*(y1-y0+1) > 64 {
		return false, fmt.Errorf("a room of more than 64 squares: tap two nearer corners")
	}
	own := mm.m.Owners()
	var free []content.Cell
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if own[content.Cell{X: x, Y: y}] == "" {
				free = append(free, content.Cell{X: x, Y: y})
			}
		}
	}
	if len(free) == 0 {
		return false, fmt.Errorf("every square there is already drawn")
	}
	if err := mm.onGrid(a); err != nil {
		return false, err
	}
	mm.NewRoom()
	for _, cell := range free {
		id := mm.freeAreaID()
		mm.m.Areas = append(mm.m.Areas, content.Area{ID: id, Room: mm.Room, Cells: []content.Cell{cell}})
		mm.Selected = id
	}
	mm.normalize()
	mm.rejoin()
	return true, nil
}

// Corner1 is the first corner marked, if any.
func (mm *mapModel) Corner1() *content.Cell { return mm.corner }

// Widen adds an empty square next to the selected area to it, or takes
// one of its squares off it.
func (mm *mapModel) Widen(c content.Cell) error {
	a := mm.area(mm.Selected)
	if a == nil {
		if id := mm.owner(c); id != "" {
			mm.Select(id)
			return nil
		}
		return fmt.Errorf("tap an area first, then the squares to add to it")
	}
	switch id := mm.owner(c); {
	case id == a.ID:
		if len(a.Cells) == 1 {
			return fmt.Errorf("an area keeps at least one square; erase it instead")
		}
		rest := slices.DeleteFunc(slices.Clone(a.Cells), func(x content.Cell) bool { return x == c })
		if !cellsJoined(rest) {
			return fmt.Errorf("taking that square off would cut %s in two", a.ID)
		}
		a.Cells = rest
	case id != "":
		mm.Select(id)
		return nil
	default:
		if err := mm.onGrid(c); err != nil {
			return err
		}
		next := false
		for _, x := range a.Cells {
			for _, s := range content.Sides {
				if x.Neighbour(s) == c {
					next = true
				}
			}
		}
		if !next {
			return fmt.Errorf("%s can only grow onto a square beside it", a.ID)
		}
		a.Cells = append(a.Cells, c)
	}
	mm.normalize()
	mm.rejoin()
	return nil
}

func cellsJoined(cells []content.Cell) bool {
	m := content.Map{Areas: []content.Area{{ID: "x", Room: "x", Cells: cells}}}
	return m.Validate() == nil
}

// Erase takes a square off the map: its area loses it, or goes with
// everything on it when it was its last square.
func (mm *mapModel) Erase(c content.Cell) error {
	id := mm.owner(c)
	if id == "" {
		return nil
	}
	a := mm.area(id)
	if len(a.Cells) > 1 {
		rest := slices.DeleteFunc(slices.Clone(a.Cells), func(x content.Cell) bool { return x == c })
		if !cellsJoined(rest) {
			return fmt.Errorf("erasing that square would cut %s in two", id)
		}
		a.Cells = rest
		mm.normalize()
		mm.rejoin()
		return nil
	}
	mm.m.Areas = slices.DeleteFunc(mm.m.Areas, func(x content.Area) bool { return x.ID == id })
	mm.m.SpawnTokens = slices.DeleteFunc(mm.m.SpawnTokens, func(t content.SpawnToken) bool { return t.Area == id })
	mm.m.Features = slices.DeleteFunc(mm.m.Features, func(f content.Feature) bool { return f.Area == id })
	mm.m.Barracks = slices.DeleteFunc(mm.m.Barracks, func(b content.Barracks) bool { return b.Target == id })
	for _, l := range []*[]string{&mm.m.GuardPoints, &mm.m.Entrances, &mm.m.Exits} {
		*l = slices.DeleteFunc(*l, func(x string) bool { return x == id })
	}
	if mm.Selected == id {
		mm.Selected = ""
	}
	mm.normalize()
	mm.rejoin()
	return nil
}

// Select shows an area's details.
func (mm *mapModel) Select(id string) {
	mm.Selected, mm.Door = id, ""
	if a := mm.area(id); a != nil {
		mm.Room = a.Room
	}
}

// Side is a tap of the walls-and-doors tool on a side of a square: the
// edge between the two areas there goes to its next state. Inside a room:
// open, then a wall. Between rooms: a wall, a closed door, a locked door,
// an open door, a wall again. It returns what the side is now, in words.
func (mm *mapModel) Side(c content.Cell, s content.Side) (string, error) {
	a, b := mm.owner(c), mm.owner(c.Neighbour(s))
	if a == "" || b == "" {
		return "", fmt.Errorf("tap the side between two areas")
	}
	if a == b {
		return "", fmt.Errorf("both sides of that line are area %s", a)
	}
	k := content.PairKey(a, b)
	same := mm.area(a).Room == mm.area(b).Room
	e := mm.m.EdgeBetween(a, b)
	switch {
	case same && e != nil && e.Door == "":
		mm.sameRoomWalls = append(mm.sameRoomWalls, k)
		mm.removeEdge(k)
		return "a wall", nil
	case same && e == nil:
		mm.sameRoomWalls = slices.DeleteFunc(mm.sameRoomWalls, func(x [2]string) bool { return x == k })
		mm.m.Edges = append(mm.m.Edges, content.Edge{A: k[0], B: k[1]})
		return "open (one room)", nil
	case e == nil:
		id := nextID("D", func(id string) bool { return mm.m.Door(id) != nil })
		mm.m.Doors = append(mm.m.Doors, content.Door{ID: id, State: content.Closed})
		mm.m.Edges = append(mm.m.Edges, content.Edge{A: k[0], B: k[1], Door: id})
		mm.Door, mm.Selected = id, ""
		return "door " + id + ", closed", nil
	}
	d := mm.m.Door(e.Door)
	switch {
	case d == nil:
		mm.removeEdge(k)
		return "a wall", nil
	case d.State == content.Closed:
		d.State = content.Locked
	case d.State == content.Locked:
		d.State = content.Open
	default:
		mm.removeEdge(k)
		return "a wall", nil
	}
	mm.Door, mm.Selected = d.ID, ""
	return fmt.Sprintf("door %s, %s", d.ID, d.State), nil
}

func (mm *mapModel) removeEdge(k [2]string) {
	mm.m.Edges = slices.DeleteFunc(mm.m.Edges, func(e content.Edge) bool { return content.PairKey(e.A, e.B) == k })
	mm.rejoin()
}

// AddToken puts a face-down spawn token in an area.
func (mm *mapModel) AddToken(area string) string {
	id := nextID("T", func(id string) bool {
		return slices.ContainsFunc(mm.m.SpawnTokens, func(t content.SpawnToken) bool { return t.ID == id })
	})
	mm.m.SpawnTokens = append(mm.m.SpawnTokens, content.SpawnToken{ID: id, Area: area})
	return id
}

// RemoveToken takes a spawn token off.
func (mm *mapModel) RemoveToken(id string) {
	mm.m.SpawnTokens = slices.DeleteFunc(mm.m.SpawnTokens, func(t content.SpawnToken) bool { return t.ID == id })
}

// SetTokenIcons sets a token's icons (none: face down).
func (mm *mapModel) SetTokenIcons(id string, icons []content.Level) {
	for i := range mm.m.SpawnTokens {
		if mm.m.SpawnTokens[i].ID == id {
			mm.m.SpawnTokens[i].Icons = slices.Clone(icons)
		}
	}
}

// TokensIn lists the spawn tokens in an area.
func (mm *mapModel) TokensIn(area string) []content.SpawnToken {
	var out []content.SpawnToken
	for _, t := range mm.m.SpawnTokens {
		if t.Area == area {
			out = append(out, t)
		}
	}
	return out
}

// Mark switches an area's mark on or off: "entrance", "exit" or "guard".
func (mm *mapModel) Mark(area, mark string, on bool) {
	l := map[string]*[]string{"entrance": &mm.m.Entrances, "exit": &mm.m.Exits, "guard": &mm.m.GuardPoints}[mark]
	if l == nil {
		return
	}
	*l = slices.DeleteFunc(*l, func(x string) bool { return x == area })
	if on {
		*l = append(*l, area)
	}
}

// Marked reports an area's mark.
func (mm *mapModel) Marked(area, mark string) bool {
	l := map[string][]string{"entrance": mm.m.Entrances, "exit": mm.m.Exits, "guard": mm.m.GuardPoints}[mark]
	return slices.Contains(l, area)
}

// SetBarracks points barracks letter ("" none) at an area: a letter points
// at one area only.
func (mm *mapModel) SetBarracks(area, letter string) {
	mm.m.Barracks = slices.DeleteFunc(mm.m.Barracks, func(b content.Barracks) bool { return b.Target == area || b.Letter == letter })
	if letter != "" {
		mm.m.Barracks = append(mm.m.Barracks, content.Barracks{Letter: letter, Target: area})
		slices.SortFunc(mm.m.Barracks, func(a, b content.Barracks) int { return strings.Compare(a.Letter, b.Letter) })
	}
}

// BarracksAt is the letter of the barracks pointing at an area, or "".
func (mm *mapModel) BarracksAt(area string) string {
	for _, b := range mm.m.Barracks {
		if b.Target == area {
			return b.Letter
		}
	}
	return ""
}

// SetFeature puts a room-feature slot of a type in an area ("" takes it off).
func (mm *mapModel) SetFeature(area, typ string, on bool) {
	mm.m.Features = slices.DeleteFunc(mm.m.Features, func(f content.Feature) bool { return f.Area == area })
	if on {
		id := nextID("F", func(id string) bool {
			return slices.ContainsFunc(mm.m.Features, func(f content.Feature) bool { return f.ID == id })
		})
		mm.m.Features = append(mm.m.Features, content.Feature{ID: id, Area: area, Type: strings.TrimSpace(typ)})
	}
}

// FeatureIn is the room-feature slot in an area, if any.
func (mm *mapModel) FeatureIn(area string) *content.Feature {
	for i := range mm.m.Features {
		if mm.m.Features[i].Area == area {
			return &mm.m.Features[i]
		}
	}
	return nil
}

// Rename gives an area a new id, everywhere it is named.
func (mm *mapModel) Rename(old, id string) error {
	id = strings.TrimSpace(id)
	switch {
	case id == old:
		return nil
	case id == "":
		return fmt.Errorf("an area needs a name")
	case mm.area(id) != nil:
		return fmt.Errorf("another area is called %s", id)
	case mm.area(old) == nil:
		return fmt.Errorf("there is no area %s", old)
	}
	mm.area(old).ID = id
	ren := func(s *string) {
		if *s == old {
			*s = id
		}
	}
	for i := range mm.m.Edges {
		ren(&mm.m.Edges[i].A)
		ren(&mm.m.Edges[i].B)
	}
	for i := range mm.m.SpawnTokens {
		ren(&mm.m.SpawnTokens[i].Area)
	}
	for i := range mm.m.Barracks {
		ren(&mm.m.Barracks[i].Target)
	}
	for i := range mm.m.Features {
		ren(&mm.m.Features[i].Area)
	}
	for _, l := range [][]string{mm.m.GuardPoints, mm.m.Entrances, mm.m.Exits} {
		for i := range l {
			ren(&l[i])
		}
	}
	for i := range mm.sameRoomWalls {
		ren(&mm.sameRoomWalls[i][0])
		ren(&mm.sameRoomWalls[i][1])
		mm.sameRoomWalls[i] = content.PairKey(mm.sameRoomWalls[i][0], mm.sameRoomWalls[i][1])
	}
	ren(&mm.Selected)
	return nil
}

// MoveToRoom puts an area in another room: its edges follow.
func (mm *mapModel) MoveToRoom(area, room string) {
	if a := mm.area(area); a != nil && room != "" {
		a.Room = room
		mm.Room = room
		mm.rejoin()
	}
}

// RenameRoom renames a room.
func (mm *mapModel) RenameRoom(old, name string) error {
	name = strings.TrimSpace(name)
	switch {
	case name == old:
		return nil
	case name == "":
		return fmt.Errorf("a room needs a name")
	case slices.Contains(mm.Rooms(), name):
		return fmt.Errorf("another room is called %s", name)
	}
	for i := range mm.m.Areas {
		if mm.m.Areas[i].Room == old {
			mm.m.Areas[i].Room = name
		}
	}
	if mm.Room == old {
		mm.Room = name
	}
	return nil
}

// SetCorridor marks a whole room as a corridor or not.
func (mm *mapModel) SetCorridor(room string, on bool) {
	for i := range mm.m.Areas {
		if mm.m.Areas[i].Room == room {
			mm.m.Areas[i].Corridor = on
		}
	}
}
