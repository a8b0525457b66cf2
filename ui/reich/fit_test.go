package reich

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// enemyAttacks is H1's turn ended with a grunt and a hound alert in A1: the
// enemy turn has attacked and waits for the defence test.
func enemyAttacks(t *testing.T, ctx *shell.Context) *playScreen {
	t.Helper()
	p := heroTurn(t, ctx)
	must(t, ctx, rb.Override{Reason: "test", Place: []rb.UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "DG", Area: "A1"}},
		Awareness: map[string]content.Awareness{"R1": content.Alert}})
	p.Next()
	p.Next()
	return p
}

// sizes are the window sizes and text sizes every screen must fit.
var sizes = []struct {
	name     string
	win      fyne.Size
	portrait bool
	scale    float32
}{
	{"landscape, normal text", uitest.Landscape, false, 1},
	{"landscape, largest text", uitest.Landscape, false, 1.85},
	{"portrait, normal text", uitest.Portrait, true, 1},
	{"portrait, largest text", uitest.Portrait, true, 1.85},
}

// TestTabsFitTheFrame: Play, Campaign and Enemy fit the room the frame
// leaves a game's tab, in width and height, landscape and portrait, at
// normal and the largest text: before any content, and mid-mission with an
// enemy attack waiting for its defence test; and laid out there, none of
// their buttons and labels is narrower than its text.
func TestTabsFitTheFrame(t *testing.T) {
	for _, state := range []string{"empty", "attack pending"} {
		ctx, w := newCtx(t)
		if state != "empty" {
			enemyAttacks(t, ctx)
		}
		for _, sz := range sizes {
			room := uitest.TabArea(sz.portrait, sz.scale)
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(sz.scale))
			for _, tab := range []struct {
				name string
				make func(*shell.Context) fyne.CanvasObject
			}{{"Play", Screens{}.Play}, {"Campaign", Screens{}.Campaign}, {"Enemy", Screens{}.Enemy}} {
				obj := tab.make(ctx)
				w.SetContent(obj)
				w.Resize(room)
				for _, o := range uitest.TooBig(obj, room) {
					t.Errorf("%s, %s, %s: %s", state, tab.name, sz.name, o)
				}
				// Laid out in that room, no button or label is narrower
				// than its text (cut, or drawn over its neighbours).
				w.Content().Refresh()
				for _, o := range uitest.Clipped(obj) {
					t.Errorf("%s, %s, %s: %s", state, tab.name, sz.name, o)
				}
			}
		}
	}
}

// openForms opens every form and dialog the screens have, mid-mission
// with an attack pending, one at a time: check runs with each open.
func openForms(t *testing.T, ctx *shell.Context, w fyne.Window, check func(name string)) {
	p := gameOf(ctx).play
	g := gameOf(ctx)
	e, c := g.enemy, g.campaign
	forms := []func() *formDialog{
		p.StartForm, p.SwapForm, p.EndRoundForm, p.NoiseForm, p.BangForm, p.FreeDoorForm,
		p.AreaStateForm, p.EndMissionForm,
		func() *formDialog { return p.MoveForm("H1") },
		func() *formDialog { return p.OpenDoorForm("H1") },
		func() *formDialog { return p.AttackForm("H1") },
		func() *formDialog { return p.SearchForm("H1") },
		func() *formDialog { return p.RecoverForm("H1") },
		func() *formDialog { return p.CardsForm("H1") },
		func() *formDialog { return p.UseItemForm("H1") },
		func() *formDialog { return p.GiveForm("H1") },
		func() *formDialog { return p.DropForm("H1") },
		func() *formDialog { return p.GearForm("H1") },
		func() *formDialog { return p.ReadyForm("H1") },
		func() *formDialog { return p.VrilForm("H1") },
		func() *formDialog { return p.GrantForm("H1") },
		func() *formDialog { return p.EscortForm("H1") },
		func() *formDialog { return p.HealForm("H1", 1) },
		func() *formDialog { return p.WoundForm("H1") },
		func() *formDialog { return p.SkillForm("H1") },
		func() *formDialog { return p.KnockBackForm("H1") },
		func() *formDialog { return p.DisguiseForm("H1") },
		func() *formDialog { return p.CorrectForm("H1") },
		func() *formDialog { p.moveMarkerForm(-1); return p.k.Last },
		e.TokenForm, e.FeatureForm, e.RaiseForm, e.SpawnForm, e.OverrideForm,
		c.ResultForm, c.CloseForm, c.DifficultyForm, c.HQForm, c.SupplyForm, c.BuyForm, c.GrantSkillForm,
		func() *formDialog { return p.k.FactionForm("F1", nil) },
		func() *formDialog { f := st(ctx).Library.Factions[0]; return p.k.UnitLineForm(&f, 0, func() {}) },
		func() *formDialog { return p.k.SpawnCardForm("S1", nil) },
		func() *formDialog { return p.k.NoiseCardForm("N1", "", nil) },
		func() *formDialog { return p.k.NoiseCardForm("", content.DeckPostAlarm, nil) },
		func() *formDialog { return p.k.MissionForm("M1", nil) },
		func() *formDialog { return p.k.HeroForm("H1", nil) },
		func() *formDialog {
			return p.k.LoadContent("content-shared-by-the-tuesday-group-on-2026-11-25-after-the-second-mission.json", testContent(t))
		},
	}
	if len(st(ctx).Mission.Pending) > 0 {
		forms = append(forms, func() *formDialog { return p.DefendForm(0) }, func() *formDialog { return p.CounterForm(0) })
	} else {
		t.Error("no attack pending: the defence and counter forms are not measured")
	}
	for _, open := range forms {
		f := open()
		check(fmt.Sprintf("%q", f.Title))
		f.close()
	}
	ed := p.k.MapEditor(st(ctx).Library.Maps[0], nil)
	check("the map editor")
	ed.close()
	for _, q := range []*question{
		{Question: "can a hero in area A1 see area B1?", Field: "answers.los", losFrom: "A1", losTo: "B1", losSide: "hero"},
		{Question: "which spawn icons does the token show?", Field: "answers.tokenIcons.T1"},
		{Question: "something the app cannot ask in a form", Field: "answers.other"},
	} {
		p.k.askQuestion(q)
		check("the question " + q.Field)
		q.dlg.Hide()
	}
	p.k.problemsDialog("bad.json", fmt.Errorf("faction card X, line 1 (Grunt), miniatures (#): must be 0 or more"))
	check("a refused content file")
	widgets.TopDialog(w.Canvas()).Hide()
}

// TestDialogsFitTheWindow: every form and dialog, at both window sizes and
// at normal and the largest text, asks for no more than the window in
// either dimension, so its buttons are always on screen.
func TestDialogsFitTheWindow(t *testing.T) {
	ctx, w := newCtx(t)
	enemyAttacks(t, ctx)
	for _, sz := range sizes {
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(sz.scale))
		w.Resize(sz.win)
		openForms(t, ctx, w, func(name string) {
			for _, o := range uitest.DialogTooBig(w) {
				t.Errorf("%s, %s: %s", name, sz.name, o)
			}
		})
	}
	// The game's part of the new-campaign form.
	for _, sz := range sizes {
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(sz.scale))
		room := fyne.NewSize(sz.win.Width-40, 1e9)
		for _, o := range uitest.TooBig(widgets.NewFormBox(Screens{}.Setup(shell.SetupEnv{Window: w}).Items...).Object(), room) {
			t.Errorf("the new-campaign form, %s: %s", sz.name, o)
		}
	}
}

// TestTouchTargets: at normal text, everything tappable on the tabs and in
// the dialogs is at least a finger wide and tall.
func TestTouchTargets(t *testing.T) {
	ctx, w := newCtx(t)
	enemyAttacks(t, ctx)
	fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	for _, win := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
		for _, tab := range []func(*shell.Context) fyne.CanvasObject{Screens{}.Play, Screens{}.Campaign, Screens{}.Enemy} {
			w.SetContent(tab(ctx))
			w.Resize(win)
			for _, o := range uitest.WindowSmallTargets(w) {
				t.Errorf("%v: %s", win, o)
			}
		}
	}
	w.Resize(uitest.Landscape)
	openForms(t, ctx, w, func(name string) {
		for _, o := range uitest.WindowSmallTargets(w) {
			t.Errorf("%s: %s", name, o)
		}
	})
}

// titleWidth is what a bold one-line title needs.
func titleWidth(title string) float32 {
	return widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}).MinSize().Width
}
