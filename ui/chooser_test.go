package ui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// The practice chooser uses the window's width: in landscape every game's
// button shows without scrolling (Alone's was half hidden at 1280×800), in
// portrait at the largest text it fills the width (it used about 55 %).
func TestPracticeChooserShowsEveryGame(t *testing.T) {
	for _, c := range []struct {
		name  string
		size  fyne.Size
		scale float32
	}{{"1280×800 Normal", fyne.NewSize(1280, 800), 1}, {"800×1280 Largest", fyne.NewSize(800, 1280), 1.85}} {
		t.Run(c.name, func(t *testing.T) {
			a := test.NewTempApp(t)
			a.Settings().SetTheme(uitest.Theme(c.scale))
			u := New(a, Options{DBPath: filepath.Join(t.TempDir(), "t.db"), Registry: games.Registry()})
			defer u.Shutdown()
			u.Window.Resize(c.size)
			u.showPractice()
			d := widgets.TopDialog(u.Window.Canvas())
			if d == nil {
				t.Fatal("no chooser")
			}
			win := u.Window.Canvas().Size()
			if w := d.MinSize().Width; w > win.Width {
				t.Fatalf("the chooser needs %v of %v", w, win.Width)
			}
			var popup fyne.CanvasObject
			for _, o := range u.Window.Canvas().Overlays().List() {
				if p, ok := o.(*widget.PopUp); ok {
					popup = p.Content // the dialog's box; the pop-up covers the window
				}
			}
			if popup.Size().Width < min(0.85*win.Width, 900) {
				t.Errorf("the chooser is %.0f wide in a %.0f window", popup.Size().Width, win.Width)
			}
			found := 0
			d2 := fyne.CurrentApp().Driver()
			for _, g := range tracker.KnownGames {
				var b *widget.Button
				walk(d.Content(), func(o fyne.CanvasObject) {
					if x, ok := o.(*widget.Button); ok && x.Text == g.Title() {
						b = x
					}
				})
				if b == nil {
					continue
				}
				found++
				if c.scale != 1 {
					continue // portrait at the largest text may scroll
				}
				pos := d2.AbsolutePositionForObject(b)
				bottom := d2.AbsolutePositionForObject(popup).Y + popup.Size().Height
				if pos.Y+b.Size().Height > bottom-widgets.MinTouch {
					t.Errorf("%s's button ends at %.0f, under the chooser's visible part (%.0f, its Cancel row under it)", g.Title(), pos.Y+b.Size().Height, bottom)
				}
			}
			if found != len(tracker.KnownGames) {
				t.Fatalf("%d of %d games in the chooser", found, len(tracker.KnownGames))
			}
		})
	}
}

// The Log's search box keeps its placeholder's width: when the filter,
// the box and Undo/Redo do not fit one line (portrait at the largest
// text), the box takes a line of its own, the whole width.
func TestLogSearchBoxIsNeverSqueezed(t *testing.T) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(uitest.Theme(1.85))
	search := widgets.NewTextEntry()
	search.SetPlaceHolder("Search the log")
	left := widget.NewSelect([]string{"Everything", "Undo and redo"}, nil)
	right := container.NewHBox(widget.NewButton("Undo", nil), widget.NewButton("Redo", nil))
	row := newSearchRow(left, search, right, search.PlaceHolder)
	want := fyne.MeasureText(search.PlaceHolder, theme.TextSize(), fyne.TextStyle{})
	for _, width := range []float32{1260, 780, 560} {
		size := fyne.NewSize(width, row.MinSize().Height)
		row.Resize(size)
		row.Layout.Layout(row.Objects, size)
		size = fyne.NewSize(width, row.MinSize().Height)
		row.Resize(size)
		row.Layout.Layout(row.Objects, size)
		if search.Size().Width < want.Width {
			t.Errorf("at %v wide the search box is %.0f, its placeholder %.0f", width, search.Size().Width, want.Width)
		}
		if row.MinSize().Width > width {
			t.Errorf("at %v wide the row asks for %.0f", width, row.MinSize().Width)
		}
	}
}
