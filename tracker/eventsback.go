package tracker

import "errors"

// Reading the log newest first, a little at a time: the Log tab lists a
// long campaign a screen at a time this way, holding only what is on
// screen, never the whole log.

// ErrStop, returned by an EventsBack or Events callback, ends the reading
// without an error.
var ErrStop = errors.New("stop reading the log")

// EventsBack calls fn for each event of the log from seq from down to the
// first, newest first, until fn returns an error; ErrStop ends it quietly.
func (s *Session) EventsBack(from uint64, fn func(Event) error) error {
	return quiet(s.store.EventsBack(s.camp.ID, from, fn))
}

func quiet(err error) error {
	if errors.Is(err, ErrStop) {
		return nil
	}
	return err
}

// EventsBack implements Store.
func (m *MemStore) EventsBack(id string, from uint64, fn func(Event) error) error {
	m.mu.Lock()
	ev := m.events[id]
	m.mu.Unlock()
	for i := min(from, uint64(len(ev))); i >= 1; i-- {
		if err := fn(ev[i-1]); err != nil {
			return err
		}
	}
	return nil
}

// EventsBack implements Store over the events the import has checked so
// far.
func (m *importStore) EventsBack(id string, from uint64, fn func(Event) error) error {
	for seq := min(from, uint64(m.n)); seq >= 1; seq-- {
		e, err := m.eventAt(seq)
		if err != nil {
			return err
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}
