package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// clockExport is the export file of a campaign of n clock starts and
// pauses, written straight (no session), as a long campaign would export.
func clockExport(t testing.TB, n int, note string) []byte {
	t.Helper()
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c, err := tracker.NewCampaign(tracker.Alone, "Long", 9, start)
	if err != nil {
		t.Fatal(err)
	}
	x := &tracker.Export{Format: tracker.ExportFormat, Version: tracker.ExportVersion, Exported: start, Campaign: c}
	for i := 0; i < n; i++ {
		kind, payload := tracker.KindClock, fmt.Sprintf(`{"clock":"play","action":%q}`, map[bool]string{true: "start", false: "pause"}[i%2 == 0])
		if note != "" {
			kind, payload = tracker.KindNote, fmt.Sprintf(`{"text":%q}`, note)
		}
		x.Events = append(x.Events, tracker.Event{Seq: uint64(i + 1), ID: uuid.NewString(), Time: start.Add(time.Duration(i) * time.Second),
			Kind: kind, Payload: json.RawMessage(payload)})
	}
	b, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestImportWritesInBatchesWithItsSnapshot: an import larger than one
// batch is written whole, listed once written, with the snapshot its check
// left, so the first opening replays nothing.
func TestImportWritesInBatchesWithItsSnapshot(t *testing.T) {
	db, _ := openTemp(t)
	data := clockExport(t, 4000, strings.TrimSpace(strings.Repeat("a note at the table ", 30)))
	if len(data) < 2*importBatch {
		t.Fatalf("the export is %d bytes, not two batches", len(data))
	}
	c, err := db.Import(data, false)
	if err != nil {
		t.Fatal(err)
	}
	if c.Events != 4000 {
		t.Fatalf("imported %d events", c.Events)
	}
	snap, err := db.LatestSnapshot(c.ID)
	if err != nil || snap == nil || snap.Seq != 4000 {
		t.Fatalf("snapshot after the import: %+v %v", snap, err)
	}
	s, err := db.OpenSession(c.ID)
	if err != nil || countNotes(s) != 4000 {
		t.Fatalf("open after import: %v", err)
	}
	if _, err := db.Verify(); err != nil {
		t.Fatal(err)
	}
}

// TestImportOfOneIDSpelledOtherwiseIsTheSameCampaign (issue 16 item 11):
// the same campaign with its ID in upper case, braces or urn:uuid: is
// refused as already here, not added as a second campaign.
func TestImportOfOneIDSpelledOtherwiseIsTheSameCampaign(t *testing.T) {
	db, _ := openTemp(t)
	data := clockExport(t, 3, "")
	c, err := db.Import(data, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, spelling := range []string{strings.ToUpper(c.ID), "{" + c.ID + "}", "urn:uuid:" + c.ID} {
		other := bytes.Replace(data, []byte(`"id": "`+c.ID+`"`), []byte(`"id": "`+spelling+`"`), 1)
		if bytes.Equal(other, data) {
			t.Fatal("the campaign's ID is not in the file")
		}
		_, err := db.Import(other, false)
		var ee *ExistsError
		if !errors.As(err, &ee) {
			t.Errorf("%s: %v, want that it is already here", spelling, err)
		}
	}
	if list, _ := db.List(); len(list) != 1 {
		t.Fatalf("%d campaigns", len(list))
	}
}

// changingFile changes one byte once it has been read past a number of
// times: a file edited while it is imported.
type changingFile struct {
	data  []byte
	after int
	at    int
	reads int
}

func (f *changingFile) ReadAt(p []byte, off int64) (int, error) {
	if f.reads++; f.reads == f.after {
		f.data[f.at] ^= 1
	}
	return bytes.NewReader(f.data).ReadAt(p, off)
}

// TestImportOfAFileThatChangesLeavesNothing: the file is read twice (check,
// then write); if it changed in between, nothing is imported and no
// half-written log is left.
func TestImportOfAFileThatChangesLeavesNothing(t *testing.T) {
	db, _ := openTemp(t)
	data := clockExport(t, 2000, "an unchanging note")
	x, err := tracker.CheckExport(bytes.NewReader(data), int64(len(data)), reg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	// Count the check's reads, then change a note after them.
	count := &changingFile{data: append([]byte(nil), data...), after: -1}
	if _, err := tracker.CheckExport(count, int64(len(data)), reg, time.Now()); err != nil {
		t.Fatal(err)
	}
	f := &changingFile{data: append([]byte(nil), data...), after: count.reads + 1, at: bytes.LastIndex(data, []byte("unchanging"))}
	_, err = db.ImportFrom(f, int64(len(data)), false)
	if err == nil || !strings.Contains(err.Error(), "changed while it was being imported") {
		t.Fatalf("import of a file that changed: %v", err)
	}
	if list, _ := db.List(); len(list) != 0 {
		t.Fatalf("%d campaigns after a failed import", len(list))
	}
	_ = db.view(func(tx *bolt.Tx) error {
		if tx.Bucket(campaignKey(x.Campaign.ID)) != nil {
			t.Error("a failed import left its log in the file")
		}
		return nil
	})
}

// TestImportClearsWhatACutOffImportLeft: a log bucket with no campaign
// record (an import killed between its batches) is replaced by the next
// import of that campaign.
func TestImportClearsWhatACutOffImportLeft(t *testing.T) {
	db, _ := openTemp(t)
	data := clockExport(t, 10, "")
	x, err := tracker.CheckExport(bytes.NewReader(data), int64(len(data)), reg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	err = db.update(func(tx *bolt.Tx) error {
		cb, err := tx.CreateBucket(campaignKey(x.Campaign.ID))
		if err != nil {
			return err
		}
		ev, _ := cb.CreateBucket(bucketEvents)
		return ev.Put(seqKey(1), []byte("half"))
	})
	if err != nil {
		t.Fatal(err)
	}
	c, err := db.Import(data, false)
	if err != nil || c.Events != 10 {
		t.Fatalf("import over a cut-off one: %+v %v", c, err)
	}
	if _, err := db.OpenSession(c.ID); err != nil {
		t.Fatal(err)
	}
}

// TestImportIntoTheFileDoesNotGrowWithTheLog: importing 10,000 and 40,000
// events from a file into a campaign file peaks within the same bound:
// the check reads the file in place and the log is written in batches.
func TestImportIntoTheFileDoesNotGrowWithTheLog(t *testing.T) {
	if testing.Short() {
		t.Skip("imports 50,000 events")
	}
	dir := t.TempDir()
	var peaks []uint64
	for _, n := range []int{10_000, 40_000} {
		path := filepath.Join(dir, fmt.Sprintf("%d.json", n))
		if err := os.WriteFile(path, clockExport(t, n, ""), 0o600); err != nil {
			t.Fatal(err)
		}
		db, _ := openTemp(t)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := f.Stat()
		var c tracker.Campaign
		peak := peakHeap(func() { c, err = db.ImportFrom(f, st.Size(), false) })
		f.Close()
		if err != nil || c.Events != uint64(n) {
			t.Fatalf("import of %d: %v", n, err)
		}
		t.Logf("%d events, %d MB file: peak heap %d KB above the start", n, st.Size()>>20, peak>>10)
		peaks = append(peaks, peak)
		if peak > 16<<20 {
			t.Errorf("importing %d events peaked at %d MB", n, peak>>20)
		}
		db.Close()
	}
	if peaks[1] > 2*peaks[0]+2<<20 {
		t.Errorf("4× the log peaked at %d KB against %d KB", peaks[1]>>10, peaks[0]>>10)
	}
}

// peakHeap runs fn while sampling the heap, and returns the highest heap
// seen above the heap before.
func peakHeap(fn func()) uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	base, peak := m.HeapAlloc, m.HeapAlloc
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
		}
	}()
	fn()
	close(stop)
	<-done
	return peak - base
}

// TestCutOffImportIsDroppedAtOpen: an import cut off between its batches
// (the app quit, a kill) leaves a log that no campaign lists; the next
// open removes it, keeps every campaign, and a file with none is not
// written to by opening it.
func TestCutOffImportIsDroppedAtOpen(t *testing.T) {
	db, path := openTemp(t)
	kept, err := db.Import(clockExport(t, 30, ""), false)
	if err != nil {
		t.Fatal(err)
	}
	cut := uuid.NewString()
	err = db.update(func(tx *bolt.Tx) error {
		cb, err := tx.CreateBucket(campaignKey(cut))
		if err != nil {
			return err
		}
		ev, err := cb.CreateBucket(bucketEvents)
		if err != nil {
			return err
		}
		return ev.Put(seqKey(1), []byte("half an import"))
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	logs := func() (n int) {
		b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		b.View(func(tx *bolt.Tx) error {
			return tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
				if bytes.HasPrefix(name, []byte("c:")) {
					n++
				}
				return nil
			})
		})
		return n
	}
	if n := logs(); n != 2 {
		t.Fatalf("%d logs before reopening", n)
	}
	db2, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	if camps, err := db2.List(); err != nil || len(camps) != 1 || camps[0].ID != kept.ID {
		t.Fatalf("campaigns after reopening: %v %v", camps, err)
	}
	db2.Close()
	if n := logs(); n != 1 {
		t.Fatalf("%d logs after reopening: the cut-off import is still there", n)
	}
	before, _ := os.ReadFile(path)
	db3, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	db3.Close()
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("opening a file with no cut-off import wrote to it")
	}
}

// TestRestoreWaitsForAnImportsWrites: a restore never lands between an
// import's batches (it would put a backup, which may hold the same
// campaign, under the import's writes): it waits until the import is done.
func TestRestoreWaitsForAnImportsWrites(t *testing.T) {
	db, _ := openTemp(t)
	if _, err := db.Import(clockExport(t, 10, ""), false); err != nil {
		t.Fatal(err)
	}
	b, err := db.Backup()
	if err != nil {
		t.Fatal(err)
	}
	importMu.Lock() // an import writing
	done := make(chan error, 1)
	go func() { done <- db.Restore(b.Path) }()
	select {
	case err := <-done:
		importMu.Unlock()
		t.Fatalf("the restore went ahead while an import wrote: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	importMu.Unlock()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
