package reich

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/uitest"
)

// findButton is the button labelled label under o, or nil.
func findButton(o fyne.CanvasObject, label string) *widget.Button {
	switch x := o.(type) {
	case *widget.Button:
		if x.Text == label {
			return x
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			if b := findButton(c, label); b != nil {
				return b
			}
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			if b := findButton(c, label); b != nil {
				return b
			}
		}
	}
	return nil
}

// tapOn taps the button labelled label under o, or in the window's top
// dialog.
func tapOn(t *testing.T, w fyne.Window, o fyne.CanvasObject, label string) {
	t.Helper()
	var b *widget.Button
	if o != nil {
		b = findButton(o, label)
	}
	if b == nil && w != nil {
		if top := w.Canvas().Overlays().Top(); top != nil {
			b = findButton(top, label)
		}
	}
	if b == nil {
		t.Fatalf("no button %q", label)
	}
	test.Tap(b)
}

// Issue 15 item 12 on the play screen: "Who draws the decks…" sets the
// spawn deck to be drawn at the table; a spawn then asks which card was
// drawn, offering the cards the deck can still give, and the pick is
// taken (tapped, not typed).
func TestPlayersDrawTheSpawnDeckFromTheScreen(t *testing.T) {
	ctx, w := newCtx(t)
	p := heroTurn(t, ctx)
	tapOn(t, w, p.actions, "Who draws the decks…")
	f := p.k.Last
	if f == nil || f.Title != "Who draws the decks" {
		t.Fatalf("the decks form did not open: %+v", f)
	}
	if txt := uitest.Text(f.body); strings.Contains(txt, "§") || !strings.Contains(txt, "spawn deck: the app draws it") {
		t.Fatalf("the decks form reads:\n%s", txt)
	}
	if bad := uitest.PlayersWords(uitest.AllText(f.body)); len(bad) > 0 {
		t.Fatalf("the decks form shows %v", bad)
	}
	pick(t, f, "Deck", "spawn deck")
	pick(t, f, "Drawn by", "us, at the table")
	tapOn(t, w, nil, "Set")
	if !st(ctx).Mission.SpawnDeck.ByPlayers {
		t.Fatalf("the spawn deck is still drawn by the app (%s)", f.Message())
	}
	deck := slices.Clone(st(ctx).Mission.SpawnDeck.Draw)
	e := gameOf(ctx).enemy
	tf := e.TokenForm()
	pick(t, tf, "Token", "T1")
	_ = tf.Submit()
	q := e.k.Asked
	if q == nil || q.CardPick == nil || len(q.CardPick.Options) != len(deck) {
		t.Fatalf("no question with the deck's cards: %+v", q)
	}
	if bad := uitest.PlayersWords(uitest.AllText(w.Canvas().Overlays().Top())); len(bad) > 0 {
		t.Fatalf("the question shows %v", bad)
	}
	q.CardPick.SetSelected("S2")
	test.Tap(q.CardOK)
	m := st(ctx).Mission
	if slices.Contains(m.SpawnDeck.Draw, "S2") || !slices.Contains(m.SpawnDeck.Discard, "S2") || len(m.Units) == 0 {
		t.Fatalf("S2 not drawn: deck %+v, units %v (%s)", m.SpawnDeck, m.Units, e.k.Message())
	}
}

// The heroism point supply drawn at the table: a point earned waits on
// the play screen, which offers the kinds the supply holds; tapping one
// puts it on the hero's dashboard.
func TestPlayersDrawHeroismPointsFromTheScreen(t *testing.T) {
	ctx, w := newCtx(t)
	p := heroTurn(t, ctx)
	must(t, ctx, rb.DrawBy{Deck: "hp", Players: true})
	cur := st(ctx).Mission.Current
	var four []rb.UnitPlacement
	for range 4 {
		four = append(four, rb.UnitPlacement{Code: "GR", Area: "A1"})
	}
	must(t, ctx, rb.Override{Reason: "test", Place: four, Awareness: map[string]content.Awareness{}})
	for i, u := range slices.Clone(st(ctx).Mission.Units) {
		must(t, ctx, rb.Attack{Hero: cur, Weapon: 1, Targets: []string{u.ID}, Total: 5, Basic: i == 0})
	}
	if n := len(st(ctx).Mission.HPDraws); n != 1 {
		t.Fatalf("%d heroism points wait to be drawn, want 1", n)
	}
	p.Refresh()
	if txt := uitest.Text(p.pending); !strings.Contains(txt, "Which did you draw?") || !strings.Contains(txt, "[wild]") {
		t.Fatalf("the pending draw reads:\n%s", txt)
	}
	if bad := uitest.PlayersWords(uitest.AllText(p.pending)); len(bad) > 0 {
		t.Fatalf("the pending draw shows %v", bad)
	}
	before := len(st(ctx).Mission.HeroByID(cur).HP)
	tapOn(t, w, p.pending, "defence")
	m := st(ctx).Mission
	if len(m.HPDraws) != 0 || len(m.HeroByID(cur).HP) != before+1 || m.HeroByID(cur).HP[before] != rb.HPDefence {
		t.Fatalf("after the tap: draws %v, HP %v (%s)", m.HPDraws, m.HeroByID(cur).HP, p.k.Message())
	}
	if strings.Contains(uitest.Text(p.pending), "Which did you draw?") {
		t.Fatal("the prompt stays after the draw")
	}
}

// A won campaign mission whose supply the players draw: the after-mission
// form asks which heroism point they drew for the HQ card. Then a skill is
// handed to another hero from the campaign screen, with the card's reason.
func TestCampaignDrawnHPAndSkillHandOverFromTheScreen(t *testing.T) {
	ctx, w := newCtx(t)
	must(t, ctx, rb.ImportContent{Data: testContent(t)})
	Screens{}.Play(ctx)
	Screens{}.Campaign(ctx)
	g := gameOf(ctx)
	c := g.campaign
	must(t, ctx, rb.SetDifficulty{Name: "Normal", ItemsKept: 3})
	must(t, ctx, rb.SetHPSupply{Kinds: []string{rb.HPWild, rb.HPAttack}})
	f := g.play.startForm(startChoices{Mission: "M1", Faction: "F1", Mode: rb.ModeCampaign, Heroes: []string{"H1", "H2"}})
	submitOK(t, f)
	must(t, ctx, rb.DrawBy{Deck: "hp", Players: true})
	em := g.play.EndMissionForm()
	setEntry(t, em, "Reason", "out with the papers")
	submitOK(t, em)
	r := c.ResultForm()
	pick(t, r, "First row that applies", "1. Out with the papers")
	submitOK(t, r)
	cl := c.CloseForm()
	submitRefused(t, cl, "draw a heroism point from the face-down supply")
	pick(t, cl, "Heroism point drawn for the HQ card", rb.HPAttack)
	tapOn(t, w, nil, "Close the mission")
	if rec := st(ctx).Campaign; !slices.Contains(rec.HQHP, rb.HPAttack) || slices.Contains(rec.HPSupply, rb.HPAttack) {
		t.Fatalf("HQ %v, supply %v (%s)", rec.HQHP, rec.HPSupply, cl.Message())
	}
	c.Refresh()
	tapOn(t, w, c.skills, "Hand a skill to another hero (a card allows it)…")
	h := c.k.Last
	if h == nil || h.Title != "Hand a skill to another hero" {
		t.Fatalf("the hand-over form did not open: %+v", h)
	}
	if bad := uitest.PlayersWords(uitest.AllText(h.body)); len(bad) > 0 {
		t.Fatalf("the hand-over form shows %v", bad)
	}
	pick(t, h, "From", "H1")
	pick(t, h, "To", "H2")
	pick(t, h, "Skill", "Sneaky")
	tapOn(t, w, nil, "Hand over")
	if !strings.Contains(h.Message(), "card or mission reward") {
		t.Fatalf("no reason: %q", h.Message())
	}
	setEntry(t, h, "Reason", "a made-up reward card")
	tapOn(t, w, nil, "Hand over")
	rec := st(ctx).Campaign
	has := func(id, skill string) bool {
		for _, ch := range rec.Heroes {
			if ch.ID == id {
				return slices.ContainsFunc(ch.Skills, func(s rb.Skill) bool { return s.ID == skill })
			}
		}
		return false
	}
	if has("H1", "Sneaky") || !has("H2", "Sneaky") {
		t.Fatalf("Sneaky did not pass from H1 to H2: %+v (%s)", rec.Heroes, h.Message())
	}
}

// After the alarm, turn order tokens dealt at the table: the order row is
// shown, and Next deals the order typed there.
func TestTurnOrderDealtAtTheTable(t *testing.T) {
	ctx, _ := newCtx(t)
	p := heroTurn(t, ctx)
	must(t, ctx, rb.DrawBy{Deck: "turnOrder", Players: true})
	for i := 0; st(ctx).Mission.Phase != rb.PhasePostAlarm; i++ {
		if i > 40 {
			t.Fatalf("the alarm never sounded: %s", p.k.Message())
		}
		if i == 0 {
			must(t, ctx, rb.AdjustTracker{By: 3, Reason: "test: the last pre-alarm space"})
		}
		for range st(ctx).Mission.Pending {
			d := p.DefendForm(0)
			setEntry(t, d, "Defence total", "99")
			submitOK(t, d)
		}
		p.k.Asked = nil
		p.Next()
		if q := p.k.Asked; q != nil && strings.HasPrefix(q.Field, "answers.tokenIcons.") {
			_ = q.AnswerIcons([]content.Level{content.Green})
		}
	}
	p.Refresh()
	if m := st(ctx).Mission; m.Step != rb.StepChooseOrder || m.Dealt {
		t.Fatalf("step %s dealt %v", m.Step, m.Dealt)
	}
	if !strings.Contains(uitest.Text(p.body), "Turn order") {
		t.Fatalf("no order row:\n%s", uitest.Text(p.body))
	}
	p.Order = []string{"H2", "H1"}
	tapOn(t, nil, p.NextButton, p.NextButton.Text)
	if m := st(ctx).Mission; !slices.Equal(m.TurnOrder, []string{"H2", "H1"}) {
		t.Fatalf("order %v (%s)", m.TurnOrder, p.k.Message())
	}
}
