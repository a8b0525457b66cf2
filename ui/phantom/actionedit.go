package phantom

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ap "tablekeeper/automa/phantom"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// actionKinds are the actions a card prints, in the order the picker
// lists them.
var actionKinds = []ap.ActionKind{ap.ActAttack, ap.ActMove, ap.ActLeap, ap.ActRetreat, ap.ActTeleport, ap.ActHeal,
	ap.ActGrantCondition, ap.ActRemoveCondition, ap.ActDamage, ap.ActManual}

func kindOfWords(w string) ap.ActionKind {
	for _, k := range actionKinds {
		if tp.ActionWords(k) == w {
			return k
		}
	}
	return ap.ActAttack
}

// Range choices of an action.
const (
	rangeBase  = "its base range"
	rangeMod   = "base range changed by"
	rangeFixed = "a range printed"
)

// Whom a heal or a condition goes to.
const (
	whoSelf         = "itself"
	whoAllies       = "its allies"
	whoAlliesOrSelf = "its allies or itself"
	whoEnemies      = "its enemies"
)

// Where a Damage action lands.
const (
	areaTarget   = "its primary target"
	areaAdjacent = "every adjacent figure"
	areaEnemies  = "adjacent enemies"
)

// An ActionsEditor enters a card's actions in printed order, each picked
// from the list of actions with its numbers on steppers and its choices
// on pickers: nothing is typed but what a card says for the players to
// resolve themselves.
type ActionsEditor struct {
	key       string
	list      []ap.Action
	rows      []*fieldRow
	box       *fyne.Container
	onChanged func()
	// Add adds an action (exported for tests).
	Add *widget.Button
	// Kinds are the rows' action pickers (exported for tests).
	Kinds []*widget.Select
	nums  map[string]*Num
}

func newActionsEditor(key string, as []ap.Action, onChanged func()) *ActionsEditor {
	e := &ActionsEditor{key: key, list: append([]ap.Action(nil), as...), onChanged: onChanged, box: container.NewVBox()}
	e.Add = widget.NewButtonWithIcon("Add an action", theme.ContentAddIcon(), func() {
		e.list = append(e.list, ap.Action{Kind: ap.ActAttack})
		e.rebuild()
		e.changed()
	})
	e.rebuild()
	return e
}

// Object is the list of actions with the Add button under it.
func (e *ActionsEditor) Object() fyne.CanvasObject { return container.NewVBox(e.box, e.Add) }

// Actions are the actions entered.
func (e *ActionsEditor) Actions() []ap.Action {
	if len(e.list) == 0 {
		return nil
	}
	return append([]ap.Action(nil), e.list...)
}

// Rows are the fields problems are shown under.
func (e *ActionsEditor) Rows() []*fieldRow { return e.rows }

// Num is one action's stepper by "index.name" (for tests): "0.value".
func (e *ActionsEditor) Num(key string) *Num { return e.nums[key] }

func (e *ActionsEditor) changed() {
	if e.onChanged != nil {
		e.onChanged()
	}
}

func (e *ActionsEditor) rebuild() {
	e.box.Objects = nil
	e.rows = nil
	e.Kinds = nil
	e.nums = map[string]*Num{}
	for i := range e.list {
		e.box.Add(e.actionRow(i))
	}
	if len(e.list) == 0 {
		l := widget.NewLabel("No action.")
		l.Importance = widget.LowImportance
		e.box.Add(l)
	}
	e.box.Refresh()
}

// actionRow is action i: its picker, its fields, and buttons to move it
// up or take it off.
func (e *ActionsEditor) actionRow(i int) fyne.CanvasObject {
	a := &e.list[i]
	kinds := make([]string, len(actionKinds))
	for k, x := range actionKinds {
		kinds[k] = tp.ActionWords(x)
	}
	kind := newPicker(kinds, tp.ActionWords(a.Kind), "which action", nil)
	kind.OnChanged = func(w string) {
		k := kindOfWords(w)
		if k == a.Kind {
			return
		}
		*a = defaultAction(k)
		e.rebuild()
		e.changed()
	}
	e.Kinds = append(e.Kinds, kind)
	up := widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() {
		if i > 0 {
			e.list[i-1], e.list[i] = e.list[i], e.list[i-1]
			e.rebuild()
			e.changed()
		}
	})
	if i == 0 {
		up.Disable()
	}
	del := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
		e.list = append(e.list[:i:i], e.list[i+1:]...)
		e.rebuild()
		e.changed()
	})
	t := fyne.NewSquareSize(widgets.MinTouch)
	head := container.NewBorder(nil, nil, widget.NewLabelWithStyle(fmt.Sprintf("%d.", i+1), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewHBox(widgets.AtLeast(t, up), widgets.AtLeast(t, del)), kind)
	key := fmt.Sprintf("%s.%d", e.key, i)
	fields := e.fields(i, key)
	row := newFieldRow(key, "", container.NewVBox(head, fields))
	e.rows = append(e.rows, row)
	bg := widget.NewCard("", "", row.Object())
	return bg
}

// defaultAction is a new action of kind k as most cards print it.
func defaultAction(k ap.ActionKind) ap.Action {
	a := ap.Action{Kind: k}
	switch k {
	case ap.ActMove, ap.ActLeap, ap.ActRetreat, ap.ActHeal, ap.ActDamage:
		a.Value = 2
	case ap.ActGrantCondition:
		a.Condition, a.SelfOnly = "Barrier", true
	case ap.ActRemoveCondition:
		a.Condition, a.SelfOnly = "detrimental", true
	}
	if k == ap.ActHeal {
		a.SelfOnly = true
	}
	return a
}

// fields are the parts of action i its kind has.
func (e *ActionsEditor) fields(i int, key string) fyne.CanvasObject {
	a := &e.list[i]
	box := container.NewVBox()
	nums := widgets.NewFlow()
	box.Add(nums)
	num := func(name, field string, min, max, v int, signed bool, set func(int)) {
		n := NewNum(min, max, v, func(v int) { set(v); e.changed() })
		if signed {
			n.Format = Signed
		}
		e.nums[fmt.Sprintf("%d.%s", i, field)] = n
		nums.Add(container.NewHBox(widget.NewLabel(name), n))
	}
	switch a.Kind {
	case ap.ActAttack:
		num("Attack", "value", -5, 9, a.Value, true, func(v int) { a.Value = v })
	case ap.ActMove, ap.ActLeap, ap.ActRetreat:
		num("MP", "value", 0, 12, a.Value, false, func(v int) { a.Value = v })
	case ap.ActHeal:
		num("HP healed", "value", 0, 20, a.Value, false, func(v int) { a.Value = v })
	case ap.ActDamage:
		num("Damage", "value", 0, 20, a.Value, false, func(v int) { a.Value = v })
	case ap.ActManual:
		box.Add(newTextEntry(a.Text, "what the card says, for the players to resolve", func(s string) { a.Text = s; e.changed() }))
		return box
	}
	if a.Kind == ap.ActGrantCondition || a.Kind == ap.ActRemoveCondition {
		opts := append([]string(nil), conditionNames...)
		sel := orDefault(strings.Join(normConds([]string{a.Condition}), ""), a.Condition)
		if a.Kind == ap.ActRemoveCondition {
			opts = append([]string{"every detrimental condition"}, opts...)
			if strings.EqualFold(a.Condition, "detrimental") {
				sel = "every detrimental condition"
			}
		}
		box.Add(container.NewBorder(nil, nil, widget.NewLabel("Condition"), nil, newPicker(opts, sel, "which condition", func(v string) {
			if v == "every detrimental condition" {
				v = "detrimental"
			}
			a.Condition = v
			e.changed()
		})))
	}
	if a.Kind == ap.ActHeal || a.Kind == ap.ActGrantCondition || a.Kind == ap.ActRemoveCondition {
		box.Add(container.NewBorder(nil, nil, widget.NewLabel("For"), nil, newPicker([]string{whoSelf, whoAllies, whoAlliesOrSelf, whoEnemies}, whoOf(*a), "", func(v string) {
			a.SelfOnly, a.TargetsAllies, a.CanTargetSelf = v == whoSelf, v == whoAllies || v == whoAlliesOrSelf, v == whoAlliesOrSelf
			e.changed()
		})))
	}
	if a.Kind == ap.ActAttack || a.Kind == ap.ActHeal || a.Kind == ap.ActGrantCondition || a.Kind == ap.ActRemoveCondition {
		e.rangeFields(i, box)
	}
	if a.Kind == ap.ActHeal || a.Kind == ap.ActDamage {
		per := widget.NewCheck("per character embarked", func(b bool) { a.PerCharacter = b; e.changed() })
		per.SetChecked(a.PerCharacter)
		box.Add(per)
	}
	if a.Kind == ap.ActDamage {
		box.Add(container.NewBorder(nil, nil, widget.NewLabel("On"), nil, newPicker([]string{areaTarget, areaAdjacent, areaEnemies}, areaOf(*a), "", func(v string) {
			a.Area = map[string]string{areaTarget: "", areaAdjacent: "adjacentFigures", areaEnemies: "adjacentEnemies"}[v]
			e.changed()
		})))
	}
	if a.Kind == ap.ActAttack {
		nums = widgets.NewFlow()
		box.Add(nums)
		num("Target", "targets", 1, 6, max(1, a.Targets), false, func(v int) {
			a.Targets = v
			if v == 1 {
				a.Targets = 0
			}
		})
		num("Pierce", "pierce", 0, 9, a.Pierce, false, func(v int) { a.Pierce = v })
		num("Damage ×", "multiplier", 1, 4, max(1, a.Multiplier), false, func(v int) {
			a.Multiplier = v
			if v == 1 {
				a.Multiplier = 0
			}
		})
		die := widget.NewRadioGroup([]string{"Basic die", "Blitz die"}, nil)
		die.Horizontal = true
		die.Required = true
		if a.Die == "blitz" {
			die.SetSelected("Blitz die")
		} else {
			die.SetSelected("Basic die")
		}
		die.OnChanged = func(v string) {
			a.Die = ""
			if v == "Blitz die" {
				a.Die = "blitz"
			}
			e.changed()
		}
		box.Add(die)
	}
	if a.Kind == ap.ActAttack || a.Kind == ap.ActDamage {
		box.Add(widget.NewLabel("Inflicts"))
		box.Add(conditionsPicker(a.Inflict, true, func(cs []string) { a.Inflict = cs; e.changed() }))
	}
	return box
}

// rangeFields: the action's range is the figure's base range, the base
// range changed by a number, or a range printed on the card.
func (e *ActionsEditor) rangeFields(i int, box *fyne.Container) {
	a := &e.list[i]
	choice := rangeBase
	v := 0
	switch {
	case a.Range != nil:
		choice, v = rangeFixed, *a.Range
	case a.RangeMod != 0:
		choice, v = rangeMod, a.RangeMod
	}
	n := NewNum(-5, 12, v, nil)
	n.Format = Signed
	if choice == rangeFixed {
		n.Format = nil
		n.Min = 1
	}
	e.nums[fmt.Sprintf("%d.range", i)] = n
	apply := func(choice string) {
		a.Range, a.RangeMod = nil, 0
		switch choice {
		case rangeMod:
			a.RangeMod = n.Value
		case rangeFixed:
			r := n.Value
			a.Range = &r
		}
	}
	pick := newPicker([]string{rangeBase, rangeMod, rangeFixed}, choice, "", nil)
	n.OnChanged = func(int) { apply(pick.Selected); e.changed() }
	if choice == rangeBase {
		n.Hide()
	}
	pick.OnChanged = func(c string) {
		switch c {
		case rangeBase:
			n.Hide()
		case rangeMod:
			n.Show()
			n.Format, n.Min = Signed, -5
			n.SetValue(max(1, n.Value))
		case rangeFixed:
			n.Show()
			n.Format, n.Min = nil, 1
			n.SetValue(max(1, n.Value))
		}
		apply(c)
		e.changed()
	}
	box.Add(container.NewBorder(nil, nil, widget.NewLabel("Range"), nil, container.NewVBox(pick, container.NewHBox(n))))
}

func whoOf(a ap.Action) string {
	switch {
	case a.SelfOnly:
		return whoSelf
	case a.TargetsAllies && a.CanTargetSelf:
		return whoAlliesOrSelf
	case a.TargetsAllies:
		return whoAllies
	}
	return whoEnemies
}

func areaOf(a ap.Action) string {
	switch a.Area {
	case "adjacentFigures":
		return areaAdjacent
	case "adjacentEnemies":
		return areaEnemies
	}
	return areaTarget
}

// A RoundEffectsEditor enters a card's round effects (the round icon):
// what the card says, the Attack and Guard the app adds while it lasts,
// and actions the figure takes after it is attacked.
type RoundEffectsEditor struct {
	key       string
	list      []ap.RoundEffect
	box       *fyne.Container
	rows      []*fieldRow
	after     []*ActionsEditor
	onChanged func()
	// Add adds a round effect (exported for tests).
	Add *widget.Button
}

func newRoundEffectsEditor(key string, es []ap.RoundEffect, onChanged func()) *RoundEffectsEditor {
	r := &RoundEffectsEditor{key: key, list: append([]ap.RoundEffect(nil), es...), onChanged: onChanged, box: container.NewVBox()}
	r.Add = widget.NewButtonWithIcon("Add a round effect", theme.ContentAddIcon(), func() {
		r.list = append(r.list, ap.RoundEffect{})
		r.rebuild()
		r.changed()
	})
	r.rebuild()
	return r
}

// Object is the effects with the Add button.
func (r *RoundEffectsEditor) Object() fyne.CanvasObject { return container.NewVBox(r.box, r.Add) }

// Effects are the round effects entered.
func (r *RoundEffectsEditor) Effects() []ap.RoundEffect {
	if len(r.list) == 0 {
		return nil
	}
	out := append([]ap.RoundEffect(nil), r.list...)
	for i, a := range r.after {
		out[i].AfterAttacked = a.Actions()
	}
	return out
}

// Rows are the fields problems are shown under.
func (r *RoundEffectsEditor) Rows() []*fieldRow {
	out := append([]*fieldRow(nil), r.rows...)
	for _, a := range r.after {
		out = append(out, a.Rows()...)
	}
	return out
}

func (r *RoundEffectsEditor) changed() {
	if r.onChanged != nil {
		r.onChanged()
	}
}

func (r *RoundEffectsEditor) rebuild() {
	for i, a := range r.after {
		if i < len(r.list) {
			r.list[i].AfterAttacked = a.Actions()
		}
	}
	r.box.Objects, r.rows, r.after = nil, nil, nil
	for i := range r.list {
		i := i
		e := &r.list[i]
		key := fmt.Sprintf("%s.%d", r.key, i)
		text := newTextEntry(e.Text, "what the card says (shown to the players)", func(s string) { e.Text = s; r.changed() })
		atk := NewNum(-5, 9, e.Attack, func(v int) { e.Attack = v; r.changed() })
		atk.Format = Signed
		grd := NewNum(-5, 9, e.Guard, func(v int) { e.Guard = v; r.changed() })
		grd.Format = Signed
		after := newActionsEditor(key+".afterAttacked", e.AfterAttacked, r.changed)
		after.Add.SetText("Add an action it takes after it is attacked")
		r.after = append(r.after, after)
		del := widget.NewButtonWithIcon("Remove this round effect", theme.DeleteIcon(), func() {
			r.list = append(r.list[:i:i], r.list[i+1:]...)
			r.after = append(r.after[:i:i], r.after[i+1:]...)
			r.rebuild()
			r.changed()
		})
		body := container.NewVBox(text,
			widgets.NewFlow(statBox("Attack", atk), statBox("Guard", grd)),
			widget.NewLabel("After it is attacked, it takes:"), after.Object(), del)
		row := newFieldRow(key, fmt.Sprintf("Round effect %d", i+1), body)
		r.rows = append(r.rows, row)
		r.box.Add(widget.NewCard("", "", row.Object()))
	}
	r.box.Refresh()
}
