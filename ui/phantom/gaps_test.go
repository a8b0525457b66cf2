package phantom

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
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
	heal := find(card.Content, func(e *widget.Entry) bool { return e.PlaceHolder == "HP" })
	heal.SetText("2")
	test.Tap(button(card.Content, "Heal action (bandage)"))
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
	heal = find(card.Content, func(e *widget.Entry) bool { return e.PlaceHolder == "HP" })
	heal.SetText("2")
	test.Tap(button(card.Content, "Heal action (bandage)"))
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
