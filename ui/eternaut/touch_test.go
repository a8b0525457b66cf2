package eternaut

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"tablekeeper/ui/uitest"
)

// pages shows each page of a tab in turn (the Play tab's Table, Figures &
// cards and Paragraphs; the diary's pages) and calls check on each.
func pages(tb *table, obj fyne.CanvasObject, inner *container.AppTabs, check func(page string)) {
	if inner == nil {
		check("")
		return
	}
	for i, it := range inner.Items {
		inner.SelectIndex(i)
		tb.win.Content().Refresh()
		check(it.Text)
	}
}

// TestTouchTargets: in every scene, on every page of every tab, at
// 1280×800 and 800×1280, everything a finger taps (buttons, board slots,
// the Timer's spaces, steppers, selects, checks, entries, tabs) is at
// least 48 dp each way, as laid out (Normal text, the app's theme).
func TestTouchTargets(t *testing.T) {
	for _, sc := range scenes {
		t.Run(sc.name, func(t *testing.T) {
			tb := newMemTable(t)
			sc.build(tb)
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
			for _, portrait := range []bool{false, true} {
				area := uitest.TabArea(portrait, 1)
				p, e, d := NewPlayScreen(tb.ctx), NewEnemyScreen(tb.ctx), NewDiaryScreen(tb.ctx)
				for _, tab := range []struct {
					name  string
					obj   fyne.CanvasObject
					inner *container.AppTabs
				}{{"Play", p.Object(), p.tabs}, {"Campaign", d.Object(), d.tabs}, {"Enemy", e.Object(), nil}} {
					tb.show(tab.obj)
					tb.win.Resize(area)
					pages(tb, tab.obj, tab.inner, func(page string) {
						tb.win.Resize(area)
						for _, bad := range uitest.SmallTargets(tb.win.Content()) {
							t.Errorf("%s, %s %s: %s", sizeName(portrait, 1), tab.name, page, bad)
						}
					})
				}
			}
		})
	}
}

// TestDialogTouchTargets: every dialog's controls are a finger's size too.
func TestDialogTouchTargets(t *testing.T) {
	tb := newMemTable(t)
	liveC(tb)
	fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	for _, win := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
		p, e, d := NewPlayScreen(tb.ctx), NewEnemyScreen(tb.ctx), NewDiaryScreen(tb.ctx)
		tb.show(p.Object())
		tb.win.Resize(win)
		for _, o := range dialogs(t, tb, p, e, d) {
			o.open()
			tb.win.Content().Refresh()
			for _, ov := range tb.win.Canvas().Overlays().List() {
				for _, bad := range uitest.SmallTargets(ov) {
					t.Errorf("%v, %s: %s", win, o.name, bad)
				}
			}
			tb.closeDialogs()
		}
	}
}
