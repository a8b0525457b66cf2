package eternaut

import (
	"testing"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/uitest"
)

// TestFitFixture builds The Eternaut's campaign for the real-window check
// (.ci/window-fit): A, B1 and C played, then Scenario D in play (liveD:
// both alien modules on the map, so the Enemy tab shows the aliens'
// activation order with a Why of several steps weighing both, an
// activation already recorded, the end-of-turn check's own Why; Event
// counters, a penalty card, items, an Enemy), over a long log. With
// -update-fit it rewrites ui/testdata/fit/eternaut.json; without, it checks
// that file still imports.
func TestFitFixture(t *testing.T) {
	tb := newTable(t)
	uitest.PadLog(t, tb.s, 300)
	liveD(tb)
	sc := tb.st().Scenario
	if len(sc.Aliens) < 2 || sc.Aliens[0].OnMap == 0 || sc.Aliens[1].OnMap == 0 || len(sc.Activations) == 0 {
		t.Fatal("the fixture has no activation order of several modules pending")
	}
	uitest.FitFixture(t, tracker.Eternaut, tb.s, tracker.Registry{tracker.Eternaut: et.Rules{}})
}
