package reich

import (
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// player does what a player does on the screens, counting each
// interaction: a tap, a selection, a typed field. It finds what to tap by
// the words on it, as a player would.
type player struct {
	t *testing.T
	// N is the interactions so far.
	N int
	// Typed counts the fields typed into, Secondary the secondary taps
	// (none, for a touch-only game).
	Typed int
}

// find looks for a visible object under o that match accepts, depth first.
func find(o fyne.CanvasObject, match func(fyne.CanvasObject) bool) fyne.CanvasObject {
	if o == nil || !o.Visible() {
		return nil
	}
	if match(o) {
		return o
	}
	var kids []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		kids = x.Objects
	case fyne.Widget:
		kids = test.WidgetRenderer(x).Objects()
	}
	for _, k := range kids {
		if got := find(k, match); got != nil {
			return got
		}
	}
	return nil
}

// button finds the enabled button whose words start with label.
func (p *player) button(o fyne.CanvasObject, label string) *widget.Button {
	p.t.Helper()
	b, _ := find(o, func(x fyne.CanvasObject) bool {
		b, ok := x.(*widget.Button)
		return ok && strings.HasPrefix(b.Text, label)
	}).(*widget.Button)
	if b == nil {
		p.t.Fatalf("no button %q on screen:\n%s", label, uitest.Text(o))
	}
	return b
}

// Tap taps the button whose words start with label.
func (p *player) Tap(o fyne.CanvasObject, label string) {
	p.t.Helper()
	b := p.button(o, label)
	if b.Disabled() {
		p.t.Fatalf("button %q is disabled", label)
	}
	test.Tap(b)
	p.N++
}

// TapObject taps something tappable.
func (p *player) TapObject(o fyne.Tappable) {
	test.Tap(o)
	p.N++
}

// Type types text into an entry: one interaction.
func (p *player) Type(e interface{ SetText(string) }, text string) {
	p.t.Helper()
	if e == nil || reflect.ValueOf(e).IsNil() {
		p.t.Fatal("no entry to type into")
	}
	e.SetText(text)
	p.N++
	p.Typed++
}

// Pick picks an option of a Select: one tap to open it, one to choose.
func (p *player) Pick(s *widget.Select, option string) {
	p.t.Helper()
	if s == nil || !contains(s.Options, option) {
		p.t.Fatalf("no option %q in %v", option, s)
	}
	s.SetSelected(option)
	p.N += 2
}

// Choose taps one of a row of choices.
func (p *player) Choose(c *choiceField, value string) {
	c.Pick(value)
	p.N++
}

// Check taps a tick box.
func (p *player) Check(c *widget.Check, on bool) {
	if c.Checked != on {
		c.SetChecked(on)
		p.N++
	}
}

// Step taps a stepper's + or − until it shows v.
func (p *player) Step(s *stepField, v int) {
	for s.Value < v && s.Value < s.Max {
		test.Tap(s.Plus)
		p.N++
	}
	for s.Value > v && s.Value > s.Min {
		test.Tap(s.Minus)
		p.N++
	}
}

// Number taps a number field's value: one tap.
func (p *player) Number(n *numberField, v int) {
	n.Set(v)
	p.N++
}

// Submit taps a form's confirm button.
func (p *player) Submit(f *formDialog) error {
	p.N++
	return f.Submit()
}

// Grid taps a square of a map grid.
func (p *player) Cell(g *mapGrid, x, y int) {
	g.TapCell(content.Cell{X: x, Y: y})
	p.N++
}

// Side taps near a side of a square of a map grid.
func (p *player) Side(g *mapGrid, x, y int, s content.Side) {
	g.TapSide(content.Cell{X: x, Y: y}, s)
	p.N++
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkWith finds the tick box whose words start with text.
func checkWith(t *testing.T, o fyne.CanvasObject, text string) *widget.Check {
	t.Helper()
	row, _ := find(o, func(x fyne.CanvasObject) bool {
		cr, ok := x.(*widgets.CheckRow)
		return ok && strings.HasPrefix(cr.Text, text)
	}).(*widgets.CheckRow)
	if row == nil {
		t.Fatalf("no tick box %q on screen:\n%s", text, uitest.Text(o))
	}
	return row.Check
}

// entryAfter finds the entry whose placeholder starts with hint.
func entryWith(t *testing.T, o fyne.CanvasObject, hint string) *widgets.TextEntry {
	t.Helper()
	e, _ := find(o, func(x fyne.CanvasObject) bool {
		e, ok := x.(*widgets.TextEntry)
		return ok && strings.HasPrefix(e.PlaceHolder, hint)
	}).(*widgets.TextEntry)
	if e == nil {
		t.Fatalf("no entry for %q on screen:\n%s", hint, uitest.Text(o))
	}
	return e
}
