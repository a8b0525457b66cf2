package uitest

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/widgets"
)

// Theme is the app's own theme (dark) at a text size: 1 is Normal, 1.85
// Largest.
func Theme(textScale float32) fyne.Theme { return widgets.NewTableTheme("dark", textScale) }

// TextScales are the Settings screen's text sizes, smallest to largest.
var TextScales = []float32{0.85, 1, 1.25, 1.5, 1.85}

// TooBig lists, innermost first, the visible objects under o whose least
// size exceeds size in width or in height: what would make a desktop
// window grow past its screen. It does not look inside an object that fits,
// nor past a scroll container in the direction it scrolls, and it looks at
// every tab of an AppTabs, shown or not.
func TooBig(o fyne.CanvasObject, size fyne.Size) []string {
	var out []string
	tooBig(o, size, &out, false)
	return out
}

func tooBig(o fyne.CanvasObject, size fyne.Size, out *[]string, hidden bool) {
	if o == nil || (!o.Visible() && !hidden) {
		return
	}
	m := o.MinSize()
	if m.Width <= size.Width+0.5 && m.Height <= size.Height+0.5 {
		return
	}
	var kids []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		kids = x.Objects
	case *container.Scroll:
		kids = []fyne.CanvasObject{x.Content}
		inner := size
		switch x.Direction {
		case container.ScrollHorizontalOnly:
			inner.Width = 1e9
		case container.ScrollVerticalOnly:
			inner.Height = 1e9
		case container.ScrollBoth:
			return
		}
		before := len(*out)
		tooBig(x.Content, inner, out, false)
		if len(*out) == before {
			*out = append(*out, fmt.Sprintf("%s needs %.0f×%.0f", describe(o), m.Width, m.Height))
		}
		return
	case *container.AppTabs:
		for _, it := range x.Items {
			kids = append(kids, it.Content)
		}
	case fyne.Widget:
		kids = test.WidgetRenderer(x).Objects()
	}
	_, tabs := o.(*container.AppTabs)
	before := len(*out)
	for _, k := range kids {
		tooBig(k, size, out, tabs)
	}
	if len(*out) == before {
		*out = append(*out, fmt.Sprintf("%s needs %.0f×%.0f", describe(o), m.Width, m.Height))
	}
}

// DialogTooBig lists the dialogs (overlays) open over w whose least size
// exceeds the window's canvas in width or height: a dialog whose buttons a
// player cannot reach. With each it lists the innermost culprits.
func DialogTooBig(w fyne.Window) []string {
	c := w.Canvas()
	room := c.Size()
	var out []string
	for _, o := range c.Overlays().List() {
		content := o
		if p, ok := o.(*widget.PopUp); ok {
			content = p.Content
		}
		m := content.MinSize()
		if m.Width <= room.Width+0.5 && m.Height <= room.Height+0.5 {
			continue
		}
		out = append(out, fmt.Sprintf("a dialog needs %.0f×%.0f in a %.0f×%.0f window: %s", m.Width, m.Height, room.Width, room.Height,
			strings.Join(TooBig(content, room), "; ")))
	}
	return out
}

// SmallTargets lists the visible things under o a finger taps (buttons,
// checks, radios, selects, entries, tabs, map spaces: anything
// fyne.Tappable) that are smaller than widgets.MinTouch in width or
// height, as laid out now: put o in a window of the size to check first.
// Scroll bars (dragged, not tapped) and things scrolled out of sight are
// left out.
func SmallTargets(o fyne.CanvasObject) []string {
	var out []string
	walkVisible(o, func(x fyne.CanvasObject) {
		if _, ok := x.(fyne.Tappable); !ok {
			return
		}
		t := fmt.Sprintf("%T", x)
		if strings.Contains(t, "scrollBar") || strings.Contains(t, "Scroll") {
			return
		}
		if s := x.Size(); s.Width < widgets.MinTouch-0.5 || s.Height < widgets.MinTouch-0.5 {
			out = append(out, fmt.Sprintf("%s is %.0f×%.0f", short(x), s.Width, s.Height))
		}
	})
	return out
}

// Clipped lists the visible buttons and one-line labels under o laid out
// narrower than their text, as laid out now (put o in a window of the size
// first): a button's text then runs past its edges, over its neighbours,
// and a label's is cut. A layout of fixed cells (container.NewGridWrap)
// does that at a large text size, and TooBig cannot see it, since such a
// layout asks for one cell's size. Labels that wrap or end in "…" are
// made to be narrower than their text and are left out.
func Clipped(o fyne.CanvasObject) []string {
	var out []string
	walkVisible(o, func(x fyne.CanvasObject) {
		switch l := x.(type) {
		case *widget.Button:
		case *widget.Label:
			if l.Wrapping != fyne.TextWrapOff || l.Truncation != fyne.TextTruncateOff {
				return
			}
		default:
			return
		}
		if s, m := x.Size(), x.MinSize(); s.Width < m.Width-0.5 {
			out = append(out, fmt.Sprintf("%s is %.0f wide of the %.0f its text needs", short(x), s.Width, m.Width))
		}
	})
	return out
}

// walkVisible visits every visible object under o, widgets' insides too.
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

// WindowSmallTargets is SmallTargets of a window's content and of every
// dialog over it.
func WindowSmallTargets(w fyne.Window) []string {
	out := SmallTargets(w.Canvas().Content())
	for _, o := range w.Canvas().Overlays().List() {
		out = append(out, SmallTargets(o)...)
	}
	return out
}
