package widgets

import (
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Problems are what is wrong with a form, each in words under the field it
// is about: the key is the field's label as the form shows it (the
// FormItem's Text); the key "" is a problem of the whole form, shown above
// the buttons. A Problems is an error, so a form's submit function can
// return it.
type Problems map[string]string

// Add records a problem of a field; the first one given for a field stays.
func (p Problems) Add(field, problem string) {
	if _, ok := p[field]; !ok && problem != "" {
		p[field] = problem
	}
}

// Err is p as an error, or nil when there is no problem.
func (p Problems) Err() error {
	if len(p) == 0 {
		return nil
	}
	return p
}

func (p Problems) Error() string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		if k == "" {
			parts[i] = p[k]
		} else {
			parts[i] = k + ": " + p[k]
		}
	}
	return strings.Join(parts, "; ")
}

// A FormBox is a form laid out for a tablet, on a screen or in a dialog:
// each field with its label over it, its hint under it, and its problem,
// in red, under that, so a problem is read where it is mended. Validate
// checks every field at once and shows every problem; a field changed
// after its problem showed loses it until the next check.
type FormBox struct {
	Items []*widget.FormItem
	// Check finds problems no single field can see (two fields that
	// disagree, a name already taken). It runs with the fields' own
	// validation, so every problem shows at once.
	Check func() Problems
	// OnProblem shows the problems that belong to no field (key "" or an
	// unknown label); "" clears them. Nil keeps them for General.
	OnProblem func(text string)
	// OnSubmit is called when Return is typed in a one-line entry.
	OnSubmit func()
	// OnResize is called when a problem comes or goes.
	OnResize func()

	box      *fyne.Container
	problems map[string]*widget.Label
	rows     map[string]fyne.CanvasObject
	general  string
}

// NewFormBox lays out items as a form.
func NewFormBox(items ...*widget.FormItem) *FormBox {
	f := &FormBox{Items: items, box: container.NewVBox(), problems: map[string]*widget.Label{}, rows: map[string]fyne.CanvasObject{}}
	for _, it := range items {
		f.box.Add(f.field(it))
	}
	return f
}

// Object is the form to put on a screen.
func (f *FormBox) Object() fyne.CanvasObject { return f.box }

// Add appends fields.
func (f *FormBox) Add(items ...*widget.FormItem) {
	for _, it := range items {
		f.Items = append(f.Items, it)
		f.box.Add(f.field(it))
	}
	f.box.Refresh()
}

// FieldRow lays out one form field as FormBox does: the label over the
// field, the problem line (hidden until set) and the hint under it.
func FieldRow(it *widget.FormItem) (row fyne.CanvasObject, problem *widget.Label) {
	problem = widget.NewLabel("")
	problem.Wrapping = fyne.TextWrapWord
	problem.Importance = widget.DangerImportance
	problem.Hide()
	box := container.NewVBox()
	if it.Text != "" {
		l := widget.NewLabelWithStyle(it.Text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		l.Wrapping = fyne.TextWrapWord
		box.Add(l)
	}
	if it.Widget != nil {
		box.Add(it.Widget)
	}
	box.Add(problem)
	if it.HintText != "" {
		h := widget.NewLabel(it.HintText)
		h.Wrapping = fyne.TextWrapWord
		h.Importance = widget.LowImportance
		box.Add(h)
	}
	return box, problem
}

func (f *FormBox) field(it *widget.FormItem) fyne.CanvasObject {
	row, problem := FieldRow(it)
	f.problems[it.Text] = problem
	f.rows[it.Text] = row
	clear := func() {
		if problem.Visible() {
			problem.Hide()
			if f.OnResize != nil {
				f.OnResize()
			}
		}
	}
	submit := func(string) {
		if f.OnSubmit != nil {
			f.OnSubmit()
		}
	}
	switch x := input(it.Widget).(type) {
	case *NoteEntry:
		x.OnResize = func() {
			if f.OnResize != nil {
				f.OnResize()
			}
		}
		prev := x.OnNoteChanged
		x.OnNoteChanged = func(s string) {
			if prev != nil {
				prev(s)
			}
			clear()
		}
	case *CheckedEntry:
		chain(&x.OnChanged, clear)
		if x.OnSubmitted == nil && !x.MultiLine {
			x.OnSubmitted = submit
		}
	case *widget.Entry:
		chain(&x.OnChanged, clear)
		if x.OnSubmitted == nil && !x.MultiLine {
			x.OnSubmitted = submit
		}
	case *TextEntry:
		chain(&x.OnChanged, clear)
		if x.OnSubmitted == nil && !x.MultiLine {
			x.OnSubmitted = submit
		}
	case *SuggestEntry:
		chain(&x.OnChanged, clear)
		if x.OnSubmitted == nil {
			x.OnSubmitted = submit
		}
	case *widget.Select:
		chain(&x.OnChanged, clear)
	case *widget.RadioGroup:
		chain(&x.OnChanged, clear)
	case *widget.Check:
		prev := x.OnChanged
		x.OnChanged = func(b bool) {
			if prev != nil {
				prev(b)
			}
			clear()
		}
	}
	return row
}

func chain(fn *func(string), then func()) {
	prev := *fn
	*fn = func(s string) {
		if prev != nil {
			prev(s)
		}
		then()
	}
}

// Validate checks every field at once (each field's own validation, then
// Check) and shows what is wrong, each under its field; it reports
// whether nothing is. A blank entry is not put to its own validation
// (many fields may be left blank): a field that must be filled in says so
// in Check.
func (f *FormBox) Validate() bool {
	p := Problems{}
	for _, it := range f.Items {
		if blank(it.Widget) {
			continue
		}
		if v, ok := it.Widget.(fyne.Validatable); ok {
			if err := v.Validate(); err != nil {
				p.Add(it.Text, sentence(err.Error()))
			}
		}
	}
	if f.Check != nil {
		for k, v := range f.Check() {
			p.Add(k, sentence(v))
		}
	}
	f.ShowProblems(p)
	return len(p) == 0
}

// ShowProblems shows problems, each under its field, and clears the others.
func (f *FormBox) ShowProblems(p Problems) {
	for k, l := range f.problems {
		if msg, ok := p[k]; ok && k != "" {
			Tell(sentence(msg))
			l.SetText(sentence(msg))
			l.Show()
		} else {
			l.Hide()
		}
	}
	var general []string
	for k, v := range p {
		if _, ok := f.problems[k]; !ok || k == "" {
			if k == "" {
				general = append(general, sentence(v))
			} else {
				general = append(general, k+": "+v)
			}
		}
	}
	sort.Strings(general)
	f.general = strings.Join(general, "\n")
	if f.OnProblem != nil {
		f.OnProblem(f.general)
	}
	if f.OnResize != nil {
		f.OnResize()
	}
	f.lookAtFirst(p)
}

// lookAtFirst brings the first field with a problem (in the form's
// order) into view, its problem line whole, and gives it the keyboard when
// it takes typing: a refusal never points at a field out of sight ("Some
// fields need a look" with the field's problem half behind the buttons).
func (f *FormBox) lookAtFirst(p Problems) {
	for _, it := range f.Items {
		if _, ok := p[it.Text]; !ok || it.Text == "" {
			continue
		}
		row := f.rows[it.Text]
		if row == nil || !ScrollIntoView(row) {
			return
		}
		if fo, ok := input(it.Widget).(fyne.Focusable); ok {
			if c := fyne.CurrentApp().Driver().CanvasForObject(input(it.Widget)); c != nil {
				c.Focus(fo)
			}
		}
		return
	}
}

// ShowError shows what a submit returned: Problems under their fields,
// another error as the form's own problem.
func (f *FormBox) ShowError(err error) {
	if p, ok := err.(Problems); ok {
		f.ShowProblems(p)
		return
	}
	f.ShowProblems(Problems{"": err.Error()})
}

// FieldProblems are the problems showing, by field ("" for the form's
// own), for tests.
func (f *FormBox) FieldProblems() Problems {
	p := Problems{}
	for k, l := range f.problems {
		if l.Visible() {
			p[k] = l.Text
		}
	}
	if f.general != "" {
		p[""] = f.general
	}
	return p
}

// A FormDialog is a Dialog holding a FormBox. Submitting checks every
// field at once and shows every problem under its field; while any
// problem remains the submit is refused, the dialog stays open and
// everything typed is kept. With no problem, OnSubmit runs; if it returns
// Problems they are shown the same way (another error shows above the
// buttons), and the dialog stays open; nil closes it.
type FormDialog struct {
	*Dialog
	*FormBox
	// OnSubmit does what the form is for. It runs only when no problem
	// was found.
	OnSubmit func() error
	// Submit is the form's action button.
	Submit *widget.Button
}

// NewForm makes a form dialog: items, a submit button labelled submit and
// a dismiss button labelled cancel. Show it with Show.
func NewForm(title, submit, cancel string, items []*widget.FormItem, onSubmit func() error, w fyne.Window) *FormDialog {
	f := &FormDialog{OnSubmit: onSubmit}
	f.FormBox = NewFormBox(items...)
	f.Dialog = NewDialog(title, f.FormBox.Object(), w)
	f.Dialog.form = f
	f.FormBox.OnProblem = f.Dialog.SetProblem
	f.FormBox.OnResize = f.Dialog.Fit
	f.FormBox.OnSubmit = f.submit
	f.SetDismiss(cancel, nil)
	f.Submit = f.AddButton(submit, theme.ConfirmIcon(), f.submit)
	f.Submit.Importance = widget.HighImportance
	return f
}

// ShowForm makes a form dialog and shows it.
func ShowForm(title, submit, cancel string, items []*widget.FormItem, onSubmit func() error, w fyne.Window) *FormDialog {
	f := NewForm(title, submit, cancel, items, onSubmit, w)
	f.Show()
	return f
}

// submit is the submit button: every problem at once, or the action.
func (f *FormDialog) submit() {
	if !f.Validate() {
		return
	}
	if f.OnSubmit == nil {
		f.Hide()
		return
	}
	if err := f.OnSubmit(); err != nil {
		f.ShowError(err)
		return
	}
	f.Hide()
}

// sentence starts a problem with a capital and ends it with a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = capitalize(s)
	if !strings.ContainsAny(s[len(s)-1:], ".!?…") {
		s += "."
	}
	return s
}

// input is the field a form item holds: its widget, or the first thing
// in it when it is a box (a note entry with its counter under it).
func input(w fyne.CanvasObject) fyne.CanvasObject {
	if c, ok := w.(*fyne.Container); ok && len(c.Objects) > 0 {
		return c.Objects[0]
	}
	return w
}

// blank says whether w is an entry with nothing typed in it.
func blank(w fyne.CanvasObject) bool {
	switch x := input(w).(type) {
	case *NoteEntry:
		return strings.TrimSpace(x.Note()) == ""
	case *widget.Entry:
		return strings.TrimSpace(x.Text) == ""
	case *TextEntry:
		return strings.TrimSpace(x.Text) == ""
	case *SuggestEntry:
		return strings.TrimSpace(x.Text) == ""
	case *CheckedEntry:
		return strings.TrimSpace(x.Text) == ""
	}
	return false
}
