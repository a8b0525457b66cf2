package phantom

import (
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
