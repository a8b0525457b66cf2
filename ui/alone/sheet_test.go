package alone

import (
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"tablekeeper/ui/uitest"
)

// Issue 22 item 9, found by the real-window check: at the largest text in
// landscape the Health card's tracks are about 510 px wide, and "10",
// "11" and "12" were shrunk to fit their spaces, under the caption size.
// Now every number drawn is at least the caption size, no two drawn
// numbers touch, the value now is always drawn, and at Normal text every
// number is.
func TestSheetNumbersNeverUnderTheCaptionSize(t *testing.T) {
	test.NewTempApp(t)
	defer fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	for _, c := range []struct {
		scale, width float32
		all          bool
	}{{1, 510, true}, {1, 800, true}, {1.85, 510, false}, {1.85, 450, false}, {1.85, 900, true}} {
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(c.scale))
		for _, life := range []int{0, 9, 10, 11, 12} {
			s := newSheetTracks()
			s.Max, s.Life, s.SC, s.Cap, s.Marker = 12, life, 11, 12, 2
			s.Caps = []int{12, 12, 11, 10, 9, 8, 7, 6}
			s.Resize(fyne.NewSize(max(c.width, s.MinSize().Width), s.MinSize().Height))
			caption := theme.CaptionTextSize()
			var drawn []*canvas.Text
			lifeShown := false
			for _, o := range test.WidgetRenderer(s).Objects() {
				tx, ok := o.(*canvas.Text)
				if !ok || !tx.Visible() || tx.Text == "" {
					continue
				}
				if tx.TextSize < caption-0.01 {
					t.Errorf("×%.2f, %.0f wide, Life %d: %q drawn at %.1f, under the caption size %.1f", c.scale, c.width, life, tx.Text, tx.TextSize, caption)
				}
				if tx.Position().Y < rowH && tx.Position().X >= labW-0.5 {
					drawn = append(drawn, tx)
					if tx.Text == strconv.Itoa(life) {
						lifeShown = true
					}
				}
			}
			if !lifeShown {
				t.Errorf("×%.2f, %.0f wide: Life %d is not drawn", c.scale, c.width, life)
			}
			if c.all && len(drawn) != s.Max+1 {
				t.Errorf("×%.2f, %.0f wide: %d of the Life track's %d numbers drawn", c.scale, c.width, len(drawn), s.Max+1)
			}
			if len(drawn) < (s.Max+1)/2 {
				t.Errorf("×%.2f, %.0f wide: only %d of the Life track's numbers drawn", c.scale, c.width, len(drawn))
			}
			for k := 1; k < len(drawn); k++ {
				a, b := drawn[k-1], drawn[k]
				ra := a.Position().X + a.Size().Width/2 + fyne.MeasureText(a.Text, a.TextSize, a.TextStyle).Width/2
				lb := b.Position().X + b.Size().Width/2 - fyne.MeasureText(b.Text, b.TextSize, b.TextStyle).Width/2
				if ra > lb {
					t.Errorf("×%.2f, %.0f wide, Life %d: %q and %q overlap", c.scale, c.width, life, a.Text, b.Text)
				}
			}
			if x := s.Size().Width; len(drawn) > 0 {
				last := drawn[len(drawn)-1]
				if last.Position().X+last.Size().Width > x+0.5 {
					t.Errorf("×%.2f, %.0f wide, Life %d: %q drawn past the tracks' right edge (%v %v of %v)", c.scale, c.width, life, last.Text, last.Position(), last.Size(), x)
				}
			}
		}
	}
}
