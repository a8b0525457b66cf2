package phantom

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/uitest"
)

// TestFitFixture builds Phantom Epoch's campaign for the real-window check
// (.ci/window-fit): content entered, a mission set up, the round at the
// turns and an adversary's turn worked out and waiting to be confirmed,
// over a long log. With -update-fit it rewrites
// ui/testdata/fit/phantom-epoch.json; without, it checks that file still
// imports. Make the state fuller here as the screens grow.
func TestFitFixture(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	uitest.PadLog(t, h.s, 300)
	h.toTurns()
	e := NewEnemyScreen(h.ctx)
	h.w.SetContent(e.Object())
	test.Tap(e.ResolveButton)
	if h.state().Mission.Pending == nil {
		t.Fatalf("no adversary turn pending: %v", h.errs)
	}
	uitest.FitFixture(t, tracker.PhantomEpoch, h.s, tracker.Registry{tracker.PhantomEpoch: tp.Rules{}})
}
