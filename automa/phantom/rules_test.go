package phantom

import (
	"strings"
	"testing"
)

// Table tests of the adversary rules, one rule (or tie-breaker) per case.

func events(t Turn, kind string) []Event {
	var out []Event
	for _, e := range t.Events {
		switch {
		case kind == "attack" && e.Attack != nil,
			kind == "move" && e.Movement != nil,
			kind == "note" && e.Note != "":
			out = append(out, e)
		}
	}
	return out
}

func conds(t Turn, name string) string {
	for _, f := range t.Figures {
		if f.Name == name {
			return strings.Join(f.Conditions, ",")
		}
	}
	return ""
}

func TestTargetCriteria(t *testing.T) {
	type setup func(sc *scene)
	cases := []struct {
		name  string
		f     Face
		rows  []string
		rng   int
		leap  int
		build setup
		want  string
	}{
		{"step 1: closest in range wins over the die colour", face(Red, North, East), nil, 3, 0, func(sc *scene) {
			sc.char("Near", Yellow, "D3")
			sc.char("Red", Red, "F3")
		}, "Near"},
		{"step 1: ties go to the die colour", face(Red, North, East), nil, 3, 0, func(sc *scene) {
			sc.char("Yellow", Yellow, "E3")
			sc.char("Red", Red, "A3")
		}, "Red"},
		{"Invisible enemies are ignored", face(Red, North, East), nil, 3, 0, func(sc *scene) {
			sc.char("Near", Yellow, "D3").Conditions = []string{"Invisible"}
			sc.char("Far", Red, "G3")
		}, "Far"},
		{"override names a target", face(Red, North, East), nil, 3, 0, func(sc *scene) {
			sc.char("Near", Yellow, "D3")
			sc.char("Named", DarkBlue, "G5")
			sc.s.PrimaryTarget = "Named"
		}, "Named"},
		{"override target Invisible: normal targeting (A-27)", face(Red, North, East), nil, 3, 0, func(sc *scene) {
			sc.char("Near", Yellow, "D3")
			sc.char("Named", DarkBlue, "G5").Conditions = []string{"Invisible"}
			sc.s.PrimaryTarget = "Named"
		}, "Near"},
		{"adversaries made enemies of each other", face(Red, North, East), nil, 3, 0, func(sc *scene) {
			sc.adv("Rival", "Raider", Yellow, "D3")
			sc.char("Far", Red, "G5")
			sc.s.Enemies = [][2]string{{"Me", "Rival"}}
		}, "Rival"},
		{"no enemies at all: none", face(Red, North, East), nil, 3, 0, func(sc *scene) {}, "none"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ms := grid(8, 6, nil)
			if c.rows != nil {
				ms = mapSpec{rows: c.rows}
			}
			sc := newScene(t, ms, c.f)
			sc.typ("Raider", c.rng, moveCard(3), allRows(attackCard(2))...)
			sc.adv("Me", "Raider", Red, "C3")
			c.build(sc)
			if got, tr := sc.target("Me", c.leap); got != c.want {
				t.Fatalf("got %s, want %s\n%s", got, c.want, tr)
			}
		})
	}
}

// §8.6 step 2 tie-breaker 1: at equal MP the enemy that needs no hazard.
func TestTargetHazardTieBreak(t *testing.T) {
	ms := mapSpec{rows: []string{
		". F . .",
		" . _ _ _",
		". . . .",
	}}
	// Me on A2 (range 1). Top: A2→A1? No: A2 is odd-row col 0, next to A1,
	// B1 (fire), A3, B3. Red on C1: reached via B1 (fire) in 1 MP to stand
	// next to it... B1 is the only space next to C1 reachable in 1 MP, and
	// it is a hazard. Yellow on C3: B3 is next to it, 1 MP, no hazard.
	sc := newScene(t, ms, face(Red, North, East))
	sc.typ("Raider", 1, moveCard(3), allRows(attackCard(2))...)
	sc.adv("Me", "Raider", DarkBlue, "A2")
	sc.char("Red", Red, "C1")
	sc.char("Yellow", Yellow, "C3")
	got, tr := sc.target("Me", 0)
	if got != "Yellow" || !strings.Contains(tr.String(), "hazard-free") {
		t.Fatalf("got %s, want Yellow by the hazard tie-breaker\n%s", got, tr)
	}
}

// §8.6.5: a Leap on the turn counts when working out MP to targets.
func TestTargetLeapContext(t *testing.T) {
	ms := mapSpec{rows: []string{
		". . g g . .",
	}}
	sc := newScene(t, ms, face(Red, North, East))
	sc.typ("Raider", 1, moveCard(3), allRows(attackCard(2))...)
	sc.adv("Me", "Raider", DarkBlue, "B1")
	sc.char("Over", Red, "F1")
	if got, tr := sc.target("Me", 0); got != "none" {
		t.Fatalf("without a Leap the gap stops it: %s\n%s", got, tr)
	}
	if got, tr := sc.target("Me", 3); got != "Over" {
		t.Fatalf("with Leap 3 it can reach: %s\n%s", got, tr)
	}
}

// §8.6 step 3 tie-breaker 1: an object that can be attacked without
// entering a hazard wins over one that needs a hazard.
func TestTargetObjectHazardTieBreak(t *testing.T) {
	ms := mapSpec{rows: []string{
		". F O . .",
		" . _ _ _ .",
		". . O . .",
	}}
	sc := newScene(t, ms, face(Red, North, East))
	sc.typ("Raider", 1, moveCard(3), allRows(attackCard(2))...)
	sc.adv("Me", "Raider", DarkBlue, "A2")
	sc.char("Far", Red, "E2")
	got, tr := sc.target("Me", 0)
	if got != "object on C3" {
		t.Fatalf("got %s, want the object on C3 (C1 needs the fire on B1)\n%s", got, tr)
	}
}

func TestMoveRules(t *testing.T) {
	// Allies can be passed, enemies cannot; a Move never ends on a figure.
	ms := mapSpec{rows: []string{
		". . . . . .",
		" _ _ _ _ _ _",
	}}
	sc := newScene(t, ms, face(Red, North, East))
	sc.typ("Raider", 1, moveCard(4), allRows(Card{AP: 1})...)
	sc.adv("Me", "Raider", DarkBlue, "A1")
	sc.adv("Pal", "Raider", Red, "B1")
	sc.char("Foe", Red, "E1")
	turn, tr := sc.turn("Me")
	if turn.End != "D1" || strings.Join(events(turn, "move")[0].Movement.Path, " ") != "B1 C1 D1" {
		t.Fatalf("through the ally to D1: %+v\n%s", events(turn, "move")[0].Movement, tr)
	}
	// Difficult terrain costs 2 for a Move, 1 for a Leap.
	ms = mapSpec{rows: []string{". d d . . ."}}
	for _, c := range []struct {
		kind ActionKind
		want string
	}{{ActMove, "B1"}, {ActLeap, "D1"}} {
		sc = newScene(t, ms, face(Red, North, East))
		sc.typ("Raider", 1, Card{AP: 3, Actions: []Action{{Kind: c.kind, Value: 3}}}, allRows(Card{AP: 1})...)
		sc.adv("Me", "Raider", DarkBlue, "A1")
		sc.char("Foe", Red, "F1")
		turn, tr := sc.turn("Me")
		if turn.End != c.want {
			t.Errorf("%s 3 over difficult terrain ended on %s, want %s\n%s", c.kind, turn.End, c.want, tr)
		}
	}
	// A closed door is a wall to adversaries; an open one is a space.
	for _, c := range []struct {
		door, want string
	}{{"C", "none"}, {"U", "Foe"}} {
		sc = newScene(t, mapSpec{rows: []string{". . . " + c.door + " . ."}}, face(Red, North, East))
		sc.typ("Raider", 1, moveCard(3), allRows(Card{AP: 1})...)
		sc.adv("Me", "Raider", DarkBlue, "A1")
		sc.char("Foe", Red, "F1")
		if got, tr := sc.target("Me", 0); got != c.want {
			t.Errorf("door %s: target %s, want %s\n%s", c.door, got, c.want, tr)
		}
	}
	// Orb spaces cannot be entered or stood on.
	sc = newScene(t, mapSpec{rows: []string{". o . ."}}, face(Red, North, East))
	sc.typ("Raider", 1, moveCard(3), allRows(Card{AP: 1})...)
	sc.adv("Me", "Raider", DarkBlue, "A1")
	sc.char("Foe", Red, "D1")
	if got, tr := sc.target("Me", 0); got != "none" {
		t.Errorf("orb: target %s, want none\n%s", got, tr)
	}
}

// §8.7 tie-breaker 1: among otherwise equal end spaces, one without a
// hazard; hazards are allowed here because the target cannot be reached
// any other way.
func TestMoveHazardFreeTieBreak(t *testing.T) {
	// Me on A1 can only leave through the fire on B1, so hazards are
	// allowed (§8.7 step 3 condition 1). D1 (fire, 3 MP) and D2 (4 MP) are
	// both next to the target: the hazard-free one wins before "closest".
	ms := mapSpec{rows: []string{
		". F . F .",
		" _ _ . . .",
	}}
	sc := newScene(t, ms, face(Red, North, East))
	sc.typ("Raider", 1, moveCard(4), allRows(Card{AP: 1})...)
	sc.adv("Me", "Raider", DarkBlue, "A1")
	sc.char("Foe", Red, "E1")
	turn, tr := sc.turn("Me")
	if turn.End != "D2" || !strings.Contains(tr.String(), "(tie-break: tie-breaker 1: hazard-free) → 1 space left") {
		t.Fatalf("ended on %s, want D2 by the hazard-free tie-breaker\n%s", turn.End, tr)
	}
}
