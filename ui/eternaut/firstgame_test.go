package eternaut_test

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/tracker/games"
	"tablekeeper/ui"
)

// visible lists every visible object in the window, the top dialog's
// alone when one is open (what a player can reach).
func visible(w fyne.Window) []fyne.CanvasObject {
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
		case *container.AppTabs:
			// Only the tab showing.
			if x.Selected() != nil {
				walk(x.Selected().Content)
			}
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

// A player taps and chooses; every interaction is counted. Nothing is
// typed, and nothing is tapped twice at once or held.
type player struct {
	t *testing.T
	w fyne.Window
	n int
}

// tap taps the first enabled button whose label starts with label.
func (p *player) tap(label string) {
	p.t.Helper()
	for _, o := range visible(p.w) {
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, label) && !b.Disabled() {
			test.Tap(b)
			p.n++
			return
		}
	}
	p.t.Fatalf("no button %q on screen:\n%s", label, texts(p.w))
}

// tab taps a tab of the campaign screen.
func (p *player) tab(name string) {
	p.t.Helper()
	for _, o := range visible(p.w) {
		if tabs, ok := o.(*container.AppTabs); ok {
			for i, it := range tabs.Items {
				if it.Text == name {
					tabs.SelectIndex(i)
					p.n++
					return
				}
			}
		}
	}
	p.t.Fatalf("no tab %q", name)
}

func (p *player) see(want string) {
	p.t.Helper()
	if !strings.Contains(texts(p.w), want) {
		p.t.Fatalf("%q not on screen:\n%s", want, texts(p.w))
	}
}

func texts(w fyne.Window) string {
	var all []string
	for _, o := range visible(w) {
		switch x := o.(type) {
		case *widget.Label:
			all = append(all, x.Text)
		case *widget.Button:
			all = append(all, "["+x.Text+"]")
		case *widget.RichText:
			all = append(all, x.String())
		}
	}
	return strings.Join(all, "\n")
}

func newApp(t *testing.T) (*ui.App, *player) {
	t.Helper()
	a := test.NewTempApp(t)
	u := ui.New(a, ui.Options{DBPath: filepath.Join(t.TempDir(), "tablekeeper.db"), Registry: games.Registry()})
	if u.DB == nil {
		t.Fatal("the file did not open")
	}
	t.Cleanup(func() { _ = u.Shutdown() })
	u.Window.Resize(fyne.NewSize(1280, 800))
	return u, &player{t: t, w: u.Window}
}

// state is the open campaign's Eternaut state, read from the file.
func state(t *testing.T, u *ui.App) *et.State {
	t.Helper()
	l, err := u.DB.List()
	if err != nil || len(l) != 1 {
		t.Fatalf("campaigns: %v %v", l, err)
	}
	x, err := u.DB.Export(l[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	store, err := tracker.StoreFromExport(x)
	if err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(store, et.Rules{}, l[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return s.State().(*et.State)
}

// activated says whether an enemy decision of the scenario reads what.
func activated(s *et.State, what string) bool {
	for _, a := range s.Scenario.Activations {
		if strings.HasPrefix(a.What, what) {
			return true
		}
	}
	return false
}

// TestFirstGameInAFewTaps: from an empty file, Home's "Try a practice
// game" and The Eternaut open a practice campaign on the Enemy tab with
// the aliens' activation order on screen and its Why; Resolve records it.
// Every tap is counted (nothing is typed): at most 8.
func TestFirstGameInAFewTaps(t *testing.T) {
	u, p := newApp(t)
	p.tap("Try a practice game")
	p.see("Made-up practice game, not your campaign")
	p.tap("The Eternaut")
	p.see("The aliens' activation order")
	p.see("Cascarudo (module 1)")
	p.see("Why")
	p.see("Rulebook p.24")
	first := p.n
	if l, _ := u.DB.List(); len(l) != 1 || !l[0].Practice {
		t.Fatalf("the practice campaign is not marked so: %+v", l)
	}
	p.tap("Resolve: the aliens activate")
	p.see("Round 1: Menace card: aliens activate: Cascarudo")
	t.Logf("First game, The Eternaut: the aliens' activation order on screen after %d interactions, recorded after %d", first, p.n)
	if p.n > 8 {
		t.Fatalf("%d interactions to the first enemy decision; at most 8", p.n)
	}
	if !activated(state(t, u), "Menace card: aliens activate: Cascarudo") {
		t.Fatalf("activations %+v", state(t, u).Scenario.Activations)
	}
}

// TestFirstRoundByTapsAlone plays the practice game's first round with
// taps alone (no key, no typing, no secondary tap): each player's turn
// puts its Action card on a board and ends; the cards on four boards move
// the four Consumed cubes and set the aliens off at the end of a turn;
// the fourth card on one board ends the round, and the Timer moves.
func TestFirstRoundByTapsAlone(t *testing.T) {
	u, p := newApp(t)
	p.tap("Try a practice game")
	p.tap("The Eternaut")
	p.tab("Play")
	p.see("Round 1 · Player 1's turn")
	play := func(board int) {
		t.Helper()
		// The board's own "Play card here" (boards are in order).
		n := 0
		for _, o := range visible(p.w) {
			if b, ok := o.(*widget.Button); ok && b.Text == "Play card here" {
				if n == board {
					if b.Disabled() {
						t.Fatalf("board %d: Play card here is disabled", board)
					}
					test.Tap(b)
					p.n++
					return
				}
				n++
			}
		}
		t.Fatalf("no board %d on screen:\n%s", board, texts(p.w))
	}
	for turn, board := range []int{0, 1, 2, 3} {
		p.tap("Next step") // draw
		play(board)
		p.tap("End turn")
		if turn == 3 {
			p.see("All 4 Consumed cubes on the target")
		}
	}
	if !activated(state(t, u), "aliens activate: Cascarudo") {
		t.Fatalf("the cubes did not set the aliens off: %+v", state(t, u).Scenario.Activations)
	}
	for state(t, u).Scenario.Timer == 8 {
		if p.n > 40 {
			t.Fatal("the round never ended")
		}
		play(0)
		p.tap("End turn")
	}
	p.see("End of round 1")
	p.see("Timer 8 → 7")
	p.see("Reveal a Menace card: resolve the section for 7")
	t.Logf("First round of The Eternaut's practice game by taps alone: %d taps", p.n)
}
