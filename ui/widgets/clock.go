package widgets

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ClockChars is how many characters a ClockFace's slot holds: "123:45:06",
// "12:34 left", "1h05 left".
const ClockChars = 10

// A ClockFace shows a clock's time under its name in a slot of fixed
// width, in digits of fixed width, so a clock that starts, ticks or runs
// out never moves what is beside it. Tapping it runs OnTapped (the frame
// opens the clock's settings).
type ClockFace struct {
	widget.BaseWidget
	OnTapped func()

	caption *canvas.Text
	digits  *canvas.Text
	bg      *canvas.Rectangle
	urgent  bool
}

// NewClockFace makes a clock face named caption ("Turn").
func NewClockFace(caption string, tapped func()) *ClockFace {
	f := &ClockFace{OnTapped: tapped}
	f.caption = canvas.NewText(caption, theme.Color(theme.ColorNamePlaceHolder))
	// The theme's plain font: its digits are all one width (tabular), so
	// a ticking clock never moves, and a style of their own (fixed-width)
	// would cost the window a font face for good (textstyle.go).
	f.digits = canvas.NewText("0:00:00", theme.Color(theme.ColorNameForeground))
	f.bg = canvas.NewRectangle(theme.Color(theme.ColorNameButton))
	f.ExtendBaseWidget(f)
	return f
}

// SetTime shows a time; urgent shows it in the error colour (time is up).
func (f *ClockFace) SetTime(text string, urgent bool) {
	if f.digits.Text == text && f.urgent == urgent {
		return
	}
	f.digits.Text, f.urgent = text, urgent
	f.Refresh()
}

// Time is the time shown.
func (f *ClockFace) Time() string { return f.digits.Text }

// Caption is the clock's name.
func (f *ClockFace) Caption() string { return f.caption.Text }

// Tapped runs OnTapped.
func (f *ClockFace) Tapped(*fyne.PointEvent) {
	if f.OnTapped != nil {
		f.OnTapped()
	}
}

// CreateRenderer draws the caption over the digits.
func (f *ClockFace) CreateRenderer() fyne.WidgetRenderer {
	return &clockRenderer{f: f}
}

type clockRenderer struct{ f *ClockFace }

func (r *clockRenderer) sizes() (slot, cap fyne.Size) {
	f := r.f
	slot = fyne.MeasureText(strings.Repeat("0", ClockChars), theme.TextSize(), f.digits.TextStyle)
	cap = fyne.MeasureText(f.caption.Text, theme.CaptionTextSize(), f.caption.TextStyle)
	return slot, cap
}

func (r *clockRenderer) MinSize() fyne.Size {
	slot, cap := r.sizes()
	p := theme.Padding()
	w := fyne.Max(slot.Width, cap.Width) + 4*p
	h := fyne.Max(slot.Height+cap.Height+2*p, MinTouch)
	return fyne.NewSize(w, h)
}

func (r *clockRenderer) Layout(size fyne.Size) {
	f := r.f
	slot, cap := r.sizes()
	p := theme.Padding()
	f.bg.Resize(size)
	top := (size.Height - slot.Height - cap.Height) / 2
	f.caption.Move(fyne.NewPos(2*p, top))
	f.caption.Resize(fyne.NewSize(size.Width-4*p, cap.Height))
	f.digits.Move(fyne.NewPos(2*p, top+cap.Height))
	f.digits.Resize(fyne.NewSize(size.Width-4*p, slot.Height))
}

func (r *clockRenderer) Refresh() {
	f := r.f
	f.caption.TextSize = theme.CaptionTextSize()
	f.caption.Color = theme.Color(theme.ColorNamePlaceHolder)
	f.digits.TextSize = theme.TextSize()
	f.digits.Color = theme.Color(theme.ColorNameForeground)
	if f.urgent {
		f.digits.Color = theme.Color(theme.ColorNameError)
	}
	f.bg.FillColor = theme.Color(theme.ColorNameButton)
	f.bg.CornerRadius = theme.InputRadiusSize()
	r.Layout(f.Size())
	f.caption.Refresh()
	f.digits.Refresh()
	f.bg.Refresh()
}

func (r *clockRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.f.bg, r.f.caption, r.f.digits}
}

func (r *clockRenderer) Destroy() {}
