package reich

import (
	"testing"

	"tablekeeper/automa/reich/content"
)

// V-25 / §5.2: a cleared token says no enemies remain in its room. When
// enemy units later come into the room (spawned there, or walking in), the
// token goes, as a change the tracker records, so the room can again be a
// patrol's origin (§7.4.4) and the state stays one the rules allow.
func TestClearedTokenGoesWhenUnitsSpawnIn(t *testing.T) {
	// Barracks spawn into a cleared room (cleared tokens do not stop them).
	s := situation()
	s.State.Phase = PostAlarm
	s.State.Rooms = map[string]*RoomState{"R3": {Cleared: true}}
	s.Resolve = Request{Kind: KindBarracks, Letter: "A", Icons: []content.Level{content.Green}}
	out := decide(t, s)
	eq(t, "units", changes(out, ChUnitPlaced), "GR@C1")
	eq(t, "cleared removed", changes(out, ChClearedRemoved), "R3")
	if r := out.After.Rooms["R3"]; r != nil && r.Cleared {
		t.Errorf("R3 still has its cleared token with a unit in it")
	}
}

func TestClearedTokenGoesWhenUnitWalksIn(t *testing.T) {
	// An alert grunt in R2 (B1) walks into R1 toward the hero; R1 is cleared.
	s := situation()
	s.State.Heroes = []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A1"}}
	s.State.Doors = DoorStates{"D1": content.Open}
	s.State.SpawnTokens = []Token{}
	s.State.Units = []Unit{{ID: "DG-1", Code: "DG", Area: "B1"}}
	s.State.Rooms = map[string]*RoomState{"R1": {Cleared: true}, "R2": {Awareness: content.Alert}}
	s.Resolve = Request{Kind: KindEnemyTurn}
	out := decide(t, s)
	eq(t, "moves", changes(out, ChUnitMoved), "DG-1:B1>A3", "DG-1:A3>A2")
	eq(t, "cleared removed", changes(out, ChClearedRemoved), "R1")
	if r := out.After.Rooms["R1"]; r != nil && r.Cleared {
		t.Errorf("R1 still has its cleared token with a unit in it")
	}
}

// A room cleared and then entered can again be the side a patrol comes
// from (§7.4.4): the token no longer stands in its way.
func TestClearedTokenGoneOpensPatrolOrigin(t *testing.T) {
	s := situation()
	s.State.SpawnTokens = []Token{}
	s.State.Units = []Unit{{ID: "GR-1", Code: "GR", Area: "E1"}}
	// Given a stale table (token and unit together), the engine takes the
	// token away first and says so.
	s.State.Rooms = map[string]*RoomState{"R4": {Cleared: true, Awareness: content.Suspicious}, "R1": {Cleared: true}}
	s.Resolve = Request{Kind: KindNoiseCard, Card: "NP1", Total: 1}
	out := decide(t, s)
	eq(t, "cleared removed", changes(out, ChClearedRemoved), "R4")
	eq(t, "doors", changes(out, ChDoorOpened), "D4")
}

// §7.3 SIGHT (seed: the first time an enemy unit sees a hero, whatever the
// circumstances, its room goes up a level at once): a door opened in the
// end of round phase (the 1–2 player free open/unlock, §5.4 step 0) has no
// phase 4 after it, so the sighting raises the room then and there.
func TestSightInEndOfRoundRaisesAtOnce(t *testing.T) {
	s := situation()
	s.State.During = EndOfRound
	s.State.SpawnTokens = []Token{}
	s.State.Heroes = []Hero{{ID: "H1", Area: "A3"}, {ID: "H2", Area: "A1"}}
	s.State.Units = []Unit{{ID: "GR-1", Code: "GR", Area: "B2"}}
	s.State.Doors = DoorStates{"D1": content.Open}
	s.Resolve = Request{Kind: KindSightCheck, Door: "D1"}
	out := decide(t, s)
	eq(t, "awareness", changes(out, ChAwareness), "R2:suspicious")
}

// In an enemy turn the same sighting waits for phase 4 under the house
// rule sightWaitsForPhase4 (the spec's §7.3 reading).
func TestSightInEnemyTurnWaitsForPhase4(t *testing.T) {
	s := situation()
	s.Settings.SightWaitsForPhase4 = true
	s.State.During = EnemyTurn
	s.State.SpawnTokens = []Token{}
	s.State.Heroes = []Hero{{ID: "H1", Area: "A3"}, {ID: "H2", Area: "A1"}}
	s.State.Units = []Unit{{ID: "GR-1", Code: "GR", Area: "B2"}}
	s.State.Doors = DoorStates{"D1": content.Open}
	s.Resolve = Request{Kind: KindSightCheck, Door: "D1"}
	out := decide(t, s)
	eq(t, "awareness", changes(out, ChAwareness))
}

// By default the same sighting in an enemy turn raises the room at once,
// as in the end of round phase: the summary's "regardless of the
// circumstances" (issue 15 item 9).
func TestSightInEnemyTurnRaisesAtOnce(t *testing.T) {
	s := situation()
	s.State.During = EnemyTurn
	s.State.SpawnTokens = []Token{}
	s.State.Heroes = []Hero{{ID: "H1", Area: "A3"}, {ID: "H2", Area: "A1"}}
	s.State.Units = []Unit{{ID: "GR-1", Code: "GR", Area: "B2"}}
	s.State.Doors = DoorStates{"D1": content.Open}
	s.Resolve = Request{Kind: KindSightCheck, Door: "D1"}
	out := decide(t, s)
	eq(t, "awareness", changes(out, ChAwareness), "R2:suspicious")
}

// A noise card the players name (drawn from the physical deck) that the
// app also holds in its draw pile leaves the pile as it is drawn: after it
// is resolved it sits in the discard only, never in both (§3.1 decks).
func TestNamedNoiseCardLeavesTheDrawPile(t *testing.T) {
	s := situation()
	s.State.SpawnTokens = []Token{}
	s.State.NoiseDeck = &Deck{DrawPile: []string{"NP2", "NP1"}, Discard: []string{}}
	s.Resolve = Request{Kind: KindNoiseCard, Card: "NP1", Total: 1}
	out := decide(t, s)
	d := out.After.NoiseDeck
	eq(t, "draw pile", d.DrawPile, "NP2")
	eq(t, "discard", d.Discard, "NP1")
}
