package ui

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"tablekeeper/tracker"
)

// The Log of a long campaign is never held whole: a campaign of 100,000
// events would cost tens of megabytes as lines. The list asks for the rows
// it shows; they are read from the file a page at a time, newest first,
// and kept in a small cache. A filter or a search is a scan of the log,
// newest first, in the background after its first part: it keeps only how
// many events it let through and, every so many events read, where it
// stood (an anchor), so any row is found again by reading a bounded part
// of the log. Its memory is bounded whatever the log's length.
const (
	// logPage is how many rows one read of the file fills.
	logPage = 64
	// logCached rows are kept at most, around the ones last shown.
	logCached = 4 * logPage
	// logPageWork bounds the events one page's read goes through past its
	// first row: a filter that lets few events through fills its page over
	// several reads instead of stalling the screen on one.
	logPageWork = 4096
	// logAnchorEvery is the first spacing of the anchors, in events read;
	// logAnchors bounds their number (their spacing doubles past it).
	logAnchorEvery = 1024
	logAnchors     = 256
	// logScanFirst events are scanned at once when a filter or a search
	// changes, so a short log is listed at once; a longer one goes on in
	// the background by logScanChunk events at a time.
	logScanFirst = 2048
	logScanChunk = 4096
	// logAboveMax: past this many events newer than the scan's start, the
	// scan starts again from the newest.
	logAboveMax = 1024
)

// A logEntry is an event as a row of the Log shows it, without its payload.
type logEntry struct {
	seq   uint64
	time  time.Time
	where string
	kind  string
	line  string // the diary line
	fixed bool   // beyond undo (tracker.IsFixed): never undone
	// device is the device at a shared table that asked for it ("" for
	// this tablet's own).
	device string
}

func entryOf(s *tracker.Session, e tracker.Event) logEntry {
	en := logEntry{seq: e.Seq, time: e.Time, where: e.Where, kind: e.Kind, line: s.Describe(e), fixed: tracker.IsFixed(e)}
	if e.Origin != nil {
		en.device = e.Origin.Device
	}
	return en
}

// undone says whether an action has been undone (and not redone).
func undone(s *tracker.Session, e logEntry) bool {
	if e.kind == tracker.KindUndo || e.kind == tracker.KindRedo || e.fixed {
		return false
	}
	return !s.InEffect(e.seq)
}

// rowText is a diary line: where, when, what, and which phone asked for
// it at a shared table (names says the devices' names).
func rowText(s *tracker.Session, e logEntry, names *deviceNames) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#%d · %s", e.seq, e.time.Local().Format("Mon 2 Jan 15:04"))
	if e.where != "" {
		b.WriteString(" · " + e.where)
	}
	if e.device != "" {
		b.WriteString(" · from " + names.from(e.device))
	}
	b.WriteString("\n")
	if undone(s, e) {
		b.WriteString("↶ undone: ")
	}
	b.WriteString(e.line)
	return b.String()
}

// A logAnchor is where a scan stood: reading down from event seq, the next
// event listed is at position pos below the scan's start.
type logAnchor struct {
	seq uint64
	pos int
}

// A logIndex lists the events one filter and search let through, newest
// first. Positions 0 to len(above)-1 are the events newer than top that
// passed, found as they came; the scan from top down found the next ones.
// Its fields past the query are guarded by the logView's mutex: a
// background scan adds to them.
type logIndex struct {
	s      *tracker.Session
	names  *deviceNames
	filter string
	search string // lower case; empty for none
	// all: every event is listed, position p is event last-p, and nothing
	// is scanned.
	all  bool
	last uint64 // the newest event the index knows
	top  uint64 // the newest event when the scan began

	above   []uint64
	anchors []logAnchor
	stride  uint64 // events between anchors
	since   uint64 // events read since the last anchor
	found   int    // events passed, from top down
	next    uint64 // the next event the scan reads; 0 once it reached the first
}

func newLogIndex(s *tracker.Session, filter, search string) *logIndex {
	last := s.LastSeq()
	x := &logIndex{s: s, filter: filter, search: search, last: last, top: last, next: last, stride: logAnchorEvery}
	x.since = x.stride
	x.all = filter == filterAll && search == ""
	if x.all {
		x.next = 0
	}
	return x
}

// count is how many rows are listed so far.
func (x *logIndex) count() int {
	if x.all {
		return int(x.last)
	}
	return len(x.above) + x.found
}

// scanning says whether the scan has more of the log to read.
func (x *logIndex) scanning() bool { return x.next > 0 }

// passes says whether the filter and the search let an event through, and
// gives its row.
func (x *logIndex) passes(e tracker.Event) (logEntry, bool) {
	k := e.Kind
	ok := true
	switch x.filter {
	case filterGame:
		ok = !strings.HasPrefix(k, "core.")
	case filterNotes:
		ok = k == tracker.KindNote
	case filterClocks:
		ok = k == tracker.KindClock || k == tracker.KindStopped
	case filterUndo:
		ok = k == tracker.KindUndo || k == tracker.KindRedo
	case filterUndone:
		ok = k != tracker.KindUndo && k != tracker.KindRedo && !tracker.IsFixed(e) && !x.s.InEffect(e.Seq)
	}
	if !ok {
		return logEntry{}, false
	}
	en := entryOf(x.s, e)
	if x.search != "" && !strings.Contains(strings.ToLower(rowText(x.s, en, x.names)), x.search) {
		return logEntry{}, false
	}
	return en, true
}

// take adds what the scan read: passed[i] for event from-i. The caller
// holds the lock.
func (x *logIndex) take(from uint64, passed []bool) {
	if from != x.next {
		return // a read of a scan that was started again
	}
	for i, ok := range passed {
		seq := from - uint64(i)
		if x.since >= x.stride {
			x.anchor(logAnchor{seq: seq, pos: x.found})
		}
		x.since++
		if ok {
			x.found++
		}
	}
	x.next = from - uint64(len(passed))
}

// anchor keeps where the scan stands; past logAnchors of them, every other
// one is dropped and the spacing doubles, so they stay few however long
// the log.
func (x *logIndex) anchor(a logAnchor) {
	x.anchors = append(x.anchors, a)
	x.since = 0
	if len(x.anchors) > logAnchors {
		kept := x.anchors[:0]
		for i := 0; i < len(x.anchors); i += 2 {
			kept = append(kept, x.anchors[i])
		}
		// Their number is odd here, so the newest is kept and the spacing
		// is even again.
		x.anchors = kept
		x.stride *= 2
	}
}

// start is where to read from to reach position p: an event, and the
// position of the first event listed from it down.
func (x *logIndex) start(p int) (uint64, int) {
	switch {
	case x.all:
		return x.last - uint64(p), p
	case p < len(x.above):
		return x.above[p], p
	}
	rp := p - len(x.above)
	i := sort.Search(len(x.anchors), func(i int) bool { return x.anchors[i].pos > rp }) - 1
	if i < 0 {
		return x.top, len(x.above)
	}
	return x.anchors[i].seq, len(x.above) + x.anchors[i].pos
}

// scanFrom reads the log from event from down, at most n events, and says
// which passed.
func (x *logIndex) scanFrom(from uint64, n int) ([]bool, error) {
	passed := make([]bool, 0, min(n, int(from)))
	err := eachBack(x.s, from, func(e tracker.Event) error {
		_, ok := x.passes(e)
		passed = append(passed, ok)
		if len(passed) >= n {
			return tracker.ErrStop
		}
		return nil
	})
	return passed, err
}

// logBatch events are read from the file at a time.
const logBatch = 256

// eachBack calls fn for each event from from down, newest first, until fn
// returns an error (ErrStop ends it quietly). It reads the file a batch at
// a time and calls fn outside the read: fn may ask the session, which may
// be waiting on a write, which may be waiting for the reads to end.
func eachBack(s *tracker.Session, from uint64, fn func(tracker.Event) error) error {
	batch := make([]tracker.Event, 0, logBatch)
	for from > 0 {
		batch = batch[:0]
		err := s.EventsBack(from, func(e tracker.Event) error {
			batch = append(batch, e)
			if len(batch) == logBatch {
				return tracker.ErrStop
			}
			return nil
		})
		if err != nil || len(batch) == 0 {
			return err
		}
		for _, e := range batch {
			if err := fn(e); err != nil {
				if err == tracker.ErrStop {
					return nil
				}
				return err
			}
		}
		from = batch[len(batch)-1].Seq - 1
	}
	return nil
}
