package tracker

import (
	"encoding/json"
	"fmt"
	"testing"
)

// Notes are read from the log, newest first, those in effect only; the
// state (and so its snapshots and undo's copies of it) does not grow with
// them: 2,000 notes take no more state than 1 (issue 24 item 9: a verify
// of 2,000,000 notes held 300 MB of state, an import 1 GB).
func TestNotesAreReadFromTheLog(t *testing.T) {
	s, _ := newTestSession(t)
	must(t)(s.Do(AddNote{Text: "first"}))
	one := len(s.encode())
	for i := 2; i <= 2000; i++ {
		must(t)(s.Do(AddNote{Text: fmt.Sprintf("note %d", i)}))
	}
	if n := len(s.encode()); n != one {
		t.Fatalf("the state takes %d bytes with 2,000 notes, %d with 1", n, one)
	}
	must(t)(s.Undo())
	notes, err := s.Notes(3, 0)
	if err != nil || len(notes) != 3 || notes[0].Text != "note 1999" || notes[2].Text != "note 1997" {
		t.Fatalf("newest notes after an undo: %+v %v", notes, err)
	}
	must(t)(s.Redo())
	if notes, _ := s.Notes(1, 0); len(notes) != 1 || notes[0].Text != "note 2000" {
		t.Fatalf("after a redo: %+v", notes)
	}
	// Among the newest 10 events only: the reading is bounded.
	if notes, _ := s.Notes(100, 10); len(notes) != 8 {
		t.Fatalf("%d notes among the newest 10 events (2 are an undo and a redo)", len(notes))
	}
	// A state written when notes were kept in it reads without them.
	var f folded
	if err := json.Unmarshal(s.encode(), &f); err != nil {
		t.Fatal(err)
	}
	old, _ := json.Marshal(map[string]any{"core": map[string]any{"notes": []any{map[string]any{"seq": 1, "text": "first"}}, "play": f.Core.Play, "drawNext": 0}, "game": f.Game})
	if err := s.decode(old); err != nil {
		t.Fatalf("a state with notes in it: %v", err)
	}
}
