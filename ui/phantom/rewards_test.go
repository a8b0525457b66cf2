package phantom

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/uitest"
)

// Rulebook p.14: a mission's other rewards are received once in the
// campaign, and the players split them between their characters. The
// mission's form takes them as plain fields; after a first success the
// Play tab shares its items and nova cells.
func TestMissionRewardsEnteredAndShared(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), tp.SaveContent{Kind: tp.KindItem, Data: raw(tp.ItemCard{ID: "Flare"})}))
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	c.Entry.Open(tp.KindMission, "Orbos-1", nil)
	f := c.Entry.Shown.(*MissionForm)
	find(f.Form(), func(ch *widget.Check) bool { return ch.Text == "Flare" }).SetChecked(true)
	f.RewardNova.Set(4)
	f.RewardVT.Set(1)
	f.OneOff.SetText("Star chart")
	labels := uitestText(f.Form())
	for _, l := range []string{"Item cards it gives", "Nova cells to share", "Vanished technology", "One-off rewards"} {
		if !strings.Contains(labels, l) {
			t.Fatalf("the form says %q: %q", l, labels)
		}
	}
	test.Tap(c.Entry.SaveButton)
	mi := h.state().Content.Missions["Orbos-1"]
	if !slices.Equal(mi.RewardItems, []string{"Flare"}) || mi.RewardNovaCells != 4 || mi.RewardVanishedTechnology != 1 || !slices.Equal(mi.OneOffRewards, []string{"Star chart"}) {
		t.Fatalf("saved: %+v %v", mi, h.errs)
	}

	h.do(startCmd())
	h.toTurns()
	p, e := NewPlayScreen(h.ctx), NewEnemyScreen(h.ctx)
	h.playRound(p, e)
	h.w.SetContent(p.Object())
	hold(t, p.SucceedBt, func() bool {
		return h.state().Mission.Phase == "over" && find(p.result, func(c *widget.Card) bool { return c.Title == "Rewards to share" }) != nil
	})
	if h.state().Mission.RewardsDue == nil {
		t.Fatalf("the item and nova cells wait to be shared: %v", h.errs)
	}
	card := find(p.result, func(c *widget.Card) bool { return c.Title == "Rewards to share" })
	if card == nil {
		t.Fatalf("no card to share the rewards:\n%s", uitestText(p.result))
	}
	playersWords(t, uitestText(card))
	test.Tap(button(card, "Share the rewards"))
	if !strings.Contains(h.lastErr(), "which character takes Flare") {
		t.Fatalf("the refusal says what is missing: %q", h.lastErr())
	}
	card = find(p.result, func(c *widget.Card) bool { return c.Title == "Rewards to share" })
	find(card, func(s *widget.Select) bool { return s.PlaceHolder == "who takes Flare" }).SetSelected("Bo")
	var nums []*Num
	for _, o := range test.LaidOutObjects(card) {
		if n, ok := o.(*Num); ok {
			nums = append(nums, n)
		}
	}
	if len(nums) != 2 {
		t.Fatalf("a nova cell stepper for each of Ana and Bo: %d", len(nums))
	}
	nums[0].Set(3)
	nums[1].Set(1)
	test.Tap(button(card, "Share the rewards"))
	s := h.state()
	if s.Mission.RewardsDue != nil || !slices.Contains(s.Characters["Bo"].Items, "Flare") {
		t.Fatalf("shared: %+v, Bo's items %v, %v", s.Mission.RewardsDue, s.Characters["Bo"].Items, h.errs)
	}
	if find(p.result, func(c *widget.Card) bool { return c.Title == "Rewards to share" }) != nil {
		t.Fatal("the card goes once the rewards are shared")
	}
}

func uitestText(o fyne.CanvasObject) string { return uitest.Text(o) }
