package storage

import (
	"runtime"
	"testing"
	"time"
)

// BenchmarkOpenCampaignRatio opens a campaign of 1,000 events and one of
// 100,000 (each with an undo every ten actions, as longCampaign plays them)
// in turn, in one run, and reports the time of each and their ratio
// (issue 16: at most 2×; it was about 4× when the snapshot listed every
// action in effect).
func BenchmarkOpenCampaignRatio(b *testing.B) {
	type opened struct {
		db *DB
		id string
		n  uint64
	}
	var cs []opened
	for _, n := range []int{1_000, 100_000} {
		path, id := longCampaign(b, n)
		db, err := Open(path, reg)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		cs = append(cs, opened{db, id, uint64(n)})
	}
	var took [2]time.Duration
	b.ResetTimer()
	for b.Loop() {
		for k, c := range cs {
			start := time.Now()
			s, err := c.db.OpenSession(c.id)
			took[k] += time.Since(start)
			if err != nil || s.LastSeq() != c.n {
				b.Fatalf("opened at %d: %v", s.LastSeq(), err)
			}
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(took[0].Microseconds())/n, "µs-1k")
	b.ReportMetric(float64(took[1].Microseconds())/n, "µs-100k")
	b.ReportMetric(float64(took[1])/float64(took[0]), "x-100k/1k")
}

// BenchmarkOpenMemory is the live heap of the process with a new campaign
// open, and with a campaign of 100,000 events open, in one run (issue 16:
// at most 1.5×). Each is measured after a collection, the file open, the
// session held.
func BenchmarkOpenMemory(b *testing.B) {
	heapWith := func(path, id string) uint64 {
		db, err := Open(path, reg)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		s, err := db.OpenSession(id)
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		runtime.KeepAlive(s)
		return m.HeapAlloc
	}
	longPath, longID := longCampaign(b, 100_000)
	newPath, newID := longCampaign(b, 0)
	var fresh, long uint64
	b.ResetTimer()
	for b.Loop() {
		fresh += heapWith(newPath, newID)
		long += heapWith(longPath, longID)
	}
	n := uint64(b.N)
	b.ReportMetric(float64(fresh/n)/(1<<20), "MB-new")
	b.ReportMetric(float64(long/n)/(1<<20), "MB-100k")
	b.ReportMetric(float64(long)/float64(fresh), "x-100k/new")
}
