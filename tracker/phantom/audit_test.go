package phantom

import (
	"testing"

	"tablekeeper/automa/phantom"
)

// Audit tests: each one pins a rule of the spec (phantom-epoch.md) the
// package got wrong before.

// §6.6, §11.1 step 7: a character defeated during its own turn (start of
// turn damage, a hazard, a correction) is out of the round; the next figure
// takes its turn.
func TestAuditDefeatedInOwnTurnEndsIt(t *testing.T) {
	type row struct {
		name  string
		conds []string
		hp    int
		after []any
	}
	rows := []row{
		{"bleeding at the start", []string{"Bleeding"}, 2, nil},
		{"burning at the start", []string{"Burning"}, 3, nil},
		{"corrected to 0", nil, 5, []any{CorrectFigure{Figure: "Bo", HP: intp(0)}}},
		{"damage", nil, 4, []any{Damage{Figure: "Bo", N: 4}}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			s := withContent(t)
			do(t, s, startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
				CorrectFigure{Figure: "Bo", SetConditions: true, Conditions: r.conds, HP: intp(r.hp)},
				DrawAdversaryCards{}, DetermineInitiative{}, StartTurn{Character: "Bo"})
			do(t, s, r.after...)
			m := st(s).Mission
			if !m.fig("Bo").Defeated {
				t.Fatalf("Bo should be defeated")
			}
			if m.Current != "" || m.next() == "Bo" || m.next() == "" {
				t.Fatalf("the defeated character's turn must end: current %q next %q", m.Current, m.next())
			}
		})
	}
}

var _ = phantom.Frozen
