package eternaut

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"

	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// sizes are the tablet the app is made for, both ways round, at Normal and
// the largest text.
var sizes = []struct {
	portrait bool
	scale    float32
}{{false, 1}, {false, 1.85}, {true, 1}, {true, 1.85}}

func sizeName(portrait bool, scale float32) string {
	return fmt.Sprintf("%s at text %.2g", map[bool]string{false: "1280×800", true: "800×1280"}[portrait], scale)
}

// TestTabsFitTheFrame: in every scene, the Play, Campaign and Enemy tabs
// fit the room the frame leaves a game's tab (uitest.TabArea) at 1280×800
// and 800×1280, Normal and Largest text, in width AND height: a desktop
// window grows to its content's least size, so what is too big would push
// the window past its screen.
func TestTabsFitTheFrame(t *testing.T) {
	for _, sc := range scenes {
		t.Run(sc.name, func(t *testing.T) {
			tb := newMemTable(t)
			sc.build(tb)
			for _, sz := range sizes {
				area := uitest.TabArea(sz.portrait, sz.scale)
				fyne.CurrentApp().Settings().SetTheme(uitest.Theme(sz.scale))
				for _, tab := range tabs {
					obj := tab.make(tb)
					tb.show(obj)
					tb.win.Resize(area)
					tb.win.Content().Refresh()
					for _, o := range uitest.TooBig(obj, area) {
						t.Errorf("%s, %s tab: %s", sizeName(sz.portrait, sz.scale), tab.name, o)
					}
				}
			}
		})
	}
}

// TestDialogsFitTheWindow: every dialog the screens open keeps its
// buttons on a 1280×800 and an 800×1280 screen at Normal and Largest text
// (its least size fits the window in both dimensions; what is taller
// scrolls inside it).
func TestDialogsFitTheWindow(t *testing.T) {
	for _, sz := range sizes {
		t.Run(sizeName(sz.portrait, sz.scale), func(t *testing.T) {
			tb := newMemTable(t)
			liveC(tb)
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(sz.scale))
			win := uitest.Landscape
			if sz.portrait {
				win = uitest.Portrait
			}
			tb.win.Resize(win)
			p, e, d := NewPlayScreen(tb.ctx), NewEnemyScreen(tb.ctx), NewDiaryScreen(tb.ctx)
			tb.show(p.Object())
			tb.win.Resize(win)
			for _, o := range dialogs(t, tb, p, e, d) {
				o.open()
				if widgets.TopDialog(tb.win.Canvas()) == nil {
					t.Errorf("%s: no dialog opened", o.name)
					continue
				}
				for _, bad := range uitest.DialogTooBig(tb.win) {
					t.Errorf("%s: %s", o.name, bad)
				}
				tb.closeDialogs()
			}
			// The game's part of the new-campaign form, in a form dialog
			// as the frame shows it.
			setup := Screens{}.Setup(shell.SetupEnv{Window: tb.win})
			f := widgets.NewForm("New campaign", "Create", "Cancel", setup.Items, nil, tb.win)
			f.Show()
			for _, bad := range uitest.DialogTooBig(tb.win) {
				t.Errorf("the new-campaign form: %s", bad)
			}
			f.Hide()
		})
	}
}
