package phantom

import (
	"strings"
	"testing"

	pa "tablekeeper/assets/phantom"
	"tablekeeper/tracker"
)

// TestPracticeContentPassesTheChecks: the shipped practice set is read by
// the same parser and checks as a group's own file, has nothing wrong, is
// marked as practice, and holds what the issue asks for: about 30 spaces
// with walls, a hazard and a destructible object; two adversary types
// with their species and class cards; two character species and classes
// with ten starting cards each; the dice; one mission using them.
func TestPracticeContentPassesTheChecks(t *testing.T) {
	set, err := ReadContentFile(pa.Practice)
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Err(); err != nil {
		t.Fatalf("the practice content has problems:\n%v", err)
	}
	c := set.Content
	if !set.Practice || !strings.Contains(set.Title, "not the printed cards") {
		t.Fatalf("the practice set is not labelled: %q practice=%v", set.Title, set.Practice)
	}
	if len(c.Adversaries) != 2 || len(c.Species) != 2 || len(c.Classes) != 2 || len(c.Missions) != 1 {
		t.Fatalf("adversaries %d, species %d, classes %d, missions %d", len(c.Adversaries), len(c.Species), len(c.Classes), len(c.Missions))
	}
	for _, at := range c.Adversaries {
		sp, cl := 0, 0
		for _, x := range c.SpeciesCards {
			if x.Species == at.Species {
				sp++
			}
		}
		for _, x := range c.ClassCards {
			if x.Class == at.Class {
				cl++
			}
		}
		if sp == 0 || cl == 0 {
			t.Errorf("%s: %d species cards, %d class cards", at.Name, sp, cl)
		}
	}
	for _, cb := range c.Classes {
		if len(cb.Starting) != MissionCards {
			t.Errorf("%s has %d starting cards", cb.Name, len(cb.Starting))
		}
		for _, id := range append(append([]string{}, cb.StartingAttachments...), cb.StartingItems...) {
			_, a := c.Attachments[id]
			_, i := c.Items[id]
			if !a && !i {
				t.Errorf("%s: %q is not in the set", cb.Name, id)
			}
		}
	}
	mi := c.Missions[PracticeMission]
	m, err := set.mapOf(mi.Map)
	if err != nil {
		t.Fatal(err)
	}
	l := m.Layout()
	var walls, hazards, objects, entries int
	walls = len(l.Walls)
	for _, sp := range l.Spaces {
		if sp.HasHazard() {
			hazards++
		}
		if sp.Object == "destructible" {
			objects++
		}
		if sp.EntryPoint {
			entries++
		}
	}
	if n := len(l.Spaces); n < 25 || n > 36 || walls == 0 || hazards == 0 || objects == 0 || entries < 2 {
		t.Fatalf("map: %d spaces, %d walls, %d hazards, %d destructible objects, %d entry points", n, walls, hazards, objects, entries)
	}
	if len(c.DecisionDie) != 8 || len(c.AttackDice["basic"]) == 0 || len(c.AttackDice["accuracy"]) == 0 {
		t.Fatalf("dice: %+v %+v", c.DecisionDie, c.AttackDice)
	}
}

// TestPracticeGamePlaysItsFirstRound plays the practice game's first full
// round through the tracker and the engine: the practice commands set the
// mission up (round 1 begun, cards selected), then the adversary cards,
// the turn order (the adversaries first), every adversary's turn resolved
// by the engine and confirmed, each character's turn with a card played,
// and the end of the round. The log then replays to the same state, and
// undo takes the last step back.
func TestPracticeGamePlaysItsFirstRound(t *testing.T) {
	s, mem := newSession(t)
	cmds, err := PracticeCommands()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		do(t, s, c)
	}
	m := st(s).Mission
	if m == nil || m.ID != PracticeMission || m.Round != 1 || m.Phase != "select" {
		t.Fatalf("after the practice commands: %+v", m)
	}
	if !st(s).Content.Practice {
		t.Fatal("the campaign's content is not marked as practice")
	}
	adversaries := 0
	for _, f := range m.Figures {
		if f.Side == "adversary" {
			adversaries++
		}
	}
	if adversaries != 2 {
		t.Fatalf("%d adversaries placed for two characters (the 3-4 icon must not place)", adversaries)
	}
	do(t, s, DrawAdversaryCards{}, DetermineInitiative{})
	m = st(s).Mission
	if f := m.fig(m.next()); f == nil || f.character() {
		t.Fatalf("the first turn is not an adversary's: order %v", m.Order)
	}
	decisions := 0
	for n := m.next(); n != ""; n = st(s).Mission.next() {
		f := st(s).Mission.fig(n)
		if f.character() {
			do(t, s, StartTurn{Character: n})
			card := st(s).Mission.fig(n).Selected[0]
			do(t, s, PlayCard{Character: n, Card: card}, EndTurn{Character: n})
			continue
		}
		do(t, s, ResolveAdversaryTurn{Adversary: n})
		p := st(s).Mission.Pending
		if p == nil || p.Turn.Stopped != "" || len(p.Trace) == 0 || p.Turn.PrimaryTarget == "" {
			t.Fatalf("%s: no whole decision with its reasons: %+v", n, p)
		}
		decisions++
		do(t, s, ConfirmAdversaryTurn{})
	}
	do(t, s, EndRound{})
	if m = st(s).Mission; m.Phase != "end" || m.Round != 1 || decisions != 2 {
		t.Fatalf("after round 1: phase %s, round %d, %d adversary decisions", m.Phase, m.Round, decisions)
	}
	again, err := tracker.Open(mem, Rules{}, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := jsonOf(t, st(s)), jsonOf(t, st(again)); a != b {
		t.Fatal("the practice game does not replay from its log to the same state")
	}
	if _, err := s.Undo(); err != nil || st(s).Mission.Phase != "turns" {
		t.Fatalf("undo the end of the round: %v", err)
	}
}
