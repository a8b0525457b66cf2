package alone

import (
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/uitest"
)

// TestFitFixture builds Alone's campaign for the real-window check
// (.ci/window-fit): the practice game in solo mode a few Turns in — the
// Labyrinth grown, a Creature Spawned, things heard, a Danger token, an
// Item used — its Play tab right after a Move: the Hero's Action of the
// Turn done and the Evil side's decision pending, over a long log. With -update-fit it rewrites
// ui/testdata/fit/alone.json; without, it checks that file still imports.
func TestFitFixture(t *testing.T) {
	ctx, _ := game(t, "solo", nil)
	do := func(c tracker.Command) {
		t.Helper()
		if _, ok := ctx.Do(c); !ok {
			t.Fatalf("%T %+v refused", c, c)
		}
	}
	uitest.PadLog(t, ctx.Session, 300)
	for i := 0; i < 3; i++ {
		do(ta.StartTurn{})
		do(ta.ExploreDir{Dir: []alone.Dir{alone.East, alone.South, alone.East}[i]})
		do(ta.EvilTurn{})
		do(ta.EndTurn{Roll: ta.VirtualDice})
	}
	do(ta.DealDamage{Kind: alone.SCDamage, N: 2, Source: "a Terror card"})
	do(ta.UseItem{ID: "i1", Charges: 1})
	do(ta.SetDanger{Sector: "2C3", On: true})
	do(ta.StartTurn{})
	do(ta.MoveHero{Dir: alone.East, Roll: ta.VirtualDice})
	if step(state(ctx)) != "evil" {
		t.Fatalf("the Evil side's decision is not pending: %s", step(state(ctx)))
	}
	uitest.FitFixture(t, tracker.Alone, ctx.Session, tracker.Registry{tracker.Alone: ta.Rules{}})
}
