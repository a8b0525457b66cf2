package hex

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// Layout is what a map file holds (FORMAT.md): the map-level fields of
// §2.2, the spaces and the listed walls. NewMap checks it and builds a Map.
type Layout struct {
	MissionID   string      `json:"missionId,omitempty"`
	Title       string      `json:"title,omitempty"`
	Planet      string      `json:"planet,omitempty"`
	Difficulty  int         `json:"difficulty,omitempty"`
	Orientation Orientation `json:"orientation,omitempty"`
	Spaces      []Space     `json:"spaces"`
	Walls       []WallRef   `json:"walls,omitempty"`
}

// WallRef names a wall the way a person writes it: between two spaces
// (A and B, written ["A-1", "A-2"]), or on one side of a space (Space and
// Side, written {"space": "A-1", "side": "NE"}), the form for a wall on
// the map's edge or one drawn where map art covers the grid.
type WallRef struct {
	A, B  string
	Space string
	Side  string
}

// MarshalJSON writes a wall between two spaces as a pair of labels and a
// wall on one side as an object.
func (w WallRef) MarshalJSON() ([]byte, error) {
	if w.Space != "" || w.Side != "" {
		return json.Marshal(struct {
			Space string `json:"space"`
			Side  string `json:"side"`
		}{w.Space, w.Side})
	}
	return json.Marshal([2]string{w.A, w.B})
}

// UnmarshalJSON reads either form.
func (w *WallRef) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '[' {
		var pair []string
		if err := json.Unmarshal(data, &pair); err != nil {
			return errors.New(`a wall between two spaces is a list of two labels, like ["A-1", "A-2"]`)
		}
		if len(pair) != 2 {
			return fmt.Errorf("a wall between two spaces names exactly two labels, not %d", len(pair))
		}
		*w = WallRef{A: pair[0], B: pair[1]}
		return nil
	}
	var side struct {
		Space string `json:"space"`
		Side  string `json:"side"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&side); err != nil {
		return errors.New(`a wall is either ["A-1", "A-2"] or {"space": "A-1", "side": "NE"}: ` + plainJSONError(err, data))
	}
	*w = WallRef{Space: side.Space, Side: side.Side}
	return nil
}

func (w WallRef) String() string {
	if w.Space != "" || w.Side != "" {
		return fmt.Sprintf("%q side %s", w.Space, w.Side)
	}
	return fmt.Sprintf("[%q, %q]", w.A, w.B)
}

// Limits that keep a hostile or mistyped file from costing unbounded memory.
const (
	maxSpaces = 20000
	maxCoord  = 1000
)

// ParseMap reads a map file (FORMAT.md), checks it and builds the Map. An
// error says what is wrong and where, e.g.
// `space "B7": duplicate coordinate (3,-1), already used by "A2"`; when
// several things are wrong, each is on its own line.
func ParseMap(data []byte) (*Map, error) {
	var raw struct {
		MissionID   string            `json:"missionId"`
		Title       string            `json:"title"`
		Planet      string            `json:"planet"`
		Difficulty  int               `json:"difficulty"`
		Orientation string            `json:"orientation"`
		Spaces      []json.RawMessage `json:"spaces"`
		Walls       []json.RawMessage `json:"walls"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, errors.New("map: " + plainJSONError(err, data))
	}
	if dec.More() {
		return nil, errors.New("map: unexpected text after the map's closing brace")
	}
	if raw.Spaces == nil {
		return nil, errors.New(`map: no "spaces" list`)
	}
	if len(raw.Spaces) > maxSpaces {
		return nil, fmt.Errorf("map: %d spaces is more than the %d a map may have", len(raw.Spaces), maxSpaces)
	}
	l := Layout{
		MissionID: raw.MissionID, Title: raw.Title, Planet: raw.Planet,
		Difficulty: raw.Difficulty, Orientation: Orientation(norm(raw.Orientation, "pointy")),
	}
	var errs []error
	for k, rs := range raw.Spaces {
		s, err := decodeSpace(rs)
		if err != nil {
			errs = append(errs, fmt.Errorf("space %d%s: %v", k+1, labelHint(rs), err))
			continue
		}
		l.Spaces = append(l.Spaces, s)
	}
	for k, rw := range raw.Walls {
		var w WallRef
		if err := w.UnmarshalJSON(rw); err != nil {
			errs = append(errs, fmt.Errorf("wall %d: %v", k+1, err))
			continue
		}
		l.Walls = append(l.Walls, w)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return NewMap(l)
}

// labelHint names a space that failed to decode by its label, if it has one.
func labelHint(data []byte) string {
	var s struct {
		Label string `json:"label"`
	}
	if json.Unmarshal(data, &s) == nil && s.Label != "" {
		return fmt.Sprintf(" (%q)", s.Label)
	}
	return ""
}

// decodeSpace reads one space strictly, accepting the spelled-out defaults
// ("none", "normal", "intact", "printed") and any letter case for values.
func decodeSpace(data []byte) (Space, error) {
	var r struct {
		Label          string          `json:"label"`
		Q              *int            `json:"q"`
		R              *int            `json:"r"`
		Terrain        string          `json:"terrain"`
		GapKind        string          `json:"gapKind"`
		Hazard         string          `json:"hazard"`
		HazardSource   string          `json:"hazardSource"`
		Object         string          `json:"object"`
		ObjectState    string          `json:"objectState"`
		Door           string          `json:"door"`
		EntryPoint     bool            `json:"entryPoint"`
		Orb            *rawToken       `json:"orb"`
		Treasure       *rawToken       `json:"treasure"`
		NovaCells      int             `json:"novaCells"`
		PlacementIcons []PlacementIcon `json:"placementIcons"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Space{}, errors.New(plainJSONError(err, data))
	}
	if r.Q == nil || r.R == nil {
		return Space{}, errors.New(`needs both coordinates "q" and "r"`)
	}
	s := Space{
		Label:          r.Label,
		Coord:          Coord{*r.Q, *r.R},
		Terrain:        Terrain(norm(r.Terrain, "normal")),
		GapKind:        GapKind(norm(r.GapKind, "none")),
		Hazard:         Hazard(norm(r.Hazard, "none")),
		HazardSource:   HazardSource(norm(r.HazardSource, "printed")),
		Object:         Object(norm(r.Object, "none")),
		ObjectState:    ObjectState(norm(r.ObjectState, "intact")),
		Door:           Door(norm(r.Door, "none")),
		EntryPoint:     r.EntryPoint,
		NovaCells:      r.NovaCells,
		PlacementIcons: r.PlacementIcons,
	}
	if r.Orb != nil {
		s.Orb = Orb{Kind: TokenKind(norm(r.Orb.Kind, "none")), Number: r.Orb.Number, Active: r.Orb.Active == nil || *r.Orb.Active}
		if r.Orb.Present != nil {
			return Space{}, errors.New(`an orb is "active" or not; "present" is for treasure`)
		}
	}
	if r.Treasure != nil {
		s.Treasure = Treasure{Kind: TokenKind(norm(r.Treasure.Kind, "none")), Number: r.Treasure.Number, Present: r.Treasure.Present == nil || *r.Treasure.Present}
		if r.Treasure.Active != nil {
			return Space{}, errors.New(`a treasure is "present" or not; "active" is for orbs`)
		}
	}
	return s, nil
}

// rawToken is an orb or treasure as written; a missing "active" or
// "present" means the token is there face up, as at the mission's start.
type rawToken struct {
	Kind    string `json:"kind"`
	Number  int    `json:"number"`
	Active  *bool  `json:"active"`
	Present *bool  `json:"present"`
}

// norm lower-cases an enumerated value and maps its spelled-out default to
// the empty zero value.
func norm(v, zero string) string {
	v = strings.ToLower(strings.TrimSpace(v))
	if v == zero || v == "none" {
		return ""
	}
	return v
}

// plainJSONError turns encoding/json's messages into words about the file.
func plainJSONError(err error, data []byte) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		// Offset counts the offending byte itself; point at it.
		line, col := lineCol(data, syn.Offset-1)
		return fmt.Sprintf("not valid JSON at line %d, column %d: %s", line, col, strings.TrimPrefix(syn.Error(), "json: "))
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return fmt.Sprintf("expected %s, found %s", kindWords(typ.Type), foundWords(typ.Value))
		}
		return fmt.Sprintf("%q should be %s, not %s", field, kindWords(typ.Type), foundWords(typ.Value))
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return "the JSON ends too early"
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if f, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return "unknown field " + f + " (see FORMAT.md for the fields a map file may have)"
	}
	return msg
}

// foundWords says what encoding/json found ("array", "number -1") in
// words ("a list", "the number -1").
func foundWords(v string) string {
	switch {
	case v == "array":
		return "a list"
	case v == "object":
		return "an object (a group of named fields)"
	case v == "string":
		return "text"
	case v == "bool":
		return "true or false"
	case v == "number":
		return "a number"
	case strings.HasPrefix(v, "number "):
		return "the " + v
	}
	return v
}

func kindWords(t reflect.Type) string {
	if t == nil {
		return "a value"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.String:
		return "text in quotes"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Pointer:
		return kindWords(t.Elem())
	}
	return t.String()
}

func lineCol(data []byte, off int64) (int, int) {
	off = max(0, min(off, int64(len(data))))
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

// NewMap checks a layout and builds its Map: unique labels and positions,
// known values for every field, fields that go together (a gap kind only on
// a gap, an object state only on a destructible object), an object, a closed
// door and a gap never on one space (V-02), entry points on spaces a figure
// can stand on, and walls only on real edges of existing spaces.
func NewMap(l Layout) (*Map, error) {
	var errs []error
	bad := func(format string, args ...any) {
		if len(errs) < 50 {
			errs = append(errs, fmt.Errorf(format, args...))
		}
	}
	switch l.Orientation {
	case Pointy, Flat:
	default:
		bad("map: orientation %q is neither pointy nor flat", l.Orientation)
	}
	planet := l.Planet
	switch strings.ToLower(planet) {
	case "", "none":
		planet = ""
	case "berkav":
		planet = "Berkav"
	case "thespara":
		planet = "Thespara"
	case "orbos":
		planet = "Orbos"
	default:
		bad("map: planet %q is not Berkav, Thespara, Orbos or none", l.Planet)
	}
	if l.Difficulty < 0 {
		bad("map: difficulty %d is below zero", l.Difficulty)
	}
	if len(l.Spaces) == 0 {
		bad("map: it has no spaces")
	}
	if len(l.Spaces) > maxSpaces {
		return nil, fmt.Errorf("map: %d spaces is more than the %d a map may have", len(l.Spaces), maxSpaces)
	}
	labels := map[string]int{}
	coords := map[Coord]int{}
	for k := range l.Spaces {
		s := &l.Spaces[k]
		where := fmt.Sprintf("space %q", s.Label)
		if strings.TrimSpace(s.Label) == "" {
			where = fmt.Sprintf("space %d", k+1)
			bad("%s at %v: no label", where, s.Coord)
		} else if j, dup := labels[s.Label]; dup {
			bad("%s: label used twice (spaces %d and %d)", where, j+1, k+1)
		} else {
			labels[s.Label] = k
		}
		if abs(s.Q) > maxCoord || abs(s.R) > maxCoord {
			bad("%s: coordinate %v is too far out (q and r must be within ±%d)", where, s.Coord, maxCoord)
			continue
		}
		if j, dup := coords[s.Coord]; dup {
			bad("%s: duplicate coordinate %v, already used by %q", where, s.Coord, l.Spaces[j].Label)
		} else {
			coords[s.Coord] = k
		}
		checkSpace(s, where, bad)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	m := &Map{MissionID: l.MissionID, Title: l.Title, Planet: planet, Difficulty: l.Difficulty, Orientation: l.Orientation}
	m.spaces = append([]Space(nil), l.Spaces...)
	for k := range m.spaces {
		m.spaces[k].PlacementIcons = append([]PlacementIcon(nil), m.spaces[k].PlacementIcons...)
	}
	seen := map[[2]int]bool{}
	names := pointyDirNames
	if l.Orientation == Flat {
		names = flatDirNames
	}
	for k, w := range l.Walls {
		where := fmt.Sprintf("wall %d %v", k+1, w)
		var a int
		var side Dir
		if w.Space != "" || w.Side != "" {
			if w.A != "" || w.B != "" {
				bad("%s: give either two labels or a space and a side, not both", where)
				continue
			}
			i, ok := labels[w.Space]
			if !ok {
				bad("%s: no space is labelled %q", where, w.Space)
				continue
			}
			d, ok := parseSide(w.Side, names)
			if !ok {
				bad("%s: side %q is not one of %s", where, w.Side, strings.Join(names[:], ", "))
				continue
			}
			a, side = i, d
		} else {
			i, ok1 := labels[w.A]
			j, ok2 := labels[w.B]
			if !ok1 {
				bad("%s: no space is labelled %q", where, w.A)
			}
			if !ok2 && w.B != w.A {
				bad("%s: no space is labelled %q", where, w.B)
			}
			if !ok1 || !ok2 {
				continue
			}
			if i == j {
				bad("%s: a wall needs two different spaces", where)
				continue
			}
			found := false
			for d := range 6 {
				if m.spaces[i].Neighbor(Dir(d)) == m.spaces[j].Coord {
					a, side, found = i, Dir(d), true
				}
			}
			if !found {
				bad("%s: %q %v and %q %v are not next to each other", where, w.A, m.spaces[i].Coord, w.B, m.spaces[j].Coord)
				continue
			}
		}
		other := -1
		if j, ok := coords[m.spaces[a].Neighbor(side)]; ok {
			other = j
			if side >= 3 { // one spelling per edge: from the side NE, E or SE
				a, other, side = j, a, side.Opposite()
			}
		}
		key := [2]int{a, int(side)}
		if seen[key] {
			continue // the same wall written twice, perhaps in both spellings
		}
		seen[key] = true
		m.walls = append(m.walls, Wall{Space: a, Side: side, Other: other})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	m.index()
	m.derive()
	return m, nil
}

func parseSide(s string, names [6]string) (Dir, bool) {
	for d, n := range names {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Dir(d), true
		}
	}
	return 0, false
}

// checkSpace checks one space's own fields.
func checkSpace(s *Space, where string, bad func(string, ...any)) {
	switch s.Terrain {
	case Normal, Difficult, Gap:
	default:
		bad("%s: terrain %q is not normal, difficult or gap", where, s.Terrain)
	}
	switch s.GapKind {
	case NoGapKind:
	case Lava, Water, OtherGap:
		if s.Terrain != Gap {
			bad("%s: gapKind %q on a space whose terrain is not gap", where, s.GapKind)
		}
	default:
		bad("%s: gapKind %q is not lava, water or other", where, s.GapKind)
	}
	switch s.Hazard {
	case NoHazard, Fire, Poison, Trap:
	default:
		bad("%s: hazard %q is not fire, poison, trap or none", where, s.Hazard)
	}
	switch s.HazardSource {
	case Printed:
	case HazardToken:
		if s.Hazard == NoHazard {
			bad("%s: hazardSource token without a hazard", where)
		}
	default:
		bad("%s: hazardSource %q is not printed or token", where, s.HazardSource)
	}
	switch s.Object {
	case NoObject, Destructible, Indestructible:
	default:
		bad("%s: object %q is not destructible, indestructible or none", where, s.Object)
	}
	switch s.ObjectState {
	case Intact:
	case Damaged, Destroyed:
		if s.Object != Destructible {
			bad("%s: objectState %q needs a destructible object", where, s.ObjectState)
		}
	default:
		bad("%s: objectState %q is not intact, damaged or destroyed", where, s.ObjectState)
	}
	switch s.Door {
	case NoDoor, ClosedDoor, OpenDoor:
	default:
		bad("%s: door %q is not closed, open or none", where, s.Door)
	}
	// V-02: an object, a closed door and a gap exclude each other.
	var kinds []string
	if s.Object != NoObject {
		kinds = append(kinds, "an object")
	}
	if s.Door == ClosedDoor {
		kinds = append(kinds, "a closed door")
	}
	if s.Terrain == Gap {
		kinds = append(kinds, "a gap")
	}
	if len(kinds) > 1 {
		bad("%s: %s cannot share one space", where, strings.Join(kinds, " and "))
	}
	if s.EntryPoint && !s.Standable(true) {
		bad("%s: an entry point must be a space a character can stand on", where)
	}
	checkToken := func(what string, kind TokenKind, number int) {
		switch kind {
		case NoToken:
			if number != 0 {
				bad("%s: %s number %d without a kind", where, what, number)
			}
		case CampaignToken:
			if number < 1 {
				bad("%s: a campaign %s needs its number (1 or more)", where, what)
			}
		case MissionToken:
			if number != 0 {
				bad("%s: a mission %s has no number (campaign ones do)", where, what)
			}
		default:
			bad("%s: %s kind %q is not campaign, mission or none", where, what, kind)
		}
	}
	checkToken("orb", s.Orb.Kind, s.Orb.Number)
	checkToken("treasure", s.Treasure.Kind, s.Treasure.Number)
	if s.NovaCells < 0 {
		bad("%s: novaCells %d is below zero", where, s.NovaCells)
	}
	for k, p := range s.PlacementIcons {
		if strings.TrimSpace(p.Adversary) == "" {
			bad("%s: placement icon %d names no adversary", where, k+1)
		}
		if p.Characters != "" {
			if _, _, ok := ParseCharacterCount(p.Characters); !ok {
				bad("%s: placement icon %d: character count %q is not like \"4\" or \"3-4\" (2 to 4 characters)", where, k+1, p.Characters)
			}
		}
	}
}

// ParseCharacterCount reads a placement icon's character count ("4", "3-4")
// into its lowest and highest number (§10.2).
func ParseCharacterCount(s string) (lo, hi int, ok bool) {
	a, b, isRange := strings.Cut(strings.TrimSpace(s), "-")
	lo, err := strconv.Atoi(strings.TrimSpace(a))
	if err != nil {
		return 0, 0, false
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(strings.TrimSpace(b)); err != nil {
			return 0, 0, false
		}
	}
	if lo < 1 || hi > 4 || lo > hi {
		return 0, 0, false
	}
	return lo, hi, true
}

// Layout gives the map back as a Layout, listed walls included, with the
// spaces' current states; NewMap(m.Layout()) rebuilds an equal map.
func (m *Map) Layout() Layout {
	l := Layout{MissionID: m.MissionID, Title: m.Title, Planet: m.Planet, Difficulty: m.Difficulty, Orientation: m.Orientation}
	l.Spaces = append([]Space(nil), m.spaces...)
	names := pointyDirNames
	if m.Orientation == Flat {
		names = flatDirNames
	}
	for _, w := range m.walls {
		if w.Other >= 0 {
			l.Walls = append(l.Walls, WallRef{A: m.spaces[w.Space].Label, B: m.spaces[w.Other].Label})
		} else {
			l.Walls = append(l.Walls, WallRef{Space: m.spaces[w.Space].Label, Side: names[w.Side]})
		}
	}
	return l
}

// MarshalJSON writes the map in the map file format.
func (m *Map) MarshalJSON() ([]byte, error) { return json.Marshal(m.Layout()) }

// UnmarshalJSON reads and checks a map file, so a Map can sit inside a
// larger JSON document (a situation for the resolve verb).
func (m *Map) UnmarshalJSON(data []byte) error {
	p, err := ParseMap(data)
	if err != nil {
		return err
	}
	*m = *p
	return nil
}

// EncodeMap writes the map in the map file format, indented for reading.
func EncodeMap(m *Map) ([]byte, error) { return json.MarshalIndent(m.Layout(), "", "  ") }
