package phantom

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"tablekeeper/automa/hex"
)

// CreateRenderer draws the map.
func (v *MapView) CreateRenderer() fyne.WidgetRenderer {
	r := &mapRenderer{v: v}
	r.raster = canvas.NewRaster(r.draw)
	r.raster.ScaleMode = canvas.ImageScaleFastest
	r.rebuild()
	return r
}

type mapRenderer struct {
	v        *MapView
	raster   *canvas.Raster
	objs     []fyne.CanvasObject
	cached   image.Image
	cacheKey string
}

func (r *mapRenderer) Destroy() {}

func (r *mapRenderer) MinSize() fyne.Size { return r.v.MinSize() }

func (r *mapRenderer) Objects() []fyne.CanvasObject { return r.objs }

func (r *mapRenderer) Layout(size fyne.Size) {
	r.raster.Resize(r.v.MinSize())
	r.raster.Move(fyne.NewPos(0, 0))
}

func (r *mapRenderer) Refresh() {
	r.rebuild()
	r.raster.Refresh()
	canvas.Refresh(r.v)
}

// Colours of the mission book's borders and fills.
var (
	colGround     = color.NRGBA{0xEE, 0xE8, 0xD6, 0xFF}
	colGhost      = color.NRGBA{0x90, 0x90, 0x90, 0x40}
	colGrid       = color.NRGBA{0x80, 0x78, 0x68, 0xFF}
	colWall       = color.NRGBA{0x10, 0x10, 0x10, 0xFF}
	colDifficult  = color.NRGBA{0xF2, 0xC4, 0x1B, 0xFF}
	colHazard     = color.NRGBA{0xD6, 0x1F, 0x1F, 0xFF}
	colDestruct   = color.NRGBA{0x1E, 0x3A, 0x8A, 0xFF}
	colIndestr    = color.NRGBA{0x6C, 0xB4, 0xEE, 0xFF}
	colLava       = color.NRGBA{0xE8, 0x6A, 0x2A, 0xFF}
	colWater      = color.NRGBA{0x3A, 0x7B, 0xD5, 0xFF}
	colOtherGap   = color.NRGBA{0x55, 0x55, 0x55, 0xFF}
	colDoor       = color.NRGBA{0x8B, 0x5A, 0x2B, 0xFF}
	colRubble     = color.NRGBA{0xB8, 0xB0, 0xA0, 0xFF}
	colPath       = color.NRGBA{0xE0, 0x2A, 0xC8, 0xFF}
	colLoS        = color.NRGBA{0x00, 0xB8, 0xD0, 0xFF}
	colTarget     = color.NRGBA{0xE0, 0x10, 0x10, 0xFF}
	colEnd        = color.NRGBA{0x18, 0xA0, 0x40, 0xFF}
	colSelected   = color.NRGBA{0xFF, 0x9F, 0x00, 0xFF}
	colText       = color.NRGBA{0x20, 0x20, 0x20, 0xFF}
	colEntry      = color.NRGBA{0x18, 0x90, 0x40, 0xFF}
	colBackground = color.NRGBA{0x30, 0x30, 0x34, 0xFF}
)

// ColourOf is the drawing colour of an HP base colour.
func ColourOf(name string) color.Color {
	switch strings.ToLower(strings.NewReplacer(" ", "", "-", "").Replace(name)) {
	case "darkblue":
		return color.NRGBA{0x1A, 0x2F, 0x9E, 0xFF}
	case "lightblue":
		return color.NRGBA{0x4F, 0xB8, 0xF0, 0xFF}
	case "red":
		return color.NRGBA{0xD0, 0x20, 0x20, 0xFF}
	case "yellow":
		return color.NRGBA{0xF5, 0xD0, 0x10, 0xFF}
	}
	return color.NRGBA{0x90, 0x90, 0x90, 0xFF}
}

// paintGrid is what the painter looks up per pixel: the position of each
// hex over the drawn box (a space index, ghost or nothing) and each
// space's wall sides.
type paintGrid struct {
	q0, r0, cols, rows int
	cell               []int32 // space index, -2 ghost, -1 nothing
	walls              []uint8 // per space: bit d = side d is drawn as wall
}

const (
	cellNone  = -1
	cellGhost = -2
)

func (v *MapView) paintGrid() paintGrid {
	var g paintGrid
	first := true
	grow := func(c hex.Coord) {
		if first {
			g.q0, g.r0, g.cols, g.rows = c.Q, c.R, 1, 1
			first = false
			return
		}
		q1, r1 := max(g.q0+g.cols-1, c.Q), max(g.r0+g.rows-1, c.R)
		g.q0, g.r0 = min(g.q0, c.Q), min(g.r0, c.R)
		g.cols, g.rows = q1-g.q0+1, r1-g.r0+1
	}
	for _, sp := range v.layout.Spaces {
		grow(sp.Coord)
	}
	for _, c := range v.overlay.Ghosts {
		grow(c)
	}
	g.cell = make([]int32, g.cols*g.rows)
	for i := range g.cell {
		g.cell[i] = cellNone
	}
	for _, c := range v.overlay.Ghosts {
		g.cell[(c.R-g.r0)*g.cols+c.Q-g.q0] = cellGhost
	}
	g.walls = make([]uint8, len(v.layout.Spaces))
	for i, sp := range v.layout.Spaces {
		g.cell[(sp.R-g.r0)*g.cols+sp.Q-g.q0] = int32(i)
	}
	for i, sp := range v.layout.Spaces {
		for d := range 6 {
			if v.HasWall(sp.Coord, hex.Dir(d)) {
				g.walls[i] |= 1 << d
			}
		}
	}
	return g
}

func (g *paintGrid) at(q, r int) int32 {
	q, r = q-g.q0, r-g.r0
	if q < 0 || r < 0 || q >= g.cols || r >= g.rows {
		return cellNone
	}
	return g.cell[r*g.cols+q]
}

// drawKey says what the painted image depends on; the image is kept while
// it does not change (figures and the decision are drawn over it).
func (v *MapView) drawKey(w, h int) string {
	spaces := make([]hex.Space, len(v.layout.Spaces))
	for i, sp := range v.layout.Spaces {
		sp.Label, sp.PlacementIcons = "", nil // drawn as text, not painted
		spaces[i] = sp
	}
	walls := make([]string, 0, len(v.walls))
	for k := range v.walls {
		walls = append(walls, fmt.Sprintf("%d,%d,%d", k.c.Q, k.c.R, k.d))
	}
	sort.Strings(walls)
	b, _ := json.Marshal(struct {
		S  []hex.Space
		Wl []string
		G  []hex.Coord
		Sc float32
		W  int
		H  int
	}{spaces, walls, v.overlay.Ghosts, v.Scale, w, h})
	return string(b)
}

// draw paints the spaces: fills, coloured borders, grid lines and walls,
// pixel by pixel: each pixel finds its hex by axial rounding and its
// nearest side, so hexes, borders and walls are exact at any scale.
func (r *mapRenderer) draw(w, h int) image.Image {
	v := r.v
	if w == 0 || h == 0 {
		return image.NewNRGBA(image.Rect(0, 0, 1, 1))
	}
	key := v.drawKey(w, h)
	if r.cached != nil && r.cacheKey == key {
		return r.cached
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	size := v.MinSize()
	g := v.paintGrid()
	kx, ky := float64(size.Width)/float64(w), float64(size.Height)/float64(h)
	s := float64(v.Scale)
	sx, sy := s*float64(sq3h), s*0.5
	apothem := s * float64(sq3h)
	wallHalf := max(2.5, s*0.07)
	band := max(3.0, s*0.16)
	ghostLine := color.NRGBA{0xA0, 0xA0, 0xA0, 0xFF}
	for y := range h {
		uy := ((float64(y)+0.5)*ky-float64(pad))/s + v.by0
		row := img.Pix[y*img.Stride:]
		for x := range w {
			ux := ((float64(x)+0.5)*kx-float64(pad))/s + v.bx0
			X, Y := v.frame(ux, uy)
			c := roundAxial(X, Y)
			dx := (X - float64(2*c.Q+c.R)) * sx
			dy := (Y - float64(3*c.R)) * sy
			d, bp := 0, math.Inf(-1)
			for k, n := range edgeNormals {
				if p := dx*n[0] + dy*n[1]; p > bp {
					d, bp = k, p
				}
			}
			dist := apothem - bp
			var col color.NRGBA
			switch i := g.at(c.Q, c.R); {
			case i == cellGhost:
				col = colGhost
				if dist < 1.5 {
					col = ghostLine
				}
			case i < 0:
				col = colBackground
			case g.walls[i]&(1<<d) != 0 && dist < wallHalf:
				col = colWall
			case dist < 0.8:
				col = colGrid
			default:
				col = spaceColour(&v.layout.Spaces[i], dist, band, dx, dy, s)
			}
			o := x * 4
			row[o], row[o+1], row[o+2], row[o+3] = col.R, col.G, col.B, col.A
		}
	}
	r.cached, r.cacheKey = img, key
	return img
}

// spaceColour: the border band carries the space's kind (yellow difficult,
// red hazard, dark-blue or light-blue object, dotted gap); the inside its
// fill (ground, lava, water, door, object block). (dx, dy) is the pixel's
// offset from the space's centre, s the hex radius.
func spaceColour(sp *hex.Space, dist, band, dx, dy, s float64) color.NRGBA {
	rad := math.Hypot(dx, dy)
	inBand := dist < band
	switch {
	case sp.Door == hex.ClosedDoor:
		if math.Abs(dy) < s*0.28 {
			return colDoor
		}
		return colGround
	case sp.Terrain == hex.Gap:
		fill := colOtherGap
		switch sp.GapKind {
		case hex.Lava:
			fill = colLava
		case hex.Water:
			fill = colWater
		}
		if inBand && int(math.Atan2(dy, dx)*12/math.Pi+24)%2 == 0 {
			return colWall
		}
		return fill
	}
	if sp.HasHazard() && inBand {
		return colHazard
	}
	if sp.Object == hex.Destructible && inBand {
		return colDestruct
	}
	if sp.Object == hex.Indestructible && inBand {
		return colIndestr
	}
	if sp.Terrain == hex.Difficult && inBand {
		return colDifficult
	}
	if sp.Door == hex.OpenDoor && dist < band*0.6 {
		return colDoor
	}
	if sp.EntryPoint && dist < band*1.6 && dist >= band {
		return colEntry
	}
	switch sp.Object {
	case hex.Indestructible:
		if rad < s*0.42 {
			return colIndestr
		}
	case hex.Destructible:
		switch sp.ObjectState {
		case hex.Destroyed:
			if rad < s*0.42 && (int(dx+dy)/3)%2 == 0 {
				return colRubble
			}
		case hex.Damaged:
			if rad < s*0.42 {
				if int(math.Floor((dx-dy)/4))%2 == 0 {
					return color.NRGBA{0x6F, 0x84, 0xC8, 0xFF}
				}
				return colDestruct
			}
		default:
			if rad < s*0.42 {
				return colDestruct
			}
		}
	}
	if sp.Terrain == hex.Difficult && (int(math.Floor((dx+dy)/5)))%3 == 0 {
		return color.NRGBA{0xE6, 0xD9, 0xA8, 0xFF}
	}
	return colGround
}

// rebuild lays out the labels, tokens, figures and the decision overlay
// over the painted spaces.
func (r *mapRenderer) rebuild() {
	v := r.v
	s := v.Scale
	objs := []fyne.CanvasObject{r.raster}
	text := func(str string, size float32, bold bool, col color.Color, centre fyne.Position) *canvas.Text {
		t := canvas.NewText(str, col)
		t.TextSize = size
		t.TextStyle.Bold = bold
		t.Alignment = fyne.TextAlignCenter
		ms := t.MinSize()
		t.Resize(ms)
		t.Move(fyne.NewPos(centre.X-ms.Width/2, centre.Y-ms.Height/2))
		return t
	}
	var onTop []fyne.CanvasObject // the labels of spaces with a figure
	occupied := map[string]bool{}
	for _, m := range v.marks {
		occupied[m.Space] = true
	}
	for _, sp := range v.layout.Spaces {
		cen := v.Centre(sp.Coord)
		labelCol := color.Color(colText)
		if sp.Door == hex.ClosedDoor || sp.Terrain == hex.Gap {
			labelCol = color.White
		}
		if sp.Object == hex.Destructible && sp.ObjectState != hex.Destroyed || sp.Object == hex.Indestructible {
			labelCol = color.White
		}
		capSize := captionSize()
		ly := cen.Y - s*0.18
		size := max(capSize, s*0.34)
		if occupied[sp.Label] {
			// Over the figure's name and disc, which sit lower in the
			// hex (figureObjects): both stay readable.
			ly, size = cen.Y-s*0.66, max(capSize, s*0.24)
			// Clear of the name's plate (figureObjects) when the caption
			// size makes both taller than the hex allows.
			nameH := fyne.MeasureText("Ag", max(capSize, s*0.22), fyne.TextStyle{Bold: true}).Height
			labelH := fyne.MeasureText(sp.Label, size, fyne.TextStyle{Bold: true}).Height
			ly = min(ly, cen.Y-s*0.3-nameH/2-1-labelH/2)
			labelCol = colText
		}
		if occupied[sp.Label] {
			// Drawn last, over the rings and lines of a decision that
			// pass through the top of the hex, on a light plate.
			t := text(sp.Label, size, true, labelCol, fyne.NewPos(cen.X, ly))
			plate := canvas.NewRectangle(color.NRGBA{0xFF, 0xFF, 0xF4, 0xD0})
			plate.CornerRadius = t.Size().Height * 0.3
			plate.Resize(t.Size().AddWidthHeight(4, 0))
			plate.Move(t.Position().SubtractXY(2, 0))
			onTop = append(onTop, plate, t)
			continue
		}
		objs = append(objs, text(sp.Label, size, true, labelCol, fyne.NewPos(cen.X, ly)))
		if note := spaceNote(&sp); note != "" && !occupied[sp.Label] {
			objs = append(objs, text(note, max(capSize, s*0.22), false, labelCol, fyne.NewPos(cen.X, cen.Y+s*0.28)))
		}
	}
	// The decision: path arrows, end ring, LoS line, target ring.
	o := v.overlay
	drawPath := func(path []string) {
		for k := 1; k < len(path); k++ {
			a, ok1 := v.CentreOf(path[k-1])
			b, ok2 := v.CentreOf(path[k])
			if ok1 && ok2 {
				objs = append(objs, arrow(a, b, s, colPath)...)
			}
		}
	}
	for _, p := range o.ExtraPaths {
		drawPath(p)
	}
	drawPath(o.Path)
	ring := func(label string, col color.Color, rad float32, width float32) {
		if c, ok := v.CentreOf(label); ok {
			ci := canvas.NewCircle(color.Transparent)
			ci.StrokeColor, ci.StrokeWidth = col, width
			ci.Resize(fyne.NewSize(2*rad, 2*rad))
			ci.Move(fyne.NewPos(c.X-rad, c.Y-rad))
			objs = append(objs, ci)
		}
	}
	if o.End != "" {
		ring(o.End, colEnd, s*0.8, max(3, s*0.09))
	}
	if o.Selected != "" {
		ring(o.Selected, colSelected, s*0.75, max(3, s*0.1))
	} else if o.SelectedCoord != nil {
		c := v.Centre(*o.SelectedCoord)
		ci := canvas.NewCircle(color.Transparent)
		ci.StrokeColor, ci.StrokeWidth = colSelected, max(3, s*0.1)
		ci.Resize(fyne.NewSize(1.5*s, 1.5*s))
		ci.Move(fyne.NewPos(c.X-0.75*s, c.Y-0.75*s))
		objs = append(objs, ci)
	}
	// Figures.
	for _, m := range v.marks {
		c, ok := v.CentreOf(m.Space)
		if !ok {
			continue
		}
		objs = append(objs, figureObjects(m, c, s)...)
	}
	for b := range o.highlightedBlocker {
		ring(b, colLoS, s*0.5, max(2, s*0.06))
	}
	if o.Target != "" {
		ring(o.Target, colTarget, s*0.66, max(4, s*0.13))
	}
	if o.HasLoS {
		a, ok1 := v.vertexPos(o.LoSFrom, o.LoSFromV)
		b, ok2 := v.vertexPos(o.LoSTo, o.LoSToV)
		if ok1 && ok2 {
			l := canvas.NewLine(colLoS)
			l.StrokeWidth = max(3, s*0.1)
			l.Position1, l.Position2 = a, b
			objs = append(objs, l)
			for _, p := range []fyne.Position{a, b} {
				d := canvas.NewCircle(colLoS)
				rr := max(4, s*0.13)
				d.Resize(fyne.NewSize(2*rr, 2*rr))
				d.Move(fyne.NewPos(p.X-rr, p.Y-rr))
				objs = append(objs, d)
			}
		}
	}
	r.objs = append(objs, onTop...)
}

// vertexPos is where vertex k of a labelled space is drawn.
func (v *MapView) vertexPos(label string, k int) (fyne.Position, bool) {
	i, ok := v.byLabel[label]
	if !ok || k < 0 || k > 5 {
		return fyne.Position{}, false
	}
	return v.point(v.layout.Spaces[i].Coord.Corner(hex.Vertex(k))), true
}

// spaceNote is the short line of tokens under a space's label.
func spaceNote(sp *hex.Space) string {
	var parts []string
	if sp.EntryPoint {
		parts = append(parts, "entry")
	}
	if sp.HasHazard() {
		h := string(sp.Hazard)
		if sp.HazardSource == hex.HazardToken {
			h += "•"
		}
		parts = append(parts, h)
	}
	if sp.Object == hex.Destructible && sp.ObjectState != hex.Intact {
		parts = append(parts, string(sp.ObjectState))
	}
	if sp.Door == hex.ClosedDoor {
		parts = append(parts, "door")
	}
	if sp.Door == hex.OpenDoor {
		parts = append(parts, "open")
	}
	if sp.HasOrb() {
		o := "orb"
		if sp.Orb.Kind == hex.CampaignToken {
			o = fmt.Sprintf("orb %d", sp.Orb.Number)
		}
		if !sp.Orb.Active {
			o += " off"
		}
		parts = append(parts, o)
	}
	if sp.Treasure.Kind != hex.NoToken && sp.Treasure.Present {
		t := "treas."
		if sp.Treasure.Kind == hex.CampaignToken {
			t = fmt.Sprintf("treas. %d", sp.Treasure.Number)
		}
		parts = append(parts, t)
	}
	if sp.NovaCells > 0 {
		parts = append(parts, fmt.Sprintf("nova %d", sp.NovaCells))
	}
	for _, p := range sp.PlacementIcons {
		parts = append(parts, iconText(p))
	}
	return strings.Join(parts, " ")
}

// iconText abbreviates a placement icon: initials and character count.
func iconText(p hex.PlacementIcon) string {
	var b strings.Builder
	for _, w := range strings.Fields(p.Adversary) {
		b.WriteString(strings.ToUpper(string([]rune(w)[:1])))
	}
	if p.Characters != "" {
		b.WriteString(" " + p.Characters)
	}
	return "⚑" + b.String()
}

// arrow is a line from a to b, shortened at both ends, with a head.
func arrow(a, b fyne.Position, s float32, col color.Color) []fyne.CanvasObject {
	dx, dy := b.X-a.X, b.Y-a.Y
	n := float32(math.Hypot(float64(dx), float64(dy)))
	if n == 0 {
		return nil
	}
	ux, uy := dx/n, dy/n
	a2 := fyne.NewPos(a.X+ux*s*0.3, a.Y+uy*s*0.3)
	b2 := fyne.NewPos(b.X-ux*s*0.3, b.Y-uy*s*0.3)
	w := max(3, s*0.11)
	l := canvas.NewLine(col)
	l.StrokeWidth = w
	l.Position1, l.Position2 = a2, b2
	head := s * 0.3
	h1 := canvas.NewLine(col)
	h1.StrokeWidth = w
	h1.Position1 = b2
	h1.Position2 = fyne.NewPos(b2.X-head*(ux*0.8-uy*0.6), b2.Y-head*(uy*0.8+ux*0.6))
	h2 := canvas.NewLine(col)
	h2.StrokeWidth = w
	h2.Position1 = b2
	h2.Position2 = fyne.NewPos(b2.X-head*(ux*0.8+uy*0.6), b2.Y-head*(uy*0.8-ux*0.6))
	return []fyne.CanvasObject{l, h1, h2}
}

// condBadge is a condition's short badge and whether it helps its holder.
func condBadge(c string) (string, bool) {
	switch strings.ToLower(strings.ReplaceAll(c, " ", "")) {
	case "barrier":
		return "Ba", true
	case "invisible":
		return "In", true
	case "resilient":
		return "Re", true
	case "vengeful":
		return "Ve", true
	case "bleeding":
		return "Bl", false
	case "blinded":
		return "Bd", false
	case "burning":
		return "Bu", false
	case "frozen":
		return "Fr", false
	case "knockeddown":
		return "KD", false
	case "stunned":
		return "St", false
	case "vulnerable":
		return "Vu", false
	case "weakened":
		return "We", false
	}
	if len(c) >= 2 {
		return c[:2], false
	}
	return c, false
}

// figureObjects draws one figure in the hex whose centre is c: its name
// on a plate across the hex's widest part, under the space's label (drawn
// at the top of the hex), and its disc with its HP in the lower half, so
// the label, the name and the HP all show. The name is drawn smaller to
// fit the hex before it is shortened.
func figureObjects(m Mark, c fyne.Position, s float32) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	rad := s * 0.38
	if m.Side == "boss" {
		rad = s * 0.44
	}
	dc := fyne.NewPos(c.X, c.Y+s*0.18) // the disc's centre
	disc := canvas.NewCircle(ColourOf(m.Colour))
	ringCol := color.Color(color.Black)
	if m.Side == "character" {
		ringCol = color.White
	}
	disc.StrokeColor, disc.StrokeWidth = ringCol, max(2, s*0.06)
	disc.Resize(fyne.NewSize(2*rad, 2*rad))
	disc.Move(fyne.NewPos(dc.X-rad, dc.Y-rad))
	out = append(out, disc)
	if m.Side == "boss" {
		in := canvas.NewCircle(color.Transparent)
		in.StrokeColor, in.StrokeWidth = color.Black, max(2, s*0.04)
		r2 := rad * 0.8
		in.Resize(fyne.NewSize(2*r2, 2*r2))
		in.Move(fyne.NewPos(dc.X-r2, dc.Y-r2))
		out = append(out, in)
	}
	fg := color.Color(color.White)
	if strings.Contains(strings.ToLower(m.Colour), "yellow") || strings.Contains(strings.ToLower(m.Colour), "light") {
		fg = color.Black
	}
	hp := canvas.NewText(fmt.Sprint(m.HP), fg)
	hp.TextStyle.Bold = true
	hp.TextSize = max(captionSize(), s*0.44)
	hs := hp.MinSize()
	hp.Resize(hs)
	hp.Move(fyne.NewPos(dc.X-hs.Width/2, dc.Y-hs.Height/2))
	out = append(out, hp)
	// The name on a light plate, across the hex above the disc.
	label, size := fitName(m.Name, s*1.8, max(captionSize(), s*0.22))
	name := canvas.NewText(label, colText)
	name.TextSize = size
	name.TextStyle.Bold = true
	ns := name.MinSize()
	ny := c.Y - s*0.3
	plate := canvas.NewRectangle(color.NRGBA{0xFF, 0xFF, 0xF4, 0xE8})
	plate.CornerRadius = ns.Height * 0.3
	plate.StrokeColor, plate.StrokeWidth = ringCol, 1
	plate.Resize(fyne.NewSize(ns.Width+4, ns.Height))
	plate.Move(fyne.NewPos(c.X-ns.Width/2-2, ny-ns.Height/2))
	name.Resize(ns)
	name.Move(fyne.NewPos(c.X-ns.Width/2, ny-ns.Height/2))
	out = append(out, plate, name)
	// Conditions as badges along the bottom of the disc.
	n := len(m.Conditions)
	bw := max(captionSize()*1.6, s*0.4)
	x0 := c.X - float32(n)*bw/2
	by := dc.Y + rad*0.45
	for k, cond := range m.Conditions {
		txt, good := condBadge(cond)
		bg := color.NRGBA{0xC0, 0x30, 0x10, 0xFF}
		if good {
			bg = color.NRGBA{0x10, 0x90, 0x40, 0xFF}
		}
		b := canvas.NewRectangle(bg)
		b.CornerRadius = bw * 0.25
		b.StrokeColor, b.StrokeWidth = color.White, 1
		b.Resize(fyne.NewSize(bw-1, bw*0.8))
		b.Move(fyne.NewPos(x0+float32(k)*bw, by))
		t := canvas.NewText(txt, color.White)
		t.TextSize = max(captionSize(), bw*0.5)
		t.TextStyle.Bold = true
		ts := t.MinSize()
		t.Resize(ts)
		t.Move(fyne.NewPos(x0+float32(k)*bw+(bw-1-ts.Width)/2, by+(bw*0.8-ts.Height)/2))
		out = append(out, b, t)
	}
	return out
}

// fitName is a figure's name as it fits width at size: whole, else said
// shorter as players would, never smaller than the caption size (issue 22:
// "Grallok Berser…" in 8 dp): a multi-word name by its initials and
// number ("Grallok Berserker 1" → "GB 1", the figure cards say it whole),
// a character's first name; a single long word stays whole, its plate
// wider than the hex.
func fitName(n string, width, size float32) (string, float32) {
	style := fyne.TextStyle{Bold: true}
	if fyne.MeasureText(n, size, style).Width <= width {
		return n, size
	}
	words := strings.Fields(n)
	if len(words) < 2 {
		return n, size
	}
	num := ""
	if last := words[len(words)-1]; strings.Trim(last, "0123456789") == "" {
		num, words = last, words[:len(words)-1]
	}
	if num == "" {
		// A character's name: the first name says who.
		if fyne.MeasureText(words[0], size, style).Width <= width {
			return words[0], size
		}
	}
	var b strings.Builder
	for _, w := range words {
		r := []rune(w)
		b.WriteRune(unicode.ToUpper(r[0]))
	}
	if num != "" {
		b.WriteString(" " + num)
	}
	return b.String(), size
}

// placementKey says in words what the map's placement icons (⚑) mean,
// one by one: which adversary is placed there at setup, and with how
// many characters (spec §10.2); "" when the map has none.
func placementKey(l hex.Layout) string {
	var parts []string
	for _, sp := range l.Spaces {
		for _, p := range sp.PlacementIcons {
			when := "always"
			switch {
			case p.Characters == "":
			case strings.Contains(p.Characters, "-"):
				when = "with " + strings.Replace(p.Characters, "-", " to ", 1) + " characters"
			case p.Characters == "1":
				when = "with 1 character or more"
			default:
				when = "with " + p.Characters + " characters or more"
			}
			parts = append(parts, fmt.Sprintf("%s on %s: %s, %s", iconText(p), sp.Label, p.Adversary, when))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "⚑ marks where an adversary is placed at setup (Rulebook p.10) · " + strings.Join(parts, " · ")
}
