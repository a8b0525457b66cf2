package tracker

import (
	"fmt"
	"sync"
)

// MemStore is a Store in memory: for tests, and for checking an import by
// replaying it before anything is written.
type MemStore struct {
	mu        sync.Mutex
	campaigns map[string]Campaign
	events    map[string][]Event
	snaps     map[string][]Snapshot
	// answers holds each campaign's devices' answers (see AnswerStore).
	answers map[string]map[string]DeviceAnswers
}

// NewMemStore returns an empty MemStore.
func NewMemStore() *MemStore {
	return &MemStore{campaigns: map[string]Campaign{}, events: map[string][]Event{}, snaps: map[string][]Snapshot{}, answers: map[string]map[string]DeviceAnswers{}}
}

// Create adds a campaign record.
func (m *MemStore) Create(c Campaign) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.campaigns[c.ID]; ok {
		return fmt.Errorf("campaign %s already exists", c.ID)
	}
	m.campaigns[c.ID] = c
	return nil
}

func (m *MemStore) Campaign(id string) (Campaign, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.campaigns[id]
	if !ok {
		return Campaign{}, ErrNoCampaign
	}
	return c, nil
}

func (m *MemStore) Append(id string, e Event) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.appendLocked(id, e)
}

func (m *MemStore) appendLocked(id string, e Event) error {
	c, ok := m.campaigns[id]
	if !ok {
		return ErrNoCampaign
	}
	if want := uint64(len(m.events[id])) + 1; e.Seq != want {
		return fmt.Errorf("event %d out of order: the next is %d", e.Seq, want)
	}
	m.events[id] = append(m.events[id], e)
	c.LastPlayed, c.Where, c.Events = e.Time, e.Where, e.Seq
	m.campaigns[id] = c
	return nil
}

func (m *MemStore) Event(id string, seq uint64) (Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ev := m.events[id]
	if seq == 0 || seq > uint64(len(ev)) {
		return Event{}, fmt.Errorf("campaign %s has no event %d", id, seq)
	}
	return ev[seq-1], nil
}

func (m *MemStore) Events(id string, from uint64, fn func(Event) error) error {
	m.mu.Lock()
	ev := m.events[id]
	m.mu.Unlock()
	if from == 0 {
		from = 1
	}
	for i := from; i <= uint64(len(ev)); i++ {
		if err := fn(ev[i-1]); err != nil {
			return err
		}
	}
	return nil
}

func (m *MemStore) PutSnapshot(id string, s Snapshot) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.snaps[id] = append(m.snaps[id], s)
	return nil
}

func (m *MemStore) LatestSnapshot(id string) (*Snapshot, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.snaps[id]
	if len(s) == 0 {
		return nil, nil
	}
	latest := s[len(s)-1]
	return &latest, nil
}

// StoreFromExport is a MemStore holding one imported campaign: its record
// and every event of the export, as an import into a real file would.
func StoreFromExport(x *Export) (*MemStore, error) {
	m := NewMemStore()
	if err := m.Create(x.Campaign); err != nil {
		return nil, err
	}
	for _, e := range x.Events {
		if err := m.Append(x.Campaign.ID, e); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Answers implements AnswerStore.
func (m *MemStore) Answers(id, device string) (DeviceAnswers, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.campaigns[id]; !ok {
		return DeviceAnswers{}, ErrNoCampaign
	}
	d := m.answers[id][device]
	d.List = append([]StoredAnswer(nil), d.List...)
	return d, nil
}

// AppendAnswered implements AnswerStore: the event and the answers under
// one lock, as one transaction.
func (m *MemStore) AppendAnswered(id string, e Event, device string, a DeviceAnswers) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.appendLocked(id, e); err != nil {
		return err
	}
	m.putAnswersLocked(id, device, a)
	return nil
}

// PutAnswers implements AnswerStore.
func (m *MemStore) PutAnswers(id, device string, a DeviceAnswers) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.campaigns[id]; !ok {
		return ErrNoCampaign
	}
	m.putAnswersLocked(id, device, a)
	return nil
}

func (m *MemStore) putAnswersLocked(id, device string, a DeviceAnswers) {
	if m.answers[id] == nil {
		m.answers[id] = map[string]DeviceAnswers{}
	}
	a.List = append([]StoredAnswer(nil), a.List...)
	m.answers[id][device] = a
}

// ForgetAnswers implements AnswerStore.
func (m *MemStore) ForgetAnswers(id, device string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.answers[id], device)
	return nil
}
