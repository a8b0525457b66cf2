package alone

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// The pieces every Alone form is made of: a field with its problem shown
// under it, a number changed by tapping, a choice with a way to enter what
// is missing, and a dialog that keeps its buttons in view.

// fieldSet is a form's fields by name, each with a line under it for its
// problems, and one line for problems that belong to no field.
type fieldSet struct {
	errs    map[string]*widget.Label
	order   []string
	general *widget.Label
	// dialog is the dialog the form is in, if any: a refusal shows above
	// its buttons, and it is fitted again when the form changes size.
	dialog *widgets.Dialog
}

// refit lets the dialog follow the form's size.
func (f *fieldSet) refit() {
	if f.dialog != nil {
		f.dialog.Fit()
	}
}

func newFieldSet() *fieldSet {
	g := wrap("")
	g.Importance = widget.DangerImportance
	g.Hide()
	return &fieldSet{errs: map[string]*widget.Label{}, general: g}
}

// row is a field: its name over the control, its problems under it.
func (f *fieldSet) row(name string, obj fyne.CanvasObject, hint string) fyne.CanvasObject {
	e := wrap("")
	e.Importance = widget.DangerImportance
	e.Hide()
	f.errs[name] = e
	f.order = append(f.order, name)
	objs := []fyne.CanvasObject{bold(name), obj}
	if hint != "" {
		h := wrap(hint)
		h.SizeName = theme.SizeNameCaptionText
		objs = append(objs, h)
	}
	return container.NewVBox(append(objs, e)...)
}

// show puts each problem under its field, all at once; it reports whether
// there were any.
func (f *fieldSet) show(ps ta.ContentProblems) bool {
	by := map[string][]string{}
	var rest []string
	for _, p := range ps {
		if _, ok := f.errs[p.Field]; ok {
			by[p.Field] = append(by[p.Field], p.Problem)
		} else if p.Field != "" {
			rest = append(rest, p.Field+": "+p.Problem)
		} else {
			rest = append(rest, p.Problem)
		}
	}
	for name, l := range f.errs {
		if msgs := by[name]; len(msgs) > 0 {
			l.SetText(strings.Join(msgs, "\n"))
			l.Show()
		} else {
			l.Hide()
		}
	}
	if len(rest) > 0 {
		f.general.SetText(strings.Join(rest, "\n"))
		f.general.Show()
	} else {
		f.general.Hide()
	}
	if f.dialog != nil {
		if len(ps) > 0 {
			f.dialog.SetProblem(fmt.Sprintf("%s to fix, marked in red.", plural(len(ps), "thing", "things")))
		} else {
			f.dialog.SetProblem("")
		}
	}
	f.refit()
	return len(ps) > 0
}

// say shows a problem that belongs to no field (a refusal by the rules):
// above the dialog's buttons, where it is seen.
func (f *fieldSet) say(msg string) {
	if f.dialog != nil {
		f.dialog.SetProblem(msg)
		return
	}
	f.general.SetText(msg)
	f.general.Show()
}

// problems lists the problems shown now, for tests.
func (f *fieldSet) problems() map[string]string {
	out := map[string]string{}
	for name, l := range f.errs {
		if l.Visible() {
			out[name] = l.Text
		}
	}
	if f.general.Visible() {
		out[""] = f.general.Text
	}
	return out
}

// numStepper is a number players change by tapping − and +, never by
// typing: the on-screen keyboard would cover the board. Format shows the
// value ("3 Charges"); plain digits by default.
type numStepper struct {
	widget.BaseWidget
	widgets.Count

	minus, plus *widget.Button
	label       *widget.Label
}

func newNumStepper(min, max, value int, changed func(int)) *numStepper {
	s := &numStepper{Count: widgets.Count{Min: min, Max: max, Value: value, OnChanged: changed}}
	s.minus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.Set(s.Value - 1) })
	s.plus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.Set(s.Value + 1) })
	s.label = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	s.ExtendBaseWidget(s)
	s.sync()
	return s
}

// Set changes the value within the limits and tells OnChanged.
func (s *numStepper) Set(v int) { s.Step(v, s.sync) }

// SetValue shows a value without telling anyone.
func (s *numStepper) SetValue(v int) {
	s.Value = max(s.Min, min(s.Max, v))
	s.sync()
}

func (s *numStepper) sync() { s.Display(s.label, s.minus, s.plus) }

func (s *numStepper) CreateRenderer() fyne.WidgetRenderer {
	sq := fyne.NewSquareSize(widgets.MinTouch)
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, widgets.AtLeast(sq, s.minus), widgets.AtLeast(sq, s.plus),
		widgets.AtLeast(fyne.NewSize(56, widgets.MinTouch), s.label)))
}

// chips is a row of choices tapped directly (a segmented control): the
// chosen one is highlighted. It wraps on a narrow screen.
type chips struct {
	obj       *fyne.Container
	buttons   []*widget.Button
	options   []string
	Selected  string
	OnChanged func(string)
}

func newChips(options []string, changed func(string)) *chips {
	c := &chips{obj: widgets.NewFlow(), OnChanged: changed}
	c.setOptions(options)
	return c
}

func (c *chips) setOptions(options []string) {
	c.options = options
	c.buttons = nil
	var objs []fyne.CanvasObject
	for _, o := range options {
		o := o
		b := widget.NewButton(o, nil)
		b.OnTapped = func() { tapped(b, func() { c.SetSelected(o); c.changed() }) }
		c.buttons = append(c.buttons, b)
		objs = append(objs, widgets.Touch(b))
	}
	c.obj.Objects = objs
	c.sync()
	c.obj.Refresh()
}

func (c *chips) changed() {
	if c.OnChanged != nil {
		c.OnChanged(c.Selected)
	}
}

// SetSelected chooses an option without telling OnChanged.
func (c *chips) SetSelected(o string) {
	c.Selected = o
	c.sync()
}

func (c *chips) sync() {
	for i, b := range c.buttons {
		if c.options[i] == c.Selected {
			b.Importance = widget.HighImportance
		} else {
			b.Importance = widget.MediumImportance
		}
		b.Refresh()
	}
}

// picker is a choice among entered cards with a way to enter a missing one
// right there: while there is nothing to choose it says what is missing in
// the players' words, and its button opens the form; the new card comes
// back chosen.
type picker struct {
	obj     *fyne.Container
	sel     *widget.Select
	none    *widget.Label
	add     *widget.Button
	missing string
	// OnChanged follows the choice.
	OnChanged func(string)
}

// newPicker makes a picker; missing says what is not entered yet ("No
// Mission card entered yet"), addLabel names the button ("Enter a Mission
// card"), and add opens the form and calls back with the new card's name.
func newPicker(missing, addLabel string, add func(chosen func(string))) *picker {
	p := &picker{missing: missing}
	p.sel = widget.NewSelect(nil, func(s string) {
		if p.OnChanged != nil {
			p.OnChanged(s)
		}
	})
	p.sel.PlaceHolder = "(choose)"
	p.none = wrap(missing)
	p.none.Importance = widget.WarningImportance
	p.add = widget.NewButtonWithIcon(addLabel, theme.ContentAddIcon(), func() {
		add(func(name string) {
			if name != "" {
				p.SetSelected(name)
			}
		})
	})
	p.obj = container.NewVBox(p.none, p.sel, p.add)
	p.SetOptions(nil)
	return p
}

// SetOptions changes what can be chosen, keeping the choice if it is still
// there.
func (p *picker) SetOptions(opts []string) {
	p.sel.Options = opts
	if !slices.Contains(opts, p.sel.Selected) {
		p.sel.ClearSelected()
	}
	if len(opts) == 0 {
		p.none.Show()
		p.sel.Hide()
	} else {
		p.none.Hide()
		p.sel.Show()
	}
	p.sel.Refresh()
}

// SetSelected chooses an option (it must be one of them, else nothing).
func (p *picker) SetSelected(s string) {
	if slices.Contains(p.sel.Options, s) {
		p.sel.SetSelected(s)
	}
}

// Selected is the chosen option, or "".
func (p *picker) Selected() string { return p.sel.Selected }

// formOpened is told of each card form an edit dialog opens (tests find
// the form through it; nil in the app).
var formOpened func(form any)

func opened(form any) {
	if formOpened != nil {
		formOpened(form)
	}
}

// openDialog shows body in the frame's dialog — it scrolls when tall, its
// buttons stay in view, Escape and Back close it — with Cancel and a
// confirm button; onConfirm returns false to keep it open (its problems
// are shown in the form).
func openDialog(w fyne.Window, title string, body fyne.CanvasObject, confirm string, onConfirm func() bool) *widgets.Dialog {
	d := widgets.NewDialog(title, roomy(w, body), w)
	d.SetDismiss("Cancel", nil)
	ok := d.AddButton(confirm, theme.ConfirmIcon(), func() {
		if onConfirm() {
			d.Hide()
		}
	})
	ok.Importance = widget.HighImportance
	d.Show()
	return d
}

// openPanel shows body in the frame's dialog with one button to close it
// ("Done"): what it changes is changed at once.
func openPanel(w fyne.Window, title string, body fyne.CanvasObject) *widgets.Dialog {
	d := widgets.NewDialog(title, roomy(w, body), w)
	d.SetDismiss("Done", nil)
	d.Show()
	return d
}

// roomy asks for most of the window's width for a form (a card's preview
// beside its fields, a map's grid beside its panel), never more than the
// window has.
func roomy(w fyne.Window, body fyne.CanvasObject) fyne.CanvasObject {
	width := min(w.Canvas().Size().Width*0.85, 1000)
	return widgets.AtLeast(fyne.NewSize(width, 0), body)
}

// hint is a field's small explanation.
func hint(text string) *widget.Label {
	h := wrap(text)
	h.SizeName = theme.SizeNameCaptionText
	return h
}

// cardForm lays a card's form out: the card as entered beside its fields
// on a wide screen (it stays at the top of its side), above them on a
// narrow one.
func cardForm(preview, fields fyne.CanvasObject) fyne.CanvasObject {
	return widgets.NewAdaptiveAt(800, container.NewVBox(preview), fields)
}

// names lists names with "and".
func names(v []string) string {
	switch len(v) {
	case 0:
		return ""
	case 1:
		return v[0]
	}
	return strings.Join(v[:len(v)-1], ", ") + " and " + v[len(v)-1]
}
