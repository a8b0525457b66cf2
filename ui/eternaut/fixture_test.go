package eternaut

import (
	"testing"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/uitest"
)

// TestFitFixture builds The Eternaut's campaign for the real-window check
// (.ci/window-fit): A and B1 played, then Scenario C in its fullest state
// (liveC: two Cascarudos on the map, so the aliens' activation order waits
// on the Enemy tab, with an activation already recorded; Event counters,
// penalty cards, items, a Drop pile, NPCs and Enemies, a fallen Character,
// an end of round behind it), over a long log. With -update-fit it
// rewrites ui/testdata/fit/eternaut.json; without, it checks that file
// still imports.
func TestFitFixture(t *testing.T) {
	tb := newTable(t)
	uitest.PadLog(t, tb.s, 300)
	liveC(tb)
	if sc := tb.st().Scenario; sc.Aliens[0].OnMap == 0 || len(sc.Activations) == 0 {
		t.Fatal("the fixture has no activation order pending")
	}
	uitest.FitFixture(t, tracker.Eternaut, tb.s, tracker.Registry{tracker.Eternaut: et.Rules{}})
}
