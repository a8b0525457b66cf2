package uitest

import (
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/shell"
)

// Tablet sizes the app is made for, in dp.
var (
	Landscape = fyne.NewSize(1280, 800)
	Portrait  = fyne.NewSize(800, 1280)
)

var tabAreas = struct {
	sync.Mutex
	m map[[2]float32]fyne.Size
}{m: map[[2]float32]fyne.Size{}}

// TabArea is the room the campaign frame leaves a game's tab (Play,
// Campaign, Enemy) in a 1280×800 window, or 800×1280 in portrait, at a
// text size (1 Normal, 1.85 Largest): measured from the frame itself
// (shell.Chrome) laid out with the app's theme in a test window, with the
// header as it is while a campaign plays (clocks running, a long name). A
// game's tab content must have a MinSize within it, in both dimensions:
//
//	if bad := uitest.TooBig(play, uitest.TabArea(true, 1.85)); len(bad) > 0 { … }
//
// It uses the current Fyne app (a test app; one is made if there is none)
// and gives the app its theme back after measuring.
func TabArea(portrait bool, textScale float32) fyne.Size {
	key := [2]float32{textScale, 0}
	if portrait {
		key[1] = 1
	}
	tabAreas.Lock()
	defer tabAreas.Unlock()
	if s, ok := tabAreas.m[key]; ok {
		return s
	}
	a := fyne.CurrentApp()
	if a == nil {
		a = test.NewApp()
	}
	old := a.Settings().Theme()
	a.Settings().SetTheme(Theme(textScale))
	defer a.Settings().SetTheme(old)
	size := Landscape
	if portrait {
		size = Portrait
	}
	w := a.NewWindow("tab area")
	defer w.Close()
	empty := func() fyne.CanvasObject { return canvas.NewRectangle(nil) }
	ch := shell.NewChrome(w, "A campaign with a name long enough to be cut short", empty(), empty(), empty(), empty())
	ch.Title.Set("A campaign with a name long enough to be cut short", "Phantom Epoch · Mission 3 · Round 12")
	ch.PlayClock.SetTime("12:34:56", false)
	ch.TurnClock.SetTime("4:30 left", false)
	ch.Message.Set("Ana attacks Vex Brute 1: 3 damage", false)
	w.SetContent(ch.Root)
	w.Resize(size)
	// A header that moves its clocks to a row of their own asks for the
	// layout again.
	w.Content().Refresh()
	w.Resize(size)
	area := ch.Tabs.Items[0].Content.Size()
	tabAreas.m[key] = area
	return area
}
