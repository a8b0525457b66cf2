package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// Issue 23 item 1: an answer the players gave about a line of sight is
// remembered "for as long as nothing between the two areas changed (a door
// opened, a unit moved into the way)".

// shot is an enemy turn after the alarm on the test map without sight
// lines: a Grunt (ranged, range 3) in A3 looks for a hero to shoot in the
// corridor it shares with them.
func shot(heroes []Hero, ans ...LOSAnswer) *Situation {
	s := postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "A3"}}, heroes, nil)
	s.Map.SightLines = nil
	s.Answers.LOS = ans
	return s
}

func asked(t *testing.T, s *Situation) string {
	t.Helper()
	_, err := Decide(s, nil)
	ni := needInput(err)
	if ni == nil {
		t.Fatalf("want a question, got %v", err)
	}
	if ni.Sight == nil || ni.Field != "answers.los" {
		t.Fatalf("the question %q does not say which line of sight it is about", ni.Question)
	}
	return ni.Sight.From + ">" + ni.Sight.To + ":" + ni.Sight.Side
}

func TestASightingHoldsUntilSomethingBetweenChanges(t *testing.T) {
	// Asked once, answered: the Grunt sees A1, two areas away, and shoots.
	if got := asked(t, shot(twoHeroes("A1"))); got != "A3>A1:enemy" {
		t.Fatalf("asked %s", got)
	}
	out := noQuestion(t, shot(twoHeroes("A1"), LOSAnswer{From: "A3", To: "A1", Side: "enemy", See: true, Range: 2}))
	eq(t, "the shot on the answer", attacks(out), "GR:ranged>H1=2")
	if len(out.Sightings) != 1 || out.Sightings[0].Basis == nil || !out.Sightings[0].See {
		t.Fatalf("the answer is not given back to keep: %+v", out.Sightings)
	}
	kept := out.Sightings

	// Given back, it is not asked again while nothing between changed.
	eq(t, "the next turn, not asked", attacks(noQuestion(t, shot(twoHeroes("A1"), kept...))), "GR:ranged>H1=2")
	// A downed hero in A2 blocks nothing (§3.2): it still holds.
	noQuestion(t, shot([]Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A2", Downed: true}}, kept...))
	// A standing hero steps into A2, between them: the answer no longer
	// holds, and the only way from A3 to A1 runs through her, so the
	// Grunt's sight of H1 is settled without asking; it shoots H2.
	eq(t, "a hero in the way", attacks(noQuestion(t, shot([]Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A2"}}, kept...))), "GR:ranged>H2=2")
	// Smoke in A2 blocks the line outright: settled, not asked.
	s := shot(twoHeroes("A1"), kept...)
	s.State.Obscured = []string{"A2"}
	eq(t, "no shot through smoke", attacks(noQuestion(t, s)))

	// "It cannot see" (a pillar the map does not show) holds while nothing
	// that blocked stops blocking; more in the way changes nothing.
	out = noQuestion(t, shot(twoHeroes("A1"), LOSAnswer{From: "A3", To: "A1", Side: "enemy", See: false}))
	no := out.Sightings
	if len(no) != 1 || no[0].See {
		t.Fatalf("kept: %+v", no)
	}
	noQuestion(t, shot(twoHeroes("A1"), no...))
	// A door among the areas open to the Grunt opens: asked again.
	s = shot(twoHeroes("A1"), no...)
	s.State.Doors = DoorStates{"D4": content.Open}
	if got := asked(t, s); got != "A3>A1:enemy" {
		t.Fatalf("after a door opened, asked %s", got)
	}
	// A door far off (behind closed D1) opening changes nothing.
	s = shot(twoHeroes("A1"), no...)
	s.State.Doors = DoorStates{"D2": content.Open}
	noQuestion(t, s)
}

// Within one enemy turn: a door a unit opens is seen through at once (a
// sight the shut door settled is looked at again).
func TestADoorAUnitOpensIsSeenThroughAtOnce(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "d1", Code: "DG", Area: "B2"}, {ID: "g1", Code: "GR", Area: "X1"}}, twoHeroes("A1"), nil)
	s.Map.SightLines = nil
	// X1's Grunt is behind the closed exit door D3: settled without asking.
	// The Dog (no hands) cannot open D1; the Grunt opens D3 as its step
	// and then stands next to the heroes across an open door.
	out := noQuestion(t, s)
	eq(t, "the Grunt opens the door", changes(out, ChDoorOpened), "D3")
	if !strings.Contains(strings.Join(attacks(out), " "), "GR:ranged>") {
		t.Fatalf("the Grunt, now next to the heroes across an open door, does not shoot: %v", attacks(out))
	}
}

// SightHolds on a room two areas wide, where a line from P1 to Q2 may run
// by P2 or by Q1: a blocker in either ends a "sees" answer (the engine
// cannot tell which way the line runs); a blocker beyond reach does not.
//
//	P1 P2 P3
//	Q1 Q2 Q3 -D1- R1
func TestSightHoldsOnlyWhileNothingBetweenChanges(t *testing.T) {
	m := content.Map{Areas: []content.Area{{ID: "P1", Room: "A"}, {ID: "P2", Room: "A"}, {ID: "P3", Room: "A"}, {ID: "Q1", Room: "A"}, {ID: "Q2", Room: "A"}, {ID: "Q3", Room: "A"}, {ID: "R1", Room: "B"}},
		Edges: []content.Edge{{A: "P1", B: "P2"}, {A: "P2", B: "P3"}, {A: "Q1", B: "Q2"}, {A: "Q2", B: "Q3"}, {A: "P1", B: "Q1"}, {A: "P2", B: "Q2"}, {A: "P3", B: "Q3"}, {A: "Q3", B: "R1", Door: "D1"}},
		Doors: []content.Door{{ID: "D1", State: content.Closed}}}
	b, err := board.New(&m)
	if err != nil {
		t.Fatal(err)
	}
	at := func(ids ...string) []bool {
		out := make([]bool, b.Len())
		for _, id := range ids {
			out[b.MustIndex(id)] = true
		}
		return out
	}
	sight := func(door content.DoorState, blocks ...string) board.Sight {
		return board.Sight{Doors: []content.DoorState{door}, Obscured: at(), Blocks: at(blocks...)}
	}
	p1, q2 := b.MustIndex("P1"), b.MustIndex("Q2")
	yes := LOSAnswer{From: "P1", To: "Q2", Side: "hero", See: true, Range: 2, Basis: &SightBasis{Shut: []string{"D1"}}}
	for _, c := range []struct {
		what string
		s    board.Sight
		want bool
	}{
		{"nothing changed", sight(content.Closed), true},
		{"a blocker at an end", sight(content.Closed, "Q2"), true},
		{"a blocker by P2", sight(content.Closed, "P2"), false},
		{"a blocker by Q1", sight(content.Closed, "Q1"), false},
		{"a blocker beyond reach (P3)", sight(content.Closed, "P3"), true},
		{"a door opening far off", sight(content.Open), true},
	} {
		if got := SightHolds(b, yes, c.s, p1, q2); got != c.want {
			t.Errorf("sees, %s: holds %v, want %v", c.what, got, c.want)
		}
	}
	no := LOSAnswer{From: "P1", To: "Q2", Side: "hero", See: false, Basis: &SightBasis{Shut: []string{"D1"}, Blockers: []string{"P3"}}}
	for _, c := range []struct {
		what string
		s    board.Sight
		want bool
	}{
		{"nothing changed", sight(content.Closed, "P3"), true},
		{"more blockers", sight(content.Closed, "P3", "P2"), true},
		{"the blocker left", sight(content.Closed), false},
		{"the door of the room opened", sight(content.Open, "P3"), false},
	} {
		if got := SightHolds(b, no, c.s, p1, q2); got != c.want {
			t.Errorf("cannot see, %s: holds %v, want %v", c.what, got, c.want)
		}
	}
}
