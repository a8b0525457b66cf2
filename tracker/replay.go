package tracker

import (
	"errors"
	"fmt"
	"math"
)

// Replay folds the campaign's history as it stands now, from its start:
// only the actions in effect (an action undone and never redone, and the
// undo and redo events themselves, are passed over), oldest first, each
// applied to a state of the replay's own. After each action fn is called
// with its event and the core and game states just after it. A story of
// the campaign is told from these: what happened, as it now counts.
//
// It holds one state and a few hundred events at a time, never the log:
// the log is read from the store in chunks, each in a short read of its
// own, so a long replay does not hold the file while the app writes to it.
// The states passed to fn are changed in place by the next action: fn
// must copy what it keeps. The core state keeps no notes (a note is only
// the event fn is given), so a campaign of many notes replays in the
// memory of one.
//
// The session is only read: Replay may run on a goroutine of its own
// while the session goes on being played; it replays the actions in
// effect when it was called.
func (s *Session) Replay(fn func(e Event, core *CoreState, game State) error) error {
	s.mu.Lock()
	active, camp, store, rules := s.active.clone(), s.camp, s.store, s.rules
	s.mu.Unlock()
	r := replayer{store: store, rules: rules, id: camp.ID, game: rules.NewState(camp), fn: fn}
	return active.eachRun(r.run)
}

// replayChunk bounds the events read in one read of the store, and
// replayChunkBytes their payloads' bytes.
const (
	replayChunk      = 512
	replayChunkBytes = 4 << 20
)

type replayer struct {
	store Store
	rules Rules
	id    string
	core  CoreState
	game  State
	fn    func(Event, *CoreState, State) error
	buf   []Event
}

var errChunkFull = errors.New("chunk full")

// run folds one run of consecutive actions in effect, reading it in
// chunks.
func (r *replayer) run(run seqRun) error {
	if run.down && run.n > 1 {
		return errors.New("the actions in effect are out of order")
	}
	next, last := run.first, run.last()
	for next <= last {
		r.buf = r.buf[:0]
		bytes := 0
		err := r.store.Events(r.id, next, func(e Event) error {
			if e.Seq != next+uint64(len(r.buf)) {
				return fmt.Errorf("the log has no event %d", next+uint64(len(r.buf)))
			}
			r.buf = append(r.buf, e)
			bytes += len(e.Payload)
			if e.Seq == last || len(r.buf) == replayChunk || bytes >= replayChunkBytes {
				return errChunkFull
			}
			return nil
		})
		if err != nil && err != errChunkFull {
			return err
		}
		if len(r.buf) == 0 {
			return fmt.Errorf("the log ends before event %d", next)
		}
		for i := range r.buf {
			if err := r.apply(r.buf[i]); err != nil {
				return err
			}
			r.buf[i] = Event{} // let its payload go
		}
		next += uint64(len(r.buf))
	}
	return nil
}

func (r *replayer) apply(e Event) error {
	if isCore(e.Kind) {
		if err := r.core.applyCore(e); err != nil {
			return fmt.Errorf("event %d (%s): %w", e.Seq, e.Kind, err)
		}
	} else {
		g, err := r.rules.Apply(r.game, e)
		if err != nil {
			return fmt.Errorf("event %d (%s): %w", e.Seq, e.Kind, err)
		}
		r.game = g
	}
	for _, d := range e.Draws {
		if d.Index >= r.core.DrawNext && d.Index != math.MaxUint64 {
			r.core.DrawNext = d.Index + 1
		}
	}
	return r.fn(e, &r.core, r.game)
}
