package alone

import (
	"fmt"
	"image/color"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// tile is one Sector as the map drawing shows it, whether it comes from the
// hidden Map (the Evil side, the reveal) or from the Labyrinth (what the
// Hero sees in solo mode).
type tile struct {
	ID, Room, Stairs  string
	Level             int
	Exits             map[alone.Dir]exitView
	LCU, Lighted      bool
	Danger, Revealed  bool
	InSight, Hero     bool
	Creatures, Tokens []string
}

type exitView struct {
	To            string
	Door, Blocked bool
}

// tilesFromMap is the whole hidden Map.
func tilesFromMap(m *alone.Map) []tile {
	var out []tile
	if m == nil {
		return nil
	}
	sight := map[string]bool{}
	for _, id := range m.LineOfSight(m.Hero) {
		sight[id] = true
	}
	for i := range m.Sectors {
		s := &m.Sectors[i]
		t := tile{ID: s.ID, Room: s.Room, Stairs: s.StairsColour, Level: s.Level, LCU: s.LCU, Lighted: s.Lighted,
			Danger: s.Danger, Revealed: s.Revealed, InSight: sight[s.ID], Hero: m.Hero == s.ID, Tokens: s.Tokens,
			Exits: map[alone.Dir]exitView{}}
		for d, l := range s.Exits {
			t.Exits[d] = exitView{To: l.To, Door: l.Door, Blocked: l.Blocked}
		}
		for _, c := range m.CreaturesIn(s.ID) {
			t.Creatures = append(t.Creatures, creatureTag(c.ID, c.Type, c.Wounded))
		}
		out = append(out, t)
	}
	return out
}

// tilesFromLabyrinth is only what the Labyrinth shows.
func tilesFromLabyrinth(l alone.Labyrinth) []tile {
	var out []tile
	for _, s := range l.Sectors {
		t := tile{ID: s.ID, Room: s.Room, Stairs: s.StairsColour, Level: s.Level, LCU: s.LCU, Lighted: s.Lighted,
			Danger: s.Danger, Revealed: true, InSight: s.InSight, Hero: l.Hero == s.ID, Tokens: s.Tokens,
			Exits: map[alone.Dir]exitView{}}
		for d, e := range s.Exits {
			t.Exits[d] = exitView{To: e.To, Door: e.Door, Blocked: e.Blocked}
		}
		for _, c := range l.Creatures {
			if c.Sector == s.ID {
				t.Creatures = append(t.Creatures, creatureTag(c.ID, c.Type, c.Wounded))
			}
		}
		out = append(out, t)
	}
	return out
}

// squareName is a Sector's name on its Level's drawing: the square ("B2")
// for a Map drawn in the editor, else its id.
func squareName(id string) string {
	if x, y, ok := ta.GridPos(id); ok {
		return fmt.Sprintf("%c%d", 'A'+x, y+1)
	}
	return id
}

// creatureTag is a Creature's miniature in a few letters: type and number
// (ta.CreatureTag, as the diary names it too), with a star when Wounded.
func creatureTag(id string, t alone.CreatureType, wounded bool) string {
	s := ta.CreatureTag(id, t)
	if wounded {
		s += "*"
	}
	return s
}

var compassDelta = map[alone.Dir][2]int{alone.North: {0, -1}, alone.East: {1, 0}, alone.South: {0, 1}, alone.West: {-1, 0}}

// gridOf places a Level's tiles on a grid by walking their compass exits:
// each exit is one step. Parts not joined by known exits (the Labyrinth has
// gaps) are laid side by side.
func gridOf(ts []tile) (pos map[string][2]int, cols, rows int) {
	if p, c, r, ok := gridOfIDs(ts); ok {
		return p, c, r
	}
	pos = map[string][2]int{}
	by := map[string]*tile{}
	for i := range ts {
		by[ts[i].ID] = &ts[i]
	}
	taken := map[[2]int]bool{}
	nextX := 0
	for i := range ts {
		if _, ok := pos[ts[i].ID]; ok {
			continue
		}
		comp := map[string][2]int{ts[i].ID: {0, 0}}
		used := map[[2]int]bool{{0, 0}: true}
		queue := []string{ts[i].ID}
		for len(queue) > 0 {
			cur := queue[0]
			queue = queue[1:]
			for _, d := range alone.Compass {
				e, ok := by[cur].Exits[d]
				if !ok || e.To == "" || by[e.To] == nil {
					continue
				}
				if _, done := comp[e.To]; done {
					continue
				}
				if _, done := pos[e.To]; done {
					continue
				}
				p := comp[cur]
				q := [2]int{p[0] + compassDelta[d][0], p[1] + compassDelta[d][1]}
				if used[q] {
					continue
				}
				comp[e.To], used[q] = q, true
				queue = append(queue, e.To)
			}
		}
		minX, minY, maxX := 1<<30, 1<<30, -1<<30
		for _, p := range comp {
			minX, minY, maxX = min(minX, p[0]), min(minY, p[1]), max(maxX, p[0])
		}
		for id, p := range comp {
			q := [2]int{p[0] - minX + nextX, p[1] - minY}
			pos[id], taken[q] = q, true
			rows = max(rows, q[1]+1)
		}
		nextX += maxX - minX + 1
		if nextX > 0 && i < len(ts)-1 {
			nextX++ // a gap between parts that are not joined
		}
	}
	for _, p := range pos {
		cols = max(cols, p[0]+1)
	}
	return pos, cols, rows
}

// gridOfIDs places tiles by their ids when every one is a square of the
// map editor's grid ("1B2"): the Map then looks on the Play tab exactly as
// it was drawn.
func gridOfIDs(ts []tile) (pos map[string][2]int, cols, rows int, ok bool) {
	if len(ts) == 0 {
		return nil, 0, 0, false
	}
	pos = map[string][2]int{}
	for _, t := range ts {
		x, y, ok := ta.GridPos(t.ID)
		if !ok {
			return nil, 0, 0, false
		}
		pos[t.ID] = [2]int{x, y}
		cols, rows = max(cols, x+1), max(rows, y+1)
	}
	return pos, cols, rows, true
}

// LevelView draws one Level: Sectors as tiles (lit ones yellow), Doors and
// Blocked Doors on their links, Stairs by colour, LCUs, Danger tokens,
// Creatures, the Hero and their Line of Sight. Tapping a tile calls OnTap.
type LevelView struct {
	widget.BaseWidget
	Title string
	tiles []tile
	OnTap func(sector string)

	// The map editor's grid: the Level's number, its size, the empty
	// squares drawn to be tapped, and the square chosen.
	Level              int
	GridCols, GridRows int
	Empty              bool
	Selected           string

	pos        map[string][2]int
	cols, rows int
}

func newLevelView(title string) *LevelView {
	v := &LevelView{Title: title}
	v.ExtendBaseWidget(v)
	return v
}

func (v *LevelView) set(ts []tile) {
	v.tiles = ts
	v.pos, v.cols, v.rows = gridOf(ts)
	v.cols, v.rows = max(v.cols, v.GridCols), max(v.rows, v.GridRows)
	v.Refresh()
}

// Text lists what the drawing shows, one Sector a line (for tests and for
// reading aloud).
func (v *LevelView) Text() string {
	var b strings.Builder
	for _, t := range v.tiles {
		b.WriteString(describeTile(t))
		b.WriteString("\n")
	}
	return b.String()
}

func describeTile(t tile) string {
	p := []string{t.ID}
	if t.Room != "" {
		p = append(p, t.Room)
	}
	if t.Hero {
		p = append(p, "Hero")
	}
	if !t.Revealed {
		p = append(p, "unrevealed")
	}
	if t.Lighted {
		p = append(p, "lit")
	}
	if t.Danger {
		p = append(p, "Danger")
	}
	if t.LCU {
		p = append(p, "LCU")
	}
	if t.Stairs != "" {
		p = append(p, t.Stairs+" Stairs")
	}
	for _, d := range alone.Compass {
		if e, ok := t.Exits[d]; ok && e.Blocked {
			p = append(p, "Blocked "+string(d))
		}
	}
	p = append(p, t.Creatures...)
	p = append(p, t.Tokens...)
	return strings.Join(p, " · ")
}

func (v *LevelView) unit(size fyne.Size) float32 {
	if v.cols == 0 || v.rows == 0 {
		return 0
	}
	u := min((size.Width)/float32(v.cols), (size.Height-headH())/float32(v.rows))
	return min(u, max(130, v.minUnit()))
}

// Tapped finds the tile under the finger.
func (v *LevelView) Tapped(e *fyne.PointEvent) {
	u := v.unit(v.Size())
	if u <= 0 || v.OnTap == nil {
		return
	}
	if e.Position.Y < headH() {
		return
	}
	x, y := int(e.Position.X/u), int((e.Position.Y-headH())/u)
	for id, p := range v.pos {
		if p[0] == x && p[1] == y {
			v.OnTap(id)
			return
		}
	}
	if v.Empty && x >= 0 && y >= 0 && x < v.cols && y < v.rows {
		v.OnTap(ta.GridID(v.Level, x, y))
	}
}

func (v *LevelView) MinSize() fyne.Size {
	u := v.minUnit()
	return fyne.NewSize(float32(max(v.cols, 2))*u, float32(max(v.rows, 1))*u+headH())
}

func (v *LevelView) CreateRenderer() fyne.WidgetRenderer {
	r := &levelRenderer{v: v}
	r.rebuild()
	return r
}

type placed struct {
	obj fyne.CanvasObject
	// at is the object's place for a cell unit u (from the top left).
	at func(u float32) (fyne.Position, fyne.Size)
}

type levelRenderer struct {
	v     *LevelView
	items []placed
	objs  []fyne.CanvasObject
}

var (
	colLit      = color.NRGBA{R: 0xf4, G: 0xd8, B: 0x5a, A: 0xff}
	colDark     = color.NRGBA{R: 0x45, G: 0x4a, B: 0x55, A: 0xff}
	colHidden   = color.NRGBA{R: 0x45, G: 0x4a, B: 0x55, A: 0x70}
	colHiddenLt = color.NRGBA{R: 0xf4, G: 0xd8, B: 0x5a, A: 0x70}
	colLink     = color.NRGBA{R: 0x88, G: 0x8c, B: 0x96, A: 0xff}
	colDoor     = color.NRGBA{R: 0x9a, G: 0x62, B: 0x2c, A: 0xff}
	colBlocked  = color.NRGBA{R: 0xe0, G: 0x20, B: 0x20, A: 0xff}
	colSight    = color.NRGBA{R: 0x3c, G: 0xc0, B: 0x6a, A: 0xff}
	colHero     = color.NRGBA{R: 0x25, G: 0x70, B: 0xe8, A: 0xff}
	colCreature = color.NRGBA{R: 0x8a, G: 0x1c, B: 0x9c, A: 0xff}
	colDanger   = color.NRGBA{R: 0xe0, G: 0x30, B: 0x20, A: 0xff}
	colWhite    = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	colBlack    = color.NRGBA{A: 0xff}
)

func stairsColour(name string) color.Color {
	switch strings.ToLower(name) {
	case "red":
		return color.NRGBA{R: 0xd0, G: 0x30, B: 0x30, A: 0xff}
	case "blue":
		return color.NRGBA{R: 0x30, G: 0x60, B: 0xd0, A: 0xff}
	case "green":
		return color.NRGBA{R: 0x30, G: 0xa0, B: 0x50, A: 0xff}
	case "yellow":
		return color.NRGBA{R: 0xd0, G: 0xb0, B: 0x20, A: 0xff}
	case "purple":
		return color.NRGBA{R: 0x80, G: 0x40, B: 0xb0, A: 0xff}
	case "orange":
		return color.NRGBA{R: 0xe0, G: 0x80, B: 0x20, A: 0xff}
	case "white":
		return color.NRGBA{R: 0xe8, G: 0xe8, B: 0xe8, A: 0xff}
	case "black":
		return color.NRGBA{R: 0x20, G: 0x20, B: 0x20, A: 0xff}
	}
	return color.NRGBA{R: 0xa0, G: 0xa0, B: 0xa0, A: 0xff}
}

// text is a drawn label; its size follows the device's text-size setting.
func text(s string, c color.Color, size float32, bold bool) *canvas.Text {
	t := canvas.NewText(s, c)
	t.TextSize = size * theme.TextSize() / 14
	t.TextStyle.Bold = bold
	return t
}

func (r *levelRenderer) rebuild() {
	v := r.v
	r.items = nil
	head := text(v.Title, colLink, 16, true)
	r.items = append(r.items, placed{head, func(u float32) (fyne.Position, fyne.Size) {
		return fyne.NewPos(0, 0), fyne.NewSize(u*float32(max(v.cols, 2)), headH())
	}})
	if len(v.tiles) == 0 {
		none := text("nothing shown", colLink, 14, false)
		r.items = append(r.items, placed{none, func(u float32) (fyne.Position, fyne.Size) {
			return fyne.NewPos(0, headH()+4), fyne.NewSize(200, none.TextSize*1.3)
		}})
	}
	if v.Empty {
		taken := map[[2]int]bool{}
		for _, p := range v.pos {
			taken[p] = true
		}
		for y := 0; y < v.rows; y++ {
			for x := 0; x < v.cols; x++ {
				if taken[[2]int{x, y}] {
					continue
				}
				p := [2]int{x, y}
				box := canvas.NewRectangle(color.Transparent)
				box.StrokeColor, box.StrokeWidth, box.CornerRadius = colLink, 1, 6
				plus := text("+", colLink, 18, false)
				plus.Alignment = fyne.TextAlignCenter
				r.items = append(r.items, placed{box, func(u float32) (fyne.Position, fyne.Size) {
					return cell(p, u, 0.12, 0.12, 0.76, 0.76)
				}}, placed{plus, func(u float32) (fyne.Position, fyne.Size) {
					return cell(p, u, 0.12, 0.35, 0.76, 0.3)
				}})
			}
		}
	}
	ids := make([]string, 0, len(v.tiles))
	by := map[string]tile{}
	for _, t := range v.tiles {
		ids = append(ids, t.ID)
		by[t.ID] = t
	}
	sort.Strings(ids)
	// Links first, so the tiles sit on top of them.
	for _, id := range ids {
		t := by[id]
		p := v.pos[id]
		for _, d := range alone.Compass {
			e, ok := t.Exits[d]
			if !ok {
				continue
			}
			if q, known := v.pos[e.To]; known && (d == alone.West || d == alone.North) && q[0] == p[0]+compassDelta[d][0] && q[1] == p[1]+compassDelta[d][1] {
				continue // drawn from the other side
			}
			d, e, p := d, e, p
			ln := canvas.NewRectangle(colLink)
			r.items = append(r.items, placed{ln, func(u float32) (fyne.Position, fyne.Size) {
				return linkRect(p, d, u, 0.5, 0.16)
			}})
			if e.Door || e.Blocked {
				c := colDoor
				w := float32(0.34)
				if e.Blocked {
					c, w = colBlocked, 0.5
				}
				dr := canvas.NewRectangle(c)
				r.items = append(r.items, placed{dr, func(u float32) (fyne.Position, fyne.Size) {
					return doorRect(p, d, u, w)
				}})
			}
		}
	}
	for _, id := range ids {
		t := by[id]
		p := v.pos[id]
		fill := colDark
		switch {
		case !t.Revealed && t.Lighted:
			fill = colHiddenLt
		case !t.Revealed:
			fill = colHidden
		case t.Lighted:
			fill = colLit
		}
		box := canvas.NewRectangle(fill)
		box.CornerRadius = 6
		if t.InSight {
			box.StrokeColor, box.StrokeWidth = colSight, 3
		}
		if v.Selected != "" && t.ID == v.Selected {
			box.StrokeColor, box.StrokeWidth = colHero, 5
		}
		r.items = append(r.items, placed{box, func(u float32) (fyne.Position, fyne.Size) {
			return cell(p, u, 0.12, 0.12, 0.76, 0.76)
		}})
		ink := colWhite
		if t.Lighted {
			ink = colBlack
		}
		r.tileLabels(t, p, ink)
	}
	r.objs = make([]fyne.CanvasObject, len(r.items))
	for i, it := range r.items {
		r.objs[i] = it.obj
	}
}

// labelSize is the least size of a label drawn on the map: the theme's
// caption size at the chosen text size, never smaller (issue 22 item 9:
// labels of 8 to 10 px could not be read across a table).
func labelSize() float32 { return theme.CaptionTextSize() }

// minUnit is the least cell a tile needs for its labels at labelSize, one
// line each: its square, its Room's name, its marks (LCU, tokens), and
// the Hero and the Creatures' chips. The map editor's tiles hold no
// Creature, and the Hero's start is marked on the square's line: three
// lines, so a Level of six squares across fits a portrait screen.
func (v *LevelView) minUnit() float32 {
	if v.Empty {
		return max(70, 5.8*labelSize())
	}
	return max(70, 7.4*labelSize())
}

// tileLabels places a tile's words and marks in its cell, in lines as tall
// as labelSize asks: the square (and the Stairs and Danger marks at its
// right), the Room's name, the LCU and tokens, then the Hero and the
// Creatures. A Room's name too long for the tile is shortened there in
// words (fitText) and said whole in the map's key (MapPanel).
func (r *levelRenderer) tileLabels(t tile, p [2]int, ink color.Color) {
	add := func(o fyne.CanvasObject, at func(u float32) (fyne.Position, fyne.Size)) {
		r.items = append(r.items, placed{o, at})
	}
	// line is the top of line n (0 the square's) and a line's height.
	line := func(u float32, n int) (float32, float32) {
		c := labelSize()
		top := headH() + (float32(p[1])+0.13)*u
		first := 1.3 * c * 1.15
		if n == 0 {
			return top, first
		}
		return top + first + float32(n-1)*1.3*c, 1.3 * c
	}
	left := func(u float32) float32 { return (float32(p[0]) + 0.16) * u }
	width := func(u float32) float32 { return 0.7 * u }

	lt := text(squareName(t.ID), ink, 12, true)
	add(lt, func(u float32) (fyne.Position, fyne.Size) {
		lt.TextSize = labelSize() * 1.15
		y, h := line(u, 0)
		return fyne.NewPos(left(u), y), fyne.NewSize(width(u), h)
	})
	// Stairs and Danger sit at the right of the square's line.
	mark := func(k int) func(u float32) (fyne.Position, fyne.Size) {
		return func(u float32) (fyne.Position, fyne.Size) {
			y, h := line(u, 0)
			d := h * 0.85
			return fyne.NewPos((float32(p[0])+0.86)*u-float32(k+1)*(d+2), y+(h-d)/2), fyne.NewSize(d, d)
		}
	}
	k := 0
	if t.Danger {
		dg := canvas.NewRectangle(colDanger)
		dg.CornerRadius = 3
		dt := text("!", colWhite, 12, true)
		dt.Alignment = fyne.TextAlignCenter
		at := mark(k)
		add(dg, at)
		add(dt, func(u float32) (fyne.Position, fyne.Size) {
			dt.TextSize = labelSize()
			return at(u)
		})
		k++
	}
	if t.Stairs != "" {
		sc := canvas.NewCircle(stairsColour(t.Stairs))
		sc.StrokeColor, sc.StrokeWidth = colWhite, 1.5
		add(sc, mark(k))
		k++
	}
	if t.Hero && r.v.Empty {
		// The map editor's Hero's start, on the square's line.
		at := mark(k)
		hc := canvas.NewCircle(colHero)
		hc.StrokeColor, hc.StrokeWidth = colWhite, 2
		ht := text("H", colWhite, 12, true)
		ht.Alignment = fyne.TextAlignCenter
		add(hc, at)
		add(ht, func(u float32) (fyne.Position, fyne.Size) {
			ht.TextSize = labelSize()
			return at(u)
		})
		t.Hero = false
	}
	if t.Room != "" {
		room := t.Room
		rt := text(room, ink, 10, false)
		add(rt, func(u float32) (fyne.Position, fyne.Size) {
			rt.TextSize = labelSize()
			rt.Text = fitText(room, rt.TextSize, width(u))
			y, h := line(u, 1)
			return fyne.NewPos(left(u), y), fyne.NewSize(width(u), h)
		})
	}
	var marks []string
	if t.LCU {
		marks = append(marks, "LCU")
	}
	marks = append(marks, t.Tokens...)
	if len(marks) > 0 {
		mt := text(strings.Join(marks, " "), ink, 10, false)
		add(mt, func(u float32) (fyne.Position, fyne.Size) {
			mt.TextSize = labelSize()
			mt.Text = fitMarks(marks, mt.TextSize, width(u))
			y, h := line(u, 2)
			return fyne.NewPos(left(u), y), fyne.NewSize(width(u), h)
		})
	}
	// The Hero and the Creatures on the last line, chips as wide as their
	// words; more than the line holds go on the line above.
	chip := func(i int, word string) func(u float32) (fyne.Position, fyne.Size) {
		return func(u float32) (fyne.Position, fyne.Size) {
			c := labelSize()
			w := fyne.MeasureText(word, c, fyne.TextStyle{Bold: true}).Width + 0.5*c
			per := max(1, int(width(u)/(w+2)))
			y, h := line(u, 3-i/per)
			return fyne.NewPos(left(u)+float32(i%per)*(w+2), y), fyne.NewSize(w, h)
		}
	}
	// One chip width for the tile, so the chips line up.
	widest := "H"
	for _, c := range t.Creatures {
		if fyne.MeasureText(c, 12, fyne.TextStyle{Bold: true}).Width > fyne.MeasureText(widest, 12, fyne.TextStyle{Bold: true}).Width {
			widest = c
		}
	}
	n := 0
	if t.Hero {
		at := chip(n, widest)
		hc := canvas.NewCircle(colHero)
		hc.StrokeColor, hc.StrokeWidth = colWhite, 2
		ht := text("H", colWhite, 12, true)
		ht.Alignment = fyne.TextAlignCenter
		add(hc, at)
		add(ht, func(u float32) (fyne.Position, fyne.Size) {
			ht.TextSize = labelSize()
			return at(u)
		})
		n++
	}
	for _, c := range t.Creatures {
		at := chip(n, widest)
		bg := canvas.NewRectangle(colCreature)
		bg.CornerRadius = 4
		ct := text(c, colWhite, 10, true)
		ct.Alignment = fyne.TextAlignCenter
		add(bg, at)
		add(ct, func(u float32) (fyne.Position, fyne.Size) {
			ct.TextSize = labelSize()
			return at(u)
		})
		n++
	}
}

// fitText is a name as it fits width at size: whole, or shortened in
// words as players would shorten it on the board ("Relay" for "Relay
// Room", "RR" when no word fits), never cut mid-word with "…" (issue 22:
// the cut hides the meaning); the map's key says a Room's name whole.
// Nothing fits: "".
func fitText(s string, size, width float32) string {
	fits := fitsIn(size, width)
	if fits(s) {
		return s
	}
	words := strings.Fields(s)
	for n := len(words) - 1; n > 0; n-- {
		if head := strings.Join(words[:n], " "); fits(head) {
			return head
		}
	}
	var initials strings.Builder
	for _, w := range words {
		initials.WriteString(strings.ToUpper(string([]rune(w)[:1])))
	}
	if t := initials.String(); fits(t) {
		return t
	}
	return ""
}

// fitMarks is a tile's marks (LCU, tokens) as they fit width at size: all
// of them, or the first ones and how many more ("T1 +2"), or just how
// many ("+3"); never a mark cut short.
func fitMarks(marks []string, size, width float32) string {
	fits := fitsIn(size, width)
	if all := strings.Join(marks, " "); fits(all) {
		return all
	}
	for n := len(marks) - 1; n >= 0; n-- {
		t := strings.TrimSpace(strings.Join(marks[:n], " ") + fmt.Sprintf(" +%d", len(marks)-n))
		if fits(t) {
			return t
		}
	}
	return ""
}

// fitsIn says whether a text fits width at size.
func fitsIn(size, width float32) func(string) bool {
	return func(t string) bool { return fyne.MeasureText(t, size, fyne.TextStyle{}).Width <= width }
}

// headH is the height of a Level's title band, which grows with the
// text size.
func headH() float32 { return 24 * theme.TextSize() / 14 }

// cell is a box inside grid cell p, in fractions of the unit.
func cell(p [2]int, u, fx, fy, fw, fh float32) (fyne.Position, fyne.Size) {
	return fyne.NewPos((float32(p[0])+fx)*u, headH()+(float32(p[1])+fy)*u), fyne.NewSize(fw*u, fh*u)
}

// linkRect is the corridor from a tile's centre out through exit d.
func linkRect(p [2]int, d alone.Dir, u, length, width float32) (fyne.Position, fyne.Size) {
	switch d {
	case alone.North:
		return cell(p, u, 0.5-width/2, 0, width, length)
	case alone.South:
		return cell(p, u, 0.5-width/2, 0.5, width, length)
	case alone.West:
		return cell(p, u, 0, 0.5-width/2, length, width)
	}
	return cell(p, u, 0.5, 0.5-width/2, length, width)
}

// doorRect is a Door across the link at the tile's edge.
func doorRect(p [2]int, d alone.Dir, u, w float32) (fyne.Position, fyne.Size) {
	const th = 0.07
	switch d {
	case alone.North:
		return cell(p, u, 0.5-w/2, 0.02, w, th)
	case alone.South:
		return cell(p, u, 0.5-w/2, 1-0.02-th, w, th)
	case alone.West:
		return cell(p, u, 0.02, 0.5-w/2, th, w)
	}
	return cell(p, u, 1-0.02-th, 0.5-w/2, th, w)
}

func (r *levelRenderer) Layout(size fyne.Size) {
	u := r.v.unit(size)
	for _, it := range r.items {
		pos, sz := it.at(u)
		it.obj.Move(pos)
		it.obj.Resize(sz)
	}
}

func (r *levelRenderer) MinSize() fyne.Size { return r.v.MinSize() }

func (r *levelRenderer) Refresh() {
	r.rebuild()
	r.Layout(r.v.Size())
	for _, o := range r.objs {
		o.Refresh()
	}
}

func (r *levelRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *levelRenderer) Destroy()                     {}

// MapPanel is both Levels, side by side when they fit at the size their
// labels ask (else one over the other), with a key: what the colours and
// marks mean, and the Rooms' names whole.
type MapPanel struct {
	Levels [2]*LevelView
	obj    fyne.CanvasObject
	rooms  *widget.Label
}

func newMapPanel() *MapPanel {
	p := &MapPanel{Levels: [2]*LevelView{newLevelView("Level 1"), newLevelView("Level 2")}}
	legend := wrap("Yellow: Lighted · grey: Dark · faded: Unrevealed · green edge: Hero's Line of Sight · H: Hero · purple: Creature (* Wounded) · red !: Danger · brown bar: Door · red bar: Blocked Door · circle: Stairs by colour")
	legend.Importance = widget.LowImportance
	p.rooms = wrap("")
	p.rooms.Importance = widget.LowImportance
	p.obj = container.NewVBox(widgets.NewAdaptive(p.Levels[0], p.Levels[1]), p.rooms, legend)
	return p
}

// set shows tiles on their Levels.
func (p *MapPanel) set(ts []tile) {
	var lv [2][]tile
	for _, t := range ts {
		if t.Level == 1 || t.Level == 2 {
			lv[t.Level-1] = append(lv[t.Level-1], t)
		}
	}
	p.Levels[0].set(lv[0])
	p.Levels[1].set(lv[1])
	// The Rooms' names whole, by Level and square, as a tile may shorten
	// a long one.
	var rooms []string
	for l := range lv {
		sort.Slice(lv[l], func(i, j int) bool { return lv[l][i].ID < lv[l][j].ID })
		for _, t := range lv[l] {
			if t.Room != "" {
				rooms = append(rooms, fmt.Sprintf("Level %d, %s: %s", l+1, squareName(t.ID), t.Room))
			}
		}
	}
	if len(rooms) == 0 {
		p.rooms.Hide()
		return
	}
	p.rooms.SetText("Rooms: " + strings.Join(rooms, " · "))
	p.rooms.Show()
}

// Text is everything the panel shows, in words.
func (p *MapPanel) Text() string { return p.Levels[0].Text() + p.Levels[1].Text() }

func (p *MapPanel) onTap(fn func(string)) {
	p.Levels[0].OnTap, p.Levels[1].OnTap = fn, fn
}
