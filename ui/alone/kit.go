package alone

import (
	"errors"
	"fmt"
	"strconv"
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

func bold(s string) *widget.Label {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
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

// number reads a whole number from an entry, with the field's name in the
// error; empty gives def.
func number(e *widget.Entry, what string, def int) (int, error) {
	s := strings.TrimSpace(e.Text)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a whole number", what, s)
	}
	return n, nil
}

// numbers reads a list of whole numbers ("4, 5, 6").
func numbers(s, what string) ([]int, error) {
	var out []int
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %q is not a whole number", what, f)
		}
		out = append(out, n)
	}
	return out, nil
}

func joinInts(v []int) string {
	p := make([]string, len(v))
	for i, n := range v {
		p[i] = strconv.Itoa(n)
	}
	return strings.Join(p, ", ")
}

// faces reads dice faces typed from physical dice ("HIT BLANK SPECIAL", or
// H B S); empty means roll virtual dice.
func faces(s, what string) ([]alone.Face, error) {
	var out []alone.Face
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		switch strings.ToUpper(f) {
		case "H", "HIT":
			out = append(out, alone.Hit)
		case "S", "SPECIAL":
			out = append(out, alone.Special)
		case "B", "BLANK", "-":
			out = append(out, alone.Blank)
		default:
			return nil, fmt.Errorf("%s: %q is not a die face; write HIT, SPECIAL or BLANK (or H, S, B)", what, f)
		}
	}
	return out, nil
}

// Who rolls a command's dice (issue 15 item 7): an explicit choice shown
// with every form that rolls, never read from whether faces were typed.
const (
	rolledAtTable = "dice at the table"
	rolledByApp   = "the app rolls"
)

// newRollChoice is the choice of who rolls, nothing picked yet.
func newRollChoice() *widget.RadioGroup {
	r := widget.NewRadioGroup([]string{rolledAtTable, rolledByApp}, nil)
	r.Horizontal = true
	return r
}

// rollOf is the command's Roll for the choice ("" when none is picked:
// the rules then ask for it).
func rollOf(r *widget.RadioGroup) ta.DiceSource {
	switch r.Selected {
	case rolledAtTable:
		return ta.PhysicalDice
	case rolledByApp:
		return ta.VirtualDice
	}
	return ""
}

// rolledDice reads dice rolled at the table as the players write them:
// the faces, then "reroll" and its face, and "courage" and its faces
// ("H B reroll S courage B").
func rolledDice(s, what string) (main []alone.Face, reroll alone.Face, courage []alone.Face, err error) {
	into := "main"
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		switch strings.ToLower(w) {
		case "reroll", "rerolled", "r":
			into = "reroll"
			continue
		case "courage", "c":
			into = "courage"
			continue
		}
		f, err := faces(w, what)
		if err != nil {
			return nil, "", nil, err
		}
		switch into {
		case "reroll":
			if reroll != "" {
				return nil, "", nil, fmt.Errorf("%s: one die is rerolled, not two", what)
			}
			reroll = f[0]
		case "courage":
			courage = append(courage, f...)
		default:
			main = append(main, f...)
		}
	}
	return main, reroll, courage, nil
}

// dirOptions are the exits as a player picks them.
var dirOptions = []string{"N", "E", "S", "W", "STAIRS"}

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

func actionNames() []string {
	out := make([]string, len(ta.Actions))
	for i, a := range ta.Actions {
		out[i] = string(a)
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
