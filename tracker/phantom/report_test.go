package phantom

import (
	"strings"
	"testing"

	"tablekeeper/tracker"
)

// said does cmd and returns its diary line.
func said(t testing.TB, s *tracker.Session, cmd any) string {
	t.Helper()
	e, err := s.Do(cmd)
	if err != nil {
		t.Fatalf("%T %+v: %v", cmd, cmd, err)
	}
	return s.Describe(e)
}

// What the diary says of attacks and adversary turns: "none" for a
// Stunned adversary's primary target, the figure or object a Block made
// the target named as the one attacked, each tie-breaker said once.

func TestStunnedAdversaryTargetsNone(t *testing.T) {
	s := toTurn(t)
	do(t, s, EndTurn{Character: "Ana"})
	for n := st(s).Mission.next(); n != "" && !strings.HasPrefix(n, "Grallok"); n = st(s).Mission.next() {
		do(t, s, StartTurn{Character: n}, EndTurn{Character: n})
	}
	n := st(s).Mission.next()
	if n == "" {
		t.Skip("no adversary left to act this round")
	}
	do(t, s, CorrectFigure{Figure: n, SetConditions: true, Conditions: []string{"Stunned"}, Reason: "a card stunned it"})
	line := said(t, s, ResolveAdversaryTurn{Adversary: n})
	p := st(s).Mission.Pending
	if p.Turn.PrimaryTarget != "none" {
		t.Fatalf("a Stunned adversary's primary target reads %q, want none", p.Turn.PrimaryTarget)
	}
	if !strings.Contains(line, n+" targets none") {
		t.Fatalf("diary: %s", line)
	}
	for _, l := range p.Trace {
		if strings.Contains(l, "tie-break: tie-breaker") {
			t.Fatalf("a tie-breaker said twice: %s", l)
		}
	}
}

// RB p.36: on a Block the blocker "becomes the new target": the diary
// names it as the one attacked and says whom the attack was aimed at.
func TestBlockedAttackLineNamesTheBlocker(t *testing.T) {
	s := toTurn(t)
	line := said(t, s, Attack{Attacker: "Ana", Target: "Grallok Berserker 2", Roll: "2", Range: 5, Accuracy: []string{"block"}, BlockedBy: "Grallok Berserker 1"})
	if !strings.HasPrefix(line, "Ana attacks Grallok Berserker 1 ") || !strings.Contains(line, "aimed at Grallok Berserker 2, blocked by Grallok Berserker 1") {
		t.Fatalf("diary: %s", line)
	}
	if hp := st(s).Mission.fig("Grallok Berserker 1").HP; hp != 6-2 {
		t.Fatalf("the blocker took the hit: HP %d, want 4", hp)
	}
}

// RB p.27: the first targeting criterion counts the action's range; the
// house rule "targetWithBaseRange" keeps the Description card's range
// everywhere. The setting is off by default, reaches the adversary
// engine, is logged, replays and undoes.
func TestTargetWithBaseRangeSetting(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	if DefaultSettings().TargetWithBaseRange {
		t.Fatal("the house rule is off by default: the rulebook counts the action's range")
	}
	set := DefaultSettings()
	set.TargetWithBaseRange = true
	undoReplays(t, s, mem, ChangeSettings{Settings: set}, func(st *State) string {
		if !st.Settings.TargetWithBaseRange {
			return "the house rule is not on"
		}
		return ""
	})
	if line := s.Describe(mustLast(t, s)); line != "Settings changed: House rule: an adversary looking for an enemy already in range (Rulebook p.27) — It counts only the range on its Description card, even if its attack this round reaches farther." {
		t.Fatalf("diary: %q", line)
	}
	do(t, s, startCmd())
	sit, err := st(s).situation("target", "Grallok Berserker 1", nil, nil)
	if err != nil || !sit.Options.TargetWithBaseRange {
		t.Fatalf("the engine is not told the house rule: %v %+v", err, sit.Options)
	}
}

// mustLast is the last event in effect.
func mustLast(t testing.TB, s *tracker.Session) tracker.Event {
	t.Helper()
	var last tracker.Event
	_ = s.Events(s.LastSeq(), func(e tracker.Event) error { last = e; return nil })
	return last
}
