package alone

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

func TestMoreValidations(t *testing.T) {
	// V10: nothing sets Nightmare back but a correction with its reason
	// (issue 15 item 8); one that changes nothing is refused.
	s := bookkeeping(t)
	refused(t, s, Correct{Field: "nightmare", Value: 0, Why: "x"}, "§2.4")
	e := do(t, s, Correct{Field: "life", Value: 13})
	if st(s).Life != 12 || !strings.Contains(s.Describe(e), "off the track") {
		t.Fatalf("V1 clamps a hand correction: %d, %q", st(s).Life, s.Describe(e))
	}
	refused(t, s, Correct{Field: "turnsUsed", Value: 9}, "V7")
	do(t, s, CompanionCmd{Do: "gain", Character: "Medic"})
	do(t, s, Correct{Field: "companion", Value: 9})
	if st(s).Companion.Charges != 6 {
		t.Fatal("V26 clamps the Companion's Charges at 6")
	}
	do(t, s, Correct{Field: "companion", Value: 0})
	if st(s).Companion != nil {
		t.Fatal("a Companion corrected to 0 Charges is discarded")
	}
	do(t, s, Correct{Field: "xp.courage", Value: 5})
	if st(s).XP[Courage] != 2 {
		t.Fatal("V27 clamps experience at 2")
	}
	refused(t, s, DealDamage{Kind: alone.LifeDamage, N: 0}, "§3.2")
	refused(t, s, DealDamage{Kind: "fear", N: 1}, "§3.2")
	refused(t, s, ChangeSettings{Settings: alone.Settings{DangerousCheck: "sometimes", Aggression: alone.AggressionLow}}, "§10")
	refused(t, s, MoveHero{Dir: alone.East}, "§7.2") // no Map in bookkeeping mode
	refused(t, s, CompleteMission{Which: 4}, "§2.6")
	// V30: a negative card modifier leaves 0 dice, never fewer.
	m := withCreatures(alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-00"})
	s = mapped(t, Assist, m)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, AttackBonus{Creature: "worm-1", Dice: -5})
	refused(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "worm-1", Faces: hand(H)}}}, "§5.0")
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "worm-1", Faces: hand()}}})
	// V23: an LCU direction with no exit, or the Stairs; a Mission target
	// elsewhere.
	s.Do(SetGoals{Sectors: []string{"1-22"}})
	do(t, s, StartTurn{})
	refused(t, s, InteractWith{Mission: "Lab terminal"}, "V23")
	refused(t, s, InteractWith{LCU: alone.East, Mission: "x"}, "§5.6")
	m = testMap()
	m.Sector("1-00").LCU = true
	s = mapped(t, Assist, m)
	do(t, s, StartTurn{})
	refused(t, s, InteractWith{LCU: alone.North}, "V23")
	refused(t, s, InteractWith{LCU: alone.Stairs}, "V23")
	e = do(t, s, InteractWith{LCU: alone.East})
	if g := st(s); !g.Map.Sector("1-20").Lighted || !g.Map.Sector("1-20").Revealed || g.Map.Sector("1-20").Exits == nil {
		t.Fatalf("lighting east reveals the lit Sectors in LoS: %q", s.Describe(e))
	}
	do(t, s, EndTurn{})
}

// V16: no Spawn without a token left.
func TestTokenLimit(t *testing.T) {
	s, _ := newSession(t, 4)
	sh := testSheet()
	sh.Tokens = map[alone.CreatureType]int{alone.Spore: 1, alone.Parasite: 3, alone.Cultist: 3, alone.Hybrid: 3, alone.Worm: 3, alone.Boss: 2}
	do(t, s, SetupSheet{Sheet: sh})
	do(t, s, startCmd(Assist, testMap()))
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, PlayReaction{ReactionPlay{Player: 0, Spawn: &SpawnSpec{Type: alone.Spore, Sector: "1-22"}}})
	refused(t, s, PlayReaction{ReactionPlay{Player: 1, Deck: 1, Spawn: &SpawnSpec{Type: alone.Spore, Sector: "2-22"}}}, "V16")
}

// AMB-9 and §4.5 item 6: a Teleport makes no Noise, ignores the MSD, and an
// Unrevealed Creature teleported into the Hero's Sector scares.
func TestTeleportAndRemove(t *testing.T) {
	s := assist(t, alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "2-22"},
		alone.Creature{ID: "cultist-1", Type: alone.Cultist, Sector: "1-22"})
	heard := len(st(s).Heard)
	do(t, s, Teleport{Creature: "worm-1", Sector: "1-00"})
	g := st(s)
	if g.SC != 10 || !g.Map.Creature("worm-1").Revealed || len(g.Heard) != heard+1 {
		t.Fatalf("SC %d, heard %v", g.SC, g.Heard)
	}
	refused(t, s, Teleport{Creature: "worm-9", Sector: "1-00"}, "§4.5")
	do(t, s, RemoveCreature{Creature: "cultist-1"})
	refused(t, s, RemoveCreature{Creature: "cultist-1"}, "§4.3")
	// Courage: a Miss on the Evil die lowers the scare by 1.
	do(t, s, GainXP{Ability: Courage})
	do(t, s, GainXP{Ability: Courage})
	do(t, s, RemoveCreature{Creature: "worm-1"})
	s2 := assist(t, alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "2-22"})
	do(t, s2, GainXP{Ability: Courage})
	do(t, s2, GainXP{Ability: Courage})
	do(t, s2, Teleport{Roll: PhysicalDice, Creature: "worm-1", Sector: "1-00", CourageFace: B})
	if st(s2).SC != 11 {
		t.Fatalf("Courage: SC %d, want 11", st(s2).SC)
	}
}

// AMB-5: a Reaction is Dangerous by the Hero's Sector when it resolves, or
// with the option where the Action began.
func TestDangerousCheck(t *testing.T) {
	for _, check := range []alone.DangerousCheck{alone.AtResolution, alone.AtActionStart} {
		m := testMap()
		m.Sector("1-00").Danger = true
		s := mapped(t, Assist, m)
		set := alone.DefaultSettings()
		set.DangerousCheck = check
		do(t, s, ChangeSettings{Settings: set})
		do(t, s, StartTurn{})
		do(t, s, MoveHero{Dir: alone.East})
		e := do(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: "move", Card: "Trap"}})
		dangerous := strings.Contains(s.Describe(e), "Dangerous")
		if dangerous != (check == alone.AtActionStart) {
			t.Errorf("%s: Dangerous = %v", check, dangerous)
		}
	}
}

func TestWhere(t *testing.T) {
	s, _ := newSession(t, 1)
	if w := s.Where(); w != "Setting up" {
		t.Fatalf("where %q", w)
	}
	s = bookkeeping(t)
	do(t, s, StartTurn{})
	do(t, s, Correct{Field: "roundMarker", Value: 0})
	if w := s.Where(); w != "Round 1 · Turn 1 · Nightmare" {
		t.Fatalf("where %q", w)
	}
}

// FuzzApply feeds damaged events to Apply: an error, never a crash.
func FuzzApply(f *testing.F) {
	s := bookkeeping(f)
	do(f, s, StartTurn{BulletTime: true})
	do(f, s, DealDamage{Kind: alone.LifeDamage, N: 3})
	_ = s.Events(1, func(e tracker.Event) error {
		f.Add(e.Kind, string(e.Payload))
		return nil
	})
	f.Fuzz(func(t *testing.T, kind, payload string) {
		for _, base := range []*State{{}, st(s).clone()} {
			_, _ = Rules{}.Apply(base, tracker.Event{Seq: 1, Kind: kind, Payload: json.RawMessage(payload)})
		}
		_, _ = Rules{}.DecodeState([]byte(payload))
	})
}

// BenchmarkEvilTurn is one solo Evil decision through the tracker, on the
// test Map of two Levels with Creatures about.
func BenchmarkEvilTurn(b *testing.B) {
	m := withCreatures(alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "2-22"},
		alone.Creature{ID: "spore-1", Type: alone.Spore, Sector: "1-22"},
		alone.Creature{ID: "hybrid-1", Type: alone.Hybrid, Sector: "1-21"})
	s := mapped(b, Solo, m)
	do(b, s, StartTurn{})
	do(b, s, Declare{Action: Locate})
	do(b, s, Resolve{})
	g := st(s)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := (Rules{}).Decide(g, EvilTurn{}, tracker.NewDice(1, uint64(i))); err != nil {
			b.Fatal(err)
		}
	}
}

// AMB-4: the Spawn distance treats Blocked Doors as impassable, or with the
// option passes them.
func TestSpawnDistanceOption(t *testing.T) {
	for _, ignore := range []bool{false, true} {
		m := testMap()
		m.Sector("1-00").Revealed = false
		m.Hero = "1-01"
		m.Sector("1-01").Revealed = true
		e := m.Sector("1-01").Exits[alone.East]
		e.Blocked = true
		m.Sector("1-01").Exits[alone.East] = e
		w := m.Sector("1-11").Exits[alone.West]
		w.Blocked = true
		m.Sector("1-11").Exits[alone.West] = w
		s := mapped(t, Assist, m)
		set := alone.DefaultSettings()
		set.SpawnDistanceIgnoresBlockedDoors = ignore
		do(t, s, ChangeSettings{Settings: set})
		do(t, s, StartTurn{})
		do(t, s, Declare{Action: Locate})
		do(t, s, Resolve{})
		spawn := PlayReaction{ReactionPlay{Player: 0, Spawn: &SpawnSpec{Type: alone.Spore, Sector: "1-21"}}}
		if ignore {
			refused(t, s, spawn, "V16")
		} else {
			do(t, s, spawn)
		}
	}
}

// AMB-7: no Hero reroll on an Attack of Opportunity unless the option says.
func TestAoORerollOption(t *testing.T) {
	for _, allow := range []bool{false, true} {
		s := assist(t, alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "1-00"})
		set := alone.DefaultSettings()
		set.AoOAllowsHeroRerolls = allow
		do(t, s, ChangeSettings{Settings: set})
		do(t, s, GainXP{Ability: Dexterity})
		do(t, s, GainXP{Ability: Dexterity})
		do(t, s, StartTurn{})
		mv := MoveHero{Roll: PhysicalDice, Dir: alone.East, AoOFaces: hand(H), AoOReroll: B}
		if !allow {
			refused(t, s, mv, "§5.0") // no reroll is rolled: its face is refused
			do(t, s, MoveHero{Roll: PhysicalDice, Dir: alone.East, AoOFaces: hand(H)})
			if st(s).Life != 11 {
				t.Fatalf("Life %d", st(s).Life)
			}
			continue
		}
		do(t, s, mv)
		if st(s).Life != 12 {
			t.Fatalf("with the reroll allowed: Life %d", st(s).Life)
		}
	}
}
