package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// NewAdaptive lays panels side by side when the width it is laid out in
// holds them all at their least widths, and one under the other when it
// does not (a tablet in portrait, or at a large text size). It decides by
// the space it actually gets, not by a setting, and its MinSize never asks
// for the side-by-side width: only for the widest panel, so it never
// widens a window past its screen.
//
// Side by side, the panels share the width (equally when each fits its
// share, else each its least width plus an equal part of what is left) and
// all take the whole height. Stacked, each takes the whole width and its
// least height, and what height is left is shared equally (so two lists
// stacked in portrait each get half).
func NewAdaptive(panels ...fyne.CanvasObject) *fyne.Container {
	return NewAdaptiveAt(0, panels...)
}

// NewAdaptiveAt is NewAdaptive that puts the panels side by side only from
// breakpoint dp across (and when they fit); 0 means as soon as they fit.
func NewAdaptiveAt(breakpoint float32, panels ...fyne.CanvasObject) *fyne.Container {
	a := &adaptiveLayout{breakpoint: breakpoint}
	c := container.New(a, panels...)
	a.box = c
	return c
}

// IsWide says whether an adaptive container is laid out side by side now.
func IsWide(c *fyne.Container) bool {
	a, ok := c.Layout.(*adaptiveLayout)
	return ok && a.wide
}

type adaptiveLayout struct {
	breakpoint float32
	width      float32 // the width last laid out in; 0 before
	wide       bool
	box        *fyne.Container
}

func visible(objs []fyne.CanvasObject) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for _, o := range objs {
		if o.Visible() {
			out = append(out, o)
		}
	}
	return out
}

// fitsWide says whether width holds the panels side by side.
func (a *adaptiveLayout) fitsWide(objs []fyne.CanvasObject, width float32) bool {
	if width < a.breakpoint {
		return false
	}
	need := float32(0)
	for i, o := range objs {
		if i > 0 {
			need += theme.Padding()
		}
		need += o.MinSize().Width
	}
	return need <= width
}

func (a *adaptiveLayout) Layout(all []fyne.CanvasObject, size fyne.Size) {
	objs := visible(all)
	a.width = size.Width
	wide := len(objs) > 1 && a.fitsWide(objs, size.Width)
	changed := wide != a.wide
	a.wide = wide
	pad := theme.Padding()
	n := float32(len(objs))
	if n == 0 {
		return
	}
	if wide {
		avail := size.Width - pad*(n-1)
		share := avail / n
		equal := true
		least := float32(0)
		for _, o := range objs {
			least += o.MinSize().Width
			if o.MinSize().Width > share {
				equal = false
			}
		}
		extra := (avail - least) / n
		x := float32(0)
		for _, o := range objs {
			w := share
			if !equal {
				w = o.MinSize().Width + extra
			}
			o.Move(fyne.NewPos(x, 0))
			o.Resize(fyne.NewSize(w, size.Height))
			x += w + pad
		}
	} else {
		least := float32(0)
		for _, o := range objs {
			least += o.MinSize().Height
		}
		extra := fyne.Max(0, size.Height-least-pad*(n-1)) / n
		y := float32(0)
		for _, o := range objs {
			h := o.MinSize().Height + extra
			o.Move(fyne.NewPos(0, y))
			o.Resize(fyne.NewSize(size.Width, h))
			y += h + pad
		}
	}
	if changed && a.box != nil {
		// The height asked for changed with the arrangement: let the
		// parents see it (as a Flow does).
		box := a.box
		fyne.Do(func() { box.Refresh() })
	}
}

func (a *adaptiveLayout) MinSize(all []fyne.CanvasObject) fyne.Size {
	objs := visible(all)
	var w, hWide, hStack float32
	for i, o := range objs {
		m := o.MinSize()
		w = fyne.Max(w, m.Width)
		hWide = fyne.Max(hWide, m.Height)
		if i > 0 {
			hStack += theme.Padding()
		}
		hStack += m.Height
	}
	if a.width > 0 && len(objs) > 1 && a.fitsWide(objs, a.width) {
		return fyne.NewSize(w, hWide)
	}
	return fyne.NewSize(w, hStack)
}
