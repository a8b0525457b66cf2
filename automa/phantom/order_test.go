package phantom

import (
	"strings"
	"testing"
)

// RB p.22, Attack Flow step 7: "If multiple conditions would be applied,
// the character Attacking or the character being Attacked by an adversary
// may choose in which order they apply." The order matters through
// Resilient, and through Burning and Frozen removing each other.

func TestOrderOutcomes(t *testing.T) {
	cases := []struct {
		name              string
		held, immune, got []string
		options           int
	}{
		{"two plain conditions: one outcome", nil, nil, []string{"Bleeding", "Weakened"}, 1},
		{"Resilient takes the first", []string{"Resilient"}, nil, []string{"Bleeding", "Weakened"}, 2},
		{"Resilient, Burning and Frozen", []string{"Resilient"}, nil, []string{"Frozen", "Burning"}, 2},
		{"Burning and Frozen cancel either way", nil, nil, []string{"Frozen", "Burning"}, 1},
		{"immune to one: nothing to choose", []string{"Resilient"}, []string{"Weakened"}, []string{"Bleeding", "Weakened"}, 1},
		{"three with Resilient: three outcomes", []string{"Resilient"}, nil, []string{"Bleeding", "Weakened", "Blinded"}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts := OrderOutcomes(c.held, c.immune, c.got)
			if len(opts) != c.options {
				t.Fatalf("%d options, want %d: %+v", len(opts), c.options, opts)
			}
			if strings.Join(opts[0].Order, ",") != strings.Join(c.got, ",") {
				t.Fatalf("the card's own order comes first: %+v", opts[0])
			}
		})
	}
}

// orderScene: a Raider next to Ana attacks her with an attack that
// inflicts Bleeding and Weakened; Ana holds Resilient.
func orderScene(t *testing.T, held ...string) *scene {
	sc := newScene(t, grid(6, 4, nil), face(Red, North, East))
	sc.typ("Raider", 1, Card{AP: 1}, allRows(Card{AP: 2, Actions: []Action{{Kind: ActAttack, Value: 3, Inflict: []string{"Bleeding", "Weakened"}}}})...)
	sc.adv("Me", "Raider", Red, "B2")
	sc.char("Ana", Yellow, "C2").Conditions = held
	sc.s.Rolls.Attack = []string{"2"}
	return sc
}

func TestAdversaryAttackAsksTheOrder(t *testing.T) {
	t.Run("the order matters: the turn stops and asks Ana's player", func(t *testing.T) {
		sc := orderScene(t, "Resilient")
		turn, tr := sc.turn("Me")
		if turn.Ask == nil || turn.Ask.Figure != "Ana" || len(turn.Ask.Options) != 2 {
			t.Fatalf("want a question for Ana with 2 options: %+v\n%s", turn.Ask, tr)
		}
		if !strings.Contains(turn.Stopped, "chooses the order") || !strings.Contains(turn.Stopped, "Rulebook p.22") {
			t.Fatalf("stopped: %q", turn.Stopped)
		}
		if turn.Made == nil || len(turn.Made.Attack) != 1 {
			t.Fatalf("the roll made before the question is kept: %+v", turn.Made)
		}
		// Worked out again with Ana's choice: Weakened first, Resilient
		// takes it, Bleeding stays.
		sc.s.Rolls.Attack = nil
		sc.s.Rolls.Made = turn.Made
		sc.s.Rolls.Orders = [][]string{{"Weakened", "Bleeding"}}
		turn, tr = sc.turn("Me")
		if turn.Stopped != "" || conds(turn, "Ana") != "Bleeding" {
			t.Fatalf("Ana should keep Bleeding only: %q (stopped %q)\n%s", conds(turn, "Ana"), turn.Stopped, tr)
		}
		if turn.Made == nil || len(turn.Made.Orders) != 1 {
			t.Fatalf("the order chosen is among what the turn made: %+v", turn.Made)
		}
	})
	t.Run("the order does not matter: no question, the card's order", func(t *testing.T) {
		turn, tr := orderScene(t).turn("Me")
		if turn.Ask != nil || turn.Stopped != "" || conds(turn, "Ana") != "Bleeding,Weakened" {
			t.Fatalf("%+v %q %q\n%s", turn.Ask, turn.Stopped, conds(turn, "Ana"), tr)
		}
	})
	t.Run("an order that is not the conditions received is refused", func(t *testing.T) {
		sc := orderScene(t, "Resilient")
		sc.s.Rolls.Orders = [][]string{{"Weakened", "Burning"}}
		sc.s.Adversary = "Me"
		if _, _, err := AdversaryTurn(sc.check(), nil); err == nil || !strings.Contains(err.Error(), "is not the conditions") {
			t.Fatalf("want a refusal, got %v", err)
		}
	})
	t.Run("a critical ability's conditions are asked too", func(t *testing.T) {
		sc := newScene(t, grid(6, 4, nil), face(Red, North, East))
		ty := sc.typ("Raider", 1, Card{AP: 1}, allRows(attackCard(2))...)
		ty.Crit = CritAbility{Inflict: []string{"Frozen", "Burning"}}
		sc.adv("Me", "Raider", Red, "B2")
		sc.char("Ana", Yellow, "C2").Conditions = []string{"Resilient"}
		sc.s.Rolls.Attack = []string{"crit"}
		turn, tr := sc.turn("Me")
		if turn.Ask == nil || !sameSet(turn.Ask.Conditions, []string{"Frozen", "Burning"}) {
			t.Fatalf("want the crit's conditions asked: %+v\n%s", turn.Ask, tr)
		}
	})
	t.Run("an adversary receiving several conditions: the card's order, no question", func(t *testing.T) {
		sc := orderScene(t)
		sc.adv("Rival", "Raider", Yellow, "C3").Conditions = []string{"Resilient"}
		sc.s.Figures[1].Position = "F4" // Ana out of reach
		sc.s.Enemies = [][2]string{{"Me", "Rival"}}
		turn, tr := sc.turn("Me")
		if turn.Ask != nil || conds(turn, "Rival") != "Weakened" {
			t.Fatalf("no player answers for an adversary; Resilient takes the card's first, Bleeding: %+v %q\n%s", turn.Ask, conds(turn, "Rival"), tr)
		}
	})
}
