package phantom

import (
	"encoding/json"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
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

// shownDialogFits checks the dialog on top of w, then closes it: its
// content fits a portrait tablet's dialog (800 wide less the dialog's
// padding), and so do its title and buttons, which do not wrap.
func shownDialogFits(t *testing.T, w fyne.Window, name string) {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	pop, ok := top.(*widget.PopUp)
	if !ok {
		t.Errorf("%s: no dialog shown", name)
		return
	}
	defer w.Canvas().Overlays().Remove(top)
	parts := pop.Content.(*fyne.Container).Objects // icon, background, content, buttons, title
	for _, o := range parts[2:] {
		for _, s := range uitest.TooWide(o, 720) {
			t.Errorf("%s: %s", name, s)
		}
	}
}

// TestFormsFitAtTheLargestText: the setup form, each content entry form
// and every dialog the screens open during a round fit a portrait tablet
// at the largest text size.
func TestFormsFitAtTheLargestText(t *testing.T) {
	h := newHarness(t, fixture(6, 4))
	fyne.CurrentApp().Settings().SetTheme(uitest.LargestText())
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	h.w.Resize(fyne.NewSize(800, 800))
	if len(c.Setup.Mission.Options) == 0 {
		t.Fatal("no mission to set up")
	}
	c.Setup.Mission.SetSelected(c.Setup.Mission.Options[0])
	for _, o := range uitest.TooWide(c.Setup.obj, 720) {
		t.Errorf("the setup form: %s", o)
	}
	for _, sec := range contentSections {
		c.Entry.Open(sec.Kind, "", nil)
		shownDialogFits(t, h.w, sec.Title)
	}
	c.Entry.OpenDice()
	shownDialogFits(t, h.w, "dice")

	h.do(startCmd())
	h.toTurns()
	p, e := NewPlayScreen(h.ctx), NewEnemyScreen(h.ctx)
	h.w.SetContent(p.Object())
	overridden := false
	var who string
	for i := 0; i < 40 && who == ""; i++ {
		m := h.state().Mission
		switch f := figure(m, m.Current); {
		case m.Pending != nil:
			if !overridden {
				e.showOverride()
				shownDialogFits(t, h.w, "override")
				overridden = true
			}
			h.do(tp.ConfirmAdversaryTurn{})
		case f != nil && f.Side == "character":
			who = f.Name
		case !p.Next():
			t.Fatalf("Next did nothing: %q, %v", p.Step.Text, h.errs)
		}
	}
	if who == "" {
		t.Fatal("no character's turn came")
	}
	if !overridden {
		t.Log("no adversary turn before the character's: the override form is not measured")
	}
	s := h.state()
	m := s.Mission
	p.attack(s, who)
	shownDialogFits(t, h.w, "attack")
	adv := ""
	for _, f := range m.Figures {
		if f.Side == "adversary" && !f.Defeated {
			adv = f.Name
			break
		}
	}
	p.react(m, adv, who)
	shownDialogFits(t, h.w, "react")
	p.chooseCards(s, figure(m, who))
	shownDialogFits(t, h.w, "select cards")
	p.correctFigure(figure(m, who))
	shownDialogFits(t, h.w, "correct a character")
	p.correctFigure(figure(m, adv))
	shownDialogFits(t, h.w, "correct an adversary")
	// The text-only confirms.
	p.confirmVengeful(adv, who)
	shownDialogFits(t, h.w, "Vengeful")

	// The Maps tab's picker of the campaign's saved maps, and its note
	// when there is none.
	if len(c.Editor.Saved()) == 0 {
		t.Fatal("no saved map to pick")
	}
	c.Editor.openSaved()
	shownDialogFits(t, h.w, "open a saved map")
	c.Editor.Saved = func() map[string]json.RawMessage { return nil }
	c.Editor.openSaved()
	shownDialogFits(t, h.w, "no maps yet")
}
