package reich

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// A fld is one field of a command form: a text, a number on a stepper, a
// tick box, one choice, or several picks (in the order tapped, for a
// path), with what goes in it. Only free words (a reason, an item's or a
// card's printed name) are typed; everything else is tapped.
type fld struct {
	label, hint string
	kind        fieldKind
	options     []string
	// words are what the players read for each option (nil: the option).
	words    func(string) string
	def      string
	defs     []string
	min, max int
	// ordered picks keep the order tapped (a path), and may repeat.
	ordered bool
	// next, for ordered picks, gives the options after what is picked.
	next func(chosen []string) []string
	hp   []hpSource
}

type fieldKind int

const (
	fText fieldKind = iota
	fInt
	fBool
	fChoice
	fPicks
	fIcons
	fHP
)

func text(label, hint, def string) fld { return fld{label: label, hint: hint, def: def} }

// num is a whole number from 0 to 30 on a stepper.
func num(label, hint string, def int) fld { return numIn(label, hint, def, 0, 30) }

// numIn is a whole number from lo to hi on a stepper.
func numIn(label, hint string, def, lo, hi int) fld {
	return fld{label: label, hint: hint, kind: fInt, def: itoa(def), min: lo, max: hi}
}
func tick(label, hint string, def bool) fld {
	d := ""
	if def {
		d = "true"
	}
	return fld{label: label, hint: hint, kind: fBool, def: d}
}
func choice(label string, options []string, def string) fld {
	return fld{label: label, kind: fChoice, options: options, def: def}
}

// choiceW is a choice whose options read as words says.
func choiceW(label string, options []string, words func(string) string, def string) fld {
	return fld{label: label, kind: fChoice, options: options, words: words, def: def}
}

// picks is a set picked from options by tapping.
func picks(label, hint string, options []string, words func(string) string, defs []string) fld {
	return fld{label: label, hint: hint, kind: fPicks, options: options, words: words, defs: defs}
}

// icons is a row of spawn icons tapped in their colours (none: face down).
func icons(label, hint string) fld { return fld{label: label, hint: hint, kind: fIcons} }

// hpSource is where heroism points may come from: a hero's dashboard (From
// the hero's id) or the team/HQ card ("hq"), with the tokens there.
type hpSource struct {
	From, Words string
	Kinds       []string
}

// hpSources are a mission's heroism points: each hero's, then the team
// card's (raid) or HQ card's (campaign).
func hpSources(m *rb.Mission) []hpSource {
	var out []hpSource
	if m == nil {
		return nil
	}
	for _, h := range m.Heroes {
		out = append(out, hpSource{From: h.ID, Words: h.Name + "'s", Kinds: h.HP})
	}
	return append(out, hpSource{From: "hq", Words: "the team or HQ card's", Kinds: m.HPShared})
}

// hpPay picks heroism points spent, by source and kind, on steppers.
func hpPay(label, hint string, sources []hpSource) fld {
	return fld{label: label, hint: hint, kind: fHP, hp: sources}
}

// vals reads a submitted form.
type vals struct {
	w map[string]fyne.CanvasObject
}

// S is a field's trimmed text (or a choice's pick).
func (v vals) S(label string) string {
	switch w := v.w[label].(type) {
	case *widgets.TextEntry:
		return strings.TrimSpace(w.Text)
	case *widget.Select:
		return w.Selected
	case *choiceField:
		return w.Value()
	case *optionSelect:
		return w.Value()
	}
	return ""
}

// I is a field's whole number.
func (v vals) I(label string) (int, error) {
	if s, ok := v.w[label].(*stepField); ok {
		return s.Value, nil
	}
	if n, ok := v.w[label].(*numberField); ok {
		return n.Value, nil
	}
	return atoi(strings.ToLower(label), v.S(label))
}

// B is a tick box.
func (v vals) B(label string) bool {
	if c, ok := v.w[label].(*widget.Check); ok {
		return c.Checked
	}
	return false
}

// Levels are a field's spawn icons.
func (v vals) Levels(label string) []content.Level {
	if f, ok := v.w[label].(*iconsField); ok {
		return slices.Clone(f.Icons)
	}
	return nil
}

// HP are a field's heroism points spent.
func (v vals) HP(label string) []rb.HPRef {
	if f, ok := v.w[label].(*hpField); ok {
		return f.Refs()
	}
	return nil
}

// L is a field's list: the picks, or the words typed.
func (v vals) L(label string) []string {
	if p, ok := v.w[label].(*picksField); ok {
		return slices.Clone(p.Chosen)
	}
	return splitList(v.S(label))
}

// cmdForm opens a form for a command. build turns the fields into the
// command (or says which field is wrong); the form stays open with the
// refusal until the command is accepted, and asks the players' questions
// (NeedAnswer) on the way.
func (k *kit) cmdForm(title, confirm string, fs []fld, build func(v vals) (func(ai.Answers) tracker.Command, error), extra ...*widget.FormItem) *formDialog {
	v := vals{w: map[string]fyne.CanvasObject{}}
	var items []*widget.FormItem
	for _, f := range fs {
		var w fyne.CanvasObject
		words := f.words
		if words == nil {
			words = func(s string) string { return s }
		}
		switch f.kind {
		case fBool:
			c := widget.NewCheck("", nil)
			c.SetChecked(f.def == "true")
			w = c
		case fChoice:
			if len(f.options) <= 6 {
				w = newChoiceField(f.options, words, f.def, nil)
			} else {
				w = newOptionSelect(f.options, words, f.def)
			}
		case fInt:
			n, _ := atoi("", f.def)
			w = newStepField(f.min, max(f.max, n), n, nil)
		case fPicks:
			pf := newPicksField(f.options, words, f.defs, f.ordered)
			if f.next != nil {
				pf.Next = f.next
				pf.sync()
			}
			w = pf
		case fIcons:
			w = newIconsField(nil, "none", nil)
		case fHP:
			w = newHPField(f.hp)
		default:
			place := f.hint
			if len([]rune(place)) > 28 {
				place = "" // a long hint wraps under the field instead
			}
			w = entry(place, f.def)
		}
		v.w[f.label] = w
		it := widget.NewFormItem(f.label, w)
		if f.kind != fText || len([]rune(f.hint)) > 28 {
			it.HintText = f.hint // the frame's form wraps it under the field
		}
		items = append(items, it)
	}
	items = append(items, extra...)
	var fd *formDialog
	fd = k.form(title, confirm, items, func() error {
		b, err := build(v)
		if err != nil {
			return err
		}
		return k.runAsk(b, ai.Answers{}, func() {
			if fd != nil {
				fd.close()
			}
		})
	})
	return fd
}

// fieldOf is the field itself.
func fieldOf(o fyne.CanvasObject) fyne.CanvasObject { return o }

// plain wraps a command that takes no answers.
func plain(c tracker.Command) func(ai.Answers) tracker.Command {
	return func(ai.Answers) tracker.Command { return c }
}
