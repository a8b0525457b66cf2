package phantom

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// Rulebook p.17: an expedition option costing nova cells or vanished
// technology may only be chosen if the characters can cover it. The Sheet
// tab takes each option's cost with it, offers only what can be paid and
// says why the others cannot.
func TestExpeditionOptionsOnTheSheet(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd(), tp.MissionResult{Success: false},
		tp.CorrectCharacter{Character: "Ana", Nova: intp(4), Reason: "test"}, tp.CorrectCharacter{Character: "Bo", Nova: intp(1), Reason: "test"}))
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	c.Tabs.SelectIndex(2)
	entry := func(hint string) *widgets.TextEntry {
		e := find(c.sheet, func(e *widgets.TextEntry) bool { return e.PlaceHolder == hint })
		if e == nil {
			t.Fatalf("no field %q", hint)
		}
		return e
	}
	chosen := func() *widget.Select {
		return find(c.sheet, func(s *widget.Select) bool { return s.PlaceHolder == "the option the team chose" })
	}
	entry("the card's number").SetText("7")
	entry("option 1, e.g. A").SetText("bribe the pilot")
	c.expedition.nova[0].Set(6)
	entry("option 2, e.g. B").SetText("sneak aboard")
	if got := chosen().Options; !slices.Equal(got, []string{"sneak aboard"}) {
		t.Fatalf("only what the team can pay is offered: %v", got)
	}
	why := reasons(c)
	if !strings.Contains(why, "bribe the pilot costs 6 nova cells; the characters present have 5: it cannot be chosen (Rulebook p.17)") {
		t.Fatalf("the reason is shown: %q", why)
	}
	playersWords(t, why)
	c.expedition.nova[0].Set(5)
	if got := chosen().Options; !slices.Equal(got, []string{"bribe the pilot", "sneak aboard"}) {
		t.Fatalf("5 nova cells between Ana and Bo cover it: %v", got)
	}
	chosen().SetSelected("bribe the pilot")
	test.Tap(button(c.sheet, "Record the expedition"))
	s := h.state()
	if len(s.Sheet.Expeditions) != 1 || s.Characters["Ana"].Nova != 0 || s.Characters["Bo"].Nova != 0 {
		t.Fatalf("recorded and paid: %v, Ana %d, Bo %d, %v", s.Sheet.Expeditions, s.Characters["Ana"].Nova, s.Characters["Bo"].Nova, h.errs)
	}
	if _, ok := h.ctx.Run(h.s.Undo); !ok {
		t.Fatal("undo")
	}

	// An individual choice: each character picks among what it can pay.
	entry("the card's number").SetText("7")
	entry("option 1, e.g. A").SetText("A")
	entry("option 2, e.g. B").SetText("B")
	c.expedition.nova[0].Set(3)
	team := find(c.sheet, func(r *widgets.CheckRow) bool { return strings.HasPrefix(r.Text, "a team choice") })
	team.Check.SetChecked(false)
	bo := find(c.sheet, func(s *widget.Select) bool { return s.PlaceHolder == "Bo chose" })
	ana := find(c.sheet, func(s *widget.Select) bool { return s.PlaceHolder == "Ana chose" })
	if !slices.Equal(bo.Options, []string{"B"}) || !slices.Equal(ana.Options, []string{"A", "B"}) {
		t.Fatalf("Bo (1 nova cell) cannot pay A's 3: Ana %v, Bo %v", ana.Options, bo.Options)
	}
	if why := reasons(c); !strings.Contains(why, "A costs 3 nova cells; Bo has 1") {
		t.Fatalf("the reason is shown: %q", why)
	}
	ana.SetSelected("A")
	bo.SetSelected("B")
	test.Tap(button(c.sheet, "Record the expedition"))
	if s := h.state(); s.Characters["Ana"].Nova != 1 || s.Characters["Bo"].Nova != 1 {
		t.Fatalf("Ana pays 3: Ana %d, Bo %d, %v", s.Characters["Ana"].Nova, s.Characters["Bo"].Nova, h.errs)
	}
}

func intp(n int) *int { return &n }

// reasons are the reasons shown why options cannot be chosen, and the
// Expedition card's own words.
func reasons(c *CampaignScreen) string {
	card := find(c.sheet, func(w *widget.Card) bool { return w.Title == "Expedition" })
	return uitest.Text(card)
}
