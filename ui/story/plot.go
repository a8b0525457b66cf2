package story

import (
	"fmt"
	"slices"
	"strconv"
)

// A Plot is tracks over time: each figure's life by round, a Timer, an
// alarm. The story draws it as a chart (SVG in the HTML, a table of its
// values in the Markdown) and the Campaign tab as a widget (PlotView),
// from the same values.
type Plot struct {
	// Title says what it shows ("Life by round"); X names the steps
	// ("Round") and Y the values ("Life points").
	Title, X, Y string
	// Step draws a value as held until the next one (a track moved in
	// steps), rather than a line joining them.
	Step   bool
	Series []Series
	// Notes are lines said under the chart ("The alarm sounded in round 4").
	Notes []string
}

// A Series is one track: its name (a figure, "Timer") and its values.
type Series struct {
	Name   string
	Points []Point
}

// A Point is a value at a step (a round, a Turn).
type Point struct{ X, Y int }

// maxPoints bounds a series: a mission of more rounds than that (a game
// played on for ever by hand) keeps its first points and its last ones,
// so a story's memory is bounded per mission.
const maxPoints = 400

// maxSeries bounds the tracks of one plot (figures of a mission).
const maxSeries = 12

// set records y at x for the series named name: a later value at the same
// x replaces the earlier (the value at the end of the round counts).
func (p *Plot) set(name string, x, y int) {
	i := slices.IndexFunc(p.Series, func(s Series) bool { return s.Name == name })
	if i < 0 {
		if len(p.Series) >= maxSeries {
			return
		}
		p.Series = append(p.Series, Series{Name: name})
		i = len(p.Series) - 1
	}
	s := &p.Series[i]
	if n := len(s.Points); n > 0 && s.Points[n-1].X == x {
		s.Points[n-1].Y = y
		return
	}
	if n := len(s.Points); n > 0 && s.Points[n-1].X > x {
		// Back in time (a round undone by hand): forget what came after.
		k := slices.IndexFunc(s.Points, func(p Point) bool { return p.X >= x })
		s.Points = append(s.Points[:k], Point{x, y})
		return
	}
	if len(s.Points) >= maxPoints {
		// Keep the first half and slide the rest.
		copy(s.Points[maxPoints/2:], s.Points[maxPoints/2+1:])
		s.Points = s.Points[:len(s.Points)-1]
	}
	s.Points = append(s.Points, Point{x, y})
}

// empty says there is nothing to draw: no series with two values or more
// (a single round is no track).
func (p *Plot) empty() bool {
	if p == nil {
		return true
	}
	for _, s := range p.Series {
		if len(s.Points) >= 2 {
			return false
		}
	}
	return true
}

// bounds are the plot's least and greatest x and y.
func (p *Plot) bounds() (x0, x1, y0, y1 int) {
	first := true
	for _, s := range p.Series {
		for _, pt := range s.Points {
			if first {
				x0, x1, y0, y1, first = pt.X, pt.X, pt.Y, pt.Y, false
				continue
			}
			x0, x1 = min(x0, pt.X), max(x1, pt.X)
			y0, y1 = min(y0, pt.Y), max(y1, pt.Y)
		}
	}
	return
}

// rows is the plot as a table: a row per step, a column per series, each
// value as it stood at that step ("–" before a series starts).
func (p *Plot) rows() (head []string, rows [][]string) {
	head = append(head, p.X)
	for _, s := range p.Series {
		head = append(head, s.Name)
	}
	var xs []int
	for _, s := range p.Series {
		for _, pt := range s.Points {
			xs = append(xs, pt.X)
		}
	}
	slices.Sort(xs)
	xs = slices.Compact(xs)
	for _, x := range xs {
		row := []string{strconv.Itoa(x)}
		for _, s := range p.Series {
			v := "–"
			for _, pt := range s.Points {
				if pt.X > x {
					break
				}
				if pt.X == x || p.Step {
					v = strconv.Itoa(pt.Y)
				}
			}
			row = append(row, v)
		}
		rows = append(rows, row)
	}
	return head, rows
}

// describe says a plot in one sentence, for those who cannot see it (the
// picture's text alternative).
func (p *Plot) describe() string {
	x0, x1, _, _ := p.bounds()
	names := make([]string, 0, len(p.Series))
	for _, s := range p.Series {
		if len(s.Points) == 0 {
			continue
		}
		last := s.Points[len(s.Points)-1]
		names = append(names, fmt.Sprintf("%s %d → %d", s.Name, s.Points[0].Y, last.Y))
	}
	return fmt.Sprintf("%s, %s %d to %d: %s.", p.Title, lower(p.X), x0, x1, listWords(names))
}
