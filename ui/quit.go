package ui

import (
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"tablekeeper/ui/widgets"
)

// The app's end. Asked to quit (the window closed, or SIGTERM or SIGINT,
// which Fyne answers by ending its loop), Run gets control back from Fyne
// and ends the session: the clock paused, the session's backup, the file
// closed. Fyne 2.7 does not always give it back: at the end of its loop it
// hands its "stopped" event (which saves the preferences) to the loop
// through a queue it then stops reading, and when that event is still on
// its way between the queue's two ends as the loop looks, the event is
// never run and Fyne waits for it for good. The window is gone but the
// process stays, holding the campaign file, so the next start cannot open
// it. Seen once in about a hundred SIGTERMs on a loaded machine: the
// process still running 13 minutes later, its clock ticking.
//
// So once the app is asked to quit, a watch waits quitGrace for Run to
// have control back; if it has not, the watch ends the session itself
// (the window's loop has ended: nothing else touches the screens) and
// ends the process.

// quitGrace is how long the watch gives Fyne to hand control back. A
// normal end takes about 0.2 s (SIGTERM to exit, measured under Xvfb).
const quitGrace = 5 * time.Second

// quitWatch waits for the app to be asked to quit (asked closed), then
// for Run to get control back (back closed) for at most grace; if it does
// not, it runs shutdown and exit, with 1 if shutdown failed. shutdown runs
// at most once whoever calls it (Run does too, if it gets control back
// meanwhile).
func quitWatch(asked, back <-chan struct{}, grace time.Duration, shutdown func() error, exit func(int)) {
	select {
	case <-asked:
	case <-back:
		return
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-back:
		return
	case <-t.C:
	}
	if err := shutdown(); err != nil {
		fmt.Fprintln(os.Stderr, "tablekeeper: the window's loop did not end; the campaign file was closed:", err)
		exit(1)
		return
	}
	exit(0)
}

// runUntilQuit shows the window and runs Fyne's loop, then ends the
// session (u.Shutdown) once, whether Fyne gives control back or the watch
// (quitWatch) has to.
func (u *App) runUntilQuit() error {
	var once sync.Once
	var shutErr error
	shutdown := func() error {
		once.Do(func() { shutErr = u.Shutdown() })
		return shutErr
	}
	asked, back := make(chan struct{}), make(chan struct{})
	var askOnce sync.Once
	ask := func() { askOnce.Do(func() { close(asked) }) }
	u.Window.SetOnClosed(ask)
	// Fyne hears these too and ends its loop. It listens only once its
	// loop starts, so a signal before that would reach this alone: the
	// loop is asked to end too (Quit twice is once), when it runs.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case <-sigs:
			ask()
			widgets.Do(u.Fyne.Quit)
		case <-back:
		}
	}()
	go quitWatch(asked, back, quitGrace, shutdown, os.Exit)
	u.Window.ShowAndRun()
	close(back)
	signal.Stop(sigs)
	return shutdown()
}
