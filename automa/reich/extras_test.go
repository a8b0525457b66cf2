package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
)

// LOWER (Auf Deutsch) and CANCEL (Disguise Kit), §7.3.
func TestLowerAndCancel(t *testing.T) {
	s := situation()
	s.State.Rooms = map[string]*RoomState{"R4": {Awareness: content.Suspicious}, "R2": {Awareness: content.Alert}}
	s.State.Units = []Unit{{ID: "g1", Code: "GR", Area: "B1"}}
	s.Resolve = Request{Kind: KindLowerAwareness}
	out := decide(t, s)
	// From A1: R4 costs 3 (E1 through D4), R2 costs 4 (B1 through D1).
	eq(t, "lower", changes(out, ChAwareness), "R4:atEase")
	s.Resolve = Request{Kind: KindDisguiseKit, Room: "R4"}
	eq(t, "cancel", changes(decide(t, s), ChAwareness), "R4:atEase")
	// Another hero who sees the room blocks the kit.
	s.State.Doors = DoorStates{"D4": content.Open}
	s.State.Heroes = []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A2"}}
	eq(t, "seen", changes(decide(t, s), ChAwareness))
}

func TestDetectBonus(t *testing.T) {
	c := testContent()
	c.Faction.Unit("GR").Keywords = kws("detect")
	units := []Unit{{ID: "a", Code: "GR", Area: "A1"}, {ID: "b", Code: "GR", Area: "A1"}, {ID: "c", Code: "GR", Area: "A2"}, {ID: "d", Code: "DG", Area: "A1"}, {ID: "e", Code: "GR", Area: "A1", Escorted: true}}
	set := DefaultSettings()
	if got := DetectBonus(&c.Faction, units, "A1", set); got != 2 {
		t.Errorf("detect bonus %d, want 2", got)
	}
	set.DetectBonus = 2
	if got := DetectBonus(&c.Faction, units, "A1", set); got != 4 {
		t.Errorf("detect bonus %d, want 4", got)
	}
}

func TestCanEscape(t *testing.T) {
	s := situation()
	s.State.Heroes = []Hero{{ID: "H1", Area: "C1"}, {ID: "H2", Area: "A1"}}
	for _, c := range []struct {
		hero         string
		units        []Unit
		closedBlocks bool
		want         bool
	}{
		{"H1", nil, false, true}, // closed and locked doors are passable by default
		{"H1", nil, true, false}, // house rule: D2 is locked
		{"H1", []Unit{{ID: "g", Code: "GR", Area: "A2"}}, false, false}, // the only way runs through an enemy
		{"H2", []Unit{{ID: "g", Code: "GR", Area: "A2"}}, false, true},  // A1 is next to the exit
		{"H2", []Unit{{ID: "g", Code: "GR", Area: "A2", Escorted: true}}, false, true},
	} {
		s.State.Units = c.units
		s.Settings.EscapeThroughClosedDoors = !c.closedBlocks
		got, err := s.CanEscape(c.hero)
		if err != nil || got != c.want {
			t.Errorf("%s %v closed-blocks %v: %v %v", c.hero, c.units, c.closedBlocks, got, err)
		}
	}
	if _, err := s.CanEscape("H9"); err == nil {
		t.Errorf("unknown hero accepted")
	}
}

// The AMBIGUOUS readings as house rules: patrol tokens, Bomber, cleared token.
func TestAmbiguitySettings(t *testing.T) {
	s := situation()
	s.State.SpawnTokens = []Token{}
	s.Settings.PatrolTokenPerIcon = false
	s.Resolve = Request{Kind: KindPatrol, Icons: []content.Level{content.Green, content.Red}, Awareness: aw(content.AtEase)}
	out := decide(t, s)
	if got := changes(out, ChTokenPlaced); len(got) != 1 || len(out.After.SpawnTokens[0].Icons) != 2 {
		t.Errorf("one token with both icons, got %v", out.After.SpawnTokens)
	}

	s = postAlarmTurn([]Unit{{ID: "b1", Code: "ZB", Area: "A1"}}, twoHeroes("A1"), nil)
	addKeywords(s, "ZB", "bomber")
	if out := decide(t, s); len(out.Attacks) != 0 || len(changes(out, ChUnitKilled)) != 1 {
		t.Errorf("default: the explosion replaces the attack")
	}
	s.Settings.BomberAlsoAttacks = true
	if out := decide(t, s); len(out.Attacks) != 1 || len(changes(out, ChUnitKilled)) != 1 {
		t.Errorf("house rule: it attacks, then explodes")
	}

	// Cleared token order: with the house rule the token goes down before
	// the token in sight spawns.
	s = situation()
	s.State.Doors = DoorStates{"D1": content.Open}
	s.State.Heroes = []Hero{{ID: "H1", Area: "B1"}, {ID: "H2", Area: "A1"}}
	s.Resolve = Request{Kind: KindSightCheck, From: "A3"}
	eq(t, "default", changes(decide(t, s), ChClearedPlaced))
	s.Settings.ClearedBeforeSpawnCheck = true
	eq(t, "house rule", changes(decide(t, s), ChClearedPlaced), "R2")
}

// Escorted units count as neither heroes nor enemies: they do not act,
// block sight or keep a room's awareness, but they do use a miniature.
func TestEscorted(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "d1", Code: "DG", Area: "A1", Escorted: true}}, twoHeroes("A1"), nil)
	if out := decide(t, s); len(out.Attacks) != 0 {
		t.Errorf("an escorted unit does not attack")
	}
	s = situation()
	s.State.SpawnTokens = []Token{}
	s.Content.Faction.Unit("OF").Max = 1
	s.State.Units = []Unit{{ID: "o1", Code: "OF", Area: "A1", Escorted: true}}
	s.State.Phase = PostAlarm
	s.Content.SpawnCards = []content.SpawnCard{card("RBX", row("OF", 1), nil, nil)}
	s.State.SpawnDeck = &Deck{DrawPile: []string{"RBX"}}
	s.Resolve = Request{Kind: KindBarracks, Letter: "A", Icons: []content.Level{content.Green}}
	eq(t, "escorted miniature still counts", changes(decide(t, s), ChShortfall), "OF-1")
}

// The players' picks settle ties the rules leave to them (CHOICE).
func TestChoices(t *testing.T) {
	s := situation()
	s.State.SpawnTokens = []Token{}
	s.State.Heroes = []Hero{{ID: "H1", Area: "B1"}}
	s.State.HeroesActed = []string{"H1"}
	s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {}}
	s.Resolve = Request{Kind: KindPatrol, Icons: []content.Level{content.Green}, Awareness: aw(content.AtEase)}
	eq(t, "default", changes(decide(t, s), ChDoorOpened), "D1")
	s.Answers.Choices = map[string]string{"patrolDoor": "D5"}
	eq(t, "picked", changes(decide(t, s), ChDoorOpened), "D5")
	s.Answers.Choices = map[string]string{"patrolDoor": "D4"}
	if err := decideErr(t, s); !strings.Contains(err.Error(), "not one of the tied options") {
		t.Errorf("a pick outside the tie: %v", err)
	}
	s.Answers.Choices = map[string]string{"favouriteDoor": "D4"}
	if err := decideErr(t, s); !strings.Contains(err.Error(), "not a choice") {
		t.Errorf("unknown choice key: %v", err)
	}
	// Tied heroes, none has had a turn: the players pick.
	s = postAlarmTurn([]Unit{{ID: "d1", Code: "DG", Area: "A1"}}, twoHeroes("A1"), nil)
	s.State.HeroesActed, s.State.CurrentHero = nil, ""
	s.Answers.Choices = map[string]string{"hero": "H2"}
	eq(t, "hero pick", attacks(decide(t, s)), "DG:melee>H2=4")
}

// The last track running out fails the mission (§5.5, §11.1).
func TestTrackRunsOut(t *testing.T) {
	for _, c := range []struct {
		pos, length int
		onLast      bool
		fail        bool
	}{{8, 8, false, true}, {7, 8, false, false}, {7, 8, true, true}} {
		s := situation()
		s.State.Phase = AlienWorld
		s.State.During = EnemyTurn
		s.State.SpawnTokens = []Token{}
		s.State.Tracker = &Tracker{Pos: c.pos, AlienRounds: c.length}
		s.State.Units = []Unit{{ID: "z1", Code: "ZB", Area: "C1"}}
		s.State.Rooms = map[string]*RoomState{"R3": {Awareness: content.Alert}}
		s.Settings.FailOnLastSpace = c.onLast
		s.Resolve = Request{Kind: KindEnemyTurn}
		out := decide(t, s)
		if out.MissionFailed != c.fail || out.After.Tracker.Pos > c.length {
			t.Errorf("alien track %d/%d onLast %v: failed %v at %d", c.pos, c.length, c.onLast, out.MissionFailed, out.After.Tracker.Pos)
		}
	}
	// No alarm in the alien world: a trigger is only noted.
	s := situation()
	s.State.Phase = AlienWorld
	s.State.Tracker = &Tracker{Pos: 1, AlienRounds: 8}
	s.Content.NoiseCards = append(s.Content.NoiseCards, content.NoiseCard{ID: "NA2", Deck: content.DeckAlienWorld, Top: []content.Effect{{Kind: content.EffTriggerAlarm}}})
	s.Resolve = Request{Kind: KindNoiseCard, Card: "NA2", Total: 1}
	if out := decide(t, s); out.AlarmTriggered {
		t.Errorf("the alien world has no alarm")
	}
}

// Sightings in an enemy turn raise the room at once (the summary: "the
// first time an enemy unit sees a hero, regardless of the circumstances,
// immediately raise the awareness 1 level"), unless the house rule waits
// for phase 4 (§7.3).
func TestSightInEnemyTurn(t *testing.T) {
	for _, now := range []bool{false, true} {
		s := situation()
		s.State.During = EnemyTurn
		s.State.Phase = PreAlarm
		s.Settings.SightWaitsForPhase4 = !now
		s.State.Heroes = twoHeroes("A1")
		b := mustBoard(t, s)
		w := newWorld(s, b, nil)
		w.seen = w.sightPairs()
		w.placeUnits(row("GR", 1), b.MustIndex("A3"))
		w.afterChange()
		if got := w.rooms["R1"].Awareness; (got == content.Suspicious) != now {
			t.Errorf("sighting raises at once %v: R1 is %s", now, got)
		}
		// Phase 4 raises a room at most once per enemy turn in total: a
		// room a sighting raised this turn stays as it is; under the house
		// rule phase 4 makes the one raise.
		w.phase4()
		if got := w.rooms["R1"].Awareness; got != content.Suspicious {
			t.Errorf("sighting raises at once %v: after phase 4 R1 is %s, want suspicious (one raise per turn)", now, got)
		}
	}
}
