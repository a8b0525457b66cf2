package alone

// Worked examples of the compendia played through the tracker's commands,
// and the §2–§3 tracked-state rules at their boundaries. Examples already
// played through commands elsewhere: Spawn distances (TestSpawnDistance),
// Worm scare and the AoO examples (TestHeroMoveScaresAndAoO), Parasite and
// Worm dice (TestCreatureAttacks), the Fight examples (TestFightExamples),
// overflow (TestDamageOverflow), Recovering Health (TestRecoveryAndHealingCap),
// the Easy reward (TestMidGameRewards), the Boss experience
// (TestExperience), Replenish Adrenaline (TestAdrenalineRefill), Nightmare
// Mode (TestRoundTrackAndNightmare), Bullet Time (TestTurnsAndBulletTime)
// and the Jet Pack (TestJetPackMove).

import (
	"strings"
	"testing"

	"tablekeeper/automa/alone"
)

// HC Hero Taking Damage, through commands: a Creature's 2 hits with Life
// at 0 come off SC, and afterwards Adrenaline recovers Life but not SC,
// which is at the cap of 4. Life damage in a Turn that overflows into SC
// unlocks only Life Reactions (§3.2 item 2).
func TestExampleOverflowThenRecoverCommands(t *testing.T) {
	s := assist(t, alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-00"})
	correct(t, s, "roundMarker", 1) // cap 4
	correct(t, s, "life", 0)
	correct(t, s, "sc", 6)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, H)}}})
	if g := st(s); g.Life != 0 || g.SC != 4 || g.Outcome != "" {
		t.Fatalf("Life %d SC %d %q, want 0/4", g.Life, g.SC, g.Outcome)
	}
	do(t, s, StartTurn{})
	refused(t, s, SpendAdrenaline{Recover: alone.SCDamage}, "V3")
	do(t, s, SpendAdrenaline{Recover: alone.LifeDamage})
	if g := st(s); g.Life != 1 || g.SC != 4 {
		t.Fatalf("after Recover: Life %d SC %d", g.Life, g.SC)
	}
	// Life damage during the Turn that overflows into SC (§3.2 item 2):
	// the trigger is Life's, so a Life Reaction may answer it, an SC one
	// may not.
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, DealDamage{Kind: alone.LifeDamage, N: 2, Source: "Parasite"})
	if g := st(s); g.Life != 0 || g.SC != 3 {
		t.Fatalf("overflow in the Turn: Life %d SC %d, want 0/3", g.Life, g.SC)
	}
	refused(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: string(alone.SCDamage), Instant: true, Card: "Dread"}}, "V13")
	do(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: string(alone.LifeDamage), Instant: true, Card: "Bleed"}})
}

// HC Replenish Adrenaline: Life 3 and SC 8 at the end of the Round, 1 token
// left: the pool becomes 5, then the marker moves 1 left.
func TestExampleReplenishThenMarker(t *testing.T) {
	s := bookkeeping(t)
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	correct(t, s, "life", 3)
	correct(t, s, "sc", 8)
	correct(t, s, "adrenaline", 1)
	before := st(s).RoundMarker
	do(t, s, EndRound{})
	if g := st(s); g.Adrenaline != 5 || g.RoundMarker != before-1 {
		t.Fatalf("pool %d marker %d, want 5 and %d", g.Adrenaline, g.RoundMarker, before-1)
	}
}

// EC Updating the Map: a Wounded Parasite moved by a Reaction into a
// Revealed Room is Revealed there and its Wounded status is said.
func TestExampleWoundedParasiteRevealed(t *testing.T) {
	m := withCreatures(alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-21", Wounded: true})
	m.Sector("1-20").Revealed = true
	m.Sector("1-20").Shape, m.Sector("1-20").Room = alone.ShapeRoom, "Control Room"
	s := mapped(t, Assist, m)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	e := do(t, s, PlayReaction{ReactionPlay{Player: 0, Move: &MoveSpec{Creature: "parasite-1", Path: []string{"1-20"}, Range: 1}}})
	c := st(s).Map.Creature("parasite-1")
	if !c.Revealed || !strings.Contains(s.Describe(e), "A Parasite is Revealed in Level 1, 1-20 (Control Room), Wounded") {
		t.Fatalf("revealed %v, line %q", c.Revealed, s.Describe(e))
	}
	if st(s).SC != 12 {
		t.Fatal("Revealed outside the Hero's Sector: no scare")
	}
}

// §2.8, §3.2: defeat only when both tracks are 0, at the exact point.
func TestBoundaryDefeat(t *testing.T) {
	cases := []struct {
		name       string
		life, sc   int
		kind       alone.DamageKind
		n          int
		wLife, wSC int
		defeated   bool
	}{
		{"Life 0, SC 1, 0 more: playing", 0, 1, alone.LifeDamage, 0, 0, 1, false},
		{"Life 1, SC 0: playing", 1, 0, alone.SCDamage, 0, 1, 0, false},
		{"Life 0, SC 2, 1 Life: SC 1", 0, 2, alone.LifeDamage, 1, 0, 1, false},
		{"Life 0, SC 1, 1 Life: defeated", 0, 1, alone.LifeDamage, 1, 0, 0, true},
		{"Life 1, SC 0, 1 SC: defeated", 1, 0, alone.SCDamage, 1, 0, 0, true},
		{"Life 2, SC 2, 3 SC: Life 1", 2, 2, alone.SCDamage, 3, 1, 0, false},
		{"Life 2, SC 2, 4 SC: defeated", 2, 2, alone.SCDamage, 4, 0, 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := bookkeeping(t)
			correct(t, s, "life", c.life)
			correct(t, s, "sc", c.sc)
			if c.n > 0 {
				do(t, s, DealDamage{Kind: c.kind, N: c.n, Source: "Card"})
			}
			g := st(s)
			if g.Life != c.wLife || g.SC != c.wSC || (g.Outcome == Defeated) != c.defeated {
				t.Fatalf("Life %d SC %d %q", g.Life, g.SC, g.Outcome)
			}
			if c.defeated {
				refused(t, s, StartTurn{}, "V11")
			} else {
				do(t, s, StartTurn{})
			}
		})
	}
}

// §2.3 item 4, §3.3: the Healing Cap follows the marker each Round; a track
// above a lowered cap is kept, not raised and not lowered, until it drops.
func TestBoundaryHealingCapPerRound(t *testing.T) {
	s := bookkeeping(t)
	correct(t, s, "roundMarker", 2) // cap 6
	correct(t, s, "life", 5)
	do(t, s, StartTurn{Recover: alone.LifeDamage})
	if st(s).Life != 6 {
		t.Fatalf("Life %d, want 6 at cap 6", st(s).Life)
	}
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	refused(t, s, SpendAdrenaline{Recover: alone.LifeDamage}, "V3")
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, EndTurn{})
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	do(t, s, EndRound{})
	g := st(s)
	if g.RoundMarker != 1 || g.HealingCap() != 4 || g.Life != 6 {
		t.Fatalf("marker %d cap %d Life %d: the cap falls, Life stays", g.RoundMarker, g.HealingCap(), g.Life)
	}
	refused(t, s, StartTurn{Recover: alone.LifeDamage}, "V3")
	do(t, s, RecoverHealth{Kind: alone.LifeDamage, N: 3, Source: "Item"}) // V2 clamps a card's recovery
	if st(s).Life != 6 {
		t.Fatalf("Life %d: above the cap it is neither raised nor lowered", st(s).Life)
	}
	do(t, s, DealDamage{Kind: alone.LifeDamage, N: 3})
	do(t, s, RecoverHealth{Kind: alone.LifeDamage, N: 3})
	if st(s).Life != 4 {
		t.Fatalf("Life %d, want 4 (capped)", st(s).Life)
	}
	do(t, s, GainRounds{N: 1})
	if st(s).HealingCap() != 6 {
		t.Fatal("a gained Round raises the cap")
	}
}

// §2.2, §2.5 item 6, V7: 8 Turns a Round, Bullet Time or not.
func TestBoundaryEightTurns(t *testing.T) {
	s := bookkeeping(t)
	correct(t, s, "adrenaline", 6)
	for i := 1; i <= 8; i++ {
		bt := i <= 6
		do(t, s, StartTurn{BulletTime: bt})
		do(t, s, Declare{Action: Locate})
		do(t, s, Resolve{})
		if bt {
			do(t, s, Declare{Action: Move})
			do(t, s, Resolve{})
		}
		if i < 8 {
			refused(t, s, EndRound{}, "V7")
		}
		do(t, s, EndTurn{})
		if st(s).TurnsUsed != i {
			t.Fatalf("turn %d: %d Turn tokens used", i, st(s).TurnsUsed)
		}
	}
	refused(t, s, StartTurn{}, "V7")
	do(t, s, EndRound{})
	if g := st(s); g.TurnsUsed != 0 || g.Round != 2 {
		t.Fatalf("turns %d round %d", g.TurnsUsed, g.Round)
	}
}

// §3.4, V4, V5: the pool must hold a token for each spend; at most 1 for
// each purpose per Turn; none after an Action; a refused start changes
// nothing.
func TestBoundaryAdrenaline(t *testing.T) {
	s := bookkeeping(t)
	correct(t, s, "life", 5)
	correct(t, s, "adrenaline", 1)
	refused(t, s, StartTurn{BulletTime: true, Recover: alone.LifeDamage}, "V4")
	if g := st(s); g.TurnsUsed != 0 || g.Adrenaline != 1 || g.Life != 5 {
		t.Fatalf("a refused start changed the sheet: turns %d pool %d Life %d", g.TurnsUsed, g.Adrenaline, g.Life)
	}
	do(t, s, StartTurn{Recover: alone.LifeDamage})
	refused(t, s, SpendAdrenaline{BulletTime: true}, "V4")
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, EndTurn{})
	correct(t, s, "adrenaline", 3)
	do(t, s, StartTurn{})
	do(t, s, SpendAdrenaline{Recover: alone.LifeDamage})
	refused(t, s, SpendAdrenaline{Recover: alone.SCDamage}, "V4")
	do(t, s, SpendAdrenaline{BulletTime: true})
	refused(t, s, SpendAdrenaline{BulletTime: true}, "V5")
	if g := st(s); g.Adrenaline != 1 || g.Life != 7 {
		t.Fatalf("pool %d Life %d, want 1 and 7", g.Adrenaline, g.Life)
	}
	do(t, s, Declare{Action: Locate})
	refused(t, s, SpendAdrenaline{Recover: alone.LifeDamage}, "V4")
}

// §3.5, V27: experience in each of the five Abilities stops at 2.
func TestBoundaryExperience(t *testing.T) {
	s := bookkeeping(t)
	for _, a := range Abilities {
		for i := 1; i <= 3; i++ {
			do(t, s, GainXP{Ability: a})
			if want := min(i, 2); st(s).XP[a] != want {
				t.Fatalf("%s after %d: %d, want %d", a, i, st(s).XP[a], want)
			}
			if st(s).Unlocked(a) != (i >= 2) {
				t.Fatalf("%s unlocked after %d: %v", a, i, st(s).Unlocked(a))
			}
		}
	}
	refused(t, s, GainXP{Kill: alone.Parasite, Revealed: false}, "V27")
}

// §3.6, V24: 1 Charge per activation unless the card allows more; not more
// than the Item holds; the last Charge discards it.
func TestBoundaryItemCharges(t *testing.T) {
	s := bookkeeping(t)
	do(t, s, AddItems{Items: []Item{{Name: "Bullets", Action: Fight, Charges: 3, Bullets: true}}})
	id := st(s).Items[len(st(s).Items)-1].ID
	refused(t, s, UseItem{ID: id, Charges: 2}, "V24")
	refused(t, s, UseItem{ID: id, Charges: 4, CardAllowsMore: true}, "V24")
	do(t, s, UseItem{ID: id, Charges: 2, CardAllowsMore: true})
	if _, it := st(s).item(id); it == nil || it.Charges != 1 {
		t.Fatalf("Bullets %+v, want 1 Charge", it)
	}
	do(t, s, UseItem{ID: id})
	if _, it := st(s).item(id); it != nil {
		t.Fatal("the last Charge discards the Item")
	}
}

// §2.7: the Normal reward gains the Round first, so the recovery uses the
// higher cap; Nightmare difficulty gains none; Impossible gives nothing.
func TestBoundaryDifficultyRewards(t *testing.T) {
	cases := []struct {
		d       Difficulty
		items   []Item
		choice  alone.DamageKind
		wLife   int
		wMarker int
	}{
		{Normal, []Item{{Name: "Knife", Action: Fight, Charges: 1}}, alone.LifeDamage, 5, 2}, // cap 6 after the gain
		{NightmareD, []Item{{Name: "Knife", Action: Fight, Charges: 1}}, alone.LifeDamage, 4, 1},
		{Impossible, nil, "", 2, 1},
	}
	for _, c := range cases {
		t.Run(string(c.d), func(t *testing.T) {
			s, _ := newSession(t, 5)
			do(t, s, SetupSheet{Sheet: testSheet()})
			sc := startCmd(Bookkeeping, nil)
			sc.Difficulty, sc.Items = c.d, c.items
			do(t, s, sc)
			correct(t, s, "roundMarker", 1) // cap 4
			correct(t, s, "life", 2)
			do(t, s, CompleteMission{Which: 1})
			do(t, s, TakeMidGameReward{Choice: c.choice})
			if g := st(s); g.Life != c.wLife || g.RoundMarker != c.wMarker {
				t.Fatalf("Life %d marker %d, want %d %d", g.Life, g.RoundMarker, c.wLife, c.wMarker)
			}
			// Taken once per game, even at Impossible where it gives nothing.
			refused(t, s, TakeMidGameReward{Choice: c.choice}, "V12")
		})
	}
}

// §2.6, V12: the Final Mission is locked until one of the two Starting
// Missions is completed; either one unlocks it; completing it wins.
func TestBoundaryMissions(t *testing.T) {
	for which := 1; which <= 2; which++ {
		s := bookkeeping(t)
		refused(t, s, CompleteMission{Which: 3}, "V12")
		refused(t, s, TakeMidGameReward{Choice: alone.LifeDamage}, "V12")
		if st(s).Missions.Final.Status != Locked {
			t.Fatal("the Final Mission starts locked")
		}
		do(t, s, CompleteMission{Which: which})
		if st(s).Missions.Final.Status != Active {
			t.Fatalf("Starting Mission %d did not unlock the Final Mission", which)
		}
		refused(t, s, CompleteMission{Which: which}, "§2.6")
		do(t, s, CompleteMission{Which: 3 - which})
		if st(s).Outcome != "" {
			t.Fatal("a second Starting Mission does not win")
		}
		do(t, s, CompleteMission{Which: 3})
		if st(s).Outcome != Won {
			t.Fatal("the Final Mission wins")
		}
	}
}

// setDoor makes the link between a and b (exit d from a) a Door.
func setDoor(m *alone.Map, a string, d alone.Dir, b string) {
	l := m.Sector(a).Exits[d]
	l.Door = true
	m.Sector(a).Exits[d] = l
	l = m.Sector(b).Exits[d.Opposite()]
	l.Door = true
	m.Sector(b).Exits[d.Opposite()] = l
}

// HC Action - Move, the Jet Pack: a Door is Blocked only after a step (a
// MoveHero names it with its step; an Unblock, which takes no step,
// cannot Block one); a step names only a Door the new Sector has (V18).
// After stepping west out of the Laboratory its Door is Blocked, and after
// the second step a Door of the new Sector.
func TestExampleJetPackBlocksAfterEachStep(t *testing.T) {
	m := testMap()
	setDoor(m, "1-00", alone.South, "1-01") // the "Control Room" south Door
	m.Hero = "1-11"
	m.Sector("1-00").Revealed = false
	m.Sector("1-11").Revealed = true
	s := mapped(t, Assist, m)
	do(t, s, AddItems{Items: []Item{{Name: "Jet Pack", Action: Move, Charges: 2, Upgraded: true}}})
	jet := st(s).Items[len(st(s).Items)-1].ID
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Move, Item: jet})
	refused(t, s, MoveHero{Dir: alone.West, More: true, Block: alone.South}, "V18") // no Door there
	do(t, s, MoveHero{Dir: alone.West, More: true, Block: alone.East})
	do(t, s, MoveHero{Dir: alone.North, Block: alone.South})
	g := st(s)
	if g.Map.Hero != "1-00" || !g.Map.Sector("1-01").Exits[alone.East].Blocked || !g.Map.Sector("1-11").Exits[alone.West].Blocked ||
		!g.Map.Sector("1-00").Exits[alone.South].Blocked {
		t.Fatalf("hero %s; both Doors should be Blocked", g.Map.Hero)
	}
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	refused(t, s, MoveHero{Dir: alone.South, Unblock: true, Block: alone.East}, "§5.1") // no step, no Block
	do(t, s, MoveHero{Dir: alone.South, Unblock: true})
	if st(s).Map.Sector("1-00").Exits[alone.South].Blocked {
		t.Fatal("the Unblock opens the Door")
	}
}

// EC Move Action: east into a Revealed Sector, its Door Blocked; east
// again into an Unrevealed Sector holding a Worm: Revealed, 2 SC lost.
func TestExampleMoveBlockThenWormCommands(t *testing.T) {
	m := withCreatures(alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-20"})
	setDoor(m, "1-10", alone.South, "1-11")
	m.Sector("1-10").Revealed = true
	s := mapped(t, Assist, m)
	do(t, s, StartTurn{})
	do(t, s, MoveHero{Dir: alone.East, Block: alone.South})
	if !st(s).Map.Sector("1-10").Exits[alone.South].Blocked || st(s).SC != 12 {
		t.Fatal("the Door is Blocked and nothing scared the Hero")
	}
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	do(t, s, MoveHero{Dir: alone.East})
	g := st(s)
	if g.SC != 10 || !g.Map.Creature("worm-1").Revealed || !g.Map.Sector("1-20").Revealed {
		t.Fatalf("SC %d, want 10 after the Worm's scare", g.SC)
	}
}

// HC End of the Round, Labyrinth Cleanup: the adjacent Sectors stay; a
// Sector 2 away stays only if it is both Lighted and in LoS; the rest
// leaves.
func TestExampleLabyrinthCleanupCommands(t *testing.T) {
	m := testMap()
	for _, id := range []string{"1-10", "1-20", "1-01", "1-02", "1-11"} {
		m.Sector(id).Revealed = true
	}
	s := mapped(t, Assist, m)
	// 1-20 is Lighted in the Hero's LoS; the Laboratory 1-11 is Lighted
	// but out of LoS (diagonal); 1-02 is in LoS but Dark.
	do(t, s, SetLight{Sectors: []string{"1-20", "1-11"}, On: true, Source: "Item"})
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	do(t, s, EndRound{Danger: []string{}})
	g := st(s)
	for id, want := range map[string]bool{"1-00": true, "1-10": true, "1-01": true, "1-20": true, "1-02": false, "1-11": false} {
		if g.Map.Sector(id).Revealed != want {
			t.Errorf("%s Revealed %v, want %v", id, g.Map.Sector(id).Revealed, want)
		}
	}
}

// HC Items, the upgraded Jet Pack: 1 Charge moves the Hero up to 2 Sectors
// and grants an Attack in the same Turn; both Actions unlock Reactions. The
// Worm is only Wounded, so it attacks back at the end of that Turn; the
// Armor's Charge pays for the reroll the table then enters.
func TestExampleJetPackThenAttack(t *testing.T) {
	s := assist(t, alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-02"})
	do(t, s, AddItems{Items: []Item{{Name: "Jet Pack", Action: Move, Charges: 2, Upgraded: true},
		{Name: "Armor", Passive: true, Charges: 2}}})
	var jet, armor string
	for _, it := range st(s).Items {
		switch it.Name {
		case "Jet Pack":
			jet = it.ID
		case "Armor":
			armor = it.ID
		}
	}
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Move, Item: jet, GrantsExtra: 1})
	do(t, s, MoveHero{Dir: alone.South, More: true})
	do(t, s, MoveHero{Dir: alone.South})
	if g := st(s); g.Map.Hero != "1-02" || g.SC != 10 {
		t.Fatalf("hero %s SC %d: the Unrevealed Worm scares 2", g.Map.Hero, g.SC)
	}
	do(t, s, Declare{Action: Fight, Extra: true})
	do(t, s, FightCreature{Roll: PhysicalDice, Target: "worm-1", Faces: hand(H, H)})
	g := st(s)
	if w := g.Map.Creature("worm-1"); w == nil || !w.Wounded {
		t.Fatal("2 damage Wounds the Worm without killing it")
	}
	if tr := strings.Join(g.T.Triggers, ","); !strings.Contains(tr, "move") || !strings.Contains(tr, "fight") {
		t.Fatalf("triggers %s", tr)
	}
	do(t, s, UseItem{ID: armor})
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "worm-1", Faces: hand(H, B, B)}}})
	g = st(s)
	if g.Life != 11 {
		t.Fatalf("Life %d after the Worm's 1 hit", g.Life)
	}
	if _, it := g.item(jet); it == nil || it.Charges != 1 {
		t.Fatal("the Jet Pack spent 1 Charge")
	}
	if _, it := g.item(armor); it == nil || it.Charges != 1 {
		t.Fatal("the Armor spent 1 Charge")
	}
}
