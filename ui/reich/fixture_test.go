package reich

import (
	"testing"

	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/uitest"
)

// TestFitFixture builds Reichbusters' campaign for the real-window check
// (.ci/window-fit): content imported, a raid set up, and an enemy turn
// that has attacked and waits for the defence test, over a long log. With
// -update-fit it rewrites ui/testdata/fit/reichbusters.json; without, it
// checks that file still imports. Make the state fuller here as the
// screens grow.
func TestFitFixture(t *testing.T) {
	ctx, _ := newCtx(t)
	uitest.PadLog(t, ctx.Session, 300)
	enemyAttacks(t, ctx)
	uitest.FitFixture(t, rb.Game, ctx.Session, tracker.Registry{rb.Game: rb.Rules})
}
