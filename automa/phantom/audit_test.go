package phantom

import (
	"strings"
	"testing"
)

// Audit tests: each pins one point of the spec (or of the rulebook where
// it overrides the spec) that an audit found the engine getting wrong.

// §8.4, §8.6.5, A-20: a converted card counts as a Move action, so a turn
// with a Leap and a converted card has both kinds of movement and its Leap
// chooses the primary target again, for itself, from where the converted
// Move left the adversary.
//
// Row: A1 Far, B1 ., C1 gap, D1 Me, E1 … I1 ., J1 Near, K1 .
// Start (Leap 3 counted): Far needs 2 (leap D1→B1), Near 5 → Far.
// The species card (an attack, AP 1) cannot reach Far: converted; chosen
// for itself without the Leap, the target is Near (Far is beyond the gap):
// Move 1 to E1. The Leap 3 then chooses again counting itself: Far needs 3
// (E1→B1), Near 4 → Far, and it leaps to B1.
func TestAuditLeapAfterConvertedMoveRetargets(t *testing.T) {
	sc := newScene(t, mapSpec{rows: []string{". . g . . . . . . . ."}}, face(Red, North, East))
	species := Card{Name: "jab", AP: 1, Actions: []Action{{Kind: ActAttack}}}
	leap := Card{Name: "bound", AP: 3, Actions: []Action{{Kind: ActLeap, Value: 3}}}
	sc.typ("Raider", 1, species, allRows(leap)...)
	sc.adv("Me", "Raider", DarkBlue, "D1")
	sc.char("Far", Red, "A1")
	sc.char("Near", Yellow, "J1")
	turn, tr := sc.turn("Me")
	if turn.PrimaryTarget != "Far" {
		t.Fatalf("primary target at the start %s, want Far\n%s", turn.PrimaryTarget, tr)
	}
	mv := events(turn, "move")
	if len(mv) != 2 || mv[0].Movement.To != "E1" {
		t.Fatalf("want a converted Move 1 to E1 then a Leap: %+v\n%s", mv, tr)
	}
	if mv[1].Target != "Far" || turn.End != "B1" {
		t.Fatalf("the Leap aimed at %s and ended on %s; want Far and B1\n%s", mv[1].Target, turn.End, tr)
	}
}

// The same when the card is converted because the adversary is Knocked
// Down (§8.9): that converted Move also counts as a Move action, so
// with a Leap on the turn it chooses its target for itself, without the
// Leap.
func TestAuditKnockedDownConversionRetargetsWithLeap(t *testing.T) {
	sc := newScene(t, mapSpec{rows: []string{". . g . . . . . . . ."}}, face(Red, North, East))
	species := Card{Name: "jab", AP: 2, Actions: []Action{{Kind: ActAttack}}}
	leap := Card{Name: "bound", AP: 3, Actions: []Action{{Kind: ActLeap, Value: 3}}}
	sc.typ("Raider", 1, species, allRows(leap)...)
	sc.adv("Me", "Raider", DarkBlue, "D1").Conditions = []string{"Knocked Down"}
	sc.char("Far", Red, "A1")
	sc.char("Near", Yellow, "J1")
	turn, tr := sc.turn("Me")
	mv := events(turn, "move")
	if len(mv) != 2 || mv[0].Target != "Near" || mv[0].Movement.To != "E1" {
		t.Fatalf("want the converted Move (1 MP after standing up) aimed at Near, to E1: %+v\n%s", mv, tr)
	}
	if mv[1].Target != "Far" || turn.End != "B1" {
		t.Fatalf("the Leap aimed at %s and ended on %s; want Far and B1\n%s", mv[1].Target, turn.End, tr)
	}
}

// RB p.24 Fig. 10 (Leap demonstration), played by an adversary: a Leap 5
// passes over an object, a gap and a fire hazard and ends on an empty
// space exactly 5 spaces away; only the space it ends on has any effect, so
// the fire it passed does nothing (§2.8). The fire is the only other space
// on the way it could have ended on.
func TestAuditFig10LeapOverEverything(t *testing.T) {
	sc := newScene(t, mapSpec{rows: []string{". O g F g . . ."}}, face(Red, North, East))
	sc.typ("Slink Scout", 2, Card{AP: 4, Actions: []Action{{Kind: ActLeap, Value: 5}}}, allRows(Card{AP: 1})...)
	sc.adv("Scout", "Slink Scout", DarkBlue, "A1")
	sc.char("Slink", Red, "H1")
	turn, tr := sc.turn("Scout")
	mv := events(turn, "move")
	if len(mv) != 1 || turn.End != "F1" || mv[0].Movement.Spent != 5 {
		t.Fatalf("want a Leap of exactly 5 to F1: end %s %+v\n%s", turn.End, mv, tr)
	}
	if len(mv[0].Movement.Effects) != 0 || hpOf(turn, "Scout") != 10 || conds(turn, "Scout") != "" {
		t.Fatalf("leaping over the fire must do nothing: %v, HP %d, conditions %q", mv[0].Movement.Effects, hpOf(turn, "Scout"), conds(turn, "Scout"))
	}
}

// §8.4 step 1 and §8.7 step 8: an adversary defeated by a hazard during its
// movement stops there. Here it is Knocked Down (§8.9: the Move spends 1 MP
// to stand up, the rest moves it) and walks into the only way forward, a
// fire that defeats it; the Attack after the Move must not be made (it used
// to crash the turn).
func TestAuditKnockedDownMoverDefeatedStops(t *testing.T) {
	sc := newScene(t, mapSpec{rows: []string{". F . . ."}}, face(Red, North, East))
	card := Card{AP: 3, Actions: []Action{{Kind: ActMove, Value: 3}, {Kind: ActAttack}}}
	sc.typ("Raider", 1, card, allRows(attackCard(1))...)
	me := sc.adv("Me", "Raider", DarkBlue, "A1")
	me.Conditions = []string{"Knocked Down"}
	me.HP = 3
	sc.char("Foe", Red, "E1")
	sc.s.Rolls.Attack = []string{"2", "2"}
	turn, tr := sc.turn("Me")
	if turn.End != "defeated" && turn.End != "off the map" {
		t.Fatalf("the fire on B1 should defeat it: end %q\n%s", turn.End, tr)
	}
	if len(events(turn, "attack")) != 0 || hpOf(turn, "Foe") != 10 {
		t.Fatalf("a defeated adversary made an attack\n%s", tr)
	}
}

// §8.4 (an action outside the turn) and §8.7 step 8: when a round effect
// played after being attacked walks the adversary into a hazard that
// defeats it, the round effects after it are not played (it used to crash
// on the next one).
func TestAuditReactionStopsWhenDefeated(t *testing.T) {
	sc := newScene(t, mapSpec{rows: []string{". F . . ."}}, face(Red, North, East))
	species := Card{AP: 2, RoundEffects: []RoundEffect{{Text: "after being attacked, Move 2", AfterAttacked: []Action{{Kind: ActMove, Value: 2}}}}}
	class := Card{AP: 1, RoundEffects: []RoundEffect{{Text: "after being attacked, Move 1", AfterAttacked: []Action{{Kind: ActMove, Value: 1}}}}}
	sc.typ("Raider", 1, species, allRows(class)...)
	sc.adv("Me", "Raider", DarkBlue, "A1").HP = 3
	sc.char("Foe", Red, "E1")
	sc.s.Decide, sc.s.Adversary, sc.s.Attacker = "react", "Me", "Foe"
	turn, tr, err := Reaction(sc.check(), "Me", "Foe", false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(events(turn, "move")) != 1 || endOf(turn, "Me") != "off the map" {
		t.Fatalf("want one Move into the fire and nothing after: %+v\n%s", turn.Events, tr)
	}
}

// §8.4, §8.6.5: in a turn with a Move and a Leap, each movement action
// chooses its primary target where it starts. A card converted to a Move
// (here the species card's attack, out of range) is such a movement, so
// the class row's Move after it must choose again from where the converted
// Move ended instead of reusing the target chosen at the start.
//
// Row 1 is open ground, row 2 a gap, row 3 open ground across it. Range 3.
// From A1 both enemies need 6 MP (to G1; F1 holds an ally, so it is no
// attack space): the red die face picks Red on J1. The converted Move 6
// ends on G1, at range 3 of Red and range 2 of Yellow (H3, over the gap):
// from there Yellow is the closest enemy in range, the Move's target.
func TestAuditMoveAfterConvertedMoveRetargets(t *testing.T) {
	sc := newScene(t, mapSpec{rows: []string{
		". . . . . . . . . .",
		" g g g g g g g g g g",
		". . . . . . . . . .",
	}}, face(Red, North, East))
	species := Card{Name: "shot", AP: 6, Actions: []Action{{Kind: ActAttack}}}
	class := Card{Name: "dash", AP: 3, Actions: []Action{{Kind: ActMove, Value: 2}, {Kind: ActLeap, Value: 1}}}
	sc.typ("Raider", 3, species, allRows(class)...)
	sc.adv("Me", "Raider", DarkBlue, "A1")
	sc.adv("Pal", "Raider", Red, "F1")
	sc.char("Red", Red, "J1")
	sc.char("Yellow", Yellow, "H3")
	turn, tr := sc.turn("Me")
	mv := events(turn, "move")
	if turn.PrimaryTarget != "Red" || len(mv) != 3 || mv[0].Movement.To != "G1" {
		t.Fatalf("set-up: want Red first and a converted Move 6 to G1: %s %+v\n%s", turn.PrimaryTarget, mv, tr)
	}
	if mv[1].Target != "Yellow" {
		t.Fatalf("the Move after the converted Move aimed at %s, want Yellow (closest in range from G1)\n%s", mv[1].Target, tr)
	}
}

// A-11, §4: a condition received again while held is refreshed and its
// timer restarts; the turn reports it, so whoever keeps the timers knows
// (a figure's states alone cannot tell a refreshed Frozen from an old one).
// A condition newly gained is reported as gained.
func TestAuditTurnReportsRefreshedConditions(t *testing.T) {
	sc := newScene(t, grid(8, 4, nil), face(Red, North, East))
	sc.typ("Raider", 1, Card{AP: 1}, allRows(Card{AP: 2, Actions: []Action{{Kind: ActAttack, Inflict: []string{"Frozen", "Bleeding"}}}})...)
	sc.adv("Me", "Raider", Red, "A2")
	sc.char("Foe", Yellow, "B2").Conditions = []string{"Frozen"}
	sc.s.Rolls.Attack = []string{"1"}
	turn, tr := sc.turn("Me")
	var foe FigureState
	for _, f := range turn.Figures {
		if f.Name == "Foe" {
			foe = f
		}
	}
	if strings.Join(foe.Refreshed, ",") != "Frozen" || strings.Join(foe.Gained, ",") != "Bleeding" {
		t.Fatalf("Foe: refreshed %v gained %v, want [Frozen] [Bleeding]\n%s", foe.Refreshed, foe.Gained, tr)
	}
	for _, f := range turn.Figures {
		if f.Name != "Foe" && (len(f.Refreshed) > 0 || len(f.Gained) > 0) {
			t.Fatalf("%s received nothing: %+v", f.Name, f)
		}
	}
}
