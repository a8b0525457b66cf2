package alone

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/widgets"
)

// wideFrom is the width from which the Play tab puts the Turn beside the
// Hero sheet (a landscape tablet).
const wideFrom = 1000

// playLayout arranges the Play tab by the room there is. From wideFrom
// across, Next stays on top of the Turn's column, the status and the steps
// scroll under it (a landscape screen at the largest text has no room for
// more above them), and the Hero sheet scrolls beside. Narrower (portrait),
// the status, Next and the health line stay on top and the Turn's steps,
// then the sheet, scroll as one page under them: never two half-screen
// strips, where the Action's buttons were cut at the largest text.
type playLayout struct {
	// status and next head the Turn; health is the one line of the tracks
	// shown in portrait, where the sheet is out of sight; steps and sheet
	// the two columns' contents.
	status, next, health, steps, sheet fyne.CanvasObject
	obj                                *fyne.Container

	wideView, narrowView       *fyne.Container
	wideTop, turnBox, sheetBox *fyne.Container
	narrowTop, page            *fyne.Container
	turnSc, sheetSc, pageSc    *container.Scroll
	wide, arranged             bool
}

func newPlayLayout(status, next, health, steps, sheet fyne.CanvasObject) *playLayout {
	l := &playLayout{status: status, next: next, health: health, steps: steps, sheet: sheet}
	l.wideTop, l.turnBox, l.sheetBox = container.NewVBox(), container.NewVBox(), container.NewVBox()
	l.narrowTop, l.page = container.NewVBox(), container.NewVBox()
	l.turnSc, l.sheetSc, l.pageSc = padScroll(l.turnBox), padScroll(l.sheetBox), padScroll(l.page)
	turn := container.NewBorder(container.NewPadded(l.wideTop), nil, nil, nil, l.turnSc)
	l.wideView = widgets.NewAdaptive(turn, l.sheetSc)
	l.narrowView = container.NewBorder(container.NewPadded(l.narrowTop), nil, nil, nil, l.pageSc)
	l.obj = container.New(l, l.wideView, l.narrowView)
	l.arrange(false)
	return l
}

func padScroll(o fyne.CanvasObject) *container.Scroll {
	return container.NewVScroll(container.NewPadded(o))
}

// arrange puts the parts where the width wants them.
func (l *playLayout) arrange(wide bool) {
	l.wide, l.arranged = wide, true
	if wide {
		l.narrowTop.Objects, l.page.Objects = nil, nil
		l.wideTop.Objects = []fyne.CanvasObject{l.next}
		l.turnBox.Objects, l.sheetBox.Objects = []fyne.CanvasObject{l.status, l.steps}, []fyne.CanvasObject{l.sheet}
		l.narrowView.Hide()
		l.wideView.Show()
	} else {
		l.wideTop.Objects, l.turnBox.Objects, l.sheetBox.Objects = nil, nil, nil
		l.narrowTop.Objects = []fyne.CanvasObject{l.status, l.next, l.health}
		l.page.Objects = []fyne.CanvasObject{l.steps, l.sheet}
		l.wideView.Hide()
		l.narrowView.Show()
	}
}

// stepsScroll is the scroll the Turn's steps are in now.
func (l *playLayout) stepsScroll() *container.Scroll {
	if l.wide {
		return l.turnSc
	}
	return l.pageSc
}

func (l *playLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	if wide := size.Width >= wideFrom; wide != l.wide || !l.arranged {
		l.arrange(wide)
		obj := l.obj
		fyne.Do(obj.Refresh)
	}
	for _, v := range []*fyne.Container{l.wideView, l.narrowView} {
		if v.Visible() {
			v.Move(fyne.Position{})
			v.Resize(size)
		}
	}
}

func (l *playLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	if l.wide {
		return l.wideView.MinSize()
	}
	return l.narrowView.MinSize()
}

// steadyLabel is a wrapped label that keeps the height of the tallest of
// the texts it may show at its width, so what sits under it never moves
// when its text changes between two taps (issue 22 item 4).
type steadyLabel struct {
	*widget.Label
	// texts are the texts it may show now.
	texts   func() []string
	measure *widget.Label
	box     *fyne.Container
}

func newSteadyLabel(l *widget.Label, texts func() []string) *steadyLabel {
	s := &steadyLabel{Label: l, texts: texts, measure: widget.NewLabel("")}
	s.measure.Wrapping, s.measure.TextStyle, s.measure.SizeName = l.Wrapping, l.TextStyle, l.SizeName
	s.box = container.New(s, l)
	return s
}

func (s *steadyLabel) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}

func (s *steadyLabel) MinSize([]fyne.CanvasObject) fyne.Size {
	m := s.Label.MinSize()
	w := s.box.Size().Width
	if w <= 0 || s.texts == nil {
		return m
	}
	for _, t := range s.texts() {
		s.measure.SetText(t)
		s.measure.Resize(fyne.NewSize(w, 1))
		m.Height = max(m.Height, s.measure.MinSize().Height)
	}
	return m
}
