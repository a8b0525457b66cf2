package alone

import (
	"strings"
	"testing"
)

func TestStationIsValid(t *testing.T) {
	mustValid(t, station().build())
	mustValid(t, fullMap(6, 6))
}

// V31 and the Map parts of V16 and V28: every data rule gives a message
// that names the place and the fault.
func TestValidateMap(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(m *Map)
		want   []string
	}{
		{"duplicate id", func(m *Map) { m.Sectors[1].ID = "C" }, []string{`sector "C"`, "more than one Sector"}},
		{"level 3", func(m *Map) { m.Sectors[0].Level = 3 }, []string{`sector "C"`, "Levels 1 and 2"}},
		{"one level only", func(m *Map) {
			for i := range m.Sectors {
				m.Sectors[i].Level = 1
			}
		}, []string{"both Level 1 and Level 2"}},
		{"one-way link", func(m *Map) { delete(m.Sector("E1").Exits, West) }, []string{`sector "L" exit E`, "no exit W back"}},
		{"door on one side", func(m *Map) {
			l := m.Sector("R").Exits[South]
			l.Door = false
			m.Sector("R").Exits[South] = l
		}, []string{"Door on one side only"}},
		{"blocked on one side", func(m *Map) {
			l := m.Sector("R").Exits[South]
			l.Blocked = true
			m.Sector("R").Exits[South] = l
		}, []string{"Blocked on one side only"}},
		{"blocked without door", func(m *Map) {
			for _, p := range [][2]string{{"L", "E"}, {"E1", "W"}} {
				l := m.Sector(p[0]).Exits[Dir(p[1])]
				l.Blocked = true
				m.Sector(p[0]).Exits[Dir(p[1])] = l
			}
		}, []string{"no Door; only Doors can be Blocked"}},
		{"unknown target", func(m *Map) { m.Sector("W1").Exits[West] = Link{To: "nowhere"} }, []string{`"nowhere"`, "not a Sector"}},
		{"bad direction", func(m *Map) { m.Sector("W1").Exits["NE"] = Link{To: "L"} }, []string{"exit NE", "N, E, S, W or STAIRS"}},
		{"link across levels", func(m *Map) {
			m.Sector("W1").Exits[West] = Link{To: "U1"}
			m.Sector("U1").Exits[East] = Link{To: "W1"}
		}, []string{"only Stairs join the two Levels"}},
		{"three stairs sets", func(m *Map) {
			m.Sector("W1").Exits[Stairs] = Link{To: "I"}
			m.Sector("I").Exits[Stairs] = Link{To: "W1"}
			m.Sector("W1").StairsColour, m.Sector("I").StairsColour = "green", "green"
		}, []string{"exactly 2 sets of Stairs"}},
		{"stairs colours differ", func(m *Map) { m.Sector("U1").StairsColour = "blue" }, []string{"share a colour"}},
		{"stairs same level", func(m *Map) {
			m.Sector("S1").Exits[Stairs] = Link{To: "W1"}
			m.Sector("W1").Exits[Stairs] = Link{To: "S1"}
			m.Sector("W1").StairsColour = "red"
			delete(m.Sector("U1").Exits, Stairs)
			m.Sector("U1").StairsColour = ""
		}, []string{"Stairs must lead to the other Level"}},
		{"stairs without colour", func(m *Map) { m.Sector("S1").StairsColour = "" }, []string{"no Stairs colour"}},
		{"hero nowhere", func(m *Map) { m.Hero = "X" }, []string{"hero", `"X"`}},
		{"hero unrevealed", func(m *Map) { m.Sector("L").Revealed = false }, []string{"hero", "not Revealed"}},
		{"creature nowhere", func(m *Map) { m.Creatures = []Creature{{ID: "w", Type: Worm, Sector: "Z"}} }, []string{`creature "w"`, `"Z"`}},
		{"creature type", func(m *Map) { m.Creatures = []Creature{{ID: "w", Type: "ghost", Sector: "C"}} }, []string{`creature "w"`, "ghost"}},
		{"creature reveal mismatch", func(m *Map) { m.Creatures = []Creature{{ID: "w", Type: Worm, Sector: "L"}} }, []string{`creature "w"`, "Unrevealed but stands in the Revealed Sector"}},
		{"boss without stats", func(m *Map) { m.Creatures = []Creature{{ID: "b", Type: Boss, Sector: "C"}} }, []string{"Boss", "missing"}},
		{"five on a level", func(m *Map) {
			for i, s := range []string{"C", "R", "W1", "E1", "E2"} {
				m.Creatures = append(m.Creatures, Creature{ID: string(rune('a' + i)), Type: CreatureTypes[i], Sector: s})
			}
		}, []string{"level 1", "at most 4 per Level"}},
		{"too many tokens", func(m *Map) {
			for i, s := range []string{"C", "R", "U1", "U2"} {
				m.Creatures = append(m.Creatures, Creature{ID: string(rune('a' + i)), Type: Worm, Sector: s})
			}
		}, []string{"worm tokens", "only 3"}},
		{"nine danger", func(m *Map) {
			extra := []string{"X1", "X2", "X3"}
			for _, id := range extra {
				m.Sectors = append(m.Sectors, Sector{ID: id, Level: 1, Exits: map[Dir]Link{}})
			}
			m.index = nil
			for i := range m.Sectors {
				if m.Sectors[i].Level == 1 && m.Sectors[i].ID != "L" {
					m.Sectors[i].Danger = true
				}
			}
		}, []string{"level 1", "Danger tokens"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := station().build()
			c.break_(m)
			err := m.Validate(DefaultConfig())
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestEmptyMap(t *testing.T) {
	if err := (&Map{}).Validate(DefaultConfig()); err == nil {
		t.Fatal("an empty map was accepted")
	}
}

// §4.4: the printed tables, cell by cell from the Evil Compendium.
func TestCreatureStatsTables(t *testing.T) {
	regular := map[CreatureType][6]int{
		Spore: {1, 1, 3, 2, 1, 3}, Parasite: {2, 1, 2, 1, 1, 4}, Cultist: {2, 2, 2, 2, 0, 4},
		Hybrid: {2, 1, 2, 1, 2, 3}, Worm: {2, 2, 3, 0, 2, 5},
	}
	nightmare := map[CreatureType][6]int{
		Spore: {1, 1, 4, 3, 2, 2}, Parasite: {2, 1, 3, 2, 2, 3}, Cultist: {2, 2, 3, 3, 1, 3},
		Hybrid: {2, 1, 3, 2, 3, 2}, Worm: {2, 2, 4, 1, 3, 4},
	}
	for _, nm := range []bool{false, true} {
		tbl := regular
		if nm {
			tbl = nightmare
		}
		for typ, want := range tbl {
			s, err := TypeStats(typ, nm)
			if err != nil {
				t.Fatal(err)
			}
			got := [6]int{s.Wound, s.Kill, s.AttackDark, s.AttackLighted, s.Scare, s.MSD}
			if got != want {
				t.Errorf("%s nightmare=%v: got %v, want %v", typ, nm, got, want)
			}
		}
	}
	if _, err := TypeStats(Boss, false); err == nil {
		t.Error("a Boss has no table row")
	}
}

// §4.4: Nightmare is +1 attack, +1 scare, −1 MSD, same life, for every type.
func TestNightmareTableRelation(t *testing.T) {
	for _, typ := range CreatureTypes {
		r, _ := TypeStats(typ, false)
		n, _ := TypeStats(typ, true)
		if n.AttackDark != r.AttackDark+1 || n.AttackLighted != r.AttackLighted+1 || n.Scare != r.Scare+1 ||
			n.MSD != r.MSD-1 || n.Wound != r.Wound || n.Kill != r.Kill {
			t.Errorf("%s: nightmare %+v does not follow regular %+v", typ, n, r)
		}
	}
}

// AMB-22: the six worked examples the column decode was checked against.
func TestStatsWorkedExamples(t *testing.T) {
	worm, _ := TypeStats(Worm, false)
	para, _ := TypeStats(Parasite, false)
	spore, _ := TypeStats(Spore, false)
	cult, _ := TypeStats(Cultist, false)
	if ResolveWound(worm, false, 2) != Wounded || ResolveWound(worm, false, 3) != Wounded {
		t.Error("Worm: 2 damage wounds it and a 3rd point does not kill it")
	}
	if AttackDice(para, false, 0) != 2 {
		t.Error("Parasite rolls 2 dice in the Dark")
	}
	if AttackDice(worm, true, 0) != 0 {
		t.Error("Worm rolls 0 dice in Light")
	}
	if worm.Scare != 2 {
		t.Error("Worm scare costs 2 SC")
	}
	if spore.MSD != 3 || cult.MSD != 4 {
		t.Error("MSD is 3 for a Spore and 4 for a Cultist")
	}
	if cult.Scare != 0 {
		t.Error("Cultist causes no SC loss")
	}
	if spore.OneShot() != 2 || worm.OneShot() != 4 {
		t.Error("one-shot kill is X+Y")
	}
}

func TestBossStats(t *testing.T) {
	nm := Stats{Wound: 3, Kill: 3, AttackDark: 5, AttackLighted: 4, Scare: 3, MSD: 2}
	c := Creature{ID: "b", Type: Boss, Boss: &BossStats{Normal: Stats{Wound: 3, Kill: 2, AttackDark: 4, AttackLighted: 3, Scare: 2, MSD: 3}, Nightmare: &nm}}
	if s, _ := c.StatsOf(false); s.Kill != 2 {
		t.Error("regular Boss row")
	}
	if s, _ := c.StatsOf(true); s.Kill != 3 {
		t.Error("Nightmare Boss row")
	}
	c.Boss.Nightmare = nil
	if s, _ := c.StatsOf(true); s.Kill != 2 {
		t.Error("a Boss card without a Nightmare row keeps its stats")
	}
	bad := BossStats{Normal: Stats{Wound: 0, Kill: 1}}
	if bad.validate() == nil {
		t.Error("a Boss with 0 life was accepted")
	}
}

func TestDirOpposite(t *testing.T) {
	for _, d := range allDirs {
		if d.Opposite().Opposite() != d {
			t.Errorf("%s", d)
		}
	}
	if Dir("X").Valid() {
		t.Error("X is no exit")
	}
}

func TestConfigValidate(t *testing.T) {
	if w, err := DefaultConfig().Validate(); err != nil || len(w) != 0 {
		t.Fatalf("default config: %v %v", w, err)
	}
	c := DefaultConfig()
	c.HealingCap = []int{4, 6, 5}
	if _, err := c.Validate(); err == nil || !strings.Contains(err.Error(), "healingCap[2]") {
		t.Errorf("a falling cap: %v", err)
	}
	c = DefaultConfig()
	c.AdrenalineTrack[3] = 4
	if w, err := c.Validate(); err != nil || len(w) != 1 {
		t.Errorf("adrenalineTrack[3] != 5 warns: %v %v", w, err)
	}
	c = DefaultConfig()
	c.DangerSpaces = []int{12}
	if _, err := c.Validate(); err == nil {
		t.Error("a Danger space off the track")
	}
	c = DefaultConfig()
	c.Dice = DiceWeights{}
	if _, err := c.Validate(); err == nil {
		t.Error("all-zero dice")
	}
	c = DefaultConfig()
	c.AdrenalineTrack = c.AdrenalineTrack[:5]
	if _, err := c.Validate(); err == nil {
		t.Error("short adrenaline track")
	}
	for p, want := range map[int]int{1: 10, 2: 6, 3: 4} {
		if n, err := HandSize(p); err != nil || n != want {
			t.Errorf("hand size for %d players: %d %v", p, n, err)
		}
	}
	if _, err := HandSize(4); err == nil {
		t.Error("4 Evil players (V15)")
	}
}

func TestSettingsValidate(t *testing.T) {
	s := DefaultSettings()
	if err := s.Validate(); err != nil || s.DangerousCheck != AtResolution || !s.WinCheckFirst || s.NightmareLossOnTriggerRound ||
		s.SpawnDistanceIgnoresBlockedDoors || s.CombineCreatureAttacks || s.AoOAllowsHeroRerolls {
		t.Fatalf("defaults are not the spec's readings: %+v %v", s, err)
	}
	s.DangerousCheck = "never"
	if s.Validate() == nil {
		t.Error("unknown dangerousCheck")
	}
	s = DefaultSettings()
	s.Aggression = "wild"
	if s.Validate() == nil {
		t.Error("unknown aggression")
	}
}

// A Boss from a Mission card strikes with its own stats and counts toward
// the Level limit (AMB-21).
func TestBossOnTheMap(t *testing.T) {
	boss := &BossStats{Name: "Hive Queen", Normal: Stats{Wound: 3, Kill: 3, AttackDark: 4, AttackLighted: 2, Scare: 3, MSD: 3}}
	m := mustValid(t, station().creature("q", Boss, "E1", func(c *Creature) { c.Boss = boss }).build())
	d := endTurn(t, sit(m), nil)
	if len(d.Plays) == 0 || d.Plays[0].Move == nil || d.Plays[0].Move.Creature != "q" || d.Plays[0].Move.Scare != 3 {
		t.Fatalf("boss strike: %+v", d.Plays)
	}
	if v := d.Map.HeroView(); v.Creatures[0].Name != "Hive Queen" {
		t.Errorf("the Hero sees the Boss by name: %+v", v.Creatures)
	}
	b := station()
	for i, s := range []string{"C", "R", "W1"} {
		b.creature(string(rune('a'+i)), CreatureTypes[i], s)
	}
	b.creature("q", Boss, "S3", func(c *Creature) { c.Boss = boss })
	if _, err := mustValid(t, b.build()).CheckSpawn(Spore, "E3", 0, false, DefaultConfig(), DefaultSettings()); err == nil {
		t.Error("the Boss fills the Level")
	}
	for _, bad := range []BossStats{
		{Normal: Stats{Wound: 1, Kill: 1, AttackDark: -1}},
		{Normal: Stats{Wound: 1, Kill: 1}, Nightmare: &Stats{Wound: 0, Kill: 1}},
	} {
		if bad.validate() == nil {
			t.Errorf("accepted %+v", bad)
		}
	}
	c := Creature{ID: "x", Type: Boss}
	if _, err := c.StatsOf(false); err == nil {
		t.Error("a Boss without stats")
	}
	w := Creature{ID: "y", Type: Worm, Boss: boss}
	m2 := station().build()
	m2.Creatures = []Creature{w}
	if err := m2.Validate(DefaultConfig()); err == nil || !strings.Contains(err.Error(), "Boss stats") {
		t.Errorf("boss stats on a worm: %v", err)
	}
}
