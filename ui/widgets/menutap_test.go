package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestTheFirstTapAfterADropDownIsNotIgnored: with a drop-down's choices
// open, a tap on a button beside it closes the choices and presses the
// button (issue 22: the first tap after a drop-down was ignored); a choice
// is still chosen by its tap.
func TestTheFirstTapAfterADropDownIsNotIgnored(t *testing.T) {
	test.NewTempApp(t)
	sel := widget.NewSelect([]string{"Ana", "Bram"}, nil)
	n := 0
	b := widget.NewButton("End the turn", func() { n++ })
	w := test.NewTempWindow(t, container.NewVBox(sel, widget.NewLabel("…"), widget.NewLabel("…"), widget.NewLabel("…"), b))
	w.Resize(fyne.NewSize(400, 400))
	c := w.Canvas()
	test.Tap(sel)
	if c.Overlays().Top() == nil {
		t.Fatal("the choices did not open")
	}
	if !PassMenuTaps(c) {
		t.Fatal("the open menu was not found")
	}
	pos, _ := CanvasPosition(b)
	test.TapCanvas(c, pos.Add(fyne.NewPos(10, 10)))
	if n != 1 || c.Overlays().Top() != nil {
		t.Fatalf("the tap beside the open choices pressed the button %d times; a menu still open: %v", n, c.Overlays().Top() != nil)
	}
	// A choice is chosen as before.
	test.Tap(sel)
	PassMenuTaps(c)
	item := tappableAt(c, "Bram")
	if item == nil {
		t.Fatal("no choice Bram")
	}
	test.Tap(item)
	if sel.Selected != "Bram" || c.Overlays().Top() != nil {
		t.Fatalf("chose %q, menu open %v", sel.Selected, c.Overlays().Top() != nil)
	}
}

// tappableAt finds the tappable drawing words.
func tappableAt(c fyne.Canvas, words string) fyne.Tappable {
	var found fyne.Tappable
	var last fyne.Tappable
	WalkCanvas(c, func(v Visit) bool {
		if tp, ok := v.Object.(fyne.Tappable); ok {
			last = tp
		}
		if l, ok := v.Object.(*widget.Label); ok && l.Text == words && found == nil {
			found = last
		}
		if tx, ok := v.Object.(*canvas.Text); ok && tx.Text == words && found == nil {
			found = last
		}
		return true
	})
	return found
}
