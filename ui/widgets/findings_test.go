package widgets

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestCheckScreenFindsWhatPlayersCannotUse: a choice cut short, a map
// label drawn under the caption size and a strip of controls that
// scrolls are found; a message line cut on purpose, text ending in its
// own "…" and a scroll area whose content fits are not.
func TestCheckScreenFindsWhatPlayersCannotUse(t *testing.T) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(NewTableTheme("dark", 1.85))
	cut := widget.NewSelect([]string{"small lens of the ancients"}, nil)
	cut.SetSelected("small lens of the ancients")
	small := canvas.NewText("E-4", nil)
	small.TextSize = 9
	var strip []fyne.CanvasObject
	for i := 0; i < 8; i++ {
		strip = append(strip, widget.NewButton("Roll", nil))
	}
	short := container.NewVScroll(container.NewVBox(strip...))
	short.SetMinSize(fyne.NewSize(200, 120))
	fits := container.NewVScroll(widget.NewButton("Fits", nil))
	fits.SetMinSize(fyne.NewSize(200, 120))
	msg := NewMessageLine(nil)
	msg.Set(strings.Repeat("A long message that is cut on purpose. ", 20), false)
	holding := widget.NewButton("Keep holding…", nil)
	w := test.NewTempWindow(t, container.NewBorder(nil, msg, nil, nil,
		container.NewVBox(container.NewGridWrap(fyne.NewSize(160, 60), cut), container.NewWithoutLayout(small), holding, short, fits)))
	w.Resize(fyne.NewSize(800, 1280))
	small.Resize(small.MinSize())
	got := strings.Join(func() []string {
		var s []string
		for _, f := range CheckScreen(w.Canvas()) {
			s = append(s, f.String())
		}
		return s
	}(), "\n")
	for _, want := range []string{"cut short: choice \"sma", "text too small: \"E-4\" drawn at 9 (the caption size is 24)",
		"scroll area too short: a scroll area 120 tall holding \"Roll\""} {
		if !strings.Contains(got, want) {
			t.Errorf("not found: %s\nin:\n%s", want, got)
		}
	}
	for _, not := range []string{"long message", "Keep holding", "Fits"} {
		if strings.Contains(got, not) {
			t.Errorf("found %q, which is as it should be:\n%s", not, got)
		}
	}
}
