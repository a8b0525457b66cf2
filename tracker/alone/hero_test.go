package alone

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

func correct(t *testing.T, s *tracker.Session, field string, v int) {
	t.Helper()
	do(t, s, Correct{Field: field, Value: v})
}

func TestSheetSetupAndDefaults(t *testing.T) {
	d := DefaultSheet()
	if d.HealthMax != 12 || d.StartLife != 12 || d.StartSC != 12 || d.StartMarker != len(d.HealingCap)-1 {
		t.Fatalf("defaults %+v, want the spec's hints 12/12 and the marker at the right end", d)
	}
	if d.AbilityFor[alone.Parasite] != ColdBlood {
		t.Fatal("Parasite → Cold Blood is known from the manuals")
	}
	s, _ := newSession(t, 1)
	refused(t, s, StartGame{}, "§9")
	refused(t, s, StartTurn{}, "§2.1")
	bad := []func(*Sheet){
		func(x *Sheet) { x.StartLife = 0 },
		func(x *Sheet) { x.StartSC = 13 },
		func(x *Sheet) { x.StartMarker = 0 },
		func(x *Sheet) { x.StartMarker = 99 },
		func(x *Sheet) { x.HealingCap = []int{5, 4} },
		func(x *Sheet) { x.AdrenalineTrack = []int{1} },
		func(x *Sheet) { x.DeckSize = 0 },
		func(x *Sheet) { x.AbilityFor = map[alone.CreatureType]Ability{alone.Parasite: Courage} },
		func(x *Sheet) { x.AbilityFor = map[alone.CreatureType]Ability{alone.Worm: "luck"} },
	}
	for i, f := range bad {
		sh := DefaultSheet()
		f(&sh)
		if _, err := s.Do(SetupSheet{Sheet: sh}); err == nil {
			t.Errorf("bad sheet %d accepted", i)
		}
	}
	sh := DefaultSheet()
	sh.AdrenalineTrack[3] = 4
	e := do(t, s, SetupSheet{Sheet: sh})
	if !strings.Contains(s.Describe(e), "check") {
		t.Errorf("V32 warning missing from %q", s.Describe(e))
	}
	do(t, s, startCmd(Bookkeeping, nil))
	refused(t, s, SetupSheet{Sheet: DefaultSheet()}, "§9")
	g := st(s)
	if g.Life != 12 || g.SC != 12 || g.Adrenaline != 3 || g.Round != 1 || g.Missions.Final.Status != Locked {
		t.Fatalf("start state %+v", g)
	}
}

func TestStartGameValidation(t *testing.T) {
	cases := []struct {
		name string
		f    func(*StartGame)
		rule string
	}{
		{"no Evil player", func(c *StartGame) { c.EvilPlayers = nil }, "V15"},
		{"4 Evil players", func(c *StartGame) { c.EvilPlayers = []string{"a", "b", "c", "d"} }, "V15"},
		{"1 deck", func(c *StartGame) { c.Decks = []string{"fury"} }, "V15"},
		{"3 decks", func(c *StartGame) { c.Decks = []string{"fury", "speed", "traps"} }, "V15"},
		{"same deck twice", func(c *StartGame) { c.Decks = []string{"fury", "fury"} }, "V15"},
		{"unknown deck", func(c *StartGame) { c.Decks = []string{"fury", "joy"} }, "§2.1"},
		{"bad difficulty", func(c *StartGame) { c.Difficulty = "hard" }, "§2.7"},
		{"normal with 2 items", func(c *StartGame) { c.Items = append(c.Items, c.Items[0]) }, "§2.7"},
		{"impossible with an item", func(c *StartGame) { c.Difficulty = Impossible }, "§2.7"},
		{"easy without bullets first", func(c *StartGame) { c.Difficulty = Easy; c.Items = append(c.Items, c.Items[0]) }, "§2.7"},
		{"solo without a map", func(c *StartGame) { c.Mode = Solo }, "§7.2"},
		{"map in bookkeeping", func(c *StartGame) { c.Map = testMap() }, "§7.2"},
		{"lighted map", func(c *StartGame) { c.Mode = Assist; c.Map = testMap(); c.Map.Sectors[3].Lighted = true }, "§2.1"},
		{"broken map", func(c *StartGame) {
			c.Mode = Assist
			c.Map = testMap()
			c.Map.Sectors[0].Exits[alone.North] = alone.Link{To: "1-22"}
		}, "V31"},
		{"hand from the other deck", func(c *StartGame) { c.Hands = [][2]int{{0, 6}, {0, 6}} }, "V15"},
		{"hand too small", func(c *StartGame) { c.Hands = [][2]int{{5, 0}, {0, 6}} }, "V15"},
		{"leader out of range", func(c *StartGame) { c.Leader = 2 }, "§2.1"},
		{"unnamed mission", func(c *StartGame) { c.Starting[1].Name = " " }, "§2.6"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := newSession(t, 1)
			do(t, s, SetupSheet{Sheet: testSheet()})
			c := startCmd(Bookkeeping, nil)
			tc.f(&c)
			refused(t, s, c, tc.rule)
		})
	}
}

func TestHandSizesAndDecks(t *testing.T) {
	for _, tc := range []struct {
		players []string
		size    int
		hands   [][2]int
	}{
		{[]string{"A"}, 10, [][2]int{{5, 5}}},
		{[]string{"A", "B"}, 6, [][2]int{{6, 0}, {0, 6}}},
		{[]string{"A", "B", "C"}, 4, [][2]int{{4, 0}, {2, 2}, {0, 4}}},
	} {
		s, _ := newSession(t, 1)
		do(t, s, SetupSheet{Sheet: testSheet()})
		c := startCmd(Bookkeeping, nil)
		c.EvilPlayers = tc.players
		do(t, s, c)
		g := st(s)
		if g.HandSize() != tc.size {
			t.Errorf("%d players: hand size %d, want %d", len(tc.players), g.HandSize(), tc.size)
		}
		for p, h := range g.Evil.Hands {
			if h != tc.hands[p] {
				t.Errorf("%d players: player %d holds %v, want %v", len(tc.players), p, h, tc.hands[p])
			}
		}
	}
	// The middle of 3 players draws from both decks; the others from their own.
	for _, tc := range []struct {
		n, p, d int
		ok      bool
	}{
		{1, 0, 0, true}, {1, 0, 1, true}, {2, 0, 1, false}, {2, 1, 1, true},
		{3, 0, 1, false}, {3, 1, 0, true}, {3, 1, 1, true}, {3, 2, 0, false}, {3, 2, 1, true},
	} {
		if MayDraw(tc.n, tc.p, tc.d) != tc.ok {
			t.Errorf("MayDraw(%d, %d, %d) = %v", tc.n, tc.p, tc.d, !tc.ok)
		}
	}
}

// A9 and §3.2: point-by-point overflow, defeat only at 0/0, the original
// kind kept for triggers.
func TestDamageOverflow(t *testing.T) {
	cases := []struct {
		life, sc   int
		kind       alone.DamageKind
		n          int
		wLife, wSC int
		defeated   bool
	}{
		{5, 5, alone.LifeDamage, 2, 3, 5, false},
		{1, 5, alone.LifeDamage, 3, 0, 3, false}, // spec §3.2: Life 1, 3 Life damage → Life 0, SC −2
		{0, 6, alone.LifeDamage, 2, 0, 4, false}, // HC example: Life already 0, 2 Life damage come off SC
		{4, 0, alone.SCDamage, 2, 2, 0, false},
		{1, 1, alone.SCDamage, 1, 1, 0, false}, // one track at 0 is not a defeat
		{1, 1, alone.SCDamage, 2, 0, 0, true},
		{1, 1, alone.LifeDamage, 5, 0, 0, true},
	}
	for _, c := range cases {
		s := bookkeeping(t)
		correct(t, s, "life", c.life)
		correct(t, s, "sc", c.sc)
		do(t, s, StartTurn{})
		do(t, s, Declare{Action: Move})
		e := do(t, s, DealDamage{Kind: c.kind, N: c.n, Source: "Card"})
		g := st(s)
		if g.Life != c.wLife || g.SC != c.wSC || (g.Outcome == Defeated) != c.defeated {
			t.Errorf("%d/%d %s %d: got %d/%d %q, want %d/%d defeated %v", c.life, c.sc, c.kind, c.n, g.Life, g.SC, g.Outcome, c.wLife, c.wSC, c.defeated)
		}
		if !strings.Contains(strings.Join(g.T.Triggers, ","), string(c.kind)) {
			t.Errorf("trigger %s missing: %v", c.kind, g.T.Triggers)
		}
		if c.kind == alone.LifeDamage && c.life < c.n && strings.Contains(strings.Join(g.T.Triggers, ","), "sc") {
			t.Errorf("overflowing Life damage triggered SC Reactions: %v", g.T.Triggers)
		}
		if !strings.Contains(s.Describe(e), "Life") {
			t.Errorf("diary line %q", s.Describe(e))
		}
		if c.defeated {
			refused(t, s, DealDamage{Kind: alone.LifeDamage, N: 1}, "V11")
			if _, err := s.Undo(); err != nil {
				t.Fatal("undo after a defeat:", err)
			}
		}
	}
}

func TestCompanionTakesWholeEvents(t *testing.T) {
	s := bookkeeping(t)
	refused(t, s, DealDamage{Kind: alone.LifeDamage, N: 1, ToCompanion: true}, "§3.7")
	do(t, s, CompanionCmd{Do: "gain", Character: "Engineer"})
	refused(t, s, CompanionCmd{Do: "gain", Character: "Soldier"}, "§3.7")
	if st(s).Companion.Charges != CompanionCharges {
		t.Fatal("a new Companion has 6 Charges")
	}
	do(t, s, DealDamage{Kind: alone.SCDamage, N: 4, ToCompanion: true})
	g := st(s)
	if g.Companion.Charges != 2 || g.SC != 12 {
		t.Fatalf("after 4 to the Companion: %d Charges, SC %d", g.Companion.Charges, g.SC)
	}
	// Damage beyond the Charges is lost (AMB-12) and the card discarded.
	do(t, s, DealDamage{Kind: alone.LifeDamage, N: 5, ToCompanion: true})
	if g := st(s); g.Companion != nil || g.Life != 12 {
		t.Fatalf("the Companion should be gone and the Hero untouched: %+v", g.Companion)
	}
	do(t, s, CompanionCmd{Do: "gain", Character: "Medic"})
	do(t, s, CompanionCmd{Do: "use"})
	if st(s).Companion.Charges != 5 {
		t.Fatal("an ability use costs 1 Charge")
	}
	// Sacrifice: at the start of a Turn only, once per game (V26).
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	refused(t, s, CompanionCmd{Do: "sacrifice"}, "V26")
	do(t, s, Resolve{})
	do(t, s, EndTurn{})
	do(t, s, CompanionCmd{Do: "sacrifice"})
	do(t, s, CompanionCmd{Do: "gain", Character: "Pilot"})
	refused(t, s, CompanionCmd{Do: "sacrifice"}, "V26")
}

// A10 and §3.3: recovery up to the cap, never lowering (V2), the manuals'
// examples.
func TestRecoveryAndHealingCap(t *testing.T) {
	s := bookkeeping(t)
	correct(t, s, "roundMarker", 1) // cap 4, "between 4 and 5"
	if st(s).HealingCap() != 4 {
		t.Fatalf("cap %d, want 4", st(s).HealingCap())
	}
	cases := []struct{ v, n, want int }{
		{0, 1, 1}, {2, 5, 4}, {4, 1, 4}, {7, 3, 7}, {3, 1, 4},
	}
	for _, c := range cases {
		correct(t, s, "life", c.v)
		do(t, s, RecoverHealth{Kind: alone.LifeDamage, N: c.n})
		if got := st(s).Life; got != c.want {
			t.Errorf("recover %d from %d under cap 4: %d, want %d", c.n, c.v, got, c.want)
		}
	}
	// HC "Recovering Health": Life 0, SC 4, cap 4: Life can go to 1, SC
	// cannot be raised (and a Recover that heals nothing is refused, V3).
	correct(t, s, "life", 0)
	correct(t, s, "sc", 4)
	do(t, s, StartTurn{})
	refused(t, s, SpendAdrenaline{Recover: alone.SCDamage}, "V3")
	do(t, s, SpendAdrenaline{Recover: alone.LifeDamage})
	if g := st(s); g.Life != 1 || g.SC != 4 || g.Adrenaline != 2 {
		t.Fatalf("after Recover: Life %d SC %d pool %d", g.Life, g.SC, g.Adrenaline)
	}
	refused(t, s, SpendAdrenaline{Recover: alone.LifeDamage}, "V4")
}

func TestMidGameRewards(t *testing.T) {
	// HC "Healing Cap", Easy: Life 0 and SC 2, cap 4 at the moment of
	// recovery (the Round is gained first): Life 3, SC 4.
	s, _ := newSession(t, 3)
	do(t, s, SetupSheet{Sheet: testSheet()})
	c := startCmd(Bookkeeping, nil)
	c.Difficulty = Easy
	c.Items = []Item{{Name: "Bullets", Action: Fight, Charges: 4, Bullets: true}, {Name: "Armor", Passive: true, Charges: 3}}
	do(t, s, c)
	correct(t, s, "roundMarker", 0)
	correct(t, s, "life", 0)
	correct(t, s, "sc", 2)
	refused(t, s, TakeMidGameReward{}, "V12")
	refused(t, s, CompleteMission{Which: 3}, "V12")
	do(t, s, CompleteMission{Which: 1})
	if st(s).Missions.Final.Status != Active {
		t.Fatal("a Starting Mission triggers the Final Mission")
	}
	do(t, s, TakeMidGameReward{})
	g := st(s)
	if g.Life != 3 || g.SC != 4 || g.RoundMarker != 1 || !g.Nightmare {
		t.Fatalf("Easy reward: Life %d SC %d marker %d nightmare %v; want 3, 4, 1, still Nightmare", g.Life, g.SC, g.RoundMarker, g.Nightmare)
	}
	refused(t, s, TakeMidGameReward{}, "V12")
	// The second Starting Mission gives only its own reward (AMBIGUOUS).
	do(t, s, CompleteMission{Which: 2})
	refused(t, s, CompleteMission{Which: 2}, "§2.6")
	do(t, s, CompleteMission{Which: 3})
	if st(s).Outcome != Won {
		t.Fatal("completing the Final Mission wins")
	}
	refused(t, s, StartTurn{}, "V11")

	for _, tc := range []struct {
		d        Difficulty
		choice   alone.DamageKind
		life, sc int
		marker   int
		items    []Item
	}{
		{Normal, alone.SCDamage, 2, 5, 5, []Item{{Name: "Knife", Action: Fight, Charges: 1}}},
		{NightmareD, alone.LifeDamage, 5, 2, 4, []Item{{Name: "Knife", Action: Fight, Charges: 1}}},
		{Impossible, "", 2, 2, 4, nil},
	} {
		s, _ := newSession(t, 3)
		do(t, s, SetupSheet{Sheet: testSheet()})
		c := startCmd(Bookkeeping, nil)
		c.Difficulty, c.Items = tc.d, tc.items
		do(t, s, c)
		correct(t, s, "roundMarker", 4) // cap 10
		correct(t, s, "life", 2)
		correct(t, s, "sc", 2)
		do(t, s, CompleteMission{Which: 2})
		if tc.d == Normal || tc.d == NightmareD {
			refused(t, s, TakeMidGameReward{}, "§2.7")
		}
		do(t, s, TakeMidGameReward{Choice: tc.choice})
		g := st(s)
		if g.Life != tc.life || g.SC != tc.sc || g.RoundMarker != tc.marker {
			t.Errorf("%s: Life %d SC %d marker %d, want %d %d %d", tc.d, g.Life, g.SC, g.RoundMarker, tc.life, tc.sc, tc.marker)
		}
	}
}

func TestWinAndDefeatInOneStep(t *testing.T) {
	for _, first := range []bool{true, false} {
		s := bookkeeping(t)
		set := alone.DefaultSettings()
		set.WinCheckFirst = first
		do(t, s, ChangeSettings{Settings: set})
		correct(t, s, "life", 1)
		correct(t, s, "sc", 0)
		do(t, s, CompleteMission{Which: 1})
		do(t, s, CompleteMission{Which: 3, Damage: []DealDamage{{Kind: alone.LifeDamage, N: 1}}})
		want := Won
		if !first {
			want = Defeated
		}
		if got := st(s).Outcome; got != want {
			t.Errorf("winCheckFirst=%v: %q, want %q (AMB-20)", first, got, want)
		}
	}
}

func TestGainRoundsClamps(t *testing.T) {
	s := bookkeeping(t)
	e := do(t, s, GainRounds{N: 2, Source: "Mission"})
	if st(s).RoundMarker != 8 || !strings.Contains(s.Describe(e), "lost") {
		t.Fatalf("a gain at the rightmost space is lost (AMB-3): %d, %q", st(s).RoundMarker, s.Describe(e))
	}
	correct(t, s, "roundMarker", 0)
	do(t, s, GainRounds{N: 3})
	if g := st(s); g.RoundMarker != 3 || !g.Nightmare {
		t.Fatal("gaining Rounds never ends Nightmare (V10)")
	}
	do(t, s, Correct{Field: "roundMarker", Value: 99})
	if st(s).RoundMarker != 8 || !st(s).Nightmare {
		t.Fatal("V9 clamps the marker at the rightmost space, and Nightmare stays")
	}
}

func TestStateRoundTrip(t *testing.T) {
	for _, s := range []*State{st(bookkeeping(t)), st(mapped(t, Solo, testMap()))} {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Rules{}.DecodeState(b)
		if err != nil {
			t.Fatal(err)
		}
		b2, _ := json.Marshal(d)
		if string(b) != string(b2) {
			t.Fatalf("state changed in a JSON round trip:\n%s\n%s", b, b2)
		}
	}
}
