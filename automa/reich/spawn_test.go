package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
)

// T1 before the alarm: a noise card's patrol comes through the nearest
// closed door; nobody sees its side, so it is left as tokens (§7.4.4).
func TestT1PatrolAsTokens(t *testing.T) {
	s := situation()
	s.State.SpawnTokens = []Token{}
	s.Resolve = Request{Kind: KindNoiseCard, Card: "NP1", Total: 2}
	out := decide(t, s)
	// D4 (cost 1 from A1) beats D1 (2), D5 (3), D2 (4); D3 is an exit.
	eq(t, "doors opened", changes(out, ChDoorOpened), "D4")
	// Both sides of D4 qualify as origin; the side farther from H1 is E1.
	eq(t, "tokens", changes(out, ChTokenPlaced), "patrol-1@E1")
	eq(t, "awareness", changes(out, ChAwareness), "R4:suspicious")
	eq(t, "units", changes(out, ChUnitPlaced))
	// Total 2 is under the threshold 3: no bottom effect.
	eq(t, "tracker", changes(out, ChTracker))
	eq(t, "discarded", changes(out, ChNoiseCardDiscard), "NP1")
	if out.After.Doors["D4"] != content.Open {
		t.Errorf("D4 should stand open afterwards")
	}
}

// A patrol in a hero's sight spawns at once; the door opening also shows
// the hero a map token, and the placed unit seeing the hero raises the room:
// the queue resolves the patrol, then the token (§7.4.1 S0).
func TestPatrolInSightChainsToToken(t *testing.T) {
	s := situation()
	s.State.Heroes = []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A2"}}
	s.Resolve = Request{Kind: KindNoiseCard, Card: "NP1", Total: 1}
	out := decide(t, s)
	eq(t, "doors", changes(out, ChDoorOpened), "D4")
	// Patrol: RB001 green → 1 GR in E1; then T2 (orange) draws RB002 → ZB, Overwhelm 2.
	eq(t, "cards", changes(out, ChSpawnCardDrawn), "RB001:green", "RB002:orange")
	eq(t, "units", changes(out, ChUnitPlaced), "GR@E1", "ZB@E1", "ZB@E1")
	// Suspicious from the card (MERGE), then the GR sees H2 (SIGHT) → alert.
	eq(t, "awareness", changes(out, ChAwareness), "R4:suspicious", "R4:alert")
	eq(t, "tokens removed", changes(out, ChTokenRemoved), "T2@E1")
	if roomLevel(out, "R4") != content.Alert {
		t.Errorf("R4 should be alert")
	}
}

// T3: a hero opening a door sees a spawn token; the unit placed sees the
// hero and raises its room once (SIGHT); the guard point is irrelevant here.
func TestT3HeroSeesToken(t *testing.T) {
	s := situation()
	s.State.Heroes = []Hero{{ID: "H1", Area: "A3"}, {ID: "H2", Area: "A1"}}
	s.State.Doors = DoorStates{"D1": content.Open}
	s.Resolve = Request{Kind: KindSightCheck, Door: "D1"}
	out := decide(t, s)
	eq(t, "units", changes(out, ChUnitPlaced), "GR@B2")
	eq(t, "tokens removed", changes(out, ChTokenRemoved), "T1@B2")
	eq(t, "awareness", changes(out, ChAwareness), "R2:suspicious")
	if !out.After.Rooms["R2"].RaisedBySight {
		t.Errorf("R2 should be marked as raised by sight this hero turn")
	}
}

// SIGHT is capped at once per room per hero turn.
func TestSightOncePerHeroTurn(t *testing.T) {
	s := situation()
	s.State.Heroes = []Hero{{ID: "H1", Area: "A3"}, {ID: "H2", Area: "A1"}}
	s.State.Doors = DoorStates{"D1": content.Open}
	s.State.Rooms = map[string]*RoomState{"R2": {Awareness: content.Suspicious, RaisedBySight: true}}
	s.Resolve = Request{Kind: KindSightCheck, Door: "D1"}
	out := decide(t, s)
	eq(t, "awareness", changes(out, ChAwareness))
	if roomLevel(out, "R2") != content.Suspicious {
		t.Errorf("R2 should stay suspicious")
	}
}

// A hero moving into view: the sight lines before the move are the baseline.
func TestT3AfterMoveAndClearedToken(t *testing.T) {
	s := situation()
	s.State.Doors = DoorStates{"D1": content.Open}
	s.State.Heroes = []Hero{{ID: "H1", Area: "B1"}, {ID: "H2", Area: "A1"}}
	s.Resolve = Request{Kind: KindSightCheck, From: "A3"}
	out := decide(t, s)
	// H1 in B1 sees B2 (T1) and F1? D5 is closed, so not RF1.
	eq(t, "units", changes(out, ChUnitPlaced), "GR@B2")
	// The GR sees H1 → R2 suspicious; R2 holds a unit, so no cleared token.
	eq(t, "cleared", changes(out, ChClearedPlaced))
	// Without units the cleared token goes down after the spawn check.
	s = situation()
	s.State.SpawnTokens = []Token{}
	s.State.Doors = DoorStates{"D1": content.Open}
	s.State.Heroes = []Hero{{ID: "H1", Area: "B1"}, {ID: "H2", Area: "A1"}}
	s.Resolve = Request{Kind: KindSightCheck, From: "A3"}
	out = decide(t, s)
	eq(t, "cleared", changes(out, ChClearedPlaced), "R2")
	// Moving inside a room does not place one; ending the turn there does.
	s.State.Heroes = []Hero{{ID: "H1", Area: "A2"}, {ID: "H2", Area: "A1"}}
	s.Resolve = Request{Kind: KindSightCheck, From: "A1"}
	eq(t, "cleared within room", changes(decide(t, s), ChClearedPlaced))
	s.Resolve = Request{Kind: KindSightCheck, EndOfTurn: true}
	eq(t, "cleared end of turn", changes(decide(t, s), ChClearedPlaced), "R1")
}

// T4: a room that becomes alert spawns every token in it (ON_ALERT).
func TestT4RoomBecomesAlert(t *testing.T) {
	s := situation()
	s.State.SpawnTokens = []Token{{ID: "T1", Area: "B2", Icons: []content.Level{content.Green}}, {ID: "T4", Area: "B1", Icons: []content.Level{content.Red}}}
	s.Resolve = Request{Kind: KindRaiseAwareness, Room: "R2", Levels: 2}
	out := decide(t, s)
	eq(t, "awareness", changes(out, ChAwareness), "R2:alert")
	// Tokens in map order: T1 (green, RB001: 1 GR), T4 (red, RB002: VM).
	eq(t, "units", changes(out, ChUnitPlaced), "GR@B2", "VM@B1")
	eq(t, "tokens removed", changes(out, ChTokenRemoved), "T1@B2", "T4@B1")
	// One level only: suspicious, nothing spawns.
	s = situation()
	s.Resolve = Request{Kind: KindRaiseAwareness, Room: "R2", Levels: 1}
	out = decide(t, s)
	eq(t, "units at suspicious", changes(out, ChUnitPlaced))
	// Raising an empty room is undone at once (CLEANUP).
	s.Resolve = Request{Kind: KindRaiseAwareness, Room: "R5", Levels: 1}
	out = decide(t, s)
	eq(t, "cleanup", changes(out, ChAwareness), "R5:suspicious", "R5:atEase")
}

// T5: a revealed room feature with spawn icons spawns in its area.
func TestT5RoomFeature(t *testing.T) {
	s := situation()
	s.State.SpawnTokens = []Token{}
	s.State.Doors = DoorStates{"D1": content.Open, "D5": content.Open}
	s.State.Heroes = []Hero{{ID: "H1", Area: "B1"}, {ID: "H2", Area: "A1"}}
	s.Resolve = Request{Kind: KindSightCheck, From: "A3"}
	err := decideErr(t, s)
	if ni := needInput(err); ni == nil || ni.Field != "answers.featureIcons.RF1" {
		t.Fatalf("want a question about RF1, got %v", err)
	}
	s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {content.Red}}
	out := decide(t, s)
	eq(t, "revealed", changes(out, ChFeatureRevealed), "RF1")
	eq(t, "units", changes(out, ChUnitPlaced), "GR@F1", "GR@F1", "DG@F1")
	eq(t, "discarded", changes(out, ChFeatureDiscarded), "RF1")
	// A feature with no spawn icons is just turned up.
	s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {}}
	out = decide(t, s)
	eq(t, "no spawn", changes(out, ChUnitPlaced))
	if len(out.After.RevealedFeatures) != 1 {
		t.Errorf("RF1 should be recorded as revealed")
	}
}

// T2: the alarm spawns every token, nearest to the most recent hero first,
// then the free enemy turn.
func TestT2Alarm(t *testing.T) {
	s := situation()
	s.State.Rooms = map[string]*RoomState{"R4": {Awareness: content.Suspicious}}
	s.Resolve = Request{Kind: KindAlarm}
	err := decideErr(t, s)
	if ni := needInput(err); ni == nil || ni.Field != "answers.tokenIcons.T3" {
		t.Fatalf("want a question about T3's icons, got %v", err)
	}
	s.Answers.TokenIcons = map[string][]content.Level{"T3": {content.Red}}
	out := decide(t, s)
	// From A1: T2 in E1 costs 3, T1 in B2 costs 5, T3 in C1 costs 7.
	eq(t, "cards", changes(out, ChSpawnCardDrawn), "RB001:orange", "RB002:green", "RB003:red")
	eq(t, "units", changes(out, ChUnitPlaced), "GR@E1", "GR@E1", "DG@B2", "HD@C1", "DG@C1")
	eq(t, "awareness removed", changes(out, ChAwarenessRemoved), "R4")
	if out.After.Phase != PostAlarm || out.After.Tracker.Pos != 1 {
		t.Errorf("after the alarm: phase %s, tracker %d", out.After.Phase, out.After.Tracker.Pos)
	}
	if len(out.After.SpawnTokens) != 0 {
		t.Errorf("no spawn token should remain, got %v", out.After.SpawnTokens)
	}
	// The free enemy turn: the GRs in E1 open D4 (the first one) and the
	// second finds it open and moves into A2.
	eq(t, "free turn doors", changes(out, ChDoorOpened), "D4")
	if len(changes(out, ChTracker)) != 1 {
		t.Errorf("the free turn has no phase 1: only the move to post-alarm space 1, got %v", changes(out, ChTracker))
	}
}

// T6: after the alarm BANG and BOOM draw a noise card (§7.7).
func TestT6BangBoomAfterAlarm(t *testing.T) {
	cases := []struct {
		kind, cause string
		units       []string
	}{
		{KindBang, "", []string{"GR@E1", "GR@E1"}},      // bottom: barracks B orange (RB001)
		{KindBoom, "hero", []string{"GR@C1", "DG@E1"}},  // top: A green (RB001); bottom: B orange (RB002 → ZB? no: orange ZB)
		{KindBoom, "enemy", []string{"GR@E1", "GR@E1"}}, // bottom only
	}
	cases[1].units = []string{"GR@C1", "ZB@E1", "ZB@E1"}
	for _, c := range cases {
		s := situation()
		s.State.Phase = PostAlarm
		s.State.Tracker = &Tracker{Pos: 2, PostAlarmRounds: 5}
		s.State.SpawnTokens = []Token{}
		s.Resolve = Request{Kind: c.kind, Cause: c.cause, Card: "NQ1"}
		out := decide(t, s)
		eq(t, c.kind+" "+c.cause, changes(out, ChUnitPlaced), c.units...)
		if len(changes(out, ChTracker)) != 0 {
			t.Errorf("%s after the alarm must not move the tracker", c.kind)
		}
	}
}

// Before the alarm BANG moves the marker 1, BOOM 2; passing the last
// pre-alarm space triggers the alarm (§5.5, §7.7).
func TestBangBoomBeforeAlarm(t *testing.T) {
	cases := []struct {
		kind      string
		pos, last int
		onLast    bool
		want      int
		alarm     bool
	}{
		{KindBang, 2, 6, false, 3, false},
		{KindBoom, 2, 6, false, 4, false},
		{KindBang, 6, 6, false, 6, true},
		{KindBoom, 5, 6, false, 6, true},
		{KindBang, 5, 6, false, 6, false},
		{KindBang, 5, 6, true, 6, true},
	}
	for _, c := range cases {
		s := situation()
		s.State.Tracker = &Tracker{Pos: c.pos, PreAlarmRounds: c.last}
		s.Settings.AlarmOnLastSpace = c.onLast
		s.Resolve = Request{Kind: c.kind, Cause: "hero"}
		out := decide(t, s)
		if out.After.Tracker.Pos != c.want || out.AlarmTriggered != c.alarm {
			t.Errorf("%s from %d/%d (onLast %v): pos %d alarm %v, want %d %v", c.kind, c.pos, c.last, c.onLast, out.After.Tracker.Pos, out.AlarmTriggered, c.want, c.alarm)
		}
	}
	// Once the alarm is pending, pre-alarm advances are ignored (V-26).
	s := situation()
	s.State.Tracker = &Tracker{Pos: 6, PreAlarmRounds: 6, AlarmPending: true}
	s.Resolve = Request{Kind: KindBoom, Cause: "hero"}
	if out := decide(t, s); len(changes(out, ChTracker)) != 0 {
		t.Errorf("advance after the alarm triggered should be ignored")
	}
}

// T1 in the alien world: units come from the darkness (§11.4).
func TestT1Darkness(t *testing.T) {
	s := situation()
	s.State.Phase = AlienWorld
	s.State.Tracker = &Tracker{Pos: 1, AlienRounds: 8}
	s.State.SpawnTokens = []Token{}
	s.Resolve = Request{Kind: KindNoiseCard, Card: "NA1", Total: 1}
	out := decide(t, s)
	// Heroes in A1 see A1 and A2 (D3 is shut); A2 borders the dark A3.
	eq(t, "units", changes(out, ChUnitPlaced), "GR@A2")
	// Alien world tokens flip to cleared, and re-arm when nobody sees them.
	s = situation()
	s.State.Phase = AlienWorld
	s.State.Tracker = &Tracker{Pos: 1, AlienRounds: 8}
	s.State.SpawnTokens = []Token{{ID: "T9", Area: "A2", Icons: []content.Level{content.Green}}}
	s.Resolve = Request{Kind: KindSightCheck, From: "X1"}
	out = decide(t, s)
	eq(t, "flipped", changes(out, ChTokenFlipped), "T9A2cleared")
	if !out.After.SpawnTokens[0].Cleared {
		t.Errorf("T9 should be on its cleared side")
	}
	s.State = out.After
	s.State.Units = []Unit{}
	s.State.Rooms = nil
	s.State.Heroes = []Hero{{ID: "H1", Area: "C1"}, {ID: "H2", Area: "C1"}}
	s.State.CurrentHero = "H1"
	s.Resolve = Request{Kind: KindSightCheck, From: "B2"}
	out = decide(t, s)
	eq(t, "re-armed", changes(out, ChTokenFlipped), "T9A2spawn")
	eq(t, "suspicious", changes(out, ChAwareness), "R1:suspicious")
}

// The "#" limit caps each type; the rest are not placed (§7.4.6, V-21).
func TestMiniatureLimit(t *testing.T) {
	cases := []struct {
		name     string
		onBoard  int
		ever     int
		lifetime bool
		placed   int
		short    []string
	}{
		{"room for all", 0, 0, false, 6, nil},
		{"one left", 5, 5, false, 1, []string{"GR-5"}},
		{"none left", 6, 6, false, 0, []string{"GR-6"}},
		{"pool: killed ones come back", 0, 6, false, 6, nil},
		{"lifetime: killed ones do not", 0, 6, true, 0, []string{"GR-6"}},
		{"lifetime: partial", 1, 3, true, 3, []string{"GR-3"}},
	}
	for _, c := range cases {
		s := situation()
		s.State.SpawnTokens = []Token{}
		for i := 0; i < c.onBoard; i++ {
			s.State.Units = append(s.State.Units, Unit{ID: "g" + itoa(i), Code: "GR", Area: "C1"})
		}
		s.State.PlacedEver = map[string]int{"GR": c.ever}
		s.Settings.CapIsLifetime = c.lifetime
		s.State.SpawnDeck = &Deck{DrawPile: []string{"RB004"}}
		s.Resolve = Request{Kind: KindBarracks, Letter: "B", Icons: []content.Level{content.Red}}
		s.State.Phase = PostAlarm
		out := decide(t, s)
		if got := len(changes(out, ChUnitPlaced)); got != c.placed {
			t.Errorf("%s: placed %d, want %d", c.name, got, c.placed)
		}
		eq(t, c.name+" shortfall", changes(out, ChShortfall), c.short...)
	}
}

// Unique units are placed once per game; Overwhelm doubles; Handler brings
// its unit along (§7.4.6).
func TestUniqueOverwhelmHandler(t *testing.T) {
	cases := []struct {
		name  string
		entry []content.SpawnItem
		ever  map[string]int
		units []string
		short []string
	}{
		{"unique first time", row("VM", 1), nil, []string{"VM@E1"}, nil},
		{"unique capped at 1", row("VM", 2), nil, []string{"VM@E1"}, nil},
		{"unique second time", row("VM", 1), map[string]int{"VM": 1}, nil, []string{"VM-1"}},
		{"overwhelm", row("ZB", 2), nil, []string{"ZB@E1", "ZB@E1", "ZB@E1", "ZB@E1"}, nil},
		{"overwhelm capped", row("ZB", 3), nil, []string{"ZB@E1", "ZB@E1", "ZB@E1", "ZB@E1", "ZB@E1"}, []string{"ZB-1"}},
		{"handler", row("HD", 2), nil, []string{"HD@E1", "HD@E1", "DG@E1", "DG@E1"}, nil},
		{"unknown code", row("QQ", 1, "GR", 1), nil, []string{"GR@E1"}, nil},
	}
	for _, c := range cases {
		s := situation()
		s.State.Phase = PostAlarm
		s.State.SpawnTokens = []Token{}
		s.Content.SpawnCards = []content.SpawnCard{card("RBX", c.entry, nil, nil)}
		s.State.SpawnDeck = &Deck{DrawPile: []string{"RBX"}}
		s.State.PlacedEver = c.ever
		s.Resolve = Request{Kind: KindBarracks, Letter: "B", Icons: []content.Level{content.Green}}
		if c.name == "unknown code" {
			// Content validation refuses such a card (V-23); the engine is
			// also safe with it, so test the engine directly.
			b := mustBoard(t, s)
			w := newWorld(s, b, nil)
			w.placeUnits(c.entry, b.MustIndex("E1"))
			var got []string
			for _, u := range w.liveUnits() {
				got = append(got, u.Code+"@"+u.Area)
			}
			eq(t, c.name, got, c.units...)
			continue
		}
		out := decide(t, s)
		eq(t, c.name, changes(out, ChUnitPlaced), c.units...)
		eq(t, c.name+" shortfall", changes(out, ChShortfall), c.short...)
	}
}

// The spawn level comes from the icon, or from the tracker (house rule).
func TestSpawnLevelSource(t *testing.T) {
	s := situation()
	s.State.Phase = PostAlarm
	s.State.SpawnTokens = []Token{}
	s.Settings.SpawnLevelSource = "trackerColour"
	s.Resolve = Request{Kind: KindBarracks, Letter: "B", Icons: []content.Level{content.Green}}
	if ni := needInput(decideErr(t, s)); ni == nil || ni.Field != "state.tracker.colour" {
		t.Fatalf("want a question about the tracker colour")
	}
	s.State.Tracker.Colour = content.Red
	out := decide(t, s)
	eq(t, "red row", changes(out, ChSpawnCardDrawn), "RB001:red")
	eq(t, "units", changes(out, ChUnitPlaced), "GR@E1", "GR@E1", "DG@E1")
}

// The spawn deck reshuffles its discard when it runs out, through the
// seeded draw source; with nothing left the players are asked.
func TestSpawnDeckReshuffle(t *testing.T) {
	s := situation()
	s.State.Phase = PostAlarm
	s.State.SpawnTokens = []Token{}
	s.State.SpawnDeck = &Deck{DrawPile: nil, Discard: []string{"RB001", "RB002"}}
	s.Resolve = Request{Kind: KindBarracks, Letter: "B", Icons: []content.Level{content.Green}}
	out := decide(t, s)
	eq(t, "shuffled", changes(out, ChDeckShuffled), "spawn")
	// Fixed rolls of 0: the swap puts RB002 on top.
	eq(t, "drawn", changes(out, ChSpawnCardDrawn), "RB002:green")
	s.State.SpawnDeck = &Deck{}
	if ni := needInput(decideErr(t, s)); ni == nil {
		t.Errorf("an empty deck should ask the players")
	}
}

// Patrol door choice (§7.4.4): distance, then origin awareness, then id;
// cleared rooms, exits, open doors and heroes on both sides are excluded.
func TestPatrolDoorChoice(t *testing.T) {
	cases := []struct {
		name    string
		heroes  []Hero
		doors   DoorStates
		rooms   map[string]*RoomState
		side    string
		door    []string
		placed  []string // tokens or units
		spawned bool
	}{
		{name: "nearest door", heroes: []Hero{{ID: "H1", Area: "A1"}}, door: []string{"D4"}, placed: []string{"patrol-1@E1"}},
		{name: "tie → lowest id", heroes: []Hero{{ID: "H1", Area: "B1"}}, door: []string{"D1"}, placed: []string{"GR@A3"}, spawned: true},
		{name: "tie → highest awareness", heroes: []Hero{{ID: "H1", Area: "B1"}},
			rooms: map[string]*RoomState{"R5": {Awareness: content.Suspicious}}, door: []string{"D5"}, placed: []string{"GR@F1"}, spawned: true},
		{name: "cleared origin excluded", heroes: []Hero{{ID: "H1", Area: "B1"}},
			rooms: map[string]*RoomState{"R1": {Cleared: true}}, door: []string{"D5"}, placed: []string{"GR@F1"}, spawned: true},
		{name: "hero on both sides", heroes: []Hero{{ID: "H1", Area: "A2"}, {ID: "H2", Area: "E1"}}, door: []string{"D1"}, placed: []string{"GR@B1"}, spawned: true},
		{name: "locked door opens", heroes: []Hero{{ID: "H1", Area: "B2"}},
			doors: DoorStates{"D1": content.Open, "D5": content.Open}, door: []string{"D2"}, placed: []string{"GR@C1"}, spawned: true},
		{name: "no door → nearest barracks", heroes: []Hero{{ID: "H1", Area: "A1"}},
			doors: DoorStates{"D1": content.Open, "D2": content.Open, "D4": content.Open, "D5": content.Open}, placed: []string{"patrol-1@E1"}},
		{name: "hero side house rule", heroes: []Hero{{ID: "H1", Area: "A1"}}, side: "heroSide", door: []string{"D4"}, placed: []string{"GR@A2"}, spawned: true},
	}
	for _, c := range cases {
		s := situation()
		s.State.SpawnTokens = []Token{}
		s.State.Heroes = c.heroes
		s.State.CurrentHero = "H1"
		s.State.HeroesActed = []string{"H1"}
		s.State.Doors = c.doors
		s.State.Rooms = c.rooms
		if c.side != "" {
			s.Settings.PatrolPlaceSide = c.side
		}
		s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {}}
		s.Resolve = Request{Kind: KindPatrol, Icons: []content.Level{content.Green}, Awareness: aw(content.AtEase)}
		out := decide(t, s)
		eq(t, c.name+" door", changes(out, ChDoorOpened), c.door...)
		if c.spawned {
			eq(t, c.name+" units", changes(out, ChUnitPlaced), c.placed...)
		} else {
			eq(t, c.name+" tokens", changes(out, ChTokenPlaced), c.placed...)
		}
	}
}

// A patrol left as tokens with an alert card makes its room alert, which
// spawns the tokens at once (§7.3 consequence).
func TestAlertPatrolTokensSpawnAtOnce(t *testing.T) {
	s := situation()
	s.State.SpawnTokens = []Token{}
	s.Resolve = Request{Kind: KindPatrol, Icons: []content.Level{content.Green, content.Orange}, Awareness: aw(content.Alert)}
	out := decide(t, s)
	eq(t, "tokens", changes(out, ChTokenPlaced), "patrol-1@E1", "patrol-2@E1")
	eq(t, "awareness", changes(out, ChAwareness), "R4:alert")
	eq(t, "units", changes(out, ChUnitPlaced), "GR@E1", "ZB@E1", "ZB@E1")
	eq(t, "removed", changes(out, ChTokenRemoved), "patrol-1@E1", "patrol-2@E1")
}

// Barracks (§7.4.5): by letter; a missing letter falls back to the nearest
// barracks; cleared tokens do not stop them.
func TestBarracks(t *testing.T) {
	cases := []struct {
		letter string
		rooms  map[string]*RoomState
		want   string
	}{
		{"A", nil, "GR@C1"},
		{"B", nil, "GR@E1"},
		{"C", nil, "GR@E1"}, // no C on the map: nearest to H1 in A1 is B (E1, cost 2)
		{"A", map[string]*RoomState{"R3": {Cleared: true}}, "GR@C1"},
	}
	for _, c := range cases {
		s := situation()
		s.State.Phase = PostAlarm
		s.State.SpawnTokens = []Token{}
		s.State.Rooms = c.rooms
		s.Resolve = Request{Kind: KindBarracks, Letter: c.letter, Icons: []content.Level{content.Green}}
		out := decide(t, s)
		eq(t, "barracks "+c.letter, changes(out, ChUnitPlaced), c.want)
	}
}

// A noise card aimed at the nearest at-ease room only picks a room with a
// spawn token or an enemy unit (V-42); its bottom can set off the alarm.
func TestNoiseRaiseNearestAtEase(t *testing.T) {
	s := situation()
	s.Resolve = Request{Kind: KindNoiseCard, Card: "NP2", Total: 2}
	out := decide(t, s)
	// From A1: R1 (0, empty), R9 (2, empty), R4 (3 via D4, token T2) → R4; alert → T2 spawns.
	eq(t, "awareness", changes(out, ChAwareness), "R4:alert")
	eq(t, "units", changes(out, ChUnitPlaced), "GR@E1", "GR@E1")
	if !out.AlarmTriggered || !out.After.Tracker.AlarmPending {
		t.Errorf("the bottom effect should trigger the alarm")
	}
	if strings.Count(out.Trace.String(), "V-42") != 0 {
		t.Log(out.Trace.String())
	}
}

// The alarm's queue order matters when miniatures run out: nearest first.
func TestAlarmOrderWithLimit(t *testing.T) {
	s := situation()
	s.Content.Faction.Units[0].Max = 1
	s.State.SpawnTokens = []Token{{ID: "Z9", Area: "C1", Icons: []content.Level{content.Green}}, {ID: "A1t", Area: "A3", Icons: []content.Level{content.Green}}}
	s.State.SpawnDeck = &Deck{DrawPile: []string{"RB001", "RB001b"}}
	s.Content.SpawnCards = append(s.Content.SpawnCards, card("RB001b", row("GR", 1), nil, nil))
	s.Resolve = Request{Kind: KindAlarm}
	out := decide(t, s)
	eq(t, "units", changes(out, ChUnitPlaced), "GR@A3")
	eq(t, "shortfall", changes(out, ChShortfall), "GR-1")
}
