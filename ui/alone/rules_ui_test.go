package alone

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/uitest"
)

// Issue 15 item 7 on screen: who rolls is a choice shown with the dice;
// with the table's dice the faces and the Precision reroll are tapped in,
// and the end-of-Turn attacks ask for theirs.
func TestWhoRollsIsChosenOnScreen(t *testing.T) {
	ctx, w := game(t, "assist", nil)
	p := NewPlayScreen(ctx)
	show(w, p.Object())
	ctx.Do(ta.PlaceCreature{Type: alone.Spore, Sector: "1A1"})
	ctx.Do(ta.PlaceCreature{Type: alone.Spore, Sector: "1A1"})
	ctx.Do(ta.GainXP{Ability: ta.Precision})
	ctx.Do(ta.GainXP{Ability: ta.Precision})
	p.turn.dice.SetSelected(diceOur)
	p.turn.refresh()
	if bad := uitest.PlayersWords(uitest.AllText(p.turn.pad.fightBox)); len(bad) > 0 {
		t.Fatalf("the Fight shows %v", bad)
	}
	test.Tap(p.turn.pad.fightPad.hit.plus)
	test.Tap(p.turn.pad.fightPad.blank.plus)
	tap(t, p.turn.pad.obj, "Fight the Spore Sp1")
	mustSay(t, w, "the Precision reroll rolls 1 die at the table")
	p.turn.pad.fightReroll.SetSelected("Hit")
	tap(t, p.turn.pad.obj, "Fight the Spore Sp1")
	if state(ctx).Map.Creature("spore-1") != nil {
		t.Fatalf("the Spore lives: %q", p.k.said)
	}
	// The end of the Turn: the other Spore attacks (3 dice in the Dark),
	// its faces asked for.
	tap(t, p.turn.steps, "End the Turn")
	// Beside End the Turn, or on the frame's message line where the
	// crowded Play tab leaves a bubble no free place (widgets.ShowAt).
	mustTell(t, w, p.k, "rolls 3 dice: enter the faces of 3 dice")
	p.turn.dice.SetSelected(diceApp)
	p.turn.refresh()
	tap(t, p.turn.steps, "End the Turn")
	if s := state(ctx); s.T.Started || !s.T.Over {
		t.Fatalf("the Turn did not end: %q", p.k.said)
	}
	mustTell(t, w, p.k, "attacks with 3 dice")
	mustSee(t, p.Object(), "Turn 1 of 8 is over")
}

// Issue 15 item 5 on screen: the move wizard offers Unblocking a Door with
// a Creature's one step, and the form records it.
func TestUnblockOnlyFromTheReactionForm(t *testing.T) {
	ctx, w := game(t, "assist", nil)
	p := NewPlayScreen(ctx)
	e := NewEnemyScreen(ctx)
	show(w, container.NewGridWithColumns(2, p.Object(), e.Object()))
	// A Door of the practice Map, Blocked, with a Creature beside it.
	m := state(ctx).Map
	var from, to string
	var dir alone.Dir
	for _, sec := range m.Sectors {
		for _, d := range alone.Compass {
			if l, ok := sec.Exits[d]; ok && l.Door && from == "" && sec.ID != m.Hero && l.To != m.Hero {
				from, to, dir = sec.ID, l.To, d
			}
		}
	}
	ctx.Do(ta.SetDoor{Sector: from, Dir: dir, Blocked: true})
	ctx.Do(ta.PlaceCreature{Type: alone.Cultist, Sector: from})
	tap(t, p.turn.pad.obj, "East")
	e.rf.effect.SetSelected("Move")
	e.rf.sync()
	e.rf.creature.set(state(ctx).Map, false)
	e.rf.creature.choose("cultist-1")
	e.rf.showLegal()
	want := "then Unblocks the Door to " + ta.SectorLabel(state(ctx).Map.Sector(to)) + " and stays"
	var opt string
	for _, o := range e.rf.moveTo.Options {
		if strings.Contains(o, want) && strings.HasPrefix(o, "stays") {
			opt = o
		}
	}
	if opt == "" {
		t.Fatalf("no Unblock-only move offered: %v", e.rf.moveTo.Options)
	}
	e.rf.moveTo.SetSelected(opt)
	tap(t, e.Object(), "Play the Reaction")
	s := state(ctx)
	if s.Map.Sector(from).Exits[dir].Blocked || s.Map.Creature("cultist-1").Sector != from {
		t.Fatalf("not Unblocked in place: %q", e.k.said)
	}
}

// Issue 15 item 8 on screen: a Companion's share of damage with its reason
// on the sheet, and Nightmare Mode switched off on the Campaign tab.
func TestCorrectionsOnScreen(t *testing.T) {
	ctx, w := game(t, "bookkeeping", nil)
	p := NewPlayScreen(ctx)
	c := NewCampaignScreen(ctx)
	show(w, container.NewGridWithColumns(2, p.Object(), c.Object()))
	ctx.Do(ta.CompanionCmd{Do: "gain", Character: "Dov Brask"})
	p.dmgN.SetValue(3)
	test.Tap(p.dmgShare.plus)
	tap(t, p.Object(), "Deal damage")
	mustSay(t, w, "a share is a correction, say why")
	p.dmgWhy.SetText("the Companion's card took 1")
	tap(t, p.Object(), "Deal damage")
	if s := state(ctx); s.Life != 10 || s.Companion.Charges != ta.CompanionCharges-1 {
		t.Fatalf("Life %d Charges %d", s.Life, s.Companion.Charges)
	}
	ctx.Do(ta.Correct{Field: "roundMarker", Value: 0, Why: "test"})
	c.fixField.SetSelected("Nightmare Mode (1 on, 0 off)")
	c.syncFix()
	test.Tap(c.fixValue.minus)
	tap(t, c.Object(), "Correct")
	mustSay(t, w, "never ends once triggered")
	c.fixValue.SetValue(0)
	c.fixWhy.SetText("the marker was moved by mistake")
	tap(t, c.Object(), "Correct")
	if state(ctx).Nightmare {
		t.Fatalf("Nightmare still on: %q", c.k.said)
	}
}

// The Teleport card effect takes the Courage die a scare calls for, rolled
// at the table when the players say so.
func TestTeleportCourageOnScreen(t *testing.T) {
	ctx, w := game(t, "assist", nil)
	e := NewEnemyScreen(ctx)
	show(w, e.Object())
	hero := state(ctx).Map.Hero
	var far string
	for _, sec := range state(ctx).Map.Sectors {
		if !sec.Revealed && far == "" {
			far = sec.ID
		}
	}
	ctx.Do(ta.PlaceCreature{Type: alone.Worm, Sector: far})
	ctx.Do(ta.GainXP{Ability: ta.Courage})
	ctx.Do(ta.GainXP{Ability: ta.Courage})
	e.fx.creature.set(state(ctx).Map, false)
	e.fx.creature.choose("worm-1")
	e.fx.sector.choose(hero)
	e.fx.roll.SetSelected(diceOur)
	tap(t, e.fx.obj, "Teleport the Creature to the Sector")
	mustSay(t, w, "Courage rolls 1 die at the table")
	e.fx.courage.SetSelected("Blank")
	tap(t, e.fx.obj, "Teleport the Creature to the Sector")
	if s := state(ctx); s.Map.Creature("worm-1").Sector != hero || s.SC != 11 {
		t.Fatalf("teleported to %s, SC %d: %q", s.Map.Creature("worm-1").Sector, s.SC, e.k.said)
	}
}
