package reich

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tablekeeper/automa"

	"tablekeeper/automa/reich/content"
)

// §6.3: the bottom effect applies when the noise total equals or exceeds
// the threshold printed on the card; one below it, only the top applies.
func TestNoiseThresholdBoundary(t *testing.T) {
	for _, c := range []struct {
		total   int
		advance bool
	}{{2, false}, {3, true}, {4, true}} {
		s := situation()
		s.State.SpawnTokens = []Token{}
		s.Resolve = Request{Kind: KindNoiseCard, Card: "NP1", Total: c.total}
		out := decide(t, s)
		if got := len(changes(out, ChTracker)) == 1; got != c.advance {
			t.Errorf("total %d against threshold 3: bottom effect applied %v, want %v", c.total, got, c.advance)
		}
		// The top effect (the patrol) applies in every case.
		if len(changes(out, ChTokenPlaced))+len(changes(out, ChUnitPlaced)) == 0 {
			t.Errorf("total %d: the top effect's patrol is missing", c.total)
		}
	}
}

// §7.4.6: a shortfall in one entry never cancels the rest of the card:
// with every grunt in use, the dog on the same row is still placed, and
// the card is still discarded.
func TestShortfallKeepsTheRest(t *testing.T) {
	s := situation()
	s.State.Phase = PostAlarm
	s.State.SpawnTokens = []Token{}
	for i := 0; i < 6; i++ {
		s.State.Units = append(s.State.Units, Unit{ID: "g" + itoa(i), Code: "GR", Area: "A1"})
	}
	s.State.SpawnDeck = &Deck{DrawPile: []string{"RB001"}}
	s.Resolve = Request{Kind: KindBarracks, Letter: "B", Icons: []content.Level{content.Red}}
	out := decide(t, s)
	eq(t, "placed", changes(out, ChUnitPlaced), "DG@E1")
	eq(t, "short", changes(out, ChShortfall), "GR-2")
	eq(t, "discard", out.After.SpawnDeck.Discard, "RB001")
}

// §7.4.6 / §12.7: a Handler's companion obeys its own "#" limit; the
// handler itself is still placed when its companion has run out.
func TestHandlerCompanionAtItsLimit(t *testing.T) {
	s := situation()
	s.State.Phase = PostAlarm
	s.State.SpawnTokens = []Token{}
	for i := 0; i < 4; i++ {
		s.State.Units = append(s.State.Units, Unit{ID: "d" + itoa(i), Code: "DG", Area: "A1"})
	}
	s.Content.SpawnCards = []content.SpawnCard{card("RBX", row("HD", 1), nil, nil)}
	s.State.SpawnDeck = &Deck{DrawPile: []string{"RBX"}}
	s.Resolve = Request{Kind: KindBarracks, Letter: "B", Icons: []content.Level{content.Green}}
	out := decide(t, s)
	eq(t, "placed", changes(out, ChUnitPlaced), "HD@E1")
	eq(t, "short", changes(out, ChShortfall), "DG-1")
}

// §3.1 / §7.4.2: a spawn deck that runs out reshuffles its whole discard;
// unlike a hero action deck, no card leaves the game.
func TestSpawnReshuffleRemovesNothing(t *testing.T) {
	s := situation()
	s.State.Phase = PostAlarm
	s.State.SpawnTokens = []Token{}
	s.State.SpawnDeck = &Deck{DrawPile: []string{"RB001"}, Discard: []string{"RB002", "RB003", "RB004"}}
	s.Resolve = Request{Kind: KindBarracks, Letter: "B", Icons: []content.Level{content.Green, content.Green}}
	out := decide(t, s)
	d := out.After.SpawnDeck
	if n := len(d.DrawPile) + len(d.Discard); n != 4 {
		t.Errorf("after the reshuffle the spawn deck holds %d cards (draw %v, discard %v), want all 4", n, d.DrawPile, d.Discard)
	}
	if len(changes(out, ChSpawnCardDrawn)) != 2 {
		t.Errorf("two icons draw two spawn cards")
	}
}

// §7.5.2: the units that activate for a type are fixed when its turn
// starts. A grunt spawned while the grunts move (its token's room made
// alert by the moving grunt) does not move this phase.
func TestSameTypeSpawnedMidPhaseDoesNotMove(t *testing.T) {
	s := situation()
	s.State.During = EnemyTurn
	s.State.SpawnTokens = []Token{{ID: "T1", Area: "B2", Icons: []content.Level{content.Green}}}
	s.State.SpawnDeck = &Deck{DrawPile: []string{"RB001"}}
	s.State.Units = []Unit{{ID: "g1", Code: "GR", Area: "A3"}}
	s.State.Rooms = map[string]*RoomState{"R1": {Awareness: content.Alert}}
	s.State.Heroes = twoHeroes("F1")
	s.State.Doors = DoorStates{"D1": content.Open, "D5": content.Open}
	s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {}}
	s.Resolve = Request{Kind: KindEnemyTurn}
	out := decide(t, s)
	eq(t, "placed", changes(out, ChUnitPlaced), "GR@B2")
	eq(t, "moves", changes(out, ChUnitMoved), "g1:A3>B1")
}

// §11.1 / §7.7: in the alien world BANG and BOOM work the post-alarm way
// (a noise card), and never move the round marker.
func TestAlienWorldBangBoom(t *testing.T) {
	for _, c := range []struct{ kind, cause string }{{KindBang, ""}, {KindBoom, "hero"}, {KindBoom, "enemy"}} {
		s := situation()
		s.State.Phase = AlienWorld
		s.State.Tracker = &Tracker{Pos: 2, AlienRounds: 8}
		s.State.SpawnTokens = []Token{}
		s.Resolve = Request{Kind: c.kind, Cause: c.cause, Card: "NA1"}
		out := decide(t, s)
		if len(changes(out, ChTracker)) != 0 {
			t.Errorf("%s %s in the alien world moved the round marker", c.kind, c.cause)
		}
		top := len(changes(out, ChUnitPlaced)) > 0 // NA1's top spawns from the darkness
		bottom := len(changes(out, ChForPlayers)) > 0
		wantTop := c.kind == KindBoom && c.cause == "hero"
		if top != wantTop || !bottom {
			t.Errorf("%s %s: top %v bottom %v, want top %v bottom true", c.kind, c.cause, top, bottom, wantTop)
		}
	}
}

// §5.3 phase 1: once per enemy turn, however many units are alert.
func TestPhase1OncePerEnemyTurn(t *testing.T) {
	s := situation()
	s.State.During = EnemyTurn
	s.State.SpawnTokens = []Token{}
	s.State.Units = []Unit{{ID: "g1", Code: "GR", Area: "C1"}, {ID: "g2", Code: "GR", Area: "B2"}, {ID: "z1", Code: "ZB", Area: "E1"}}
	s.State.Rooms = map[string]*RoomState{"R2": {Awareness: content.Alert}, "R3": {Awareness: content.Alert}, "R4": {Awareness: content.Alert}}
	s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {}}
	s.Resolve = Request{Kind: KindEnemyTurn}
	out := decide(t, s)
	if got := len(changes(out, ChTracker)); got != 1 {
		t.Errorf("phase 1 moved the marker %d times, want 1", got)
	}
}

// §7.4.4: a patrol's door is judged from the hero whose turn it is, not
// from the other heroes: H2 far away does not pull it.
func TestPatrolFromTriggeringHero(t *testing.T) {
	s := situation()
	s.State.SpawnTokens = []Token{}
	s.State.Heroes = []Hero{{ID: "H1", Area: "C1"}, {ID: "H2", Area: "A1"}}
	s.State.CurrentHero = "H1"
	s.Resolve = Request{Kind: KindNoiseCard, Card: "NP1", Total: 1}
	out := decide(t, s)
	// From C1: D2 (locked, sides B2/C1) costs 0, but C1 holds H1, so its
	// origin is B2 in R2; it is the nearest door.
	eq(t, "door", changes(out, ChDoorOpened), "D2")
}

// §7.4.4: equidistant doors go to the one whose origin room (the room the
// patrol comes from) has the highest awareness. When both sides of a door
// could be the origin, the patrol comes from the side farther from the
// hero, so that side's room is the one weighed, not the hero's side.
func TestPatrolTieWeighsTheOriginItUses(t *testing.T) {
	s := situation()
	s.Map.Areas = append(s.Map.Areas, content.Area{ID: "G1", Room: "R6", Tile: "t1"})
	s.Map.Doors = append(s.Map.Doors, content.Door{ID: "D6", State: content.Closed})
	s.Map.Edges = append(s.Map.Edges, content.Edge{A: "A2", B: "G1", Door: "D6"})
	s.State.SpawnTokens = []Token{{ID: "T8", Area: "G1", Icons: []content.Level{content.Green}}}
	s.State.Units = []Unit{{ID: "GR-1", Code: "GR", Area: "A3"}}
	// R1 (the near side of both doors) alert; E1's R4 at ease; G1's R6 suspicious.
	s.State.Rooms = map[string]*RoomState{"R1": {Awareness: content.Alert}, "R6": {Awareness: content.Suspicious}}
	s.Resolve = Request{Kind: KindPatrol, Icons: []content.Level{content.Green}, Awareness: aw(content.AtEase)}
	out := decide(t, s)
	eq(t, "door", changes(out, ChDoorOpened), "D6")
}

// §7.5.6: an area lies on one tile, so Bodyguard (an officer on its tile)
// and Xenobiologist (aliens on its tile) work for units sharing an area
// even when the map does not name its tiles.
func TestTileAurasInOneAreaWithoutTileNames(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "b1", Code: "BG", Area: "A3"}, {ID: "o1", Code: "OF", Area: "A3"}}, twoHeroes("A3"), nil)
	for i := range s.Map.Areas {
		s.Map.Areas[i].Tile = ""
	}
	eq(t, "bodyguard", attacks(decide(t, s)), "OF:melee>H1=2", "BG:melee>H1=5")

	s = postAlarmTurn([]Unit{{ID: "z1", Code: "ZB", Area: "A3"}, {ID: "h1", Code: "HD", Area: "A3"}}, twoHeroes("A3"), nil)
	for i := range s.Map.Areas {
		s.Map.Areas[i].Tile = ""
	}
	addKeywords(s, "HD", "xenobiologist")
	s.Content.Faction.Unit("ZB").Tags = append(s.Content.Faction.Unit("ZB").Tags, "alien")
	eq(t, "xenobiologist", attacks(decide(t, s)), "HD:melee>H1=2", "ZB:melee>H1=3")
}

// resume carries a paused enemy turn on: the table after the pause, with
// the heroes as their defence tests left them (§7.5.5).
func resume(t *testing.T, s *Situation, out *Outcome, heroes func([]Hero)) *Outcome {
	t.Helper()
	if !out.AwaitingDefence || out.After.EnemyTurn == nil {
		t.Fatalf("the enemy turn did not pause for the defence tests")
	}
	n := *s
	n.State = out.After
	n.State.Heroes = append([]Hero(nil), out.After.Heroes...)
	if heroes != nil {
		heroes(n.State.Heroes)
	}
	n.Resolve = Request{Kind: KindEnemyTurn, PauseForDefence: true}
	return decide(t, &n)
}

// §7.2 / §7.5.5: an enemy attacks the nearest hero not downed and not
// captured, so each attack is chosen after the earlier ones are resolved:
// a hero downed (or knocked back) by an earlier attack of the same enemy
// turn is no longer what a later unit aims at. Without pausing, every
// attack is decided at once (the old behaviour, kept for old callers).
func TestLaterAttacksSeeEarlierDefences(t *testing.T) {
	base := func() *Situation {
		// g1 (GR) shares A2 with H1; o1 (OF, range 2) in A3 has H1 (A2) and
		// H2 (B1, through open D1) both 1 away: the tie goes to H1.
		return postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "A2"}, {ID: "o1", Code: "OF", Area: "A3"}},
			[]Hero{{ID: "H1", Area: "A2"}, {ID: "H2", Area: "B1"}}, DoorStates{"D1": content.Open})
	}
	eq(t, "all at once", attacks(decide(t, base())), "GR:melee>H1=3", "OF:ranged>H1=3")
	for _, c := range []struct {
		name  string
		after func([]Hero)
		want  []string
	}{
		{"H1 stands", nil, []string{"OF:ranged>H1=3"}},
		{"H1 downed", func(h []Hero) { h[0].Downed = true }, []string{"OF:ranged>H2=3"}},
		{"H1 knocked back to A1", func(h []Hero) { h[0].Area, h[0].KnockedDown = "A1", true }, []string{"OF:ranged>H2=3"}},
		{"both downed", func(h []Hero) { h[0].Downed, h[1].Downed = true, true }, nil},
	} {
		s := base()
		s.Resolve.PauseForDefence = true
		out := decide(t, s)
		eq(t, c.name+": first", attacks(out), "GR:melee>H1=3")
		out = resume(t, s, out, c.after)
		eq(t, c.name+": next", attacks(out), c.want...)
		for out.AwaitingDefence {
			out = resume(t, s, out, nil)
			eq(t, c.name+": no more attacks", attacks(out))
		}
		if out.After.EnemyTurn != nil {
			t.Errorf("%s: the finished turn still says it is paused", c.name)
		}
	}
}

// §7.5.5: within one type too, a second attack on another target mode
// is chosen once the first is resolved: g2's shot goes to H1 when g1's
// bite downed H2.
func TestSameTypeRetargetsAfterADowning(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "B1"}, {ID: "g2", Code: "GR", Area: "A3"}},
		[]Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "B1"}}, DoorStates{"D1": content.Open})
	eq(t, "all at once", attacks(decide(t, s)), "GR:melee>H2=3", "GR:ranged>H2=2")
	s.Resolve.PauseForDefence = true
	out := decide(t, s)
	eq(t, "first", attacks(out), "GR:melee>H2=3")
	if got := out.After.EnemyTurn; got == nil || got.Phase != 3 || strings.Join(got.Units, ",") != "g2" {
		t.Fatalf("paused at %+v, want phase 3 with g2 still to attack", got)
	}
	out = resume(t, s, out, func(h []Hero) { h[1].Downed = true })
	eq(t, "after H2 is downed", attacks(out), "GR:ranged>H1=2")
}

// §5.6 step 6–7: the alarm's free enemy turn pauses like any other, and
// the alarm sequence finishes (marker on post-alarm space 1) only when
// the turn is over.
func TestAlarmFreeTurnPauses(t *testing.T) {
	s := situation()
	s.State.SpawnTokens = []Token{}
	s.State.During = EndOfRound
	s.State.Units = []Unit{{ID: "g1", Code: "GR", Area: "A1"}}
	s.State.Tracker.AlarmPending = true
	// The marker stands at the end of a pre-alarm track longer than the
	// post-alarm one: while the free turn is paused it is on the alarm space.
	s.State.Tracker.Pos, s.State.Tracker.PreAlarmRounds, s.State.Tracker.PostAlarmRounds = 6, 6, 4
	s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {}}
	s.Resolve = Request{Kind: KindAlarm, PauseForDefence: true}
	out := decide(t, s)
	eq(t, "first", attacks(out), "GR:melee>H1=3")
	if len(changes(out, ChTracker)) != 0 || !out.After.EnemyTurn.Free {
		t.Fatalf("the alarm went on past its paused free turn: %v", changes(out, ChTracker))
	}
	out = resume(t, s, out, nil)
	eq(t, "second", attacks(out))
	if tr := out.After.Tracker; tr == nil || tr.Pos != 1 || tr.AlarmPending || out.AwaitingDefence {
		t.Errorf("after the free turn the marker should be on post-alarm space 1, got %+v", tr)
	}
}

// §7.5.4 / §7.5.5: a Ruthless shot in phase 2 pauses too; the same unit's
// phase 3 attack then goes to a hero still standing.
func TestRuthlessShotPauses(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "o1", Code: "OF", Area: "A3"}},
		[]Hero{{ID: "H1", Area: "A2"}, {ID: "H2", Area: "B1"}}, DoorStates{"D1": content.Open})
	addKeywords(s, "OF", "ruthless")
	eq(t, "all at once", attacks(decide(t, s)), "OF:ranged>H1=3", "OF:ranged>H1=3")
	s.Resolve.PauseForDefence = true
	out := decide(t, s)
	if p := out.After.EnemyTurn; p == nil || p.Phase != 2 || strings.Join(p.Shot, ",") != "o1" {
		t.Fatalf("paused at %+v, want phase 2 with o1 marked as having shot", p)
	}
	out = resume(t, s, out, func(h []Hero) { h[0].Downed = true })
	eq(t, "phase 3", attacks(out), "OF:ranged>H2=3")
}

// §7.5.5 against the seed (seed wins): a captured hero counts as a guard
// point, and the enemy units with it can still attack, so a ranged unit
// sharing its area with only a captured hero shoots at a hero it sees.
// With a downed (not captured) hero there, the spec's rule stands: it is
// in melee and does not shoot.
func TestCapturedHeroDoesNotStopShooting(t *testing.T) {
	for _, c := range []struct {
		name string
		h1   Hero
		want []string
	}{
		{"captured", Hero{ID: "H1", Area: "A1", Downed: true, Captured: true}, []string{"GR:ranged>H2=2"}},
		{"downed", Hero{ID: "H1", Area: "A1", Downed: true}, nil},
		{"standing", Hero{ID: "H1", Area: "A1"}, []string{"GR:melee>H1=3"}},
	} {
		s := postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "A1"}}, []Hero{c.h1, {ID: "H2", Area: "A3"}}, nil)
		eq(t, c.name, attacks(decide(t, s)), c.want...)
		// Ruthless is judged the same way as phase 2 begins.
		addKeywords(s, "GR", "ruthless")
		out := decide(t, s)
		if got := len(out.Attacks) > 0 && out.Attacks[0].Phase == 2; got != (c.name == "captured") {
			t.Errorf("%s: Ruthless shot in phase 2 %v", c.name, got)
		}
	}
}

// A paused enemy turn given back in the state is checked like the rest.
func TestPausedTurnIsChecked(t *testing.T) {
	for _, c := range []struct {
		p    EnemyTurnProgress
		want string
	}{
		{EnemyTurnProgress{Phase: 4}, "phase 4"},
		{EnemyTurnProgress{Phase: 3, Type: 8}, "type 8"},
		{EnemyTurnProgress{Phase: 3, Type: 1, Units: []string{"g1"}}, "not a DG"},
	} {
		s := postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "A1"}}, twoHeroes("A1"), nil)
		p := c.p
		s.State.EnemyTurn = &p
		if err := decideErr(t, s); !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want an error naming %q", c.p, err, c.want)
		}
	}
}

// The resolve file's paused enemy turn (state.enemyTurn) is checked as a
// whole: a free turn outside the post-alarm phase, a type below the faction
// card, or an alarm resolved while a turn is paused are refused with the
// rule's words, before anything is decided.
func TestPausedTurnContextIsChecked(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(s *Situation)
		want string
	}{
		{"free turn before the alarm", func(s *Situation) {
			s.State.Phase = PreAlarm
			s.State.EnemyTurn = &EnemyTurnProgress{Free: true, Phase: 3}
		}, "comes after the alarm"},
		{"negative type", func(s *Situation) { s.State.EnemyTurn = &EnemyTurnProgress{Phase: 3, Type: -1} }, "type -1"},
		{"alarm while paused", func(s *Situation) {
			s.State.EnemyTurn = &EnemyTurnProgress{Phase: 3}
			s.Resolve = Request{Kind: KindAlarm}
		}, "carry it on first"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "A1"}}, twoHeroes("A1"), nil)
			c.edit(s)
			if err := decideErr(t, s); !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error naming %q", err, c.want)
			}
		})
	}
}

// §7.5.5: pausing for the defence tests changes nothing when the tests
// change nothing: over a spread of generated tables, an enemy turn (or the
// alarm with its free turn) played one attack at a time, with the heroes
// left as they were, makes the same attacks and the same changes, and ends
// on the same table, as the turn decided at once.
func TestPausingWithoutDefenceEffectsChangesNothing(t *testing.T) {
	// An empty list and a missing one are the same table.
	js := func(v any) string { b, _ := json.Marshal(v); return strings.ReplaceAll(string(b), "null", "[]") }
	// Where each change's step stands in its own trace differs between
	// the parts and the whole: that is no change to the table.
	strip := func(a []Attack) string {
		a = slices.Clone(a)
		for i := range a {
			a[i].Step = 0
		}
		return js(a)
	}
	stripChanges := func(c []Change) string {
		c = slices.Clone(c)
		for i := range c {
			c[i].Step = 0
		}
		return js(c)
	}
	compared, paused := 0, 0
	for i := 0; i < 600; i++ {
		data := make([]byte, 48)
		for j := range data {
			data[j] = byte((i*137 + j*61 + i*j*13) % 251)
		}
		s := randomSituation(data)
		if i%2 == 0 {
			s.Resolve = Request{Kind: KindEnemyTurn}
		} else if s.State.Phase == PreAlarm {
			s.Resolve = Request{Kind: KindAlarm}
		}
		if s.Resolve.Kind != KindEnemyTurn && s.Resolve.Kind != KindAlarm {
			continue
		}
		if _, err := s.validate(); err != nil {
			continue
		}
		rolls := automa.Fixed(make([]int, 64))
		whole, err := Decide(s, &rolls)
		if err != nil {
			continue
		}
		p := *s
		p.Resolve.PauseForDefence = true
		var attacks []Attack
		var chs []Change
		var out *Outcome
		for n := 0; ; n++ {
			rolls = automa.Fixed(make([]int, 64))
			out, err = Decide(&p, &rolls)
			if err != nil {
				t.Fatalf("case %d, part %d: %v", i, n, err)
			}
			attacks = append(attacks, out.Attacks...)
			chs = append(chs, out.Changes...)
			if !out.AwaitingDefence {
				break
			}
			paused++
			if n > 50 {
				t.Fatalf("case %d: the turn never ends", i)
			}
			p.State = out.After
			p.Resolve = Request{Kind: KindEnemyTurn, PauseForDefence: true}
		}
		compared++
		if strip(attacks) != strip(whole.Attacks) {
			t.Errorf("case %d: attacks one at a time %s, at once %s", i, strip(attacks), strip(whole.Attacks))
			continue
		}
		if a, b := stripChanges(chs), stripChanges(whole.Changes); a != b {
			t.Errorf("case %d: changes differ:\n%s\n%s", i, a, b)
		}
		if a, b := js(out.After), js(whole.After); a != b {
			t.Errorf("case %d: the table afterwards differs:\n%s\n%s", i, a, b)
		}
	}
	if compared < 50 || paused < 50 {
		t.Fatalf("only %d turns compared, %d pauses", compared, paused)
	}
}

// §7.2 / §7.3 LOWER: Auf Deutsch lowers the nearest room; equidistant
// rooms are the players' choice (default the lowest room id), as for any
// "nearest room" of a card effect.
func TestLowerNearestTieIsAChoice(t *testing.T) {
	for _, c := range []struct {
		pick string
		want string // the room lowered
	}{{"", "R2"}, {"R2", "R2"}, {"R4", "R4"}} {
		s := situation()
		// H1 in A3: B1 (R2) behind closed D1 and E1 (R4) through open D4
		// are both 2 away.
		s.State.Heroes = []Hero{{ID: "H1", Area: "A3"}, {ID: "H2", Area: "A3"}}
		s.State.Doors = DoorStates{"D4": content.Open}
		s.State.Rooms = map[string]*RoomState{"R2": {Awareness: content.Suspicious}, "R4": {Awareness: content.Alert}}
		if c.pick != "" {
			s.Answers.Choices = map[string]string{"lowerRoom": c.pick}
		}
		s.Resolve = Request{Kind: KindLowerAwareness}
		out := decide(t, s)
		eq(t, "pick "+c.pick, changes(out, ChAwareness), map[string]string{"R2": "R2:atEase", "R4": "R4:suspicious"}[c.want])
		if c.pick == "" && !strings.Contains(js(out.Trace), "CHOICE") {
			t.Errorf("the tie is not shown as the players' choice")
		}
	}
}

func js(v any) string { b, _ := json.Marshal(v); return string(b) }

// §7.5.3 M steps c–g / §7.5.4 Coward: a Coward never steps into an area
// holding a hero, but opening (or unlocking) the door on its way is not a
// step into that area, so it still does that instead of moving. An
// Unstoppable Coward, which would open the door only as it goes through,
// stops before it.
func TestCowardStillOpensTheDoor(t *testing.T) {
	for _, c := range []struct {
		door        content.DoorState
		unstoppable bool
		opened      []string
		unlocked    []string
	}{
		{content.Closed, false, []string{"D1"}, nil},
		{content.Locked, false, nil, []string{"D1"}},
		{content.Closed, true, nil, nil},
	} {
		s := postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "A3"}}, twoHeroes("B1"), DoorStates{"D1": c.door})
		addKeywords(s, "GR", "coward")
		if c.unstoppable {
			addKeywords(s, "GR", "unstoppable")
		}
		out := decide(t, s)
		name := string(c.door)
		if c.unstoppable {
			name += " unstoppable"
		}
		eq(t, name+": opened", changes(out, ChDoorOpened), c.opened...)
		eq(t, name+": unlocked", changes(out, ChDoorUnlocked), c.unlocked...)
		eq(t, name+": moves", changes(out, ChUnitMoved))
	}
}
