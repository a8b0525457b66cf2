package reich

import (
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	practice "tablekeeper/assets/reich"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/uitest"
)

// tapTwice taps the middle of o twice in quick succession, each tap going
// to whatever is under that point then, as a finger that double-taps. It
// is uitest.TapTwice without the frame's tap guard, which is not on main
// yet (issue 22 item 4): with the guard, this becomes uitest.TapTwice and
// the test below runs by default.
func tapTwice(w fyne.Window, o fyne.CanvasObject) {
	d := fyne.CurrentApp().Driver()
	at := d.AbsolutePositionForObject(o).Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
	test.TapCanvas(w.Canvas(), at)
	test.TapCanvas(w.Canvas(), at)
}

// Issue 22, Reichbusters item 7: a double tap on each of Reichbusters' step
// buttons takes one step, in both orientations: Start the round, End
// Mara Voss's turn (double-tapping it also played the enemy turn: the next
// step's button appeared under the finger), Play the enemy turn, a hero's
// action that acts at once (Draw 2 cards), and the Enemy tab's Resolve.
// Each step here records one event.
func TestDoubleTapsOnTheStepButtonsTakeOneStep(t *testing.T) {
	if os.Getenv("TABLEKEEPER_DOUBLE_TAP") == "" {
		t.Skip("fails until the frame's tap guard is on main (a double tap on End Mara Voss's turn also plays the enemy turn); TABLEKEEPER_DOUBLE_TAP=1 runs it")
	}
	for _, portrait := range []bool{false, true} {
		ctx, w := newCtx(t)
		cmds, err := rb.PracticeCommands(practice.Practice)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cmds {
			must(t, ctx, c)
		}
		w.Resize(uitest.TabArea(portrait, 1))
		play := func() *playScreen {
			w.SetContent(Screens{}.Play(ctx))
			return gameOf(ctx).play
		}
		twice := func(what string, b *widget.Button) {
			t.Helper()
			if b == nil || b.Disabled() {
				t.Fatalf("portrait %v: %s is not open", portrait, what)
			}
			before := ctx.Session.LastSeq()
			tapTwice(w, b)
			if n := ctx.Session.LastSeq() - before; n != 1 {
				t.Errorf("portrait %v: a double tap on %s (%q) made %d events", portrait, what, b.Text, n)
			}
		}
		p := play()
		twice("Start the round", p.NextButton)
		twice("End Mara Voss's turn", play().NextButton)
		twice("Play the enemy turn", play().NextButton)
		p = play()
		twice("Draw 2 cards", findButton(p.actions, "Draw 2 cards"))
		twice("End Ned Farrow's turn", play().NextButton)
		w.SetContent(Screens{}.Enemy(ctx))
		twice("Resolve the enemy turn", gameOf(ctx).enemy.ResolveButton)
	}
}
