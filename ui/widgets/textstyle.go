package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Text in a style other than plain or bold costs the window 6–10 MB for
// the rest of its life: the first text Fyne measures in a new style
// parses, for that style alone, the theme's font, its emoji font (4 MB
// of tables) and a system fallback font. A bare window measures plain
// and bold (its buttons' labels are bold), so the app's screens keep to
// those two: the clocks' digits are the plain font's (all one width),
// and notes are set apart by their colour (Aside), not by italics.
// (Naming a font file instead, canvas.Text's FontSource, still parses
// that file once more: 1.3 MB for the clocks' fixed-width digits alone,
// measured with pprof on the running app.)

// labelPadding pads a text as a Label pads its own, reading the theme's
// inner padding when it lays out (so a theme set later is followed).
type labelPadding struct{}

func (labelPadding) MinSize(objs []fyne.CanvasObject) fyne.Size {
	ip := theme.InnerPadding()
	min := fyne.NewSize(0, 0)
	for _, o := range objs {
		min = min.Max(o.MinSize())
	}
	return min.Add(fyne.NewSize(2*ip, 2*ip))
}

func (labelPadding) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	ip := theme.InnerPadding()
	for _, o := range objs {
		o.Move(fyne.NewPos(ip, ip))
		o.Resize(size.Subtract(fyne.NewSize(2*ip, 2*ip)))
	}
}

// Aside sets a label apart as a note beside the screen's own text (a
// card's subtitle, a hint under a field, a setting's explanation): in the
// theme's quieter text colour, not in italics, which would be a third
// text style and cost the window 6–10 MB of fonts for good.
func Aside(l *widget.Label) *widget.Label {
	l.Importance = widget.LowImportance
	return l
}
