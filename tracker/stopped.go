package tracker

import (
	"fmt"
	"time"
)

// The clocks count only time the app ran. A clock is kept as where it
// started and what it banked before, so it survives the app being closed
// or killed; but a session killed (or a window frozen, or a laptop asleep)
// with a clock running counted every minute until the app ran again: a
// play clock that said ten hours for an evening. When the app runs again
// and a clock was running, the frame tells the session when the app last
// ran (AppStopped): at most StoppedCounted of the gap is counted, the rest
// is a Stopped span every running clock leaves out, and the Log says so
// ("The app was closed for 3 h; 1 min counted").

// KindStopped is a span of time the app did not run, left out of the clocks.
const KindStopped = "core.stopped"

// StoppedCounted is how much of a gap the clocks still count: the app may
// have run up to then without the frame knowing it (its last sign of life
// is written every few seconds), and a minute is never a surprise.
const StoppedCounted = time.Minute

// AppStopped is the command the frame gives when the app runs again (or
// its window answers again) after a gap: Last is the last moment the app
// is known to have run (its last heartbeat, or the campaign's last event),
// Frozen says the app was running but its window did not answer.
type AppStopped struct {
	Last   time.Time
	Frozen bool
}

// A Stopped is a span in which the app did not run: the clocks leave it
// out.
type Stopped struct {
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
}

// maxStopped bounds the spans kept. A clock only ever needs the spans
// since it started; the oldest go first (the same on every replay).
const maxStopped = 64

type stoppedPayload struct {
	Last    time.Time     `json:"last"`
	Counted time.Duration `json:"counted"`
	Frozen  bool          `json:"frozen,omitempty"`
}

// decideStopped checks a gap: a clock must be running (else nothing counts
// time), Last must be before now, and the gap longer than what is counted.
func decideStopped(cs *CoreState, c AppStopped, now time.Time) (Change, error) {
	switch {
	case !cs.Play.Running && !cs.Turn.Running:
		return Change{}, fmt.Errorf("no clock is running")
	case c.Last.IsZero() || !c.Last.Before(now):
		return Change{}, fmt.Errorf("the app's last run must be before now")
	case now.Sub(c.Last) <= StoppedCounted:
		return Change{}, fmt.Errorf("the app stopped for %s, which the clocks count", spanWords(now.Sub(c.Last)))
	}
	return Change{Kind: KindStopped, Payload: stoppedPayload{Last: c.Last.UTC(), Counted: StoppedCounted, Frozen: c.Frozen}}, nil
}

// applyStopped records the span the clocks leave out: from Last plus what
// is counted, to the event's time.
func (cs *CoreState) applyStopped(e Event) error {
	var p stoppedPayload
	if err := e.Decode(&p); err != nil {
		return err
	}
	from := p.Last.Add(p.Counted)
	if !from.Before(e.Time) {
		return nil // nothing left out
	}
	cs.Stopped = append(cs.Stopped, Stopped{From: from, To: e.Time})
	if n := len(cs.Stopped) - maxStopped; n > 0 {
		cs.Stopped = append([]Stopped(nil), cs.Stopped[n:]...)
	}
	return nil
}

// lost is how much of a running clock's time since it started, up to now,
// the app did not run.
func (cs *CoreState) lost(c Clock, now time.Time) time.Duration {
	if !c.Running {
		return 0
	}
	var d time.Duration
	for _, s := range cs.Stopped {
		from, to := s.From, s.To
		if from.Before(c.Since) {
			from = c.Since
		}
		if to.After(now) {
			to = now
		}
		if to.After(from) {
			d += to.Sub(from)
		}
	}
	return d
}

// elapsed is what clock c has counted up to now: its time less what the
// app did not run.
func (cs *CoreState) elapsed(c Clock, now time.Time) time.Duration {
	return c.Elapsed(now) - cs.lost(c, now)
}

// shown is cs with each running clock's start moved on by the time the app
// did not run since, so Clock.Elapsed and Remaining read what the clock
// counts. It is what Session.Core gives: the stored start stays as it was.
func (cs CoreState) shown() CoreState {
	if len(cs.Stopped) == 0 {
		return cs
	}
	now := cs.Stopped[len(cs.Stopped)-1].To // every span is past
	for _, c := range []*Clock{&cs.Play, &cs.Turn} {
		if c.Running {
			c.Since = c.Since.Add(cs.lost(*c, now))
		}
	}
	return cs
}

func describeStopped(e Event) string {
	var p stoppedPayload
	_ = e.Decode(&p)
	gap := e.Time.Sub(p.Last)
	if p.Frozen {
		return fmt.Sprintf("The app did not answer for %s; %s counted", spanWords(gap), spanWords(p.Counted))
	}
	return fmt.Sprintf("The app was closed for %s; %s counted", spanWords(gap), spanWords(p.Counted))
}

// spanWords is a span as players say it: "45 s", "10 min", "3 h", "3 h 5 min",
// "2 days".
func spanWords(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d/time.Minute))
	case d < 48*time.Hour:
		h, m := int(d/time.Hour), int(d/time.Minute)%60
		if m == 0 {
			return fmt.Sprintf("%d h", h)
		}
		return fmt.Sprintf("%d h %d min", h, m)
	}
	return fmt.Sprintf("%d days", int(d/(24*time.Hour)))
}
