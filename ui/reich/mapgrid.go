package reich

import (
	"fmt"
	"hash/fnv"
	"image/color"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
)

// mapGrid draws a map drawn on the grid as players see the printed one:
// its areas in their rooms' colours, walls as thick lines, the yellow
// lines between areas of one room, doors in their state's colour, and
// what is set out or stands on each area. The map editor taps it; the
// Play and Enemy tabs show the mission on it.
type mapGrid struct {
	widget.BaseWidget
	Map *content.Map
	// Doors are the doors' states now, for a mission in play (nil: as the
	// map sets them out).
	Doors map[string]content.DoorState
	// Margin is how many empty squares show around the map (the editor's
	// room to grow).
	Margin int
	// MinCell is the smallest side of a square.
	MinCell float32
	// Side, when set, is every square's side whatever the widget's size:
	// the editor's squares never resize between taps.
	Side float32
	// Cols and Rows, when set, are the fewest squares drawn each way: the
	// editor only ever adds squares, at the right and the bottom, so the
	// drawing never moves between taps.
	Cols, Rows int
	// Crop, when its Cols is set, is the part of the map drawn: a map too
	// large to read whole at the size it has, shown around what stands on
	// it (MapView).
	Crop crop
	// Lines are what an area shows under its name (a mission's heroes and
	// units); nil shows the map's own tokens and marks.
	Lines func(area string) []gridLine
	// RoomColour is a room's border colour (its awareness), or nil.
	RoomColour func(room string) color.Color
	// Selected, Door and Corner are lit up in the editor.
	Selected, Door string
	Corner         *content.Cell
	// OnTap gets a tap: the square (in the map's own coordinates), the
	// side it was nearest and whether it fell in the square's middle.
	OnTap func(c content.Cell, s content.Side, middle bool)
}

// gridLine is one line of words on an area.
type gridLine struct {
	text string
	col  color.Color
	lit  bool
	// short are shorter ways to say it, tried in turn when text does not
	// fit the square (a first name, initials), before it is cut with "…".
	short []string
}

// fitting is the first of the line's words that fits width, cut with an
// ellipsis if none does.
func (l gridLine) fitting(width, size float32) string {
	if text, ok := l.fits(width, size, false); ok {
		return text
	}
	text := l.text
	if len(l.short) > 0 {
		text = l.short[len(l.short)-1]
	}
	return fitText(text, width, size)
}

// fits is the first of the line's words (its text, then its shorter
// ways) that fits width, or false: such a line is left out and counted in
// the "+N", never cut where the cut would hide what it says.
func (l gridLine) fits(width, size float32, bold bool) (string, bool) {
	for _, text := range append([]string{l.text}, l.short...) {
		if fyne.MeasureText(text, size, fyne.TextStyle{Bold: bold}).Width <= width {
			return text, true
		}
	}
	return "", false
}

func newMapGrid(m *content.Map) *mapGrid {
	g := &mapGrid{Map: m, MinCell: 48}
	g.ExtendBaseWidget(g)
	return g
}

// crop is a part of the map: Cols × Rows squares from column X, row Y.
type crop struct{ X, Y, Cols, Rows int }

// has reports whether the square is in the part (every square when the
// part is not set).
func (c crop) has(sq content.Cell) bool {
	return c.Cols == 0 || (sq.X >= c.X && sq.X < c.X+c.Cols && sq.Y >= c.Y && sq.Y < c.Y+c.Rows)
}

// span is the squares drawn: from the map's first column and row less the
// margin, as many as the map and the margins take (or the crop).
func (g *mapGrid) span() (x0, y0, cols, rows int) {
	if g.Crop.Cols > 0 {
		return g.Crop.X, g.Crop.Y, g.Crop.Cols, max(g.Crop.Rows, 1)
	}
	cols, rows = 0, 0
	if g.Map != nil {
		cols, rows = g.Map.Bounds()
	}
	x0, y0 = -g.Margin, -g.Margin
	cols, rows = cols+2*g.Margin, rows+2*g.Margin
	if g.Margin > 0 {
		// An editor always has room to start drawing.
		cols, rows = max(cols, 10), max(rows, 8)
	}
	return x0, y0, max(cols, g.Cols, 1), max(rows, g.Rows, 1)
}

// cell is the side of a square at the widget's size.
func (g *mapGrid) cell(size fyne.Size) float32 {
	if g.Side > 0 {
		return g.Side
	}
	_, _, cols, rows := g.span()
	c := min(size.Width/float32(cols), size.Height/float32(rows))
	return float32(math.Max(float64(g.MinCell), math.Floor(float64(c))))
}

// MinSize gives each square MinCell (or Side).
func (g *mapGrid) MinSize() fyne.Size {
	_, _, cols, rows := g.span()
	side := g.MinCell
	if g.Side > 0 {
		side = g.Side
	}
	return fyne.NewSize(float32(cols)*side, float32(rows)*side)
}

// labelSize is the size of the words on the map: the theme's caption size
// at the players' text size, never smaller (issue 22: "map labels never
// smaller than the theme's caption size at the chosen text size"), larger
// on large squares.
func labelSize(side float32) float32 {
	return max(theme.CaptionTextSize(), min(theme.TextSize()*0.8, side/4.2))
}

// readableSide is the smallest square that holds a name and a line of
// words at labelSize: smaller squares show no words (never tiny ones).
func readableSide() float32 { return theme.CaptionTextSize() * 3.2 }

// Tapped works out the square and side a tap fell on.
func (g *mapGrid) Tapped(e *fyne.PointEvent) {
	if g.OnTap == nil {
		return
	}
	c := g.cell(g.Size())
	x0, y0, _, _ := g.span()
	cx, cy := int(math.Floor(float64(e.Position.X/c))), int(math.Floor(float64(e.Position.Y/c)))
	fx, fy := e.Position.X/c-float32(cx), e.Position.Y/c-float32(cy)
	g.OnTap(content.Cell{X: cx + x0, Y: cy + y0}, nearestSide(fx, fy), fx > 0.3 && fx < 0.7 && fy > 0.3 && fy < 0.7)
}

// nearestSide is the side of a square nearest a point in it (fractions).
func nearestSide(fx, fy float32) content.Side {
	d := []float32{fy, 1 - fx, 1 - fy, fx}
	best := 0
	for i := range d {
		if d[i] < d[best] {
			best = i
		}
	}
	return content.Sides[best]
}

// CellAt is where a square stands in the grid, and its side, for tests.
func (g *mapGrid) CellAt(c content.Cell) (fyne.Position, float32) {
	size := g.Size()
	if size.Width == 0 {
		size = g.MinSize()
	}
	side := g.cell(size)
	x0, y0, _, _ := g.span()
	return fyne.NewPos(float32(c.X-x0)*side, float32(c.Y-y0)*side), side
}

// TapCell taps the middle of a square, for tests.
func (g *mapGrid) TapCell(c content.Cell) { g.tapAt(c, 0.5, 0.5) }

// sideTaps are where in a square a tap near each side falls.
var sideTaps = map[content.Side][2]float32{content.North: {0.5, 0.1}, content.East: {0.9, 0.5}, content.South: {0.5, 0.9}, content.West: {0.1, 0.5}}

// TapSide taps near a side of a square, for tests.
func (g *mapGrid) TapSide(c content.Cell, s content.Side) {
	f := sideTaps[s]
	g.tapAt(c, f[0], f[1])
}

func (g *mapGrid) tapAt(c content.Cell, fx, fy float32) {
	size := g.Size()
	if size.Width == 0 {
		size = g.MinSize()
	}
	side := g.cell(size)
	x0, y0, _, _ := g.span()
	g.Tapped(&fyne.PointEvent{Position: fyne.NewPos((float32(c.X-x0)+fx)*side, (float32(c.Y-y0)+fy)*side)})
}

// CreateRenderer draws the grid.
func (g *mapGrid) CreateRenderer() fyne.WidgetRenderer { return &gridRenderer{g: g, host: g} }

// mapPicture is a map drawn as mapGrid draws it, that nothing taps: a
// form's preview, the set-up's "where the heroes start".
type mapPicture struct {
	widget.BaseWidget
	// Grid holds what to draw; it is not itself on screen.
	Grid *mapGrid
}

func newMapPicture(m *content.Map, minCell float32) *mapPicture {
	// Squares large enough for their words at the players' text size.
	p := &mapPicture{Grid: &mapGrid{Map: m, MinCell: max(minCell, readableSide())}}
	p.ExtendBaseWidget(p)
	return p
}

// MinSize is the grid's.
func (p *mapPicture) MinSize() fyne.Size { return p.Grid.MinSize() }

// CreateRenderer draws the grid.
func (p *mapPicture) CreateRenderer() fyne.WidgetRenderer { return &gridRenderer{g: p.Grid, host: p} }

type gridRenderer struct {
	g    *mapGrid
	host fyne.CanvasObject
	objs []fyne.CanvasObject
}

func (r *gridRenderer) Destroy()                     {}
func (r *gridRenderer) MinSize() fyne.Size           { return r.g.MinSize() }
func (r *gridRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *gridRenderer) Layout(size fyne.Size)        { r.build(size) }
func (r *gridRenderer) Refresh() {
	r.build(r.host.Size())
	canvas.Refresh(r.host)
}

// roomTint is a room's fill: a soft colour picked from its name, so one
// room reads as one piece.
func roomTint(room string) color.Color {
	palette := []color.NRGBA{
		{0x5c, 0x6b, 0xc0, 0x55}, {0x26, 0xa6, 0x9a, 0x55}, {0x8d, 0x6e, 0x63, 0x55}, {0xab, 0x47, 0xbc, 0x55},
		{0x9e, 0x9d, 0x24, 0x55}, {0x42, 0xa5, 0xf5, 0x55}, {0xff, 0x70, 0x43, 0x55}, {0x78, 0x90, 0x9c, 0x55},
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(room))
	return palette[h.Sum32()%uint32(len(palette))]
}

var colOpenLine = color.NRGBA{R: 0xfd, G: 0xd8, B: 0x35, A: 0xff}

func (r *gridRenderer) build(size fyne.Size) {
	g := r.g
	r.objs = nil
	if size.Width <= 0 || size.Height <= 0 {
		return
	}
	side := g.cell(size)
	x0, y0, cols, rows := g.span()
	fg := theme.Color(theme.ColorNameForeground)
	pos := func(c content.Cell) fyne.Position {
		return fyne.NewPos(float32(c.X-x0)*side, float32(c.Y-y0)*side)
	}
	m := g.Map
	own := map[content.Cell]string{}
	var areaOf map[string]*content.Area
	if m != nil {
		own = m.Owners()
		areaOf = map[string]*content.Area{}
		for i := range m.Areas {
			areaOf[m.Areas[i].ID] = &m.Areas[i]
		}
	}
	// The empty squares an editor can draw on.
	if g.Margin > 0 {
		for y := 0; y < rows; y++ {
			for x := 0; x < cols; x++ {
				c := content.Cell{X: x + x0, Y: y + y0}
				if own[c] != "" {
					continue
				}
				sq := canvas.NewRectangle(color.Transparent)
				sq.StrokeColor = theme.Color(theme.ColorNameDisabled)
				sq.StrokeWidth = 1
				sq.Move(pos(c))
				sq.Resize(fyne.NewSquareSize(side))
				r.objs = append(r.objs, sq)
			}
		}
	}
	if m == nil {
		return
	}
	// Areas: their squares in the room's colour, lit when selected.
	for _, a := range m.Areas {
		for _, c := range a.Cells {
			if !g.Crop.has(c) {
				continue
			}
			sq := canvas.NewRectangle(roomTint(a.Room))
			if a.ID == g.Selected {
				sq.FillColor = color.NRGBA{R: 0xff, G: 0xeb, B: 0x3b, A: 0x90}
			}
			sq.Move(pos(c))
			sq.Resize(fyne.NewSquareSize(side))
			r.objs = append(r.objs, sq)
		}
	}
	if g.Corner != nil {
		sq := canvas.NewRectangle(color.NRGBA{R: 0xff, G: 0xeb, B: 0x3b, A: 0x90})
		sq.Move(pos(*g.Corner))
		sq.Resize(fyne.NewSquareSize(side))
		r.objs = append(r.objs, sq)
	}
	// Sides: walls, the yellow lines inside a room, doors.
	doorDrawn := map[string]bool{}
	var tags []fyne.CanvasObject
	// tagRects are where the doors' names stand: no area's words go there.
	// A door's name never covers an area's name either (nameRects).
	var tagRects, nameRects [][2]fyne.Position
	showTags := side >= readableSide()
	for _, a := range m.Areas {
		var first *content.Cell
		for i, c := range a.Cells {
			if g.Crop.has(c) && (first == nil || c.Y < first.Y || (c.Y == first.Y && c.X < first.X)) {
				first = &a.Cells[i]
			}
		}
		if first != nil {
			p := pos(*first)
			ts := labelSize(side)
			nw := fyne.MeasureText(a.ID, ts, fyne.TextStyle{Bold: true}).Width
			nameRects = append(nameRects, [2]fyne.Position{{X: p.X, Y: p.Y}, {X: p.X + min(nw+8, side), Y: p.Y + ts + 6}})
		}
	}
	wall := func(a, b fyne.Position, col color.Color, w float32) {
		l := canvas.NewLine(col)
		l.StrokeWidth = w
		l.Position1, l.Position2 = a, b
		r.objs = append(r.objs, l)
	}
	for _, a := range m.Areas {
		for _, c := range a.Cells {
			if !g.Crop.has(c) {
				continue
			}
			p := pos(c)
			ends := map[content.Side][2]fyne.Position{
				content.North: {p, fyne.NewPos(p.X+side, p.Y)},
				content.East:  {fyne.NewPos(p.X+side, p.Y), fyne.NewPos(p.X+side, p.Y+side)},
				content.South: {fyne.NewPos(p.X, p.Y+side), fyne.NewPos(p.X+side, p.Y+side)},
				content.West:  {p, fyne.NewPos(p.X, p.Y+side)},
			}
			for _, s := range content.Sides {
				o := own[c.Neighbour(s)]
				e := ends[s]
				switch {
				case o == a.ID:
				case o == "":
					wall(e[0], e[1], fg, 4)
				default:
					edge := m.EdgeBetween(a.ID, o)
					switch {
					case edge == nil:
						wall(e[0], e[1], fg, 4)
					case edge.Door == "":
						if a.ID < o { // once per side
							wall(e[0], e[1], colOpenLine, 2)
						}
					default:
						st := content.Closed
						if d := m.Door(edge.Door); d != nil {
							st = d.State
						}
						if ds, ok := g.Doors[edge.Door]; ok {
							st = ds
						}
						wall(e[0], e[1], fg, 4)
						mid := fyne.NewPos((e[0].X+e[1].X)/2, (e[0].Y+e[1].Y)/2)
						if doorDrawn[edge.Door] {
							continue
						}
						doorDrawn[edge.Door] = true
						// The door: a bar across the middle of the side, in its state's colour.
						bar := canvas.NewRectangle(doorColour(st))
						bar.StrokeColor = fg
						bar.StrokeWidth = 1
						if edge.Door == g.Door {
							bar.StrokeWidth = 3
						}
						long, short := side*0.6, float32(10)
						if s == content.North || s == content.South {
							bar.Resize(fyne.NewSize(long, short))
							bar.Move(fyne.NewPos(mid.X-long/2, mid.Y-short/2))
						} else {
							bar.Resize(fyne.NewSize(short, long))
							bar.Move(fyne.NewPos(mid.X-short/2, mid.Y-long/2))
						}
						r.objs = append(r.objs, bar)
						// The label: the door and how it stands, centred on
						// the door but kept inside the map (a door on the
						// map's outer edge would cut it in half). Names stand
						// at the top of a square: a door's label goes low,
						// just above a north or south door's bar and at the
						// foot of an east or west one, so it covers no name.
						// Where another door's label stands there, it goes
						// beside its door instead, and failing that it is the
						// door's name alone (its colour says how it stands).
						ew := s == content.East || s == content.West
						var spots []fyne.Position
						for _, words := range []string{fmt.Sprintf("%s %s", edge.Door, st), edge.Door} {
							ts := fyne.MeasureText(words, theme.CaptionTextSize(), fyne.TextStyle{Bold: true})
							w, h := ts.Width+4, ts.Height
							clamp := func(x, y float32) fyne.Position {
								return fyne.NewPos(min(max(x, 0), max(float32(cols)*side-w, 0)), min(max(y, 0), max(float32(rows)*side-h, 0)))
							}
							if ew {
								foot := e[1].Y - h - 4
								spots = []fyne.Position{clamp(mid.X-w/2, foot), clamp(mid.X-w-6, foot), clamp(mid.X+6, foot), clamp(mid.X-w/2, mid.Y-h/2)}
							} else {
								spots = []fyne.Position{clamp(mid.X-w/2, mid.Y-h-6), clamp(mid.X-w/2, mid.Y+6)}
							}
							at, found := spots[0], false
							for _, sp := range spots {
								if !overlaps(tagRects, sp, w, h) && !overlaps(nameRects, sp, w, h) {
									at, found = sp, true
									break
								}
							}
							if !found {
								continue // the door's name alone, or none: the bar's colour says it
							}
							t := canvas.NewText(words, color.Black)
							t.TextSize = theme.CaptionTextSize()
							t.TextStyle.Bold = true
							bg := canvas.NewRectangle(doorColour(st))
							bg.CornerRadius = 3
							bg.Resize(fyne.NewSize(w, h))
							bg.Move(at)
							t.Move(fyne.NewPos(at.X+2, at.Y))
							tags = append(tags, bg, t)
							tagRects = append(tagRects, [2]fyne.Position{at, {X: at.X + w, Y: at.Y + h}})
							break
						}
					}
				}
			}
		}
	}
	// Room borders in the room's awareness colour, as a frame just inside the walls.
	if g.RoomColour != nil {
		for _, a := range m.Areas {
			col := g.RoomColour(a.Room)
			if col == nil {
				continue
			}
			for _, c := range a.Cells {
				if !g.Crop.has(c) {
					continue
				}
				p := pos(c)
				for _, s := range content.Sides {
					o := own[c.Neighbour(s)]
					if o != "" && areaOf[o] != nil && areaOf[o].Room == a.Room {
						continue
					}
					in := float32(5)
					var a1, a2 fyne.Position
					switch s {
					case content.North:
						a1, a2 = fyne.NewPos(p.X+in, p.Y+in), fyne.NewPos(p.X+side-in, p.Y+in)
					case content.South:
						a1, a2 = fyne.NewPos(p.X+in, p.Y+side-in), fyne.NewPos(p.X+side-in, p.Y+side-in)
					case content.East:
						a1, a2 = fyne.NewPos(p.X+side-in, p.Y+in), fyne.NewPos(p.X+side-in, p.Y+side-in)
					default:
						a1, a2 = fyne.NewPos(p.X+in, p.Y+in), fyne.NewPos(p.X+in, p.Y+side-in)
					}
					wall(a1, a2, col, 3)
				}
			}
		}
	}
	// Words on each area, from its first square, at labelSize; on squares
	// too small for them, none.
	textSize := labelSize(side)
	if side < readableSide() {
		return
	}
	covered := func(x0, y0, x1, y1 float32) bool {
		if !showTags {
			return false
		}
		for _, r := range tagRects {
			if x0 < r[1].X && r[0].X < x1 && y0 < r[1].Y && r[0].Y < y1 {
				return true
			}
		}
		return false
	}
	for _, a := range m.Areas {
		var in []content.Cell
		for _, c := range a.Cells {
			if g.Crop.has(c) {
				in = append(in, c)
			}
		}
		if len(in) == 0 {
			continue
		}
		first := slices.MinFunc(in, func(p, q content.Cell) int {
			if p.Y != q.Y {
				return p.Y - q.Y
			}
			return p.X - q.X
		})
		w := side * float32(countRow(in, first))
		h := side * float32(countCol(in, first))
		all := g.areaLines(a)
		// The name, then each line whose words (or shorter words) fit
		// the area's width; those that do not are counted in "+N".
		lines := all[:1]
		for _, l := range all[1:] {
			if text, ok := l.fits(w-8, labelSize(side), l.lit); ok {
				l.text, l.short = text, nil
				lines = append(lines, l)
			}
		}
		hidden := len(all) - len(lines)
		p := pos(first)
		lh := textSize + 3
		maxLines := max(1, int((h-6)/lh))
		// A line where a door's name stands is not written: the lines
		// before it are, and "+N" by the name says how many more there are.
		for i := 1; i < maxLines; i++ {
			y := p.Y + 3 + float32(i)*lh
			if covered(p.X+2, y, p.X+w-2, y+lh) {
				maxLines = i
				break
			}
		}
		for i, l := range lines {
			if i >= maxLines {
				break
			}
			width := w - 8
			var more *canvas.Text
			if n := hidden + max(len(lines)-maxLines, 0); i == 0 && n > 0 {
				// The name's line (names are short) says how many lines
				// more there are than the square shows, at its right.
				more = canvas.NewText(fmt.Sprintf("+%d", n), fg)
				more.TextSize = textSize
				more.TextStyle.Bold = true
				mw := more.MinSize().Width
				if _, ok := l.fits(width-mw-4, textSize, true); ok {
					more.Move(fyne.NewPos(p.X+w-mw-4, p.Y+3))
					width -= mw + 4
				} else {
					more = nil // the name first: no room for both
				}
			}
			col := l.col
			if col == nil {
				col = fg
			}
			if l.lit {
				bg := canvas.NewRectangle(colNew)
				bg.Move(fyne.NewPos(p.X+2, p.Y+3+float32(i)*lh))
				bg.Resize(fyne.NewSize(w-4, lh))
				r.objs = append(r.objs, bg)
				col = color.Black
			}
			t := canvas.NewText(l.fitting(width, textSize), col)
			t.TextSize = textSize
			t.TextStyle.Bold = i == 0 || l.lit
			t.Move(fyne.NewPos(p.X+4, p.Y+3+float32(i)*lh))
			r.objs = append(r.objs, t)
			if more != nil {
				r.objs = append(r.objs, more)
			}
		}
	}
	// Door names only where the squares leave room for them; the bars in
	// their colours show the doors anyway.
	if showTags {
		r.objs = append(r.objs, tags...)
	}
}

// overlaps reports whether a w×h label at p would cover one of rects.
func overlaps(rects [][2]fyne.Position, p fyne.Position, w, h float32) bool {
	for _, r := range rects {
		if p.X < r[1].X && r[0].X < p.X+w && p.Y < r[1].Y && r[0].Y < p.Y+h {
			return true
		}
	}
	return false
}

// countRow is how many of the area's squares run right from first.
func countRow(cells []content.Cell, first content.Cell) int {
	n := 1
	for slices.Contains(cells, content.Cell{X: first.X + n, Y: first.Y}) {
		n++
	}
	return n
}

// countCol is how many of the area's squares run down from first.
func countCol(cells []content.Cell, first content.Cell) int {
	n := 1
	for slices.Contains(cells, content.Cell{X: first.X, Y: first.Y + n}) {
		n++
	}
	return n
}

// fitText cuts words that would run past width, with an ellipsis.
func fitText(s string, width, size float32) string {
	measure := func(t string) float32 {
		return fyne.MeasureText(t, size, fyne.TextStyle{}).Width
	}
	if measure(s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && measure(string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// areaLines are the words on an area: its name, then what stands there (a
// mission) or what the map sets out there.
func (g *mapGrid) areaLines(a content.Area) []gridLine {
	m := g.Map
	head := a.ID
	if g.Lines != nil {
		return append([]gridLine{{text: head, col: theme.Color(theme.ColorNameForeground)}}, g.Lines(a.ID)...)
	}
	// Each mark has shorter words for a small square, tried before a cut
	// (the area's details say each in full).
	ls := []gridLine{{text: head}}
	if slices.Contains(m.Entrances, a.ID) {
		ls = append(ls, gridLine{text: "entrance", col: colHero, short: []string{"entry", "in"}})
	}
	if slices.Contains(m.Exits, a.ID) {
		ls = append(ls, gridLine{text: "exit", col: colHero, short: []string{"out"}})
	}
	if slices.Contains(m.GuardPoints, a.ID) {
		ls = append(ls, gridLine{text: "guard point", short: []string{"guard", "gd"}})
	}
	for _, b := range m.Barracks {
		if b.Target == a.ID {
			ls = append(ls, gridLine{text: "barracks " + b.Letter, col: colAlert, short: []string{"barr. " + b.Letter, "br " + b.Letter}})
		}
	}
	for _, f := range m.Features {
		if f.Area == a.ID {
			t := "feature"
			if f.Type != "" {
				t += " " + f.Type
			}
			ls = append(ls, gridLine{text: t, short: []string{"feature", "feat."}})
		}
	}
	for _, t := range m.SpawnTokens {
		if t.Area == a.ID {
			s, short := "● "+t.ID, "●"+t.ID
			if len(t.Icons) == 0 {
				s += " face down"
				short += "?"
			} else {
				s += " " + levelsText(t.Icons)
			}
			ls = append(ls, gridLine{text: s, col: colToken, short: []string{"● " + t.ID, short}})
		}
	}
	return ls
}
