package eternaut

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

func TestNewCampaignForm(t *testing.T) {
	tb := newTable(t)
	setup := Screens{}.Setup(shell.SetupEnv{Window: tb.win})
	if len(setup.Items) < 13 {
		t.Fatalf("%d form items; want players and the roster", len(setup.Items))
	}
	f := setup.Items[0].Widget.(*widget.Select)
	// Nothing chosen: refused in words, nothing made.
	if _, err := setup.Commands(); err == nil || !strings.Contains(err.Error(), "number of players") {
		t.Fatalf("no players: %v", err)
	}
	f.SetSelectedIndex(1)
	names := map[string]string{"901": "Eduardo", "902": "Simon", "903": "Sofia"}
	for _, it := range setup.Items[1:] {
		for id, n := range names {
			if it.Text == "Character "+id {
				test.Type(it.Widget.(*widget.Entry), n)
			}
		}
	}
	// 904 has no name: the rules refuse before any campaign exists.
	if _, err := setup.Commands(); err == nil || !strings.Contains(err.Error(), "904") {
		t.Fatalf("904 unnamed: %v", err)
	}
	for _, it := range setup.Items[1:] {
		if it.Text == "Character 904" {
			test.Type(it.Widget.(*widget.Entry), "Ana")
		}
	}
	cmds, err := setup.Commands()
	if err != nil {
		t.Fatal(err)
	}
	tb.do(cmds...)
	s := tb.st()
	if s.Players != 2 || s.Char("903").Name != "Sofia" || s.Char("905").Name != "Character 905" {
		t.Fatalf("campaign: %d players, %+v", s.Players, s.Char("903"))
	}
}

func TestPlayTabSetsUpCampaignAndScenarioA(t *testing.T) {
	tb := newTable(t)
	p := tb.play()
	if p.startCampaign == nil {
		t.Fatal("an unstarted campaign shows the roster form")
	}
	tap(t, p.startCampaign)
	if !strings.Contains(p.Message(), "number of players") {
		t.Fatalf("message %q", p.Message())
	}
	p.newForm.players.SetSelectedIndex(3)
	for id, n := range map[string]string{"901": "Eduardo", "902": "Simon", "903": "Sofia", "904": "Ana"} {
		test.Type(p.newForm.names[id], n)
	}
	tap(t, p.startCampaign)
	if s := tb.st(); !s.Started || s.Players != 4 {
		t.Fatalf("not started: %q", p.Message())
	}
	// Scenario A's setup: the Timer start is asked for.
	f := p.setup
	if f == nil {
		t.Fatal("no scenario setup form")
	}
	tap(t, f.Start)
	if !strings.Contains(p.Message(), "Timer must start") {
		t.Fatalf("no timer: %q", p.Message())
	}
	test.Type(f.timer, "6")
	if !strings.HasPrefix(f.check.Text, "Ready") {
		t.Fatalf("check: %q", f.check.Text)
	}
	tap(t, f.Start)
	s := tb.st()
	if s.Phase != et.PhasePlaying || s.Scenario.Timer != 6 {
		t.Fatalf("phase %s: %q", s.Phase, p.Message())
	}
	if p.Track == nil || !strings.Contains(p.Track.SpaceText(6), "Timer") {
		t.Fatalf("the Timer token is not drawn on 6: %q", p.Track.SpaceText(6))
	}
	if len(p.Cards) != 4 || p.Cards["901"].Life != nil {
		t.Fatal("four cards, no life bar in A")
	}
}

func TestScenarioSetupChoosesAndHandsOut(t *testing.T) {
	tb := newTable(t)
	tb.toC()
	p := tb.play()
	f := p.setup
	if f.timer.Text != "8" || !f.timer.Disabled() {
		t.Fatalf("C starts on 8: %q", f.timer.Text)
	}
	// 902 without 905 breaks §4.3 S3: the check says so before starting.
	f.chars.SetSelected([]string{"901 Eduardo", "902 Simon", "903 Sofia"})
	if !strings.Contains(f.check.Text, "Not ready") {
		t.Fatalf("check: %q", f.check.Text)
	}
	f.chars.SetSelected([]string{"901 Eduardo", "902 Simon", "903 Sofia", "904 Ana"})
	f.chars.SetSelected([]string{"901 Eduardo", "902 Simon", "903 Sofia", "905 Pablo"})
	if !strings.HasPrefix(f.check.Text, "Ready") {
		t.Fatalf("check: %q", f.check.Text)
	}
	// Hand an item and ammo out; the rest stays on the truck.
	i := slices.Index(f.reserve, "046")
	if i < 0 {
		t.Fatalf("reserve %v", f.reserve)
	}
	f.itemTo[i].SetSelected("901 Eduardo")
	test.Type(f.ammo["901"], "9")
	tap(t, f.Start)
	if !strings.Contains(p.Message(), "at most 5 ammo") {
		t.Fatalf("ammo cap: %q", p.Message())
	}
	f.ammo["901"].SetText("5")
	if !strings.Contains(f.leftover.Text, "ammo 2 of 7") {
		t.Fatalf("leftover: %q", f.leftover.Text)
	}
	tap(t, f.Start)
	s := tb.st()
	if s.Phase != et.PhasePlaying {
		t.Fatalf("not started: %q", p.Message())
	}
	if c := s.Char("901"); !slices.Equal(c.Items, []string{"046"}) || c.Ammo != 5 || s.Scenario.TruckAmmo != 2 {
		t.Fatalf("901 %v %d; truck ammo %d", c.Items, c.Ammo, s.Scenario.TruckAmmo)
	}
	if !s.Char("905").Played {
		t.Fatal("Played box")
	}
}

func TestRoundWithEndOfRound(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	p := NewPlayScreen(tb.ctx)
	remember(tb.ctx, p, nil)
	tb.win.SetContent(p.Object())
	// An Event counter on space 7, drawn on the track.
	test.Type(p.evID, "001")
	test.Type(p.evSpace, "7")
	place := findButton(t, p.tableBox, "Place Event counter")
	tap(t, place)
	if !strings.Contains(p.Track.SpaceText(7), "001") {
		t.Fatalf("space 7: %q", p.Track.SpaceText(7))
	}
	// Sofia gets a Heavy Wound from her card.
	tap(t, p.Cards["903"].Buttons["wound"])
	if !tb.st().Char("903").Penalties.HeavyWound {
		t.Fatalf("no Heavy Wound: %q", p.Message())
	}
	// Turns until a board holds 4 cards: Next walks the steps; a card on
	// 903's board (Heavy Wound + 3 Action cards).
	g := Screens{}
	for turn := 0; tb.st().Scenario.Timer == 8; turn++ {
		if turn > 6 {
			t.Fatal("the round never ended")
		}
		if !g.Act(tb.ctx, shell.TabPlay, shell.Next) || !g.Act(tb.ctx, shell.TabPlay, shell.Next) {
			t.Fatal("Next not handled")
		}
		g.Act(tb.ctx, shell.TabPlay, shell.Next) // T3 asks for a board
		if !strings.Contains(p.Message(), "Play card here") {
			t.Fatalf("T3 hint: %q", p.Message())
		}
		tap(t, p.Cards["903"].PlayHere)
		if p.currentStep(tb.st().Scenario) != 3 {
			t.Fatal("after the card, the step is the end of the turn")
		}
		g.Act(tb.ctx, shell.TabPlay, shell.Next)
	}
	r := p.Results()
	if r == nil {
		t.Fatal("no end-of-round results")
	}
	lines := strings.Join(r.Lines(), "\n")
	for _, want := range []string{"Heavy Wound, 2 damage, life 10 → 8", "Timer 8 → 7", "First Player reads 001 – TIMER TOKEN", "resolve the section for 7", "Player 1 starts round 2"} {
		if !strings.Contains(lines, want) {
			t.Fatalf("results lack %q:\n%s", want, lines)
		}
	}
	// In the order of §5.3.
	order := []string{"E1", "E2", "E3 Timer", "E3 First Player", "E4", "E6"}
	last := -1
	for _, o := range order {
		i := strings.Index(lines, o)
		if i < last {
			t.Fatalf("%q out of order:\n%s", o, lines)
		}
		last = i
	}
	if c := tb.st().Char("903"); c.LP != 8 || c.ActionCards != 0 {
		t.Fatalf("903 after the round: %+v", c)
	}
	if !strings.Contains(p.Track.SpaceText(7), "Timer") {
		t.Fatal("the token moved to 7")
	}
	// The Timer paragraph is marked read from the results.
	tap(t, findButton(t, p.tableBox, "Mark 001 – TIMER TOKEN as read"))
	if !paragraphRead(tb.st(), "001 – TIMER TOKEN") {
		t.Fatal("not recorded")
	}
}

func TestLifeAmmoAndDeath(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	p := tb.play()
	c := p.Cards["902"]
	tap(t, c.Life.Minus)
	if tb.st().Char("902").LP != 9 {
		t.Fatal("minus on the life bar deals 1 damage")
	}
	// The ammo bar refuses to pass its cap without asking the rules.
	p.Cards["901"].Ammo.Step(+1)
	if !strings.Contains(p.Cards["901"].Ammo.Message(), "above 5") {
		t.Fatalf("ammo cap: %q", p.Cards["901"].Ammo.Message())
	}
	// A ranged attack with no ammo is refused with the rule.
	tap(t, p.Cards["903"].Buttons["ranged"])
	if !strings.Contains(p.Message(), "V6") {
		t.Fatalf("ranged with no ammo: %q", p.Message())
	}
	tap(t, p.Cards["903"].Buttons["damage"])
	f := p.last
	f.Items[0].Widget.(interface{ SetText(string) }).SetText("10")
	if err := f.Submit(); err != nil {
		t.Fatal(err)
	}
	dead := p.Cards["903"]
	if dead.Buttons["read"] == nil || !strings.Contains(dead.Buttons["read"].Text, "600-903") {
		t.Fatal("the death prompt names 600-903")
	}
	tap(t, dead.Buttons["read"])
	if !paragraphRead(tb.st(), "600-903") {
		t.Fatal("600-903 not recorded")
	}
	if p.Cards["903"].Buttons["read"].Text != "Read ✓" {
		t.Fatal("read mark")
	}
}

func TestEndWizardWithRefusedPurchase(t *testing.T) {
	tb := newTable(t)
	tb.do(et.NewCampaign{Players: 2, Roster: rosterEntries()})
	tb.do(et.StartScenario{Key: "A", TimerStart: 6}, et.GainItem{Char: "901", Item: "045"},
		et.RevealObjective{ID: "A-OBJ1"}, et.MarkPlot{N: 4}, et.MarkPlot{Cross: true, N: 1})
	p := tb.play()
	tap(t, findButton(t, p.tableBox, "The story ends the scenario…"))
	if err := p.last.Submit(); err != nil {
		t.Fatal(err)
	}
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
	if !strings.Contains(p.Message(), "SK can be bought from the end of B") {
		t.Fatalf("refusal: %q", p.Message())
	}
	// A Special Action card needs a basic card to replace.
	test.Type(z.SACName, "Second Wind")
	tap(t, z.BuySAC)
	if !strings.Contains(p.Message(), "V17") || z.SACName.Text != "Second Wind" {
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
	if !strings.Contains(p.Message(), "V15") {
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

func TestDiaryCorrectionAndExport(t *testing.T) {
	tb := newTable(t)
	tb.toB1()
	d := NewDiaryScreen(tb.ctx)
	tb.win.SetContent(d.Object())
	score := d.Fields["A/score"]
	if score == nil || !strings.Contains(score.Text, "Final score: 3") {
		t.Fatalf("score field %v", score)
	}
	tap(t, score)
	f := d.last
	e := f.Items[0].Widget.(*widget.Entry)
	e.SetText("-2")
	if err := f.Submit(); err == nil || !strings.Contains(f.Message(), "score") {
		t.Fatalf("a negative score is refused inside the form: %v %q", err, f.Message())
	}
	if e.Text != "-2" {
		t.Fatal("the typed value is kept")
	}
	e.SetText("5")
	if err := f.Submit(); err != nil {
		t.Fatal(err)
	}
	if tb.st().Section("A").Score != 5 || !strings.Contains(d.Fields["A/score"].Text, "5") {
		t.Fatalf("score %d, field %q", tb.st().Section("A").Score, d.Fields["A/score"].Text)
	}
	// A row's Fatigue, and the Played box through its check.
	tap(t, d.Fields["A/903/fatigue"])
	d.last.Items[0].Widget.(*widget.Entry).SetText("2")
	if err := d.last.Submit(); err != nil {
		t.Fatal(err)
	}
	if tb.st().Section("A").Row("903").Penalties.Fatigue != 2 || tb.st().Char("903").Penalties.Fatigue != 2 {
		t.Fatal("the row's Fatigue (and what B's setup reads)")
	}
	// The correction is an event with its own diary line.
	if !strings.Contains(tb.msgs[len(tb.msgs)-1], "Corrected by hand") {
		t.Fatalf("message %q", tb.msgs[len(tb.msgs)-1])
	}
	var buf bytes.Buffer
	if err := d.ExportTo(&buf); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	for _, want := range []string{"# Chronicle Diary", "## Scenario A", "Final score: 5", "Storybook: [x] B1"} {
		if !strings.Contains(md, want) {
			t.Fatalf("export lacks %q:\n%s", want, md)
		}
	}
	tap(t, d.Export) // opens the save dialog without failing
}

func TestSettingsChange(t *testing.T) {
	tb := newTable(t)
	tb.toB1()
	d := NewDiaryScreen(tb.ctx)
	tb.win.SetContent(d.Object())
	f := d.settings
	f.TimerMax.SetText("0")
	tap(t, f.Save)
	if !strings.Contains(d.Message(), "1 to 99") {
		t.Fatalf("refusal %q", d.Message())
	}
	f.TimerMax.SetText("16")
	f.PassFirst.SetChecked(true)
	tap(t, f.Save)
	if s := tb.st().Settings; s.TimerMax != 16 || !s.PassFirstPlayer {
		t.Fatalf("settings %+v", s)
	}
}

func TestEnemyActivationAndTrace(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	e := NewEnemyScreen(tb.ctx)
	remember(tb.ctx, nil, e)
	tb.win.SetContent(e.Object())
	tb.do(et.SetAliensOnMap{Module: 1, OnMap: 2})
	lines := strings.Join(e.Trace.Lines(), "\n")
	if !strings.Contains(lines, "§5.8") || !strings.Contains(lines, "Cascarudo") {
		t.Fatalf("trace:\n%s", lines)
	}
	if !(Screens{}).Act(tb.ctx, shell.TabEnemy, shell.Resolve) {
		t.Fatal("Resolve not handled")
	}
	acts := tb.st().Scenario.Activations
	menace := acts[len(acts)-2] // then the cubes were dealt again
	if !strings.Contains(menace.What, "Menace card: aliens activate: Cascarudo") || !strings.Contains(menace.Trace, "§5.8") {
		t.Fatalf("activation %+v", menace)
	}
	if !strings.Contains(textOf(e.scroll.Content), "Menace card: aliens activate") {
		t.Fatal("the history shows the activation")
	}
	// The cubes were dealt again after the Menace activation.
	if tb.st().Scenario.CubesOnTarget != 0 {
		t.Fatal("cubes not re-dealt")
	}
}

func TestParagraphHelper(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	h := tb.paragraphs(et.Rummage)
	test.Type(h.A, "901")
	test.Type(h.B, "232")
	if !slices.Equal(h.Found, []string{"232-901", "232-9XX", "232 (ANY INTERACTION)"}) {
		t.Fatalf("candidates %v", h.Found)
	}
	h.B.SetText("901")
	if !strings.Contains(h.hint.Text, "V23") {
		t.Fatalf("equal IDs: %q", h.hint.Text)
	}
	h.B.SetText("232")
	test.Type(h.By, "Eduardo")
	h.read("232-901")
	test.Type(h.Search, "eduardo")
	if got := h.HistoryLines(); len(got) != 1 || !strings.Contains(got[0], "232-901") {
		t.Fatalf("history %v", got)
	}
	h.Search.SetText("nothing like it")
	if got := h.HistoryLines(); len(got) != 1 || !strings.Contains(got[0], "No paragraph") {
		t.Fatalf("history %v", got)
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
	if !strings.Contains(view, "The campaign is lost") || !strings.Contains(view, "L1") {
		t.Fatalf("loss view:\n%s", view)
	}
	tap(t, findButton(t, p.scroll.Content, "Replay scenario C as the campaign stood after scenario B1"))
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
	tap(t, findButton(t, p.tableBox, "The story ends the scenario…"))
	if err := p.last.Submit(); err != nil {
		t.Fatal(err)
	}
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
	tap(t, p.wiz.Confirm)
	s := tb.st()
	if s.Phase != et.PhaseFinished || s.Quests[0] != "#E" || s.Quests[2] != "#F" {
		t.Fatalf("finale: %s %v (%q)", s.Phase, s.Quests, p.Message())
	}
	view := textOf(p.scroll.Content)
	if !strings.Contains(view, "Campaign won") || !strings.Contains(view, s.Band) {
		t.Fatalf("won view:\n%s", view)
	}
}

func TestAlertAndR02InB(t *testing.T) {
	tb := newTable(t)
	tb.toB1()
	tb.do(et.StartScenario{Key: "B1", TimerStart: 7})
	p := tb.play()
	if c := tb.st().Char("903"); c.LP != 10 {
		t.Fatal("B starts at 10 life")
	}
	tap(t, findButton(t, p.tableBoxFig, "Red"))
	if tb.st().Scenario.Alert != et.AlertRed {
		t.Fatal("alert red")
	}
	tap(t, findButton(t, p.tableBoxFig, "Rule card R-02 revealed: deal the Consumed cubes"))
	if !tb.st().Scenario.CubesActive {
		t.Fatalf("cubes: %q", p.Message())
	}
	// A figure revealed and damaged from its life bar.
	tap(t, findButton(t, p.tableBoxFig, "Reveal an NPC or Enemy…"))
	f := p.last
	f.Items[0].Widget.(*widget.Entry).SetText("701")
	f.Items[3].Widget.(interface{ SetText(string) }).SetText("3")
	if err := f.Submit(); err != nil {
		t.Fatal(err)
	}
	tap(t, findButton(t, p.tableBoxFig, "Damage…"))
	p.last.Items[0].Widget.(interface{ SetText(string) }).SetText("3")
	if err := p.last.Submit(); err != nil {
		t.Fatal(err)
	}
	if fig := tb.st().Scenario.Figures[0]; !fig.Defeated {
		t.Fatalf("figure %+v", fig)
	}
	// Ending the round in B with the alert red asks for the section for the
	// Timer's number in the red part (rulebook p.8 and p.20).
	for range 4 {
		tb.do(et.PlayCard{Char: "901"})
		if tb.st().Scenario.CardPlayed {
			p.endTurn()
		}
	}
	if r := p.Results(); r == nil || !strings.Contains(r.Menace, fmt.Sprintf("section for %d in its red part", tb.st().Scenario.Timer)) {
		t.Fatalf("results %+v", p.Results())
	}
}

// The rulebook's Sofia example (§7.8): card 1 + 2 icons on her board = 3;
// discarding one matching card makes 4.
func TestSkillTestSofia(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	p := tb.play()
	entry := func(ph string) *widget.Entry {
		var found *widget.Entry
		walk(p.tableBoxFig, func(o fyne.CanvasObject) {
			if e, ok := o.(*widget.Entry); ok && strings.HasPrefix(e.PlaceHolder, ph) {
				found = e
			}
		})
		if found == nil {
			t.Fatalf("no entry %q", ph)
		}
		return found
	}
	var sels []*widget.Select
	walk(p.tableBoxFig, func(o fyne.CanvasObject) {
		if s, ok := o.(*widget.Select); ok && slices.Contains(s.Options, "Science") {
			sels = append(sels, s)
		}
	})
	sels[0].SetSelected("Science")
	entry("value on the Character card").SetText("1")
	entry("matching icons").SetText("2")
	if !strings.Contains(textOf(p.tableBoxFig), "Science: 3") {
		t.Fatal("1 + 2 icons = 3")
	}
	entry("icons on each discarded").SetText("1")
	if !strings.Contains(textOf(p.tableBoxFig), "Science: 4") {
		t.Fatal("discarding a matching card makes 4")
	}
	entry("icons on each discarded").SetText("0")
	if !strings.Contains(textOf(p.tableBoxFig), "no matching icon") {
		t.Fatal("a card without the icon cannot be discarded")
	}
}

func TestSetupBagD5(t *testing.T) {
	tb := newTable(t)
	tb.toC()
	p := tb.play()
	f := p.setup
	f.chars.SetSelected([]string{"901 Eduardo", "902 Simon", "903 Sofia", "905 Pablo"})
	f.itemTo[slices.Index(f.reserve, "030")].SetSelected("901 Eduardo")
	f.itemTo[slices.Index(f.reserve, "011")].SetSelected("901 Eduardo" + inBag)
	if !strings.Contains(f.check.Text, "choose which of its items is the Bag") {
		t.Fatalf("check %q", f.check.Text)
	}
	f.bags["901"].SetSelected("030")
	tap(t, f.Start)
	c := tb.st().Char("901")
	if c.Bag != "030" || !slices.Equal(c.BagItems, []string{"011"}) || !slices.Equal(c.Items, []string{"030"}) {
		t.Fatalf("901: items %v bag %s %v (%q)", c.Items, c.Bag, c.BagItems, p.Message())
	}
}

func TestCorrectionsOnTheTable(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	p := tb.play()
	tap(t, findButton(t, p.tableBox, "Correct…"))
	f := p.last
	f.Items[0].Widget.(*widget.Select).SetSelected("active")
	f.Items[1].Widget.(*widget.Entry).SetText("3")
	if err := f.Submit(); err == nil || !strings.Contains(f.Message(), "active must be from 1 to 2") {
		t.Fatalf("a third player in a 2-player game: %v %q", err, f.Message())
	}
	f.Items[1].Widget.(*widget.Entry).SetText("2")
	if err := f.Submit(); err != nil || tb.st().Scenario.Active != 2 {
		t.Fatalf("active: %v", err)
	}
	tap(t, p.Cards["901"].Buttons["correct"])
	f = p.last
	f.Items[0].Widget.(*widget.Select).SetSelected("ammo")
	f.Items[1].Widget.(*widget.Entry).SetText("7")
	if err := f.Submit(); err != nil || tb.st().Char("901").Ammo != 5 {
		t.Fatalf("ammo clamps to 5: %v %d", err, tb.st().Char("901").Ammo)
	}
	tap(t, p.Cards["901"].Buttons["ability"])
	f = p.last
	f.Items[0].Widget.(*widget.Entry).SetText("PA-901")
	if err := f.Submit(); err != nil || tb.st().Char("901").PA.ID != "PA-901" {
		t.Fatalf("ability: %v", err)
	}
}

func TestFirstPlayerBeforeTheFirstTurn(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	p := tb.play()
	var sel *widget.Select
	walk(p.tableBox, func(o fyne.CanvasObject) {
		if s, ok := o.(*widget.Select); ok && slices.Contains(s.Options, "Player 2") {
			sel = s
		}
	})
	if sel == nil {
		t.Fatal("no First Player choice before the first turn")
	}
	sel.SetSelected("Player 2")
	if sc := tb.st().Scenario; sc.FirstPlayer != 2 || sc.Active != 2 {
		t.Fatalf("first player %d (%q)", sc.FirstPlayer, p.Message())
	}
}

func TestAttackHelper(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	p := tb.play()
	tap(t, p.Cards["901"].Buttons["attack"])
	f := p.last
	item := func(label string) fyne.CanvasObject {
		for _, it := range f.Items {
			if it.Text == label {
				return it.Widget
			}
		}
		t.Fatalf("no %q", label)
		return nil
	}
	item("Type").(*widgets.CheckRow).Check.SetChecked(true)
	cubes := item("Cubes").(*fyne.Container).Objects
	cubes[0].(*widget.Entry).SetText("3")
	cubes[1].(*widget.Entry).SetText("2")
	item("Damage").(*widget.Entry).SetText("4, 1, 1")
	fight := item("Fighting bonus").(*fyne.Container).Objects
	fight[0].(*widget.Entry).SetText("2")
	fight[1].(*widget.Entry).SetText("1")
	out := f.Items[len(f.Items)-1].Widget.(*widget.Label).Text
	if !strings.Contains(out, "space 1: 6, space 2: 3") {
		t.Fatalf("4 and 1, +2 Fighting each: %q", out)
	}
	if err := f.Submit(); err != nil || tb.st().Char("901").Ammo != 4 {
		t.Fatalf("a ranged attack spends 1 ammo: %v", err)
	}
}
