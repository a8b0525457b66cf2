package phantom

import (
	"strings"
	"testing"

	"tablekeeper/automa/phantom"
)

// RB p.22, Attack Flow step 7: "If multiple conditions would be applied,
// the character Attacking or the character being Attacked by an adversary
// may choose in which order they apply." The app asks when the order
// changes the outcome (here Resilient takes the first).

func TestAdversaryTurnAsksTheOrderOfConditions(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	var rows []phantom.ClassRow
	for _, col := range phantom.Colours {
		rows = append(rows, phantom.ClassRow{Colour: col, Card: phantom.Card{AP: 1, Actions: []phantom.Action{{Kind: phantom.ActAttack, Value: 2, Inflict: []string{"Bleeding", "Weakened"}}}}})
	}
	for _, id := range []string{"B1", "B2", "B3"} {
		do(t, s, SaveContent{Kind: KindClassCard, ID: id, Data: raw(ClassCard{Class: "Berserker", Card: phantom.ClassCard{Rows: rows}})})
	}
	do(t, s, startCmd(), MoveFigure{Figure: "Ana", Path: []string{"C-1", "B-1"}},
		CorrectFigure{Figure: "Ana", SetConditions: true, Conditions: []string{"Resilient"}},
		BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	toTurnOf(t, s, waiter)
	refusedWhy(t, s, ResolveAdversaryTurn{Adversary: waiter, Order: []string{"Weakened", "Bleeding"}}, "Rulebook p.22", "no order")
	// The app rolls the dice (the test content's faces) until a roll hits:
	// undone, a decision is worked out with the campaign's next draws.
	for i := 0; ; i++ {
		do(t, s, ResolveAdversaryTurn{Adversary: waiter})
		if st(s).Mission.Pending.Turn.Ask != nil {
			break
		}
		if i == 20 {
			t.Fatal("no roll hit Ana in 20 tries")
		}
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	p := st(s).Mission.Pending
	if p.Turn.Ask.Figure != "Ana" || len(p.Turn.Ask.Options) != 2 {
		t.Fatalf("the question: %+v", p.Turn.Ask)
	}
	roll := p.Turn.Made.Attack[0]
	refusedWhy(t, s, ConfirmAdversaryTurn{}, "Rulebook p.22", "choose the order")
	refused(t, s, ResolveAdversaryTurn{Adversary: waiter, Order: []string{"Weakened", "Sleepy"}}, "Rulebook p.22")
	undoReplays(t, s, mem, ResolveAdversaryTurn{Adversary: waiter, Order: []string{"Weakened", "Bleeding"}}, func(st *State) string {
		p := st.Mission.Pending
		if p.Turn.Stopped != "" || p.Turn.Made == nil || p.Turn.Made.Attack[0] != roll {
			return "worked out again, the turn keeps the roll it made and goes on: " + p.Turn.Stopped
		}
		return ""
	})
	do(t, s, ConfirmAdversaryTurn{})
	if got := strings.Join(st(s).Mission.fig("Ana").CondList(), ","); got != "Bleeding" {
		t.Fatalf("Ana chose Weakened first (Resilient takes it): holds %q, want Bleeding", got)
	}
}

// The order a character's own attack gives conditions in is the order of
// its Inflict list; ConditionOrders tells the screen when to ask.
func TestConditionOrdersForAnAttack(t *testing.T) {
	s := toTurn(t, CorrectFigure{Figure: waiter, SetConditions: true, Conditions: []string{"Resilient"}})
	opts := st(s).ConditionOrders(waiter, []string{"Bleeding", "Weakened"})
	if len(opts) != 2 || strings.Join(opts[1].Order, ",") != "Weakened,Bleeding" || strings.Join(opts[1].Leaves, ",") != "Bleeding" {
		t.Fatalf("options %+v", opts)
	}
	if n := len(st(s).ConditionOrders("Grallok Berserker 2", []string{"Bleeding", "Weakened"})); n != 1 {
		t.Fatalf("without Resilient the order does not matter: %d options", n)
	}
	do(t, s, Attack{Attacker: "Ana", Target: waiter, Roll: "3", Modifier: 2, Inflict: []string{"Weakened", "Bleeding"}})
	if got := strings.Join(st(s).Mission.fig(waiter).CondList(), ","); got != "Bleeding" {
		t.Fatalf("the attack gives them in its list's order: %q", got)
	}
}

// A reaction asks too: a Vengeful strike-back's Critical Strike whose
// ability gives two conditions to Ana, who holds Resilient. It is worked
// out again as a reaction, with Ana's order, and replays and undoes.
func TestReactionAsksTheOrderOfConditions(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	do(t, s, SaveContent{Kind: KindAdversary, Data: raw(phantom.AdversaryType{Name: "Grallok Berserker", Species: "Grallok", Class: "Berserker",
		Difficulty: 1, HP: 6, Attack: 1, Range: 1, Standees: 4, Crit: phantom.CritAbility{Inflict: []string{"Bleeding", "Weakened"}}})})
	do(t, s, startCmd(), MoveFigure{Figure: "Ana", Path: []string{"C-1", "B-1"}},
		CorrectFigure{Figure: "Ana", SetConditions: true, Conditions: []string{"Resilient"}},
		CorrectFigure{Figure: waiter, SetConditions: true, Conditions: []string{"Vengeful"}},
		BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1", "W2"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	toTurnOf(t, s, "Ana")
	do(t, s, StartTurn{Character: "Ana"}, Attack{Attacker: "Ana", Target: waiter, Roll: "1"})
	do(t, s, ResolveReaction{Adversary: waiter, Attacker: "Ana", Melee: true, Attack: []string{"crit"}})
	p := st(s).Mission.Pending
	if p == nil || p.Turn.Ask == nil || p.Attacker != "Ana" || !p.Melee {
		t.Fatalf("the reaction should stop to ask Ana's order and keep what it answers: %+v", p)
	}
	refused(t, s, ResolveAdversaryTurn{Adversary: waiter, Order: []string{"Weakened", "Bleeding"}}, "§8.4")
	undoReplays(t, s, mem, ResolveReaction{Adversary: waiter, Attacker: "Ana", Melee: true, Order: []string{"Weakened", "Bleeding"}}, func(st *State) string {
		if p := st.Mission.Pending; p == nil || p.Turn.Stopped != "" || !p.Reaction {
			return "the reaction goes on with Ana's order"
		}
		return ""
	})
	do(t, s, ConfirmAdversaryTurn{})
	if got := strings.Join(st(s).Mission.fig("Ana").CondList(), ","); got != "Bleeding" {
		t.Fatalf("Ana holds %q, want Bleeding", got)
	}
	if st(s).Mission.Current != "Ana" {
		t.Fatal("Ana's turn goes on after the reaction")
	}
}
