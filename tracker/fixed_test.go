package tracker

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

// importBack exports the campaign and imports it back through every check.
func importBack(t *testing.T, mem *MemStore, id string, now time.Time) *Export {
	t.Helper()
	x, err := ExportCampaign(mem, id, now)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := x.Encode()
	back, err := ParseExport(data, Registry{testGame: counterRules{}})
	if err != nil {
		t.Fatalf("the export does not import: %v", err)
	}
	return back
}

// TestANewCampaignsUndoDoesNotStopThePlayClock: the session's start of
// the play clock is no action players undo (issue 22: in a new campaign
// Undo undid "Play clock started"). Undo takes back the game's actions
// past it, the clock runs on, and what Redo can put back survives a
// session closed and opened again.
func TestANewCampaignsUndoDoesNotStopThePlayClock(t *testing.T) {
	s, mem := newTestSession(t)
	t0 := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	now := t0
	s.SetClock(func() time.Time { return now })
	must(t)(s.Do(ClockCommand{Clock: PlayClock, Action: ClockStart})) // the session opens
	if s.CanUndo() {
		t.Fatal("a new campaign has something to undo: the play clock's start")
	}
	if _, err := s.Undo(); err == nil || !s.Core().Play.Running {
		t.Fatalf("Undo in a new campaign: %v; the play clock running: %v", err, s.Core().Play.Running)
	}
	now = now.Add(time.Minute)
	must(t)(s.Do(damage{N: 3}))
	must(t)(s.Do(damage{N: 1}))
	must(t)(s.Undo())
	// The session ends (the clock paused) and another begins.
	now = now.Add(time.Minute)
	must(t)(s.Do(ClockCommand{Clock: PlayClock, Action: ClockPause}))
	s, err := Open(mem, counterRules{}, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Hour)
	s.SetClock(func() time.Time { return now })
	must(t)(s.Do(ClockCommand{Clock: PlayClock, Action: ClockStart}))
	if !s.CanRedo() {
		t.Fatal("opening the campaign again lost what Redo could put back")
	}
	must(t)(s.Redo())
	if life(s) != 6 {
		t.Fatalf("life %d after redo, want 6", life(s))
	}
	// Undo takes back the game's action, not the clock's start.
	must(t)(s.Undo())
	must(t)(s.Undo())
	if life(s) != 10 || !s.Core().Play.Running {
		t.Fatalf("after two undos: life %d, play clock running %v", life(s), s.Core().Play.Running)
	}
	if got := s.Core().Play.Elapsed(now.Add(time.Minute)); got != 3*time.Minute {
		t.Fatalf("the play clock counted %v, want 3m", got)
	}
	// The same from the log alone, and through an import's checks.
	again, err := Open(mem, counterRules{}, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	if life(again) != 10 || again.Core().Play != s.Core().Play || again.Depth() != s.Depth() {
		t.Fatal("a replay differs from the session")
	}
	importBack(t, mem, s.Campaign().ID, now)
}

// TestPracticeContentSurvivesTwentyUndos: the set-up's actions are beyond
// undo (issue 22: 20 undos in the Reichbusters practice left an empty
// campaign). Undo stops at them, going back from the Log stops at them,
// and an import refuses a log that went below them.
func TestPracticeContentSurvivesTwentyUndos(t *testing.T) {
	s, mem := newTestSession(t)
	// The practice content: the campaign's first actions.
	for _, cmd := range []Command{damage{N: 2}, roll{}, damage{N: 1}} {
		must(t)(s.Do(cmd))
	}
	e, err := s.Do(SetUp{})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Describe(e); got != "Set-up done (3 actions): Undo stops here; change the set-up on its own screen" {
		t.Fatalf("the log reads %q", got)
	}
	if _, err := s.Do(SetUp{}); err == nil {
		t.Fatal("a second set-up with nothing new was recorded")
	}
	must(t)(s.Do(ClockCommand{Clock: PlayClock, Action: ClockStart}))
	must(t)(s.Do(heal{N: 1}))
	must(t)(s.Do(AddNote{Text: "the first door"}))
	undone := 0
	for i := 0; i < 20; i++ {
		if _, err := s.Undo(); err == nil {
			undone++
		} else if err != ErrSetUpKept {
			t.Fatalf("undo %d: %v", i+1, err)
		}
	}
	if undone != 2 || life(s) != 7 || len(s.State().(*counterState).Rolls) != 1 || s.Depth() != 3 {
		t.Fatalf("20 undos undid %d: life %d, depth %d", undone, life(s), s.Depth())
	}
	if s.CanUndo() {
		t.Fatal("Undo still offered at the set-up")
	}
	if _, err := s.UndoTo(0); err != ErrSetUpKept {
		t.Fatalf("going back to the start from the Log: %v", err)
	}
	must(t)(s.Redo())
	must(t)(s.Redo())
	if notes, _ := s.Notes(10, 0); life(s) != 8 || len(notes) != 1 {
		t.Fatalf("redo: life %d, notes %d", life(s), len(notes))
	}
	// Reopened (with or without the snapshot), the floor holds.
	again, err := Open(mem, counterRules{}, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	if again.Floor() != 3 {
		t.Fatalf("reopened, the floor is %d", again.Floor())
	}
	back := importBack(t, mem, s.Campaign().ID, time.Now())

	// A log that undoes the set-up is none the app made: refused. In
	// effect are the set-up's 1, 2, 3, then 6 (heal) and 7 (the note).
	undo, _ := json.Marshal(undoPayload{Targets: []uint64{7, 6, 3}})
	bad := *back
	bad.Events = append(append([]Event(nil), back.Events...), Event{Seq: back.Events[len(back.Events)-1].Seq + 1,
		ID: uuid.NewString(), Time: time.Now().UTC(), Kind: KindUndo, Payload: undo})
	data, _ := (&bad).Encode()
	if _, err := ParseExport(data, Registry{testGame: counterRules{}}); err == nil || !strings.Contains(err.Error(), "set-up") {
		t.Fatalf("an import took a log that undoes the set-up: %v", err)
	}
}

// TestOldLogsReplayAsTheyDid: a log from before the play clock was
// beyond undo (its clock events without the mark, and an undo of its
// start) replays as it did, and imports.
func TestOldLogsReplayAsTheyDid(t *testing.T) {
	mem := NewMemStore()
	c, _ := NewCampaign(testGame, "Old", 42, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	mem.Create(c)
	t0 := c.Created.Add(time.Hour)
	ev := func(seq uint64, kind string, p any) Event {
		b, _ := json.Marshal(p)
		return Event{Seq: seq, ID: uuid.NewString(), Time: t0.Add(time.Duration(seq) * time.Minute), Kind: kind, Payload: b}
	}
	old := []Event{
		ev(1, KindClock, map[string]string{"clock": "play", "action": "start"}),
		ev(2, "test.life", lifePayload{-3, 10, 7}),
		ev(3, KindUndo, undoPayload{Targets: []uint64{2}}),
		ev(4, KindUndo, undoPayload{Targets: []uint64{1}}), // the play clock's start, undone
	}
	for _, e := range old {
		if err := mem.Append(c.ID, e); err != nil {
			t.Fatal(err)
		}
	}
	s, err := Open(mem, counterRules{}, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if s.Core().Play.Running || s.Core().PlayFixed || life(s) != 10 || s.Depth() != 0 || !s.CanRedo() {
		t.Fatalf("an old log replays otherwise: %+v, life %d, depth %d", s.Core().Play, life(s), s.Depth())
	}
	must(t)(s.Redo()) // the play clock's old start, put back as the action it was
	if !s.Core().Play.Running || s.Depth() != 1 {
		t.Fatal("redo of an old play clock action")
	}
	importBack(t, mem, c.ID, time.Now())
}

// TestClocksCountOnlyTimeTheAppRan: a session killed with its clocks
// running (no clean close) and opened 3 hours later counts a minute of
// the gap, and the Log says so; a frozen window the same. The gap is
// beyond undo and survives a replay and an import.
func TestClocksCountOnlyTimeTheAppRan(t *testing.T) {
	s, mem := newTestSession(t)
	t0 := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	now := t0
	s.SetClock(func() time.Time { return now })
	must(t)(s.Do(ClockCommand{Clock: PlayClock, Action: ClockStart}))
	must(t)(s.Do(ClockCommand{Clock: TurnClock, Action: ClockLimit, Limit: 30 * time.Minute}))
	must(t)(s.Do(ClockCommand{Clock: TurnClock, Action: ClockStart}))
	now = t0.Add(10 * time.Minute)
	must(t)(s.Do(damage{N: 1}))
	lastRan := t0.Add(12 * time.Minute) // its last heartbeat; then it was killed

	// Opened again 3 hours later, with an injected clock.
	s, err := Open(mem, counterRules{}, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	now = lastRan.Add(3 * time.Hour)
	s.SetClock(func() time.Time { return now })
	if got := s.Core().Play.Elapsed(now); got != 3*time.Hour+12*time.Minute {
		t.Fatalf("before: %v", got)
	}
	e, err := s.Do(AppStopped{Last: lastRan})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Describe(e); got != "The app was closed for 3 h; 1 min counted" {
		t.Fatalf("the Log reads %q", got)
	}
	if got := s.Core().Play.Elapsed(now); got != 13*time.Minute {
		t.Fatalf("the play clock counted %v, want 13m (12 run, 1 of the gap)", got)
	}
	if left, out := s.Core().Turn.Remaining(now); left != 17*time.Minute || out {
		t.Fatalf("the turn clock has %v left (out %v), want 17m", left, out)
	}
	// Undo takes back the damage, not the gap; the clocks keep it.
	must(t)(s.Undo())
	if got := s.Core().Play.Elapsed(now); got != 13*time.Minute || life(s) != 10 {
		t.Fatalf("after undo: %v, life %d", got, life(s))
	}
	if left, _ := s.Core().Turn.Remaining(now); left != 17*time.Minute {
		t.Fatalf("after undo the turn clock has %v left", left)
	}
	// A frozen window, later: 10 minutes without an answer.
	now = now.Add(20 * time.Minute)
	frozeAt := now
	now = now.Add(10 * time.Minute)
	f, err := s.Do(AppStopped{Last: frozeAt, Frozen: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Describe(f); got != "The app did not answer for 10 min; 1 min counted" {
		t.Fatalf("the Log reads %q", got)
	}
	// Paused now: it banks what it counted.
	must(t)(s.Do(ClockCommand{Clock: PlayClock, Action: ClockPause}))
	if got := s.Core().Play.Elapsed(now.Add(time.Hour)); got != 13*time.Minute+21*time.Minute {
		t.Fatalf("paused at %v, want 34m", got)
	}
	// Nothing to settle: refused, nothing recorded.
	before := s.LastSeq()
	if _, err := s.Do(AppStopped{Last: now.Add(-30 * time.Second)}); err == nil {
		t.Fatal("a gap of 30 s was recorded")
	}
	must(t)(s.Do(ClockCommand{Clock: TurnClock, Action: ClockPause}))
	if _, err := s.Do(AppStopped{Last: now.Add(-time.Hour)}); err == nil || !strings.Contains(err.Error(), "no clock") {
		t.Fatalf("a gap with no clock running: %v", err)
	}
	if s.LastSeq() != before+1 {
		t.Fatal("a refused gap was recorded")
	}
	again, err := Open(mem, counterRules{}, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	if again.Core().Play != s.Core().Play || again.Core().Turn != s.Core().Turn {
		t.Fatal("a replay counts otherwise")
	}
	back := importBack(t, mem, s.Campaign().ID, now)
	// A made-up gap (its time before its last run) is refused.
	for i, e := range back.Events {
		if e.Kind == KindStopped {
			var p map[string]any
			json.Unmarshal(e.Payload, &p)
			p["last"] = e.Time.Add(time.Hour).Format(time.RFC3339Nano)
			back.Events[i].Payload, _ = json.Marshal(p)
			break
		}
	}
	data, _ := back.Encode()
	if _, err := ParseExport(data, Registry{testGame: counterRules{}}); err == nil {
		t.Fatal("an import took a gap that ends before it starts")
	}
}
