package ui

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// quitRun runs quitWatch with a short grace and reports how often it ran
// shutdown and the exit code it gave (-1: none).
func quitRun(t *testing.T, asked, back chan struct{}, shutErr error, wait time.Duration) (shutdowns int32, code int) {
	t.Helper()
	var n atomic.Int32
	exited := make(chan int, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		quitWatch(asked, back, 20*time.Millisecond, func() error { n.Add(1); return shutErr }, func(c int) { exited <- c })
	}()
	select {
	case <-done:
	case <-time.After(wait):
		t.Fatal("the watch did not return")
	}
	select {
	case c := <-exited:
		return n.Load(), c
	default:
		return n.Load(), -1
	}
}

// A window whose loop never gives control back (Fyne waiting for good for
// its stopped event) still ends the session and the process.
func TestQuitEndsTheSessionWhenFyneNeverGivesControlBack(t *testing.T) {
	asked := make(chan struct{})
	close(asked)
	n, code := quitRun(t, asked, make(chan struct{}), nil, 5*time.Second)
	if n != 1 || code != 0 {
		t.Fatalf("shutdown ran %d times, exit %d; want once, exit 0", n, code)
	}
	n, code = quitRun(t, asked, make(chan struct{}), errors.New("disk gone"), 5*time.Second)
	if n != 1 || code != 1 {
		t.Fatalf("a failed shutdown: ran %d times, exit %d; want once, exit 1", n, code)
	}
}

// The normal end: control back in time, the watch does nothing (Run ends
// the session itself).
func TestQuitLeavesANormalEndToRun(t *testing.T) {
	asked, back := make(chan struct{}), make(chan struct{})
	close(asked)
	close(back)
	if n, code := quitRun(t, asked, back, nil, 5*time.Second); n != 0 || code != -1 {
		t.Fatalf("shutdown ran %d times, exit %d; want neither", n, code)
	}
	// Run got control back without being asked (the loop ended by itself).
	if n, code := quitRun(t, make(chan struct{}), back, nil, 5*time.Second); n != 0 || code != -1 {
		t.Fatalf("shutdown ran %d times, exit %d; want neither", n, code)
	}
}
