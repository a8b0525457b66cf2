package alone

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/uitest"
)

// buttonsAt are the Play tab's buttons and where they stand on the
// window, by their words (the Action pad's directions numbered in order).
func buttonsAt(p *PlayScreen) map[string]fyne.Position {
	d := fyne.CurrentApp().Driver()
	out := map[string]fyne.Position{}
	walkVisible(p.Object(), func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok {
			k := b.Text
			for n := 2; ; n++ {
				if _, dup := out[k]; !dup {
					break
				}
				k = fmt.Sprintf("%s #%d", b.Text, n)
			}
			out[k] = d.AbsolutePositionForObject(b)
		}
	})
	return out
}

// issue 22 item 4: after a Move on the Play tab nothing moves under the
// finger: the Next button, the Action pad's buttons and the Evil side's
// stay where they were (the status over Next keeps the height of its
// tallest wording), in both orientations at Normal and Largest text.
func TestNothingMovesAfterAMove(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	depth := ctx.Session.Depth()
	for _, scale := range []float32{1, 1.85} {
		for _, portrait := range []bool{false, true} {
			if ctx.Session.Depth() > depth {
				if _, err := ctx.Session.UndoTo(depth); err != nil {
					t.Fatal(err)
				}
			}
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
			p := NewPlayScreen(ctx)
			show(w, p.Object())
			area := uitest.TabArea(portrait, scale)
			w.Resize(area)
			w.Content().Refresh()
			before := buttonsAt(p)
			tap(t, p.turn.pad.obj, "East")
			w.Resize(area)
			after := buttonsAt(p)
			for _, k := range []string{p.turn.nextBtn.Text, "North", "East", "South", "West", "Stairs", "North #2", "East #2", "The Evil side reacts", "End the Turn"} {
				b, ok := before[k]
				a, ok2 := after[k]
				if k == p.turn.nextBtn.Text {
					b, a, ok, ok2 = before["Next: flip the Turn token"], after["Next: the Evil side reacts"], true, true
				}
				if ok && ok2 && b != a {
					t.Errorf("×%.2f portrait %v: %q moved from %v to %v after the Move", scale, portrait, k, b, a)
				}
			}
		}
	}
}

func walkVisible(o fyne.CanvasObject, fn func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	fn(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkVisible(c, fn)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkVisible(c, fn)
		}
	}
}

// issue 22 ("no scroll area shorter than a third of the screen for the
// controls a step needs"): the scroll that holds the Action pad is at
// least a third of the screen tall, and the Next button stays in sight
// above it, in both orientations at Normal and Largest text.
func TestTheActionScrollsInAThirdOfTheScreen(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	for _, scale := range []float32{1, 1.85} {
		for _, portrait := range []bool{false, true} {
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
			p := NewPlayScreen(ctx)
			show(w, p.Object())
			area := uitest.TabArea(portrait, scale)
			w.Resize(area)
			w.Content().Refresh()
			screen := uitest.Landscape
			if portrait {
				screen = uitest.Portrait
			}
			var holder *container.Scroll
			walkVisible(p.Object(), func(o fyne.CanvasObject) {
				if sc, ok := o.(*container.Scroll); ok && holder == nil {
					found := false
					walkVisible(sc.Content, func(c fyne.CanvasObject) { found = found || c == p.turn.pad.obj })
					if found {
						holder = sc
					}
				}
			})
			if holder == nil {
				t.Fatalf("×%.2f portrait %v: the Action pad is in no scroll", scale, portrait)
			}
			if h := holder.Size().Height; h < screen.Height/3 {
				t.Errorf("×%.2f portrait %v: the Action pad scrolls in %.0f dp, under a third of the %.0f-dp screen", scale, portrait, h, screen.Height)
			}
			inNext := false
			walkVisible(holder.Content, func(c fyne.CanvasObject) { inNext = inNext || c == p.turn.nextBtn })
			if inNext {
				t.Errorf("×%.2f portrait %v: Next scrolls away with the steps", scale, portrait)
			}
		}
	}
}
