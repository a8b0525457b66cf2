package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestFlowGivesWrappedTextTheLine: a wrapping label in a flow (a "why not"
// beside buttons, or alone where the buttons would be) gets a whole line's
// width, not its least width (one letter), which broke every word into a
// column of letters ("N / o / L / C / U"); buttons keep flowing.
func TestFlowGivesWrappedTextTheLine(t *testing.T) {
	for _, scale := range []float32{1, 1.85} {
		test.NewTempApp(t).Settings().SetTheme(NewTableTheme("light", scale))
		why := Paragraph("No LCU in the Hero's Sector.")
		a, b := widget.NewButton("Light the north", nil), widget.NewButton("Light the east", nil)
		f := NewFlow(a, why, b)
		w := test.NewTempWindow(t, container.NewVScroll(container.NewVBox(f)))
		w.Resize(fyne.NewSize(500, 600))
		w.Content().Refresh()
		lineH := fyne.MeasureText("Ag", 16*scale, fyne.TextStyle{}).Height
		if why.Size().Width < f.Size().Width-1 || why.Size().Height > 2*lineH+2*14+1 {
			t.Errorf("text %.2f: the label is %v in a flow %v wide", scale, why.Size(), f.Size().Width)
		}
		if why.Position().Y <= a.Position().Y || b.Position().Y <= why.Position().Y {
			t.Errorf("text %.2f: the label shares a line: button at %v, label at %v, button at %v", scale, a.Position(), why.Position(), b.Position())
		}
		// The flow's least height holds the label as laid out.
		if f.MinSize().Height < why.Position().Y+why.Size().Height-0.5 {
			t.Errorf("text %.2f: the flow asks for %v, its label ends at %v", scale, f.MinSize().Height, why.Position().Y+why.Size().Height)
		}
	}
}
