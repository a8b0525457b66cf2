package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/uitest"
)

// TestVrilAcidAttackSaysNoItems: V-11 — no items on defence tests against a
// Vril Acid unit's ranged attack. The defence total is typed as one number,
// so the app cannot refuse an item; the waiting attack says so instead.
func TestVrilAcidAttackSaysNoItems(t *testing.T) {
	ctx, _ := newCtx(t)
	p := startRaid(t, ctx)
	fac := st(ctx).Library.Factions[0]
	for i := range fac.Units {
		if fac.Units[i].Code == "GR" {
			k, err := content.ParseKeyword("vrilAcid")
			if err != nil {
				t.Fatal(err)
			}
			fac.Units[i].Keywords = append(fac.Units[i].Keywords, k)
		}
	}
	must(t, ctx, rb.PutFaction{Faction: fac})
	p.Order = []string{"H1", "H2"}
	p.Next()
	must(t, ctx, rb.Override{Reason: "test", Place: []rb.UnitPlacement{{Code: "GR", Area: "B2"}}, Doors: map[string]content.DoorState{"D1": content.Open},
		Awareness: map[string]content.Awareness{"R2": content.Alert}})
	p.Next() // H1's turn ends
	p.Next() // the enemy turn: the grunt shoots
	m := st(ctx).Mission
	if len(m.Pending) != 1 || m.Pending[0].Mode != "ranged" || !m.Pending[0].NoItems {
		t.Fatalf("want a Vril Acid ranged attack waiting: %+v (%s)", m.Pending, p.k.Message())
	}
	if txt := uitest.Text(p.pending); !strings.Contains(txt, "no items on this defence test (Vril Acid)") {
		t.Fatalf("the waiting attack does not say no items:\n%s", txt)
	}
	d := p.DefendForm(0)
	if !strings.Contains(d.Title, "no items") {
		t.Fatalf("the defence form %q does not say no items", d.Title)
	}
	// V-18 (clamp): a threshold typed below 0 is accepted as 0 (the diary
	// says so, see the tracker's table): 4 damage is a permanent wound.
	setEntry(t, d, "Defence total", "0")
	setEntry(t, d, "Wound card", "W1")
	setEntry(t, d, "Threshold", "-1")
	submitOK(t, d)
	if h := st(ctx).Mission.HeroByID("H1"); h.Permanent() != 1 {
		t.Fatalf("threshold -1 taken as 0: want 1 permanent wound, have %d", h.Permanent())
	}
}
