package phantom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	tp "tablekeeper/tracker/phantom"
)

func TestEventDeckBuiltAndDrawnEachRound(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	p := NewPlayScreen(h.ctx)
	h.w.SetContent(p.Object())

	build := button(h.w.Content(), "Build the event deck")
	if build == nil {
		t.Fatal("no event deck form at setup")
	}
	p.EventEarly[1].SetValue(3)
	test.Tap(build)
	if !strings.Contains(h.lastErr(), "at least 5") {
		t.Fatalf("too few Round 1-5 cards must be refused with the rule, got %q", h.lastErr())
	}
	p.EventEarly[1].SetValue(7)
	p.EventLate[0].SetValue(8)
	p.EventLate[1].SetValue(10)
	test.Tap(button(h.w.Content(), "Build the event deck"))
	m := h.state().Mission
	if len(m.Events) != 8 {
		t.Fatalf("deck: %v, %v", m.Events, h.errs)
	}
	for _, id := range m.Events[:5] {
		if !slices.Contains([]string{"1", "2", "3", "4", "5", "6", "7"}, id) {
			t.Fatalf("the five on top must be Round 1-5 cards: %v", m.Events)
		}
	}

	// Round 1: the Decision die, then Next draws the event (step 2) before
	// the adversary cards.
	if !p.Next() {
		t.Fatal("Next did not begin the round")
	}
	if _, cmd := NextStep(h.state()); fmt.Sprintf("%T", cmd) != "phantom.DrawEvent" {
		t.Fatalf("the event comes next, got %T (%q)", cmd, p.Step.Text)
	}
	top := h.state().Mission.Events[0]
	p.Next()
	m = h.state().Mission
	if m.Event != top || m.EventRound != 1 || len(m.Events) != 7 {
		t.Fatalf("event drawn: %q (top %q) round %d, %d left", m.Event, top, m.EventRound, len(m.Events))
	}
	if find(h.w.Content(), func(l *widget.Label) bool { return l.Text == "Round 1 event: card "+top }) == nil {
		t.Error("the round's event is not shown")
	}
	if _, cmd := NextStep(h.state()); fmt.Sprintf("%T", cmd) != "phantom.DrawAdversaryCards" {
		t.Fatalf("one event a round: next should draw adversary cards, got %T", cmd)
	}

	// Undo, then enter the card drawn at the table instead.
	h.ctx.Run(h.s.Undo)
	want := h.state().Mission.Events[3]
	p.EventDrawn.SetSelected(want)
	test.Tap(button(h.w.Content(), "Draw this round's event"))
	if m = h.state().Mission; m.Event != want {
		t.Fatalf("the table's card: %q, want %q (%v)", m.Event, want, h.errs)
	}
}

// toCharacterTurn plays Next and confirms adversary turns until a
// character's turn has started.
func (h *harness) toCharacterTurn(p *PlayScreen) string {
	h.t.Helper()
	for i := 0; i < 40; i++ {
		m := h.state().Mission
		if f := figure(m, m.Current); f != nil && f.Side == "character" {
			return f.Name
		}
		if m.Pending != nil {
			h.do(tp.ConfirmAdversaryTurn{})
			continue
		}
		if !p.Next() {
			h.t.Fatalf("Next did nothing: %q, %v", p.Step.Text, h.errs)
		}
	}
	h.t.Fatal("no character's turn came")
	return ""
}

// besideFirstAdversary puts the acting character on a free space at range
// 1 of an adversary and returns the adversary.
func (h *harness) besideFirstAdversary(who string) string {
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
	for _, f := range m.Figures {
		if f.Side != "adversary" || f.Defeated || f.Position == "" {
			continue
		}
		at, _ := hm.Index(f.Position)
		for _, sp := range hm.Layout().Spaces {
			i, _ := hm.Index(sp.Label)
			if taken[sp.Label] || hm.Range(i, at) != 1 || sp.Object != hex.NoObject || sp.Terrain != hex.Normal || sp.Hazard != hex.NoHazard {
				continue
			}
			pos := sp.Label
			h.do(tp.CorrectFigure{Figure: who, Position: &pos, Reason: "test"})
			return f.Name
		}
	}
	h.t.Fatal("no space beside an adversary")
	return ""
}

func TestACharacterAttacksAndAVengefulAdversaryStrikesBack(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	h.toTurns()
	p := NewPlayScreen(h.ctx)
	h.w.SetContent(p.Object())
	who := h.toCharacterTurn(p)
	adv := h.besideFirstAdversary(who)
	h.do(tp.Inflict{Figure: adv, Condition: "Vengeful"})
	if button(h.w.Content(), "Attack…") == nil || button(h.w.Content(), "Reacts to "+who+"'s attack…") == nil {
		t.Fatal("the acting character's card needs Attack, an adversary's a reaction")
	}

	form := NewAttackForm(h.state(), h.state().Mission, who)
	if _, err := form.Command(); err == nil || !strings.Contains(err.Error(), "whom") {
		t.Fatalf("an attack without a target must be explained, got %v", err)
	}
	if !slices.Contains(form.Target.Options, adv) || slices.Contains(form.Target.Options, who) {
		t.Fatalf("targets are the enemies on the map: %v", form.Target.Options)
	}
	form.Target.SetSelected(adv)
	if _, err := form.Command(); err == nil || !strings.Contains(err.Error(), "face") {
		t.Fatalf("a missing roll must be explained, got %v", err)
	}
	if got := form.Faces; !slices.Equal(got, []string{"1", "2", "3", "crit"}) {
		t.Fatalf("the basic die's faces are offered: %v", got)
	}
	if !slices.Equal(form.Roll.Options, form.Faces) {
		t.Fatalf("the face rolled is picked among the die's faces: %v", form.Roll.Options)
	}
	form.Roll.SetSelected("3")
	c, _ := form.Command()
	hp := figure(h.state().Mission, adv).HP
	p.doAttack(nil, c)
	f := figure(h.state().Mission, adv)
	if f.HP != hp-3 {
		t.Fatalf("%s HP %d → %d, want 3 damage (%v)", adv, hp, f.HP, h.errs)
	}
	yes := button(h.w.Canvas().Overlays().Top(), "Work it out")
	if yes == nil {
		t.Fatal("a Vengeful adversary hit in melee should offer its strike-back")
	}
	test.Tap(yes)
	m := h.state().Mission
	if m.Pending == nil || !m.Pending.Reaction || m.Pending.Adversary != adv {
		t.Fatalf("the strike-back should wait for confirmation: %+v, %v", m.Pending, h.errs)
	}
	if _, cmd := NextStep(h.state()); cmd != nil {
		t.Fatalf("Next must wait for the reaction to be confirmed, got %T", cmd)
	}
	h.do(tp.ConfirmAdversaryTurn{})
	if m = h.state().Mission; m.Current != who {
		t.Fatalf("%s's turn goes on after the reaction, current %q", who, m.Current)
	}

	// A second attack after the first is allowed, but not a converted one.
	form = NewAttackForm(h.state(), h.state().Mission, who)
	form.Target.SetSelected(adv)
	form.Roll.SetSelected("1")
	form.Converted.SetChecked(true)
	c, _ = form.Command()
	p.doAttack(nil, c)
	if !strings.Contains(h.lastErr(), "converted attack must be the only one") {
		t.Fatalf("got %q", h.lastErr())
	}

	// An attack that leaves the Vengeful target Knocked Down gets no
	// strike-back (§4 Vengeful, A-13).
	form.Converted.SetChecked(false)
	h.do(tp.Inflict{Figure: adv, Condition: "Vengeful"})
	form.Inflict.SetSelected([]string{"Knocked Down"})
	c, _ = form.Command()
	p.doAttack(nil, c)
	if f := figure(h.state().Mission, adv); f == nil || f.Defeated || !hasAny(f, "Knocked Down") {
		t.Fatalf("the second attack should leave %s standing but Knocked Down: %+v, %v", adv, f, h.errs)
	}
	if top := h.w.Canvas().Overlays().Top(); top != nil && button(top, "Yes") != nil {
		t.Fatal("a Knocked Down Vengeful adversary must not be offered a strike-back")
	}
}

func TestStandaloneTrainingFromTheCharactersTab(t *testing.T) {
	cmds := fixture(6, 4)
	for i := 1; i <= 5; i++ {
		cmds = append(cmds, tp.SaveContent{Kind: tp.KindAttachment, Data: raw(tp.Attachment{ID: fmt.Sprintf("AT%d", i), Tier: 1, Type: "ranged"})})
	}
	cmds = append(cmds, tp.SetAttachmentDeck{Tier: 1, Cards: []string{"AT1", "AT2", "AT3", "AT4", "AT5"}})
	h := newHarness(t, cmds)
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	train := button(c.chars, "Train")
	if train == nil {
		t.Fatal("new characters should be offered a standalone training")
	}
	test.Tap(train)
	if !strings.Contains(h.lastErr(), "name the new characters") {
		t.Fatalf("a training without characters must be explained, got %q", h.lastErr())
	}
	find(c.chars, func(ch *widget.Check) bool { return ch.Text == "Ana" }).SetChecked(true)
	test.Tap(button(c.chars, "Train"))
	s := h.state()
	drawn := s.Sheet.TrainingDraws["Ana"]
	if len(drawn) != 4 || s.Characters["Ana"].Nova != 15 || s.Characters["Ana"].SP != 3 {
		t.Fatalf("training: drawn %v, nova %d, SP %d, %v", drawn, s.Characters["Ana"].Nova, s.Characters["Ana"].SP, h.errs)
	}
	tick := func(ids ...string) {
		for _, id := range drawn {
			find(c.chars, func(ch *widget.Check) bool { return ch.Text == id }).SetChecked(slices.Contains(ids, id))
		}
	}
	if find(c.chars, func(ch *widget.Check) bool { return ch.Text == drawn[0] }) == nil {
		t.Fatal("the drawn attachments are not offered")
	}
	tick(drawn[:3]...)
	test.Tap(button(c.chars, "Keep for Ana"))
	if !strings.Contains(h.lastErr(), "at most 2") {
		t.Fatalf("keeping three must be refused, got %q", h.lastErr())
	}
	tick(drawn[:2]...)
	test.Tap(button(c.chars, "Keep for Ana"))
	s = h.state()
	if got := s.Characters["Ana"].Attachments; len(got) != 2 || s.Sheet.TrainingDraws["Ana"] != nil {
		t.Fatalf("kept: %v, %v", got, h.errs)
	}
	if button(c.chars, "Keep for Ana") != nil {
		t.Error("the keep row should go once the choice is made")
	}
}
