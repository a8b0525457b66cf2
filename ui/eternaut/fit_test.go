package eternaut

import (
	"testing"

	"fyne.io/fyne/v2"

	"tablekeeper/ui/uitest"
)

// TestScreensFitAtTheLargestText: in Scenario C at the largest text size,
// nothing on Play, the Diary or Enemy needs more width than a landscape or
// portrait tablet has (the frame would scroll it sideways, cutting lines).
func TestScreensFitAtTheLargestText(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	fyne.CurrentApp().Settings().SetTheme(uitest.LargestText())
	for _, tab := range []struct {
		name string
		make func() fyne.CanvasObject
	}{
		{"Play", func() fyne.CanvasObject { return Screens{}.Play(tb.ctx) }},
		{"Diary", func() fyne.CanvasObject { return Screens{}.Campaign(tb.ctx) }},
		{"Enemy", func() fyne.CanvasObject { return Screens{}.Enemy(tb.ctx) }},
	} {
		for _, width := range []float32{1280, 800} {
			obj := tab.make()
			tb.win.SetContent(obj)
			tb.win.Resize(fyne.NewSize(width, 800))
			for _, o := range uitest.TooWide(obj, width) {
				t.Errorf("%s at %v wide: %s", tab.name, width, o)
			}
		}
	}
}
