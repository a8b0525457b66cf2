package tracker

import (
	"encoding/json"
	"errors"
)

// Store keeps campaigns and their logs durably. storage implements it with
// bbolt; MemStore implements it in memory for tests and import checks.
type Store interface {
	// Campaign returns a campaign's record, or ErrNoCampaign.
	Campaign(id string) (Campaign, error)
	// Append commits one event to the campaign's log. When it returns nil
	// the event is on disk. The event's Seq must follow the last one.
	Append(campaignID string, e Event) error
	// Event returns one event by sequence number.
	Event(campaignID string, seq uint64) (Event, error)
	// Events calls fn for each event from sequence number from on, in order.
	Events(campaignID string, from uint64, fn func(Event) error) error
	// EventsBack calls fn for each event from sequence number from (or the
	// newest, if from is past it) down to the first, newest first, until fn
	// returns an error. The Log reads a screen at a time with it.
	EventsBack(campaignID string, from uint64, fn func(Event) error) error
	// PutSnapshot stores a snapshot. Snapshots are a cache: losing one
	// costs time, never data.
	PutSnapshot(campaignID string, s Snapshot) error
	// LatestSnapshot returns the newest snapshot, or nil if there is none.
	LatestSnapshot(campaignID string) (*Snapshot, error)
}

// ErrNoCampaign is returned for a campaign ID the store does not hold.
var ErrNoCampaign = errors.New("no such campaign")

// A Snapshot is the folded state of a campaign after event Seq, with the
// undo bookkeeping, so opening a campaign costs about the same whatever the
// length of its log.
type Snapshot struct {
	Seq uint64 `json:"seq"`
	// StateVersion is the game's state format; a snapshot of another format
	// is ignored and the log replayed instead.
	StateVersion int             `json:"stateVersion"`
	Core         CoreState       `json:"core"`
	Game         json.RawMessage `json:"game"`
	// Active is the stack of actions in effect; Redo is the stack of undone
	// actions that can be redone.
	Active Runs `json:"active"`
	Redo   Runs `json:"redo,omitzero"`
	// Checkpoints hold the folded state at a few earlier depths of the
	// Active stack, so an undo right after opening needs no long replay.
	Checkpoints map[int]json.RawMessage `json:"checkpoints,omitempty"`
}

// StateVersioner is implemented by Rules whose state format has changed;
// snapshots from another version are then ignored. Without it the version is 0.
type StateVersioner interface {
	StateVersion() int
}

func stateVersion(r Rules) int {
	if v, ok := r.(StateVersioner); ok {
		return v.StateVersion()
	}
	return 0
}
