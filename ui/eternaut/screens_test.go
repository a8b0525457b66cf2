package eternaut

import (
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

func TestRoundWithEndOfRound(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	p := NewPlayScreen(tb.ctx)
	remember(tb.ctx, p, nil)
	tb.win.SetContent(p.Object())
	// An Event counter on space 7, drawn on the track.
	tap(t, findButton(t, p.tableBox, "Place an Event counter…"))
	p.last.Items[0].Widget.(*widget.Select).SetSelected("001")
	p.last.Items[1].Widget.(*spin).Set(7)
	if err := p.last.Submit(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Track.SpaceText(7), "001") {
		t.Fatalf("space 7: %q", p.Track.SpaceText(7))
	}
	// Sofia gets a Heavy Wound from her card.
	p.Cards["903"].More()
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
	// In the order of the rulebook's end of round (p.8; spec §5.3).
	order := []string{"Action cards go to the discard", "Heavy Wound, 2 damage", "Timer 8", "First Player reads", "Reveal a Menace card", "starts round 2"}
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
	// The ammo stepper stops at its cap without asking the rules.
	if !p.Cards["901"].Ammo.Plus.Disabled() {
		t.Fatal("ammo 5: its + is not disabled")
	}
	// A ranged attack with no ammo cannot be tapped, and says why.
	d := p.Cards["903"].More()
	if !p.Cards["903"].Buttons["ranged"].Disabled() || !strings.Contains(textOf(d.Content()), "No ammo.") {
		t.Fatal("a ranged attack with no ammo can be tapped")
	}
	tap(t, p.Cards["903"].Buttons["damage"])
	f := p.last
	f.Items[0].Widget.(*spin).Set(10)
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

func TestEnemyActivationAndTrace(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	e := NewEnemyScreen(tb.ctx)
	remember(tb.ctx, nil, e)
	tb.show(e.Object())
	tb.do(et.SetAliensOnMap{Module: 1, OnMap: 2})
	if e.OrderLine.Text != "Cascarudo (module 1)" {
		t.Fatalf("order %q", e.OrderLine.Text)
	}
	lines := strings.Join(e.Trace.Lines(), "\n")
	if !strings.Contains(lines, "§5.8") || !strings.Contains(lines, "Cascarudo") {
		t.Fatalf("trace:\n%s", lines)
	}
	if !(Screens{}).Act(tb.ctx, shell.TabEnemy, shell.Resolve) {
		t.Fatal("Resolve not handled")
	}
	acts := tb.st().Scenario.Activations
	menace := acts[len(acts)-2] // then the cubes were dealt again
	if !strings.Contains(menace.What, "Menace card activation from Cascarudo, the only alien deck: Cascarudo draws its top Alien card") || !strings.Contains(menace.Trace, "§5.8") {
		t.Fatalf("activation %+v", menace)
	}
	if txt := textOf(e.Object()); !strings.Contains(txt, "Menace card activation from Cascarudo") || strings.Contains(txt, "§") || !strings.Contains(txt, "(Rulebook p.24)") {
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
	if !strings.Contains(h.hint.Text, "two different IDs") {
		t.Fatalf("equal IDs: %q", h.hint.Text)
	}
	h.B.SetText("232")
	test.Type(h.By, "Eduardo")
	h.read(nil, "232-901")
	test.Type(h.Search, "eduardo")
	if got := h.HistoryLines(); len(got) != 1 || !strings.Contains(got[0], "232-901") {
		t.Fatalf("history %v", got)
	}
	h.Search.SetText("nothing like it")
	if got := h.HistoryLines(); len(got) != 1 || !strings.Contains(got[0], "No paragraph") {
		t.Fatalf("history %v", got)
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
	f.Items[0].Widget.(*widgets.TextEntry).SetText("701")
	f.Items[3].Widget.(*spin).Set(3)
	if err := f.Submit(); err != nil {
		t.Fatal(err)
	}
	tap(t, findButton(t, p.tableBoxFig, "Damage…"))
	p.last.Items[0].Widget.(*spin).Set(3)
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
	entry := func(ph string) *widgets.TextEntry {
		var found *widgets.TextEntry
		walk(p.tableBoxFig, func(o fyne.CanvasObject) {
			if e, ok := o.(*widgets.TextEntry); ok && strings.HasPrefix(e.PlaceHolder, ph) {
				found = e
			}
		})
		if found == nil {
			t.Fatalf("no entry %q", ph)
		}
		return found
	}
	stepper := func(prefix string) *spin {
		var found *spin
		walk(p.tableBoxFig, func(o fyne.CanvasObject) {
			if sp, ok := o.(*spin); ok && strings.HasPrefix(sp.Text(), prefix) {
				found = sp
			}
		})
		if found == nil {
			t.Fatalf("no stepper %q", prefix)
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
	tap(t, stepper("Card").Plus)
	tap(t, stepper("Board icons").Plus)
	tap(t, stepper("Board icons").Plus)
	if !strings.Contains(textOf(p.tableBoxFig), "Science: 3") {
		t.Fatal("1 + 2 icons = 3")
	}
	entry("icons on each card discarded").SetText("1")
	if !strings.Contains(textOf(p.tableBoxFig), "Science: 4") {
		t.Fatal("discarding a matching card makes 4")
	}
	entry("icons on each card discarded").SetText("0")
	if !strings.Contains(textOf(p.tableBoxFig), "no matching icon") {
		t.Fatal("a card without the icon cannot be discarded")
	}
}

func TestCorrectionsOnTheTable(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	p := tb.play()
	tap(t, findButton(t, p.tableBox, "Correct by hand…"))
	f := p.last
	f.Items[0].Widget.(*widget.Select).SetSelected("The player whose turn it is")
	n := f.Items[1].Widget.(*spin)
	n.Set(3)
	if n.Value != 1 || n.Max != 2 {
		t.Fatalf("a third player in a 2-player game: %d", n.Value)
	}
	n.Set(2)
	if err := f.Submit(); err != nil || tb.st().Scenario.Active != 2 {
		t.Fatalf("active: %v", err)
	}
	p.Cards["901"].More()
	tap(t, p.Cards["901"].Buttons["correct"])
	f = p.last
	f.Items[0].Widget.(*widget.Select).SetSelected("Ammo")
	f.Items[1].Widget.(*spin).Set(3)
	if err := f.Submit(); err != nil || tb.st().Char("901").Ammo != 3 {
		t.Fatalf("ammo: %v %d", err, tb.st().Char("901").Ammo)
	}
	p.Cards["901"].More()
	tap(t, p.Cards["901"].Buttons["ability"])
	f = p.last
	f.Items[0].Widget.(*widgets.TextEntry).SetText("PA-901")
	if err := f.Submit(); err != nil || tb.st().Char("901").PA.ID != "PA-901" {
		t.Fatalf("ability: %v", err)
	}
}

func TestAttackHelper(t *testing.T) {
	tb := newTable(t)
	tb.inC()
	p := tb.play()
	p.Cards["901"].More()
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
	item("Most cubes on the card").(*spin).Set(3)
	item("Cubes placed").(*spin).Set(2)
	item("Damage").(*widgets.TextEntry).SetText("4, 1, 1")
	item("Fighting").(*spin).Set(2)
	item("Fighting the bonus needs").(*spin).Set(1)
	out := f.Items[len(f.Items)-1].Widget.(*widget.Label).Text
	if !strings.Contains(out, "space 1: 6, space 2: 3") {
		t.Fatalf("4 and 1, +2 Fighting each: %q", out)
	}
	if err := f.Submit(); err != nil || tb.st().Char("901").Ammo != 4 {
		t.Fatalf("a ranged attack spends 1 ammo: %v", err)
	}
}
