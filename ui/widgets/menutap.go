package widgets

import (
	"reflect"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// A drop-down's choices (widget.Select, and any pop-up menu) close when the
// players tap outside them, and in Fyne that tap does nothing else: the
// first tap after a drop-down, on the button the players meant, was
// ignored (issue 22, twice). PassMenuTaps makes it count: the menu closes
// and the tap reaches what is under it, as if the menu had not been open
// (a tap on a drop-down itself only closes the menu, as players expect).
//
// Fyne shows a menu in an overlay of its own that takes every tap outside
// the menu; PassMenuTaps puts in its place one that passes them on, with
// the menu in it as before (its choices are tapped, hovered and scrolled
// as ever). The frame runs it on its window every MenuWatch (WatchMenus).

// MenuWatch is how often WatchMenus looks for an open menu: well under the
// time between opening a menu and tapping beside it.
const MenuWatch = 80 * time.Millisecond

// WatchMenus runs PassMenuTaps on c every MenuWatch until stop closes.
func WatchMenus(c fyne.Canvas, stop <-chan struct{}) {
	var look func()
	look = func() {
		select {
		case <-stop:
			return
		default:
		}
		PassMenuTaps(c)
		After(MenuWatch, look)
	}
	After(MenuWatch, look)
}

// PassMenuTaps makes the pop-up menu open on c (if any) pass the taps
// outside it on to what is under them. It reports whether it did.
func PassMenuTaps(c fyne.Canvas) bool {
	if c == nil {
		return false
	}
	top := c.Overlays().Top()
	if top == nil {
		return false
	}
	if _, ok := top.(*menuPass); ok {
		return false
	}
	menu := menuIn(top)
	if menu == nil {
		return false
	}
	p := &menuPass{menu: menu, canvas: c}
	p.ExtendBaseWidget(p)
	p.Resize(c.Size())
	dismiss := menu.OnDismiss
	menu.OnDismiss = func() {
		if dismiss != nil {
			dismiss()
		}
		c.Overlays().Remove(p)
	}
	c.Overlays().Remove(top)
	c.Overlays().Add(p)
	return true
}

// menuIn is the pop-up menu Fyne's overlay o holds, or nil: o is Fyne's
// own overlay container (an internal type, read by its exported Content).
func menuIn(o fyne.CanvasObject) *widget.PopUpMenu {
	v := reflect.ValueOf(o)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	f := v.Elem().FieldByName("Content")
	if !f.IsValid() || !f.CanInterface() {
		return nil
	}
	m, _ := f.Interface().(*widget.PopUpMenu)
	return m
}

// A menuPass is the overlay of an open menu that passes on taps outside it.
type menuPass struct {
	widget.BaseWidget
	menu   *widget.PopUpMenu
	canvas fyne.Canvas
}

// Tapped is a tap outside the menu: it closes the menu, then reaches what
// is under it.
func (p *menuPass) Tapped(e *fyne.PointEvent) {
	p.menu.Dismiss()
	p.canvas.Overlays().Remove(p)
	at := e.AbsolutePosition
	target, pos := tappableUnder(p.canvas, at)
	if target == nil {
		return
	}
	if _, ok := target.(*widget.Select); ok {
		return // a drop-down tapped while a menu is open: the menu only closes
	}
	if f, ok := target.(fyne.Focusable); ok {
		p.canvas.Focus(f)
	} else {
		p.canvas.Unfocus()
	}
	target.(fyne.Tappable).Tapped(&fyne.PointEvent{Position: pos, AbsolutePosition: at})
}

// MouseIn, MouseMoved and MouseOut catch what the menu does not, as
// Fyne's own overlay does.
func (p *menuPass) MouseIn(*desktop.MouseEvent)    {}
func (p *menuPass) MouseMoved(*desktop.MouseEvent) {}
func (p *menuPass) MouseOut()                      {}

// CreateRenderer holds the menu where it stands.
func (p *menuPass) CreateRenderer() fyne.WidgetRenderer {
	return &menuPassRenderer{p: p}
}

type menuPassRenderer struct{ p *menuPass }

func (r *menuPassRenderer) Layout(fyne.Size)             {}
func (r *menuPassRenderer) MinSize() fyne.Size           { return fyne.NewSize(0, 0) }
func (r *menuPassRenderer) Refresh()                     { r.p.menu.Refresh() }
func (r *menuPassRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.p.menu} }
func (r *menuPassRenderer) Destroy()                     {}

// tappableUnder is the tappable thing on top at pos in the canvas's
// content (or the overlay under the top one), and pos in its coordinates.
func tappableUnder(c fyne.Canvas, at fyne.Position) (fyne.CanvasObject, fyne.Position) {
	root := c.Content()
	if top := c.Overlays().Top(); top != nil {
		root = top
	}
	var hit fyne.CanvasObject
	var hitPos fyne.Position
	Walk(root, root.Position(), Rect{Size: c.Size()}, func(v Visit) bool {
		if !v.Shown().Contains(at) {
			return true
		}
		if _, ok := v.Object.(fyne.Tappable); ok {
			hit, hitPos = v.Object, at.Subtract(v.Pos)
		}
		return true
	})
	return hit, hitPos
}
