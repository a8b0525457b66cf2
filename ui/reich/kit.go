// Package reich is the Reichbusters: Projekt Vril screens of Tablekeeper:
// the mission at the table (Play), the campaign with its content and house
// rules (Campaign) and the enemy's side with the map (Enemy). Every change
// goes through the commands of tracker/reich via the frame's Context, so
// the table lock, refusals and refreshes work as in every game.
package reich

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// kit is what every Reichbusters screen shares: the campaign's context, an
// inline line for refusals next to what was tapped, and the last form and
// question opened (tests fill them in).
type kit struct {
	ctx *shell.Context
	msg *widget.Label
	// Last is the form dialog opened last; Asked is the last question the
	// enemy rules put to the players.
	Last  *formDialog
	Asked *question
	// LastMap is the map editor opened last.
	LastMap *mapEditor
	// Refused is the last file refused, its problems in words.
	Refused string
}

func newKit(ctx *shell.Context) *kit {
	m := widget.NewLabel("")
	m.Wrapping = fyne.TextWrapWord
	m.Importance = widget.DangerImportance
	m.Hide()
	return &kit{ctx: ctx, msg: m}
}

// state is the campaign as it stands (read-only).
func (k *kit) state() *rb.State {
	s, _ := k.ctx.Session.State().(*rb.State)
	if s == nil {
		return &rb.State{Settings: rb.DefaultSettings()}
	}
	return s
}

// mission is the mission in play, or nil.
func (k *kit) mission() *rb.Mission { return k.state().Mission }

// run sends a command through the frame and returns the rules' refusal.
func (k *kit) run(cmd tracker.Command) (tracker.Event, error) {
	var err error
	e, ok := k.ctx.Run(func() (tracker.Event, error) {
		ev, er := k.ctx.Session.Do(cmd)
		err = er
		return ev, er
	})
	if !ok && err == nil {
		err = shell.ErrLocked
	}
	return e, err
}

// do runs a command, showing a refusal on the screen's own line.
func (k *kit) do(cmd tracker.Command) bool {
	_, err := k.run(cmd)
	k.say(err)
	return err == nil
}

// say shows err on the inline line (nil clears it).
func (k *kit) say(err error) {
	if err == nil {
		k.msg.SetText("")
		k.msg.Hide()
		return
	}
	k.msg.SetText(refusal(err))
	k.msg.Show()
}

// Message is the refusal shown on the screen's line, for tests.
func (k *kit) Message() string {
	if !k.msg.Visible() {
		return ""
	}
	return k.msg.Text
}

// refusal words an error for the players, with the rule it cites.
func refusal(err error) string {
	var re *tracker.RuleError
	var need *rb.NeedAnswer
	switch {
	case errors.As(err, &need):
		return "A question for the table: " + need.Question
	case errors.As(err, &re):
		return "Not allowed: " + err.Error()
	}
	return "Not done: " + err.Error()
}

// formDialog is a dialog with fields that stays open, showing the refusal
// inside it, until its command is accepted: nothing typed is lost. Each
// field has a line under it for what is wrong with it, and a form may show
// a live preview of what is entered (the card as printed).
type formDialog struct {
	Title  string
	Items  []*widget.FormItem
	submit func() error
	msg    *widget.Label
	dlg    dialog.Dialog
	body   fyne.CanvasObject // what the dialog shows, for the fit test
	// problems are the lines under the fields, by the field's label; keys
	// maps a problem's Key (rb.Problem) to the label of its field.
	problems map[string]*widget.Label
	keys     map[string]string
	// Preview is the live picture of what is entered, or nil.
	Preview fyne.CanvasObject
	// onClose runs when the form closes, saved or not.
	onClose func()
}

// Submit runs the form's action as its confirm button does. Problems with
// fields show under those fields, all at once; anything else shows at the
// top of the form.
func (f *formDialog) Submit() error {
	f.clearProblems()
	err := f.submit()
	if err != nil {
		var need *rb.NeedAnswer
		var ps rb.Problems
		switch {
		case errors.As(err, &need):
			// The question opens in its own dialog; this form stays put.
			f.msg.SetText("Answer the question first, then this is done.")
			f.msg.Show()
		case errors.As(err, &ps):
			f.ShowProblems(ps)
		default:
			f.msg.SetText(refusal(err))
			f.msg.Show()
		}
		return err
	}
	f.close()
	return nil
}

func (f *formDialog) close() {
	if f.dlg != nil {
		f.dlg.Hide()
	}
	if f.onClose != nil {
		f.onClose()
		f.onClose = nil
	}
}

// ShowProblems puts each problem under its field; those of no field go at
// the top of the form.
func (f *formDialog) ShowProblems(ps rb.Problems) {
	var rest []string
	for _, p := range ps {
		label, ok := f.keys[p.Key]
		if !ok {
			label = p.Key
		}
		if l := f.problems[label]; l != nil {
			if l.Text != "" {
				l.SetText(l.Text + "\n" + capital(p.Text))
			} else {
				l.SetText(capital(p.Text))
			}
			l.Show()
			continue
		}
		rest = append(rest, p.Error())
	}
	if len(rest) > 0 {
		f.msg.SetText(strings.Join(rest, "\n"))
		f.msg.Show()
	}
}

func (f *formDialog) clearProblems() {
	f.msg.SetText("")
	f.msg.Hide()
	for _, l := range f.problems {
		l.SetText("")
		l.Hide()
	}
}

// Problem is the problem shown under the field labelled label, for tests.
func (f *formDialog) Problem(label string) string {
	if l := f.problems[label]; l != nil && l.Visible() {
		return l.Text
	}
	return ""
}

// Message is the refusal shown inside the form.
func (f *formDialog) Message() string {
	if !f.msg.Visible() {
		return ""
	}
	return f.msg.Text
}

// Entry returns the form's entry labelled label, for tests.
func (f *formDialog) Entry(label string) *widget.Entry {
	for _, it := range f.Items {
		if it.Text == label {
			switch w := fieldOf(it.Widget).(type) {
			case *widget.Entry:
				return w
			case *widgets.CheckedEntry:
				return &w.Entry
			}
		}
	}
	return nil
}

// Field returns the form's widget labelled label, for tests.
func (f *formDialog) Field(label string) fyne.CanvasObject {
	for _, it := range f.Items {
		if it.Text == label {
			return fieldOf(it.Widget)
		}
	}
	return nil
}

// form opens a dialog with the items; ok runs the command(s).
func (k *kit) form(title, confirm string, items []*widget.FormItem, ok func() error) *formDialog {
	return k.formWith(title, confirm, items, nil, ok)
}

// formWith is form with a live preview beside the fields (under them on a
// narrow screen).
func (k *kit) formWith(title, confirm string, items []*widget.FormItem, preview fyne.CanvasObject, ok func() error) *formDialog {
	f := &formDialog{Title: title, Items: items, submit: ok, problems: map[string]*widget.Label{}, keys: map[string]string{}, Preview: preview}
	f.msg = widget.NewLabel("")
	f.msg.Wrapping = fyne.TextWrapWord
	f.msg.Importance = widget.DangerImportance
	f.msg.Hide()
	for _, it := range items {
		p := problemLabel()
		f.problems[it.Text] = p
		it.Widget = &withProblem{field: it.Widget, problem: p}
		it.Widget.(*withProblem).ExtendBaseWidget(it.Widget.(*withProblem))
	}
	k.Last = f
	// Labels above their fields: a form is one column, so it fits a
	// portrait tablet at any text size.
	form := widget.NewForm(items...)
	form.Orientation = widget.Vertical
	var body fyne.CanvasObject = container.NewVBox(f.msg, form)
	if preview != nil {
		body = newWideOrStacked(900, body, preview)
	}
	okBtn := widget.NewButtonWithIcon(confirm, theme.ConfirmIcon(), func() { _ = f.Submit() })
	okBtn.Importance = widget.HighImportance
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { f.close() })
	content := container.NewBorder(nil, container.NewGridWithColumns(2, widgets.Touch(cancel), widgets.Touch(okBtn)), nil, nil,
		container.NewVScroll(body))
	f.body = content
	f.dlg = dialog.NewCustomWithoutButtons(title, content, k.ctx.Window)
	if k.ctx.Window != nil {
		sz := k.ctx.Window.Canvas().Size()
		wide := float32(720)
		if preview != nil {
			wide = 1180
		}
		f.dlg.Resize(fyne.NewSize(min(sz.Width*0.95, wide), min(sz.Height*0.9, 900)))
		f.dlg.Show()
	}
	return f
}

// withProblem is a form field with the line for its problem under it.
type withProblem struct {
	widget.BaseWidget
	field   fyne.CanvasObject
	problem *widget.Label
}

// CreateRenderer stacks the field over its problem line.
func (w *withProblem) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewVBox(w.field, w.problem))
}

// wideOrStacked puts two parts side by side when there is room (at least
// breakpoint wide), else the second above the first (a preview first).
type wideOrStacked struct {
	widget.BaseWidget
	breakpoint float32
	a, b       fyne.CanvasObject
}

func newWideOrStacked(breakpoint float32, a, b fyne.CanvasObject) *wideOrStacked {
	w := &wideOrStacked{breakpoint: breakpoint, a: a, b: b}
	w.ExtendBaseWidget(w)
	return w
}

// CreateRenderer lays the two parts out by the width given.
func (w *wideOrStacked) CreateRenderer() fyne.WidgetRenderer {
	return &wideOrStackedRenderer{w: w}
}

type wideOrStackedRenderer struct{ w *wideOrStacked }

func (r *wideOrStackedRenderer) wide(size fyne.Size) bool { return size.Width >= r.w.breakpoint }

func (r *wideOrStackedRenderer) Layout(size fyne.Size) {
	a, b := r.w.a, r.w.b
	pad := theme.Padding()
	if r.wide(size) {
		bw := min(b.MinSize().Width, size.Width*0.45)
		aw := size.Width - bw - pad
		a.Move(fyne.NewPos(0, 0))
		a.Resize(fyne.NewSize(aw, size.Height))
		b.Move(fyne.NewPos(aw+pad, 0))
		b.Resize(fyne.NewSize(bw, b.MinSize().Height))
		return
	}
	bh := b.MinSize().Height
	b.Move(fyne.NewPos(0, 0))
	b.Resize(fyne.NewSize(size.Width, bh))
	a.Move(fyne.NewPos(0, bh+pad))
	a.Resize(fyne.NewSize(size.Width, size.Height-bh-pad))
}

// MinSize is stacked: the narrow shape is the one that must fit.
func (r *wideOrStackedRenderer) MinSize() fyne.Size {
	a, b := r.w.a.MinSize(), r.w.b.MinSize()
	sz := r.w.Size()
	if r.wide(sz) {
		return fyne.NewSize(a.Width+b.Width+theme.Padding(), max(a.Height, b.Height))
	}
	return fyne.NewSize(max(a.Width, b.Width), a.Height+b.Height+theme.Padding())
}

func (r *wideOrStackedRenderer) Refresh() {
	r.w.a.Refresh()
	r.w.b.Refresh()
}
func (r *wideOrStackedRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.w.a, r.w.b}
}
func (r *wideOrStackedRenderer) Destroy() {}

// button is a touch-sized button.
func button(label string, icon fyne.Resource, tapped func()) *widget.Button {
	b := widget.NewButtonWithIcon(label, icon, tapped)
	return b
}

// entry makes an entry with a placeholder and text.
func entry(placeholder, text string) *widget.Entry {
	e := widget.NewEntry()
	e.SetPlaceHolder(placeholder)
	e.SetText(text)
	return e
}

// multi makes a multi-line entry.
func multi(placeholder, text string, rows int) *widget.Entry {
	e := widget.NewMultiLineEntry()
	e.SetPlaceHolder(placeholder)
	e.SetText(text)
	e.SetMinRowsVisible(rows)
	e.Wrapping = fyne.TextWrapOff
	return e
}

// heading is a bold label.
func heading(s string) *widget.Label {
	l := widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Wrapping = fyne.TextWrapWord // a long heading must not widen the screen
	return l
}

// wrapped is a word-wrapped label.
func wrapped(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// heroName is a hero's name in the mission, or the id.
func heroName(m *rb.Mission, id string) string {
	if m != nil {
		if h := m.HeroByID(id); h != nil {
			return h.Name
		}
	}
	return id
}

// heroIDs lists the mission's heroes' ids.
func heroIDs(m *rb.Mission) []string {
	var out []string
	if m != nil {
		for _, h := range m.Heroes {
			out = append(out, h.ID)
		}
	}
	return out
}

// splitList reads a comma- or space-separated list.
func splitList(s string) []string {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == ';' })
	var out []string
	for _, x := range f {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// atoi reads a whole number for a field, saying which field is wrong.
func atoi(field, s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil || fmt.Sprint(n) != s {
		return 0, fmt.Errorf("%s: %q is not a whole number", field, s)
	}
	return n, nil
}
