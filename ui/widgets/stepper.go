package widgets

import (
	"fmt"
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A Stepper shows one value of a track (life, ammo, points): its name, the
// value big enough to read across a table, a bar from Min to Max, and large
// minus and plus buttons. A step past a limit is refused with a message and
// never reaches OnChange.
type Stepper struct {
	widget.BaseWidget
	Label    string
	Min, Max int
	Value    int
	// OnChange is asked to make the value to; it runs the game's command
	// and reports whether the rules accepted it. Only then does the
	// stepper show the new value.
	OnChange func(to int) bool

	// Minus and Plus are the step buttons (exported for the games' tests).
	Minus, Plus *widget.Button

	title   *widget.Label
	value   *canvas.Text
	bar     *bar
	message *widget.Label
}

// NewStepper makes a stepper for a value between min and max.
func NewStepper(label string, min, max, value int, onChange func(to int) bool) *Stepper {
	s := &Stepper{Label: label, Min: min, Max: max, Value: value, OnChange: onChange}
	s.ExtendBaseWidget(s)
	s.title = widget.NewLabelWithStyle(label, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	// A long title wraps rather than widening a row of steppers past the
	// screen at a large text size.
	s.title.Wrapping = fyne.TextWrapWord
	s.value = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	s.value.Alignment = fyne.TextAlignCenter
	s.value.TextStyle = fyne.TextStyle{Bold: true}
	s.bar = newBar()
	s.message = widget.NewLabel("")
	s.message.Importance = widget.DangerImportance
	s.message.Wrapping = fyne.TextWrapWord
	s.message.Alignment = fyne.TextAlignCenter
	s.message.Hide()
	s.Minus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.Step(-1) })
	s.Plus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.Step(+1) })
	Repeatable(s.Minus)
	Repeatable(s.Plus)
	s.sync()
	return s
}

// Step asks for the value plus delta.
func (s *Stepper) Step(delta int) { s.Set(s.Value + delta) }

// Set asks for a value, within the limits.
func (s *Stepper) Set(to int) {
	switch {
	case to < s.Min:
		s.say(fmt.Sprintf("%s cannot go below %d", s.Label, s.Min))
		return
	case to > s.Max:
		s.say(fmt.Sprintf("%s cannot go above %d", s.Label, s.Max))
		return
	}
	if s.OnChange != nil && !s.OnChange(to) {
		return
	}
	s.say("")
	s.SetValue(to)
}

// SetValue shows a value without asking anyone (after a refresh from the
// campaign).
func (s *Stepper) SetValue(v int) {
	s.Value = v
	s.sync()
}

// SetLimits changes the limits (a maximum that grows with a skill).
func (s *Stepper) SetLimits(min, max int) {
	s.Min, s.Max = min, max
	s.sync()
}

// Message is the refusal shown under the stepper, if any.
func (s *Stepper) Message() string {
	if !s.message.Visible() {
		return ""
	}
	return s.message.Text
}

func (s *Stepper) say(msg string) {
	s.message.SetText(msg)
	if msg == "" {
		s.message.Hide()
	} else {
		s.message.Show()
	}
}

func (s *Stepper) sync() {
	s.value.Text = strconv.Itoa(s.Value)
	s.value.TextSize = theme.TextSize() * 3
	s.value.Color = theme.Color(theme.ColorNameForeground)
	s.value.Refresh()
	span := s.Max - s.Min
	frac := float32(0)
	if span > 0 {
		frac = float32(s.Value-s.Min) / float32(span)
	}
	s.bar.set(frac)
	if s.Value <= s.Min {
		s.Minus.Importance = widget.LowImportance
	} else {
		s.Minus.Importance = widget.MediumImportance
	}
	if s.Value >= s.Max {
		s.Plus.Importance = widget.LowImportance
	} else {
		s.Plus.Importance = widget.MediumImportance
	}
	s.Minus.Refresh()
	s.Plus.Refresh()
}

// CreateRenderer lays the stepper out: name, then minus · value · plus,
// then the bar and any message.
func (s *Stepper) CreateRenderer() fyne.WidgetRenderer {
	big := fyne.NewSquareSize(MinTouch * 1.4)
	row := container.NewBorder(nil, nil, AtLeast(big, s.Minus), AtLeast(big, s.Plus), s.value)
	return widget.NewSimpleRenderer(container.NewVBox(s.title, row, s.bar, s.message))
}

// Refresh redraws with the current theme.
func (s *Stepper) Refresh() {
	s.sync()
	s.BaseWidget.Refresh()
}

// A bar is a filled fraction of a rounded track.
type bar struct {
	widget.BaseWidget
	frac       float32
	back, fill *canvas.Rectangle
}

func newBar() *bar {
	b := &bar{back: canvas.NewRectangle(color.Transparent), fill: canvas.NewRectangle(color.Transparent)}
	b.back.CornerRadius, b.fill.CornerRadius = 4, 4
	b.ExtendBaseWidget(b)
	return b
}

func (b *bar) set(f float32) {
	if f < 0 {
		f = 0
	}
	if f > 1 {
		f = 1
	}
	b.frac = f
	b.Refresh()
}

func (b *bar) CreateRenderer() fyne.WidgetRenderer {
	return &barRenderer{b: b}
}

type barRenderer struct{ b *bar }

func (r *barRenderer) Layout(size fyne.Size) {
	r.b.back.Resize(size)
	r.b.fill.Resize(fyne.NewSize(size.Width*r.b.frac, size.Height))
}
func (r *barRenderer) MinSize() fyne.Size { return fyne.NewSize(MinTouch, 12) }
func (r *barRenderer) Refresh() {
	r.b.back.FillColor = theme.Color(theme.ColorNameInputBackground)
	r.b.fill.FillColor = theme.Color(theme.ColorNamePrimary)
	r.Layout(r.b.Size())
	r.b.back.Refresh()
	r.b.fill.Refresh()
}
func (r *barRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.b.back, r.b.fill} }
func (r *barRenderer) Destroy()                     {}
