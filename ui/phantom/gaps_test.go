package phantom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	ap "tablekeeper/automa/phantom"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// figCard is the figure's card on the play screen.
func (h *harness) figCard(name string) *widget.Card {
	h.t.Helper()
	c := find(h.w.Content(), func(c *widget.Card) bool { return c.Title == name })
	if c == nil {
		h.t.Fatalf("no card for %s", name)
	}
	return c
}

// actingSelect is the "who acts" picker on a figure's card.
func actingSelect(c *widget.Card) *widget.Select {
	return find(c.Content, func(s *widget.Select) bool { return slices.Contains(s.Options, tableActor) })
}

// §4 Invisible: the heal, HP and condition controls of a figure's card say
// which figure acts (the one whose turn it is, or the table); another
// figure's action on an Invisible figure is refused, its own is not. The
// attack form offers no Invisible target.
func TestActingFigureOnAnInvisibleOne(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	h.toTurns()
	p := NewPlayScreen(h.ctx)
	h.w.SetContent(p.Object())
	who := h.toCharacterTurn(p)
	other := map[string]string{"Ana": "Bo", "Bo": "Ana"}[who]
	h.do(tp.Damage{Figure: other, N: 4})
	h.do(tp.Inflict{Figure: other, Condition: "Invisible"})

	by := actingSelect(h.figCard(other))
	if by == nil || by.Selected != who {
		t.Fatalf("the acting figure defaults to the one whose turn it is: %+v", by)
	}
	hp := figure(h.state().Mission, other).HP
	card := h.figCard(other)
	test.Tap(button(card.Content, "Heal action (uses a bandage)")) // 2 HP, as it starts
	if !strings.Contains(h.lastErr(), "Invisible") || figure(h.state().Mission, other).HP != hp {
		t.Fatalf("%s's heal on Invisible %s must be refused: %q", who, other, h.lastErr())
	}
	add := find(h.figCard(other).Content, func(s *widget.Select) bool { return s.PlaceHolder == "add condition" })
	add.SetSelected("Barrier")
	if !strings.Contains(h.lastErr(), "Invisible") || hasAny(figure(h.state().Mission, other), "Barrier") {
		t.Fatalf("%s's condition on Invisible %s must be refused: %q", who, other, h.lastErr())
	}

	// The figure itself may act on itself.
	actingSelect(h.figCard(other)).SetSelected(other)
	card = h.figCard(other)
	if got := actingSelect(card).Selected; got != other {
		t.Fatalf("the choice of acting figure must stay: %q", got)
	}
	test.Tap(button(card.Content, "Heal action (uses a bandage)"))
	if got := figure(h.state().Mission, other).HP; got != hp+2 {
		t.Fatalf("%s heals itself: HP %d, want %d (%v)", other, got, hp+2, h.errs)
	}
	// The table (an event, a correction) may too.
	actingSelect(h.figCard(other)).SetSelected(tableActor)
	find(h.figCard(other).Content, func(s *widget.Select) bool { return s.PlaceHolder == "add condition" }).SetSelected("Weakened")
	if !hasAny(figure(h.state().Mission, other), "Weakened") {
		t.Fatalf("the table gives a condition to an Invisible figure: %v", h.errs)
	}

	// No Invisible adversary among the attack form's targets.
	adv := h.besideFirstAdversary(who)
	h.do(tp.Inflict{Figure: adv, Condition: "Invisible"})
	if form := NewAttackForm(h.state(), h.state().Mission, who); slices.Contains(form.Target.Options, adv) {
		t.Fatalf("Invisible %s offered as a target: %v", adv, form.Target.Options)
	}
}

// besideAdversary puts who on a free plain space at range 1 of adv.
func (h *harness) besideAdversary(who, adv string) {
	h.t.Helper()
	m := h.state().Mission
	hm, err := hex.ParseMap(m.Map)
	if err != nil {
		h.t.Fatal(err)
	}
	taken := map[string]bool{}
	for _, f := range m.Figures {
		taken[f.Position] = true
	}
	at, _ := hm.Index(figure(m, adv).Position)
	for _, sp := range hm.Layout().Spaces {
		i, _ := hm.Index(sp.Label)
		if taken[sp.Label] || hm.Range(i, at) != 1 || sp.Object != hex.NoObject || sp.Terrain != hex.Normal || sp.Hazard != hex.NoHazard {
			continue
		}
		pos := sp.Label
		h.do(tp.CorrectFigure{Figure: who, Position: &pos, Reason: "test"})
		return
	}
	h.t.Fatalf("no space beside %s", adv)
}

// an adversary's attack that gives a condition already held is
// confirmed from the Enemy tab with the refresh said, and the condition's
// timer restarts from the confirmation.
func TestAdversaryRefreshShownAndTimerRestarted(t *testing.T) {
	cmds := fixture(6, 4)
	var rows []ap.ClassRow
	for _, col := range ap.Colours {
		rows = append(rows, ap.ClassRow{Colour: col, Card: ap.Card{AP: 1, Actions: []ap.Action{{Kind: ap.ActAttack, Inflict: []string{"Frozen"}}}}})
	}
	for i := 1; i <= 3; i++ {
		cmds = append(cmds, tp.SaveContent{Kind: tp.KindClassCard, ID: fmt.Sprintf("K%d", i), Data: raw(tp.ClassCard{Class: "Brute", Card: ap.ClassCard{Rows: rows}})})
	}
	h := newHarness(t, append(cmds, startCmd()))
	h.toTurns()
	e := NewEnemyScreen(h.ctx)
	h.w.SetContent(e.Object())
	adv := nextFigure(h.state().Mission)
	h.besideAdversary("Ana", adv)
	h.do(tp.Inflict{Figure: "Ana", Condition: "Frozen"})
	was := figure(h.state().Mission, "Ana").Conditions["Frozen"]
	test.Tap(e.ResolveButton)
	if p := h.state().Mission.Pending; p == nil || len(p.Turn.Events) == 0 {
		t.Fatalf("no turn worked out: %v", h.errs)
	}
	test.Tap(e.ConfirmButton)
	if len(h.msgs) == 0 || !strings.Contains(h.msgs[len(h.msgs)-1], "Frozen refreshed") {
		t.Fatalf("the confirmation should say Ana's Frozen was refreshed: %q %v", h.msgs, h.errs)
	}
	if got := figure(h.state().Mission, "Ana").Conditions["Frozen"]; got == was || got != h.state().Tick {
		t.Fatalf("Frozen's timer from tick %d (was %d, now %d): a refresh restarts it", got, was, h.state().Tick)
	}
}

// restWith has name rest this round, card (from its hand) already in its
// discard pile so that it may (§6.2, V-05).
func (h *harness) restWith(name, card string) {
	h.t.Helper()
	f := figure(h.state().Mission, name)
	f.Discard, f.Hand = []string{card}, slices.DeleteFunc(f.Hand, func(id string) bool { return id == card })
	h.do(tp.Rest{Character: name})
}

// toRestTurnNext plays round 1 with Bo resting (a card already in the
// discard pile) and holding Bleeding, Weakened and Barrier, up to the
// moment Bo's rest turn is next.
func (h *harness) toRestTurnNext(p *PlayScreen) {
	h.t.Helper()
	h.do(tp.BeginRound{})
	h.restWith("Bo", "H9")
	h.do(tp.SelectCards{Character: "Ana", Cards: []string{"W1"}})
	h.do(tp.DrawAdversaryCards{})
	h.do(tp.DetermineInitiative{})
	h.do(tp.CorrectFigure{Figure: "Bo", SetConditions: true, Conditions: []string{"Bleeding", "Weakened", "Barrier"}, Reason: "test"})
	for i := 0; i < 20; i++ {
		m := h.state().Mission
		if m.Current == "" && m.Pending == nil && nextFigure(m) == "Bo" {
			p.Refresh()
			return
		}
		switch {
		case m.Pending != nil:
			h.do(tp.ConfirmAdversaryTurn{})
		case m.Current != "":
			h.do(tp.EndTurn{Character: m.Current})
		default:
			p.Next()
		}
	}
	h.t.Fatal("Bo's rest turn did not come")
}

// restPick is the check group on Bo's card offering the detrimental
// conditions to drop at the start of the rest turn.
func restPick(c *widget.Card) *widget.CheckGroup {
	return find(c.Content, func(g *widget.CheckGroup) bool { return slices.Contains(g.Options, "Bleeding") })
}

// §4, §6.3 item 2: a resting character's card offers the detrimental
// conditions to drop at the start of its rest turn — all ticked when the
// setting drops them all, none when the players pick — and Next starts
// the rest turn with that pick.
func TestRestTurnOffersTheConditionsToDrop(t *testing.T) {
	for _, all := range []bool{true, false} {
		cmds := fixture(6, 4)
		if !all {
			set := tp.DefaultSettings()
			set.RestRemovesAllDetrimental = false
			cmds = append(cmds, tp.ChangeSettings{Settings: set})
		}
		h := newHarness(t, append(cmds, startCmd()))
		p := NewPlayScreen(h.ctx)
		h.w.SetContent(p.Object())
		h.toRestTurnNext(p)
		if !strings.Contains(p.Step.Text, "Bo") || !strings.Contains(p.Step.Text, "drop") {
			t.Fatalf("the step should point to the pick on Bo's card: %q", p.Step.Text)
		}
		g := restPick(h.figCard("Bo"))
		if g == nil || !slices.Equal(g.Options, []string{"Bleeding", "Weakened"}) {
			t.Fatalf("all %v: the pick offers Bo's detrimental conditions: %+v", all, g)
		}
		want := []string{}
		if all {
			want = []string{"Bleeding", "Weakened"}
		}
		if !slices.Equal(append([]string{}, g.Selected...), want) {
			t.Fatalf("all %v: ticked %v, want %v", all, g.Selected, want)
		}
		g.SetSelected([]string{"Bleeding"})
		if !p.Next() {
			t.Fatalf("Next did not start Bo's rest turn: %v", h.errs)
		}
		bo := figure(h.state().Mission, "Bo")
		if h.state().Mission.Current != "Bo" || strings.Join(bo.CondList(), ",") != "Barrier,Weakened" {
			t.Fatalf("all %v: Bo after the rest start %v (current %q), want Barrier and the kept Weakened; %v", all, bo.CondList(), h.state().Mission.Current, h.errs)
		}
	}
}

// §6.3: on a rest turn the attack form asks which item or equipment grants
// the attack; without it the attack is explained away, with it the
// tracker records it.
func TestRestTurnAttackNamesWhatGrantsIt(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	p := NewPlayScreen(h.ctx)
	h.w.SetContent(p.Object())
	h.do(tp.BeginRound{})
	h.restWith("Ana", "W9")
	h.do(tp.SelectCards{Character: "Bo", Cards: []string{"H1"}})
	h.do(tp.DrawAdversaryCards{})
	h.do(tp.DetermineInitiative{})
	if f := NewAttackForm(h.state(), h.state().Mission, "Bo"); f.Granted != nil {
		t.Fatal("only a resting attacker is asked what grants its attack")
	}
	for i := 0; i < 20 && h.state().Mission.Current != "Ana"; i++ {
		m := h.state().Mission
		switch {
		case m.Pending != nil:
			h.do(tp.OverrideAdversaryTurn{Reason: "held still for the test"})
		case m.Current != "":
			h.do(tp.EndTurn{Character: m.Current})
		case nextFigure(m) == "Ana":
			adv := ""
			for _, f := range m.Figures {
				if f.Side == "adversary" && !f.Defeated {
					adv = f.Name
				}
			}
			h.besideAdversary("Ana", adv)
			p.Next()
		default:
			p.Next()
		}
	}
	if h.state().Mission.Current != "Ana" {
		t.Fatalf("Ana's rest turn did not start: %v", h.errs)
	}
	var adv string
	for _, f := range h.state().Mission.Figures {
		if f.Side == "adversary" && !f.Defeated && meleeRange(h.state().Mission, "Ana", f.Name) {
			adv = f.Name
		}
	}
	// With its "Rest turn" row the attack dialog fits a portrait tablet at
	// the largest text.
	fyne.CurrentApp().Settings().SetTheme(uitest.LargestText())
	h.w.Resize(fyne.NewSize(800, 800))
	p.attack(h.state(), "Ana")
	if find(h.w.Canvas().Overlays().Top(), func(e *widgets.SuggestEntry) bool { return e.PlaceHolder == "the item or equipment that grants it" }) == nil {
		t.Fatal("the rest-turn attack dialog has no row for what grants the attack")
	}
	shownDialogFits(t, h.w, "rest-turn attack")
	// The attack dialog refuses the missing grant with the rule and shows
	// itself again as filled in: nothing typed is lost.
	p.attack(h.state(), "Ana")
	dlg := h.w.Canvas().Overlays().Top()
	find(dlg, func(s *widget.Select) bool { return s.PlaceHolder == "whom (or what) it attacks" }).SetSelected(adv)
	find(dlg, func(s *widget.Select) bool { return s.PlaceHolder == "the face rolled" }).SetSelected("3")
	test.Tap(button(dlg, "Attack"))
	problem := find(dlg, func(l *widget.Label) bool { return strings.Contains(l.Text, "resting") })
	if problem == nil || !problem.Visible() || !strings.Contains(problem.Text, "Rulebook p.13") || h.w.Canvas().Overlays().Top() != dlg {
		t.Fatal("the missing grant must be said in the dialog, with the rule, and the dialog kept")
	}
	if roll := find(dlg, func(s *widget.Select) bool { return s.PlaceHolder == "the face rolled" }); roll.Selected != "3" {
		t.Fatalf("the roll chosen was lost: %q", roll.Selected)
	}
	h.w.Canvas().Overlays().Remove(dlg)
	form := NewAttackForm(h.state(), h.state().Mission, "Ana")
	if form.Granted == nil {
		t.Fatal("a resting attacker's form asks what grants the attack")
	}
	form.Target.SetSelected(adv)
	form.Roll.SetSelected("3")
	if _, err := form.Command(); err == nil || !strings.Contains(err.Error(), "resting") || !strings.Contains(err.Error(), "Rulebook p.13") {
		t.Fatalf("a rest-turn attack without a grant must be explained, got %v", err)
	}
	form.Granted.SetText("Shock Gloves")
	c, err := form.Command()
	if err != nil || c.Granted != "Shock Gloves" {
		t.Fatalf("%+v %v", c, err)
	}
	hp := figure(h.state().Mission, adv).HP
	p.doAttack(nil, c)
	if got := figure(h.state().Mission, adv).HP; got >= hp {
		t.Fatalf("the granted attack should hit %s: HP %d → %d, %v", adv, hp, got, h.errs)
	}
}
