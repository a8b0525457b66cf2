//go:build mobile

// These tests run in Fyne's mobile simulation, where the test device says
// it is a phone or tablet:
//
//	CGO_ENABLED=0 go test -tags mobile -run Mobile ./ui/
//
// (.ci/platform runs them.) The rest of the package's tests are a
// desktop's and are not meant to pass with the tag.
package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/ui/place"
	"tablekeeper/ui/share"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// rootedApp is Fyne's test app with its storage root in a folder of the
// test's own, as a phone gives an app its own storage.
type rootedApp struct {
	fyne.App
	root fyne.URI
}

func (a rootedApp) Storage() fyne.Storage { return rootedStorage{a.App.Storage(), a.root} }

type rootedStorage struct {
	fyne.Storage
	root fyne.URI
}

func (s rootedStorage) RootURI() fyne.URI { return s.root }

// newMobileUI starts the interface as a phone would: no --db, the app's
// storage root in a folder of its own, and a configuration folder
// elsewhere that nothing may touch.
func newMobileUI(t *testing.T) (u *App, root, config string) {
	t.Helper()
	config = t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", config)
	t.Setenv("AppData", config)
	root = t.TempDir()
	a := rootedApp{test.NewTempApp(t), storage.NewFileURI(root)}
	if !a.Driver().Device().IsMobile() {
		t.Fatal("the test device is not a mobile one: run with -tags mobile")
	}
	u = New(a, Options{
		Registry: tracker.Registry{testGame: lifeRules{}},
		Screens:  shell.Registry{testGame: lifeScreens{acts: &[]string{}}},
	})
	if u.DB == nil {
		t.Fatalf("file not opened: %v", u.openErr)
	}
	t.Cleanup(func() { u.Shutdown() })
	return u, root, config
}

// pressBack presses the device's Back as Fyne's mobile driver delivers it:
// to the focused widget if one holds the keyboard, else to the canvas's
// key handler, else to the device (which on Android closes the app). It
// reports whether the device got it.
func pressBack(u *App) (toDevice bool) {
	c := u.Window.Canvas()
	ev := &fyne.KeyEvent{Name: mobile.KeyBack}
	switch {
	case c.Focused() != nil:
		c.Focused().TypedKey(ev)
	case c.OnTypedKey() != nil:
		c.OnTypedKey()(ev)
	default:
		return true
	}
	return false
}

func TestMobileKeepsItsFilesInTheAppsStorage(t *testing.T) {
	u, root, config := newMobileUI(t)
	want := filepath.Join(root, place.FileName)
	if got := u.DB.Path(); got != want {
		t.Fatalf("the campaign file is %s, want the app's storage root: %s", got, want)
	}
	if got, err := place.For(u.Fyne); err != nil || got != want {
		t.Fatalf("place.For = %q, %v", got, err)
	}
	if !strings.HasPrefix(u.DB.BackupDirPath(), root) {
		t.Fatalf("backups in %s, outside the app's storage", u.DB.BackupDirPath())
	}
	if got := u.library().Dir(); got != filepath.Join(root, "content") {
		t.Fatalf("content sets in %s", got)
	}
	// A backup and a content set land under the root too.
	if _, err := u.DB.Backup(); err != nil {
		t.Fatal(err)
	}
	if err := u.library().Save(testGame, "Practice cards", []byte("made up")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(config, "tablekeeper")); err == nil {
		t.Fatal("a desktop folder was made on a phone")
	}

	// The Data screen shows the real places, and says they are private.
	u.showData()
	for _, p := range []string{want, u.DB.BackupDirPath(), filepath.Join(root, "content")} {
		mustSee(t, u, p)
	}
	mustSee(t, u, "Tablekeeper's own storage on this device")
}

func TestMobileBackGoesBackOneScreen(t *testing.T) {
	u, _, _ := newMobileUI(t)
	c, err := u.DB.NewCampaign(testGame, "Alpha", 7)
	if err != nil {
		t.Fatal(err)
	}
	u.showHome()
	if !pressBack(u) {
		t.Fatal("Back on Home should go to the device (Android closes the app), not stay in the app")
	}

	// Data, Settings and the new-campaign form: Back is Home.
	for _, show := range []func(){u.showData, u.showSettings, u.showNewCampaign} {
		show()
		title := u.Window.Title()
		if pressBack(u) {
			t.Fatalf("Back on %q went to the device", title)
		}
		if u.Window.Title() != "Tablekeeper" {
			t.Fatalf("Back on %q shows %q, not Home", title, u.Window.Title())
		}
	}
	// …even while the name entry holds the keyboard.
	u.showNewCampaign()
	u.Window.Canvas().Focus(find[*widgets.TextEntry](u)[0])
	pressBack(u)
	if u.Window.Title() != "Tablekeeper" {
		t.Fatalf("Back from the name entry stays on %q", u.Window.Title())
	}

	// A campaign: a dialog closes first (its entry holding the keyboard),
	// then the campaign, ending the session properly.
	u.openCampaign(c.ID)
	cs := u.camp
	cs.askNote()
	if widgets.TopDialog(u.Window.Canvas()) == nil {
		t.Fatal("the note dialog did not open")
	}
	if u.Window.Canvas().Focused() == nil {
		t.Fatal("the note's entry should hold the keyboard, as it does on a phone")
	}
	pressBack(u)
	if widgets.TopDialog(u.Window.Canvas()) != nil {
		t.Fatal("Back did not close the dialog")
	}
	if u.camp != cs {
		t.Fatal("Back closed the campaign with the dialog")
	}
	// A pop-up of Fyne's own (a list's choices) closes on Back too.
	sel := widget.NewSelect([]string{"a", "b"}, nil)
	u.Window.Canvas().Overlays().Add(widget.NewPopUp(sel, u.Window.Canvas()))
	pressBack(u)
	if u.Window.Canvas().Overlays().Top() != nil || u.camp != cs {
		t.Fatal("Back did not just close the pop-up")
	}

	// Locked, Back does not get round the lock.
	cs.setLocked(true)
	pressBack(u)
	if u.camp != cs {
		t.Fatal("Back left a locked campaign")
	}
	cs.setLocked(false)

	backups, _ := u.DB.Backups()
	if pressBack(u) {
		t.Fatal("Back in a campaign went to the device")
	}
	if u.camp != nil || u.Window.Title() != "Tablekeeper" {
		t.Fatalf("Back did not close the campaign: %q", u.Window.Title())
	}
	got, _ := u.DB.Campaign(c.ID)
	s, _ := u.DB.OpenSession(got.ID)
	if s.Core().Play.Running {
		t.Fatal("the play clock runs after Back closed the campaign")
	}
	after, _ := u.DB.Backups()
	if len(after) <= len(backups) {
		t.Fatal("no backup was written when Back ended the session")
	}
	mustSee(t, u, "Session ended")
}

func TestMobileSettingsHideTheWindowShape(t *testing.T) {
	u, _, _ := newMobileUI(t)
	u.showSettings()
	text := screenText(u)
	for _, r := range find[*radioT](u) {
		text += strings.Join(r.Options, "\n")
	}
	for _, c := range find[*widget.Check](u) {
		text += c.Text + "\n"
	}
	for _, gone := range []string{"Fill the whole screen", "Landscape (1280×800)", "Portrait (800×1280)"} {
		if strings.Contains(text, gone) {
			t.Errorf("the settings offer %q on a phone", gone)
		}
	}
	if !strings.Contains(text, "Pause the clocks while Tablekeeper is in the background") {
		t.Fatalf("no background setting:\n%s", text)
	}
	// The window-shape preferences, even if set, change nothing.
	u.changeSettings(func(s *shell.Settings) { s.FullScreen, s.Portrait = false, true })
	u.applyWindow(u.Settings())
	if u.Window.FullScreen() {
		t.Fatal("the window shape was applied on a phone")
	}
}

// TestMobileBackgroundKeepsHonestTime: going to the background records
// where the players were; with "pause" chosen the clocks pause as events
// and run again on return; without it they keep running. A return into a
// new process (the system ended the app) opens the same campaign and tab.
func TestMobileBackgroundKeepsHonestTime(t *testing.T) {
	u, _, _ := newMobileUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	u.openCampaign(c.ID)
	cs := u.camp
	cs.selectTab("log")
	cs.toggle(tracker.TurnClock, cs.chrome.TurnToggle)
	if !cs.s.Core().Play.Running || !cs.s.Core().Turn.Running {
		t.Fatal("clocks not running")
	}

	// Not chosen: the clocks keep running through the background.
	u.toBackground()
	if !cs.s.Core().Play.Running || !cs.s.Core().Turn.Running {
		t.Fatal("the clocks paused although the players did not choose so")
	}
	u.toForeground()
	if u.camp != cs || cs.currentTab() != shell.TabLog {
		t.Fatal("the return did not resume where it was")
	}

	// Chosen: paused as events while away, running again on return.
	u.changeSettings(func(s *shell.Settings) { s.PauseInBackground = true })
	events := cs.s.LastSeq()
	u.toBackground()
	if cs.s.Core().Play.Running || cs.s.Core().Turn.Running {
		t.Fatal("the clocks run in the background although the players chose to pause them")
	}
	if cs.s.LastSeq() <= events {
		t.Fatal("the pause is not in the log")
	}
	// The pause is on disk: another reader of the file sees it.
	if s, err := u.DB.OpenSession(c.ID); err != nil || s.Core().Play.Running {
		t.Fatalf("the pause is not on disk: %v", err)
	}
	u.toForeground()
	if !cs.s.Core().Play.Running || !cs.s.Core().Turn.Running {
		t.Fatal("the clocks did not run again on return")
	}

	// The system ends the app in the background: a new start resumes the
	// same campaign on the same tab, with the clocks the app paused.
	u.toBackground()
	path := u.DB.Path()
	u.camp = nil // the process ends: no session closing, no backup
	u.DB.Close()
	u.DB = nil
	a2 := rootedApp{u.Fyne.(rootedApp).App, storage.NewFileURI(filepath.Dir(path))}
	u2 := New(a2, Options{
		Registry: tracker.Registry{testGame: lifeRules{}},
		Screens:  shell.Registry{testGame: lifeScreens{acts: &[]string{}}},
	})
	t.Cleanup(func() { u2.Shutdown() })
	if u2.camp == nil || u2.camp.s.Campaign().ID != c.ID {
		t.Fatalf("the new start shows %q, not the campaign it left", u2.Window.Title())
	}
	if u2.camp.currentTab() != shell.TabLog {
		t.Fatalf("resumed on %s, not the Log", u2.camp.currentTab())
	}
	if !u2.camp.s.Core().Play.Running || !u2.camp.s.Core().Turn.Running {
		t.Fatal("the clocks the app paused do not run again")
	}

	// Going Home ends the session: nothing to resume at the next start.
	u2.camp.leave()
	if u2.Fyne.Preferences().String(prefResumeCampaign) != "" {
		t.Fatal("a session that ended is still marked to resume")
	}
}

// TestMobileStopEndsTheSession: when the system stops the app with a
// campaign open, the session ends as with Home.
func TestMobileStopEndsTheSession(t *testing.T) {
	u, _, _ := newMobileUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	u.openCampaign(c.ID)
	before, _ := u.DB.Backups()
	u.stopped()
	if u.camp != nil {
		t.Fatal("the campaign is still open")
	}
	s, _ := u.DB.OpenSession(c.ID)
	if s.Core().Play.Running {
		t.Fatal("the play clock runs after the app stopped")
	}
	if after, _ := u.DB.Backups(); len(after) <= len(before) {
		t.Fatal("no backup when the app stopped")
	}
}

// Every kind of text field the games use lets the device's Back through
// while it holds the keyboard: Back closes the dialog it is in (a plain
// widget.Entry would keep Back, and the player would be stuck in the
// form). The walk of every game's screens fails on a plain entry
// (plainEntryProblems); this checks the fields themselves.
func TestMobileBackLeavesEveryTextField(t *testing.T) {
	u, _, _ := newMobileUI(t)
	u.showHome()
	fields := map[string]fyne.Focusable{
		"a one-line entry":    widgets.NewTextEntry(),
		"a multi-line entry":  widgets.NewMultiLineTextEntry(),
		"an entry suggesting": widgets.NewSuggestEntry([]string{"Ana", "Bea"}),
		"a checked entry":     widgets.NewCheckedEntry("a name", func(string) error { return nil }),
	}
	for name, f := range fields {
		d := widgets.NewDialog("A form", f.(fyne.CanvasObject), u.Window)
		d.Show()
		u.Window.Canvas().Focus(f)
		if u.Window.Canvas().Focused() != f {
			t.Fatalf("%s does not take the keyboard", name)
		}
		if pressBack(u) {
			t.Fatalf("Back in %s went to the device", name)
		}
		if widgets.TopDialog(u.Window.Canvas()) != nil {
			t.Errorf("Back in %s did not close its dialog", name)
			d.Hide()
		}
	}
}

// TestMobileSharesTheTable: on a phone or tablet the table is shared as on
// a desktop (where the system lets an app listen, as Android and iOS do on
// the local network): a phone joins and plays; the panel fits a phone and
// a portrait tablet at Largest text; Back goes from the panel back to the
// tabs, sharing still on; the system ending the app stops sharing.
func TestMobileSharesTheTable(t *testing.T) {
	u, _, _ := newMobileUI(t)
	c, err := u.DB.NewCampaign(testGame, "Alpha", 7)
	if err != nil {
		t.Fatal(err)
	}
	l := &appLoop{}
	u.exec, u.post = l.exec, l.post
	u.tables = map[tracker.GameID]share.Table{testGame: lifeTable{}}
	u.shareAddr = "127.0.0.1:0"
	u.openCampaign(c.ID)
	cs := u.camp
	test.Tap(cs.chrome.Share)
	test.Tap(findButton(t, u, "Share this table"))
	h := cs.share.host
	if h == nil {
		t.Fatalf("not sharing:\n%s", screenText(u))
	}
	p, st, words := joinFromQR(t, l, theQR(t, u).Text(), "Marta", "ana")
	if st != 200 {
		t.Fatalf("join: %d %s", st, words)
	}
	if ans, _ := p.tap(t, l, share.Action{Name: "life", N: -2}); ans.Status != "accepted" {
		t.Fatalf("tap: %+v", ans)
	}
	eventually(t, l, "the phone's change on the tablet", func() bool { return life(cs) == 8 })
	// The whole window on a portrait tablet; on a phone, the panel (the
	// frame's header is a tablet's: on a phone at Largest its rows of
	// buttons are wider than the screen, panel or not).
	u.setSettings(shell.Settings{Theme: "dark", TextScale: 1.85})
	for _, size := range []fyne.Size{fyne.NewSize(390, 844), fyne.NewSize(800, 1280)} {
		u.Window.Resize(size)
		u.Window.Content().Refresh()
		what := u.Window.Content()
		if size.Width < 400 {
			what = cs.share.root
		}
		// A phone's window has the whole screen, with no padding round it.
		for _, bad := range uitest.TooBig(what, size) {
			t.Errorf("at %v, Largest text: %s", size, bad)
		}
	}
	if pressBack(u) || cs.chrome.Panel() != nil || u.camp != cs || cs.share.host != h {
		t.Fatal("Back did not go from the sharing panel to the tabs, sharing on")
	}
	u.stopped()
	waitHost(t, l, h)
	if _, st := p.tap(t, l, share.Action{Name: "life", N: -1}); st != 0 {
		t.Fatalf("the host answers after the system ended the app: %d", st)
	}
}
