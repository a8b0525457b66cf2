package alone

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// kit is what every Alone screen shares: the campaign's context and an
// inline line for refusals, so a player sees why next to what they tapped
// and what they typed stays in its field.
type kit struct {
	ctx *shell.Context
	msg *widget.Label
}

func newKit(ctx *shell.Context) *kit {
	m := widget.NewLabel("")
	m.Wrapping = fyne.TextWrapWord
	m.Hide()
	return &kit{ctx: ctx, msg: m}
}

// state is the game as it stands (read-only).
func (k *kit) state() *ta.State {
	s, _ := k.ctx.Session.State().(*ta.State)
	if s == nil {
		return &ta.State{}
	}
	return s
}

// do runs a command through the frame (table lock, message bar, refresh of
// every screen). A refusal is shown on the screen's own line in the rules'
// words; it reports whether the command was accepted.
func (k *kit) do(cmd tracker.Command) bool {
	var err error
	e, ok := k.ctx.Run(func() (tracker.Event, error) {
		ev, er := k.ctx.Session.Do(cmd)
		err = er
		return ev, er
	})
	if !ok {
		if err == nil {
			err = shell.ErrLocked
		}
		k.refuse(err)
		return false
	}
	k.tell(k.ctx.Session.Describe(e))
	return true
}

// refuse shows why something was not done.
func (k *kit) refuse(err error) {
	k.msg.Importance = widget.DangerImportance
	k.msg.SetText("Refused: " + refusal(err))
	k.msg.Show()
}

// tell shows what was done (its diary line).
func (k *kit) tell(s string) {
	if s == "" {
		k.msg.Hide()
		return
	}
	k.msg.Importance = widget.SuccessImportance
	k.msg.SetText(s)
	k.msg.Show()
}

// refusal is a refused command in words: why, then the rule.
func refusal(err error) string {
	var re *tracker.RuleError
	if errors.As(err, &re) {
		if re.Rule == "" {
			return re.Why
		}
		return re.Why + " (" + re.Rule + ")"
	}
	return err.Error()
}

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

func button(label string, fn func()) *widget.Button {
	return widget.NewButton(label, fn)
}

func primary(label string, fn func()) *widget.Button {
	b := widget.NewButton(label, fn)
	b.Importance = widget.HighImportance
	return b
}

func card(title string, objs ...fyne.CanvasObject) *widget.Card {
	return widget.NewCard(title, "", container.NewVBox(objs...))
}

// field is a labelled input on its own row.
func field(label string, obj fyne.CanvasObject) fyne.CanvasObject {
	return container.NewBorder(nil, nil, widgets.AtLeast(fyne.NewSize(150, widgets.MinTouch), wrap(label)), nil, obj)
}

func entry(placeholder string) *widget.Entry {
	e := widget.NewEntry()
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

// setBox replaces a container's contents.
func setBox(c *fyne.Container, objs ...fyne.CanvasObject) {
	c.Objects = objs
	c.Refresh()
}
