package widgets

import (
	"fmt"
	"strings"
	_ "unsafe" // for go:linkname

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// cachedRenderer is Fyne's own lookup of a widget's live renderer (the one
// drawn on screen), without making one for a widget never shown. Fyne
// offers it publicly only in its test package, whose init replaces the
// running app with a test app, so the app reaches it by name. The tap
// guard, the answers' placement and the real-window self-check need to see
// what is on the screen, inside the games' own widgets too. It is pinned
// to the Fyne version in go.mod: a Fyne without it fails to link, never
// silently (TestWalkSeesWhatTheTestDriverSees compares it with the test
// package's).
//
//go:linkname cachedRenderer fyne.io/fyne/v2/internal/cache.CachedRenderer
func cachedRenderer(w fyne.Widget) (fyne.WidgetRenderer, bool)

// Children are the objects drawn inside o: a container's objects, a
// widget's as its renderer on screen holds them (none for a widget not yet
// shown).
func Children(o fyne.CanvasObject) []fyne.CanvasObject {
	switch x := o.(type) {
	case *fyne.Container:
		return x.Objects
	case fyne.Widget:
		if r, ok := cachedRenderer(x); ok && r != nil {
			return r.Objects()
		}
	}
	return nil
}

// A Visit is one object met by Walk: where it is on the canvas, and the
// part of the canvas it can be seen in (the scroll areas around it cut it
// to their view).
type Visit struct {
	Object fyne.CanvasObject
	Pos    fyne.Position // top left, in the canvas's coordinates
	Clip   Rect          // what of the canvas can show it
	// Scroll is the innermost scroll area around it (nil: none).
	Scroll *container.Scroll
}

// A Rect is an area of the canvas.
type Rect struct {
	Pos  fyne.Position
	Size fyne.Size
}

// RectOf is an area at pos of size s.
func RectOf(pos fyne.Position, s fyne.Size) Rect { return Rect{pos, s} }

// Rect is where the visited object is drawn.
func (v Visit) Rect() Rect { return Rect{v.Pos, v.Object.Size()} }

// Shown is the part of the object that can be seen: its area cut by the
// scroll areas around it.
func (v Visit) Shown() Rect { return v.Rect().Intersect(v.Clip) }

// Intersect is the area both rects cover (empty when they do not meet).
func (r Rect) Intersect(o Rect) Rect {
	x0, y0 := fyne.Max(r.Pos.X, o.Pos.X), fyne.Max(r.Pos.Y, o.Pos.Y)
	x1 := fyne.Min(r.Pos.X+r.Size.Width, o.Pos.X+o.Size.Width)
	y1 := fyne.Min(r.Pos.Y+r.Size.Height, o.Pos.Y+o.Size.Height)
	if x1 <= x0 || y1 <= y0 {
		return Rect{Pos: fyne.NewPos(x0, y0)}
	}
	return Rect{fyne.NewPos(x0, y0), fyne.NewSize(x1-x0, y1-y0)}
}

// Empty says the rect covers nothing.
func (r Rect) Empty() bool { return r.Size.Width <= 0 || r.Size.Height <= 0 }

// Area is the rect's area.
func (r Rect) Area() float32 {
	if r.Empty() {
		return 0
	}
	return r.Size.Width * r.Size.Height
}

// Contains says whether p is inside the rect.
func (r Rect) Contains(p fyne.Position) bool {
	return p.X >= r.Pos.X && p.Y >= r.Pos.Y && p.X < r.Pos.X+r.Size.Width && p.Y < r.Pos.Y+r.Size.Height
}

// Walk visits every visible object under root (root included), parents
// before their children, with where each stands: root's top left is at
// origin on the canvas, and clip is what of the canvas shows root. fn
// returning false skips the object's children.
func Walk(root fyne.CanvasObject, origin fyne.Position, clip Rect, fn func(Visit) bool) {
	walk(root, origin, clip, nil, fn)
}

func walk(o fyne.CanvasObject, pos fyne.Position, clip Rect, scroll *container.Scroll, fn func(Visit) bool) {
	if o == nil || !o.Visible() {
		return
	}
	if !fn(Visit{Object: o, Pos: pos, Clip: clip, Scroll: scroll}) {
		return
	}
	inner := clip
	if s, ok := o.(*container.Scroll); ok {
		inner = clip.Intersect(Rect{pos, s.Size()})
		scroll = s
	}
	for _, k := range Children(o) {
		walk(k, pos.Add(k.Position()), inner, scroll, fn)
	}
}

// WalkCanvas walks what canvas c shows: its content, then each overlay
// (pop-ups and dialogs) over it, the top one last.
func WalkCanvas(c fyne.Canvas, fn func(Visit) bool) {
	if c == nil {
		return
	}
	all := Rect{Size: c.Size()}
	if content := c.Content(); content != nil {
		Walk(content, content.Position(), all, fn)
	}
	for _, o := range c.Overlays().List() {
		Walk(o, o.Position(), all, fn)
	}
}

// Tappables are the things a finger can act on under root, as laid out
// now: buttons, checks, entries, choices, map spaces (anything
// fyne.Tappable or fyne.Focusable), each with the part of it on screen.
// Scroll bars are left out.
func Tappables(c fyne.Canvas) []Visit {
	var out []Visit
	WalkCanvas(c, func(v Visit) bool {
		if !isControl(v.Object) {
			return true
		}
		if !v.Shown().Empty() {
			out = append(out, v)
		}
		return false
	})
	return out
}

// CanvasPosition is where o's top left stands on the canvas showing it,
// in the canvas's coordinates (Walk's, and a pointer's), and whether o is
// on a canvas. The driver's AbsolutePositionForObject leaves out the
// canvas's inset (a phone's notch; two or three dp in the test driver).
func CanvasPosition(o fyne.CanvasObject) (fyne.Position, bool) {
	a := fyne.CurrentApp()
	if a == nil || o == nil {
		return fyne.Position{}, false
	}
	d := a.Driver()
	c := d.CanvasForObject(o)
	if c == nil {
		return fyne.Position{}, false
	}
	inset, _ := c.InteractiveArea()
	return d.AbsolutePositionForObject(o).Add(inset), true
}

// isControl says whether a finger acts on o.
func isControl(o fyne.CanvasObject) bool {
	switch o.(type) {
	case *widget.PopUp, *FeedbackLayer, *bubble, *MessageLine:
		// A pop-up's background takes taps to close it; a message line
		// only shows a message whole: neither is a control a bubble
		// must leave uncovered.
		return false
	case fyne.Tappable, fyne.Focusable:
		return !isScrollBar(o)
	}
	return false
}

// isScrollBar says whether o is a scroll area's bar (dragged, never
// tapped for an action).
func isScrollBar(o fyne.CanvasObject) bool {
	t := fmt.Sprintf("%T", o)
	return strings.Contains(t, "scrollBar")
}
