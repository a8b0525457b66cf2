package widgets

import (
	"fmt"
	"slices"
	"sync"
	"time"
)

// A ManualSchedule is the Schedule of tests: nothing runs by itself. Work
// handed to Do waits in a queue, and a timer waits for the test to move the
// schedule's clock past it; both then run on the goroutine of the test
// that asked (Flush, Settle, Advance), the one that lays out the widgets,
// so a timer can never race the test. Work started with Go runs on a
// goroutine of its own, as on a real window (it reads the disk while the
// window answers), and Settle waits for it.
type ManualSchedule struct {
	mu    sync.Mutex
	cond  *sync.Cond
	now   time.Duration
	next  int // the number of the next timer, for their order
	queue []func()
	// timers are the pending timers, in no order.
	timers []*manualTimer
	// working counts the goroutines started with Go that have not ended.
	working int
}

type manualTimer struct {
	s   *ManualSchedule
	due time.Duration
	n   int
	f   func()
}

// NewManualSchedule makes a ManualSchedule whose clock reads zero.
func NewManualSchedule() *ManualSchedule {
	s := &ManualSchedule{}
	s.cond = sync.NewCond(&s.mu)
	return s
}

// After adds a timer that runs f when the clock has moved d further.
func (s *ManualSchedule) After(d time.Duration, f func()) Timer {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := &manualTimer{s: s, due: s.now + max(d, 0), n: s.next, f: f}
	s.next++
	s.timers = append(s.timers, t)
	return t
}

// Stop removes the timer if it has not run.
func (t *manualTimer) Stop() bool {
	s := t.s
	s.mu.Lock()
	defer s.mu.Unlock()
	i := slices.Index(s.timers, t)
	if i < 0 {
		return false
	}
	s.timers = slices.Delete(s.timers, i, i+1)
	return true
}

// Do queues f for the next Flush, Settle or Advance.
func (s *ManualSchedule) Do(f func()) {
	s.mu.Lock()
	s.queue = append(s.queue, f)
	s.mu.Unlock()
	s.cond.Broadcast()
}

// Go runs work on a goroutine of its own, counted until it ends.
func (s *ManualSchedule) Go(work func()) {
	s.mu.Lock()
	s.working++
	s.mu.Unlock()
	go func() {
		defer func() {
			s.mu.Lock()
			s.working--
			s.mu.Unlock()
			s.cond.Broadcast()
		}()
		work()
	}()
}

// Flush runs the queued work on the caller's goroutine, in order, with
// what that work queues in turn, until the queue is empty.
func (s *ManualSchedule) Flush() {
	for {
		s.mu.Lock()
		if len(s.queue) == 0 {
			s.mu.Unlock()
			return
		}
		f := s.queue[0]
		s.queue = s.queue[1:]
		s.mu.Unlock()
		f()
	}
}

// SettleWithin bounds Settle: background work in a test that has not ended
// by then is a test that hangs, and says so instead.
var SettleWithin = 2 * time.Minute

// Settle waits for every goroutine started with Go to end, running what
// they hand to Do as it comes, on the caller's goroutine. It does not move
// the clock.
func (s *ManualSchedule) Settle() {
	deadline := time.Now().Add(SettleWithin)
	stop := time.AfterFunc(SettleWithin, func() { s.cond.Broadcast() })
	defer stop.Stop()
	for {
		s.Flush()
		s.mu.Lock()
		for s.working > 0 && len(s.queue) == 0 && time.Now().Before(deadline) {
			s.cond.Wait()
		}
		idle := s.working == 0 && len(s.queue) == 0
		working := s.working
		s.mu.Unlock()
		if idle {
			return
		}
		if !time.Now().Before(deadline) {
			panic(fmt.Sprintf("widgets.ManualSchedule: %d pieces of background work still running after %v", working, SettleWithin))
		}
	}
}

// Advance moves the clock d further, running on the caller's goroutine the
// queued work and then each timer that falls due, in the order they fall
// due (two due at once: in the order they were made), with the clock at
// its time.
func (s *ManualSchedule) Advance(d time.Duration) {
	s.mu.Lock()
	end := s.now + d
	s.mu.Unlock()
	for {
		s.Flush()
		s.mu.Lock()
		var first *manualTimer
		for _, t := range s.timers {
			if t.due <= end && (first == nil || t.due < first.due || t.due == first.due && t.n < first.n) {
				first = t
			}
		}
		if first == nil {
			s.now = end
			s.mu.Unlock()
			return
		}
		s.timers = slices.DeleteFunc(s.timers, func(t *manualTimer) bool { return t == first })
		s.now = first.due
		s.mu.Unlock()
		first.f()
	}
}

// Pending is how many timers wait.
func (s *ManualSchedule) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.timers)
}

// Reset forgets every pending timer and queued work (a test's leftovers,
// whose widgets are gone) and puts the clock back to zero. Goroutines
// still working are left to end.
func (s *ManualSchedule) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.timers, s.queue, s.now = nil, nil, 0
}
