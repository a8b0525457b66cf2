package tracker

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
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
	}), decidingRegistry, "events[0] (seq 1): payload.junk: no field of that name belongs here")
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
	// What only looks like a spelling of it is no ID: uuid.Parse takes any
	// two characters around 36 for braces.
	for _, spelling := range []string{"(" + id + ")", "[" + id + "]", "x" + id + "y", "{" + id + ")", "{" + id + " "} {
		wantRefused(t, spelling, editJSON(t, good, func(m map[string]any) { campaignOf(m)["id"] = spelling }), testRegistry,
			"campaign.id", "is not an ID")
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
		{"draw index 2⁶⁴−1", draw(0, map[string]any{"index": uint64(1<<64 - 1), "n": 6, "value": 2}), "events[0] (seq 1): draws[0]: index more than a billion, where the campaign's next draw is 0"},
		{"draw index skipped ahead", draw(1, map[string]any{"index": 5, "n": 6, "value": 2}), "events[1] (seq 2): draws[0]: index 5, where the campaign's next draw is 1"},
		{"draw value not the seed's", draw(0, map[string]any{"index": 0, "n": 6, "value": (int(d0["value"].(float64)) + 1) % 6}), "is not what the campaign's seed gives"},
		{"draw of 2⁶² faces", draw(0, map[string]any{"index": 0, "n": int64(1 << 62), "value": 0}), "draws[0]: one of more than a billion, more than any die or deck holds"},
		{"draw of no faces", draw(0, map[string]any{"index": 0, "n": 0, "value": 0}), "draws[0]: one of 0 is no draw"},
		{"a roll without its command", editJSON(t, good, func(m map[string]any) { eventAt(m, 0)["kind"] = "test.what" }), "events[0] (seq 1): the action it records cannot be read: unknown kind"},
		{"event in 9999", editJSON(t, good, func(m map[string]any) { eventAt(m, 2)["time"] = "9999-01-01T00:00:00Z" }), "events[2] (seq 3): its time 9999-01-01T00:00:00Z"},
		{"event in 1970", editJSON(t, good, func(m map[string]any) { eventAt(m, 2)["time"] = "1970-01-01T00:00:00Z" }), "events[2] (seq 3): its time 1970"},
		{"kind with a newline", editJSON(t, good, func(m map[string]any) { eventAt(m, 0)["kind"] = "test.roll\n" }), "events[0] (seq 1): kind"},
		{"where with a newline", editJSON(t, good, func(m map[string]any) { eventAt(m, 0)["where"] = "Round 1\nRound 2" }), "events[0] (seq 1): where: it holds a line break"},
		{"where with an override", editJSON(t, good, func(m map[string]any) { eventAt(m, 0)["where"] = "Round \u202e1" }), "events[0] (seq 1): where:"},
		// A note or a clock draws nothing live, so a draw on one is no draw
		// the app made, even one the seed would give.
		{"note with the seed's draw", editJSON(t, exportOf(t, func(s *Session) { must(t)(s.Do(AddNote{Text: "n"})) }), func(m map[string]any) {
			eventAt(m, 0)["draws"] = []any{map[string]any{"index": 0, "n": 6, "value": seedDraw(m, 0, 6)}}
		}), "events[0] (seq 1): draws: a note draws nothing"},
		{"clock with the seed's draw", editJSON(t, exportOf(t, func(s *Session) { must(t)(s.Do(ClockCommand{Clock: PlayClock, Action: ClockStart})) }), func(m map[string]any) {
			eventAt(m, 0)["draws"] = []any{map[string]any{"index": 0, "n": 6, "value": seedDraw(m, 0, 6)}}
		}), "events[0] (seq 1): draws: a clock draws nothing"},
		// The last roll, decided again, draws one die of 6: a file that
		// drops it, adds one or changes its faces, even with the values
		// the seed gives, holds draws the action never made.
		{"a roll without its draw", editJSON(t, good, func(m map[string]any) { delete(eventAt(m, 3), "draws") }), "events[3] (seq 4): draws: the action draws 1, the file records 0"},
		{"a roll with one draw more", editJSON(t, good, func(m map[string]any) {
			i := lastDraw(m, 3)
			eventAt(m, 3)["draws"] = append(eventAt(m, 3)["draws"].([]any), map[string]any{"index": i + 1, "n": 6, "value": seedDraw(m, i+1, 6)})
		}), "events[3] (seq 4): draws: the action draws 1, the file records 2"},
		{"a roll of a die of 2", editJSON(t, good, func(m map[string]any) {
			i := lastDraw(m, 3)
			eventAt(m, 3)["draws"] = []any{map[string]any{"index": i, "n": 2, "value": seedDraw(m, i, 2)}}
		}), "events[3] (seq 4): draws[0]: one of 2, where the action draws one of 6"},
		{"undo with draws", editJSON(t, good, func(m map[string]any) { eventAt(m, 2)["draws"] = eventAt(m, 0)["draws"] }), "events[2] (seq 3): an undo or redo draws nothing"},
		{"undo with extra payload", editJSON(t, good, func(m map[string]any) {
			eventAt(m, 2)["payload"].(map[string]any)["junk"] = 1
		}), "events[2] (seq 3): payload"},
	}
	for _, c := range cases {
		wantRefused(t, c.name, c.data, decidingRegistry, c.want)
	}
}

// lastDraw is the index of the last draw of event i.
func lastDraw(m map[string]any, i int) uint64 {
	d := eventAt(m, i)["draws"].([]any)
	n, err := strconv.ParseUint(fmt.Sprint(d[len(d)-1].(map[string]any)["index"]), 10, 64)
	if err != nil {
		panic(err)
	}
	return n
}

// seedDraw is the value the campaign's seed gives for draw index of n faces.
func seedDraw(m map[string]any, index uint64, n int) int {
	seed, err := strconv.ParseUint(fmt.Sprint(campaignOf(m)["seed"]), 10, 64)
	if err != nil {
		panic(err)
	}
	hi, _ := bits.Mul64(DrawValue(seed, index), uint64(n))
	return int(hi)
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
	// One byte over is more than 256 MB, not "256 MB, larger than ... 256 MB".
	if err == nil || !strings.Contains(err.Error(), "the file is 257 MB, larger than any campaign (at most 256 MB)") {
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

// bulkyRules is the test game with one more command, which records a payload
// of n cards nested `depth` lists deep and a padding text, as a game's
// content may (a Reichbusters content import records the whole library).
type bulkyRules struct{ counterRules }

type bulky struct{ N, Depth, Pad int }

func (r bulkyRules) Decide(st State, cmd Command, d *Dice) (Change, error) {
	if c, ok := cmd.(bulky); ok {
		var card any = "a card's text"
		for range c.Depth {
			card = []any{card}
		}
		cards := make([]any, c.N)
		for i := range cards {
			cards[i] = card
		}
		return Change{"test.bulky", map[string]any{"cards": cards, "pad": strings.Repeat("p", c.Pad)}}, nil
	}
	return r.counterRules.Decide(st, cmd, d)
}

func (r bulkyRules) Apply(st State, e Event) (State, error) {
	if e.Kind == "test.bulky" {
		return st, nil
	}
	return r.counterRules.Apply(st, e)
}

// TestEveryRecordedActionImportsBack: an action the app records must import
// back from its export (an export is how a deleted campaign is restored).
// Before, a Reichbusters content import of 1,200 noise cards recorded an
// event of 1.2 MB that its own export could not import ("larger than 1024
// KB"), and the export's indenting made a nested payload of 120 KB take
// 1.7 MB. Now the export writes each event compact, and the live command
// refuses an action its export could not hold, saying so: the limit is the
// same on both sides, to the byte.
func TestEveryRecordedActionImportsBack(t *testing.T) {
	reg := Registry{testGame: bulkyRules{}}
	// try records cmd in a new campaign, and imports its export back.
	try := func(name string, cmd bulky) (recorded Event, refused error) {
		t.Helper()
		mem := NewMemStore()
		camp, _ := NewCampaign(testGame, "Bulky", 42, time.Now())
		if err := mem.Create(camp); err != nil {
			t.Fatal(err)
		}
		s, err := Open(mem, bulkyRules{}, camp.ID)
		if err != nil {
			t.Fatal(err)
		}
		e, err := s.Do(cmd)
		if err != nil {
			if s.LastSeq() != 0 {
				t.Errorf("%s: refused, yet %d events recorded", name, s.LastSeq())
			}
			return e, err
		}
		x, err := ExportCampaign(mem, camp.ID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		data, err := x.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseExport(data, reg); err != nil {
			t.Errorf("%s: recorded (%d bytes of payload), and its export cannot be imported: %v", name, len(e.Payload), err)
		}
		return e, nil
	}
	for _, c := range []struct {
		name   string
		cmd    bulky
		refuse bool
	}{
		{"160 KB", bulky{N: 10_000}, false},
		{"120 KB nested 12 deep", bulky{N: 3_000, Depth: 12}, false},
		{"1.6 MB", bulky{N: 100_000}, true},
	} {
		_, err := try(c.name, c.cmd)
		switch {
		case c.refuse && err == nil:
			t.Errorf("%s: recorded", c.name)
		case !c.refuse && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case err != nil && !strings.Contains(err.Error(), "more than the 1024 KB one action may hold; nothing was recorded"):
			t.Errorf("%s: refused with %v", c.name, err)
		}
	}
	// At the limit and just past it (an event's time takes a few bytes
	// more or less from one action to the next).
	e, err := try("a small one", bulky{N: 1})
	if err != nil {
		t.Fatal(err)
	}
	pad := MaxEventSize - exportedSize(e)
	if _, err := try("at the limit", bulky{N: 1, Pad: pad - 16}); err != nil {
		t.Errorf("an action of 16 bytes less than %d in the file: %v", MaxEventSize, err)
	}
	if _, err := try("just past it", bulky{N: 1, Pad: pad + 16}); err == nil {
		t.Errorf("an action of 16 bytes more than %d in the file was recorded", MaxEventSize)
	}
}

// TestImportRebuildsUndoLines: what an undo or redo says is rebuilt from
// the action it names; a line that disagrees is refused (issue 24 item 8:
// an undo reading "Note: the campaign was won" was imported and the Log
// showed it). Lines as the app writes them, and as a version before wrote
// them (one for every action of a jump back), are taken.
func TestImportRebuildsUndoLines(t *testing.T) {
	good := exportOf(t, func(s *Session) {
		must(t)(s.Do(damage{3}))
		must(t)(s.Do(AddNote{Text: "the bridge held"}))
		must(t)(s.Do(damage{2}))
		must(t)(s.Undo())    // seq 4: "life 7 → 5"
		must(t)(s.Redo())    // seq 5
		must(t)(s.UndoTo(0)) // seq 6: three actions, no lines
		must(t)(s.Redo())    // seq 7: "life 10 → 7"
	})
	if _, err := ParseExport(good, decidingRegistry); err != nil {
		t.Fatal(err)
	}
	what := func(i int, lines ...string) []byte {
		return editJSON(t, good, func(m map[string]any) {
			l := []any{}
			for _, s := range lines {
				l = append(l, s)
			}
			eventAt(m, i)["payload"].(map[string]any)["what"] = l
		})
	}
	// The form a version before 48b5ed9 wrote: a line for every action.
	old := what(5, "life 7 → 5", "Note: the bridge held", "life 10 → 7")
	if _, err := ParseExport(old, decidingRegistry); err != nil {
		t.Fatalf("a jump back with every action's line: %v", err)
	}
	wantRefused(t, "an undo that says the campaign was won", what(3, "Note: the campaign was won"), decidingRegistry,
		"events[3] (seq 4): payload: what[0] reads \"Note: the campaign was won\", but the action it undoes (event 3) reads \"life 7 → 5\"")
	wantRefused(t, "an undo with a right-to-left override", what(3, "life 7 \u202e5 ← "), decidingRegistry, "events[3] (seq 4)", `\u202e`)
	wantRefused(t, "an undo with a line break", what(3, "life 7 → 5\nNote: won"), decidingRegistry, "events[3] (seq 4)", `\n`)
	wantRefused(t, "an undo of 100,000 characters", what(3, strings.Repeat("w", 100_000)), decidingRegistry, "events[3] (seq 4)", "99920 characters more")
	wantRefused(t, "a redo that says otherwise", what(6, "life 10 → 10"), decidingRegistry, "events[6] (seq 7): payload: what[0]", "redoes", "life 10 → 7")
	wantRefused(t, "a jump back with its lines in another order", what(5, "life 10 → 7", "Note: the bridge held", "life 7 → 5"), decidingRegistry, "events[5] (seq 6): payload: what[0]")
	wantRefused(t, "a jump back with one line for three actions", what(5, "life 7 → 5"), decidingRegistry, "events[5] (seq 6): payload: 1 line for 3 actions")
	wantRefused(t, "an undo of an action after it", editJSON(t, good, func(m map[string]any) {
		eventAt(m, 3)["payload"] = map[string]any{"targets": []any{9}, "what": []any{"life 7 → 5"}}
	}), decidingRegistry, "events[3] (seq 4): payload: it undoes action 9, which is not in the log before it")
}
