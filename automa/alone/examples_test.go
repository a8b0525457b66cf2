package alone

// Worked examples of the two compendia, reproduced through this package's
// functions. Examples already reproduced elsewhere are listed here with the
// test that holds their numbers; the ones below this list were missing.
//
// Hero Compendium [HC]:
//   - Jet Pack Move, Doors Blocked after each step: tracker TestJetPackMove.
//   - Evil box, 3 movement through a Blocked Door moves 2: TestCheckMove.
//   - Creature Revealed in a Revealed Sector in/out of LoS, no scare;
//     leaving to an Unrevealed Sector by the west: TestMoveRevealsAndScares.
//   - Worm Noise from the east, from the north with the Door Blocked:
//     TestNoiseBlockedDoorExample.
//   - Explore east 2, north 1 (Curve), west 1 (far Door), through Stairs 1,
//     Danger removal: TestExplore.
//   - Fight: Bullets, 4 dice, 3 HIT against a Worm: Wounded, 1 lost; Spore
//     in Light, HIT + SPECIAL kills: TestHitsAndWounds, TestStatsWorkedExamples,
//     TestExampleFights.
//   - Hero Taking Damage, Life 0 takes 2 Life from SC and SC stays over the
//     cap: TestApplyDamage, TestExampleDamageOverflowThenRecover.
//   - Healing Cap, Easy reward Life 0→3 and SC 2→4: TestMidGameRewards.
//   - Gaining Experience, the Boss example: TestKillXP.
//   - Locate, Lab 7 away on the other Level, Stairs 1 away: TestLocateExample.
//   - Repairing Lights west/north/east: TestRepairLCU, TestRevealLightedLCUExample.
//   - Recovering Health, Life 0→1, SC 4 at cap 4 stays: TestRecover.
//   - Labyrinth Cleanup (adjacent Cross stays, Lighted Corridor in LoS
//     stays): TestLabyrinthCleanup.
//   - Replenish Adrenaline, Life 3 and SC 8 give 5, 4 from the reserve:
//     TestAdrenalineRefill.
//   - Nightmare Mode (−2 SC each Round, irreversible): TestEndOfRound,
//     TestAuditEndOfRoundRefillBeforeNightmareLoss, TestExampleNightmareMode.
//   - Difficulty Level rewards: TestMidGameRewards.
//
// Evil Compendium [EC]:
//   - Updating the Map: Lighted Corridor Revealed on a Move, the Room past
//     its far Door not: TestExampleMapUpdateOnMove (new).
//   - Reaction Track, a combo leaves 1 space, so 1 more Reaction:
//     TestAuditReactionTrackEveryPattern, TestExampleReactionTrackCombo.
//   - Minimum Spawning Distance, Spore 3 and Cultist 4: TestExampleSpawnDistance (new).
//   - Jet Pack and Blocked Doors: a Worm out of reach even with 2 Standard
//     Reactions, a Parasite card Unblocks then enters: TestExampleBlockedDoorsReach (new).
//   - Lighting north from an LCU: TestRevealLightedLCUExample.
//   - Parasite 2 dice in the Dark, Worm 0 in Light: TestEndOfTurnAttacks.
//   - Attack of Opportunity, 2 Creatures in Light roll 1; Cultist in Light
//     on the Stairs rolls 0: TestAttackOfOpportunity, TestHeroMove.
//   - Move Action: Door Blocked after a step, then a Worm in an Unrevealed
//     Sector scares 2: TestExampleMoveBlockThenScare (new).
//   - The printed Creature Stats tables, every cell: TestExamplePrintedStatsTables (new).

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// EC Nightmare Mode page: the two printed tables, row order Spore,
// Parasite, Cultist, Hybrid, Worm, columns Life (Wound/Kill), Attack
// (Dark/Lighted), Self Control damage, Minimum Spawning Distance (§4.4).
func TestExamplePrintedStatsTables(t *testing.T) {
	printed := map[bool]string{
		false: "1/1 3/2 1 3\n2/1 2/1 1 4\n2/2 2/2 0 4\n2/1 2/1 2 3\n2/2 3/0 2 5",
		true:  "1/1 4/3 2 2\n2/1 3/2 2 3\n2/2 3/3 1 3\n2/1 3/2 3 2\n2/2 4/1 3 4",
	}
	order := []CreatureType{Spore, Parasite, Cultist, Hybrid, Worm}
	num := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for nm, text := range printed {
		for i, row := range strings.Split(text, "\n") {
			f := strings.Fields(row)
			life, att := strings.Split(f[0], "/"), strings.Split(f[1], "/")
			want := Stats{Wound: num(life[0]), Kill: num(life[1]), AttackDark: num(att[0]), AttackLighted: num(att[1]),
				Scare: num(f[2]), MSD: num(f[3])}
			got, err := TypeStats(order[i], nm)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s nightmare=%v: %+v, printed %+v", order[i], nm, got, want)
			}
		}
	}
}

// HC Fight examples through CountHits and ResolveWound: the Bullets roll
// (4 dice, 3 HIT, Dark) against a fresh Worm, and the Spore in Light.
func TestExampleFights(t *testing.T) {
	cases := []struct {
		name    string
		typ     CreatureType
		faces   []Face
		lighted bool
		hits    int
		want    WoundOutcome
	}{
		{"HC Bullets vs Worm: 3 hits, Wounded, 1 lost", Worm, []Face{Hit, Hit, Hit, Blank}, false, 3, Wounded},
		{"HC Spore in Light: HIT + SPECIAL = 2, Killed", Spore, []Face{Hit, Special}, true, 2, Killed},
		{"same roll in the Dark: 1 hit only Wounds", Spore, []Face{Hit, Special}, false, 1, Wounded},
	}
	for _, c := range cases {
		st, _ := TypeStats(c.typ, false)
		h, err := CountHits(c.faces, c.lighted)
		if err != nil || h != c.hits {
			t.Fatalf("%s: %d hits, %v", c.name, h, err)
		}
		if got := ResolveWound(st, false, h); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// HC Hero Taking Damage: an attack of 2 with Life at 0 takes 2 SC, still
// Life damage; Life can then be recovered, SC not past the cap of 4
// ("between 4 and 5").
func TestExampleDamageOverflowThenRecover(t *testing.T) {
	r, err := ApplyDamage(Tracks{Life: 0, SC: 6}, LifeDamage, 2, false, 0)
	if err != nil || r.After != (Tracks{0, 4}) || r.Kind != LifeDamage || r.Overflow != 2 || r.Defeated {
		t.Fatalf("overflow: %+v %v", r, err)
	}
	if got := Recover(r.After.Life, 1, 4); got != 1 {
		t.Errorf("Life recovers to %d, want 1", got)
	}
	if got := Recover(r.After.SC, 1, 4); got != 4 || CheckRecoverSpend(r.After.SC, 4) == nil {
		t.Errorf("SC at the cap recovers to %d and the spend must be refused", got)
	}
}

// EC/HC Nightmare Mode: the marker reaching the final space triggers it
// after the Round's effects; from the next Round on 2 SC are lost each
// Round; gained Rounds never end it; Creatures use the Nightmare row.
func TestExampleNightmareMode(t *testing.T) {
	cfg, set := DefaultConfig(), DefaultSettings()
	r, err := EndOfRound(nil, RoundEnd{Tracks: Tracks{9, 9}, RoundMarker: 1, Adrenaline: 3}, cfg, set)
	if err != nil || !r.NightmareTriggered || !r.Nightmare || r.RoundMarker != 0 || r.Tracks != (Tracks{9, 9}) {
		t.Fatalf("trigger Round: %+v %v", r, err)
	}
	marker := cfg.RoundMarkerGain(r.RoundMarker, 2)
	r, _ = EndOfRound(nil, RoundEnd{Tracks: r.Tracks, RoundMarker: marker, Nightmare: true, Adrenaline: 3}, cfg, set)
	if !r.Nightmare || r.NightmareTriggered || r.Tracks != (Tracks{9, 7}) || r.RoundMarker != 1 {
		t.Errorf("a Nightmare Round after 2 gained Rounds: %+v", r)
	}
	worm, _ := TypeStats(Worm, true)
	if AttackDice(worm, true, 0) != 1 || worm.Scare != 3 || worm.MSD != 4 {
		t.Errorf("Nightmare Worm %+v", worm)
	}
}

// EC Reaction Track: a combo (1 space, then 2) leaves only 1 space, so a
// later Turn may play 1 more card but no combo; a full track takes no card.
func TestExampleReactionTrackCombo(t *testing.T) {
	cfg := DefaultConfig()
	tr := ReactionTrack{Used: cfg.ReactionSpaces - 4}
	tr = tr.Play()
	if err := tr.CheckPlay(true, cfg); err != nil {
		t.Fatalf("the combo fits in 2 of the 3 spaces left: %v", err)
	}
	tr = tr.Play()
	if tr.Free(cfg) != 1 || tr.CheckPlay(true, cfg) == nil {
		t.Fatalf("after the combo: free %d, and no third card this Turn", tr.Free(cfg))
	}
	tr.PlayedThisTurn = 0 // a later Turn of the Round
	if tr.CheckPlay(true, cfg) != nil {
		t.Error("1 space takes 1 more card")
	}
	if tr = tr.Play(); tr.CheckPlay(true, cfg) == nil {
		t.Error("no combo with only 1 space left")
	}
	tr.PlayedThisTurn = 0
	if tr.Free(cfg) != 0 || tr.CheckPlay(true, cfg) == nil {
		t.Error("a full track takes no card")
	}
	if (ReactionTrack{Used: cfg.ReactionSpaces}).DangerToPlace(cfg) != 1 {
		t.Error("the symbol off the end of the track always gives 1 Danger token")
	}
}

// EC Updating the Map: the Hero moves north; the straight Sector east of
// the new Sector is Lighted, so it is Revealed at once; the Room further
// east is behind a Door the Hero is not next to, so it stays Unrevealed.
func TestExampleMapUpdateOnMove(t *testing.T) {
	b := newMap().sec("H", 1, revealed, shape(ShapeCross)).sec("N", 1, shape(ShapeTJunction)).
		sec("E", 1, lit, shape(ShapeCorridor)).sec("Rm", 1, lit, room("Control Room"))
	b.link("H", North, "N").link("N", East, "E").door("E", East, "Rm")
	m := b.hero("H").build()
	r, err := m.HeroMove(North, false, DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.Revealed, []string{"N", "E"}) || r.Map.Sector("Rm").Revealed {
		t.Errorf("revealed %v; the Room must stay Unrevealed", r.Revealed)
	}
	if !r.Map.InLineOfSight("N", "E") || r.Map.InLineOfSight("N", "Rm") {
		t.Error("the Corridor is in LoS, the Room is not")
	}
}

// EC Minimum Spawning Distance: a Spore 3 Sectors away, a Cultist 4; in
// Nightmare Mode each 1 less.
func TestExampleSpawnDistance(t *testing.T) {
	m := mustValid(t, station().build()) // Hero in L; E2 is 2 away, E3 3, U5 4
	cfg, set := DefaultConfig(), DefaultSettings()
	cases := []struct {
		typ    CreatureType
		sector string
		nm     bool
		ok     bool
	}{
		{Spore, "E3", false, true}, {Spore, "E2", false, false},
		{Cultist, "U5", false, true}, {Cultist, "E3", false, false},
		{Spore, "E2", true, true}, {Cultist, "E3", true, true}, {Cultist, "E2", true, false},
	}
	for _, c := range cases {
		_, err := m.CheckSpawn(c.typ, c.sector, 0, c.nm, cfg, set)
		if (err == nil) != c.ok {
			t.Errorf("%s in %s nightmare=%v: %v, want ok=%v", c.typ, c.sector, c.nm, err, c.ok)
		}
	}
}

// EC Blocked Doors (the Jet Pack example): the Worm behind the Infirmary's
// Blocked Door and 2 Sectors from the Hero needs 3 movement, so even 2
// Standard Reactions (1 each) fall short; a Parasite card of range 2 next
// to the Hero through a Blocked Door spends 1 to Unblock and 1 to enter.
func TestExampleBlockedDoorsReach(t *testing.T) {
	cfg := DefaultConfig()
	b := newMap().sec("I", 1, room("Infirmary")).sec("X", 1, revealed).sec("H", 1, revealed).sec("P", 1)
	b.blocked("I", East, "X").link("X", East, "H").blocked("H", South, "P")
	m := b.hero("H").creature("w", Worm, "I").creature("p", Parasite, "P").build()
	if _, err := m.CheckMove("w", []string{"X"}, 1, false, cfg); err == nil {
		t.Error("a Standard Reaction (1) cannot Unblock and enter")
	}
	if _, err := m.CheckMove("w", []string{"X", "H"}, 2, false, cfg); err == nil {
		t.Error("the Worm needs 3 movement to reach the Hero")
	}
	if r, err := m.CheckMove("w", []string{"X", "H"}, 3, false, cfg); err != nil || r.Steps != 3 {
		t.Errorf("3 movement reaches: %+v %v", r, err)
	}
	r, err := m.CheckMove("p", []string{"H"}, 2, false, cfg)
	if err != nil || r.Steps != 2 || r.To != "H" || !reflect.DeepEqual(r.Unblocked, []string{"H|P"}) {
		t.Errorf("Parasite card: %+v %v", r, err)
	}
	if r.Scare != 1 {
		t.Errorf("the Unrevealed Parasite Revealed in the Hero's Sector scares 1: %d", r.Scare)
	}
}

// EC Move Action: the Hero moves east into a Revealed Sector and Blocks
// its Door; moving east again into an Unrevealed Sector Reveals a Worm,
// which scares 2 SC.
func TestExampleMoveBlockThenScare(t *testing.T) {
	set := DefaultSettings()
	b := newMap().sec("H", 1, revealed).sec("A", 1, revealed).sec("D", 1).sec("B", 1)
	b.link("H", East, "A").door("A", North, "D").link("A", East, "B")
	m := b.hero("H").creature("w", Worm, "B").build()
	r, err := m.HeroMove(East, false, set)
	if err != nil || !reflect.DeepEqual(r.BlockableDoors, []Dir{North}) {
		t.Fatalf("first step: %+v %v", r.BlockableDoors, err)
	}
	n := r.Map
	if err := n.CheckBlockDoor(North, 1, false); err != nil {
		t.Fatal(err)
	}
	if n.CheckBlockDoor(North, 1, true) == nil || n.CheckBlockDoor(North, 0, false) == nil {
		t.Error("V18: 1 Door per step, never before the first")
	}
	r, err = n.HeroMove(East, false, set)
	if err != nil || !reflect.DeepEqual(r.Scares, []Scare{{"w", 2}}) || !reflect.DeepEqual(r.Revealed, []string{"B"}) {
		t.Errorf("second step: scares %v revealed %v %v", r.Scares, r.Revealed, err)
	}
}
