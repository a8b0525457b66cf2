package eternaut

import (
	"testing"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/uitest"
)

// TestFitFixture builds The Eternaut's campaign for the real-window check
// (.ci/window-fit): A and B1 played, Scenario C set up with four
// Characters, over a long log. With -update-fit it rewrites
// ui/testdata/fit/eternaut.json; without, it checks that file still
// imports. Make the state fuller here (aliens revealed, cubes dealt) as the
// screens grow.
func TestFitFixture(t *testing.T) {
	tb := newTable(t)
	uitest.PadLog(t, tb.s, 300)
	tb.inC()
	uitest.FitFixture(t, tracker.Eternaut, tb.s, tracker.Registry{tracker.Eternaut: et.Rules{}})
}
