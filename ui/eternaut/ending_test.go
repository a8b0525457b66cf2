package eternaut

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

func TestEndWizardWithRefusedPurchase(t *testing.T) {
	tb := newTable(t)
	tb.do(et.NewCampaign{Players: 2, Roster: rosterEntries()})
	tb.do(et.StartScenario{Key: "A", TimerStart: 6}, et.GainItem{Char: "901", Item: "045"},
		et.RevealObjective{ID: "A-OBJ1"}, et.MarkPlot{N: 4}, et.MarkPlot{Cross: true, N: 1})
	p := tb.play()
	test.Tap(p.EndScenario) // a tap only says to hold it
	if tb.st().Phase != et.PhasePlaying {
		t.Fatal("a tap ended the scenario")
	}
	hold(t, p.EndScenario)
	z := p.wiz
	if z == nil || tb.st().End.Step != et.StepObjectives {
		t.Fatal("the wizard starts with the Objectives")
	}
	tap(t, z.Confirm) // objectives
	tap(t, z.Confirm) // items
	if tb.st().End.Step != et.StepRecord {
		t.Fatalf("step %s: %q", tb.st().End.Step, p.Message())
	}
	test.Type(z.Epilogue, "END-B2-1")
	view := textOf(p.scroll.Content)
	for _, want := range []string{"Next: Storybook B2", "Final score: 4 ✓ − 1 ✗ = 3", "axe 045 becomes 046"} {
		if !strings.Contains(view, want) {
			t.Fatalf("record step lacks %q:\n%s", want, view)
		}
	}
	tap(t, z.Confirm) // record
	tap(t, z.Confirm) // quests
	if !strings.Contains(textOf(p.scroll.Content), "12 − score 3 = 9") {
		t.Fatalf("points: %s", textOf(p.scroll.Content))
	}
	tap(t, z.Confirm) // unlocks
	if tb.st().End.Step != et.StepShop {
		t.Fatalf("step %s", tb.st().End.Step)
	}
	// A skill counter cannot be bought after A: the shop says why.
	tap(t, z.BuySK)
	if !strings.Contains(p.Message(), "A skill counter can be bought from the end of B") || tb.bubble() != p.Message() {
		t.Fatalf("refusal: %q, beside the button: %q", p.Message(), tb.bubble())
	}
	// A Special Action card needs a basic card to replace.
	test.Type(z.SACName, "Second Wind")
	tap(t, z.BuySAC)
	if !strings.Contains(p.Message(), "choose a basic Action card to take out") || z.SACName.Text != "Second Wind" {
		t.Fatalf("refusal %q, name kept %q", p.Message(), z.SACName.Text)
	}
	z.SACRemove.SetSelected("Rummage")
	tap(t, z.BuySAC)
	if p.Message() != "" {
		t.Fatalf("bought: %q", p.Message())
	}
	for range 4 {
		z.SACName.SetText("Extra")
		z.SACRemove.SetSelected("Moving On")
		tap(t, z.BuySAC)
	}
	if !strings.Contains(p.Message(), "costs 2 Purchase Points") {
		t.Fatalf("over the points: %q", p.Message())
	}
	tap(t, z.CloseShop)
	s := tb.st()
	if s.Phase != et.PhaseBetween || s.Next != "B2" || s.Section("A").RemainingPP != 1 {
		t.Fatalf("after the shop: %s %s %d", s.Phase, s.Next, s.Section("A").RemainingPP)
	}
	if r := s.Section("A").Row("901"); !slices.Equal(r.Items, []string{"046"}) {
		t.Fatalf("901's row %v", r.Items)
	}
}

func TestLossAndRestart(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	p := tb.play()
	for _, id := range []string{"901", "902", "903", "905"} {
		tb.do(et.Kill{Char: id, Cause: "test"})
	}
	if tb.st().Phase != et.PhaseLost {
		t.Fatal("every Character in play dead: lost (L1)")
	}
	view := textOf(p.scroll.Content)
	if !strings.Contains(view, "The campaign is lost") || !strings.Contains(view, "Every Character in play is dead") {
		t.Fatalf("loss view:\n%s", view)
	}
	if !strings.Contains(textOf(p.scroll.Content), "Replay scenario C as the campaign stood after scenario B1") {
		t.Fatalf("the loss does not say where the replay starts:\n%s", textOf(p.scroll.Content))
	}
	tap(t, findButton(t, p.scroll.Content, "Replay scenario C"))
	if s := tb.st(); s.Phase != et.PhaseBetween || s.Next != "C" || s.Char("903").Status != et.Alive {
		t.Fatalf("restart: %s next %s", s.Phase, s.Next)
	}
	if p.setup == nil || !strings.Contains(textOf(p.scroll.Content), "Restarted 1 time") {
		t.Fatal("the setup of C is shown again")
	}
}

func TestCampaignFinale(t *testing.T) {
	tb := newTable(t)
	tb.toC()
	tb.do(et.StartScenario{Key: "C", Characters: []string{"901", "902", "903", "905"}}, et.MarkPlot{N: 5})
	tb.finish("END-D-1", et.Unlock{})
	tb.do(et.StartScenario{Key: "D", TimerStart: 9, Characters: []string{"901", "902", "903", "905"}}, et.MarkPlot{N: 4})
	tb.finish("END-E1-1", et.Unlock{})
	tb.do(et.StartScenario{Key: "E1", TimerStart: 8, Characters: []string{"901", "902", "905", "912"}}, et.MarkPlot{N: 6})
	tb.finish("END-F2-1", et.Unlock{})
	tb.do(et.StartScenario{Key: "F2", TimerStart: 8, Characters: []string{"901", "902", "905", "912"}}, et.MarkPlot{N: 7},
		et.GainSpecialQuest{ID: "C-15"})
	p := tb.play()
	// F has no item, quest, unlock or shop step.
	hold(t, p.EndScenario)
	tap(t, p.wiz.Confirm)
	if tb.st().End.Step != et.StepRecord {
		t.Fatalf("F goes from the Objectives to the record: %s", tb.st().End.Step)
	}
	test.Type(p.wiz.Epilogue, "END")
	tap(t, p.wiz.Confirm)
	if tb.st().End.Step != et.StepFinale || !strings.Contains(p.wiz.Owned.Text, "C-15") {
		t.Fatalf("finale step %s, owned %q", tb.st().End.Step, p.wiz.Owned.Text)
	}
	p.wiz.Quest3.SetSelected("#B")
	hold(t, p.wiz.Finish)
	s := tb.st()
	if s.Phase != et.PhaseFinished || s.Quests[0] != "#E" || s.Quests[2] != "#F" {
		t.Fatalf("finale: %s %v (%q)", s.Phase, s.Quests, p.Message())
	}
	view := textOf(p.scroll.Content)
	if !strings.Contains(view, "Campaign won") || !strings.Contains(view, s.Band) {
		t.Fatalf("won view:\n%s", view)
	}
}

// Game-ending actions sit apart from the turn's controls and act only on
// a hold (a tap says to hold them); each is undone like any change: the
// end of the scenario, a death, and a loss no reinforcement prevents.
func TestGameEndingActionsAreHeldAndUndone(t *testing.T) {
	tb := newTable(t)
	toF(tb)
	p := tb.play()
	undo := func(want string) {
		t.Helper()
		if _, err := tb.s.Undo(); err != nil {
			t.Fatal(err)
		}
		tb.ctx.Changed(tracker.Event{})
		if tb.st().Phase != want {
			t.Fatalf("after undo: %s, want %s", tb.st().Phase, want)
		}
	}
	// The end of the scenario is not in the turn's card.
	if findIn(p.tableBox, p.EndScenario) && cardOf(p, p.EndTurnBtn) == cardOf(p, p.EndScenario) {
		t.Fatal("the end of the scenario sits with the turn's buttons")
	}
	test.Tap(p.EndScenario)
	if tb.st().Phase != et.PhasePlaying {
		t.Fatal("a tap ended the scenario")
	}
	hold(t, p.EndScenario)
	if tb.st().Phase != et.PhaseEnding {
		t.Fatalf("the hold did not end the scenario: %q", p.Message())
	}
	undo(et.PhasePlaying)
	// A death, from a Character's More, held.
	p.Cards["901"].More()
	tap(t, p.Cards["901"].Buttons["kill"])
	var b *widgets.HoldButton
	walk(tb.topDialog().Content(), func(o fyne.CanvasObject) {
		if h, ok := o.(*widgets.HoldButton); ok {
			b = h
		}
	})
	hold(t, b)
	if tb.st().Char("901").Status != et.Dead || tb.topDialog() != nil {
		t.Fatalf("901 %s; dialog still open %v", tb.st().Char("901").Status, tb.topDialog() != nil)
	}
	undo(et.PhasePlaying)
	if tb.st().Char("901").Status != et.Alive {
		t.Fatal("undo did not bring 901 back")
	}
	// Every Character in play falls in F with a reinforcement possible:
	// the loss waits, and confirming it needs a hold.
	for _, id := range []string{"901", "902", "905", "912"} {
		tb.do(et.Kill{Char: id})
	}
	if !tb.st().Scenario.LossPending {
		t.Fatal("no loss pending")
	}
	var lost *widgets.HoldButton
	walk(p.turnBox, func(o fyne.CanvasObject) {
		if h, ok := o.(*widgets.HoldButton); ok && strings.Contains(h.Text, "the campaign is lost") {
			lost = h
		}
	})
	hold(t, lost)
	if tb.st().Phase != et.PhaseLost {
		t.Fatal("the loss was not confirmed")
	}
	undo(et.PhasePlaying)
}

// findIn says whether o is under root.
func findIn(root, o fyne.CanvasObject) bool {
	found := false
	walk(root, func(x fyne.CanvasObject) { found = found || x == o })
	return found
}

// cardOf is the card of the turn's panel that holds o.
func cardOf(p *PlayScreen, o fyne.CanvasObject) fyne.CanvasObject {
	for _, c := range append(slices.Clone(p.turnBox.Objects), p.tableBox.Objects...) {
		if findIn(c, o) {
			return c
		}
	}
	return nil
}
