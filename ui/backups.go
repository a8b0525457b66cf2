package ui

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/storage"
	"tablekeeper/ui/widgets"
)

// Backups beside the window. A backup copies and checks the whole file,
// which takes seconds for a long campaign (2 s at 100,000 events, 6–16 s
// at 2,000,000), so it never runs on the window's goroutine: the session's
// backup (Home, Data, another campaign) and "Back up now" start it beside
// the window, which goes on answering; its progress shows on the Data
// screen and on the message line that announced it. Quitting while one
// runs waits for it a moment (quitBackupWait), then calls it off: a
// backup is a copy, nothing of a called-off one is kept, and the campaign
// file is only ever read by it.

// quitBackupWait is how long quitting waits for a backup under way to end
// before it calls it off: the session's backup of an ordinary campaign
// takes well under a second.
const quitBackupWait = 3 * time.Second

// backingUp is the window's backup under way, if any.
type backingUp struct {
	// run is the backup under way, nil when none (window goroutine only).
	run *backupRun
	// The Data screen's progress, while it is on show: words, a bar (its
	// share written) or a moving bar (checking, waiting), and Back up now.
	line   *widget.Label
	bar    *widget.ProgressBar
	busy   *widget.ProgressBarInfinite
	button *widget.Button
	// notice is the message line's words that announced the backup under
	// way, which its progress and end replace while they are still shown;
	// sessionEnded is how they begin when it is a session's backup.
	notice, sessionEnded string
	// runs counts the backups under way, for Shutdown and tests;
	// quitting is set as the app shuts down, when an answer has no
	// screen to go to.
	runs     sync.WaitGroup
	quitting atomic.Bool
	// write is the backup itself (storage.DB.BackupWith); tests replace
	// it. inline runs it on the window's goroutine, as tests of other
	// screens want (inlineBackups): Fyne's test driver runs what a
	// goroutine hands the window on that goroutine, beside the test's own.
	write  func(ctx context.Context, progress func(storage.BackupProgress)) (storage.Backup, error)
	inline bool
	// jobs are reads handed to besideWindow, run in turn while working.
	mu      sync.Mutex
	jobs    []func()
	working bool
	// post hands the window what a backup or a read has to show; nil is
	// fyne.Do. Tests hand it to a queue they run on their own goroutine
	// (Fyne's test driver would run it at once, beside the test).
	post func(func())
}

// inlineBackups is what New gives backingUp.inline; this package's tests
// set it.
var inlineBackups = false

// A backupRun is one backup beside the window.
type backupRun struct {
	cancel context.CancelFunc
	// progress is its last progress, set from its goroutine; redraw is
	// set while a redraw of it is waiting for the window.
	mu       sync.Mutex
	progress storage.BackupProgress
	redraw   atomic.Bool
	// then are called on the window's goroutine when it ends.
	then []func(storage.Backup, error)
}

func (r *backupRun) last() storage.BackupProgress {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.progress
}

// backingUpNow reports whether the window has a backup under way.
func (u *App) backingUpNow() bool { return u.bk.run != nil }

// startBackup starts a backup beside the window, or joins the one under
// way (which began later than any action: it holds them all); then is
// called on the window's goroutine with its answer.
func (u *App) startBackup(then func(storage.Backup, error)) {
	if r := u.bk.run; r != nil {
		r.then = append(r.then, then)
		return
	}
	write := u.bk.write
	if write == nil {
		db := u.DB
		write = db.BackupWith
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &backupRun{cancel: cancel, then: []func(storage.Backup, error){then}, progress: storage.BackupProgress{Step: storage.BackupWriting}}
	u.bk.run = r
	if u.bk.inline {
		b, err := write(ctx, func(p storage.BackupProgress) { r.progress = p })
		cancel()
		u.backupEnded(r, b, err)
		return
	}
	u.bk.runs.Add(1)
	widgets.Go(func() {
		defer u.bk.runs.Done()
		defer cancel()
		b, err := write(ctx, func(p storage.BackupProgress) {
			r.mu.Lock()
			r.progress = p
			r.mu.Unlock()
			// One redraw waiting at a time: the window draws the newest
			// progress when it gets to it, never a queue of old ones.
			if !r.redraw.Swap(true) && !u.bk.quitting.Load() {
				u.toWindow(func() {
					r.redraw.Store(false)
					if u.bk.run == r {
						u.showBackupProgress()
					}
				})
			}
		})
		if u.bk.quitting.Load() {
			return
		}
		u.toWindow(func() { u.backupEnded(r, b, err) })
	})
	u.showBackupProgress()
}

// backupEnded answers those who waited for a backup, on the window's
// goroutine.
func (u *App) backupEnded(r *backupRun, b storage.Backup, err error) {
	if u.bk.quitting.Load() {
		return
	}
	if u.bk.run == r {
		u.bk.run = nil
	}
	page := u.Window.Content()
	for _, then := range r.then {
		then(b, err)
	}
	// The Data screen on show lists the new backup, unless an answer has
	// shown it again already.
	if u.onData() && u.Window.Content() == page && err == nil {
		u.showData()
	}
	u.showBackupProgress()
}

// backupWords says how far a backup has gone.
func backupWords(p storage.BackupProgress) string {
	switch p.Step {
	case storage.BackupWaiting:
		return "Waiting for the backup already under way to finish…"
	case storage.BackupWriting:
		if p.Total > 0 {
			return fmt.Sprintf("Writing the backup: %d%% (%s of %s).", p.Done*100/p.Total, storage.Size(p.Done), storage.Size(p.Total))
		}
		return "Writing the backup…"
	}
	return "Checking the backup: it is reopened and every campaign replayed…"
}

// showBackupProgress shows the backup under way (or none) on the Data
// screen, and on the message line while it still announces it.
func (u *App) showBackupProgress() {
	r := u.bk.run
	if u.bk.line != nil && u.onData() {
		if r == nil {
			u.bk.line.Hide()
			u.bk.bar.Hide()
			u.bk.busy.Hide()
			u.bk.busy.Stop()
			u.bk.button.Enable()
		} else {
			p := r.last()
			u.bk.line.SetText(backupWords(p) + " The app can be used meanwhile.")
			u.bk.line.Show()
			u.bk.button.Disable()
			if p.Step == storage.BackupWriting && p.Total > 0 {
				u.bk.busy.Stop()
				u.bk.busy.Hide()
				u.bk.bar.SetValue(float64(p.Done) / float64(p.Total))
				u.bk.bar.Show()
			} else {
				u.bk.bar.Hide()
				u.bk.busy.Show()
				u.bk.busy.Start()
			}
		}
	}
	if r != nil && u.bk.notice != "" && u.lastNotice == u.bk.notice {
		u.bk.notice = u.sessionBackupWords(backupWords(r.last()))
		u.say(u.bk.notice, false)
	}
}

// backupBox is the Data screen's Back up now and the progress of a backup
// under way.
func (u *App) backupBox(button *widget.Button) fyne.CanvasObject {
	u.bk.button = button
	u.bk.line = wrapped("")
	u.bk.bar = widget.NewProgressBar()
	u.bk.busy = widget.NewProgressBarInfinite()
	u.bk.line.Hide()
	u.bk.bar.Hide()
	u.bk.busy.Hide()
	u.bk.busy.Stop()
	return container.NewVBox(container.NewHBox(button), u.bk.line, u.bk.bar, u.bk.busy)
}

// backUpNow is the Data screen's Back up now: a backup beside the window,
// its answer next to the button when it ends while Data is on show.
func (u *App) backUpNow() {
	u.startBackup(func(b storage.Backup, err error) {
		if !u.onData() {
			if err != nil {
				u.problem("The backup asked for on Data failed: " + err.Error())
			}
			return
		}
		u.showData()
		switch {
		case errors.Is(err, storage.ErrBackupAbandoned):
			u.notice("The backup asked for was called off before it was finished (a restore, or the app closing): nothing of it was kept.")
			return
		case err != nil:
			u.problem(err.Error())
			return
		}
		u.notice(fmt.Sprintf("Backup written and verified (%s): it is first in the list of backups below.", b.Time.Local().Format("Mon 2 Jan 2006, 15:04")))
	})
}

// sessionBackupWords is the message line's words while the session's
// backup is under way.
func (u *App) sessionBackupWords(progress string) string {
	return u.bk.sessionEnded + " " + progress + " The app can be used meanwhile."
}

// sessionBackup starts the backup that ends a session. played is the
// session's play clock in words, for the message line.
func (u *App) sessionBackup(played string) {
	u.bk.sessionEnded = fmt.Sprintf("Session ended: play clock paused at %s.", played)
	first := storage.BackupProgress{Step: storage.BackupWriting}
	if r := u.bk.run; r != nil {
		first = r.last()
	}
	u.bk.notice = u.sessionBackupWords(backupWords(first))
	u.notice(u.bk.notice)
	u.startBackup(func(_ storage.Backup, err error) {
		ours := u.bk.notice != "" && u.lastNotice == u.bk.notice
		u.bk.notice = ""
		switch {
		case err != nil && errors.Is(err, storage.ErrBackupAbandoned):
		case err != nil:
			u.problem(fmt.Sprintf("%s The session's backup failed: %v", u.bk.sessionEnded, err))
		case ours:
			u.notice(u.bk.sessionEnded + " A backup was written and verified; see Data.")
		}
	})
}

// stopBackups ends the window's part in backups as the app shuts down: a
// backup under way is waited for a moment, then called off (DB.Close
// calls off what is left, and waits only for it to let go of the file).
func (u *App) stopBackups() {
	// From now on nothing of a backup reaches the window: Fyne runs what a
	// goroutine hands it at once, on that goroutine, once its loop ended.
	u.bk.quitting.Store(true)
	widgets.WaitFor(&u.bk.runs, quitBackupWait)
	if r := u.bk.run; r != nil {
		r.cancel()
	}
}

// toWindow hands fn to the window's goroutine.
func (u *App) toWindow(fn func()) {
	if u.bk.post != nil {
		u.bk.post(fn)
		return
	}
	widgets.Do(fn)
}

// besideWindow runs work beside the window, then show on the window's
// goroutine (unless the app is quitting). Works handed over one after
// another run one after another, on one goroutine while there are any.
// Where backups run inline (tests of other screens), both run at once.
func (u *App) besideWindow(work, show func()) {
	if u.bk.inline {
		work()
		show()
		return
	}
	job := func() {
		work()
		if !u.bk.quitting.Load() {
			u.toWindow(func() {
				if !u.bk.quitting.Load() {
					show()
				}
			})
		}
	}
	u.bk.runs.Add(1)
	u.bk.mu.Lock()
	u.bk.jobs = append(u.bk.jobs, job)
	start := !u.bk.working
	u.bk.working = true
	u.bk.mu.Unlock()
	if start {
		widgets.Go(u.workBeside)
	}
}

// workBeside runs the jobs handed to besideWindow until there are none.
func (u *App) workBeside() {
	for {
		u.bk.mu.Lock()
		if len(u.bk.jobs) == 0 {
			u.bk.working = false
			u.bk.mu.Unlock()
			return
		}
		job := u.bk.jobs[0]
		u.bk.jobs = u.bk.jobs[1:]
		u.bk.mu.Unlock()
		job()
		u.bk.runs.Done()
	}
}
