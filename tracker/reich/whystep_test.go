package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// Issue 23 item 3: the Why names the step whose change the decision's card
// shows, not the step before it. The card shows first the units placed,
// then moved, removed, the spawn tokens placed, the attacks, then the
// rest (an awareness that rose, the round marker).
func shownStep(t *testing.T, e tracker.Event) string {
	t.Helper()
	var p Payload
	if err := e.Decode(&p); err != nil {
		t.Fatal(err)
	}
	if p.Enemy == nil || p.Enemy.Step < 1 || p.Enemy.Step > len(p.Trace) {
		t.Fatalf("the decision names no step: %+v", p.Enemy)
	}
	l := p.Trace[p.Enemy.Step-1]
	return l.Text + " → " + l.Result
}

func TestTheWhyNamesTheStepWhoseChangeIsShown(t *testing.T) {
	// A spawn token triggered: its units placed are what the card shows
	// (the rules summary: "resolve the spawn card ... place the units").
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	e := do(t, s, TriggerToken{Token: "T1"})
	if got := shownStep(t, e); !strings.Contains(got, "placed in area B2") {
		t.Fatalf("a spawn's Why names %q", got)
	}
	// An enemy turn whose only change is a room going up in phase 4
	// ("CHECK AWARENESS! If 1 or more heroes are in LOS of 1 or more enemy
	// units, raise the awareness level"): the step that raised it, not the
	// last step with a result before it.
	s = raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "GR", Area: "A2"}}})
	do(t, s, EndTurn{})
	e = do(t, s, EnemyTurn{})
	if got := shownStep(t, e); !strings.Contains(got, "awareness") || !strings.Contains(got, "→ suspicious") {
		t.Fatalf("the enemy turn's Why names %q", got)
	}
	// An attack: the step of the attack itself.
	do(t, s, Override{Reason: "test", Awareness: map[string]content.Awareness{"R1": content.Alert}})
	do(t, s, EndTurn{})
	e = do(t, s, EnemyTurn{})
	if got := shownStep(t, e); !strings.Contains(got, "attack") || !strings.Contains(got, "H2") {
		t.Fatalf("the attack's Why names %q", got)
	}
}
