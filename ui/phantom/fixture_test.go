package phantom

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	pa "tablekeeper/assets/phantom"
	ap "tablekeeper/automa/phantom"
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
//
// The group rolls its dice at the table (the content has no dice faces,
// as a group's own content often has not), so the turn stops where the
// adversary attacks, waiting for the attack roll: the Play tab then shows
// where to enter it (issue 22 item 1).
func TestFitFixture(t *testing.T) {
	h := newHarness(t, stoppedTurnCommands(t))
	uitest.PadLog(t, h.s, 300)
	h.do(tp.Inflict{Figure: "Ada", Condition: "Bleeding"})
	h.do(tp.Inflict{Figure: "Bram", Condition: "Barrier"})
	h.do(tp.DrawAdversaryCards{})
	h.do(tp.DetermineInitiative{})
	e := NewEnemyScreen(h.ctx)
	h.w.SetContent(e.Object())
	test.Tap(e.ResolveButton)
	p := h.state().Mission.Pending
	if p == nil || p.Turn.Stopped == "" {
		t.Fatalf("no adversary turn waiting for a roll: %+v %v", p, h.errs)
	}
	uitest.FitFixture(t, tracker.PhantomEpoch, h.s, tracker.Registry{tracker.PhantomEpoch: tp.Rules{}})
}

// stoppedTurnCommands are the practice game's first events with the
// practice content imported without its dice's faces and the round's
// Decision die entered as rolled at the table: the adversaries' attack
// rolls are the table's to make.
func stoppedTurnCommands(t *testing.T) []tracker.Command {
	t.Helper()
	cmds, err := tp.PracticeCommands()
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]json.RawMessage
	if err := json.Unmarshal(pa.Practice, &f); err != nil {
		t.Fatal(err)
	}
	delete(f, "dice")
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cmds {
		switch c.(type) {
		case tp.ImportContent:
			cmds[i] = tp.ImportContent{Data: data}
		case tp.BeginRound:
			cmds[i] = tp.BeginRound{Face: &ap.Face{Colour: "red", Primary: "N", Secondary: "E"}}
		}
	}
	return cmds
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
