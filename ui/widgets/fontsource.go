package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Text in a style other than plain or bold costs the window about 6 MB
// for the rest of its life: the first text Fyne measures in a new style
// parses, for that style alone, the theme's font, its emoji font (4 MB
// of tables) and a system fallback font. The frame's own few texts in
// other styles (the clocks' fixed-width digits, the die's "no draw yet"
// in italics) name their font file instead, as a canvas.Text may: the
// same letters, drawn from the one font file they need, parsed once
// (measured with pprof on the running app: 4 styles' faces held 32 MB of
// a 36 MB live heap on a campaign's Play tab; a bare window has 2).

// styleFont is the theme's font for a style, to give a canvas.Text as its
// FontSource: the file its TextStyle would take first.
func styleFont(style fyne.TextStyle) fyne.Resource {
	return theme.Current().Font(style)
}

// sourcedText is a canvas.Text in a style, drawn from the style's own font
// file (styleFont).
func sourcedText(text string, style fyne.TextStyle) *canvas.Text {
	t := canvas.NewText(text, theme.Color(theme.ColorNameForeground))
	t.TextStyle = style
	t.FontSource = styleFont(style)
	return t
}

// measureSourced is fyne.MeasureText for a canvas.Text with a FontSource.
func measureSourced(t *canvas.Text, text string, size float32) fyne.Size {
	if t.FontSource == nil || fyne.CurrentApp() == nil {
		return fyne.MeasureText(text, size, t.TextStyle)
	}
	s, _ := fyne.CurrentApp().Driver().RenderedTextSize(text, size, t.TextStyle, t.FontSource)
	return s
}

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
