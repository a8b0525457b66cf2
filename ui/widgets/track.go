package widgets

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A Counter is a token sitting on a space of a Track (an Event counter on
// the timer track, a reinforcement on the round track).
type Counter struct {
	Label string
	Color color.Color // nil: the theme's primary colour
}

// A Track is a countdown or round track drawn as the board draws it: a row
// of spaces, the marker on one, counters on others. It wraps onto more rows
// when the screen is narrow. Tapping a space calls OnTapSpace, for moving
// the marker by hand.
type Track struct {
	widget.BaseWidget
	Title  string
	Spaces []string
	// Marker is the index of the space the marker is on; -1 for none.
	Marker     int
	MarkerName string
	Counters   map[int][]Counter
	OnTapSpace func(i int)

	box   *fyne.Container
	title *widget.Label
	cells []*trackCell
	cell  fyne.Size // every space's size: the largest any of them needs
}

// NewTrack makes a track with the spaces' labels, marker on space marker.
func NewTrack(title string, spaces []string, marker int) *Track {
	t := &Track{Title: title, Spaces: spaces, Marker: marker, MarkerName: "Marker", Counters: map[int][]Counter{}}
	t.ExtendBaseWidget(t)
	t.title = widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.box = container.NewGridWrap(fyne.NewSize(MinTouch, MinTouch))
	t.rebuild()
	return t
}

// NumberedSpaces labels n spaces from first upwards ("1", "2", …).
func NumberedSpaces(first, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = itoa(first + i)
	}
	return out
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// SetMarker moves the marker.
func (t *Track) SetMarker(i int) {
	t.Marker = i
	t.rebuild()
}

// SetCounters replaces every counter.
func (t *Track) SetCounters(c map[int][]Counter) {
	t.Counters = c
	t.rebuild()
}

// SpaceText is what a space shows, for tests and screen readers: its label,
// "◆ Marker" if the marker is there, then its counters.
func (t *Track) SpaceText(i int) string {
	if i < 0 || i >= len(t.cells) {
		return ""
	}
	return t.cells[i].describe()
}

// Space is the tappable cell of space i.
func (t *Track) Space(i int) fyne.Tappable {
	if i < 0 || i >= len(t.cells) {
		return nil
	}
	return t.cells[i]
}

// cellSize is the size every space gets: at least a comfortable touch
// target, and wide and tall enough for the longest label and the most
// counters any space holds, at the device's text size (a space label or an
// "Alarm" chip must not spill over its neighbour at the largest text).
func (t *Track) cellSize() fyne.Size {
	pad := theme.Padding()
	bold := fyne.TextStyle{Bold: true}
	label := fyne.MeasureText("0", theme.TextSize()*1.2, bold).Height
	chip := fyne.MeasureText("0", theme.CaptionTextSize(), fyne.TextStyle{}).Height
	w := MinTouch * 1.3
	h := max(MinTouch*1.3, 2*pad+label+chip) + theme.TextSize()*1.6
	for i, l := range t.Spaces {
		w = max(w, fyne.MeasureText(l, theme.TextSize()*1.2, bold).Width+4*pad)
		n := len(t.Counters[i])
		if i == t.Marker {
			n++
		}
		for _, k := range t.Counters[i] {
			w = max(w, fyne.MeasureText(k.Label, theme.CaptionTextSize(), fyne.TextStyle{}).Width+6*pad)
		}
		h = max(h, 4*pad+label+float32(n)*(chip+pad))
	}
	return fyne.NewSize(w, h)
}

func (t *Track) rebuild() {
	t.cells = t.cells[:0]
	objs := make([]fyne.CanvasObject, 0, len(t.Spaces))
	for i, label := range t.Spaces {
		c := newTrackCell(t, i, label, i == t.Marker, t.Counters[i])
		t.cells = append(t.cells, c)
		objs = append(objs, c)
	}
	t.cell = t.cellSize()
	t.box.Layout = container.NewGridWrap(t.cell).Layout
	t.box.Objects = objs
	t.box.Refresh()
}

// CreateRenderer shows the title above the spaces.
func (t *Track) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewVBox(t.title, t.box))
}

type trackCell struct {
	widget.BaseWidget
	t        *Track
	i        int
	label    string
	marker   bool
	counters []Counter
}

func newTrackCell(t *Track, i int, label string, marker bool, counters []Counter) *trackCell {
	c := &trackCell{t: t, i: i, label: label, marker: marker, counters: counters}
	c.ExtendBaseWidget(c)
	return c
}

func (c *trackCell) describe() string {
	parts := []string{c.label}
	if c.marker {
		parts = append(parts, "◆ "+c.t.MarkerName)
	}
	for _, k := range c.counters {
		parts = append(parts, k.Label)
	}
	return strings.Join(parts, " · ")
}

func (c *trackCell) Tapped(*fyne.PointEvent) {
	if c.t.OnTapSpace != nil {
		c.t.OnTapSpace(c.i)
	}
}

func (c *trackCell) MinSize() fyne.Size { return c.t.cell }

func (c *trackCell) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	bg.CornerRadius = 6
	bg.StrokeWidth = 1
	bg.StrokeColor = theme.Color(theme.ColorNameSeparator)
	num := canvas.NewText(c.label, theme.Color(theme.ColorNameForeground))
	num.Alignment = fyne.TextAlignCenter
	num.TextSize = theme.TextSize() * 1.2
	num.TextStyle.Bold = true
	var chips []fyne.CanvasObject
	if c.marker {
		bg.FillColor = theme.Color(theme.ColorNamePrimary)
		bg.StrokeWidth = 3
		bg.StrokeColor = theme.Color(theme.ColorNameForeground)
		num.Color = theme.Color(theme.ColorNameForegroundOnPrimary)
		m := canvas.NewText("◆", theme.Color(theme.ColorNameForegroundOnPrimary))
		m.Alignment = fyne.TextAlignCenter
		chips = append(chips, m)
	}
	for _, k := range c.counters {
		col := k.Color
		if col == nil {
			col = theme.Color(theme.ColorNameWarning)
		}
		dot := canvas.NewRectangle(col)
		dot.CornerRadius = 8
		txt := canvas.NewText(k.Label, color.Black)
		txt.TextSize = theme.CaptionTextSize()
		txt.Alignment = fyne.TextAlignCenter
		chips = append(chips, container.NewStack(dot, txt))
	}
	body := container.NewVBox(num, container.NewVBox(chips...))
	return widget.NewSimpleRenderer(container.NewStack(bg, container.NewPadded(body)))
}

// Refresh sizes the spaces again (the text size may have changed) and
// redraws them.
func (t *Track) Refresh() {
	t.rebuild()
	t.BaseWidget.Refresh()
}
