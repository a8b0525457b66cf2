package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// smallTargets lists every tappable thing on screen smaller than a finger.
func smallTargets(u *App) []string {
	var out []string
	for _, r := range roots(u) {
		walk(r, func(o fyne.CanvasObject) {
			if _, ok := o.(fyne.Tappable); !ok {
				return
			}
			if strings.Contains(fmt.Sprintf("%T", o), "scrollBar") {
				return // dragged, not tapped
			}
			if s := o.Size(); s.Width < widgets.MinTouch-0.5 || s.Height < widgets.MinTouch-0.5 {
				out = append(out, fmt.Sprintf("%T %q %v", o, label(o), s))
			}
		})
	}
	return out
}

func label(o fyne.CanvasObject) string {
	if b, ok := o.(interface{ Text() string }); ok {
		return b.Text()
	}
	return ""
}

func TestEveryTouchTargetIsAtLeast48dp(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	screens := []struct {
		name string
		show func()
	}{
		{"home", u.showHome},
		{"new campaign", u.showNewCampaign},
		{"settings", u.showSettings},
		{"data", u.showData},
		{"play", func() { u.openCampaign(c.ID); u.camp.selectTab("play") }},
		{"campaign", func() { u.camp.selectTab("campaign") }},
		{"enemy", func() { u.camp.selectTab("enemy") }},
		{"log", func() { u.camp.selectTab("log") }},
	}
	for _, size := range []fyne.Size{fyne.NewSize(1280, 800), fyne.NewSize(800, 1280)} {
		u.Window.Resize(size)
		for _, s := range screens {
			s.show()
			u.Window.Content().Refresh()
			if small := smallTargets(u); len(small) > 0 {
				t.Errorf("%s at %v: small targets:\n%s", s.name, size, strings.Join(small, "\n"))
			}
		}
		if u.camp != nil {
			u.closeCampaign()
		}
	}
}

// TestEveryScreenFitsAPortraitTablet checks that no screen of the frame
// needs more than 800 dp across, at every text size, so nothing is cut off
// at a tablet's edge in portrait.
func TestEveryScreenFitsAPortraitTablet(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "A campaign with a name long enough to need cutting short", 7)
	u.DB.Backup()
	screens := map[string]func(){
		"home": u.showHome, "new campaign": u.showNewCampaign, "settings": u.showSettings, "data": u.showData,
		"play": func() { u.openCampaign(c.ID); u.camp.selectTab("play") },
		"log":  func() { u.openCampaign(c.ID); u.camp.selectTab("log") },
	}
	for _, ts := range textScales {
		u.setSettings(shell.Settings{Theme: "dark", TextScale: ts.Scale})
		for name, show := range screens {
			show()
			if w := u.Window.Content().MinSize().Width; w > 800 {
				t.Errorf("%s at text size %s needs %.0f dp across", name, ts.Name, w)
			}
			u.closeCampaign()
		}
	}
}
