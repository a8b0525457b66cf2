package alone

import (
	"strings"
	"testing"
)

// unblockMap is a square on Level 1 (H, A, B, Z) with the Room R north of
// the Hero's Sector behind a Door the Hero Blocked, and a far way round
// from R (R → F1 → F2 → A) that is open; Level 2 hangs off the Stairs.
func unblockMap(farWay bool) *builder {
	b := newMap().sec("H", 1, revealed).sec("A", 1, revealed).sec("B", 1).sec("Z", 1).
		sec("R", 1, room("Store")).sec("P", 2).sec("Q", 2).sec("P2", 2).sec("Q2", 2)
	b.link("H", East, "A").link("H", South, "B").link("A", South, "Z").link("B", East, "Z").
		link("P", East, "Q").link("P2", East, "Q2").stairs("Z", "P", "red").stairs("A", "P2", "blue").
		blocked("H", North, "R")
	if farWay {
		b.sec("F1", 1).sec("F2", 1).sec("Q3", 1).link("R", North, "F1").link("F1", East, "F2").
			link("F2", South, "Q3").link("Q3", South, "A")
	}
	return b.hero("H")
}

// A Creature may spend its step only Unblocking a Door (issue 23 item 2).
// Evil Compendium p.7, Blocked Doors: "To move through a Blocked Door, you
// must Unblock it first by spending a 'movement step'", and p.6, Moving
// Creatures: a Standard Reaction moves a Creature "up to 1 Sector". A
// Cultist shut in the Room behind the Door the Hero Blocked is worth no
// Strike (2 dice × ⅓, no scare) and, with no token to Spawn, the policy
// used to find nothing to do ("cannot reach the Hero"): now it spends the
// card Unblocking the Door, so it can reach the Hero next Turn.
func TestAdvanceUnblocksADoorForItself(t *testing.T) {
	b := unblockMap(false).creature("c", Cultist, "R")
	s := sit(mustValid(t, b.build()))
	s.Config = noTokens()
	s.Config.Tokens[Worm], s.Config.Tokens[Cultist] = 0, 1
	d, tr, err := EndOfTurn(s, &Seeded{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Plays) != 1 || d.Plays[0].Priority != "P4 Advance" || d.Plays[0].Move == nil {
		t.Fatalf("plays %+v\n%s", d.Plays, tr.String())
	}
	mv := d.Plays[0].Move
	if mv.UnblockedOnly != "H" || mv.To != "R" || len(mv.Path) != 0 || mv.Steps != 1 {
		t.Fatalf("the Cultist should Unblock the Door to H and stay in R: %+v", mv)
	}
	if l := d.Map.Sector("H").Exits[North]; l.Blocked {
		t.Error("the Door is still Blocked on the Map after the play")
	}
	if c := d.Map.Creature("c"); c.Sector != "R" || c.Revealed {
		t.Errorf("the Cultist moved or was Revealed: %+v", c)
	}
	// The Hero sees the Blocked token leave the Door of their own Sector
	// (Evil Compendium p.3, Doors), and hears the Noise in R.
	var door bool
	for _, m := range d.Communicate {
		door = door || (m.Kind == "door" && strings.Contains(m.Say, "Unblocked"))
	}
	if !door {
		t.Errorf("the Unblocked Door is not Communicated: %+v", d.Communicate)
	}
	// The Why says which play it chose and why.
	why := tr.String()
	if !strings.Contains(why, "c Unblocks the Door from R to H and stays in R") {
		t.Errorf("the Why does not say the Unblock:\n%s", why)
	}
	var kept bool
	for _, st := range tr.Steps {
		if st.Rule == ruleP4 && len(st.Kept) > 0 && st.Kept[0].Name == "c Unblocks the Door to H" {
			kept = true
		}
	}
	if !kept {
		t.Errorf("the Advance step does not weigh the Unblock:\n%s", why)
	}
}

// The step that Unblocks counts as movement: a Creature whose way through
// the Blocked Door is cheaper than the open way round Unblocks it; one whose
// open way is as cheap steps along it instead.
func TestAdvanceWeighsUnblockAgainstTheWayRound(t *testing.T) {
	// R → H through the Door: 2 (Unblock, enter). The way round R → F1 →
	// F2 → Q3 → A → H: 5. The Unblock is the cheaper way.
	b := unblockMap(true).creature("c", Cultist, "R")
	s := sit(mustValid(t, b.build()))
	s.Config = noTokens()
	s.Config.Tokens[Worm], s.Config.Tokens[Cultist] = 0, 1
	d := endTurn(t, s, nil)
	if len(d.Plays) != 1 || d.Plays[0].Move == nil || d.Plays[0].Move.UnblockedOnly != "H" {
		t.Fatalf("plays %+v", d.Plays)
	}
	// A Cultist in F2 is 3 from the Hero the way round (F2 → Q3 → A → H)
	// and 4 through the Room and the Door: it steps to Q3.
	b = unblockMap(true).creature("c", Cultist, "F2")
	s.Map = mustValid(t, b.build())
	d = endTurn(t, s, nil)
	if len(d.Plays) != 1 || d.Plays[0].Move == nil || d.Plays[0].Move.To != "Q3" || d.Plays[0].Move.UnblockedOnly != "" {
		t.Fatalf("plays %+v", d.Plays)
	}
}

func TestMovementCosts(t *testing.T) {
	m := mustValid(t, unblockMap(true).build())
	c := m.MovementCosts("H")
	want := map[string]int{"H": 0, "A": 1, "B": 1, "Z": 2, "R": 2, "Q3": 2, "F2": 3, "F1": 3, "P2": 2, "P": 3}
	for id, w := range want {
		if c[id] != w {
			t.Errorf("cost %s→H = %d, want %d", id, c[id], w)
		}
	}
}
