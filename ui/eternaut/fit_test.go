package eternaut

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"tablekeeper/automa"
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

// TestWhyShowsTenLines: the activation order's "Why" shows ten whole
// lines (or the whole explanation, if shorter) without scrolling in a
// landscape tab at Normal text (issue 13 item 8), counted as they wrap in
// the column the panel is laid out in; the end-of-turn check shows four.
// The tab still fits the frame then.
func TestWhyShowsTenLines(t *testing.T) {
	tb := newMemTable(t)
	liveC(tb)
	fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	area := uitest.TabArea(false, 1)
	e := NewEnemyScreen(tb.ctx)
	tb.show(e.Object())
	tb.win.Resize(area)
	// A desktop window lays a parent out again when a child's least size
	// changed (a wrapped panel knows its height once it has its width).
	for range 3 {
		relayout(tb.win.Content())
	}
	for _, c := range []struct {
		name  string
		p     *widgets.TracePanel
		lines int
	}{{"Why", e.Trace, widgets.TraceLines}, {"If the turn ended now", e.Check, 4}} {
		whole, total := c.p.VisibleLines()
		if total == 0 || whole < min(c.lines, total) {
			t.Errorf("%s shows %d whole lines of %d (%v)", c.name, whole, total, c.p.Size())
		}
	}
	// A longer explanation, whose lines wrap in the tab's column: ten
	// whole lines still show.
	var long automa.Trace
	for i := range 4 {
		long.Add(fmt.Sprintf("eternaut §5.%d (RB p.22)", i), "%s", strings.Repeat("The module with the most aliens on the map draws first, then the next to its right. ", 2))
	}
	e.Trace.SetTrace(long)
	for range 3 {
		relayout(tb.win.Content())
	}
	if whole, total := e.Trace.VisibleLines(); total < 12 || whole < widgets.TraceLines {
		t.Errorf("a long Why shows %d whole lines of %d (%v)", whole, total, e.Trace.Size())
	}
	for _, o := range uitest.TooBig(e.Object(), area) {
		t.Errorf("Enemy tab: %s", o)
	}
}

// relayout lays out every container under o again, outermost first, as
// the desktop driver does when a least size changed.
func relayout(o fyne.CanvasObject) {
	switch x := o.(type) {
	case *fyne.Container:
		x.Refresh()
		for _, k := range x.Objects {
			relayout(k)
		}
	case *container.Scroll:
		x.Refresh()
		relayout(x.Content)
	case fyne.Widget:
		x.Refresh()
		for _, k := range test.WidgetRenderer(x).Objects() {
			relayout(k)
		}
	}
}
