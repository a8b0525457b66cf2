package reich

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
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

// TestScreensFitAtTheLargestText: during an enemy turn at the largest text
// size, nothing on Play, Campaign or Enemy needs more width than a
// landscape or portrait tablet has (the frame would scroll it sideways,
// cutting lines off).
func TestScreensFitAtTheLargestText(t *testing.T) {
	ctx, w := newCtx(t)
	enemyAttacks(t, ctx)
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

// TestFormsFitAtTheLargestText: every form the screens open, in a
// mid-mission state at the largest text size, fits a portrait tablet's
// dialog (800 wide less the dialog's padding).
func TestFormsFitAtTheLargestText(t *testing.T) {
	ctx, w := newCtx(t)
	p := enemyAttacks(t, ctx)
	fyne.CurrentApp().Settings().SetTheme(uitest.LargestText())
	for _, o := range uitest.TooWide(widget.NewForm(Screens{}.Setup(shell.SetupEnv{Window: w}).Items...), 720) {
		t.Errorf("the new-campaign form: %s", o)
	}
	g := gameOf(ctx)
	e, c, cs := g.enemy, g.campaign, g.campaign.Content
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
		func() *formDialog { return cs.unitForm(-1) },
		func() *formDialog { return cs.SpawnCardForm(-1) },
		func() *formDialog { return cs.NoiseCardForm(-1) },
		func() *formDialog { return cs.MapForm(-1) },
		func() *formDialog { return cs.MissionForm(-1) },
	}
	if len(st(ctx).Mission.Pending) > 0 {
		forms = append(forms, func() *formDialog { return p.DefendForm(0) }, func() *formDialog { return p.CounterForm(0) })
	} else {
		t.Log("no attack pending: the defence and counter forms are not measured")
	}
	for _, open := range forms {
		f := open()
		for _, o := range uitest.TooWide(f.body, 720) {
			t.Errorf("%q: %s", f.Title, o)
		}
		if w := titleWidth(f.Title); w > 720 {
			t.Errorf("%q: the title needs %.0f", f.Title, w)
		}
	}
	// The content import's confirm, for a file with a long name.
	cs.confirmImport("reichbusters-content-shared-by-the-tuesday-group-2026-11-25.json", nil)
	top := w.Canvas().Overlays().Top()
	if pop, ok := top.(*widget.PopUp); !ok {
		t.Error("import content: no dialog shown")
	} else {
		for _, o := range pop.Content.(*fyne.Container).Objects[2:] { // content, buttons, title
			for _, s := range uitest.TooWide(o, 720) {
				t.Errorf("import content: %s", s)
			}
		}
		w.Canvas().Overlays().Remove(top)
	}
}

// titleWidth is what a dialog's title (a bold label that does not wrap)
// needs.
func titleWidth(title string) float32 {
	return widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}).MinSize().Width
}

// TestQuestionsFitAtTheLargestText: the dialog that puts the enemy rules'
// questions to the table fits a portrait tablet at the largest text size,
// for each kind of question it asks.
func TestQuestionsFitAtTheLargestText(t *testing.T) {
	ctx, w := newCtx(t)
	startRaid(t, ctx)
	fyne.CurrentApp().Settings().SetTheme(uitest.LargestText())
	k := gameOf(ctx).play.k
	for _, q := range []*question{
		{Question: "can heros in area A1 see area B1?", Field: "answers.los"},
		{Question: "which spawn icons does the token show?", Field: "answers.tokenIcons.T1"},
		{Question: "something the app cannot ask in a form", Field: "answers.other"},
	} {
		k.askQuestion(q)
		top := w.Canvas().Overlays().Top()
		pop, ok := top.(*widget.PopUp)
		if !ok {
			t.Errorf("%s: no dialog shown", q.Field)
			continue
		}
		for _, o := range pop.Content.(*fyne.Container).Objects[2:] { // content, buttons, title
			for _, s := range uitest.TooWide(o, 720) {
				t.Errorf("%s: %s", q.Field, s)
			}
		}
		w.Canvas().Overlays().Remove(top)
	}
}
