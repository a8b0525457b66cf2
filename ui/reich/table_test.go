package reich

import (
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	practice "tablekeeper/assets/reich"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/share"
	"tablekeeper/ui/share/sharetest"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// sharePractice is the practice game (Mara Voss and Ned Farrow in the
// Night Drill, round 1 about to start) on the shared table.
func sharePractice(t *testing.T) (*shell.Context, share.Table) {
	t.Helper()
	ctx, _ := newCtx(t)
	cmds, err := rb.PracticeCommands(practice.Practice)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		must(t, ctx, c)
	}
	return ctx, ShareTable()
}

func TestShareSeatsAreTheHeroesAsEntered(t *testing.T) {
	ctx, tb := sharePractice(t)
	seats := tb.Seats(ctx.Session)
	if len(seats) != 2 || seats[0] != (share.Seat{ID: "mara", Name: "Mara Voss", Kind: "Hero"}) || seats[1].Name != "Ned Farrow" {
		t.Fatalf("seats %+v, want Mara Voss and Ned Farrow, heroes", seats)
	}
	for _, seat := range []string{"mara", ""} {
		v := tb.View(ctx.Session, seat)
		sharetest.CheckWords(t, "seat "+seat, v)
		if !strings.Contains(v.Heading, "Round 1") || len(v.Tracks) != 5 || !strings.Contains(v.Tracks[0].Text, "rounds until the alarm") {
			t.Errorf("seat %q: heading %q, tracks %+v", seat, v.Heading, v.Tracks)
		}
		if v.Tracks[1].Label != "Room Corridor awareness" || v.Tracks[1].Text != "at ease" {
			t.Errorf("seat %q: the rooms' awareness: %+v", seat, v.Tracks[1:])
		}
	}
	if v := tb.View(ctx.Session, "ned"); v.Figures[0].Seat != "ned" {
		t.Errorf("Ned's own dashboard is not first: %+v", v.Figures[0])
	}
	if n := len(sharetest.Offers(tb.View(ctx.Session, ""))); n != 0 {
		t.Errorf("a watcher is offered %d actions", n)
	}
	if v := tb.View(ctx.Session, "mara"); len(v.Steps) != 1 || v.Steps[0].Why == "" || !v.Steps[0].Resolve {
		t.Errorf("the enemy turn before a hero's turn: %+v, want it flagged Resolve and saying why not now", v.Steps)
	}
}

func TestShareEveryOfferIsTheRulesAndShows(t *testing.T) {
	ctx, tb := sharePractice(t)
	s := ctx.Session
	n := sharetest.EveryOffer(t, s, tb, "mara")
	must(t, ctx, rb.SetTurnOrder{Order: st(ctx).Mission.HeroesInPlay()})
	n += sharetest.EveryOffer(t, s, tb, "mara")
	must(t, ctx, rb.EndTurn{})
	v := tb.View(s, "ned")
	sharetest.CheckWords(t, "after Mara's turn", v)
	if v.Decision == nil || !strings.Contains(strings.Join(v.Decision.Why, "\n"), "Placed in C4: Drill Sentry 1, Drill Sentry 2") {
		t.Fatalf("the spawn is not on the page: %+v", v.Decision)
	}
	ev, pay := tb.(*shareTable).decision(s)
	if ev == nil {
		t.Fatal("no decision found")
	}
	if got, want := strings.Join(v.Decision.Why, "\n"), strings.Join(widgets.ShownTrace(traceOf(pay, st(ctx).Namer())), "\n"); !strings.Contains(got, want) {
		t.Errorf("the Why is not in the Enemy tab's words:\n%s\nwant:\n%s", got, want)
	}
	if len(v.Steps) != 1 || v.Steps[0].Why != "" || !v.Steps[0].Hold || !v.Steps[0].Resolve {
		t.Errorf("the enemy turn: %+v, want it offered, held and flagged Resolve", v.Steps)
	}
	must(t, ctx, rb.WoundHero{Hero: "ned", Mode: "auto", Reason: "a test"})
	n += sharetest.EveryOffer(t, s, tb, "ned")
	t.Logf("%d actions offered, taken and undone", n)
	if n < 15 {
		t.Errorf("only %d actions taken", n)
	}
	// An undo takes the decision back off the page; a redo brings it back.
	before := tb.View(s, "ned").Decision
	for range 2 {
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if d := tb.View(s, "ned").Decision; d != nil {
		t.Errorf("after undoing the turn the page still shows %q", d.Title)
	}
	for range 2 {
		if _, err := s.Redo(); err != nil {
			t.Fatal(err)
		}
	}
	if d := tb.View(s, "ned").Decision; d == nil || d.Title != before.Title {
		t.Errorf("after the redo the page shows %+v, want %q", d, before.Title)
	}
}

// TestShareSendsWhatTheScreenSends: each kind of tap made from a phone and
// on the Play or Enemy tab records the same event.
func TestShareSendsWhatTheScreenSends(t *testing.T) {
	ctx, tb := sharePractice(t)
	s := ctx.Session
	Screens{}.Play(ctx)
	Screens{}.Enemy(ctx)
	g := gameOf(ctx)
	p, e := g.play, g.enemy
	phone := func(seat string, a share.Action) tracker.Event {
		t.Helper()
		in, err := tb.Command(s, seat, a)
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
		ctx.Changed(ev)
		return ev
	}
	screen := func(tap func()) tracker.Event {
		t.Helper()
		last := s.LastSeq()
		tap()
		if s.LastSeq() == last {
			t.Fatalf("the screen recorded nothing: %q", p.k.Message())
		}
		var ev tracker.Event
		_ = s.Events(s.LastSeq(), func(e tracker.Event) error { ev = e; return nil })
		return ev
	}
	undo := func() {
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		ctx.Changed(tracker.Event{})
	}
	dashboard := func(name string) fyne.CanvasObject {
		t.Helper()
		c := find(p.heroes, func(o fyne.CanvasObject) bool { c, ok := o.(*widget.Card); return ok && c.Title == name })
		if c == nil {
			t.Fatalf("no dashboard for %s", name)
		}
		return c
	}
	wounds := func() *widgets.Stepper {
		return find(dashboard("Mara Voss"), func(o fyne.CanvasObject) bool {
			st, ok := o.(*widgets.Stepper)
			return ok && strings.HasPrefix(st.Label, "Wound cards")
		}).(*widgets.Stepper)
	}
	tap := func(label string) func() {
		return func() {
			b := find(dashboard("Mara Voss"), func(o fyne.CanvasObject) bool { b, ok := o.(*widget.Button); return ok && b.Text == label })
			if b == nil {
				t.Fatalf("no button %q", label)
			}
			test.Tap(b.(*widget.Button))
		}
	}
	submit := func() {
		if err := p.k.Last.Submit(); err != nil {
			t.Fatal(err)
		}
	}

	sharetest.SameEvent(t, "a wound card", phone("mara", share.Action{Name: actWound, Figure: "mara"}),
		screen(func() { test.Tap(wounds().Plus); submit() }))
	sharetest.SameEvent(t, "a wound healed", phone("mara", share.Action{Name: actHeal, Figure: "mara"}),
		screen(func() { test.Tap(wounds().Minus); submit() }))
	undo()
	sharetest.SameEvent(t, "an action card played", phone("mara", share.Action{Name: actPlayCard, Figure: "mara"}),
		screen(func() { tap("Cards…")(); submit() }))
	undo()
	sharetest.SameEvent(t, "knocked down", phone("mara", share.Action{Name: actKnockedDown, Figure: "mara"}), screen(tap("Knocked down")))
	undo()
	p.Order = st(ctx).Mission.HeroesInPlay()
	p.Next() // the round starts
	sharetest.SameEvent(t, "the turn's end", phone("mara", share.Action{Name: actEndTurn, Figure: "mara"}), screen(func() { test.Tap(p.NextButton) }))
	sharetest.SameEvent(t, "the enemy turn", phone("mara", share.Action{Name: actEnemyTurn}), screen(func() { test.Tap(e.ResolveButton) }))
}

func TestShareRefusesWhatIsNotTheSeats(t *testing.T) {
	ctx, tb := sharePractice(t)
	sharetest.Refusals(t, ctx.Session, tb, "mara",
		share.Action{Name: actWound, Figure: "mara"}, share.Action{Name: actWound, Figure: "ned"})
	if _, err := tb.Command(ctx.Session, "mara", share.Action{Name: actEnemyTurn}); err == nil {
		t.Error("the enemy turn before any hero's turn was taken")
	}
	if _, err := tb.Command(ctx.Session, "mara", share.Action{Name: actEndTurn, Figure: "mara"}); err == nil {
		t.Error("ending a turn before the round starts was taken")
	}
}

func TestShareBoardPictureDrawsTheDecision(t *testing.T) {
	ctx, tb := sharePractice(t)
	must(t, ctx, rb.SetTurnOrder{Order: st(ctx).Mission.HeroesInPlay()})
	must(t, ctx, rb.EndTurn{}) // two Drill Sentries spawn in the corridor
	for _, dark := range []bool{true, false} {
		name := map[bool]string{true: "reich-dark", false: "reich-light"}[dark]
		img, err := tb.Board(ctx.Session, image.Pt(1280, 800), dark)
		if err != nil {
			t.Fatal(err)
		}
		sharetest.CheckPicture(t, name, img, colNew, colSuspicious)
	}
	phone, _ := tb.Board(ctx.Session, image.Pt(390, 600), true)
	sharetest.CheckPicture(t, "reich-phone", phone, colNew)
	if img := BoardPicture(st(ctx), image.Pt(640, 400), true); img == nil {
		t.Error("no picture without a decision")
	}
	if img := BoardPicture(&rb.State{}, image.Pt(100, 100), true); img != nil {
		t.Error("a picture with no mission")
	}
}
