package phantom

import (
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/share"
	"tablekeeper/ui/share/sharetest"
	"tablekeeper/ui/widgets"
)

// sharePractice is the practice game (two characters, Ada and Bram, with
// their cards chosen in round 1) on the shared table.
func sharePractice(t *testing.T) (*harness, share.Table) {
	t.Helper()
	cmds, err := tp.PracticeCommands()
	if err != nil {
		t.Fatal(err)
	}
	return newHarness(t, cmds), ShareTable()
}

// toAdasTurn plays the practice round on to Ada's turn: the adversary
// cards, the order, both adversaries' turns worked out and confirmed.
func toAdasTurn(t *testing.T, h *harness) {
	t.Helper()
	for i := 0; i < 10; i++ {
		m := h.state().Mission
		if m.Pending != nil {
			h.do(tp.ConfirmAdversaryTurn{})
			continue
		}
		_, cmd := NextStep(h.state())
		if st, ok := cmd.(tp.StartTurn); ok && st.Character == "Ada" {
			return
		}
		if cmd == nil {
			t.Fatalf("the round stopped: %s", heading(m))
		}
		h.do(cmd)
	}
	t.Fatal("Ada's turn never came")
}

func TestShareSeatsAreTheCharactersAsEntered(t *testing.T) {
	h, tb := sharePractice(t)
	seats := tb.Seats(h.s)
	if len(seats) != 2 || seats[0] != (share.Seat{ID: "Ada", Name: "Ada", Kind: "Character"}) || seats[1].Name != "Bram" {
		t.Fatalf("seats %+v, want Ada and Bram, characters", seats)
	}
	for _, seat := range []string{"Ada", ""} {
		v := tb.View(h.s, seat)
		sharetest.CheckWords(t, "seat "+seat, v)
		if !strings.Contains(v.Heading, "Round 1") || len(v.Tracks) != 2 || v.Tracks[1].Label != "Party" || v.Tracks[1].Value != 2 {
			t.Errorf("seat %q: heading %q, tracks %+v", seat, v.Heading, v.Tracks)
		}
		if len(v.Figures) != 4 {
			t.Errorf("seat %q sees %d figures, want 4 (2 characters, 2 adversaries)", seat, len(v.Figures))
		}
	}
	if v := tb.View(h.s, "Bram"); v.Figures[0].Name != "Bram" || v.Figures[0].Seat != "Bram" {
		t.Errorf("Bram's own figure is not first: %+v", v.Figures[0])
	}
	if n := len(sharetest.Offers(tb.View(h.s, ""))); n != 0 {
		t.Errorf("a watcher is offered %d actions", n)
	}
	for _, of := range sharetest.Offers(tb.View(h.s, "Ada")) {
		if of.Action.Figure != "" && of.Action.Figure != "Ada" {
			t.Errorf("Ada is offered %s on %s", of.Where, of.Action.Figure)
		}
	}
}

func TestShareEveryOfferIsTheRulesAndShows(t *testing.T) {
	h, tb := sharePractice(t)
	n := sharetest.EveryOffer(t, h.s, tb, "Ada")
	for i := 0; i < 3; i++ { // the adversary cards, the order, Ember Spitter 1's turn
		_, cmd := NextStep(h.state())
		h.do(cmd)
	}
	v := tb.View(h.s, "Ada")
	sharetest.CheckWords(t, "a worked-out turn", v)
	if v.Decision == nil || !strings.Contains(v.Decision.Title, "worked out") || len(v.Decision.Why) < 5 {
		t.Fatalf("no decision with its Why on the page: %+v", v.Decision)
	}
	want := widgets.ShownTrace(TraceOf(h.state().Mission.Pending.Trace))
	if got := strings.Join(v.Decision.Why, "\n"); !strings.Contains(got, strings.Join(want, "\n")) {
		t.Errorf("the Why is not in the Enemy tab's words:\n%s", got)
	}
	if len(v.Steps) != 1 || !v.Steps[0].Resolve || !v.Steps[0].Hold || v.Steps[0].Label != "Confirm Ember Spitter 1's turn" {
		t.Errorf("steps %+v, want Confirm, held and flagged Resolve", v.Steps)
	}
	n += sharetest.EveryOffer(t, h.s, tb, "Ada")
	h.do(tp.ConfirmAdversaryTurn{})
	v = tb.View(h.s, "Bram")
	if len(v.Steps) != 1 || v.Steps[0].Label != "Resolve Sludge Crawler 1's turn" || !v.Steps[0].Resolve {
		t.Errorf("steps %+v, want Resolve, flagged so", v.Steps)
	}
	if v.Decision == nil || !strings.Contains(v.Decision.Title, "Ember Spitter 1") {
		t.Errorf("after its confirmation the latest decision is not on the page: %+v", v.Decision)
	}
	n += sharetest.EveryOffer(t, h.s, tb, "Bram")
	toAdasTurn(t, h)
	n += sharetest.EveryOffer(t, h.s, tb, "Ada")
	h.do(tp.StartTurn{Character: "Ada"})
	h.do(tp.Inflict{Figure: "Ada", Condition: "Burning"})
	v = tb.View(h.s, "Ada")
	sharetest.CheckWords(t, "Ada's turn", v)
	labels := strings.Join(controlLabels(v.Figures[0]), "; ")
	for _, w := range []string{"End Ada's turn", "Play ", " as Move", " as Attack"} {
		if !strings.Contains(labels, w) {
			t.Errorf("Ada's own buttons %q lack %q", labels, w)
		}
	}
	n += sharetest.EveryOffer(t, h.s, tb, "Ada")
	t.Logf("%d actions offered, taken and undone", n)
	if n < 60 {
		t.Errorf("only %d actions taken", n)
	}
}

func controlLabels(f share.Figure) []string {
	var out []string
	for _, c := range f.Controls {
		out = append(out, c.Label)
	}
	return out
}

// TestShareSendsWhatTheScreenSends: each kind of tap made from a phone and
// on the Play or Enemy tab records the same event.
func TestShareSendsWhatTheScreenSends(t *testing.T) {
	h, tb := sharePractice(t)
	p := NewPlayScreen(h.ctx)
	e := NewEnemyScreen(h.ctx)
	h.w.SetContent(p.Object())
	phone := func(seat string, a share.Action) tracker.Event {
		t.Helper()
		in, err := tb.Command(h.s, seat, a)
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		ev, err := h.s.Do(in.Command)
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		if _, err := h.s.Undo(); err != nil {
			t.Fatal(err)
		}
		h.ctx.Changed(ev)
		return ev
	}
	screen := func(tap func()) tracker.Event {
		t.Helper()
		last := h.s.LastSeq()
		tap()
		if h.s.LastSeq() == last {
			t.Fatalf("the screen recorded nothing: %v", h.errs)
		}
		var ev tracker.Event
		_ = h.s.Events(h.s.LastSeq(), func(e tracker.Event) error { ev = e; return nil })
		return ev
	}
	card := func(name string) fyne.CanvasObject {
		t.Helper()
		c := find(p.Figures, func(c *widget.Card) bool { return c.Title == name })
		if c == nil {
			t.Fatalf("no card for %s", name)
		}
		return c
	}
	hp := func(name string) *widgets.Stepper {
		return find(card(name), func(s *widgets.Stepper) bool { return s.Label == "HP" })
	}
	undo := func() {
		if _, err := h.s.Undo(); err != nil {
			t.Fatal(err)
		}
		h.ctx.Changed(tracker.Event{})
	}

	sharetest.SameEvent(t, "HP −", phone("Ada", share.Action{Name: actHPDown, Figure: "Ada"}), screen(func() { test.Tap(hp("Ada").Minus) }))
	undo()
	h.do(tp.Damage{Figure: "Ada", N: 3, Source: "by hand"})
	h.ctx.Changed(tracker.Event{})
	sharetest.SameEvent(t, "HP +", phone("Ada", share.Action{Name: actHPUp, Figure: "Ada"}), screen(func() { test.Tap(hp("Ada").Plus) }))
	undo()
	sharetest.SameEvent(t, "a condition added", phone("Ada", share.Action{Name: actInflict, Figure: "Ada", Arg: "Bleeding"}),
		screen(func() {
			find(card("Ada"), func(s *widget.Select) bool { return s.PlaceHolder == "add condition" }).SetSelected("Bleeding")
		}))
	h.ctx.Changed(tracker.Event{})
	sharetest.SameEvent(t, "a condition removed", phone("Ada", share.Action{Name: actRemove, Figure: "Ada", Arg: "Bleeding"}),
		screen(func() { test.Tap(button(card("Ada"), "Bleeding ✕")) }))

	// The enemy's steps, from the Enemy tab.
	for i := 0; i < 2; i++ {
		_, cmd := NextStep(h.state())
		h.do(cmd)
	}
	h.ctx.Changed(tracker.Event{})
	sharetest.SameEvent(t, "Resolve", phone("Ada", share.Action{Name: actResolve}), screen(func() { test.Tap(e.ResolveButton) }))
	sharetest.SameEvent(t, "Confirm", phone("Ada", share.Action{Name: actConfirm}), screen(func() { test.Tap(e.ConfirmButton) }))

	// Ada's own turn: its start (the Play tab's Next step), a card, its end.
	toAdasTurn(t, h)
	h.ctx.Changed(tracker.Event{})
	sharetest.SameEvent(t, "start the turn", phone("Ada", share.Action{Name: actStartTurn, Figure: "Ada"}), screen(func() { test.Tap(p.NextBt) }))
	sel := figure(h.state().Mission, "Ada").Selected[0]
	sharetest.SameEvent(t, "play a card as Move", phone("Ada", share.Action{Name: actPlayMove, Figure: "Ada", Arg: sel}),
		screen(func() { test.Tap(button(card("Ada"), "As Move")) }))
	undo()
	sharetest.SameEvent(t, "end the turn", phone("Ada", share.Action{Name: actEndTurn, Figure: "Ada"}),
		screen(func() { test.Tap(button(card("Ada"), "End Ada's turn")) }))
}

func TestShareRefusesWhatIsNotTheSeats(t *testing.T) {
	h, tb := sharePractice(t)
	sharetest.Refusals(t, h.s, tb, "Ada",
		share.Action{Name: actHPDown, Figure: "Ada"}, share.Action{Name: actHPDown, Figure: "Bram"})
	// An adversary is no seat's: no phone changes it.
	if _, err := tb.Command(h.s, "Ada", share.Action{Name: actHPDown, Figure: "Sludge Crawler 1"}); err == nil || !strings.Contains(err.Error(), "Sludge Crawler 1") {
		t.Errorf("an adversary's HP from a phone: %v", err)
	}
	// A step that is not open now (the page behind): the turn's end
	// before the turn.
	if _, err := tb.Command(h.s, "Ada", share.Action{Name: actEndTurn, Figure: "Ada"}); err == nil {
		t.Error("ending a turn that has not started was taken")
	}
	// Confirming when no turn is worked out: not offered, refused.
	if _, err := tb.Command(h.s, "Ada", share.Action{Name: actConfirm}); err == nil {
		t.Error("confirming with no worked-out turn was taken")
	}
}

func TestShareBoardPictureDrawsTheDecision(t *testing.T) {
	h, tb := sharePractice(t)
	for i := 0; i < 3; i++ { // to Ember Spitter 1's worked-out turn
		_, cmd := NextStep(h.state())
		h.do(cmd)
	}
	// Its move is drawn as arrows: the practice has it stay, so the
	// next adversary's (which moves) is drawn too.
	h.do(tp.ConfirmAdversaryTurn{})
	_, cmd := NextStep(h.state())
	h.do(cmd)
	if o := TurnOverlay(h.state().Mission.Pending.Turn, marks(h.state().Mission)); len(o.Path) < 2 {
		t.Fatalf("the worked-out turn moves nobody: %+v", o)
	}
	for _, dark := range []bool{true, false} {
		name := map[bool]string{true: "phantom-dark", false: "phantom-light"}[dark]
		img, err := tb.Board(h.s, image.Pt(1280, 800), dark)
		if err != nil {
			t.Fatal(err)
		}
		sharetest.CheckPicture(t, name, img, colPath, colTarget)
	}
	phone, _ := tb.Board(h.s, image.Pt(390, 500), true)
	sharetest.CheckPicture(t, "phantom-phone", phone, colPath)
	if _, err := tb.Board(h.s, image.Pt(1280, 800), true); err != nil {
		t.Fatal(err)
	}
	if d := tb.(*shareTable).pics.Drawn; d != 3 {
		t.Errorf("%d pictures drawn for 3 asked anew and 1 again", d)
	}
	if _, err := tb.Board(h.s, image.Pt(100000, 10), true); err == nil {
		t.Error("a picture 100,000 pixels wide was drawn")
	}
	if img := BoardPicture(&tp.State{}, image.Pt(100, 100), true); img != nil {
		t.Error("a picture with no mission")
	}
}
