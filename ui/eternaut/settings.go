package eternaut

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// settingsForm shows the group's choices where the rulebook can be read
// two ways (spec §13 keeps them as settings): each choice says both
// readings in a sentence, and a change is an event the Log shows and Undo
// takes back.
type settingsForm struct {
	k         *kit
	was       et.Settings
	TimerMax  *spin
	PassFirst *reading
	Redeal    *reading
	ActFirst  *reading
	TankFuel  *reading
	MaskedLP  *spin
	Save      *widget.Button
}

func newSettingsForm(k *kit, s et.Settings) *settingsForm {
	f := &settingsForm{k: k, was: s}
	f.TimerMax = number(1, 99, s.TimerMax)
	// The words are tracker/eternaut's, which the diary writes a change
	// in; the first reading of each is the spec's (§13.5, §13.8, §13.7,
	// §13.28).
	f.PassFirst = newReading(et.PassFirstReading, s.PassFirstPlayer)
	f.Redeal = newReading(et.RedealReading, !s.RedealAfterSurvivors)
	f.ActFirst = newReading(et.ActFirstReading, !s.ActivationBeforeEndOfRound)
	f.TankFuel = newReading(et.TankFuelReading, !s.TankFuelPerTurn)
	f.MaskedLP = number(1, et.CharMaxLP, s.MaskedReturnLP)
	f.Save = primary(btn("Save the settings", nil))
	f.Save.OnTapped = f.save
	return f
}

func (f *settingsForm) same(s et.Settings) bool { return f.was == s }

func (f *settingsForm) read() et.Settings {
	return et.Settings{TimerMax: f.TimerMax.Value, PassFirstPlayer: f.PassFirst.Second(), RedealAfterSurvivors: !f.Redeal.Second(),
		ActivationBeforeEndOfRound: !f.ActFirst.Second(), TankFuelPerTurn: !f.TankFuel.Second(), MaskedReturnLP: f.MaskedLP.Value}
}

func (f *settingsForm) save() {
	s := f.read()
	if s == f.was {
		f.k.ctx.Feedback(f.Save, "Nothing changed.", false)
		return
	}
	f.k.doFrom(f.Save, et.ChangeSettings{Settings: s})
}

func (f *settingsForm) object() fyne.CanvasObject {
	item := func(label, hint string, w fyne.CanvasObject) *widget.FormItem {
		it := widget.NewFormItem(label, w)
		it.HintText = hint
		return it
	}
	form := widgets.NewFormBox(
		item(et.PassFirstReading.Title, "", f.PassFirst),
		item(et.RedealReading.Title, "", f.Redeal),
		item(et.ActFirstReading.Title, "", f.ActFirst),
		item(et.TankFuelReading.Title, "", f.TankFuel),
		item(et.TimerMaxTitle, "The rulebook does not say how long the track is; 20 spaces unless your board has more.", f.TimerMax),
		item(et.MaskedLPTitle, "The rulebook does not say its life when it returns; 10 unless the group reads it otherwise.", f.MaskedLP),
	)
	return container.NewVBox(heading("Where the rulebook can be read two ways"),
		note("Choose the reading your group plays. The first of each pair is the app's usual one. A change is written in the Log and can be undone."),
		form.Object(), f.Save)
}

// A reading is a choice between two readings of a rule, each a sentence
// beside its own radio mark, the whole row a finger's target.
type reading struct {
	widget.BaseWidget
	rows   [2]*readingRow
	second bool
	// OnChanged is told when the choice changes.
	OnChanged func(second bool)
}

func newReading(w et.Reading, isSecond bool) *reading {
	r := &reading{second: isSecond}
	r.rows[0] = newReadingRow(w.Sentences[0], func() { r.Set(false) })
	r.rows[1] = newReadingRow(w.Sentences[1], func() { r.Set(true) })
	r.sync()
	r.ExtendBaseWidget(r)
	return r
}

// Second says whether the second reading is chosen.
func (r *reading) Second() bool { return r.second }

// Set chooses the second reading (true) or the first.
func (r *reading) Set(second bool) {
	if r.second == second {
		return
	}
	r.second = second
	r.sync()
	if r.OnChanged != nil {
		r.OnChanged(second)
	}
}

// Options are the two readings' sentences.
func (r *reading) Options() []string { return []string{r.rows[0].label.Text, r.rows[1].label.Text} }

func (r *reading) sync() {
	r.rows[0].set(!r.second)
	r.rows[1].set(r.second)
}

func (r *reading) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewVBox(r.rows[0], r.rows[1]))
}

type readingRow struct {
	widget.BaseWidget
	icon  *widget.Icon
	label *widget.Label
	tap   func()
}

func newReadingRow(text string, tap func()) *readingRow {
	r := &readingRow{icon: widget.NewIcon(theme.RadioButtonIcon()), label: widgets.Paragraph(text), tap: tap}
	r.ExtendBaseWidget(r)
	return r
}

func (r *readingRow) set(on bool) {
	if on {
		r.icon.SetResource(theme.NewPrimaryThemedResource(theme.RadioButtonCheckedIcon()))
		r.label.TextStyle.Bold = true
	} else {
		r.icon.SetResource(theme.RadioButtonIcon())
		r.label.TextStyle.Bold = false
	}
	r.label.Refresh()
}

// Tapped chooses this reading.
func (r *readingRow) Tapped(*fyne.PointEvent) { r.tap() }

func (r *readingRow) MinSize() fyne.Size {
	r.ExtendBaseWidget(r)
	return r.BaseWidget.MinSize().Max(fyne.NewSize(widgets.MinTouch, widgets.MinTouch))
}

func (r *readingRow) CreateRenderer() fyne.WidgetRenderer {
	icon := widgets.AtLeast(fyne.NewSquareSize(widgets.MinTouch*0.6), r.icon)
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, container.NewCenter(icon), nil, r.label))
}
