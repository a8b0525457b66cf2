package eternaut

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// smallTargets lists every tappable thing on screen smaller than a finger.
func smallTargets(root fyne.CanvasObject) []string {
	var out []string
	walk(root, func(o fyne.CanvasObject) {
		if _, ok := o.(fyne.Tappable); !ok || !o.Visible() {
			return
		}
		if strings.Contains(fmt.Sprintf("%T", o), "scrollBar") {
			return
		}
		if s := o.Size(); s.Width < widgets.MinTouch-0.5 || s.Height < widgets.MinTouch-0.5 {
			out = append(out, fmt.Sprintf("%T %v", o, s))
		}
	})
	return out
}

// tableSizes are the app theme's sizes (package ui's table theme): 16 dp
// text with 14 dp inner padding, so a line of text is a finger tall.
type tableSizes struct{ fyne.Theme }

func (t tableSizes) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText:
		return 16
	case theme.SizeNameHeadingText:
		return 26
	case theme.SizeNameSubHeadingText:
		return 20
	case theme.SizeNameCaptionText:
		return 13
	case theme.SizeNameInlineIcon:
		return 24
	case theme.SizeNameInnerPadding:
		return 14
	}
	return t.Theme.Size(n)
}

func TestTouchTargets(t *testing.T) {
	tb := newTable(t)
	fyne.CurrentApp().Settings().SetTheme(tableSizes{theme.DefaultTheme()})
	tb.inC()
	p := NewPlayScreen(tb.ctx)
	e := NewEnemyScreen(tb.ctx)
	d := NewDiaryScreen(tb.ctx)
	tabs := container.NewAppTabs(container.NewTabItem("Play", p.Object()), container.NewTabItem("Enemy", e.Object()), container.NewTabItem("Diary", d.Object()))
	tb.win.SetContent(tabs)
	for _, size := range []fyne.Size{fyne.NewSize(1280, 800), fyne.NewSize(800, 1280)} {
		tb.win.Resize(size)
		for i := range 3 {
			tabs.SelectIndex(i)
			for j := range 3 {
				if i == 0 {
					p.tabs.SelectIndex(j)
				}
				tb.win.Content().Refresh()
				if bad := smallTargets(tb.win.Content()); len(bad) > 0 {
					t.Errorf("%v tab %d/%d: %d small targets: %v", size, i, j, len(bad), bad[:min(len(bad), 12)])
				}
			}
		}
	}
}

func TestTouchTargetsSetupAndShop(t *testing.T) {
	tb := newTable(t)
	fyne.CurrentApp().Settings().SetTheme(tableSizes{theme.DefaultTheme()})
	tb.toC()
	tb.play()
	check := func(what string) {
		for _, size := range []fyne.Size{fyne.NewSize(1280, 800), fyne.NewSize(800, 1280)} {
			tb.win.Resize(size)
			tb.win.Content().Refresh()
			if bad := smallTargets(tb.win.Content()); len(bad) > 0 {
				t.Errorf("%s %v: %v", what, size, bad)
			}
		}
	}
	check("setup of C")
	tb.do(et.StartScenario{Key: "C", Characters: []string{"901", "902", "903", "905"}}, et.EndScenario{},
		et.ConfirmObjectives{}, et.ReturnItems{}, et.RecordEpilogue{Code: "END-D-1"}, et.RecordSpecialQuests{}, et.Unlock{})
	check("shop")
}
