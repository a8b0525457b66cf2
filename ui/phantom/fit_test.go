package phantom

import (
	"encoding/json"
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// tabsOf builds the game's three tabs for h's campaign.
func tabsOf(h *harness) map[string]fyne.CanvasObject {
	sc := &Screens{}
	return map[string]fyne.CanvasObject{"Play": sc.Play(h.ctx), "Campaign": sc.Campaign(h.ctx), "Enemy": sc.Enemy(h.ctx)}
}

// fitStates are campaigns in the states whose screens are the fullest: the
// practice game with an adversary's decision pending after a long log, a
// character's turn, between missions, and a new campaign with nothing.
func fitStates(t *testing.T) map[string]*harness {
	out := map[string]*harness{}
	cmds, err := tp.PracticeCommands()
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, cmds)
	h.do(tp.DrawAdversaryCards{})
	h.do(tp.DetermineInitiative{})
	h.do(tp.ResolveAdversaryTurn{Adversary: nextFigure(h.state().Mission)})
	out["decision pending"] = h
	h = newHarness(t, append(fixture(6, 4), startCmd()))
	h.toTurns()
	p := NewPlayScreen(h.ctx)
	h.toCharacterTurn(p)
	out["a character's turn"] = h
	out["between missions"] = newHarness(t, fixture(6, 4))
	out["nothing entered"] = newHarness(t, nil)
	h = newHarness(t, append(fixture(6, 4), startCmd()))
	h.do(tp.BeginRound{})
	out["cards being chosen"] = h
	h = newHarness(t, stoppedTurnCommands(t))
	h.do(tp.DrawAdversaryCards{})
	h.do(tp.DetermineInitiative{})
	h.do(tp.ResolveAdversaryTurn{Adversary: nextFigure(h.state().Mission)})
	out["a turn waiting for a roll"] = h
	return out
}

// TestScreensFitTheirTab: Play, Campaign and Enemy fit the room the frame
// leaves a game's tab, in width and height, landscape and portrait, at
// every text size, in every state tried.
func TestScreensFitTheirTab(t *testing.T) {
	for name, h := range fitStates(t) {
		for _, scale := range uitest.TextScales {
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
			for _, portrait := range []bool{false, true} {
				room := uitest.TabArea(portrait, scale)
				for tab, obj := range tabsOf(h) {
					h.w.SetContent(obj)
					h.w.Resize(room)
					for _, o := range uitest.TooBig(obj, room) {
						t.Errorf("%s, %s, portrait %v, text %.2f: %s", name, tab, portrait, scale, o)
					}
					// Nothing cut at the right edge ("small le…",
					// "Choose cards (secr…", issue 22 item 1).
					for _, o := range uitest.Clipped(obj) {
						t.Errorf("%s, %s, portrait %v, text %.2f: cut: %s", name, tab, portrait, scale, o)
					}
				}
			}
		}
	}
}

// TestTouchTargets: at Normal text, everything tapped on the three tabs
// is at least 48 dp each way, landscape and portrait.
func TestTouchTargets(t *testing.T) {
	for name, h := range fitStates(t) {
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
		for _, portrait := range []bool{false, true} {
			room := uitest.TabArea(portrait, 1)
			for tab, obj := range tabsOf(h) {
				h.w.SetContent(obj)
				h.w.Resize(room)
				for _, o := range uitest.SmallTargets(obj) {
					t.Errorf("%s, %s, portrait %v: %s", name, tab, portrait, o)
				}
			}
			// Every tab of the Campaign screen.
			c := NewCampaignScreen(h.ctx)
			h.w.SetContent(c.Object())
			h.w.Resize(room)
			for i, it := range c.Tabs.Items {
				c.Tabs.SelectIndex(i)
				for _, o := range uitest.SmallTargets(c.Object()) {
					t.Errorf("%s, Campaign %s, portrait %v: %s", name, it.Text, portrait, o)
				}
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

// shownDialogFits checks the dialogs open over w fit it (width and
// height, so their buttons are on screen), then closes the top one.
func shownDialogFits(t *testing.T, w fyne.Window, name string) {
	t.Helper()
	if w.Canvas().Overlays().Top() == nil {
		t.Errorf("%s: no dialog shown", name)
		return
	}
	for _, s := range uitest.DialogTooBig(w) {
		t.Errorf("%s: %s", name, s)
	}
	if d := widgets.TopDialog(w.Canvas()); d != nil {
		d.Hide()
	} else {
		w.Canvas().Overlays().Remove(w.Canvas().Overlays().Top())
	}
}

// everyDialog opens, one after the other, every dialog the game's screens
// open, calling check with each open.
func everyDialog(t *testing.T, h *harness, check func(name string)) {
	t.Helper()
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	for _, sec := range contentSections {
		c.Entry.Open(sec.Kind, "", nil)
		check("new " + sec.Title)
	}
	c.Entry.Open(tp.KindClassCard, "K1", nil)
	check("a class card being edited")
	c.Entry.OpenDice()
	check("dice")
	c.Entry.openMapDialog("", func(string) {})
	check("map editor")
	c.Entry.openCharacterDialog(nil)
	check("new character")
	c.Setup.chooseCards("Ana")
	check("the ten cards taken")
	c.OfferContent([]byte(`{"format": "tablekeeper-phantom-epoch-content", "version": 1, "entries": [{"kind": "species", "id": "", "data": {"name": "", "hp": 0}}]}`), false)
	check("a content file with problems")
	data, _ := tp.ExportContent(h.state())
	c.OfferContent(data, true)
	check("update from a newer file")
	c.Editor.openSaved()
	check("open a saved map")
	c.Editor.Saved = func() map[string]json.RawMessage { return nil }
	c.Editor.openSaved()
	check("no maps yet")
	c.Editor.Block(4, 4)
	c.Editor.BlockButton.OnTapped()
	check("start the map again")
	c.saveToLibrary()
	check("save the content on this device")
	c.openLibrary()
	check("content sets on this device")

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
				check("override")
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
	s := h.state()
	m := s.Mission
	p.attack(s, who)
	check("attack")
	adv := ""
	for _, f := range m.Figures {
		if f.Side == "adversary" && !f.Defeated {
			adv = f.Name
			break
		}
	}
	p.react(m, adv, who)
	check("react")
	p.chooseCards(s, figure(m, who))
	check("select cards")
	p.correctFigure(figure(m, who))
	check("correct a character")
	p.correctFigure(figure(m, adv))
	check("correct an adversary")
	p.confirmVengeful(adv, who)
	check("Vengeful")
}

// TestDialogsFitTheWindow: every dialog the game opens fits a landscape
// and a portrait tablet at every text size, in width and height.
func TestDialogsFitTheWindow(t *testing.T) {
	for _, scale := range []float32{1, 1.85} {
		for _, size := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
			t.Run(fmt.Sprintf("%.0fx%.0f at %.2f", size.Width, size.Height, scale), func(t *testing.T) {
				h := newHarness(t, fixture(6, 4))
				fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
				h.w.Resize(size)
				everyDialog(t, h, func(name string) { shownDialogFits(t, h.w, name) })
			})
		}
	}
}

// TestPlayersWordsEverywhere walks every label, hint, title, option and
// message of the game's tabs (every Campaign tab) and dialogs, in every
// state tried, for what a player must never read: §, "spec", codes, JSON,
// "(s)", internal names.
func TestPlayersWordsEverywhere(t *testing.T) {
	for name, h := range fitStates(t) {
		sc := &Screens{}
		for tab, obj := range map[string]fyne.CanvasObject{"Play": sc.Play(h.ctx), "Campaign": sc.Campaign(h.ctx), "Enemy": sc.Enemy(h.ctx)} {
			h.w.SetContent(obj)
			// The Why panel's lines are read one by one (the walker runs
			// its rich text's parts together).
			e := sc.enems[h.ctx]
			e.Trace.Hide()
			for _, w := range phantomWords(uitest.WindowText(h.w)) {
				t.Errorf("%s, %s: %s", name, tab, w)
			}
			e.Trace.Show()
			for _, l := range e.Trace.Shown() {
				for _, w := range phantomWords(l) {
					t.Errorf("%s, Why: %s", name, w)
				}
			}
		}
		c := NewCampaignScreen(h.ctx)
		h.w.SetContent(c.Object())
		for i, it := range c.Tabs.Items {
			c.Tabs.SelectIndex(i)
			for _, w := range phantomWords(uitest.WindowText(h.w)) {
				t.Errorf("%s, Campaign %s: %s", name, it.Text, w)
			}
		}
		for _, m := range append(append([]string{}, h.msgs...), h.errs...) {
			for _, w := range phantomWords(m) {
				t.Errorf("%s, a message: %s", name, w)
			}
		}
	}
	h := newHarness(t, fixture(6, 4))
	everyDialog(t, h, func(name string) {
		for _, w := range phantomWords(uitest.WindowText(h.w)) {
			t.Errorf("dialog %s: %s", name, w)
		}
		shownDialogFits(t, h.w, name)
	})
	for _, m := range append(append([]string{}, h.msgs...), h.errs...) {
		for _, w := range phantomWords(m) {
			t.Errorf("a message: %s", w)
		}
	}
}

// TestFrameWithEachTabShownFitsTheWindow: the whole campaign frame
// (shell.Chrome) around the game's tabs, with each tab shown in turn and
// the others hidden (as the app opens on any of them), fits a landscape
// and a portrait window at Normal and Largest text: a hidden tab must not
// ask for more than it will take when shown.
func TestFrameWithEachTabShownFitsTheWindow(t *testing.T) {
	h := fitStates(t)["decision pending"]
	for _, scale := range []float32{1, 1.85} {
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
		for _, size := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
			for tab := 0; tab < 3; tab++ {
				sc := &Screens{}
				c := shell.NewChrome(h.w, "Window check — Phantom Epoch", sc.Play(h.ctx), sc.Campaign(h.ctx), sc.Enemy(h.ctx), widget.NewLabel("Log"))
				h.w.SetContent(c.Root)
				c.Tabs.SelectIndex(tab)
				h.w.Resize(size)
				for _, o := range uitest.TooBig(c.Root, size) {
					t.Errorf("%v at %.2f, tab %d shown: %s", size, scale, tab, o)
				}
			}
		}
	}
}

// TestMapKeepsItsRoom: the map is never squeezed beside its panel: on a
// portrait tablet the panel goes under it (the map the whole width), on
// a landscape one beside it (the map at least two fifths of the width),
// at every text size.
func TestMapKeepsItsRoom(t *testing.T) {
	h := fitStates(t)["decision pending"]
	for _, scale := range []float32{1, 1.85} {
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
		for _, portrait := range []bool{false, true} {
			room := uitest.TabArea(portrait, scale)
			p, e := NewPlayScreen(h.ctx), NewEnemyScreen(h.ctx)
			for name, sc := range map[string]struct {
				obj    fyne.CanvasObject
				scroll fyne.CanvasObject
			}{"Play": {p.Object(), p.scroll}, "Enemy": {e.Object(), e.scroll}} {
				h.w.SetContent(sc.obj)
				h.w.Resize(room)
				want := room.Width * 0.4
				if portrait {
					want = room.Width * 0.9
				}
				if w := sc.scroll.Size().Width; w < want {
					t.Errorf("%s, portrait %v, text %.2f: the map is %.0f wide of %.0f", name, portrait, scale, w, room.Width)
				}
			}
		}
	}
}
