package eternaut

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// issue 22 item 6: the Enemy tab's Why (the aliens' activation order, and
// the end-of-turn check beside the cubes) must show every step: each line
// of each explanation lies in a scroll that reaches it, with no scroll of
// its own squeezed inside the tab's, in both orientations at Normal and
// Largest text. Before, the Why scrolled by itself inside the order's pane
// and its step 2 could never be brought into view.
func TestEnemyWhyEveryStepScrollsIntoView(t *testing.T) {
	for _, portrait := range []bool{false, true} {
		for _, scale := range []float32{1, 1.85} {
			tb := newMemTable(t)
			liveD(tb)
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
			e := NewEnemyScreen(tb.ctx)
			tb.show(e.Object())
			tb.win.Resize(uitest.TabArea(portrait, scale))
			tb.win.Content().Refresh()
			name := sizeName(portrait, scale)
			for what, p := range map[string]*widgets.TracePanel{"the order's Why": e.Trace, "the end-of-turn check": e.Check} {
				whole, total := p.VisibleLines()
				if total < 3 || whole != total {
					t.Errorf("%s, %s: %d of %d lines can be shown", name, what, whole, total)
				}
				sc, nested := scrollOf(tb.win.Content(), p)
				if sc == nil {
					t.Fatalf("%s, %s is in no scroll", name, what)
				}
				if nested {
					t.Errorf("%s, %s scrolls inside another scroll", name, what)
				}
				if sc.Size().Height < uitest.TabArea(portrait, scale).Height/3 {
					t.Errorf("%s, %s scrolls in %.0f dp, less than a third of the tab", name, what, sc.Size().Height)
				}
				// Scrolled to its end, the scroll shows the panel's last line.
				d := fyne.CurrentApp().Driver()
				end := d.AbsolutePositionForObject(p).Y - d.AbsolutePositionForObject(sc).Y + sc.Offset.Y + p.Size().Height
				if end > sc.Content.Size().Height+0.5 {
					t.Errorf("%s, %s ends at %.0f in a scroll of %.0f", name, what, end, sc.Content.Size().Height)
				}
			}
		}
	}
}

// scrollOf is the innermost scroll holding o (nil for none); nested
// reports whether another scroll holds that one: o would then sit in a
// scroll squeezed inside the tab's.
func scrollOf(root, o fyne.CanvasObject) (sc *container.Scroll, nested bool) {
	var scrolls []*container.Scroll
	walk(root, func(c fyne.CanvasObject) {
		if s, ok := c.(*container.Scroll); ok && s.Visible() {
			scrolls = append(scrolls, s)
		}
	})
	holds := func(s *container.Scroll, o fyne.CanvasObject) bool {
		in := false
		walk(s.Content, func(c fyne.CanvasObject) { in = in || c == o })
		return in
	}
	for _, s := range scrolls {
		if holds(s, o) && (sc == nil || holds(sc, s)) {
			sc = s
		}
	}
	for _, s := range scrolls {
		if s != sc && sc != nil && holds(s, sc) {
			nested = true
		}
	}
	return sc, nested
}
