package alone

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
)

// TestScreensFitAtTheLargestText: in each mode at the largest text size,
// nothing on the Hero sheet, the Campaign or the Evil side needs more width
// than a landscape or portrait tablet has (the frame would scroll it
// sideways, cutting lines off).
func TestScreensFitAtTheLargestText(t *testing.T) {
	for _, mode := range []string{"solo", "assist", "bookkeeping"} {
		ctx, w := game(t, mode, nil)
		fyne.CurrentApp().Settings().SetTheme(uitest.LargestText())
		g := &Screens{}
		for _, tab := range []struct {
			name string
			make func() fyne.CanvasObject
		}{
			{"Play", func() fyne.CanvasObject { return g.Play(ctx) }},
			{"Campaign", func() fyne.CanvasObject { return g.Campaign(ctx) }},
			{"Enemy", func() fyne.CanvasObject { return g.Enemy(ctx) }},
		} {
			for _, width := range []float32{1280, 800} {
				obj := tab.make()
				w.SetContent(obj)
				w.Resize(fyne.NewSize(width, 800))
				for _, o := range uitest.TooWide(obj, width) {
					t.Errorf("%s, %s at %v wide: %s", mode, tab.name, width, o)
				}
			}
		}
	}
}

// TestClosedCampaignLetsGoOfItsScreens: the screens kept for the keys go
// when the frame closes the campaign.
func TestClosedCampaignLetsGoOfItsScreens(t *testing.T) {
	ctx, _ := game(t, "solo", nil)
	g := &Screens{}
	g.Play(ctx)
	g.Enemy(ctx)
	if g.plays[ctx] == nil || g.enems[ctx] == nil {
		t.Fatal("the open campaign's screens are not kept")
	}
	ctx.Close()
	if len(g.plays) != 0 || len(g.enems) != 0 {
		t.Fatal("a closed campaign's screens are still kept")
	}
}

// TestFormsFitAtTheLargestText: the new-campaign form, each Action's
// resolution form and the Evil side's forms fit a portrait tablet's dialog
// (800 wide less the dialog's padding) at the largest text size.
func TestFormsFitAtTheLargestText(t *testing.T) {
	for _, mode := range []string{"solo", "assist", "bookkeeping"} {
		ctx, w := game(t, mode, nil)
		fyne.CurrentApp().Settings().SetTheme(uitest.LargestText())
		check := func(name string, o fyne.CanvasObject) {
			for _, s := range uitest.TooWide(o, 720) {
				t.Errorf("%s, %s: %s", mode, name, s)
			}
		}
		check("the new-campaign form", widget.NewForm((&Screens{}).Setup(shell.SetupEnv{Window: w}).Items...))
		g := &Screens{}
		g.Play(ctx)
		g.Enemy(ctx)
		tp, e := g.plays[ctx].turn, g.enems[ctx]
		for a, f := range tp.forms {
			check(string(a)+"'s form", f)
		}
		check("the by-hand form", tp.byHand)
		check("the Reaction form", e.rf.obj)
		check("the effects form", e.fx.obj)
	}
}
