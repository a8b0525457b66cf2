package widgets

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestARefusalBringsItsFieldIntoViewAndGivesItTheKeyboard: a form too
// tall for its dialog, its last field wrong: Submit scrolls to that field,
// its problem line whole above the buttons, and focuses it (issue 22: a
// hero's Save did nothing, its problem below the fold; "Some fields need a
// look" with the field's message half behind the buttons).
func TestARefusalBringsItsFieldIntoViewAndGivesItTheKeyboard(t *testing.T) {
	test.NewTempApp(t).Settings().SetTheme(NewTableTheme("dark", 1.85))
	w := test.NewTempWindow(t, widget.NewLabel("behind"))
	w.Resize(fyne.NewSize(800, 700))
	var items []*widget.FormItem
	var last *CheckedEntry
	for i := 0; i < 12; i++ {
		e := NewNumberEntry(1, 9)
		e.SetText("3")
		items = append(items, widget.NewFormItem(fmt.Sprintf("Field %d", i+1), e))
		last = e
	}
	last.SetText("letters")
	f := ShowForm("A hero", "Save", "Cancel", items, func() error { return nil }, w)
	if f.scroll.Offset.Y != 0 {
		t.Fatal("the form opened scrolled")
	}
	test.Tap(f.Submit)
	if !f.Showing() {
		t.Fatal("a wrong field was saved")
	}
	row := f.rows["Field 12"]
	pos, _ := CanvasPosition(row)
	view, _ := CanvasPosition(f.scroll)
	if top, bottom := pos.Y, pos.Y+row.Size().Height; top < view.Y-0.5 || bottom > view.Y+f.scroll.Size().Height+0.5 {
		t.Fatalf("the wrong field's row is at %.0f–%.0f, the view %.0f–%.0f", top, bottom, view.Y, view.Y+f.scroll.Size().Height)
	}
	if w.Canvas().Focused() != last {
		t.Fatalf("the keyboard is with %v, not the wrong field", w.Canvas().Focused())
	}
}
