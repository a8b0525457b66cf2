package alone

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// characterForm is a Character card: the name, and the players' own notes
// of its abilities as the Hero, as a Companion and when sacrificed.
type characterForm struct {
	fs      *fieldSet
	preview *cardView
	obj     fyne.CanvasObject

	name                       *widgets.TextEntry
	hero, companion, sacrifice *widgets.TextEntry
}

func newCharacterForm() *characterForm {
	f := &characterForm{fs: newFieldSet(), preview: newCardView()}
	f.name = entry("as printed on the card")
	note := func(ph string) *widgets.TextEntry {
		e := widgets.NewMultiLineTextEntry()
		e.SetPlaceHolder(ph)
		e.Wrapping = fyne.TextWrapWord
		e.OnChanged = func(string) { f.update() }
		return e
	}
	f.name.OnChanged = func(string) { f.update() }
	f.hero = note("in your words (optional)")
	f.companion = note("in your words (optional)")
	f.sacrifice = note("in your words (optional)")
	f.obj = cardForm(f.preview.obj, container.NewVBox(f.fs.general,
		f.fs.row(ta.FieldName, f.name, ""),
		f.fs.row("Hero ability", f.hero, ""),
		f.fs.row("Companion ability", f.companion, "a Companion starts with 6 Charges: its health"),
		f.fs.row("Sacrifice", f.sacrifice, "once per game, at the start of a Turn")))
	f.update()
	return f
}

func (f *characterForm) set(c ta.CharacterCard) {
	f.name.SetText(c.Name)
	f.hero.SetText(c.Hero)
	f.companion.SetText(c.Companion)
	f.sacrifice.SetText(c.Sacrifice)
	f.update()
}

func (f *characterForm) read() ta.CharacterCard {
	return ta.CharacterCard{Name: strings.TrimSpace(f.name.Text), Hero: strings.TrimSpace(f.hero.Text),
		Companion: strings.TrimSpace(f.companion.Text), Sacrifice: strings.TrimSpace(f.sacrifice.Text)}
}

func (f *characterForm) update() {
	showCharacter(f.preview, f.read())
	f.fs.refit()
}

// editCharacter opens the Character form: a new one when was is nil.
func editCharacter(sink contentSink, was *ta.CharacterCard, done func(string)) {
	f := newCharacterForm()
	head := "Enter a Character"
	if was != nil {
		f.set(*was)
		head = "Change the Character"
	}
	opened(f)
	f.fs.dialog = openDialog(sink.window(), head, f.obj, "Save the card", func() bool {
		c := f.read()
		if f.fs.show(c.Problems()) {
			return false
		}
		p := ta.PutContent{Character: &c}
		if was != nil {
			p.Was = was.Name
		}
		if err := sink.put(p); err != nil {
			f.fs.say(refusal(err))
			return false
		}
		if done != nil {
			done(c.Name)
		}
		return true
	})
}
