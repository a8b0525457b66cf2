package reich

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
)

// A fld is one field of a command form: text, a whole number, a tick box
// or a choice, with what goes in it.
type fld struct {
	label, hint string
	kind        fieldKind
	options     []string
	def         string
}

type fieldKind int

const (
	fText fieldKind = iota
	fInt
	fBool
	fChoice
	fLines
)

func text(label, hint, def string) fld { return fld{label: label, hint: hint, def: def} }
func num(label, hint string, def int) fld {
	return fld{label: label, hint: hint, kind: fInt, def: itoa(def)}
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
func area(label, hint, def string) fld { return fld{label: label, hint: hint, kind: fLines, def: def} }

// vals reads a submitted form.
type vals struct {
	w map[string]fyne.CanvasObject
}

// S is a field's trimmed text (or a choice's pick).
func (v vals) S(label string) string {
	switch w := v.w[label].(type) {
	case *widget.Entry:
		return strings.TrimSpace(w.Text)
	case *widget.Select:
		return w.Selected
	}
	return ""
}

// I is a field's whole number.
func (v vals) I(label string) (int, error) {
	return atoi(strings.ToLower(label), v.S(label))
}

// B is a tick box.
func (v vals) B(label string) bool {
	if c, ok := v.w[label].(*widget.Check); ok {
		return c.Checked
	}
	return false
}

// L is a field's list of words.
func (v vals) L(label string) []string { return splitList(v.S(label)) }

// cmdForm opens a form for a command. build turns the fields into the
// command (or says which field is wrong); the form stays open with the
// refusal until the command is accepted, and asks the players' questions
// (NeedAnswer) on the way.
func (k *kit) cmdForm(title, confirm string, fs []fld, build func(v vals) (func(ai.Answers) tracker.Command, error), extra ...*widget.FormItem) *formDialog {
	v := vals{w: map[string]fyne.CanvasObject{}}
	var items []*widget.FormItem
	for _, f := range fs {
		var w fyne.CanvasObject
		switch f.kind {
		case fBool:
			c := widget.NewCheck("", nil)
			c.SetChecked(f.def == "true")
			w = c
		case fChoice:
			s := widget.NewSelect(f.options, nil)
			if f.def != "" {
				s.SetSelected(f.def)
			}
			w = s
		case fLines:
			w = multi(f.hint, f.def, 3)
		default:
			w = entry(f.hint, f.def)
		}
		v.w[f.label] = w
		it := widget.NewFormItem(f.label, w)
		if f.kind != fText && f.kind != fLines {
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

// parseHPRefs reads heroism points to spend: "H1:attack, hq:wild" — where
// each comes from (a hero's id, or hq for the team/HQ card) and its kind.
func parseHPRefs(s string) ([]rb.HPRef, error) {
	var out []rb.HPRef
	for _, w := range splitList(s) {
		from, kind, ok := strings.Cut(w, ":")
		if !ok {
			return nil, fmt.Errorf("heroism point %q: write where it comes from and its kind, as in H1:attack or hq:wild", w)
		}
		kind = strings.ToLower(kind)
		if kind != rb.HPAttack && kind != rb.HPDefence && kind != rb.HPWild {
			return nil, fmt.Errorf("heroism point %q: %q is not attack, defence or wild", w, kind)
		}
		out = append(out, rb.HPRef{From: from, Kind: kind})
	}
	return out, nil
}
