package phantom

import (
	"strings"
	"testing"

	"tablekeeper/automa"
)

// What a turn reports, in the words the players read: the primary target
// of every turn that has none, the figure a blocked attack hit, and each
// tie-breaker said once in the trace.

// Every turn without a primary target says "none": a Stunned adversary
// (RB p.37: no actions until its next full turn has ended) as much as one
// placed after the draw or one with no enemy to aim at.
func TestNoTargetReadsNone(t *testing.T) {
	cases := []struct {
		name  string
		build func(sc *scene)
	}{
		{"Stunned", func(sc *scene) {
			sc.adv("Me", "Raider", Red, "C3").Conditions = []string{"Stunned"}
			sc.char("Foe", Yellow, "E3")
		}},
		{"placed after the draw", func(sc *scene) {
			sc.adv("Me", "Raider", Red, "C3").PlacedAfterDraw = true
			sc.char("Foe", Yellow, "E3")
		}},
		{"no enemy on the map", func(sc *scene) {
			sc.adv("Me", "Raider", Red, "C3")
		}},
		{"defeated by Bleeding at the start of its turn", func(sc *scene) {
			me := sc.adv("Me", "Raider", Red, "C3")
			me.Conditions, me.HP = []string{"Bleeding"}, 2
			sc.char("Foe", Yellow, "E3")
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := newScene(t, grid(8, 6, nil), face(Red, North, East))
			sc.typ("Raider", 1, moveCard(3), allRows(attackCard(2))...)
			c.build(sc)
			sc.s.Rolls.Attack = []string{"2"}
			turn, tr := sc.turn("Me")
			if turn.PrimaryTarget != "none" {
				t.Fatalf("primary target %q, want \"none\"\n%s", turn.PrimaryTarget, tr)
			}
		})
	}
}

// RB p.36, p.61 Fig. 49: a Block makes the blocker "the target of the
// Attack": the attack's report names the figure (or object) that took the
// hit as its target, and says whom it was aimed at.
func TestBlockedAttackNamesWhatTookTheHit(t *testing.T) {
	ms := mapSpec{rows: []string{
		"_ _ _ _ _",
		" _ _ _ _ _",
		". . . O .",
		" _ _ _ _ _",
	}}
	cases := []struct {
		name, blocker string
		accuracy      []string
		want          string
	}{
		{"a figure blocks", "C3", []string{"block"}, "Sentry"},
		{"an object blocks", "", []string{"success", "block"}, "object on D3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := newScene(t, ms, face(Red, North, East))
			sc.typ("Grallok Archer", 6, Card{AP: 1}, allRows(attackCard(2))...)
			sc.typ("Grallok Sentry", 1, Card{AP: 1}, allRows(Card{AP: 9})...)
			sc.adv("Archer", "Grallok Archer", LightBlue, "A3")
			sc.adv("Sentry", "Grallok Sentry", Yellow, "C3")
			sc.char("Human", Red, "E3")
			sc.s.Rolls.Attack = []string{"2"}
			sc.s.Rolls.Accuracy = c.accuracy
			turn, tr := sc.turn("Archer")
			a := events(turn, "attack")
			if len(a) != 1 {
				t.Fatalf("attacks %+v\n%s", turn.Events, tr)
			}
			rep := a[0].Attack
			if rep.Target != c.want || a[0].Target != c.want {
				t.Fatalf("report target %q, event target %q: want %q, the one that took the hit\n%s", rep.Target, a[0].Target, c.want, tr)
			}
			if rep.AimedAt != "Human" {
				t.Fatalf("aimed at %q, want Human", rep.AimedAt)
			}
			if turn.PrimaryTarget != "Human" {
				t.Fatalf("the primary target stays Human, got %s", turn.PrimaryTarget)
			}
		})
	}
	t.Run("not blocked: aimed at is left empty", func(t *testing.T) {
		sc := newScene(t, ms, face(Red, North, East))
		sc.typ("Grallok Archer", 6, Card{AP: 1}, allRows(attackCard(2))...)
		sc.adv("Archer", "Grallok Archer", LightBlue, "A3")
		sc.char("Human", Red, "E3")
		sc.s.Rolls.Attack = []string{"2"}
		sc.s.Rolls.Accuracy = []string{"success"}
		turn, tr := sc.turn("Archer")
		rep := events(turn, "attack")[0].Attack
		if rep.Target != "Human" || rep.AimedAt != "" {
			t.Fatalf("target %q aimed at %q\n%s", rep.Target, rep.AimedAt, tr)
		}
	})
}

// saidOnce checks the trace as the players read it (TraceLines): no step
// names its tie-breaker twice ("tie-break: tie-breaker 2: …"), and the
// tie-breaker that settled a step is said.
func saidOnce(t *testing.T, tr automa.Trace, want string) {
	t.Helper()
	lines := TraceLines(tr)
	found := false
	for _, l := range lines {
		if strings.Contains(l, "tie-break: tie-breaker") {
			t.Errorf("a tie-breaker said twice: %s", l)
		}
		for _, st := range tr.Steps {
			if st.TieBreak != "" && strings.Count(l, st.TieBreak) > 1 {
				t.Errorf("%q said %d times: %s", st.TieBreak, strings.Count(l, st.TieBreak), l)
			}
		}
		found = found || strings.Contains(l, want)
	}
	if !found {
		t.Errorf("no line says %q:\n%s", want, strings.Join(lines, "\n"))
	}
}

func TestTraceSaysEachTieBreakerOnce(t *testing.T) {
	t.Run("end space, tie-breaker 2: most other enemies", func(t *testing.T) {
		sc := newScene(t, grid(8, 6, nil), face(Yellow, North, East))
		sc.typ("Grallok Berserker", 1, moveCard(4), allRows(attackCard(2))...)
		sc.adv("Berserker", "Grallok Berserker", DarkBlue, ax(1, 2))
		sc.char("Blue", DarkBlue, ax(3, 2))
		sc.char("Red", Red, ax(4, 3))
		sc.s.Rolls.Attack = []string{"1"}
		_, tr := sc.turn("Berserker")
		saidOnce(t, tr, "tie-breaker 2: most other enemies")
	})
	t.Run("primary target, tie-breaker 1: hazard-free", func(t *testing.T) {
		sc := newScene(t, mapSpec{rows: []string{". F . .", " . _ _ _", ". . . ."}}, face(Red, North, East))
		sc.typ("Raider", 1, moveCard(3), allRows(attackCard(2))...)
		sc.adv("Me", "Raider", DarkBlue, "A2")
		sc.char("Red", Red, "C1")
		sc.char("Yellow", Yellow, "C3")
		_, tr := sc.target("Me", 0)
		saidOnce(t, tr, "tie-breaker 1: hazard-free")
	})
	t.Run("object, tie-breaker 1: hazard-free", func(t *testing.T) {
		sc := newScene(t, mapSpec{rows: []string{". F O . .", " . _ _ _ .", ". . O . ."}}, face(Red, North, East))
		sc.typ("Raider", 1, moveCard(3), allRows(attackCard(2))...)
		sc.adv("Me", "Raider", DarkBlue, "A2")
		sc.char("Far", Red, "E2")
		_, tr := sc.target("Me", 0)
		saidOnce(t, tr, "tie-breaker 1: hazard-free")
	})
	t.Run("retreat, tie-breaker: fewest MP", func(t *testing.T) {
		// Retreat 2 from B2 away from the enemy on C2: the farthest spaces
		// include A1, difficult terrain (2 MP); fewest MP drops it.
		sc := newScene(t, grid(6, 4, map[string]string{"A1": "d", "A3": "d", "A4": "d"}), face(Red, North, East))
		sc.typ("Raider", 1, Card{AP: 2, Actions: []Action{{Kind: ActRetreat, Value: 2}}}, allRows(Card{AP: 1})...)
		sc.adv("Me", "Raider", DarkBlue, "B2")
		sc.char("Foe", Red, "C2")
		_, tr := sc.turn("Me")
		saidOnce(t, tr, "tie-breaker: fewest MP → 3 spaces left")
	})
}

// A Vengeful strike-back aims at the attacker: the reaction names
// it as its target, not "none"; a reaction with nothing to do reads none.
func TestReactionTarget(t *testing.T) {
	for _, c := range []struct {
		name  string
		conds []string
		want  string
	}{{"Vengeful strikes back at Ana", []string{"Vengeful"}, "Ana"}, {"nothing to do", nil, "none"}} {
		t.Run(c.name, func(t *testing.T) {
			sc := newScene(t, grid(8, 5, nil), face(Red, North, East))
			sc.typ("Human Scout", 2, Card{AP: 2}, allRows(Card{AP: 3})...)
			sc.adv("Scout", "Human Scout", Red, "C3").Conditions = c.conds
			sc.char("Ana", Yellow, "D3")
			sc.s.Decide, sc.s.Adversary, sc.s.Attacker, sc.s.Melee = "react", "Scout", "Ana", true
			sc.s.Rolls.Attack = []string{"2"}
			turn, tr, err := Reaction(sc.check(), "Scout", "Ana", true, nil)
			if err != nil {
				t.Fatal(err)
			}
			if turn.PrimaryTarget != c.want {
				t.Fatalf("reaction's target %q, want %q\n%s", turn.PrimaryTarget, c.want, tr)
			}
		})
	}
}

// RB p.50: "A figure is Frozen during their turn. There is no immediate
// effect, and they complete their turn as normal. Frozen is not removed at
// the end of the current turn." Gained during its own turn by a card's own
// action, or received while the turn waited and worked out again
// (GainedThisTurn): its card still converts to movement, and Frozen stays.
func TestFrozenDuringItsOwnTurnHasNoEffectYet(t *testing.T) {
	for _, c := range []struct {
		name    string
		species Card
		gained  []string
	}{
		{"given by its own card", Card{AP: 2, Actions: []Action{{Kind: ActGrantCondition, Condition: "Frozen", SelfOnly: true}}}, nil},
		{"received while its turn waited", Card{AP: 2}, []string{"Frozen"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := newScene(t, grid(8, 5, nil), face(Red, North, East))
			sc.typ("Grallok Sentry", 1, c.species, allRows(attackCard(3))...)
			me := sc.adv("Sentry", "Grallok Sentry", Red, "A1")
			if c.gained != nil {
				me.Conditions, me.GainedThisTurn = []string{"Frozen"}, c.gained
			}
			sc.char("Ana", Yellow, "H5")
			turn, tr := sc.turn("Sentry")
			if turn.End == "A1" || len(events(turn, "move")) != 1 {
				t.Fatalf("its attack card, out of reach, converts to a Move 3 as normal: ended on %s\n%s", turn.End, tr)
			}
			if !strings.Contains(conds(turn, "Sentry"), "Frozen") {
				t.Fatalf("Frozen stays for its next turn: %q\n%s", conds(turn, "Sentry"), tr)
			}
		})
	}
}
