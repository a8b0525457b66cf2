package uitest

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/widgets"
)

// TapTwice taps the point at the middle of o twice in quick succession,
// as a finger that double-taps, bounces or taps again impatiently, with
// the app's tap guard on (widgets.TapHold): each tap goes to whatever is
// under that point at that moment, the second one 120 ms after the first
// (a quick double tap). It returns what each tap landed on ("" for
// nothing). The caller checks that only one step ran:
//
//	before := s.LastSeq()
//	first, second := uitest.TapTwice(w, play.NextButton)
//	if n := s.LastSeq() - before; n != 1 {
//		t.Fatalf("a double tap on %s then %s made %d events", first, second, n)
//	}
//
// o must be on w's canvas. The guard is put back as it was after.
func TapTwice(w fyne.Window, o fyne.CanvasObject) (first, second string) {
	c := w.Canvas()
	hold := widgets.TapHold
	widgets.TapHold = widgets.DefaultTapHold
	t0 := time.Now()
	now := t0
	widgets.SetTapClock(func() time.Time { return now })
	defer func() {
		widgets.TapHold = hold
		widgets.SetTapClock(nil)
		widgets.ForgetTaps()
	}()
	widgets.ForgetTaps()
	widgets.GuardCanvas(c)
	pos, _ := widgets.CanvasPosition(o)
	at := pos.Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
	first = Describe(TappableAt(c, at))
	test.TapCanvas(c, at)
	now = t0.Add(120 * time.Millisecond)
	second = Describe(TappableAt(c, at))
	test.TapCanvas(c, at)
	return first, second
}

// TappableAt is the tappable thing on top at pos on canvas c (nil if
// none): what a finger there would tap.
func TappableAt(c fyne.Canvas, pos fyne.Position) fyne.CanvasObject {
	var hit fyne.CanvasObject
	// The top overlay takes every tap when there is one (a pop-up's
	// background closes it); else the content.
	roots := []fyne.CanvasObject{c.Content()}
	if top := c.Overlays().Top(); top != nil {
		roots = []fyne.CanvasObject{top}
	}
	all := widgets.Rect{Size: c.Size()}
	for _, r := range roots {
		widgets.Walk(r, r.Position(), all, func(v widgets.Visit) bool {
			if !v.Shown().Contains(pos) {
				return true
			}
			if _, ok := v.Object.(fyne.Tappable); ok {
				hit = v.Object // the deepest, drawn last, wins
			}
			return true
		})
	}
	return hit
}

// Describe names a control as a test reports it: its type and words.
func Describe(o fyne.CanvasObject) string {
	if o == nil {
		return ""
	}
	return fmt.Sprintf("%s at %v", short(o), o.Position())
}
