package phantom

import (
	"strings"
	"testing"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// toTurn sets up round 1 with Ana next to Grallok Berserker 1 and plays
// every turn before hers (adversaries overridden to stay put).
func toTurn(t *testing.T, setup ...any) *tracker.Session {
	t.Helper()
	s := withContent(t)
	do(t, s, startCmd(), MoveFigure{Figure: "Ana", Path: []string{"C-1", "B-1"}})
	do(t, s, setup...)
	do(t, s, BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1", "W2"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	for {
		m := st(s).Mission
		n := m.next()
		if n == "Ana" {
			break
		}
		if m.fig(n).character() {
			do(t, s, StartTurn{Character: n}, EndTurn{Character: n})
			continue
		}
		do(t, s, ResolveAdversaryTurn{Adversary: n}, OverrideAdversaryTurn{Reason: "held still for the test"})
	}
	do(t, s, StartTurn{Character: "Ana"})
	return s
}

func TestAttackNumbers(t *testing.T) {
	// The worked tables of §7.3 (RB p.20–21).
	rows := []struct {
		roll       string
		mod, guard int
		pierce     int
		vulnerable bool
		weakened   bool
		damage     int
	}{
		{"2", 1, 2, 0, false, false, 1},    // 3 vs 2
		{"2", 1, 4, 0, false, false, 0},    // 3 vs 4
		{"2", 1, 1, 0, true, false, 4},     // 3 vs -1
		{"1", 0, -1, 0, true, true, 2},     // -1 vs -3
		{"2", 1, 3, 2, false, false, 2},    // Guard 3 Pierce 2 → 1
		{"crit", 0, 3, 0, false, false, 3}, // a crit pierces all positive Guard
		{"crit", 0, 1, 0, true, false, 4},  // negative Guard stays
		{"2", 1, 1, 2, false, false, 3},    // Guard 1 Pierce 2 → 0
	}
	for i, r := range rows {
		conds := []string{}
		if r.vulnerable {
			conds = append(conds, "Vulnerable")
		}
		s := toTurn(t, CorrectFigure{Figure: "Grallok Berserker 1", Guard: intp(r.guard), SetConditions: true, Conditions: conds})
		if r.weakened {
			do(t, s, Inflict{Figure: "Ana", Condition: "Weakened"})
		}
		hp := st(s).Mission.fig("Grallok Berserker 1").HP
		do(t, s, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: r.roll, Modifier: r.mod, Pierce: r.pierce})
		if got := hp - st(s).Mission.fig("Grallok Berserker 1").HP; got != r.damage {
			t.Errorf("row %d: %d damage, want %d", i, got, r.damage)
		}
	}
}

func TestAttackRules(t *testing.T) {
	rows := []struct {
		name  string
		setup []any
		cmd   Attack
		rule  string
	}{
		{"an ally", nil, Attack{Attacker: "Ana", Target: "Bo", Roll: "1"}, "V-13"},
		{"out of range", nil, Attack{Attacker: "Ana", Target: "Grallok Berserker 2", Roll: "1"}, "V-13"},
		{"range +5 reaches", nil, Attack{Attacker: "Ana", Target: "Grallok Berserker 2", Roll: "1", RangeModifier: 5}, ""},
		{"explicit range 2 does not", nil, Attack{Attacker: "Ana", Target: "Grallok Berserker 2", Roll: "1", Range: 2}, "V-13"},
		{"not a face", nil, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "9"}, "V-22"},
		{"blitz face", nil, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "5", Die: "blitz"}, ""},
		{"Knocked Down", []any{Inflict{Figure: "Ana", Condition: "Knocked Down"}}, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "1"}, "V-13"},
		{"Invisible target", []any{Inflict{Figure: "Grallok Berserker 1", Condition: "Invisible"}}, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "1"}, "V-13"},
		{"Blinded without a roll", []any{Inflict{Figure: "Ana", Condition: "Blinded"}}, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "1"}, "§4"},
		{"no object there", nil, Attack{Attacker: "Ana", Space: "A-1", Roll: "1"}, "V-13"},
		{"object out of range", nil, Attack{Attacker: "Ana", Space: "B-3", Roll: "1"}, "V-13"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			s := toTurn(t)
			do(t, s, r.setup...)
			if r.rule == "" {
				do(t, s, r.cmd)
				return
			}
			refused(t, s, r.cmd, r.rule)
		})
	}
}

func TestAttackTurnFlags(t *testing.T) {
	s := toTurn(t)
	do(t, s, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "fumble"})
	refused(t, s, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "1"}, "V-13")

	s = toTurn(t)
	do(t, s, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "1"})
	refused(t, s, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "1", Converted: true}, "V-13")

	s = toTurn(t, Inflict{Figure: "Ana", Condition: "Invisible"})
	do(t, s, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "1", Converted: true})
	if st(s).Mission.fig("Ana").has(phantom.Invisible) {
		t.Fatal("attacking ends Invisible (§7.3 step 9)")
	}
	refused(t, s, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "1"}, "V-13")

	// Blinded: only a Success lets the attack go on.
	s = toTurn(t, Inflict{Figure: "Ana", Condition: "Blinded"})
	e, err := s.Do(Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "3", Blinded: "block"})
	if err != nil || !strings.Contains(s.Describe(e), "fails") || st(s).Mission.fig("Grallok Berserker 1").HP != 6 {
		t.Fatalf("%v %q", err, s.Describe(e))
	}
}

func TestAttackConditionsAndObjects(t *testing.T) {
	s := toTurn(t, Inflict{Figure: "Grallok Berserker 1", Condition: "Resilient"})
	do(t, s, Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "3", Inflict: []string{"Bleeding", "Burning"}})
	f := st(s).Mission.fig("Grallok Berserker 1")
	if f.HP != 3 || jsonOf(t, f.CondList()) != `["Burning"]` {
		t.Fatalf("Resilient absorbs the first condition: HP %d %v", f.HP, f.CondList())
	}
	// A hit with no damage is not a success: no conditions.
	do(t, s, CorrectFigure{Figure: "Grallok Berserker 1", Guard: intp(5)},
		Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "1", Inflict: []string{"Weakened"}})
	if st(s).Mission.fig("Grallok Berserker 1").has(phantom.Weakened) {
		t.Fatal("a failed attack inflicts nothing")
	}
	// Objects: any damage lowers the state one step.
	s = toTurn(t, MoveFigure{Figure: "Ana", Path: []string{"B-2"}})
	do(t, s, Attack{Attacker: "Ana", Space: "B-3", Roll: "3", Modifier: 5})
	hm, _ := st(s).liveMap()
	if sp, _ := hm.Space("B-3"); sp.ObjectState != "damaged" {
		t.Fatalf("object %q", sp.ObjectState)
	}
}

func TestVengefulReaction(t *testing.T) {
	s := toTurn(t, Inflict{Figure: "Grallok Berserker 1", Condition: "Vengeful"})
	e, _ := s.Do(Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "1"})
	if !strings.Contains(s.Describe(e), "Vengeful") {
		t.Fatalf("the diary should prompt for the reaction: %q", s.Describe(e))
	}
	do(t, s, ResolveReaction{Adversary: "Grallok Berserker 1", Attacker: "Ana", Melee: true})
	refused(t, s, EndTurn{Character: "Ana"}, "§8.4")
	do(t, s, ConfirmAdversaryTurn{})
	m := st(s).Mission
	if m.Current != "Ana" || m.fig("Grallok Berserker 1").has(phantom.Vengeful) {
		t.Fatalf("after the strike-back Ana's turn goes on and Vengeful is spent: current %q, %v", m.Current, m.fig("Grallok Berserker 1").CondList())
	}
	do(t, s, EndTurn{Character: "Ana"})
}
