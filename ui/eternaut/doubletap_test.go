package eternaut

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// issue 22 item 4: a double tap on each step button of the Play and Enemy
// tabs takes one step, in both orientations: Next step through a turn's
// steps (which record nothing until the card and the end of the turn),
// Play card here, End turn, Next on the last step, and Resolve.
func TestDoubleTapsOnTheStepButtonsTakeOneStep(t *testing.T) {
	for _, portrait := range []bool{false, true} {
		tb := newMemTable(t)
		liveC(tb)
		area := uitest.TabArea(portrait, 1)
		p := tb.play()
		tb.win.Resize(area)
		tb.win.Content().Refresh()
		twice := func(what string, b *widget.Button, events, steps int) {
			t.Helper()
			if b.Disabled() {
				t.Fatalf("portrait %v: %s (%q) is not open", portrait, what, b.Text)
			}
			before, step := tb.s.LastSeq(), p.currentStep(tb.st().Scenario)
			widgets.ScrollIntoView(b) // a finger scrolls to it first
			uitest.TapTwice(tb.win, b)
			after := p.currentStep(tb.st().Scenario)
			if n := int(tb.s.LastSeq() - before); n != events || (steps > 0 && after != step+steps) {
				t.Errorf("portrait %v: a double tap on %s made %d events and went from step %d to %d", portrait, what, n, step+1, after+1)
			}
		}
		for turn := 0; turn < 2; turn++ {
			twice("Next step (draw → Figures)", p.NextBtn, 0, 1)
			twice("Next step (Figures → play a card)", p.NextBtn, 0, 1)
			twice("Play card here", p.Cards["901"].PlayHere, 1, 0)
			if turn == 0 {
				twice("End turn", p.EndTurnBtn, 1, 0)
			} else {
				twice("Next step (end the turn)", p.NextBtn, 1, 0)
			}
			if s := p.currentStep(tb.st().Scenario); s != 0 {
				t.Errorf("portrait %v: after the turn's end the next turn is at step %d", portrait, s+1)
			}
		}
		e := NewEnemyScreen(tb.ctx)
		tb.show(e.Object())
		tb.win.Resize(area)
		tb.win.Content().Refresh()
		before := tb.s.LastSeq()
		widgets.ScrollIntoView(e.ResolveBtn)
		uitest.TapTwice(tb.win, e.ResolveBtn)
		if n := tb.s.LastSeq() - before; n != 1 {
			t.Errorf("portrait %v: a double tap on Resolve made %d events", portrait, n)
		}
	}
}

// issue 22 item 4: the turn's step buttons stay where they are while the
// turn goes through its steps (Next step, Exchange cards, End turn), in
// both orientations at Normal and Largest text, so a second tap lands on
// the button the first one did.
func TestTurnButtonsStayPutThroughTheSteps(t *testing.T) {
	tb := newMemTable(t)
	liveC(tb)
	d := fyne.CurrentApp().Driver()
	for _, scale := range []float32{1, 1.85} {
		for _, portrait := range []bool{false, true} {
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
			p := tb.play()
			tb.win.Resize(uitest.TabArea(portrait, scale))
			tb.win.Content().Refresh()
			at := func() [3]fyne.Position {
				return [3]fyne.Position{d.AbsolutePositionForObject(p.NextBtn), d.AbsolutePositionForObject(p.ExchangeBtn), d.AbsolutePositionForObject(p.EndTurnBtn)}
			}
			first := at()
			for step := 1; step < 3; step++ {
				test.Tap(p.NextBtn)
				if now := at(); now != first {
					t.Errorf("×%.2f portrait %v: at step %d the turn's buttons stand at %v, not %v", scale, portrait, step+1, now, first)
				}
			}
			test.Tap(p.Cards["901"].PlayHere)
			if now := at(); now != first {
				t.Errorf("×%.2f portrait %v: once the card is played the turn's buttons stand at %v, not %v", scale, portrait, now, first)
			}
			tap(t, p.EndTurnBtn)
		}
	}
}
