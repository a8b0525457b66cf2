package alone

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
)

// TestFitFixture builds Alone's campaign for the real-window check
// (.ci/window-fit): a solo game set up (the app plays Evil), a Turn
// started with an Action taken, over a long log. With -update-fit it
// rewrites ui/testdata/fit/alone.json; without, it checks that file still
// imports. Make the state fuller here as the screens grow.
func TestFitFixture(t *testing.T) {
	ctx, _ := game(t, "solo", nil)
	uitest.PadLog(t, ctx.Session, 300)
	p := NewPlayScreen(ctx)
	e := NewEnemyScreen(ctx)
	g := &Screens{plays: map[*shell.Context]*PlayScreen{ctx: p}, enems: map[*shell.Context]*EnemyScreen{ctx: e}}
	test.Tap(p.turn.startBtn)
	p.turn.action.SetSelected("locate")
	p.turn.locKind[0].SetSelected("Room")
	p.turn.locWhat[0].SetText("Laboratory")
	p.turn.locKind[1].SetSelected("Element")
	p.turn.locWhat[1].SetText("stairs")
	g.Act(ctx, shell.TabPlay, shell.Next)
	if !state(ctx).T.Started {
		t.Fatal("no Turn under way")
	}
	uitest.FitFixture(t, tracker.Alone, ctx.Session, tracker.Registry{tracker.Alone: ta.Rules{}})
}
