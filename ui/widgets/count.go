package widgets

import (
	"strconv"

	"fyne.io/fyne/v2/widget"
)

// A Count is the value behind a number players change with − and + (never
// by typing: the on-screen keyboard would cover the board): its limits,
// how it reads, and who is told when it changes. The games' steppers
// embed it and lay out their buttons as their forms need.
type Count struct {
	Value, Min, Max int
	// Format shows the value ("3 Charges"); Blank, when set, is shown for
	// Min ("none" for no ranged attack); plain digits otherwise.
	Format    func(int) string
	Blank     string
	OnChanged func(int)
}

// Step sets the value within the limits, then calls show to put it on
// screen, and tells OnChanged if it changed.
func (c *Count) Step(v int, show func()) {
	v = max(c.Min, min(c.Max, v))
	if v == c.Value {
		show()
		return
	}
	c.Value = v
	show()
	if c.OnChanged != nil {
		c.OnChanged(v)
	}
}

// Text is the value as the players read it.
func (c *Count) Text() string {
	switch {
	case c.Format != nil:
		return c.Format(c.Value)
	case c.Value == c.Min && c.Blank != "":
		return c.Blank
	}
	return strconv.Itoa(c.Value)
}

// Display puts the value in shown and leaves minus and plus enabled only
// where they can still change it; they take quick repeated taps.
func (c *Count) Display(shown *widget.Label, minus, plus *widget.Button) {
	// Quick taps on − or + each count (the tap guard takes them).
	Repeatable(minus)
	Repeatable(plus)
	shown.SetText(c.Text())
	if c.Value <= c.Min {
		minus.Disable()
	} else {
		minus.Enable()
	}
	if c.Value >= c.Max {
		plus.Disable()
	} else {
		plus.Enable()
	}
}
