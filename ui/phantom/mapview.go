package phantom

import (
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
)

// A Mark is a figure drawn on the map: a disc in its HP base colour with
// its HP big in the middle, its name over it and its conditions as small
// badges under it.
type Mark struct {
	Name string
	// Side is "character", "adversary" or "boss": characters get a white
	// ring, adversaries a black one, bosses a double ring.
	Side       string
	Colour     string // dark blue, light blue, red, yellow
	Space      string // label
	HP, MaxHP  int
	Conditions []string
}

// An Overlay is what the last adversary decision is drawn with: the path
// as arrows from space to space, the end space, the primary target ringed
// and the line of sight between the two vertices the engine used.
type Overlay struct {
	Path   []string // labels, the start first
	End    string
	Target string // label of the primary target's space
	// LoS: the line's two ends, each a space label and a vertex (0 top,
	// clockwise to 5 upper-left, spec §2.1 item 3).
	LoSFrom, LoSTo     string
	LoSFromV, LoSToV   int
	HasLoS             bool
	Selected           string // a space the editor selected
	SelectedCoord      *hex.Coord
	Ghosts             []hex.Coord // positions the editor offers to add
	ghostSet           map[hex.Coord]bool
	ExtraPaths         [][]string // further movements of the same turn
	TargetIsObject     bool
	LoSBlockers        []string
	highlightedBlocker map[string]bool
}

// A MapView draws a mission map as the mission book draws it: pointy-top
// hexes with their printed labels, thick black walls, coloured borders
// for difficult terrain (yellow), hazards (red), destructible (dark blue)
// and indestructible (light blue) objects, gaps filled as lava or water,
// doors, tokens, and the figures. It scrolls and zooms (Scale is the
// hexes' radius in dp), and reports taps on spaces and edges.
type MapView struct {
	widget.BaseWidget

	// Scale is a hex's radius in dp (centre to corner).
	Scale float32
	// OnTapSpace is called with the hex position tapped and the label of
	// the space there ("" if none); OnTapEdge with the position and the
	// side nearest the tap, when EdgeMode is on.
	OnTapSpace func(c hex.Coord, label string)
	OnTapEdge  func(c hex.Coord, side hex.Dir)
	EdgeMode   bool
	// zoomed is set once the players zoom or fit the map themselves:
	// from then on the map keeps their scale (see AutoFit).
	zoomed bool
	// focus are the spaces a fit keeps in view (Focus).
	focus []string

	layout  hex.Layout
	marks   []Mark
	overlay Overlay

	// derived from layout
	byCoord map[hex.Coord]int
	byLabel map[string]int
	walls   map[edgeKey]bool
	// The drawn box in hex radii, after the turn of a flat-top map:
	// a flat-top map is the pointy-top picture turned 30° clockwise, so
	// that its axial direction (0, −1) points north as printed.
	flat     bool
	bx0, by0 float64
	bx1, by1 float64
}

type edgeKey struct {
	c hex.Coord
	d hex.Dir
}

// NewMapView makes an empty map view.
func NewMapView() *MapView {
	v := &MapView{Scale: startScale}
	v.ExtendBaseWidget(v)
	v.derive()
	return v
}

// SetLayout shows a map (a hex.Layout, valid or still being drawn).
func (v *MapView) SetLayout(l hex.Layout) {
	v.layout = l
	v.derive()
	v.Refresh()
}

// SetMarks shows the figures.
func (v *MapView) SetMarks(m []Mark) { v.marks = m; v.Refresh() }

// SetOverlay shows a decision (or the editor's selection and ghosts).
func (v *MapView) SetOverlay(o Overlay) {
	v.overlay = o
	v.derive()
	v.Refresh()
}

// Overlay is what is drawn over the map now.
func (v *MapView) Overlay() Overlay { return v.overlay }

// Marks are the figures drawn now.
func (v *MapView) Marks() []Mark { return v.marks }

// Layout is the map drawn now.
func (v *MapView) Layout() hex.Layout { return v.layout }

// Zoom multiplies the scale, within readable limits.
func (v *MapView) Zoom(f float32) {
	v.zoomed = true
	s := v.Scale * f
	if least := zoomLeast(); s < least {
		s = least
	}
	if s > 120 {
		s = 120
	}
	v.Scale = s
	v.Refresh()
}

// FitTo sets the scale so the whole map fits in size.
func (v *MapView) FitTo(size fyne.Size) {
	v.zoomed = true
	w := float32(v.bx1 - v.bx0)
	h := float32(v.by1 - v.by0)
	if w <= 0 || h <= 0 {
		return
	}
	s := min((size.Width-2*pad)/w, (size.Height-2*pad)/h)
	v.Scale = max(zoomLeast(), min(120, s))
	v.Refresh()
}

// AutoFit, until the players zoom, shows the whole map in size when its
// hexes stay at least as big as they start (a finger's width and more),
// and no bigger than comfortable: a small map on a wide screen is not
// left in a corner, a large one keeps its hexes big enough to tap and
// scrolls. It is called after each layout of the map's area.
func (v *MapView) AutoFit(size fyne.Size) {
	w := float32(v.bx1 - v.bx0)
	h := float32(v.by1 - v.by0)
	if v.zoomed || w <= 0 || h <= 0 || size.Width <= 0 || size.Height <= 0 {
		return
	}
	s := min((size.Width-2*pad)/w, (size.Height-2*pad)/h)
	least := readableScale()
	if x0, y0, x1, y1, ok := v.focusBox(); ok {
		// Small enough for the focused spaces to show together.
		fs := min((size.Width-2*pad)/float32(x1-x0), (size.Height-2*pad)/float32(y1-y0))
		least = min(least, max(focusLeast(), fs))
	}
	s = max(least, min(comfyScale(), s))
	if d := s - v.Scale; d > -0.5 && d < 0.5 {
		return
	}
	v.Scale = s
	v.Refresh()
}

// startScale is a hex's radius before the map is fitted to its area.
const startScale = 38

// minFocusScale is the least radius AutoFit goes down to for a decision's
// spaces to show together, at Normal text.
const minFocusScale = 30

// The map's labels are never smaller than the theme's caption size at the
// text size chosen (issue 22: "Grallok Berser…" in 8 dp), so the hexes
// they are written in grow with the text size: a large map then scrolls.

// captionSize is the theme's caption text size now.
func captionSize() float32 { return theme.CaptionTextSize() }

// readableScale is the least radius AutoFit draws a map at: its start,
// or larger when the caption size needs it (a space's label and the line
// of tokens under it written at the caption size fit in the hex).
func readableScale() float32 { return max(startScale, captionSize()*2.6) }

// focusLeast is the least radius AutoFit goes down to for a decision's
// spaces to show together: as far as the players may zoom out (the
// labels still at the caption size, the tokens under them counted where
// they do not fit). In a portrait window at the largest text the actor,
// its end and its target lie eight radii apart in a map area of 308 dp,
// and the panel under it keeps its third for the Why.
func focusLeast() float32 { return max(minFocusScale, zoomLeast()) }

// comfyScale is the largest radius AutoFit draws a small map at.
func comfyScale() float32 { return max(72, readableScale()*1.2) }

// zoomLeast is the least radius the players can zoom out to: the labels,
// at the caption size, then just fit their spaces.
func zoomLeast() float32 { return max(14, captionSize()*1.6) }

// HeightAcross is the height of the whole map fitted across width (as
// AutoFit would draw it with room enough).
func (v *MapView) HeightAcross(width float32) float32 {
	w, h := float32(v.bx1-v.bx0), float32(v.by1-v.by0)
	if w <= 0 || h <= 0 {
		return 0
	}
	s := max(readableScale(), min(comfyScale(), (width-2*pad)/w))
	return 2*pad + h*s
}

// WidthDown is the width of the whole map fitted down height (as AutoFit
// would draw it), for a screen that gives the map only the width it takes.
func (v *MapView) WidthDown(height float32) float32 {
	w, h := float32(v.bx1-v.bx0), float32(v.by1-v.by0)
	if w <= 0 || h <= 0 {
		return 0
	}
	s := max(readableScale(), min(comfyScale(), (height-2*pad)/h))
	return 2*pad + w*s
}

const (
	sq3h = float32(0.8660254) // √3/2
	pad  = float32(6)
)

func (v *MapView) derive() {
	v.byCoord = map[hex.Coord]int{}
	v.byLabel = map[string]int{}
	for i, s := range v.layout.Spaces {
		v.byCoord[s.Coord] = i
		v.byLabel[s.Label] = i
	}
	v.walls = map[edgeKey]bool{}
	names := [6]string{"NE", "E", "SE", "SW", "W", "NW"}
	if v.layout.Orientation == hex.Flat {
		names = [6]string{"NE", "SE", "S", "SW", "NW", "N"}
	}
	for _, w := range v.layout.Walls {
		if w.Space != "" {
			i, ok := v.byLabel[w.Space]
			if !ok {
				continue
			}
			for d, n := range names {
				if strings.EqualFold(n, strings.TrimSpace(w.Side)) {
					v.addWall(v.layout.Spaces[i].Coord, hex.Dir(d))
				}
			}
			continue
		}
		i, ok1 := v.byLabel[w.A]
		j, ok2 := v.byLabel[w.B]
		if !ok1 || !ok2 {
			continue
		}
		a, b := v.layout.Spaces[i].Coord, v.layout.Spaces[j].Coord
		for d := range 6 {
			if a.Neighbor(hex.Dir(d)) == b {
				v.addWall(a, hex.Dir(d))
			}
		}
	}
	v.overlay.ghostSet = map[hex.Coord]bool{}
	for _, g := range v.overlay.Ghosts {
		v.overlay.ghostSet[g] = true
	}
	v.flat = v.layout.Orientation == hex.Flat
	first := true
	grow := func(c hex.Coord) {
		for k := range 6 {
			x, y := v.unit(c.Corner(hex.Vertex(k)))
			if first {
				v.bx0, v.bx1, v.by0, v.by1 = x, x, y, y
				first = false
				continue
			}
			v.bx0, v.bx1 = min(v.bx0, x), max(v.bx1, x)
			v.by0, v.by1 = min(v.by0, y), max(v.by1, y)
		}
	}
	for _, s := range v.layout.Spaces {
		grow(s.Coord)
	}
	for _, g := range v.overlay.Ghosts {
		grow(g)
	}
	if first {
		v.bx0, v.bx1, v.by0, v.by1 = -1, 1, -1, 1
	}
	v.overlay.highlightedBlocker = map[string]bool{}
	for _, b := range v.overlay.LoSBlockers {
		v.overlay.highlightedBlocker[b] = true
	}
}

func (v *MapView) addWall(c hex.Coord, d hex.Dir) {
	v.walls[edgeKey{c, d}] = true
	v.walls[edgeKey{c.Neighbor(d), d.Opposite()}] = true
}

// FocusOn scrolls sc (the scroll container holding v) so the labelled
// spaces show, centred on them together: a decision's actor, its path's
// end and its target. Until the players zoom, AutoFit also keeps the
// scale at which they all fit (see Focus).
func (v *MapView) FocusOn(sc *container.Scroll, labels ...string) {
	v.Focus(labels...)
	x0, y0, x1, y1, ok := v.focusBox()
	if !ok || sc == nil {
		return
	}
	view, full := sc.Size(), v.MinSize()
	if view.Width < 1 || view.Height < 1 {
		return // not laid out yet: the layout asks again
	}
	s := v.Scale
	cx := pad + float32((x0+x1)/2-v.bx0)*s
	cy := pad + float32((y0+y1)/2-v.by0)*s
	off := fyne.NewPos(cx-view.Width/2, cy-view.Height/2)
	off.X = max(0, min(off.X, full.Width-view.Width))
	off.Y = max(0, min(off.Y, full.Height-view.Height))
	sc.Offset = off
	sc.Refresh()
}

// Focus names the spaces that must show when the map is fitted (none:
// the whole map or its start).
func (v *MapView) Focus(labels ...string) {
	v.focus = v.focus[:0]
	for _, l := range labels {
		if _, ok := v.byLabel[l]; ok && l != "" {
			v.focus = append(v.focus, l)
		}
	}
}

// focusBox is the box of the focused spaces, in hex radii, a hex's
// radius around each centre.
func (v *MapView) focusBox() (x0, y0, x1, y1 float64, ok bool) {
	for _, l := range v.focus {
		i, in := v.byLabel[l]
		if !in {
			continue // the map changed since
		}
		x, y := v.unit(v.layout.Spaces[i].Coord.Centre())
		if !ok {
			x0, y0, x1, y1, ok = x, y, x, y, true
			continue
		}
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	return x0 - 1, y0 - 1, x1 + 1, y1 + 1, ok
}

// HasWall reports whether the edge on side d of c is drawn as a wall (a
// listed wall, or the map's edge).
func (v *MapView) HasWall(c hex.Coord, d hex.Dir) bool {
	if v.walls[edgeKey{c, d}] {
		return true
	}
	_, here := v.byCoord[c]
	_, there := v.byCoord[c.Neighbor(d)]
	return here != there
}

const (
	cos30 = 0.8660254037844386
	sin30 = 0.5
)

// unit places an integer-frame point in hex radii (turned for flat-top).
func (v *MapView) unit(p hex.Point) (float64, float64) {
	x, y := float64(p.X)*cos30, float64(p.Y)*0.5
	if v.flat {
		x, y = x*cos30-y*sin30, x*sin30+y*cos30
	}
	return x, y
}

// frame is the inverse of unit for any point: hex radii back to the
// integer frame, as floats.
func (v *MapView) frame(x, y float64) (float64, float64) {
	if v.flat {
		x, y = x*cos30+y*sin30, -x*sin30+y*cos30
	}
	return x / cos30, y / 0.5
}

// point converts an integer-frame point to a position in the widget.
func (v *MapView) point(p hex.Point) fyne.Position {
	s := float64(v.Scale)
	x, y := v.unit(p)
	return fyne.NewPos(pad+float32((x-v.bx0)*s), pad+float32((y-v.by0)*s))
}

// Centre is where a space's centre is drawn, in the widget.
func (v *MapView) Centre(c hex.Coord) fyne.Position { return v.point(c.Centre()) }

// CentreOf is a labelled space's centre.
func (v *MapView) CentreOf(label string) (fyne.Position, bool) {
	i, ok := v.byLabel[label]
	if !ok {
		return fyne.Position{}, false
	}
	return v.Centre(v.layout.Spaces[i].Coord), true
}

// At finds the hex position under a point of the widget, and the side of
// that hex nearest to it with its distance in dp.
func (v *MapView) At(pos fyne.Position) (hex.Coord, hex.Dir, float32) {
	s := float64(v.Scale)
	xf, yf := v.frame(float64(pos.X-pad)/s+v.bx0, float64(pos.Y-pad)/s+v.by0)
	c := roundAxial(xf, yf)
	cp := c.Centre()
	dx := (xf - float64(cp.X)) * s * float64(sq3h)
	dy := (yf - float64(cp.Y)) * s * 0.5
	d, dist := nearestEdge(dx, dy, s)
	return c, d, float32(dist)
}

// roundAxial finds the hex whose centre is nearest to the integer-frame
// point (x, y): axial r = y/3, q = (x − r)/2, then cube rounding.
func roundAxial(x, y float64) hex.Coord {
	r := y / 3
	q := (x - r) / 2
	sCube := -q - r
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(sCube)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-sCube)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return hex.Coord{Q: int(rq), R: int(rr)}
}

var edgeNormals = func() [6][2]float64 {
	var n [6][2]float64
	for i := range 6 {
		a := (-60 + 60*float64(i)) * math.Pi / 180
		n[i] = [2]float64{math.Cos(a), math.Sin(a)}
	}
	return n
}()

// nearestEdge: the side of a pointy-top hex of radius s nearest to the
// offset (dx, dy) from its centre, and the distance to it.
func nearestEdge(dx, dy, s float64) (hex.Dir, float64) {
	best, bp := 0, math.Inf(-1)
	for i, n := range edgeNormals {
		if p := dx*n[0] + dy*n[1]; p > bp {
			best, bp = i, p
		}
	}
	return hex.Dir(best), s*float64(sq3h) - bp
}

// Tapped reports a tap on a space or, in EdgeMode, on an edge.
func (v *MapView) Tapped(ev *fyne.PointEvent) {
	c, d, _ := v.At(ev.Position)
	if v.EdgeMode {
		if v.OnTapEdge != nil {
			v.OnTapEdge(c, d)
		}
		return
	}
	if v.OnTapSpace != nil {
		label := ""
		if i, ok := v.byCoord[c]; ok {
			label = v.layout.Spaces[i].Label
		}
		v.OnTapSpace(c, label)
	}
}

// MinSize is the whole map at the current scale: put the view in a
// scroll container.
func (v *MapView) MinSize() fyne.Size {
	s := v.Scale
	return fyne.NewSize(2*pad+float32(v.bx1-v.bx0)*s, 2*pad+float32(v.by1-v.by0)*s)
}
