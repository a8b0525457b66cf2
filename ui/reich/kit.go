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
	// src is the control being tapped, for its answer to show beside it.
	src fyne.CanvasObject
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
	// The answer to a tap shows next to what was tapped (a refusal does
	// through say); the frame's message line has it too.
	if ok && err == nil && k.src != nil && k.ctx.Window != nil {
		k.ctx.Feedback(k.src, k.ctx.Session.Describe(e), false)
	}
	return e, err
}

// do runs a command, showing a refusal on the screen's own line.
func (k *kit) do(cmd tracker.Command) bool {
	_, err := k.run(cmd)
	k.say(err)
	return err == nil
}

// say answers a tap: a refusal shows next to the control tapped, over the
// screen (it moves nothing), and in the frame's message line; nil clears
// the last one. msg keeps it for tests: it is never laid out, so a message
// never pushes the buttons about.
func (k *kit) say(err error) {
	if err == nil {
		k.msg.SetText("")
		return
	}
	text := refusal(err)
	k.msg.SetText(text)
	if k.src != nil {
		k.ctx.Feedback(k.src, text, true)
	} else {
		k.ctx.Message(text, true)
	}
}

// Message is the last refusal, for tests.
func (k *kit) Message() string { return k.msg.Text }

// from wraps what a control does so its refusals show next to it.
func (k *kit) from(src fyne.CanvasObject, f func()) func() {
	return func() {
		k.src = src
		defer func() { k.src = nil }()
		f()
	}
}

// tap makes a button whose refusals show next to it.
func (k *kit) tap(label string, icon fyne.Resource, tapped func()) *widget.Button {
	b := widget.NewButtonWithIcon(label, icon, nil)
	b.OnTapped = k.from(b, tapped)
	return b
}

// refusal words an error for the players: the rule's own words, never
// its spec section (shell.Words).
func refusal(err error) string {
	var need *rb.NeedAnswer
	if errors.As(err, &need) {
		return "A question for the table: " + need.Question
	}
	return rb.PlayersLine(shell.Words(err))
}

// formDialog is a form in the frame's dialog (widgets.Dialog: it scrolls,
// its buttons are pinned and always on screen, Escape, Back and Cancel
// close it) that stays open, showing the refusal inside it, until its
// command is accepted: nothing typed is lost. Each field has its problem
// under it, all at once; a form may show a live preview of what is
// entered (the card as printed), beside the fields when there is room.
type formDialog struct {
	Title  string
	Items  []*widget.FormItem
	submit func() error
	box    *widgets.FormBox
	dlg    *widgets.Dialog
	// keys maps a problem's Key (rb.Problem) to the label of its field.
	keys map[string]string
	// Preview is the live picture of what is entered, or nil.
	Preview fyne.CanvasObject
	// onClose runs when the form closes, saved or not.
	onClose func()
	// Confirm is the form's action button.
	Confirm *widget.Button
	// body is what the dialog shows, for the fit tests.
	body fyne.CanvasObject
	// Focused is the field a refused Save brought into view, for tests.
	Focused fyne.CanvasObject
}

// fit sizes the dialog again after its content changed.
func (f *formDialog) fit() {
	if f.dlg != nil {
		f.dlg.Fit()
	}
}

// Submit runs the form's action as its confirm button does. Problems with
// fields show under those fields, all at once; anything else shows above
// the buttons.
func (f *formDialog) Submit() error {
	f.box.ShowProblems(nil)
	f.dlg.SetProblem("")
	if !f.box.Validate() {
		f.showFirstProblem()
		return fmt.Errorf("%v", f.box.FieldProblems())
	}
	err := f.submit()
	if err != nil {
		var need *rb.NeedAnswer
		var ps rb.Problems
		switch {
		case errors.As(err, &need):
			// The question opens in its own dialog; this form stays put.
			f.dlg.SetProblem("Answer the question first, then this is done.")
		case errors.As(err, &ps):
			f.ShowProblems(ps)
			f.showFirstProblem()
		default:
			f.dlg.SetProblem(refusal(err))
		}
		return err
	}
	f.close()
	return nil
}

func (f *formDialog) close() {
	f.dlg.Hide()
}

// ShowProblems puts each problem under its field; those of no field go
// above the buttons.
func (f *formDialog) ShowProblems(ps rb.Problems) {
	out := widgets.Problems{}
	for _, p := range ps {
		label, ok := f.keys[p.Key]
		if !ok {
			label = p.Key
		}
		known := false
		for _, it := range f.Items {
			if it.Text == label && label != "" {
				known = true
			}
		}
		text := capital(p.Text)
		if !known {
			label, text = "", capital(p.Error())
		}
		if prev, ok := out[label]; ok {
			text = prev + "\n" + text
		}
		out[label] = text
	}
	f.box.ShowProblems(out)
}

// showFirstProblem brings the first field with a problem into view and
// puts the cursor in it: a Save whose problem stood below the fold looked
// as if it did nothing (issue 22 item 5, the hero form in portrait at the
// largest text). Focused is the field it focused, for tests.
func (f *formDialog) showFirstProblem() {
	probs := f.box.FieldProblems()
	var target fyne.CanvasObject
	for _, it := range f.Items {
		if _, ok := probs[it.Text]; ok && it.Text != "" {
			target = it.Widget
			break
		}
	}
	if target == nil {
		return
	}
	f.Focused = target
	f.dlg.ScrollTo(target)
	if c := fyne.CurrentApp().Driver().CanvasForObject(target); c != nil {
		if fo, ok := fieldOf(target).(fyne.Focusable); ok {
			c.Focus(fo)
		}
	}
}

// Problem is the problem shown under the field labelled label, for tests.
func (f *formDialog) Problem(label string) string { return f.box.FieldProblems()[label] }

// Message is the refusal shown above the buttons.
func (f *formDialog) Message() string { return f.dlg.Problem() }

// Entry returns the form's entry labelled label, for tests.
func (f *formDialog) Entry(label string) *widget.Entry {
	for _, it := range f.Items {
		if it.Text == label {
			switch w := fieldOf(it.Widget).(type) {
			case *widgets.TextEntry:
				return &w.Entry
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

// formWith is form with a live preview beside the fields (above them on a
// narrow screen).
func (k *kit) formWith(title, confirm string, items []*widget.FormItem, preview fyne.CanvasObject, ok func() error) *formDialog {
	f := &formDialog{Title: title, Items: items, submit: ok, keys: map[string]string{}, Preview: preview}
	f.box = widgets.NewFormBox(items...)
	f.body = f.box.Object()
	if preview != nil {
		// Wide enough for the card beside its fields on a landscape
		// tablet; never wider than the window.
		win := k.window().Canvas().Size()
		f.body = widgets.AtLeast(fyne.NewSize(min(max(win.Width-2*widgets.MinTouch, 0), 1100), 0),
			widgets.NewAdaptiveAt(900, preview, f.box.Object()))
	}
	f.dlg = widgets.NewDialog(title, f.body, k.window())
	f.box.OnProblem = f.dlg.SetProblem
	f.box.OnResize = f.dlg.Fit
	f.box.OnSubmit = func() { _ = f.Submit() }
	f.dlg.SetDismiss("Cancel", nil)
	f.Confirm = f.dlg.AddButton(confirm, theme.ConfirmIcon(), func() { _ = f.Submit() })
	f.Confirm.Importance = widget.HighImportance
	f.dlg.OnClosed(func() {
		if f.onClose != nil {
			f.onClose()
			f.onClose = nil
		}
	})
	k.Last = f
	f.dlg.Show()
	return f
}

// window is the campaign's window, or a test window when there is none.
func (k *kit) window() fyne.Window {
	if k.ctx.Window == nil {
		k.ctx.Window = fyne.CurrentApp().NewWindow("")
	}
	return k.ctx.Window
}

// button is a touch-sized button.
func button(label string, icon fyne.Resource, tapped func()) *widget.Button {
	b := widget.NewButtonWithIcon(label, icon, tapped)
	return b
}

// entry makes an entry with a placeholder and text.
func entry(placeholder, text string) *widgets.TextEntry {
	e := widgets.NewTextEntry()
	e.SetPlaceHolder(placeholder)
	e.SetText(text)
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
