package alone

import (
	"slices"
	"strings"
	"testing"

	"tablekeeper/automa/alone"
)

// Issue 15 item 5: "To move through a Blocked Door, you must Unblock it
// first by spending a movement step" (Evil Compendium), so a Creature with
// one step may Unblock a Door and stay. The move records the Door's state
// and the Creature that Unblocked it; the wizard offers it.
func TestCreatureStepSpentOnlyUnblocking(t *testing.T) {
	m := withCreatures(alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-21"})
	setBlocked(m, "1-11", alone.East, true) // the Room's east Door, to 1-21
	m.Sector("1-11").Revealed = true
	s := mapped(t, Assist, m)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	// The wizard: with 1 step the Parasite may stay, move, or Unblock.
	moves, err := LegalMoves(st(s), "parasite-1", 1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(moves, func(r alone.MoveResult) bool {
		return r.UnblockedOnly == "1-11" && r.To == "1-21" && len(r.Path) == 0 && r.Steps == 1
	}) {
		t.Fatalf("the wizard does not offer Unblocking the Door to 1-11: %+v", moves)
	}
	// Refusals: through the Door needs 2 steps; a Door not Blocked; a
	// Sector not next to it.
	std := func(mv MoveSpec) PlayReaction { return PlayReaction{ReactionPlay{Player: 0, Move: &mv}} }
	refused(t, s, std(MoveSpec{Creature: "parasite-1", Path: []string{"1-11"}}), "§8 V17")
	refused(t, s, std(MoveSpec{Creature: "parasite-1", Unblock: "1-20"}), "§8 V17")
	refused(t, s, std(MoveSpec{Creature: "parasite-1", Unblock: "1-00"}), "§8 V17")
	refused(t, s, std(MoveSpec{Creature: "parasite-1", Path: []string{"1-22"}, Unblock: "1-21"}), "§8 V17")
	e := do(t, s, std(MoveSpec{Creature: "parasite-1", Unblock: "1-11"}))
	g := st(s)
	if l := g.Map.Sector("1-11").Exits[alone.East]; l.Blocked {
		t.Fatal("the Door is still Blocked")
	}
	if l := g.Map.Sector("1-21").Exits[alone.West]; l.Blocked {
		t.Fatal("the Door is still Blocked on the other side")
	}
	if c := g.Map.Creature("parasite-1"); c.Sector != "1-21" || !c.Moved {
		t.Fatalf("the Parasite stays in 1-21, having moved: %+v", c)
	}
	if sec := DescribeHidden(e); !strings.Contains(sec, "Parasite Pa1 Unblocks the Door to Level 1, 1-11 (Laboratory) and stays in Level 1, 1-21") {
		t.Fatalf("the record does not name the Creature and the Door: %q", sec)
	}
	op, _ := decodeOp(e)
	if r := op.(*reactionEv).Out.Move; r.UnblockedOnly != "1-11" || !slices.Contains(r.Unblocked, "1-11|1-21") || r.Creature != "parasite-1" {
		t.Fatalf("record %+v", r)
	}
	// The Hero sees the Blocked token leave the Labyrinth (the Room is Revealed).
	if h := g.Heard[len(g.Heard)-2].Say; !strings.Contains(h, "Blocked token between Level 1, 1-11 (Laboratory) and Level 1, 1-21 is removed") {
		t.Fatalf("heard %+v", g.Heard)
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if l := st(s).Map.Sector("1-11").Exits[alone.East]; !l.Blocked {
		t.Fatal("undo Blocks the Door again")
	}
	// With 2 steps the Parasite may Unblock and go through.
	do(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: "locate", Card: "Rush", Move: &MoveSpec{Creature: "parasite-1", Path: []string{"1-11"}, Range: 2}}})
	if c := st(s).Map.Creature("parasite-1"); c.Sector != "1-11" {
		t.Fatalf("through the Door: %+v", c)
	}
}
