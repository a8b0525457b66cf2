package widgets

import (
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
)

// Timers and background work reach the widgets through a Schedule, never by
// calling fyne.Do from a goroutine of their own. On a real window fyne.Do
// queues the work for the window's thread, but Fyne's test driver runs it
// at once on the goroutine that called it: a hold button's timer then laid
// out the screen while the test laid out the same widgets, and Fyne's
// caches met "concurrent map writes". So a timer (After), the answer of
// background work (Do) and the work itself (Go) go through the Schedule in
// use: the window's (fyne.Do, time.AfterFunc, goroutines), or in tests a
// ManualSchedule (uitest.Main puts one in place) that runs them on the
// test's goroutine only when the test advances its clock or settles.
//
// The rule, checked by TestTimersGoThroughTheSchedule: no time.AfterFunc,
// ticker, timer, sleep or go statement in the screens' code, and fyne.Do
// only in a Layout method deferring its own refresh on the window's thread
// (a host's or a stream's callback reaching the screen hands its work to
// widgets.Do).

// A Schedule runs timers and background work's answers on the window's
// thread.
type Schedule interface {
	// After runs f on the window's thread once d has passed, unless the
	// returned Timer is stopped first.
	After(d time.Duration, f func()) Timer
	// Do runs f on the window's thread; it may be called from any
	// goroutine and never waits for f.
	Do(f func())
	// Go runs work on a goroutine of its own (the disk, a long scan);
	// whatever it shows goes through Do.
	Go(work func())
}

// A Timer is a pending After.
type Timer interface {
	// Stop keeps the timer from running and reports whether it did; a
	// timer that has already fired may still run its function once, so
	// the function checks that it is still wanted.
	Stop() bool
}

type scheduleBox struct{ s Schedule }

var schedule atomic.Pointer[scheduleBox]

func init() { schedule.Store(&scheduleBox{WindowSchedule{}}) }

// UseSchedule puts s in place of the Schedule in use and returns the one it
// replaced. Tests call it (through uitest.Main) before any widget exists.
func UseSchedule(s Schedule) Schedule {
	return schedule.Swap(&scheduleBox{s}).s
}

// After runs f on the window's thread once d has passed (see Schedule).
func After(d time.Duration, f func()) Timer { return schedule.Load().s.After(d, f) }

// Do runs f on the window's thread, from any goroutine (see Schedule).
func Do(f func()) { schedule.Load().s.Do(f) }

// Go runs work on a goroutine of its own (see Schedule).
func Go(work func()) { schedule.Load().s.Go(work) }

// DoAndWait runs f on the window's thread and waits until it has run: for
// a server's goroutine (the sharing host) that needs the session's answer
// before it answers a phone. Never call it from the window's thread under
// a test's schedule (it would wait for a Settle that cannot come).
func DoAndWait(f func()) {
	if w, ok := schedule.Load().s.(interface{ DoAndWait(func()) }); ok {
		w.DoAndWait(f)
		return
	}
	done := make(chan struct{})
	Do(func() {
		defer close(done)
		f()
	})
	<-done
}

// WaitFor waits for wg at most d and reports whether it was done: the app
// quitting gives work beside the window a moment to finish.
func WaitFor(wg *sync.WaitGroup, d time.Duration) bool {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}

// WindowSchedule is the Schedule of a real window: Fyne's driver runs f on
// its thread at its next frame.
type WindowSchedule struct{}

// After starts a timer whose function is handed to the window's thread.
func (WindowSchedule) After(d time.Duration, f func()) Timer {
	return time.AfterFunc(d, func() { fyne.Do(f) })
}

// Do hands f to the window's thread.
func (WindowSchedule) Do(f func()) { fyne.Do(f) }

// Go starts a goroutine.
func (WindowSchedule) Go(work func()) { go work() }

// DoAndWait hands f to the window's thread and waits for it (run at once
// when called there).
func (WindowSchedule) DoAndWait(f func()) { fyne.DoAndWait(f) }
