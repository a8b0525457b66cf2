package story

import (
	"fmt"
	"html"
	"strings"
)

// The story's charts are drawn at this size (SVG units) and scaled to the
// page's width: on a phone 390 px wide their words are about 12 px, on
// paper about 9 pt.
const (
	svgW, svgH, svgFont = 420, 250, 14
)

// svgChart writes p as an inline SVG: its colours are the page's (CSS
// variables, so it follows a dark or light page and prints black on
// white), its tracks told apart by dash and mark as well.
func svgChart(p *Plot) string {
	c := layoutChart(p, svgW, svgH, svgFont, nil)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg viewBox="0 0 %d %d" role="img" aria-label="%s">`, svgW, svgH, html.EscapeString(p.describe()))
	for _, g := range c.Grid {
		fmt.Fprintf(&b, `<line class="grid" x1="%s" y1="%s" x2="%s" y2="%s"/>`, f1(g.X1), f1(g.Y1), f1(g.X2), f1(g.Y2))
	}
	for _, g := range c.Axes {
		fmt.Fprintf(&b, `<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s"/>`, f1(g.X1), f1(g.Y1), f1(g.X2), f1(g.Y2))
	}
	for _, t := range c.Tracks {
		k := t.Style % len(dashStyles)
		var pts []string
		for _, q := range t.Path {
			pts = append(pts, f1(q.X)+","+f1(q.Y))
		}
		dash := ""
		if d := dashStyles[k]; len(d) > 0 {
			var parts []string
			for _, v := range d {
				parts = append(parts, f1(v*2.5))
			}
			dash = ` stroke-dasharray="` + strings.Join(parts, " ") + `"`
		}
		fmt.Fprintf(&b, `<polyline class="track c%d" points="%s"%s/>`, t.Style%8, strings.Join(pts, " "), dash)
		for _, q := range t.Marks {
			b.WriteString(svgMark(t.Style, q, 4.2))
		}
		if t.Key != (pt{}) {
			b.WriteString(svgMark(t.Style, t.Key, 4.6))
		}
	}
	for _, t := range c.Texts {
		cls := "label"
		if t.Series >= 0 {
			cls = fmt.Sprintf("label n%d", t.Series%8)
		}
		weight := ""
		if t.Bold {
			weight = ` font-weight="bold"`
		}
		fmt.Fprintf(&b, `<text class="%s" x="%s" y="%s" text-anchor="%s"%s>%s</text>`, cls, f1(t.X), f1(t.Y), t.Anchor, weight, html.EscapeString(t.Text))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// svgMark draws the mark of a style at q, r its half size.
func svgMark(style int, q pt, r float32) string {
	cls := fmt.Sprintf("c%d", style%8)
	poly := func(open bool, pts ...pt) string {
		var s []string
		for _, p := range pts {
			s = append(s, f1(q.X+p.X*r)+","+f1(q.Y+p.Y*r))
		}
		kind := "mark"
		if open {
			kind = "mark open"
		}
		return fmt.Sprintf(`<polygon class="%s %s" points="%s"/>`, kind, cls, strings.Join(s, " "))
	}
	switch style % markKinds {
	case markDot:
		return fmt.Sprintf(`<circle class="mark %s" cx="%s" cy="%s" r="%s"/>`, cls, f1(q.X), f1(q.Y), f1(r))
	case markRing:
		return fmt.Sprintf(`<circle class="mark open %s" cx="%s" cy="%s" r="%s"/>`, cls, f1(q.X), f1(q.Y), f1(r))
	case markSquare:
		return poly(false, pt{-0.9, -0.9}, pt{0.9, -0.9}, pt{0.9, 0.9}, pt{-0.9, 0.9})
	case markSquareOpen:
		return poly(true, pt{-0.9, -0.9}, pt{0.9, -0.9}, pt{0.9, 0.9}, pt{-0.9, 0.9})
	case markTriangle:
		return poly(false, pt{0, -1.15}, pt{1.05, 0.8}, pt{-1.05, 0.8})
	case markTriangleDown:
		return poly(true, pt{0, 1.15}, pt{1.05, -0.8}, pt{-1.05, -0.8})
	case markDiamond:
		return poly(false, pt{0, -1.25}, pt{1.1, 0}, pt{0, 1.25}, pt{-1.1, 0})
	default:
		return poly(true, pt{0, -1.25}, pt{1.1, 0}, pt{0, 1.25}, pt{-1.1, 0})
	}
}

// f1 is a number with at most one decimal, as SVG reads it.
func f1(v float32) string {
	s := fmt.Sprintf("%.1f", v)
	return strings.TrimSuffix(s, ".0")
}
