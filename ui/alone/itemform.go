package alone

import (
	"slices"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// itemForm is an Item card entered as it is printed: its name, the Action
// on its icon or Passive, its Charges, its Matrix and the one an Upgrade
// needs, whether it is a Bullets card, and the players' own notes, with the
// card drawn as it is entered.
type itemForm struct {
	fs      *fieldSet
	preview *cardView
	obj     fyne.CanvasObject

	name           *widgets.TextEntry
	kind           *chips
	action         *chips
	actionRow      fyne.CanvasObject
	charges        *numStepper
	matrix, needs  *widgets.SuggestEntry
	bullets        *widget.Check
	text, upgraded *widgets.TextEntry
}

const (
	itemAction  = "Action Item"
	itemPassive = "Passive Item"
)

func newItemForm(set *ta.Content) *itemForm {
	f := &itemForm{fs: newFieldSet(), preview: newCardView()}
	up := func() { f.update() }
	f.name = entry("as printed on the card")
	f.name.OnChanged = func(string) { up() }
	f.kind = newChips([]string{itemAction, itemPassive}, func(string) { up() })
	f.kind.SetSelected(itemAction)
	f.action = newChips(actionTitles(), func(string) { up() })
	f.charges = newNumStepper(1, 20, 1, func(int) { up() })
	f.charges.Format = func(n int) string { return plural(n, "Charge", "Charges") }
	mats := matrices(set)
	f.matrix, f.needs = widgets.NewSuggestEntry(mats), widgets.NewSuggestEntry(mats)
	f.matrix.SetPlaceHolder("the Matrix symbol's name")
	f.needs.SetPlaceHolder("none")
	f.matrix.OnChanged = func(string) { up() }
	f.needs.OnChanged = func(string) { up() }
	f.bullets = widget.NewCheck("This is one of the Bullets cards (an Easy game starts with one)", func(bool) { up() })
	f.text, f.upgraded = widgets.NewMultiLineTextEntry(), widgets.NewMultiLineTextEntry()
	f.text.SetPlaceHolder("what it does, in your words (optional)")
	f.upgraded.SetPlaceHolder("what it does upgraded (optional)")
	f.text.Wrapping, f.upgraded.Wrapping = fyne.TextWrapWord, fyne.TextWrapWord
	f.text.OnChanged = func(string) { up() }
	f.upgraded.OnChanged = func(string) { up() }
	f.actionRow = f.fs.row(ta.FieldAction, f.action.obj, "the icon on the card")
	f.obj = cardForm(f.preview.obj, container.NewVBox(f.fs.general,
		f.fs.row(ta.FieldName, f.name, ""),
		f.fs.row(ta.FieldKind, f.kind.obj, ""),
		f.actionRow,
		f.fs.row(ta.FieldCharges, f.charges, "the Charge tokens it starts with"),
		f.fs.row(ta.FieldMatrix, f.matrix, ""),
		f.fs.row(ta.FieldNeeds, f.needs, "the Matrix of the Item a Charge must come from to Upgrade it"),
		f.fs.row(ta.FieldBullets, widgets.WrapCheck(f.bullets), ""),
		f.fs.row(ta.FieldText, f.text, ""),
		f.fs.row("Upgraded", f.upgraded, ""),
	))
	f.update()
	return f
}

// actionTitles are the six Actions as the icons name them.
func actionTitles() []string {
	out := make([]string, len(ta.Actions))
	for i, a := range ta.Actions {
		out[i] = title(string(a))
	}
	return out
}

// matrices are the Matrix names the set's Items use, for picking.
func matrices(set *ta.Content) []string {
	var out []string
	if set == nil {
		return nil
	}
	for _, it := range set.Items {
		for _, m := range []string{it.Matrix, it.Needs} {
			if m != "" && !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	sort.Strings(out)
	return out
}

func (f *itemForm) set(c ta.ItemCard) {
	f.name.SetText(c.Name)
	if c.Passive {
		f.kind.SetSelected(itemPassive)
	} else {
		f.kind.SetSelected(itemAction)
	}
	f.action.SetSelected(title(string(c.Action)))
	f.charges.SetValue(c.Charges)
	f.matrix.SetText(c.Matrix)
	f.needs.SetText(c.Needs)
	f.bullets.SetChecked(c.Bullets)
	f.text.SetText(c.Text)
	f.upgraded.SetText(c.Upgraded)
	f.update()
}

func (f *itemForm) read() ta.ItemCard {
	c := ta.ItemCard{Name: strings.TrimSpace(f.name.Text), Passive: f.kind.Selected == itemPassive, Charges: f.charges.Value,
		Matrix: strings.TrimSpace(f.matrix.Text), Needs: strings.TrimSpace(f.needs.Text), Bullets: f.bullets.Checked,
		Text: strings.TrimSpace(f.text.Text), Upgraded: strings.TrimSpace(f.upgraded.Text)}
	if !c.Passive {
		c.Action = ta.Action(strings.ToLower(f.action.Selected))
	}
	return c
}

func (f *itemForm) update() {
	if f.kind.Selected == itemPassive {
		f.actionRow.Hide()
	} else {
		f.actionRow.Show()
	}
	showItem(f.preview, f.read())
	f.fs.refit()
}

// editItem opens the Item card form: a new card when was is nil. done is
// told the card's name once it is saved.
func editItem(sink contentSink, was *ta.ItemCard, done func(string)) {
	f := newItemForm(sink.current())
	head, confirm := "Enter an Item card", "Save the card"
	if was != nil {
		f.set(*was)
		head = "Change the Item card"
	}
	opened(f)
	f.fs.dialog = openDialog(sink.window(), head, f.obj, confirm, func() bool {
		c := f.read()
		if f.fs.show(c.Problems()) {
			return false
		}
		p := ta.PutContent{Item: &c}
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
