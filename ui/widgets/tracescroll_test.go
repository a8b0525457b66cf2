package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/automa"
)

// A Why whose settling step is far down opens on it (issue 23 item 3: the
// step named is the one whose change is shown, and it is in view).
func TestShowDecidingScrollsToTheStep(t *testing.T) {
	test.NewTempApp(t)
	var tr automa.Trace
	for i := 1; i <= 14; i++ {
		tr.Add("rule", "Step %d of a long explanation that goes on for a while.", i).Result = "done"
	}
	p := NewTracePanel(tr)
	p.SetDeciding(11)
	w := test.NewTempWindow(t, p)
	w.Resize(fyne.NewSize(400, 300))
	p.ShowDeciding()
	step := p.box.Objects[11]
	top, bottom := p.scroll.Offset.Y, p.scroll.Offset.Y+p.scroll.Size().Height
	if y := step.Position().Y; y < top || y >= bottom {
		t.Fatalf("step 12 stands at %.0f; the panel shows %.0f to %.0f", y, top, bottom)
	}
}
