package eternaut

import (
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/share"
	"tablekeeper/ui/share/sharetest"
)

// sharePractice is the practice game (Scenario C, Marta, Bruno, Lucía and
// Iris on the boards, two Cascarudos on the map) on the shared table.
func sharePractice(t *testing.T) (*table, share.Table) {
	t.Helper()
	tb := newMemTable(t)
	cmds, err := practiceCommands()
	if err != nil {
		t.Fatal(err)
	}
	tb.do(cmds...)
	return tb, ShareTable()
}

func TestShareSeatsAreTheCharactersAsEntered(t *testing.T) {
	tb, st := sharePractice(t)
	seats := st.Seats(tb.s)
	if len(seats) != 4 || seats[0] != (share.Seat{ID: "901", Name: "Marta", Kind: "Character"}) || seats[3].Name != "Iris" {
		t.Fatalf("seats %+v, want Marta, Bruno, Lucía and Iris, characters", seats)
	}
	for _, seat := range []string{"902", ""} {
		v := st.View(tb.s, seat)
		sharetest.CheckWords(t, "seat "+seat, v)
		if v.Heading != "Scenario C · Round 1 · Player 1's turn" || v.Tracks[0].Label != "Timer" || v.Tracks[0].Value != tb.st().Scenario.Timer {
			t.Errorf("seat %q: heading %q, tracks %+v", seat, v.Heading, v.Tracks)
		}
		if len(v.Diary) == 0 || !strings.Contains(strings.Join(v.Diary, "\n"), "Scenario B · Epilogue: END-C-1") {
			t.Errorf("seat %q: the diary's last lines: %q", seat, v.Diary)
		}
	}
	if v := st.View(tb.s, "902"); v.Figures[0].Name != "Bruno" {
		t.Errorf("Bruno's own board is not first: %+v", v.Figures[0])
	}
	if n := len(sharetest.Offers(st.View(tb.s, ""))); n != 0 {
		t.Errorf("a watcher is offered %d actions", n)
	}
}

func TestShareEveryOfferIsTheRulesAndShows(t *testing.T) {
	tb, st := sharePractice(t)
	n := sharetest.EveryOffer(t, tb.s, st, "901")
	tb.do(et.GainAmmo{Char: "902", N: 2}, et.Damage{Char: "902", N: 3})
	n += sharetest.EveryOffer(t, tb.s, st, "902")
	tb.do(et.PlayCard{Char: "903"})
	v := st.View(tb.s, "903")
	if v.Steps[0].Label != "End turn" || v.Steps[0].Why != "" || !v.Steps[0].Hold || v.Steps[0].Resolve {
		t.Errorf("End turn once the card is played: %+v", v.Steps[0])
	}
	if c := v.Figures[0].Controls[0]; c.Why != playedWhy {
		t.Errorf("Play card here once the card is played: %+v", c)
	}
	n += sharetest.EveryOffer(t, tb.s, st, "903")
	tb.do(et.MenaceActivation{Module: 1})
	v = st.View(tb.s, "")
	sharetest.CheckWords(t, "after an activation", v)
	acts := tb.st().Scenario.Activations
	title, why := activationWords(acts[len(acts)-1])
	if v.Decision == nil || v.Decision.Title != title || !strings.HasPrefix(strings.Join(v.Decision.Why, "\n"), strings.Join(why, "\n")) {
		t.Errorf("the decision is not the Enemy tab's: %+v, want %q %q", v.Decision, title, why)
	}
	// The activation the deal came with is under it, in the Enemy tab's
	// words.
	title, why = activationWords(acts[len(acts)-2])
	if !strings.Contains(title, "Menace card activation") || !strings.Contains(strings.Join(v.Decision.Why, "\n"), title+"\n"+strings.Join(why, "\n")) {
		t.Errorf("the activation is not under the deal: %q", v.Decision.Why)
	}
	t.Logf("%d actions offered, taken and undone", n)
	if n < 12 {
		t.Errorf("only %d actions taken", n)
	}
}

// TestShareSendsWhatTheScreenSends: each kind of tap made from a phone and
// on the Play or Enemy tab records the same event.
func TestShareSendsWhatTheScreenSends(t *testing.T) {
	tb, st := sharePractice(t)
	s := tb.s
	p := tb.play()
	e := NewEnemyScreen(tb.ctx)
	phone := func(seat string, a share.Action) tracker.Event {
		t.Helper()
		in, err := st.Command(s, seat, a)
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		ev, err := s.Do(in.Command)
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		tb.ctx.Changed(ev)
		return ev
	}
	screen := func(tap func()) tracker.Event {
		t.Helper()
		last := s.LastSeq()
		tap()
		if s.LastSeq() == last {
			t.Fatalf("the screen recorded nothing: %q", tb.msgs)
		}
		var ev tracker.Event
		_ = s.Events(s.LastSeq(), func(e tracker.Event) error { ev = e; return nil })
		return ev
	}
	undo := func() {
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		tb.ctx.Changed(tracker.Event{})
	}
	sharetest.SameEvent(t, "life −", phone("901", share.Action{Name: actLifeDown, Figure: "901"}), screen(func() { test.Tap(p.Cards["901"].Life.Minus) }))
	sharetest.SameEvent(t, "life +", phone("901", share.Action{Name: actLifeUp, Figure: "901"}), screen(func() { test.Tap(p.Cards["901"].Life.Plus) }))
	sharetest.SameEvent(t, "ammo +", phone("901", share.Action{Name: actAmmoUp, Figure: "901"}), screen(func() { test.Tap(p.Cards["901"].Ammo.Plus) }))
	sharetest.SameEvent(t, "ammo −", phone("901", share.Action{Name: actAmmoDown, Figure: "901"}), screen(func() { test.Tap(p.Cards["901"].Ammo.Minus) }))
	sharetest.SameEvent(t, "the aliens activate", phone("901", share.Action{Name: actActivate, N: 1}), screen(func() { test.Tap(e.ResolveBtn) }))
	undo()
	sharetest.SameEvent(t, "the turn's card", phone("902", share.Action{Name: actPlayCard, Figure: "902"}), screen(func() { test.Tap(p.Cards["902"].PlayHere) }))
	sharetest.SameEvent(t, "the turn's end", phone("903", share.Action{Name: actEndTurn}), screen(func() { test.Tap(p.EndTurnBtn) }))
}

func TestShareRefusesWhatIsNotTheSeats(t *testing.T) {
	tb, st := sharePractice(t)
	sharetest.Refusals(t, tb.s, st, "901",
		share.Action{Name: actLifeDown, Figure: "901"}, share.Action{Name: actLifeDown, Figure: "902"})
	if _, err := st.Command(tb.s, "901", share.Action{Name: actEndTurn}); err == nil {
		t.Error("ending the turn before its card is played was taken")
	}
	if _, err := st.Command(tb.s, "901", share.Action{Name: actActivate, N: 2}); err == nil {
		t.Error("an activation from a module the scenario does not have was taken")
	}
}

func TestShareBoardPictureIsThePlayTabsBoards(t *testing.T) {
	tb, st := sharePractice(t)
	tb.do(et.PlayCard{Char: "902"}, et.Damage{Char: "901", N: 4})
	for _, dark := range []bool{true, false} {
		name := map[bool]string{true: "eternaut-dark", false: "eternaut-light"}[dark]
		img, err := st.Board(tb.s, image.Pt(1280, 800), dark)
		if err != nil {
			t.Fatal(err)
		}
		sharetest.CheckPicture(t, name, img, colAction, colLife)
	}
	phone, _ := st.Board(tb.s, image.Pt(390, 844), true)
	sharetest.CheckPicture(t, "eternaut-phone", phone, colAction)
	if img := BoardPicture(&et.State{}, image.Pt(100, 100), true); img != nil {
		t.Error("a picture with no scenario")
	}
}
