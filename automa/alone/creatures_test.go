package alone

import (
	"reflect"
	"strings"
	"testing"
)

// A7: range, the Unblock step, the Level limit, reveals, scares, exits.
func TestCheckMove(t *testing.T) {
	cfg := DefaultConfig()
	// The Evil Compendium's card example: 3 movement through one Blocked
	// Door moves the Creature at most 2 Sectors.
	b := newMap().sec("A", 1).sec("B", 1).sec("Cc", 1).sec("D", 1).sec("H", 1, revealed).
		sec("P", 2).sec("Q", 2).sec("P2", 2).sec("Q2", 2)
	b.blocked("A", East, "B").link("B", East, "Cc").link("Cc", East, "D").link("D", East, "H").
		link("P", East, "Q").link("P2", East, "Q2").stairs("H", "P", "red").stairs("A", "P2", "blue")
	m := mustValid(t, b.hero("H").creature("p", Parasite, "A").build())
	if r, err := m.CheckMove("p", []string{"B", "Cc"}, 3, false, cfg); err != nil || r.Steps != 3 || !reflect.DeepEqual(r.Unblocked, []string{"A|B"}) {
		t.Errorf("3 movement, 1 Unblock, 2 Sectors: %+v %v", r, err)
	}
	if _, err := m.CheckMove("p", []string{"B", "Cc", "D"}, 3, false, cfg); err == nil || !strings.Contains(err.Error(), "range of 3") {
		t.Errorf("a 3rd Sector is out of range: %v", err)
	}
	if _, err := m.CheckMove("p", []string{"Cc"}, 3, false, cfg); err == nil || !strings.Contains(err.Error(), "not next to") {
		t.Errorf("not adjacent: %v", err)
	}
	if _, err := m.CheckMove("zz", nil, 1, false, cfg); err == nil {
		t.Error("unknown creature")
	}
	// 0 steps: Noise in its own Sector.
	r, err := m.CheckMove("p", nil, 1, false, cfg)
	if err != nil || r.To != "A" || r.Steps != 0 || r.Noise.Source != "A" {
		t.Errorf("0-step move: %+v %v", r, err)
	}
	// ApplyMove unblocks on both sides and marks the move.
	r, _ = m.CheckMove("p", []string{"B"}, 2, false, cfg)
	n := m.Clone()
	n.ApplyMove(r)
	if n.Sector("A").Exits[East].Blocked || n.Sector("B").Exits[West].Blocked || !n.Creature("p").Moved || n.Creature("p").Sector != "B" {
		t.Error("ApplyMove")
	}
	if !m.Sector("A").Exits[East].Blocked {
		t.Error("CheckMove must not change the Map")
	}
	// Level limit: no step into a full Level.
	b2 := station()
	for i, s := range []string{"U1", "U2", "U3", "U4"} {
		b2.creature(string(rune('a'+i)), CreatureTypes[i], s)
	}
	b2.creature("w", Worm, "S1")
	m2 := mustValid(t, b2.build())
	if _, err := m2.CheckMove("w", []string{"U1"}, 1, false, cfg); err == nil || !strings.Contains(err.Error(), "Level 2") {
		t.Errorf("full level: %v", err)
	}
	// Moving within the full Level is fine.
	if _, err := m2.CheckMove("a", []string{"U2"}, 1, false, cfg); err != nil {
		t.Errorf("within a full level: %v", err)
	}
}

// §4.6 item 6 and §4.7 item 2: Revealed in a Revealed Sector (no scare),
// Revealed straight into the Hero's (scare), Revealed elsewhere first even in
// the same move (no scare), and the exit direction from Revealed to
// Unrevealed.
func TestMoveRevealsAndScares(t *testing.T) {
	cfg := DefaultConfig()
	mk := func(revealE1 bool) *Map {
		b := station().creature("h", Hybrid, "E2")
		if revealE1 {
			b.m.Sector("E1").Revealed = true
		}
		return mustValid(t, b.build())
	}
	// E2 → E1 (Unrevealed) → L: Revealed straight into the Hero's Sector.
	r, err := mk(false).CheckMove("h", []string{"E1", "L"}, 2, false, cfg)
	if err != nil || r.Scare != 2 || r.RevealedIn != "L" || !r.Revealed {
		t.Errorf("scare: %+v %v", r, err)
	}
	if r.Noise.Kind != NoiseHere {
		t.Errorf("noise in the Hero's Sector: %+v", r.Noise)
	}
	// Nightmare scare is the Nightmare value.
	if r, _ := mk(false).CheckMove("h", []string{"E1", "L"}, 2, true, cfg); r.Scare != 3 {
		t.Errorf("nightmare hybrid scare: %d", r.Scare)
	}
	// E1 Revealed: the Creature is Revealed there first, then no scare.
	r, _ = mk(true).CheckMove("h", []string{"E1", "L"}, 2, false, cfg)
	if r.Scare != 0 || r.RevealedIn != "E1" {
		t.Errorf("revealed first: %+v", r)
	}
	// Into a Revealed Sector out of LoS: Revealed, no scare.
	b := station().creature("p", Parasite, "S2")
	b.m.Sector("S3").Revealed = true
	r, _ = mustValid(t, b.build()).CheckMove("p", []string{"S3"}, 1, false, cfg)
	if !r.Revealed || r.Scare != 0 || r.RevealedIn != "S3" {
		t.Errorf("revealed out of LoS: %+v", r)
	}
	// Leaving the Labyrinth: exit direction Communicated, miniature removed.
	b = station()
	b.m.Sector("E1").Revealed = true
	b.creature("p", Parasite, "E1")
	r, _ = mustValid(t, b.build()).CheckMove("p", []string{"E2"}, 1, false, cfg)
	if r.Revealed || !reflect.DeepEqual(r.ExitDirections, []ExitReport{{Sector: "E1", Direction: East}}) {
		t.Errorf("exit: %+v", r)
	}
	// Revealed, out, then back into the Hero's Sector: no scare (it was
	// Revealed during this move).
	b = station()
	b.m.Sector("E1").Revealed = true
	b.creature("p", Parasite, "E1")
	r, _ = mustValid(t, b.build()).CheckMove("p", []string{"E2", "E1", "L"}, 3, false, cfg)
	if r.Scare != 0 {
		t.Errorf("no scare after being Revealed: %+v", r)
	}
	// A Cultist in regular mode scares 0.
	r, _ = mustValid(t, station().creature("c", Cultist, "E1").build()).CheckMove("c", []string{"L"}, 1, false, cfg)
	if r.Scare != 0 || !r.Revealed {
		t.Errorf("cultist: %+v", r)
	}
}

// §4.5 and V16: MSD (mode-specific, card modifier, never below 0), AMB-4,
// Level limit, token limit, Revealed Spawns.
func TestCheckSpawn(t *testing.T) {
	cfg, set := DefaultConfig(), DefaultSettings()
	m := mustValid(t, station().build())
	cases := []struct {
		t      CreatureType
		sector string
		mod    int
		nm     bool
		ok     bool
	}{
		{Spore, "E3", 0, false, true},     // 3 ≥ 3
		{Spore, "E2", 0, false, false},    // 2 < 3
		{Spore, "E2", 0, true, true},      // Nightmare MSD 2
		{Spore, "E2", -1, false, true},    // card −1
		{Spore, "L", -5, false, true},     // never below 0
		{Cultist, "E3", 0, false, false},  // 3 < 4
		{Cultist, "U5", 0, false, true},   // 4
		{Worm, "U5", 0, false, false},     // 4 < 5
		{Worm, "I", 0, false, true},       // 5
		{Worm, "U5", 0, true, true},       // Nightmare 4
		{Parasite, "S3", 0, false, false}, // 3 < 4
		{Boss, "I", 0, false, false},      // not by the Spawn rule
		{Spore, "nowhere", 0, false, false},
	}
	for _, c := range cases {
		_, err := m.CheckSpawn(c.t, c.sector, c.mod, c.nm, cfg, set)
		if (err == nil) != c.ok {
			t.Errorf("%s in %s mod %d nightmare %v: %v", c.t, c.sector, c.mod, c.nm, err)
		}
	}
	// AMB-4: Blocked Doors impassable for the MSD, unless the option.
	b := station()
	b.blocked("L", North, "R")
	bm := mustValid(t, b.build())
	if _, err := bm.CheckSpawn(Spore, "R", 0, false, cfg, set); err != nil {
		t.Errorf("no path means ∞, which passes: %v", err)
	}
	set2 := set
	set2.SpawnDistanceIgnoresBlockedDoors = true
	if _, err := bm.CheckSpawn(Spore, "R", 0, false, cfg, set2); err == nil {
		t.Error("through the Blocked Door R is 1 away")
	}
	// Level limit and tokens.
	b = station()
	for i, s := range []string{"C", "R", "W1", "S3"} {
		b.creature(string(rune('a'+i)), CreatureTypes[i], s)
	}
	if _, err := mustValid(t, b.build()).CheckSpawn(Worm, "E3", -5, false, cfg, set); err == nil || !strings.Contains(err.Error(), "Level 1") {
		t.Errorf("full level: %v", err)
	}
	b = station().creature("a", Worm, "U1").creature("b", Worm, "U2").creature("c", Worm, "U3")
	if _, err := mustValid(t, b.build()).CheckSpawn(Worm, "I", 0, false, cfg, set); err == nil || !strings.Contains(err.Error(), "token") {
		t.Errorf("no worm token left: %v", err)
	}
	// Spawned into a Revealed Sector: Revealed at once.
	b = station()
	b.m.Sector("E3").Revealed = true
	sc, err := mustValid(t, b.build()).CheckSpawn(Spore, "E3", 0, false, cfg, set)
	if err != nil || !sc.Revealed || sc.Noise.Kind != NoiseDirection {
		t.Errorf("revealed spawn: %+v %v", sc, err)
	}
}

// §4.9 and its worked examples: Lighted with 2 Creatures rolls 1; Lighted
// with 1 Cultist rolls 0; one attack however many; SPECIAL hits with Danger.
func TestAttackOfOpportunity(t *testing.T) {
	cases := []struct {
		n       int
		lighted bool
		want    int
	}{{2, true, 1}, {1, true, 0}, {0, true, 0}, {3, false, 3}, {1, false, 1}}
	for _, c := range cases {
		if got := AoODice(c.n, c.lighted); got != c.want {
			t.Errorf("%d creatures lighted=%v: %d, want %d", c.n, c.lighted, got, c.want)
		}
	}
	b := station().creature("c", Cultist, "L")
	b.m.Sector("L").Lighted = true
	b.m.Sector("L").Danger = true
	a, ok := mustValid(t, b.build()).AttackOfOpportunity(DefaultSettings())
	if !ok || a.Dice != 0 || !a.SpecialHits || a.HeroRerolls {
		t.Errorf("cultist in light: %+v", a)
	}
	if _, ok := station().build().AttackOfOpportunity(DefaultSettings()); ok {
		t.Error("no creature, no AoO")
	}
	set := DefaultSettings()
	set.AoOAllowsHeroRerolls = true
	if a, _ := mustValid(t, b.build()).AttackOfOpportunity(set); !a.HeroRerolls {
		t.Error("AMB-7 option")
	}
}

// §4.8: dice by mode and light, card modifiers, clamp at 0 (V30), SPECIAL
// hitting with Danger, and the expected damage.
func TestEndOfTurnAttacks(t *testing.T) {
	cfg := DefaultConfig()
	b := station().creature("p", Parasite, "L").creature("w", Worm, "L")
	m := mustValid(t, b.build())
	at := m.EndOfTurnAttacks(false, nil, cfg)
	if len(at) != 2 || at[0].Dice != 2 || at[1].Dice != 3 || at[0].SpecialHits {
		t.Errorf("dark: %+v", at)
	}
	m.Sector("L").Lighted = true
	m.Sector("L").Danger = true
	at = m.EndOfTurnAttacks(false, map[string]int{"w": -2, "p": 1}, cfg)
	if at[0].Dice != 2 || at[1].Dice != 0 || !at[0].SpecialHits {
		t.Errorf("lighted with modifiers: %+v", at)
	}
	if at[0].Expected < 1.33 || at[0].Expected > 1.34 {
		t.Errorf("2 dice with Danger at 1:1:1 expect 4/3 hits: %v", at[0].Expected)
	}
	at = m.EndOfTurnAttacks(true, nil, cfg)
	if at[0].Dice != 2 || at[1].Dice != 1 {
		t.Errorf("nightmare lighted: %+v", at)
	}
}

// §4.10: Lights off where a Creature moved this Turn, never the Hero's
// Sector, never without a move; a 0-step move counts (AMB-10); V29.
func TestLightsOff(t *testing.T) {
	b := station().creature("a", Spore, "E2", moved).creature("b", Spore, "E3").
		creature("c", Parasite, "L", moved).creature("d", Parasite, "S2", moved)
	for _, id := range []string{"E2", "E3", "L"} {
		b.m.Sector(id).Lighted = true
	}
	b.m.Sector("L").Revealed = true
	m := mustValid(t, b.build())
	if got := m.LightsOff(); !reflect.DeepEqual(got, []string{"E2"}) {
		t.Errorf("lights off %v", got)
	}
	if m.CheckLightsOff("E2") != nil || m.CheckLightsOff("E3") == nil || m.CheckLightsOff("L") == nil {
		t.Error("V29")
	}
}

// Dice rules: Evil SPECIAL hits with Danger, Hero SPECIAL with Light (§5.0),
// and the Hero Compendium's Spore example: 1 HIT + 1 SPECIAL in a Lighted
// Sector is 2 damage, which kills a Spore.
func TestHitsAndWounds(t *testing.T) {
	if n, _ := CountHits([]Face{Hit, Special, Blank}, false); n != 1 {
		t.Error("no condition")
	}
	if n, _ := CountHits([]Face{Hit, Special, Blank, Special}, true); n != 3 {
		t.Error("with the condition")
	}
	if _, err := CountHits([]Face{"SKULL"}, true); err == nil {
		t.Error("V30 faces")
	}
	spore, _ := TypeStats(Spore, false)
	dmg, _ := CountHits([]Face{Hit, Special}, true)
	if ResolveWound(spore, false, dmg) != Killed {
		t.Error("Spore example")
	}
	// Bullets example: 3 HIT and 1 miss against a Worm: Wounded, 1 lost.
	worm, _ := TypeStats(Worm, false)
	dmg, _ = CountHits([]Face{Hit, Hit, Hit, Blank}, false)
	if ResolveWound(worm, false, dmg) != Wounded {
		t.Error("Bullets example")
	}
	// A8 over every type and damage.
	for _, typ := range CreatureTypes {
		st, _ := TypeStats(typ, false)
		for d := 0; d <= 6; d++ {
			want := NoEffect
			if d >= st.Wound+st.Kill {
				want = Killed
			} else if d >= st.Wound {
				want = Wounded
			}
			if got := ResolveWound(st, false, d); got != want {
				t.Errorf("%s unwounded %d: %s", typ, d, got)
			}
			want = NoEffect
			if d >= st.Kill {
				want = Killed
			}
			if got := ResolveWound(st, true, d); got != want {
				t.Errorf("%s wounded %d: %s", typ, d, got)
			}
		}
	}
}

// §4.7 item 1: the Hero entering an Unrevealed Sector is scared by each
// Creature there, the losses adding up (AMB-8); Cultists scare 0; a
// Revealed Sector scares nobody. The Evil Compendium's example: a Worm, 2 SC.
func TestHeroEntryScares(t *testing.T) {
	m := mustValid(t, station().creature("w", Worm, "E1").creature("h", Hybrid, "E1").creature("c", Cultist, "E1").build())
	got := m.HeroEntryScares("E1", false)
	if !reflect.DeepEqual(got, []Scare{{"w", 2}, {"h", 2}}) {
		t.Errorf("scares %v", got)
	}
	got = m.HeroEntryScares("E1", true)
	if len(got) != 3 || got[2].SC != 1 {
		t.Errorf("nightmare cultist scares 1: %v", got)
	}
	m.RevealSector("E1")
	if got := m.HeroEntryScares("E1", false); got != nil {
		t.Errorf("revealed: %v", got)
	}
	if CourageReduce(2, Blank, false) != 1 || CourageReduce(2, Hit, false) != 2 || CourageReduce(2, Special, true) != 2 || CourageReduce(2, Special, false) != 1 {
		t.Error("Courage")
	}
}

// V19.
func TestFightCheck(t *testing.T) {
	m := mustValid(t, station().creature("w", Worm, "E2").creature("s", Spore, "L").build())
	if m.FightCheck("s", false) != nil || m.FightCheck("w", false) == nil || m.FightCheck("w", true) != nil || m.FightCheck("gone", false) == nil {
		t.Error("V19")
	}
}

// §5.1: AoO before leaving, Reveal and scares, the old Level removed after
// Stairs, Blocked Doors refused (V18).
func TestHeroMove(t *testing.T) {
	set := DefaultSettings()
	b := station().hero("S1").creature("c", Cultist, "S1").creature("w", Worm, "U1")
	b.m.Sector("S1").Revealed = true
	b.m.Sector("L").Revealed = true
	b.m.Sector("S1").Lighted = true
	m := mustValid(t, b.build())
	r, err := m.HeroMove(Stairs, false, set)
	if err != nil {
		t.Fatal(err)
	}
	if r.AoO == nil || r.AoO.Dice != 0 {
		t.Errorf("the Evil Compendium's Stairs example: AoO of 0 dice: %+v", r.AoO)
	}
	if !reflect.DeepEqual(r.Scares, []Scare{{"w", 2}}) || !reflect.DeepEqual(r.Revealed, []string{"U1"}) {
		t.Errorf("scares %v revealed %v", r.Scares, r.Revealed)
	}
	if !reflect.DeepEqual(r.LevelChangeRemoved, []string{"L"}) || r.Map.Sector("L").Revealed || !r.Map.Sector("S1").Revealed {
		t.Errorf("level change: %v", r.LevelChangeRemoved)
	}
	if !r.Map.Creature("w").Revealed || r.Map.Hero != "U1" {
		t.Error("map after")
	}
	b = station()
	b.blocked("L", North, "R")
	if _, err := b.build().HeroMove(North, false, set); err == nil || !strings.Contains(err.Error(), "Blocked") {
		t.Errorf("V18: %v", err)
	}
	if _, err := m.HeroMove(West, false, set); err == nil {
		t.Error("no exit")
	}
	r, _ = mustValid(t, station().build()).HeroMove(North, false, set)
	if !reflect.DeepEqual(r.BlockableDoors, []Dir{North, South}) {
		t.Errorf("doors to block from the Room: %v", r.BlockableDoors)
	}
}
