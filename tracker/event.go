package tracker

import (
	"encoding/json"
	"time"
)

// An Event is one thing that happened at the table, as stored in the
// campaign's log. Events are never changed or deleted once committed.
type Event struct {
	Seq  uint64    `json:"seq"`
	ID   string    `json:"id"`
	Time time.Time `json:"time"`
	Kind string    `json:"kind"`
	// Where says where the campaign stood when the event happened
	// ("Scenario A · Round 4"), so the log reads as a diary without a replay.
	Where   string          `json:"where,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
	// Draws are the outcomes of the random draws the event made, stored so
	// that replaying never depends on the code's version.
	Draws []Draw `json:"draws,omitempty"`
	// Origin names the device and its own number for the action, when a
	// device at a shared table asked for it (see Origin).
	Origin *Origin `json:"origin,omitempty"`
}

// A Draw is one random draw: number Index of the campaign, a value in [0, N).
type Draw struct {
	Index uint64 `json:"index"`
	N     int    `json:"n"`
	Value int    `json:"value"`
}

// A Change is what a game's Decide returns: the kind of event to record and
// its payload. The payload must carry everything Apply and Describe need, the
// outcome of any draw included.
type Change struct {
	Kind    string
	Payload any
}

// Decode unmarshals an event's payload, for Apply and Describe.
func (e Event) Decode(v any) error {
	if len(e.Payload) == 0 {
		return nil
	}
	return json.Unmarshal(e.Payload, v)
}
