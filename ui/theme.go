package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"tablekeeper/ui/shell"
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
		FullScreen: p.Bool(prefFull), Portrait: p.Bool(prefPortrait)}
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
}

// tableTheme is Fyne's theme with the device's choices: a fixed dark or
// light variant, text scaled, and paddings large enough that every button
// is a 48 dp touch target.
type tableTheme struct {
	base    fyne.Theme
	variant fyne.ThemeVariant
	fixed   bool
	scale   float32
}

func newTableTheme(s shell.Settings) fyne.Theme {
	t := &tableTheme{base: theme.DefaultTheme(), scale: s.TextScale}
	switch s.Theme {
	case "dark":
		t.variant, t.fixed = theme.VariantDark, true
	case "light":
		t.variant, t.fixed = theme.VariantLight, true
	}
	return t
}

func (t *tableTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if t.fixed {
		v = t.variant
	}
	return t.base.Color(n, v)
}

func (t *tableTheme) Font(s fyne.TextStyle) fyne.Resource     { return t.base.Font(s) }
func (t *tableTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.base.Icon(n) }

func (t *tableTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText:
		return 16 * t.scale
	case theme.SizeNameHeadingText:
		return 26 * t.scale
	case theme.SizeNameSubHeadingText:
		return 20 * t.scale
	case theme.SizeNameCaptionText:
		return 13 * t.scale
	case theme.SizeNameInlineIcon:
		return 24
	case theme.SizeNameInnerPadding:
		// 16 dp text is about 21 dp tall; twice 14 makes 49.
		return 14
	case theme.SizeNameScrollBar:
		return 12
	}
	return t.base.Size(n)
}
