package ui

import (
	"runtime"

	"fyne.io/fyne/v2"

	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// Preference keys. The display settings live in Fyne's Preferences, which
// belong to the device: a campaign, its export and its undo never see them.
const (
	prefTheme     = "display.theme"     // "dark", "light" or "" (the system's)
	prefTextScale = "display.textScale" // 1 is the default size
	prefFull      = "display.fullScreen"
	prefPortrait  = "display.portrait"
)

// textScales are the text sizes offered, with their names.
var textScales = []struct {
	Name  string
	Scale float32
}{
	{"Small", 0.85}, {"Normal", 1}, {"Large", 1.25}, {"Larger", 1.5}, {"Largest", 1.85},
}

// fullScreenFirst is whether the app fills the screen until the players
// choose a window in Settings. On Windows it does: a Windows tablet's
// screen is often smaller than a 1280×800 window once its title bar, the
// taskbar and the display's scaling are counted (a Surface Go is 1200×800
// at its usual 150 %), and Fyne cannot tell the app the screen's size. On
// Linux the window is as the Settings say (1280×800 unless chosen).
var fullScreenFirst = runtime.GOOS == "windows"

func loadSettings(p fyne.Preferences) shell.Settings {
	s := shell.Settings{Theme: p.StringWithFallback(prefTheme, "dark"), TextScale: float32(p.FloatWithFallback(prefTextScale, 1)),
		FullScreen: p.BoolWithFallback(prefFull, fullScreenFirst), Portrait: p.Bool(prefPortrait), PauseInBackground: p.Bool(prefPauseInBackground)}
	if s.Theme != "dark" && s.Theme != "light" {
		s.Theme = ""
	}
	if s.TextScale < 0.5 || s.TextScale > 3 {
		s.TextScale = 1
	}
	return s
}

// shapeChosen says whether the players chose the window's shape (any
// setting saved keeps it): until then the window takes the screen's.
func shapeChosen(p fyne.Preferences) bool {
	return p.BoolWithFallback(prefPortrait, true) == p.BoolWithFallback(prefPortrait, false)
}

func saveSettings(p fyne.Preferences, s shell.Settings) {
	p.SetString(prefTheme, s.Theme)
	p.SetFloat(prefTextScale, float64(s.TextScale))
	p.SetBool(prefFull, s.FullScreen)
	p.SetBool(prefPortrait, s.Portrait)
	p.SetBool(prefPauseInBackground, s.PauseInBackground)
}

func newTableTheme(s shell.Settings) fyne.Theme { return widgets.NewTableTheme(s.Theme, s.TextScale) }
