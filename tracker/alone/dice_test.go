package alone

import (
	"strings"
	"testing"

	"tablekeeper/automa/alone"
)

// Issue 15 item 7: who rolls is an explicit choice in every command that
// rolls; an empty list of faces never means "roll for me"; faces entered
// where no die is rolled are refused. Each case is a refusal that records
// nothing, then the accepted roll, which undo takes back.
func TestEveryRollingCommandSaysWhoRolls(t *testing.T) {
	// An end-of-Turn attack: a Parasite (2 dice in the Dark).
	s := assist(t, alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-00"})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	refused(t, s, EndTurn{}, "§5.0")
	refused(t, s, EndTurn{Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, B)}}}, "§5.0")
	refused(t, s, EndTurn{Roll: VirtualDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, B)}}}, "§5.0")
	refused(t, s, EndTurn{Roll: PhysicalDice}, "§5.0")
	refused(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H)}}}, "§5.0")
	refused(t, s, EndTurn{Roll: "loaded", Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, B)}}}, "§5.0")
	refused(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, B), Reroll: B}}}, "§5.0") // no Dexterity
	e := do(t, s, EndTurn{Roll: VirtualDice})
	if !strings.Contains(s.Describe(e), "attacks with 2 dice") {
		t.Fatalf("the app's roll is recorded: %q", s.Describe(e))
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, B)}}})

	// Dexterity: the reroll of a Hit is a die too.
	s = assist(t, alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-00"})
	do(t, s, GainXP{Ability: Dexterity})
	do(t, s, GainXP{Ability: Dexterity})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	refused(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, B)}}}, "§5.0")
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, B), Reroll: B}}})
	if st(s).Life != 12 {
		t.Fatalf("the Hit rerolled to a Blank: Life %d", st(s).Life)
	}

	// A Worm in Light rolls no die: faces for it are refused.
	s = assist(t, alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-00"})
	do(t, s, SetLight{Sectors: []string{"1-00"}, On: true})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	refused(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "worm-1", Faces: hand(H)}}}, "§5.0")
	do(t, s, EndTurn{})

	// A Fight, with Precision.
	s = assist(t, alone.Creature{ID: "spore-1", Type: alone.Spore, Sector: "1-00"})
	do(t, s, GainXP{Ability: Precision})
	do(t, s, GainXP{Ability: Precision})
	do(t, s, StartTurn{})
	refused(t, s, FightCreature{Target: "spore-1"}, "§5.0")
	refused(t, s, FightCreature{Target: "spore-1", Faces: hand(H, H)}, "§5.0")
	refused(t, s, FightCreature{Roll: VirtualDice, Target: "spore-1", Faces: hand(H, H)}, "§5.0")
	refused(t, s, FightCreature{Roll: PhysicalDice, Target: "spore-1", Faces: hand(H, B)}, "§5.0") // the Precision reroll is missing
	refused(t, s, FightCreature{Roll: PhysicalDice, Target: "spore-1", Faces: hand(H, H), Reroll: H}, "§5.0")
	e = do(t, s, FightCreature{Roll: PhysicalDice, Target: "spore-1", Faces: hand(H, B), Reroll: H})
	if st(s).Map.Creature("spore-1") != nil {
		t.Fatalf("2 hits kill the Spore: %q", s.Describe(e))
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	do(t, s, FightCreature{Roll: VirtualDice, Target: "spore-1"})

	// A move: no Creature in the Sector left, so no Attack of Opportunity.
	s = assist(t)
	do(t, s, StartTurn{})
	refused(t, s, MoveHero{Roll: PhysicalDice, Dir: alone.East, AoOFaces: hand(H)}, "§5.0")
	refused(t, s, MoveHero{Roll: PhysicalDice, Dir: alone.East, CourageFaces: hand(B)}, "§5.0")
	do(t, s, MoveHero{Dir: alone.East}) // no die: no choice needed
	// Leaving a Sector with a Creature: its Attack of Opportunity.
	s = assist(t, alone.Creature{ID: "spore-1", Type: alone.Spore, Sector: "1-00"})
	do(t, s, StartTurn{})
	refused(t, s, MoveHero{Dir: alone.East}, "§5.0")
	refused(t, s, MoveHero{Dir: alone.East, AoOFaces: hand(B)}, "§5.0")
	refused(t, s, MoveHero{Roll: PhysicalDice, Dir: alone.East}, "§5.0")
	refused(t, s, MoveHero{Roll: VirtualDice, Dir: alone.East, AoOFaces: hand(B)}, "§5.0")
	do(t, s, MoveHero{Roll: PhysicalDice, Dir: alone.East, AoOFaces: hand(B)})
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	do(t, s, MoveHero{Roll: VirtualDice, Dir: alone.East})

	// Courage: a Reaction's scare and a Teleport's.
	s = assist(t, alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-20"}, alone.Creature{ID: "spore-1", Type: alone.Spore, Sector: "1-21"})
	do(t, s, GainXP{Ability: Courage})
	do(t, s, GainXP{Ability: Courage})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	refused(t, s, Teleport{Creature: "worm-1", Sector: "2-22", Roll: PhysicalDice, CourageFace: B}, "§5.0") // no scare there
	refused(t, s, Teleport{Creature: "worm-1", Sector: "1-00"}, "§5.0")
	do(t, s, Teleport{Creature: "worm-1", Sector: "1-00", Roll: PhysicalDice, CourageFace: B})
	if st(s).SC != 11 {
		t.Fatalf("a Worm scares 2, Courage's Blank takes 1 off: SC %d", st(s).SC)
	}
	mv := &MoveSpec{Creature: "spore-1", Path: []string{"1-11"}}
	refused(t, s, PlayReaction{ReactionPlay{Player: 0, Move: mv, Roll: PhysicalDice, CourageFace: B}}, "§5.0") // no scare
	do(t, s, PlayReaction{ReactionPlay{Player: 0, Move: mv}})

	// Bookkeeping: hits counted at the table, never faces.
	b := bookkeeping(t)
	do(t, b, StartTurn{})
	do(t, b, Declare{Action: Locate})
	do(t, b, Resolve{})
	refused(t, b, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "a worm", Faces: hand(H)}}}, "§7.2")
	do(t, b, EndTurn{Attacks: []AttackRoll{{Creature: "a worm", Hits: 1}}})
}
