// Package ui is Tablekeeper's Fyne interface: the home screen of campaigns,
// the campaign screen a game fills in (see package ui/shell), the Log with
// undo and redo, the Data screen of backups, and the device's display
// settings. It takes the fyne.App it is given, so tests drive it with
// fyne's test app, without cgo or a display; only main.go imports the GLFW
// driver.
package ui

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/assets"
	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/ui/place"
	"tablekeeper/ui/share"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// Options say what the window opens.
type Options struct {
	// DBPath is the campaign file; empty asks the platform (place.For:
	// the configuration folder on a desktop, the app's own storage on a
	// phone or tablet).
	DBPath   string
	Registry tracker.Registry
	// Screens are the games' screens; nil means every game that has
	// registered its screens in this build (see screens.go).
	Screens shell.Registry
	// Open, if set, opens this campaign (an ID or its first characters)
	// at once, on the tab named by Tab ("play", "campaign", "enemy", "log",
	// or one of them and a view of the game's, "enemy/why": see
	// shell.Viewer; "share" for the sharing panel with the table shared,
	// "shared:play" for a tab with the table shared; or "data" and
	// "settings" for those screens, "new" for the new-campaign form and
	// "new:<game>" for it with a game chosen). Run reads them from
	// TABLEKEEPER_OPEN and TABLEKEEPER_TAB when they are empty, which is
	// how screenshots of every screen are taken.
	Open, Tab string
	// ScreenArea, if set, tells the room the screen the window opens on
	// has for it (main.go asks the desktop driver's GLFW): until the
	// players choose a window in Settings, the first window takes the
	// screen's shape and fits it.
	ScreenArea func() (fyne.Size, bool)
	// Tables are the games' faces on the shared page (package ui/share);
	// nil means every game's in this build (see screens.go). A game
	// without one is shared with share.Basic.
	Tables map[tracker.GameID]share.Table
}

// Run opens the campaign file, shows the main window and blocks until it is
// closed. A file that cannot be opened is explained in the window, with what
// can be done about it. When the window closes, an open campaign is closed
// as at the end of a session: its play clock paused and a backup written.
func Run(a fyne.App, opt Options) error {
	if opt.Open == "" {
		opt.Open = os.Getenv("TABLEKEEPER_OPEN")
	}
	if opt.Tab == "" {
		opt.Tab = os.Getenv("TABLEKEEPER_TAB")
	}
	// A finger's second tap never acts on what its first put under it
	// (widgets.TapHold; off in tests, which tap faster than any finger).
	widgets.TapHold = widgets.DefaultTapHold
	u := New(a, opt)
	u.startSelfCheck()
	// A tap beside an open drop-down closes it and reaches what is
	// under it (widgets.PassMenuTaps; tests call it themselves).
	menus := make(chan struct{})
	widgets.WatchMenus(u.Window.Canvas(), menus)
	defer close(menus)
	return u.runUntilQuit()
}

// App is the running interface: one window, the open file, at most one open
// campaign.
type App struct {
	Fyne   fyne.App
	Window fyne.Window
	DB     *storage.DB
	opt    Options
	// openErr is why the file could not be opened, while it cannot.
	openErr error
	screens shell.Registry
	// camp is the open campaign, nil on the other screens.
	camp *campaignScreen
	// now is the wall clock, replaced in tests.
	now func() time.Time
	// lastNotice is the last message shown on the home or data screen,
	// and whether it was a refusal or a failure.
	lastNotice    string
	lastNoticeErr bool
	noticeLine    *widgets.MessageLine
	// imp is the Data screen's import under way (import.go); bk the
	// window's backup under way (backups.go).
	imp importing
	bk  backingUp
	// homePage is Home's content, the last time it was shown.
	homePage fyne.CanvasObject
	// wake keeps the screen awake while a campaign is open.
	wake *screenWake
	// release hands memory back after a new screen (memory.go).
	release widgets.Timer
	// screen is the room the screen has for the window, when known
	// (Options.ScreenArea).
	screen      fyne.Size
	screenKnown bool
	// tables are the games' faces on the shared page.
	tables map[tracker.GameID]share.Table
	// exec runs a function on Fyne's goroutine and waits for it
	// (fyne.DoAndWait): the sharing host touches the session only there.
	// post queues one there (fyne.Do). Tests replace both with a queue
	// they run on the test's goroutine, as the app's loop would.
	exec, post func(func())
	// shareAddr, when set, is where sharing listens (tests: loopback);
	// else the port used last time, or any free one.
	shareAddr string
}

// New builds the interface in a new window without showing it.
func New(a fyne.App, opt Options) *App {
	u := &App{Fyne: a, opt: opt, now: time.Now, exec: widgets.DoAndWait, post: widgets.Do}
	u.tables = opt.Tables
	if u.tables == nil {
		u.tables = gameTables()
	}
	u.bk.inline = inlineBackups
	u.wake = &screenWake{set: a.Driver().SetDisableScreenBlanking, async: screenWakeOffThread}
	u.screens = opt.Screens
	if u.screens == nil {
		u.screens = gameScreens()
	}
	// The window takes the app's icon before it first shows: the small
	// one, as big as a window shows it (a packaged app's icon is
	// FyneApp.toml's).
	a.SetIcon(assets.WindowIcon)
	s := loadSettings(a.Preferences())
	u.applySettings(s)
	u.Window = a.NewWindow("Tablekeeper")
	if opt.ScreenArea != nil {
		u.screen, u.screenKnown = opt.ScreenArea()
	}
	u.applyWindow(s)
	u.bindQuit()
	u.Window.SetMaster()
	u.watchLifecycle()
	u.openFile()
	switch {
	case u.DB == nil:
		u.showOpenError()
	case opt.Open != "":
		u.openDirect(opt.Open, opt.Tab)
	case opt.Tab == "data":
		u.showData()
	case opt.Tab == "new":
		u.showNewCampaign()
	case strings.HasPrefix(opt.Tab, "new:"):
		// The form with a game chosen (the real-window check opens it so
		// for each game).
		u.showNewCampaignFor(tracker.GameID(strings.TrimPrefix(opt.Tab, "new:")))
	case opt.Tab == "settings":
		u.showSettings()
	case u.resumeAtStart():
	default:
		u.showHome()
	}
	return u
}

// windowSize reads a starting size "WxH" (TABLEKEEPER_SIZE, for
// screenshots); else the device's setting picks a 1280×800 tablet held
// landscape or portrait.
func windowSize(s string, portrait bool) fyne.Size {
	var w, h float32
	if _, err := fmt.Sscanf(s, "%fx%f", &w, &h); err == nil && w >= 320 && h >= 320 {
		return fyne.NewSize(w, h)
	}
	if portrait {
		return fyne.NewSize(800, 1280)
	}
	return fyne.NewSize(1280, 800)
}

// applyWindow gives the window the device's shape: full screen, or a
// landscape or portrait window. Until the players choose one in Settings,
// a window of the screen's shape that fits it (when the desktop tells the
// screen's size, Options.ScreenArea).
func (u *App) applyWindow(s shell.Settings) {
	if u.mobile() {
		return // a phone's or tablet's app always has the whole screen
	}
	u.Window.SetFullScreen(s.FullScreen)
	if s.FullScreen {
		return
	}
	size := windowSize(os.Getenv("TABLEKEEPER_SIZE"), s.Portrait)
	if os.Getenv("TABLEKEEPER_SIZE") == "" && u.screenKnown && !shapeChosen(u.Fyne.Preferences()) {
		size = fitScreen(u.screen)
	}
	u.Window.Resize(size)
}

// fitScreen is the window for a screen of the given room: a tablet's
// 1280×800, held as the screen is (portrait when it is taller than wide),
// no larger than the room.
func fitScreen(room fyne.Size) fyne.Size {
	want := fyne.NewSize(1280, 800)
	if room.Height > room.Width {
		want = fyne.NewSize(800, 1280)
	}
	return fyne.NewSize(fyne.Min(want.Width, room.Width), fyne.Min(want.Height, room.Height))
}

// portraitNow says whether the window is held portrait: the players'
// choice, or else the screen's shape.
func (u *App) portraitNow(s shell.Settings) bool {
	if !shapeChosen(u.Fyne.Preferences()) && u.screenKnown {
		return u.screen.Height > u.screen.Width
	}
	return s.Portrait
}

// bindQuit makes Ctrl+Q (Cmd+Q on a Mac) close the window, as closing it
// does: the session ends properly (the play clock paused, a backup
// written) before the app quits.
func (u *App) bindQuit() {
	u.Window.Canvas().AddShortcut(widgets.QuitShortcut, func(fyne.Shortcut) { u.Window.Close() })
}

func (u *App) openFile() {
	if u.opt.DBPath == "" {
		p, err := place.For(u.Fyne)
		if err != nil {
			u.DB, u.openErr = nil, err
			return
		}
		u.opt.DBPath = p
	}
	db, err := storage.Open(u.opt.DBPath, u.opt.Registry)
	u.DB, u.openErr = db, err
	if db != nil {
		// What opening found without refusing the file (a damaged
		// snapshot, rebuilt from the log) is said on the first screen.
		if n := db.Notices(); len(n) > 0 {
			u.lastNotice, u.lastNoticeErr = strings.Join(n, " "), false
		}
	}
}

// openDirect opens a campaign by ID or prefix on a tab, for screenshots.
func (u *App) openDirect(id, tab string) {
	list, err := u.DB.List()
	if err != nil {
		u.showHome()
		u.problem(err.Error())
		return
	}
	for _, c := range list {
		if strings.HasPrefix(c.ID, id) || c.Name == id {
			u.openCampaign(c.ID)
			if u.camp != nil {
				tab, view, _ := strings.Cut(tab, "/")
				u.camp.selectTab(tab)
				if view != "" {
					u.camp.showView(view)
				}
			}
			return
		}
	}
	u.showHome()
	u.problem(fmt.Sprintf("There is no campaign “%s” to open.", id))
}

// Shutdown ends the session (if a campaign is open) and closes the file. A
// backup under way is given quitBackupWait to end, then called off.
func (u *App) Shutdown() error {
	u.stopImports()
	if u.release != nil {
		u.release.Stop()
	}
	var errs []error
	u.closeCampaign(true)
	// The session's backup (and any other under way) is waited for a
	// moment, then called off: closing the file would anyway.
	u.stopBackups()
	if u.DB != nil {
		errs = append(errs, u.DB.Close())
		u.DB = nil
	}
	return errors.Join(errs...)
}

// setScreen replaces the window's content and forgets the campaign
// screen's keys.
func (u *App) setScreen(content fyne.CanvasObject) {
	c := u.Window.Canvas()
	c.SetOnTypedKey(nil)
	// Every shortcut of the keys table (keys.go), so one added there
	// never stays bound on Home or Data.
	for _, k := range campaignKeys {
		if k.shortcut != nil {
			c.RemoveShortcut(k.shortcut)
		}
	}
	u.Window.SetContent(content)
	u.releaseSoon()
	// The new screen's buttons take the tap guard before the finger's
	// next tap: a double tap on Open or Create must not act on what the
	// campaign screen puts under it.
	widgets.GuardCanvas(c)
}

// setPage shows a screen that is not a campaign's: its top bar, its body
// (which scrolls) and its message line of fixed height at the bottom, all
// in a FeedbackLayer so answers show next to what was tapped.
// Actions, if any, are pinned at the bottom above the message line, always
// on screen however long the body.
func (u *App) setPage(top, body fyne.CanvasObject, actions ...fyne.CanvasObject) {
	bottom := container.NewVBox()
	if len(actions) > 0 {
		bottom.Add(widgets.NewFlow(actions...))
	}
	bottom.Add(u.newNoticeLine())
	u.setScreen(widgets.NewFeedbackLayer(container.NewBorder(container.NewPadded(top), container.NewPadded(bottom), nil, nil,
		container.NewVScroll(container.NewPadded(body)))))
	u.Window.Canvas().SetOnTypedKey(u.pageKeys) // Back goes Home (see mobile.go)
}

// notice shows a line on the home or data screen's message line.
func (u *App) notice(msg string) { u.say(msg, false) }

// problem shows a refusal or a failure on the home or data screen's
// message line.
func (u *App) problem(msg string) { u.say(msg, true) }

func (u *App) say(msg string, isError bool) {
	u.lastNotice, u.lastNoticeErr = msg, isError
	if u.noticeLine != nil {
		u.noticeLine.Set(msg, isError)
	}
}

// newNoticeLine makes the message line of a screen that is not a
// campaign's, showing the last notice: a line of fixed height, so a
// message never moves the buttons.
func (u *App) newNoticeLine() *widgets.MessageLine {
	u.noticeLine = widgets.NewMessageLine(u.Window)
	u.noticeLine.Set(u.lastNotice, u.lastNoticeErr)
	return u.noticeLine
}

// Notice is the last line shown on the home or data screen.
func (u *App) Notice() string { return u.lastNotice }

// showOpenError explains why the file cannot be opened, in the window,
// with what the players can do: restore the newest good backup of a
// damaged file, or try again once the other Tablekeeper is closed.
func (u *App) showOpenError() {
	err := u.openErr
	var de *storage.DamageError
	var le *storage.LockedError
	text := err.Error()
	if errors.As(err, &de) {
		text = de.ForPlayers()
	}
	msg := widget.NewLabel(text)
	msg.Wrapping = fyne.TextWrapWord
	title := widget.NewLabelWithStyle("The campaign file cannot be opened", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	box := container.NewVBox(title, msg)
	if de != nil {
		box.Add(pathLabel("The file: " + de.Path))
	}
	switch {
	case de != nil && (de.Backup != "" || de.AsItReads):
		if de.Backup != "" {
			what := "The newest good backup"
			if de.Aside {
				what = "The newest good copy (kept aside by a restore)"
			}
			box.Add(pathLabel(fmt.Sprintf("%s, from %s: %s", what, de.BackupTime.Local().Format("Mon 2 Jan 2006 15:04"), de.Backup)))
			box.Add(button("Restore that backup", func() { u.restoreAtStart(de) }))
		}
		if de.AsItReads {
			l := widget.NewLabel("Or keep the file as it reads, without what the damaged copy held: the damaged file is kept beside it.")
			l.Wrapping = fyne.TextWrapWord
			box.Add(l)
			box.Add(button("Keep the file as it reads", func() { u.keepAsItReads(de.Path) }))
		}
	case errors.As(err, &le):
		box.Add(button("Try again", func() { u.retryOpen() }))
	default:
		box.Add(button("Try again", func() { u.retryOpen() }))
	}
	u.setScreen(container.NewBorder(nil, container.NewPadded(u.newNoticeLine()), nil, nil,
		container.NewPadded(container.NewVScroll(box))))
}

func (u *App) retryOpen() {
	u.openFile()
	if u.DB == nil {
		u.showOpenError()
		u.problem("Still cannot open it.")
		return
	}
	u.showHome()
}

// restoreAtStart puts a backup in place of a damaged, empty or missing
// file (a damaged one is kept beside it) and opens it.
func (u *App) restoreAtStart(de *storage.DamageError) {
	if err := storage.RestoreFile(de.Path, de.Backup, u.now()); err != nil {
		u.problem("The backup was not restored: " + err.Error())
		return
	}
	u.openFile()
	if u.DB == nil {
		u.showOpenError()
		return
	}
	u.showHome()
	if de.Missing {
		u.notice(fmt.Sprintf("Restored %s.", de.Backup))
		return
	}
	u.notice(fmt.Sprintf("Restored %s. The damaged file was kept beside it as %s.replaced-….", de.Backup, de.Path))
}

// keepAsItReads rewrites a file whose only damage is one of its two
// headers as it reads, keeping the damaged one beside it, and opens it.
func (u *App) keepAsItReads(path string) {
	if err := storage.KeepAsItReads(path, u.opt.Registry, u.now()); err != nil {
		u.problem("The file was not rewritten: " + err.Error())
		return
	}
	u.openFile()
	if u.DB == nil {
		u.showOpenError()
		return
	}
	u.showHome()
	u.notice(fmt.Sprintf("The file now holds what it read through its good table of contents; the damaged file was kept beside it as %s.replaced-….", path))
}

// library is the device's content sets, beside the campaign file.
func (u *App) library() *shell.Library {
	if u.DB == nil {
		return nil
	}
	return shell.LibraryBeside(u.DB.Path())
}
