package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// A campaignScreen is an open campaign: the frame around the game's
// screens, with the clocks, undo and redo, the table lock and the Log.
type campaignScreen struct {
	u    *App
	s    *tracker.Session
	ctx  *shell.Context
	game shell.GameScreens

	tabs   *container.AppTabs
	tabIDs []shell.Tab
	log    *logView

	title, where *widget.Label
	msg          *widget.Label
	home         *widget.Button
	undo, redo   *widget.Button
	lock         *widget.Button
	unlock       *widgets.HoldButton
	lockBar      *fyne.Container
	locked       bool

	playLabel, turnLabel *widget.Label
	playToggle           *widget.Button
	turnToggle           *widget.Button
	turnLimit            *widgets.CheckedEntry

	stop chan struct{}
}

// screensFor is the game's screens, or the default ones. A game's screens
// read its own state, so they are used only when its rules are in this
// build too.
func (u *App) screensFor(g tracker.GameID) shell.GameScreens {
	_, ruled := u.opt.Registry[g]
	if gs, ok := u.screens[g]; ok && gs != nil && ruled {
		return gs
	}
	return defaultScreens{game: g}
}

// openCampaign opens a campaign for play: the play clock starts, the screen
// is kept awake, and the keys drive the game.
func (u *App) openCampaign(id string) {
	if u.camp != nil {
		if _, err := u.closeCampaign(); err != nil {
			u.notice(err.Error())
		}
	}
	s, err := u.DB.OpenSession(id)
	if err != nil {
		u.showHome()
		u.notice("The campaign cannot be opened: " + err.Error())
		return
	}
	cs := &campaignScreen{u: u, s: s, stop: make(chan struct{})}
	c := s.Campaign()
	cs.game = u.screensFor(c.Game)
	cs.ctx = shell.NewContext(s, u.Window, shell.Hooks{
		Locked:   func() bool { return cs.locked },
		Message:  cs.message,
		Settings: func() shell.Settings { return loadSettings(u.Fyne.Preferences()) },
	})
	u.camp = cs
	u.Window.SetTitle("Tablekeeper — " + c.Name)
	u.setScreen(cs.build())
	cs.bindKeys()
	cs.ctx.OnChange(func(tracker.Event) { cs.refresh() })
	// A session is the time the campaign is open: the play clock runs
	// while it is, and is paused (as an event) when it closes.
	if !s.Core().Play.Running {
		if e, err := s.Do(tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockStart}); err == nil {
			cs.ctx.Changed(e)
		}
	}
	cs.refresh()
	cs.message("", false)
	u.Fyne.Driver().SetDisableScreenBlanking(true)
	go cs.tick()
}

// closeCampaign ends the session: the play clock is paused (an event in
// the log) and a verified backup is written. It returns the backup's path.
func (u *App) closeCampaign() (string, error) {
	cs := u.camp
	if cs == nil {
		return "", nil
	}
	u.camp = nil
	close(cs.stop)
	cs.ctx.Close()
	u.Fyne.Driver().SetDisableScreenBlanking(false)
	if cs.s.Core().Play.Running {
		_, _ = cs.s.Do(tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockPause})
	}
	b, err := u.DB.Backup()
	if err != nil {
		return "", fmt.Errorf("the session ended, but its backup failed: %w", err)
	}
	return b.Path, nil
}

// leave closes the campaign and goes home, saying where the backup went.
func (cs *campaignScreen) leave() {
	u := cs.u
	played := formatDuration(cs.s.Core().Play.Elapsed(time.Now()))
	path, err := u.closeCampaign()
	u.showHome()
	if err != nil {
		u.notice(err.Error())
		return
	}
	u.notice(fmt.Sprintf("Session ended: play clock paused at %s; backup written to %s.", played, path))
}

func (cs *campaignScreen) tick() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-cs.stop:
			return
		case <-t.C:
			fyne.Do(func() {
				select {
				case <-cs.stop:
				default:
					cs.showClocks()
				}
			})
		}
	}
}

func (cs *campaignScreen) build() fyne.CanvasObject {
	c := cs.s.Campaign()
	cs.title = widget.NewLabelWithStyle(c.Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	cs.title.Truncation = fyne.TextTruncateEllipsis
	cs.where = widget.NewLabel("")
	cs.where.Truncation = fyne.TextTruncateEllipsis
	cs.home = iconButton("Home", theme.HomeIcon(), cs.leave)
	cs.undo = iconButton("Undo", theme.ContentUndoIcon(), cs.doUndo)
	cs.redo = iconButton("Redo", theme.ContentRedoIcon(), cs.doRedo)
	cs.lock = iconButton("Lock", theme.VisibilityOffIcon(), func() { cs.setLocked(true) })
	cs.unlock = widgets.NewHoldButton("Hold to unlock", func() { cs.setLocked(false) })
	cs.unlock.Icon = theme.VisibilityIcon()
	cs.unlock.Importance = widget.WarningImportance
	cs.unlock.OnHint = func(s string) { cs.message(s, false) }
	cs.unlock.Hide()

	cs.playLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	cs.playToggle = button("Pause", func() { cs.toggle(tracker.PlayClock) })
	cs.turnLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	cs.turnToggle = button("Start", func() { cs.toggle(tracker.TurnClock) })
	cs.turnLimit = widgets.NewNumberEntry(1, int(tracker.MaxTurnLimit/time.Minute))
	cs.turnLimit.SetPlaceHolder("min")
	setLimit := button("Set turn", cs.setTurnLimit)
	resetTurn := button("Reset", func() { cs.clock(tracker.TurnClock, tracker.ClockReset) })

	cs.tabIDs = []shell.Tab{shell.TabPlay, shell.TabCampaign, shell.TabEnemy, shell.TabLog}
	cs.log = newLogView(cs)
	cs.tabs = container.NewAppTabs(
		container.NewTabItemWithIcon("Play", theme.MediaPlayIcon(), sideways(cs.game.Play(cs.ctx))),
		container.NewTabItemWithIcon("Campaign", theme.DocumentIcon(), sideways(cs.game.Campaign(cs.ctx))),
		container.NewTabItemWithIcon("Enemy", theme.ComputerIcon(), sideways(cs.game.Enemy(cs.ctx))),
		container.NewTabItemWithIcon("Log", theme.ListIcon(), cs.log.object()),
	)
	cs.msg = widget.NewLabel("")
	cs.msg.Wrapping = fyne.TextWrapWord
	lockNote := widget.NewLabel("Table locked: look, but nothing changes until someone holds “Hold to unlock”.")
	lockNote.Importance = widget.WarningImportance
	lockNote.Wrapping = fyne.TextWrapWord
	cs.lockBar = container.NewVBox(lockNote)
	cs.lockBar.Hide()

	row1 := container.NewBorder(nil, nil, cs.home, container.NewHBox(cs.undo, cs.redo, cs.lock, cs.unlock),
		container.NewVBox(cs.title, cs.where))
	clocks := widgets.NewFlow(
		widget.NewLabel("Play"), cs.playLabel, cs.playToggle,
		widget.NewLabel("Turn"), cs.turnLabel, cs.turnToggle, resetTurn,
		widgets.AtLeast(fyne.NewSize(130, widgets.MinTouch), cs.turnLimit), setLimit,
	)
	header := container.NewVBox(row1, clocks, cs.lockBar)
	return container.NewBorder(container.NewPadded(header), container.NewPadded(cs.msg), nil, nil, cs.tabs)
}

// sideways lets a game's screen scroll sideways if it is wider than the
// window (a large text size in portrait), instead of widening the window
// past the screen's edge. Its height is the tab's, so the game's own
// scrolling lists keep working.
func sideways(o fyne.CanvasObject) fyne.CanvasObject {
	return container.NewHScroll(o)
}

func (cs *campaignScreen) selectTab(name string) {
	name = strings.ToLower(name)
	for i, t := range cs.tabIDs {
		if strings.ToLower(t.String()) == name {
			cs.tabs.SelectIndex(i)
		}
	}
}

// currentTab is the tab showing.
func (cs *campaignScreen) currentTab() shell.Tab {
	i := cs.tabs.SelectedIndex()
	if i < 0 || i >= len(cs.tabIDs) {
		return shell.TabPlay
	}
	return cs.tabIDs[i]
}

func (cs *campaignScreen) message(text string, isError bool) {
	if cs.msg == nil {
		return
	}
	cs.msg.Importance = widget.MediumImportance
	if isError {
		cs.msg.Importance = widget.DangerImportance
	}
	cs.msg.SetText(text)
}

func (cs *campaignScreen) setLocked(on bool) {
	cs.locked = on
	if on {
		cs.lock.Hide()
		cs.unlock.Show()
		cs.lockBar.Show()
		cs.home.Disable()
		cs.message("", false)
	} else {
		cs.unlock.Hide()
		cs.lock.Show()
		cs.lockBar.Hide()
		cs.home.Enable()
		cs.message("Unlocked.", false)
	}
	cs.refresh()
}

func (cs *campaignScreen) doUndo() {
	cs.ctx.Run(cs.s.Undo)
}

func (cs *campaignScreen) doRedo() {
	cs.ctx.Run(cs.s.Redo)
}

// act passes a shortcut to the game's screen that is showing.
func (cs *campaignScreen) act(a shell.Action) {
	if cs.locked {
		cs.message(shell.ErrLocked.Error(), true)
		return
	}
	tab := cs.currentTab()
	if !cs.game.Act(cs.ctx, tab, a) {
		cs.message(fmt.Sprintf("%s does nothing on the %s tab.", a, tab), false)
	}
}

// bindKeys makes the keyboard (or a page-turner pedal) drive the campaign:
// Space or Right for the next step, Backspace or Ctrl+Z to undo, Ctrl+Y to
// redo, R to resolve the enemy. Keys typed into an entry stay there.
func (cs *campaignScreen) bindKeys() {
	c := cs.u.Window.Canvas()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if cs.u.camp != cs {
			return
		}
		switch ev.Name {
		case fyne.KeySpace, fyne.KeyRight:
			cs.act(shell.Next)
		case fyne.KeyBackspace:
			cs.doUndo()
		case fyne.KeyR:
			cs.act(shell.Resolve)
		}
	})
	c.AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) { cs.doUndo() })
	c.AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) { cs.doRedo() })
}

func (cs *campaignScreen) clock(which, action string) {
	cs.ctx.Do(tracker.ClockCommand{Clock: which, Action: action})
}

func (cs *campaignScreen) toggle(which string) {
	core := cs.s.Core()
	clk := core.Play
	if which == tracker.TurnClock {
		clk = core.Turn
	}
	if clk.Running {
		cs.clock(which, tracker.ClockPause)
	} else {
		cs.clock(which, tracker.ClockStart)
	}
}

func (cs *campaignScreen) setTurnLimit() {
	n, err := cs.turnLimit.Int()
	if err != nil {
		cs.message("Turn limit: "+err.Error(), true)
		return
	}
	if _, ok := cs.ctx.Do(tracker.ClockCommand{Clock: tracker.TurnClock, Action: tracker.ClockLimit, Limit: time.Duration(n) * time.Minute}); ok {
		cs.turnLimit.SetText("")
	}
}

// refresh shows the campaign as it now stands.
func (cs *campaignScreen) refresh() {
	c := cs.s.Campaign()
	where := cs.s.Where()
	if where == "" {
		where = c.Game.Title()
	} else {
		where = c.Game.Title() + " · " + where
	}
	cs.where.SetText(where)
	canUndo, canRedo := !cs.locked && cs.s.CanUndo(), !cs.locked && cs.s.CanRedo()
	for _, b := range []*widget.Button{cs.undo, cs.log.undo} {
		setEnabled(b, canUndo)
	}
	for _, b := range []*widget.Button{cs.redo, cs.log.redo} {
		setEnabled(b, canRedo)
	}
	cs.showClocks()
	cs.log.refresh()
}

func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

func (cs *campaignScreen) showClocks() {
	core := cs.s.Core()
	now := time.Now()
	cs.playLabel.SetText(formatDuration(core.Play.Elapsed(now)))
	setToggle(cs.playToggle, core.Play.Running)
	switch left, out := core.Turn.Remaining(now); {
	case core.Turn.Limit == 0:
		cs.turnLabel.SetText(formatDuration(core.Turn.Elapsed(now)))
		cs.turnLabel.Importance = widget.MediumImportance
	case out:
		cs.turnLabel.SetText("time up")
		cs.turnLabel.Importance = widget.DangerImportance
	default:
		cs.turnLabel.SetText(formatDuration(left) + " left")
		cs.turnLabel.Importance = widget.MediumImportance
	}
	cs.turnLabel.Refresh()
	setToggle(cs.turnToggle, core.Turn.Running)
}

func setToggle(b *widget.Button, running bool) {
	text := "Start"
	if running {
		text = "Pause"
	}
	if b.Text != text {
		b.SetText(text)
	}
}

// formatDuration shows a clock as h:mm:ss.
func formatDuration(d time.Duration) string {
	d = d.Round(time.Second)
	h := int(d / time.Hour)
	m := int(d/time.Minute) % 60
	s := int(d/time.Second) % 60
	return fmt.Sprintf("%d:%02d:%02d", h, m, s)
}
