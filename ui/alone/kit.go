package alone

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// kit is what every Alone screen shares: the campaign's context, and what
// the last command said. The answer to a tap (a refusal, or what happened)
// shows next to the control that was tapped, as a bubble that moves
// nothing, and in the frame's message line.
type kit struct {
	ctx *shell.Context
	// said is the last answer in words, and bad whether it was a refusal.
	said string
	bad  bool
}

func newKit(ctx *shell.Context) *kit { return &kit{ctx: ctx} }

// tapping is the control being tapped now (set by the buttons, steppers
// and choices this package makes, for the length of their action), so an
// answer shows beside it. The UI runs on one goroutine.
var tapping fyne.CanvasObject

// tapped runs fn as a tap on src.
func tapped(src fyne.CanvasObject, fn func()) {
	prev := tapping
	tapping = src
	defer func() { tapping = prev }()
	fn()
}

// state is the game as it stands (read-only).
func (k *kit) state() *ta.State {
	s, _ := k.ctx.Session.State().(*ta.State)
	if s == nil {
		return &ta.State{}
	}
	return s
}

// do runs a command through the frame (table lock, message line, refresh
// of every screen), its answer next to the control tapped; it reports
// whether the command was accepted.
func (k *kit) do(cmd tracker.Command) bool {
	var err error
	change := func() (tracker.Event, error) {
		ev, er := k.ctx.Session.Do(cmd)
		err = er
		return ev, er
	}
	var e tracker.Event
	var ok bool
	if tapping != nil {
		e, ok = k.ctx.RunFrom(tapping, change)
	} else {
		e, ok = k.ctx.Run(change)
	}
	if !ok {
		if err == nil {
			err = shell.ErrLocked
		}
		k.said, k.bad = refusal(err), true
		return false
	}
	k.said, k.bad = k.ctx.Session.Describe(e), false
	return true
}

// refuse says why something was not done, next to the control tapped.
func (k *kit) refuse(err error) {
	k.said, k.bad = refusal(err), true
	if tapping != nil {
		k.ctx.Refuse(tapping, k.said)
	} else {
		k.ctx.Message(k.said, true)
	}
}

// tell says what was done, next to the control tapped.
func (k *kit) tell(s string) {
	if s == "" {
		return
	}
	k.said, k.bad = s, false
	if tapping != nil {
		k.ctx.Feedback(tapping, s, false)
	} else {
		k.ctx.Message(s, false)
	}
}

// refusal is a refused command in the players' words: why, and the
// rulebook page when the rule names one; never the spec's section.
func refusal(err error) string { return shell.Words(err) }

// ---- small builders ----

// bold is a heading whose words wrap on a narrow screen.
func bold(s string) *widget.Label {
	l := widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Wrapping = fyne.TextWrapWord
	return l
}

func wrap(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// button is a button whose answer shows beside it.
func button(label string, fn func()) *widget.Button {
	b := widget.NewButton(label, nil)
	b.OnTapped = func() { tapped(b, fn) }
	return b
}

// iconButton is button with an icon.
func iconButton(label string, icon fyne.Resource, fn func()) *widget.Button {
	b := widget.NewButtonWithIcon(label, icon, nil)
	b.OnTapped = func() { tapped(b, fn) }
	return b
}

func primary(label string, fn func()) *widget.Button {
	b := button(label, fn)
	b.Importance = widget.HighImportance
	return b
}

// fold is a section a tap opens and closes: its title on a button, its
// content under it (Fyne's accordion left an empty band when closed).
func fold(title string, content fyne.CanvasObject) fyne.CanvasObject {
	content.Hide()
	var b *widget.Button
	b = widget.NewButtonWithIcon(title, theme.MenuExpandIcon(), func() {
		if content.Visible() {
			content.Hide()
			b.SetIcon(theme.MenuExpandIcon())
		} else {
			content.Show()
			b.SetIcon(theme.MenuDropUpIcon())
		}
	})
	b.Alignment = widget.ButtonAlignLeading
	b.Importance = widget.LowImportance
	return container.NewVBox(b, content)
}

// card is a panel with a heading whose words wrap (a Card's own title
// stays on one line, wider than a portrait tablet at the largest text).
func card(title string, objs ...fyne.CanvasObject) *widget.Card {
	h := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	h.Wrapping = fyne.TextWrapWord
	h.SizeName = theme.SizeNameSubHeadingText
	return widget.NewCard("", "", container.NewVBox(append([]fyne.CanvasObject{h}, objs...)...))
}

// field is a labelled input on its own row.
func field(label string, obj fyne.CanvasObject) fyne.CanvasObject {
	return container.NewBorder(nil, nil, widgets.AtLeast(fyne.NewSize(150, widgets.MinTouch), wrap(label)), nil, obj)
}

func entry(placeholder string) *widgets.TextEntry {
	e := widgets.NewTextEntry()
	e.SetPlaceHolder(placeholder)
	return e
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// abilityName is an Ability as the Hero sheet prints it.
func abilityName(a ta.Ability) string {
	switch a {
	case ta.Courage:
		return "Courage"
	case ta.ColdBlood:
		return "Cold Blood"
	case ta.AcuteSight:
		return "Acute Sight"
	case ta.Precision:
		return "Precision"
	case ta.Dexterity:
		return "Dexterity"
	}
	return string(a)
}

func abilityFromName(s string) ta.Ability {
	for _, a := range ta.Abilities {
		if abilityName(a) == s || string(a) == s {
			return a
		}
	}
	return ta.Ability(s)
}

func abilityNames() []string {
	out := make([]string, len(ta.Abilities))
	for i, a := range ta.Abilities {
		out[i] = abilityName(a)
	}
	return out
}

func creatureNames() []string {
	out := make([]string, len(alone.CreatureTypes))
	for i, t := range alone.CreatureTypes {
		out[i] = string(t)
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// setBox replaces a container's contents. A container no window has
// shown and none has sized yet (a screen being built) takes them without
// being laid out: laid out at no size, a scroll in it lays its texts out
// at their least width, where every wrapped line breaks word by word and
// is measured at each break (18 MB of garbage for the setup page alone,
// measured with pprof), only to be laid out again at the window's width
// a moment later, when the window first sizes it.
func setBox(c *fyne.Container, objs ...fyne.CanvasObject) {
	c.Objects = objs
	if c.Size().IsZero() && fyne.CurrentApp().Driver().CanvasForObject(c) == nil {
		return
	}
	c.Refresh()
}
