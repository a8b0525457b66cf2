package tracker

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// BenchmarkImportNotes checks the imports, 10,000 and 40,000 notes
// of 200 characters, in one run, and reports the time per event of each and
// their ratio: 1 when the import's time is linear in the log (before: 2.1 s
// and 25.5 s, 3× per event, with 280 MB and 3.7 GB).
func BenchmarkImportNotes(b *testing.B) {
	text := strings.Repeat("a table note ", 16)[:200]
	var files [][]byte
	sizes := []int{10_000, 40_000}
	for _, n := range sizes {
		w := newLogWriter(b, Alone)
		for range n {
			w.action(KindNote, notePayload{Text: text})
		}
		x, err := ExportCampaign(w.mem, w.id, time.Now())
		if err != nil {
			b.Fatal(err)
		}
		data, err := x.Encode()
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, data)
	}
	var took [2]time.Duration
	b.ResetTimer()
	for b.Loop() {
		for k, data := range files {
			start := time.Now()
			chk, err := CheckExport(bytes.NewReader(data), int64(len(data)), Registry{}, time.Now())
			if err == nil {
				err = chk.Events(func(Event) error { return nil })
			}
			took[k] += time.Since(start)
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	n := float64(b.N)
	per := func(k int) float64 { return float64(took[k].Microseconds()) / n / float64(sizes[k]) }
	b.ReportMetric(float64(took[0].Milliseconds())/n, "ms-10k")
	b.ReportMetric(float64(took[1].Milliseconds())/n, "ms-40k")
	b.ReportMetric(per(1)/per(0), "x-per-event-40k/10k")
}
