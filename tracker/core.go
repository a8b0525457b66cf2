package tracker

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Core event kinds, shared by every game. Game kinds must not start with "core.".
const (
	KindNote  = "core.note"
	KindUndo  = "core.undo"
	KindRedo  = "core.redo"
	KindClock = "core.clock"
)

// CoreState is what every campaign keeps whatever its game: the session's
// play clock, the optional turn countdown, and how many draws the campaign
// has made. Its free notes are not in it: they are read from the log
// (Session.Notes), so a campaign's state, its snapshots and the copies undo
// keeps never grow with its notes (2,000,000 notes held 300 MB in every
// copy). A snapshot written when they were is read without them.
type CoreState struct {
	Play Clock `json:"play"`
	Turn Clock `json:"turn"`
	// DrawNext is the number of the next random draw. It is part of the
	// folded state on purpose: undoing a roll and asking again draws the same
	// number, so undo is never a way to re-roll.
	DrawNext uint64 `json:"drawNext"`
	// Floor is how many actions (from the first) Undo never takes back:
	// the campaign's set-up (setup.go).
	Floor int `json:"floor,omitempty"`
	// Stopped are the spans the app did not run, which the clocks leave
	// out (stopped.go).
	Stopped []Stopped `json:"stopped,omitempty"`
	// PlayFixed says the play clock is beyond undo: set by its first
	// fixed event (fixed.go); a log from before has play clock actions
	// that undo takes back.
	PlayFixed bool `json:"playFixed,omitempty"`
}

// A Note is a free line a player wrote in the campaign.
type Note struct {
	Seq  uint64    `json:"seq"`
	Time time.Time `json:"time"`
	Text string    `json:"text"`
}

// A Clock is a real-time clock kept as events: it survives the app being
// closed or killed because its state is where it started and what it had
// banked before that. With a Limit it is a countdown.
type Clock struct {
	Running bool          `json:"running,omitempty"`
	Since   time.Time     `json:"since,omitzero"`
	Banked  time.Duration `json:"banked,omitempty"`
	Limit   time.Duration `json:"limit,omitempty"`
}

// Elapsed is the time the clock has run up to now.
func (c Clock) Elapsed(now time.Time) time.Duration {
	d := c.Banked
	if c.Running && now.After(c.Since) {
		d += now.Sub(c.Since)
	}
	return d
}

// Remaining is what is left of a countdown (never below zero), and whether it
// has run out. A clock without a limit never runs out.
func (c Clock) Remaining(now time.Time) (time.Duration, bool) {
	if c.Limit == 0 {
		return 0, false
	}
	left := c.Limit - c.Elapsed(now)
	if left <= 0 {
		return 0, true
	}
	return left, false
}

// Which clock a ClockCommand acts on.
const (
	PlayClock = "play"
	TurnClock = "turn"
)

// Clock actions.
const (
	ClockStart = "start"
	ClockPause = "pause"
	ClockReset = "reset"
	ClockLimit = "limit" // set the countdown's limit (turn clock only); also resets it
)

// MaxTurnLimit bounds a turn countdown; longer is surely a slip of the finger.
const MaxTurnLimit = 24 * time.Hour

// AddNote is the core command to write a free note.
type AddNote struct{ Text string }

// ClockCommand starts, pauses, resets or sets the limit of a clock.
type ClockCommand struct {
	Clock  string        // PlayClock or TurnClock
	Action string        // ClockStart, ClockPause, ClockReset, ClockLimit
	Limit  time.Duration // for ClockLimit
}

type clockPayload struct {
	Clock  string        `json:"clock"`
	Action string        `json:"action"`
	Limit  time.Duration `json:"limit,omitempty"`
	// Fixed marks a play clock event beyond undo (fixed.go); older logs'
	// play clock events lack it and stay actions.
	Fixed bool `json:"fixed,omitempty"`
}

type notePayload struct {
	Text string `json:"text"`
}

// undoPayload names the actions an undo takes back, newest first, with their
// diary lines so the log reads without a lookup.
type undoPayload struct {
	Targets []uint64 `json:"targets"`
	What    []string `json:"what,omitempty"`
}

// MaxNoteLen bounds a note.
const MaxNoteLen = 4000

// coreAt is what a core command is decided at: the time it is recorded
// and the actions in effect.
type coreAt struct {
	now   time.Time
	depth int
}

func decideCore(cs *CoreState, cmd Command, at coreAt) (Change, bool, error) {
	switch c := cmd.(type) {
	case AppStopped:
		ch, err := decideStopped(cs, c, at.now)
		return ch, true, err
	case SetUp:
		ch, err := decideSetUp(cs, at.depth)
		return ch, true, err
	case AddNote:
		t := strings.TrimSpace(c.Text)
		if t == "" {
			return Change{}, true, fmt.Errorf("the note is empty")
		}
		// Characters, as the players count them (a byte count refused
		// a note of 4,000 letters with accents).
		if n := utf8.RuneCountInString(t); n > MaxNoteLen {
			return Change{}, true, fmt.Errorf("the note is %d characters long; at most %d fit", n, MaxNoteLen)
		}
		return Change{Kind: KindNote, Payload: notePayload{Text: t}}, true, nil
	case ClockCommand:
		clk, err := cs.clock(c.Clock)
		if err != nil {
			return Change{}, true, err
		}
		switch c.Action {
		case ClockStart:
			if clk.Running {
				return Change{}, true, fmt.Errorf("the %s clock is already running", c.Clock)
			}
		case ClockPause:
			if !clk.Running {
				return Change{}, true, fmt.Errorf("the %s clock is not running", c.Clock)
			}
		case ClockReset:
		case ClockLimit:
			if c.Clock != TurnClock {
				return Change{}, true, fmt.Errorf("only the turn clock counts down to a limit")
			}
			if c.Limit <= 0 || c.Limit > MaxTurnLimit {
				return Change{}, true, fmt.Errorf("a turn limit must be more than 0 and at most %v, not %v", MaxTurnLimit, c.Limit)
			}
		default:
			return Change{}, true, fmt.Errorf("unknown clock action %q", c.Action)
		}
		// The play clock counts the time played: no undo changes it.
		fixed := c.Clock == PlayClock
		return Change{Kind: KindClock, Payload: clockPayload{Clock: c.Clock, Action: c.Action, Limit: c.Limit, Fixed: fixed}}, true, nil
	}
	return Change{}, false, nil
}

func (cs *CoreState) clock(name string) (*Clock, error) {
	switch name {
	case PlayClock:
		return &cs.Play, nil
	case TurnClock:
		return &cs.Turn, nil
	}
	return nil, fmt.Errorf("unknown clock %q: the clocks are %q and %q", name, PlayClock, TurnClock)
}

// applyCore folds a core event (other than undo and redo, which the session
// handles) into the core state.
func (cs *CoreState) applyCore(e Event) error {
	switch e.Kind {
	case KindNote:
		var p notePayload
		if err := e.Decode(&p); err != nil {
			return err
		}
		if strings.TrimSpace(p.Text) == "" {
			return fmt.Errorf("empty note")
		}
	case KindClock:
		var p clockPayload
		if err := e.Decode(&p); err != nil {
			return err
		}
		clk, err := cs.clock(p.Clock)
		if err != nil {
			return err
		}
		if p.Fixed {
			if p.Clock != PlayClock {
				return fmt.Errorf("only the play clock is beyond undo")
			}
			cs.PlayFixed = true
		}
		switch p.Action {
		case ClockStart:
			if !clk.Running {
				clk.Running, clk.Since = true, e.Time
			}
		case ClockPause:
			if clk.Running {
				clk.Banked = cs.elapsed(*clk, e.Time)
				clk.Running, clk.Since = false, time.Time{}
			}
		case ClockReset:
			running := clk.Running
			*clk = Clock{Limit: clk.Limit}
			if running {
				clk.Running, clk.Since = true, e.Time
			}
		case ClockLimit:
			if p.Limit <= 0 {
				return fmt.Errorf("turn limit %v is not positive", p.Limit)
			}
			*clk = Clock{Limit: p.Limit}
		default:
			return fmt.Errorf("unknown clock action %q", p.Action)
		}
	case KindStopped:
		return cs.applyStopped(e)
	default:
		return fmt.Errorf("unknown core event %q", e.Kind)
	}
	return nil
}

func describeCore(e Event) string {
	switch e.Kind {
	case KindNote:
		var p notePayload
		_ = e.Decode(&p)
		return "Note: " + p.Text
	case KindClock:
		var p clockPayload
		_ = e.Decode(&p)
		name := "Play clock"
		if p.Clock == TurnClock {
			name = "Turn clock"
		}
		switch p.Action {
		case ClockStart:
			return name + " started"
		case ClockPause:
			return name + " paused"
		case ClockReset:
			return name + " reset"
		case ClockLimit:
			return fmt.Sprintf("%s set to count down from %v", name, p.Limit)
		}
	case KindStopped:
		return describeStopped(e)
	case KindSetUp:
		return describeSetUp(e)
	case KindUndo:
		var p undoPayload
		_ = e.Decode(&p)
		if len(p.What) == 1 {
			return "Undid: " + p.What[0]
		}
		return fmt.Sprintf("Went back %d actions", len(p.Targets))
	case KindRedo:
		var p undoPayload
		_ = e.Decode(&p)
		if len(p.What) > 0 {
			return "Redid: " + p.What[0]
		}
		return "Redid an action"
	}
	return e.Kind
}
