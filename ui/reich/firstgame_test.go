package reich_test

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	"tablekeeper/ui"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// table is the whole app in a test window, from an empty campaign file,
// driven as a player drives it: by the words on what is tapped, each
// tap, choice and typed field counted.
type table struct {
	t *testing.T
	u *ui.App
	// N counts the interactions, Scrolls the scrolls among them.
	N, Scrolls int
}

func newTable(t *testing.T) *table {
	t.Helper()
	a := test.NewTempApp(t)
	u := ui.New(a, ui.Options{DBPath: filepath.Join(t.TempDir(), "tablekeeper.db"), Registry: games.Registry()})
	if u.DB == nil {
		t.Fatal("the campaign file did not open")
	}
	t.Cleanup(func() { _ = u.Shutdown() })
	u.Window.Resize(uitest.Landscape)
	return &table{t: t, u: u}
}

// visible walks what the window shows, dialogs on top first.
func (tb *table) visible(fn func(fyne.CanvasObject) bool) fyne.CanvasObject {
	c := tb.u.Window.Canvas()
	// The top dialog first (List is the canvas's own slice: copy it).
	roots := slices.Clone(c.Overlays().List())
	slices.Reverse(roots)
	roots = append(roots, c.Content())
	var walk func(o fyne.CanvasObject) fyne.CanvasObject
	walk = func(o fyne.CanvasObject) fyne.CanvasObject {
		if o == nil || !o.Visible() {
			return nil
		}
		if fn(o) {
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
			if got := walk(k); got != nil {
				return got
			}
		}
		return nil
	}
	for _, r := range roots {
		if got := walk(r); got != nil {
			return got
		}
	}
	return nil
}

// reach brings o into view as a player would, scrolling each scroll it is
// in until it shows, and counts each scroll as an interaction: a control
// below the fold costs a swipe before its tap.
func (tb *table) reach(o fyne.CanvasObject) { tb.reachRect(o, fyne.Position{}, o.Size()) }

// reachRect is reach for the part of o at rel of size osz (a square of the
// map editor's grid).
func (tb *table) reachRect(o fyne.CanvasObject, rel fyne.Position, osz fyne.Size) {
	tb.t.Helper()
	c := tb.u.Window.Canvas()
	roots := slices.Clone(c.Overlays().List())
	slices.Reverse(roots)
	roots = append(roots, c.Content())
	var path []fyne.CanvasObject
	var find func(x fyne.CanvasObject) bool
	find = func(x fyne.CanvasObject) bool {
		if x == nil || !x.Visible() {
			return false
		}
		path = append(path, x)
		if x == o {
			return true
		}
		var kids []fyne.CanvasObject
		switch y := x.(type) {
		case *fyne.Container:
			kids = y.Objects
		case fyne.Widget:
			kids = test.WidgetRenderer(y).Objects()
		}
		for _, k := range kids {
			if find(k) {
				return true
			}
		}
		path = path[:len(path)-1]
		return false
	}
	for _, r := range roots {
		path = nil
		if find(r) {
			break
		}
	}
	d := fyne.CurrentApp().Driver()
	for _, x := range path {
		sc, ok := x.(*container.Scroll)
		if !ok {
			continue
		}
		at := d.AbsolutePositionForObject(o).Add(rel)
		view := d.AbsolutePositionForObject(sc)
		size := sc.Size()
		moved := false
		if sc.Direction != container.ScrollHorizontalOnly && (at.Y < view.Y || at.Y+min(osz.Height, size.Height) > view.Y+size.Height) {
			sc.Offset.Y = max(0, min(sc.Offset.Y+at.Y-view.Y-size.Height/3, sc.Content.MinSize().Height-size.Height))
			moved = true
		}
		if (sc.Direction == container.ScrollHorizontalOnly || sc.Direction == container.ScrollBoth) && (at.X < view.X || at.X+min(osz.Width, size.Width) > view.X+size.Width) {
			sc.Offset.X = max(0, min(sc.Offset.X+at.X-view.X-size.Width/3, sc.Content.MinSize().Width-size.Width))
			moved = true
		}
		if moved {
			sc.Refresh()
			tb.N++
			tb.Scrolls++
			tb.t.Logf("interaction %d: a scroll of %v to reach %T %+v", tb.N, sc.Size(), o, o.Position())
		}
	}
}

// Tap taps the enabled button whose words start with label.
func (tb *table) Tap(label string) {
	tb.t.Helper()
	b, _ := tb.visible(func(o fyne.CanvasObject) bool {
		b, ok := o.(*widget.Button)
		return ok && strings.HasPrefix(b.Text, label) && !b.Disabled()
	}).(*widget.Button)
	if b == nil {
		tb.t.Fatalf("after %d interactions, no button %q:\n%s", tb.N, label, uitest.WindowText(tb.u.Window))
	}
	tb.reach(b)
	test.Tap(b)
	tb.N++
}

// Sees reports whether the window shows text.
func (tb *table) Sees(text string) bool {
	return strings.Contains(uitest.WindowText(tb.u.Window), text)
}

// TestFirstEnemyDecisionWithPracticeContent: from an empty file, the way
// a new player goes — Home, "Try a practice game", Reichbusters; the
// practice mission is set up at the start of round 1 — then the round
// starts in the order shown and Mara's turn ends: the corridor's spawn
// token in her sight spawns two sentries, the enemy's first decision (what
// spawns where, with its Why) on the Play tab. The enemy's turn after her
// turns the corridor alert (its units see her), and the one after Ned's
// turn shoots: the enemy acts on its own, each tap counted.
func TestFirstEnemyDecisionWithPracticeContent(t *testing.T) {
	tb := newTable(t)
	tb.Tap("Try a practice game")
	tb.Tap(tracker.Reichbusters.Title())
	if !tb.Sees("Practice content — not the printed cards") {
		t.Fatalf("the practice game does not say it is practice content:\n%s", uitest.WindowText(tb.u.Window))
	}
	opened := tb.N
	tb.Tap("Start the round in this order")
	// The answer shows next to the button tapped, not only on the bottom line.
	if text, isErr := widgets.ShowingFeedback(tb.u.Window.Canvas()); isErr || !strings.Contains(text, "Round 1: the heroes play in the order Mara Voss, Ned Farrow") {
		t.Fatalf("after Start the round the bubble next to it reads %q", text)
	}
	tb.Tap("End Mara Voss's turn")
	if !tb.Sees("Mara Voss's turn ends") || !tb.Sees("Placed in C4: ") || !tb.Sees("Drill Sentry 1") || !tb.Sees("Why?") {
		t.Fatalf("after %d interactions the enemy's decision is not on screen:\n%s", tb.N, uitest.WindowText(tb.u.Window))
	}
	first := tb.N
	t.Logf("practice game: the enemy's first decision (a spawn) after %d interactions, %d of them after the practice game opened", first, first-opened)
	if first > 8 || first-opened > 3 {
		t.Fatalf("%d interactions (%d after the practice game opened); at most 8 (3)", first, first-opened)
	}
	tb.Tap("Play the enemy turn")
	if !tb.Sees("The enemy's turn after Mara Voss") || !tb.Sees("Corridor is now alert") || tb.Sees("Nothing changed") {
		t.Fatalf("the enemy's first turn does nothing on screen:\n%s", uitest.WindowText(tb.u.Window))
	}
	turn := tb.N
	t.Logf("practice game: the first enemy turn, which turns the corridor alert, after %d interactions", turn)
	if turn > 5 {
		t.Fatalf("the first enemy turn after %d interactions; at most 5 (README First game)", turn)
	}
	// Why? opens the explanation.
	tb.Tap("Why?")
	if !tb.Sees("Why the enemy did this") {
		t.Fatal("Why? opens no explanation")
	}
	tb.Tap("Close")
	// Ned's turn ends, and the alert sentries shoot.
	tb.Tap("End Ned Farrow's turn")
	tb.Tap("Play the enemy turn")
	if !tb.Sees("attacks Ned Farrow at range") {
		t.Fatalf("the enemy's second turn does not shoot:\n%s", uitest.WindowText(tb.u.Window))
	}
	t.Logf("practice game: the enemy's first attack after %d interactions", tb.N)
}

// field is what a form shows under the label: the object after the bold
// label in its row.
func (tb *table) field(label string) fyne.CanvasObject {
	tb.t.Helper()
	var got fyne.CanvasObject
	tb.visible(func(o fyne.CanvasObject) bool {
		c, ok := o.(*fyne.Container)
		if !ok || len(c.Objects) < 2 {
			return false
		}
		if l, ok := c.Objects[0].(*widget.Label); ok && l.Text == label {
			got = c.Objects[1]
			return true
		}
		return false
	})
	if got == nil {
		tb.t.Fatalf("after %d interactions, no field %q:\n%s", tb.N, label, uitest.WindowText(tb.u.Window))
	}
	return got
}

// under finds, under o, the first object match accepts.
func under(o fyne.CanvasObject, match func(fyne.CanvasObject) bool) fyne.CanvasObject {
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
		if got := under(k, match); got != nil {
			return got
		}
	}
	return nil
}

// Type types into the entry whose placeholder starts with hint.
func (tb *table) Type(hint, text string) {
	tb.t.Helper()
	o := tb.visible(func(o fyne.CanvasObject) bool {
		e, ok := uitest.Entry(o)
		return ok && strings.HasPrefix(e.PlaceHolder, hint)
	})
	e, _ := uitest.Entry(o)
	if e == nil {
		tb.t.Fatalf("after %d interactions, no entry %q:\n%s", tb.N, hint, uitest.WindowText(tb.u.Window))
	}
	tb.reach(o)
	test.Type(e, text)
	tb.N++
}

// Select picks an option of the select under a field: two taps.
func (tb *table) Select(label, option string) {
	tb.t.Helper()
	s, _ := under(tb.field(label), func(o fyne.CanvasObject) bool { _, ok := o.(*widget.Select); return ok }).(*widget.Select)
	if s == nil {
		tb.t.Fatalf("no select under %q", label)
	}
	tb.reach(s)
	s.SetSelected(option)
	tb.N += 2
}

// Plus taps a number's + n times (the last button of its stepper).
func (tb *table) Plus(label string, n int) {
	tb.t.Helper()
	var plus *widget.Button
	under(tb.field(label), func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok && b.Text == "" {
			plus = b
		}
		return false
	})
	if plus == nil {
		tb.t.Fatalf("no stepper under %q", label)
	}
	tb.reach(plus)
	for range n {
		test.Tap(plus)
		tb.N++
	}
}

// Number taps the value v of a number picked in a row under a field: one
// tap.
func (tb *table) Number(label string, v int) {
	tb.t.Helper()
	want := strconv.Itoa(v)
	b, _ := under(tb.field(label), func(o fyne.CanvasObject) bool {
		b, ok := o.(*widget.Button)
		return ok && b.Text == want
	}).(*widget.Button)
	if b == nil {
		tb.t.Fatalf("no %d under %q", v, label)
	}
	tb.reach(b)
	test.Tap(b)
	tb.N++
}

// Tick taps a tick box whose words start with text.
func (tb *table) Tick(text string) {
	tb.t.Helper()
	r, _ := tb.visible(func(o fyne.CanvasObject) bool {
		r, ok := o.(*widgets.CheckRow)
		return ok && strings.HasPrefix(r.Text, text)
	}).(*widgets.CheckRow)
	if r == nil {
		tb.t.Fatalf("no tick box %q:\n%s", text, uitest.WindowText(tb.u.Window))
	}
	tb.reach(r)
	r.Check.SetChecked(!r.Check.Checked)
	tb.N++
}

// grid is the map editor's drawing.
type grid interface {
	TapCell(content.Cell)
	TapSide(content.Cell, content.Side)
	CellAt(content.Cell) (fyne.Position, float32)
}

func (tb *table) grid() grid {
	tb.t.Helper()
	g, _ := tb.visible(func(o fyne.CanvasObject) bool { _, ok := o.(grid); return ok }).(grid)
	if g == nil {
		tb.t.Fatal("no map editor open")
	}
	return g
}

// Cell taps a square of the map editor.
func (tb *table) Cell(x, y int) {
	tb.reachCell(x, y)
	tb.grid().TapCell(content.Cell{X: x, Y: y})
	tb.N++
}

// Side taps near a side of a square of the map editor.
func (tb *table) Side(x, y int, s content.Side) {
	tb.reachCell(x, y)
	tb.grid().TapSide(content.Cell{X: x, Y: y}, s)
	tb.N++
}

// reachCell brings a square of the map editor's grid into view.
func (tb *table) reachCell(x, y int) {
	g := tb.grid()
	if o, ok := g.(fyne.CanvasObject); ok {
		at, side := g.CellAt(content.Cell{X: x, Y: y})
		tb.reachRect(o, at, fyne.NewSquareSize(side))
	}
}

// TestFirstEnemyDecisionWithOurOwnContent: from an empty file, a new
// campaign whose players enter the least real content a one-unit mission
// needs, through the forms and the map editor, starting from "Set up a
// mission" and following what it says is missing: a mission with a
// 20-area map (a corridor and three rooms, doors, the entrance, a spawn
// token), a faction card of one unit type, a spawn card, a hero. Then the
// round starts and the hero opens the door: the enemy's first decision.
// Every tap, choice and typed field counts, and every scroll a player
// needs to reach what is tapped next (a control below the fold of its
// scroll: tb.reach).
func TestFirstEnemyDecisionWithOurOwnContent(t *testing.T) {
	tb := newTable(t)
	tb.Tap("New campaign")
	rg, _ := tb.visible(func(o fyne.CanvasObject) bool { _, ok := o.(*widget.RadioGroup); return ok }).(*widget.RadioGroup)
	rg.SetSelected(tracker.Reichbusters.Title())
	tb.N++
	tb.Type("e.g. Thursday group", "Tuesday group")
	tb.Tap("Create and open")
	made := tb.N

	// The set-up opens the form of what is missing first, then the next.
	tb.Tap("Set up a mission")
	// The mission, and its map.
	// The mission keeps the name the form gives it ("Mission 1").
	tb.Number("Spaces before the alarm", 6)
	tb.Number("Spaces after the alarm", 4)
	tb.Tap("Draw the map")
	tb.Cell(0, 0) // a corridor of 6 areas
	tb.Cell(5, 0)
	tb.Cell(0, 1) // three rooms under it: 2×2, 2×2, 2×3
	tb.Cell(1, 2)
	tb.Cell(2, 1)
	tb.Cell(3, 2)
	tb.Cell(4, 1)
	tb.Cell(5, 3)
	tb.Tap("Walls & doors")
	tb.Side(0, 0, content.South)
	tb.Side(2, 0, content.South)
	tb.Side(4, 0, content.South)
	tb.Cell(0, 0) // its middle: the area is chosen, its marks beside
	tb.Tick("Entrance")
	tb.Tap("Tokens")
	tb.Cell(0, 1)
	tb.Tap("Green")
	if !tb.Sees("20 areas in 4 rooms · 3 doors · 1 spawn token · entrance A1") {
		t.Fatalf("the map as drawn:\n%s", uitest.WindowText(tb.u.Window))
	}
	tb.Tap("Done and save the mission")
	// The faction card, opened next.
	tb.Type("as printed on the card", "Depot Guard")
	tb.Tap("Add a unit line")
	tb.Type("as printed on spawn cards", "DG")
	tb.Type("the unit's name", "Guard")
	tb.Number("Miniatures (#)", 3)
	tb.Number("Melee attack", 2)
	tb.Number("Defence", 2)
	tb.Tap("Keep this line")
	tb.Tap("Save")
	if !tb.Sees("Added faction card") {
		t.Fatalf("the faction card was not saved:\n%s", uitest.WindowText(tb.u.Window))
	}
	// A spawn card, opened next: each row's only unit is picked at once.
	tb.Tap("Add a unit to the green row")
	tb.Tap("Add a unit to the orange row")
	tb.Tap("Add a unit to the red row")
	tb.Tap("Save")
	// A hero, opened next, ticked on return.
	tb.Type("as printed on the card", "Ida")
	tb.Type("the first weapon token's name", "Rifle")
	tb.Type("the second weapon token's name", "Knife")
	tb.Tap("Save")
	entered := tb.N
	tb.Tap("Set up") // one hero: her turn begins
	tb.Tap("Open door")
	if !tb.Sees("Placed in A7:") || !tb.Sees("Why?") {
		t.Fatalf("after %d interactions the enemy's decision is not on screen:\n%s", tb.N, uitest.WindowText(tb.u.Window))
	}
	t.Logf("our own content: the enemy's first decision after %d interactions, %d of them scrolls (%d to make the campaign, %d to enter a 20-area map, a faction card, a spawn card and a hero, %d to set up and play)",
		tb.N, tb.Scrolls, made, entered-made, tb.N-entered)
	// Issue 22: at most 45 (60 before, scrolls not counted; 74 when tried
	// by hand in landscape).
	if tb.N > 45 {
		t.Fatalf("%d interactions, %d of them scrolls; at most 45", tb.N, tb.Scrolls)
	}
}

// TestFirstRoundByTapsAlone plays the practice game's first round from
// Home with taps alone — no typed key, no secondary tap, no shortcut: the
// round starts, Mara opens the door (its token spawns) and records her
// door's noise test, the enemy plays after her; Ned draws cards, the enemy
// plays after him and attacks, the defence test is recorded on a stepper,
// the enemy turn goes on, and the round ends.
func TestFirstRoundByTapsAlone(t *testing.T) {
	tb := newTable(t)
	tb.Tap("Try a practice game")
	tb.Tap(tracker.Reichbusters.Title())
	tb.Tap("Start the round in this order")
	tb.Tap("Open door")
	tb.Tap("Open")
	tb.Tap("Noise test")
	tb.Tap("Record")
	tb.Tap("End Mara Voss's turn")
	tb.Tap("Play the enemy turn")
	tb.Tap("Draw 2 cards")
	tb.Tap("End Ned Farrow's turn")
	tb.Tap("Play the enemy turn")
	defended := 0
	for i := 0; i < 6 && tb.Sees("Defend…"); i++ {
		defended++
		tb.Tap("Defend…")
		tb.Plus("Defence total", 3)
		tb.Tap("Record the test")
		if tb.Sees("Continue the enemy turn") {
			tb.Tap("Continue the enemy turn")
		}
	}
	if defended == 0 {
		t.Fatalf("the enemy made no attack to defend against:\n%s", uitest.WindowText(tb.u.Window))
	}
	tb.Tap("End the round")
	if !tb.Sees("Round 2") {
		t.Fatalf("after %d taps the second round has not come:\n%s", tb.N, uitest.WindowText(tb.u.Window))
	}
	t.Logf("the practice game's first round by taps alone: %d taps", tb.N)
}
