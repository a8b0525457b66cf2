package reich

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
)

// Colours of the map picture: awareness as the tokens' colours, doors by
// how they stand, heroes and enemies apart, and the last resolution's new
// units lit up.
var (
	colAtEase     = color.NRGBA{R: 0x4c, G: 0xaf, B: 0x50, A: 0xff}
	colSuspicious = color.NRGBA{R: 0xff, G: 0x98, B: 0x00, A: 0xff}
	colAlert      = color.NRGBA{R: 0xe5, G: 0x39, B: 0x35, A: 0xff}
	colHero       = color.NRGBA{R: 0x42, G: 0xa5, B: 0xf5, A: 0xff}
	colEnemy      = color.NRGBA{R: 0xef, G: 0x53, B: 0x50, A: 0xff}
	colNew        = color.NRGBA{R: 0xff, G: 0xeb, B: 0x3b, A: 0xff}
	colToken      = color.NRGBA{R: 0xab, G: 0x47, B: 0xbc, A: 0xff}
)

func awarenessColour(a content.Awareness) color.Color {
	switch a {
	case content.Suspicious:
		return colSuspicious
	case content.Alert:
		return colAlert
	}
	return colAtEase
}

func doorColour(s content.DoorState) color.Color {
	switch s {
	case content.Open:
		return colAtEase
	case content.Locked:
		return colAlert
	}
	return colSuspicious
}

// MapView draws a mission map as rooms holding their areas, doors as lines
// between the areas they join, and on each area the heroes, enemy units
// and spawn tokens standing there. Each room shows its awareness (before
// the alarm) as its border's colour and in words; the units and tokens the
// last enemy resolution placed are lit up.
type MapView struct {
	widget.BaseWidget
	m *rb.Mission
	// lit are the units and tokens placed by the last resolution; moved
	// their new areas.
	lit map[string]bool
	// Names names units as the players entered them ("Drill Sentry 1").
	Names rb.Namer
}

// NewMapView makes an empty map.
func NewMapView() *MapView {
	v := &MapView{lit: map[string]bool{}}
	v.ExtendBaseWidget(v)
	return v
}

// SetMission shows a mission, lighting up the ids in lit.
func (v *MapView) SetMission(m *rb.Mission, lit []string) {
	v.m = m
	v.lit = map[string]bool{}
	for _, id := range lit {
		v.lit[id] = true
	}
	v.Refresh()
}

// Lit lists the lit-up ids, sorted, for tests.
func (v *MapView) Lit() []string {
	var out []string
	for id := range v.lit {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// AreaText is what the map shows on an area, in words: heroes, units (a
// lit-up one marked "new") and tokens.
func (v *MapView) AreaText(area string) string {
	if v.m == nil {
		return ""
	}
	var parts []string
	for _, h := range v.m.Heroes {
		if h.Area == area && !h.Escaped {
			s := h.Name
			switch {
			case h.Captured:
				s += " (captured)"
			case h.Downed():
				s += " (downed)"
			case h.KnockedDown:
				s += " (knocked down)"
			}
			parts = append(parts, s)
		}
	}
	for _, u := range v.m.Units {
		if u.Area == area {
			s := u.Code + " " + u.ID
			if u.Wounds > 0 {
				s += fmt.Sprintf(" ✚%d", u.Wounds)
			}
			if v.lit[u.ID] {
				s += " new"
			}
			parts = append(parts, s)
		}
	}
	for _, t := range v.m.Tokens {
		if t.Area == area {
			s := "token " + t.ID
			switch {
			case t.Cleared:
				s += " (cleared)"
			case len(t.Icons) == 0:
				s += " (face down)"
			default:
				s += " " + levelsText(t.Icons)
			}
			if t.Patrol {
				s += " patrol"
			}
			if v.lit[t.ID] {
				s += " new"
			}
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " · ")
}

// RoomText is a room's heading on the map: its id, awareness and tokens.
func (v *MapView) RoomText(room string) string {
	if v.m == nil {
		return room
	}
	s := room
	if v.m.Phase != rb.PhasePostAlarm {
		s += " · " + awarenessWords(v.m.Level(room))
	}
	if v.m.Cleared[room] {
		s += " · cleared"
	}
	return s
}

func awarenessWords(a content.Awareness) string {
	switch a {
	case content.Suspicious:
		return "suspicious"
	case content.Alert:
		return "alert"
	}
	return "at ease"
}

// MinSize leaves room to read the map on a tablet held upright; a map
// drawn on the grid asks for what its squares need, up to that. Its
// squares grow with the text size: the names in them are sized to the
// squares, so at the largest text 56 dp squares left them at about 14 dp,
// smaller than at Normal text's 16.
func (v *MapView) MinSize() fyne.Size {
	if v.m != nil && v.m.Map.HasLayout() {
		g := v.grid()
		g.MinCell = 56 * max(1, theme.TextSize()/16) // readable names on a tablet
		return g.MinSize().Min(fyne.NewSize(640, 420))
	}
	return fyne.NewSize(320, 360)
}

// grid is the mission drawn on its map's grid: the doors as they stand,
// each room's border in its awareness, and on each area who stands there.
func (v *MapView) grid() *mapGrid {
	m := v.m
	g := &mapGrid{Map: &m.Map, Doors: m.Doors, MinCell: 36}
	g.RoomColour = func(room string) color.Color {
		switch m.Phase {
		case rb.PhasePostAlarm:
			return colAlert
		case rb.PhaseEnded:
			return nil
		}
		return awarenessColour(m.Level(room))
	}
	g.Lines = v.gridLines
	return g
}

// mattering is the part of a map too large to read whole at size: as
// many squares as size holds at a side that reads a name and two lines, centred on the areas
// where heroes, enemy units and spawn tokens stand (the areas that matter
// at the table), within the map.
func (v *MapView) mattering(size fyne.Size) crop {
	m := v.m
	// Squares that hold a name, two lines and a door's name under them.
	side := readableSide() * 1.4
	cols, rows := max(1, int(size.Width/side)), max(1, int(size.Height/side))
	mc, mr := m.Map.Bounds()
	// The heroes' areas first, then the units' and the tokens' as long as
	// the part still holds them all.
	cellsOf := map[string][]content.Cell{}
	for _, a := range m.Map.Areas {
		cellsOf[a.ID] = a.Cells
	}
	var heroes, others []string
	for _, h := range m.Heroes {
		if !h.Escaped {
			heroes = append(heroes, h.Area)
		}
	}
	for _, u := range m.Units {
		others = append(others, u.Area)
	}
	for _, t := range m.Tokens {
		others = append(others, t.Area)
	}
	x0, y0, x1, y1 := mc, mr, -1, -1
	take := func(area string, must bool) {
		a, b, c, d := x0, y0, x1, y1
		for _, sq := range cellsOf[area] {
			a, b, c, d = min(a, sq.X), min(b, sq.Y), max(c, sq.X), max(d, sq.Y)
		}
		if must || x1 < 0 || (c-a < cols && d-b < rows) {
			x0, y0, x1, y1 = a, b, c, d
		}
	}
	for _, a := range heroes {
		take(a, true)
	}
	for _, a := range others {
		take(a, false)
	}
	if x1 < 0 { // nothing stands on the map: its top left
		x0, y0, x1, y1 = 0, 0, 0, 0
	}
	centre := func(lo, hi, n, total int) int {
		at := (lo+hi+1)/2 - n/2
		return max(0, min(at, total-n))
	}
	return crop{X: centre(x0, x1, cols, mc), Y: centre(y0, y1, rows, mr), Cols: cols, Rows: rows}
}

// gridLines are what stands on an area, a line each.
func (v *MapView) gridLines(area string) []gridLine {
	m := v.m
	var ls []gridLine
	for _, h := range m.Heroes {
		if h.Area == area && !h.Escaped {
			state := ""
			switch {
			case h.Captured:
				state = " (captured)"
			case h.Downed():
				state = " (downed)"
			}
			// Too long for the square: the first name, then the initials.
			ls = append(ls, gridLine{text: "♦ " + h.Name + state, col: colHero,
				short: []string{"♦ " + firstWord(h.Name) + state, "♦ " + initials(h.Name) + state}})
		}
	}
	for _, u := range m.Units {
		if u.Area == area {
			name := v.Names.Line(u.ID) // its type's name and number: Drill Sentry 1
			wounds := ""
			if u.Wounds > 0 {
				wounds = fmt.Sprintf(" ✚%d", u.Wounds)
			}
			// Too long for the square: the name's initials and the number
			// ("DS 1" for Drill Sentry 1).
			ls = append(ls, gridLine{text: "▲ " + name + wounds, col: colEnemy, lit: v.lit[u.ID],
				short: []string{"▲ " + initials(name) + wounds}})
		}
	}
	for _, t := range m.Tokens {
		if t.Area == area {
			s := "● " + t.ID
			short := s
			switch {
			case t.Cleared:
				s += " cleared"
				short += " ✓"
			case len(t.Icons) == 0:
				s += " ?"
				short = s
			default:
				s += " " + levelsText(t.Icons)
			}
			ls = append(ls, gridLine{text: s, col: colToken, lit: v.lit[t.ID], short: []string{short}})
		}
	}
	return ls
}

// CreateRenderer draws the map.
func (v *MapView) CreateRenderer() fyne.WidgetRenderer { return &mapRenderer{v: v} }

type mapRenderer struct {
	v    *MapView
	objs []fyne.CanvasObject
	size fyne.Size
}

func (r *mapRenderer) Destroy()                     {}
func (r *mapRenderer) MinSize() fyne.Size           { return r.v.MinSize() }
func (r *mapRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *mapRenderer) Refresh() {
	r.build(r.v.Size())
	canvas.Refresh(r.v)
}
func (r *mapRenderer) Layout(size fyne.Size) { r.build(size) }

func (r *mapRenderer) build(size fyne.Size) {
	r.size = size
	r.objs = nil
	m := r.v.m
	if m != nil && m.Map.HasLayout() {
		g := r.v.grid()
		g.MinCell = 12 // the squares fill what the screen gives
		if g.cell(size) < readableSide() {
			// Too small to read whole: the part around what stands on
			// the map, at squares its words fit.
			g.Crop = r.v.mattering(size)
		}
		gr := &gridRenderer{g: g, host: r.v}
		gr.build(size)
		r.objs = gr.objs
		return
	}
	fg := theme.Color(theme.ColorNameForeground)
	if m == nil || len(m.Map.Areas) == 0 {
		t := canvas.NewText("No mission map yet: start a mission to see it here.", fg)
		t.Move(fyne.NewPos(8, 8))
		r.objs = append(r.objs, t)
		return
	}
	rooms := roomOrder(m)
	areasOf := map[string][]string{}
	for _, a := range m.Map.Areas {
		areasOf[a.Room] = append(areasOf[a.Room], a.ID)
	}
	// Rooms in a grid shaped to the space: wider screens take more columns.
	n := len(rooms)
	cols := int(math.Ceil(math.Sqrt(float64(n) * float64(size.Width) / math.Max(float64(size.Height), 1))))
	cols = max(1, min(cols, n))
	rowsN := (n + cols - 1) / cols
	gap := float32(14)
	cw := (size.Width - gap*float32(cols+1)) / float32(cols)
	ch := (size.Height - gap*float32(rowsN+1)) / float32(rowsN)
	textSize := theme.TextSize() * 0.85
	centre := map[string]fyne.Position{}
	half := map[string]fyne.Size{}
	var doors, doorTags, cells, labels []fyne.CanvasObject
	for i, room := range rooms {
		x := gap + float32(i%cols)*(cw+gap)
		y := gap + float32(i/cols)*(ch+gap)
		box := canvas.NewRectangle(color.Transparent)
		box.StrokeWidth = 3
		box.StrokeColor = theme.Color(theme.ColorNameDisabled)
		if m.Phase == rb.PhasePostAlarm {
			box.StrokeColor = colAlert
		} else if m.Phase != rb.PhaseEnded {
			box.StrokeColor = awarenessColour(m.Level(room))
		}
		box.CornerRadius = 6
		box.Move(fyne.NewPos(x, y))
		box.Resize(fyne.NewSize(cw, ch))
		r.objs = append(r.objs, box)
		head := canvas.NewText(r.v.RoomText(room), fg)
		head.TextStyle.Bold = true
		head.TextSize = textSize
		head.Move(fyne.NewPos(x+6, y+2))
		labels = append(labels, head)
		ids := areasOf[room]
		ac := int(math.Ceil(math.Sqrt(float64(len(ids)))))
		ar := (len(ids) + ac - 1) / ac
		top := y + textSize + 8
		aw := (cw - 8*float32(ac+1)) / float32(ac)
		ah := (y + ch - top - 8*float32(ar)) / float32(ar)
		for j, id := range ids {
			ax := x + 8 + float32(j%ac)*(aw+8)
			ay := top + float32(j/ac)*(ah+8)
			cell := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
			cell.CornerRadius = 4
			cell.Move(fyne.NewPos(ax, ay))
			cell.Resize(fyne.NewSize(aw, ah))
			cells = append(cells, cell)
			centre[id] = fyne.NewPos(ax+aw/2, ay+ah/2)
			half[id] = fyne.NewSize(aw/2, ah/2)
			labels = append(labels, r.areaLabels(id, ax+4, ay+2, aw-8, ah-4, textSize)...)
		}
	}
	for _, e := range m.Map.Edges {
		if e.Door == "" {
			continue
		}
		// The door runs between the two areas' borders, not across them.
		a, b := border(centre[e.A], half[e.A], centre[e.B]), border(centre[e.B], half[e.B], centre[e.A])
		st := m.DoorState(e.Door)
		ln := canvas.NewLine(doorColour(st))
		ln.StrokeWidth = 4
		ln.Position1, ln.Position2 = a, b
		doors = append(doors, ln)
		// The name sits halfway, or near the first area when the line is
		// long (it then crosses other rooms, whose labels it would cover).
		mid := fyne.NewPos((a.X+b.X)/2, (a.Y+b.Y)/2)
		if dx, dy := b.X-a.X, b.Y-a.Y; dx*dx+dy*dy > 140*140 {
			l := float32(math.Hypot(float64(dx), float64(dy)))
			mid = fyne.NewPos(a.X+dx/l*40, a.Y+dy/l*40)
		}
		bg := canvas.NewRectangle(doorColour(st))
		bg.CornerRadius = 4
		t := canvas.NewText(fmt.Sprintf("%s %s", e.Door, st), color.Black)
		t.TextSize = textSize * 0.9
		t.TextStyle.Bold = true
		ts := t.MinSize()
		// Kept inside the map, never cut at its edge.
		x := min(max(mid.X-ts.Width/2-3, 0), max(size.Width-ts.Width-6, 0))
		y := min(max(mid.Y-ts.Height/2, 0), max(size.Height-ts.Height, 0))
		bg.Move(fyne.NewPos(x, y))
		bg.Resize(fyne.NewSize(ts.Width+6, ts.Height))
		t.Move(fyne.NewPos(x+3, y))
		doorTags = append(doorTags, bg, t)
	}
	// Lines go under the areas, so one crossing a room hides nothing;
	// the doors' names stay on top.
	r.objs = append(r.objs, doors...)
	r.objs = append(r.objs, cells...)
	r.objs = append(r.objs, labels...)
	r.objs = append(r.objs, doorTags...)
}

// areaLabels writes an area's id and what stands on it, one line each,
// as far as the cell holds.
func (r *mapRenderer) areaLabels(id string, x, y, w, h, size float32) []fyne.CanvasObject {
	m := r.v.m
	fg := theme.Color(theme.ColorNameForeground)
	type line struct {
		text string
		col  color.Color
		lit  bool
	}
	head := id
	if slices.Contains(m.Map.Exits, id) {
		head += " ⇥exit"
	}
	if slices.Contains(m.Map.GuardPoints, id) {
		head += " ⛨"
	}
	ls := []line{{text: head, col: theme.Color(theme.ColorNameDisabled)}}
	for _, hr := range m.Heroes {
		if hr.Area == id && !hr.Escaped {
			s := "♦ " + hr.Name
			if hr.Downed() {
				s += " (downed)"
			}
			ls = append(ls, line{text: s, col: colHero})
		}
	}
	for _, u := range m.Units {
		if u.Area == id {
			s := "▲ " + r.v.Names.Line(u.ID)
			if u.Wounds > 0 {
				s += fmt.Sprintf(" ✚%d", u.Wounds)
			}
			ls = append(ls, line{text: s, col: colEnemy, lit: r.v.lit[u.ID]})
		}
	}
	for _, t := range m.Tokens {
		if t.Area == id {
			s := "● " + t.ID
			if len(t.Icons) > 0 {
				s += " " + levelsText(t.Icons)
			} else if !t.Cleared {
				s += " ?"
			}
			if t.Cleared {
				s += " cleared"
			}
			ls = append(ls, line{text: s, col: colToken, lit: r.v.lit[t.ID]})
		}
	}
	var out []fyne.CanvasObject
	lh := size + 4
	maxLines := max(1, int(h/lh))
	for i, l := range ls {
		if i >= maxLines {
			more := canvas.NewText(fmt.Sprintf("+%d more", len(ls)-i), fg)
			more.TextSize = size
			more.Move(fyne.NewPos(x+w-more.MinSize().Width, y+float32(maxLines-1)*lh))
			out = append(out, more)
			break
		}
		col := l.col
		if l.lit {
			bg := canvas.NewRectangle(colNew)
			bg.CornerRadius = 3
			bg.Move(fyne.NewPos(x-2, y+float32(i)*lh))
			bg.Resize(fyne.NewSize(w, lh))
			out = append(out, bg)
			col = color.Black
		}
		t := canvas.NewText(l.text, col)
		t.TextSize = size
		t.TextStyle.Bold = l.lit
		t.Move(fyne.NewPos(x, y+float32(i)*lh))
		out = append(out, t)
	}
	return out
}

// border is where the line from the centre c of a cell (half its size h)
// towards p leaves the cell.
func border(c fyne.Position, h fyne.Size, p fyne.Position) fyne.Position {
	dx, dy := p.X-c.X, p.Y-c.Y
	t := float32(math.Inf(1))
	if dx != 0 {
		t = min(t, h.Width/float32(math.Abs(float64(dx))))
	}
	if dy != 0 {
		t = min(t, h.Height/float32(math.Abs(float64(dy))))
	}
	if math.IsInf(float64(t), 1) || t > 1 {
		return c
	}
	return fyne.NewPos(c.X+dx*t, c.Y+dy*t)
}

// roomOrder lists the rooms as a walk through the doors from the first
// entrance, so rooms a door joins land next to each other on the picture.
func roomOrder(m *rb.Mission) []string {
	all := m.Rooms()
	if len(all) == 0 {
		return all
	}
	next := map[string][]string{}
	for _, e := range m.Map.Edges {
		ra, rb := m.RoomOf(e.A), m.RoomOf(e.B)
		if ra != rb {
			next[ra] = append(next[ra], rb)
			next[rb] = append(next[rb], ra)
		}
	}
	start := all[0]
	if len(m.Map.Entrances) > 0 {
		if r := m.RoomOf(m.Map.Entrances[0]); r != "" {
			start = r
		}
	}
	seen := map[string]bool{}
	var out []string
	for _, s := range append([]string{start}, all...) {
		if seen[s] {
			continue
		}
		seen[s] = true
		queue := []string{s}
		for len(queue) > 0 {
			r := queue[0]
			queue = queue[1:]
			out = append(out, r)
			ns := next[r]
			sort.Strings(ns)
			for _, n := range ns {
				if !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
	}
	return out
}

// firstWord is a name's first word ("Mara" of "Mara Voss").
func firstWord(name string) string {
	if f := strings.Fields(name); len(f) > 0 {
		return f[0]
	}
	return name
}

// initials shortens a name for a small square: each word's first letter,
// a number kept whole ("Drill Sentry 1" → "DS 1", "Mara Voss" → "MV").
func initials(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(name) {
		if w[0] >= '0' && w[0] <= '9' {
			b.WriteString(" " + w)
			continue
		}
		r := []rune(w)
		b.WriteString(strings.ToUpper(string(r[0])))
	}
	return b.String()
}
