package alone

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

var t0 = time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)

// game opens a fresh Alone campaign over a memory store, set up from the
// practice set in a mode (none: not set up); edit changes the choice or
// the set first.
func game(t *testing.T, mode string, edit func(*ta.SetupChoice, *ta.Content)) (*shell.Context, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	return open(t, mode, edit)
}

func gameB(b *testing.B, mode string) (*shell.Context, fyne.Window) {
	test.NewTempApp(b)
	return open(b, mode, nil)
}

func open(t testing.TB, mode string, edit func(*ta.SetupChoice, *ta.Content)) (*shell.Context, fyne.Window) {
	mem := tracker.NewMemStore()
	c, err := tracker.NewCampaign(tracker.Alone, "Alone UI test", 42, t0)
	if err != nil {
		t.Fatal(err)
	}
	if err := mem.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(mem, ta.Rules{}, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	s.SetClock(func() time.Time { return t0 })
	w := test.NewWindow(container.NewStack())
	w.Resize(fyne.NewSize(1280, 800))
	t.Cleanup(w.Close)
	ctx := shell.NewContext(s, w, shell.Hooks{})
	if mode != "" {
		set, err := practiceSet()
		if err != nil {
			t.Fatal(err)
		}
		ch := practiceChoice
		ch.Mode = ta.Mode(mode)
		if mode != "solo" {
			ch.EvilPlayers = []string{"Bea", "Carl"}
		}
		if edit != nil {
			edit(&ch, set)
		}
		cmds, ps := set.Commands(ch, nil)
		if len(ps) > 0 {
			t.Fatalf("setup: %v", ps)
		}
		for _, cmd := range cmds {
			if _, err := s.Do(cmd); err != nil {
				t.Fatalf("setup %T: %v", cmd, err)
			}
		}
	}
	return ctx, w
}

func state(ctx *shell.Context) *ta.State { return ctx.Session.State().(*ta.State) }

func mustSee(t *testing.T, o fyne.CanvasObject, want string) {
	t.Helper()
	if !strings.Contains(uitest.TextWithEntries(o), want) {
		t.Fatalf("%q not on screen:\n%s", want, uitest.TextWithEntries(o))
	}
}

func mustNotSee(t *testing.T, o fyne.CanvasObject, bad string) {
	t.Helper()
	if strings.Contains(uitest.TextWithEntries(o), bad) {
		t.Fatalf("%q is on screen but must not be:\n%s", bad, uitest.TextWithEntries(o))
	}
}

// walk visits every visible object under o.
func walk(o fyne.CanvasObject, fn func(fyne.CanvasObject) bool) {
	if o == nil || !o.Visible() {
		return
	}
	if !fn(o) {
		return
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, fn)
		}
	case *container.Scroll:
		walk(x.Content, fn)
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, fn)
		}
	}
}

func findButton(t *testing.T, o fyne.CanvasObject, label string) *widget.Button {
	t.Helper()
	var found *widget.Button
	walk(o, func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok && found == nil && strings.HasPrefix(b.Text, label) {
			found = b
		}
		return found == nil
	})
	if found == nil {
		t.Fatalf("no button %q:\n%s", label, uitest.TextWithEntries(o))
	}
	return found
}

// tap taps an enabled button by its label's start.
func tap(t *testing.T, o fyne.CanvasObject, label string) {
	t.Helper()
	b := findButton(t, o, label)
	if b.Disabled() {
		t.Fatalf("button %q is disabled:\n%s", label, uitest.TextWithEntries(o))
	}
	test.Tap(b)
}

// show puts a screen in the window under the frame's feedback layer, so
// answers show next to what was tapped.
func show(w fyne.Window, o fyne.CanvasObject) {
	w.SetContent(widgets.NewFeedbackLayer(o))
}

// mustSay fails unless the answer beside the control just tapped says
// want.
func mustSay(t *testing.T, w fyne.Window, want string) {
	t.Helper()
	got, _ := widgets.ShowingFeedback(w.Canvas())
	if !strings.Contains(got, want) {
		t.Fatalf("the answer beside the tap is %q, want %q", got, want)
	}
}

// mustTell fails unless the players are told want: in the answer beside
// the control just tapped, or, where no place beside it is free, in what
// the kit said (the frame's message line shows it).
func mustTell(t *testing.T, w fyne.Window, k *kit, want string) {
	t.Helper()
	got, _ := widgets.ShowingFeedback(w.Canvas())
	if !strings.Contains(got, want) && !strings.Contains(k.said, want) {
		t.Fatalf("the players are told %q beside the tap and %q, want %q", got, k.said, want)
	}
}

// top is the dialog showing over the window, if any.
func top(w fyne.Window) fyne.CanvasObject {
	return w.Canvas().Overlays().Top()
}

func TestFirstScreenSetsUpAnEmptyCampaign(t *testing.T) {
	ctx, w := game(t, "", nil)
	p := NewPlayScreen(ctx)
	show(w, p.Object())
	mustSee(t, p.Object(), "Set up this game of Alone")
	// The practice set is chosen and its cards picked: one tap starts.
	mustSee(t, p.Object(), "practice content — not the printed cards")
	tap(t, p.Object(), "Start the game")
	if s := state(ctx); !s.Started || s.Mode != ta.Solo || s.Content == nil || !s.Content.Practice {
		t.Fatalf("not started:\n%s", uitest.TextWithEntries(p.Object()))
	}
	mustSee(t, p.Object(), "Turn tokens")
}

func TestHeroSheetDamageOverflowsAndRecoveryStopsAtTheCap(t *testing.T) {
	ctx, w := game(t, "bookkeeping", nil)
	p := NewPlayScreen(ctx)
	show(w, p.Object())
	mustSee(t, p.Object(), "Life 12 · Self Control 12 · Healing Cap 12")
	// Points are tapped, never typed: they cannot go below 1.
	test.Tap(p.dmgN.minus)
	if p.dmgN.Value != 1 || !p.dmgN.minus.Disabled() {
		t.Fatalf("points %d", p.dmgN.Value)
	}
	// Life 1 taking 3 Life damage: Life 0, the other 2 overflow into SC.
	ctx.Do(ta.Correct{Field: "life", Value: 1})
	p.dmgKind.SetSelected("Life")
	test.Tap(p.dmgN.plus)
	test.Tap(p.dmgN.plus)
	p.dmgSource.SetText("Fury card")
	tap(t, p.Object(), "Deal damage")
	s := state(ctx)
	if s.Life != 0 || s.SC != 10 {
		t.Fatalf("Life %d SC %d", s.Life, s.SC)
	}
	mustSee(t, p.Object(), "Fury card: 3 Life damage, Life 1 → 0, SC 12 → 10 (2 overflowed)")
	if got := p.tracks.Text(); !strings.Contains(got, "Life 0/12") || !strings.Contains(got, "Self Control 10/12") {
		t.Fatalf("tracks: %s", got)
	}
	// Recover stops at the Healing Cap.
	ctx.Do(ta.Correct{Field: "roundMarker", Value: 1})
	p.dmgKind.SetSelected("Self Control")
	test.Tap(p.dmgN.minus)
	p.dmgSource.SetText("")
	tap(t, p.Object(), "Recover")
	mustSee(t, p.Object(), "Recovery: recover 2 Self Control, 10 → 10 (Healing Cap 5)")

	// An Adrenaline Recover that heals nothing is refused, with the Turn
	// not started.
	p.turn.recover.SetSelected("Recover 1 Self Control")
	test.Tap(p.turn.startBtn)
	if !p.k.bad || !strings.Contains(p.k.said, "would heal nothing") && !strings.Contains(p.k.said, "heal") {
		t.Fatalf("not refused: %q", p.k.said)
	}
	mustSay(t, w, p.k.said)
	if state(ctx).T.Started {
		t.Fatal("a refused Turn start was recorded")
	}
}

func TestTurnWithAReaction(t *testing.T) {
	ctx, w := game(t, "assist", nil)
	p := NewPlayScreen(ctx)
	e := NewEnemyScreen(ctx)
	show(w, container.NewGridWithColumns(2, p.Object(), e.Object()))
	g := &Screens{plays: map[*shell.Context]*PlayScreen{ctx: p}, enems: map[*shell.Context]*EnemyScreen{ctx: e}}

	// A Reaction before any Action is refused.
	e.rf.effect.SetSelected("Only the card's text")
	e.rf.sync()
	tap(t, e.Object(), "Play the Reaction")
	mustSay(t, w, "none has been declared this Turn")

	// Locate the Pump Hall and the nearest Stairs: two picks and a tap,
	// which flips the Turn token first.
	p.turn.pad.locKind[0].SetSelected("Room")
	p.turn.pad.locOptions(0)
	p.turn.pad.locWhat[0].SetSelected("the Pump Hall")
	p.turn.pad.locWhat[1].SetSelected("the nearest Stairs")
	tap(t, p.Object(), "Locate")
	s := state(ctx)
	if len(s.T.Actions) != 1 || s.T.Actions[0] != ta.Locate || s.TurnsUsed != 1 {
		t.Fatalf("actions %v:\n%s", s.T.Actions, uitest.TextWithEntries(p.Object()))
	}
	mustSee(t, p.Object(), "Pump Hall")

	// The suggestion shows its explanation without recording anything.
	n := ctx.Session.LastSeq()
	if !g.Act(ctx, shell.TabEnemy, shell.Resolve) || ctx.Session.LastSeq() != n {
		t.Fatal("the suggestion recorded something")
	}
	if len(e.suggest.Lines()) == 0 {
		t.Fatal("no explanation shown for the suggestion")
	}

	// A Standard Reaction: Spawn a Worm where it is legal, picked from the
	// legal Sectors.
	e.rf.effect.SetSelected("Spawn")
	e.rf.sync()
	e.rf.spawnType.SetSelected("Worm")
	e.rf.showLegal()
	if len(e.rf.spawnAt.sel.Options) == 0 {
		t.Fatal("no legal Spawn offered")
	}
	e.rf.spawnAt.sel.SetSelected(e.rf.spawnAt.sel.Options[0])
	tap(t, e.Object(), "Play the Reaction")
	s = state(ctx)
	if s.T.Reactions != 1 || len(s.Track) != 1 || len(s.Map.Creatures) != 1 {
		t.Fatalf("reaction not played: %+v\n%s", s.T, uitest.TextWithEntries(e.Object()))
	}
	mustSee(t, e.Object(), "This Turn: 1 Reaction of 2. 9 spaces free.")
	if got := e.track.Text(); got[0] != "T1" || got[len(got)-1] != "!" {
		t.Fatalf("track %v", got)
	}
	mustSee(t, e.assistMap.obj, "Wo1")
	// What the Evil players must Communicate now.
	if said := state(ctx).Heard; len(said) == 0 || !strings.Contains(uitest.TextWithEntries(e.tell), said[len(said)-1].Say) {
		t.Fatalf("nothing to tell: %v\n%s", said, uitest.TextWithEntries(e.tell))
	}
	// A second card is a combo over 2 spaces (here the Worm stays put); a
	// third card is refused.
	e.rf.effect.SetSelected("Move")
	e.rf.sync()
	e.rf.creature.sel.SetSelected(e.rf.creature.sel.Options[0])
	e.rf.moveTo.SetSelected("stays where it is (Noise there)")
	tap(t, e.Object(), "Play the Reaction")
	if state(ctx).T.Reactions != 2 {
		t.Fatalf("combo not played:\n%s", uitest.TextWithEntries(e.Object()))
	}
	e.rf.moveTo.SetSelected("stays where it is (Noise there)")
	tap(t, e.Object(), "Play the Reaction")
	mustSay(t, w, "already played 2 Reactions this Turn")
	if state(ctx).ReactionSpacesFree() != 7 {
		t.Fatalf("free %d", state(ctx).ReactionSpacesFree())
	}
	// End the Turn: the Turn is over (its Reaction count kept until the
	// next Turn starts, for the damage of its attacks), the token stays
	// face down.
	g.Act(ctx, shell.TabPlay, shell.Next)
	s = state(ctx)
	if s.T.Started || !s.T.Over || s.TurnsUsed != 1 {
		t.Fatalf("turn not ended: %+v", s.T)
	}
	if got := p.turns.Text(); got[0] != "1 ✓" || got[1] != "2" {
		t.Fatalf("turn tokens %v", got)
	}
	// A Danger token in the Hero's Sector makes Reactions Dangerous.
	mustNotSee(t, e.Object(), "Dangerous now")
	ctx.Do(ta.SetDanger{Sector: state(ctx).Map.Hero, On: true, IgnoreLimits: true})
	mustSee(t, e.Object(), "Dangerous now")
}

func TestEndOfTheRound(t *testing.T) {
	ctx, w := game(t, "bookkeeping", nil)
	p := NewPlayScreen(ctx)
	show(w, p.Object())
	g := &Screens{plays: map[*shell.Context]*PlayScreen{ctx: p}}
	if !p.turn.round.btn.Disabled() {
		t.Fatal("End of the Round is offered before the 8th Turn")
	}
	ctx.Do(ta.Correct{Field: "life", Value: 3})
	for i := 0; i < 8; i++ {
		tap(t, p.turn.pad.handBox, "Explore") // declared and resolved at the table
		g.Act(ctx, shell.TabPlay, shell.Next) // end the Turn
	}
	s := state(ctx)
	if s.TurnsUsed != 8 || s.T.Started {
		t.Fatalf("turns %d started %v:\n%s", s.TurnsUsed, s.T.Started, uitest.TextWithEntries(p.Object()))
	}
	mustSee(t, p.Object(), "all 8 Turns are played")
	if !p.turn.startBtn.Disabled() {
		t.Fatal("a 9th Turn is offered")
	}
	// A 9th Turn is refused by the rules as well.
	p.turn.startTurn()
	if !p.k.bad {
		t.Fatalf("a 9th Turn: %q", p.k.said)
	}
	mustSee(t, p.Object(), "4 Danger tokens will be set aside.")
	adr := s.Adrenaline
	g.Act(ctx, shell.TabPlay, shell.Next)
	s = state(ctx)
	if s.Round != 2 || s.TurnsUsed != 0 || s.RoundMarker != 7 || s.Evil.Leader != 1 {
		t.Fatalf("round %d turns %d marker %d leader %d", s.Round, s.TurnsUsed, s.RoundMarker, s.Evil.Leader)
	}
	// Life 3 and SC 12: the pool is set to the track's value at 3 (5).
	if s.Adrenaline != 5 || adr != 3 {
		t.Fatalf("adrenaline %d → %d", adr, s.Adrenaline)
	}
	if !strings.Contains(p.k.said, "End of Round 1: 4 Danger tokens set aside; Adrenaline 3 → 5; Round marker 8 → 7; the Evil Leader is now Carl") {
		t.Fatalf("the Round's end said %q", p.k.said)
	}
	mustSee(t, p.Object(), "Round 2 · Turn 1 of 8")
	if got := p.turns.Text(); got[0] != "1" {
		t.Fatalf("Turn tokens not turned up: %v", got)
	}
}

func TestSoloHidesTheMapUntilTheGameEnds(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	p := NewPlayScreen(ctx)
	e := NewEnemyScreen(ctx)
	show(w, container.NewGridWithColumns(2, p.Object(), e.Object()))
	g := &Screens{plays: map[*shell.Context]*PlayScreen{ctx: p}, enems: map[*shell.Context]*EnemyScreen{ctx: e}}
	hidden := []string{"Pump Hall", "Relay Room", "Seed Vault"}
	for _, h := range hidden {
		mustNotSee(t, e.Object(), h)
		mustNotSee(t, p.Object(), h)
	}
	mustSee(t, e.heroMap.obj, "A1")

	// A Turn against the app: Move east (one tap), then the Evil side.
	tap(t, p.turn.pad.obj, "East")
	if state(ctx).Map.Hero != "1B1" {
		t.Fatalf("the Hero did not move:\n%s", uitest.TextWithEntries(p.Object()))
	}
	if !g.Act(ctx, shell.TabEnemy, shell.Resolve) {
		t.Fatal("Resolve did not run the Evil side")
	}
	if !state(ctx).T.EvilAsked {
		t.Fatalf("the Evil side was not asked:\n%s", uitest.TextWithEntries(e.Object()))
	}
	mustSee(t, e.Object(), "Turn 1: Evil")
	// The decision's explanation is kept, but not shown while the game is
	// on; nor is the hidden Map.
	for _, o := range []fyne.CanvasObject{e.Object(), p.Object()} {
		for _, h := range hidden {
			mustNotSee(t, o, h)
		}
	}
	if len(e.reveal.Objects) != 0 {
		t.Fatal("the reveal shows before the end")
	}
	// An override needs a reason.
	g.Act(ctx, shell.TabPlay, shell.Next) // end the Turn
	tap(t, p.turn.pad.obj, "West")
	tap(t, e.Object(), "Override")
	mustSay(t, w, "say why the Evil side's decision is overridden")
	e.reason.SetText("we forgot a card")
	tap(t, e.Object(), "Override")
	mustSay(t, w, "overridden: we forgot a card")

	// The game ends: the reveal shows the whole Map and every explanation.
	ctx.Do(ta.Correct{Field: "life", Value: 0})
	ctx.Do(ta.Correct{Field: "sc", Value: 0})
	if state(ctx).Outcome != ta.Defeated {
		t.Fatal("not over")
	}
	mustSee(t, e.Object(), "The reveal: the whole Map")
	if !strings.Contains(e.fullMap.Text(), "2C2 · Relay Room · unrevealed · LCU") {
		t.Fatalf("the reveal's Map:\n%s", e.fullMap.Text())
	}
	traces := 0
	walk(e.reveal, func(o fyne.CanvasObject) bool {
		if _, ok := o.(interface{ Lines() []string }); ok {
			traces++
		}
		return true
	})
	if traces < 2 {
		t.Fatalf("%d explanations in the reveal", traces)
	}
	mustSee(t, p.Object(), "The Evil side wins")
}

func TestCampaignMissionsRewardsAndWin(t *testing.T) {
	ctx, w := game(t, "bookkeeping", nil)
	c := NewCampaignScreen(ctx)
	p := NewPlayScreen(ctx)
	show(w, container.NewGridWithColumns(2, c.Object(), p.Object()))
	mustSee(t, c.Object(), "Final Mission: Call the rescue ship — locked")
	mustSee(t, c.Object(), "→ Normal: gain 1 Round, then recover 3 Life or 3 Self Control")
	if !c.finalHold.Disabled() {
		t.Fatal("the locked Final Mission can be completed")
	}
	tap(t, c.Object(), "Take the mid-game rewards")
	mustSay(t, w, "the mid-game rewards come when a Starting Mission triggers the Final Mission")

	ctx.Do(ta.DealDamage{Kind: alone.LifeDamage, N: 8})
	tap(t, c.missions, "Completed")
	mustSee(t, c.Object(), "Final Mission: Call the rescue ship — in play")
	// Normal difficulty: the Hero chooses Life or Self Control.
	tap(t, c.Object(), "Take the mid-game rewards")
	mustSay(t, w, "choose life or sc")
	c.reward.SetSelected("3 Life")
	tap(t, c.Object(), "Take the mid-game rewards")
	s := state(ctx)
	if s.Life != 7 || s.RoundMarker != 8 || !s.Missions.RewardTaken {
		t.Fatalf("reward: Life %d marker %d", s.Life, s.RoundMarker)
	}
	mustSee(t, c.Object(), "Rewards: taken")

	// Experience and corrections from the Campaign tab, by taps.
	c.xpAbility.SetSelected("Courage")
	tap(t, c.Object(), "Gain the experience")
	c.fixField.SetSelected("Courage")
	c.syncFix()
	test.Tap(c.fixValue.plus)
	tap(t, c.Object(), "Correct")
	if state(ctx).XP[ta.Courage] != 2 {
		t.Fatalf("xp %v", state(ctx).XP)
	}
	mustSee(t, p.Object(), "Courage\n●● unlocked")

	// Completing the Final Mission ends the game: a tap only says to hold.
	n := ctx.Session.LastSeq()
	test.Tap(c.finalHold)
	if ctx.Session.LastSeq() != n {
		t.Fatal("a tap completed the Final Mission")
	}
	c.finalHold.OnHeld()
	if state(ctx).Outcome != ta.Won {
		t.Fatal("not won")
	}
	mustSee(t, c.Object(), "The Hero won")
	mustSee(t, p.Object(), "The Hero wins")
	// After the end only undo works.
	tap(t, c.Object(), "Gain the experience")
	mustSay(t, w, "the game is over")
	if _, ok := ctx.Run(ctx.Session.Undo); !ok || state(ctx).Outcome != "" {
		t.Fatal("the win cannot be undone")
	}
}

func TestFightInAssistModeKillsAndTrains(t *testing.T) {
	ctx, w := game(t, "assist", nil)
	p := NewPlayScreen(ctx)
	show(w, p.Object())
	// A card places a Spore in the Hero's Sector, Revealed there.
	ctx.Do(ta.PlaceCreature{Type: alone.Spore, Sector: "1A1"})
	// The table rolls its own dice: 2 Hits, tapped in.
	p.turn.dice.SetSelected(diceOur)
	p.turn.refresh()
	tap(t, p.turn.pad.obj, "Fight the Spore")
	mustSay(t, w, "tap in the faces the Hero's dice show")
	test.Tap(p.turn.pad.fightPad.hit.plus)
	test.Tap(p.turn.pad.fightPad.hit.plus)
	tap(t, p.turn.pad.obj, "Fight the Spore")
	s := state(ctx)
	if len(s.Map.Creatures) != 0 || s.XP[ta.Precision] != 1 {
		t.Fatalf("creatures %v xp %v:\n%s", s.Map.Creatures, s.XP, uitest.TextWithEntries(p.Object()))
	}
	mustSay(t, w, "Killed: experience in precision")
	mustSee(t, p.Object(), "Precision\n●○")
}

// Undo in the Log (any change through the frame) refreshes the sheet, and
// the table lock refuses a tap in words.
func TestUndoRefreshesAndTheLockRefuses(t *testing.T) {
	ctx, w := game(t, "bookkeeping", nil)
	p := NewPlayScreen(ctx)
	show(w, p.Object())
	p.dmgN.SetValue(4)
	tap(t, p.Object(), "Deal damage")
	if !strings.Contains(p.tracks.Text(), "Life 8/12") {
		t.Fatal(p.tracks.Text())
	}
	if _, ok := ctx.Run(ctx.Session.Undo); !ok {
		t.Fatal("undo refused")
	}
	if !strings.Contains(p.tracks.Text(), "Life 12/12") {
		t.Fatalf("not refreshed after undo: %s", p.tracks.Text())
	}

	locked := shell.NewContext(ctx.Session, w, shell.Hooks{Locked: func() bool { return true }})
	q := NewPlayScreen(locked)
	show(w, q.Object())
	n := ctx.Session.LastSeq()
	tap(t, q.Object(), "Deal damage")
	mustSay(t, w, "the table is locked")
	if ctx.Session.LastSeq() != n {
		t.Fatal("a locked tap was recorded")
	}
}

// With Bullet Time the Evil side's end-of-Turn chance waits for the second
// Action (§2.5 item 4).
func TestBulletTimeTwoActionsBeforeTheEvilSide(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	p := NewPlayScreen(ctx)
	show(w, p.Object())
	g := &Screens{plays: map[*shell.Context]*PlayScreen{ctx: p}}
	p.turn.bullet.SetChecked(true)
	g.Act(ctx, shell.TabPlay, shell.Next)
	if s := state(ctx); !s.T.BulletTime || s.Adrenaline != 2 {
		t.Fatalf("Bullet Time not spent: %+v", s.T)
	}
	mustSee(t, p.Object(), "Turn 1: Adrenaline spent on Bullet Time (2 Actions).")
	tap(t, p.turn.pad.obj, "East")
	mustSee(t, p.Object(), "Now: another Action")
	if !p.turn.endTurnBtn.Disabled() || p.turn.evilBtn.Disabled() {
		t.Fatal("in solo mode the Turn ends only after the Evil side's chance, which is open")
	}
	tap(t, p.turn.pad.obj, "West")
	s := state(ctx)
	if len(s.T.Actions) != 2 || step(s) != "evil" {
		t.Fatalf("actions %v step %s", s.T.Actions, step(s))
	}
	// No third Action: the pad is closed, and the rules refuse it too.
	if !p.turn.pad.moveBtns[alone.East].Disabled() {
		t.Fatal("a third Action is offered")
	}
	p.turn.pad.move(alone.East)
	if !p.k.bad {
		t.Fatalf("a third Action: %q", p.k.said)
	}
	g.Act(ctx, shell.TabPlay, shell.Resolve)
	g.Act(ctx, shell.TabPlay, shell.Next)
	if s := state(ctx); s.T.Started || s.TurnsUsed != 1 {
		t.Fatalf("turn not ended: %+v", s.T)
	}
}

// The Map drawn in the editor keeps its squares on the Play tab: tiles sit
// where their ids say.
func TestPracticeMapIsLaidOutByItsSquares(t *testing.T) {
	set, err := practiceSet()
	if err != nil {
		t.Fatal(err)
	}
	m := set.Maps[0].Map()
	pos, cols, rows := gridOf(tilesFromMap(m)[:12])
	if cols != 4 || rows != 3 || pos["1D3"] != [2]int{3, 2} {
		t.Fatalf("Level 1 laid out %dx%d, 1D3 at %v", cols, rows, pos["1D3"])
	}
	if squareName("2C3") != "C3" || squareName("odd") != "odd" {
		t.Fatal(squareName("2C3"))
	}
}

// A completed Mission's card rewards are offered once: its Rounds, its
// lifted limit.
func TestMissionCardRewardsOnce(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	c := NewCampaignScreen(ctx)
	show(w, c.Object())
	ctx.Do(ta.Correct{Field: "roundMarker", Value: 5, Why: "three Rounds gone"})
	tap(t, c.missions, "Completed") // Restart the pumps: 1 Round on its card
	tap(t, c.missions, "The Mission “Restart the pumps” rewards 1 Round: take it")
	if s := state(ctx); s.RoundMarker != 6 {
		t.Fatalf("marker %d", s.RoundMarker)
	}
	mustSee(t, c.missions, "The Mission “Restart the pumps”: its 1 Round taken.")
	if _, ok := ctx.Run(ctx.Session.Undo); !ok {
		t.Fatal("undo")
	}
	mustSee(t, c.missions, "rewards 1 Round: take it")
}
