package phantom

import (
	"strings"
	"testing"

	"tablekeeper/ui/uitest"
)

// Rulebook p.27: an enemy already in range counts the range of the
// adversary's action; the house rule keeping the Description card's range
// everywhere is a switch on the Settings tab, in the players' words.
func TestHouseRuleTargetWithBaseRange(t *testing.T) {
	h := newHarness(t, fixture(6, 4))
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	c.Tabs.SelectIndex(len(c.Tabs.Items) - 1)
	r, ok := c.Readings["targetWithBaseRange"]
	if !ok {
		t.Fatal("no switch for the house rule on the Settings tab")
	}
	if r[0].Checked || !r[1].Checked || !strings.Contains(uitest.Text(c.settings), "House rule") || !strings.Contains(uitest.Text(c.settings), "Description card") {
		t.Fatalf("off by default, said as a house rule: %q checked %v", r[0].Text, r[0].Checked)
	}
	playersWords(t, uitest.Text(c.settings))
	r[0].SetChecked(true)
	if !h.state().Settings.TargetWithBaseRange || !c.Readings["targetWithBaseRange"][0].Checked {
		t.Fatalf("the house rule is not on: %v", h.errs)
	}
	if last := h.msgs[len(h.msgs)-1]; !strings.Contains(last, "House rule") || !strings.HasSuffix(last, "— It counts only the range on its Description card, even if its attack this round reaches farther.") || len(uitest.PlayersWords(last)) > 0 {
		t.Fatalf("logged: %q", last)
	}
}
