package ui

import (
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

func loadSettings(p fyne.Preferences) shell.Settings {
	s := shell.Settings{Theme: p.StringWithFallback(prefTheme, "dark"), TextScale: float32(p.FloatWithFallback(prefTextScale, 1)),
		FullScreen: p.Bool(prefFull), Portrait: p.Bool(prefPortrait), PauseInBackground: p.Bool(prefPauseInBackground)}
	if s.Theme != "dark" && s.Theme != "light" {
		s.Theme = ""
	}
	if s.TextScale < 0.5 || s.TextScale > 3 {
		s.TextScale = 1
	}
	return s
}

func saveSettings(p fyne.Preferences, s shell.Settings) {
	p.SetString(prefTheme, s.Theme)
	p.SetFloat(prefTextScale, float64(s.TextScale))
	p.SetBool(prefFull, s.FullScreen)
	p.SetBool(prefPortrait, s.Portrait)
	p.SetBool(prefPauseInBackground, s.PauseInBackground)
}

func newTableTheme(s shell.Settings) fyne.Theme { return widgets.NewTableTheme(s.Theme, s.TextScale) }
