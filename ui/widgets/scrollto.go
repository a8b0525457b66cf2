package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// ScrollIntoView scrolls every scroll area around o (innermost first) so
// o shows whole, or its top when it is taller than the area: a refusal
// that points at a field below the fold (a hero's Save "did nothing"; its
// problem was under the fold) brings the field to the players. It reports
// whether o is on a canvas.
func ScrollIntoView(o fyne.CanvasObject) bool {
	a := fyne.CurrentApp()
	if a == nil || o == nil {
		return false
	}
	// The driver knows the canvas of what it drew; a box it may not.
	var path []fyne.CanvasObject
	if c := a.Driver().CanvasForObject(o); c != nil {
		path = pathTo(c, o)
	}
	for _, w := range a.Driver().AllWindows() {
		if path != nil {
			break
		}
		path = pathTo(w.Canvas(), o)
	}
	if path == nil {
		return false
	}
	// Innermost scroll area first: o's place in its content, then that
	// area's place in the next one out.
	target := o
	for i := len(path) - 1; i >= 0; i-- {
		s, ok := path[i].(*container.Scroll)
		if !ok || s.Direction == container.ScrollHorizontalOnly || s.Direction == container.ScrollNone {
			continue
		}
		// Its content laid out as it now is (a problem line just shown
		// grows a row and moves those under it).
		s.Refresh()
		relayout(path[i+1:])
		y, h := offsetIn(path[i+1:], target)
		view := s.Size().Height
		pad := theme.Padding()
		off := s.Offset.Y
		switch {
		case h+2*pad > view || y-pad < off:
			off = y - pad
		case y+h+pad > off+view:
			off = y + h + pad - view
		}
		max := fyne.Max(s.Content.MinSize().Height-view, 0)
		off = fyne.Max(0, fyne.Min(off, max))
		if off != s.Offset.Y {
			s.Offset = fyne.NewPos(s.Offset.X, off)
			s.Refresh()
		}
		target = s
	}
	return true
}

// relayout lays out again each object of path, from the top down, at the
// size it has: a container whose size did not change is not laid out by
// Resize, though what it holds grew.
func relayout(path []fyne.CanvasObject) {
	for _, p := range path {
		switch x := p.(type) {
		case *fyne.Container:
			if x.Layout != nil {
				x.Layout.Layout(x.Objects, x.Size())
			}
		case fyne.Widget:
			if r, ok := cachedRenderer(x); ok && r != nil {
				r.Layout(x.Size())
			}
		}
	}
}

// offsetIn is where target's top is below the first object of path (a
// scroll area's content, then what holds target), and its height.
func offsetIn(path []fyne.CanvasObject, target fyne.CanvasObject) (y, h float32) {
	for _, p := range path[1:] {
		y += p.Position().Y
		if p == target {
			break
		}
	}
	return y, target.Size().Height
}

// pathTo is the chain of objects from the canvas's content (or the
// overlay holding o) down to o, nil if o is not shown.
func pathTo(c fyne.Canvas, o fyne.CanvasObject) []fyne.CanvasObject {
	roots := append([]fyne.CanvasObject{c.Content()}, c.Overlays().List()...)
	for i := len(roots) - 1; i >= 0; i-- {
		if p := findPath(roots[i], o, nil); p != nil {
			return p
		}
	}
	return nil
}

func findPath(at, o fyne.CanvasObject, path []fyne.CanvasObject) []fyne.CanvasObject {
	if at == nil || !at.Visible() {
		return nil
	}
	path = append(path, at)
	if at == o {
		return path
	}
	for _, k := range Children(at) {
		if p := findPath(k, o, path); p != nil {
			return p
		}
	}
	return nil
}
