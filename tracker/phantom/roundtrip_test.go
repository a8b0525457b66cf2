package phantom

import (
	"fmt"
	"strings"
	"testing"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// undoReplays does cmd and checks its result; then that the stored log,
// reopened, replays to the same state (and the same result), and that
// undo gives back the state before cmd.
func undoReplays(t *testing.T, s *tracker.Session, mem *tracker.MemStore, cmd any, check func(*State) string) {
	t.Helper()
	before := jsonOf(t, st(s))
	do(t, s, cmd)
	if msg := check(st(s)); msg != "" {
		t.Fatalf("%T: %s", cmd, msg)
	}
	after := jsonOf(t, st(s))
	again, err := tracker.Open(mem, Rules{}, s.Campaign().ID)
	if err != nil {
		t.Fatalf("%T: reopening the log: %v", cmd, err)
	}
	if got := jsonOf(t, st(again)); got != after {
		t.Fatalf("%T: the reopened log replays to another state:\n%s\n%s", cmd, got, after)
	}
	if msg := check(st(again)); msg != "" {
		t.Fatalf("%T replayed: %s", cmd, msg)
	}
	if _, err := s.Undo(); err != nil {
		t.Fatalf("%T: undo: %v", cmd, err)
	}
	if got := jsonOf(t, st(s)); got != before {
		t.Fatalf("%T: undo does not give back the state before:\n%s\n%s", cmd, got, before)
	}
	do(t, s, cmd)
}

// §4 Invisible: a heal, a condition and damage naming the acting figure
// are stored with it, replay from the log and undo.
func TestActingFigureUndoesAndReplays(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	do(t, s, startCmd(), CorrectFigure{Figure: "Bo", SetConditions: true, Conditions: []string{"Invisible"}, HP: intp(5)})
	undoReplays(t, s, mem, Heal{Figure: "Bo", N: 2, HealAction: true, By: "Bo"}, func(s *State) string {
		if bo := s.Mission.fig("Bo"); bo.HP != 7 || bo.Bandages != 1 {
			return "Bo healing himself while Invisible: want HP 7 and a bandage, got HP " + jsonOf(t, bo.HP) + " bandages " + jsonOf(t, bo.Bandages)
		}
		return ""
	})
	undoReplays(t, s, mem, Inflict{Figure: "Bo", Condition: "Barrier", By: "Bo"}, func(s *State) string {
		if !s.Mission.fig("Bo").has(phantom.Barrier) {
			return "Bo gave himself Barrier: not held"
		}
		return ""
	})
	undoReplays(t, s, mem, Damage{Figure: "Ana", N: 3, By: "Grallok Berserker 1"}, func(s *State) string {
		if a := s.Mission.fig("Ana"); a.HP != a.MaxHP-3 {
			return "the Berserker's 3 damage to Ana: HP " + jsonOf(t, a.HP)
		}
		return ""
	})
}

// §6.3: a rest turn that drops the conditions the players picked, and an
// attack on it granted by an item, replay from the log and undo.
func TestRestTurnDropAndGrantedAttackUndoAndReplay(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	set := DefaultSettings()
	set.RestRemovesAllDetrimental = false
	do(t, s, ChangeSettings{Settings: set}, startCmd(), MoveFigure{Figure: "Ana", Path: []string{"C-1", "B-1"}},
		BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	// Round 1: Ana plays W1, so round 2 she has a discarded card to rest.
	for n := st(s).Mission.next(); n != ""; n = st(s).Mission.next() {
		switch {
		case n == "Ana":
			do(t, s, StartTurn{Character: n}, PlayCard{Character: n, Card: "W1"}, EndTurn{Character: n})
		case st(s).Mission.fig(n).character():
			do(t, s, StartTurn{Character: n}, EndTurn{Character: n})
		default:
			do(t, s, ResolveAdversaryTurn{Adversary: n}, OverrideAdversaryTurn{Reason: "held still for the test"})
		}
	}
	do(t, s, EndRound{}, BeginRound{}, Rest{Character: "Ana"}, SelectCards{Character: "Bo", Cards: []string{"H1"}},
		DrawAdversaryCards{}, DetermineInitiative{}, CorrectFigure{Figure: "Ana", SetConditions: true, Conditions: []string{"Bleeding", "Weakened"}})
	toTurnOf(t, s, "Ana")
	undoReplays(t, s, mem, StartTurn{Character: "Ana", Drop: []string{"Weakened"}}, func(s *State) string {
		if a := s.Mission.fig("Ana"); strings.Join(a.CondList(), ",") != "Bleeding" || a.HP != a.MaxHP {
			return "Ana dropped Weakened only, and a rest turn takes no Bleeding damage: left " + strings.Join(a.CondList(), ",") + " HP " + jsonOf(t, a.HP)
		}
		return ""
	})
	const adv = "Grallok Berserker 1"
	hp := st(s).Mission.fig(adv).HP
	undoReplays(t, s, mem, Attack{Attacker: "Ana", Target: adv, Roll: "2", Granted: "Flare"}, func(s *State) string {
		if got := s.Mission.fig(adv).HP; got >= hp {
			return "the granted attack did no damage: HP " + jsonOf(t, got)
		}
		return ""
	})
}

// §6.1, V-06: equipment put on at mission setup changes the figure's
// Guard; the change replays from the log and undoes.
func TestEquipInMissionUndoesAndReplays(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	finish(t, s, startCmd(), false)
	do(t, s, CorrectCharacter{Character: "Ana", Nova: intp(10)}, BuyEquipment{Character: "Ana", Equipment: "Helmet"}, startCmd())
	guard := st(s).Mission.fig("Ana").Guard
	undoReplays(t, s, mem, Equip{Character: "Ana", Equipment: "Helmet", Slot: "head"}, func(s *State) string {
		if a := s.Mission.fig("Ana"); a.Guard != guard+1 || a.HP != a.MaxHP {
			return fmt.Sprintf("the Helmet at setup: Guard %d (was %d), HP %d/%d", a.Guard, guard, a.HP, a.MaxHP)
		}
		return ""
	})
}

// §14.3, V-25: a standalone training at tier 4, the highest attachment
// deck, replays from the log (its draws too) and undoes.
func TestTrainingTier4UndoesAndReplays(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	undoReplays(t, s, mem, StandaloneTraining{Tier: 4, Characters: []string{"Ana"}}, func(s *State) string {
		if a := s.Characters["Ana"]; a.Nova != 60 || a.SP != 12 {
			return fmt.Sprintf("tier 4: Ana nova %d SP %d, want 60 and 12", a.Nova, a.SP)
		}
		return ""
	})
}
