package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// NewFlow lays objects out left to right at their natural size and wraps
// onto another line when the screen is too narrow, so a row of controls
// fits a tablet in portrait without scrolling sideways.
func NewFlow(objs ...fyne.CanvasObject) *fyne.Container {
	f := &flowLayout{}
	c := container.New(f, objs...)
	f.box = c
	return c
}

// A flow's height depends on its width, which it learns only when laid
// out; when that changes its height, it refreshes itself so the canvas
// sees the new minimum size and lays the parents out again.
type flowLayout struct {
	width    float32
	reported float32 // the height MinSize last reported
	box      *fyne.Container
}

// wraps says whether o is text that wraps: its least width is one letter,
// so at that width each word would break into a column of letters. It
// gets a line of its own, the whole width.
func wraps(o fyne.CanvasObject) bool {
	switch x := o.(type) {
	case *widget.Label:
		return x.Wrapping != fyne.TextWrapOff
	case *widget.RichText:
		return x.Wrapping != fyne.TextWrapOff
	}
	return false
}

// size is what o is given in a flow width wide: its least size, or, for
// wrapping text, the whole width and its height there (as last laid out).
func (f *flowLayout) size(o fyne.CanvasObject, width float32) fyne.Size {
	m := o.MinSize()
	if wraps(o) && width > 0 {
		m.Width = max(m.Width, width)
	}
	return m
}

func (f *flowLayout) lines(objs []fyne.CanvasObject, width float32) (pos []fyne.Position, height float32) {
	pad := theme.Padding()
	x, y, lineH := float32(0), float32(0), float32(0)
	for _, o := range objs {
		if !o.Visible() {
			pos = append(pos, fyne.Position{})
			continue
		}
		m := f.size(o, width)
		if x > 0 && x+m.Width > width {
			x, y = 0, y+lineH+pad
			lineH = 0
		}
		pos = append(pos, fyne.NewPos(x, y))
		x += m.Width + pad
		lineH = max(lineH, m.Height)
	}
	return pos, y + lineH
}

func (f *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	f.width = size.Width
	// Wrapping text first takes the width, so its height is its lines
	// there.
	for _, o := range objs {
		if o.Visible() && wraps(o) {
			o.Resize(fyne.NewSize(size.Width, o.MinSize().Height))
		}
	}
	pos, h := f.lines(objs, size.Width)
	for i, o := range objs {
		o.Move(pos[i])
		o.Resize(f.size(o, size.Width))
	}
	if h != f.reported && f.box != nil {
		f.reported = h
		box := f.box
		// Not on a goroutine of its own: on a real window fyne.Do queues it
		// for the next frame, and Fyne's test driver runs it here, where a
		// second goroutine would race the test's own refreshes. The nested
		// Layout finds the height already reported, so it stops there.
		fyne.Do(func() { box.Refresh() })
	}
}

func (f *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := float32(0)
	for _, o := range objs {
		if o.Visible() {
			w = max(w, o.MinSize().Width)
		}
	}
	width := f.width
	if width < w {
		width = w
	}
	if f.width == 0 {
		// Not laid out yet: ask for one line.
		width = 1e9
	}
	_, h := f.lines(objs, width)
	f.reported = h
	return fyne.NewSize(w, h)
}
