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

// game opens a fresh Alone campaign over a memory store and sets it up
// through the setup form's own commands.
func game(t *testing.T, mode string, edit func(*setupForm)) (*shell.Context, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	return open(t, mode, edit)
}

func gameB(b *testing.B, mode string) (*shell.Context, fyne.Window) {
	test.NewTempApp(b)
	return open(b, mode, nil)
}

func open(t testing.TB, mode string, edit func(*setupForm)) (*shell.Context, fyne.Window) {
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
		f := newSetupForm()
		fill(f, mode)
		if edit != nil {
			edit(f)
		}
		cmds, err := f.commands()
		if err != nil {
			t.Fatalf("setup: %v", err)
		}
		for _, cmd := range cmds {
			if _, err := s.Do(cmd); err != nil {
				t.Fatalf("setup %T: %v", cmd, err)
			}
		}
	}
	return ctx, w
}

func fill(f *setupForm, mode string) {
	f.mode.SetSelected(mode)
	f.character.SetText("Engineer")
	f.start1.SetText("Red start")
	f.start2.SetText("Blue start")
	f.final.SetText("Escape")
	f.items.SetText("Flashlight, fight, 2, matrix=optic")
	if mode != "solo" {
		f.players.SetText("Bea, Carl")
	}
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

func TestSetupAsksOnceWithDefaultsAndRefusesMistakes(t *testing.T) {
	test.NewTempApp(t)
	g := &Screens{}
	su := g.Setup(shell.SetupEnv{})
	if len(su.Items) < 20 {
		t.Fatalf("the setup asks %d things", len(su.Items))
	}
	// Nothing filled in: the first missing thing is named.
	if _, err := su.Commands(); err == nil || !strings.Contains(err.Error(), "Starting Mission 1 needs a name") {
		t.Fatalf("empty setup: %v", err)
	}
	f := newSetupForm()
	if f.healthMax.Text != "12" || f.startLife.Text != "12" || f.marker.Text != "8" || f.dangerSpaces.Text != "8, 9, 10" {
		t.Fatalf("defaults not pre-filled: %q %q %q %q", f.healthMax.Text, f.startLife.Text, f.marker.Text, f.dangerSpaces.Text)
	}
	fill(f, "assist")
	f.startLife.SetText("13")
	if _, err := f.commands(); err == nil || !strings.Contains(err.Error(), "starting Life is 13") {
		t.Fatalf("life above the top: %v", err)
	}
	f.startLife.SetText("10")
	f.items.SetText("Flashlight, fly, 2")
	if _, err := f.commands(); err == nil || !strings.Contains(err.Error(), "name its Action") {
		t.Fatalf("bad Item: %v", err)
	}
	f.items.SetText("Flashlight, fight, 2")
	f.abilityFor[alone.Worm].SetSelected("Dexterity")
	f.settings.aggression.SetSelected("high")
	cmds, err := f.commands()
	if err != nil {
		t.Fatal(err)
	}
	ctx, _ := game(t, "", nil)
	for _, c := range cmds {
		if _, err := ctx.Session.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	s := state(ctx)
	if !s.Started || s.Life != 10 || s.Mode != ta.Assist || s.Map == nil || s.Sheet.AbilityFor[alone.Worm] != ta.Dexterity || s.Settings.Aggression != alone.AggressionHigh {
		t.Fatalf("setup not applied: %+v", s)
	}
}

func TestFirstScreenSetsUpAnEmptyCampaign(t *testing.T) {
	ctx, w := game(t, "", nil)
	p := NewPlayScreen(ctx)
	w.SetContent(p.Object())
	mustSee(t, p.Object(), "Set up this game of Alone")
	test.Tap(findButton(t, p.Object(), "Start the game"))
	mustSee(t, p.Object(), "Starting Mission 1 needs a name")
	fill(p.setup, "bookkeeping")
	test.Tap(findButton(t, p.Object(), "Start the game"))
	if !state(ctx).Started {
		t.Fatalf("not started:\n%s", uitest.TextWithEntries(p.Object()))
	}
	mustSee(t, p.Object(), "Turn tokens")
}

func findButton(t *testing.T, o fyne.CanvasObject, label string) *widget.Button {
	t.Helper()
	var found *widget.Button
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() || found != nil {
			return
		}
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, label) {
			found = b
			return
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	if found == nil {
		t.Fatalf("no button %q:\n%s", label, uitest.TextWithEntries(o))
	}
	return found
}

func TestHeroSheetDamageOverflowsAndRefusesBadInput(t *testing.T) {
	ctx, w := game(t, "bookkeeping", nil)
	p := NewPlayScreen(ctx)
	w.SetContent(p.Object())
	mustSee(t, p.Object(), "Life 12 · Self Control 12 · Healing Cap 12")

	// Refused input: the entry keeps what was typed, nothing is recorded.
	n := ctx.Session.LastSeq()
	p.dmgN.SetText("0")
	test.Tap(findButton(t, p.Object(), "Deal damage"))
	mustSee(t, p.Object(), "damage is at least 1 point, not 0 (alone §3.2)")
	p.dmgN.SetText("three")
	test.Tap(findButton(t, p.Object(), "Deal damage"))
	mustSee(t, p.Object(), `damage points: "three" is not a whole number`)
	if ctx.Session.LastSeq() != n || p.dmgN.Text != "three" {
		t.Fatal("a refused input was recorded or lost")
	}

	// Life 1 taking 3 Life damage: Life 0, the other 2 overflow into SC.
	ctx.Do(ta.Correct{Field: "life", Value: 1})
	p.dmgKind.SetSelected("Life")
	p.dmgN.SetText("3")
	p.dmgSource.SetText("Fury card")
	test.Tap(findButton(t, p.Object(), "Deal damage"))
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
	p.dmgN.SetText("2")
	p.dmgSource.SetText("")
	test.Tap(findButton(t, p.Object(), "Recover"))
	mustSee(t, p.Object(), "Recovery: recover 2 Self Control, 10 → 10 (Healing Cap 5)")

	// Adrenaline Recover that heals nothing is refused (V3), with the Turn
	// not started.
	p.turn.recover.SetSelected("Recover 1 SC")
	test.Tap(p.turn.startBtn)
	mustSee(t, p.Object(), "Refused:")
	mustSee(t, p.Object(), "V3")
	if state(ctx).T.Started {
		t.Fatal("a refused Turn start was recorded")
	}
}

func TestTurnWithAReaction(t *testing.T) {
	ctx, w := game(t, "assist", nil)
	p := NewPlayScreen(ctx)
	e := NewEnemyScreen(ctx)
	w.SetContent(container.NewGridWithColumns(2, p.Object(), e.Object()))
	g := &Screens{plays: map[*shell.Context]*PlayScreen{ctx: p}, enems: map[*shell.Context]*EnemyScreen{ctx: e}}

	// A Reaction before any Action is refused (V13).
	e.rf.effect.SetSelected("card text only")
	test.Tap(findButton(t, e.Object(), "Play the Reaction"))
	mustSee(t, e.Object(), "none has been declared this Turn")

	test.Tap(p.turn.startBtn)
	p.turn.action.SetSelected("locate")
	p.turn.locKind[0].SetSelected("Room")
	p.turn.locWhat[0].SetText("Laboratory")
	p.turn.locKind[1].SetSelected("Element")
	p.turn.locWhat[1].SetText("stairs")
	if !g.Act(ctx, shell.TabPlay, shell.Next) {
		t.Fatal("Next did not resolve the Action")
	}
	s := state(ctx)
	if len(s.T.Actions) != 1 || s.T.Actions[0] != ta.Locate {
		t.Fatalf("actions %v:\n%s", s.T.Actions, uitest.TextWithEntries(p.Object()))
	}
	mustSee(t, p.Object(), "Laboratory")

	// The suggestion shows its trace without recording anything.
	n := ctx.Session.LastSeq()
	if !g.Act(ctx, shell.TabEnemy, shell.Resolve) || ctx.Session.LastSeq() != n {
		t.Fatal("the suggestion recorded something")
	}
	if len(e.suggest.Lines()) == 0 {
		t.Fatal("no trace shown for the suggestion")
	}

	// A Standard Reaction: Spawn a Worm where it is legal.
	sp := ta.LegalSpawns(s, []alone.CreatureType{alone.Worm}, 0)
	if len(sp) == 0 {
		t.Fatal("no legal Spawn")
	}
	e.rf.effect.SetSelected("Spawn")
	e.rf.spawnType.SetSelected("worm")
	e.rf.spawnSector.SetText(sp[0].Sector)
	test.Tap(findButton(t, e.Object(), "Play the Reaction"))
	s = state(ctx)
	if s.T.Reactions != 1 || len(s.Track) != 1 || len(s.Map.Creatures) != 1 {
		t.Fatalf("reaction not played: %+v\n%s", s.T, uitest.TextWithEntries(e.Object()))
	}
	mustSee(t, e.Object(), "This Turn: 1 of 2 Reactions. 9 spaces free.")
	if got := e.track.Text(); got[0] != "T1" || got[len(got)-1] != "!" {
		t.Fatalf("track %v", got)
	}
	mustSee(t, e.assistMap.obj, "Wo1")
	// What the Evil players must Communicate now.
	if said := state(ctx).Heard; len(said) == 0 || !strings.Contains(uitest.TextWithEntries(e.tell), said[len(said)-1].Say) {
		t.Fatalf("nothing to tell: %v\n%s", said, uitest.TextWithEntries(e.tell))
	}
	// A Spawn too close is refused by the Minimum Spawning Distance.
	e.rf.spawnSector.SetText("1B1")
	test.Tap(findButton(t, e.Object(), "Play the Reaction"))
	mustSee(t, e.Object(), "V16")
	// A second card is a combo over 2 spaces (here a 0-step move); a 3rd
	// card is refused.
	e.rf.effect.SetSelected("Move")
	e.rf.creature.SetSelected("worm-1")
	e.rf.path.SetText("")
	test.Tap(findButton(t, e.Object(), "Play the Reaction"))
	if state(ctx).T.Reactions != 2 {
		t.Fatalf("combo not played:\n%s", uitest.TextWithEntries(e.Object()))
	}
	test.Tap(findButton(t, e.Object(), "Play the Reaction"))
	mustSee(t, e.Object(), "already played 2 Reactions this Turn")
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
	mustNotSee(t, e.Object(), "DANGEROUS")
	ctx.Do(ta.SetDanger{Sector: state(ctx).Map.Hero, On: true, IgnoreLimits: true})
	mustSee(t, e.Object(), "DANGEROUS now")
}

func TestEndOfTheRound(t *testing.T) {
	ctx, w := game(t, "bookkeeping", nil)
	p := NewPlayScreen(ctx)
	w.SetContent(p.Object())
	g := &Screens{plays: map[*shell.Context]*PlayScreen{ctx: p}}
	if !p.turn.endRoundBtn.Disabled() {
		t.Fatal("End of the Round is offered before the 8th Turn")
	}
	p.turn.action.SetSelected("explore")
	ctx.Do(ta.Correct{Field: "life", Value: 3})
	for i := 0; i < 3*8; i++ {
		g.Act(ctx, shell.TabPlay, shell.Next)
	}
	s := state(ctx)
	if s.TurnsUsed != 8 || s.T.Started {
		t.Fatalf("turns %d started %v:\n%s", s.TurnsUsed, s.T.Started, uitest.TextWithEntries(p.Object()))
	}
	mustSee(t, p.Object(), "All 8 Turns are played")
	if p.turn.startBtn.Disabled() == false {
		t.Fatal("a 9th Turn is offered")
	}
	// A 9th Turn is refused by the rules as well.
	p.turn.startTurn()
	mustSee(t, p.Object(), "V7")
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
	mustSee(t, p.Object(), "End of Round 1: 4 Danger tokens set aside; Adrenaline 3 → 5; Round marker 8 → 7; the Evil Leader is now Carl")
	mustSee(t, p.Object(), "Round 2 · Turn 1 of 8")
	if got := p.turns.Text(); got[0] != "1" {
		t.Fatalf("Turn tokens not turned up: %v", got)
	}
}

func TestSoloHidesTheMapUntilTheGameEnds(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	p := NewPlayScreen(ctx)
	e := NewEnemyScreen(ctx)
	w.SetContent(container.NewGridWithColumns(2, p.Object(), e.Object()))
	g := &Screens{plays: map[*shell.Context]*PlayScreen{ctx: p}, enems: map[*shell.Context]*EnemyScreen{ctx: e}}
	hidden := []string{"1B2", "Laboratory", "2C2", "Control Room", "1D3"}
	for _, h := range hidden {
		mustNotSee(t, e.Object(), h)
		mustNotSee(t, p.Object(), h)
	}
	mustSee(t, e.heroMap.obj, "1A1")

	// A Turn against the app: Move east, then the Evil side reacts.
	g.Act(ctx, shell.TabPlay, shell.Next) // flip the token
	p.turn.action.SetSelected("move")
	p.turn.moveDir.SetSelected("E")
	g.Act(ctx, shell.TabPlay, shell.Next) // resolve the Move
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
	// The decision's trace is kept, but not shown while the game is on.
	for _, o := range []fyne.CanvasObject{e.Object(), p.Object()} {
		mustNotSee(t, o, "§7.4")
		for _, h := range hidden {
			if h != "1B2" || !state(ctx).Map.Sector("1B2").Revealed {
				mustNotSee(t, o, h)
			}
		}
	}
	// An override needs a reason.
	g.Act(ctx, shell.TabPlay, shell.Next) // end the Turn
	g.Act(ctx, shell.TabPlay, shell.Next)
	p.turn.action.SetSelected("explore")
	p.turn.exploreDir.SetSelected("S")
	g.Act(ctx, shell.TabPlay, shell.Next)
	test.Tap(findButton(t, e.Object(), "Override"))
	mustSee(t, e.Object(), "say why the Evil side's decision is overridden")
	e.reason.SetText("we forgot a card")
	test.Tap(findButton(t, e.Object(), "Override"))
	mustSee(t, e.Object(), "overridden: we forgot a card")

	// The game ends: the reveal shows the whole Map and every trace.
	ctx.Do(ta.Correct{Field: "life", Value: 0})
	ctx.Do(ta.Correct{Field: "sc", Value: 0})
	if state(ctx).Outcome != ta.Defeated {
		t.Fatal("not over")
	}
	mustSee(t, e.Object(), "The reveal: the whole Map")
	mustSee(t, e.fullMap.obj, "Control Room")
	if !strings.Contains(e.fullMap.Text(), "2C2 · Control Room · unrevealed · LCU") {
		t.Fatalf("the reveal's Map:\n%s", e.fullMap.Text())
	}
	// Every trace is shown (its rule named by rulebook page on screen; the
	// spec section stays in the trace itself).
	var traces []string
	for _, tp := range findAll[*widgets.TracePanel](e.Object()) {
		traces = append(traces, tp.Lines()...)
	}
	if !strings.Contains(strings.Join(traces, "\n"), "§7.4") {
		t.Fatalf("the reveal's traces:\n%s", strings.Join(traces, "\n"))
	}
	mustSee(t, p.Object(), "The Evil side wins")
}

func TestCampaignMissionsRewardsAndWin(t *testing.T) {
	ctx, w := game(t, "bookkeeping", nil)
	c := NewCampaignScreen(ctx)
	p := NewPlayScreen(ctx)
	w.SetContent(container.NewGridWithColumns(2, c.Object(), p.Object()))
	mustSee(t, c.Object(), "Final Mission: Escape — locked")
	mustSee(t, c.Object(), "→ Normal: gain 1 Round, then recover 3 Life or 3 Self Control")

	// The Final Mission is locked until a Starting Mission is done (V12).
	buttons := func() []*widget.Button {
		var out []*widget.Button
		for _, o := range c.missions.Objects {
			if b, ok := o.(*fyne.Container); ok {
				for _, x := range b.Objects {
					if bt, ok := x.(*widget.Button); ok {
						out = append(out, bt)
					}
				}
			}
		}
		return out
	}
	test.Tap(buttons()[2])
	mustSee(t, c.Object(), "V12")
	test.Tap(findButton(t, c.Object(), "Take the mid-game rewards"))
	mustSee(t, c.Object(), "the mid-game rewards come when a Starting Mission triggers the Final Mission")

	ctx.Do(ta.DealDamage{Kind: alone.LifeDamage, N: 8})
	test.Tap(buttons()[0])
	mustSee(t, c.Object(), "Final Mission: Escape — active")
	// Normal difficulty: the Hero chooses Life or Self Control.
	test.Tap(findButton(t, c.Object(), "Take the mid-game rewards"))
	mustSee(t, c.Object(), "choose life or sc")
	c.reward.SetSelected("3 Life")
	test.Tap(findButton(t, c.Object(), "Take the mid-game rewards"))
	s := state(ctx)
	if s.Life != 7 || s.RoundMarker != 8 || !s.Missions.RewardTaken {
		t.Fatalf("reward: Life %d marker %d", s.Life, s.RoundMarker)
	}
	mustSee(t, c.Object(), "Rewards: taken")

	// Experience and corrections from the Campaign tab.
	c.xpAbility.SetSelected("Courage")
	test.Tap(findButton(t, c.Object(), "Gain"))
	c.fixField.SetSelected("xp.courage")
	c.fixValue.SetText("5")
	test.Tap(findButton(t, c.Object(), "Correct"))
	if state(ctx).XP[ta.Courage] != 2 {
		t.Fatalf("xp %v", state(ctx).XP)
	}
	mustSee(t, p.Object(), "Courage\n●● unlocked")

	test.Tap(buttons()[2])
	if state(ctx).Outcome != ta.Won {
		t.Fatal("not won")
	}
	mustSee(t, c.Object(), "The Hero won")
	mustSee(t, p.Object(), "The Hero wins")
	// After the end only undo works.
	test.Tap(findButton(t, c.Object(), "Gain"))
	mustSee(t, c.Object(), "V11")
}

func TestFightInAssistModeKillsAndTrains(t *testing.T) {
	ctx, w := game(t, "assist", func(f *setupForm) { f.abilityFor[alone.Spore].SetSelected("Precision") })
	p := NewPlayScreen(ctx)
	w.SetContent(p.Object())
	// A card places a Spore in the Hero's Sector, Revealed there.
	ctx.Do(ta.PlaceCreature{Type: alone.Spore, Sector: "1A1"})
	p.turn.Next() // flip the token
	p.turn.action.SetSelected("fight")
	p.turn.fightTarget.SetSelected("spore-1")
	p.turn.fightRoll.SetSelected(rolledAtTable)
	p.turn.fightFaces.SetText("H Q")
	p.turn.Next()
	mustSee(t, p.Object(), `the Fight's dice: "Q" is not a die face`)
	p.turn.fightFaces.SetText("H H")
	p.turn.Next()
	s := state(ctx)
	if len(s.Map.Creatures) != 0 || s.XP[ta.Precision] != 1 {
		t.Fatalf("creatures %v xp %v:\n%s", s.Map.Creatures, s.XP, uitest.TextWithEntries(p.Object()))
	}
	mustSee(t, p.Object(), "Killed: experience in precision")
	mustSee(t, p.Object(), "Precision\n●○")
}

// Undo in the Log (any change through the frame) refreshes the sheet, and
// the table lock refuses a tap in words.
func TestUndoRefreshesAndTheLockRefuses(t *testing.T) {
	ctx, w := game(t, "bookkeeping", nil)
	p := NewPlayScreen(ctx)
	w.SetContent(p.Object())
	p.dmgN.SetText("4")
	test.Tap(findButton(t, p.Object(), "Deal damage"))
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
	w.SetContent(q.Object())
	n := ctx.Session.LastSeq()
	test.Tap(findButton(t, q.Object(), "Deal damage"))
	mustSee(t, q.Object(), "the table is locked")
	if ctx.Session.LastSeq() != n {
		t.Fatal("a locked tap was recorded")
	}
}

// With Bullet Time the Evil side's end-of-Turn chance waits for the second
// Action (§2.5 item 4); the Next key takes the Actions in order.
func TestBulletTimeTwoActionsBeforeTheEvilSide(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	p := NewPlayScreen(ctx)
	w.SetContent(p.Object())
	g := &Screens{plays: map[*shell.Context]*PlayScreen{ctx: p}}
	p.turn.bullet.SetChecked(true)
	g.Act(ctx, shell.TabPlay, shell.Next)
	if s := state(ctx); !s.T.BulletTime || s.Adrenaline != 2 {
		t.Fatalf("Bullet Time not spent: %+v", s.T)
	}
	mustSee(t, p.Object(), "1 now BT")
	p.turn.action.SetSelected("move")
	p.turn.moveDir.SetSelected("E")
	g.Act(ctx, shell.TabPlay, shell.Next)
	mustSee(t, p.Object(), "Next: resolve the next Action")
	if !p.turn.endTurnBtn.Disabled() || p.turn.evilBtn.Disabled() {
		t.Fatal("in solo mode the Turn ends only after the Evil side's chance, which is open")
	}
	p.turn.action.SetSelected("explore")
	p.turn.exploreDir.SetSelected("W")
	g.Act(ctx, shell.TabPlay, shell.Next)
	s := state(ctx)
	if len(s.T.Actions) != 2 || step(s) != "evil" {
		t.Fatalf("actions %v step %s", s.T.Actions, step(s))
	}
	// A third Action is refused (V8).
	p.turn.action.SetSelected("locate")
	test.Tap(p.turn.declBtn)
	if !p.turn.declBtn.Disabled() {
		t.Fatal("a third Action is offered")
	}
	p.turn.declare()
	mustSee(t, p.Object(), "V8")
	g.Act(ctx, shell.TabPlay, shell.Resolve)
	g.Act(ctx, shell.TabPlay, shell.Next)
	if s := state(ctx); s.T.Started || s.TurnsUsed != 1 {
		t.Fatalf("turn not ended: %+v", s.T)
	}
}

// findAll is every visible object of type T under o.
func findAll[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		if x, ok := o.(T); ok {
			out = append(out, x)
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}
