package phantom

import (
	"strings"
	"testing"

	"tablekeeper/automa"
)

// One test per Clarifying Example of the rulebook (RB p.50–58), each on a
// map that reproduces the situation the example describes.

// RB p.51 Fig. 38: both enemies at range 2 of a range-1 adversary; the red
// one needs 2 MP to an attack space, the dark blue one 1 MP; the die is red
// but MP decide first.
func TestExampleFig38FewestMP(t *testing.T) {
	sc := newScene(t, grid(4, 5, map[string]string{"B3": "O"}), face(Red, North, East))
	sc.typ("Grallok Berserker", 1, moveCard(2), allRows(attackCard(3))...)
	sc.adv("Berserker", "Grallok Berserker", DarkBlue, "A2")
	sc.char("Blue", DarkBlue, "C2")
	sc.char("Red", Red, "B4")
	got, tr := sc.target("Berserker", 0)
	if got != "Blue" {
		t.Fatalf("primary target %s, want Blue\n%s", got, tr)
	}
	if strings.Contains(tr.String(), "Decision die") {
		t.Errorf("MP alone should decide, no die:\n%s", tr)
	}
}

// RB p.51 Fig. 37: the only enemy has no empty space within range 1 around
// it: the adversary has no primary target, does not move and skips its
// attack.
func TestExampleFig37NoSpaceNoTarget(t *testing.T) {
	c := ax(1, 2)
	cells := map[string]string{}
	for _, n := range [][2]int{{2, 1}, {2, 2}, {1, 3}, {0, 3}, {0, 2}} {
		cells[ax(n[0], n[1])] = "I"
	}
	sc := newScene(t, grid(5, 5, cells), face(Red, North, East))
	sc.typ("Grallok Berserker", 1, moveCard(3), allRows(attackCard(2))...)
	sc.char("Slink", DarkBlue, c)
	sc.adv("Guard", "Grallok Berserker", Red, ax(1, 1)) // the sixth neighbour: an ally
	sc.adv("Berserker", "Grallok Berserker", DarkBlue, "E5")
	sc.s.Rolls.Attack = []string{"3"}
	got, tr := sc.target("Berserker", 0)
	if got != "none" {
		t.Fatalf("primary target %s, want none\n%s", got, tr)
	}
	turn, tr := sc.turn("Berserker")
	if turn.End != "E5" {
		t.Errorf("moved to %s; with no target it stays\n%s", turn.End, tr)
	}
	for _, e := range turn.Events {
		if e.Attack != nil {
			t.Errorf("attacked with no target: %+v", e)
		}
	}
}

// RB p.50 Fig. 36: the mission names the red character as every
// adversary's primary target. The Berserker's class action has a round
// effect, so it cannot convert to a Move toward red; it attacks the enemy
// in range instead (light blue). Without the round effect it would convert.
func TestExampleFig36Override(t *testing.T) {
	build := func(roundEffect bool) *scene {
		sc := newScene(t, grid(8, 5, nil), face(Yellow, North, East))
		roundCard := Card{Name: "attack with a round effect", AP: 3, Actions: []Action{{Kind: ActAttack, Value: 1}}}
		if roundEffect {
			roundCard.RoundEffects = []RoundEffect{{Text: "guard up", Guard: 1}}
		}
		species := Card{Name: "self-heal", AP: 2, Actions: []Action{{Kind: ActHeal, Value: 2, SelfOnly: true}}}
		sc.typ("Human Berserker", 1, species, allRows(roundCard)...)
		sc.adv("Berserker", "Human Berserker", DarkBlue, "C3")
		sc.char("Light", LightBlue, "D3")
		sc.char("Red", Red, "H5")
		sc.s.PrimaryTarget = "Red"
		sc.s.Rolls.Attack = []string{"2"}
		return sc
	}
	turn, tr := build(true).turn("Berserker")
	if turn.PrimaryTarget != "Red" {
		t.Fatalf("override ignored: %s\n%s", turn.PrimaryTarget, tr)
	}
	var hit string
	for _, e := range turn.Events {
		if e.Attack != nil {
			hit = e.Attack.Target
		}
	}
	if hit != "Light" || turn.End != "C3" {
		t.Fatalf("attacked %q ending on %s; want Light from C3\n%s", hit, turn.End, tr)
	}
	turn, tr = build(false).turn("Berserker")
	if turn.End == "C3" {
		t.Fatalf("without a round effect the card converts to a Move toward Red\n%s", tr)
	}
	for _, e := range turn.Events {
		if e.Attack != nil {
			t.Fatalf("converted card must not attack: %+v", e)
		}
	}
}

// RB p.57 Fig. 45: the Berserker's primary target is the closest enemy
// (dark blue); it could reach range 1 of it with 1 MP but moves on to a
// space from which the red character is in range too. Its target does not
// change after moving.
func TestExampleFig45MoreEnemiesInRange(t *testing.T) {
	sc := newScene(t, grid(8, 6, nil), face(Yellow, North, East))
	sc.typ("Grallok Berserker", 1, moveCard(4), allRows(attackCard(2))...)
	sc.adv("Berserker", "Grallok Berserker", DarkBlue, ax(1, 2))
	sc.char("Blue", DarkBlue, ax(3, 2))
	sc.char("Red", Red, ax(4, 3))
	sc.s.Rolls.Attack = []string{"1"}
	turn, tr := sc.turn("Berserker")
	if turn.PrimaryTarget != "Blue" {
		t.Fatalf("primary target %s\n%s", turn.PrimaryTarget, tr)
	}
	if !oneOf(turn.End, ax(4, 2), ax(3, 3)) {
		t.Fatalf("ended on %s, want a space next to both (%s or %s)\n%s", turn.End, ax(4, 2), ax(3, 3), tr)
	}
	var hit string
	for _, e := range turn.Events {
		if e.Attack != nil {
			hit = e.Attack.Target
		}
	}
	if hit != "Blue" {
		t.Errorf("attacked %s; the primary target stays Blue", hit)
	}
	// Blue blocks the straight way to the northern one: the southern one
	// takes 3 MP, the northern 4, so "closest" settles it before the die.
	if turn.End != ax(3, 3) {
		t.Errorf("fewest MP should pick %s, got %s\n%s", ax(3, 3), turn.End, tr)
	}
}

// RB p.60 Fig. 48: an Attack with Target 3 and four enemies in range: the
// primary target first, then each next target chosen as a primary target
// would be with the attacked ones gone: closest first.
func TestExampleFig48MultiTarget(t *testing.T) {
	sc := newScene(t, grid(9, 5, nil), face(Red, North, East))
	sc.typ("Grallok Archer", 6, Card{AP: 2}, allRows(Card{AP: 3, Actions: []Action{{Kind: ActAttack, Targets: 3}}})...)
	sc.adv("Archer", "Grallok Archer", Yellow, ax(1, 2))
	sc.char("Light", LightBlue, ax(2, 2)) // range 1
	sc.char("Red", Red, ax(3, 2))         // range 2
	sc.char("Dark", DarkBlue, ax(4, 2))   // range 3
	sc.char("Yellow", Yellow, ax(6, 2))   // range 5
	sc.s.Rolls.Attack = []string{"1", "1", "1", "1"}
	turn, tr := sc.turn("Archer")
	var order []string
	for _, e := range turn.Events {
		if e.Attack != nil {
			order = append(order, e.Attack.Target)
		}
	}
	want := []string{"Light", "Red", "Dark"}
	if strings.Join(order, ",") != strings.Join(want, ",") {
		t.Fatalf("attack order %v, want %v\n%s", order, want, tr)
	}
}

// RB p.61 Fig. 49: a ranged attack whose every line passes a destructible
// object next to the attacker (no roll), the yellow Sentry, then another
// destructible object, before the red Human; every outcome of the dice.
func TestExampleFig49RangedAttack(t *testing.T) {
	// A corridor: every line from A3 to E3 goes through B3, C3 and D3.
	ms := mapSpec{rows: []string{
		"_ _ _ _ _",
		" _ _ _ _ _",
		". O . O .",
		" _ _ _ _ _",
	}}
	cases := []struct {
		name     string
		attack   string
		accuracy []string
		hitOn    string
		humanHP  int
		sentryHP int
		object   string // state of D3 after
	}{
		{"crit reaches the Human", "crit", nil, "Human", 10 - (3 + 1), 10, ""},
		{"fumble fails", "fumble", nil, "", 10, 10, ""},
		{"miss on the Sentry fails", "2", []string{"miss"}, "", 10, 10, ""},
		{"block makes the Sentry the target", "2", []string{"block"}, "Sentry", 10, 10 - 3, ""},
		{"success then miss fails", "2", []string{"success", "miss"}, "", 10, 10, ""},
		{"success then block hits the object", "2", []string{"success", "block"}, "object on D3", 10, 10, StateDamaged},
		{"success twice reaches the Human", "2", []string{"success", "success"}, "Human", 10 - 3, 10, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := newScene(t, ms, face(Red, North, East))
			sc.typ("Grallok Archer", 6, Card{AP: 1}, allRows(attackCard(2))...)
			sc.typ("Grallok Sentry", 1, Card{AP: 1}, allRows(Card{AP: 9})...)
			sc.adv("Archer", "Grallok Archer", LightBlue, "A3")
			sc.adv("Sentry", "Grallok Sentry", Yellow, "C3")
			sc.char("Human", Red, "E3")
			sc.s.Rolls.Attack = []string{c.attack}
			sc.s.Rolls.Accuracy = c.accuracy
			turn, tr := sc.turn("Archer")
			var rep *AttackReport
			for _, e := range turn.Events {
				if e.Attack != nil {
					rep = e.Attack
				}
			}
			if rep == nil {
				t.Fatalf("no attack\n%s", tr)
			}
			if c.attack != "fumble" && c.attack != "crit" {
				if len(rep.Accuracy) == 0 || !strings.Contains(rep.Accuracy[0], "adjacent") {
					t.Errorf("the object next to the Archer needs no roll: %v", rep.Accuracy)
				}
			}
			if c.hitOn != "" && !strings.HasPrefix(rep.HitOn, c.hitOn) {
				t.Errorf("hit on %q, want %q\n%s", rep.HitOn, c.hitOn, tr)
			}
			if hpOf(turn, "Human") != c.humanHP || hpOf(turn, "Sentry") != c.sentryHP {
				t.Errorf("Human %d Sentry %d, want %d %d\n%s", hpOf(turn, "Human"), hpOf(turn, "Sentry"), c.humanHP, c.sentryHP, tr)
			}
			if turn.Objects["D3"] != c.object {
				t.Errorf("D3 %q, want %q", turn.Objects["D3"], c.object)
			}
			if c.attack != "fumble" && (rep.LoS == nil || len(rep.LoS.Blockers) != 3) {
				t.Errorf("line of sight should pass three blockers: %+v", rep.LoS)
			}
			if turn.Stopped != "" {
				t.Errorf("stopped: %s", turn.Stopped)
			}
		})
	}
}

// RB p.58 Fig. 46: the boss card calls for action #3: initiative is the
// inherent AP plus #3's AP (2 + 7 = 9); on its turn the boss first does its
// inherent Move 2, then its action #3 (Heal 2 per character embarked, self).
func TestExampleFig46Boss(t *testing.T) {
	sc := newScene(t, grid(8, 5, nil), face(Red, North, East))
	sc.s.Bosses = []BossBoard{{
		Name: "Boss board", HP: [3]int{23, 26, 32}, Attack: [3]int{2, 3, 3}, Guard: [3]int{1, 1, 1}, Range: [3]int{1, 1, 1},
		Inherent: Card{Name: "inherent", AP: 2, Actions: []Action{{Kind: ActMove, Value: 2}}},
		Actions: [3]Card{
			{Name: "#1", AP: 3, Actions: []Action{{Kind: ActAttack}}},
			{Name: "#2", AP: 5, Actions: []Action{{Kind: ActLeap, Value: 2}, {Kind: ActDamage, Value: 3, Area: "adjacentFigures", Inflict: []string{"Knocked Down"}}}},
			{Name: "#3", AP: 7, Actions: []Action{{Kind: ActHeal, Value: 2, PerCharacter: true, SelfOnly: true}}},
		},
		Card: &BossCard{Actions: []int{3}},
	}}
	sc.s.Figures = append(sc.s.Figures, FigureInput{Name: "Mutant", Side: "boss", Type: "Boss board", Colour: "red", Position: "A3", HP: 10})
	sc.char("Ana", DarkBlue, "H3").Initiative = 9
	sc.char("Bo", LightBlue, "H1").Initiative = 12
	sc.char("Cy", Yellow, "H5").Initiative = 4
	sc.s.Decide = "initiative"
	order, _, err := TurnOrderOf(sc.check(), nil)
	sc.s.Decide = ""
	if err != nil {
		t.Fatal(err)
	}
	if order[1].Name != "Ana" || order[2].Name != "Mutant" || order[2].Initiative != 9 {
		t.Fatalf("order %+v: boss initiative 9, after the character tied with it", order)
	}
	turn, tr := sc.turn("Mutant")
	if len(turn.Events) < 2 || turn.Events[0].Movement == nil || turn.Events[0].Movement.Spent != 2 {
		t.Fatalf("inherent Move 2 first: %+v\n%s", turn.Events, tr)
	}
	if hpOf(turn, "Mutant") != 16 {
		t.Fatalf("#3 heals 2 × 3 characters: HP %d, want 16\n%s", hpOf(turn, "Mutant"), tr)
	}
}

// RB p.54 Fig. 41, the Sentry: Move 2 then Move 3. With the Move 2 it
// cannot reach range 1 of its target even through the fire, so it starts on
// the long way round without entering the hazard; with the Move 3 the only
// way to range 1 is through the fire, so it goes through it.
func TestExampleFig41SentryHazard(t *testing.T) {
	ms := mapSpec{rows: []string{
		"_ . . . . _",
		" _ . _ _ . _",
		". . . F . .",
	}}
	sc := newScene(t, ms, face(Red, North, East))
	sc.typ("Grallok Sentry", 1, moveCard(2), allRows(moveCard(3))...)
	sc.adv("Sentry", "Grallok Sentry", Red, "A3")
	sc.char("Blue", DarkBlue, "F3")
	turn, tr := sc.turn("Sentry")
	if len(turn.Events) != 2 {
		t.Fatalf("events %+v\n%s", turn.Events, tr)
	}
	m1, m2 := turn.Events[0].Movement, turn.Events[1].Movement
	if m1.To != "B2" || len(m1.Effects) != 0 {
		t.Fatalf("Move 2 should start the long way to B2 without hazards: %+v\n%s", m1, tr)
	}
	if m2.To != "E3" || strings.Join(m2.Path, " ") != "C3 D3 E3" || len(m2.Effects) == 0 {
		t.Fatalf("Move 3 should go through the fire on D3 to E3: %+v\n%s", m2, tr)
	}
	if turn.Events[1].Target != "Blue" {
		t.Errorf("target changed: %s", turn.Events[1].Target)
	}
	if hpOf(turn, "Sentry") != 7 {
		t.Errorf("fire deals 3: HP %d", hpOf(turn, "Sentry"))
	}
}

// RB p.54 Fig. 41, the Scout (range 3): with Move 2 it cannot reach exactly
// range 3 even through the hazard and cannot get farther by moving
// elsewhere, so it stays; with Move 3 the only way to exactly range 3 is
// through the hazard, so it takes it.
func TestExampleFig41ScoutHazard(t *testing.T) {
	ms := mapSpec{rows: []string{
		"_ _ _ _",
		" . _ _ _",
		". . F d",
		" _ _ _ _",
	}}
	sc := newScene(t, ms, face(Red, North, East))
	sc.typ("Grallok Scout", 3, moveCard(2), allRows(moveCard(3))...)
	sc.adv("Scout", "Grallok Scout", Red, "B3")
	sc.char("Blue", DarkBlue, "A3")
	turn, tr := sc.turn("Scout")
	m1, m2 := turn.Events[0].Movement, turn.Events[1].Movement
	if m1.To != "B3" || m1.Spent != 0 {
		t.Fatalf("Move 2 should stay: %+v\n%s", m1, tr)
	}
	if m2.To != "D3" || len(m2.Effects) == 0 {
		t.Fatalf("Move 3 should go through the fire to D3 (range 3): %+v\n%s", m2, tr)
	}
}

// RB p.52 Fig. 39, the Scout: walled in by two destructible objects, it
// takes the damaged one as its target; the object is already in range, so
// it does not move, and its attack hits the object.
func TestExampleFig39ScoutObject(t *testing.T) {
	ms := mapSpec{rows: []string{
		"_ _ _ _ _ _ _ _",
		" . . O . . . . .",
		". . D . . . . .",
		" _ _ _ _ _ _ _ _",
	}}
	sc := newScene(t, ms, face(Yellow, North, West))
	sc.typ("Slink Scout", 3, moveCard(4), allRows(attackCard(2))...)
	sc.adv("Scout", "Slink Scout", Red, "B3")
	sc.char("Far", DarkBlue, "H2")
	sc.s.Rolls.Attack = []string{"2"}
	turn, tr := sc.turn("Scout")
	if turn.PrimaryTarget != "object on C3" {
		t.Fatalf("primary target %s, want the damaged object on C3\n%s", turn.PrimaryTarget, tr)
	}
	if turn.End != "B3" {
		t.Errorf("moved to %s; an object target in range means staying", turn.End)
	}
	if turn.Objects["C3"] != StateDestroyed {
		t.Errorf("the attack should destroy the damaged object: %v\n%s", turn.Objects, tr)
	}
	if !strings.Contains(tr.String(), "tie-breaker 2: an object that is damaged") {
		t.Errorf("the damaged tie-breaker should decide:\n%s", tr)
	}
}

// RB p.52 Fig. 39, the Berserker: no enemy can be reached this turn; it
// moves as close as its Move 4 gets it (fewest MP still needed to reach a
// space next to the target). Exactly two spaces are equally good (the
// book's U-5 and W-5) and the Decision die picks one; then its Attack card,
// which cannot reach, converts to movement.
func TestExampleFig39BerserkerApproach(t *testing.T) {
	for _, c := range []struct {
		f    Face
		want string
	}{{face(Red, North, East), "E5"}, {face(Red, South, East), "D6"}} {
		sc := newScene(t, grid(12, 8, nil), c.f)
		sc.typ("Slink Berserker", 1, moveCard(4), allRows(attackCard(2))...)
		sc.adv("Berserker", "Slink Berserker", DarkBlue, ax(1, 1))
		sc.char("Far", Yellow, ax(2, 6))
		turn, tr := sc.turn("Berserker")
		m1 := turn.Events[0].Movement
		if m1 == nil || m1.To != c.want || m1.Spent != 4 {
			t.Fatalf("face %v: Move 4 ended on %+v, want %s\n%s", c.f, m1, c.want, tr)
		}
		for _, st := range tr.Steps {
			if strings.Contains(st.Text, "Decision die picks the end space") {
				if !strings.Contains(st.Text, "among 2 tied options") {
					t.Errorf("exactly two spaces should tie: %s\n%s", st.Text, tr)
				}
				break
			}
		}
		if !strings.Contains(turn.Events[1].Action, "converted to Move 2") {
			t.Fatalf("the Attack card should convert: %+v", turn.Events[1])
		}
	}
}

// RB p.56 Fig. 43: a range-1 Berserker with a Move 3 then a Leap 3, walled
// off from the enemy by destructible objects. For the Move its primary
// target is an object: two objects (D1, D2) would each open a path of 4 MP
// to a space next to the enemy, so the Decision die (south) picks D2, and
// the Berserker walks up to it (the book's green line). For the Leap the
// target is chosen again, with the Leap: the way is open, so it is the
// Slink; two spaces next to it are 2 steps away and the die picks the
// southern one.
func TestExampleFig43MoveThenLeap(t *testing.T) {
	cells := map[string]string{}
	for r := range 6 {
		cells[label(3, r)] = "O"
	}
	build := func(f Face) *scene {
		sc := newScene(t, grid(8, 6, cells), f)
		sc.typ("Slink Berserker", 1, moveCard(3), allRows(Card{AP: 3, Actions: []Action{{Kind: ActLeap, Value: 3}}})...)
		sc.adv("Berserker", "Slink Berserker", DarkBlue, "B1")
		sc.char("Slink", Yellow, "E2")
		return sc
	}
	turn, tr := build(face(Red, South, East)).turn("Berserker")
	if len(turn.Events) != 2 || turn.Events[0].Movement == nil || turn.Events[1].Movement == nil {
		t.Fatalf("want a Move then a Leap: %+v\n%s", turn.Events, tr)
	}
	var objects []string
	for _, st := range tr.Steps {
		if st.Text == "tie-breaker 3: an object that opens the path with the fewest MP" {
			for _, k := range st.Kept {
				if k.Facts["mpOpened"] != 4 {
					t.Errorf("%s opens a path of %v MP; the book's two objects both open 4", k.Name, k.Facts["mpOpened"])
				}
				objects = append(objects, k.Name)
			}
		}
	}
	if strings.Join(objects, ",") != "object on D1,object on D2" && strings.Join(objects, ",") != "object on D2,object on D1" {
		t.Errorf("the two candidate objects should be D1 and D2: %v\n%s", objects, tr)
	}
	if !strings.Contains(tr.String(), "Decision die picks the object among 2 tied options") {
		t.Errorf("the die should settle the object\n%s", tr)
	}
	mv, lp := turn.Events[0], turn.Events[1]
	if mv.Target != "object on D2" || mv.Movement.To != "C2" {
		t.Fatalf("Move: target %s end %s, want the southern object D2 and C2 next to it\n%s", mv.Target, mv.Movement.To, tr)
	}
	if lp.Target != "Slink" || lp.Movement.Kind != "leap" || lp.Movement.To != "E3" || lp.Movement.Spent != 2 {
		t.Fatalf("Leap: target %s %+v, want Slink and E3 in 2 steps\n%s", lp.Target, lp.Movement, tr)
	}
	if !strings.Contains(tr.String(), "Decision die picks the end space among 2 tied options") {
		t.Errorf("two Leap end spaces should tie for the die\n%s", tr)
	}
	// A northern face picks the other object and walks to it instead.
	turn, tr = build(face(Red, North, East)).turn("Berserker")
	if turn.Events[0].Target != "object on D1" || turn.Events[0].Movement.To != "C1" {
		t.Errorf("north: Move target %s end %s, want D1 and C1\n%s", turn.Events[0].Target, turn.Events[0].Movement.To, tr)
	}
}

// RB p.50, multiple simultaneous effects: an adversary with Vengeful and a
// round effect "Retreat 3 after being attacked" is hit in melee: it strikes
// back first (while still in reach), then retreats.
func TestExampleSimultaneousVengefulThenRetreat(t *testing.T) {
	sc := newScene(t, grid(8, 5, nil), face(Red, North, East))
	species := Card{AP: 2, RoundEffects: []RoundEffect{{Text: "after being attacked, Retreat 3", AfterAttacked: []Action{{Kind: ActRetreat, Value: 3}}}}}
	sc.typ("Human Scout", 2, species, allRows(Card{AP: 3})...)
	sc.adv("Scout", "Human Scout", Red, "C3").Conditions = []string{"Vengeful"}
	sc.char("Ana", Yellow, "D3")
	sc.s.Decide, sc.s.Adversary, sc.s.Attacker, sc.s.Melee = "react", "Scout", "Ana", true
	sc.s.Rolls.Attack = []string{"2"}
	turn, tr, err := Reaction(sc.check(), "Scout", "Ana", true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(turn.Events) != 2 || turn.Events[0].Attack == nil || turn.Events[1].Movement == nil {
		t.Fatalf("want strike back then retreat: %+v\n%s", turn.Events, tr)
	}
	if hpOf(turn, "Ana") != 10-(2+1-1) {
		t.Errorf("Attack -1 with attribute 1 and a 2: Ana HP %d", hpOf(turn, "Ana"))
	}
	if turn.Events[1].Movement.Spent == 0 {
		t.Errorf("it should retreat: %+v", turn.Events[1].Movement)
	}
	for _, f := range turn.Figures {
		if f.Name == "Scout" && strings.Contains(strings.Join(f.Conditions, ","), "Vengeful") {
			t.Error("Vengeful is used up")
		}
	}
}

// RB p.50, Frozen: (1) Frozen before its turn doubles its initiative and is
// removed at the end of that turn; (2) gained after its turn it is still
// there next round, same as (1); (3) gained during its own turn it has no
// effect now and is not removed at the end of that turn. Frozen cards are
// never converted to movement.
func TestExampleFrozen(t *testing.T) {
	sc := newScene(t, grid(8, 5, nil), face(Red, North, East))
	sc.typ("Grallok Sentry", 1, Card{AP: 2}, allRows(attackCard(3))...)
	sc.adv("Sentry", "Grallok Sentry", Red, "A1").Conditions = []string{"Frozen"}
	sc.char("Ana", Yellow, "H5").Initiative = 7
	sc.s.Decide = "initiative"
	order, _, err := TurnOrderOf(sc.check(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if order[0].Name != "Ana" || order[1].Initiative != 10 {
		t.Fatalf("Frozen doubles 2+3 to 10: %+v", order)
	}
	sc.s.Decide = ""
	turn, tr := sc.turn("Sentry")
	if turn.End != "A1" {
		t.Errorf("a Frozen adversary cannot convert its card: moved to %s\n%s", turn.End, tr)
	}
	for _, f := range turn.Figures {
		if f.Name == "Sentry" && len(f.Conditions) != 0 {
			t.Errorf("Frozen should end with its full turn: %v", f.Conditions)
		}
	}
	// (3) gained during its own turn.
	sc2 := newScene(t, grid(8, 5, nil), face(Red, North, East))
	sc2.typ("Grallok Sentry", 1, Card{AP: 2, Actions: []Action{{Kind: ActGrantCondition, Condition: "Frozen", SelfOnly: true}}}, allRows(Card{AP: 3})...)
	sc2.adv("Sentry", "Grallok Sentry", Red, "A1")
	sc2.char("Ana", Yellow, "H5")
	turn, tr = sc2.turn("Sentry")
	kept := false
	for _, f := range turn.Figures {
		if f.Name == "Sentry" {
			kept = strings.Contains(strings.Join(f.Conditions, ","), "Frozen")
		}
	}
	if !kept {
		t.Errorf("Frozen gained during its own turn must stay\n%s", tr)
	}
}

// RB p.53 Fig. 40, the Scout (range 3): ends at maximum range from its
// target on a space that also has the other enemy in range.
func TestExampleFig40Scout(t *testing.T) {
	sc := newScene(t, grid(10, 8, nil), face(Red, North, East))
	sc.typ("Grallok Scout", 3, moveCard(4), allRows(attackCard(2))...)
	sc.adv("Scout", "Grallok Scout", Red, ax(2, 3))
	sc.char("P", Yellow, ax(3, 3))
	sc.char("Q", DarkBlue, ax(7, 1))
	sc.s.Rolls.Attack = []string{"1"}
	turn, tr := sc.turn("Scout")
	w := sc.world()
	end, _ := w.b.byLabel[turn.End]
	p, q := w.fig("P").Pos, w.fig("Q").Pos
	if turn.PrimaryTarget != "P" || w.b.rng(end, p) != 3 {
		t.Fatalf("end %s at range %d from P, want 3\n%s", turn.End, w.b.rng(end, p), tr)
	}
	if d := w.b.rng(end, q); d > 3 || !w.b.los(end, q) {
		t.Fatalf("the other enemy should be in range from %s (range %d)\n%s", turn.End, d, tr)
	}
}

// RB p.53 Fig. 40, the Sentry (range 1): no path to any enemy; its target
// is the destructible object whose opening gives the fewest MP; it walks up
// to it and attacks it.
func TestExampleFig40SentryObject(t *testing.T) {
	cells := map[string]string{}
	for r := range 5 {
		cells[label(4, r)] = "O"
	}
	sc := newScene(t, grid(9, 5, cells), face(Red, North, East))
	sc.typ("Grallok Sentry", 1, moveCard(4), allRows(attackCard(2))...)
	sc.adv("Sentry", "Grallok Sentry", Red, "A5")
	sc.char("Far", Yellow, "G5")
	sc.s.Rolls.Attack = []string{"2"}
	turn, tr := sc.turn("Sentry")
	if turn.PrimaryTarget != "object on E5" {
		t.Fatalf("target %s, want the object on E5\n%s", turn.PrimaryTarget, tr)
	}
	if turn.End != "D5" || turn.Objects["E5"] != StateDamaged {
		t.Fatalf("end %s objects %v: it should walk next to E5 and damage it\n%s", turn.End, turn.Objects, tr)
	}
}

// RB p.53 Fig. 40, the Archer (range 6): already in range of its target,
// it cannot reach any space at exactly range 6 with its Move 4, so it goes
// as far as it can: range 4. Of the range-4 spaces, those with the other
// enemy in range are kept; of those, the ones needing the fewest MP leave
// two options (the book's A and B) and the Decision die picks one.
//
// The map: P at the west edge of a five-row room, the Archer next to it,
// and difficult terrain from the fifth column on, so that range 4 is the
// most a Move 4 reaches; Q far to the east is in range (6) of only some of
// the range-4 spaces.
func TestExampleFig40Archer(t *testing.T) {
	cells := map[string]string{}
	for c := 4; c < 11; c++ {
		for r := range 5 {
			cells[label(c, r)] = "d"
		}
	}
	for _, c := range []struct {
		f    Face
		want string
	}{{face(Red, North, West), "D2"}, {face(Red, South, West), "D4"}} {
		sc := newScene(t, grid(11, 5, cells), c.f)
		sc.typ("Grallok Archer", 6, moveCard(4), allRows(attackCard(2))...)
		sc.adv("Archer", "Grallok Archer", Red, "B3")
		sc.char("P", Yellow, "A3")
		sc.char("Q", DarkBlue, "J3")
		sc.s.Rolls.Attack = []string{"1"}
		turn, tr := sc.turn("Archer")
		w := sc.world()
		end := w.b.byLabel[turn.End]
		if turn.PrimaryTarget != "P" || w.b.rng(end, w.fig("P").Pos) != 4 {
			t.Fatalf("end %s at range %d of %s, want range 4 of P (the farthest it can get)\n%s", turn.End, w.b.rng(end, w.fig("P").Pos), turn.PrimaryTarget, tr)
		}
		kept := func(prefix string) (k, d []string) {
			for _, st := range tr.Steps {
				if strings.HasPrefix(st.Text, prefix) {
					for _, c := range st.Kept {
						k = append(k, c.Name)
					}
					for _, c := range st.Dropped {
						d = append(d, c.Name)
					}
				}
			}
			return
		}
		if k, _ := kept("as close as possible to maximum range"); strings.Join(k, " ") != "D1 D2 E3 D4 D5" {
			t.Errorf("range 4 should keep D1 D2 E3 D4 D5, kept %v\n%s", k, tr)
		}
		if _, d := kept("tie-breaker 2"); strings.Join(d, " ") != "D1 D5" {
			t.Errorf("the spaces without Q in range (D1 D5) should go, dropped %v\n%s", d, tr)
		}
		if k, d := kept("tie-breaker 3"); strings.Join(k, " ") != "D2 D4" || strings.Join(d, " ") != "E3" {
			t.Errorf("fewest MP should leave D2 and D4 (E3 needs 4 MP): kept %v dropped %v\n%s", k, d, tr)
		}
		if turn.End != c.want {
			t.Errorf("face %v: ended on %s, want %s by the die\n%s", c.f, turn.End, c.want, tr)
		}
	}
}

// RB p.55 Fig. 42: a range-1 Sentry with a Move 3 has three equally good
// spaces next to its target, one to the north and two side by side to the
// south; whatever the die shows, one of them wins: N the northern one, S+W
// the south-western one, S+E the south-eastern one.
//
// The map: the target T, another adversary standing west of T (an ally: it
// can be walked through, not stood on), difficult terrain south-west of T,
// and the Sentry to the south-west at axial offset (-3, +2) from T.
// North-west of T is 3 MP away (through the ally), south-west 3 MP (1 + 2
// for the difficult space), south-east 3 MP (three plain spaces); the
// eastern two are 4 spaces away. All three are attack spaces at range 1,
// none has a hazard or another enemy in range, all cost 3 MP: only the die
// is left.
func TestExampleFig42DecisionDie(t *testing.T) {
	T := [2]int{4, 2}
	at := func(dq, dr int) string { return ax(T[0]+dq, T[1]+dr) }
	nw, sw, se := at(0, -1), at(-1, 1), at(0, 1)
	cases := []struct {
		f    Face
		want string
	}{
		{face(Red, North, East), nw},
		{face(Red, North, West), nw},
		{face(Red, South, West), sw},
		{face(Red, South, East), se},
	}
	for _, c := range cases {
		sc := newScene(t, grid(8, 7, map[string]string{sw: "d"}), c.f)
		sc.typ("Grallok Sentry", 1, moveCard(3), allRows(Card{AP: 1})...)
		sc.adv("Sentry", "Grallok Sentry", Red, at(-3, 2))
		sc.adv("Ally", "Grallok Sentry", Yellow, at(-1, 0))
		sc.char("P", Yellow, ax(T[0], T[1]))
		turn, tr := sc.turn("Sentry")
		if turn.PrimaryTarget != "P" {
			t.Fatalf("target %s\n%s", turn.PrimaryTarget, tr)
		}
		mv := turn.Events[0].Movement
		if mv == nil || mv.Kind != "move" || turn.End != c.want || mv.Spent != 3 {
			t.Errorf("face %v: Move ended on %s (%+v), want %s for 3 MP\n%s", c.f, turn.End, mv, c.want, tr)
		}
		// The die must be what separates exactly the three spaces.
		var die *automa.Step
		for i := range tr.Steps {
			if strings.Contains(tr.Steps[i].Text, "Decision die picks the end space") {
				die = &tr.Steps[i]
			}
		}
		if die == nil || !strings.Contains(die.Text, "among 3 tied options") {
			t.Errorf("face %v: the three spaces should reach the die tied\n%s", c.f, tr)
		}
	}
	// Without the difficult terrain the south-western space is only 2 MP
	// away and "closest" takes it before the die, whatever the face.
	sc := newScene(t, grid(8, 7, nil), face(Red, North, East))
	sc.typ("Grallok Sentry", 1, moveCard(3), allRows(Card{AP: 1})...)
	sc.adv("Sentry", "Grallok Sentry", Red, at(-3, 2))
	sc.adv("Ally", "Grallok Sentry", Yellow, at(-1, 0))
	sc.char("P", Yellow, ax(T[0], T[1]))
	if turn, tr := sc.turn("Sentry"); turn.End != sw {
		t.Errorf("the 2-MP space should win on fewest MP: %s\n%s", turn.End, tr)
	}
}

// RB p.57 Fig. 44: the range-6 adversary can attack from farther spaces
// only where walls do not block the line of sight, so the best attack space
// it can reach is closer to its target than where it started.
func TestExampleFig44WallsBringItCloser(t *testing.T) {
	// An L-shaped room: the target at the end of the top corridor, the
	// Archer down the side corridor, out of sight around the corner.
	ms := mapSpec{rows: []string{
		"_ _ _ . . . . _",
		" _ _ _ _ _ _ . _",
		"_ _ _ _ _ _ . _",
		" _ _ _ _ _ _ . _",
		"_ _ _ _ _ _ . _",
	}}
	sc := newScene(t, ms, face(Red, North, East))
	sc.typ("Slink Archer", 6, moveCard(2), allRows(attackCard(2))...)
	sc.adv("Archer", "Slink Archer", Red, "G4")
	sc.char("P", Yellow, "D1")
	sc.s.Rolls.Attack = []string{"1"}
	w := sc.world()
	start, p := w.b.byLabel["G4"], w.fig("P").Pos
	if w.b.rng(start, p) != 6 || w.b.los(start, p) {
		t.Fatalf("set-up: G4 should be at range 6 without line of sight")
	}
	turn, tr := sc.turn("Archer")
	if turn.End != "G2" {
		t.Fatalf("ended on %s; the only reachable space it can attack from is G2 (range 4)\n%s", turn.End, tr)
	}
	attacked := false
	for _, e := range turn.Events {
		attacked = attacked || e.Attack != nil
	}
	if !attacked {
		t.Errorf("it should attack from G2\n%s", tr)
	}
}

// RB p.52 Fig. 39, the Archer (range 6): two enemies at the same range;
// the Decision die (south) makes the southern one the primary target. It
// moves to a space at exactly range 6 from it that keeps the other enemy in
// range; the spaces left tie and the die (south) picks again.
func TestExampleFig39ArcherDie(t *testing.T) {
	sc := newScene(t, grid(16, 14, nil), face(Red, South, West))
	sc.typ("Slink Archer", 6, moveCard(4), allRows(attackCard(2))...)
	sc.adv("Archer", "Slink Archer", DarkBlue, ax(4, 5))
	sc.char("North", Yellow, ax(4, 2))
	sc.char("South", Yellow, ax(4, 8))
	sc.s.Rolls.Attack = []string{"1"}
	turn, tr := sc.turn("Archer")
	if turn.PrimaryTarget != "South" {
		t.Fatalf("target %s, want South by the die\n%s", turn.PrimaryTarget, tr)
	}
	w := sc.world()
	end := w.b.byLabel[turn.End]
	if w.b.rng(end, w.fig("South").Pos) != 6 {
		t.Fatalf("end %s is not at range 6 from South\n%s", turn.End, tr)
	}
	if d := w.b.rng(end, w.fig("North").Pos); d > 6 || !w.b.los(end, w.fig("North").Pos) {
		t.Fatalf("North should stay in range from %s\n%s", turn.End, tr)
	}
	picked := ""
	for _, st := range tr.Steps {
		if strings.Contains(st.Text, "Decision die picks the end space") {
			picked = st.Result
		}
	}
	if picked != turn.End {
		t.Fatalf("the end space should be the die's pick (%q), got %s\n%s", picked, turn.End, tr)
	}
}

// RB p.58, persistent boss card: the boss's detrimental conditions are
// removed and it becomes immune to them (tokens on the card); while the card
// stays, those conditions are not applied to it.
func TestExamplePersistentBossImmunity(t *testing.T) {
	sc := newScene(t, grid(6, 3, map[string]string{"B2": "F"}), face(Red, North, East))
	sc.s.Bosses = []BossBoard{{
		Name: "Mutant", HP: [3]int{20, 25, 30}, Attack: [3]int{2, 3, 4}, Guard: [3]int{1, 1, 1}, Range: [3]int{1, 1, 1},
		Inherent:   Card{AP: 2, Actions: []Action{{Kind: ActMove, Value: 2}}},
		Actions:    [3]Card{{AP: 3}, {AP: 5}, {AP: 7}},
		Card:       &BossCard{Actions: []int{3}},
		Persistent: []BossCard{{Name: "immunity", Other: "immune to the conditions removed", Persistent: true}},
	}}
	sc.s.Figures = append(sc.s.Figures, FigureInput{Name: "Boss", Side: "boss", Type: "Mutant", Colour: "red", Position: "A2", HP: 20, Immune: []string{"Burning"}})
	sc.char("Foe", Yellow, "D2")
	turn, tr := sc.turn("Boss")
	if strings.Contains(conds(turn, "Boss"), "Burning") || hpOf(turn, "Boss") != 17 {
		t.Fatalf("through the fire: 3 damage, no Burning: %d %q\n%s", hpOf(turn, "Boss"), conds(turn, "Boss"), tr)
	}
}
