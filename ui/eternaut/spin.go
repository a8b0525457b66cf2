package eternaut

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/widgets"
)

// A spin is a number set with − and + taps, so the on-screen keyboard
// never covers the board: a Character's life and ammo on its card, and
// every number a form asks for (damage, cubes, a Timer space). A limit
// disables its button; a change the rules refuse keeps the old value.
type spin struct {
	widget.BaseWidget
	Min, Max, Value int
	// Format is what the spin shows for a value ("Life 7"); nil: the
	// number.
	Format func(int) string
	// OnChange, if set, asks for the value to (a command); only when it
	// reports true does the spin show it.
	OnChange func(to int) bool
	// OnChanged, if set, is told the value shown after each change.
	OnChanged func(int)

	// Minus and Plus are the step buttons (tests tap them).
	Minus, Plus *widget.Button
	text        *widget.Label
}

// newSpin makes a spin from min to max showing value.
func newSpin(min, max, value int, format func(int) string, onChange func(int) bool) *spin {
	s := &spin{Min: min, Max: max, Value: value, Format: format, OnChange: onChange}
	s.ExtendBaseWidget(s)
	s.text = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	s.Minus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.Step(-1) })
	s.Plus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.Step(+1) })
	s.sync()
	return s
}

// number is a spin for a form field: the value alone, no command.
func number(min, max, value int) *spin { return newSpin(min, max, value, nil, nil) }

// Step asks for the value plus delta.
func (s *spin) Step(delta int) { s.Set(s.Value + delta) }

// Set asks for a value within the limits.
func (s *spin) Set(to int) {
	if to < s.Min || to > s.Max || to == s.Value {
		return
	}
	if s.OnChange != nil && !s.OnChange(to) {
		return
	}
	s.Value = to
	s.sync()
	if s.OnChanged != nil {
		s.OnChanged(to)
	}
}

// SetLimits changes the limits (the value is kept within them).
func (s *spin) SetLimits(lo, hi int) {
	s.Min, s.Max = lo, hi
	s.Value = max(lo, min(hi, s.Value))
	s.sync()
}

// ShowValue sets the value shown without asking anyone (a form's field that
// follows another).
func (s *spin) ShowValue(v int) {
	s.Value = max(s.Min, min(s.Max, v))
	s.sync()
}

// Text is what the spin shows.
func (s *spin) Text() string { return s.text.Text }

func (s *spin) sync() {
	if s.Format != nil {
		s.text.SetText(s.Format(s.Value))
	} else {
		s.text.SetText(fmt.Sprint(s.Value))
	}
	if s.Value <= s.Min {
		s.Minus.Disable()
	} else {
		s.Minus.Enable()
	}
	if s.Value >= s.Max {
		s.Plus.Disable()
	} else {
		s.Plus.Enable()
	}
}

// CreateRenderer lays out − value +, every part a finger's size.
func (s *spin) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil,
		widgets.Touch(s.Minus), widgets.Touch(s.Plus), s.text))
}

// MinSize keeps the value readable between the buttons.
func (s *spin) MinSize() fyne.Size {
	s.ExtendBaseWidget(s)
	return s.BaseWidget.MinSize().Max(fyne.NewSize(3*widgets.MinTouch, widgets.MinTouch))
}
