package eternaut

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// table is a campaign open in a test window, over a real bbolt file.
type table struct {
	t    *testing.T
	s    *tracker.Session
	ctx  *shell.Context
	win  fyne.Window
	msgs []string
}

func newTable(t *testing.T) *table {
	t.Helper()
	test.NewTempApp(t)
	db, err := storage.Open(filepath.Join(t.TempDir(), "tk.db"), tracker.Registry{tracker.Eternaut: et.Rules{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c, err := db.NewCampaign(tracker.Eternaut, "Buenos Aires", 7)
	if err != nil {
		t.Fatal(err)
	}
	s, err := db.OpenSession(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return tableFor(t, s)
}

// newMemTable is newTable over a log kept in memory: for the tests that
// build many campaigns only to look at their screens (no file, no fsync).
func newMemTable(t *testing.T) *table {
	t.Helper()
	test.NewTempApp(t)
	c, err := tracker.NewCampaign(tracker.Eternaut, "Buenos Aires", 7, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	store := tracker.NewMemStore()
	if err := store.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(store, et.Rules{}, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return tableFor(t, s)
}

func tableFor(t *testing.T, s *tracker.Session) *table {
	tb := &table{t: t, s: s}
	tb.win = test.NewWindow(nil)
	tb.win.Resize(fyne.NewSize(1280, 800))
	t.Cleanup(tb.win.Close)
	tb.ctx = shell.NewContext(s, tb.win, shell.Hooks{Message: func(text string, _ bool) { tb.msgs = append(tb.msgs, text) }})
	return tb
}

func (tb *table) st() *et.State { return tb.s.State().(*et.State) }

func (tb *table) do(cmds ...tracker.Command) {
	tb.t.Helper()
	for _, c := range cmds {
		if _, err := tb.s.Do(c); err != nil {
			tb.t.Fatalf("%T%+v: %v", c, c, err)
		}
	}
	// Screens refresh as the frame would after a change.
	tb.ctx.Changed(tracker.Event{})
}

func rosterEntries() []et.RosterEntry {
	return []et.RosterEntry{{ID: "901", Name: "Eduardo"}, {ID: "902", Name: "Simon"}, {ID: "903", Name: "Sofia"},
		{ID: "904", Name: "Ana"}, {ID: "905", Name: "Pablo"}, {ID: "906", Name: "Lucas"}, {ID: "911", Name: "Mora"},
		{ID: "912", Name: "Juan"}, {ID: "913", Name: "Elena"}}
}

// finish runs the end of a scenario with no purchases.
func (tb *table) finish(epilogue string, unlock et.Unlock) {
	tb.t.Helper()
	if tb.st().Phase == et.PhasePlaying {
		tb.do(et.EndScenario{})
	}
	tb.do(et.ConfirmObjectives{})
	if tb.st().End.Step == et.StepItems {
		tb.do(et.ReturnItems{})
	}
	tb.do(et.RecordEpilogue{Code: epilogue})
	if tb.st().End.Step == et.StepFinale {
		return
	}
	tb.do(et.RecordSpecialQuests{}, unlock, et.CloseShop{})
}

// toB1 plays Scenario A and leaves the campaign before B1.
func (tb *table) toB1() {
	tb.do(et.NewCampaign{Players: 2, Roster: rosterEntries()})
	tb.do(et.StartScenario{Key: "A", TimerStart: 6})
	tb.do(et.GainItem{Char: "901", Item: "045"}, et.GainItem{Char: "902", Item: "011"}, et.MarkPlot{N: 3})
	tb.finish("END-B1-1", et.Unlock{})
}

// toC plays A and B1 and leaves the campaign before C, with items and
// ammo in the reserve.
func (tb *table) toC() {
	tb.toB1()
	tb.do(et.StartScenario{Key: "B1", TimerStart: 7})
	tb.do(et.GainAmmo{Char: "901", N: 4}, et.GainAmmo{Char: "902", N: 3}, et.GainItem{Char: "904", Item: "030"}, et.MarkPlot{N: 2})
	tb.finish("END-C-1", et.Unlock{NPC905: true})
}

// inC sets up Scenario C with 901, 902, 903, 905.
func (tb *table) inC() {
	tb.toC()
	tb.do(et.StartScenario{Key: "C", Characters: []string{"901", "902", "903", "905"},
		Items: map[string][]string{"901": {"046"}}, Ammo: map[string]int{"901": 5}})
}

func tap(t *testing.T, b *widget.Button) {
	t.Helper()
	if b == nil {
		t.Fatal("no such button")
	}
	if b.Disabled() {
		t.Fatalf("button %q is disabled", b.Text)
	}
	test.Tap(b)
}

// walk visits every object under o, widgets' rendered children included.
func walk(o fyne.CanvasObject, fn func(fyne.CanvasObject)) {
	if o == nil {
		return
	}
	fn(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, fn)
		}
	case fyne.Widget:
		if _, isEntry := x.(*widgets.TextEntry); isEntry {
			return
		}
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, fn)
		}
	}
}

func findButton(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	var found *widget.Button
	walk(o, func(c fyne.CanvasObject) {
		if b, ok := c.(*widget.Button); ok && b.Text == text && found == nil {
			found = b
		}
	})
	if found == nil {
		t.Fatalf("no button %q", text)
	}
	return found
}

// textOf is every label's text under o, a line each.
func textOf(o fyne.CanvasObject) string {
	var b strings.Builder
	walk(o, func(c fyne.CanvasObject) {
		if l, ok := c.(*widget.Label); ok {
			b.WriteString(l.Text + "\n")
		}
		if r, ok := c.(*widget.RichText); ok { // the trace panel's steps
			b.WriteString(r.String() + "\n")
		}
	})
	return uitest.See(b.String())
}

// play opens the Play tab in the table's window, under a feedback layer
// as the frame puts it, so answers show next to what was tapped.
func (tb *table) play() *PlayScreen {
	p := NewPlayScreen(tb.ctx)
	tb.show(p.Object())
	return p
}

// show puts a tab's content in the window as the frame does.
func (tb *table) show(o fyne.CanvasObject) {
	tb.win.SetContent(widgets.NewFeedbackLayer(o))
}

// bubble is the answer showing next to the last control tapped.
func (tb *table) bubble() string {
	text, _ := widgets.ShowingFeedback(tb.win.Canvas())
	return text
}

// topDialog is the dialog open on top of the window.
func (tb *table) topDialog() *widgets.Dialog { return widgets.TopDialog(tb.win.Canvas()) }

// dialogButton finds a button in the top dialog.
func (tb *table) dialogButton(text string) *widget.Button {
	tb.t.Helper()
	d := tb.topDialog()
	if d == nil {
		tb.t.Fatalf("no dialog open looking for %q", text)
	}
	return findButton(tb.t, d.Content(), text)
}

// hold presses a hold button for its whole hold, as a finger does, and
// waits for what it does.
func hold(t *testing.T, b *widgets.HoldButton) {
	t.Helper()
	if b.Disabled() {
		t.Fatalf("hold button %q is disabled", b.Text)
	}
	done := make(chan struct{})
	prev := b.OnHeld
	b.OnHeld = func() {
		defer close(done)
		if prev != nil {
			prev()
		}
	}
	uitest.Hold(b)
	select {
	case <-done:
	default:
		t.Fatalf("holding %q did nothing", b.Text)
	}
	b.OnHeld = prev
}

// paragraphs opens the Play tab with the paragraph helper on kind.
func (tb *table) paragraphs(kind string) *paragraphHelper {
	tb.t.Helper()
	i := slices.IndexFunc(et.Interactions, func(in struct{ Kind, First, Second string }) bool { return in.Kind == kind })
	if i < 0 {
		tb.t.Fatalf("no interaction %q", kind)
	}
	h := tb.play().para
	h.Kind.SetSelectedIndex(i)
	return h
}
