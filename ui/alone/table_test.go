package alone

import (
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/share"
	"tablekeeper/ui/share/sharetest"
)

func mustDo(t *testing.T, s *tracker.Session, c tracker.Command) {
	t.Helper()
	if _, err := s.Do(c); err != nil {
		t.Fatalf("%T %+v: %v", c, c, err)
	}
}

func TestShareSeatsAreTheHeroAndTheEvilPlayers(t *testing.T) {
	ctx, _ := game(t, "solo", nil)
	tb := ShareTable()
	if seats := tb.Seats(ctx.Session); len(seats) != 1 || seats[0] != (share.Seat{ID: "hero", Name: "Mara Quell", Kind: "Hero"}) {
		t.Fatalf("solo seats %+v, want the Hero, Mara Quell", seats)
	}
	for _, seat := range []string{"hero", ""} {
		v := tb.View(ctx.Session, seat)
		sharetest.CheckWords(t, "seat "+seat, v)
		if !strings.Contains(v.Heading, "Round 1 · Turn 1 of 8") || len(v.Tracks) != 3 || v.Tracks[0].Label != "Round track" || v.Tracks[1].Label != "Life" || v.Tracks[2].Label != "Self Control" {
			t.Errorf("seat %q: heading %q, tracks %+v", seat, v.Heading, v.Tracks)
		}
	}
	if n := len(sharetest.Offers(tb.View(ctx.Session, ""))); n != 0 {
		t.Errorf("a watcher is offered %d actions", n)
	}

	assist, _ := game(t, "assist", nil)
	seats := tb.Seats(assist.Session)
	if len(seats) != 3 || seats[1] != (share.Seat{ID: "evil-1", Name: "Bea", Kind: "Evil player"}) || seats[2].Name != "Carl" {
		t.Fatalf("assist seats %+v, want the Hero, Bea and Carl", seats)
	}
	v := tb.View(assist.Session, "evil-2")
	sharetest.CheckWords(t, "Carl", v)
	if v.Figures[0].Name != "Carl" || len(v.Figures[0].Controls) != 1 || v.Figures[0].Controls[0].Label != "Take the Leader token" {
		t.Errorf("Carl's own figure: %+v", v.Figures[0])
	}
	if v.Decision != nil {
		t.Errorf("assist mode has no app decision: %+v", v.Decision)
	}
	n := sharetest.EveryOffer(t, assist.Session, tb, "evil-2")
	n += sharetest.EveryOffer(t, assist.Session, tb, "hero")
	if n < 4 {
		t.Errorf("only %d actions in assist mode", n)
	}
	sharetest.Refusals(t, assist.Session, tb, "evil-2",
		share.Action{Name: actLeader, Figure: "evil-2"}, share.Action{Name: actLifeDown, Figure: "hero"})
}

func TestShareEveryOfferIsTheRulesAndShows(t *testing.T) {
	ctx, _ := game(t, "solo", nil)
	s := ctx.Session
	tb := ShareTable()
	n := sharetest.EveryOffer(t, s, tb, "hero")
	mustDo(t, s, ta.StartTurn{})
	mustDo(t, s, ta.ExploreDir{Dir: alone.East})
	v := tb.View(s, "hero")
	if len(v.Steps) != 1 || v.Steps[0].Why != "" || !v.Steps[0].Resolve || !v.Steps[0].Hold {
		t.Fatalf("the Evil side's chance: %+v, want it open, held and flagged Resolve", v.Steps)
	}
	n += sharetest.EveryOffer(t, s, tb, "hero")
	mustDo(t, s, ta.EvilTurn{})
	v = tb.View(s, "hero")
	sharetest.CheckWords(t, "after the Evil side", v)
	if v.Decision == nil || v.Decision.Title == "" || len(v.Decision.Why) != 1 || v.Decision.Why[0] != hiddenWhy {
		t.Fatalf("the Evil decision while the game goes on: %+v, want its public line and why it is not explained", v.Decision)
	}
	if e, _ := latestEvil(s); v.Decision.Title != s.Describe(e) || strings.Contains(v.Decision.Title, "hidden") {
		t.Errorf("the decision is not the Enemy tab's public line: %q", v.Decision.Title)
	}
	n += sharetest.EveryOffer(t, s, tb, "hero")
	mustDo(t, s, ta.UseItem{ID: "i1", Charges: 1})
	t.Logf("%d actions offered, taken and undone", n)
	if n < 10 {
		t.Errorf("only %d actions taken", n)
	}
	// Once the game is over the explanation opens, in the Enemy tab's
	// words.
	mustDo(t, s, ta.Correct{Field: "life", Value: 0, Why: "test"})
	mustDo(t, s, ta.Correct{Field: "sc", Value: 0, Why: "test"})
	if st := tableState(s); st.Outcome == "" {
		t.Skipf("a correction to 0 does not end the game here: %+v", st.Outcome)
	}
	if d := tb.View(s, "").Decision; d == nil || len(d.Why) < 3 || !strings.HasPrefix(d.Why[0], "Step 1") {
		t.Errorf("after the game the Why is not opened: %+v", d)
	}
}

// TestShareSendsWhatTheScreenSends: each kind of tap made from a phone and
// on the Play or Enemy tab records the same event.
func TestShareSendsWhatTheScreenSends(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	s := ctx.Session
	tb := ShareTable()
	p := NewPlayScreen(ctx)
	e := NewEnemyScreen(ctx)
	w.SetContent(p.Object())
	phone := func(a share.Action) tracker.Event {
		t.Helper()
		in, err := tb.Command(s, "hero", a)
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
			t.Fatalf("the screen recorded nothing: %q", p.k.said)
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
	pressButton := func(root fyne.CanvasObject, label string) func() {
		return func() {
			var b *widget.Button
			walk(root, func(o fyne.CanvasObject) bool {
				if x, ok := o.(*widget.Button); ok && x.Text == label && b == nil {
					b = x
				}
				return b == nil
			})
			if b == nil {
				t.Fatalf("no button %q", label)
			}
			test.Tap(b)
		}
	}
	card := func(kind string, deal bool) func() {
		return func() {
			p.dmgKind.SetSelected(kind)
			p.dmgN.SetValue(1)
			if deal {
				p.dealDamage()
			} else {
				p.recoverHealth()
			}
		}
	}
	sharetest.SameEvent(t, "Life −", phone(share.Action{Name: actLifeDown, Figure: "hero"}), screen(card("Life", true)))
	sharetest.SameEvent(t, "Self Control −", phone(share.Action{Name: actSCDown, Figure: "hero"}), screen(card("Self Control", true)))
	sharetest.SameEvent(t, "Self Control +", phone(share.Action{Name: actSCUp, Figure: "hero"}), screen(card("Self Control", false)))
	undo()
	undo()
	sharetest.SameEvent(t, "an Item's Charge", phone(share.Action{Name: actUseCharge, Figure: "hero", Arg: "i1"}), screen(pressButton(p.Object(), "Use 1 Charge")))
	undo()
	sharetest.SameEvent(t, "the Turn token", phone(share.Action{Name: actFlip, Figure: "hero"}), screen(func() { test.Tap(p.turn.startBtn) }))
	mustDo(t, s, ta.ExploreDir{Dir: alone.East})
	ctx.Changed(tracker.Event{})
	sharetest.SameEvent(t, "the Evil side reacts", phone(share.Action{Name: actEvil}), screen(func() { test.Tap(e.evilBtn) }))
	sharetest.SameEvent(t, "the Turn's end", phone(share.Action{Name: actEndTurn, Figure: "hero"}), screen(func() { test.Tap(p.turn.endTurnBtn) }))
}

func TestShareRefusesWhatIsNotTheSeats(t *testing.T) {
	ctx, _ := game(t, "solo", nil)
	tb := ShareTable()
	sharetest.Refusals(t, ctx.Session, tb, "hero",
		share.Action{Name: actLifeDown, Figure: "hero"}, share.Action{Name: actLifeDown, Figure: "evil-1"})
	if _, err := tb.Command(ctx.Session, "hero", share.Action{Name: actEvil}); err == nil {
		t.Error("the Evil side's chance before the Hero's Action was taken")
	}
	if _, err := tb.Command(ctx.Session, "hero", share.Action{Name: actEndTurn, Figure: "hero"}); err == nil {
		t.Error("ending a Turn not started was taken")
	}
}

func TestShareBoardPictureIsWhatTheHeroSees(t *testing.T) {
	ctx, _ := game(t, "solo", nil)
	s := ctx.Session
	tb := ShareTable()
	for i := 0; i < 2; i++ {
		mustDo(t, s, ta.StartTurn{})
		mustDo(t, s, ta.ExploreDir{Dir: []alone.Dir{alone.East, alone.South}[i]})
		mustDo(t, s, ta.EvilTurn{})
		mustDo(t, s, ta.EndTurn{Roll: ta.VirtualDice})
	}
	for _, dark := range []bool{true, false} {
		name := map[bool]string{true: "alone-dark", false: "alone-light"}[dark]
		img, err := tb.Board(s, image.Pt(1280, 800), dark)
		if err != nil {
			t.Fatal(err)
		}
		sharetest.CheckPicture(t, name, img, colHero, colSight)
	}
	phone, _ := tb.Board(s, image.Pt(390, 600), true)
	sharetest.CheckPicture(t, "alone-phone", phone)
	// Never the hidden Map: the picture is the Labyrinth's, drawn the
	// same whatever the hidden Map holds beyond it.
	st := tableState(s)
	hidden := *st
	m := *st.Map
	m.Creatures = append(append([]alone.Creature(nil), m.Creatures...), alone.Creature{ID: "c-hidden", Type: alone.Worm, Sector: farSector(st)})
	hidden.Map = &m
	a, b := BoardPicture(st, image.Pt(640, 400), true), BoardPicture(&hidden, image.Pt(640, 400), true)
	if !samePixels(a, b) {
		t.Error("a Creature the Hero cannot see changed the picture")
	}
	if img := BoardPicture(&ta.State{}, image.Pt(100, 100), true); img != nil {
		t.Error("a picture before the game is set up")
	}
}

// farSector is a Sector the Hero has not revealed.
func farSector(st *ta.State) string {
	seen := map[string]bool{}
	for _, sec := range ta.HeroView(st).Labyrinth.Sectors {
		seen[sec.ID] = true
	}
	for _, sec := range st.Map.Sectors {
		if !seen[sec.ID] {
			return sec.ID
		}
	}
	return ""
}

func samePixels(a, b image.Image) bool {
	if a == nil || b == nil || a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}
