package eternaut

import (
	"errors"
	"fmt"
	"image/color"
	"reflect"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// kit is what every Eternaut screen shares: the campaign's context, the
// answer to the last tap (shown by the frame next to the tapped control,
// kept here for tests) and the last form opened (tests fill it in).
type kit struct {
	ctx  *shell.Context
	last *formDialog
	// refused is the last refusal shown, "" once something is accepted.
	refused string
}

func newKit(ctx *shell.Context) kit { return kit{ctx: ctx} }

// state is the campaign as it stands (read-only).
func (k *kit) state() *et.State {
	s, _ := k.ctx.Session.State().(*et.State)
	if s == nil {
		return &et.State{}
	}
	return s
}

// doFrom runs a command a control asked for: the frame shows the refusal,
// or what happened, next to src (and in its message line). It reports
// whether the rules accepted it.
func (k *kit) doFrom(src fyne.CanvasObject, cmd tracker.Command) bool {
	src = present(src)
	var err error
	_, ok := k.ctx.RunFrom(src, func() (tracker.Event, error) {
		e, er := k.ctx.Session.Do(cmd)
		err = er
		return e, er
	})
	switch {
	case ok:
		k.refused = ""
	case err != nil:
		k.refused = shell.Words(err)
	default:
		k.refused = shell.ErrLocked.Error()
	}
	return ok
}

// doHere runs a command whose result the screen itself shows beside src
// (the Enemy tab's recorded activation): a refusal shows next to src, a
// result in the message line only, so no bubble covers what changed.
func (k *kit) doHere(src fyne.CanvasObject, cmd tracker.Command) bool {
	var err error
	_, ok := k.ctx.Run(func() (tracker.Event, error) {
		e, er := k.ctx.Session.Do(cmd)
		err = er
		return e, er
	})
	switch {
	case ok:
		k.refused = ""
		return true
	case err != nil:
		k.refused = shell.Words(err)
	default:
		k.refused = shell.ErrLocked.Error()
	}
	k.ctx.Feedback(present(src), k.refused, true)
	return false
}

// try runs a command for a form: nil, or the refusal in the players'
// words for the form to show above its buttons.
func (k *kit) try(cmd tracker.Command) error {
	err := k.ctx.Try(cmd)
	if err != nil {
		k.refused = err.Error()
	} else {
		k.refused = ""
	}
	return err
}

// refuse answers a tap that cannot be done, next to what was tapped.
func (k *kit) refuse(src fyne.CanvasObject, text string) {
	k.refused = sentence(text)
	k.ctx.Refuse(present(src), k.refused)
}

// present is src, or nil when it is a control not drawn yet (a nil
// pointer in the interface): the answer then goes to the message line
// only (a shortcut pressed before the tab was ever shown).
func present(src fyne.CanvasObject) fyne.CanvasObject {
	if src == nil {
		return nil
	}
	if v := reflect.ValueOf(src); v.Kind() == reflect.Pointer && v.IsNil() {
		return nil
	}
	return src
}

// Message is the last refusal shown, for tests ("" after a success).
func (k *kit) Message() string { return k.refused }

// act is a button that runs the command cmd builds, its answer shown next
// to it. A nil command does nothing.
func (k *kit) act(label string, cmd func() tracker.Command) *widget.Button {
	b := widget.NewButton(label, nil)
	b.OnTapped = func() {
		if c := cmd(); c != nil {
			k.doFrom(b, c)
		}
	}
	return b
}

// formDialog is a form on the frame's dialog (it scrolls, keeps its
// buttons in view, closes with Cancel, Escape or Back, and shows each
// problem under its field); it stays open with what was typed until the
// rules accept it.
type formDialog struct {
	*widgets.FormDialog
	// Title and Items are what the form was opened with, for tests.
	Title string
	Items []*widget.FormItem
}

// Submit taps the form's button, as a player does, and returns the
// problems it shows (nil when the form closed).
func (f *formDialog) Submit() error {
	f.FormDialog.Submit.OnTapped()
	if f.Showing() {
		return errors.New(f.Message())
	}
	return nil
}

// Message is every problem the form shows, for tests.
func (f *formDialog) Message() string {
	p := f.FieldProblems()
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, p[k])
	}
	return strings.Join(parts, " ")
}

// form opens a form dialog with the items; ok does what it is for (nil
// closes the dialog; widgets.Problems shows under the fields, another
// error above the buttons).
func (k *kit) form(title, confirm string, items []*widget.FormItem, ok func() error) *formDialog {
	f := &formDialog{Title: title, Items: items}
	f.FormDialog = widgets.NewForm(title, confirm, "Cancel", items, ok, k.ctx.Window)
	k.last = f
	f.Show()
	return f
}

// cmdForm is a form whose button runs one command built from the fields.
func (k *kit) cmdForm(title, confirm string, items []*widget.FormItem, build func() (tracker.Command, error)) *formDialog {
	return k.form(title, confirm, items, func() error {
		cmd, err := build()
		if err != nil {
			return err
		}
		return k.try(cmd)
	})
}

// holdForm is a game-ending action: a dialog that says what it does and
// acts only on a hold of its button, so a stray tap ends nothing. It stays
// undoable like every other change.
func (k *kit) holdForm(title, text, hold string, cmd tracker.Command) *widgets.Dialog {
	b := widgets.NewHoldButton(hold, nil)
	b.Importance = widget.DangerImportance
	d := widgets.NewDialog(title, container.NewVBox(widgets.Paragraph(text), b), k.ctx.Window)
	d.SetDismiss("Cancel", nil)
	b.OnHint = func(m string) { k.ctx.Feedback(b, m, false) }
	b.OnHeld = func() {
		if k.doFrom(b, cmd) {
			d.Hide()
		}
	}
	d.Show()
	return d
}

// holdButton is a game-ending action on a screen, away from the controls
// tapped every turn: a tap only says to hold it.
func (k *kit) holdButton(label string, cmd func() tracker.Command) *widgets.HoldButton {
	b := widgets.NewHoldButton(label, nil)
	b.Importance = widget.DangerImportance
	b.OnHint = func(m string) { k.ctx.Feedback(b, m, false) }
	b.OnHeld = func() {
		if c := cmd(); c != nil {
			k.doFrom(b, c)
		}
	}
	return b
}

// because disables b when reason is not "" and shows the reason beside
// it, on the row b takes: a button that cannot work yet says why.
func because(b fyne.Disableable, obj fyne.CanvasObject, reason string) fyne.CanvasObject {
	if reason == "" {
		b.Enable()
		return obj
	}
	b.Disable()
	l := note(reason)
	return container.NewBorder(nil, nil, obj, nil, l)
}

// sentence starts a line with a capital and ends it with a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.ContainsAny(s[len(s)-1:], ".!?…)") {
		s += "."
	}
	return s
}

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
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Wrapping = fyne.TextWrapWord
	return l
}

func heading(text string) *widget.Label {
	l := bold(text)
	l.SizeName = theme.SizeNameSubHeadingText
	return l
}

func wrap(text string) *widget.Label {
	return widgets.Paragraph(text)
}

func note(text string) *widget.Label {
	l := wrap(text)
	l.Importance = widget.LowImportance
	return l
}

// card is a titled panel; its title and subtitle wrap (a Fyne card's are
// one line and would widen a portrait screen).
func card(title, sub string, body fyne.CanvasObject) fyne.CanvasObject {
	box := container.NewVBox()
	if title != "" {
		box.Add(heading(title))
	}
	if sub != "" {
		s := note(sub)
		widgets.Aside(s)
		box.Add(s)
	}
	if body != nil {
		box.Add(body)
	}
	return widget.NewCard("", "", box)
}

// textEntry is a plain entry with a placeholder, for words and card IDs.
func textEntry(placeholder, text string) *widgets.TextEntry {
	e := widgets.NewTextEntry()
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

// plural is "1 card", "2 cards".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// charName is the Character's name as the players entered it.
func charName(s *et.State, id string) string {
	if c := s.Char(id); c != nil {
		return c.Named()
	}
	return "Character card " + id
}

// cardedName is the Character as a choice names it (optionName; idOf
// reads it back).
func cardedName(s *et.State, id string) string {
	if c := s.Char(id); c != nil {
		return optionName(s.Roster, c)
	}
	return "Character card " + id
}

// optionName is a Character as a choice names it: the name the players
// know them by ("Eduardo"), with the card's number only when another of
// the roster has the same name ("Eduardo (card 901)"), or "Character card
// 901" for one without a name.
func optionName(roster []*et.Character, c *et.Character) string {
	for _, o := range roster {
		if o != c && o.ID != c.ID && strings.EqualFold(strings.TrimSpace(o.Name), strings.TrimSpace(c.Name)) {
			return c.Carded()
		}
	}
	return c.Named()
}

// idOf is the card number of the Character a choice names (optionName),
// in the campaign s: by its name, its name with the card's number, or
// "Character card 901".
func idOf(s *et.State, option string) string {
	o := strings.TrimSpace(option)
	if s != nil {
		for _, c := range s.Roster {
			if o == optionName(s.Roster, c) || o == c.Carded() {
				return c.ID
			}
		}
	}
	if i := strings.LastIndex(o, "(card "); i >= 0 && strings.HasSuffix(o, ")") {
		return strings.TrimSpace(o[i+len("(card ") : len(o)-1])
	}
	if id, ok := strings.CutPrefix(o, "Character card "); ok {
		return strings.TrimSpace(id)
	}
	id, _, _ := strings.Cut(o, " ")
	return id
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
// ammo, the cubes); they wrap on a narrow screen.
func pips(n, max int, fill color.Color) fyne.CanvasObject {
	row := container.NewGridWrap(fyne.NewSize(14, 18))
	for i := range max {
		c := fill
		if i >= n {
			c = colEmpty
		}
		r := canvas.NewRectangle(c)
		r.CornerRadius = 3
		row.Add(r)
	}
	return row
}

// options lists the Characters as choices, by the names the players know
// them by (optionName within the list, so two of one name tell apart).
func options(chars []*et.Character) []string {
	out := make([]string, 0, len(chars))
	for _, c := range chars {
		out = append(out, optionName(chars, c))
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

// words is an error as the players read it.
func words(err error) string { return shell.Words(err) }

// errf is an input error in the players' words.
func errf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// need is a problem of one field of a form.
func need(field, format string, args ...any) error {
	return widgets.Problems{field: fmt.Sprintf(format, args...)}
}

// pick is a select with a placeholder.
func pick(opts []string, placeholder string) *widget.Select {
	s := widget.NewSelect(opts, nil)
	s.PlaceHolder = placeholder
	return s
}
