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
	// The time is drawn a character a text: Fyne shapes and draws a text
	// once for each string it has not seen in the last minute, so a
	// clock drawn whole made a new string, a new shaping and a new
	// picture of it every second (about 130 KB of garbage a second, and
	// the window's memory climbing some 10 MB in its first minute and a
	// half). Drawn a character a text, "0" to "9" and ":" are the same
	// strings second after second, shaped and drawn once.
	chars  [ClockChars]*canvas.Text
	time   string
	bg     *canvas.Rectangle
	urgent bool
}

// NewClockFace makes a clock face named caption ("Turn").
func NewClockFace(caption string, tapped func()) *ClockFace {
	f := &ClockFace{OnTapped: tapped}
	f.caption = canvas.NewText(caption, theme.Color(theme.ColorNamePlaceHolder))
	// The theme's plain font: its digits are all one width (tabular), so
	// a ticking clock never moves, and a style of their own (fixed-width)
	// would cost the window a font face for good (textstyle.go).
	for i := range f.chars {
		f.chars[i] = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	}
	f.setChars("0:00:00")
	f.bg = canvas.NewRectangle(theme.Color(theme.ColorNameButton))
	f.ExtendBaseWidget(f)
	return f
}

// SetTime shows a time; urgent shows it in the error colour (time is up).
func (f *ClockFace) SetTime(text string, urgent bool) {
	if f.time == text && f.urgent == urgent {
		return
	}
	f.setChars(text)
	f.urgent = urgent
	f.Refresh()
}

// setChars puts text's characters in the slots, one each; what does not
// fit the slot's ClockChars is left off (no time the app shows is longer).
func (f *ClockFace) setChars(text string) {
	f.time = text
	i := 0
	for _, r := range text {
		if i == len(f.chars) {
			break
		}
		f.chars[i].Text = string(r)
		i++
	}
	for ; i < len(f.chars); i++ {
		f.chars[i].Text = ""
	}
}

// Time is the time shown.
func (f *ClockFace) Time() string { return f.time }

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
	objs := []fyne.CanvasObject{f.bg, f.caption}
	for _, c := range f.chars {
		objs = append(objs, c)
	}
	return &clockRenderer{f: f, objs: objs}
}

type clockRenderer struct {
	f    *ClockFace
	objs []fyne.CanvasObject // asked for at every frame: made once
}

func (r *clockRenderer) sizes() (slot, cap fyne.Size) {
	f := r.f
	slot = fyne.MeasureText(strings.Repeat("0", ClockChars), theme.TextSize(), fyne.TextStyle{})
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
	// Each character where the whole string would put it: after the
	// advances of those before it (digits and the colon have no kerning
	// to lose). Single characters are measured once, from Fyne's cache.
	x := 2 * p
	for _, c := range f.chars {
		c.Move(fyne.NewPos(x, top+cap.Height))
		if c.Text == "" {
			c.Resize(fyne.NewSize(0, slot.Height))
			continue
		}
		w := fyne.MeasureText(c.Text, theme.TextSize(), c.TextStyle).Width
		c.Resize(fyne.NewSize(w, slot.Height))
		x += w
	}
}

func (r *clockRenderer) Refresh() {
	f := r.f
	f.caption.TextSize = theme.CaptionTextSize()
	f.caption.Color = theme.Color(theme.ColorNamePlaceHolder)
	colour := theme.Color(theme.ColorNameForeground)
	if f.urgent {
		colour = theme.Color(theme.ColorNameError)
	}
	for _, c := range f.chars {
		c.TextSize, c.Color = theme.TextSize(), colour
	}
	f.bg.FillColor = theme.Color(theme.ColorNameButton)
	f.bg.CornerRadius = theme.InputRadiusSize()
	r.Layout(f.Size())
	f.caption.Refresh()
	for _, c := range f.chars {
		c.Refresh()
	}
	f.bg.Refresh()
}

func (r *clockRenderer) Objects() []fyne.CanvasObject { return r.objs }

func (r *clockRenderer) Destroy() {}
