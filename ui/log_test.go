package ui

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
)

// longDir holds the long campaigns' files, made once for the whole run.
var (
	longMu    sync.Mutex
	longDir   string
	longFiles = map[int]string{}
)

func TestMain(m *testing.M) {
	code := uitest.Run(m)
	if longDir != "" {
		os.RemoveAll(longDir)
	}
	os.Exit(code)
}

// longPlay is the i-th action of a long campaign of the test game: life
// going down and up, a note every 37 actions among the first 5,000, the
// play clock paused and started, an undo every tenth action, a redo now
// and then, going back three actions every fifty. The state (notes are in
// it) stays the same size past the first 5,000 actions, however long the
// log.
func longPlay(s *tracker.Session, i int) error {
	var err error
	switch {
	case i%50 == 49:
		_, err = s.UndoTo(max(s.Depth()-3, 0))
	case i%10 == 9 && s.CanUndo():
		_, err = s.Undo()
	case i%25 == 24 && s.CanRedo():
		_, err = s.Redo()
	case i%37 == 0 && i < 5000:
		_, err = s.Do(tracker.AddNote{Text: fmt.Sprintf("Note %d: the cellar door was open", i)})
	case i%7 == 3:
		action := tracker.ClockPause
		if !s.Core().Play.Running {
			action = tracker.ClockStart
		}
		_, err = s.Do(tracker.ClockCommand{Clock: tracker.PlayClock, Action: action})
	default:
		life := s.State().(*lifeState).Life
		to := life - 1
		if life <= 2 {
			to = 10
		}
		_, err = s.Do(setLife{To: to})
	}
	return err
}

// longFile is a campaign file holding one campaign of n events, written
// through an import as a long campaign would have been brought over; each
// caller gets its own copy.
func longFile(tb testing.TB, n int) string {
	tb.Helper()
	longMu.Lock()
	defer longMu.Unlock()
	if longDir == "" {
		d, err := os.MkdirTemp("", "tablekeeper-log-test-*")
		if err != nil {
			tb.Fatal(err)
		}
		longDir = d
	}
	src, ok := longFiles[n]
	if !ok {
		src = filepath.Join(longDir, fmt.Sprintf("long-%d.db", n))
		makeLongFile(tb, src, n)
		longFiles[n] = src
	}
	dst := filepath.Join(tb.TempDir(), "tablekeeper.db")
	copyFile(tb, src, dst)
	return dst
}

func makeLongFile(tb testing.TB, path string, n int) {
	mem := tracker.NewMemStore()
	start := time.Date(2024, 3, 1, 18, 0, 0, 0, time.UTC)
	c, _ := tracker.NewCampaign(testGame, "The long campaign", 11, start)
	if err := mem.Create(c); err != nil {
		tb.Fatal(err)
	}
	s, err := tracker.Open(mem, lifeRules{}, c.ID)
	if err != nil {
		tb.Fatal(err)
	}
	tick := start
	s.SetClock(func() time.Time { tick = tick.Add(time.Minute); return tick })
	for i := 0; s.LastSeq() < uint64(n); i++ {
		if err := longPlay(s, i); err != nil {
			tb.Fatalf("action %d: %v", i, err)
		}
	}
	x, err := tracker.ExportCampaign(mem, c.ID, tick)
	if err != nil {
		tb.Fatal(err)
	}
	data, err := x.Encode()
	if err != nil {
		tb.Fatal(err)
	}
	x, mem, s = nil, nil, nil
	db, err := storage.Open(path, tracker.Registry{testGame: lifeRules{}})
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Import(data, false); err != nil {
		tb.Fatal(err)
	}
}

func copyFile(tb testing.TB, src, dst string) {
	in, err := os.Open(src)
	if err != nil {
		tb.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		tb.Fatal(err)
	}
	if err := out.Close(); err != nil {
		tb.Fatal(err)
	}
}

// openLong starts the interface on a copy of a long campaign's file and
// opens the campaign on its Log.
func openLong(tb testing.TB, n int) (*App, *campaignScreen) {
	tb.Helper()
	path := longFile(tb, n)
	u := New(test.NewTempApp(tb), Options{DBPath: path, Registry: tracker.Registry{testGame: lifeRules{}},
		Screens: shell.Registry{testGame: lifeScreens{acts: &[]string{}}}})
	if u.DB == nil {
		tb.Fatalf("file not opened: %v", u.openErr)
	}
	tb.Cleanup(func() { u.Shutdown() })
	camps, _ := u.DB.List()
	u.openCampaign(camps[0].ID)
	if u.camp == nil {
		tb.Fatalf("not opened:\n%s", screenText(u))
	}
	u.camp.selectTab("log")
	return u, u.camp
}

// logOracle is what the Log lists for a filter and a search, worked out
// the long way: every event read, newest first, as the Log read them all
// before it paged.
func logOracle(t *testing.T, cs *campaignScreen, filter, search string) []uint64 {
	t.Helper()
	x := &logIndex{s: cs.s, filter: filter, search: strings.ToLower(search)}
	var out []uint64
	var all []tracker.Event
	if err := cs.s.Events(1, func(e tracker.Event) error { all = append(all, e); return nil }); err != nil {
		t.Fatal(err)
	}
	for i := len(all) - 1; i >= 0; i-- {
		if _, ok := x.passes(all[i]); ok {
			out = append(out, all[i].Seq)
		}
	}
	return out
}

// listed is the sequence numbers of the Log's rows, read through its list.
func listed(t *testing.T, l *logView) []uint64 {
	t.Helper()
	rows := l.Rows()
	out := make([]uint64, len(rows))
	for i, r := range rows {
		if _, err := fmt.Sscanf(r, "#%d ·", &out[i]); err != nil {
			t.Fatalf("row %d reads %q", i, r)
		}
	}
	return out
}

func TestLogPagesThroughALongCampaign(t *testing.T) {
	const n = 6000
	_, cs := openLong(t, n)
	l := cs.log
	last := cs.s.LastSeq() // opening started the play clock
	if got := l.length(); got != int(last) {
		t.Fatalf("the Log lists %d of %d events", got, last)
	}
	if got := l.count.Text; got != fmt.Sprintf("%d of %d", last, last) {
		t.Fatalf("count %q", got)
	}
	// Rows anywhere read as they always did, newest first.
	for _, p := range []int{0, 1, 63, 64, 65, 2999, int(last) - 1, 4000, 10} {
		e, ok := l.entry(p)
		if !ok || e.seq != last-uint64(p) {
			t.Fatalf("row %d is event %d, not %d", p, e.seq, last-uint64(p))
		}
		want, _ := cs.u.DB.Event(cs.s.Campaign().ID, e.seq)
		text := rowText(cs.s, e, nil)
		if !strings.HasPrefix(text, fmt.Sprintf("#%d · ", e.seq)) || !strings.HasSuffix(text, cs.s.Describe(want)) ||
			!strings.Contains(text, want.Where) {
			t.Fatalf("row %d reads %q", p, text)
		}
		if len(l.rows) > logCached {
			t.Fatalf("%d rows held, more than %d", len(l.rows), logCached)
		}
	}
	// Scrolling the list to a deep row shows it.
	l.list.ScrollTo(5000)
	if !slices.ContainsFunc(visibleRows(l), func(s string) bool { return strings.HasPrefix(s, fmt.Sprintf("#%d · ", last-5000)) }) {
		t.Fatalf("row 5000 not on screen after scrolling to it: %q", visibleRows(l))
	}
	l.list.ScrollToBottom()
	if rows := visibleRows(l); !slices.ContainsFunc(rows, func(s string) bool { return strings.HasPrefix(s, "#1 · ") }) {
		t.Fatalf("the first event not on screen at the bottom: %q", rows)
	}
	if len(l.rows) > logCached {
		t.Fatalf("%d rows held, more than %d", len(l.rows), logCached)
	}
	// Every row, in order, once.
	got := listed(t, l)
	if len(got) != int(last) || got[0] != last || got[len(got)-1] != 1 || !slices.IsSortedFunc(got, func(a, b uint64) int { return int(b) - int(a) }) {
		t.Fatalf("listed %d rows from %d to %d", len(got), got[0], got[len(got)-1])
	}
}

// findIn is every visible object of type T under o.
func findIn[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	walk(o, func(c fyne.CanvasObject) {
		if x, ok := c.(T); ok {
			out = append(out, x)
		}
	})
	return out
}

// visibleRows are the texts of the list's rows on screen.
func visibleRows(l *logView) []string {
	var out []string
	for _, lb := range findIn[*widget.Label](l.list) {
		if lb.Visible() && strings.HasPrefix(lb.Text, "#") && lb.Text != "#\n·" {
			out = append(out, lb.Text)
		}
	}
	return out
}

func TestLogFiltersAndSearchAcrossPages(t *testing.T) {
	const n = 6000
	_, cs := openLong(t, n)
	l := cs.log
	check := func(filter, search string) {
		t.Helper()
		l.filter.SetSelected(filter)
		l.search.SetText(search)
		uitest.Schedule.Settle()
		want := logOracle(t, cs, filter, search)
		got := listed(t, l)
		if !slices.Equal(got, want) {
			t.Fatalf("%s, %q: listed %d rows, the log has %d (first %v, want %v)", filter, search, len(got), len(want), got[:min(5, len(got))], want[:min(5, len(want))])
		}
		if c := l.count.Text; c != fmt.Sprintf("%d of %d", len(want), cs.s.LastSeq()) {
			t.Fatalf("%s, %q: count %q, want %d", filter, search, c, len(want))
		}
		// A deep row again, after the pages near the top were read.
		if len(want) > 2*logCached {
			clear(l.rows)
			p := len(want) - 3
			if e, ok := l.entry(p); !ok || e.seq != want[p] {
				t.Fatalf("%s, %q: row %d is event %d, want %d", filter, search, p, e.seq, want[p])
			}
		}
		l.mu.Lock()
		anchors := len(l.x.anchors)
		l.mu.Unlock()
		if anchors > logAnchors {
			t.Fatalf("%d anchors", anchors)
		}
	}
	for _, f := range logFilters {
		check(f, "")
	}
	check(filterAll, "cellar")
	check(filterAll, "life 3 → 2")
	check(filterGame, "undone")
	check(filterNotes, "note 370:")
	check(filterAll, "no such words")
	mustSee(t, cs.u, "Nothing in this part of the Log holds “no such words”.")

	// New events while a filter is on come on top.
	check(filterNotes, "")
	before := l.length()
	cs.ctx.Do(tracker.AddNote{Text: "The bridge is out"})
	if rows := l.Rows(); len(rows) != before+1 || !strings.Contains(rows[0], "Note: The bridge is out") {
		t.Fatalf("after a note, %d rows (had %d), first %q", len(rows), before, rows[0])
	}
	check(filterNotes, "")
	check(filterUndone, "")
	test.Tap(findButton(t, cs.u, "Undo"))
	check(filterUndone, "")
	check(filterAll, "undone: note: the bridge")
	test.Tap(findButton(t, cs.u, "Redo"))
	check(filterAll, "undone: note: the bridge")
	check(filterUndo, "")
}

func TestLogGoesBackToADeepRow(t *testing.T) {
	const n = 6000
	_, cs := openLong(t, n)
	l := cs.log
	last := cs.s.LastSeq()
	// The deepest row still in effect with later actions, far down the list.
	p := 4500
	for ; ; p++ {
		e, ok := l.entry(p)
		if !ok {
			t.Fatal("no row to go back to")
		}
		if l.canGoBackTo(e.seq) {
			break
		}
	}
	e, _ := l.entry(p)
	l.list.ScrollTo(p)
	var back *buttonT
	for _, b := range findIn[*buttonT](l.list) {
		if b.Visible() && b.Text == "Back to here" {
			back = b
		}
	}
	if back == nil {
		t.Fatal("no “Back to here” on screen")
	}
	d, _ := cs.s.DepthOf(e.seq)
	depth := cs.s.Depth()
	l.askBackTo(e.seq)
	mustSee(t, cs.u, fmt.Sprintf("Go back to just after #%d? %d later actions are undone", e.seq, depth-d-1))
	test.Tap(findButton(t, cs.u, "Go back"))
	if got := cs.s.Depth(); got != d+1 {
		t.Fatalf("depth %d after going back, want %d", got, d+1)
	}
	rows := l.Rows()
	if len(rows) != int(last)+1 || !strings.Contains(rows[0], fmt.Sprintf("Went back %d actions", depth-d-1)) {
		t.Fatalf("%d rows, newest %q", len(rows), rows[0])
	}
	// The rows it undid read as undone, deep down too. (Opening the
	// campaign, made long ago with its play clock running, left out the
	// time the app did not run: a row of its own, never undone.)
	newest := 1
	for strings.Contains(rows[newest], "The app was closed") || strings.Contains(rows[newest], "Went back") ||
		strings.Contains(rows[newest], "Play clock") {
		newest++ // the log's own steps, and what undo never takes back
	}
	if !strings.Contains(rows[newest], "↶ undone: ") || strings.Contains(rows[p+1], "↶ undone: ") || strings.Contains(rows[1], "undone: The app") {
		t.Fatalf("rows after going back: %q … %q", rows[newest], rows[p+1])
	}
	l.filter.SetSelected(filterUndone)
	if got, want := listed(t, l), logOracle(t, cs, filterUndone, ""); !slices.Equal(got, want) {
		t.Fatalf("undone: %d rows, want %d", len(got), len(want))
	}
	test.Tap(findButton(t, cs.u, "Redo"))
	if got := cs.s.Depth(); got != d+2 {
		t.Fatalf("depth %d after a redo", got)
	}
}

// heapNow is the live heap after a collection.
func heapNow() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// logHeap is what a campaign of n events open on its Log adds to the live
// heap, once the players read its newest rows, a deep row, its last,
// filtered it to its notes, searched it, and scrolled: the heap after a
// collection, less the heap before it was opened. The app is shut after.
func logHeap(tb testing.TB, n int) uint64 {
	longFile(tb, n) // made before, not counted
	before := heapNow()
	u, cs := openLong(tb, n)
	l := cs.log
	for _, p := range []int{0, 1, n / 2, n - 1} {
		l.entry(p)
	}
	l.list.ScrollTo(n / 3)
	l.filter.SetSelected(filterNotes)
	uitest.Schedule.Settle()
	l.entry(l.length() - 1)
	l.search.SetText("cellar")
	uitest.Schedule.Settle()
	l.entry(l.length() / 2)
	h := heapNow()
	runtime.KeepAlive(cs)
	u.Shutdown()
	return h - min(h, before)
}

func TestLogMemoryIsBoundedByTheScreenNotTheLog(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a campaign of 100,000 events")
	}
	logHeap(t, 1_000) // the first window's one-time costs (fonts, caches)
	small := logHeap(t, 10_000)
	large := logHeap(t, 100_000)
	t.Logf("live heap a campaign open on its Log adds: 10,000 events %.2f MB, 100,000 events %.2f MB", float64(small)/(1<<20), float64(large)/(1<<20))
	// Reading every event and its line, as the Log did, costs tens of MB
	// at 100,000 events; a page at a time costs the same at any length.
	if large > small+2<<20 {
		t.Fatalf("the Log of 100,000 events holds %.1f MB more than that of 10,000", float64(large-small)/(1<<20))
	}
}

// topRow is the sequence number of the row at the top of the view.
func topRow(t *testing.T, l *logView) uint64 {
	t.Helper()
	var top uint64
	for _, r := range visibleRows(l) {
		var seq uint64
		fmt.Sscanf(r, "#%d ·", &seq)
		top = max(top, seq)
	}
	if top == 0 {
		t.Fatal("no row on screen")
	}
	return top
}

func TestLogKeepsItsPlaceAsEventsComeAndRowHeightsStayBounded(t *testing.T) {
	_, cs := openLong(t, 6000)
	l := cs.log
	// At the top, a new event shows on top.
	cs.ctx.Do(tracker.AddNote{Text: "At the top"})
	if got := topRow(t, l); got != cs.s.LastSeq() {
		t.Fatalf("top row #%d, the newest is #%d", got, cs.s.LastSeq())
	}
	// Scrolled down, the rows in view stay in view.
	l.list.ScrollTo(3000)
	before := topRow(t, l)
	cs.ctx.Do(tracker.AddNote{Text: "Further down"})
	if got := topRow(t, l); got != before {
		t.Fatalf("top row #%d after a new event, was #%d", got, before)
	}
	// Rows told a height of their own (long notes) stay bounded: past
	// logTallMax a new list knows only those near the view, and the view
	// does not move.
	l.list.ScrollTo(4000)
	before = topRow(t, l)
	first := sort.Search(l.length(), func(id int) bool { return l.rowTop(id, l.tall) > l.list.GetScrollOffset() }) - 1
	for id := 0; len(l.tall) <= logTallMax; id += 3 {
		l.tall[id] = l.baseH * 2
		l.list.SetItemHeight(id, l.baseH*2)
	}
	l.list.ScrollToOffset(l.rowTop(first, l.tall))
	if got := topRow(t, l); got != before {
		t.Fatalf("top row #%d with tall rows above, was #%d", got, before)
	}
	l.rebuild(0)
	if len(l.tall) > 2*logTallKeep+1 {
		t.Fatalf("%d heights kept", len(l.tall))
	}
	if got := topRow(t, l); got != before {
		t.Fatalf("top row #%d after the heights were forgotten, was #%d", got, before)
	}
}

// The Log of a long campaign fits the tablet at every text size: its count
// ("100303 of 100303 so far") goes under the bar when the bar and it do
// not fit side by side, rather than widening the window past its screen.
func TestLongLogFitsTheTablet(t *testing.T) {
	u, cs := openLong(t, 6000)
	for _, size := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
		for _, ts := range uitest.TextScales {
			u.setSettings(shell.Settings{Theme: "dark", TextScale: ts})
			cs.selectTab("log")
			cs.log.count.SetText("100303 of 100303 so far")
			u.Window.Resize(size)
			u.Window.Content().Refresh()
			room := size.SubtractWidthHeight(2*4, 2*4)
			for _, bad := range uitest.TooBig(u.Window.Content(), room) {
				t.Errorf("at %v, text %.2f: %s", size, ts, bad)
			}
			// Laid out a second time, as the bar's arrangement changed.
			u.Window.Content().Refresh()
			for _, bad := range uitest.TooBig(u.Window.Content(), room) {
				t.Errorf("at %v, text %.2f, again: %s", size, ts, bad)
			}
		}
	}
}

// The list finds a row by adding up the heights of the rows above it in
// float32: every row's height is a whole multiple of the space between
// rows, so the sums are exact and the last row of a long Log, rows of
// several lines above it, can be scrolled to.
func TestLogRowsAddUpExactly(t *testing.T) {
	u, cs := openLong(t, 6000)
	l := cs.log
	if p := theme.Padding(); p != float32(int(p/logRowGrain))*logRowGrain {
		t.Fatalf("the space between rows, %v, is not a multiple of %d", p, logRowGrain)
	}
	for _, ts := range uitest.TextScales {
		u.setSettings(shell.Settings{Theme: "dark", TextScale: ts})
		cs.selectTab("log")
		u.Window.Resize(uitest.Portrait)
		l.filter.SetSelected(filterNotes) // notes of two or three lines in portrait
		uitest.Schedule.Settle()
		if h := l.newRow().MinSize().Height; h != float32(int(h/logRowGrain))*logRowGrain {
			t.Fatalf("text %.2f: a row's least height %v", ts, h)
		}
		for range 20 {
			l.list.ScrollToBottom()
		}
		rows := visibleRows(l)
		if len(rows) == 0 || !strings.Contains(rows[len(rows)-1], "Note 0: the cellar door was open") {
			t.Fatalf("text %.2f: the oldest note is not on screen at the bottom: %q", ts, rows)
		}
		for id, h := range l.tall {
			if h != float32(int(h/logRowGrain))*logRowGrain {
				t.Fatalf("text %.2f: row %d is %v high", ts, id, h)
			}
		}
		l.filter.SetSelected(filterAll)
	}
}
