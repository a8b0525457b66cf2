package widgets

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

func TestCountStaysInItsLimitsAndTellsChangesOnly(t *testing.T) {
	test.NewTempApp(t)
	var told []int
	c := Count{Min: 0, Max: 2, Value: 1, Blank: "none", OnChanged: func(v int) { told = append(told, v) }}
	shown, minus, plus := widget.NewLabel(""), widget.NewButton("−", nil), widget.NewButton("+", nil)
	show := func() { c.Display(shown, minus, plus) }
	for _, v := range []int{5, 2, -3} {
		c.Step(v, show)
	}
	if c.Value != 0 || len(told) != 2 || told[0] != 2 || told[1] != 0 {
		t.Fatalf("value %d, told %v", c.Value, told)
	}
	if shown.Text != "none" || !minus.Disabled() || plus.Disabled() {
		t.Fatalf("shown %q, minus off %v, plus off %v", shown.Text, minus.Disabled(), plus.Disabled())
	}
	c.Format = func(v int) string { return "n" }
	if c.Text() != "n" {
		t.Fatal("Format is not used")
	}
}
