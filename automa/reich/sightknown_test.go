package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
)

// Issue 23 item 1. The rules summary settles sight through closed doors:
// units "trace LOS in any of the 4 cardinal directions through friendly
// units and any tokens but not through enemy units, walls, or closed
// doors"; "rooms and corridors are separated by black walls which … block
// LOS"; "areas are adjacent if they share an edge not blocked by a wall or
// closed door". So on a map without sight lines (assisted mode) two areas
// whose every connection is a wall or a closed door cannot see each other,
// and the engine knows it without asking the table.

// assisted is the test map without its sight lines, before the alarm.
func assisted() *Situation {
	s := situation()
	s.Map.SightLines = nil
	return s
}

func noQuestion(t *testing.T, s *Situation) *Outcome {
	t.Helper()
	out, err := Decide(s, nil)
	if ni := needInput(err); ni != nil {
		t.Fatalf("the table is asked %q; the rules already settle it", ni.Question)
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// At the end of a hero's turn the heroes in A1 look for spawn tokens and
// room features: every one lies behind a closed or locked door (T1 in B2
// behind D1, T2 in E1 behind D4, T3 in C1 behind D1 and the locked D2,
// the room feature in F1 behind D5), so none is seen and none spawns.
func TestClosedDoorsSettleSightAtTheEndOfAHerosTurn(t *testing.T) {
	s := assisted()
	s.Resolve = Request{Kind: KindSightCheck, Hero: "H1", EndOfTurn: true}
	out := noQuestion(t, s)
	eq(t, "placed", changes(out, ChUnitPlaced))
	// A hero in A3 with D1 open is next to B1 across an open door: that
	// is settled too (adjacent areas see each other); B2, two areas on,
	// is for the table (a straight line may or may not join them), and
	// the answer decides whether T1 spawns.
	s = assisted()
	s.State.Heroes = twoHeroes("A3")
	s.State.Doors = DoorStates{"D1": content.Open}
	s.Resolve = Request{Kind: KindSightCheck, Hero: "H1", EndOfTurn: true}
	ni := needInput(decideErr(t, s))
	if ni == nil || !strings.Contains(ni.Question, "area A3") || !strings.Contains(ni.Question, "area B2") {
		t.Fatalf("want the table asked whether A3 sees B2, got %+v", ni)
	}
	s.Answers.LOS = []LOSAnswer{{From: "A3", To: "B2", See: true, Range: 2}}
	out = noQuestion(t, s)
	if got := changes(out, ChUnitPlaced); len(got) == 0 {
		t.Fatal("token T1, seen, spawns nothing")
	}
}

// In the enemy turn a unit in B1 and the heroes in A3 are joined only by
// the closed door D1: phase 4 finds no sighting without asking.
func TestClosedDoorsSettleSightInTheEnemyTurn(t *testing.T) {
	s := assisted()
	s.State.During = EnemyTurn
	s.State.Heroes = twoHeroes("A3")
	s.State.Units = []Unit{{ID: "g1", Code: "GR", Area: "B1"}}
	s.Resolve = Request{Kind: KindEnemyTurn}
	out := noQuestion(t, s)
	if roomLevel(out, "R2") != content.AtEase {
		t.Fatalf("room R2 raised to %v through a closed door", roomLevel(out, "R2"))
	}
	// The same with the door locked, and after the alarm (a ranged unit
	// looking for a hero to shoot through the locked door).
	s = postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "B2"}}, twoHeroes("A3"), DoorStates{"D1": content.Locked})
	s.Map.SightLines = nil
	out = noQuestion(t, s)
	eq(t, "no shot through a locked door", attacks(out))
}

// A room already alert needs no sighting question: its awareness cannot
// go up, so whether its units see a hero changes nothing (the Scientist
// never activates, so nothing else needs its sight).
func TestNoSightingQuestionForAnAlertRoom(t *testing.T) {
	s := assisted()
	s.State.During = EnemyTurn
	s.State.SpawnTokens = []Token{}
	s.State.Doors = DoorStates{"D1": content.Open}
	s.State.Rooms = map[string]*RoomState{"R2": {Awareness: content.Alert}}
	s.State.Units = []Unit{{ID: "s1", Code: "WH", Area: "B1"}}
	s.Resolve = Request{Kind: KindEnemyTurn}
	noQuestion(t, s)
	// At ease, the same sight can raise the room: then it is asked.
	s.State.Rooms = nil
	if ni := needInput(decideErr(t, s)); ni == nil || !strings.Contains(ni.Question, "area B1") {
		t.Fatalf("an at-ease room's sighting is not asked: %+v", ni)
	}
}

// A ranged unit whose every way to a hero is longer than its range needs
// no question about sight: it cannot shoot from there whatever the answer,
// so it moves, and the table is asked only where the answer matters.
func TestNoSightQuestionBeyondRange(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "B2"}}, twoHeroes("A1"), DoorStates{"D1": content.Open})
	s.Map.SightLines = nil
	ni := needInput(decideErr(t, s))
	if ni == nil || !strings.Contains(ni.Question, "area B1") || strings.Contains(ni.Question, "area B2") {
		t.Fatalf("want the table asked about B1, where the unit stands after its step (B2 is 4 areas away, its range 3), got %+v", ni)
	}
}
