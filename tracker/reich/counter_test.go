package reich

import (
	"slices"
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// counterSetup: H1 holds Counter; a grunt in A1 (alert) attacks H1 in the
// enemy turn after H1's turn; another grunt waits at ease in B1.
func counterSetup(t *testing.T) (s *tracker.Session, mem *tracker.MemStore, attacker, other string) {
	t.Helper()
	s, mem = raidOf(t, testLibrary(), "H1", "H2")
	h := *st(s).Mission.hero("H1")
	h.Skills = append(h.Skills, Skill{ID: "Counter", Type: SkillDefence, Active: true})
	setHero(t, s, h)
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "GR", Area: "B1"}},
		Awareness: map[string]content.Awareness{"R1": content.Alert}})
	for _, u := range st(s).Mission.Units {
		if u.Area == "A1" {
			attacker = u.ID
		} else {
			other = u.ID
		}
	}
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	m := st(s).Mission
	if len(m.Pending) != 1 || !slices.Equal(m.Pending[0].Defenders, []string{"H1"}) {
		t.Fatalf("want one attack on H1: %+v", m.Pending)
	}
	return s, mem, attacker, other
}

// TestCounterAttackDuringDefence: §12.1 Counter — once per defence test, a
// hero with Counter attacks a unit that attacked them, outside their own
// turn; no basic action, no pacifying bookkeeping.
func TestCounterAttackDuringDefence(t *testing.T) {
	s, _, attacker, other := counterSetup(t)
	counter := func(hero, target string, against int) Attack {
		return Attack{Hero: hero, Counter: true, Against: against, Weapon: 1, Targets: []string{target}, Total: 5}
	}
	refused(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{attacker}, Total: 5}, "not Hero H1's turn")
	refused(t, s, counter("H2", attacker, 0), "Counter")
	refused(t, s, counter("H1", attacker, 3), "no enemy attack number 4")
	refused(t, s, counter("H1", other, 0), "did not attack")
	refused(t, s, Attack{Hero: "H1", Counter: true, Basic: true, Weapon: 1, Targets: []string{attacker}, Total: 5}, "basic")
	e := do(t, s, counter("H1", attacker, 0))
	m := st(s).Mission
	if m.unit(attacker) != nil {
		t.Fatal("the counter attack did not kill the grunt")
	}
	if d := Rules.Describe(e); !containsAll(d, "Counter", "Hero H1") {
		t.Fatalf("diary line %q", d)
	}
	if h := m.hero("H1"); h.Turn.Basic != 0 || len(h.Turn.Kills) != 0 {
		t.Fatalf("a counter is no action of a turn: %+v", h.Turn)
	}
	if len(m.Pending) != 1 {
		t.Fatal("the defence test is still to be made after the counter")
	}
	refused(t, s, counter("H1", attacker, 0), "once per defence test")
	do(t, s, Defend{Hero: "H1", Attack: 0, Total: 9})
	do(t, s, EnemyTurn{}) // the enemy turn goes on after the test (§7.5.5)
	if st(s).Mission.Current != "H2" {
		t.Fatal("H2's turn did not follow the defence test")
	}
	refused(t, s, counter("H1", other, 0), "no enemy attack")
}

// TestCounterNeedsTheSkillActive: a Counter token flipped to its used side
// does not count.
func TestCounterNeedsTheSkillActive(t *testing.T) {
	s, _, attacker, _ := counterSetup(t)
	do(t, s, SetSkillActive{Hero: "H1", Skill: "Counter", Active: false})
	refused(t, s, Attack{Hero: "H1", Counter: true, Weapon: 1, Targets: []string{attacker}, Total: 5}, "Counter")
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestCounterOnAnOldPendingAttack: a pending attack recorded before the
// attacking units were kept (an old log) still allows a counter on a unit
// of the attacking type.
func TestCounterOnAnOldPendingAttack(t *testing.T) {
	s, _, attacker, _ := counterSetup(t)
	old := st(s).clone()
	old.Mission.Pending[0].Units = nil
	kind, err := Rules.Decide(old, Attack{Hero: "H1", Counter: true, Weapon: 1, Targets: []string{attacker}, Total: 5}, tracker.NewDice(7, 0))
	if err != nil || kind.Kind != kindPrefix+"hero.counter" {
		t.Fatalf("counter on an old pending attack: %v %v", kind.Kind, err)
	}
}
