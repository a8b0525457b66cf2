package alone_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	"tablekeeper/ui"
	"tablekeeper/ui/alone"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
)

// objects lists every visible object in the window, dialogs included (the
// top dialog's first, as a player sees it).
func objects(w fyne.Window) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		out = append(out, o)
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(x.Content)
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	if top := w.Canvas().Overlays().Top(); top != nil {
		walk(top)
		return out
	}
	walk(w.Canvas().Content())
	return out
}

// A player taps, chooses and types; every interaction is counted.
type player struct {
	t *testing.T
	w fyne.Window
	n int
}

func (p *player) tap(label string) {
	p.t.Helper()
	for _, o := range objects(p.w) {
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, label) && !b.Disabled() {
			test.Tap(b)
			p.n++
			return
		}
	}
	p.t.Fatalf("no button %q on screen:\n%s", label, texts(p.w))
}

// tapNth taps the n-th enabled button with that label (0 first).
func (p *player) tapNth(label string, n int) {
	p.t.Helper()
	for _, o := range objects(p.w) {
		if b, ok := o.(*widget.Button); ok && b.Text == label && !b.Disabled() {
			if n == 0 {
				test.Tap(b)
				p.n++
				return
			}
			n--
		}
	}
	p.t.Fatalf("no button %q on screen:\n%s", label, texts(p.w))
}

func (p *player) choose(option string) {
	p.t.Helper()
	for _, o := range objects(p.w) {
		switch x := o.(type) {
		case *widget.RadioGroup:
			for _, opt := range x.Options {
				if opt == option {
					x.SetSelected(option)
					p.n++
					return
				}
			}
		case *widget.Select:
			for _, opt := range x.Options {
				if opt == option {
					x.SetSelected(option)
					p.n++
					return
				}
			}
		}
	}
	p.t.Fatalf("no choice %q on screen", option)
}

func (p *player) typeInto(placeholder, text string) {
	p.t.Helper()
	for _, o := range objects(p.w) {
		if e, ok := uitest.Entry(o); ok && e.PlaceHolder == placeholder {
			e.SetText(text)
			p.n++
			return
		}
	}
	p.t.Fatalf("no entry %q on screen", placeholder)
}

// see fails unless a visible label contains want.
func (p *player) see(want string) {
	p.t.Helper()
	if !strings.Contains(texts(p.w), want) {
		p.t.Fatalf("%q not on screen:\n%s", want, texts(p.w))
	}
}

func texts(w fyne.Window) string {
	var all []string
	for _, o := range objects(w) {
		switch x := o.(type) {
		case *widget.Label:
			all = append(all, x.Text)
		case *widget.Button:
			all = append(all, "["+x.Text+"]")
		}
	}
	return uitest.See(strings.Join(all, "\n"))
}

func newApp(t *testing.T) (*ui.App, *player) {
	a := test.NewTempApp(t)
	u := ui.New(a, ui.Options{DBPath: filepath.Join(t.TempDir(), "tablekeeper.db"), Registry: games.Registry()})
	if u.DB == nil {
		t.Fatal("the file did not open")
	}
	t.Cleanup(func() { _ = u.Shutdown() })
	u.Window.Resize(fyne.NewSize(1280, 800))
	return u, &player{t: t, w: u.Window}
}

// TestFirstGameInAFewTaps: from an empty file, Home's "Try a practice
// game" and the Play tab bring the Evil side's first decision on screen,
// counting every tap, choice and typed field; then the Next key plays on.
func TestFirstGameInAFewTaps(t *testing.T) {
	u, p := newApp(t)
	p.tap("Try a practice game")
	p.tap("Alone")
	mustList(t, u)
	p.see("Life 12 · Self Control 12 · Healing Cap 12")
	p.see("Played with practice content — not the printed cards")
	if l, _ := u.DB.List(); !l[0].Practice {
		t.Fatal("the practice campaign is not marked so")
	}
	p.tap("East") // Move east: flips the Turn token and moves
	p.see("Move east")
	p.tap("The Evil side reacts")
	p.see("Turn 1: Evil")
	t.Logf("First game, Alone: the Evil side's first decision on screen after %d interactions", p.n)
	if p.n > 8 {
		t.Fatalf("%d interactions to the first enemy decision; at most 8", p.n)
	}
	key := func(k fyne.KeyName) { p.w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: k}) }
	key(fyne.KeySpace) // end the Turn
	p.see("Turn 1 ends")
	key(fyne.KeySpace) // flip the next Turn token
	p.see("Turn 2 begins")
}

// TestNewCampaignStartsFromThePracticeSet: the new-campaign form offers
// the practice set first, its cards already picked, so a name and Create
// start a game too.
func TestNewCampaignStartsFromThePracticeSet(t *testing.T) {
	u, p := newApp(t)
	p.tap("New campaign")
	p.choose("Alone")
	p.typeInto("e.g. Thursday group", "First try")
	p.see("practice content — not the printed cards")
	p.tap("Create and open")
	mustList(t, u)
	p.tap("East")
	p.tap("The Evil side reacts")
	p.see("Turn 1: Evil")
	t.Logf("New campaign from the practice set, Alone: the first enemy decision after %d interactions", p.n)
}

// step taps the minus (or plus) of the stepper showing value.
func (p *player) step(value string, plus bool) {
	p.t.Helper()
	objs := objects(p.w)
	for i, o := range objs {
		if l, ok := o.(*widget.Label); ok && l.Text == value {
			var bs []*widget.Button
			for _, x := range objs[i+1:] {
				if b, ok := x.(*widget.Button); ok {
					bs = append(bs, b)
					if len(bs) == 2 {
						break
					}
				}
			}
			b := bs[0]
			if plus {
				b = bs[1]
			}
			test.Tap(b)
			p.n++
			return
		}
	}
	p.t.Fatalf("no stepper showing %q", value)
}

// tapSquare taps a square of the map editor's Level drawing.
func (p *player) tapSquare(x, y int) {
	p.t.Helper()
	for _, o := range objects(p.w) {
		v, ok := o.(*alone.LevelView)
		if !ok || !v.Empty {
			continue
		}
		s := v.Size()
		u := min(s.Width/float32(v.GridCols), (s.Height-24)/float32(v.GridRows), 130)
		test.TapAt(v, fyne.NewPos((float32(x)+0.5)*u, 24+(float32(y)+0.5)*u))
		p.n++
		return
	}
	p.t.Fatal("no map editor on screen")
}

// TestRealContentThroughTheForms: from an empty file, a group enters the
// least real content a game needs — a Map of 20 Sectors on two Levels with
// its Stairs and a Room, two Starting Missions and a Final one, the Item
// card the Hero starts with — through the forms and the map editor, sets
// the game up and reaches the Evil side's first decision, every tap,
// choice and typed field counted.
func TestRealContentThroughTheForms(t *testing.T) {
	u, p := newApp(t)
	p.tap("New campaign")
	p.choose("Alone")
	p.typeInto("e.g. Thursday group", "Our first real game")
	p.choose("A new set we enter now")
	p.see("No Map drawn yet")

	// The Map: 5 × 2 Sectors a Level, red and blue Stairs, a Room.
	p.tap("Draw a Map")
	p.typeInto("the scenario's or the map's name", "Our station")
	p.step("4 rows", false)
	p.step("3 rows", false)
	p.see("2 rows")
	p.tap("Fill the Level")
	p.tap("Level 2")
	p.tap("Fill the Level")
	p.tapSquare(0, 1)
	p.tap("Red")
	p.tapSquare(4, 1)
	p.tap("Blue")
	p.tap("Level 1")
	p.tapSquare(0, 1)
	p.tap("Red")
	p.tapSquare(4, 1)
	p.tap("Blue")
	p.tapSquare(2, 0)
	p.tap("Room")
	p.typeInto("the Room's name, as printed", "Lab")
	p.see("ready to play")
	p.tap("Save the Map")

	// The Missions and the Item.
	p.tapNth("Enter a Starting Mission card", 0)
	p.typeInto("as printed on the card", "Fix the lights")
	p.tap("Lab")
	p.tap("Save the card")
	p.tapNth("Enter a Starting Mission card", 1)
	p.typeInto("as printed on the card", "Find the logs")
	p.tap("Save the card")
	p.tap("Enter a Final Mission card")
	p.typeInto("as printed on the card", "Get out")
	p.tap("Save the card")
	p.tap("Enter an Item card")
	p.typeInto("as printed on the card", "Wrench")
	p.tap("Fight")
	p.tap("Save the card")
	entered := p.n

	p.tap("Create and open")
	mustList(t, u)
	p.see("Life 12 · Self Control 12")
	p.see("Starting 1: Fix the lights — active")
	p.see("Starting 2: Find the logs — active")
	p.see("Final: Get out — locked")
	p.see("Wrench — Fight Item")
	p.tap("East")
	p.tap("The Evil side reacts")
	p.see("Turn 1: Evil")
	t.Logf("Real content, Alone: %d interactions to enter it, %d to the first enemy decision", entered, p.n)
	if p.n >= 80 {
		t.Fatalf("%d interactions; the goal is under 80", p.n)
	}
	// What was entered is kept on the device for the next campaign.
	if l, _ := shell.LibraryBeside(u.DB.Path()).List(tracker.Alone); len(l) != 1 {
		t.Fatalf("the set was not kept on the device: %v", l)
	}
}

func mustList(t *testing.T, u *ui.App) []string {
	t.Helper()
	l, err := u.DB.List()
	if err != nil || len(l) != 1 {
		t.Fatalf("campaigns %v %v", l, err)
	}
	return []string{l[0].ID}
}

// tapAny taps the first enabled button among labels (exact text).
func (p *player) tapAny(labels ...string) string {
	p.t.Helper()
	for _, o := range objects(p.w) {
		if b, ok := o.(*widget.Button); ok && !b.Disabled() {
			for _, l := range labels {
				if b.Text == l {
					test.Tap(b)
					p.n++
					return l
				}
			}
		}
	}
	p.t.Fatalf("none of %v can be tapped:\n%s", labels, texts(p.w))
	return ""
}

// TestFirstRoundByTapsAlone plays a practice game's whole first Round with
// taps only — no key, no secondary tap, nothing typed: each Turn an Action
// tapped (it flips the Turn token), the Evil side's chance, the Turn's end;
// then the End of the Round. What the shortcuts do (Next, the Evil side)
// is on a button too.
func TestFirstRoundByTapsAlone(t *testing.T) {
	u, p := newApp(t)
	p.tap("Try a practice game")
	p.tap("Alone")
	mustList(t, u)
	p.see("Next: flip the Turn token") // the Next key's step, as a button
	for turn := 1; turn <= 8; turn++ {
		p.tapAny("East", "South", "West", "North", "Stairs", "Unblock East", "Unblock South", "Unblock West", "Unblock North")
		p.see(fmt.Sprintf("Turn %d of 8", turn))
		p.tap("The Evil side reacts")
		p.tap("End the Turn")
		p.see(fmt.Sprintf("Turn %d ends", turn))
	}
	p.see("all 8 Turns are played")
	p.tap("End of the Round")
	p.see("Round 2 · Turn 1 of 8")
	t.Logf("Alone's first Round by taps alone: %d taps", p.n)
}
