package ui

import (
	"sync"
	"testing"
	"time"
)

// stuckBlanking is a driver's SetDisableScreenBlanking that waits, as the
// D-Bus call does when the screen saver service never answers, until the
// test lets it go.
type stuckBlanking struct {
	release chan struct{}
	mu      sync.Mutex
	calls   []bool
	done    chan bool
}

func newStuckBlanking() *stuckBlanking {
	return &stuckBlanking{release: make(chan struct{}), done: make(chan bool, 16)}
}

func (s *stuckBlanking) set(disable bool) {
	<-s.release
	s.mu.Lock()
	s.calls = append(s.calls, disable)
	s.mu.Unlock()
	s.done <- disable
}

// keepReturns fails the test if Keep does not return while the driver's call
// is stuck (a bound that only a call made on the caller's goroutine reaches).
func keepReturns(t *testing.T, w *screenWake, awake bool) {
	t.Helper()
	returned := make(chan struct{})
	go func() {
		w.Keep(awake)
		close(returned)
	}()
	select {
	case <-returned:
	case <-time.After(30 * time.Second):
		t.Fatalf("Keep(%v) waited for the driver's stuck call, as the launch did", awake)
	}
}

// A campaign opened at launch must not wait for the screen saver service:
// Keep returns while the call hangs, and the newest request is applied once
// the call comes back, one call at a time.
func TestScreenWakeNeverWaitsForTheDriver(t *testing.T) {
	d := newStuckBlanking()
	w := &screenWake{set: d.set, async: true}

	keepReturns(t, w, true)  // opening a campaign: the call hangs
	keepReturns(t, w, false) // leaving it while the first call still hangs
	keepReturns(t, w, true)  // opening another

	close(d.release) // the bus answers at last
	got := <-d.done
	if !got {
		t.Fatalf("first call: screen blanking disabled = %v, want true", got)
	}
	// The later requests end where the newest one asked: awake. The middle
	// one may be skipped, as its state was asked away before it could apply.
	deadline := time.After(30 * time.Second)
	for {
		w.mu.Lock()
		settled := !w.running && w.applied == w.want
		applied := w.applied
		w.mu.Unlock()
		if settled {
			if !applied {
				t.Fatalf("the screen was let blank, but the newest request was to keep it awake")
			}
			break
		}
		select {
		case <-d.done:
		case <-deadline:
			t.Fatal("the requests made during the stuck call were never applied")
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if last := d.calls[len(d.calls)-1]; !last {
		t.Fatalf("calls %v: the last call let the screen blank", d.calls)
	}
}

// Leaving a campaign after its call went through lets the screen blank
// again; asking for the state already set makes no call.
func TestScreenWakeAppliesEachChange(t *testing.T) {
	d := newStuckBlanking()
	close(d.release)
	w := &screenWake{set: d.set, async: true}
	w.Keep(true)
	if got := <-d.done; !got {
		t.Fatal("Keep(true) did not keep the screen awake")
	}
	w.Keep(false)
	if got := <-d.done; got {
		t.Fatal("Keep(false) did not let the screen blank")
	}
	waitSettled(t, w)
	w.Keep(false) // already so: no call
	waitSettled(t, w)
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.calls) != 2 {
		t.Fatalf("calls %v, want [true false]", d.calls)
	}
}

// Where the call belongs to the main thread, Keep makes it at once, on the
// caller's goroutine.
func TestScreenWakeOnTheCallersThread(t *testing.T) {
	var calls []bool
	w := &screenWake{set: func(b bool) { calls = append(calls, b) }}
	w.Keep(true)
	w.Keep(false)
	if len(calls) != 2 || !calls[0] || calls[1] {
		t.Fatalf("calls %v, want [true false] made at once", calls)
	}
}

func waitSettled(t *testing.T, w *screenWake) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		w.mu.Lock()
		settled := !w.running && w.applied == w.want
		w.mu.Unlock()
		if settled {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the request was never applied")
		}
		time.Sleep(time.Millisecond)
	}
}
