package phantom

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/uitest"
)

// TestFitFixture builds Phantom Epoch's campaign for the real-window check
// (.ci/window-fit): the practice content (a 30-space map, two adversary
// types, every kind of component), a mission set up, conditions on the
// figures, a long log, the round at the turns and an adversary's turn
// worked out and waiting to be confirmed, with its whole explanation. With
// -update-fit it rewrites ui/testdata/fit/phantom-epoch.json; without, it
// checks that file still imports.
func TestFitFixture(t *testing.T) {
	cmds, err := tp.PracticeCommands()
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, cmds)
	uitest.PadLog(t, h.s, 300)
	h.do(tp.Inflict{Figure: "Ada", Condition: "Bleeding"})
	h.do(tp.Inflict{Figure: "Bram", Condition: "Barrier"})
	h.do(tp.DrawAdversaryCards{})
	h.do(tp.DetermineInitiative{})
	e := NewEnemyScreen(h.ctx)
	h.w.SetContent(e.Object())
	test.Tap(e.ResolveButton)
	if h.state().Mission.Pending == nil {
		t.Fatalf("no adversary turn pending: %v", h.errs)
	}
	uitest.FitFixture(t, tracker.PhantomEpoch, h.s, tracker.Registry{tracker.PhantomEpoch: tp.Rules{}})
}

// TestWriteScreenFixtures writes campaign exports to look at the screens
// in a real window (TK_PHANTOM_FIXTURES=dir): the practice game with the
// first adversary's decision pending after a long log. Skipped otherwise.
func TestWriteScreenFixtures(t *testing.T) {
	dir := os.Getenv("TK_PHANTOM_FIXTURES")
	if dir == "" {
		t.Skip("TK_PHANTOM_FIXTURES not set")
	}
	cmds, err := tp.PracticeCommands()
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, cmds)
	h.do(tp.DrawAdversaryCards{})
	h.do(tp.DetermineInitiative{})
	h.do(tp.ResolveAdversaryTurn{Adversary: nextFigure(h.state().Mission)})
	x, err := tracker.ExportCampaign(h.mem, h.s.Campaign().ID, time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	b, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "phantom-practice.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}
