package alone

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/uitest"
)

// tapOption taps the option labelled label of a radio group, as a finger
// does.
func tapOption(t *testing.T, r *widget.RadioGroup, label string) {
	t.Helper()
	var found fyne.Tappable
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if found != nil || o == nil {
			return
		}
		if tp, ok := o.(fyne.Tappable); ok && o != fyne.CanvasObject(r) && strings.TrimSpace(uitest.Text(o)) == label {
			found = tp
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
	walk(r)
	if found == nil {
		t.Fatalf("no option %q in %v", label, r.Options)
	}
	test.Tap(found)
	if r.Selected != label {
		t.Fatalf("tapping %q selected %q", label, r.Selected)
	}
}

// Issue 15 item 7 on screen: the Fight and the end-of-Turn attacks each
// ask who rolls; without a choice the rule says so, with the table's dice
// the faces (and the Precision reroll) are entered.
func TestWhoRollsIsChosenOnScreen(t *testing.T) {
	ctx, w := game(t, "assist", func(f *setupForm) { f.abilityFor[alone.Spore].SetSelected("Precision") })
	p := NewPlayScreen(ctx)
	w.SetContent(p.Object())
	ctx.Do(ta.PlaceCreature{Type: alone.Spore, Sector: "1A1"})
	ctx.Do(ta.PlaceCreature{Type: alone.Spore, Sector: "1A1"})
	ctx.Do(ta.GainXP{Ability: ta.Precision})
	ctx.Do(ta.GainXP{Ability: ta.Precision})
	test.Tap(p.turn.startBtn)
	p.turn.action.SetSelected("fight")
	p.turn.fightTarget.SetSelected("spore-1")
	p.turn.fightFaces.SetText("H B")
	test.Tap(p.turn.resolveBtn)
	mustSee(t, p.Object(), "say whether the dice are rolled at the table")
	if bad := uitest.PlayersWords(uitest.AllText(p.turn.forms[ta.Fight])); len(bad) > 0 {
		t.Fatalf("the Fight form shows %v", bad)
	}
	tapOption(t, p.turn.fightRoll, rolledAtTable)
	test.Tap(p.turn.resolveBtn)
	mustSee(t, p.Object(), "the Precision reroll rolls 1 die at the table")
	p.turn.fightFaces.SetText("H B reroll H")
	test.Tap(p.turn.resolveBtn)
	if state(ctx).Map.Creature("spore-1") != nil {
		t.Fatalf("the Spore lives:\n%s", uitest.TextWithEntries(p.Object()))
	}
	// The end of the Turn: the other Spore attacks (3 dice in the Dark).
	test.Tap(p.turn.endTurnBtn)
	mustSee(t, p.Object(), "say whether the dice are rolled at the table")
	tapOption(t, p.turn.attackRoll, rolledByApp)
	test.Tap(p.turn.endTurnBtn)
	if s := state(ctx); s.T.Started || !s.T.Over {
		t.Fatalf("the Turn did not end:\n%s", uitest.TextWithEntries(p.Object()))
	}
	mustSee(t, p.Object(), "spore spore-2 attacks with 3 dice")
}

// Issue 15 item 5 on screen: the move wizard offers Unblocking a Door with
// a Creature's one step, and the form records it.
func TestUnblockOnlyFromTheReactionForm(t *testing.T) {
	ctx, w := game(t, "assist", nil)
	p := NewPlayScreen(ctx)
	e := NewEnemyScreen(ctx)
	w.SetContent(container.NewGridWithColumns(2, p.Object(), e.Object()))
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
	if from == "" {
		t.Fatal("the practice Map has no Door")
	}
	ctx.Do(ta.SetDoor{Sector: from, Dir: dir, Blocked: true})
	ctx.Do(ta.PlaceCreature{Type: alone.Cultist, Sector: from})
	test.Tap(p.turn.startBtn)
	p.turn.action.SetSelected("locate")
	p.turn.locWhat[0].SetText("Laboratory")
	p.turn.locKind[1].SetSelected("Element")
	p.turn.locWhat[1].SetText("stairs")
	test.Tap(p.turn.resolveBtn)
	e.rf.effect.SetSelected("Move")
	e.rf.creature.SetSelected("cultist-1")
	mustSee(t, e.Object(), "Unblock the Door to "+to+" and stay")
	e.rf.unblock.SetText(to)
	test.Tap(findButton(t, e.Object(), "Play the Reaction"))
	s := state(ctx)
	if s.Map.Sector(from).Exits[dir].Blocked || s.Map.Creature("cultist-1").Sector != from {
		t.Fatalf("not Unblocked in place:\n%s", uitest.TextWithEntries(e.Object()))
	}
}

// Issue 15 item 8 on screen: a Companion's share of damage with its reason
// on the sheet, and Nightmare Mode switched off on the Campaign tab.
func TestCorrectionsOnScreen(t *testing.T) {
	ctx, w := game(t, "bookkeeping", nil)
	p := NewPlayScreen(ctx)
	c := NewCampaignScreen(ctx)
	w.SetContent(container.NewGridWithColumns(2, p.Object(), c.Object()))
	ctx.Do(ta.CompanionCmd{Do: "gain", Character: "Engineer"})
	p.dmgN.SetText("3")
	p.dmgShare.SetText("1")
	test.Tap(findButton(t, p.Object(), "Deal damage"))
	mustSee(t, p.Object(), "a share is a correction, say why")
	p.dmgWhy.SetText("the Companion's card took 1")
	test.Tap(findButton(t, p.Object(), "Deal damage"))
	if s := state(ctx); s.Life != 10 || s.Companion.Charges != ta.CompanionCharges-1 {
		t.Fatalf("Life %d Charges %d", s.Life, s.Companion.Charges)
	}
	ctx.Do(ta.Correct{Field: "roundMarker", Value: 0, Why: "test"})
	c.fixField.SetSelected("nightmare")
	c.fixValue.SetText("0")
	test.Tap(findButton(t, c.Object(), "Correct"))
	mustSee(t, c.Object(), "never ends once triggered")
	c.fixValue.SetText("0")
	c.fixWhy.SetText("the marker was moved by mistake")
	test.Tap(findButton(t, c.Object(), "Correct"))
	if state(ctx).Nightmare {
		t.Fatalf("Nightmare still on:\n%s", uitest.TextWithEntries(c.Object()))
	}
}

// The Teleport card effect asks who rolls the Courage die when it scares.
func TestTeleportCourageOnScreen(t *testing.T) {
	ctx, w := game(t, "assist", nil)
	e := NewEnemyScreen(ctx)
	w.SetContent(e.Object())
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
	e.fx.creature.SetText("worm-1")
	e.fx.sector.SetText(hero)
	test.Tap(findButton(t, e.fx.obj, "Teleport the Creature there"))
	mustSee(t, e.Object(), "say whether the dice are rolled at the table")
	tapOption(t, e.fx.courageRoll, rolledAtTable)
	e.fx.courage.SetText("B")
	test.Tap(findButton(t, e.fx.obj, "Teleport the Creature there"))
	if s := state(ctx); s.Map.Creature("worm-1").Sector != hero || s.SC != 11 {
		t.Fatalf("teleported to %s, SC %d:\n%s", s.Map.Creature("worm-1").Sector, s.SC, uitest.TextWithEntries(e.Object()))
	}
}
