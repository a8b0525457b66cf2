package phantom

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// The content forms are built from a few parts: a Num for every number
// printed on a card (a − and a + around the value: no keyboard over the
// board), pickers for every choice, and a fieldRow around each, with the
// field's problem shown right under it.

// A Num is a number printed on a card, changed with − and +.
type Num struct {
	widget.BaseWidget
	Value, Min, Max int
	// OnChanged is called after each change made by a tap.
	OnChanged func(int)
	// Format writes the value ("+1" for a modifier, "X" for a tier 0).
	Format func(int) string
	// Minus and Plus are the buttons (exported for tests).
	Minus, Plus *widget.Button
	text        *canvas.Text
}

// NewNum makes a number from min to max.
func NewNum(min, max, value int, onChanged func(int)) *Num {
	n := &Num{Min: min, Max: max, Value: value, OnChanged: onChanged}
	n.ExtendBaseWidget(n)
	n.text = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	n.text.Alignment = fyne.TextAlignCenter
	n.text.TextStyle.Bold = true
	n.Minus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { n.Set(n.Value - 1) })
	n.Plus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { n.Set(n.Value + 1) })
	n.sync()
	return n
}

// Signed shows the value as a modifier: "+1", "0", "−2".
func Signed(v int) string {
	switch {
	case v > 0:
		return "+" + strconv.Itoa(v)
	case v < 0:
		return "−" + strconv.Itoa(-v)
	}
	return "0"
}

// Set changes the value (kept within the limits) and tells OnChanged.
func (n *Num) Set(v int) {
	v = max(n.Min, min(n.Max, v))
	if v == n.Value {
		return
	}
	n.SetValue(v)
	if n.OnChanged != nil {
		n.OnChanged(v)
	}
}

// SetValue shows a value without telling anyone.
func (n *Num) SetValue(v int) {
	n.Value = max(n.Min, min(n.Max, v))
	n.sync()
}

func (n *Num) sync() {
	if n.Format != nil {
		n.text.Text = n.Format(n.Value)
	} else {
		n.text.Text = strconv.Itoa(n.Value)
	}
	n.text.TextSize = theme.TextSize() * 1.5
	n.text.Color = theme.Color(theme.ColorNameForeground)
	n.text.Refresh()
	if n.Value <= n.Min {
		n.Minus.Disable()
	} else {
		n.Minus.Enable()
	}
	if n.Value >= n.Max {
		n.Plus.Disable()
	} else {
		n.Plus.Enable()
	}
}

// Refresh redraws with the current theme.
func (n *Num) Refresh() {
	n.sync()
	n.BaseWidget.Refresh()
}

// CreateRenderer lays out − value +, each button a finger wide.
func (n *Num) CreateRenderer() fyne.WidgetRenderer {
	t := fyne.NewSquareSize(widgets.MinTouch)
	value := widgets.AtLeast(fyne.NewSize(widgets.MinTouch*1.2, widgets.MinTouch), container.NewCenter(n.text))
	return widget.NewSimpleRenderer(container.NewHBox(widgets.AtLeast(t, n.Minus), value, widgets.AtLeast(t, n.Plus)))
}

// A fieldRow is one field of a form: its name, the control, and its
// problem right under it (hidden while there is none). Key is the field's
// path in the content's JSON form, as tracker/phantom's Problems name it.
type fieldRow struct {
	key     string
	name    *widget.Label
	problem *widget.Label
	obj     fyne.CanvasObject
}

func newFieldRow(key, name string, obj fyne.CanvasObject) *fieldRow {
	r := &fieldRow{key: key, obj: obj}
	r.name = widget.NewLabelWithStyle(name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	r.name.Wrapping = fyne.TextWrapWord
	r.problem = widget.NewLabel("")
	r.problem.Importance = widget.DangerImportance
	r.problem.Wrapping = fyne.TextWrapWord
	r.problem.Hide()
	return r
}

// Object is the row: name over the control, the problem under it.
func (r *fieldRow) Object() fyne.CanvasObject {
	if r.name.Text == "" {
		return container.NewVBox(r.obj, r.problem)
	}
	return container.NewVBox(r.name, r.obj, r.problem)
}

func (r *fieldRow) say(lines []string) {
	if len(lines) == 0 {
		r.problem.SetText("")
		r.problem.Hide()
		return
	}
	r.problem.SetText(capitalFirst(strings.Join(lines, "\n")))
	r.problem.Show()
}

// Problem is the problem shown under the row ("" none).
func (r *fieldRow) Problem() string {
	if !r.problem.Visible() {
		return ""
	}
	return r.problem.Text
}

func capitalFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[:1])) + string(r[1:])
}

// showProblems puts each problem under the row whose key is the longest
// that starts its field; those with no row go to general. Rows with no
// problem are cleared.
func showProblems(rows []*fieldRow, general *widget.Label, ps []tp.Problem) {
	sort.SliceStable(rows, func(i, j int) bool { return len(rows[i].key) > len(rows[j].key) })
	by := map[*fieldRow][]string{}
	var rest []string
	for _, p := range ps {
		placed := false
		for _, r := range rows {
			if r.key != "" && (p.Field == r.key || strings.HasPrefix(p.Field, r.key+".")) {
				by[r] = append(by[r], p.Why)
				placed = true
				break
			}
		}
		if !placed {
			rest = append(rest, p.Why)
		}
	}
	for _, r := range rows {
		r.say(by[r])
	}
	if general != nil {
		general.SetText(capitalFirst(strings.Join(rest, "\n")))
		if len(rest) == 0 {
			general.Hide()
		} else {
			general.Show()
		}
	}
}

// newPicker is a choice among fixed options; "" selected shows the
// placeholder.
func newPicker(options []string, selected, placeholder string, onChanged func(string)) *widget.Select {
	s := widget.NewSelect(options, nil)
	s.PlaceHolder = placeholder
	if selected != "" {
		s.SetSelected(selected)
	}
	s.OnChanged = onChanged
	return s
}

// newNameEntry is an entry for a name printed on a component (typing a
// name is not a formula: it is what the card says).
func newNameEntry(text, placeholder string, onChanged func(string)) *widgets.TextEntry {
	e := widgets.NewTextEntry()
	e.SetPlaceHolder(placeholder)
	e.SetText(text)
	e.OnChanged = onChanged
	return e
}

// newTextEntry is a few lines for what a card says, shown to the players.
func newTextEntry(text, placeholder string, onChanged func(string)) *widgets.TextEntry {
	e := widgets.NewMultiLineTextEntry()
	e.Wrapping = fyne.TextWrapWord
	e.SetMinRowsVisible(2)
	e.SetPlaceHolder(placeholder)
	e.SetText(text)
	e.OnChanged = onChanged
	return e
}

// newSuggestEntry is a name typed or picked from those already entered
// (a species, a class).
func newSuggestEntry(text, placeholder string, options []string, onChanged func(string)) *widgets.SuggestEntry {
	e := widgets.NewSuggestEntry(options)
	e.SetPlaceHolder(placeholder)
	e.SetText(text)
	e.OnChanged = onChanged
	return e
}

// statBox is one number of a card's row of numbers (HP, Attack, Guard,
// Range): its name over its stepper, as the card prints them side by
// side.
func statBox(name string, n *Num) fyne.CanvasObject {
	l := widget.NewLabelWithStyle(name, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	return container.NewVBox(l, n)
}

// A ChecksFlow is a choice of several options as checks that wrap onto as
// many lines as the width needs (a horizontal CheckGroup is one line, wider
// than a portrait tablet at a large text size).
type ChecksFlow struct {
	Options   []string
	Checks    []*widget.Check
	OnChanged func([]string)
	box       *fyne.Container
}

func newChecksFlow(options, selected []string, onChanged func([]string)) *ChecksFlow {
	c := &ChecksFlow{Options: options, box: widgets.NewFlow()}
	for _, o := range options {
		ch := widget.NewCheck(o, nil)
		ch.SetChecked(slices.Contains(selected, o))
		ch.OnChanged = func(bool) {
			if c.OnChanged != nil {
				c.OnChanged(c.Selected())
			}
		}
		c.Checks = append(c.Checks, ch)
		c.box.Add(ch)
	}
	c.OnChanged = onChanged
	return c
}

// Object is the checks.
func (c *ChecksFlow) Object() fyne.CanvasObject { return c.box }

// Selected are the options ticked, in the options' order.
func (c *ChecksFlow) Selected() []string {
	var out []string
	for i, ch := range c.Checks {
		if ch.Checked {
			out = append(out, c.Options[i])
		}
	}
	return out
}

// SetSelected ticks exactly the options given.
func (c *ChecksFlow) SetSelected(sel []string) {
	for i, ch := range c.Checks {
		ch.SetChecked(slices.Contains(sel, c.Options[i]))
	}
}

// conditionsPicker picks conditions (a card's "inflict …").
func conditionsPicker(selected []string, detrimentalOnly bool, onChanged func([]string)) fyne.CanvasObject {
	var opts []string
	for _, c := range conditionNames {
		if detrimentalOnly && isBeneficial(c) {
			continue
		}
		opts = append(opts, c)
	}
	return newChecksFlow(opts, normConds(selected), onChanged).Object()
}

func isBeneficial(c string) bool {
	switch c {
	case "Barrier", "Invisible", "Resilient", "Vengeful":
		return true
	}
	return false
}

// normConds writes conditions as the picker lists them.
func normConds(cs []string) []string {
	var out []string
	for _, c := range cs {
		k := strings.ToLower(strings.NewReplacer(" ", "", "-", "").Replace(c))
		for _, n := range conditionNames {
			if strings.ToLower(strings.ReplaceAll(n, " ", "")) == k || (k == "kd" && n == "Knocked Down") {
				out = append(out, n)
			}
		}
	}
	return out
}

// colourSwatch is a colour's patch beside its name.
func colourSwatch(name string) fyne.CanvasObject {
	r := canvas.NewRectangle(ColourOf(name))
	r.CornerRadius = 4
	r.SetMinSize(fyne.NewSize(14, 14))
	return r
}

// touchCheck is a check whose words wrap (widgets.WrapCheck), at least a
// finger high, the words as tappable as the box.
func touchCheck(c *widget.Check) fyne.CanvasObject {
	return widgets.AtLeast(fyne.NewSize(0, widgets.MinTouch), widgets.WrapCheck(c))
}

// cmdButton is a button that runs a command of the game; what happened,
// or why not, shows next to the button (ctx.DoFrom). cmd may return nil to
// run nothing.
func cmdButton(ctx *shell.Context, label string, cmd func() tracker.Command) *widget.Button {
	var b *widget.Button
	b = widget.NewButton(label, func() {
		if c := cmd(); c != nil {
			ctx.DoFrom(b, c)
		}
	})
	return b
}

// linesHigh wraps obj (a scroll) so it is at least n lines of text high at
// the text size shown, so a message under the map is read whole at a large
// text size too.
func linesHigh(n int, obj fyne.CanvasObject) fyne.CanvasObject {
	return container.New(&linesLayout{n: n}, obj)
}

type linesLayout struct{ n int }

func (l *linesLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *linesLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	line := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height
	min := fyne.NewSize(0, float32(l.n)*line+2*theme.InnerPadding())
	for _, o := range objs {
		min = min.Max(o.MinSize())
	}
	return min
}

// fitOptions wraps a picker so it is never narrower than its longest
// choice at the text size shown: a picker in a row of several (laid out
// at their least width) otherwise cuts "dark blue" to "dark …".
func fitOptions(s *widget.Select) fyne.CanvasObject {
	return container.New(&optionsLayout{s: s}, s)
}

type optionsLayout struct{ s *widget.Select }

func (l *optionsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *optionsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	min := l.s.MinSize()
	var w float32
	for _, o := range append([]string{l.s.PlaceHolder}, l.s.Options...) {
		w = max(w, fyne.MeasureText(o, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	w += theme.IconInlineSize() + 4*theme.InnerPadding()
	return fyne.NewSize(max(min.Width, w), min.Height)
}
