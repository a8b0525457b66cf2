package story

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A PlotView draws a Plot on a screen, as the story's SVG draws it: the
// same layout (layoutChart), each track told apart by its dashes and
// marks as well as its colour, its name at its end; the words at the
// theme's text size, the colours the theme's, so it reads in the dark and
// light themes and at every text size. The Campaign tab shows the tracks
// of the mission in play (or the last) with it.
type PlotView struct {
	widget.BaseWidget
	plot *Plot
}

// NewPlotView shows p (a copy: the view never changes with it).
func NewPlotView(p *Plot) *PlotView {
	v := &PlotView{}
	v.ExtendBaseWidget(v)
	v.SetPlot(p)
	return v
}

// SetPlot shows another plot (a copy of it).
func (v *PlotView) SetPlot(p *Plot) {
	v.plot = p.clone()
	v.Refresh()
}

// Plot is the plot shown.
func (v *PlotView) Plot() *Plot { return v.plot }

// clone is a copy of a plot that shares nothing with it.
func (p *Plot) clone() *Plot {
	if p == nil {
		return nil
	}
	c := *p
	c.Series = make([]Series, len(p.Series))
	for i, s := range p.Series {
		c.Series[i] = Series{Name: s.Name, Points: append([]Point(nil), s.Points...)}
	}
	c.Notes = append([]string(nil), p.Notes...)
	return &c
}

// MinSize is a chart's height for its words at the theme's size: about 13
// lines of text, so a chart grows with the text; any width of a phone.
func (v *PlotView) MinSize() fyne.Size {
	f := theme.TextSize()
	return fyne.NewSize(f*16, f*14)
}

func (v *PlotView) CreateRenderer() fyne.WidgetRenderer {
	r := &plotRenderer{v: v}
	return r
}

type plotRenderer struct {
	v    *PlotView
	objs []fyne.CanvasObject
	size fyne.Size
}

func (r *plotRenderer) MinSize() fyne.Size { return r.v.MinSize() }

func (r *plotRenderer) Layout(size fyne.Size) {
	r.size = size
	r.build()
}

func (r *plotRenderer) Refresh() {
	r.build()
	canvas.Refresh(r.v)
}

func (r *plotRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *plotRenderer) Destroy()                     {}

// seriesColours are the tracks' colours on a dark and on a light
// background, the HTML story's (html.go), each at least 3:1 against it.
var seriesColours = map[bool][]color.NRGBA{
	true:  {{0x6c, 0xc0, 0xf5, 0xff}, {0xf5, 0xa3, 0x41, 0xff}, {0x52, 0xd6, 0xa8, 0xff}, {0xf0, 0x8f, 0xca, 0xff}, {0xef, 0xe3, 0x5c, 0xff}, {0xd0, 0xd0, 0xd0, 0xff}, {0xb8, 0xa4, 0xff, 0xff}, {0xff, 0x8a, 0x8a, 0xff}},
	false: {{0x0b, 0x63, 0xa8, 0xff}, {0xc4, 0x47, 0x0b, 0xff}, {0x0f, 0x7f, 0x5d, 0xff}, {0xa8, 0x40, 0x7f, 0xff}, {0x7a, 0x62, 0x00, 0xff}, {0x4a, 0x4a, 0x4a, 0xff}, {0x6a, 0x3f, 0xb0, 0xff}, {0xa3, 0x18, 0x2d, 0xff}},
}

// darkBackground says whether the theme's background is dark.
func darkBackground() bool {
	r, g, b, _ := theme.Color(theme.ColorNameBackground).RGBA()
	return (299*r+587*g+114*b)/1000 < 0x8000
}

// build makes the chart's canvas objects for the size laid out.
func (r *plotRenderer) build() {
	r.objs = r.objs[:0]
	p := r.v.plot
	if p == nil || p.empty() || r.size.Width <= 0 {
		return
	}
	font := theme.TextSize()
	width := func(s string, size float32) float32 {
		return fyne.MeasureText(s, size, fyne.TextStyle{}).Width
	}
	c := layoutChart(p, r.size.Width, r.size.Height, font, width)
	fg := theme.Color(theme.ColorNameForeground)
	grid := theme.Color(theme.ColorNameSeparator)
	axis := theme.Color(theme.ColorNamePlaceHolder)
	pal := seriesColours[darkBackground()]
	line := func(x1, y1, x2, y2 float32, col color.Color, w float32) {
		l := canvas.NewLine(col)
		l.StrokeWidth = w
		l.Position1, l.Position2 = fyne.NewPos(x1, y1), fyne.NewPos(x2, y2)
		r.objs = append(r.objs, l)
	}
	for _, g := range c.Grid {
		line(g.X1, g.Y1, g.X2, g.Y2, grid, 1)
	}
	for _, g := range c.Axes {
		line(g.X1, g.Y1, g.X2, g.Y2, axis, 1.5)
	}
	lw := max(2, font/7)
	for _, t := range c.Tracks {
		col := pal[t.Style%len(pal)]
		for _, piece := range dashed(t.Path, dashStyles[t.Style%len(dashStyles)], lw) {
			for i := 1; i < len(piece); i++ {
				line(piece[i-1].X, piece[i-1].Y, piece[i].X, piece[i].Y, col, lw)
			}
		}
		size := max(4, font*0.32)
		for _, q := range t.Marks {
			r.mark(t.Style, q, size, col)
		}
		if t.Key != (pt{}) {
			r.mark(t.Style, t.Key, size*1.1, col)
		}
	}
	for _, t := range c.Texts {
		col := fg
		if t.Series >= 0 {
			col = pal[t.Series%len(pal)]
		}
		txt := canvas.NewText(t.Text, col)
		txt.TextSize = font
		txt.TextStyle.Bold = t.Bold || t.Series >= 0
		w := txt.MinSize()
		x := t.X
		switch t.Anchor {
		case "middle":
			x -= w.Width / 2
		case "end":
			x -= w.Width
		}
		// The layout gives a baseline; a canvas text is placed by its top.
		txt.Move(fyne.NewPos(x, t.Y-font*0.85))
		txt.Resize(w)
		r.objs = append(r.objs, txt)
	}
}

// mark draws a track's mark at q: a dot, a square, a triangle, a
// diamond, or their outlines (an open mark is drawn on the background).
func (r *plotRenderer) mark(style int, q pt, size float32, col color.Color) {
	bg := theme.Color(theme.ColorNameBackground)
	place := func(o fyne.CanvasObject, s float32) {
		o.Resize(fyne.NewSize(2*s, 2*s))
		o.Move(fyne.NewPos(q.X-s, q.Y-s))
		r.objs = append(r.objs, o)
	}
	poly := func(sides uint, angle float32, open bool, s float32) {
		p := canvas.NewPolygon(sides, col)
		p.Angle = angle
		if open {
			p.FillColor, p.StrokeColor, p.StrokeWidth = bg, col, 2
		}
		place(p, s)
	}
	switch style % markKinds {
	case markDot, markRing:
		c := canvas.NewCircle(col)
		if style%markKinds == markRing {
			c.FillColor, c.StrokeColor, c.StrokeWidth = bg, col, 2
		}
		place(c, size)
	case markSquare:
		poly(4, 45, false, size*1.25)
	case markSquareOpen:
		poly(4, 45, true, size*1.25)
	case markTriangle:
		poly(3, 0, false, size*1.3)
	case markTriangleDown:
		poly(3, 180, true, size*1.3)
	case markDiamond:
		poly(4, 0, false, size*1.3)
	default:
		poly(4, 0, true, size*1.3)
	}
}
