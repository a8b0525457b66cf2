package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A TitleLines is a screen's title in bold over a smaller line under it
// (where the campaign stands), both cut short with "…" to the width they
// get, and as tall as a button: two lines in the room of one header row.
// Tapping it runs OnTapped, if set (the frame shows the whole title).
type TitleLines struct {
	widget.BaseWidget
	OnTapped func()

	title, sub string
	t, s       *canvas.Text
}

// NewTitleLines makes a title over a subtitle.
func NewTitleLines(title, sub string) *TitleLines {
	l := &TitleLines{title: title, sub: sub}
	l.t = canvas.NewText(title, theme.Color(theme.ColorNameForeground))
	l.t.TextStyle.Bold = true
	l.s = canvas.NewText(sub, theme.Color(theme.ColorNamePlaceHolder))
	l.ExtendBaseWidget(l)
	return l
}

// Set changes both lines.
func (l *TitleLines) Set(title, sub string) {
	if l.title == title && l.sub == sub {
		return
	}
	l.title, l.sub = title, sub
	l.Refresh()
}

// Wants is the width the title needs whole. The line under it is left
// out: it changes with every step of the game, and a header that moved
// to a new arrangement with it would move the buttons under the
// players' fingers.
func (l *TitleLines) Wants() float32 {
	return fyne.MeasureText(l.title, theme.TextSize(), l.t.TextStyle).Width
}

// CutToFit: the title is cut only when a whole row of the screen is too
// narrow for it (the header gives it a row of its own before that), the
// line under it when it outgrows that room, and a tap shows both whole,
// so the real-window check leaves it be.
func (l *TitleLines) CutToFit() {}

// Title and Sub are the whole texts (not cut short).
func (l *TitleLines) Title() string { return l.title }
func (l *TitleLines) Sub() string   { return l.sub }

// Tapped runs OnTapped.
func (l *TitleLines) Tapped(*fyne.PointEvent) {
	if l.OnTapped != nil {
		l.OnTapped()
	}
}

// CreateRenderer draws the two lines.
func (l *TitleLines) CreateRenderer() fyne.WidgetRenderer { return &titleRenderer{l: l} }

type titleRenderer struct{ l *TitleLines }

func (r *titleRenderer) MinSize() fyne.Size {
	l := r.l
	th := fyne.MeasureText("Ag", theme.TextSize(), l.t.TextStyle).Height
	sh := fyne.MeasureText("Ag", theme.CaptionTextSize(), l.s.TextStyle).Height
	ell := fyne.MeasureText("M…", theme.TextSize(), l.t.TextStyle).Width
	return fyne.NewSize(ell, fyne.Max(th+sh, MinTouch))
}

func (r *titleRenderer) Layout(size fyne.Size) {
	l := r.l
	th := fyne.MeasureText("Ag", theme.TextSize(), l.t.TextStyle).Height
	sh := fyne.MeasureText("Ag", theme.CaptionTextSize(), l.s.TextStyle).Height
	top := (size.Height - th - sh) / 2
	l.t.Text = Ellipsize(l.title, size.Width, theme.TextSize(), l.t.TextStyle)
	l.s.Text = Ellipsize(l.sub, size.Width, theme.CaptionTextSize(), l.s.TextStyle)
	l.t.Move(fyne.NewPos(0, top))
	l.t.Resize(fyne.NewSize(size.Width, th))
	l.s.Move(fyne.NewPos(0, top+th))
	l.s.Resize(fyne.NewSize(size.Width, sh))
}

func (r *titleRenderer) Refresh() {
	l := r.l
	l.t.TextSize, l.s.TextSize = theme.TextSize(), theme.CaptionTextSize()
	l.t.Color = theme.Color(theme.ColorNameForeground)
	l.s.Color = theme.Color(theme.ColorNamePlaceHolder)
	r.Layout(l.Size())
	l.t.Refresh()
	l.s.Refresh()
}

func (r *titleRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.l.t, r.l.s} }
func (r *titleRenderer) Destroy()                     {}

// Ellipsize cuts text short with "…" so it measures at most width at the
// given size and style; whole text when it fits.
func Ellipsize(text string, width, size float32, style fyne.TextStyle) string {
	if fyne.MeasureText(text, size, style).Width <= width {
		return text
	}
	r := []rune(text)
	lo, hi := 0, len(r)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fyne.MeasureText(string(r[:mid])+"…", size, style).Width <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return "…"
	}
	return string(r[:lo]) + "…"
}
