package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// tableTheme is Fyne's theme with the device's choices: a fixed dark or
// light variant, text scaled, and paddings large enough that every button
// is a 48 dp touch target.
type tableTheme struct {
	base    fyne.Theme
	variant fyne.ThemeVariant
	fixed   bool
	scale   float32
}

// NewTableTheme is the app's theme: variant "dark", "light" or "" (the
// system's), and every text size multiplied by textScale. It lives here so
// the games' screen tests measure with the very sizes the app draws with.
func NewTableTheme(variant string, textScale float32) fyne.Theme {
	t := &tableTheme{base: theme.DefaultTheme(), scale: textScale}
	switch variant {
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
