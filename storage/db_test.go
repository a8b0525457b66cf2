package storage

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// The storage tests play with core events (notes, clocks) only, through
// Basic rules, so they do not depend on any game's rules.
var reg = tracker.Registry{}

func openTemp(t testing.TB) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tk.db")
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

func addNotes(t testing.TB, s *tracker.Session, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if _, err := s.Do(tracker.AddNote{Text: "note"}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCampaignLifecycle(t *testing.T) {
	db, path := openTemp(t)
	c, err := db.NewCampaign(tracker.Alone, "Night shift", 99)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.NewCampaign("tetris", "x", 1); err == nil || !strings.Contains(err.Error(), "eternaut, phantom-epoch") {
		t.Fatalf("unknown game: %v", err)
	}
	s, err := db.OpenSession(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	addNotes(t, s, 3)
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := db.Rename(c.ID, "Night shift 2"); err != nil {
		t.Fatal(err)
	}
	if err := db.Rename(c.ID, "  "); err == nil {
		t.Fatal("blank rename accepted")
	}
	dup, err := db.Duplicate(c.ID, "Branch")
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	db, err = Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	list, _ := db.List()
	if len(list) != 2 {
		t.Fatalf("%d campaigns, want 2", len(list))
	}
	for _, id := range []string{c.ID, dup.ID} {
		s, err := db.OpenSession(id)
		if err != nil {
			t.Fatal(err)
		}
		if n := countNotes(s); n != 2 || s.LastSeq() != 4 {
			t.Fatalf("campaign %s: %d notes, seq %d", id, n, s.LastSeq())
		}
	}
	got, _ := db.Campaign(c.ID)
	if got.Name != "Night shift 2" || got.Events != 4 {
		t.Fatalf("record %+v", got)
	}
	saved, err := db.Delete(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Campaign(c.ID); !errors.Is(err, tracker.ErrNoCampaign) {
		t.Fatal("deleted campaign still there")
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	back, err := db.Import(data, false)
	if err != nil || back.ID != c.ID {
		t.Fatalf("re-import of deleted campaign: %v", err)
	}
}

func TestImportNeverOverwrites(t *testing.T) {
	db, _ := openTemp(t)
	c, _ := db.NewCampaign(tracker.Eternaut, "Buenos Aires", 5)
	s, _ := db.OpenSession(c.ID)
	addNotes(t, s, 2)
	x, _ := db.Export(c.ID)
	data, _ := x.Encode()
	addNotes(t, s, 1)
	_, err := db.Import(data, false)
	var ee *ExistsError
	if !errors.As(err, &ee) {
		t.Fatalf("import over an existing campaign: %v", err)
	}
	if got, _ := db.Campaign(c.ID); got.Events != 3 {
		t.Fatal("existing campaign was changed by a refused import")
	}
	cp, err := db.Import(data, true)
	if err != nil || cp.ID == c.ID || !strings.HasSuffix(cp.Name, "(copy)") {
		t.Fatalf("import as copy: %+v %v", cp, err)
	}
	if _, err := db.Import([]byte(`{"format":"tablekeeper-campaign","version":1,"campaign":{}}`), false); err == nil {
		t.Fatal("bad import accepted")
	}
	list, _ := db.List()
	if len(list) != 2 {
		t.Fatalf("bad import left %d campaigns", len(list))
	}
}

func TestSecondInstanceIsToldNotHung(t *testing.T) {
	_, path := openTemp(t)
	start := time.Now()
	_, err := Open(path, reg)
	var le *LockedError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "open in another Tablekeeper") {
		t.Fatalf("second open: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("second open took %v, more than 2s", d)
	}
}

func TestBackupsRollAndVerify(t *testing.T) {
	db, _ := openTemp(t)
	db.BackupEvery = 5
	db.Keep = Retention{Recent: 3}
	clock := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	db.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	c, _ := db.NewCampaign(tracker.Reichbusters, "Vril", 3)
	s, _ := db.OpenSession(c.ID)
	for i := 0; i < 30; i++ {
		addNotes(t, s, 1)
		db.bg.Wait() // make each rolling backup finish, so the count is exact
	}
	if err := db.BackgroundError(); err != nil {
		t.Fatal(err)
	}
	list, _ := db.Backups()
	if len(list) != 3 {
		t.Fatalf("%d backups kept, want 3", len(list))
	}
	r, err := VerifyFile(list[0].Path, reg)
	if err != nil || len(r.Campaigns) != 1 || r.Campaigns[0].Campaign.Events != 30 {
		t.Fatalf("newest backup: %+v %v", r, err)
	}
	cs, err := Campaigns(list[2].Path, reg)
	if err != nil || len(cs) != 1 || cs[0].Events != 20 {
		t.Fatalf("oldest kept backup holds %+v %v", cs, err)
	}
	// Restore the oldest: the current file is kept aside, nothing lost.
	if err := db.Restore(list[2].Path); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Campaign(c.ID); got.Events != 20 {
		t.Fatalf("after restore the campaign has %d events, want 20", got.Events)
	}
	aside, _ := filepath.Glob(db.Path() + ".replaced-*")
	if len(aside) != 1 {
		t.Fatalf("replaced file kept: %v", aside)
	}
}

func TestNewerFileRefused(t *testing.T) {
	db, path := openTemp(t)
	_ = db.update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keySchema, []byte("99")) })
	db.Close()
	_, err := Open(path, reg)
	var ne *NewerError
	if !errors.As(err, &ne) {
		t.Fatalf("newer file: %v", err)
	}
}

func TestMigrationRunsInOrder(t *testing.T) {
	db, path := openTemp(t)
	c, _ := db.NewCampaign(tracker.Alone, "Old", 1)
	_ = db.update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keySchema, []byte("0")) })
	db.Close()
	ran := false
	migrations[0] = func(tx *bolt.Tx) error {
		ran = true
		return tx.Bucket(bucketMeta).Put([]byte("migrated"), []byte("yes"))
	}
	defer delete(migrations, 0)
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if !ran {
		t.Fatal("migration did not run")
	}
	if _, err := db.Campaign(c.ID); err != nil {
		t.Fatal(err)
	}
	var schema string
	_ = db.view(func(tx *bolt.Tx) error { schema = string(tx.Bucket(bucketMeta).Get(keySchema)); return nil })
	if schema != "1" {
		t.Fatalf("schema after migration %q", schema)
	}
}

func TestLongCampaignOpensFromSnapshot(t *testing.T) {
	db, _ := openTemp(t)
	c, _ := db.NewCampaign(tracker.Alone, "Long", 1)
	s, _ := db.OpenSession(c.ID)
	addNotes(t, s, tracker.SnapshotEvery+3)
	snap, err := db.LatestSnapshot(c.ID)
	if err != nil || snap == nil || snap.Seq != tracker.SnapshotEvery {
		t.Fatalf("snapshot %+v %v", snap, err)
	}
	s2, err := db.OpenSession(c.ID)
	if err != nil || countNotes(s2) != tracker.SnapshotEvery+3 {
		t.Fatalf("reopened: %v", err)
	}
}

// countNotes counts a campaign's notes in effect (read from its log).
func countNotes(s *tracker.Session) int {
	notes, err := s.Notes(1<<30, 0)
	if err != nil {
		return -1
	}
	return len(notes)
}
