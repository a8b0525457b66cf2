package tracker

import (
	"encoding/json"
	"fmt"
)

// counterRules is a tiny test-only game: a hero with life, damage and
// healing within limits, and a die roll, enough to exercise the core.
type counterRules struct{}

type counterState struct {
	Life  int   `json:"life"`
	Max   int   `json:"max"`
	Rolls []int `json:"rolls,omitempty"`
}

type damage struct{ N int }
type heal struct{ N int }
type roll struct{}

type lifePayload struct {
	Delta, From, To int
}

type rollPayload struct {
	Face int
}

const testGame = Eternaut

func (counterRules) Game() GameID { return testGame }
func (counterRules) NewState(Campaign) State {
	return &counterState{Life: 10, Max: 10}
}
func (counterRules) DecodeState(b []byte) (State, error) {
	var s counterState
	err := json.Unmarshal(b, &s)
	return &s, err
}
func (counterRules) Where(s State) string {
	return fmt.Sprintf("Rolls %d", len(s.(*counterState).Rolls))
}
func (counterRules) Decide(st State, cmd Command, d *Dice) (Change, error) {
	s := st.(*counterState)
	switch c := cmd.(type) {
	case damage:
		if c.N <= 0 {
			return Change{}, Refuse("test §1", "damage must be positive")
		}
		to := max(s.Life-c.N, 0)
		return Change{"test.life", lifePayload{-c.N, s.Life, to}}, nil
	case heal:
		if s.Life+c.N > s.Max {
			return Change{}, Refuse("test §2", "life cannot go above %d", s.Max)
		}
		return Change{"test.life", lifePayload{c.N, s.Life, s.Life + c.N}}, nil
	case roll:
		return Change{"test.roll", rollPayload{d.Roll(6)}}, nil
	}
	return Change{}, ErrNotThisGame
}
func (counterRules) Apply(st State, e Event) (State, error) {
	s := st.(*counterState)
	switch e.Kind {
	case "test.life":
		var p lifePayload
		if err := e.Decode(&p); err != nil {
			return s, err
		}
		if p.From != s.Life {
			return s, fmt.Errorf("life was %d, event says %d", s.Life, p.From)
		}
		s.Life = p.To
	case "test.roll":
		var p rollPayload
		if err := e.Decode(&p); err != nil {
			return s, err
		}
		s.Rolls = append(s.Rolls, p.Face)
	default:
		return s, fmt.Errorf("unknown kind %q", e.Kind)
	}
	return s, nil
}
func (counterRules) Describe(e Event) string {
	switch e.Kind {
	case "test.life":
		var p lifePayload
		_ = e.Decode(&p)
		return fmt.Sprintf("life %d → %d", p.From, p.To)
	case "test.roll":
		var p rollPayload
		_ = e.Decode(&p)
		return fmt.Sprintf("rolled %d", p.Face)
	}
	return e.Kind
}
