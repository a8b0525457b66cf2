package ui

import (
	"fmt"
	"math"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/ui/widgets"
)

// Log filters.
const (
	filterAll    = "Everything"
	filterGame   = "Play"
	filterNotes  = "Notes"
	filterClocks = "Clocks"
	filterUndo   = "Undo and redo"
	filterUndone = "Undone"
)

var logFilters = []string{filterAll, filterGame, filterNotes, filterClocks, filterUndo, filterUndone}

// logTallMax bounds the rows taller than the usual row whose height the
// list is told (a long note wraps over several lines): the list keeps
// every height it is given, so past this a new list takes its place,
// knowing only those within logTallKeep rows of the view.
const (
	logTallMax  = 1024
	logTallKeep = 256
)

// A logView is the campaign's diary: every event as a line with where the
// campaign stood and when, newest first, filtered and searched, undone
// actions marked, and a way back to any earlier point. It reads the log a
// page at a time as the list shows it (see logindex.go).
type logView struct {
	cs     *campaignScreen
	search *widgets.TextEntry
	filter *widget.Select
	// box holds the list; rebuild puts a new list in it.
	box   *fyne.Container
	list  *widget.List
	count *widget.Label
	// empty says why the list is empty, over it.
	empty *widget.Label
	// undo and redo are the Log's own buttons, enabled as the header's.
	undo, redo *widget.Button

	// mu guards x's scan and gen against the background scan.
	mu sync.Mutex
	x  *logIndex
	// gen counts the scans started; a scan whose gen has passed stops.
	gen      int
	scanDone chan struct{}

	// rows are the rows read lately, by position (the UI's goroutine only).
	rows map[int]logEntry
	// tall are the rows whose height the list was told, by position;
	// baseH is the usual row's height.
	tall  map[int]float32
	baseH float32
}

func newLogView(cs *campaignScreen) *logView {
	l := &logView{cs: cs, rows: map[int]logEntry{}, tall: map[int]float32{}}
	l.search = widgets.NewTextEntry()
	l.search.SetPlaceHolder("Search the log")
	l.search.OnChanged = func(string) { l.apply() }
	l.filter = widget.NewSelect(logFilters, func(string) { l.apply() })
	l.filter.Selected = filterAll
	l.count = widget.NewLabel("")
	l.empty = widgets.Paragraph("")
	l.empty.Hide()
	l.list = l.newList()
	l.box = container.NewStack(l.list)
	return l
}

func (l *logView) newList() *widget.List {
	return widget.NewList(l.length, l.newRow, l.updateRow)
}

func (l *logView) newRow() fyne.CanvasObject {
	// Two lines, as most rows are: when and where, then what.
	text := widget.NewLabel("#\n·")
	text.Wrapping = fyne.TextWrapWord
	back := widget.NewButtonWithIcon("Back to here", theme.HistoryIcon(), nil)
	return container.New(logRowLayout{}, container.NewBorder(nil, nil, nil, back, text))
}

// logRowGrain: every row's height is a whole multiple of it, as the space
// between rows (the theme's padding) is. The list adds up the rows' heights
// one by one in float32 to find where a row is; with heights such as 110.45
// each sum rounds, and 100,000 rows down the rounding had added up to more
// than the last rows, which could then not be scrolled to. Multiples of 4
// add up exactly to 2^26, far past any log.
const logRowGrain = 4

// logRowLayout gives its one object the whole row, and asks for its least
// height rounded up to logRowGrain.
type logRowLayout struct{}

func (logRowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := objs[0].MinSize()
	return fyne.NewSize(m.Width, float32(math.Ceil(float64(m.Height)/logRowGrain))*logRowGrain)
}

func (logRowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

func (l *logView) length() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.x == nil {
		return 0
	}
	return l.x.count()
}

func (l *logView) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	row := o.(*fyne.Container)
	inner := row.Objects[0].(*fyne.Container)
	text := inner.Objects[0].(*widget.Label)
	back := inner.Objects[1].(*widget.Button)
	e, ok := l.entry(id)
	if !ok {
		text.SetText("")
		back.Hide()
		return
	}
	s := l.cs.s
	text.SetText(rowText(s, e, l.cs.share.names))
	if undone(s, e) {
		text.Importance = widget.LowImportance
	} else {
		text.Importance = widget.MediumImportance
	}
	text.Refresh()
	seq := e.seq
	if l.canGoBackTo(seq) {
		back.Show()
		back.OnTapped = func() { l.askBackTo(seq) }
	} else {
		back.Hide()
	}
	l.fitRow(id, row.MinSize().Height)
}

func (l *logView) object() fyne.CanvasObject {
	l.undo = iconButton("Undo", theme.ContentUndoIcon(), l.cs.doUndo)
	l.redo = iconButton("Redo", theme.ContentRedoIcon(), l.cs.doRedo)
	bar := newLogBar(newSearchRow(container.NewHBox(l.filter), l.search, container.NewHBox(l.undo, l.redo), l.search.PlaceHolder), l.count)
	return container.NewBorder(container.NewPadded(bar), nil, nil, nil, container.NewStack(l.box, container.NewVBox(l.empty)))
}

// refresh lists the events recorded since the last look. New rows come on
// top; the rows in view stay in view unless the list was at its top.
func (l *logView) refresh() {
	last := l.cs.s.LastSeq()
	l.mu.Lock()
	x := l.x
	if x == nil || x.last == last {
		l.mu.Unlock()
		if x == nil {
			l.apply()
			return
		}
		l.list.Refresh() // what is undone may have changed
		l.showCount()
		return
	}
	if x.all {
		shift := int(last - x.last)
		x.last = last
		l.mu.Unlock()
		l.moved(shift)
		return
	}
	from := x.last
	l.mu.Unlock()
	// The events since, newest first: those that pass go on top. An undo
	// or a redo changes what is undone further down, which the Undone
	// filter and a search (of "undone") see: those scan again.
	var newer []uint64
	again := last-x.top > logAboveMax
	err := eachBack(l.cs.s, last, func(e tracker.Event) error {
		if e.Seq <= from {
			return tracker.ErrStop
		}
		if (x.filter == filterUndone || x.search != "") && (e.Kind == tracker.KindUndo || e.Kind == tracker.KindRedo) {
			again = true
			return tracker.ErrStop
		}
		if _, ok := x.passes(e); ok {
			newer = append(newer, e.Seq)
		}
		return nil
	})
	if err != nil {
		l.cs.message("The log cannot be read: "+err.Error(), true)
	}
	if again || err != nil {
		l.apply()
		return
	}
	l.mu.Lock()
	x.above = append(newer, x.above...)
	x.last = last
	l.mu.Unlock()
	l.moved(len(newer))
}

// moved re-lists after shift rows came on top.
func (l *logView) moved(shift int) {
	clear(l.rows)
	if shift > 0 {
		l.rebuild(shift)
	}
	l.list.Refresh()
	l.showCount()
}

// apply lists the events the filter and the search let through, newest
// first, from the top of the list.
func (l *logView) apply() {
	q := strings.ToLower(strings.TrimSpace(l.search.Text))
	x := newLogIndex(l.cs.s, l.filter.Selected, q)
	x.names = l.cs.share.names
	l.mu.Lock()
	l.gen++
	gen := l.gen
	l.x = x
	l.scanDone = nil
	l.mu.Unlock()
	clear(l.rows)
	clear(l.tall)
	l.list = l.newList()
	l.box.Objects = []fyne.CanvasObject{l.list}
	l.box.Refresh()
	if x.scanning() {
		// The newest part at once: a short log is then listed whole, and a
		// long one shows its first rows while the scan goes on.
		over, err := l.scanStep(gen, x, logScanFirst)
		if err != nil {
			l.cs.message("The log cannot be read: "+err.Error(), true)
		}
		if !over {
			done := make(chan struct{})
			l.mu.Lock()
			l.scanDone = done
			l.mu.Unlock()
			widgets.Go(func() { l.scanRest(gen, x, done) })
		}
	}
	l.showCount()
}

// scanStep reads up to n more events of x's scan and reports whether the
// scan is over (done, failed or replaced). A failed scan leaves the rows
// found so far listed.
func (l *logView) scanStep(gen int, x *logIndex, n int) (bool, error) {
	l.mu.Lock()
	from := x.next
	stale := l.gen != gen
	l.mu.Unlock()
	if stale || from == 0 {
		return true, nil
	}
	passed, err := x.scanFrom(from, n)
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.gen != gen:
		return true, nil
	case err != nil:
		x.next = 0
		return true, err
	}
	x.take(from, passed)
	return x.next == 0, nil
}

// scanRest scans the rest of the log in the background, showing the rows
// as they are found.
func (l *logView) scanRest(gen int, x *logIndex, done chan struct{}) {
	defer close(done)
	show := func(err error) {
		widgets.Do(func() {
			l.mu.Lock()
			current := l.gen == gen
			l.mu.Unlock()
			select {
			case <-l.cs.stop:
				return
			default:
			}
			if current {
				l.list.Refresh()
				l.showCount()
				if err != nil {
					l.cs.message("The log cannot be read: "+err.Error(), true)
				}
			}
		})
	}
	for step := 1; ; step++ {
		select {
		case <-l.cs.stop:
			return
		default:
		}
		over, err := l.scanStep(gen, x, logScanChunk)
		if over {
			show(err)
			l.mu.Lock()
			current := l.gen == gen
			l.mu.Unlock()
			// Reading a long log leaves tens of MB of decoded events
			// behind, which the runtime would keep for a while: give them
			// back to the device now. Not for a scan a newer filter or
			// search replaced (each letter typed in the search replaces
			// one): a full collection on every key would slow the typing,
			// and the scan that replaced it gives the memory back.
			if current {
				debug.FreeOSMemory()
			}
			return
		}
		if step%4 == 0 {
			show(nil)
		}
	}
}

// wait waits for the background scan, for tests.
func (l *logView) wait() {
	l.mu.Lock()
	done := l.scanDone
	l.mu.Unlock()
	if done != nil {
		<-done
	}
}

// showCount says how many rows are listed, and why none are.
func (l *logView) showCount() {
	l.mu.Lock()
	n, scanning, all := l.x.count(), l.x.scanning(), l.x.last
	l.mu.Unlock()
	more := ""
	if scanning {
		more = " so far"
	}
	l.count.SetText(fmt.Sprintf("%d of %d%s", n, all, more))
	q := strings.TrimSpace(l.search.Text)
	switch {
	case n > 0:
		l.empty.Hide()
		return
	case scanning:
		l.empty.SetText("Looking through the Log…")
	case q != "":
		l.empty.SetText("Nothing in this part of the Log holds “" + q + "”.")
	case l.filter.Selected == filterNotes:
		l.empty.SetText("No notes yet: tap “Note” at the top of the screen to write one. It goes in the Log with where the campaign stands, and Undo takes it back.")
	case l.filter.Selected == filterUndone:
		l.empty.SetText("Nothing has been undone.")
	default:
		l.empty.SetText("Nothing here yet.")
	}
	l.empty.Show()
}

// entry is the row at position p, read from the file if it is not at hand.
func (l *logView) entry(p int) (logEntry, bool) {
	if e, ok := l.rows[p]; ok {
		return e, true
	}
	l.load(p)
	e, ok := l.rows[p]
	return e, ok
}

// load reads the page of rows from position p on: from the nearest point
// the index knows above it, down to p, then on until the page is full, the
// listed rows end, or it went through logPageWork events.
func (l *logView) load(p int) {
	l.mu.Lock()
	x := l.x
	n := x.count()
	if p < 0 || p >= n {
		l.mu.Unlock()
		return
	}
	from, pos := x.start(p)
	l.mu.Unlock()
	// Forget the rows far from those asked for.
	if len(l.rows)+logPage > logCached {
		for k := range l.rows {
			if k < p-logCached/2 || k > p+logCached/2 {
				delete(l.rows, k)
			}
		}
	}
	work := 0
	err := eachBack(l.cs.s, from, func(e tracker.Event) error {
		if pos >= p {
			work++
		}
		if en, ok := x.passes(e); ok {
			if pos >= p {
				l.rows[pos] = en
			}
			pos++
		}
		if pos >= p+logPage || pos >= n || work >= logPageWork {
			return tracker.ErrStop
		}
		return nil
	})
	if err != nil {
		l.cs.message("The log cannot be read: "+err.Error(), true)
	}
}

// Rows are the listed lines, for tests.
func (l *logView) Rows() []string {
	l.wait()
	n := l.length()
	out := make([]string, 0, n)
	for p := 0; p < n; p++ {
		e, ok := l.entry(p)
		if !ok {
			break
		}
		out = append(out, rowText(l.cs.s, e, l.cs.share.names))
	}
	return out
}

// fitRow tells the list a row's height when it is not the usual one.
func (l *logView) fitRow(id int, h float32) {
	if l.baseH == 0 {
		l.baseH = l.newRow().MinSize().Height
	}
	old, told := l.tall[id]
	if told && old == h || !told && h == l.baseH {
		return
	}
	l.tall[id] = h
	l.list.SetItemHeight(id, h)
	if len(l.tall) > logTallMax {
		// Not while the list lays itself out: on the window's thread,
		// after this layout.
		widgets.Do(func() {
			if len(l.tall) > logTallMax {
				l.rebuild(0)
			}
		})
	}
}

// rowTop is where row id starts in the list.
func (l *logView) rowTop(id int, tall map[int]float32) float32 {
	y := float32(id) * (l.baseH + theme.Padding())
	for k, h := range tall {
		if k < id {
			y += h - l.baseH
		}
	}
	return y
}

// rebuild puts a new list in place of the list, knowing the heights of
// the rows near the view only, shift rows lower (new rows came on top);
// the rows in view stay in view, unless the list was at its top.
func (l *logView) rebuild(shift int) {
	old := l.list
	off := old.GetScrollOffset()
	n := l.length()
	first := sort.Search(n, func(id int) bool { return l.rowTop(id, l.tall) > off }) - 1
	first = max(first, 0)
	within := off - l.rowTop(first, l.tall)
	kept := map[int]float32{}
	for id, h := range l.tall {
		if id >= first-logTallKeep && id <= first+logTallKeep && id+shift < n {
			kept[id+shift] = h
		}
	}
	l.tall = kept
	l.list = l.newList()
	for id, h := range kept {
		l.list.SetItemHeight(id, h)
	}
	l.box.Objects = []fyne.CanvasObject{l.list}
	l.box.Refresh()
	if off > 0 && l.baseH > 0 {
		l.list.MinSize() // makes its renderer, to scroll it
		l.list.Resize(old.Size())
		l.list.ScrollToOffset(l.rowTop(first+shift, kept) + within)
	}
}

// canGoBackTo says whether the campaign can go back to just after this
// action: it must be in effect, with later actions to take back.
func (l *logView) canGoBackTo(seq uint64) bool {
	d, ok := l.cs.s.DepthOf(seq)
	// Never back into the campaign's set-up (Undo stops there).
	return ok && d+1 < l.cs.s.Depth() && d+1 >= l.cs.s.Floor()
}

func (l *logView) askBackTo(seq uint64) {
	d, ok := l.cs.s.DepthOf(seq)
	if !ok {
		return
	}
	n := l.cs.s.Depth() - (d + 1)
	msg := fmt.Sprintf("Go back to just after #%d? %s undone, as one undo; Redo brings them back one by one, with the same draws.", seq,
		plural(n, "later action is", "later actions are"))
	widgets.ShowConfirm("Back to here", widgets.Paragraph(msg), "Go back", "Cancel", func(ok bool) {
		if ok {
			l.backTo(seq)
		}
	}, l.cs.u.Window)
}

// backTo undoes every action after seq.
func (l *logView) backTo(seq uint64) {
	d, ok := l.cs.s.DepthOf(seq)
	if !ok {
		l.cs.message(fmt.Sprintf("#%d is not in effect, so there is no going back to it", seq), true)
		return
	}
	l.cs.ctx.Run(func() (tracker.Event, error) { return l.cs.s.UndoTo(d + 1) })
}
