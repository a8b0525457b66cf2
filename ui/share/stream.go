package share

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"tablekeeper/tracker"
)

// The stream: server-sent events, one event per change of the table,
// numbered by the campaign's event number. The hub reads the table once
// per change (through Exec) into a frame; each phone's stream, on its own
// goroutine, sends its seat's part of the newest frame. A slow phone only
// falls behind on its own: it skips to the newest frame, and takes the
// Log's lines it missed from the frame's ring, or, when it has fallen
// further behind than the ring holds, the newest lines afresh.

const (
	// linesKept is how many of the Log's newest lines a frame holds: what
	// a phone back from a short absence catches up with.
	linesKept = 64
	// freshLines is how many lines a new or long-away phone gets.
	freshLines = 30
	// keepAlive: a comment this often keeps a quiet stream open through
	// proxies and tells a phone that the host is still there.
	keepAlive = 15 * time.Second
)

// A frame is the table at one moment, read once for every phone.
type frame struct {
	seq    uint64
	digest string
	title  string
	game   string
	seats  []Seat
	// views are each seat's View as JSON, "" a watcher's: made once a
	// frame, however many phones sit there.
	views map[string]json.RawMessage
	lines []Line // oldest first, at most linesKept
	// version grows with every frame, changes of devices included.
	version uint64
}

type hub struct {
	h       *Host
	mu      sync.Mutex
	cur     *frame
	subs    map[*sub]struct{}
	signal  chan struct{}
	dirty   bool // devices changed since the frame was read
	version uint64
	ended   chan struct{}
}

type sub struct {
	device string
	wake   chan struct{}
	kicked chan struct{}
}

func newHub(h *Host) *hub {
	return &hub{h: h, subs: map[*sub]struct{}{}, signal: make(chan struct{}, 1), ended: make(chan struct{})}
}

// wake asks for a new frame; it never blocks (a session's watcher calls it
// with the session's lock held).
func (b *hub) wake() {
	select {
	case b.signal <- struct{}{}:
	default:
	}
}

// touch asks for a new frame because the devices changed.
func (b *hub) touch() {
	b.mu.Lock()
	b.dirty = true
	b.mu.Unlock()
	b.wake()
}

func (b *hub) run() {
	defer close(b.ended)
	b.refresh()
	for {
		select {
		case <-b.h.done:
			return
		case <-b.signal:
			b.refresh()
		}
	}
}

func (b *hub) wait() { <-b.ended }

// refresh reads the table into a new frame and wakes every stream.
func (b *hub) refresh() {
	b.mu.Lock()
	old := b.cur
	dirty := b.dirty
	b.dirty = false
	b.mu.Unlock()
	var f frame
	ok := b.h.exec(func() {
		s, t := b.h.opts.Session, b.h.opts.Table
		f.seq = s.LastSeq()
		if old != nil && old.seq == f.seq && !dirty {
			f = *old
			return
		}
		f.digest = s.Digest()
		f.title = b.h.title()
		f.game = s.Campaign().Game.Title()
		f.seats = t.Seats(s)
		if f.seats == nil {
			f.seats = []Seat{}
		}
		f.views = map[string]json.RawMessage{"": viewJSON(t.View(s, ""))}
		for _, seat := range f.seats {
			f.views[seat.ID] = viewJSON(t.View(s, seat.ID))
		}
		f.lines = b.lines(s, old, f.seq)
	})
	if !ok || (old != nil && old.seq == f.seq && !dirty) {
		return
	}
	b.mu.Lock()
	b.version++
	f.version = b.version
	b.cur = &f
	for s := range b.subs {
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
	b.mu.Unlock()
}

// lines are the Log's newest lines at seq: the old frame's, and the new
// events read back from the store, newest first, a few at a time, never
// the whole log.
func (b *hub) lines(s *tracker.Session, old *frame, seq uint64) []Line {
	var kept []Line
	after := uint64(0)
	if old != nil && old.seq <= seq {
		kept, after = old.lines, old.seq
	}
	if seq > after+linesKept {
		kept, after = nil, seq-linesKept
	}
	var fresh []Line
	_ = s.EventsBack(seq, func(e tracker.Event) error {
		if e.Seq <= after {
			return tracker.ErrStop
		}
		l := Line{Seq: e.Seq, Text: s.Describe(e), Where: e.Where}
		if e.Origin != nil {
			if n, ok := b.h.reg.name(e.Origin.Device); ok {
				l.By = n
			} else {
				l.By = "a device no longer joined"
			}
		}
		fresh = append(fresh, l)
		return nil
	})
	out := make([]Line, 0, len(kept)+len(fresh))
	out = append(out, kept...)
	for i := len(fresh) - 1; i >= 0; i-- {
		out = append(out, fresh[i])
	}
	if len(out) > linesKept {
		out = out[len(out)-linesKept:]
	}
	return out
}

// viewJSON is a view as a push carries it.
func viewJSON(v View) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(View{Heading: "This table cannot be shown now."})
	}
	return b
}

func (b *hub) frame() *frame {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.cur
}

func (b *hub) add(device string) (*sub, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for s := range b.subs {
		if s.device == device {
			n++
		}
	}
	if n >= maxStreamsPerDevice || len(b.subs) >= maxStreams {
		return nil, errors.New("too many streams")
	}
	s := &sub{device: device, wake: make(chan struct{}, 1), kicked: make(chan struct{})}
	b.subs[s] = struct{}{}
	s.wake <- struct{}{}
	return s, nil
}

func (b *hub) drop(s *sub) {
	b.mu.Lock()
	delete(b.subs, s)
	b.mu.Unlock()
}

// connected says how many streams a device has open.
func (b *hub) connected(device string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for s := range b.subs {
		if s.device == device {
			n++
		}
	}
	return n
}

// kick closes a removed device's streams.
func (b *hub) kick(device string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs {
		if s.device == device {
			select {
			case <-s.kicked:
			default:
				close(s.kicked)
			}
		}
	}
}

// handleStream is one phone's stream, until it goes, is removed, or the
// host stops.
func (h *Host) handleStream(w http.ResponseWriter, r *http.Request, d deviceRecord) {
	if h.stopped.Load() {
		h.refuse(w, http.StatusGone, reasonStopped, stoppedWords)
		return
	}
	s, err := h.hub.add(d.ID)
	if err != nil {
		h.refuse(w, http.StatusTooManyRequests, reasonBusy, "This device has too many pages open on this table: close one.")
		return
	}
	h.streams.Add(1)
	defer h.streams.Done()
	defer func() { h.hub.drop(s); h.streamsChanged(d.ID) }()
	h.streamsChanged(d.ID)

	// The phone's last event: the header a browser's EventSource sends,
	// or the page's own.
	var sent uint64
	fresh := true
	if v := r.Header.Get("Last-Event-ID"); v != "" {
		if n, err := strconv.ParseUint(v, 10, 64); err == nil {
			sent, fresh = n, false
		}
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	write := func(event, id string, data []byte) error {
		_ = rc.SetWriteDeadline(time.Now().Add(timeouts.write))
		var err error
		if id != "" {
			_, err = fmt.Fprintf(w, "id: %s\n", id)
		}
		if err == nil {
			_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data)
		}
		if err == nil {
			err = rc.Flush()
		}
		return err
	}
	w.WriteHeader(http.StatusOK)
	_ = rc.Flush()
	// The stream outlives the server's read timeout on purpose.
	_ = rc.SetReadDeadline(time.Time{})
	var version uint64
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-h.done:
			b, _ := json.Marshal(problem{Reason: reasonStopped, Words: stoppedWords})
			_ = write("stopped", "", b)
			return
		case <-s.kicked:
			b, _ := json.Marshal(problem{Reason: reasonKey, Words: "The host removed this device from the table: join again with the code on the host's screen."})
			_ = write("removed", "", b)
			return
		case <-tick.C:
			_ = rc.SetWriteDeadline(time.Now().Add(timeouts.write))
			if _, err := fmt.Fprint(w, ": still here\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case <-s.wake:
			f := h.hub.frame()
			if f == nil || f.version == version {
				continue
			}
			cur, ok := h.reg.get(d.ID)
			if !ok {
				return
			}
			p := h.pushFor(f, cur, sent, fresh)
			b, err := json.Marshal(p)
			if err != nil {
				return
			}
			if err := write("table", strconv.FormatUint(f.seq, 10), b); err != nil {
				return
			}
			version, sent, fresh = f.version, f.seq, false
		}
	}
}

// pushFor is a device's part of a frame, with the lines after sent.
func (h *Host) pushFor(f *frame, d deviceRecord, sent uint64, fresh bool) push {
	seat := d.Seat
	view, ok := f.views[seat]
	if !ok {
		// The seat is no longer at the table: the phone watches until it
		// picks another.
		seat, view = "", f.views[""]
	}
	p := push{Seq: f.seq, Digest: f.digest, Title: f.title, Game: f.game, View: view, Seats: f.seats,
		You: h.you(d), AllowResolve: h.allowResolve.Load()}
	p.You.Seat = seat
	// The lines the phone lacks: after sent, if the ring still holds the
	// one just after it; otherwise the newest, afresh.
	if !fresh && sent <= f.seq && (sent == f.seq || len(f.lines) > 0 && f.lines[0].Seq <= sent+1) {
		for _, l := range f.lines {
			if l.Seq > sent {
				p.Lines = append(p.Lines, l)
			}
		}
	} else {
		p.Fresh = true
		p.Lines = f.lines[max(0, len(f.lines)-freshLines):]
	}
	if p.Lines == nil {
		p.Lines = []Line{}
	}
	return p
}

func (h *Host) streamsChanged(device string) {
	h.reg.mu.Lock()
	h.reg.streams[device] = h.hub.connected(device)
	h.reg.mu.Unlock()
	h.mu.Lock()
	ls := append([]func(){}, h.listeners...)
	h.mu.Unlock()
	for _, fn := range ls {
		go fn()
	}
}
