package tracker

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
)

// SnapshotEvery events the session writes a snapshot to the store, so
// opening replays at most that many. (Checkpoints, the copies of the state
// kept in memory for undo, are in checkpoint.go.)
const SnapshotEvery = 256

// A Session is an open campaign: its folded state, the undo stacks, and the
// store its events go to. All methods are safe for concurrent use.
type Session struct {
	mu     sync.Mutex
	store  Store
	rules  Rules
	camp   Campaign
	core   CoreState
	game   State
	active Runs // actions in effect, oldest first
	redo   Runs // undone actions, the next to redo on top
	last   uint64
	cps    checkpoints
	// recent keeps the newest events seen, so undo and redo rebuild state
	// without reading each event back from the store.
	recent   recentEvents
	now      func() time.Time
	watchers map[int]func(Event)
	watchN   int
	snapErr  error
	// check, while an import is replayed, checks each event as the live
	// command would have been checked (see import.go); nil otherwise.
	check func(e Event) error
}

func (s *Session) remember(e Event) { s.recent.add(e) }

func (s *Session) event(seq uint64) (Event, error) {
	if e, ok := s.recent.get(seq); ok {
		return e, nil
	}
	return s.store.Event(s.camp.ID, seq)
}

type folded struct {
	Core CoreState       `json:"core"`
	Game json.RawMessage `json:"game"`
}

// Open loads a campaign from the store: the newest snapshot, then the events
// after it.
func Open(store Store, rules Rules, id string) (*Session, error) {
	return open(store, rules, id, nil)
}

func open(store Store, rules Rules, id string, check func(*Session, Event) error) (*Session, error) {
	c, err := store.Campaign(id)
	if err != nil {
		return nil, err
	}
	if c.Game != rules.Game() {
		return nil, fmt.Errorf("campaign %q is a game of %s, not %s", c.Name, c.Game.Title(), rules.Game().Title())
	}
	s := &Session{store: store, rules: rules, camp: c, now: time.Now}
	s.game = rules.NewState(c)
	if check != nil {
		s.check = func(e Event) error { return check(s, e) }
	} else if snap, err := store.LatestSnapshot(id); err == nil && snap != nil {
		// A snapshot that cannot be used is only a lost shortcut: replay.
		if err := s.restore(snap); err != nil {
			s.reset()
		}
	}
	snapSeq := s.last
	err = store.Events(id, s.last+1, func(e Event) error {
		if err := s.replay(e); err != nil {
			if check != nil {
				return err // the import says where
			}
			// The action's number, not its kind (a program's name), and
			// a payload it cannot read in words.
			return fmt.Errorf("action %d of its log: %w", e.Seq, payloadWords(err))
		}
		return nil
	})
	if err != nil {
		if check != nil {
			return nil, err
		}
		// A log this version cannot read is most often one a newer version
		// wrote (a new kind of event or change): say so, and that the
		// opening changed nothing.
		return nil, fmt.Errorf("campaign %q cannot be replayed: %w (nothing in the file was changed; if it was last played with a newer Tablekeeper, open it there or update this one)", c.Name, err)
	}
	// A long replay (an import, or a log whose snapshots were lost) is
	// worth a snapshot, so the next opening is fast. Losing it costs nothing.
	if s.last-snapSeq >= SnapshotEvery && check == nil {
		_ = store.PutSnapshot(id, s.snapshot())
	}
	return s, nil
}

// reset puts the session back to the new campaign.
func (s *Session) reset() {
	s.core, s.game, s.last = CoreState{}, s.rules.NewState(s.camp), 0
	s.active, s.redo, s.cps = Runs{}, Runs{}, checkpoints{}
}

func (s *Session) restore(snap *Snapshot) error {
	if snap.StateVersion != stateVersion(s.rules) {
		return errors.New("snapshot of another state version")
	}
	if !snap.Active.increasing() || (snap.Active.Len() > 0 && snap.Active.top() > snap.Seq) {
		return errors.New("snapshot: the actions in effect are out of order")
	}
	game, err := s.rules.DecodeState(snap.Game)
	if err != nil {
		return err
	}
	s.core, s.game, s.active, s.redo, s.last = snap.Core, game, snap.Active.clone(), snap.Redo.clone(), snap.Seq
	d := s.active.Len()
	depths := make([]int, 0, len(snap.Checkpoints))
	for k := range snap.Checkpoints {
		if k > 0 && k < d {
			depths = append(depths, k)
		}
	}
	sort.Ints(depths)
	for _, k := range depths {
		s.cps.list = append(s.cps.list, checkpoint{depth: k, data: snap.Checkpoints[k]})
	}
	if d > 0 {
		s.cps.add(d, s.encode())
	}
	return nil
}

func (s *Session) encode() json.RawMessage {
	return encodeState(folded{Core: s.core, Game: encodeState(s.game)})
}

func (s *Session) decode(data json.RawMessage) error {
	var f folded
	if err := json.Unmarshal(data, &f); err != nil {
		return err
	}
	g, err := s.rules.DecodeState(f.Game)
	if err != nil {
		return err
	}
	s.core, s.game = f.Core, g
	return nil
}

// replay folds a logged event, undo and redo included.
func (s *Session) replay(e Event) error {
	if e.Seq != s.last+1 {
		return fmt.Errorf("expected event %d next", s.last+1)
	}
	if s.check != nil {
		if err := s.check(e); err != nil {
			return &refusedEvent{err}
		}
	}
	s.remember(e)
	switch e.Kind {
	case KindUndo:
		var p undoPayload
		if err := e.Decode(&p); err != nil {
			return err
		}
		if err := s.checkUndo(p.Targets); err != nil {
			return err
		}
		s.popTo(s.active.Len() - len(p.Targets))
		if err := s.rewind(); err != nil {
			return err
		}
	case KindRedo:
		var p undoPayload
		if err := e.Decode(&p); err != nil {
			return err
		}
		if len(p.Targets) != 1 || s.redo.Len() == 0 || s.redo.top() != p.Targets[0] {
			return errors.New("redo of an action that is not the next to redo")
		}
		t, err := s.event(p.Targets[0])
		if err != nil {
			return err
		}
		if err := s.applyEffective(t); err != nil {
			return err
		}
		s.redo.pop()
		s.push(t)
	default:
		if IsFixed(e) {
			if err := s.applyFixed(e); err != nil {
				return err
			}
			break
		}
		if err := s.applyEffective(e); err != nil {
			return err
		}
		s.redo = Runs{}
		s.push(e)
	}
	s.last = e.Seq
	return nil
}

// applyFixed folds a fixed event (fixed.go): it is not an action, so it
// goes on no stack and leaves what Redo can put back.
func (s *Session) applyFixed(e Event) error {
	if e.Kind == KindSetUp {
		return s.core.applySetUp(e, s.active.Len())
	}
	return s.applyEffective(e)
}

func (s *Session) checkUndo(targets []uint64) error {
	if len(targets) == 0 || len(targets) > s.active.Len() {
		return errors.New("undo of more actions than there are")
	}
	if s.check != nil && s.active.Len()-len(targets) < s.core.Floor {
		// The live Undo stops at the set-up; a log made so never goes
		// below it. (Replaying, the floor is trusted: the log is ours.)
		return fmt.Errorf("it undoes the campaign's set-up, which Undo never takes back")
	}
	top := s.active.Len() - 1
	for i, t := range targets {
		if s.active.at(top-i) != t {
			return fmt.Errorf("undo of action %d, which is not the latest in effect", t)
		}
	}
	return nil
}

// applyEffective folds an action that is in effect: a note, a clock change or
// a game event.
func (s *Session) applyEffective(e Event) error {
	if isCore(e.Kind) {
		if err := s.core.applyCore(e); err != nil {
			return err
		}
	} else {
		g, err := s.rules.Apply(s.game, e)
		if err != nil {
			return err
		}
		s.game = g
	}
	for _, d := range e.Draws {
		if d.Index >= s.core.DrawNext && d.Index != math.MaxUint64 {
			s.core.DrawNext = d.Index + 1
		}
	}
	return nil
}

func isCore(kind string) bool { return strings.HasPrefix(kind, "core.") }

// push puts an action just folded on the stack in effect, and keeps the
// state as a checkpoint when one is due.
func (s *Session) push(e Event) {
	s.active.push(e.Seq)
	s.keepAfter(e, s.active.Len())
}

// popTo moves the actions above depth d onto the redo stack, newest first,
// and forgets checkpoints that no longer describe the stack.
func (s *Session) popTo(d int) {
	for s.active.Len() > d {
		s.redo.push(s.active.pop())
	}
	s.cps.dropAbove(d)
}

// rewind recomputes the state for the current active stack from the nearest
// checkpoint below it, or from the campaign's start when undo reaches below
// every checkpoint kept.
//
// What undo never changes (fixed.go: the play clock, the time the app did
// not run, the floor of undo) is kept as it is now.
func (s *Session) rewind() error {
	kept := s.core.kept()
	err := s.rebuild()
	s.core.keep(kept)
	return err
}

func (s *Session) rebuild() error {
	d := s.active.Len()
	cp, ok := s.cps.below(d)
	if ok {
		if err := s.decode(cp.data); err != nil {
			return err
		}
	} else {
		s.core, s.game = CoreState{}, s.rules.NewState(s.camp)
	}
	s.cps.work = 0
	if !ok && d-cp.depth > recentKept {
		return s.refold(d)
	}
	return s.active.each(cp.depth, d, func(i int, seq uint64) error {
		e, err := s.event(seq)
		if err != nil {
			return err
		}
		if err := s.applyEffective(e); err != nil {
			return err
		}
		s.keepAfter(e, i+1)
		return nil
	})
}

// refold rebuilds the state from the campaign's start to depth d, reading
// the log from the store in one pass: slower than from a checkpoint, but
// correct however far back undo reaches.
func (s *Session) refold(d int) error {
	if d == 0 {
		return nil
	}
	i, want := 0, s.active.at(0)
	stop := errors.New("done")
	err := s.store.Events(s.camp.ID, want, func(e Event) error {
		if e.Seq < want {
			return nil
		}
		if e.Seq > want {
			return fmt.Errorf("the log has no event %d", want)
		}
		if err := s.applyEffective(e); err != nil {
			return err
		}
		if i++; i == d {
			s.keepAfter(e, i)
			return stop
		}
		s.keepAfter(e, i)
		want = s.active.at(i)
		return nil
	})
	if err == stop {
		return nil
	}
	if err == nil {
		err = fmt.Errorf("the log ends before event %d", want)
	}
	return err
}

// keepAfter is folded for an action replayed at depth d, below the top.
func (s *Session) keepAfter(e Event, d int) {
	s.cps.work += len(e.Payload) + eventWork
	if s.cps.due(d) {
		s.cps.add(d, s.encode())
	}
}

// Do validates a command and, if the rules allow it, records it durably and
// applies it. The returned event is on disk.
func (s *Session) Do(cmd Command) (Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, refusal, err := s.do(cmd, nil, DeviceAnswers{})
	if refusal != nil {
		return Event{}, refusal
	}
	return e, err
}

// do decides, records and applies a command, with the lock held. A refusal
// is the command's own answer (the rules said no, or it cannot be
// recorded), the same whenever it is asked in the same state; err is a
// failure of the store, after which nothing was recorded. With an origin
// the event carries it and its answer is committed with it (appendAs).
func (s *Session) do(cmd Command, o *Origin, d DeviceAnswers) (e Event, refusal, err error) {
	now := s.now().UTC()
	change, isCoreCmd, err := decideCore(&s.core, cmd, coreAt{now: now, depth: s.active.Len()})
	dice := NewDice(s.camp.Seed, s.core.DrawNext)
	if !isCoreCmd {
		change, err = s.rules.Decide(s.game, cmd, dice)
		if err == nil && isCore(change.Kind) {
			err = fmt.Errorf("game event kind %q uses the core prefix", change.Kind)
		}
	}
	if err != nil {
		return Event{}, err, nil
	}
	payload, err := json.Marshal(change.Payload)
	if err != nil {
		// A game's payload holding a piece of a file as it was written (a
		// content file's part) that is not whole: say what is wrong with
		// it in words, not the event's kind and Go's.
		_, what := JSONWords("", err)
		return Event{}, fmt.Errorf("this action cannot be recorded: what it holds is not written as a file should be (%s); nothing was recorded", what), nil
	}
	e = s.newEventAt(now, change.Kind, payload)
	e.Draws = dice.Drawn()
	if o != nil {
		oc := *o
		oc.Sum = 0
		e.Origin = &oc
	}
	// An action its own export could not hold would be lost the day the
	// campaign is exported and imported again (a deleted campaign is
	// restored so): an import refuses an event over MaxEventSize.
	if n := exportedSize(e); n > MaxEventSize {
		return Event{}, fmt.Errorf("this action would record %d KB, more than the %d KB one action may hold; nothing was recorded", (n+1023)>>10, MaxEventSize>>10), nil
	}
	// Fold the event before writing it: an event that would not replay must
	// never reach the log, or the campaign could not be opened again. On any
	// failure the state is rebuilt from the checkpoints, which the event has
	// not touched.
	fixed := IsFixed(e)
	kept := s.core.kept()
	undo := func() {
		_ = s.rewind()
		s.core.keep(kept) // a fixed event folded changed what undo keeps
	}
	apply := s.applyEffective
	if fixed {
		apply = s.applyFixed
	}
	if err := apply(e); err != nil {
		undo()
		return Event{}, fmt.Errorf("internal error, nothing was recorded: %s cannot be applied: %w", change.Kind, err), nil
	}
	if err := s.appendAs(e, o, d); err != nil {
		undo()
		return Event{}, nil, err
	}
	if !fixed {
		s.redo = Runs{}
		s.push(e)
	}
	s.committed(e)
	return e, nil, nil
}

func (s *Session) newEvent(kind string, payload json.RawMessage) Event {
	return s.newEventAt(s.now().UTC(), kind, payload)
}

func (s *Session) newEventAt(now time.Time, kind string, payload json.RawMessage) Event {
	return Event{Seq: s.last + 1, ID: uuid.NewString(), Time: now, Kind: kind, Where: s.rules.Where(s.game), Payload: payload}
}

// committed finishes an event that is on disk: the bookkeeping, a snapshot
// when one is due, and the watchers.
func (s *Session) committed(e Event) {
	s.last = e.Seq
	s.remember(e)
	s.camp.LastPlayed, s.camp.Where, s.camp.Events = e.Time, e.Where, e.Seq
	if e.Seq%SnapshotEvery == 0 {
		s.snapErr = s.store.PutSnapshot(s.camp.ID, s.snapshot())
	}
	for _, w := range s.watchers {
		w(e)
	}
}

func (s *Session) snapshot() Snapshot {
	// Keep the few checkpoints just below the top, so an undo soon after
	// opening does not replay the whole log.
	d := s.active.Len()
	return Snapshot{Seq: s.last, StateVersion: stateVersion(s.rules), Core: s.core, Game: encodeState(s.game),
		Active: s.active.clone(), Redo: s.redo.clone(), Checkpoints: s.cps.near(d-4*checkpointEvery, d)}
}

// ErrSetUpKept is Undo's answer at the floor: what is left is the
// campaign's set-up (setup.go).
var ErrSetUpKept = errors.New("Undo stops at the campaign's set-up: change the set-up on its own screen")

// Undo takes back the latest action in effect.
func (s *Session) Undo() (Event, error) {
	s.mu.Lock()
	n, floor := s.active.Len(), s.core.Floor
	s.mu.Unlock()
	if n == 0 {
		return Event{}, errors.New("there is nothing to undo")
	}
	if n <= floor {
		return Event{}, ErrSetUpKept
	}
	return s.UndoTo(n - 1)
}

// UndoTo goes back to the point where only the first depth actions were in
// effect, as one undo event: jumping back in the log loses nothing, because
// every undone action can be redone.
func (s *Session) UndoTo(depth int) (Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, refusal, err := s.undoTo(depth, nil, DeviceAnswers{})
	if refusal != nil {
		return Event{}, refusal
	}
	return e, err
}

// undoTo is UndoTo with the lock held; refusal and err as for do.
func (s *Session) undoTo(depth int, o *Origin, d DeviceAnswers) (Event, error, error) {
	if depth < 0 || depth >= s.active.Len() {
		return Event{}, errors.New("there is nothing to undo back to that point"), nil
	}
	if depth < s.core.Floor {
		return Event{}, ErrSetUpKept, nil
	}
	var p undoPayload
	for i := s.active.Len() - 1; i >= depth; i-- {
		p.Targets = append(p.Targets, s.active.at(i))
	}
	// The line of one action undone is what the log shows ("Undid: …");
	// going back over several shows their count. Their lines are not kept:
	// going back to the start of a long campaign from the Log made an event
	// larger than an import takes (60,000 actions: 1.5 MB).
	if len(p.Targets) == 1 {
		t, err := s.event(p.Targets[0])
		if err != nil {
			return Event{}, nil, err
		}
		p.What = []string{s.describe(t)}
	}
	payload, _ := json.Marshal(p)
	e := s.newEvent(KindUndo, payload)
	if o != nil {
		oc := *o
		oc.Sum = 0
		e.Origin = &oc
	}
	// The same bound as an action's (Do): an undo event an import refuses
	// would make the campaign's export, and the copy kept when it is
	// deleted, impossible to bring back. Going back over about 165,000
	// actions at once reaches it; in two steps it does not.
	if n := exportedSize(e); n > MaxEventSize {
		return Event{}, fmt.Errorf("going back over %d actions at once is more than one step can record; nothing was undone: go back to a later point first, then on from there", len(p.Targets)), nil
	}
	active, redo, cps := s.active.clone(), s.redo.clone(), s.cps.clone()
	s.popTo(depth)
	err := s.rewind()
	if err == nil {
		err = s.appendAs(e, o, d)
	}
	if err != nil {
		s.active, s.redo, s.cps = active, redo, cps
		_ = s.rewind()
		return Event{}, nil, fmt.Errorf("nothing was undone: %w", err)
	}
	s.committed(e)
	return e, nil, nil
}

// Redo puts back the most recently undone action, with the same outcome of
// any draw it made.
func (s *Session) Redo() (Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.redo.Len() == 0 {
		return Event{}, errors.New("there is nothing to redo")
	}
	t, err := s.event(s.redo.top())
	if err != nil {
		return Event{}, err
	}
	payload, _ := json.Marshal(undoPayload{Targets: []uint64{t.Seq}, What: []string{s.describe(t)}})
	e := s.newEvent(KindRedo, payload)
	err = s.applyEffective(t)
	if err == nil {
		err = s.store.Append(s.camp.ID, e)
	}
	if err != nil {
		_ = s.rewind()
		return Event{}, fmt.Errorf("nothing was redone: %w", err)
	}
	s.redo.pop()
	s.push(t)
	s.committed(e)
	return e, nil
}

// CanUndo and CanRedo say whether Undo and Redo have anything to do.
func (s *Session) CanUndo() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.active.Len() > s.core.Floor
}

func (s *Session) CanRedo() bool { s.mu.Lock(); defer s.mu.Unlock(); return s.redo.Len() > 0 }

// Floor is how many of the first actions Undo never takes back (the
// campaign's set-up): UndoTo goes back to this depth at most.
func (s *Session) Floor() int { s.mu.Lock(); defer s.mu.Unlock(); return s.core.Floor }

// Depth is how many actions are in effect.
func (s *Session) Depth() int { s.mu.Lock(); defer s.mu.Unlock(); return s.active.Len() }

// InEffect says whether the event with this sequence number is an action
// currently in effect (not undone, and not itself an undo or redo).
func (s *Session) InEffect(seq uint64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.active.index(seq)
	return ok
}

// DepthOf is the depth of the active stack just before the action seq, for
// jumping back to it with UndoTo; ok is false if seq is not in effect.
func (s *Session) DepthOf(seq uint64) (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.active.index(seq)
}

// Describe is an event's diary line.
func (s *Session) Describe(e Event) string {
	return s.describe(e)
}

func (s *Session) describe(e Event) string {
	if isCore(e.Kind) {
		return describeCore(e)
	}
	return s.rules.Describe(e)
}

// Campaign is the campaign's record as this session knows it.
func (s *Session) Campaign() Campaign { s.mu.Lock(); defer s.mu.Unlock(); return s.camp }

// Rules are the campaign's game rules.
func (s *Session) Rules() Rules { return s.rules }

// Core is the shared state: notes, clocks, draws.
//
// Its clocks read what they count: a running clock's start is moved on by
// the time the app did not run since (stopped.go).
func (s *Session) Core() CoreState { s.mu.Lock(); defer s.mu.Unlock(); return s.core.shown() }

// State is the game's state. The caller must treat it as read-only; it is
// replaced, not copied, by the next action.
func (s *Session) State() State { s.mu.Lock(); defer s.mu.Unlock(); return s.game }

// Where says where the campaign stands now.
func (s *Session) Where() string { s.mu.Lock(); defer s.mu.Unlock(); return s.rules.Where(s.game) }

// LastSeq is the sequence number of the newest event.
func (s *Session) LastSeq() uint64 { s.mu.Lock(); defer s.mu.Unlock(); return s.last }

// Events calls fn for each event of the log from seq from on.
func (s *Session) Events(from uint64, fn func(Event) error) error {
	return s.store.Events(s.camp.ID, from, fn)
}

// Watch registers fn to be called after each committed event, with the
// session's lock held: fn must not call back into the session, only
// signal (the UI schedules a refresh; the sharing host wakes its
// streams). The returned stop ends the watching; it may be called more
// than once, and from anywhere but inside fn.
func (s *Session) Watch(fn func(Event)) (stop func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.watchers == nil {
		s.watchers = map[int]func(Event){}
	}
	s.watchN++
	id := s.watchN
	s.watchers[id] = fn
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.watchers, id)
	}
}

// SetClock replaces the wall clock, for tests.
func (s *Session) SetClock(now func() time.Time) { s.mu.Lock(); defer s.mu.Unlock(); s.now = now }

// SnapshotError is the last error from writing a snapshot, if any. A lost
// snapshot costs only time when the campaign is next opened.
func (s *Session) SnapshotError() error { s.mu.Lock(); defer s.mu.Unlock(); return s.snapErr }

// Digest is a short fingerprint of the campaign's state now (its core and
// its game's state): two sessions that folded the same log have the same
// digest. A device shown the campaign compares it with the host's.
func (s *Session) Digest() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	sum := sha256.Sum256(s.encode())
	return hex.EncodeToString(sum[:8])
}
