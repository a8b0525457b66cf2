// Package content holds the Reichbusters content the players type in once
// per mission (reichbusters spec §2 and §3.2): the faction card, spawn
// cards, noise cards and the mission map. No card text ships with the app;
// these models only give the entered data a shape and check it (spec §13).
package content

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Level is a spawn icon's colour, which picks the row of a spawn card
// (spec §2.2, §7.4.2).
type Level string

// The three spawn levels.
const (
	Green  Level = "green"
	Orange Level = "orange"
	Red    Level = "red"
)

// Valid reports whether l is one of the three spawn levels (V-23).
func (l Level) Valid() bool { return l == Green || l == Orange || l == Red }

// Awareness is a room's awareness level (spec §7.3). In JSON it is written
// as "atEase", "suspicious" or "alert"; 0, 1 and 2 are accepted too.
type Awareness int

// The three awareness levels.
const (
	AtEase     Awareness = 0
	Suspicious Awareness = 1
	Alert      Awareness = 2
)

var awarenessNames = [...]string{"atEase", "suspicious", "alert"}

func (a Awareness) String() string {
	if a >= 0 && int(a) < len(awarenessNames) {
		return awarenessNames[a]
	}
	return fmt.Sprintf("awareness(%d)", int(a))
}

// Valid reports whether a is 0, 1 or 2 (V-24).
func (a Awareness) Valid() bool { return a >= AtEase && a <= Alert }

// MarshalJSON writes the level's name.
func (a Awareness) MarshalJSON() ([]byte, error) { return json.Marshal(a.String()) }

// UnmarshalJSON reads a level name or a number 0–2.
func (a *Awareness) UnmarshalJSON(b []byte) error {
	var n int
	if err := json.Unmarshal(b, &n); err == nil {
		if n < 0 || n > 2 {
			return fmt.Errorf("awareness must be 0 (at ease), 1 (suspicious) or 2 (alert), got %d", n)
		}
		*a = Awareness(n)
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("awareness must be \"atEase\", \"suspicious\" or \"alert\"")
	}
	for i, name := range awarenessNames {
		if strings.EqualFold(s, name) {
			*a = Awareness(i)
			return nil
		}
	}
	return fmt.Errorf("awareness %q is not one of atEase, suspicious, alert", s)
}

// DoorState is how a door stands (spec §3.2). Doors only ever open further:
// locked → closed → open, or locked → open (V-14).
type DoorState string

// The three door states.
const (
	Locked DoorState = "locked"
	Closed DoorState = "closed"
	Open   DoorState = "open"
)

// Valid reports whether s is locked, closed or open.
func (s DoorState) Valid() bool { return s == Locked || s == Closed || s == Open }

// Shut reports whether the door stops movement and sight (closed or locked).
func (s DoorState) Shut() bool { return s == Locked || s == Closed }

// Content is everything the players enter for one mission's enemy side.
type Content struct {
	Faction    Faction     `json:"faction"`
	SpawnCards []SpawnCard `json:"spawnCards,omitempty"`
	NoiseCards []NoiseCard `json:"noiseCards,omitempty"`
}

// SpawnCard returns the spawn card with the given id, or nil.
func (c *Content) SpawnCard(id string) *SpawnCard {
	for i := range c.SpawnCards {
		if c.SpawnCards[i].ID == id {
			return &c.SpawnCards[i]
		}
	}
	return nil
}

// NoiseCard returns the noise card with the given id, or nil.
func (c *Content) NoiseCard(id string) *NoiseCard {
	for i := range c.NoiseCards {
		if c.NoiseCards[i].ID == id {
			return &c.NoiseCards[i]
		}
	}
	return nil
}

// Validate checks the faction card, every spawn card (including that each
// unit code names a line of the faction card, V-23) and every noise card.
func (c *Content) Validate() error {
	if err := c.Faction.Validate(); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i := range c.SpawnCards {
		sc := &c.SpawnCards[i]
		where := fmt.Sprintf("spawn card %d", i+1)
		if sc.ID != "" {
			where = fmt.Sprintf("spawn card %s", sc.ID)
		}
		if err := sc.Validate(); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		if seen[sc.ID] {
			return fmt.Errorf("%s: the id is used by two spawn cards", where)
		}
		seen[sc.ID] = true
		if err := sc.CheckCodes(&c.Faction); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
	}
	seen = map[string]bool{}
	for i := range c.NoiseCards {
		nc := &c.NoiseCards[i]
		where := fmt.Sprintf("noise card %d", i+1)
		if nc.ID != "" {
			where = fmt.Sprintf("noise card %s", nc.ID)
		}
		if err := nc.Validate(); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		if seen[nc.ID] {
			return fmt.Errorf("%s: the id is used by two noise cards", where)
		}
		seen[nc.ID] = true
	}
	return nil
}
