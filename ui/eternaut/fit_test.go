package eternaut

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
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

// TestFormsFitAtTheLargestText: every form the screens open, in Scenario C
// at the largest text size, fits a portrait tablet's dialog (800 wide less
// the dialog's padding).
func TestFormsFitAtTheLargestText(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	fyne.CurrentApp().Settings().SetTheme(uitest.LargestText())
	for _, o := range uitest.TooWide(widget.NewForm(Screens{}.Setup(shell.SetupEnv{Window: tb.win}).Items...), 720) {
		t.Errorf("the new-campaign form: %s", o)
	}
	p, e, d := NewPlayScreen(tb.ctx), NewEnemyScreen(tb.ctx), NewDiaryScreen(tb.ctx)
	var last **formDialog
	opens := []struct {
		name string
		open func()
	}{
		{"damage", func() { p.damageForm("901") }},
		{"remove penalty", func() { p.removePenaltyForm("901") }},
		{"mad pick", func() { p.madPickForm("901") }},
		{"gain item", func() { p.gainItemForm("901") }},
		{"drop", func() { p.dropForm("901") }},
		{"discard", func() { p.discardForm("901") }},
		{"craft", func() { p.craftForm("901") }},
		{"bag", func() { p.bagForm("901") }},
		{"trade", func() { p.tradeForm("901") }},
		{"correct character", func() { p.correctCharForm("901") }},
		{"kill", func() { p.killForm("901") }},
		{"leave", func() { p.leaveForm("901") }},
		{"reinforce", func() { p.reinforceForm("903") }},
		{"ability", func() { p.abilityForm("901") }},
		{"attack", func() { p.attackForm("901") }},
		{"move timer", func() { p.moveTimerForm(3) }},
		{"exchange", p.exchangeForm},
		{"pick up", func() { p.pickUpForm("A") }},
		{"correct scenario", p.correctScenarioForm},
		{"figure damage", func() { p.figureDamageForm("F1") }},
		{"reveal", p.revealForm},
		{"end scenario", func() { tap(t, findButton(t, p.tableBox, "The story ends the scenario…")) }},
		{"play on mad", func() {
			tb.do(et.CorrectCharacter{Char: "901", Field: "madness", Value: 1}) // Madness is rules-only from Scenario D
			p.playCard("901")
		}},
		// The Tank is on the table only in Scenario F: its card is built
		// here from a copy of the state, without and with a Tank.
		{"tank set up", func() { tap(t, findButton(t, p.tankCard(tb.st()), "Put the Tank on the table…")) }},
		{"tank destroyed", func() {
			s, sc := *tb.st(), *tb.st().Scenario
			sc.Tank = &et.Tank{Fuel: 2, MaxFuel: 3, Ammo: 1, MaxAmmo: 2}
			s.Scenario = &sc
			tap(t, findButton(t, p.tankCard(&s), "The Tank is destroyed…"))
		}},
		{"set cubes", e.setCubesForm},
		{"move cubes", e.moveCubesForm},
		{"override", e.overrideForm},
		{"diary bool", d.boolTap("C", "901", "played", "Played", false)},
		{"diary field", func() { d.Fields["/campaignScore"].OnTapped() }},
	}
	for _, f := range opens {
		for _, k := range []*kit{&p.kit, &e.kit, &d.kit} {
			k.last = nil
		}
		f.open()
		for _, k := range []*kit{&p.kit, &e.kit, &d.kit} {
			if k.last != nil {
				last = &k.last
			}
		}
		if last == nil || *last == nil {
			t.Errorf("%s: no form opened", f.name)
			continue
		}
		for _, o := range uitest.TooWide((*last).body, 720) {
			t.Errorf("%s %q: %s", f.name, (*last).Title, o)
		}
		// The dialog's title and its row of equal buttons do not wrap.
		title := widget.NewLabelWithStyle((*last).Title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		row := container.NewGridWithRows(1)
		for _, b := range (*last).btns {
			row.Add(widget.NewButtonWithIcon(b.Text, b.Icon, nil))
		}
		for _, o := range append(uitest.TooWide(title, 720), uitest.TooWide(row, 720)...) {
			t.Errorf("%s %q: %s", f.name, (*last).Title, o)
		}
		last = nil
	}
}
