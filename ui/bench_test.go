package ui

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
)

// makeLong writes a campaign of n events (notes, clock changes, undos).
func makeLong(tb testing.TB, u *App, n int) string {
	tb.Helper()
	c, err := u.DB.NewCampaign(testGame, "Long", 42)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := u.DB.OpenSession(c.ID)
	if err != nil {
		tb.Fatal(err)
	}
	for i := 0; s.LastSeq() < uint64(n); i++ {
		switch {
		case i%10 == 9:
			_, err = s.Undo()
		case i%2 == 0:
			_, err = s.Do(tracker.AddNote{Text: fmt.Sprintf("Note %d", i)})
		default:
			_, err = s.Do(rollDie{})
		}
		if err != nil {
			tb.Fatal(err)
		}
	}
	return c.ID
}

// BenchmarkOpenLongCampaign is the time from tapping Open to the campaign
// screen being built, for a campaign of 1,000 events.
func BenchmarkOpenLongCampaign(b *testing.B) {
	a := test.NewTempApp(b)
	u := New(a, Options{DBPath: filepath.Join(b.TempDir(), "t.db"), Registry: tracker.Registry{testGame: lifeRules{}},
		Screens: shell.Registry{}})
	defer u.Shutdown()
	id := makeLong(b, u, 1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		u.openCampaign(id)
		u.camp.selectTab("log")
		b.StopTimer()
		// Leave without the end-of-session backup, so each round measures
		// only the opening.
		close(u.camp.stop)
		u.camp = nil
		b.StartTimer()
	}
}

// BenchmarkLogPages is the Log of a campaign of 1,000 events and of one of
// 100,000, in turn, in one run (issue 16: memory bounded by the state, not
// the log): the time to list it and show its first screen and a screen
// half way down, and what each adds to the live heap, opened on its Log
// (reading the whole log, as the Log did before it paged, was most of the
// app's extra 50–60 MB at 100,000 events). The process's CPU time is
// reported beside the wall clock, which a loaded machine stretches.
func BenchmarkLogPages(b *testing.B) {
	type opened struct {
		cs *campaignScreen
		n  int
	}
	var cs []opened
	var heap [2]uint64
	// The first window's one-time costs (fonts, caches) are not counted.
	warm, _ := openLong(b, 1_000)
	warm.Shutdown()
	for k, n := range []int{1_000, 100_000} {
		longFile(b, n)
		before := heapNow()
		_, c := openLong(b, n)
		cs = append(cs, opened{c, int(c.s.LastSeq())})
		heap[k] = heapNow() - before
	}
	screen := func(l *logView, from int) {
		for p := from; p < from+20; p++ {
			if _, ok := l.entry(p); !ok {
				b.Fatalf("no row %d", p)
			}
		}
	}
	var took, cpu [2]time.Duration
	b.ResetTimer()
	for b.Loop() {
		for k, c := range cs {
			start, startCPU := time.Now(), cpuTime()
			c.cs.log.apply()
			screen(c.cs.log, 0)
			screen(c.cs.log, c.n/2)
			took[k] += time.Since(start)
			cpu[k] += cpuTime() - startCPU
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(took[0].Microseconds())/n, "µs-1k")
	b.ReportMetric(float64(took[1].Microseconds())/n, "µs-100k")
	b.ReportMetric(float64(took[1])/float64(took[0]), "x-100k/1k")
	b.ReportMetric(float64(cpu[0].Microseconds())/n, "cpu-µs-1k")
	b.ReportMetric(float64(cpu[1].Microseconds())/n, "cpu-µs-100k")
	b.ReportMetric(float64(heap[0])/(1<<20), "MB-heap-1k")
	b.ReportMetric(float64(heap[1])/(1<<20), "MB-heap-100k")
	b.ReportMetric(float64(heap[1])/float64(heap[0]), "x-heap-100k/1k")
}

// BenchmarkLogNotesFilter is the Log's Notes filter over a campaign of
// 1,000 events and of 100,000: a scan of the whole log, newest first (in
// the background after its first part), until its count is known. Its
// memory does not grow with the log; its time does, and is reported beside
// a bare read of the same log from the file (Session.Events), with their
// ratio for each length, in the process's CPU time (the machine is shared;
// the wall clock stretches with its load).
func BenchmarkLogNotesFilter(b *testing.B) {
	var cs []*campaignScreen
	for _, n := range []int{1_000, 100_000} {
		_, c := openLong(b, n)
		cs = append(cs, c)
	}
	var took, bare [2]time.Duration
	b.ResetTimer()
	for b.Loop() {
		for k, c := range cs {
			start := cpuTime()
			c.s.Events(1, func(tracker.Event) error { return nil })
			bare[k] += cpuTime() - start
			l := c.log
			start = cpuTime()
			l.filter.SetSelected(filterAll)
			l.filter.SetSelected(filterNotes)
			uitest.Schedule.Settle()
			l.entry(0)
			took[k] += cpuTime() - start
		}
	}
	n := float64(b.N)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / n / 1000 }
	b.ReportMetric(ms(took[0]), "cpu-ms-1k")
	b.ReportMetric(ms(bare[0]), "cpu-ms-bare-1k")
	b.ReportMetric(float64(took[0])/float64(bare[0]), "x-bare-1k")
	b.ReportMetric(ms(took[1]), "cpu-ms-100k")
	b.ReportMetric(ms(bare[1]), "cpu-ms-bare-100k")
	b.ReportMetric(float64(took[1])/float64(bare[1]), "x-bare-100k")
}
