package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
)

// postAlarmTurn is an enemy turn after the alarm (every unit alert).
func postAlarmTurn(units []Unit, heroes []Hero, doors DoorStates) *Situation {
	s := situation()
	s.State.Phase = PostAlarm
	s.State.During = EnemyTurn
	s.State.Tracker = &Tracker{Pos: 1, PostAlarmRounds: 6}
	s.State.SpawnTokens = []Token{}
	s.State.Units = units
	s.State.Heroes = heroes
	s.State.Doors = doors
	s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {}}
	s.Resolve = Request{Kind: KindEnemyTurn}
	return s
}

func twoHeroes(area string) []Hero { return []Hero{{ID: "H1", Area: area}, {ID: "H2", Area: area}} }

func attacks(out *Outcome) []string {
	var got []string
	for _, a := range out.Attacks {
		got = append(got, a.Code+":"+a.Mode+">"+a.Target+"="+itoa(a.Total))
	}
	return got
}

func addKeywords(s *Situation, code string, k ...string) {
	u := s.Content.Faction.Unit(code)
	u.Keywords = append(u.Keywords, kws(k...)...)
}

// Types go in faction-card order; white names never activate; a closed
// door is opened instead of a step; Fast moves 2 (§7.5.1–7.5.4).
func TestActivationOrder(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "w1", Code: "WH", Area: "A3"}, {ID: "d1", Code: "DG", Area: "A3"}, {ID: "g1", Code: "GR", Area: "B1"}}, twoHeroes("A1"), nil)
	out := decide(t, s)
	// GR first (opens D1 instead of moving), then DG (2 steps to the heroes).
	eq(t, "doors", changes(out, ChDoorOpened), "D1")
	eq(t, "moves", changes(out, ChUnitMoved), "d1:A3>A2", "d1:A2>A1")
	if out.Changes[0].Kind != ChDoorOpened {
		t.Errorf("the GR (first on the faction card) should act first, got %v", out.Changes[0])
	}
	// Phase 3: GR now sees A1 at range 3; DG is in melee. H1 acted last.
	eq(t, "attacks", attacks(out), "GR:ranged>H1=2", "DG:melee>H1=4")
	if !strings.Contains(out.Trace.String(), "white name") {
		t.Errorf("the trace should say why the white-named unit did not activate")
	}
}

// Before the alarm only alert units activate, and any alert unit moves the
// round marker in phase 1 (white names too, by default) (§5.3).
func TestAlertOnlyAndPhase1(t *testing.T) {
	for _, c := range []struct {
		level        content.Awareness
		code         string
		white1       bool
		moved, track int
	}{
		{content.Suspicious, "GR", true, 0, 0},
		{content.Alert, "GR", true, 0, 1}, // opens D1 instead of moving
		{content.Alert, "WH", true, 0, 1},
		{content.Alert, "WH", false, 0, 0},
	} {
		s := situation()
		s.State.During = EnemyTurn
		s.State.SpawnTokens = []Token{}
		s.State.Units = []Unit{{ID: "u1", Code: c.code, Area: "B1"}}
		s.State.Rooms = map[string]*RoomState{"R2": {Awareness: c.level}}
		s.Settings.WhiteNamesCountForPhase1 = c.white1
		s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {}}
		s.Resolve = Request{Kind: KindEnemyTurn}
		out := decide(t, s)
		if got := len(changes(out, ChTracker)); got != c.track {
			t.Errorf("%s at %s: tracker moved %d times, want %d", c.code, c.level, got, c.track)
		}
		opened := len(changes(out, ChDoorOpened))
		if c.level == content.Alert && c.code == "GR" && opened != 1 {
			t.Errorf("an alert GR should open D1")
		}
		if c.level == content.Suspicious && opened != 0 {
			t.Errorf("a suspicious unit must not act")
		}
	}
}

// Movement rules of Algorithm M and the movement keywords (§7.5.3–7.5.4).
func TestMovement(t *testing.T) {
	cases := []struct {
		name     string
		units    []Unit
		heroes   []Hero
		doors    DoorStates
		keywords map[string][]string
		setting  func(*Settings)
		moves    []string
		opened   []string
		unlocked []string
	}{
		{name: "locked door is unlocked instead of a step", units: []Unit{{ID: "g1", Code: "GR", Area: "C1"}}, heroes: twoHeroes("A1"),
			doors: DoorStates{"D1": content.Open}, unlocked: []string{"D2"}},
		{name: "No Hands cannot pass a closed door", units: []Unit{{ID: "d1", Code: "DG", Area: "B1"}}, heroes: twoHeroes("A1")},
		{name: "Unstoppable opens and passes in one step", units: []Unit{{ID: "d1", Code: "DG", Area: "B1"}}, heroes: twoHeroes("A1"),
			keywords: map[string][]string{"DG": {"unstoppable"}}, moves: []string{"d1:B1>A3", "d1:A3>A2"}, opened: []string{"D1"}},
		{name: "Fixed never moves", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}}, heroes: twoHeroes("A1"),
			doors: DoorStates{"D1": content.Open}, keywords: map[string][]string{"GR": {"fixed"}}},
		{name: "ranged unit in range stays", units: []Unit{{ID: "g1", Code: "GR", Area: "A3"}}, heroes: twoHeroes("A1")},
		{name: "ranged unit moves toward range", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}}, heroes: twoHeroes("A1"),
			doors: DoorStates{"D1": content.Open}, moves: []string{"g1:B2>B1"}},
		{name: "melee unit with a hero stays", units: []Unit{{ID: "d1", Code: "DG", Area: "A1"}}, heroes: twoHeroes("A1")},
		{name: "unit with a downed hero stays", units: []Unit{{ID: "g1", Code: "GR", Area: "A2"}},
			heroes: []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A2", Downed: true}}},
		{name: "moves toward a downed hero by default", units: []Unit{{ID: "z1", Code: "ZB", Area: "B2"}},
			heroes: []Hero{{ID: "H1", Area: "E1"}, {ID: "H2", Area: "B1", Downed: true}}, moves: []string{"z1:B2>B1"}},
		{name: "house rule: not toward downed heroes", units: []Unit{{ID: "z1", Code: "ZB", Area: "B1"}},
			heroes:  []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "F1", Downed: true}},
			doors:   DoorStates{"D1": content.Open, "D5": content.Open},
			setting: func(s *Settings) { s.MoveTargetIncludesDowned = false }, moves: []string{"z1:B1>A3"}},
		{name: "Guard: fewer than 5 stay", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}, {ID: "g2", Code: "GR", Area: "B2"}, {ID: "g3", Code: "GR", Area: "B2"}, {ID: "g4", Code: "GR", Area: "B2"}},
			heroes: twoHeroes("A1"), doors: DoorStates{"D1": content.Open}, keywords: map[string][]string{"GR": {"guard"}}},
		{name: "Guard: 5 → one leaves", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}, {ID: "g2", Code: "GR", Area: "B2"}, {ID: "g3", Code: "GR", Area: "B2"}, {ID: "g4", Code: "GR", Area: "B2"}, {ID: "g5", Code: "GR", Area: "B2"}},
			heroes: twoHeroes("A1"), doors: DoorStates{"D1": content.Open}, keywords: map[string][]string{"GR": {"guard"}}, moves: []string{"g1:B2>B1"}},
		{name: "Guard counted per group", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}, {ID: "g2", Code: "GR", Area: "B2"}, {ID: "g3", Code: "GR", Area: "B2"}, {ID: "g4", Code: "GR", Area: "B2"}, {ID: "g5", Code: "GR", Area: "B2"}},
			heroes: twoHeroes("A1"), doors: DoorStates{"D1": content.Open}, keywords: map[string][]string{"GR": {"guard"}},
			setting: func(s *Settings) { s.GuardCountPerUnit = false }, moves: []string{"g1:B2>B1", "g2:B2>B1", "g3:B2>B1", "g4:B2>B1", "g5:B2>B1"}},
		{name: "Guard off a guard point moves", units: []Unit{{ID: "g1", Code: "GR", Area: "C1"}}, heroes: twoHeroes("A1"),
			doors: DoorStates{"D1": content.Open, "D2": content.Open}, keywords: map[string][]string{"GR": {"guard"}}, moves: []string{"g1:C1>B2"}},
		{name: "Coward leaves a hero's area", units: []Unit{{ID: "z1", Code: "ZB", Area: "A2"}},
			heroes: []Hero{{ID: "H1", Area: "A2"}, {ID: "H2", Area: "A1"}}, keywords: map[string][]string{"ZB": {"coward"}}, moves: []string{"z1:A2>A3"}},
		{name: "Coward beats Guard", units: []Unit{{ID: "z1", Code: "ZB", Area: "B2"}},
			heroes: []Hero{{ID: "H1", Area: "B2"}, {ID: "H2", Area: "A1"}}, keywords: map[string][]string{"ZB": {"coward", "guard"}}, moves: []string{"z1:B2>B1"}},
		{name: "Coward never steps into a hero's area", units: []Unit{{ID: "z1", Code: "ZB", Area: "A2"}},
			heroes: twoHeroes("A1"), keywords: map[string][]string{"ZB": {"coward"}}},
		{name: "Scuttle seeing a hero moves 2", units: []Unit{{ID: "z1", Code: "ZB", Area: "B2"}}, heroes: twoHeroes("A1"),
			doors: DoorStates{"D1": content.Open}, keywords: map[string][]string{"ZB": {"scuttle"}}, moves: []string{"z1:B2>B1", "z1:B1>A3"}},
		{name: "Scuttle sees a hero after its move", units: []Unit{{ID: "z1", Code: "ZB", Area: "E1"}}, heroes: twoHeroes("A3"),
			doors: DoorStates{"D4": content.Open}, keywords: map[string][]string{"ZB": {"scuttle"}}, moves: []string{"z1:E1>A2", "z1:A2>A3"}},
		{name: "Scuttle without sight moves 1", units: []Unit{{ID: "z1", Code: "ZB", Area: "C1"}}, heroes: twoHeroes("A3"),
			doors: DoorStates{"D2": content.Open}, keywords: map[string][]string{"ZB": {"scuttle"}}, moves: []string{"z1:C1>B2"}},
		{name: "a door splits a group: the first opens it, the next walks through", units: []Unit{{ID: "z1", Code: "ZB", Area: "B1"}, {ID: "z2", Code: "ZB", Area: "B1"}},
			heroes: twoHeroes("A1"), opened: []string{"D1"}, moves: []string{"z2:B1>A3"}},
		{name: "a locked door takes two activations: this one unlocks it", units: []Unit{{ID: "z1", Code: "ZB", Area: "B1"}},
			heroes: twoHeroes("A1"), doors: DoorStates{"D1": content.Locked}, unlocked: []string{"D1"}},
		{name: "shortest path prefers no door, then lowest id", units: []Unit{{ID: "z1", Code: "ZB", Area: "A2"}}, heroes: twoHeroes("B1"),
			doors: DoorStates{"D1": content.Open}, moves: []string{"z1:A2>A3"}},
	}
	for _, c := range cases {
		s := postAlarmTurn(c.units, c.heroes, c.doors)
		for code, k := range c.keywords {
			if c.name == "Unstoppable opens and passes in one step" {
				s.Content.Faction.Unit(code).Keywords = kws("fast")
			}
			addKeywords(s, code, k...)
		}
		if c.setting != nil {
			c.setting(&s.Settings)
		}
		out := decide(t, s)
		eq(t, c.name+": moves", changes(out, ChUnitMoved), c.moves...)
		eq(t, c.name+": opened", changes(out, ChDoorOpened), c.opened...)
		eq(t, c.name+": unlocked", changes(out, ChDoorUnlocked), c.unlocked...)
	}
}

// Suppressed areas: units there do not activate; the token goes at the end
// of the enemy turn. Pounce knocks heroes down.
func TestSuppressedAndPounce(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "d1", Code: "DG", Area: "A3"}}, twoHeroes("A1"), nil)
	s.State.Suppressed = []string{"A3"}
	out := decide(t, s)
	eq(t, "moves", changes(out, ChUnitMoved))
	eq(t, "suppressed removed", changes(out, ChSuppressedRemoved), "A3")
	if len(out.After.Suppressed) != 0 {
		t.Errorf("suppressed tokens should be gone")
	}
	s = postAlarmTurn([]Unit{{ID: "d1", Code: "DG", Area: "A3"}}, twoHeroes("A1"), nil)
	addKeywords(s, "DG", "pounce")
	out = decide(t, s)
	eq(t, "knocked down", changes(out, ChHeroKnockedDown), "H1", "H2")
	// Entering a suppressed area ends the activation.
	s = postAlarmTurn([]Unit{{ID: "d1", Code: "DG", Area: "A3"}}, twoHeroes("A1"), nil)
	s.State.Suppressed = []string{"A2"}
	out = decide(t, s)
	eq(t, "stops in suppressed", changes(out, ChUnitMoved), "d1:A3>A2")
}

// A unit entering another room before the alarm makes it alert (MERGE),
// which spawns its tokens; a later type's unit placed earlier in the phase
// activates when its type comes up (§7.5.2 snapshot).
func TestMergeAndSnapshot(t *testing.T) {
	s := situation()
	s.State.During = EnemyTurn
	s.State.SpawnTokens = []Token{{ID: "T1", Area: "B2", Icons: []content.Level{content.Green}}}
	s.State.SpawnDeck = &Deck{DrawPile: []string{"RB002"}}
	s.State.Units = []Unit{{ID: "g1", Code: "GR", Area: "A3"}}
	s.State.Rooms = map[string]*RoomState{"R1": {Awareness: content.Alert}}
	s.State.Heroes = twoHeroes("F1")
	s.State.Doors = DoorStates{"D1": content.Open, "D5": content.Open}
	s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {}}
	s.Resolve = Request{Kind: KindEnemyTurn}
	out := decide(t, s)
	eq(t, "moves", changes(out, ChUnitMoved), "g1:A3>B1", "DG-1:B2>B1", "DG-1:B1>F1")
	eq(t, "awareness", changes(out, ChAwareness), "R2:alert", "R1:atEase", "R5:alert")
	eq(t, "placed", changes(out, ChUnitPlaced), "DG@B2")
	eq(t, "phase 1", changes(out, ChTracker), "3phase 1")
}

// Target choice and tie-breaks (§7.2).
func TestTargeting(t *testing.T) {
	cases := []struct {
		name    string
		units   []Unit
		heroes  []Hero
		acted   []string
		doors   DoorStates
		setting func(*Settings)
		want    []string
	}{
		{name: "melee tie → latest hero", units: []Unit{{ID: "d1", Code: "DG", Area: "A1"}}, heroes: twoHeroes("A1"), acted: []string{"H2", "H1"}, want: []string{"DG:melee>H1=4"}},
		{name: "melee tie → other order", units: []Unit{{ID: "d1", Code: "DG", Area: "A1"}}, heroes: twoHeroes("A1"), acted: []string{"H1", "H2"}, want: []string{"DG:melee>H2=4"}},
		{name: "melee tie, only one acted", units: []Unit{{ID: "d1", Code: "DG", Area: "A1"}}, heroes: twoHeroes("A1"), acted: []string{"H2"}, want: []string{"DG:melee>H2=4"}},
		{name: "melee tie, none acted → CHOICE", units: []Unit{{ID: "d1", Code: "DG", Area: "A1"}}, heroes: twoHeroes("A1"), acted: nil, want: []string{"DG:melee>H1=4"}},
		{name: "downed hero is not attacked", units: []Unit{{ID: "d1", Code: "DG", Area: "A1"}},
			heroes: []Hero{{ID: "H1", Area: "A1", Downed: true}, {ID: "H2", Area: "A1"}}, acted: []string{"H2", "H1"}, want: []string{"DG:melee>H2=4"}},
		{name: "ranged nearest legal", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}},
			heroes: []Hero{{ID: "H1", Area: "A2"}, {ID: "H2", Area: "A3"}}, doors: DoorStates{"D1": content.Open}, want: []string{"GR:ranged>H2=2"}},
		{name: "ranged equidistant → latest hero", units: []Unit{{ID: "g1", Code: "GR", Area: "A2"}},
			heroes: []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A3"}}, acted: []string{"H1", "H2"}, want: []string{"GR:ranged>H2=2"}},
		{name: "ranged out of range: no attack", units: []Unit{{ID: "g1", Code: "GR", Area: "C1"}},
			heroes: twoHeroes("A1"), doors: DoorStates{"D1": content.Open, "D2": content.Open}, want: nil},
		{name: "in melee with a downed hero: cannot shoot", units: []Unit{{ID: "g1", Code: "GR", Area: "A2"}},
			heroes: []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A2", Downed: true}}, want: nil},
		{name: "enemy sight is blocked by a standing hero", units: []Unit{{ID: "g1", Code: "GR", Area: "A3"}},
			heroes: []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "B1"}}, doors: DoorStates{"D1": content.Open}, acted: []string{"H1", "H2"},
			want: []string{"GR:ranged>H2=2"}},
		{name: "default: nearest it can shoot", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}},
			heroes: []Hero{{ID: "H1", Area: "A2"}, {ID: "H2", Area: "C1"}}, doors: DoorStates{"D1": content.Open}, want: []string{"GR:ranged>H1=2"}},
		{name: "house rule: nearest overall or nothing", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}},
			heroes: []Hero{{ID: "H1", Area: "A2"}, {ID: "H2", Area: "C1"}}, doors: DoorStates{"D1": content.Open},
			setting: func(s *Settings) { s.RangedTargetNearestOverall = true }, want: nil},
	}
	for _, c := range cases {
		s := postAlarmTurn(c.units, c.heroes, c.doors)
		s.State.HeroesActed = c.acted
		s.State.CurrentHero = ""
		if c.setting != nil {
			c.setting(&s.Settings)
		}
		out := decide(t, s)
		eq(t, c.name, attacks(out), c.want...)
	}
}

// Combined attacks: one type, one hero, one mode → main attack plus the
// others' support; auras; Chain Fire; different types never combine (§7.5.5–6).
func TestCombinedAttacks(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "B1"}, {ID: "g2", Code: "GR", Area: "B1"}, {ID: "g3", Code: "GR", Area: "A3"}}, twoHeroes("A1"), DoorStates{"D1": content.Open})
	out := decide(t, s)
	eq(t, "three grunts", attacks(out), "GR:ranged>H1=4")
	a := out.Attacks[0]
	if a.Main != "g1" || len(a.Supporters) != 2 {
		t.Errorf("main %s supporters %v", a.Main, a.Supporters)
	}
	// Two types at one hero: two attacks.
	s = postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "A1"}, {ID: "g2", Code: "GR", Area: "A1"}, {ID: "o1", Code: "OF", Area: "A1"}}, twoHeroes("A1"), nil)
	eq(t, "two types", attacks(decide(t, s)), "GR:melee>H1=4", "OF:melee>H1=2")
	// Bodyguard: +1 attack and support with an officer on its tile.
	s = postAlarmTurn([]Unit{{ID: "b1", Code: "BG", Area: "A3"}, {ID: "b2", Code: "BG", Area: "A3"}, {ID: "o1", Code: "OF", Area: "B1"}}, twoHeroes("A3"), nil)
	eq(t, "bodyguard", attacks(decide(t, s)), "OF:ranged>H1=3", "BG:melee>H1=8")
	s = postAlarmTurn([]Unit{{ID: "b1", Code: "BG", Area: "A1"}, {ID: "o1", Code: "OF", Area: "B1"}}, twoHeroes("A1"), nil)
	eq(t, "bodyguard off its officer's tile", attacks(decide(t, s)), "BG:melee>H1=4")
	// Enhance!: zombies in its area +1 attack and +1 support, once per source name.
	s = postAlarmTurn([]Unit{{ID: "z1", Code: "ZB", Area: "A1"}, {ID: "z2", Code: "ZB", Area: "A1"}, {ID: "h1", Code: "HD", Area: "A1"}, {ID: "h2", Code: "HD", Area: "A1"}}, twoHeroes("A1"), nil)
	addKeywords(s, "HD", "enhance")
	out = decide(t, s)
	eq(t, "enhance", attacks(out), "HD:melee>H1=3", "ZB:melee>H1=5")
	s.Settings.AurasStack = true
	eq(t, "enhance stacking", attacks(decide(t, s)), "HD:melee>H1=3", "ZB:melee>H1=7")
	// Chain Fire hits every standing hero in the target area.
	s = postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "A3"}}, []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A1"}, {ID: "H3", Area: "A1", Downed: true}}, nil)
	addKeywords(s, "GR", "chainFire", "vrilAcid")
	out = decide(t, s)
	if d := strings.Join(out.Attacks[0].Defenders, ","); d != "H1,H2" || !out.Attacks[0].NoItems {
		t.Errorf("chain fire defenders %s, noItems %v", d, out.Attacks[0].NoItems)
	}
	// Encourage: No Hands attackers get another unit's support once.
	s = postAlarmTurn([]Unit{{ID: "d1", Code: "DG", Area: "A1"}, {ID: "h1", Code: "HD", Area: "A1"}}, twoHeroes("A1"), nil)
	addKeywords(s, "HD", "encourage")
	eq(t, "encourage", attacks(decide(t, s)), "DG:melee>H1=5", "HD:melee>H1=2")
}

// Ruthless shoots in phase 2 instead of moving, and again in phase 3 by default.
func TestRuthless(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "B1"}}, twoHeroes("A1"), DoorStates{"D1": content.Open})
	addKeywords(s, "GR", "ruthless")
	out := decide(t, s)
	if len(out.Attacks) != 2 || out.Attacks[0].Phase != 2 || out.Attacks[1].Phase != 3 {
		t.Errorf("want a phase 2 and a phase 3 attack, got %+v", out.Attacks)
	}
	s.Settings.RuthlessAlsoPhase3 = false
	if out := decide(t, s); len(out.Attacks) != 1 {
		t.Errorf("house rule off: one attack, got %d", len(out.Attacks))
	}
	// Without a hero in range it moves as usual.
	s = postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "B2"}}, twoHeroes("A1"), DoorStates{"D1": content.Open})
	addKeywords(s, "GR", "ruthless")
	out = decide(t, s)
	eq(t, "moves", changes(out, ChUnitMoved), "g1:B2>B1")
}

// Dog Biscuits stop dogs attacking; a Bomber in melee explodes instead.
func TestBiscuitsAndBomber(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "d1", Code: "DG", Area: "A1"}}, twoHeroes("A1"), nil)
	s.State.DogBiscuits = []string{"A1"}
	eq(t, "biscuits", attacks(decide(t, s)))

	s = situation()
	s.State.During = EnemyTurn
	s.State.SpawnTokens = []Token{}
	s.Content.Faction.Units = append(s.Content.Faction.Units, content.UnitType{Code: "BM", Name: "Bomber", LootColour: "black", Max: 2, MeleeAttack: 3, Keywords: kws("bomber")})
	s.State.Units = []Unit{{ID: "g1", Code: "GR", Area: "A1"}, {ID: "b1", Code: "BM", Area: "A1"}}
	s.State.Rooms = map[string]*RoomState{"R1": {Awareness: content.Alert}}
	s.Resolve = Request{Kind: KindEnemyTurn}
	out := decide(t, s)
	eq(t, "attacks", attacks(out), "GR:melee>H1=3")
	eq(t, "killed", changes(out, ChUnitKilled), "b1A1", "g1A1")
	eq(t, "hero wounds", changes(out, ChHeroWounded), "H1Bomber blast: draw a wound card, apply both halves and keep it", "H2Bomber blast: draw a wound card, apply both halves and keep it")
	// Phase 1 +1, the BOOM by an enemy +2 before the alarm.
	if out.After.Tracker.Pos != 5 {
		t.Errorf("tracker at %d, want 5", out.After.Tracker.Pos)
	}
	// The room is empty afterwards: its awareness goes (CLEANUP).
	if roomLevel(out, "R1") != content.AtEase {
		t.Errorf("R1 should be at ease after the blast")
	}
}

// Phase 4 raises each room where a unit sees a hero, once per enemy turn.
func TestPhase4(t *testing.T) {
	s := situation()
	s.State.During = EnemyTurn
	s.State.SpawnTokens = []Token{}
	s.State.Units = []Unit{{ID: "g1", Code: "GR", Area: "A3"}, {ID: "g2", Code: "GR", Area: "A2"}, {ID: "z1", Code: "ZB", Area: "C1"}}
	s.State.Rooms = map[string]*RoomState{"R3": {Awareness: content.Suspicious}}
	s.Resolve = Request{Kind: KindEnemyTurn}
	out := decide(t, s)
	// R1's grunts see the heroes: +1 once. R3 sees nobody.
	eq(t, "awareness", changes(out, ChAwareness), "R1:suspicious")
	eq(t, "tracker", changes(out, ChTracker))
}

// A white-named type with no unit on the map gets no step: the trace
// speaks only of units on the table, and says each phase once (newcomer
// report: "CK has a white name" twice, for a clerk not on the map).
func TestWhiteNameOnlyForUnitsOnTheMap(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "B1"}}, twoHeroes("A1"), nil)
	out := decide(t, s)
	if strings.Contains(out.Trace.String(), "white name") {
		t.Errorf("a step about a white-named type with no unit on the map:\n%s", out.Trace)
	}
	s = postAlarmTurn([]Unit{{ID: "w1", Code: "WH", Area: "A3"}, {ID: "g1", Code: "GR", Area: "B1"}}, twoHeroes("A1"), nil)
	seen := map[string]bool{}
	for _, st := range decide(t, s).Trace.Steps {
		if seen[st.Text] && strings.Contains(st.Text, "white name") {
			t.Errorf("step said twice: %s", st.Text)
		}
		seen[st.Text] = true
	}
}
