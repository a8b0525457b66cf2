package phantom

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
)

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
