package story

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// A chart is a Plot laid out at a size: the lines, marks and words to draw,
// in pixels from the top left. The HTML's SVG and the Campaign tab's widget
// both draw a chart from this one layout, so the two show the same thing.
//
// Colour is never the only cue: each series has its own line (solid,
// dashed, dotted…) and its own mark at every value (a dot, a square, a
// triangle…), and its name is written at the end of its line, after its
// mark, so a grey print or a reader who cannot tell the colours apart
// still tells the tracks apart.
type chart struct {
	W, H   float32
	Font   float32
	Area   rect // where the values are drawn
	Grid   []seg
	Axes   []seg
	Texts  []chartText
	Tracks []track
}

type rect struct{ X0, Y0, X1, Y1 float32 }

type seg struct{ X1, Y1, X2, Y2 float32 }

// A chartText is a word at (X, Y): Y is its baseline; Anchor is "start",
// "middle" or "end" of the text at X. Series is the track it names (-1
// for the axes' words).
type chartText struct {
	X, Y   float32
	Text   string
	Anchor string
	Series int
	Bold   bool
}

// A track is one series: its line through Path, its marks, the style
// number that gives its dash and mark, and its name's mark beside the
// label.
type track struct {
	Style int
	Path  []pt
	Marks []pt
	Key   pt // where the label's mark is
}

type pt struct{ X, Y float32 }

// Each series' line: solid, dashed, dotted, dash-dot, long dashes…, in
// units of the line's width.
var dashStyles = [][]float32{nil, {6, 3}, {1.5, 2.5}, {8, 3, 1.5, 3}, {12, 4}, {3, 3}, {8, 2, 1.5, 2, 1.5, 2}, {14, 3, 4, 3}}

// Each series' mark.
const (
	markDot = iota
	markSquare
	markTriangle
	markDiamond
	markRing
	markTriangleDown
	markSquareOpen
	markDiamondOpen
	markKinds
)

// measure estimates a text's width at a font size where no font is at
// hand (the SVG): the story's fonts run about 0.6 em a letter, a little more to be safe.
func measure(s string, size float32) float32 {
	n := 0
	for range s {
		n++
	}
	return float32(n) * size * 0.62
}

// layoutChart lays p out at w×h with words of size font; width measures a
// text (measure when nil).
func layoutChart(p *Plot, w, h, font float32, width func(string, float32) float32) *chart {
	if width == nil {
		width = measure
	}
	c := &chart{W: w, H: h, Font: font}
	x0, x1, y0, y1 := p.bounds()
	if x1 == x0 {
		x1 = x0 + 1
	}
	lo, hi, step := yTicks(min(0, y0), y1)
	// The y axis's numbers on the left, its name above them; the x
	// axis's numbers under the area and its name under them; the tracks'
	// names at the right of their last values.
	yw := float32(0)
	for v := lo; v <= hi; v += step {
		yw = max(yw, width(strconv.Itoa(v), font))
	}
	labelW := float32(0)
	for _, s := range p.Series {
		labelW = max(labelW, width(s.Name, font))
	}
	labelW = min(labelW+font*2.2, w*0.38)
	c.Area = rect{X0: yw + font*0.8, Y0: font * 2, X1: w - labelW - font*0.6, Y1: h - font*2.9}
	a := c.Area
	if a.X1-a.X0 < font*4 || a.Y1-a.Y0 < font*3 {
		return c // too small to draw anything readable
	}
	px := func(x int) float32 { return a.X0 + (a.X1-a.X0)*float32(x-x0)/float32(x1-x0) }
	py := func(y int) float32 { return a.Y1 - (a.Y1-a.Y0)*float32(y-lo)/float32(hi-lo) }
	// Grid lines and the y axis's numbers.
	for v := lo; v <= hi; v += step {
		y := py(v)
		c.Grid = append(c.Grid, seg{a.X0, y, a.X1, y})
		c.Texts = append(c.Texts, chartText{X: a.X0 - font*0.4, Y: y + font*0.35, Text: strconv.Itoa(v), Anchor: "end", Series: -1})
	}
	c.Texts = append(c.Texts, chartText{X: 0, Y: font * 1.1, Text: p.Y, Anchor: "start", Series: -1, Bold: true})
	// The x axis's numbers: every step when they fit, else every k-th.
	maxW := width(strconv.Itoa(x1), font) + font
	every := 1
	for (a.X1-a.X0)/float32(x1-x0)*float32(every) < maxW {
		every++
	}
	for x := x0; x <= x1; x++ {
		if (x-x0)%every == 0 || x == x1 && (x1-x0)%every > every/2 {
			c.Texts = append(c.Texts, chartText{X: px(x), Y: a.Y1 + font*1.3, Text: strconv.Itoa(x), Anchor: "middle", Series: -1})
			c.Axes = append(c.Axes, seg{px(x), a.Y1, px(x), a.Y1 + font*0.3})
		}
	}
	c.Texts = append(c.Texts, chartText{X: (a.X0 + a.X1) / 2, Y: a.Y1 + font*2.6, Text: p.X, Anchor: "middle", Series: -1, Bold: true})
	c.Axes = append(c.Axes, seg{a.X0, a.Y1, a.X1, a.Y1}, seg{a.X0, a.Y0, a.X0, a.Y1})
	// The tracks, and their names at their ends, moved apart where two
	// would overlap.
	type label struct {
		i int
		y float32
	}
	var labels []label
	for i, s := range p.Series {
		if len(s.Points) == 0 {
			continue
		}
		t := track{Style: i}
		for j, q := range s.Points {
			x, y := px(q.X), py(q.Y)
			if p.Step && j > 0 {
				t.Path = append(t.Path, pt{x, t.Path[len(t.Path)-1].Y})
			}
			t.Path = append(t.Path, pt{x, y})
			if len(s.Points) <= 40 || j == 0 || j == len(s.Points)-1 {
				t.Marks = append(t.Marks, pt{x, y})
			}
		}
		c.Tracks = append(c.Tracks, t)
		labels = append(labels, label{len(c.Tracks) - 1, py(s.Points[len(s.Points)-1].Y)})
	}
	slices.SortStableFunc(labels, func(p, q label) int {
		switch {
		case p.y < q.y:
			return -1
		case p.y > q.y:
			return 1
		}
		return 0
	})
	gap := font * 1.25
	for k := range labels {
		if k > 0 && labels[k].y < labels[k-1].y+gap {
			labels[k].y = labels[k-1].y + gap
		}
	}
	// Pushed past the bottom: move the whole column up.
	if n := len(labels); n > 0 && labels[n-1].y > h-font*0.5 {
		over := labels[n-1].y - (h - font*0.5)
		for k := range labels {
			labels[k].y -= over
		}
	}
	room := w - (a.X1 + font*2.1)
	for _, l := range labels {
		t := &c.Tracks[l.i]
		t.Key = pt{a.X1 + font*1.3, l.y}
		name := fit(p.Series[indexOfTrack(p, l.i)].Name, room, font, width)
		c.Texts = append(c.Texts, chartText{X: a.X1 + font*2.1, Y: l.y + font*0.35, Text: name, Anchor: "start", Series: t.Style})
	}
	return c
}

// fit shortens a name to the room it has, ending it with "…".
func fit(name string, room, font float32, width func(string, float32) float32) string {
	if width(name, font) <= room {
		return name
	}
	r := []rune(name)
	for len(r) > 1 && width(string(r)+"…", font) > room {
		r = r[:len(r)-1]
	}
	return strings.TrimSpace(string(r)) + "…"
}

// indexOfTrack is the series the i-th track draws (series without values
// have no track).
func indexOfTrack(p *Plot, i int) int {
	n := -1
	for k, s := range p.Series {
		if len(s.Points) > 0 {
			n++
		}
		if n == i {
			return k
		}
	}
	return 0
}

// yTicks are round numbers from at most lo to at least hi, about five of
// them: 1, 2 or 5 times a power of ten apart.
func yTicks(lo, hi int) (from, to, step int) {
	if hi <= lo {
		hi = lo + 1
	}
	span := float64(hi - lo)
	raw := span / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step = 1
	for _, m := range []float64{1, 2, 5, 10} {
		if s := m * mag; s >= raw {
			step = max(1, int(s))
			break
		}
	}
	from = int(math.Floor(float64(lo)/float64(step))) * step
	to = int(math.Ceil(float64(hi)/float64(step))) * step
	return from, to, step
}

// dashed cuts a path into the pieces its dash pattern draws (pattern in
// units of width); a solid line is the whole path as one piece.
func dashed(path []pt, pattern []float32, width float32) [][]pt {
	if len(pattern) == 0 {
		return [][]pt{path}
	}
	var out [][]pt
	k, left, on := 0, pattern[0]*width, true
	var cur []pt
	if len(path) > 0 {
		cur = []pt{path[0]}
	}
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		dx, dy := b.X-a.X, b.Y-a.Y
		d := float32(math.Hypot(float64(dx), float64(dy)))
		at := float32(0)
		for d-at > left {
			at += left
			p := pt{a.X + dx*at/d, a.Y + dy*at/d}
			if on {
				cur = append(cur, p)
				out = append(out, cur)
				cur = nil
			} else {
				cur = []pt{p}
			}
			on = !on
			k = (k + 1) % len(pattern)
			left = pattern[k] * width
		}
		left -= d - at
		if on {
			cur = append(cur, b)
		}
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}
