package alone

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
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
