package reich

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// The pieces the entry forms are made of, so a card is entered by tapping:
// a number with minus and plus (no keyboard over the board), a row of
// choices to tap, a set of chips picked from a list, and a row of spawn
// icons in their colours.

// stepField is a number entered with − and +, between Min and Max; Blank,
// when set, is shown for Min (e.g. "none" for no ranged attack).
type stepField struct {
	widget.BaseWidget
	widgets.Count

	Minus, Plus *widget.Button
	shown       *widget.Label
}

func newStepField(min, max, value int, changed func(int)) *stepField {
	s := &stepField{Count: widgets.Count{Min: min, Max: max, Value: value, OnChanged: changed}}
	s.shown = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	s.Minus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.Set(s.Value - 1) })
	s.Plus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.Set(s.Value + 1) })
	s.ExtendBaseWidget(s)
	s.sync()
	return s
}

// Set changes the value within the limits and tells OnChanged.
func (s *stepField) Set(v int) { s.Step(v, s.sync) }

func (s *stepField) sync() { s.Display(s.shown, s.Minus, s.Plus) }

// CreateRenderer lays out − value +, each button a finger wide.
func (s *stepField) CreateRenderer() fyne.WidgetRenderer {
	btn := fyne.NewSquareSize(widgets.MinTouch)
	value := widgets.AtLeast(fyne.NewSize(widgets.MinTouch*1.2, widgets.MinTouch), s.shown)
	return widget.NewSimpleRenderer(container.NewHBox(widgets.AtLeast(btn, s.Minus), value, widgets.AtLeast(btn, s.Plus)))
}

// numberField is a small number picked with one tap from a row of them,
// the one picked lit: for what a card prints in a digit or two (a unit's
// attack, a tracker's spaces), where a stepper took a tap per point. Blank,
// when set, names the smallest ("none", "melee").
type numberField struct {
	widget.BaseWidget
	Value     int
	Min, Max  int
	OnChanged func(int)
	choice    *choiceField
}

func newNumberField(min, max, value int, blank string, changed func(int)) *numberField {
	n := &numberField{Value: value, Min: min, Max: max, OnChanged: changed}
	var vals []string
	for v := min; v <= max; v++ {
		vals = append(vals, strconv.Itoa(v))
	}
	if value < min || value > max { // a value from a file beyond the row still shows
		vals = append(vals, strconv.Itoa(value))
	}
	words := func(s string) string {
		if s == strconv.Itoa(min) && blank != "" {
			return blank
		}
		return s
	}
	n.choice = newChoiceField(vals, words, strconv.Itoa(value), func(v string) {
		n.Value, _ = strconv.Atoi(v)
		if n.OnChanged != nil {
			n.OnChanged(n.Value)
		}
	})
	n.choice.Plain = true
	n.choice.SetSteady()
	n.ExtendBaseWidget(n)
	return n
}

// Set picks v, as a tap on it does.
func (n *numberField) Set(v int) { n.choice.Pick(strconv.Itoa(v)) }

// CreateRenderer shows the row.
func (n *numberField) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(n.choice) }

// choiceField is a set of choices, one picked with one tap (the picked
// one is lit): short ones as finger-sized buttons in rows that wrap, long
// ones (a content set's name) as full-width rows whose words wrap. Words
// are what the players read for each value.
type choiceField struct {
	widget.BaseWidget
	// Steady keeps every choice the width it has when picked (a blank
	// space where the tick goes), so picking one never moves the others
	// (the map editor's tools above its map).
	Steady bool
	// Plain shows the picked one by its colour alone, no tick: a row of
	// numbers, each as narrow as a finger.
	Plain     bool
	values    []string
	labels    []string
	selected  int
	OnChanged func(string)
	buttons   []*widget.Button
	rows      []*choiceRow
	box       *fyne.Container
}

func newChoiceField(values []string, words func(string) string, selected string, changed func(string)) *choiceField {
	c := &choiceField{values: values, selected: -1}
	long := false
	for _, v := range values {
		l := words(v)
		c.labels = append(c.labels, l)
		long = long || len([]rune(l)) > 24
	}
	if long {
		c.box = container.NewVBox()
		for i, l := range c.labels {
			i := i
			r := &choiceRow{text: wrapped(l), tapped: func() { c.set(i, true) }}
			r.ExtendBaseWidget(r)
			c.rows = append(c.rows, r)
			c.box.Add(r)
		}
	} else {
		c.box = widgets.NewFlow()
		for i, l := range c.labels {
			i := i
			b := widget.NewButton(l, func() { c.set(i, true) })
			c.buttons = append(c.buttons, b)
			c.box.Add(widgets.Touch(b))
		}
	}
	c.set(slices.Index(values, selected), false)
	c.OnChanged = changed
	c.ExtendBaseWidget(c)
	return c
}

func (c *choiceField) set(i int, tell bool) {
	c.selected = i
	for j, b := range c.buttons {
		if j == i {
			b.Importance = widget.HighImportance
			if c.Plain {
				b.SetIcon(nil)
			} else {
				b.SetIcon(theme.ConfirmIcon())
			}
		} else {
			b.Importance = widget.MediumImportance
			if c.Steady && !c.Plain {
				b.SetIcon(blankIcon)
			} else {
				b.SetIcon(nil)
			}
		}
		b.Refresh()
	}
	for j, r := range c.rows {
		r.setOn(j == i)
	}
	if tell && c.OnChanged != nil && i >= 0 {
		c.OnChanged(c.values[i])
	}
}

// SetSteady makes the choices keep their widths (Steady).
func (c *choiceField) SetSteady() {
	c.Steady = true
	c.set(c.selected, false)
}

// blankIcon takes a tick's room and shows nothing.
var blankIcon = fyne.NewStaticResource("blank.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"></svg>`))

// Value is the picked value ("" for none).
func (c *choiceField) Value() string {
	if c.selected >= 0 && c.selected < len(c.values) {
		return c.values[c.selected]
	}
	return ""
}

// Pick selects a value, as a tap on it does.
func (c *choiceField) Pick(v string) {
	if i := slices.Index(c.values, v); i >= 0 {
		c.set(i, true)
	}
}

// CreateRenderer lays the choices out.
func (c *choiceField) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(c.box) }

// choiceRow is one long choice: a full-width row, its words wrapped, lit
// when picked.
type choiceRow struct {
	widget.BaseWidget
	text   *widget.Label
	tapped func()
	on     bool
	bg     *canvas.Rectangle
	mark   *widget.Icon
}

// Tapped picks it.
func (r *choiceRow) Tapped(*fyne.PointEvent) { r.tapped() }

func (r *choiceRow) setOn(on bool) {
	r.on = on
	if r.bg != nil {
		r.Refresh()
	}
}

// MinSize is at least a finger tall.
func (r *choiceRow) MinSize() fyne.Size {
	return r.BaseWidget.MinSize().Max(fyne.NewSize(widgets.MinTouch, widgets.MinTouch))
}

// CreateRenderer draws the row: a tick when picked, then the words.
func (r *choiceRow) CreateRenderer() fyne.WidgetRenderer {
	r.bg = canvas.NewRectangle(color.Transparent)
	r.bg.CornerRadius = 4
	r.mark = widget.NewIcon(theme.RadioButtonIcon())
	return &choiceRowRenderer{r: r, box: container.NewStack(r.bg, container.NewBorder(nil, nil, r.mark, nil, r.text))}
}

type choiceRowRenderer struct {
	r   *choiceRow
	box *fyne.Container
}

func (x *choiceRowRenderer) Layout(s fyne.Size)           { x.box.Resize(s) }
func (x *choiceRowRenderer) MinSize() fyne.Size           { return x.box.MinSize() }
func (x *choiceRowRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{x.box} }
func (x *choiceRowRenderer) Destroy()                     {}
func (x *choiceRowRenderer) Refresh() {
	if x.r.on {
		x.r.bg.FillColor = theme.Color(theme.ColorNameSelection)
		x.r.mark.SetResource(theme.RadioButtonCheckedIcon())
	} else {
		x.r.bg.FillColor = color.Transparent
		x.r.mark.SetResource(theme.RadioButtonIcon())
	}
	x.r.bg.Refresh()
	x.box.Refresh()
}

// chipsField is a set picked from a list: each chosen one shows as a chip
// with a remove button, and "Add…" offers the rest.
type chipsField struct {
	widget.BaseWidget
	options   []string
	words     func(string) string
	Chosen    []string
	OnChanged func()
	// extra draws something after a chip's name (a number of X Wounds).
	extra func(v string) fyne.CanvasObject

	box *fyne.Container
	Add *widget.Select
}

func newChipsField(options []string, words func(string) string, chosen []string, prompt string) *chipsField {
	c := &chipsField{options: options, words: words, Chosen: slices.Clone(chosen)}
	c.box = widgets.NewFlow()
	c.Add = widget.NewSelect(nil, nil)
	c.Add.PlaceHolder = prompt
	c.Add.OnChanged = func(label string) {
		if label == "" {
			return
		}
		for _, o := range c.options {
			if c.words(o) == label {
				c.Toggle(o)
			}
		}
		c.Add.ClearSelected()
	}
	c.ExtendBaseWidget(c)
	c.rebuild()
	return c
}

// Toggle adds or removes a value, as picking it or tapping its × does.
func (c *chipsField) Toggle(v string) {
	if i := slices.Index(c.Chosen, v); i >= 0 {
		c.Chosen = slices.Delete(c.Chosen, i, i+1)
	} else {
		c.Chosen = append(c.Chosen, v)
	}
	c.rebuild()
	if c.OnChanged != nil {
		c.OnChanged()
	}
}

func (c *chipsField) rebuild() {
	var rest []string
	for _, o := range c.options {
		if !slices.Contains(c.Chosen, o) {
			rest = append(rest, c.words(o))
		}
	}
	c.Add.Options = rest
	c.Add.Refresh()
	c.box.Objects = nil
	for _, v := range c.Chosen {
		v := v
		rm := widget.NewButtonWithIcon(c.words(v), theme.CancelIcon(), func() { c.Toggle(v) })
		rm.IconPlacement = widget.ButtonIconTrailingText
		chip := fyne.CanvasObject(widgets.Touch(rm))
		if c.extra != nil {
			if x := c.extra(v); x != nil {
				chip = container.NewHBox(chip, x)
			}
		}
		c.box.Add(chip)
	}
	c.box.Refresh()
}

// CreateRenderer stacks the chips over the Add picker.
func (c *chipsField) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewVBox(c.box, widgets.Touch(c.Add)))
}

// levelColour is a spawn level's colour, as printed on icons and rows.
func levelColour(l content.Level) color.Color {
	switch l {
	case content.Green:
		return color.NRGBA{R: 0x2e, G: 0x7d, B: 0x32, A: 0xff}
	case content.Orange:
		return color.NRGBA{R: 0xef, G: 0x6c, B: 0x00, A: 0xff}
	case content.Red:
		return color.NRGBA{R: 0xc6, G: 0x28, B: 0x28, A: 0xff}
	}
	return theme.Color(theme.ColorNameDisabled)
}

var levels = []content.Level{content.Green, content.Orange, content.Red}

// iconsField is a row of spawn icons in printed order: tap a colour to add
// an icon, tap an icon to take it off.
type iconsField struct {
	widget.BaseWidget
	Icons     []content.Level
	OnChanged func()
	// Allow empty: a face-down token shows no icons.
	empty string

	row  *fyne.Container
	adds []*widget.Button
	// note says what the icons are (a face-up token's, or the ones a
	// face-down token shows when turned over); fixed icons cannot change.
	note   *widget.Label
	fixed  bool
	addRow fyne.CanvasObject
}

// Fix shows icons that cannot change (a face-up token's), with note.
func (f *iconsField) Fix(icons []content.Level, note string) {
	f.Icons, f.fixed = slices.Clone(icons), true
	f.setNote(note)
	f.rebuild()
}

// Free lets the players tap the icons (a face-down token's), with note.
func (f *iconsField) Free(note string) {
	if f.fixed {
		f.Icons = nil
	}
	f.fixed = false
	f.setNote(note)
	f.rebuild()
}

func (f *iconsField) setNote(note string) {
	f.note.SetText(note)
	if note == "" {
		f.note.Hide()
	} else {
		f.note.Show()
	}
	for _, b := range f.adds {
		if f.fixed {
			b.Hide()
		} else {
			b.Show()
		}
	}
	if f.addRow != nil {
		// The row goes too, so a fixed field leaves no gap.
		if f.fixed {
			f.addRow.Hide()
		} else {
			f.addRow.Show()
		}
	}
	f.Refresh()
}

// Fixed reports whether the icons are fixed (a face-up token's).
func (f *iconsField) Fixed() bool { return f.fixed }

func newIconsField(icons []content.Level, empty string, changed func()) *iconsField {
	f := &iconsField{Icons: slices.Clone(icons), OnChanged: changed, empty: empty}
	f.row = container.NewHBox()
	f.note = wrapped("")
	f.note.Importance = widget.LowImportance
	f.note.Hide()
	for _, l := range levels {
		l := l
		b := widget.NewButtonWithIcon(capital(string(l)), theme.ContentAddIcon(), func() { f.Add(l) })
		f.adds = append(f.adds, b)
	}
	f.ExtendBaseWidget(f)
	f.rebuild()
	return f
}

// Add puts an icon of level l at the end.
func (f *iconsField) Add(l content.Level) {
	f.Icons = append(f.Icons, l)
	f.changed()
}

// Remove takes icon i off.
func (f *iconsField) Remove(i int) {
	if i >= 0 && i < len(f.Icons) {
		f.Icons = slices.Delete(f.Icons, i, i+1)
		f.changed()
	}
}

func (f *iconsField) changed() {
	f.rebuild()
	if f.OnChanged != nil {
		f.OnChanged()
	}
}

func (f *iconsField) rebuild() {
	f.row.Objects = nil
	if len(f.Icons) == 0 {
		l := widget.NewLabel(f.empty)
		l.Importance = widget.LowImportance
		f.row.Add(l)
	}
	for i, l := range f.Icons {
		i := i
		f.row.Add(newIconButton(l, func() {
			if !f.fixed {
				f.Remove(i)
			}
		}))
	}
	f.row.Refresh()
}

// CreateRenderer shows the icons, then the three colours to add.
func (f *iconsField) CreateRenderer() fyne.WidgetRenderer {
	var adds []fyne.CanvasObject
	for _, b := range f.adds {
		adds = append(adds, widgets.Touch(b))
	}
	f.addRow = widgets.NewFlow(adds...)
	if f.fixed {
		f.addRow.Hide()
	}
	return widget.NewSimpleRenderer(container.NewVBox(container.NewHScroll(f.row), f.addRow, f.note))
}

// iconButton is one spawn icon, a finger-sized coloured disc; tapping it
// runs tapped (takes it off, in a form).
type iconButton struct {
	widget.BaseWidget
	Level  content.Level
	tapped func()
}

func newIconButton(l content.Level, tapped func()) *iconButton {
	b := &iconButton{Level: l, tapped: tapped}
	b.ExtendBaseWidget(b)
	return b
}

// Tapped runs the button's action.
func (b *iconButton) Tapped(*fyne.PointEvent) {
	if b.tapped != nil {
		b.tapped()
	}
}

// MinSize is a finger wide.
func (b *iconButton) MinSize() fyne.Size { return fyne.NewSquareSize(widgets.MinTouch) }

// CreateRenderer draws the disc with the colour's initial.
func (b *iconButton) CreateRenderer() fyne.WidgetRenderer {
	disc := canvas.NewCircle(levelColour(b.Level))
	disc.StrokeColor = theme.Color(theme.ColorNameForeground)
	disc.StrokeWidth = 1
	letter := canvas.NewText(capital(string(b.Level))[:1], color.White)
	letter.TextStyle.Bold = true
	letter.Alignment = fyne.TextAlignCenter
	return widget.NewSimpleRenderer(container.NewStack(container.NewPadded(disc), container.NewCenter(letter)))
}

// problemLabel is the line under a field that says what is wrong with it.
func problemLabel() *widget.Label {
	l := widget.NewLabel("")
	l.Wrapping = fyne.TextWrapWord
	l.Importance = widget.DangerImportance
	l.Hide()
	return l
}

// optionSelect is a Select for a long list of choices: it shows the
// players' words and gives back the value.
type optionSelect struct {
	*widget.Select
	values []string
	words  func(string) string
}

func newOptionSelect(values []string, words func(string) string, def string) *optionSelect {
	o := &optionSelect{values: values, words: words}
	labels := make([]string, len(values))
	for i, v := range values {
		labels[i] = words(v)
	}
	o.Select = widget.NewSelect(labels, nil)
	if i := slices.Index(values, def); i >= 0 {
		o.SetSelected(labels[i])
	}
	return o
}

// Value is the picked value.
func (o *optionSelect) Value() string {
	if i := slices.Index(o.Options, o.Selected); i >= 0 {
		return o.values[i]
	}
	return ""
}

// Pick selects a value.
func (o *optionSelect) Pick(v string) {
	if i := slices.Index(o.values, v); i >= 0 {
		o.SetSelected(o.Options[i])
	}
}

// picksField is several values picked by tapping: each option a button
// that toggles it (lit when picked) or, ordered, adds it to the end (a
// path of areas), with a button that takes the last one off.
type picksField struct {
	widget.BaseWidget
	// Next, for ordered picks, gives the options after what is picked (the
	// areas next to a path's end); nil keeps the options fixed.
	Next    func(chosen []string) []string
	row     *fyne.Container
	options []string
	words   func(string) string
	ordered bool
	Chosen  []string
	// OnChanged runs after each tap.
	OnChanged func()

	shown   *widget.Label
	buttons map[string]*widget.Button
	back    *widget.Button
	box     *fyne.Container
}

func newPicksField(options []string, words func(string) string, defs []string, ordered bool) *picksField {
	p := &picksField{options: options, words: words, ordered: ordered, Chosen: slices.Clone(defs), buttons: map[string]*widget.Button{}}
	p.shown = wrapped("")
	row := widgets.NewFlow()
	p.row = row
	p.setOptions(options)
	p.box = container.NewVBox()
	if ordered {
		p.back = widget.NewButtonWithIcon("Take the last one off", theme.ContentUndoIcon(), func() {
			if len(p.Chosen) > 0 {
				p.Chosen = p.Chosen[:len(p.Chosen)-1]
				p.sync()
			}
		})
		p.box.Add(p.shown)
		p.box.Add(row)
		p.box.Add(widgets.Touch(p.back))
	} else {
		p.box.Add(row)
	}
	if len(options) == 0 {
		p.box.Add(wrapped("None to pick now."))
	}
	p.ExtendBaseWidget(p)
	p.sync()
	return p
}

func (p *picksField) setOptions(options []string) {
	p.options = options
	p.buttons = map[string]*widget.Button{}
	p.row.Objects = nil
	for _, o := range options {
		o := o
		b := widget.NewButton(p.words(o), func() { p.Tap(o) })
		p.buttons[o] = b
		p.row.Add(widgets.Touch(b))
	}
	p.row.Refresh()
}

// Tap picks an option as a tap on its button does.
func (p *picksField) Tap(o string) {
	switch i := slices.Index(p.Chosen, o); {
	case p.ordered:
		p.Chosen = append(p.Chosen, o)
	case i >= 0:
		p.Chosen = slices.Delete(p.Chosen, i, i+1)
	default:
		p.Chosen = append(p.Chosen, o)
	}
	p.sync()
}

func (p *picksField) sync() {
	if p.Next != nil {
		p.setOptions(p.Next(p.Chosen))
	}
	if p.ordered {
		var ws []string
		for _, c := range p.Chosen {
			ws = append(ws, p.words(c))
		}
		if len(ws) == 0 {
			p.shown.SetText("None picked yet.")
		} else {
			p.shown.SetText(strings.Join(ws, " → "))
		}
		if len(p.Chosen) == 0 {
			p.back.Disable()
		} else {
			p.back.Enable()
		}
	} else {
		for o, b := range p.buttons {
			if slices.Contains(p.Chosen, o) {
				b.Importance = widget.HighImportance
				b.SetIcon(theme.ConfirmIcon())
			} else {
				b.Importance = widget.MediumImportance
				b.SetIcon(nil)
			}
			b.Refresh()
		}
	}
	if p.OnChanged != nil {
		p.OnChanged()
	}
}

// CreateRenderer shows the picks and the options.
func (p *picksField) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.box) }

// hpField is heroism points spent: for each source and kind of token it
// holds, a stepper from 0 to what is there.
type hpField struct {
	widget.BaseWidget
	steps []hpStep
	box   *fyne.Container
}

type hpStep struct {
	from, kind string
	s          *stepField
}

func newHPField(sources []hpSource) *hpField {
	f := &hpField{box: container.NewVBox()}
	for _, src := range sources {
		n := map[string]int{}
		for _, k := range src.Kinds {
			n[k]++
		}
		for _, kind := range []string{"attack", "defence", "wild"} {
			if n[kind] == 0 {
				continue
			}
			st := newStepField(0, n[kind], 0, nil)
			f.steps = append(f.steps, hpStep{src.From, kind, st})
			f.box.Add(container.NewBorder(nil, nil, nil, st, wrapped(fmt.Sprintf("%s %s points (%d there)", capital(src.Words), kind, n[kind]))))
		}
	}
	if len(f.steps) == 0 {
		f.box.Add(wrapped("No heroism points to spend."))
	}
	f.ExtendBaseWidget(f)
	return f
}

// Refs are the points spent.
func (f *hpField) Refs() []rb.HPRef {
	var out []rb.HPRef
	for _, st := range f.steps {
		for range st.s.Value {
			out = append(out, rb.HPRef{From: st.from, Kind: st.kind})
		}
	}
	return out
}

// Set spends n points of a kind from a source, for tests.
func (f *hpField) Set(from, kind string, n int) {
	for _, st := range f.steps {
		if st.from == from && st.kind == kind {
			st.s.Set(n)
		}
	}
}

// CreateRenderer lists the steppers.
func (f *hpField) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(f.box) }

// listField is a list of rows the players add and take off, each row a
// few pickers (a unit type, an area and how many; a door and its state).
type listField struct {
	widget.BaseWidget
	add     string
	newRow  func() listRow
	Rows    []listRow
	box     *fyne.Container
	rowsBox *fyne.Container
}

// listRow is one row: what shows, and what it reads as.
type listRow struct {
	Object fyne.CanvasObject
	Read   func() []string
}

func newListField(add string, newRow func() listRow) *listField {
	f := &listField{add: add, newRow: newRow, rowsBox: container.NewVBox()}
	f.box = container.NewVBox(f.rowsBox, widgets.Touch(widget.NewButtonWithIcon(add, theme.ContentAddIcon(), func() { f.AddRow() })))
	f.ExtendBaseWidget(f)
	return f
}

// AddRow adds a row, as its button does, and returns it.
func (f *listField) AddRow() listRow {
	r := f.newRow()
	f.Rows = append(f.Rows, r)
	f.rebuild()
	return r
}

func (f *listField) rebuild() {
	f.rowsBox.Objects = nil
	for i, r := range f.Rows {
		i := i
		rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			f.Rows = slices.Delete(f.Rows, i, i+1)
			f.rebuild()
		})
		f.rowsBox.Add(widget.NewCard("", "", container.NewBorder(nil, nil, nil, widgets.Touch(rm), r.Object)))
	}
	f.rowsBox.Refresh()
}

// Values are each row's reading.
func (f *listField) Values() [][]string {
	var out [][]string
	for _, r := range f.Rows {
		out = append(out, r.Read())
	}
	return out
}

// CreateRenderer shows the rows and the add button.
func (f *listField) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(f.box) }
