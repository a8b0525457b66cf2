package phantom

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// Issue 15 item 13: what is recorded while an adversary's worked-out turn
// waits for the players' confirmation is carried through it — a condition
// inflicted, damage dealt, a heal, a figure moved or a space corrected by
// hand — never overwritten by the turn's proposal.

const waiter = "Grallok Berserker 1"

// waitingTurn is round 1 up to the Berserker on A-2's turn, worked out and
// waiting: Ana (HP hp) stands next to it on B-1 and it attacks her with a
// 3. fixes are done before the turn is worked out.
func waitingTurn(t *testing.T, hp int, fixes ...any) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	do(t, s, startCmd(), MoveFigure{Figure: "Ana", Path: []string{"C-1", "B-1"}}, CorrectFigure{Figure: "Ana", HP: &hp},
		BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	toTurnOf(t, s, waiter)
	do(t, s, fixes...)
	do(t, s, ResolveAdversaryTurn{Adversary: waiter, Attack: []string{"3"}})
	p := st(s).Mission.Pending
	if p == nil || p.Turn.Stopped != "" || !strings.Contains(turnSummary(p.Turn), "attacks Ana") {
		t.Fatalf("the Berserker should attack Ana: %+v", p)
	}
	return s, mem
}

// proposed is the HP the waiting turn gives a figure.
func proposed(t *testing.T, s *tracker.Session, name string) phantom.FigureState {
	t.Helper()
	for _, fs := range st(s).Mission.Pending.Turn.Figures {
		if fs.Name == name {
			return fs
		}
	}
	t.Fatalf("the turn says nothing of %s", name)
	return phantom.FigureState{}
}

// RB p.50: "A figure is Frozen during their turn. There is no immediate
// effect … Frozen is not removed at the end of the current turn … The next
// round their turn will be fully affected by it, and then it will be
// removed."
func TestFrozenWhileItsTurnWaitsIsKept(t *testing.T) {
	s, mem := waitingTurn(t, 10)
	do(t, s, Inflict{Figure: waiter, Condition: "Frozen", By: "Ana"})
	ana := proposed(t, s, "Ana").HP
	undoReplays(t, s, mem, ConfirmAdversaryTurn{}, func(st *State) string {
		m := st.Mission
		if !m.fig(waiter).has(phantom.Frozen) {
			return "the Frozen inflicted while its turn waited was dropped by the confirmation"
		}
		if m.fig("Ana").HP != ana {
			return "the turn's attack on Ana was not applied"
		}
		if !contains(m.Acted, waiter) || m.Current != "" {
			return "the adversary's turn is not over"
		}
		return ""
	})
	// Its next turn is fully Frozen, and it wears off at that turn's end.
	m := st(s).Mission
	for n := m.next(); n != ""; n = st(s).Mission.next() {
		if st(s).Mission.fig(n).character() {
			do(t, s, StartTurn{Character: n}, EndTurn{Character: n})
		} else {
			do(t, s, ResolveAdversaryTurn{Adversary: n}, OverrideAdversaryTurn{Reason: "held still"})
		}
	}
	do(t, s, EndRound{}, BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W2"}}, SelectCards{Character: "Bo", Cards: []string{"H4"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	if !st(s).Mission.fig(waiter).has(phantom.Frozen) {
		t.Fatal("Frozen should still be held at the start of the next round")
	}
	toTurnOf(t, s, waiter)
	do(t, s, ResolveAdversaryTurn{Adversary: waiter, Attack: []string{"3"}}, ConfirmAdversaryTurn{})
	if st(s).Mission.fig(waiter).has(phantom.Frozen) {
		t.Fatal("Frozen wears off at the end of the turn it affected")
	}
}

// A Vengeful strike-back (or any damage) dealt to the adversary while its
// turn waits stays dealt.
func TestDamageWhileTheTurnWaitsIsKept(t *testing.T) {
	s, _ := waitingTurn(t, 10)
	before := st(s).Mission.fig(waiter).HP
	do(t, s, Damage{Figure: waiter, N: 2, Source: "Ana's Vengeful strike-back", By: "Ana"})
	line := said(t, s, ConfirmAdversaryTurn{})
	if hp := st(s).Mission.fig(waiter).HP; hp != before-2 {
		t.Fatalf("the Berserker's HP %d, want %d: the strike-back was dropped (%s)", hp, before-2, line)
	}
}

// A heal on the figure the turn damages adds to the turn's damage instead
// of being overwritten by the HP the turn worked out.
func TestHealWhileTheTurnWaitsIsKept(t *testing.T) {
	s, _ := waitingTurn(t, 8)
	dealt := 8 - proposed(t, s, "Ana").HP
	do(t, s, Heal{Figure: "Ana", N: 2})
	do(t, s, ConfirmAdversaryTurn{})
	if hp := st(s).Mission.fig("Ana").HP; hp != 10-dealt {
		t.Fatalf("Ana HP %d, want %d (healed to 10, then the attack's %d)", hp, 10-dealt, dealt)
	}
}

// A figure moved by hand while the turn waits stays where the players put
// it; a space the turn would end on that is taken since is refused with
// the way out (override).
func TestMovesWhileTheTurnWaits(t *testing.T) {
	s, _ := waitingTurn(t, 10)
	pos := "D-5"
	do(t, s, CorrectFigure{Figure: "Bo", Position: &pos, Reason: "Bo was knocked back"})
	do(t, s, ConfirmAdversaryTurn{})
	if p := st(s).Mission.fig("Bo").Position; p != "D-5" {
		t.Fatalf("Bo moved by hand to D-5 is back on %s", p)
	}

	// The Berserker on A-2 walks toward Ana and Bo on the entry row.
	s = withContent(t)
	do(t, s, startCmd(), BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	toTurnOf(t, s, waiter)
	do(t, s, ResolveAdversaryTurn{Adversary: waiter, Attack: []string{"3"}})
	turn := st(s).Mission.Pending.Turn
	if turn.End == turn.Start {
		t.Fatalf("the Berserker should move: %s", turnSummary(turn))
	}
	end := turn.End
	do(t, s, CorrectFigure{Figure: "Bo", Position: &end, Reason: "Bo stepped in"})
	refusedWhy(t, s, ConfirmAdversaryTurn{}, "§8.4", "Override")
}

// The acting adversary defeated while its turn waits: the rest of its turn
// may not have happened, so the players say what did (override); the
// override form's figures no longer list it.
func TestActingAdversaryDefeatedWhileItsTurnWaits(t *testing.T) {
	s, mem := waitingTurn(t, 10)
	do(t, s, Damage{Figure: waiter, N: 20, By: "Ana"})
	refusedWhy(t, s, ConfirmAdversaryTurn{}, "§8.4", "Override")
	refusedWhy(t, s, ResolveAdversaryTurn{Adversary: waiter, Attack: []string{"3"}}, "§8.4", "Override")
	figs := st(s).Mission.Proposed()
	for _, f := range figs {
		if f.Name == waiter {
			t.Fatalf("the defeated Berserker is still proposed: %+v", figs)
		}
	}
	var change []FigureChange
	for _, f := range figs {
		change = append(change, FigureChange{Name: f.Name, Position: f.Position, HP: f.HP, Conditions: f.Conditions})
	}
	undoReplays(t, s, mem, OverrideAdversaryTurn{Reason: "Ana's strike-back felled it after its attack", Figures: change}, func(st *State) string {
		if !contains(st.Mission.Acted, waiter) || st.Mission.Current != "" || st.Mission.Pending != nil {
			return "its turn is not over"
		}
		return ""
	})
}

// What the turn proposes for a figure, seen after something was recorded
// while it waited, includes it: the override form starts from it.
func TestProposedIncludesWhatWasRecorded(t *testing.T) {
	s, _ := waitingTurn(t, 8)
	want := proposed(t, s, "Ana").HP + 2
	do(t, s, Heal{Figure: "Ana", N: 2}, Inflict{Figure: "Ana", Condition: "Barrier"})
	for _, f := range st(s).Mission.Proposed() {
		if f.Name == "Ana" && (f.HP != want || !contains(f.Conditions, "Barrier")) {
			t.Fatalf("proposed for Ana %+v, want HP %d and Barrier", f, want)
		}
	}
}

// Nova cells put on a space by hand while the turn waits add to the drop
// the turn makes there.
func TestNovaWhileTheTurnWaitsIsKept(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(),
		CorrectFigure{Figure: waiter, HP: intp(1), SetConditions: true, Conditions: []string{"Bleeding"}},
		CorrectSpace{Space: "A-2", NovaCells: intp(2)},
		BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	toTurnOf(t, s, waiter)
	do(t, s, ResolveAdversaryTurn{Adversary: waiter})
	do(t, s, CorrectSpace{Space: "A-2", NovaCells: intp(5), Reason: "an event dropped three more"})
	// Bleeding defeats it at the start of its turn, its drop lands on A-2;
	// it was defeated by its own turn, so the turn confirms.
	do(t, s, ConfirmAdversaryTurn{})
	hm, _ := st(s).liveMap()
	if sp, _ := hm.Space("A-2"); sp.NovaCells != 6 {
		t.Fatalf("A-2 holds %d nova cells, want 5 + its drop of 1", sp.NovaCells)
	}
}

// A log played before the rule (rules revision 1) replays as it was
// played: its confirmation overwrote what was recorded while it waited.
func TestOldConfirmationReplaysAsPlayed(t *testing.T) {
	s, _ := waitingTurn(t, 10)
	do(t, s, Inflict{Figure: waiter, Condition: "Frozen", By: "Ana"})
	ch, err := Rules{}.Decide(st(s), ConfirmAdversaryTurn{}, tracker.NewDice(testSeed, 0))
	if err != nil {
		t.Fatal(err)
	}
	p := ch.Payload.(payload)
	p.Rules = 1
	b, _ := json.Marshal(p)
	out, err := Rules{}.Apply(st(s).clone(), tracker.Event{Kind: ch.Kind, Payload: b})
	if err != nil {
		t.Fatal(err)
	}
	if out.(*State).Mission.fig(waiter).has(phantom.Frozen) {
		t.Fatal("an old confirmation replays as played: the Frozen was overwritten then")
	}
}

// A turn stopped for a roll and resolved again keeps the rolls already
// made: here the Accuracy roll a Blinded Berserker makes before attacking.
func TestResolvingAgainKeepsTheRollsMade(t *testing.T) {
	set := DefaultSettings()
	set.RollAttackDice = false
	s, _ := waitingTurnWith(t, set, CorrectFigure{Figure: waiter, SetConditions: true, Conditions: []string{"Blinded"}})
	if stop := st(s).Mission.Pending.Turn.Stopped; !strings.Contains(stop, "Blinded") {
		t.Fatalf("it should stop for the Blinded roll: %q", stop)
	}
	do(t, s, ResolveAdversaryTurn{Adversary: waiter, Accuracy: []string{"success"}})
	if stop := st(s).Mission.Pending.Turn.Stopped; !strings.Contains(stop, "attack die") {
		t.Fatalf("it should stop for the attack die now: %q", stop)
	}
	do(t, s, ResolveAdversaryTurn{Adversary: waiter, Attack: []string{"3"}})
	p := st(s).Mission.Pending
	if p.Turn.Stopped != "" {
		t.Fatalf("the Blinded roll entered first was forgotten: %q", p.Turn.Stopped)
	}
	do(t, s, ConfirmAdversaryTurn{})
	if hp := st(s).Mission.fig("Ana").HP; hp >= 10 {
		t.Fatalf("Ana should be hit: HP %d", hp)
	}
}

// waitingTurnWith is waitingTurn with settings and no rolls entered.
func waitingTurnWith(t *testing.T, set Settings, fixes ...any) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	do(t, s, ChangeSettings{Settings: set}, startCmd(), MoveFigure{Figure: "Ana", Path: []string{"C-1", "B-1"}},
		BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	toTurnOf(t, s, waiter)
	do(t, s, fixes...)
	do(t, s, ResolveAdversaryTurn{Adversary: waiter})
	return s, mem
}

// A turn stopped for a roll, Frozen inflicted on the adversary while it
// waits, then worked out again: Frozen came during its own turn (RB p.50),
// so it does not wear off at this turn's end.
func TestFrozenWhileAStoppedTurnWaitsIsKept(t *testing.T) {
	set := DefaultSettings()
	set.RollAttackDice = false
	s, mem := waitingTurnWith(t, set)
	if st(s).Mission.Pending.Turn.Stopped == "" {
		t.Fatal("the turn should stop for the attack die")
	}
	do(t, s, Inflict{Figure: waiter, Condition: "Frozen", By: "Ana"})
	do(t, s, ResolveAdversaryTurn{Adversary: waiter, Attack: []string{"3"}})
	undoReplays(t, s, mem, ConfirmAdversaryTurn{}, func(st *State) string {
		if !st.Mission.fig(waiter).has(phantom.Frozen) {
			return "Frozen received during its turn wore off at that turn's end"
		}
		return ""
	})
}

// A trap token put down by hand while the turn waits was not there when
// the adversary walked: confirming its turn does not take it away.
func TestTrapTokenPutDownWhileTheTurnWaitsStays(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	toTurnOf(t, s, waiter)
	do(t, s, ResolveAdversaryTurn{Adversary: waiter, Attack: []string{"3"}})
	var path []string
	for _, e := range st(s).Mission.Pending.Turn.Events {
		if e.Movement != nil && e.Movement.Kind == "move" {
			path = append(path, e.Movement.Path...)
		}
	}
	if len(path) < 2 {
		t.Fatalf("the Berserker should walk: %s", turnSummary(st(s).Mission.Pending.Turn))
	}
	trap := "trap"
	do(t, s, CorrectSpace{Space: path[0], Hazard: &trap, HazardToken: true, Reason: "an event laid a trap"})
	do(t, s, ConfirmAdversaryTurn{})
	hm, _ := st(s).liveMap()
	if sp, _ := hm.Space(path[0]); sp.Hazard != "trap" {
		t.Fatalf("the trap token laid on %s while the turn waited was taken away", path[0])
	}
}
