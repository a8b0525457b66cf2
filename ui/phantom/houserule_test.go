package phantom

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/widgets"
)

// Rulebook p.27: an enemy already in range counts the range of the
// adversary's action; the house rule keeping the Description card's range
// everywhere is a switch on the Settings tab, in the players' words.
func TestHouseRuleTargetWithBaseRange(t *testing.T) {
	h := newHarness(t, fixture(6, 4))
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	c.Tabs.SelectIndex(len(c.Tabs.Items) - 1)
	find1 := func() *widgets.CheckRow {
		return find(c.settings, func(r *widgets.CheckRow) bool { return strings.Contains(r.Text, "Description card") })
	}
	row := find1()
	if row == nil {
		t.Fatal("no switch for the house rule on the Settings tab")
	}
	if row.Check.Checked || !strings.Contains(row.Text, "house rule") || !strings.Contains(row.Text, "Rulebook p.27") {
		t.Fatalf("off by default, said as a house rule citing the rulebook: %q checked %v", row.Text, row.Check.Checked)
	}
	playersWords(t, row.Text)
	test.Tap(row.Check)
	if !h.state().Settings.TargetWithBaseRange || !find1().Check.Checked {
		t.Fatalf("the house rule is not on: %v", h.errs)
	}
	if last := h.msgs[len(h.msgs)-1]; !strings.Contains(last, "targetWithBaseRange on") {
		t.Fatalf("logged: %q", last)
	}
}
