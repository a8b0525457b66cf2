package widgets

import (
	"image/color"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// FeedbackFor is how long a bubble that is not a refusal stays (a
// variable for tests).
var FeedbackFor = 4 * time.Second

// A FeedbackLayer holds a screen and, over it, the bubble that answers a
// tap: the refusal or result of an action, shown next to the control that
// was tapped. The bubble floats over the screen without moving anything in
// it (the layer asks for no space of its own), and taps outside the bubble
// reach the screen as usual: the players go on playing. A tap on the
// bubble dismisses it; a result goes by itself after FeedbackFor, a refusal
// stays until tapped.
//
// The frame wraps the window's content in one, and Dialog wraps each
// dialog's, so ShowFeedback finds the layer of whatever was tapped.
type FeedbackLayer struct {
	widget.BaseWidget
	Content fyne.CanvasObject

	float  *fyne.Container // no layout: the bubble sits where it is put
	bubble *bubble
	mu     sync.Mutex
	timer  Timer
	gen    int
}

// NewFeedbackLayer puts content under a layer for feedback bubbles.
func NewFeedbackLayer(content fyne.CanvasObject) *FeedbackLayer {
	l := &FeedbackLayer{Content: content, float: container.NewWithoutLayout()}
	l.ExtendBaseWidget(l)
	return l
}

// CreateRenderer stacks the bubble over the content.
func (l *FeedbackLayer) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(l.Content, l.float))
}

// Showing is the bubble's text and whether it is a refusal; "" when none
// shows.
func (l *FeedbackLayer) Showing() (string, bool) {
	if l.bubble == nil || !l.bubble.Visible() {
		return "", false
	}
	return l.bubble.text.Text, l.bubble.isError
}

// Dismiss takes the bubble away.
func (l *FeedbackLayer) Dismiss() {
	l.mu.Lock()
	l.gen++
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
	l.mu.Unlock()
	if l.bubble != nil {
		l.bubble.Hide()
		l.bubble = nil
		l.float.Objects = nil
		l.float.Refresh()
	}
}

// DismissFeedback takes away every answer showing on canvas c, in the
// window's content and in each dialog: the screen it spoke of changed (a
// tab, Home, a dialog opened), or the players tapped on.
func DismissFeedback(c fyne.Canvas) {
	if c == nil {
		return
	}
	if l, ok := c.Content().(*FeedbackLayer); ok {
		l.Dismiss()
	}
	open.Lock()
	var layers []*FeedbackLayer
	if st := open.stacks[c]; st != nil {
		for _, d := range st.list {
			layers = append(layers, d.layer)
		}
	}
	open.Unlock()
	for _, l := range layers {
		l.Dismiss()
	}
}

// ShowAt shows text in a bubble next to the area at pos of the given size
// (in the layer's coordinates), where it covers no control: under it,
// over it, beside it, or along the screen's edge on its row, whichever is
// first free, kept inside the layer. A bubble over a control hid the very
// button the players were to tap next; when no place is free (a crowded
// screen at the largest text), no bubble shows: the message line says it.
func (l *FeedbackLayer) ShowAt(pos fyne.Position, size fyne.Size, text string, isError bool) {
	l.Dismiss()
	if text == "" {
		return
	}
	Tell(text)
	b := newBubble(text, isError, l.Dismiss)
	area := l.Size()
	pad := theme.Padding()
	controls := l.controls()
	var at Rect
	found := false
	for _, width := range []float32{min(fyne.Max(size.Width, 360), area.Width-2*pad), min(240, area.Width-2*pad)} {
		if width <= 0 {
			continue
		}
		b.Resize(fyne.NewSize(width, 1))
		h := b.heightFor(width)
		for _, c := range bubblePlaces(Rect{pos, size}, fyne.NewSize(width, h), area, pad) {
			if coversNone(c, controls) {
				at, found = c, true
				break
			}
		}
		if found {
			break
		}
	}
	if !found {
		return
	}
	l.bubble = b
	b.Move(at.Pos)
	b.Resize(at.Size)
	l.float.Objects = []fyne.CanvasObject{b}
	l.float.Refresh()
	if isError {
		return
	}
	l.mu.Lock()
	l.gen++
	gen := l.gen
	l.timer = After(FeedbackFor, func() {
		l.mu.Lock()
		current := l.gen == gen
		l.mu.Unlock()
		if current {
			l.Dismiss()
		}
	})
	l.mu.Unlock()
}

// bubblePlaces are the places a bubble of size b may take next to the
// tapped area src, nearest first, each kept inside the layer's area.
func bubblePlaces(src Rect, b, area fyne.Size, pad float32) []Rect {
	clampX := func(x float32) float32 { return fyne.Max(pad, fyne.Min(x, area.Width-pad-b.Width)) }
	clampY := func(y float32) float32 { return fyne.Max(0, fyne.Min(y, area.Height-b.Height)) }
	below, above := src.Pos.Y+src.Size.Height+pad, src.Pos.Y-pad-b.Height
	right, left := src.Pos.X+src.Size.Width+pad, src.Pos.X-pad-b.Width
	var out []Rect
	add := func(x, y float32, exact bool) {
		if exact && (x < 0 || y < 0 || x+b.Width > area.Width || y+b.Height > area.Height) {
			return // beside the area only where it fits whole
		}
		out = append(out, Rect{fyne.NewPos(clampX(x), clampY(y)), b})
	}
	for _, y := range []float32{below, above} {
		add(src.Pos.X, y, false)
		add(src.Pos.X+src.Size.Width-b.Width, y, false)
		add(area.Width, y, false) // the right edge
		add(0, y, false)          // the left edge
	}
	for _, x := range []float32{right, left} {
		add(x, src.Pos.Y, true)
		add(x, src.Pos.Y+src.Size.Height-b.Height, true)
	}
	// Last, the foot of the screen, over the message line that says the
	// same (it is no control).
	add(src.Pos.X, area.Height, false)
	add(0, area.Height, false)
	add(area.Width, area.Height, false)
	return out
}

// coversNone says whether r leaves every control uncovered.
func coversNone(r Rect, controls []Rect) bool {
	for _, c := range controls {
		if !r.Intersect(c).Empty() {
			return false
		}
	}
	return true
}

// controls are where the controls the layer shows are, in its
// coordinates, as much of each as is on screen.
func (l *FeedbackLayer) controls() []Rect {
	var out []Rect
	Walk(l.Content, fyne.Position{}, Rect{Size: l.Size()}, func(v Visit) bool {
		if !isControl(v.Object) {
			return true
		}
		if r := v.Shown(); !r.Empty() {
			out = append(out, r)
		}
		return false
	})
	return out
}

// ShowFeedback shows text in a bubble next to src on the canvas c (the
// window's): in the top Dialog open on c if there is one, else in the
// FeedbackLayer that is c's content. It reports whether it found a layer;
// without one it shows nothing, and the caller's message line is all the
// players get.
func ShowFeedback(c fyne.Canvas, src fyne.CanvasObject, text string, isError bool) bool {
	return SpotOf(c, src).Show(c, text, isError)
}

// neverShown is never put on a canvas: where the driver places it is
// where it places an object it cannot find.
var neverShown = canvas.NewRectangle(color.Transparent)

// A Spot is where an object stood on the canvas, in the canvas's
// coordinates: taken when a control is tapped, it places the answer there
// even when the action rebuilt the screen and the control is gone (a
// bubble placed by a control no longer on screen went to the window's
// top left corner, over the header).
type Spot struct {
	pos  fyne.Position
	size fyne.Size
	// Found says src was on the canvas. The driver gives what it cannot
	// find the place it gives an object never shown (the origin; the test
	// driver's less its inset), where nothing tappable stands: every
	// screen and dialog pads its content.
	Found bool
}

// SpotOf is where src stands on canvas c now.
func SpotOf(c fyne.Canvas, src fyne.CanvasObject) Spot {
	if c == nil || src == nil || fyne.CurrentApp() == nil {
		return Spot{}
	}
	d := fyne.CurrentApp().Driver()
	pos := d.AbsolutePositionForObject(src)
	return Spot{pos: pos, size: src.Size(), Found: pos != d.AbsolutePositionForObject(neverShown)}
}

// Show shows text in a bubble at the spot, in the layer on top of c now
// (a dialog's, or the window's). It reports whether it found a layer.
func (s Spot) Show(c fyne.Canvas, text string, isError bool) bool {
	l := feedbackLayerOf(c)
	if l == nil {
		return false
	}
	pos := s.pos.Subtract(fyne.CurrentApp().Driver().AbsolutePositionForObject(l))
	l.ShowAt(pos, s.size, text, isError)
	return true
}

func feedbackLayerOf(c fyne.Canvas) *FeedbackLayer {
	if c == nil {
		return nil
	}
	if d := topDialog(c); d != nil {
		return d.layer
	}
	l, _ := c.Content().(*FeedbackLayer)
	return l
}

// ShowingFeedback is the bubble showing on canvas c (in its top dialog, or
// its content), for tests: its text and whether it is a refusal.
func ShowingFeedback(c fyne.Canvas) (string, bool) {
	if l := feedbackLayerOf(c); l != nil {
		return l.Showing()
	}
	return "", false
}

// A bubble is the feedback's box: the text on a tinted background with a
// coloured edge, red for a refusal.
type bubble struct {
	widget.BaseWidget
	text    *widget.Label
	isError bool
	onTap   func()
	bg      *canvas.Rectangle
}

func newBubble(text string, isError bool, onTap func()) *bubble {
	b := &bubble{isError: isError, onTap: onTap}
	b.text = widget.NewLabel(text)
	b.text.Wrapping = fyne.TextWrapWord
	if isError {
		b.text.Importance = widget.DangerImportance
	}
	b.bg = canvas.NewRectangle(color.Transparent)
	b.bg.StrokeWidth = 2
	b.bg.CornerRadius = theme.InputRadiusSize()
	b.ExtendBaseWidget(b)
	return b
}

func (b *bubble) heightFor(width float32) float32 {
	b.text.Resize(fyne.NewSize(width, b.text.MinSize().Height))
	return fyne.Max(b.text.MinSize().Height, MinTouch)
}

// Tapped dismisses the bubble.
func (b *bubble) Tapped(*fyne.PointEvent) {
	if b.onTap != nil {
		b.onTap()
	}
}

func (b *bubble) CreateRenderer() fyne.WidgetRenderer {
	b.setColours()
	return &bubbleRenderer{b: b, objs: []fyne.CanvasObject{b.bg, b.text}}
}

func (b *bubble) setColours() {
	b.bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	b.bg.StrokeColor = theme.Color(theme.ColorNamePrimary)
	if b.isError {
		b.bg.StrokeColor = theme.Color(theme.ColorNameError)
	}
}

type bubbleRenderer struct {
	b    *bubble
	objs []fyne.CanvasObject
}

func (r *bubbleRenderer) Layout(size fyne.Size) {
	r.b.bg.Resize(size)
	r.b.text.Resize(size)
	r.b.text.Move(fyne.Position{})
}
func (r *bubbleRenderer) MinSize() fyne.Size           { return r.b.text.MinSize() }
func (r *bubbleRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *bubbleRenderer) Destroy()                     {}
func (r *bubbleRenderer) Refresh() {
	r.b.setColours()
	r.b.bg.Refresh()
	r.b.text.Refresh()
}
