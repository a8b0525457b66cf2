package alone

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// The effects a Reaction card's half can have, as players read them.
const (
	effDamage = "Damage"
	effDice   = "Extra attack dice"
	effMove   = "Move a Creature"
	effSpawn  = "Spawn a Creature"
	effOther  = "Something else"
)

var effectKinds = []string{effDamage, effDice, effMove, effSpawn, effOther}

// effectRow is one effect of a card's half: what it does, and its number
// tapped in.
type effectRow struct {
	obj   fyne.CanvasObject
	what  *chips
	track *chips
	n     *numStepper
	nRow  fyne.CanvasObject
}

func newEffectRow(o alone.CardOp, changed func(), remove func()) *effectRow {
	r := &effectRow{}
	r.what = newChips(effectKinds, func(string) { r.sync(); changed() })
	r.track = newChips([]string{"Life", "Self Control"}, func(string) { changed() })
	r.n = newNumStepper(1, 20, max(1, max(o.N, o.Range)), func(int) { changed() })
	switch o.Op {
	case ta.OpDamage:
		r.what.SetSelected(effDamage)
	case ta.OpAttackDice:
		r.what.SetSelected(effDice)
	case ta.OpMove:
		r.what.SetSelected(effMove)
	case ta.OpSpawn:
		r.what.SetSelected(effSpawn)
	default:
		r.what.SetSelected(effOther)
	}
	if o.Kind == alone.SCDamage {
		r.track.SetSelected("Self Control")
	} else {
		r.track.SetSelected("Life")
	}
	rm := widget.NewButtonWithIcon("Remove", theme.DeleteIcon(), remove)
	r.nRow = container.NewVBox(r.track.obj, r.n)
	r.obj = widget.NewCard("", "", container.NewVBox(r.what.obj, r.nRow, container.NewHBox(rm)))
	r.sync()
	return r
}

func (r *effectRow) sync() {
	switch r.what.Selected {
	case effDamage:
		r.track.obj.Show()
		r.nRow.Show()
		r.n.Format = func(n int) string { return plural(n, "point", "points") }
	case effDice:
		r.track.obj.Hide()
		r.nRow.Show()
		r.n.Format = func(n int) string { return "+" + plural(n, "die", "dice") }
	case effMove:
		r.track.obj.Hide()
		r.nRow.Show()
		r.n.Format = func(n int) string { return "up to " + plural(n, "Sector", "Sectors") }
	default:
		r.nRow.Hide()
	}
	r.n.sync()
}

func (r *effectRow) read() alone.CardOp {
	switch r.what.Selected {
	case effDamage:
		k := alone.LifeDamage
		if r.track.Selected == "Self Control" {
			k = alone.SCDamage
		}
		return alone.CardOp{Op: ta.OpDamage, Kind: k, N: r.n.Value}
	case effDice:
		return alone.CardOp{Op: ta.OpAttackDice, N: r.n.Value}
	case effMove:
		return alone.CardOp{Op: ta.OpMove, Range: r.n.Value}
	case effSpawn:
		return alone.CardOp{Op: ta.OpSpawn}
	}
	return alone.CardOp{Op: ta.OpOther}
}

// effectList is one half of a card: its effects, one added per tap.
type effectList struct {
	box     *fyne.Container
	rows    []*effectRow
	changed func()
	obj     fyne.CanvasObject
}

func newEffectList(changed func()) *effectList {
	l := &effectList{box: container.NewVBox(), changed: changed}
	add := widget.NewButtonWithIcon("Add an effect", theme.ContentAddIcon(), func() { l.add(alone.CardOp{Op: ta.OpOther}); changed() })
	l.obj = container.NewVBox(l.box, container.NewHBox(add))
	return l
}

func (l *effectList) add(o alone.CardOp) {
	var r *effectRow
	r = newEffectRow(o, l.changed, func() {
		for i, x := range l.rows {
			if x == r {
				l.rows = append(l.rows[:i], l.rows[i+1:]...)
				break
			}
		}
		l.layout()
		l.changed()
	})
	l.rows = append(l.rows, r)
	l.layout()
}

func (l *effectList) layout() {
	objs := make([]fyne.CanvasObject, len(l.rows))
	for i, r := range l.rows {
		objs[i] = r.obj
	}
	setBox(l.box, objs...)
}

func (l *effectList) set(ops []alone.CardOp) {
	l.rows = nil
	for _, o := range ops {
		l.add(o)
	}
	l.layout()
}

func (l *effectList) read() []alone.CardOp {
	var out []alone.CardOp
	for _, r := range l.rows {
		out = append(out, r.read())
	}
	return out
}

// moments are when an Instant card may be played, for picking (the card's
// own words may be typed instead).
var moments = []string{"when the Action is declared", "after the dice are rolled", "before anything is Revealed", "when the Hero takes damage"}

// reactionCardForm is a Reaction card as it is printed: its deck (its
// colour), its name, the trigger symbol in its corner, whether it is
// Instant and when, and its two halves — what it does, and what more it
// does when Dangerous — each effect tapped in.
type reactionCardForm struct {
	fs      *fieldSet
	preview *cardView
	obj     fyne.CanvasObject

	deck      *chips
	name      *widgets.TextEntry
	trigger   *chips
	instant   *widget.Check
	timing    *widgets.SuggestEntry
	timingRow fyne.CanvasObject
	effect    *effectList
	dangerous *effectList
}

func newReactionCardForm() *reactionCardForm {
	f := &reactionCardForm{fs: newFieldSet(), preview: newCardView()}
	up := func() { f.update() }
	f.deck = newChips(titles(ta.Decks), func(string) { up() })
	f.name = entry("as printed on the card")
	f.name.OnChanged = func(string) { up() }
	var trig []string
	for _, t := range triggerOrder {
		trig = append(trig, triggerNames[t])
	}
	f.trigger = newChips(trig, func(string) { up() })
	f.timing = widgets.NewSuggestEntry(moments)
	f.timing.SetPlaceHolder("when, as the card says")
	f.timing.OnChanged = func(string) { up() }
	f.timingRow = f.fs.row(ta.FieldTiming, f.timing, "the moment printed under its name")
	f.instant = widget.NewCheck("Instant (the lightning symbol): played during the Action", func(bool) { up() })
	f.effect = newEffectList(up)
	f.dangerous = newEffectList(up)
	f.obj = cardForm(f.preview.obj, container.NewVBox(f.fs.general,
		f.fs.row(ta.FieldDeck, f.deck.obj, ""),
		f.fs.row(ta.FieldName, f.name, ""),
		f.fs.row(ta.FieldTrigger, f.trigger.obj, "played face up only when this happened this Turn"),
		widgets.WrapCheck(f.instant), f.timingRow,
		f.fs.row(ta.FieldEffect, f.effect.obj, "the first half: what it always does"),
		f.fs.row(ta.FieldDangerous, f.dangerous.obj, "the second half: what it does more when played in a Dangerous Sector"),
	))
	f.update()
	return f
}

func (f *reactionCardForm) set(r alone.ReactionCard) {
	f.deck.SetSelected(title(r.Deck))
	f.name.SetText(r.Name)
	f.trigger.SetSelected(triggerNames[r.Trigger])
	f.instant.SetChecked(r.Instant)
	f.timing.SetText(r.Timing)
	f.effect.set(r.Effect)
	f.dangerous.set(r.Dangerous)
	f.update()
}

func (f *reactionCardForm) read() alone.ReactionCard {
	r := alone.ReactionCard{Deck: strings.ToLower(f.deck.Selected), Name: strings.TrimSpace(f.name.Text), Instant: f.instant.Checked,
		Timing: strings.TrimSpace(f.timing.Text), Effect: f.effect.read(), Dangerous: f.dangerous.read()}
	for t, n := range triggerNames {
		if n == f.trigger.Selected {
			r.Trigger = t
		}
	}
	ta.NormalizeReaction(&r)
	return r
}

func (f *reactionCardForm) update() {
	if f.instant.Checked {
		f.timingRow.Show()
	} else {
		f.timingRow.Hide()
	}
	showReaction(f.preview, f.read())
	f.fs.refit()
}

// editReaction opens the Reaction card form: a new card when was is nil
// (deck preselects its deck).
func editReaction(sink contentSink, was *alone.ReactionCard, deck string, done func(string)) {
	f := newReactionCardForm()
	head := "Enter a Reaction card"
	if was != nil {
		f.set(*was)
		head = "Change the Reaction card"
	} else if deck != "" {
		f.deck.SetSelected(title(deck))
		f.update()
	}
	opened(f)
	f.fs.dialog = openDialog(sink.window(), head, f.obj, "Save the card", func() bool {
		r := f.read()
		if f.fs.show(ta.ReactionProblems(r)) {
			return false
		}
		p := ta.PutContent{Reaction: &r}
		if was != nil {
			p.Was, p.WasDeck = was.Name, was.Deck
		}
		if err := sink.put(p); err != nil {
			f.fs.say(refusal(err))
			return false
		}
		if done != nil {
			done(r.Name)
		}
		return true
	})
}
