package ui

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/story"
	"tablekeeper/ui/widgets"
)

// A campaignScreen is an open campaign: the frame around the game's
// screens, with the clocks, undo and redo, notes, the table lock and the
// Log. Its layout is shell.Chrome's, so the games' tests measure the
// space their tabs get from the frame itself.
type campaignScreen struct {
	u    *App
	s    *tracker.Session
	ctx  *shell.Context
	game shell.GameScreens

	chrome *shell.Chrome
	tabIDs []shell.Tab
	// later are the game's tabs not built yet (Campaign, Enemy), each
	// with the place it goes: see buildTab.
	later  map[shell.Tab]*fyne.Container
	log    *logView
	locked bool
	// share is the table shared with the phones (sharing.go); unfollow
	// stops following the commands they send.
	share    *sharing
	unfollow func()

	stop chan struct{}
	// lastBeat is when the window last answered (the clocks' tick), and
	// lastAlive when the app's sign of life was last written (alive.go);
	// background says the app is in the background with its clocks
	// counting (mobile.go).
	lastBeat, lastAlive time.Time
	background          bool
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
	u.closeCampaign(true)
	s, err := u.DB.OpenSession(id)
	if err != nil {
		u.showHome()
		u.problem("The campaign cannot be opened: " + err.Error())
		return
	}
	cs := &campaignScreen{u: u, s: s, stop: make(chan struct{})}
	cs.share = newSharing(cs)
	c := s.Campaign()
	cs.game = u.screensFor(c.Game)
	cs.ctx = shell.NewContext(s, u.Window, shell.Hooks{
		Locked:   func() bool { return cs.locked },
		Message:  cs.message,
		Settings: func() shell.Settings { return loadSettings(u.Fyne.Preferences()) },
		Library:  u.library(),
		Story:    story.Panel,
	})
	u.camp = cs
	s.SetClock(func() time.Time { return u.now() })
	u.Window.SetTitle("Tablekeeper — " + c.Name)
	u.setScreen(cs.build())
	cs.bindKeys()
	cs.ctx.OnChange(func(tracker.Event) { cs.refresh() })
	// A clock left running (the app killed, or closed with the turn
	// clock running) counts only a minute of the time the app did not
	// run; the Log says so.
	if last, background := u.lastAlive(c); !background {
		cs.settleStopped(last, false)
	}
	cs.unfollow = cs.followDevices()
	// A session is the time the campaign is open: the play clock runs
	// while it is, and is paused (as an event) when it closes.
	if !s.Core().Play.Running {
		if e, err := s.Do(tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockStart}); err == nil {
			cs.ctx.Changed(e)
		}
	}
	cs.beat()
	cs.refresh()
	cs.message("", false)
	u.wake.Keep(true)
	cs.tick()
}

// closeCampaign ends the session: the play clock is paused (an event in
// the log) and, with backup, the session's backup starts beside the
// window (backups.go), which goes on at once.
func (u *App) closeCampaign(backup bool) {
	cs := u.camp
	if cs == nil {
		return
	}
	u.camp = nil
	if u.mobile() {
		forgetResume(u.Fyne.Preferences()) // the session ends: nothing to resume
	}
	// Sharing ends with the session: every phone is told, the code and
	// the keys stop working, before the clock's pause is recorded.
	shareErr := cs.share.stop()
	cs.unfollow()
	close(cs.stop)
	cs.ctx.Close()
	u.wake.Keep(false)
	if cs.s.Core().Play.Running {
		_, _ = cs.s.Do(tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockPause})
	}
	// The last sign of life: a turn clock left running counts no more
	// than a minute of the time until the campaign is opened again.
	u.writeAlive(cs.s.Campaign().ID, u.now(), false)
	if backup {
		u.sessionBackup(formatDuration(cs.s.Core().Play.Elapsed(time.Now())))
	}
	if shareErr != nil {
		u.problem(fmt.Sprintf("Sharing stopped, but the devices could not be forgotten in the campaign file: %s", shareErr))
	}
}

// leave closes the campaign and goes home, where the message line says
// the session's backup is being written, then that it was, in words: the
// file's path means nothing at the table (the Data screen lists the
// backups).
func (cs *campaignScreen) leave() {
	u := cs.u
	u.closeCampaign(true)
	u.showHome()
}

// tick shows the clocks once a second while the campaign is open. Each
// tick runs on the window's thread (widgets.After) and asks for the next,
// so the clocks never reach the screen from a goroutine of their own.
func (cs *campaignScreen) tick() {
	widgets.After(time.Second, func() {
		select {
		case <-cs.stop:
			return
		default:
		}
		cs.beat()
		cs.showClocks()
		cs.share.tick()
		// Buttons a game put on the screen by itself (not after a tap
		// or a change) take the tap guard too.
		widgets.GuardCanvas(cs.u.Window.Canvas())
		cs.tick()
	})
}

// beat is the clocks' tick on the window's thread: the window answers.
// A tick long after the last (a window that did not answer for minutes,
// a laptop asleep) leaves the gap out of the clocks; and every
// aliveEvery the app's sign of life is written (alive.go).
func (cs *campaignScreen) beat() {
	now := cs.u.now()
	if !cs.lastBeat.IsZero() && !cs.background {
		cs.settleStopped(cs.lastBeat, true)
	}
	cs.lastBeat = now
	if now.Sub(cs.lastAlive) >= aliveEvery || now.Before(cs.lastAlive) {
		cs.lastAlive = now
		cs.u.writeAlive(cs.s.Campaign().ID, now, cs.background)
	}
}

// settleStopped tells the session when the app last ran, when a clock
// runs and that was more than tracker.StoppedCounted ago (frozen: the app
// ran but its window did not answer).
func (cs *campaignScreen) settleStopped(last time.Time, frozen bool) {
	if last.IsZero() || cs.u.now().Sub(last) <= tracker.StoppedCounted {
		return
	}
	if core := cs.s.Core(); !core.Play.Running && !core.Turn.Running {
		return
	}
	if e, err := cs.s.Do(tracker.AppStopped{Last: last, Frozen: frozen}); err == nil {
		cs.ctx.Changed(e)
	}
}

func (cs *campaignScreen) build() fyne.CanvasObject {
	c := cs.s.Campaign()
	cs.tabIDs = []shell.Tab{shell.TabPlay, shell.TabCampaign, shell.TabEnemy, shell.TabLog}
	cs.log = newLogView(cs)
	cs.later = map[shell.Tab]*fyne.Container{shell.TabCampaign: container.NewStack(), shell.TabEnemy: container.NewStack()}
	ch := shell.NewChrome(cs.u.Window, c.Name,
		cs.game.Play(cs.ctx), cs.later[shell.TabCampaign], cs.later[shell.TabEnemy], cs.log.object())
	cs.chrome = ch
	ch.Title.OnTapped = func() {
		t := ch.Title.Title()
		if w := ch.Title.Sub(); w != "" {
			t += "\n" + w
		}
		widgets.ShowMessage("The campaign", t, cs.u.Window)
	}
	ch.Home.OnTapped = cs.leave
	ch.Note.OnTapped = cs.askNote
	ch.Undo.OnTapped = cs.doUndo
	ch.Redo.OnTapped = cs.doRedo
	ch.Share.OnTapped = cs.toggleSharePanel
	ch.Lock.OnTapped = func() { cs.setLocked(true) }
	ch.Unlock.OnHeld = func() { cs.setLocked(false) }
	ch.Unlock.OnHint = func(s string) { cs.ctx.Feedback(ch.Unlock, s, false) }
	ch.PlayToggle.OnTapped = func() { cs.toggle(tracker.PlayClock, ch.PlayToggle) }
	ch.TurnToggle.OnTapped = func() { cs.toggle(tracker.TurnClock, ch.TurnToggle) }
	ch.TurnReset.OnTapped = func() {
		cs.ctx.DoFrom(ch.TurnReset, tracker.ClockCommand{Clock: tracker.TurnClock, Action: tracker.ClockReset})
	}
	ch.PlayClock.OnTapped = func() { cs.aboutPlayClock() }
	ch.Tabs.OnSelected = func(it *container.TabItem) {
		// A Campaign or Enemy tab shown for the first time is built now.
		for i, item := range ch.Tabs.Items {
			if item == it {
				cs.buildTab(cs.tabIDs[i])
			}
		}
		// Another tab: what answered a tap on the last one goes, and
		// this one's buttons take the tap guard.
		c := cs.u.Window.Canvas()
		widgets.DismissFeedback(c)
		widgets.GuardCanvas(c)
	}
	ch.TurnClock.OnTapped = cs.askTurnLimit
	return ch.Root
}

// buildTab builds the game's Campaign or Enemy tab the first time it is
// needed: when it is first shown, or before a shortcut reaches the game
// (whose Act may use any of its screens). A tab built before it is shown
// holds its widgets, and the fonts of its text styles, for the whole
// session: measured under Xvfb, building both at once added 10–15 MB to
// each game's Play tab (Phantom Epoch 190 MB against 175, Reichbusters
// 179 against 163, Alone 180 against 170).
func (cs *campaignScreen) buildTab(t shell.Tab) {
	box := cs.later[t]
	if box == nil {
		return
	}
	delete(cs.later, t)
	var o fyne.CanvasObject
	if t == shell.TabCampaign {
		o = cs.game.Campaign(cs.ctx)
	} else {
		o = cs.game.Enemy(cs.ctx)
	}
	box.Objects = []fyne.CanvasObject{o}
	box.Refresh()
	cs.u.releaseSoon()
}

func (cs *campaignScreen) selectTab(name string) {
	name = strings.ToLower(name)
	// "share" shares the table and shows the sharing panel; "shared:TAB"
	// shares it and shows TAB with the header's mark (the real-window
	// check opens them so).
	if name == "share" {
		cs.showSharePanel()
		cs.share.start()
		return
	}
	if t, ok := strings.CutPrefix(name, "shared:"); ok {
		cs.share.start()
		name = t
	}
	for i, t := range cs.tabIDs {
		if strings.ToLower(t.String()) == name {
			cs.chrome.Tabs.SelectIndex(i)
		}
	}
}

// showView asks the game for one of its views on the tab showing (see
// shell.Viewer), saying so in the message line when it has none.
func (cs *campaignScreen) showView(name string) {
	v, ok := cs.game.(shell.Viewer)
	if !ok {
		cs.message(fmt.Sprintf("%s has no view “%s”.", cs.s.Campaign().Game.Title(), name), true)
		return
	}
	if err := v.View(cs.ctx, cs.currentTab(), name); err != nil {
		cs.message(shell.Words(err), true)
	}
}

// currentTab is the tab showing.
func (cs *campaignScreen) currentTab() shell.Tab {
	i := cs.chrome.Tabs.SelectedIndex()
	if i < 0 || i >= len(cs.tabIDs) {
		return shell.TabPlay
	}
	return cs.tabIDs[i]
}

func (cs *campaignScreen) message(text string, isError bool) {
	if cs.chrome == nil {
		return
	}
	cs.chrome.Message.Set(text, isError)
}

// messageText is the message line's text, for tests.
func (cs *campaignScreen) messageText() string {
	t, _ := cs.chrome.Message.Text()
	return t
}

// lockedNote is what the message line says while the table is locked.
const lockedNote = "Table locked: look, but nothing changes until someone holds “Hold to unlock”."

// setLocked turns the table lock on or off. What it says goes in the
// message line, so nothing moves.
func (cs *campaignScreen) setLocked(on bool) {
	cs.locked = on
	ch := cs.chrome
	// Locked, the header holds only Home (disabled) and the unlock: the
	// buttons that change the campaign are out of reach.
	changers := []fyne.CanvasObject{ch.Note, ch.Undo, ch.Redo, ch.Lock}
	if on {
		for _, o := range changers {
			o.Hide()
		}
		ch.Unlock.Show()
		// Sharing's mark stays in view while the table is shared; not
		// shared, the button would only start something.
		if !cs.share.on() {
			ch.Share.Hide()
		}
		ch.Home.Disable()
		ch.Note.Disable()
		cs.message(lockedNote, false)
	} else {
		ch.Unlock.Hide()
		for _, o := range changers {
			o.Show()
		}
		ch.Share.Show()
		ch.Home.Enable()
		ch.Note.Enable()
		cs.message("Unlocked.", false)
	}
	cs.refresh()
}

// askNote asks for a note and records it (undoable, in the Log's Notes).
func (cs *campaignScreen) askNote() {
	// A NoteEntry: a long note stays quick to type, and says when it
	// nears and passes the limit as it is typed.
	e := widgets.NewNoteEntry()
	e.Limit = tracker.MaxNoteLen
	e.SetMinRowsVisible(3)
	e.SetPlaceHolder("What happened, what to remember next time")
	item := widget.NewFormItem("Note", e.WithCounter())
	item.HintText = "It goes in the Log, under Notes, where the campaign stands now. Undo takes it back."
	f := widgets.NewForm("A note for the campaign", "Add the note", "Cancel", []*widget.FormItem{item}, nil, cs.u.Window)
	f.Check = func() widgets.Problems {
		if strings.TrimSpace(e.Note()) == "" {
			return widgets.Problems{"Note": "Write something first."}
		}
		if n := utf8.RuneCountInString(strings.TrimSpace(e.Note())); n > tracker.MaxNoteLen {
			return widgets.Problems{"Note": fmt.Sprintf("The note is %d characters long; at most %d fit.", n, tracker.MaxNoteLen)}
		}
		return nil
	}
	f.OnSubmit = func() error {
		if err := cs.ctx.Try(tracker.AddNote{Text: e.Note()}); err != nil {
			return err
		}
		text, _ := cs.chrome.Message.Text()
		cs.ctx.Feedback(cs.chrome.Note, text, false)
		return nil
	}
	f.Show()
	cs.u.Window.Canvas().Focus(e)
}

// askTurnLimit sets the turn clock's limit: it then counts down and says
// when time is up.
func (cs *campaignScreen) askTurnLimit() {
	e := widgets.NewNumberEntry(1, int(tracker.MaxTurnLimit/time.Minute))
	e.SetPlaceHolder("minutes")
	item := widget.NewFormItem("Minutes for each turn", e)
	item.HintText = "The turn clock then counts down from this, and starts again at Reset."
	f := widgets.NewForm("The turn clock", "Set the limit", "Cancel", []*widget.FormItem{item}, nil, cs.u.Window)
	f.OnSubmit = func() error {
		n, err := e.Int()
		if err != nil {
			return widgets.Problems{"Minutes for each turn": err.Error()}
		}
		return cs.ctx.Try(tracker.ClockCommand{Clock: tracker.TurnClock, Action: tracker.ClockLimit, Limit: time.Duration(n) * time.Minute})
	}
	f.Show()
}

// aboutPlayClock says what the play clock is.
func (cs *campaignScreen) aboutPlayClock() {
	widgets.ShowMessage("The play clock", "The play clock counts the time this campaign has been played. It runs while the campaign is open and pauses when you go Home; the pause button beside it pauses it for a break.", cs.u.Window)
}

func (cs *campaignScreen) doUndo() {
	cs.ctx.RunFrom(cs.chrome.Undo, cs.s.Undo)
}

func (cs *campaignScreen) doRedo() {
	cs.ctx.RunFrom(cs.chrome.Redo, cs.s.Redo)
}

// act passes a shortcut to the game's screen that is showing.
func (cs *campaignScreen) act(a shell.Action) {
	if cs.locked {
		cs.message(shell.ErrLocked.Error(), true)
		return
	}
	tab := cs.currentTab()
	cs.buildTab(shell.TabCampaign)
	cs.buildTab(shell.TabEnemy)
	if !cs.game.Act(cs.ctx, tab, a) {
		cs.message(fmt.Sprintf("%s does nothing on the %s tab.", a, tab), false)
	}
}

// bindKeys makes the keyboard (or a page-turner pedal) drive the campaign
// with the keys of campaignKeys (keys.go), which the Settings screen
// lists. Keys typed into an entry stay there.
func (cs *campaignScreen) bindKeys() {
	c := cs.u.Window.Canvas()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if cs.u.camp != cs {
			return
		}
		if isBack(ev) {
			cs.back()
			return
		}
		if run := keyFor(ev.Name); run != nil {
			run(cs)
		}
	})
	for _, k := range campaignKeys {
		if k.shortcut != nil {
			run := k.run
			c.AddShortcut(k.shortcut, func(fyne.Shortcut) { run(cs) })
		}
	}
}

// back is the device's Back on a campaign (see mobile.go): a pop-up
// closes; the sharing panel gives way to the tabs; else the session ends
// as with Home (clock paused, backup),
// unless the table is locked, which Back must not get round.
func (cs *campaignScreen) back() {
	if closeTopOverlay(cs.u.Window.Canvas()) {
		return
	}
	// The sharing panel is a screen of its own: Back goes back to the
	// tabs (sharing goes on).
	if cs.chrome.Panel() != nil {
		cs.hideSharePanel()
		return
	}
	if cs.locked {
		cs.message(shell.ErrLocked.Error(), true)
		return
	}
	cs.leave()
}

// toggle starts or pauses a clock, answering next to its button.
func (cs *campaignScreen) toggle(which string, src fyne.CanvasObject) {
	core := cs.s.Core()
	clk := core.Play
	if which == tracker.TurnClock {
		clk = core.Turn
	}
	action := tracker.ClockStart
	if clk.Running {
		action = tracker.ClockPause
	}
	cs.ctx.DoFrom(src, tracker.ClockCommand{Clock: which, Action: action})
}

// refresh shows the campaign as it now stands.
func (cs *campaignScreen) refresh() {
	c := cs.s.Campaign()
	where := cs.s.Where()
	switch {
	case where == "":
		where = c.Game.Title()
	case strings.Contains(c.Name, c.Game.Title()):
		// The name on the line above says the game already ("Practice —
		// Reichbusters: Projekt Vril"): this short line keeps its room for
		// where the campaign stands.
	default:
		where = c.Game.Title() + " · " + where
	}
	if c.Practice {
		where = "Practice · " + where
	}
	cs.chrome.Title.Set(c.Name, where)
	canUndo, canRedo := !cs.locked && cs.s.CanUndo(), !cs.locked && cs.s.CanRedo()
	for _, b := range []*widget.Button{cs.chrome.Undo, cs.log.undo} {
		setEnabled(b, canUndo)
	}
	for _, b := range []*widget.Button{cs.chrome.Redo, cs.log.redo} {
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
	ch := cs.chrome
	ch.PlayClock.SetTime(formatDuration(core.Play.Elapsed(now)), false)
	switch left, out := core.Turn.Remaining(now); {
	case core.Turn.Limit == 0:
		ch.TurnClock.SetTime(formatDuration(core.Turn.Elapsed(now)), false)
	case out:
		ch.TurnClock.SetTime("time up", true)
	default:
		ch.TurnClock.SetTime(formatLeft(left), false)
	}
	ch.SetPlaying(core.Play.Running, core.Turn.Running)
}

// formatDuration shows a clock as h:mm:ss.
func formatDuration(d time.Duration) string {
	d = d.Round(time.Second)
	h := int(d / time.Hour)
	m := int(d/time.Minute) % 60
	s := int(d/time.Second) % 60
	return fmt.Sprintf("%d:%02d:%02d", h, m, s)
}

// formatLeft shows a countdown in the clock's slot: "4:30 left", or
// "1h05 left" from an hour up.
func formatLeft(d time.Duration) string {
	d = d.Round(time.Second)
	if d >= time.Hour {
		return fmt.Sprintf("%dh%02d left", int(d/time.Hour), int(d/time.Minute)%60)
	}
	return fmt.Sprintf("%d:%02d left", int(d/time.Minute), int(d/time.Second)%60)
}
