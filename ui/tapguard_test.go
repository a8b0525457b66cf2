package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// TestDoubleTapsOnTheFramesButtonsTakeOneStep: a finger that double-taps
// the frame's step buttons (Undo, Redo, the clocks' toggles, Open) takes
// one step, in both orientations (uitest.TapTwice, the harness every game
// uses on its own step buttons). Before the tap guard, a double tap on
// Undo took back two actions.
func TestDoubleTapsOnTheFramesButtonsTakeOneStep(t *testing.T) {
	u := newPracticeUI(t, false)
	u.startPractice(testGame)
	id := u.camp.s.Campaign().ID
	for _, size := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
		u.Window.Resize(size)
		cs := u.camp
		for i := 0; i < 3; i++ {
			cs.s.Do(setLife{To: 5 + i})
		}
		cs.refresh()
		for _, label := range []string{"Undo", "Redo"} {
			before := cs.s.LastSeq()
			first, second := uitest.TapTwice(u.Window, findButton(t, u, label))
			if n := cs.s.LastSeq() - before; n != 1 {
				t.Errorf("%v: a double tap on %s (then %s) made %d events", size, first, second, n)
			}
		}
		for _, b := range []fyne.CanvasObject{cs.chrome.PlayToggle, cs.chrome.TurnToggle} {
			before := cs.s.LastSeq()
			first, second := uitest.TapTwice(u.Window, b)
			if n := cs.s.LastSeq() - before; n != 1 {
				t.Errorf("%v: a double tap on a clock's toggle (%s then %s) made %d events", size, first, second, n)
			}
		}
		// Home, then Open: the campaign screen comes up under the finger.
		u.closeCampaign(false)
		u.showHome()
		before := lastSeq(t, u, id)
		first, second := uitest.TapTwice(u.Window, findButton(t, u, "Open"))
		if u.camp == nil {
			t.Fatalf("%v: a double tap on Open (%s then %s) did not open the campaign", size, first, second)
		}
		// Opening starts the play clock; nothing else may happen.
		if got := kindsSince(t, u, before); len(got) != 1 || got[0] != tracker.KindClock {
			t.Errorf("%v: a double tap on Open (%s then %s) recorded %v", size, first, second, got)
		}
	}
}

func lastSeq(t *testing.T, u *App, id string) uint64 {
	t.Helper()
	c, err := u.DB.Campaign(id)
	if err != nil {
		t.Fatal(err)
	}
	return c.Events
}

// kindsSince are the kinds of the open campaign's events after seq.
func kindsSince(t *testing.T, u *App, seq uint64) []string {
	t.Helper()
	var out []string
	if err := u.camp.s.Events(seq+1, func(e tracker.Event) error { out = append(out, e.Kind); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestAnAnswerGoesWhenTheStateOrTheScreenChanges: a refusal beside a
// control stays only while what it speaks of stands (issue 22: red
// bubbles stayed for minutes and contradicted the state; a die's message
// followed onto the Enemy tab): a later event, another tab, a dialog or
// Home take it away.
func TestAnAnswerGoesWhenTheStateOrTheScreenChanges(t *testing.T) {
	u, cs, _ := openTest(t)
	c := u.Window.Canvas()
	refuse := func() {
		t.Helper()
		cs.ctx.Refuse(cs.chrome.Undo, "Ana has not chosen her cards")
		if got, _ := widgets.ShowingFeedback(c); got == "" {
			t.Fatal("no refusal showing")
		}
	}
	gone := func(after string) {
		t.Helper()
		if got, _ := widgets.ShowingFeedback(c); got != "" {
			t.Fatalf("after %s the refusal %q stayed", after, got)
		}
	}
	refuse()
	cs.ctx.Do(setLife{To: 5})
	gone("a later event")
	refuse()
	cs.selectTab("campaign")
	gone("another tab")
	refuse()
	cs.askNote()
	gone("a dialog")
	closeDialogs(u)
	refuse()
	test.Tap(findButton(t, u, "Home"))
	gone("Home")
}
