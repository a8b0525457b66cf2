package alone

import (
	"strings"
	"testing"

	"tablekeeper/automa/alone"
)

// Issue 15 item 8: a Companion's share of one damage event is a
// correction with a reason (the rules never split it, §3.7, V26).
func TestCompanionShareOfDamage(t *testing.T) {
	s := bookkeeping(t)
	refused(t, s, DealDamage{Kind: alone.LifeDamage, N: 3, CompanionShare: 1, Why: "card"}, "§3.7") // no Companion
	do(t, s, CompanionCmd{Do: "gain", Character: "Engineer"})
	do(t, s, StartTurn{})
	refused(t, s, DealDamage{Kind: alone.LifeDamage, N: 3, CompanionShare: 1}, "§8 V26")
	refused(t, s, DealDamage{Kind: alone.LifeDamage, N: 3, CompanionShare: 4, Why: "x"}, "§8 V26")
	refused(t, s, DealDamage{Kind: alone.LifeDamage, N: 3, CompanionShare: -1, Why: "x"}, "§8 V26")
	refused(t, s, DealDamage{Kind: alone.LifeDamage, N: 3, CompanionShare: 1, ToCompanion: true, Why: "x"}, "§8 V26")
	refused(t, s, CompleteMission{Which: 1, Damage: []DealDamage{{Kind: alone.LifeDamage, N: 2, CompanionShare: 1, Why: "x"}}}, "§8 V26")
	e := do(t, s, DealDamage{Kind: alone.LifeDamage, N: 3, CompanionShare: 1, Why: "the Companion's card takes 1", Source: "Fury card"})
	g := st(s)
	if g.Companion.Charges != CompanionCharges-1 || g.Life != 10 {
		t.Fatalf("Charges %d, Life %d", g.Companion.Charges, g.Life)
	}
	if l := s.Describe(e); !strings.Contains(l, "shared by correction (the Companion's card takes 1)") || !strings.Contains(l, "Charges 6 → 5") || !strings.Contains(l, "Life 12 → 10") {
		t.Fatalf("diary %q", l)
	}
	if tr := g.T.Triggers; len(tr) != 1 || tr[0] != TriggerLife {
		t.Fatalf("the Hero's part is Life damage: triggers %v", tr)
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if g := st(s); g.Companion.Charges != CompanionCharges || g.Life != 12 {
		t.Fatal("undo takes the shared damage back")
	}
	// All of it as a share: the Hero takes none, and no trigger.
	do(t, s, DealDamage{Kind: alone.SCDamage, N: 2, CompanionShare: 2, Why: "x"})
	if g := st(s); g.SC != 12 || g.Companion.Charges != CompanionCharges-2 || len(g.T.Triggers) != 0 {
		t.Fatalf("SC %d Charges %d triggers %v", g.SC, g.Companion.Charges, g.T.Triggers)
	}
}

// Issue 15 item 8: Nightmare Mode switched off by correction, with the
// reason (V10: it never ends by the rules); on again without one.
func TestCorrectNightmare(t *testing.T) {
	s := bookkeeping(t)
	do(t, s, Correct{Field: "roundMarker", Value: 0, Why: "test"})
	if !st(s).Nightmare {
		t.Fatal("the final space triggers Nightmare")
	}
	refused(t, s, Correct{Field: "nightmare", Value: 0}, "§8 V10")
	refused(t, s, Correct{Field: "nightmare", Value: 2, Why: "x"}, "§2.4")
	e := do(t, s, Correct{Field: "nightmare", Value: 0, Why: "the marker was moved by mistake"})
	if st(s).Nightmare || !strings.Contains(s.Describe(e), "Nightmare Mode on → off (the marker was moved by mistake)") {
		t.Fatalf("nightmare %v: %q", st(s).Nightmare, s.Describe(e))
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if !st(s).Nightmare {
		t.Fatal("undo switches Nightmare back on")
	}
	if _, err := s.Redo(); err != nil {
		t.Fatal(err)
	}
	refused(t, s, Correct{Field: "nightmare", Value: 0, Why: "x"}, "§2.4")
	do(t, s, Correct{Field: "nightmare", Value: 1})
	if !st(s).Nightmare {
		t.Fatal("on again by hand")
	}
}
