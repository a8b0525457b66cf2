package widgets

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// luminance is WCAG 2's relative luminance of an opaque colour.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// over puts a colour with alpha over an opaque background.
func over(fg, bg color.Color) color.Color {
	n := color.NRGBAModel.Convert(fg).(color.NRGBA)
	b := color.NRGBAModel.Convert(bg).(color.NRGBA)
	a := float64(n.A) / 255
	mix := func(f, g uint8) uint8 { return uint8(math.Round(float64(f)*a + float64(g)*(1-a))) }
	return color.NRGBA{R: mix(n.R, b.R), G: mix(n.G, b.G), B: mix(n.B, b.B), A: 0xff}
}

// contrast is WCAG 2's contrast ratio of fg over bg.
func contrast(fg, bg color.Color) float64 {
	fg = over(fg, bg)
	a, b := luminance(fg), luminance(bg)
	if a < b {
		a, b = b, a
	}
	return (a + 0.05) / (b + 0.05)
}

// TestThemeContrast computes, from the app theme's own colours in the dark
// and the light variant, the contrast of every kind of text against every
// background it is drawn on (WCAG AA: 4.5:1 for text), and of the
// outlines of radio buttons, checks and entries and of selected states
// (3:1 for what is not text).
func TestThemeContrast(t *testing.T) {
	test.NewTempApp(t)
	texts := []fyne.ThemeColorName{theme.ColorNameForeground, theme.ColorNamePlaceHolder, theme.ColorNameDisabled,
		theme.ColorNameError, theme.ColorNameWarning, theme.ColorNameSuccess, theme.ColorNamePrimary, theme.ColorNameHyperlink}
	grounds := []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameOverlayBackground, theme.ColorNameMenuBackground,
		theme.ColorNameHeaderBackground}
	for _, variant := range []string{"dark", "light"} {
		th := NewTableTheme(variant, 1)
		col := func(n fyne.ThemeColorName) color.Color { return th.Color(n, theme.VariantDark) }
		check := func(fg, bg fyne.ThemeColorName, least float64) {
			t.Helper()
			if r := contrast(col(fg), col(bg)); r < least {
				t.Errorf("%s: %s on %s is %.2f:1, under %.1f:1", variant, fg, bg, r, least)
			}
		}
		for _, fg := range texts {
			for _, bg := range grounds {
				check(fg, bg, 4.5)
			}
		}
		// Hints and placeholders inside entries, the clocks' names on their
		// faces, secondary text on a button, a disabled button's label.
		check(theme.ColorNamePlaceHolder, theme.ColorNameInputBackground, 4.5)
		check(theme.ColorNamePlaceHolder, theme.ColorNameButton, 4.5)
		check(theme.ColorNameForeground, theme.ColorNameInputBackground, 4.5)
		check(theme.ColorNameForeground, theme.ColorNameButton, 4.5)
		check(theme.ColorNameDisabled, theme.ColorNameDisabledButton, 4.5)
		// Text on coloured buttons.
		check(theme.ColorNameForegroundOnPrimary, theme.ColorNamePrimary, 4.5)
		check(theme.ColorNameForegroundOnError, theme.ColorNameError, 4.5)
		// Unselected radio buttons, checks and entries: their outline.
		for _, bg := range []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameOverlayBackground, theme.ColorNameInputBackground} {
			check(theme.ColorNameInputBorder, bg, 3)
			// Selected: the primary colour's fill, and a selected row.
			check(theme.ColorNamePrimary, bg, 3)
		}
		if r := contrast(over(col(theme.ColorNameSelection), col(theme.ColorNameBackground)), col(theme.ColorNameBackground)); r < 1.3 {
			t.Errorf("%s: a selected row is %.2f:1 against the background: not visible", variant, r)
		}
		// A disabled button's label is set apart from an enabled one's.
		if r := contrast(col(theme.ColorNameForeground), col(theme.ColorNameDisabled)); r < 2 {
			t.Errorf("%s: disabled text is too close to enabled text (%.2f:1)", variant, r)
		}
	}
	if got := fmt.Sprintf("%.2f", contrast(color.White, color.Black)); got != "21.00" {
		t.Fatal(got)
	}
}
