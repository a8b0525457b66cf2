package reich

import (
	"strings"
	"testing"

	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
)

// Issue 23 item 1, through the campaign: on a map without sight lines the
// table is not asked what the rules summary settles (units "trace LOS … not
// through enemy units, walls, or closed doors"; "areas are adjacent if they
// share an edge not blocked by a wall or closed door"), and an answer it
// gave is remembered while nothing between the two areas changes.

// assistedRaid is the test raid on the test map without its sight lines,
// heroes H1 and H2 in A1, H1's turn begun.
func assistedRaid(t *testing.T) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	lib := testLibrary()
	lib.Maps[0].SightLines = nil
	s, mem := raidOf(t, lib, "H1", "H2")
	return s, mem
}

// noAsk runs cmd and fails if the players are asked anything.
func noAsk(t *testing.T, s *tracker.Session, cmd tracker.Command) tracker.Event {
	t.Helper()
	e, err := s.Do(cmd)
	if err != nil {
		t.Fatalf("%T: %v", cmd, err)
	}
	return e
}

// The two questions: "can heros in area A1 see area B1?" at the
// end of a hero's turn, and "can enemys in area A4 see area B1?" in the
// enemy turn, for areas joined only by closed doors.
func TestClosedDoorsAreNotAskedAbout(t *testing.T) {
	s, mem := assistedRaid(t)
	// A unit behind the closed door D1, the heroes on the other side.
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "GR", Area: "B1"}}})
	do(t, s, Move{Hero: "H1", Path: []string{"A2"}, Basic: true})
	do(t, s, Move{Hero: "H1", Path: []string{"A3"}, Modifiers: 0})
	noAsk(t, s, EndTurn{})
	noAsk(t, s, EnemyTurn{})
	if got := st(s).Mission.Awareness["R2"]; got != 0 {
		t.Fatalf("room R2 raised through a closed door: %v", got)
	}
	replaysSame(t, s, mem, "after the enemy turn")
}

// Answered once, a line of sight is not asked again while nothing between
// changes; undone, the answer goes with the event.
func TestAnAnsweredSightIsRemembered(t *testing.T) {
	s, mem := assistedRaid(t)
	// A Grunt down the corridor from the heroes: A3 and A1 are two areas
	// apart, and only the printed map shows whether a line joins them.
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "GR", Area: "A3"}}})
	noAsk(t, s, EndTurn{})
	na := need(t, s, EnemyTurn{}, "answers.los")
	if na.Sight == nil || na.Sight.Side != "enemy" || strings.Contains(na.Question, "enemys") {
		t.Fatalf("the question: %+v", na)
	}
	a := ai.LOSAnswer{From: na.Sight.From, To: na.Sight.To, Side: na.Sight.Side, See: true, Range: 2}
	do(t, s, EnemyTurn{Answers: ai.Answers{LOS: []ai.LOSAnswer{a}}})
	if got := st(s).Mission.Sightings; len(got) != 1 || got[0].Basis == nil {
		t.Fatalf("remembered: %+v", got)
	}
	replaysSame(t, s, mem, "after the answer")
	// H2's turn and the enemy turn after it: the same line, nothing
	// between changed, not asked.
	noAsk(t, s, EndTurn{})
	noAsk(t, s, EnemyTurn{})
	// Undo takes the answer back with the enemy turn it came with.
	for range 3 {
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if got := st(s).Mission.Sightings; len(got) != 0 {
		t.Fatalf("undone, still remembered: %+v", got)
	}
	need(t, s, EnemyTurn{}, "answers.los")
}
