package tracker

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

// boardRules is a test game whose state has a fixed size (a board of
// boardCells cells, about 10 KB as JSON) however long the log: what a
// session keeps beside the state must then not grow with the log either.
type boardRules struct{}

const boardCells = 2000

type boardState struct {
	Cells []int `json:"cells"`
}

type setCell struct{ Cell, Value int }

func (boardRules) Game() GameID { return Reichbusters }
func (boardRules) NewState(Campaign) State {
	s := &boardState{Cells: make([]int, boardCells)}
	for i := range s.Cells {
		s.Cells[i] = 100_000 + i
	}
	return s
}
func (boardRules) DecodeState(b []byte) (State, error) {
	var s boardState
	err := json.Unmarshal(b, &s)
	return &s, err
}
func (boardRules) Where(State) string { return "" }
func (boardRules) Describe(e Event) string {
	return "set " + string(e.Payload)
}
func (boardRules) Decide(st State, cmd Command, d *Dice) (Change, error) {
	c, ok := cmd.(setCell)
	if !ok {
		return Change{}, ErrNotThisGame
	}
	if c.Cell < 0 || c.Cell >= boardCells {
		return Change{}, Refuse("board", "no cell %d", c.Cell)
	}
	return Change{Kind: "board.set", Payload: c}, nil
}
func (boardRules) Apply(st State, e Event) (State, error) {
	s := st.(*boardState)
	var c setCell
	if err := e.Decode(&c); err != nil {
		return s, err
	}
	if c.Cell < 0 || c.Cell >= len(s.Cells) {
		return s, fmt.Errorf("no cell %d", c.Cell)
	}
	s.Cells[c.Cell] = c.Value
	return s, nil
}

// logWriter writes a log straight into a MemStore, as an import or a long
// campaign would have left it, keeping its own model of the undo stacks.
type logWriter struct {
	t      testing.TB
	mem    *MemStore
	id     string
	seq    uint64
	active []uint64
	redo   []uint64
	when   time.Time
}

func newLogWriter(t testing.TB, game GameID) *logWriter {
	mem := NewMemStore()
	c, err := NewCampaign(game, "Long", 11, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if err := mem.Create(c); err != nil {
		t.Fatal(err)
	}
	return &logWriter{t: t, mem: mem, id: c.ID, when: c.Created}
}

func (w *logWriter) add(kind string, payload any) uint64 {
	w.t.Helper()
	b, err := json.Marshal(payload)
	if err != nil {
		w.t.Fatal(err)
	}
	w.seq++
	w.when = w.when.Add(time.Second)
	if err := w.mem.Append(w.id, Event{Seq: w.seq, ID: uuid.NewString(), Time: w.when, Kind: kind, Payload: b}); err != nil {
		w.t.Fatal(err)
	}
	return w.seq
}

func (w *logWriter) action(kind string, payload any) {
	w.active = append(w.active, w.add(kind, payload))
	w.redo = w.redo[:0]
}

func (w *logWriter) undo(n int) {
	var p undoPayload
	for i := 0; i < n; i++ {
		top := w.active[len(w.active)-1]
		w.active = w.active[:len(w.active)-1]
		w.redo = append(w.redo, top)
		p.Targets = append(p.Targets, top)
	}
	// No lines: an import rebuilds each from the action it names and
	// refuses one that disagrees, and a log with none reads "Went back".
	w.add(KindUndo, p)
}

func (w *logWriter) redoOne() {
	top := w.redo[len(w.redo)-1]
	w.redo = w.redo[:len(w.redo)-1]
	w.active = append(w.active, top)
	w.add(KindRedo, undoPayload{Targets: []uint64{top}})
}

// boardLog is n events of board play: mostly setting cells, with an undo
// of one or a few actions now and then, and some of them redone.
func boardLog(t testing.TB, n int) *logWriter {
	w := newLogWriter(t, Reichbusters)
	rng := rand.New(rand.NewSource(int64(n)))
	for w.seq < uint64(n) {
		switch r := rng.Intn(20); {
		case r == 0 && len(w.active) > 4:
			w.undo(1 + rng.Intn(4))
		case r == 1 && len(w.redo) > 0:
			w.redoOne()
		default:
			w.action("board.set", setCell{Cell: rng.Intn(boardCells), Value: 100_000 + rng.Intn(900_000)})
		}
	}
	return w
}

// heapAfterGC is the live heap.
func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// retained is the memory an open session holds beside the store: the heap
// with the session open less the heap before it was opened.
func retained(t testing.TB, open func() *Session) (uint64, *Session) {
	before := heapAfterGC()
	s := open()
	after := heapAfterGC()
	runtime.KeepAlive(s)
	if after < before {
		return 0, s
	}
	return after - before, s
}

// TestOpenMemoryDoesNotGrowWithTheLog: a session replaying a log of 10,000
// and of 40,000 events (as opening after lost snapshots, or checking an
// import, does) holds memory bounded by its state, not by the log: before,
// it kept a copy of the state every 64 actions forever (6 MB here for
// 40,000 events of a 10 KB state, 3.7 GB for the 40,000 notes).
func TestOpenMemoryDoesNotGrowWithTheLog(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 50,000 events")
	}
	stateSize := len(encodeState(boardRules{}.NewState(Campaign{})))
	var held []uint64
	for _, n := range []int{10_000, 40_000} {
		w := boardLog(t, n)
		got, s := retained(t, func() *Session {
			s, err := Open(w.mem, boardRules{}, w.id)
			if err != nil {
				t.Fatal(err)
			}
			return s
		})
		if s.Depth() != len(w.active) {
			t.Fatalf("depth %d, want %d", s.Depth(), len(w.active))
		}
		t.Logf("%d events: the session holds %d KB (state %d KB, %d checkpoints)", n, got>>10, stateSize>>10, len(s.cps.list))
		held = append(held, got)
		// The bound does not depend on n: the checkpoints, the event
		// cache, and the stacks of a log with an undo every 20 events.
		if bound := uint64((maxCheckpoints+4)*stateSize + recentBytes + 512<<10); got > bound {
			t.Errorf("%d events: the session holds %d KB, more than %d KB", n, got>>10, bound>>10)
		}
	}
	if held[1] > held[0]+held[0]/2+256<<10 {
		t.Errorf("4× the log took %d KB against %d KB", held[1]>>10, held[0]>>10)
	}
}

// TestNoteHeavyReplayIsLinear: the import of notes, whose state
// grows with the log. Checkpoints are taken further apart as the state
// grows, so encoding them costs time linear in the log (counted here in
// bytes encoded), and they hold a few times the state, not a copy every 64
// notes (before: 280 MB for 10,000 notes of 200 characters).
func TestNoteHeavyReplayIsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 10,000 notes")
	}
	const n = 10_000
	w := newLogWriter(t, Alone)
	text := strings.Repeat("a table note ", 16)[:200]
	logBytes := 0
	for i := 0; i < n; i++ {
		w.action(KindNote, notePayload{Text: text})
		logBytes += len(text) + 20
	}
	got, s := retained(t, func() *Session {
		s, err := Open(w.mem, Basic(Alone), w.id)
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
	state := len(s.encode())
	t.Logf("%d notes: state %d KB, session %d KB, %d checkpoints of %d KB, %d KB encoded", n, state>>10, got>>10, len(s.cps.list), s.cps.bytes()>>10, s.cps.encoded>>10)
	if got > uint64(6*state+recentBytes+1<<20) {
		t.Errorf("the session holds %d KB for a state of %d KB", got>>10, state>>10)
	}
	if work := n * (eventWork + len(text) + 20); s.cps.encoded > 3*work {
		t.Errorf("checkpoints encoded %d KB for %d KB of replay work: not linear", s.cps.encoded>>10, work>>10)
	}
	if notes, err := s.Notes(n+1, 0); err != nil || len(notes) != n {
		t.Fatalf("%d notes: %v", len(notes), err)
	}
}

// TestDeepUndoMatchesAFreshFold: undo far below every checkpoint kept
// rebuilds the state from the log, and it equals folding the actions in
// effect from scratch; redo back up gives the state before again.
func TestDeepUndoMatchesAFreshFold(t *testing.T) {
	w := boardLog(t, 6000)
	s, err := Open(w.mem, boardRules{}, w.id)
	if err != nil {
		t.Fatal(err)
	}
	fold := func(active []uint64) *boardState {
		st := boardRules{}.NewState(Campaign{})
		for _, seq := range active {
			e, err := w.mem.Event(w.id, seq)
			if err != nil {
				t.Fatal(err)
			}
			if st, err = (boardRules{}).Apply(st, e); err != nil {
				t.Fatal(err)
			}
		}
		return st.(*boardState)
	}
	top := s.Depth()
	want := fold(w.active)
	if !reflect.DeepEqual(s.State(), want) {
		t.Fatal("the opened state differs from a fresh fold")
	}
	for _, d := range []int{top - 3, top - 200, 700, 600, 1, 0} {
		if d == 700 && s.cps.list[0].depth <= d {
			t.Fatalf("a checkpoint is kept at depth %d of %d: the test would not reach below them all", s.cps.list[0].depth, top)
		}
		must(t)(s.UndoTo(d))
		if s.Depth() != d || !reflect.DeepEqual(s.State(), fold(w.active[:d])) {
			t.Fatalf("after undo to depth %d of %d the state differs from a fresh fold", d, top)
		}
	}
	for s.CanRedo() {
		must(t)(s.Redo())
	}
	if s.Depth() != top || !reflect.DeepEqual(s.State(), want) {
		t.Fatal("redoing everything does not give the state back")
	}
	if n := len(s.cps.list); n > maxCheckpoints {
		t.Fatalf("%d checkpoints kept", n)
	}
}

// TestGoingBackTooFarAtOnceIsRefusedInWords: an undo over so many actions
// that its event would pass MaxEventSize (which an import refuses) is
// refused in words and changes nothing; going back in two steps works, and
// every undo event stays importable.
func TestGoingBackTooFarAtOnceIsRefusedInWords(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a log of 200,000 events")
	}
	w := boardLog(t, 200_000)
	s, err := Open(w.mem, boardRules{}, w.id)
	if err != nil {
		t.Fatal(err)
	}
	top, last, state := s.Depth(), s.LastSeq(), s.State()
	_, err = s.UndoTo(0)
	if err == nil || !strings.Contains(err.Error(), "nothing was undone") || !strings.Contains(err.Error(), "at once") {
		t.Fatalf("going back over %d actions at once: %v", top, err)
	}
	if s.Depth() != top || s.LastSeq() != last || !reflect.DeepEqual(s.State(), state) {
		t.Fatal("a refused undo changed the session")
	}
	for _, d := range []int{top / 2, 0} {
		e, err := s.UndoTo(d)
		if err != nil {
			t.Fatalf("going back to depth %d of %d: %v", d, top, err)
		}
		if n := exportedSize(e); n > MaxEventSize {
			t.Fatalf("an undo event of %d bytes was recorded", n)
		}
	}
}
