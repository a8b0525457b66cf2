package reich

import (
	"slices"
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
)

// TestCardDurationFromTheForm: §12.9 — the cards form offers how long an
// ongoing card lasts; a card played until the next hero's turn is shown on
// the dashboard and goes to the discard pile when the next turn starts.
func TestCardDurationFromTheForm(t *testing.T) {
	ctx, _ := newCtx(t)
	p := heroTurn(t, ctx)
	f := p.CardsForm("H1")
	lasts, ok := f.Field("Lasts").(*choiceField)
	if !ok || len(lasts.labels) != 3 || lasts.Value() != rb.DurUntilDiscarded || lasts.labels[0] != "until discarded" {
		t.Fatalf("the cards form offers durations %+v", lasts)
	}
	pick(t, f, "Action", "play")
	pick(t, f, "Lasts", "until the next hero's turn")
	submitOK(t, f) // a plain play: the duration does not apply
	f = p.CardsForm("H1")
	pick(t, f, "Action", "playOngoing")
	pick(t, f, "Lasts", "until the next hero's turn")
	submitOK(t, f)
	if h := st(ctx).Mission.HeroByID("H1"); h.InPlay != 1 || h.UntilNextHero != 1 {
		t.Fatalf("in play %d, until the next hero %d", h.InPlay, h.UntilNextHero)
	}
	if txt := uitest.Text(p.heroes); !strings.Contains(txt, "in play 1 (1 until the next hero's turn)") {
		t.Fatalf("the dashboard does not show the timed card:\n%s", txt)
	}
	f = p.CardsForm("H1")
	pick(t, f, "Action", "endEffect")
	submitRefused(t, f, "until discarded")
	p.Next() // H1's turn ends
	p.Next() // the enemy turn; H2's turn starts
	if m := st(ctx).Mission; m.Current != "H2" || m.Step != rb.StepHeroTurn {
		t.Fatalf("H2's turn did not start: %s %s (%s)", m.Current, m.Step, p.k.Message())
	}
	if h := st(ctx).Mission.HeroByID("H1"); h.InPlay != 0 || h.Discard != 2 {
		t.Fatalf("the card did not go to the discard pile: in play %d, discard %d", h.InPlay, h.Discard)
	}
}

// TestCounterFromThePendingAttack: §12.1 Counter — while a hero with
// Counter has a defence test to make, the pending attack offers a counter
// attack on a unit that made it, outside the hero's own turn.
func TestCounterFromThePendingAttack(t *testing.T) {
	ctx, _ := newCtx(t)
	p := heroTurn(t, ctx)
	h := *st(ctx).Mission.HeroByID("H1")
	h.Skills = append(h.Skills, rb.Skill{ID: "Counter", Type: rb.SkillDefence, Active: true})
	must(t, ctx, rb.CorrectHero{Hero: h, Reason: "test: Counter bought"})
	must(t, ctx, rb.Override{Reason: "test", Place: []rb.UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "GR", Area: "B1"}},
		Awareness: map[string]content.Awareness{"R1": content.Alert}})
	var attacker, other string
	for _, u := range st(ctx).Mission.Units {
		if u.Area == "A1" {
			attacker = u.ID
		} else {
			other = u.ID
		}
	}
	p.Next() // H1's turn ends
	p.Next() // the enemy turn: the grunt attacks H1
	m := st(ctx).Mission
	if len(m.Pending) != 1 || m.Pending[0].Defenders[0] != "H1" {
		t.Fatalf("want the grunt's attack on H1: %+v (%s)", m.Pending, p.k.Message())
	}
	if !strings.Contains(uitest.Text(p.pending), "[Counter…]") {
		t.Fatalf("the pending attack offers no counter:\n%s", uitest.Text(p.pending))
	}
	f := p.CounterForm(0)
	pick(t, f, "Weapon", "1") // the knife, in melee
	if tf := f.Field("Target").(*picksField); slices.Contains(tf.options, other) || !slices.Contains(tf.options, attacker) {
		t.Fatalf("the counter offers targets %v: only the units that attacked (%s), not %s", tf.options, attacker, other)
	}
	setEntry(t, f, "Target", attacker)
	setEntry(t, f, "Total", "5")
	submitOK(t, f)
	if st(ctx).Mission.UnitByID(attacker) != nil {
		t.Fatal("the counter attack did not kill the grunt")
	}
	if strings.Contains(uitest.Text(p.pending), "[Counter…]") {
		t.Fatal("Counter is offered twice on one defence test")
	}
	// Undo takes the counter back: the grunt returns and Counter is offered again.
	if _, ok := ctx.Run(ctx.Session.Undo); !ok {
		t.Fatal("undo failed")
	}
	if st(ctx).Mission.UnitByID(attacker) == nil || !strings.Contains(uitest.Text(p.pending), "[Counter…]") {
		t.Fatalf("after undo: grunt %v, pending\n%s", st(ctx).Mission.UnitByID(attacker), uitest.Text(p.pending))
	}
	f = p.CounterForm(0)
	pick(t, f, "Weapon", "1")
	setEntry(t, f, "Target", attacker)
	setEntry(t, f, "Total", "5")
	submitOK(t, f)
	d := p.DefendForm(0)
	setEntry(t, d, "Defence total", "9")
	submitOK(t, d)
	p.Next() // the enemy turn goes on after the defence test (§7.5.5)
	if st(ctx).Mission.Current != "H2" {
		t.Fatalf("H2's turn did not follow: %s", p.k.Message())
	}
}

// TestDownedByWoundsEndsTurnWithClearedToken: §5.2 — wound cards that down
// the hero before any action end the turn at once, and the turn's end
// places the cleared token of a room with no enemy units.
func TestDownedByWoundsEndsTurnWithClearedToken(t *testing.T) {
	ctx, _ := newCtx(t)
	p := heroTurn(t, ctx)
	for range 4 {
		f := p.WoundForm("H1")
		setEntry(t, f, "Card", "W")
		submitOK(t, f)
	}
	m := st(ctx).Mission
	if m.Step != rb.StepEnemyTurn || !m.Cleared["R1"] {
		t.Fatalf("step %s, R1 cleared %v (%s)", m.Step, m.Cleared["R1"], p.k.Message())
	}
}

// TestSurgeDownedNoiseTestFromTheScreen: §5.2, §6.2 step 5 — a surge that
// downs the attacker leaves the attack's noise test to record; the screen
// offers it and no further action, and the turn ends after it.
func TestSurgeDownedNoiseTestFromTheScreen(t *testing.T) {
	ctx, _ := newCtx(t)
	p := heroTurn(t, ctx)
	must(t, ctx, rb.Override{Reason: "test", Place: []rb.UnitPlacement{{Code: "GR", Area: "A1"}}})
	for range 3 {
		must(t, ctx, rb.WoundHero{Hero: "H1", Mode: "auto", Card: "W"})
	}
	a := p.AttackForm("H1")
	pick(t, a, "Weapon", "1")
	setEntry(t, a, "Targets", st(ctx).Mission.Units[0].ID)
	setEntry(t, a, "Total", "5")
	submitOK(t, a)
	w := p.WoundForm("H1")
	pick(t, w, "From", "surge")
	setEntry(t, w, "Card", "W4")
	submitOK(t, w)
	m := st(ctx).Mission
	if m.Step != rb.StepHeroTurn || !m.HeroByID("H1").Turn.Ending {
		t.Fatalf("the turn did not wait for the noise test: %s", m.Step)
	}
	txt := uitest.Text(p.actions)
	if strings.Contains(txt, "[Move]") || !strings.Contains(txt, "[Noise test]") || !strings.Contains(txt, "downed during this action") {
		t.Fatalf("actions offered after the downing surge:\n%s", txt)
	}
	n := p.NoiseForm()
	setEntry(t, n, "Total", "0")
	submitOK(t, n)
	m = st(ctx).Mission
	if m.Step != rb.StepEnemyTurn || !m.Cleared["R1"] {
		t.Fatalf("after the noise test: step %s, R1 cleared %v", m.Step, m.Cleared["R1"])
	}
}

// TestEnemyTurnWaitsForEachDefence: §7.2, §7.5.5 — the enemy turn stops
// after the grunt's attack; the screen says it goes on after the defence
// test, which downs H1; Next carries the turn on and the hound, who would
// have attacked H1, attacks H2.
func TestEnemyTurnWaitsForEachDefence(t *testing.T) {
	ctx, _ := newCtx(t)
	p := heroTurn(t, ctx)
	for range 3 {
		must(t, ctx, rb.WoundHero{Hero: "H1", Mode: "auto", Card: "W"})
	}
	must(t, ctx, rb.Override{Reason: "test", Place: []rb.UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "DG", Area: "A1"}},
		Awareness: map[string]content.Awareness{"R1": content.Alert}})
	p.Next() // H1's turn ends
	p.Next() // the enemy turn: the grunt attacks H1, then waits
	m := st(ctx).Mission
	if len(m.Pending) != 1 || m.Pending[0].Code != "GR" || m.Pending[0].Defenders[0] != "H1" || m.Paused == nil {
		t.Fatalf("want the grunt's attack on H1 and the turn paused: %+v (%s)", m.Pending, p.k.Message())
	}
	txt := uitest.Text(p.pending)
	if !strings.Contains(txt, "enemy turn is paused") || !strings.Contains(txt, "[Defend…]") {
		t.Fatalf("the waiting attack should say the enemy turn goes on after it:\n%s", txt)
	}
	if !strings.Contains(p.header.Text, "then it goes on") || !strings.Contains(p.NextButton.Text, "then the enemy turn goes on") {
		t.Fatalf("header %q, Next %q", p.header.Text, p.NextButton.Text)
	}
	p.Next() // refused: the defence test comes first
	if st(ctx).Mission.Paused == nil || len(st(ctx).Mission.Pending) != 1 {
		t.Fatal("Next went past the defence test")
	}
	d := p.DefendForm(0)
	setEntry(t, d, "Defence total", "0")
	setEntry(t, d, "Wound card", "W4")
	setEntry(t, d, "Threshold", "1")
	submitOK(t, d)
	m = st(ctx).Mission
	if !m.HeroByID("H1").Downed() || m.Paused == nil || m.Step != rb.StepEnemyTurn {
		t.Fatalf("H1 should be downed and the enemy turn still paused: step %s", m.Step)
	}
	if p.NextButton.Text != "Continue the enemy turn" || !strings.Contains(uitest.Text(p.pending), "enemy turn goes on") {
		t.Fatalf("Next %q, pending:\n%s", p.NextButton.Text, uitest.Text(p.pending))
	}
	if !(Screens{}).Act(ctx, shell.TabPlay, shell.Next) {
		t.Fatal("Next was not handled")
	}
	m = st(ctx).Mission
	if len(m.Pending) != 1 || m.Pending[0].Code != "DG" || m.Pending[0].Defenders[0] != "H2" {
		t.Fatalf("the hound should attack H2, not the downed H1: %+v (%s)", m.Pending, p.k.Message())
	}
	d = p.DefendForm(0)
	setEntry(t, d, "Defence total", "9")
	submitOK(t, d)
	if e := gameOf(ctx).enemy; e.ResolveButton.Disabled() || e.ResolveButton.Text != "Continue the enemy turn" {
		t.Fatalf("the enemy screen's button: %q, disabled %v", e.ResolveButton.Text, e.ResolveButton.Disabled())
	}
	p.Next()
	m = st(ctx).Mission
	if m.Paused != nil || m.Step != rb.StepHeroTurn || m.Current != "H2" {
		t.Fatalf("H2's turn should follow the enemy turn: step %s, current %s (%s)", m.Step, m.Current, p.k.Message())
	}
	if strings.Contains(uitest.Text(p.pending), "paused") {
		t.Fatal("the pause note outlived the enemy turn")
	}
}

// TestReadyFormReadiesThePortal: §11.3, V-10 — in Not of this Earth! the
// ready form offers the portal next to the hero; without a vril orb named
// it is refused and nothing changes, with one the token comes off, and
// Undo puts it back with the orb.
func TestReadyFormReadiesThePortal(t *testing.T) {
	ctx, _ := newCtx(t)
	must(t, ctx, rb.ImportContent{Data: testContent(t)})
	must(t, ctx, rb.SetSetting{Key: "notOfThisEarth", Value: "true"})
	hero := func(id, name string) rb.HeroSetup {
		return rb.HeroSetup{ID: id, Name: name, Area: "A1", Defence: 3, Weapons: [2]rb.Weapon{{Name: "Rifle", Range: 3}, {Name: "Knife"}}}
	}
	must(t, ctx, rb.StartMission{Mission: "M1", Mode: rb.ModeNoteRaid, Faction: "F1", AlienWorld: 5, Heroes: []rb.HeroSetup{hero("H1", "Ana"), hero("H2", "Bo")}})
	Screens{}.Play(ctx)
	Screens{}.Enemy(ctx)
	Screens{}.Campaign(ctx)
	p := gameOf(ctx).play
	must(t, ctx, rb.SetTurnOrder{Order: []string{"H1", "H2"}})
	must(t, ctx, rb.PlacePortal{Area: "A2", Tokens: 1})
	h := *st(ctx).Mission.HeroByID("H1")
	h.Items = []rb.Item{{Name: "Orb", Kind: rb.ItemVrilOrb}}
	must(t, ctx, rb.CorrectHero{Hero: h, Reason: "test: an orb"})

	f := p.ReadyForm("H1")
	pick(t, f, "What", "portal")
	submitRefused(t, f, "vril orb")
	if m := st(ctx).Mission; m.Portal.Tokens != 1 || len(m.HeroByID("H1").Items) != 1 {
		t.Fatalf("a refused ready changed the table: portal %+v, items %+v", m.Portal, m.HeroByID("H1").Items)
	}
	pick(t, f, "Vril orb spent", "0")
	submitOK(t, f)
	if m := st(ctx).Mission; m.Portal.Tokens != 0 || len(m.HeroByID("H1").Items) != 0 {
		t.Fatalf("portal %+v, items %+v; want its token gone and the orb spent", m.Portal, m.HeroByID("H1").Items)
	}
	if _, ok := ctx.Run(ctx.Session.Undo); !ok {
		t.Fatal("undo failed")
	}
	if m := st(ctx).Mission; m.Portal.Tokens != 1 || len(m.HeroByID("H1").Items) != 1 {
		t.Fatalf("after undo: portal %+v, items %+v", m.Portal, m.HeroByID("H1").Items)
	}
}

// TestAlarmFreeTurnThroughNext: §5.6 steps 6–7, §7.5.5 — at the end of a
// round with the alarm pending, Next sounds it; the free enemy turn stops
// for each defence test (Next refuses until it is recorded, and changes
// nothing), then Next carries it on, and once it is over the marker is on
// post-alarm space 1. Undo takes the last step back into the paused turn.
func TestAlarmFreeTurnThroughNext(t *testing.T) {
	ctx, _ := newCtx(t)
	p := startRaid(t, ctx)
	p.Order = []string{"H2", "H1"}
	p.Next()
	must(t, ctx, rb.Override{Reason: "test", Place: []rb.UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "DG", Area: "A1"}}})
	defendAll := func() {
		t.Helper()
		for len(st(ctx).Mission.Pending) > 0 {
			f := p.DefendForm(0)
			setEntry(t, f, "Defence total", "9")
			submitOK(t, f)
		}
	}
	for i := 0; !(st(ctx).Mission.Step == rb.StepHeroTurn && st(ctx).Mission.Current == "H1"); i++ {
		if i > 10 {
			t.Fatalf("H1's turn never came: %s (%s)", st(ctx).Mission.Step, p.k.Message())
		}
		defendAll()
		p.Next()
	}
	must(t, ctx, rb.AdjustTracker{By: 4, Reason: "test: set the alarm off"})
	if m := st(ctx).Mission; m.Step != rb.StepEndOfRound || !m.Tracker.AlarmPending {
		t.Fatalf("the alarm should be pending at the end of round: %s, %+v", m.Step, m.Tracker)
	}
	p.Next() // the end of round: the alarm sounds, its free turn attacks
	// The alarm turns the face-down tokens over: the players give their icons.
	for i, q := 0, p.k.Asked; q != nil; i, q = i+1, p.k.Asked {
		if i > 10 || !strings.Contains(q.Question, "spawn icons") {
			t.Fatalf("question %d: %q", i, q.Question)
		}
		if err := q.AnswerIcons([]content.Level{content.Green}); err != nil {
			t.Fatal(err)
		}
	}
	m := st(ctx).Mission
	if m.Paused == nil || !m.Paused.Progress.Free || len(m.Pending) == 0 {
		t.Fatalf("the free turn should wait for a defence test: paused %+v, pending %+v (%s)", m.Paused, m.Pending, p.k.Message())
	}
	before := ctx.Session.LastSeq()
	p.Next()
	if ctx.Session.LastSeq() != before || !strings.Contains(p.k.Message(), "defence tests first") {
		t.Fatalf("Next with a defence test pending: %q, %d events after %d", p.k.Message(), ctx.Session.LastSeq(), before)
	}
	for i := 0; st(ctx).Mission.Paused != nil; i++ {
		if i > 10 {
			t.Fatal("the free turn never ended")
		}
		defendAll()
		if st(ctx).Mission.Paused != nil {
			p.Next()
		}
	}
	if m := st(ctx).Mission; m.Tracker.Section != "post" || m.Tracker.Pos != 1 || m.Tracker.AlarmPending {
		t.Fatalf("after the free turn: tracker %+v", m.Tracker)
	}
	if _, ok := ctx.Run(ctx.Session.Undo); !ok {
		t.Fatal("undo failed")
	}
	if m := st(ctx).Mission; m.Paused == nil || m.Tracker.Section != "pre" {
		t.Fatalf("undo should go back into the paused free turn: paused %+v, tracker %+v", m.Paused, m.Tracker)
	}
}
