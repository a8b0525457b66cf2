package eternaut

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"tablekeeper/ui/widgets"
)

// The two layouts a tablet turned either way needs: columns that become
// one column on a narrow (portrait) screen, and a row of buttons that
// wraps. Both remember the width they were last given, so their height
// follows the number of rows they really use.

// columnsLayout puts its objects in as many columns of at least minW as
// fit, each row as tall as its tallest object.
type columnsLayout struct {
	minW  float32
	width float32
}

// columns makes a responsive grid of objects at least minW wide.
func columns(minW float32, objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&columnsLayout{minW: minW}, objs...)
}

func (l *columnsLayout) cols(w float32, n int) int {
	pad := theme.Padding()
	c := int((w + pad) / (l.minW + pad))
	if c < 1 {
		c = 1
	}
	if c > n && n > 0 {
		c = n
	}
	return c
}

func visible(objs []fyne.CanvasObject) []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, 0, len(objs))
	for _, o := range objs {
		if o.Visible() {
			out = append(out, o)
		}
	}
	return out
}

func (l *columnsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	objs = visible(objs)
	if len(objs) == 0 {
		return
	}
	pad := theme.Padding()
	n := l.cols(size.Width, len(objs))
	cw := (size.Width - pad*float32(n-1)) / float32(n)
	y := float32(0)
	for i := 0; i < len(objs); i += n {
		row := objs[i:min(i+n, len(objs))]
		h := float32(0)
		for _, o := range row {
			h = max(h, o.MinSize().Height)
		}
		for j, o := range row {
			o.Move(fyne.NewPos(float32(j)*(cw+pad), y))
			o.Resize(fyne.NewSize(cw, h))
		}
		y += h + pad
	}
}

func (l *columnsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	objs = visible(objs)
	if len(objs) == 0 {
		return fyne.Size{}
	}
	pad := theme.Padding()
	w := float32(0)
	for _, o := range objs {
		w = max(w, min(o.MinSize().Width, l.minW))
	}
	n := 1
	if l.width > 0 {
		n = l.cols(l.width, len(objs))
	}
	h := float32(0)
	for i := 0; i < len(objs); i += n {
		rh := float32(0)
		for _, o := range objs[i:min(i+n, len(objs))] {
			rh = max(rh, o.MinSize().Height)
		}
		h += rh
		if i > 0 {
			h += pad
		}
	}
	return fyne.NewSize(w, h)
}

// flowLayout lays objects left to right at their own width (and at least
// a finger's height), wrapping onto a new line when the line is full.
type flowLayout struct{ width float32 }

// flow makes a wrapping row (of buttons, chips).
func flow(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&flowLayout{}, objs...)
}

func (l *flowLayout) place(objs []fyne.CanvasObject, width float32, move bool) float32 {
	pad := theme.Padding()
	x, y, lineH := float32(0), float32(0), float32(0)
	for _, o := range visible(objs) {
		s := o.MinSize()
		s.Height = max(s.Height, widgets.MinTouch)
		if width > 0 {
			s.Width = min(s.Width, width)
		}
		if x > 0 && x+s.Width > width {
			x, y, lineH = 0, y+lineH+pad, 0
		}
		if move {
			o.Move(fyne.NewPos(x, y))
			o.Resize(s)
		}
		x += s.Width + pad
		lineH = max(lineH, s.Height)
	}
	return y + lineH
}

func (l *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	l.place(objs, size.Width, true)
}

func (l *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := float32(0)
	for _, o := range visible(objs) {
		w = max(w, o.MinSize().Width)
	}
	if l.width <= 0 {
		// Not laid out yet: guess a narrow card's width.
		return fyne.NewSize(min(w, 360), l.place(objs, 360, false))
	}
	return fyne.NewSize(min(w, l.width), l.place(objs, l.width, false))
}

// tableLayout is the Play tab's Table: the turn's step buttons never
// scroll out of sight. From wideFrom across (a landscape tablet), the turn
// and the rest of the table scroll in one column beside the Characters'
// boards; narrower (portrait), the turn stays fixed at the top and the rest
// of the table, then the boards, scroll under it.
type tableLayout struct {
	turn, table, boards *fyne.Container
	// obj is the sub-tab's content; wideView and narrowView its two
	// arrangements, one shown at a time.
	obj                     *fyne.Container
	wideView, narrowView    *fyne.Container
	left, right, top, rest  *fyne.Container
	leftSc, rightSc, restSc *container.Scroll
	wide, arranged          bool
	// laidOut is false until the first Layout: the width is unknown then.
	laidOut bool
	// onChange redraws the tab when the arrangement changes.
	onChange func()
}

func newTableLayout(turn, table, boards *fyne.Container) *tableLayout {
	t := &tableLayout{turn: turn, table: table, boards: boards}
	t.left, t.right, t.top, t.rest = container.NewVBox(), container.NewVBox(), container.NewVBox(), container.NewVBox()
	t.leftSc, t.rightSc, t.restSc = scrolled(t.left), scrolled(t.right), scrolled(t.rest)
	t.wideView = widgets.NewAdaptive(t.leftSc, t.rightSc)
	t.narrowView = container.NewBorder(container.NewPadded(t.top), nil, nil, nil, t.restSc)
	t.obj = container.New(t, t.wideView, t.narrowView)
	t.arrange(false)
	return t
}

// arrange puts the turn, the table and the boards where the width wants
// them.
func (t *tableLayout) arrange(wide bool) {
	t.wide, t.arranged = wide, true
	if wide {
		t.top.Objects, t.rest.Objects = nil, nil
		t.left.Objects = []fyne.CanvasObject{t.turn, t.table}
		t.right.Objects = []fyne.CanvasObject{t.boards}
		t.narrowView.Hide()
		t.wideView.Show()
	} else {
		t.left.Objects, t.right.Objects = nil, nil
		t.top.Objects = []fyne.CanvasObject{t.turn}
		t.rest.Objects = []fyne.CanvasObject{t.table, t.boards}
		t.wideView.Hide()
		t.narrowView.Show()
	}
}

// Wide says whether the turn sits beside the boards now.
func (t *tableLayout) Wide() bool { return t.wide }

func (t *tableLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	t.laidOut = true
	if wide := size.Width >= wideFrom; wide != t.wide || !t.arranged {
		t.arrange(wide)
		obj, redraw := t.obj, t.onChange
		fyne.Do(func() {
			if redraw != nil {
				redraw()
			}
			obj.Refresh()
		})
	}
	for _, v := range []*fyne.Container{t.wideView, t.narrowView} {
		if v.Visible() {
			v.Move(fyne.Position{})
			v.Resize(size)
		}
	}
}

func (t *tableLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	// Before the width is known, or while a first layout at a passing
	// small width says narrow on a wide window, ask for no height: a
	// desktop window sized to the portrait arrangement's fixed turn would
	// open taller than a landscape screen and never shrink back. The
	// layout at the real width arranges and asks again.
	if c := fyne.CurrentApp().Driver().CanvasForObject(t.obj); !t.laidOut || (!t.wide && (c == nil || c.Size().Width >= wideFrom)) {
		return fyne.NewSize(t.narrowView.MinSize().Width, t.restSc.MinSize().Height)
	}
	if t.wide {
		return t.wideView.MinSize()
	}
	return t.narrowView.MinSize()
}

// panesLayout is the Enemy tab: from wideFrom across (a landscape tablet)
// the decision and the boards scroll side by side; narrower (portrait) they
// scroll as one page, the decision first, so its Why reads at the screen's
// height and every step of it scrolls into view (two half-screen panes left
// a Why no finger could bring into view).
type panesLayout struct {
	// first and second are the two panes' contents; obj is the tab.
	first, second *fyne.Container
	obj           *fyne.Container
	// wideView holds firstSc and secondSc side by side; page is the
	// narrow view's one column, in pageSc.
	wideView, firstBox, secondBox, page *fyne.Container
	firstSc, secondSc, pageSc           *container.Scroll
	wide, arranged, laidOut             bool
}

func newPanesLayout(first, second *fyne.Container) *panesLayout {
	p := &panesLayout{first: first, second: second}
	p.firstBox, p.secondBox, p.page = container.NewVBox(), container.NewVBox(), container.NewVBox()
	p.firstSc, p.secondSc, p.pageSc = scrolled(p.firstBox), scrolled(p.secondBox), scrolled(p.page)
	p.wideView = widgets.NewAdaptive(p.firstSc, p.secondSc)
	p.obj = container.New(p, p.wideView, p.pageSc)
	p.arrange(false)
	return p
}

// arrange puts the panes where the width wants them.
func (p *panesLayout) arrange(wide bool) {
	p.wide, p.arranged = wide, true
	if wide {
		p.page.Objects = nil
		p.firstBox.Objects, p.secondBox.Objects = []fyne.CanvasObject{p.first}, []fyne.CanvasObject{p.second}
		p.pageSc.Hide()
		p.wideView.Show()
	} else {
		p.firstBox.Objects, p.secondBox.Objects = nil, nil
		p.page.Objects = []fyne.CanvasObject{p.first, p.second}
		p.wideView.Hide()
		p.pageSc.Show()
	}
}

// firstScroll is the scroll the first pane is in now.
func (p *panesLayout) firstScroll() *container.Scroll {
	if p.wide {
		return p.firstSc
	}
	return p.pageSc
}

func (p *panesLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	p.laidOut = true
	if wide := size.Width >= wideFrom; wide != p.wide || !p.arranged {
		p.arrange(wide)
		obj := p.obj
		fyne.Do(obj.Refresh)
	}
	for _, v := range []fyne.CanvasObject{p.wideView, p.pageSc} {
		if v.Visible() {
			v.Move(fyne.Position{})
			v.Resize(size)
		}
	}
}

func (p *panesLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	// Scrolls both ways: a desktop window is never made taller by the
	// panes, whichever arrangement a first layout at a passing width
	// chose.
	if p.wide {
		return p.wideView.MinSize()
	}
	return p.pageSc.MinSize()
}
