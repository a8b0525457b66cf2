package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// newLogBar lays out the Log's bar (filter, search, undo and redo) with
// its count ("100303 of 100303") at its right end when the width holds
// both, and under it when it does not (a tablet in portrait at a large
// text size): a long campaign's count must not widen the window past its
// screen. Its MinSize never asks for the width of both side by side.
func newLogBar(bar, count fyne.CanvasObject) *fyne.Container {
	l := &logBarLayout{}
	c := container.New(l, bar, count)
	l.box = c
	return c
}

type logBarLayout struct {
	width float32 // the width last laid out in; 0 before
	wide  bool
	box   *fyne.Container
}

func (l *logBarLayout) fits(objs []fyne.CanvasObject, width float32) bool {
	return objs[0].MinSize().Width+theme.Padding()+objs[1].MinSize().Width <= width
}

func (l *logBarLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	bar, count := objs[0].MinSize(), objs[1].MinSize()
	w := fyne.Max(bar.Width, count.Width)
	if l.width > 0 && l.fits(objs, l.width) {
		return fyne.NewSize(w, fyne.Max(bar.Height, count.Height))
	}
	return fyne.NewSize(w, bar.Height+theme.Padding()+count.Height)
}

func (l *logBarLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	wide := l.fits(objs, size.Width)
	changed := wide != l.wide
	l.wide = wide
	bar, count := objs[0], objs[1]
	cm := count.MinSize()
	if wide {
		bw := size.Width - theme.Padding() - cm.Width
		bar.Move(fyne.NewPos(0, 0))
		bar.Resize(fyne.NewSize(bw, size.Height))
		count.Move(fyne.NewPos(bw+theme.Padding(), (size.Height-cm.Height)/2))
		count.Resize(cm)
	} else {
		bh := bar.MinSize().Height
		bar.Move(fyne.NewPos(0, 0))
		bar.Resize(fyne.NewSize(size.Width, bh))
		count.Move(fyne.NewPos(0, bh+theme.Padding()))
		count.Resize(fyne.NewSize(size.Width, cm.Height))
	}
	if changed && l.box != nil {
		// The height asked for changed with the arrangement: let the
		// parents see it.
		box := l.box
		fyne.Do(func() { box.Refresh() })
	}
}

// newSearchRow lays out the filter, the search box and the Undo and Redo
// buttons on one line when the search box keeps at least the width of its
// placeholder there, and the search box on its own line under the others
// when it would not (portrait at a large text size squeezed it to a
// cut-off "Search").
func newSearchRow(left, search, right fyne.CanvasObject, placeholder string) *fyne.Container {
	l := &searchRowLayout{placeholder: placeholder}
	c := container.New(l, left, search, right)
	l.box = c
	return c
}

type searchRowLayout struct {
	placeholder string
	width       float32 // the width last laid out in; 0 before
	wide        bool
	box         *fyne.Container
}

// want is the search box's width with its placeholder whole.
func (l *searchRowLayout) want(search fyne.CanvasObject) float32 {
	w := fyne.MeasureText(l.placeholder, theme.TextSize(), fyne.TextStyle{}).Width + 4*theme.InnerPadding()
	return fyne.Max(w, search.MinSize().Width)
}

func (l *searchRowLayout) fits(objs []fyne.CanvasObject, width float32) bool {
	return objs[0].MinSize().Width+l.want(objs[1])+objs[2].MinSize().Width+2*theme.Padding() <= width
}

func (l *searchRowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	left, search, right := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize()
	row := fyne.Max(left.Height, fyne.Max(search.Height, right.Height))
	if l.width > 0 && l.fits(objs, l.width) {
		return fyne.NewSize(left.Width+search.Width+right.Width+2*theme.Padding(), row)
	}
	w := fyne.Max(left.Width+right.Width+theme.Padding(), search.Width)
	return fyne.NewSize(w, fyne.Max(left.Height, right.Height)+theme.Padding()+search.Height)
}

func (l *searchRowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	wide := l.fits(objs, size.Width)
	changed := wide != l.wide
	l.wide = wide
	left, search, right := objs[0], objs[1], objs[2]
	lm, sm, rm := left.MinSize(), search.MinSize(), right.MinSize()
	pad := theme.Padding()
	if wide {
		left.Move(fyne.NewPos(0, 0))
		left.Resize(fyne.NewSize(lm.Width, size.Height))
		right.Move(fyne.NewPos(size.Width-rm.Width, 0))
		right.Resize(fyne.NewSize(rm.Width, size.Height))
		search.Move(fyne.NewPos(lm.Width+pad, 0))
		search.Resize(fyne.NewSize(size.Width-lm.Width-rm.Width-2*pad, size.Height))
	} else {
		rowH := fyne.Max(lm.Height, rm.Height)
		left.Move(fyne.NewPos(0, 0))
		left.Resize(fyne.NewSize(lm.Width, rowH))
		right.Move(fyne.NewPos(size.Width-rm.Width, 0))
		right.Resize(fyne.NewSize(rm.Width, rowH))
		search.Move(fyne.NewPos(0, rowH+pad))
		search.Resize(fyne.NewSize(size.Width, sm.Height))
	}
	if changed && l.box != nil {
		box := l.box
		fyne.Do(func() { box.Refresh() })
	}
}
