package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"

	"tablekeeper/tracker"
	"tablekeeper/ui/place"
)

// How the frame behaves on a phone or tablet (Android, iOS, or Fyne's
// mobile simulation, a build with -tags mobile): the window is the whole
// screen, the device's Back goes back one screen, and when the app goes to
// the background the open session is safe and the clocks keep honest time.
// On a desktop none of this applies: there a window losing the focus is not
// the app going away (the players may be reading the rulebook beside it).

// Preference keys of the background: which campaign was open, on which
// tab, and which clocks the app paused when it left, so a return (even
// into a new process, after the system ended the old one in the
// background) resumes where it was.
const (
	prefPauseInBackground = "device.pauseInBackground"
	prefResumeCampaign    = "resume.campaign"
	prefResumeTab         = "resume.tab"
	prefResumePlay        = "resume.playClock"
	prefResumeTurn        = "resume.turnClock"
)

// mobile reports whether the app runs on a phone or tablet.
func (u *App) mobile() bool { return place.Mobile(u.Fyne) }

// watchLifecycle follows the app into and out of the background, on a
// phone or tablet.
func (u *App) watchLifecycle() {
	if !u.mobile() {
		return
	}
	lc := u.Fyne.Lifecycle()
	lc.SetOnExitedForeground(u.toBackground)
	lc.SetOnEnteredForeground(u.toForeground)
	lc.SetOnStopped(u.stopped)
}

// toBackground runs when the app leaves the screen (another app, the home
// button, the screen turned off). Every action is already on disk before
// the screen showed it, so the campaign itself is safe whatever the system
// does next; what is added here is where the players were, so a return
// (even after the system ended the app) opens the same campaign on the
// same tab, and, if the players chose so in Settings, the clocks are paused
// as events in the log, to run again on return.
func (u *App) toBackground() {
	p := u.Fyne.Preferences()
	cs := u.camp
	if cs == nil {
		forgetResume(p)
		return
	}
	p.SetString(prefResumeCampaign, cs.s.Campaign().ID)
	p.SetString(prefResumeTab, cs.currentTab().String())
	playPaused, turnPaused := false, false
	if u.Settings().PauseInBackground {
		playPaused = cs.pauseClock(tracker.PlayClock)
		turnPaused = cs.pauseClock(tracker.TurnClock)
	} else {
		// The clocks keep counting, as the players chose: the time in
		// the background is no gap (alive.go), even if the system ends
		// the app there.
		cs.background = true
		u.writeAlive(cs.s.Campaign().ID, u.now(), true)
	}
	p.SetBool(prefResumePlay, playPaused)
	p.SetBool(prefResumeTurn, turnPaused)
}

// toForeground runs when the app is back on the screen: the clocks the app
// paused run again, and the screen shows the time that passed.
func (u *App) toForeground() {
	p := u.Fyne.Preferences()
	if cs := u.camp; cs != nil {
		// Back on the screen: the tick's gap since it went is no
		// frozen window.
		cs.background = false
		cs.lastBeat = u.now()
	}
	if cs := u.camp; cs != nil && p.String(prefResumeCampaign) == cs.s.Campaign().ID {
		if p.Bool(prefResumePlay) {
			cs.startClock(tracker.PlayClock)
		}
		if p.Bool(prefResumeTurn) {
			cs.startClock(tracker.TurnClock)
		}
		cs.refresh()
	}
	forgetResume(p)
}

// stopped runs when the system ends the app while it can still say so:
// an open campaign's session ends properly (clock paused, backup written),
// as when the players go Home.
func (u *App) stopped() {
	if u.camp == nil {
		return
	}
	u.closeCampaign(true)
	forgetResume(u.Fyne.Preferences())
	u.showHome()
}

// resumeAtStart opens the campaign the app was showing when the system
// ended it in the background, on the same tab, and runs again the clocks
// the app had paused. It reports whether it did.
func (u *App) resumeAtStart() bool {
	if !u.mobile() || u.DB == nil {
		return false
	}
	p := u.Fyne.Preferences()
	id := p.String(prefResumeCampaign)
	if id == "" {
		return false
	}
	if _, err := u.DB.Campaign(id); err != nil {
		forgetResume(p)
		return false
	}
	u.openCampaign(id)
	if u.camp == nil {
		forgetResume(p)
		return false
	}
	u.camp.selectTab(p.String(prefResumeTab))
	u.toForeground()
	return true
}

func forgetResume(p fyne.Preferences) {
	p.RemoveValue(prefResumeCampaign)
	p.RemoveValue(prefResumeTab)
	p.RemoveValue(prefResumePlay)
	p.RemoveValue(prefResumeTurn)
}

// pauseClock pauses a running clock as an event (not through the table
// lock: the app does it, not a player) and reports whether it was running.
func (cs *campaignScreen) pauseClock(which string) bool {
	return cs.setClock(which, false)
}

// startClock runs a paused clock again, as pauseClock.
func (cs *campaignScreen) startClock(which string) bool {
	return cs.setClock(which, true)
}

func (cs *campaignScreen) setClock(which string, run bool) bool {
	core := cs.s.Core()
	clk := core.Play
	if which == tracker.TurnClock {
		clk = core.Turn
	}
	if clk.Running == run {
		return false
	}
	action := tracker.ClockPause
	if run {
		action = tracker.ClockStart
	}
	e, err := cs.s.Do(tracker.ClockCommand{Clock: which, Action: action})
	if err != nil {
		fyne.LogError("the app could not "+action+" the "+which+" clock", err)
		return false
	}
	cs.ctx.Changed(e)
	return true
}

// isBack reports whether a key is the device's Back.
func isBack(ev *fyne.KeyEvent) bool { return ev != nil && ev.Name == mobile.KeyBack }

// pageKeys is the key handler of a screen that is not Home or a campaign
// (Data, Settings, the new-campaign form): Back goes Home. An open dialog
// takes the keys first (widgets.Dialog closes on Back); a pop-up of
// Fyne's own (a list's choices, Fyne's file dialog in the mobile
// simulation) closes on Back too.
func (u *App) pageKeys(ev *fyne.KeyEvent) {
	if !isBack(ev) {
		return
	}
	if closeTopOverlay(u.Window.Canvas()) {
		return
	}
	u.showHome()
}

// closeTopOverlay hides the top pop-up over canvas c, if any.
func closeTopOverlay(c fyne.Canvas) bool {
	top := c.Overlays().Top()
	if top == nil {
		return false
	}
	top.Hide()
	if c.Overlays().Top() == top {
		c.Overlays().Remove(top)
	}
	return true
}
