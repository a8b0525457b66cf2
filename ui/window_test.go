package ui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// TestTheFirstWindowFitsItsScreen: with no shape chosen in Settings, the
// first window takes the shape of the screen it opens on and fits it
// (issue 22: an 800×1280 screen opened a 1280×800 window, its right third
// off screen, until Portrait was chosen); a choice made in Settings wins.
func TestTheFirstWindowFitsItsScreen(t *testing.T) {
	t.Setenv("TABLEKEEPER_SIZE", "")
	full := fullScreenFirst
	fullScreenFirst = false // (Windows fills the screen until a window is chosen)
	t.Cleanup(func() { fullScreenFirst = full })
	a := test.NewTempApp(t)
	open := func(screen fyne.Size) *App {
		u := New(a, Options{DBPath: filepath.Join(t.TempDir(), "t.db"), Registry: tracker.Registry{testGame: lifeRules{}},
			Screens: shell.Registry{testGame: lifeScreens{acts: &[]string{}}}, ScreenArea: func() (fyne.Size, bool) { return screen, true }})
		t.Cleanup(func() { u.Shutdown() })
		return u
	}
	for _, c := range []struct{ screen, window fyne.Size }{
		{fyne.NewSize(800, 1280), fyne.NewSize(800, 1280)},
		{fyne.NewSize(1920, 1050), fyne.NewSize(1280, 800)},
		{fyne.NewSize(1366, 728), fyne.NewSize(1280, 728)},
		{fyne.NewSize(768, 1000), fyne.NewSize(768, 1000)},
	} {
		u := open(c.screen)
		if got := u.Window.Canvas().Size(); got != c.window {
			t.Errorf("a %v screen opened a %v window, want %v", c.screen, got, c.window)
		}
		if c.screen.Height > c.screen.Width {
			u.showSettings()
			if r := find[*radioT](u); r[2].Selected != "Portrait (800×1280)" {
				t.Errorf("Settings shows the %v window as %q", c.window, r[2].Selected)
			}
		}
	}
	// The players' choice is kept and wins over the screen's shape.
	u := open(fyne.NewSize(800, 1280))
	u.changeSettings(func(s *shell.Settings) { s.Portrait = false })
	u2 := open(fyne.NewSize(800, 1280))
	if got := u2.Window.Canvas().Size(); got != fyne.NewSize(1280, 800) {
		t.Errorf("a chosen landscape window opened %v", got)
	}
}

// TestCtrlQClosesTheWindowAsClosingItDoes: Ctrl+Q closes the window, even
// from an entry holding the keyboard; Run then ends the session as when
// the window is closed (its play clock paused, a backup written).
func TestCtrlQClosesTheWindowAsClosingItDoes(t *testing.T) {
	u, cs, _ := openTest(t)
	closed := false
	u.Window.SetOnClosed(func() { closed = true })
	cs.askNote()
	e := find[*widgets.NoteEntry](u)[0]
	u.Window.Canvas().Focus(e)
	e.TypedShortcut(widgets.QuitShortcut)
	if !closed {
		t.Fatal("Ctrl+Q in the note did not close the window")
	}
	if err := u.Shutdown(); err != nil { // what Run does once the window is closed
		t.Fatal(err)
	}
	if cs.s.Core().Play.Running {
		t.Fatal("the session did not end: the play clock runs on")
	}
}
