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
	pal := darkColors
	if v == theme.VariantLight {
		pal = lightColors
	}
	if c, ok := pal[n]; ok {
		return c
	}
	return t.base.Color(n, v)
}

// The colours the app changes from Fyne's, so that text a player must
// read (hints, placeholders, secondary and disabled text, red problems,
// warnings, links) is at least WCAG AA's 4.5:1 against the backgrounds it
// sits on, and the outlines of unselected radio buttons, checks and
// entries at least 3:1 (Fyne's light theme draws them #e3e3e3 on white,
// nearly invisible). The primary colour is fixed (not the desktop's
// choice) so its contrast is known. theme_test.go computes every ratio.
var (
	darkColors = map[fyne.ThemeColorName]color.Color{
		theme.ColorNameDisabled:            rgb(0x95, 0x95, 0x95),
		theme.ColorNamePlaceHolder:         rgb(0xb2, 0xb2, 0xb2),
		theme.ColorNameInputBorder:         rgb(0x7a, 0x7a, 0x7a),
		theme.ColorNameError:               rgb(0xff, 0x6b, 0x5e),
		theme.ColorNameForegroundOnError:   rgb(0x17, 0x17, 0x18),
		theme.ColorNamePrimary:             rgb(0x4a, 0x90, 0xff),
		theme.ColorNameHyperlink:           rgb(0x4a, 0x90, 0xff),
		theme.ColorNameForegroundOnPrimary: rgb(0x10, 0x10, 0x12),
		theme.ColorNameFocus:               color.NRGBA{R: 0x4a, G: 0x90, B: 0xff, A: 0x7f},
		theme.ColorNameSelection:           color.NRGBA{R: 0x4a, G: 0x90, B: 0xff, A: 0x50},
	}
	lightColors = map[fyne.ThemeColorName]color.Color{
		theme.ColorNameForeground:          rgb(0x1d, 0x1d, 0x1f),
		theme.ColorNameDisabled:            rgb(0x66, 0x66, 0x66),
		theme.ColorNamePlaceHolder:         rgb(0x66, 0x66, 0x66),
		theme.ColorNameInputBorder:         rgb(0x85, 0x85, 0x85),
		theme.ColorNameDisabledButton:      rgb(0xeb, 0xeb, 0xeb),
		theme.ColorNameError:               rgb(0xc6, 0x28, 0x28),
		theme.ColorNameWarning:             rgb(0xa6, 0x53, 0x00),
		theme.ColorNameSuccess:             rgb(0x2e, 0x7d, 0x32),
		theme.ColorNamePrimary:             rgb(0x15, 0x65, 0xc0),
		theme.ColorNameHyperlink:           rgb(0x15, 0x65, 0xc0),
		theme.ColorNameForegroundOnPrimary: rgb(0xff, 0xff, 0xff),
		theme.ColorNameFocus:               color.NRGBA{R: 0x15, G: 0x65, B: 0xc0, A: 0x7f},
		theme.ColorNameSelection:           color.NRGBA{R: 0x15, G: 0x65, B: 0xc0, A: 0x40},
	}
)

func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{R: r, G: g, B: b, A: 0xff} }

func (t *tableTheme) Font(s fyne.TextStyle) fyne.Resource { return t.base.Font(s) }
func (t *tableTheme) Icon(n fyne.ThemeIconName) fyne.Resource {
	switch n {
	case theme.IconNameCheckButton:
		return checkBoxIcon
	case theme.IconNameCheckButtonChecked:
		return checkBoxCheckedIcon
	case theme.IconNameCheckButtonFill:
		return checkBoxFillIcon
	case theme.IconNameCheckButtonPartial:
		return checkBoxPartialIcon
	case theme.IconNameRadioButton:
		return radioIcon
	case theme.IconNameRadioButtonChecked:
		return radioCheckedIcon
	case theme.IconNameRadioButtonFill:
		return radioFillIcon
	}
	return t.base.Icon(n)
}

// SizeNameReadAcross is the text size of what is read from across the
// table (a shared table's join code): half as big again as a heading.
const SizeNameReadAcross fyne.ThemeSizeName = "tablekeeper-readAcross"

func (t *tableTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText:
		return 16 * t.scale
	case theme.SizeNameHeadingText:
		return 26 * t.scale
	case SizeNameReadAcross:
		return 40 * t.scale
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
