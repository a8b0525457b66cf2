package phantom

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// Rulebook p.10: each adversary of a type gets its own HP base at setup.
// The Play tab shows each adversary's base during setup to choose from;
// later a wrong one is corrected with the figure's other corrections.
func TestAdversaryColoursChosenAndCorrected(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	p := NewPlayScreen(h.ctx)
	h.w.SetContent(p.Object())
	const b1, b2 = "Vex Brute 1", "Vex Brute 2"
	base := func(name string) *widget.Select {
		return find(h.figCard(name).Content, func(s *widget.Select) bool { return slices.Equal(s.Options, colourNames) })
	}
	sel := base(b1)
	if sel == nil || sel.Selected != "dark blue" {
		t.Fatalf("the proposed base is shown to choose from: %+v", sel)
	}
	sel.SetSelected("red")
	if got := figure(h.state().Mission, b1).Colour; got != "red" {
		t.Fatalf("chosen: %s, %v", got, h.errs)
	}
	if last := h.msgs[len(h.msgs)-1]; last != "HP-base colours chosen: Vex Brute 1 dark blue → red" {
		t.Fatalf("logged: %q", last)
	}
	h.toTurns()
	p.Refresh()
	if base(b1) != nil {
		t.Fatal("once the mission has begun the base is corrected by hand, not chosen on the card")
	}
	test.Tap(button(h.figCard(b2).Content, "Correct by hand…"))
	dlg := h.w.Canvas().Overlays().Top()
	find(dlg, func(s *widget.Select) bool { return slices.Equal(s.Options, colourNames) }).SetSelected("red")
	find(dlg, func(e *widgets.TextEntry) bool { return e.PlaceHolder == "why (for the log)" }).SetText("its base is red")
	test.Tap(button(dlg, "Record"))
	m := h.state().Mission
	if figure(m, b2).Colour != "red" || figure(m, b1).Colour != "light blue" {
		t.Fatalf("taking Vex Brute 1's red swaps them: %s, %s, %v", figure(m, b1).Colour, figure(m, b2).Colour, h.errs)
	}
	if last := h.msgs[len(h.msgs)-1]; !strings.Contains(last, "(its base is red)") || !strings.Contains(last, "swapped") {
		t.Fatalf("logged: %q", last)
	}
}

// A character's equipment is corrected on its sheet without the shop,
// saying why.
func TestEquipmentCorrectedOnTheSheet(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), tp.SaveContent{Kind: tp.KindEquipment, Data: raw(tp.Equipment{ID: "Hood", Tier: 1, Planet: "Orbos", Slot: "head", Cost: 4})}))
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	c.Tabs.SelectIndex(1)
	card := func() *widget.Card {
		return find(c.chars, func(w *widget.Card) bool {
			return strings.Contains(uitestText(w), "Correct the equipment by hand") && !strings.Contains(uitestText(w), "Equip, charge")
		})
	}
	if card() == nil {
		t.Fatal("no equipment correction on the sheet")
	}
	playersWords(t, uitestText(card()))
	find(card(), func(s *widget.Select) bool { return s.PlaceHolder == "equipment it has" }).SetSelected("Hood")
	test.Tap(button(card(), "Add"))
	if !strings.Contains(h.lastErr(), "say why") {
		t.Fatalf("a correction says why: %q", h.lastErr())
	}
	find(card(), func(s *widget.Select) bool { return s.PlaceHolder == "equipment it has" }).SetSelected("Hood")
	find(card(), func(e *widgets.TextEntry) bool { return e.PlaceHolder == "why the equipment is corrected" }).SetText("found on Orbos, never entered")
	test.Tap(button(card(), "Add"))
	if eq := h.state().Characters["Ana"].Equipment; len(eq) != 1 || eq[0].ID != "Hood" {
		t.Fatalf("Ana owns the Hood: %+v %v", eq, h.errs)
	}
	if _, ok := h.ctx.Run(h.s.Undo); !ok || len(h.state().Characters["Ana"].Equipment) != 0 {
		t.Fatal("undo takes it back")
	}
}
