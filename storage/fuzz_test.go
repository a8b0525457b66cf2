package storage

import (
	"path/filepath"
	"testing"

	"tablekeeper/tracker"
)

// FuzzImport feeds import files to a real file: whatever is accepted must
// verify and export again; whatever is refused must leave the file as it was.
func FuzzImport(f *testing.F) {
	seedDB, err := Open(filepath.Join(f.TempDir(), "seed.db"), reg)
	if err != nil {
		f.Fatal(err)
	}
	c, _ := seedDB.NewCampaign(tracker.Eternaut, "Seed", 7)
	s, _ := seedDB.OpenSession(c.ID)
	_, _ = s.Do(tracker.AddNote{Text: "the snow falls"})
	_, _ = s.Do(tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockStart})
	_, _ = s.Undo()
	x, _ := seedDB.Export(c.ID)
	data, _ := x.Encode()
	seedDB.Close()
	f.Add(data)
	f.Add([]byte(`{"format":"tablekeeper-campaign","version":1,"campaign":{"id":"6f1d3c52-6a4e-4d7e-9d0e-3a1f4b2c5d6e","game":"alone","name":"x","created":"2026-01-01T00:00:00Z","seed":1},"events":[]}`))

	db, err := Open(filepath.Join(f.TempDir(), "fuzz.db"), reg)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { db.Close() })
	f.Fuzz(func(t *testing.T, data []byte) {
		before, _ := db.List()
		c, err := db.Import(data, true)
		after, _ := db.List()
		if err != nil {
			if len(after) != len(before) {
				t.Fatal("a refused import changed the file")
			}
			return
		}
		if _, err := db.OpenSession(c.ID); err != nil {
			t.Fatalf("accepted import does not open: %v", err)
		}
		if _, err := db.Export(c.ID); err != nil {
			t.Fatal(err)
		}
	})
}
