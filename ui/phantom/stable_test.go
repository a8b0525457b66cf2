package phantom

import (
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/uitest"
)

// Controls that stay under the finger (issue 22 item 4): a tap never
// moves, resizes or replaces the control the next tap is for.

// TestChoosingAnEditorToolKeepsTheMapStill: choosing a tool (the
// placement tool brought its fields in above the map) never moves the
// map or changes its size, in both orientations at Normal and Largest.
func TestChoosingAnEditorToolKeepsTheMapStill(t *testing.T) {
	h := newHarness(t, nil)
	defer fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	for _, scale := range []float32{1, 1.85} {
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
		for _, portrait := range []bool{false, true} {
			e := NewEditor(h.w)
			h.w.SetContent(e.Object())
			h.w.Resize(uitest.TabArea(portrait, scale))
			e.Block(5, 4)
			e.Object().Refresh()
			y, size := absY(e.View), e.View.Size()
			for _, tool := range append(Tools, ToolSelect) {
				e.ToolPicker.SetSelected(tool)
				e.Object().Refresh()
				if got := absY(e.View); got != y || e.View.Size() != size {
					t.Errorf("text %.2f, portrait %v: choosing %q moved the map from y %.0f to %.0f (%v → %v)", scale, portrait, tool, y, got, size, e.View.Size())
				}
			}
		}
	}
}

// TestAMoveKeepsTheTurnsButtonsStill: a character's turn buttons (Attack,
// End turn, the cards' rows) stay where they are while a move is tapped
// out on the map and after it is made; a card played keeps its row,
// marked played, so the buttons under it do not move up (issue 22 item 4:
// "action buttons shift after a Move").
func TestAMoveKeepsTheTurnsButtonsStill(t *testing.T) {
	for _, portrait := range []bool{false, true} {
		h := newHarness(t, append(fixture(6, 4), startCmd()))
		h.toTurns()
		p := NewPlayScreen(h.ctx)
		h.w.SetContent(p.Object())
		h.w.Resize(uitest.TabArea(portrait, 1))
		who := h.toCharacterTurn(p)
		p.Object().Refresh()
		watched := map[string]*widget.Button{}
		where := func() map[string]fyne.Position {
			out := map[string]fyne.Position{}
			for _, text := range []string{"Attack…", "End " + who + "'s turn", "Heal action (uses a bandage)"} {
				b := button(p.Figures, text)
				if b == nil {
					t.Fatalf("no %q on %s's card", text, who)
				}
				watched[text] = b
				out[text] = fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
			}
			return out
		}
		before := where()
		same := func(step string) {
			t.Helper()
			p.Object().Refresh()
			for text, at := range where() {
				if at != before[text] {
					t.Errorf("portrait %v, %s: %q moved from %v to %v", portrait, step, text, before[text], at)
				}
			}
		}
		test.Tap(button(p.Figures, "Play"))
		same("after a card was played")
		test.Tap(button(p.Figures, "Move: tap the path on the map…"))
		same("while the move is tapped out")
		f := figure(h.state().Mission, who)
		hm, err := hex.ParseMap(h.state().Mission.Map)
		if err != nil {
			t.Fatal(err)
		}
		i, _ := hm.Index(f.Position)
		var to string
		for _, n := range hm.Neighbors(i) {
			if sp := hm.SpaceAt(int(n)); sp.Terrain == "" && !sp.HasHazard() && sp.Object == "" && figureOn(h.state().Mission, hm.Label(int(n))) == "" {
				to = hm.Label(int(n))
				break
			}
		}
		if to == "" {
			t.Fatal("no free space beside the character")
		}
		p.Map.OnTapSpace(hex.Coord{}, to)
		same("after a space of the path was tapped")
		if p.MoveBt == nil || p.MoveBt.Disabled() {
			t.Fatal("no Move along the path")
		}
		test.Tap(p.MoveBt)
		if got := figure(h.state().Mission, who).Position; got != to {
			t.Fatalf("%s is on %s, not %s: %v", who, got, to, h.errs)
		}
		same("after the move")
	}
}

// figureOn is the figure on a space, "" for none.
func figureOn(m *tp.Mission, label string) string {
	for _, f := range m.Figures {
		if f.Position == label && !f.Defeated {
			return f.Name
		}
	}
	return ""
}

// TestADoubleTapRunsOneStep taps each of Phantom Epoch's step buttons
// twice at the same point in quick succession, as a finger that bounces
// or a player who taps again because nothing seemed to happen: only one
// step may run (issue 22 item 4: a double tap on "End Mara Voss's turn"
// also played the enemy turn, the next button having appeared under the
// finger).
//
// It fails today (Next step tapped twice takes two steps) and waits for
// the frame's tap guard: skipped unless TABLEKEEPER_DOUBLE_TAP=1 until
// the guard is on main, as the other games' double-tap tests.
func TestADoubleTapRunsOneStep(t *testing.T) {
	if os.Getenv("TABLEKEEPER_DOUBLE_TAP") == "" {
		t.Skip("fails until the frame's tap guard is on main (a double tap on Next step takes two steps); TABLEKEEPER_DOUBLE_TAP=1 runs it")
	}
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	p := NewPlayScreen(h.ctx)
	h.w.SetContent(p.Object())
	h.w.Resize(uitest.TabArea(false, 1))
	double := func(name string, b *widget.Button) {
		t.Helper()
		if b == nil || b.Disabled() || !b.Visible() {
			t.Fatalf("%s: no button to tap", name)
		}
		p.Object().Refresh()
		at := fyne.CurrentApp().Driver().AbsolutePositionForObject(b).Add(fyne.NewPos(b.Size().Width/2, b.Size().Height/2))
		before := h.s.LastSeq()
		test.TapCanvas(h.w.Canvas(), at)
		test.TapCanvas(h.w.Canvas(), at)
		if n := h.s.LastSeq() - before; n != 1 {
			t.Errorf("%s tapped twice at the same point: %d steps ran, want 1", name, n)
		}
	}
	// The step button each state offers, by what the round asks next.
	step := func() (string, *widget.Button) {
		m := h.state().Mission
		f := figure(m, m.Current)
		switch {
		case m.Phase == "draw":
			return "Work out the turn order", button(p.Object(), "Work out the turn order")
		case m.Pending != nil:
			return "Confirm " + m.Pending.Adversary + "'s turn", button(p.Object(), "Confirm "+m.Pending.Adversary+"'s turn")
		case m.Phase == "turns" && f != nil && f.Side == "character":
			return "End " + f.Name + "'s turn", button(p.Object(), "End "+f.Name+"'s turn")
		}
		return "Next step (" + p.Step.Text + ")", p.NextBt
	}
	for i := 0; i < 14; i++ {
		m := h.state().Mission
		if m.Phase == "select" && len(figure(m, "Ana").Selected) == 0 {
			for _, who := range []string{"Ana", "Bo"} {
				h.do(tp.SelectCards{Character: who, Cards: figure(m, who).Hand[:1]})
			}
		}
		name, b := step()
		double(name, b)
	}
}
