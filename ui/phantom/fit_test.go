package phantom

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"tablekeeper/ui/uitest"
)

// TestScreensFitAtTheLargestText: during a round at the largest text size,
// nothing on Play, Campaign or Enemy needs more width than a landscape or
// portrait tablet has (the frame would scroll it sideways, cutting lines).
func TestScreensFitAtTheLargestText(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	h.toTurns()
	fyne.CurrentApp().Settings().SetTheme(uitest.LargestText{Theme: theme.DefaultTheme()})
	sc := &Screens{}
	for _, tab := range []struct {
		name string
		make func() fyne.CanvasObject
	}{
		{"Play", func() fyne.CanvasObject { return sc.Play(h.ctx) }},
		{"Campaign", func() fyne.CanvasObject { return sc.Campaign(h.ctx) }},
		{"Enemy", func() fyne.CanvasObject { return sc.Enemy(h.ctx) }},
	} {
		for _, width := range []float32{1280, 800} {
			obj := tab.make()
			h.w.SetContent(obj)
			h.w.Resize(fyne.NewSize(width, 800))
			for _, o := range uitest.TooWide(obj, width) {
				t.Errorf("%s at %v wide: %s", tab.name, width, o)
			}
		}
	}
}
