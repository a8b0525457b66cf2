package story

import (
	"fmt"
	"strings"
	"time"

	"tablekeeper/tracker"
)

// A Sitting is one session of play: an evening at the table. The app
// starts the play clock when a campaign is opened and pauses it when it is
// closed, so the clock's starts and pauses mark the sittings; a break
// shorter than sittingBreak (dinner, a crash and a restart) does not end
// one, and a long silence between two actions does even where the clock
// was never paused (a tablet that ran flat).
type Sitting struct {
	// N counts the sittings from 1.
	N int
	// First is the first event of the sitting (the log's sequence
	// number); the sitting holds every event up to the next one's First.
	First uint64
	// Start and End are the times of its first and last events.
	Start, End time.Time
	// Played is how long the play clock ran in it.
	Played time.Duration
}

// sittingBreak is the shortest pause between two evenings.
const sittingBreak = 3 * time.Hour

// maxSittings bounds the sittings a story tells apart: a campaign played
// over more evenings than that (several years of weekly play) has its
// later ones told together, so the list of them stays small.
const maxSittings = 2000

// maxParts bounds the parts a survey lists.
const maxParts = 1000

// survey reads the log once, without folding it (every event counts: an
// evening happened even if its actions were undone since), and lists its
// sittings, and the parts (missions, scenarios) played in it as each
// event's place in the campaign names them, in the order they were first
// played.
func survey(s *tracker.Session, t teller) ([]Sitting, []string, error) {
	var (
		parts   []string
		seen    = map[string]bool{}
		out     []Sitting
		cur     *Sitting
		running bool
		since   time.Time
		last    time.Time
	)
	type clock struct {
		Clock  string `json:"clock"`
		Action string `json:"action"`
	}
	err := s.Events(1, func(e tracker.Event) error {
		newSitting := cur == nil
		var c clock
		isPlay := e.Kind == tracker.KindClock && e.Decode(&c) == nil && c.Clock == tracker.PlayClock
		if cur != nil && e.Time.Sub(last) >= sittingBreak && len(out) < maxSittings {
			newSitting = true
		}
		if newSitting {
			if cur != nil && running {
				// The clock ran on past the sitting's end (the app was
				// never closed): count it up to the last action.
				cur.Played += max(0, last.Sub(since))
			}
			out = append(out, Sitting{N: len(out) + 1, First: e.Seq, Start: e.Time})
			cur = &out[len(out)-1]
			since = e.Time
		}
		if isPlay {
			switch c.Action {
			case tracker.ClockStart:
				if !running {
					running, since = true, e.Time
				}
			case tracker.ClockPause:
				if running {
					cur.Played += max(0, e.Time.Sub(since))
					running = false
				}
			case tracker.ClockReset:
				if running {
					cur.Played += max(0, e.Time.Sub(since))
					since = e.Time
				}
			}
		}
		cur.End, last = e.Time, e.Time
		if p := t.partOf(e.Where); p != "" && !seen[strings.ToLower(p)] && len(parts) < maxParts {
			seen[strings.ToLower(p)] = true
			parts = append(parts, p)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if cur != nil && running {
		cur.Played += max(0, last.Sub(since))
	}
	return out, parts, nil
}

// sittingOf is the sitting an event belongs to (sits are in order).
func sittingOf(sits []Sitting, seq uint64) int {
	lo, hi := 0, len(sits)
	for lo < hi {
		m := (lo + hi) / 2
		if sits[m].First <= seq {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo - 1
}

// playTime says a duration of play as players say it: "2 h 35 min",
// "40 min", "less than a minute".
func playTime(d time.Duration) string {
	m := int(d.Round(time.Minute) / time.Minute)
	switch {
	case m < 1:
		return "less than a minute"
	case m < 60:
		return fmt.Sprintf("%d min", m)
	case m%60 == 0:
		return fmt.Sprintf("%d h", m/60)
	}
	return fmt.Sprintf("%d h %d min", m/60, m%60)
}

// dateWords is a day as a diary writes it: "Saturday 14 November 2026".
func dateWords(t time.Time) string { return t.Format("Monday 2 January 2006") }

// clockWords is a time of day: "19:05".
func clockWords(t time.Time) string { return t.Format("15:04") }
