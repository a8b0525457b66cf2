package phantom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	ap "tablekeeper/automa/phantom"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/uitest"
)

// Rulebook p.22: the character an adversary attacks chooses the order of
// several conditions when it matters. The Enemy tab asks with one button
// per outcome; a tap works the turn out again with that order.
func TestEnemyTabAsksTheOrderOfConditions(t *testing.T) {
	cmds := fixture(6, 4)
	var rows []ap.ClassRow
	for _, col := range ap.Colours {
		rows = append(rows, ap.ClassRow{Colour: col, Card: ap.Card{AP: 1, Actions: []ap.Action{{Kind: ap.ActAttack, Inflict: []string{"Bleeding", "Weakened"}}}}})
	}
	for i := 1; i <= 3; i++ {
		cmds = append(cmds, tp.SaveContent{Kind: tp.KindClassCard, ID: fmt.Sprintf("K%d", i), Data: raw(tp.ClassCard{Class: "Brute", Card: ap.ClassCard{Rows: rows}})})
	}
	h := newHarness(t, append(cmds, startCmd()))
	h.toTurns()
	e := NewEnemyScreen(h.ctx)
	h.w.SetContent(e.Object())
	adv := nextFigure(h.state().Mission)
	h.besideAdversary("Ana", adv)
	h.do(tp.CorrectFigure{Figure: "Ana", SetConditions: true, Conditions: []string{"Resilient"}, Reason: "test"})
	e.Refresh()
	test.Tap(e.ResolveButton)
	p := h.state().Mission.Pending
	if p == nil || p.Turn.Ask == nil {
		t.Fatalf("the turn should stop to ask Ana's order: %+v %v", p, h.errs)
	}
	if !e.ConfirmButton.Disabled() || !e.ResolveButton.Disabled() {
		t.Fatal("only the order buttons answer the question")
	}
	text := uitest.Text(e.Order)
	if !strings.Contains(text, "Ana's player chooses the order (Rulebook p.22)") {
		t.Fatalf("the question: %q", text)
	}
	playersWords(t, text)
	b := find(e.Order, func(b *widget.Button) bool { return strings.HasPrefix(b.Text, "Weakened, then Bleeding") })
	if b == nil {
		t.Fatalf("no button for Weakened first: %q", text)
	}
	test.Tap(b)
	if p := h.state().Mission.Pending; p == nil || p.Turn.Stopped != "" {
		t.Fatalf("the turn goes on with Ana's order: %+v %v", p, h.errs)
	}
	test.Tap(e.ConfirmButton)
	if got := strings.Join(figure(h.state().Mission, "Ana").CondList(), ","); got != "Bleeding" {
		t.Fatalf("Resilient took Weakened: Ana holds %q, want Bleeding", got)
	}
}

// A blocked attack says what took the hit and what it was aimed at.
func TestTurnWordsBlockedAttack(t *testing.T) {
	w := TurnWords(ap.Turn{PrimaryTarget: "Ana", Events: []ap.Event{{Card: "red class row", Action: "attack +0",
		Attack: &ap.AttackReport{Target: "Vex Brute 2", AimedAt: "Ana", Range: 3, Roll: "2 (rolled)", Hit: &ap.Hit{Damage: 2}}}}})
	if !strings.Contains(w, "Vex Brute 2 at range 3 (aimed at Ana, it blocked the attack)") {
		t.Fatalf("%q", w)
	}
}

// What was recorded while the turn waited is in the override form; a
// figure defeated since is not.
func TestOverrideFormCarriesWhatWasRecorded(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	h.toTurns()
	e := NewEnemyScreen(h.ctx)
	h.w.SetContent(e.Object())
	adv := nextFigure(h.state().Mission)
	test.Tap(e.ResolveButton)
	h.do(tp.Damage{Figure: adv, N: 50, Source: "a strike-back"})
	h.do(tp.Inflict{Figure: "Bo", Condition: "Barrier"})
	if _, ok := h.ctx.Do(tp.ConfirmAdversaryTurn{}); ok || !strings.Contains(h.lastErr(), "Override") {
		t.Fatalf("its turn cannot be confirmed after its defeat: %v", h.errs)
	}
	form := NewOverrideForm(h.state().Mission)
	for _, r := range form.Rows {
		if r.Name == adv {
			t.Fatalf("the defeated %s is still in the form", adv)
		}
		if r.Name == "Bo" && !slices.Contains(r.Condition.Selected(), "Barrier") {
			t.Fatalf("Bo's Barrier given while the turn waited is not in the form: %q", r.Condition.Selected())
		}
	}
	form.Reason.SetText("the strike-back felled it before it moved")
	cmd, err := form.Command()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := h.ctx.Do(cmd); !ok {
		t.Fatalf("override refused: %v", h.errs)
	}
	if !figure(h.state().Mission, "Bo").Defeated && !strings.Contains(strings.Join(figure(h.state().Mission, "Bo").CondList(), ","), "Barrier") {
		t.Fatal("Bo keeps the Barrier given while the turn waited")
	}
}

// playersWords fails on what a player must never read (uitest.PlayersWords)
// and on this game's own codes: a rule's page is cited, never its spec name.
func playersWords(t *testing.T, text string) {
	t.Helper()
	for _, w := range phantomWords(text) {
		t.Errorf("a player reads %s", w)
	}
	if strings.Contains(text, "phantom-epoch") {
		t.Errorf("a player reads the spec's name in %q", text)
	}
}
