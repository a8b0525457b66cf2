package reich

import (
	"testing"

	"fyne.io/fyne/v2"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/uitest"
)

// TestScreensFitAtTheLargestText: during an enemy turn at the largest text
// size, nothing on Play, Campaign or Enemy needs more width than a
// landscape or portrait tablet has (the frame would scroll it sideways,
// cutting lines off).
func TestScreensFitAtTheLargestText(t *testing.T) {
	ctx, w := newCtx(t)
	p := startRaid(t, ctx)
	p.order.SetText("H1 H2")
	p.Next()
	must(t, ctx, rb.Override{Reason: "test", Place: []rb.UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "DG", Area: "A1"}},
		Awareness: map[string]content.Awareness{"R1": content.Alert}})
	p.Next()
	p.Next()
	fyne.CurrentApp().Settings().SetTheme(uitest.LargestText())
	tabs := []struct {
		name   string
		make   func() fyne.CanvasObject
		widths []float32
	}{
		{"Play", func() fyne.CanvasObject { return Screens{}.Play(ctx) }, []float32{1280, 800}},
		{"Enemy", func() fyne.CanvasObject { return Screens{}.Enemy(ctx) }, []float32{1280, 800}},
		{"Campaign", func() fyne.CanvasObject { return Screens{}.Campaign(ctx) }, []float32{1280, 800}},
	}
	for _, tab := range tabs {
		for _, width := range tab.widths {
			obj := tab.make()
			w.SetContent(obj)
			w.Resize(fyne.NewSize(width, 800))
			for _, o := range uitest.TooWide(obj, width) {
				t.Errorf("%s at %v wide: %s", tab.name, width, o)
			}
		}
	}
}
