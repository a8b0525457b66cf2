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
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
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

// hold presses and holds a hold-to-confirm button (one interaction).
func (p *player) hold(label string) {
	p.t.Helper()
	for _, o := range visible(p.w) {
		if b, ok := o.(*widgets.HoldButton); ok && strings.HasPrefix(b.Text, label) && !b.Disabled() {
			done := make(chan struct{})
			prev := b.OnHeld
			b.OnHeld = func() { defer close(done); prev() }
			uitest.Hold(b)
			select {
			case <-done:
			default:
				p.t.Fatalf("holding %q did nothing", label)
			}
			p.n++
			return
		}
	}
	p.t.Fatalf("no hold button %q on screen:\n%s", label, texts(p.w))
}

// choose picks an option of a select, a radio group or a check group on
// screen (one interaction).
func (p *player) choose(option string) {
	p.t.Helper()
	for _, o := range visible(p.w) {
		switch x := o.(type) {
		case *widget.Select:
			for _, opt := range x.Options {
				if opt == option {
					x.SetSelected(option)
					p.n++
					return
				}
			}
		case *widget.RadioGroup:
			for _, opt := range x.Options {
				if opt == option {
					x.SetSelected(option)
					p.n++
					return
				}
			}
		case *widget.CheckGroup:
			for _, opt := range x.Options {
				if opt == option {
					x.SetSelected(append(x.Selected, option))
					p.n++
					return
				}
			}
		}
	}
	p.t.Fatalf("no choice %q on screen", option)
}

// write types into the entry with a placeholder (one interaction).
func (p *player) write(placeholder, text string) {
	p.t.Helper()
	for _, o := range visible(p.w) {
		if e, ok := uitest.Entry(o); ok && e.PlaceHolder == placeholder {
			e.SetText(text)
			p.n++
			return
		}
	}
	p.t.Fatalf("no entry %q on screen", placeholder)
}

// plus taps the + of the stepper showing now.
func (p *player) plus(showing string) {
	p.t.Helper()
	objs := visible(p.w)
	for i, o := range objs {
		if l, ok := o.(*widget.Label); ok && l.Text == showing {
			// The stepper's − and + follow its value.
			n := 0
			for _, x := range objs[i:] {
				if b, ok := x.(*widget.Button); ok && b.Text == "" {
					if n++; n == 2 {
						test.Tap(b)
						p.n++
						return
					}
				}
			}
		}
	}
	p.t.Fatalf("no stepper showing %q:\n%s", showing, texts(p.w))
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
	return uitest.See(strings.Join(all, "\n"))
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
// game" and The Eternaut open a practice campaign on the Play tab, as
// every game's practice does, where the turn says the aliens' activation
// order is on the Enemy tab; one tap there shows it with its Why, and
// Resolve records it and shows, next to the button, what changed. Every
// tap is counted (nothing is typed): at most 8.
func TestFirstGameInAFewTaps(t *testing.T) {
	u, p := newApp(t)
	p.tap("Try a practice game")
	p.see("Made-up practice game, not your campaign")
	p.tap("The Eternaut")
	p.see("Round 1 · Player 1's turn")
	p.see("Their activation order, and why: the Enemy tab.")
	p.tab("Enemy")
	p.see("The aliens' activation order")
	p.see("Cascarudo (module 1)")
	p.see("Why")
	p.see("Rulebook p.24")
	first := p.n
	if l, _ := u.DB.List(); len(l) != 1 || !l[0].Practice {
		t.Fatalf("the practice campaign is not marked so: %+v", l)
	}
	p.tap("Resolve: the aliens activate")
	p.see("Round 1: Menace card activation from Cascarudo, the only alien deck: Cascarudo draws its top Alien card")
	// What changed shows under the button, in the players' words.
	p.see("✓ Recorded in round 1")
	p.see("Now: Draw the top Cascarudo card and resolve its Action (top) section.")
	p.see("Consumed cubes dealt: 1 each to Marta, Bruno, Lucía and Iris.")
	t.Logf("First game, The Eternaut: the aliens' activation order on screen after %d interactions, recorded after %d", first, p.n)
	if p.n > 8 {
		t.Fatalf("%d interactions to the first enemy decision; at most 8", p.n)
	}
	if !activated(state(t, u), "Menace card activation from Cascarudo, the only alien deck: Cascarudo draws its top Alien card") {
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
			p.see("Consumed cubes activation (all 4 on the Alien board), from the leftmost deck: Cascarudo draws its top Alien card")
		}
	}
	if !activated(state(t, u), "Consumed cubes activation (all 4 on the Alien board), from the leftmost deck: Cascarudo draws its top Alien card") {
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

// TestRealCampaignHasNoDeadEnd: a group with the real components starts a
// campaign from an empty file and reaches the aliens' first activation
// order through the screens alone: the new-campaign form (players, the
// four names on the Character cards), Scenario A's and B's setups (the
// Timer's space from the Storybook), their ends (the Epilogue code picked
// from a list), and C's setup (who plays). Every step says what it needs;
// nothing is a dead end. The interactions are counted.
func TestRealCampaignHasNoDeadEnd(t *testing.T) {
	u, p := newApp(t)
	p.tap("New campaign")
	p.choose("The Eternaut")
	p.write("e.g. Thursday group", "Thursday group")
	p.tap("Create and open")
	p.see("Choose the number of players") // what is missing, under its field
	p.see("Character 901 plays Scenario A")
	p.choose("2 players (a hand of 7)")
	for i, name := range []string{"Eduardo", "Simon", "Sofia", "Ana"} {
		p.write("the name on card 90"+string(rune('1'+i))+" (plays Scenario A)", name)
	}
	p.tap("Create and open")
	p.see("Set up Storybook A")
	p.see("Set the space the Timer starts on")
	p.plus("Not set yet")
	p.tap("Start Storybook A")
	p.see("Round 1 · Player 1's turn")
	end := func(code string) {
		p.hold("Hold: the story ends the scenario")
		p.tap("Objectives done")
		p.tap("Items done")
		p.choose(code)
		p.tap("Write the diary")
		p.tap("Quests written")
		p.tap("Unlock and count the points")
		p.tap("Purchases done")
	}
	end("END-B1-1")
	p.see("Set up Storybook B1")
	p.plus("Not set yet")
	p.tap("Start Storybook B1")
	end("END-C-1")
	p.see("Set up Storybook C")
	for _, c := range []string{"Eduardo", "Simon", "Sofia", "Ana"} {
		p.choose(c)
	}
	p.see("Ready: the setup follows the rules.")
	p.tap("Start Storybook C")
	p.tab("Enemy")
	p.see("Nobody: no alien is on the map")
	p.see("Set how many aliens are on the map first.")
	p.plus("0 on the map")
	p.see("Cascarudo (module 1)")
	t.Logf("Real components, The Eternaut: the aliens' first activation order after %d interactions (the roster, then Scenarios A and B set up and ended)", p.n)
	if s := state(t, u); s.Scenario == nil || s.Scenario.Key != "C" || s.Scenario.Aliens[0].OnMap != 1 {
		t.Fatalf("scenario %+v", s.Scenario)
	}
}
