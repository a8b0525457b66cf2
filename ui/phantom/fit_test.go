package phantom

import (
	"testing"

	"fyne.io/fyne/v2"

	"tablekeeper/ui/uitest"
)

// TestScreensFitAtTheLargestText: during a round at the largest text size,
// nothing on Play, Campaign or Enemy needs more width than a landscape or
// portrait tablet has (the frame would scroll it sideways, cutting lines).
func TestScreensFitAtTheLargestText(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	h.toTurns()
	fyne.CurrentApp().Settings().SetTheme(uitest.LargestText())
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

// TestClosedCampaignLetsGoOfItsScreens: the screens kept for the keys go
// when the frame closes the campaign.
func TestClosedCampaignLetsGoOfItsScreens(t *testing.T) {
	h := newHarness(t, fixture(6, 4))
	g := &Screens{}
	g.Play(h.ctx)
	g.Enemy(h.ctx)
	if g.plays[h.ctx] == nil || g.enems[h.ctx] == nil {
		t.Fatal("the open campaign's screens are not kept")
	}
	h.ctx.Close()
	if len(g.plays) != 0 || len(g.enems) != 0 {
		t.Fatal("a closed campaign's screens are still kept")
	}
}
