package storage

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// BenchmarkDurableAction is one player action end to end: command, rules,
// event, committed to disk. Compare it with BenchmarkBareBoltUpdate, a bare
// single-key bbolt Update on a file in the same folder, run beside it.
func BenchmarkDurableAction(b *testing.B) {
	db, _ := openTemp(b)
	db.BackupEvery = 0
	c, _ := db.NewCampaign(tracker.Alone, "Bench", 1)
	s, err := db.OpenSession(c.ID)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var cmd tracker.Command = tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockStart}
		if i%2 == 1 {
			cmd = tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockPause}
		}
		if _, err := s.Do(cmd); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDurableVsBare times a durable action and a bare single-key bbolt
// Update on a file in the same folder, in turn, so both see the same load
// on a shared machine; ratio is the durable action's time over the bare
// Update's (the goal: at most 1.3).
func BenchmarkDurableVsBare(b *testing.B) {
	db, _ := openTemp(b)
	db.BackupEvery = 0
	c, _ := db.NewCampaign(tracker.Alone, "Bench", 1)
	s, err := db.OpenSession(c.ID)
	if err != nil {
		b.Fatal(err)
	}
	bdb, err := bolt.Open(filepath.Join(filepath.Dir(db.Path()), "bare.db"), 0o600, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer bdb.Close()
	val := make([]byte, 200)
	var durable, bare time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var cmd tracker.Command = tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockStart}
		if i%2 == 1 {
			cmd = tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockPause}
		}
		t0 := time.Now()
		if _, err := s.Do(cmd); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		err := bdb.Update(func(tx *bolt.Tx) error {
			bk, err := tx.CreateBucketIfNotExists([]byte("b"))
			if err != nil {
				return err
			}
			return bk.Put(seqKey(uint64(i)), val)
		})
		if err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		durable += t1.Sub(t0)
		bare += t2.Sub(t1)
	}
	b.ReportMetric(float64(durable.Microseconds())/float64(b.N), "durable-µs")
	b.ReportMetric(float64(bare.Microseconds())/float64(b.N), "bare-µs")
	b.ReportMetric(float64(durable)/float64(bare), "ratio")
}

func BenchmarkBareBoltUpdate(b *testing.B) {
	bdb, err := bolt.Open(filepath.Join(b.TempDir(), "bare.db"), 0o600, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer bdb.Close()
	val := make([]byte, 200)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		err := bdb.Update(func(tx *bolt.Tx) error {
			bk, err := tx.CreateBucketIfNotExists([]byte("b"))
			if err != nil {
				return err
			}
			return bk.Put(seqKey(uint64(i)), val)
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// longCampaign writes a campaign of n events straight into a fresh file,
// with the snapshots play would have left, and returns its path and ID.
func longCampaign(b *testing.B, n int) (string, string) {
	b.Helper()
	mem := tracker.NewMemStore()
	c, _ := tracker.NewCampaign(tracker.Alone, "Long", 1, time.Now())
	_ = mem.Create(c)
	s, err := tracker.Open(mem, tracker.Basic(tracker.Alone), c.ID)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < n; i++ {
		var cmd tracker.Command = tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockStart}
		if i%2 == 1 {
			cmd = tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockPause}
		}
		if i%10 == 9 {
			_, err = s.Undo()
		} else {
			_, err = s.Do(cmd)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	path := filepath.Join(b.TempDir(), "long.db")
	db, err := Open(path, reg)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	snap, _ := mem.LatestSnapshot(c.ID)
	err = db.update(func(tx *bolt.Tx) error {
		c, _ := mem.Campaign(c.ID)
		if err := createIn(tx, c); err != nil {
			return err
		}
		cb := tx.Bucket(campaignKey(c.ID))
		ev := cb.Bucket(bucketEvents)
		ev.FillPercent = 1
		err := mem.Events(c.ID, 1, func(e tracker.Event) error {
			v, err := frame(e)
			if err != nil {
				return err
			}
			return ev.Put(seqKey(e.Seq), v)
		})
		if err != nil || snap == nil {
			return err
		}
		v, err := frame(snap)
		if err != nil {
			return err
		}
		return cb.Bucket(bucketSnapshots).Put(seqKey(snap.Seq), v)
	})
	if err != nil {
		b.Fatal(err)
	}
	return path, c.ID
}

func benchmarkOpenCampaign(b *testing.B, n int) {
	path, id := longCampaign(b, n)
	db, err := Open(path, reg)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	st, _ := os.Stat(path)
	b.ReportMetric(float64(st.Size())/(1<<20), "MB-file")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := db.OpenSession(id)
		if err != nil {
			b.Fatal(err)
		}
		if s.LastSeq() != uint64(n) {
			b.Fatalf("opened at %d, want %d", s.LastSeq(), n)
		}
	}
}

func BenchmarkOpenCampaign1k(b *testing.B)   { benchmarkOpenCampaign(b, 1_000) }
func BenchmarkOpenCampaign100k(b *testing.B) { benchmarkOpenCampaign(b, 100_000) }

// BenchmarkOpenFile100k is opening the whole file, which checks every
// stored value's checksum, with one campaign of 100,000 events in it.
func BenchmarkOpenFile100k(b *testing.B) {
	path, _ := longCampaign(b, 100_000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		db, err := Open(path, reg)
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
	}
}
