package reich

import (
	"testing"

	"tablekeeper/automa/reich/content"
)

// sequence renders the changes of the given kinds in the order they
// happened, so a row can check the queue's order across kinds.
func sequence(out *Outcome, kinds ...string) []string {
	want := map[string]bool{}
	for _, k := range kinds {
		want[k] = true
	}
	var got []string
	for _, c := range out.Changes {
		if !want[c.Kind] {
			continue
		}
		one := &Outcome{Changes: []Change{c}}
		got = append(got, c.Kind+" "+changes(one, c.Kind)[0])
	}
	return got
}

// TestSpawnTriggers is §7.4.1 as a table: one row per spawn trigger
// (T1 for each of its three algorithms), each with the units it places and
// what is done with the spawn's source (§7.4.8).
func TestSpawnTriggers(t *testing.T) {
	cases := []struct {
		trigger string
		setup   func(s *Situation)
		units   []string
		// source: what is discarded, removed or flipped afterwards.
		sourceKind string
		source     []string
	}{
		{trigger: "T1 pre-alarm noise card → PATROL (nobody sees: tokens)", setup: func(s *Situation) {
			s.State.SpawnTokens = []Token{}
			s.Resolve = Request{Kind: KindNoiseCard, Card: "NP1", Total: 2}
		}, units: nil, sourceKind: ChNoiseCardDiscard, source: []string{"NP1"}},
		{trigger: "T1 pre-alarm noise card → PATROL (in sight: units)", setup: func(s *Situation) {
			s.State.SpawnTokens = []Token{}
			s.State.Heroes = []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A2"}}
			s.Resolve = Request{Kind: KindNoiseCard, Card: "NP1", Total: 2}
		}, units: []string{"GR@E1"}, sourceKind: ChNoiseCardDiscard, source: []string{"NP1"}},
		{trigger: "T1 post-alarm noise card → BARRACKS", setup: func(s *Situation) {
			s.State.Phase = PostAlarm
			s.State.Tracker = &Tracker{Pos: 2, PostAlarmRounds: 5}
			s.State.SpawnTokens = []Token{}
			s.Resolve = Request{Kind: KindNoiseCard, Card: "NQ1", Total: 1}
		}, units: []string{"GR@C1"}, sourceKind: ChNoiseCardDiscard, source: []string{"NQ1"}},
		{trigger: "T1 alien world noise card → DARKNESS", setup: func(s *Situation) {
			s.State.Phase = AlienWorld
			s.State.Tracker = &Tracker{Pos: 1, AlienRounds: 8}
			s.State.SpawnTokens = []Token{}
			s.Resolve = Request{Kind: KindNoiseCard, Card: "NA1", Total: 1}
		}, units: []string{"GR@A2"}, sourceKind: ChNoiseCardDiscard, source: []string{"NA1"}},
		{trigger: "T2 the alarm → every token", setup: func(s *Situation) {
			s.State.SpawnTokens = []Token{{ID: "T1", Area: "B2", Icons: []content.Level{content.Green}}, {ID: "T2", Area: "E1", Icons: []content.Level{content.Orange}}}
			s.Resolve = Request{Kind: KindAlarm}
		}, units: []string{"GR@E1", "GR@E1", "DG@B2"}, sourceKind: ChTokenRemoved, source: []string{"T2@E1", "T1@B2"}},
		{trigger: "T3 a hero gains sight of a token", setup: func(s *Situation) {
			s.State.Heroes = []Hero{{ID: "H1", Area: "A3"}, {ID: "H2", Area: "A1"}}
			s.State.Doors = DoorStates{"D1": content.Open}
			s.Resolve = Request{Kind: KindSightCheck, Door: "D1"}
		}, units: []string{"GR@B2"}, sourceKind: ChTokenRemoved, source: []string{"T1@B2"}},
		{trigger: "T4 a room with tokens becomes alert", setup: func(s *Situation) {
			s.State.SpawnTokens = []Token{{ID: "T1", Area: "B2", Icons: []content.Level{content.Green}}, {ID: "T4", Area: "B1", Icons: []content.Level{content.Red}}}
			s.Resolve = Request{Kind: KindRaiseAwareness, Room: "R2", Levels: 2}
		}, units: []string{"GR@B2", "VM@B1"}, sourceKind: ChTokenRemoved, source: []string{"T1@B2", "T4@B1"}},
		{trigger: "T5 a revealed room feature with spawn icons", setup: func(s *Situation) {
			s.State.SpawnTokens = []Token{}
			s.State.Doors = DoorStates{"D1": content.Open, "D5": content.Open}
			s.State.Heroes = []Hero{{ID: "H1", Area: "B1"}, {ID: "H2", Area: "A1"}}
			s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {content.Green}}
			s.Resolve = Request{Kind: KindSightCheck, From: "A3"}
		}, units: []string{"GR@F1"}, sourceKind: ChFeatureDiscarded, source: []string{"RF1"}},
		{trigger: "T6 post-alarm BANG draws a noise card → T1", setup: func(s *Situation) {
			s.State.Phase = PostAlarm
			s.State.Tracker = &Tracker{Pos: 2, PostAlarmRounds: 5}
			s.State.SpawnTokens = []Token{}
			s.Resolve = Request{Kind: KindBang, Card: "NQ1"}
		}, units: []string{"GR@E1", "GR@E1"}, sourceKind: ChNoiseCardDiscard, source: []string{"NQ1"}},
	}
	for _, c := range cases {
		t.Run(c.trigger, func(t *testing.T) {
			s := situation()
			c.setup(s)
			out := decide(t, s)
			eq(t, "units", changes(out, ChUnitPlaced), c.units...)
			eq(t, "source", changes(out, c.sourceKind), c.source...)
			// Every spawn card drawn is discarded again (§7.4.8).
			drawn := len(changes(out, ChSpawnCardDrawn))
			if got := len(changes(out, ChSpawnCardDiscard)); got != drawn {
				t.Errorf("%d spawn cards drawn, %d discarded", drawn, got)
			}
		})
	}
}

// TestSpawnChainReactions is §7.4.1 S0: a resolution that raises further
// triggers puts them at the back of the queue, and each request is
// resolved to the end (its units, its awareness, its source gone) before
// the next starts.
func TestSpawnChainReactions(t *testing.T) {
	kinds := []string{ChSpawnCardDrawn, ChUnitPlaced, ChAwareness, ChTokenPlaced, ChTokenRemoved, ChDoorOpened}
	cases := []struct {
		name  string
		setup func(s *Situation)
		want  []string
	}{
		{name: "sight → unit sees a hero → alert → the room's other token", setup: func(s *Situation) {
			// H1 opens D5 and sees B1 (T4) but not B2 (T1); R2 is already suspicious.
			s.State.Heroes = []Hero{{ID: "H1", Area: "F1"}, {ID: "H2", Area: "A1"}}
			s.State.Doors = DoorStates{"D5": content.Open}
			s.State.Rooms = map[string]*RoomState{"R2": {Awareness: content.Suspicious}}
			s.State.SpawnTokens = []Token{{ID: "T1", Area: "B2", Icons: []content.Level{content.Green}}, {ID: "T4", Area: "B1", Icons: []content.Level{content.Green}}}
			s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {}}
			s.Resolve = Request{Kind: KindSightCheck, Door: "D5"}
		}, want: []string{
			"spawnCardDrawn RB001:green", "unitPlaced GR@B1", "awareness R2:alert", "tokenRemoved T4@B1",
			"spawnCardDrawn RB002:green", "unitPlaced DG@B2", "tokenRemoved T1@B2",
		}},
		{name: "patrol in sight → the opened door shows a token → resolved after the patrol", setup: func(s *Situation) {
			s.State.Heroes = []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A2"}}
			s.Resolve = Request{Kind: KindNoiseCard, Card: "NP1", Total: 1}
		}, want: []string{
			"doorOpened D4", "spawnCardDrawn RB001:green", "unitPlaced GR@E1", "awareness R4:suspicious", "awareness R4:alert",
			"spawnCardDrawn RB002:orange", "unitPlaced ZB@E1", "unitPlaced ZB@E1", "tokenRemoved T2@E1",
		}},
		{name: "alert patrol tokens → ON_ALERT spawns them in the order placed", setup: func(s *Situation) {
			s.State.SpawnTokens = []Token{}
			s.Resolve = Request{Kind: KindPatrol, Icons: []content.Level{content.Green, content.Orange}, Awareness: aw(content.Alert)}
		}, want: []string{
			"doorOpened D4", "tokenPlaced patrol-1@E1", "tokenPlaced patrol-2@E1", "awareness R4:alert",
			"spawnCardDrawn RB001:green", "unitPlaced GR@E1", "tokenRemoved patrol-1@E1",
			"spawnCardDrawn RB002:orange", "unitPlaced ZB@E1", "unitPlaced ZB@E1", "tokenRemoved patrol-2@E1",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := situation()
			c.setup(s)
			eq(t, "queue order", sequence(decide(t, s), kinds...), c.want...)
		})
	}
}

// TestBarracksLetterTwice: §7.4.5 step 1 — when the map has several
// barracks with the card's letter the players choose; the default is the
// nearest to the triggering hero.
func TestBarracksLetterTwice(t *testing.T) {
	for _, c := range []struct {
		name, pick, want string
	}{
		{"default: the nearest", "", "GR@E1"},
		{"the players pick the farther one", "C1", "GR@C1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := situation()
			s.Map.Barracks = []content.Barracks{{Letter: "A", Target: "C1"}, {Letter: "A", Target: "E1"}}
			s.State.Phase = PostAlarm
			s.State.SpawnTokens = []Token{}
			if c.pick != "" {
				s.Answers.Choices = map[string]string{"barracks": c.pick}
			}
			s.Resolve = Request{Kind: KindBarracks, Letter: "A", Icons: []content.Level{content.Green}}
			eq(t, "units", changes(decide(t, s), ChUnitPlaced), c.want)
		})
	}
}
