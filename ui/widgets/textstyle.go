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
// the die's "rolled by the app" is set apart by its colour, and a note
// meant to be in italics takes the style only once it shows (ShowItalic).
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

// ShowItalic shows (or hides) a label meant to be in italics, giving it
// the italic style only once it shows: a hidden label's text is measured
// all the same, and a style measured once holds its fonts for the
// window's life, so a line that shows only sometimes (a practice game's
// note) costs nothing until it does.
func ShowItalic(l *widget.Label, show bool) {
	if !show {
		l.Hide()
		return
	}
	if !l.TextStyle.Italic {
		l.TextStyle.Italic = true
		l.Refresh()
	}
	l.Show()
}
