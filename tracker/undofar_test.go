package tracker

import (
	"testing"
	"time"
)

// Going back to the start of a long campaign from its Log is one undo of
// every action: its event must stay within what an import takes, or the
// campaign's export could not be brought back. It listed the line of every
// action it undid (60,000 actions: over 1 MB) though the log shows only
// their count.
func TestGoingBackFarStaysImportable(t *testing.T) {
	mem := NewMemStore()
	c, _ := NewCampaign(Alone, "Far", 1, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	mem.Create(c)
	s, err := Open(mem, Basic(Alone), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	tick := c.Created
	s.SetClock(func() time.Time { tick = tick.Add(time.Second); return tick })
	const n = 60_000
	for i := 0; i < n; i++ {
		action := ClockStart
		if i%2 == 1 {
			action = ClockPause
		}
		if _, err := s.Do(ClockCommand{Clock: TurnClock, Action: action}); err != nil {
			t.Fatal(err)
		}
	}
	e, err := s.UndoTo(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Payload) > MaxEventSize/2 {
		t.Fatalf("going back %d actions is an event of %d KB", n-1, len(e.Payload)>>10)
	}
	if got := s.Describe(e); got != "Went back 59999 actions" {
		t.Fatalf("reads %q", got)
	}
	// One action's undo still names it.
	s.Do(AddNote{Text: "after"})
	u, _ := s.Undo()
	if got := s.Describe(u); got != "Undid: Note: after" {
		t.Fatalf("reads %q", got)
	}
	x, err := ExportCampaign(mem, c.ID, tick)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := x.Encode()
	back, err := ParseExport(data, Registry{})
	if err != nil {
		t.Fatalf("the export does not import: %v", err)
	}
	if back.Campaign.Events != uint64(n+3) {
		t.Fatalf("imported %d events", back.Campaign.Events)
	}
	// Redo brings them back one by one.
	r, err := s.Redo()
	if err != nil || s.Describe(r) != "Redid: Note: after" {
		t.Fatalf("redo: %q, %v", s.Describe(r), err)
	}
}
