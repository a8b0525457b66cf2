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
// inside it, until its command is accepted: nothing typed is lost.
type formDialog struct {
	Title  string
	Items  []*widget.FormItem
	submit func() error
	msg    *widget.Label
	dlg    dialog.Dialog
	body   fyne.CanvasObject // what the dialog shows, for the fit test
}

// Submit runs the form's action as its confirm button does.
func (f *formDialog) Submit() error {
	err := f.submit()
	if err != nil {
		var need *rb.NeedAnswer
		if errors.As(err, &need) {
			// The question opens in its own dialog; this form stays put.
			f.msg.SetText("Answer the question first, then this is done.")
			f.msg.Show()
			return err
		}
		f.msg.SetText(refusal(err))
		f.msg.Show()
		return err
	}
	if f.dlg != nil {
		f.dlg.Hide()
	}
	return nil
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
	f := &formDialog{Title: title, Items: items, submit: ok}
	f.msg = widget.NewLabel("")
	f.msg.Wrapping = fyne.TextWrapWord
	f.msg.Importance = widget.DangerImportance
	f.msg.Hide()
	k.Last = f
	body := container.NewVBox(widget.NewForm(items...), f.msg)
	okBtn := widget.NewButtonWithIcon(confirm, theme.ConfirmIcon(), func() { _ = f.Submit() })
	okBtn.Importance = widget.HighImportance
	var d dialog.Dialog
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { d.Hide() })
	content := container.NewBorder(nil, container.NewGridWithColumns(2, widgets.Touch(cancel), widgets.Touch(okBtn)), nil, nil,
		container.NewVScroll(body))
	f.body = content
	d = dialog.NewCustomWithoutButtons(title, content, k.ctx.Window)
	f.dlg = d
	if k.ctx.Window != nil {
		sz := k.ctx.Window.Canvas().Size()
		d.Resize(fyne.NewSize(min(sz.Width*0.95, 720), min(sz.Height*0.9, 900)))
		d.Show()
	}
	return f
}

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
