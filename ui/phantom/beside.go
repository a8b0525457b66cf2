package phantom

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// besideOrOver lays a heading and a row of buttons out on one line when
// the heading's words fit beside the buttons (a landscape tablet: a line
// of the tab's height saved for the map and the panel), else the heading
// over the buttons, wrapped, with corner (a button of its own, may be
// hidden) at the heading's right. The buttons keep their place whatever
// the heading says: at the right end of the line, or under it, full width.
func besideOrOver(heading *widget.Label, corner, buttons fyne.CanvasObject) *fyne.Container {
	heading.Wrapping = fyne.TextWrapWord
	heading.Truncation = fyne.TextTruncateOff
	l := &besideLayout{heading: heading, corner: corner, buttons: buttons}
	return container.New(l, heading, corner, buttons)
}

type besideLayout struct {
	heading         *widget.Label
	corner, buttons fyne.CanvasObject
	width           float32 // the width last laid out at; 0 before
}

// cornerWidth is the corner's width with its gap, 0 when hidden.
func (l *besideLayout) cornerWidth() float32 {
	if !l.corner.Visible() {
		return 0
	}
	return l.corner.MinSize().Width + theme.Padding()
}

// natural is the heading's width on one line.
func (l *besideLayout) natural() float32 {
	return fyne.MeasureText(l.heading.Text, theme.TextSize(), l.heading.TextStyle).Width + 2*theme.InnerPadding()
}

func (l *besideLayout) oneLine(width float32) bool {
	return !l.corner.Visible() && l.natural()+theme.Padding()+l.buttons.MinSize().Width <= width
}

func (l *besideLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	b := l.buttons.MinSize()
	if l.oneLine(size.Width) {
		hw := size.Width - b.Width - theme.Padding()
		h := l.heading.MinSize().Height
		l.heading.Move(fyne.NewPos(0, max(0, (b.Height-h)/2)))
		l.heading.Resize(fyne.NewSize(hw, max(h, 0)))
		l.buttons.Move(fyne.NewPos(hw+theme.Padding(), 0))
		l.buttons.Resize(fyne.NewSize(b.Width, b.Height))
		return
	}
	cw := l.cornerWidth()
	hh := l.headingHeight(size.Width - cw)
	l.heading.Move(fyne.NewPos(0, 0))
	l.heading.Resize(fyne.NewSize(size.Width-cw, hh))
	if cw > 0 {
		c := l.corner.MinSize()
		l.corner.Move(fyne.NewPos(size.Width-c.Width, 0))
		l.corner.Resize(c)
		hh = max(hh, c.Height)
	}
	l.buttons.Move(fyne.NewPos(0, hh+theme.Padding()))
	l.buttons.Resize(fyne.NewSize(size.Width, b.Height))
}

// headingHeight is the heading's height wrapped at width (one line before
// the layout knows a width, as wrapped does).
func (l *besideLayout) headingHeight(width float32) float32 {
	if width < 1 {
		one := fyne.MeasureText("Round", theme.TextSize(), l.heading.TextStyle)
		return one.Height + 2*theme.InnerPadding()
	}
	if l.heading.Size().Width != width {
		l.heading.Resize(fyne.NewSize(width, l.heading.Size().Height))
	}
	return l.heading.MinSize().Height
}

func (l *besideLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	b := l.buttons.MinSize()
	if l.width < 1 || l.oneLine(l.width) {
		one := fyne.MeasureText("Round", theme.TextSize(), l.heading.TextStyle).Height + 2*theme.InnerPadding()
		return fyne.NewSize(b.Width, max(b.Height, one))
	}
	hh := l.headingHeight(l.width - l.cornerWidth())
	if l.corner.Visible() {
		hh = max(hh, l.corner.MinSize().Height)
	}
	return fyne.NewSize(b.Width, hh+theme.Padding()+b.Height)
}

// reserve holds obj in the room it takes when shown, shown or hidden, so
// showing it moves nothing under or beside it.
func reserve(obj fyne.CanvasObject) fyne.CanvasObject {
	return container.New(reserveLayout{}, obj)
}

type reserveLayout struct{}

func (reserveLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (reserveLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize()) // hidden or not
	}
	return s
}
