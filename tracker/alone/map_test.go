package alone

import (
	"slices"
	"strings"
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// withCreatures is the test Map with Creatures placed (Revealed where their
// Sector is).
func withCreatures(cs ...alone.Creature) *alone.Map {
	m := testMap()
	for _, c := range cs {
		c.Revealed = m.Sector(c.Sector).Revealed
		m.Creatures = append(m.Creatures, c)
	}
	return m
}

func assist(t *testing.T, cs ...alone.Creature) *tracker.Session {
	return mapped(t, Assist, withCreatures(cs...))
}

func hand(faces ...alone.Face) []alone.Face { return faces }

const (
	H = alone.Hit
	S = alone.Special
	B = alone.Blank
)

// The Evil Compendium's stat examples, §4.4: MSD 3 for a Spore and 4 for a
// Cultist; Nightmare lowers it by 1.
func TestSpawnDistance(t *testing.T) {
	s := assist(t)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	refused(t, s, PlayReaction{ReactionPlay{Player: 0, Spawn: &SpawnSpec{Type: alone.Spore, Sector: "1-11"}}}, "V16")
	refused(t, s, PlayReaction{ReactionPlay{Player: 0, Spawn: &SpawnSpec{Type: alone.Cultist, Sector: "1-21"}}}, "V16")
	refused(t, s, PlayReaction{ReactionPlay{Player: 0, Spawn: &SpawnSpec{Type: alone.Spore, Sector: "1-11", MSDMod: -1}}}, "§4.5")
	e := do(t, s, PlayReaction{ReactionPlay{Player: 0, Spawn: &SpawnSpec{Type: alone.Spore, Sector: "1-21"}}})
	do(t, s, PlayReaction{ReactionPlay{Player: 1, Deck: 1, Spawn: &SpawnSpec{Type: alone.Cultist, Sector: "1-22"}}})
	if n := len(st(s).Map.Creatures); n != 2 {
		t.Fatalf("%d Creatures", n)
	}
	if !strings.Contains(s.Describe(e), "Noise from the") {
		t.Errorf("a Spawn makes Noise: %q", s.Describe(e))
	}
	do(t, s, EndTurn{})
	// An Allowed card's −1 (the EC example card).
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: "locate", Card: "Swarm", Spawn: &SpawnSpec{Type: alone.Spore, Sector: "1-11", MSDMod: -1}}})
	do(t, s, EndTurn{})
	// In Nightmare Mode a Spore Spawns 2 away.
	do(t, s, Correct{Field: "roundMarker", Value: 0})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, PlayReaction{ReactionPlay{Player: 0, Spawn: &SpawnSpec{Type: alone.Spore, Sector: "1-02"}}})
	// A Level holds at most 4 Creatures (V16).
	refused(t, s, PlayReaction{ReactionPlay{Player: 1, Deck: 1, Spawn: &SpawnSpec{Type: alone.Worm, Sector: "1-22"}}}, "V16")
}

// §4.7 and §5.1: entering an Unrevealed Sector Reveals its Creatures and
// each scares (a Worm 2 SC, a Cultist nothing); the AoO examples of §4.9.
func TestHeroMoveScaresAndAoO(t *testing.T) {
	s := assist(t, alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-10"},
		alone.Creature{ID: "cultist-1", Type: alone.Cultist, Sector: "1-20"},
		alone.Creature{ID: "hybrid-1", Type: alone.Hybrid, Sector: "1-20"})
	do(t, s, StartTurn{})
	refused(t, s, MoveHero{Dir: alone.North}, "V18")
	e := do(t, s, MoveHero{Dir: alone.East})
	g := st(s)
	if g.SC != 10 || g.Map.Hero != "1-10" || !g.Map.Creature("worm-1").Revealed {
		t.Fatalf("SC %d hero %s", g.SC, g.Map.Hero)
	}
	if !strings.Contains(s.Describe(e), "the Worm Wo1 scares") {
		t.Errorf("line %q", s.Describe(e))
	}
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "worm-1", Faces: hand(B, B, B)}}})
	// Leave a Lighted Sector with 1 Worm: 0 dice. Then into 2 Creatures,
	// the Cultist not scaring and the Hybrid scaring 2.
	do(t, s, SetLight{Sectors: []string{"1-10"}, On: true, Source: "Item"})
	do(t, s, StartTurn{})
	e = do(t, s, MoveHero{Dir: alone.East})
	if strings.Contains(s.Describe(e), "Attack of Opportunity with 1") || st(s).SC != 8 {
		t.Fatalf("line %q SC %d", s.Describe(e), st(s).SC)
	}
	refused(t, s, EndTurn{Attacks: []AttackRoll{{Creature: "worm-1"}}}, "§4.8")
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "cultist-1", Faces: hand(B, B)}, {Creature: "hybrid-1", Faces: hand(B, B)}}})
	// Lighted Sector with 2 Creatures: the AoO rolls 1 die (EC example).
	do(t, s, SetLight{Sectors: []string{"1-20"}, On: true})
	do(t, s, StartTurn{})
	refused(t, s, MoveHero{Roll: PhysicalDice, Dir: alone.South, AoOFaces: hand(H, H)}, "§5.0")
	e = do(t, s, MoveHero{Roll: PhysicalDice, Dir: alone.South, AoOFaces: hand(H)})
	if st(s).Life != 11 || !strings.Contains(s.Describe(e), "Attack of Opportunity with 1 die") {
		t.Fatalf("Life %d, line %q", st(s).Life, s.Describe(e))
	}
	if tr := st(s).T.Triggers; !slices.Contains(tr, "life") {
		t.Errorf("AoO damage unlocks Life Reactions: %v", tr)
	}
	do(t, s, EndTurn{})
}

// §4.4 and §4.8: attack dice by Dark and Light (a Parasite rolls 2 in the
// Dark, a Worm 0 in Light), SPECIAL hitting only with Danger.
func TestCreatureAttacks(t *testing.T) {
	s := assist(t, alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-00"},
		alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-00"})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	refused(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, H, H)}}}, "§5.0")
	refused(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, "CROWN")}}}, "V30")
	e := do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, S)}, {Creature: "worm-1", Faces: hand(S, S, B)}}})
	if st(s).Life != 11 {
		t.Fatalf("Life %d: SPECIAL misses without Danger", st(s).Life)
	}
	if !strings.Contains(s.Describe(e), "; Parasite Pa1 attacks with 2 dice") {
		t.Errorf("line %q", s.Describe(e))
	}
	// Danger in the Hero's Sector: SPECIAL hits. Light: the Worm rolls 0.
	do(t, s, SetDanger{Sector: "1-10", On: true})
	refused(t, s, SetDanger{Sector: "1-00", On: true}, "V28")
	do(t, s, SetDanger{Sector: "1-00", On: true, IgnoreLimits: true})
	do(t, s, SetLight{Sectors: []string{"1-00"}, On: true})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, AttackBonus{Creature: "parasite-1", Dice: 1})
	refused(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "worm-1", Faces: hand(H)}}}, "§5.0")
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(S, S)}, {Creature: "worm-1", Faces: hand()}}})
	if st(s).Life != 9 {
		t.Fatalf("Life %d, want 9", st(s).Life)
	}
	// Nightmare: the Worm rolls 1 in Light.
	do(t, s, Correct{Field: "roundMarker", Value: 0})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(B, B)}, {Creature: "worm-1", Faces: hand(B)}}})
}

// Dexterity rerolls 1 Hit of a Creature attack; combineCreatureAttacks
// makes them one damage event (AMB-6).
func TestDexterityAndCombinedAttacks(t *testing.T) {
	s := assist(t, alone.Creature{ID: "spore-1", Type: alone.Spore, Sector: "1-00"},
		alone.Creature{ID: "spore-2", Type: alone.Spore, Sector: "1-00"})
	do(t, s, GainXP{Ability: Dexterity})
	do(t, s, GainXP{Ability: Dexterity})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	e := do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "spore-1", Faces: hand(H, H, B), Reroll: B}, {Creature: "spore-2", Faces: hand(H, B, B), Reroll: H}}})
	if st(s).Life != 10 || !strings.Contains(s.Describe(e), "Dexterity reroll BLANK") {
		t.Fatalf("Life %d, line %q", st(s).Life, s.Describe(e))
	}
	set := alone.DefaultSettings()
	set.CombineCreatureAttacks = true
	do(t, s, ChangeSettings{Settings: set})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	e = do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "spore-1", Faces: hand(H, B, B), Reroll: H}, {Creature: "spore-2", Faces: hand(H, B, B), Reroll: H}}})
	if st(s).Life != 8 || !strings.Contains(s.Describe(e), "together") {
		t.Fatalf("Life %d, line %q", st(s).Life, s.Describe(e))
	}
}

// §5.3 and A8: the manuals' Fight examples.
func TestFightExamples(t *testing.T) {
	// Bullets, 2 Charges, 4 dice against an unwounded Worm: 3 HIT and a
	// miss wound it and the 3rd point is lost.
	s := assist(t, alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-00"},
		alone.Creature{ID: "spore-1", Type: alone.Spore, Sector: "1-00"},
		alone.Creature{ID: "cultist-1", Type: alone.Cultist, Sector: "1-22"})
	do(t, s, AddItems{Items: []Item{{Name: "Bullets", Action: Fight, Charges: 3, Bullets: true}}})
	bullets := st(s).Items[len(st(s).Items)-1].ID
	do(t, s, StartTurn{BulletTime: true})
	do(t, s, Declare{Action: Fight, Item: bullets, Charges: 2, CardAllowsMore: true})
	e := do(t, s, FightCreature{Roll: PhysicalDice, Target: "worm-1", Dice: 4, Faces: hand(H, H, H, B)})
	if w := st(s).Map.Creature("worm-1"); w == nil || !w.Wounded || !strings.Contains(s.Describe(e), "Wounded") {
		t.Fatalf("the Worm should be Wounded: %q", s.Describe(e))
	}
	// A Spore in a Lighted Sector: HIT and SPECIAL are 2 hits ≥ 1+1: Killed.
	do(t, s, SetLight{Sectors: []string{"1-00"}, On: true})
	e = do(t, s, FightCreature{Roll: PhysicalDice, Target: "spore-1", Faces: hand(H, S)})
	g := st(s)
	if g.Map.Creature("spore-1") != nil || g.XP[Precision] != 1 {
		t.Fatalf("the Spore should be Killed and give Precision XP: %q", s.Describe(e))
	}
	refused(t, s, FightCreature{Roll: PhysicalDice, Target: "spore-1", Faces: hand(H, H)}, "V8")
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "worm-1", Faces: hand()}}})
	do(t, s, StartTurn{})
	refused(t, s, FightCreature{Roll: PhysicalDice, Target: "spore-1", Faces: hand(H, H)}, "V19")   // already Killed
	refused(t, s, FightCreature{Roll: PhysicalDice, Target: "cultist-1", Faces: hand(H, H)}, "V19") // not in the Hero's Sector
	// An Item reaching the Unrevealed Cultist kills it without XP.
	do(t, s, FightCreature{Roll: PhysicalDice, Target: "cultist-1", Dice: 4, Faces: hand(H, H, H, H), ItemReach: true})
	if st(s).XP[Courage] != 0 || st(s).Map.Creature("cultist-1") != nil {
		t.Fatal("an Unrevealed kill gives no XP")
	}
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "worm-1", Faces: hand()}}})
	// Precision rerolls a Miss.
	do(t, s, GainXP{Ability: Precision})
	do(t, s, StartTurn{})
	do(t, s, FightCreature{Roll: PhysicalDice, Target: "worm-1", Faces: hand(H, B), Reroll: H})
	if st(s).Map.Creature("worm-1") != nil {
		t.Fatal("the Wounded Worm takes 2 and dies")
	}
	if st(s).XP[Dexterity] != 1 {
		t.Fatalf("Worm → Dexterity XP: %v", st(s).XP)
	}
}

// §5.2 with V21, §5.4 with V20, §5.6 with V23, §5.5 with V22.
func TestExploreLocateInteractScavenge(t *testing.T) {
	m := withCreatures(alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-20"})
	m.Sector("1-20").Danger = true
	m.Sector("1-00").Danger = true
	s := mapped(t, Assist, m)
	do(t, s, StartTurn{})
	refused(t, s, ExploreDir{Dir: alone.East, RemoveDanger: "1-22"}, "V21")
	e := do(t, s, ExploreDir{Dir: alone.East, RemoveDanger: "1-20"})
	g := st(s)
	if !g.Map.Sector("1-10").Revealed || !g.Map.Sector("1-20").Revealed || g.Map.Sector("1-20").Danger || g.SC != 12 {
		t.Fatalf("explore east: %q", s.Describe(e))
	}
	if !g.Map.Creature("worm-1").Revealed {
		t.Fatal("explored Creatures are Revealed (without a scare)")
	}
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	refused(t, s, LocateTargets{Targets: []alone.LocateTarget{{Room: "Laboratory"}}}, "V20")
	e = do(t, s, LocateTargets{Targets: []alone.LocateTarget{{Room: "Laboratory"}, {Element: "stairs"}}})
	if l := s.Describe(e); !strings.Contains(l, "2 Sectors away") || !strings.Contains(l, "0 Sectors") {
		t.Errorf("locate: %q", l)
	}
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	refused(t, s, InteractWith{LCU: alone.East}, "V23")
	do(t, s, MoveHero{Dir: alone.South})
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	refused(t, s, ScavengeItems{Room: true}, "V22")
	do(t, s, MoveHero{Dir: alone.East, Block: alone.East})
	do(t, s, EndTurn{})
	g = st(s)
	if l := g.Map.Sector("1-11").Exits[alone.East]; !l.Blocked || !g.Map.Sector("1-21").Exits[alone.West].Blocked {
		t.Fatal("the Blocked token goes on both sides of the Door")
	}
	do(t, s, StartTurn{})
	refused(t, s, InteractWith{LCU: alone.Stairs}, "V23")
	refused(t, s, MoveHero{Dir: alone.East}, "V18")
	refused(t, s, MoveHero{Dir: alone.West, Block: alone.North}, "V18")
	do(t, s, MoveHero{Dir: alone.East, Unblock: true})
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	e = do(t, s, InteractWith{LCU: alone.East})
	g = st(s)
	if !g.Map.Sector("1-21").Lighted || !g.Map.Sector("1-11").Lighted {
		t.Fatalf("interact: %q", s.Describe(e))
	}
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	do(t, s, ScavengeItems{Room: true, Items: []Item{{Name: "Gun", Action: Fight, Charges: 2}, {Name: "Medkit", Passive: true, Charges: 1}}})
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	refused(t, s, ScavengeItems{Room: true}, "V22")
	do(t, s, Declare{Action: Interact})
	do(t, s, Resolve{})
	do(t, s, EndTurn{})
}

// §4.12 Changing Level and the Stairs; T2 step 2, the Labyrinth cleanup.
func TestStairsAndLabyrinthCleanup(t *testing.T) {
	s := assist(t)
	do(t, s, StartTurn{})
	do(t, s, MoveHero{Dir: alone.East})
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	do(t, s, MoveHero{Dir: alone.West})
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	e := do(t, s, MoveHero{Dir: alone.Stairs})
	g := st(s)
	if g.Map.Sector("1-10").Revealed || !g.Map.Sector("1-00").Revealed || g.Map.Hero != "2-00" {
		t.Fatalf("level change: %q", s.Describe(e))
	}
	do(t, s, EndTurn{})
	for i := 0; i < 4; i++ {
		do(t, s, StartTurn{})
		do(t, s, MoveHero{Dir: []alone.Dir{alone.East, alone.East, alone.South, alone.South}[i]})
		do(t, s, EndTurn{})
	}
	playTurn(t, s)
	e = do(t, s, EndRound{Danger: []string{}})
	if !strings.Contains(s.Describe(e), "4 Danger tokens go back") {
		t.Errorf("unplaced tokens go back to the pool: %q", s.Describe(e))
	}
	g = st(s)
	if g.Map.Sector("2-00").Revealed || g.Map.Sector("2-20").Revealed || !g.Map.Sector("2-21").Revealed || !g.Map.Sector("2-22").Revealed {
		t.Fatalf("cleanup keeps the Hero's Sector and its neighbours: %q", s.Describe(e))
	}
}

// §4.6, A7, V17, §4.10, V29: Standard moves, the unblock step, the reveal
// and its scare, exit directions, and the Lights going out.
func TestCreatureMovesAndLights(t *testing.T) {
	m := withCreatures(alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-20"},
		alone.Creature{ID: "hybrid-1", Type: alone.Hybrid, Sector: "1-01"})
	s := mapped(t, Assist, m)
	do(t, s, StartTurn{})
	do(t, s, ExploreDir{Dir: alone.East})
	refused(t, s, PlayReaction{ReactionPlay{Player: 0, Move: &MoveSpec{Creature: "parasite-1", Path: []string{"1-10", "1-00"}}}}, "V17")
	e := do(t, s, PlayReaction{ReactionPlay{Player: 0, Move: &MoveSpec{Creature: "parasite-1", Path: []string{"1-21"}}}})
	if !strings.Contains(s.Describe(e), "leaves Level 1, 1-20 to the south") {
		t.Errorf("exit direction: %q", s.Describe(e))
	}
	// An Unrevealed Hybrid moved straight into the Hero's Sector scares 2.
	e = do(t, s, PlayReaction{ReactionPlay{Player: 1, Deck: 1, Move: &MoveSpec{Creature: "hybrid-1", Path: []string{"1-00"}}}})
	if st(s).SC != 10 {
		t.Fatalf("SC %d after the Hybrid's entrance: %q", st(s).SC, s.Describe(e))
	}
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "hybrid-1", Faces: hand(B, B)}}})
	// Lights: a Creature moving into a Lighted Sector puts them out at the
	// end of the Turn, unless it is the Hero's.
	do(t, s, SetLight{Sectors: []string{"1-10", "1-00", "1-11"}, On: true})
	do(t, s, SetDoor{Sector: "1-11", Dir: alone.East, Blocked: true})
	refused(t, s, SetDoor{Sector: "1-11", Dir: alone.East, Blocked: true}, "§5.1")
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	// Through a Blocked Door a 1-step range is not enough.
	refused(t, s, PlayReaction{ReactionPlay{Player: 0, Move: &MoveSpec{Creature: "parasite-1", Path: []string{"1-11"}}}}, "V17")
	do(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: "locate", Card: "Rush", Move: &MoveSpec{Creature: "parasite-1", Path: []string{"1-11"}, Range: 2}}})
	do(t, s, PlayReaction{ReactionPlay{Player: 1, Deck: 1, Move: &MoveSpec{Creature: "hybrid-1"}}})
	e = do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "hybrid-1", Faces: hand(B)}}})
	g := st(s)
	if g.Map.Sector("1-11").Lighted || !g.Map.Sector("1-00").Lighted || !g.Map.Sector("1-10").Lighted {
		t.Fatalf("lights: %q", s.Describe(e))
	}
	if g.Map.Sector("1-11").Exits[alone.East].Blocked {
		t.Fatal("the Creature Unblocked the Door on its way")
	}
	// A Creature that did not move this Turn puts out nothing.
	do(t, s, SetLight{Sectors: []string{"1-11"}, On: true})
	playTurn(t, s)
	if !st(s).Map.Sector("1-11").Lighted {
		t.Fatal("Lights went out with no Creature moving")
	}
}

func TestAssistSuggestionsAndHeroView(t *testing.T) {
	s := assist(t, alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-22"})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	dec, tr, err := Suggest(st(s))
	if err != nil || len(tr.Steps) == 0 {
		t.Fatalf("suggest: %v %v", dec, err)
	}
	v := HeroView(st(s))
	for _, sec := range v.Labyrinth.Sectors {
		if !st(s).Map.Sector(sec.ID).Revealed {
			t.Fatalf("the Hero sees the Unrevealed Sector %s", sec.ID)
		}
	}
	if len(v.Labyrinth.Creatures) != 0 {
		t.Fatal("the Hero sees an Unrevealed Creature")
	}
}

// §4.11 with V28 at the End of the Round.
func TestDangerPlacement(t *testing.T) {
	m := testMap()
	m.Sector("1-10").Revealed = true
	for _, id := range []string{"2-00", "2-10", "2-20", "2-01", "2-11", "2-21", "2-02", "2-12"} {
		m.Sector(id).Danger = true
	}
	s := mapped(t, Assist, m)
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	for _, bad := range [][]string{{"1-00"}, {"1-10"}, {"2-00"}, {"2-22"}, {"1-22", "1-22"}, {"1-22", "1-21", "1-12", "1-02", "1-20"}} {
		refused(t, s, EndRound{Danger: bad}, "V28")
	}
	refused(t, s, EndRound{Danger: []string{"2-22"}, DangerRemove: []string{"1-22"}}, "§4.11")
	e := do(t, s, EndRound{Danger: []string{"2-22", "1-22"}, DangerRemove: []string{"2-00"}})
	g := st(s)
	if !g.Map.Sector("2-22").Danger || g.Map.Sector("2-00").Danger || g.Map.DangerOnLevel(2) != 8 {
		t.Fatalf("placement: %q", s.Describe(e))
	}
	if !strings.Contains(s.Describe(e), "2 Danger tokens go back") {
		t.Errorf("line %q", s.Describe(e))
	}
	// The app's placement when the table gives none.
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	e = do(t, s, EndRound{})
	if n := st(s).Map.DangerOnLevel(1); n != 5 {
		t.Fatalf("%d tokens on Level 1 after the policy placed 4: %q", n, s.Describe(e))
	}
}

func TestWizardHelpers(t *testing.T) {
	s := assist(t, alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-22"})
	g := st(s)
	for _, o := range LegalSpawns(g, []alone.CreatureType{alone.Spore}, 0) {
		if o.Distance < 3 {
			t.Fatalf("a Spore offered %d from the Hero", o.Distance)
		}
	}
	mv, err := LegalMoves(g, "worm-1", 1)
	if err != nil || len(mv) != 4 { // stay, north, west, Stairs
		t.Fatalf("moves %v %v", mv, err)
	}
	for _, id := range LegalDangerSectors(g) {
		if id == "1-00" {
			t.Fatal("the Hero's Sector offered for Danger")
		}
	}
	if g.DangerToPlace() != 4 {
		t.Fatalf("danger to place %d", g.DangerToPlace())
	}
	if DefaultSettings() != alone.DefaultSettings() {
		t.Fatal("defaults differ")
	}
}

func TestEachCreatureAttacksOnce(t *testing.T) {
	s := assist(t, alone.Creature{ID: "spore-1", Type: alone.Spore, Sector: "1-00"})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	refused(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "spore-1", Faces: hand(H, H, H)}, {Creature: "spore-1", Faces: hand(H, H, H)}}}, "§4.8")
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "spore-1", Faces: hand(H, H, H)}}})
	if st(s).Life != 9 {
		t.Fatalf("Life %d", st(s).Life)
	}
}

// The Jet Pack examples (HC, EC): a 2-Sector Move with a Door Blocked after
// each step, an Attack of Opportunity on each Sector left, and an extra
// Action from the Item.
func TestJetPackMove(t *testing.T) {
	s := assist(t, alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-00"})
	do(t, s, AddItems{Items: []Item{{Name: "Jet Pack", Action: Move, Charges: 2, Upgraded: true}}})
	jet := st(s).Items[len(st(s).Items)-1].ID
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Move, Item: jet, GrantsExtra: 1})
	do(t, s, MoveHero{Roll: PhysicalDice, Dir: alone.South, More: true, Block: alone.East, AoOFaces: hand(B)})
	do(t, s, MoveHero{Dir: alone.South})
	g := st(s)
	if g.Map.Hero != "1-02" || !g.Map.Sector("1-01").Exits[alone.East].Blocked || g.T.Pending != "" {
		t.Fatalf("hero %s, pending %q", g.Map.Hero, g.T.Pending)
	}
	refused(t, s, Declare{Action: Fight}, "V8")
	do(t, s, Declare{Action: Locate, Extra: true})
	do(t, s, Resolve{})
	if tr := st(s).T.Triggers; !slices.Contains(tr, "move") || !slices.Contains(tr, "locate") {
		t.Fatalf("both Actions unlock their Reactions: %v", tr)
	}
	do(t, s, EndTurn{})
	if _, it := st(s).item(jet); it == nil || it.Charges != 1 {
		t.Fatal("the Jet Pack spends 1 Charge for the Move")
	}
}
