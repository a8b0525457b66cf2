package eternaut

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// settingsForm shows the group's readings of the rules the spec leaves
// open, where it says they are settings (§13); a change is an event.
type settingsForm struct {
	k         *kit
	was       et.Settings
	TimerMax  *widget.Entry
	PassFirst *widget.Check
	Redeal    *widget.Check
	ActFirst  *widget.Check
	TankFuel  *widget.Check
	MaskedLP  *widget.Entry
	Save      *widget.Button
}

func newSettingsForm(k *kit, s et.Settings) *settingsForm {
	f := &settingsForm{k: k, was: s}
	f.TimerMax = textEntry("1 to 99", strconv.Itoa(s.TimerMax))
	f.PassFirst = widget.NewCheck("The player after the one who ended the round starts the next one", nil)
	f.PassFirst.SetChecked(s.PassFirstPlayer)
	f.Redeal = widget.NewCheck("Deal the cubes again after the Survivors move", nil)
	f.Redeal.SetChecked(s.RedealAfterSurvivors)
	f.ActFirst = widget.NewCheck("The cube activation comes before an end of round in the same turn", nil)
	f.ActFirst.SetChecked(s.ActivationBeforeEndOfRound)
	f.TankFuel = widget.NewCheck("−1 Tank Fuel at the start of every turn while someone operates it", nil)
	f.TankFuel.SetChecked(s.TankFuelPerTurn)
	f.MaskedLP = textEntry("1 to 10", strconv.Itoa(s.MaskedReturnLP))
	f.Save = primary(btn("Save the settings", f.save))
	return f
}

func (f *settingsForm) same(s et.Settings) bool { return f.was == s }

func (f *settingsForm) read() (et.Settings, error) {
	n, err := strconv.Atoi(f.TimerMax.Text)
	if err != nil {
		return et.Settings{}, errf("the Timer track's length must be a whole number, not %q", f.TimerMax.Text)
	}
	lp, err := strconv.Atoi(f.MaskedLP.Text)
	if err != nil {
		return et.Settings{}, errf("the returning Masked Figures' life must be a whole number, not %q", f.MaskedLP.Text)
	}
	return et.Settings{TimerMax: n, PassFirstPlayer: f.PassFirst.Checked, RedealAfterSurvivors: f.Redeal.Checked,
		ActivationBeforeEndOfRound: f.ActFirst.Checked, TankFuelPerTurn: f.TankFuel.Checked, MaskedReturnLP: lp}, nil
}

func (f *settingsForm) save() {
	s, err := f.read()
	if err != nil {
		f.k.say(err)
		return
	}
	f.k.do(et.ChangeSettings{Settings: s})
}

func (f *settingsForm) object() fyne.CanvasObject {
	// The hint under each field wraps (a form's HintText is one line, too
	// wide for a portrait tablet at a large text size).
	item := func(label string, obj fyne.CanvasObject, hint string) *widget.FormItem {
		return widget.NewFormItem(label, container.NewVBox(obj, note(hint)))
	}
	form := widget.NewForm(
		item("Timer track length", f.TimerMax, "The rulebook does not say how long the track is (§13.2; default 20)"),
		item("First turn of a round", widgets.WrapCheck(f.PassFirst), "The spec's reading: the First Player always starts (§13.5; off)"),
		item("Survivors in B", widgets.WrapCheck(f.Redeal), "B does not say to deal again; the app does, as for aliens (§13.8; on)"),
		item("Same-turn order", widgets.WrapCheck(f.ActFirst), "Activation first, then the end of round (§13.7; on)"),
		item("Tank Fuel", widgets.WrapCheck(f.TankFuel), "“1 Fuel each turn while operating” (§13.28; on)"),
		item("Masked Figure back with", f.MaskedLP, "Life of a dead Masked Figure when it returns (§13.21; 10)"),
	)
	return container.NewVBox(heading("House readings of the open rules"),
		note("These change how the app applies rules the rulebook leaves unclear. A change is written in the Log and can be undone."),
		form, f.Save)
}
