package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	"tablekeeper/ui/shell"
)

// TestANewCampaignHasNothingToUndo: opening a new campaign starts the
// play clock, and Undo does not take that back (issue 22: in a new
// campaign Undo undid "Play clock started"): the button is off, and the
// key says why.
func TestANewCampaignHasNothingToUndo(t *testing.T) {
	u, cs, _ := openTest(t)
	if !cs.s.Core().Play.Running {
		t.Fatal("the play clock did not start")
	}
	if !cs.chrome.Undo.Disabled() {
		t.Fatal("Undo is offered in a new campaign")
	}
	cs.doUndo()
	if !cs.s.Core().Play.Running || !strings.Contains(cs.messageText(), "nothing to undo") {
		t.Fatalf("Undo in a new campaign: the clock running %v, %q", cs.s.Core().Play.Running, cs.messageText())
	}
	// The Log lists the clock's start as done, never as undone.
	cs.selectTab("log")
	if txt := screenText(u); !strings.Contains(txt, "Play clock started") || strings.Contains(txt, "undone: Play clock") {
		t.Fatalf("the Log:\n%s", txt)
	}
}

// TestTwentyUndosLeaveTheReichbustersPracticeInPlace: the practice
// content and its set-up are beyond undo (issue 22: 20 undos removed
// them, leaving an empty campaign).
func TestTwentyUndosLeaveTheReichbustersPracticeInPlace(t *testing.T) {
	u := New(test.NewTempApp(t), Options{DBPath: filepath.Join(t.TempDir(), "t.db"), Registry: games.Registry()})
	defer u.Shutdown()
	u.startPractice(tracker.Reichbusters)
	cs := u.camp
	if cs == nil {
		t.Fatalf("the practice did not open:\n%s", screenText(u))
	}
	state := func() string { b, _ := json.Marshal(cs.s.State()); return string(b) }
	setUp, floor := state(), cs.s.Floor()
	if floor == 0 {
		t.Fatal("the practice's set-up is not marked")
	}
	// A few moves at the table, then twenty undos.
	findButton(t, u, "Start the round")
	cs.ctx.Do(tracker.AddNote{Text: "the corridor is quiet"})
	for i := 0; i < 20; i++ {
		cs.doUndo()
	}
	if got := state(); got != setUp || cs.s.Depth() != floor {
		t.Fatalf("after 20 undos the practice content changed (depth %d of %d)", cs.s.Depth(), floor)
	}
	if !cs.chrome.Undo.Disabled() {
		t.Fatal("Undo is still offered at the set-up")
	}
	if !strings.Contains(cs.messageText(), "set-up") {
		t.Fatalf("the last undo says %q", cs.messageText())
	}
}

// TestAKilledSessionCountsAMinuteOfTheGap: a session killed with its
// clocks running (no clean close) and opened again 3 hours later (an
// injected clock) counts one minute of the gap, and the Log says so.
func TestAKilledSessionCountsAMinuteOfTheGap(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	opts := Options{DBPath: filepath.Join(dir, "tablekeeper.db"), Registry: tracker.Registry{testGame: lifeRules{}},
		Screens: shell.Registry{testGame: lifeScreens{acts: &[]string{}}}}
	t0 := time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
	now := t0
	u := New(a, opts)
	u.now = func() time.Time { return now }
	c, err := u.DB.NewCampaign(testGame, "Killed", 7)
	if err != nil {
		t.Fatal(err)
	}
	u.openCampaign(c.ID)
	cs := u.camp
	cs.ctx.Do(tracker.ClockCommand{Clock: tracker.TurnClock, Action: tracker.ClockStart})
	// Twenty minutes of play, the window ticking.
	for i := 0; i < 20*60; i++ {
		now = now.Add(time.Second)
		cs.beat()
	}
	// Killed: no clean close, the file let go as a dead process would.
	close(cs.stop)
	u.DB.Close()
	u.DB = nil
	u.camp = nil

	now = now.Add(3 * time.Hour)
	u2 := New(a, opts)
	defer u2.Shutdown()
	u2.now = func() time.Time { return now }
	u2.openCampaign(c.ID)
	cs = u2.camp
	core := cs.s.Core()
	if got := core.Play.Elapsed(now); got < 20*time.Minute || got > 21*time.Minute+time.Second {
		t.Fatalf("the play clock counted %v for 20 minutes of play and a 3-hour gap", got)
	}
	if got := core.Turn.Elapsed(now); got < 20*time.Minute || got > 21*time.Minute+time.Second {
		t.Fatalf("the turn clock counted %v", got)
	}
	cs.selectTab("log")
	if txt := screenText(u2); !strings.Contains(txt, "The app was closed for 3 h; 1 min counted") {
		t.Fatalf("the Log does not say so:\n%s", txt)
	}
	// The window freezing for 10 minutes: the same, said so.
	cs.beat()
	now = now.Add(10 * time.Minute)
	cs.beat()
	if txt := screenText(u2); !strings.Contains(txt, "The app did not answer for 10 min; 1 min counted") {
		t.Fatalf("the Log does not say so:\n%s", txt)
	}
	// A clean close and a reopening a day later: the turn clock, left
	// running, counts a minute of the day.
	u2.closeCampaign(false)
	if _, err := os.Stat(u2.alivePath()); err != nil {
		t.Fatalf("no sign of life beside the file: %v", err)
	}
	closed, err := u2.DB.OpenSession(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	turn := closed.Core().Turn.Elapsed(now)
	now = now.Add(24 * time.Hour)
	u2.openCampaign(c.ID)
	if got := u2.camp.s.Core().Turn.Elapsed(now); got > turn+time.Minute {
		t.Fatalf("a closed day counted: %v then %v", turn, got)
	}
}
