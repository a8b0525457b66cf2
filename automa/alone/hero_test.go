package alone

import (
	"strings"
	"testing"
)

// A9: point-by-point overflow keeping the original kind, defeat only at
// both 0, the Companion taking a whole event.
func TestApplyDamage(t *testing.T) {
	cases := []struct {
		name     string
		in       Tracks
		kind     DamageKind
		n        int
		want     Tracks
		overflow int
		lost     int
		defeated bool
	}{
		{"§3.2 example: Life 1 takes 3 Life", Tracks{1, 5}, LifeDamage, 3, Tracks{0, 3}, 2, 0, false},
		{"HC example: Life 0 takes 2 from an attack", Tracks{0, 6}, LifeDamage, 2, Tracks{0, 4}, 2, 0, false},
		{"SC overflows to Life", Tracks{4, 1}, SCDamage, 3, Tracks{2, 0}, 2, 0, false},
		{"plain", Tracks{7, 7}, SCDamage, 2, Tracks{7, 5}, 0, 0, false},
		{"zero", Tracks{7, 7}, LifeDamage, 0, Tracks{7, 7}, 0, 0, false},
		{"defeat exactly", Tracks{1, 1}, LifeDamage, 2, Tracks{0, 0}, 1, 0, true},
		{"defeat with points left", Tracks{1, 0}, SCDamage, 4, Tracks{0, 0}, 1, 3, true},
		{"Life 0 alone is no defeat", Tracks{2, 5}, LifeDamage, 2, Tracks{0, 5}, 0, 0, false},
		{"SC 0 alone is no defeat", Tracks{5, 0}, LifeDamage, 0, Tracks{5, 0}, 0, 0, false},
		{"already defeated: all lost", Tracks{0, 0}, LifeDamage, 2, Tracks{0, 0}, 0, 2, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := ApplyDamage(c.in, c.kind, c.n, false, 0)
			if err != nil {
				t.Fatal(err)
			}
			if r.After != c.want || r.Overflow != c.overflow || r.Lost != c.lost || r.Defeated != c.defeated || r.Kind != c.kind {
				t.Errorf("got %+v", r)
			}
		})
	}
	if _, err := ApplyDamage(Tracks{1, 1}, "fire", 1, false, 0); err == nil {
		t.Error("unknown kind")
	}
	if _, err := ApplyDamage(Tracks{1, 1}, LifeDamage, -1, false, 0); err == nil {
		t.Error("negative damage")
	}
}

// Property: over every start and amount, the points taken equal the points
// dealt until both tracks are 0, no track goes negative (V1), and defeat is
// exactly both at 0.
func TestApplyDamageProperty(t *testing.T) {
	for life := 0; life <= 6; life++ {
		for sc := 0; sc <= 6; sc++ {
			for n := 0; n <= 14; n++ {
				for _, k := range []DamageKind{LifeDamage, SCDamage} {
					r, _ := ApplyDamage(Tracks{life, sc}, k, n, false, 0)
					taken := life + sc - r.After.Life - r.After.SC
					if r.After.Life < 0 || r.After.SC < 0 || taken != min(n, life+sc) || r.Defeated != (r.After.Life == 0 && r.After.SC == 0) {
						t.Fatalf("%d/%d %s %d: %+v", life, sc, k, n, r)
					}
					own := r.Before.Life - r.After.Life
					if k == SCDamage {
						own = r.Before.SC - r.After.SC
					}
					if own+r.Overflow != taken {
						t.Fatalf("overflow count: %+v", r)
					}
				}
			}
		}
	}
}

// §3.7: the whole event goes to the Companion, 1 Charge a point, the rest
// lost (AMB-12), the card discarded at 0.
func TestCompanionDamage(t *testing.T) {
	r, _ := ApplyDamage(Tracks{5, 5}, LifeDamage, 4, true, 2)
	if !r.Redirected || r.After != (Tracks{5, 5}) || r.CompanionAfter != 0 || !r.CompanionDiscarded {
		t.Errorf("beyond the Charges is lost: %+v", r)
	}
	r, _ = ApplyDamage(Tracks{5, 5}, SCDamage, 2, true, 6)
	if r.CompanionAfter != 4 || r.CompanionDiscarded {
		t.Errorf("partial: %+v", r)
	}
	if _, err := ApplyDamage(Tracks{5, 5}, SCDamage, 2, true, 0); err == nil {
		t.Error("no Companion")
	}
	// §7.4 redirect policy.
	cases := []struct {
		n, charges int
		want       bool
	}{{2, 2, true}, {3, 2, true}, {1, 2, false}, {1, 1, true}, {6, 3, false}, {2, 0, false}}
	for _, c := range cases {
		if got, tr := CompanionRedirect(c.n, c.charges); got != c.want || len(tr.Steps) != 1 {
			t.Errorf("n %d charges %d: %v", c.n, c.charges, got)
		}
	}
}

// A10 and V2 with the Hero Compendium's examples.
func TestRecover(t *testing.T) {
	cases := []struct{ v, n, cap, want int }{
		{0, 1, 4, 1}, // Recovering Health example: Life 0 → 1
		{4, 1, 4, 4}, // SC at the cap cannot rise
		{6, 3, 4, 6}, // above the cap: not lowered, not raised
		{2, 3, 4, 4}, // capped
		{0, 3, 4, 3},
		{3, 0, 4, 3},
	}
	for _, c := range cases {
		if got := Recover(c.v, c.n, c.cap); got != c.want {
			t.Errorf("Recover(%d, %d, cap %d) = %d, want %d", c.v, c.n, c.cap, got, c.want)
		}
	}
	if CheckRecoverSpend(4, 4) == nil || CheckRecoverSpend(3, 4) != nil || CheckRecoverSpend(9, 4) == nil {
		t.Error("V3")
	}
}

// §2.7 with the Hero Compendium's Easy example: Life 0 and SC 2, the cap 4
// after the Round is gained: Life 3, SC 4. The Round comes first.
func TestMidGameRewards(t *testing.T) {
	cfg := DefaultConfig()
	cfg.HealingCap = []int{2, 3, 4, 6, 8}
	tr, marker, err := MidGameRewards("easy", Tracks{0, 2}, 1, "", cfg)
	if err != nil || tr != (Tracks{3, 4}) || marker != 2 {
		t.Errorf("easy: %+v %d %v", tr, marker, err)
	}
	tr, marker, _ = MidGameRewards("normal", Tracks{0, 2}, 1, SCDamage, cfg)
	if tr != (Tracks{0, 4}) || marker != 2 {
		t.Errorf("normal: %+v %d", tr, marker)
	}
	tr, marker, _ = MidGameRewards("nightmare", Tracks{0, 2}, 1, LifeDamage, cfg)
	if tr != (Tracks{3, 2}) || marker != 1 {
		t.Errorf("nightmare difficulty, cap 3 without a Round: %+v %d", tr, marker)
	}
	tr, marker, _ = MidGameRewards("impossible", Tracks{0, 2}, 1, LifeDamage, cfg)
	if tr != (Tracks{0, 2}) || marker != 1 {
		t.Errorf("impossible: %+v %d", tr, marker)
	}
	if _, _, err := MidGameRewards("normal", Tracks{0, 2}, 1, "", cfg); err == nil {
		t.Error("normal needs a choice")
	}
	if _, _, err := MidGameRewards("heroic", Tracks{0, 2}, 1, "", cfg); err == nil {
		t.Error("unknown difficulty")
	}
	// AMB-3: a gain at the rightmost space is lost.
	if got := cfg.RoundMarkerGain(4, 1); got != 4 {
		t.Errorf("clamp: %d", got)
	}
}

// §3.4 with the Hero Compendium's example: Life 3 and SC 8 give 5; with 1
// left, 4 come from the reserve. Cold Blood adds 1; the pool is set (V6).
func TestAdrenalineRefill(t *testing.T) {
	cfg := DefaultConfig()
	if p, _ := cfg.AdrenalineRefill(Tracks{3, 8}, false); p != 5 {
		t.Errorf("pool %d", p)
	}
	if p, _ := cfg.AdrenalineRefill(Tracks{8, 3}, true); p != 6 {
		t.Errorf("cold blood %d", p)
	}
	r, err := EndOfRound(nil, RoundEnd{Tracks: Tracks{3, 8}, RoundMarker: 5, Adrenaline: 1}, cfg, DefaultSettings())
	if err != nil || r.Adrenaline != 5 || r.AdrenalineTaken != 4 {
		t.Errorf("end of round refill: %+v %v", r, err)
	}
	r, _ = EndOfRound(nil, RoundEnd{Tracks: Tracks{3, 8}, RoundMarker: 5, Adrenaline: 7}, cfg, DefaultSettings())
	if r.Adrenaline != 5 || r.AdrenalineTaken != 0 {
		t.Errorf("AMB-17 set down: %+v", r)
	}
	cfg.AdrenalineTrack = cfg.AdrenalineTrack[:3]
	if _, err := cfg.AdrenalineRefill(Tracks{3, 8}, false); err == nil {
		t.Error("off the track")
	}
}

// T2 and §2.4: the Round marker, the Nightmare trigger in step 8, the 2 SC
// loss in step 7 only once Nightmare was already on (AMB-1, AMB-2), defeat
// from it, and the win checked first (AMB-20).
func TestEndOfRound(t *testing.T) {
	cfg := DefaultConfig() // 9 spaces, cap 4 + space
	set := DefaultSettings()
	cases := []struct {
		name          string
		in            RoundEnd
		set           func(*Settings)
		marker        int
		triggered, nm bool
		tracks        Tracks
		defeated, won bool
	}{
		{"ordinary", RoundEnd{Tracks: Tracks{8, 8}, RoundMarker: 5}, nil, 4, false, false, Tracks{8, 8}, false, false},
		{"trigger: no loss this Round", RoundEnd{Tracks: Tracks{8, 8}, RoundMarker: 1}, nil, 0, true, true, Tracks{8, 8}, false, false},
		{"trigger with the AMB-1 option", RoundEnd{Tracks: Tracks{8, 8}, RoundMarker: 1}, func(s *Settings) { s.NightmareLossOnTriggerRound = true }, 0, true, true, Tracks{8, 6}, false, false},
		{"in Nightmare: lose 2 SC, marker stays", RoundEnd{Tracks: Tracks{8, 8}, RoundMarker: 0, Nightmare: true}, nil, 0, false, true, Tracks{8, 6}, false, false},
		{"Nightmare after gaining Rounds", RoundEnd{Tracks: Tracks{8, 8}, RoundMarker: 3, Nightmare: true}, nil, 2, false, true, Tracks{8, 6}, false, false},
		{"Nightmare loss overflows", RoundEnd{Tracks: Tracks{5, 1}, RoundMarker: 0, Nightmare: true}, nil, 0, false, true, Tracks{4, 0}, false, false},
		{"Nightmare loss defeats", RoundEnd{Tracks: Tracks{1, 1}, RoundMarker: 0, Nightmare: true}, nil, 0, false, true, Tracks{0, 0}, true, false},
		{"win checked first", RoundEnd{Tracks: Tracks{1, 1}, RoundMarker: 0, Nightmare: true, FinalMissionDone: true}, nil, 0, false, true, Tracks{0, 0}, false, true},
		{"defeat checked first", RoundEnd{Tracks: Tracks{1, 1}, RoundMarker: 0, Nightmare: true, FinalMissionDone: true}, func(s *Settings) { s.WinCheckFirst = false }, 0, false, true, Tracks{0, 0}, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := set
			if c.set != nil {
				c.set(&s)
			}
			r, err := EndOfRound(nil, c.in, cfg, s)
			if err != nil {
				t.Fatal(err)
			}
			if r.RoundMarker != c.marker || r.NightmareTriggered != c.triggered || r.Nightmare != c.nm || r.Tracks != c.tracks || r.Defeated != c.defeated || r.Won != c.won {
				t.Errorf("got %+v", r)
			}
			if r.HealingCap != cfg.HealingCap[c.marker] {
				t.Errorf("cap %d", r.HealingCap)
			}
		})
	}
	if _, err := EndOfRound(nil, RoundEnd{RoundMarker: 9}, cfg, set); err == nil {
		t.Error("marker off the track")
	}
	if _, err := EndOfRound(nil, RoundEnd{Tracks: Tracks{13, 1}, RoundMarker: 2}, cfg, set); err == nil {
		t.Error("life above max")
	}
	// With a Map: Danger count and Labyrinth cleanup.
	b := station()
	b.m.Sector("C").Revealed = true
	r, _ := EndOfRound(b.build(), RoundEnd{Tracks: Tracks{8, 8}, RoundMarker: 5, Track: ReactionTrack{Used: 8}}, cfg, set)
	if r.DangerToPlace != 3 || len(r.LabyrinthRemove) != 1 || r.LabyrinthRemove[0] != "C" {
		t.Errorf("with map: %+v", r)
	}
}

// §4.2: the first card covers 1 space, a combo 2; at most 2 a Turn; none
// before an Action; V14 space checks; Danger count 1 + uncovered symbols.
func TestReactionTrack(t *testing.T) {
	cfg := DefaultConfig() // 10 spaces, Danger on 7, 8, 9
	var tr ReactionTrack
	if err := tr.CheckPlay(false, cfg); err == nil {
		t.Error("V13: before an Action")
	}
	if tr.DangerToPlace(cfg) != 4 {
		t.Error("an empty track gives 3 + 1")
	}
	tr = tr.Play()
	if tr.Used != 1 || tr.NextCost() != 2 {
		t.Errorf("%+v", tr)
	}
	tr = tr.Play()
	if tr.Used != 3 {
		t.Errorf("combo covers 2: %+v", tr)
	}
	if err := tr.CheckPlay(true, cfg); err == nil || !strings.Contains(err.Error(), "2 Reactions") {
		t.Errorf("3rd reaction: %v", err)
	}
	tr = ReactionTrack{Used: 9}
	if err := tr.CheckPlay(true, cfg); err != nil {
		t.Errorf("1 free space, first card: %v", err)
	}
	if tr.DangerToPlace(cfg) != 2 {
		t.Errorf("space 9 uncovered: %d", tr.DangerToPlace(cfg))
	}
	tr = ReactionTrack{Used: 9, PlayedThisTurn: 1}
	if err := tr.CheckPlay(true, cfg); err == nil {
		t.Error("V14: combo with 1 free")
	}
	tr = ReactionTrack{Used: 10}
	if err := tr.CheckPlay(true, cfg); err == nil {
		t.Error("full track")
	}
	if tr.DangerToPlace(cfg) != 1 {
		t.Error("the symbol off the end always gives 1")
	}
	if (ReactionTrack{Used: 5}).FreeNoDanger(cfg) != 2 || cfg.NoDangerTotal() != 7 {
		t.Error("free without Danger")
	}
	// A Danger symbol in the middle of a custom track.
	mid := DefaultConfig()
	mid.DangerSpaces = []int{4}
	if !(ReactionTrack{Used: 4}).CoversDanger(mid) || (ReactionTrack{Used: 5}).CoversDanger(mid) || !(ReactionTrack{Used: 3, PlayedThisTurn: 1}).CoversDanger(mid) {
		t.Error("covers danger")
	}
	// Pacing budget: ceil(7 × t / 8).
	for turn, want := range map[int]int{1: 1, 2: 2, 4: 4, 8: 7} {
		if got := pacingBudget(cfg, turn, DefaultSettings()); got != want {
			t.Errorf("turn %d budget %d, want %d", turn, got, want)
		}
	}
	hi := DefaultSettings()
	hi.Aggression = AggressionHigh
	if got := pacingBudget(cfg, 8, hi); got != 9 {
		t.Errorf("high aggression: %d", got)
	}
}

// T1, V4, V5, V7, V8, and Bullet Time (§2.5): Adrenaline only before the
// first Action, 1 each for Recover and Bullet Time, 2 Actions with Bullet
// Time, Item extras on top.
func TestTurnRules(t *testing.T) {
	for turn, ok := range map[int]bool{0: false, 1: true, 8: true, 9: false} {
		if (CheckTurn(turn) == nil) != ok {
			t.Errorf("turn %d", turn)
		}
	}
	ts := TurnState{Turn: 1, Adrenaline: 2}
	if ts.CheckAdrenaline(true) != nil || ts.CheckAdrenaline(false) != nil {
		t.Error("both purposes at the start")
	}
	ts.BulletTimeUsed, ts.RecoverUsed = true, true
	if ts.CheckAdrenaline(true) == nil || ts.CheckAdrenaline(false) == nil {
		t.Error("V5/V4: once each")
	}
	ts = TurnState{Adrenaline: 0}
	if ts.CheckAdrenaline(true) == nil {
		t.Error("empty pool")
	}
	ts = TurnState{Adrenaline: 3, ActionsDeclared: 1}
	if ts.CheckAdrenaline(true) == nil {
		t.Error("V5: Bullet Time after an Action")
	}
	ts = TurnState{}
	if ts.CheckEndTurn() == nil {
		t.Error("V8: no Action")
	}
	if ts.CheckDeclareAction(false) != nil {
		t.Error("first Action")
	}
	ts.ActionsDeclared = 1
	if ts.CheckDeclareAction(false) == nil {
		t.Error("V8: a 2nd Action without Bullet Time")
	}
	ts.BulletTimeUsed = true
	if ts.CheckDeclareAction(false) != nil || ts.MaxActions() != 2 {
		t.Error("Bullet Time gives 2")
	}
	ts.ActionsDeclared = 2
	if ts.CheckDeclareAction(false) == nil {
		t.Error("V8: a 3rd")
	}
	if ts.CheckDeclareAction(true) == nil {
		t.Error("no Item extra granted")
	}
	ts.ItemActions = 1
	if ts.CheckDeclareAction(true) != nil {
		t.Error("Item extra")
	}
	if ts.CheckEndTurn() != nil {
		t.Error("end")
	}
}

// §2.4: Nightmare changes the stats the Evil side uses everywhere.
func TestNightmareEverywhere(t *testing.T) {
	cfg, set := DefaultConfig(), DefaultSettings()
	m := mustValid(t, station().creature("w", Worm, "L").build())
	if a := m.EndOfTurnAttacks(true, nil, cfg); a[0].Dice != 4 {
		t.Error("attack dice")
	}
	if _, err := m.CheckSpawn(Worm, "U5", 0, true, cfg, set); err != nil {
		t.Error("MSD")
	}
	m2 := mustValid(t, station().creature("w", Worm, "E1").build())
	if s := m2.HeroEntryScares("E1", true); s[0].SC != 3 {
		t.Error("scare")
	}
	w := m2.Creature("w")
	if a, b := w.mustStats(false), w.mustStats(true); a.Wound != b.Wound || a.Kill != b.Kill {
		t.Error("life unchanged")
	}
}
