package tracker

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// decidingRules are the test game with CommandOf: an import decides each of
// its events again, with the live command's checks.
type decidingRules struct{ counterRules }

func (decidingRules) CommandOf(e Event) (Command, error) {
	switch e.Kind {
	case "test.life":
		var p lifePayload
		if err := e.Decode(&p); err != nil {
			return nil, err
		}
		if p.Delta < 0 {
			return damage{-p.Delta}, nil
		}
		return heal{p.Delta}, nil
	case "test.roll":
		return roll{}, nil
	}
	return nil, fmt.Errorf("unknown kind %q", e.Kind)
}

var decidingRegistry = Registry{testGame: decidingRules{}}

// exportOf is the export file of a campaign a function plays.
func exportOf(t testing.TB, play func(s *Session)) []byte {
	t.Helper()
	s, mem := newTestSession(t)
	play(s)
	x, err := ExportCampaign(mem, s.Campaign().ID, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	b, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// editJSON changes a decoded export file and encodes it again.
func editJSON(t testing.TB, data []byte, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func eventsOf(m map[string]any) []any { return m["events"].([]any) }
func eventAt(m map[string]any, i int) map[string]any {
	return eventsOf(m)[i].(map[string]any)
}
func campaignOf(m map[string]any) map[string]any { return m["campaign"].(map[string]any) }

func wantRefused(t *testing.T, name string, data []byte, reg Registry, want ...string) {
	t.Helper()
	_, err := ParseExport(data, reg)
	if err == nil {
		t.Errorf("%s: accepted", name)
		return
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s: %v\n  does not say %q", name, err, w)
		}
	}
}

// TestImportAppliesTheLiveLimits: every event of an import passes the checks
// its live command had, not only the replay's. Before, notes of 4,001 and
// 100,000 characters were imported though the app refuses over 4,000.
func TestImportAppliesTheLiveLimits(t *testing.T) {
	good := exportOf(t, func(s *Session) {
		must(t)(s.Do(AddNote{Text: "first night"}))
		must(t)(s.Do(ClockCommand{Clock: PlayClock, Action: ClockStart}))
		must(t)(s.Do(damage{3}))
	})
	if _, err := ParseExport(good, decidingRegistry); err != nil {
		t.Fatal(err)
	}
	note := func(text string) []byte {
		return editJSON(t, good, func(m map[string]any) { eventAt(m, 0)["payload"] = map[string]any{"text": text} })
	}
	if _, err := ParseExport(note(strings.Repeat("n", MaxNoteLen)), decidingRegistry); err != nil {
		t.Fatalf("a note of %d characters: %v", MaxNoteLen, err)
	}
	wantRefused(t, "4,001", note(strings.Repeat("n", MaxNoteLen+1)), decidingRegistry,
		"events[0] (seq 1)", "the note is 4001 characters long; at most 4000 fit")
	wantRefused(t, "100,000", note(strings.Repeat("n", 100_000)), decidingRegistry, "events[0] (seq 1)", "at most 4000 fit")
	wantRefused(t, "empty", note("  "), decidingRegistry, "events[0] (seq 1)", "the note is empty")
	wantRefused(t, "untrimmed", note(" first night "), decidingRegistry, "events[0] (seq 1)", "not what the app records")
	wantRefused(t, "extra payload", editJSON(t, good, func(m map[string]any) {
		eventAt(m, 0)["payload"] = map[string]any{"text": "x", "junk": strings.Repeat("j", 1000)}
	}), decidingRegistry, "events[0] (seq 1)", "unknown field")
	wantRefused(t, "pause a stopped clock", editJSON(t, good, func(m map[string]any) {
		eventAt(m, 1)["payload"] = map[string]any{"clock": "play", "action": "pause"}
	}), decidingRegistry, "events[1] (seq 2)", "the play clock is not running")
	wantRefused(t, "limit of a day and more", editJSON(t, good, func(m map[string]any) {
		eventAt(m, 1)["payload"] = map[string]any{"clock": "turn", "action": "limit", "limit": int64(25 * time.Hour)}
	}), decidingRegistry, "events[1] (seq 2)", "a turn limit must be more than 0 and at most 24h0m0s")
	// A heal above the maximum: the replay (Apply) would take it, the live
	// command refuses it, and so does the import.
	overHeal := editJSON(t, good, func(m map[string]any) {
		eventAt(m, 2)["payload"] = map[string]any{"Delta": 5, "From": 10, "To": 15}
	})
	if _, err := ParseExport(overHeal, testRegistry); err != nil {
		t.Fatalf("without CommandOf the replay alone checks the event: %v", err)
	}
	wantRefused(t, "heal above the maximum", overHeal, decidingRegistry, "events[2] (seq 3)", "life cannot go above 10 (test §2)")
}

// TestImportRefusesCampaignFieldsWithTheFieldNamed: the ID, the creation
// time, the name; each refusal names the field.
func TestImportRefusesCampaignFieldsWithTheFieldNamed(t *testing.T) {
	good := exportOf(t, func(s *Session) { must(t)(s.Do(damage{1})) })
	set := func(k string, v any) []byte {
		return editJSON(t, good, func(m map[string]any) { campaignOf(m)[k] = v })
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"all-zero ID", set("id", "00000000-0000-0000-0000-000000000000"), "campaign.id"},
		{"all-one ID", set("id", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"), "campaign.id"},
		{"created in 9999", set("created", "9999-01-01T00:00:00Z"), "campaign.created: its time 9999-01-01T00:00:00Z is more than a year ahead"},
		{"created in year 1", set("created", "0001-01-01T00:00:01Z"), "campaign.created: its time 0001-01-01T00:00:01Z is before"},
		{"NUL in the name", set("name", "Night\x00Watch"), "campaign.name: the name cannot be used: it holds a control character (U+0000)"},
		{"RLO in the name", set("name", "Night \u202eWatch"), "campaign.name: the name cannot be used: it holds an invisible right-to-left override (U+202E)"},
		{"isolate in the name", set("name", "Night \u2067Watch"), "campaign.name"},
		{"newline in the name", set("name", "Night\nWatch"), "campaign.name: the name cannot be used: it holds a line break"},
		{"tab in the name", set("name", "Night\tWatch"), "campaign.name"},
		{"exported in 9999", editJSON(t, good, func(m map[string]any) { m["exported"] = "9999-12-31T00:00:00Z" }), "exported: its time"},
	}
	for _, c := range cases {
		wantRefused(t, c.name, c.data, testRegistry, c.want)
	}
	// The live commands refuse the same names.
	for _, name := range []string{"a\x00b", "a\u202eb", "a\nb", "a\u2028b"} {
		if _, err := NewCampaign(Alone, name, 1, time.Now()); err == nil {
			t.Errorf("a new campaign named %q", name)
		}
	}
	if _, err := NewCampaign(Alone, "Ana 👩‍🚀 · Berkav-1 (Ænima)", 1, time.Now()); err != nil {
		t.Errorf("a name with an emoji sequence and accents: %v", err)
	}
}

// TestImportCanonicalisesIDs: one UUID spelled in upper case, in braces, as
// urn:uuid: or without dashes is one campaign.
func TestImportCanonicalisesIDs(t *testing.T) {
	good := exportOf(t, func(s *Session) {
		must(t)(s.Do(damage{1}))
		must(t)(s.Do(damage{1}))
	})
	x, err := ParseExport(good, testRegistry)
	if err != nil {
		t.Fatal(err)
	}
	id := x.Campaign.ID
	for _, spelling := range []string{
		strings.ToUpper(id), "{" + id + "}", "urn:uuid:" + id, "URN:UUID:" + strings.ToUpper(id), strings.ReplaceAll(id, "-", ""),
	} {
		y, err := ParseExport(editJSON(t, good, func(m map[string]any) { campaignOf(m)["id"] = spelling }), testRegistry)
		if err != nil {
			t.Fatalf("%s: %v", spelling, err)
		}
		if y.Campaign.ID != id {
			t.Errorf("%s imported as %s, not %s", spelling, y.Campaign.ID, id)
		}
	}
	// Event IDs too: two events whose IDs differ only in case are one ID.
	first := eventAt(editJSON2(t, good), 0)["id"].(string)
	wantRefused(t, "one event ID twice", editJSON(t, good, func(m map[string]any) { eventAt(m, 1)["id"] = strings.ToUpper(first) }),
		testRegistry, "events[1] (seq 2)", "its ID is the same as event 1's")
	wantRefused(t, "all-zero event ID", editJSON(t, good, func(m map[string]any) { eventAt(m, 1)["id"] = "00000000-0000-0000-0000-000000000000" }),
		testRegistry, "events[1] (seq 2): id:")
	y, _ := ParseExport(editJSON(t, good, func(m map[string]any) { eventAt(m, 0)["id"] = "{" + strings.ToUpper(first) + "}" }), testRegistry)
	if y == nil || y.Events[0].ID != first {
		t.Errorf("event ID not put in its one form: %+v", y)
	}
}

func editJSON2(t *testing.T, data []byte) map[string]any {
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestImportRefusesImpossibleEvents: draws that are not the campaign's next
// ones or not what its seed gives, absurd times, kinds and places.
func TestImportRefusesImpossibleEvents(t *testing.T) {
	good := exportOf(t, func(s *Session) {
		must(t)(s.Do(roll{}))
		must(t)(s.Do(roll{}))
		must(t)(s.Undo())
		must(t)(s.Do(roll{}))
	})
	if _, err := ParseExport(good, decidingRegistry); err != nil {
		t.Fatal(err)
	}
	draw := func(i int, d map[string]any) []byte {
		return editJSON(t, good, func(m map[string]any) { eventAt(m, i)["draws"] = []any{d} })
	}
	d0 := eventAt(editJSON2(t, good), 0)["draws"].([]any)[0].(map[string]any)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"draw index 2⁶⁴−1", draw(0, map[string]any{"index": uint64(1<<64 - 1), "n": 6, "value": 2}), "events[0] (seq 1): draws[0]: index 18446744073709551615, where the campaign's next draw is 0"},
		{"draw index skipped ahead", draw(1, map[string]any{"index": 5, "n": 6, "value": 2}), "events[1] (seq 2): draws[0]: index 5, where the campaign's next draw is 1"},
		{"draw value not the seed's", draw(0, map[string]any{"index": 0, "n": 6, "value": (int(d0["value"].(float64)) + 1) % 6}), "is not what the campaign's seed gives"},
		{"draw of 2⁶² faces", draw(0, map[string]any{"index": 0, "n": int64(1 << 62), "value": 0}), "draws[0]"},
		{"event in 9999", editJSON(t, good, func(m map[string]any) { eventAt(m, 2)["time"] = "9999-01-01T00:00:00Z" }), "events[2] (seq 3): its time 9999-01-01T00:00:00Z"},
		{"event in 1970", editJSON(t, good, func(m map[string]any) { eventAt(m, 2)["time"] = "1970-01-01T00:00:00Z" }), "events[2] (seq 3): its time 1970"},
		{"kind with a newline", editJSON(t, good, func(m map[string]any) { eventAt(m, 0)["kind"] = "test.roll\n" }), "events[0] (seq 1): kind"},
		{"where with a newline", editJSON(t, good, func(m map[string]any) { eventAt(m, 0)["where"] = "Round 1\nRound 2" }), "events[0] (seq 1): where: it holds a line break"},
		{"where with an override", editJSON(t, good, func(m map[string]any) { eventAt(m, 0)["where"] = "Round \u202e1" }), "events[0] (seq 1): where:"},
		{"undo with draws", editJSON(t, good, func(m map[string]any) { eventAt(m, 2)["draws"] = eventAt(m, 0)["draws"] }), "events[2] (seq 3): an undo or redo draws nothing"},
		{"undo with extra payload", editJSON(t, good, func(m map[string]any) {
			eventAt(m, 2)["payload"].(map[string]any)["junk"] = 1
		}), "events[2] (seq 3): payload"},
	}
	for _, c := range cases {
		wantRefused(t, c.name, c.data, decidingRegistry, c.want)
	}
}

// virtualFile is an io.ReaderAt over a file made of a head, a byte repeated
// n times, and a tail, without holding the repeated part in memory.
type virtualFile struct {
	head, tail []byte
	fill       byte
	n          int64
	reads      int64
}

func (v *virtualFile) Size() int64 { return int64(len(v.head)) + v.n + int64(len(v.tail)) }

func (v *virtualFile) ReadAt(p []byte, off int64) (int, error) {
	v.reads += int64(len(p))
	n := 0
	for n < len(p) {
		o := off + int64(n)
		switch {
		case o < int64(len(v.head)):
			p[n] = v.head[o]
		case o < int64(len(v.head))+v.n:
			p[n] = v.fill
		case o < v.Size():
			p[n] = v.tail[o-int64(len(v.head))-v.n]
		default:
			return n, io.EOF
		}
		n++
	}
	return n, nil
}

// TestImportRefusesALargeEventWithoutHoldingIt: a 50 MB note (the issue's,
// which made verify take 39 s) is refused as soon as its event passes the
// limit, without the note ever being held in memory.
func TestImportRefusesALargeEventWithoutHoldingIt(t *testing.T) {
	good := exportOf(t, func(s *Session) { must(t)(s.Do(AddNote{Text: "NOTE"})) })
	head, tail, ok := bytes.Cut(good, []byte("NOTE"))
	if !ok {
		t.Fatal("no note in the export")
	}
	v := &virtualFile{head: head, tail: tail, fill: 'n', n: 50 << 20}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := CheckExport(v, v.Size(), testRegistry, time.Now())
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "events[0]: the event is larger than 1024 KB") {
		t.Fatalf("a 50 MB note: %v", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("refusing a 50 MB note allocated %d MB", alloc>>20)
	}
}

// failingFile is an io.ReaderAt that fails the test if anything reads it.
type failingFile struct{ t *testing.T }

func (f failingFile) ReadAt([]byte, int64) (int, error) {
	f.t.Error("the file was read")
	return 0, io.EOF
}

func TestImportRefusesALargeFileBeforeReadingIt(t *testing.T) {
	_, err := CheckExport(failingFile{t}, MaxExportSize+1, testRegistry, time.Now())
	if err == nil || !strings.Contains(err.Error(), "at most 256 MB") {
		t.Fatalf("a file over the limit: %v", err)
	}
}

// peakHeap runs fn while sampling the heap, and returns the highest heap
// seen above the heap before.
func peakHeap(fn func()) uint64 {
	base := heapAfterGC()
	var peak uint64
	var mu sync.Mutex
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			mu.Lock()
			peak = max(peak, m.HeapAlloc)
			mu.Unlock()
		}
	}()
	fn()
	close(stop)
	<-done
	if peak < base {
		return 0
	}
	return peak - base
}

// writeExport writes a log's export file to disk, event by event.
func writeExport(t testing.TB, w *logWriter, path string) int64 {
	t.Helper()
	x, err := ExportCampaign(w.mem, w.id, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	b, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return int64(len(b))
}

// TestImportMemoryDoesNotGrowWithTheLog: checking an import of 10,000 and
// of 40,000 events, read in place from a file, peaks within a bound that
// does not depend on the log (before, the whole file, every event, a
// second copy of the log in a MemStore and a state every 64 actions were
// held at once).
func TestImportMemoryDoesNotGrowWithTheLog(t *testing.T) {
	if testing.Short() {
		t.Skip("imports 50,000 events")
	}
	dir := t.TempDir()
	var peaks []uint64
	for _, n := range []int{10_000, 40_000} {
		path := filepath.Join(dir, fmt.Sprintf("%d.json", n))
		size := writeExport(t, boardLog(t, n), path)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		var chk *CheckedExport
		peak := peakHeap(func() {
			chk, err = CheckExport(f, size, Registry{Reichbusters: boardRules{}}, time.Now())
			if err == nil {
				err = chk.Events(func(Event) error { return nil })
			}
		})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if chk.Len() != n {
			t.Fatalf("%d events checked of %d", chk.Len(), n)
		}
		t.Logf("%d events, %d MB file: peak heap %d KB above the start", n, size>>20, peak>>10)
		peaks = append(peaks, peak)
		// Twice the live heap the checkpoints and caches may hold (the
		// collector lets garbage grow to the live heap again), plus a
		// few bytes per event of index and the decoder's buffers.
		if bound := uint64(2*((maxCheckpoints+4)*14<<10+recentBytes) + 4<<20); peak > bound {
			t.Errorf("%d events: the check peaked at %d KB, more than %d KB", n, peak>>10, bound>>10)
		}
	}
	if peaks[1] > 2*peaks[0]+1<<20 {
		t.Errorf("4× the log peaked at %d KB against %d KB", peaks[1]>>10, peaks[0]>>10)
	}
}
