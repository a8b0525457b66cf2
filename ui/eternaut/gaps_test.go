package eternaut

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
)

// §4.3 S2: from D the setup screen says the Masked Figures are optional
// and lets a group short of 4 start once every main Character who can
// play is ticked; leaving one out is not ready, in words naming it.
func TestSetupFromDMaskedFiguresOptional(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	tb.do(et.Kill{Char: "902"}, et.Kill{Char: "903"})
	tb.finish("END-D-1", et.Unlock{})
	p := tb.play()
	f := p.setup
	if txt := textOf(f.box); !strings.Contains(txt, "optional") || !strings.Contains(txt, "fewer than 4") {
		t.Fatalf("the setup does not say the Masked Figures are optional:\n%s", txt)
	}
	f.timer.Set(5)
	f.chars.SetSelected([]string{"Eduardo", "Masked Figure (card 907)"})
	if len(f.chars.Selected) != 2 {
		t.Fatalf("options %v", f.chars.Options)
	}
	if !strings.Contains(f.check.Text, "Not ready") || !strings.Contains(f.check.Text, "left out: 904") {
		t.Fatalf("check: %q", f.check.Text)
	}
	f.chars.SetSelected([]string{"Eduardo", "Ana", "Pablo"})
	if !strings.HasPrefix(f.check.Text, "Ready") {
		t.Fatalf("check: %q", f.check.Text)
	}
	tap(t, f.Start)
	if s := tb.st(); s.Phase != et.PhasePlaying || len(s.InPlay()) != 3 {
		t.Fatalf("not started with 3: %q", p.Message())
	}
}

// §2.2: in B with the Alert counter on the Menace deck, the Enemy tab says
// the Survivors' activation draws no Menace card, and its end-of-turn
// preview agrees; once the Alert is off the deck the card is drawn.
func TestEnemyTabAlertOnTheDeck(t *testing.T) {
	tb := newTable(t)
	tb.toB1()
	tb.do(et.StartScenario{Key: "B1", TimerStart: 7})
	tb.do(et.RevealR02{}, et.RevealFigure{ID: "701", Kind: "enemy", MaxLP: 3}, et.SetCubes{OnTarget: 4})
	e := NewEnemyScreen(tb.ctx)
	tb.show(e.Object())
	txt := textOf(e.Object())
	if !strings.Contains(txt, "no Menace card is drawn") || strings.Contains(txt, "draw 1 Menace card") {
		t.Fatalf("Alert on the deck:\n%s", txt)
	}
	tb.do(et.SetAlert{State: et.AlertGreen})
	txt = textOf(e.Object())
	if strings.Contains(txt, "no Menace card is drawn") || !strings.Contains(txt, "draw 1 Menace card") {
		t.Fatalf("Alert green:\n%s", txt)
	}
}

// §10.2: the diary shows that 911, never revealed in E2, left the campaign.
func TestDiaryShows911Departure(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	tb.finish("END-D-1", et.Unlock{})
	tb.do(et.StartScenario{Key: "D", TimerStart: 5, Characters: []string{"901", "902", "903", "905"}})
	tb.finish("END-E2-1", et.Unlock{})
	tb.do(et.StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902", "905"}})
	d := NewDiaryScreen(tb.ctx)
	tb.show(d.Object())
	if strings.Contains(textOf(d.pages["E"].Content), "never revealed") {
		t.Fatal("911 can still be revealed in E2")
	}
	tb.do(et.EndScenario{}, et.ConfirmObjectives{})
	if tb.st().End.Step == et.StepItems {
		tb.do(et.ReturnItems{})
	}
	tb.do(et.RecordEpilogue{Code: "END-F1-1"}, et.RecordSpecialQuests{})
	p := NewPlayScreen(tb.ctx)
	if txt := textOf(p.stepUnlocks(tb.st())); !strings.Contains(txt, "Mora (card 911) was never revealed in E2: unlocking takes it out of the campaign") {
		t.Fatalf("the Unlock step does not warn:\n%s", txt)
	}
	tb.do(et.Unlock{}, et.CloseShop{})
	if txt := textOf(d.pages["E"].Content); !strings.Contains(txt, "Mora (card 911) was never revealed in E2 and left the campaign") {
		t.Fatalf("page E:\n%s", txt)
	}
	if txt := textOf(d.pages["Campaign"].Content); !strings.Contains(txt, "Mora (card 911) · never revealed in E2: left the campaign") {
		t.Fatalf("campaign page:\n%s", txt)
	}
}

// §6.4: the Take Action helper accepts an ID starting with 0 and hints
// that the pair usually takes the action's ID, not the item's.
func TestParagraphHelperTakeActionItemID(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	h := tb.paragraphs(et.TakeAction)
	test.Type(h.A, "011")
	test.Type(h.B, "226")
	if !slices.Equal(h.Found, []string{"011-226"}) {
		t.Fatalf("candidates %v (%q)", h.Found, h.hint.Text)
	}
	if !strings.Contains(h.hint.Text, "action's ID") || !strings.Contains(h.hint.Text, "011 is usually an Item card") {
		t.Fatalf("hint %q", h.hint.Text)
	}
	h.read(nil, "011-226")
	if got := h.HistoryLines(); len(got) != 1 || !strings.Contains(got[0], "011-226") {
		t.Fatalf("history %v", got)
	}
	h.A.SetText("403")
	if strings.Contains(h.hint.Text, "action's ID printed") || !slices.Equal(h.Found, []string{"226-403"}) {
		t.Fatalf("403: %v %q", h.Found, h.hint.Text)
	}
}

// §5.1 T2: the exchange form offers only the boards with an empty card
// slot, and every board once none has one, saying which case it is.
func TestExchangeFormOffersBoardsWithAnEmptySlot(t *testing.T) {
	tb := newTable(t)
	tb.toB1()
	tb.do(et.StartScenario{Key: "B1", TimerStart: 7})
	tb.do(et.CorrectCharacter{Char: "901", Field: "actionCards", Value: 4})
	p := tb.play()
	p.exchangeForm()
	sel := p.last.Items[0].Widget.(*widget.Select)
	if slices.Contains(sel.Options, "Eduardo") || len(sel.Options) == 0 || !strings.Contains(p.last.Items[0].HintText, "empty card slot") {
		t.Fatalf("a full board offered while others have a slot: %v", sel.Options)
	}
	for _, id := range []string{"902", "903", "904"} {
		tb.do(et.CorrectCharacter{Char: id, Field: "actionCards", Value: 4})
	}
	p.exchangeForm()
	sel = p.last.Items[0].Widget.(*widget.Select)
	if !slices.Contains(sel.Options, "Eduardo") || !strings.Contains(p.last.Items[0].HintText, "No board has an empty card slot") {
		t.Fatalf("every board full: %v", sel.Options)
	}
	sel.SetSelected("Eduardo")
	if err := p.last.Submit(); err != nil {
		t.Fatal(err)
	}
	if tb.st().Char("901").Penalties.Fatigue != 1 {
		t.Fatalf("Fatigue not placed: %q", p.Message())
	}
}

// §7.7.3: the pick-up form says what is dropped joins that pile, and it does.
func TestPickUpFormDropsOntoThePile(t *testing.T) {
	tb := newTable(t)
	tb.toB1()
	tb.do(et.StartScenario{Key: "B1", TimerStart: 7})
	tb.do(et.GainItem{Char: "903", Item: "012"}, et.GainItem{Char: "903", Item: "013"},
		et.DropItems{Char: "903", Items: []string{"012", "013"}, Where: "hall"})
	for _, it := range []string{"020", "021", "022"} {
		tb.do(et.GainItem{Char: "901", Item: it})
	}
	p := tb.play()
	p.pickUpForm("A")
	f := p.last
	if !strings.Contains(f.Items[2].HintText, "join Drop pile A") {
		t.Fatalf("hint %q", f.Items[2].HintText)
	}
	f.Items[0].Widget.(*widget.Select).SetSelected("Eduardo")
	f.Items[1].Widget.(*widget.CheckGroup).SetSelected([]string{"012"})
	f.Items[2].Widget.(*widget.CheckGroup).SetSelected(tb.st().Char("901").Items[:1])
	if err := f.Submit(); err != nil {
		t.Fatal(err)
	}
	if piles := tb.st().Scenario.DropPiles; len(piles) != 1 || len(piles[0].Items) != 2 {
		t.Fatalf("piles %+v (%q)", piles, p.Message())
	}
}

// The screens kept for the keyboard shortcuts go when the frame closes the
// campaign: a closed campaign's Resolve reaches nothing.
func TestClosedCampaignLetsGoOfItsScreens(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	p, e := tb.play(), NewEnemyScreen(tb.ctx)
	remember(tb.ctx, p, e)
	if open.ctx != tb.ctx || open.play != p || open.enemy != e {
		t.Fatal("the open campaign's screens are not kept")
	}
	tb.ctx.Close()
	if open.ctx != nil || open.play != nil || open.enemy != nil {
		t.Fatal("a closed campaign's screens are still kept")
	}
	if (Screens{}).Act(tb.ctx, shell.TabEnemy, shell.Resolve) {
		t.Fatal("Resolve reached a closed campaign's Enemy tab")
	}
}

// The shortcuts before a scenario is on the table: Resolve says there is
// nothing to activate (in the message line, its button not drawn yet)
// and Next is not the game's; nothing breaks.
func TestShortcutsBeforeAScenario(t *testing.T) {
	tb := newTable(t)
	tb.do(et.NewCampaign{Players: 2, Roster: rosterEntries()})
	p, e := tb.play(), NewEnemyScreen(tb.ctx)
	remember(tb.ctx, p, e)
	if !(Screens{}).Act(tb.ctx, shell.TabEnemy, shell.Resolve) {
		t.Fatal("Resolve not answered")
	}
	if !strings.Contains(e.Message(), "no alien module") || !strings.Contains(tb.msgs[len(tb.msgs)-1], "no alien module") {
		t.Fatalf("Resolve before a scenario: %q", e.Message())
	}
	if (Screens{}).Act(tb.ctx, shell.TabPlay, shell.Next) {
		t.Fatal("Next handled between scenarios")
	}
}
