package widgets

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// swatch is a widget as the games' maps are made: it takes its colours
// from theme.Color when its renderer is made, and its raster asks again
// when it is painted.
type swatch struct {
	widget.BaseWidget
	least fyne.Size
}

func newSwatch() *swatch { return newSwatchOf(fyne.NewSize(100, 60)) }

func newSwatchOf(least fyne.Size) *swatch {
	s := &swatch{least: least}
	s.ExtendBaseWidget(s)
	// As the games' map widgets do: a refresh as it is made, which makes
	// its renderer, and takes its colours, then.
	s.Refresh()
	return s
}

func (s *swatch) CreateRenderer() fyne.WidgetRenderer {
	box := canvas.NewRectangle(theme.Color(theme.ColorNameForeground))
	box.Resize(fyne.NewSize(20, 20))
	r := canvas.NewRaster(func(w, h int) image.Image {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		draw.Draw(img, img.Bounds(), image.NewUniform(theme.Color(theme.ColorNamePrimary)), image.Point{}, draw.Src)
		return img
	})
	r.Move(fyne.NewPos(30, 0))
	r.Resize(fyne.NewSize(20, 20))
	// The far corner of what it asks for is drawn too: a widget that
	// draws past the picture.
	corner := canvas.NewRectangle(theme.Color(theme.ColorNameForeground))
	corner.Move(fyne.NewPos(s.least.Width-20, s.least.Height-20))
	corner.Resize(fyne.NewSize(20, 20))
	return widget.NewSimpleRenderer(&fyne.Container{Objects: []fyne.CanvasObject{box, r, corner}})
}

func (s *swatch) MinSize() fyne.Size { return s.least }

func TestOffscreenDrawsInTheThemeAskedNotTheApps(t *testing.T) {
	a := test.NewTempApp(t)
	appTheme := NewTableTheme("dark", 1)
	a.Settings().SetTheme(appTheme)
	for _, dark := range []bool{true, false} {
		variant := map[bool]string{true: "dark", false: "light"}[dark]
		want := NewTableTheme(variant, 1)
		img := Offscreen(func() fyne.CanvasObject { return newSwatch() }, image.Pt(120, 80), dark)
		if img == nil || img.Bounds().Dx() != 120 || img.Bounds().Dy() != 80 {
			t.Fatalf("%s: picture %v, want 120×80", variant, img)
		}
		check := func(what string, x, y int, name fyne.ThemeColorName) {
			t.Helper()
			if got, w := rgba(img.At(x, y)), rgba(want.Color(name, theme.VariantDark)); got != w {
				t.Errorf("%s: %s at %d,%d is %v, want %v", variant, what, x, y, got, w)
			}
		}
		check("the colour taken when the renderer was made", 10, 10, theme.ColorNameForeground)
		check("the colour the raster asks for when painted", 40, 10, theme.ColorNamePrimary)
		check("the background", 100, 60, theme.ColorNameBackground)
	}
	if a.Settings().Theme() != appTheme {
		t.Fatal("drawing a picture changed the app's theme")
	}
	if got, want := rgba(theme.Color(theme.ColorNameBackground)), rgba(appTheme.Color(theme.ColorNameBackground, theme.VariantDark)); got != want {
		t.Fatalf("after the picture the app's background reads %v, want %v", got, want)
	}
}

// A widget that draws past the picture's edge is drawn smaller, whole,
// not cut: at half its size here.
func TestOffscreenDrawsALargerWidgetSmaller(t *testing.T) {
	test.NewTempApp(t)
	img := Offscreen(func() fyne.CanvasObject { return newSwatchOf(fyne.NewSize(240, 160)) }, image.Pt(120, 80), true)
	if img == nil || img.Bounds() != image.Rect(0, 0, 120, 80) {
		t.Fatalf("picture %v, want 120×80", img)
	}
	dark := NewTableTheme("dark", 1)
	for _, c := range []struct {
		x, y int
		name fyne.ThemeColorName
	}{{5, 5, theme.ColorNameForeground}, {12, 5, theme.ColorNameBackground}, {20, 5, theme.ColorNamePrimary}, {30, 5, theme.ColorNameBackground},
		{115, 75, theme.ColorNameForeground}, {105, 65, theme.ColorNameBackground}} {
		if got, want := rgba(img.At(c.x, c.y)), rgba(dark.Color(c.name, theme.VariantDark)); got != want {
			t.Errorf("at %d,%d %v, want %s %v", c.x, c.y, got, c.name, want)
		}
	}
}

func TestOffscreenRefusesNoSize(t *testing.T) {
	test.NewTempApp(t)
	if img := Offscreen(func() fyne.CanvasObject { return newSwatch() }, image.Pt(0, 10), true); img != nil {
		t.Fatal("a picture of no width was drawn")
	}
}

func rgba(c color.Color) color.NRGBA { return color.NRGBAModel.Convert(c).(color.NRGBA) }
