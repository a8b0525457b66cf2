package phantom

import (
	"strings"
	"testing"

	"tablekeeper/automa"
)

// RB p.27, Closest Target: "If a possible target is already within range
// of the adversary or its action, then the 'closest' target is the one
// that is the shortest range away." The first criterion (an enemy in range
// and line of sight without moving) counts the action's range; RB p.28's
// footnote keeps the Description card's range "for movement purposes":
// the fewest-MP and object criteria and where the adversary moves to.
//
// The scene: Me (base range 1) on C3. A on E3 is at range 2, in line of
// sight (objects never stop it), but walled in by indestructible objects
// except on F3, 5 MP away round them. B on B6 is at range 3, its open side
// 2 MP away.
func reachScene(t *testing.T, species Card, row Card) *scene {
	t.Helper()
	sc := newScene(t, grid(8, 6, map[string]string{"D2": "I", "D3": "I", "D4": "I", "E2": "I", "E4": "I"}), face(Red, North, East))
	sc.typ("Raider", 1, species, allRows(row)...)
	sc.adv("Me", "Raider", DarkBlue, "C3")
	sc.char("A", Yellow, "E3")
	sc.char("B", Red, "B6")
	sc.s.Rolls.Attack = []string{"2", "2"}
	sc.s.Rolls.Accuracy = []string{"success", "success", "success"}
	return sc
}

var attackPlus2 = Card{AP: 3, Actions: []Action{{Kind: ActAttack, RangeMod: 2}}}

func TestTargetInReachCountsTheActionRange(t *testing.T) {
	t.Run("an enemy within the attack's range is already in range: the closest wins", func(t *testing.T) {
		sc := reachScene(t, Card{AP: 1}, attackPlus2)
		turn, tr := sc.turn("Me")
		if turn.PrimaryTarget != "A" {
			t.Fatalf("primary target %s, want A (range 2, within the attack's range 3)\n%s", turn.PrimaryTarget, tr)
		}
		a := events(turn, "attack")
		if len(a) != 1 || a[0].Attack.Target != "A" || turn.End != "C3" {
			t.Fatalf("it attacks A from where it stands: %+v, end %s\n%s", turn.Events, turn.End, tr)
		}
		if !strings.Contains(tr.String(), "criterion 1: closest enemy in range (3") {
			t.Errorf("criterion 1 should say it counts the attack's range 3\n%s", tr)
		}
	})
	t.Run("the primary target on its own counts the turn's attack too", func(t *testing.T) {
		sc := reachScene(t, Card{AP: 1}, attackPlus2)
		if got, tr := sc.target("Me", 0); got != "A" {
			t.Fatalf("primary target %s, want A\n%s", got, tr)
		}
	})
	t.Run("an explicit shorter range never shrinks the adversary's own range", func(t *testing.T) {
		two := 2
		sc := reachScene(t, Card{AP: 1}, Card{AP: 3, Actions: []Action{{Kind: ActAttack, Range: &two}}})
		sc.s.Figures[1].Position = "H1" // A far away: only B, at range 3, is left to weigh
		turn, tr := sc.turn("Me")
		if turn.PrimaryTarget != "B" {
			t.Fatalf("primary target %s\n%s", turn.PrimaryTarget, tr)
		}
	})
	t.Run("house rule: the Description card's range only", func(t *testing.T) {
		sc := reachScene(t, Card{AP: 1}, attackPlus2)
		sc.s.Options.TargetWithBaseRange = true
		turn, tr := sc.turn("Me")
		if turn.PrimaryTarget != "B" {
			t.Fatalf("primary target %s, want B (fewest MP to a space next to it) under the house rule\n%s", turn.PrimaryTarget, tr)
		}
	})
}

func TestMovementKeepsTheDescriptionRange(t *testing.T) {
	t.Run("where it moves to: toward a space in its card's range of the target", func(t *testing.T) {
		// Move 2, then the Attack (Range +2): A is the target (in the
		// attack's range), but the Move heads for F3, the one space within
		// its card's range 1 of A, instead of staying put.
		sc := reachScene(t, moveCard(2), attackPlus2)
		turn, tr := sc.turn("Me")
		if turn.PrimaryTarget != "A" {
			t.Fatalf("primary target %s\n%s", turn.PrimaryTarget, tr)
		}
		mv := events(turn, "move")
		if len(mv) != 1 || mv[0].Movement.Spent != 2 {
			t.Fatalf("it should spend its 2 MP toward F3: %+v\n%s", turn.Events, tr)
		}
		if !strings.Contains(tr.String(), "as close as possible to maximum range (1)") {
			t.Errorf("the movement should weigh its card's range 1\n%s", tr)
		}
	})
	t.Run("fewest MP: counted to its card's range", func(t *testing.T) {
		// Nobody in the attack's range 3: C at range 4 on open ground needs
		// 3 MP to stand next to it (not 1 MP to be at range 3).
		sc := newScene(t, grid(8, 6, nil), face(Red, North, East))
		sc.typ("Raider", 1, Card{AP: 1}, allRows(attackPlus2)...)
		sc.adv("Me", "Raider", DarkBlue, "C3")
		sc.char("C", Yellow, "G3")
		_, tr := sc.target("Me", 0)
		if mp := keptFact(tr, "C", "mp"); mp != 3 {
			t.Fatalf("C's MP %v, want 3 (to a space next to it)\n%s", mp, tr)
		}
	})
	t.Run("objects: counted to its card's range", func(t *testing.T) {
		sc := newScene(t, mapSpec{rows: []string{". . O . . ."}}, face(Red, North, East))
		sc.typ("Raider", 1, Card{AP: 1}, allRows(attackPlus2)...)
		sc.adv("Me", "Raider", DarkBlue, "A1")
		sc.char("Far", Red, "E1")
		// Far is at range 4, out of the attack's range 3; to stand next
		// to it the Raider must pass the object on C1 (B1 is within the
		// attack's range of it, but moving counts the card's range).
		got, tr := sc.target("Me", 0)
		if got != "object on C1" {
			t.Fatalf("got %s, want the object on C1\n%s", got, tr)
		}
	})
}

// keptFact is the fact of the last step that kept the named candidate.
func keptFact(tr automa.Trace, name, fact string) any {
	var v any
	for _, st := range tr.Steps {
		for _, c := range st.Kept {
			if c.Name == name {
				if f, ok := c.Facts[fact]; ok {
					v = f
				}
			}
		}
	}
	return v
}
