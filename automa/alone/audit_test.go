package alone

import (
	"fmt"
	"testing"
)

// Audit tests: each rule checked over its whole range, so an off-by-one, a
// swapped order or a wrong cap fails here even where a worked example passes.

// §2.3 and §2.4 over many Rounds from the start space: the marker falls by 1
// a Round and stops at the final space (V9); Nightmare Mode starts at the
// end of the Round that brings the marker there and never ends (V10); the
// 2 SC loss comes at the end of every later Round only (AMB-1, AMB-2).
func TestAuditRoundTrackOverManyRounds(t *testing.T) {
	cfg := DefaultConfig()
	start := len(cfg.HealingCap) - 1
	for _, onTrigger := range []bool{false, true} {
		set := DefaultSettings()
		set.NightmareLossOnTriggerRound = onTrigger
		in := RoundEnd{Tracks: Tracks{12, 12}, RoundMarker: start}
		losses := 0
		for round := 1; round <= start+4; round++ {
			r, err := EndOfRound(nil, in, cfg, set)
			if err != nil {
				t.Fatal(err)
			}
			wantMarker := max(0, start-round)
			if r.RoundMarker != wantMarker {
				t.Fatalf("round %d: marker %d, want %d", round, r.RoundMarker, wantMarker)
			}
			if r.Nightmare != (round >= start) || r.NightmareTriggered != (round == start) {
				t.Fatalf("round %d: nightmare %v triggered %v", round, r.Nightmare, r.NightmareTriggered)
			}
			if round > start || (round == start && onTrigger) {
				losses++
			}
			if want := 12 - 2*losses; r.Tracks.SC != want || r.Tracks.Life != 12 {
				t.Fatalf("round %d (loss on trigger %v): tracks %+v, want SC %d", round, onTrigger, r.Tracks, want)
			}
			if r.HealingCap != cfg.HealingCap[wantMarker] {
				t.Fatalf("round %d: cap %d", round, r.HealingCap)
			}
			in = RoundEnd{Tracks: r.Tracks, RoundMarker: r.RoundMarker, Nightmare: r.Nightmare}
		}
	}
}

// T2 order: the Adrenaline refill (step 4) reads the tracks before the
// Nightmare loss (step 7), and the loss is SC damage that overflows into
// Life point by point (§3.2).
func TestAuditEndOfRoundRefillBeforeNightmareLoss(t *testing.T) {
	cfg := DefaultConfig()
	for v := range cfg.AdrenalineTrack {
		cfg.AdrenalineTrack[v] = 20 - v // every value distinct
	}
	cases := []struct {
		in       Tracks
		pool     int
		after    Tracks
		defeated bool
	}{
		{Tracks{8, 4}, 16, Tracks{8, 2}, false},
		{Tracks{4, 8}, 16, Tracks{4, 6}, false},
		{Tracks{5, 1}, 19, Tracks{4, 0}, false},
		{Tracks{3, 0}, 20, Tracks{1, 0}, false},
		{Tracks{1, 1}, 19, Tracks{0, 0}, true},
		{Tracks{0, 2}, 20, Tracks{0, 0}, true},
	}
	for _, c := range cases {
		r, err := EndOfRound(nil, RoundEnd{Tracks: c.in, RoundMarker: 0, Nightmare: true, Adrenaline: 2}, cfg, DefaultSettings())
		if err != nil {
			t.Fatal(err)
		}
		if r.Adrenaline != c.pool || r.AdrenalineTaken != max(0, c.pool-2) || r.Tracks != c.after || r.Defeated != c.defeated {
			t.Errorf("%+v: pool %d, tracks %+v, defeated %v; want %d, %+v, %v", c.in, r.Adrenaline, r.Tracks, r.Defeated, c.pool, c.after, c.defeated)
		}
		if r.NightmareLoss == nil || r.NightmareLoss.Kind != SCDamage {
			t.Errorf("%+v: the loss is SC damage: %+v", c.in, r.NightmareLoss)
		}
	}
	// Cold Blood adds 1 at the refill, on top of the track value (§3.4).
	r, _ := EndOfRound(nil, RoundEnd{Tracks: Tracks{8, 4}, RoundMarker: 3, ColdBlood: true}, cfg, DefaultSettings())
	if r.Adrenaline != 17 {
		t.Errorf("Cold Blood refill %d, want 17", r.Adrenaline)
	}
}

// A10 over every value, amount and cap: never lowered, never raised past the
// cap, and exactly v+n when the cap allows (§3.3, V2).
func TestAuditRecoverProperty(t *testing.T) {
	for v := 0; v <= 12; v++ {
		for n := 0; n <= 6; n++ {
			for cap := 0; cap <= 12; cap++ {
				got := Recover(v, n, cap)
				var want int
				switch {
				case v >= cap:
					want = v
				case v+n <= cap:
					want = v + n
				default:
					want = cap
				}
				if got != want {
					t.Fatalf("Recover(%d, %d, cap %d) = %d, want %d", v, n, cap, got, want)
				}
			}
		}
	}
}

// §4.8 and §4.4: every type's end-of-Turn dice for each mode, Dark and
// Lighted, with card modifiers and the floor at 0 (V30).
func TestAuditAttackDiceEveryCell(t *testing.T) {
	want := map[bool]map[CreatureType][2]int{
		false: {Spore: {3, 2}, Parasite: {2, 1}, Cultist: {2, 2}, Hybrid: {2, 1}, Worm: {3, 0}},
		true:  {Spore: {4, 3}, Parasite: {3, 2}, Cultist: {3, 3}, Hybrid: {3, 2}, Worm: {4, 1}},
	}
	for nm, row := range want {
		for typ, dl := range row {
			st, err := TypeStats(typ, nm)
			if err != nil {
				t.Fatal(err)
			}
			for i, lit := range []bool{false, true} {
				for mod := -3; mod <= 2; mod++ {
					if got := AttackDice(st, lit, mod); got != max(0, dl[i]+mod) {
						t.Errorf("%s nightmare=%v lighted=%v mod %d: %d dice, want %d", typ, nm, lit, mod, got, max(0, dl[i]+mod))
					}
				}
			}
		}
	}
}

// §4.9 over 0..6 Creatures: one die each, 1 fewer in Light, never below 0.
func TestAuditAoODice(t *testing.T) {
	for n := 0; n <= 6; n++ {
		if got := AoODice(n, false); got != n {
			t.Errorf("Dark, %d Creatures: %d dice", n, got)
		}
		if got := AoODice(n, true); got != max(0, n-1) {
			t.Errorf("Lighted, %d Creatures: %d dice", n, got)
		}
	}
}

// §4.2 item 3 and §4.11 item 3 over a whole Round of plays: a Turn's first
// card covers 1 space, a combo 2, at most 2 a Turn, a combo needs 2 free
// spaces; the Danger count is 1 plus the symbols still showing.
func TestAuditReactionTrackEveryPattern(t *testing.T) {
	cfg := DefaultConfig()
	// Each pattern is the cards the Evil side tries to play each Turn.
	for mask := 0; mask < 1<<8; mask++ {
		var tr ReactionTrack
		used := 0
		for turn := 0; turn < 8; turn++ {
			tr.PlayedThisTurn = 0
			want := 1 + mask>>turn&1 // 1 or 2 cards tried this Turn
			for k := 0; k < want; k++ {
				free := cfg.ReactionSpaces - used
				cost := 1
				if k == 1 {
					cost = 2
				}
				err := tr.CheckPlay(true, cfg)
				if (err == nil) != (free >= cost) {
					t.Fatalf("mask %b turn %d card %d: free %d, cost %d, err %v", mask, turn, k+1, free, cost, err)
				}
				if err != nil {
					break
				}
				tr = tr.Play()
				used += cost
			}
			if tr.Used != used {
				t.Fatalf("mask %b: used %d, want %d", mask, tr.Used, used)
			}
			tr2 := tr
			tr2.PlayedThisTurn = 2
			if tr2.CheckPlay(true, cfg) == nil {
				t.Fatal("a 3rd card in a Turn")
			}
		}
		showing := 0
		for _, d := range cfg.DangerSpaces {
			if d >= used {
				showing++
			}
		}
		if got := tr.DangerToPlace(cfg); got != 1+showing {
			t.Fatalf("mask %b: %d Danger tokens, want %d", mask, got, 1+showing)
		}
	}
}

// A8 over every type, state and damage: one attack's whole damage against
// the thresholds, the surplus of a Wound lost (§5.3).
func TestAuditWoundsEveryType(t *testing.T) {
	for _, nm := range []bool{false, true} {
		for _, typ := range CreatureTypes {
			st, _ := TypeStats(typ, nm)
			for d := 0; d <= 6; d++ {
				want := NoEffect
				switch {
				case d >= st.Wound+st.Kill:
					want = Killed
				case d >= st.Wound:
					want = Wounded
				}
				if got := ResolveWound(st, false, d); got != want {
					t.Errorf("%s unwounded, %d damage: %s, want %s", typ, d, got, want)
				}
				want = NoEffect
				if d >= st.Kill {
					want = Killed
				}
				if got := ResolveWound(st, true, d); got != want {
					t.Errorf("%s wounded, %d damage: %s, want %s", typ, d, got, want)
				}
			}
		}
	}
}

// §3.5 Courage on one scare: an Evil die that misses takes 1 off; a SPECIAL
// misses unless the Hero's Sector holds Danger; a scare of 0 stays 0.
func TestAuditCourage(t *testing.T) {
	cases := []struct {
		scare  int
		face   Face
		danger bool
		want   int
	}{
		{2, Blank, false, 1}, {2, Hit, false, 2}, {2, Special, false, 1}, {2, Special, true, 2},
		{1, Blank, false, 0}, {0, Blank, false, 0}, {3, Blank, true, 2},
	}
	for _, c := range cases {
		if got := CourageReduce(c.scare, c.face, c.danger); got != c.want {
			t.Errorf("Courage on %d with %s (danger %v): %d, want %d", c.scare, c.face, c.danger, got, c.want)
		}
	}
}

// §4.11 item 4 and T2 step 6: on a full Level the policy moves an old token
// for each new one; it never takes back a token it has just placed, and the
// tokens it removes and places are all legal one after the other.
func TestAuditPlaceDangerOnAFullLevel(t *testing.T) {
	b := newMap().sec("c0", 1, revealed)
	for i := 1; i <= 11; i++ {
		id := fmt.Sprintf("c%d", i)
		if i <= 8 {
			b.sec(id, 1, danger)
		} else {
			b.sec(id, 1)
		}
		b.link(fmt.Sprintf("c%d", i-1), East, id)
	}
	b.sec("d0", 2).stairs("c0", "d0", "red")
	b.sec("d1", 2).link("d0", East, "d1").sec("e0", 2).sec("e1", 2).link("e0", East, "e1").stairs("c11", "e1", "blue")
	m := b.hero("c0").build()
	// Level 2 is out of the picture: every Sector there already has Danger.
	for _, id := range []string{"d0", "d1", "e0", "e1"} {
		m.Sector(id).Danger = true
	}
	for seed := uint64(1); seed <= 20; seed++ {
		p, _, err := PlaceDanger(m, 3, nil, &Seeded{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		check := m.Clone()
		for k, id := range p.Place {
			if check.DangerOnLevel(check.Sector(id).Level) >= MaxDangerPerLevel {
				if k >= len(p.Remove) {
					t.Fatalf("seed %d: token %d placed on a full Level without a removal: %+v", seed, k+1, p)
				}
				r := check.Sector(p.Remove[k])
				if r == nil || !r.Danger {
					t.Fatalf("seed %d: removal %d (%s) takes away no token: %+v", seed, k+1, p.Remove[k], p)
				}
				r.Danger = false
			}
			if err := check.CheckDangerPlacement(id); err != nil {
				t.Fatalf("seed %d: placement %d: %v (%+v)", seed, k+1, err, p)
			}
			check.Sector(id).Danger = true
		}
		for _, r := range p.Remove {
			if contains(p.Place, r) && !m.Sector(r).Danger {
				t.Fatalf("seed %d: the policy took back a token it had just placed in %s: %+v", seed, r, p)
			}
		}
	}
}
