package eternaut

import (
	"errors"
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// kit is what every Eternaut screen shares: the campaign's context, an
// inline line for refusals (so a player sees why, next to what they
// tapped) and the last form opened (tests fill it in).
type kit struct {
	ctx  *shell.Context
	msg  *widget.Label
	last *formDialog
}

func newKit(ctx *shell.Context) kit {
	m := widget.NewLabel("")
	m.Wrapping = fyne.TextWrapWord
	m.Importance = widget.DangerImportance
	m.Hide()
	return kit{ctx: ctx, msg: m}
}

// state is the campaign as it stands (read-only).
func (k *kit) state() *et.State {
	s, _ := k.ctx.Session.State().(*et.State)
	if s == nil {
		return &et.State{}
	}
	return s
}

// run sends a command through the frame (table lock, message bar, refresh
// of every screen) and returns the rules' refusal, if any.
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

// do runs a command and shows a refusal on the screen's own line; it
// reports whether the command was accepted.
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

// Message is the refusal shown on the screen, for tests.
func (k *kit) Message() string {
	if !k.msg.Visible() {
		return ""
	}
	return k.msg.Text
}

// refusal words an error for the players, with the rule it cites.
func refusal(err error) string {
	var re *tracker.RuleError
	if errors.As(err, &re) {
		return "Not allowed: " + err.Error()
	}
	return "Not done: " + err.Error()
}

// formDialog is a dialog with fields that stays open, with the refusal
// shown inside it, until the command is accepted: nothing typed is lost.
type formDialog struct {
	Title  string
	Items  []*widget.FormItem
	submit func() error
	msg    *widget.Label
	dlg    dialog.Dialog
	body   fyne.CanvasObject // what the dialog shows, for the fit test
	btns   []*widget.Button  // its buttons, for the fit test
}

// Submit runs the form's action as the OK button does.
func (f *formDialog) Submit() error {
	err := f.submit()
	if err != nil {
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

// form opens a dialog with the items; ok runs the command(s).
func (k *kit) form(title, confirm string, items []*widget.FormItem, ok func() error) *formDialog {
	f := &formDialog{Title: title, Items: items, submit: ok}
	f.msg = widget.NewLabel("")
	f.msg.Wrapping = fyne.TextWrapWord
	f.msg.Importance = widget.DangerImportance
	f.msg.Hide()
	k.last = f
	body := container.NewVBox(widget.NewForm(items...), f.msg)
	f.body = body
	okBtn := widget.NewButtonWithIcon(confirm, theme.ConfirmIcon(), func() { _ = f.Submit() })
	okBtn.Importance = widget.HighImportance
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() {
		if f.dlg != nil {
			f.dlg.Hide()
		}
	})
	f.btns = []*widget.Button{cancel, okBtn}
	if w := k.ctx.Window; w != nil {
		f.dlg = dialog.NewCustomWithoutButtons(title, container.NewVScroll(body), w)
		f.dlg.(*dialog.CustomDialog).SetButtons([]fyne.CanvasObject{cancel, okBtn})
		size := w.Canvas().Size()
		f.dlg.Resize(fyne.NewSize(min(560, size.Width*0.95), min(body.MinSize().Height+160, size.Height*0.9)))
		f.dlg.Show()
	}
	return f
}

// cmdForm is a form whose OK runs one command built from the fields.
func (k *kit) cmdForm(title, confirm string, items []*widget.FormItem, build func() (tracker.Command, error)) *formDialog {
	return k.form(title, confirm, items, func() error {
		cmd, err := build()
		if err != nil {
			return err
		}
		_, err = k.run(cmd)
		return err
	})
}

// btn is a touch-sized button.
func btn(label string, tapped func()) *widget.Button {
	return widget.NewButton(label, tapped)
}

func iconBtn(label string, icon fyne.Resource, tapped func()) *widget.Button {
	return widget.NewButtonWithIcon(label, icon, tapped)
}

func primary(b *widget.Button) *widget.Button {
	b.Importance = widget.HighImportance
	return b
}

func bold(text string) *widget.Label {
	return widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

func heading(text string) *widget.Label {
	l := bold(text)
	l.SizeName = theme.SizeNameSubHeadingText
	l.Wrapping = fyne.TextWrapWord // a long heading must not widen the screen
	return l
}

func wrap(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

func note(text string) *widget.Label {
	l := wrap(text)
	l.Importance = widget.LowImportance
	return l
}

// card is a titled panel.
func card(title, sub string, body fyne.CanvasObject) *widget.Card {
	return widget.NewCard(title, sub, body)
}

// numEntry is an entry for a whole number from lo to hi.
func numEntry(lo, hi int, text string) *widgets.CheckedEntry {
	e := widgets.NewNumberEntry(lo, hi)
	e.SetText(text)
	return e
}

// textEntry is a plain entry with a placeholder.
func textEntry(placeholder, text string) *widget.Entry {
	e := widget.NewEntry()
	e.SetPlaceHolder(placeholder)
	e.SetText(text)
	return e
}

// list splits a comma-separated entry.
func list(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "—"
	}
	return s
}

func joinOr(l []string, empty string) string {
	if len(l) == 0 {
		return empty
	}
	return strings.Join(l, ", ")
}

// charName is "901 Eduardo".
func charName(s *et.State, id string) string {
	if c := s.Char(id); c != nil {
		return c.ID + " " + c.Name
	}
	return id
}

// idOf takes the ID off a "901 Eduardo" option.
func idOf(option string) string {
	id, _, _ := strings.Cut(strings.TrimSpace(option), " ")
	return id
}

// chip is a small coloured card with a label: a penalty card, a counter.
func chip(label string, fill color.Color) fyne.CanvasObject {
	bg := canvas.NewRectangle(fill)
	bg.CornerRadius = 6
	bg.StrokeColor = theme.Color(theme.ColorNameForeground)
	bg.StrokeWidth = 1
	t := canvas.NewText(label, color.Black)
	t.TextStyle.Bold = true
	t.Alignment = fyne.TextAlignCenter
	return container.NewStack(bg, container.NewPadded(t))
}

// Colours of the game's pieces.
var (
	colFatigue = color.NRGBA{R: 0xf2, G: 0xc1, B: 0x4e, A: 0xff}
	colWound   = color.NRGBA{R: 0xe0, G: 0x5a, B: 0x4f, A: 0xff}
	colMad     = color.NRGBA{R: 0xa9, G: 0x8b, B: 0xe0, A: 0xff}
	colAction  = color.NRGBA{R: 0x7f, G: 0xb3, B: 0xe8, A: 0xff}
	colEvent   = color.NRGBA{R: 0xf0, G: 0x9a, B: 0x3e, A: 0xff}
	colCube    = color.NRGBA{R: 0x9c, G: 0xd3, B: 0x8a, A: 0xff}
	colLife    = color.NRGBA{R: 0xd9, G: 0x3b, B: 0x3b, A: 0xff}
	colEmpty   = color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0x40}
)

// pips draws n of max as a row of filled and empty squares (a life bar,
// ammo, the cards on a board).
func pips(n, max int, fill color.Color) fyne.CanvasObject {
	row := container.NewHBox()
	for i := range max {
		c := fill
		if i >= n {
			c = colEmpty
		}
		r := canvas.NewRectangle(c)
		r.CornerRadius = 3
		r.SetMinSize(fyne.NewSize(16, 20))
		row.Add(r)
	}
	return row
}

// options lists the Characters as "ID Name" choices.
func options(chars []*et.Character) []string {
	out := make([]string, 0, len(chars))
	for _, c := range chars {
		out = append(out, c.ID+" "+c.Name)
	}
	return out
}

// living are the Characters in play and alive.
func living(s *et.State) []*et.Character {
	var out []*et.Character
	for _, c := range s.InPlay() {
		if !c.Gone() {
			out = append(out, c)
		}
	}
	return out
}

// errf is an input error in the players' words.
func errf(format string, args ...any) error { return fmt.Errorf(format, args...) }
