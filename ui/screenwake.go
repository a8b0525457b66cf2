package ui

import "sync"

// screenWake keeps the screen awake while a campaign is open, without ever
// making the window wait for it.
//
// On Linux and the BSDs, Fyne's Driver.SetDisableScreenBlanking is a D-Bus
// call to org.freedesktop.ScreenSaver that waits for its reply with no
// timeout. Where the session bus has a screen saver service that does not
// answer (a hung desktop service, or one the bus tries to start and that never
// comes up: the bus then waits up to its service_start_timeout, two minutes
// on a stock session bus), that call held the UI goroutine, so a launch
// straight into a campaign showed no window for two minutes, and opening a
// campaign from Home froze the app as long. So there the call is made on a
// goroutine of its own. Elsewhere (Windows' SetThreadExecutionState holds per
// thread, iOS's idle timer belongs to the main thread) it stays on the
// caller's, where it never waits on another process.
type screenWake struct {
	// set is the driver's SetDisableScreenBlanking.
	set func(disable bool)
	// async makes the calls on a goroutine of their own.
	async bool

	mu sync.Mutex
	// want is the state last asked for; applied the state set last.
	want, applied bool
	// running says a goroutine is applying want.
	running bool
}

// Keep asks for the screen to be kept awake (true) or let blank again (false).
// It returns at once when async; the newest request wins, and requests made
// while an earlier call waits are applied in order after it, at most one call
// at a time.
func (w *screenWake) Keep(awake bool) {
	if !w.async {
		w.set(awake)
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.want = awake
	if w.running {
		return
	}
	w.running = true
	go w.apply()
}

func (w *screenWake) apply() {
	for {
		w.mu.Lock()
		if w.want == w.applied {
			w.running = false
			w.mu.Unlock()
			return
		}
		want := w.want
		w.mu.Unlock()
		w.set(want)
		w.mu.Lock()
		w.applied = want
		w.mu.Unlock()
	}
}
