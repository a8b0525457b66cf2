package alone

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// SheetTracks draws the heart of the Hero sheet (spec §3.8): the Life track
// on top, the Self Control track below, and the Round track between them
// with its marker and the Healing Cap each space sets. A thick line on each
// health track shows the Healing Cap now; spaces above it are shaded
// (recovery stops at the line, §3.3). The final Round space is Nightmare's.
// Tapping a space asks to correct the value by hand.
type SheetTracks struct {
	widget.BaseWidget
	Max, Life, SC, Marker, Cap int
	Caps                       []int
	Nightmare                  bool
	// OnTap is a tap on a space: row "life", "sc" or "round", and the value.
	OnTap func(row string, v int)
}

func newSheetTracks() *SheetTracks {
	t := &SheetTracks{}
	t.ExtendBaseWidget(t)
	return t
}

// roundTrackWords says what the Round track between the health tracks
// shows, in the Hero sheet's words.
const roundTrackWords = "The Round track between them: the marker ◆ moves one space left at the end of each Round (right when a Round is gained), and the number on its space is the Healing Cap, as high as recovery goes. Its last space, ☾, starts Nightmare Mode."

// Text is the tracks in words, for tests and screen readers.
func (t *SheetTracks) Text() string {
	return fmt.Sprintf("Life %d/%d · Round marker on space %d (Healing Cap %d) · Self Control %d/%d", t.Life, t.Max, t.Marker, t.Cap, t.SC, t.Max)
}

// The drawing's measures grow with the text size, so the numbers stay
// inside their spaces at the largest text.
var (
	rowH   = float32(46)
	labW   = float32(92)
	gapH   = float32(8)
	roundH = float32(54)
)

// measure sets the measures for the text size now. The rows' names take
// the room their words need and no more: at the largest text every space
// is that much wider, and the numbers in them that much readier to fit.
func measure() {
	s := theme.TextSize() / 14
	widest := float32(0)
	for _, w := range []string{"Life", "Self", "Control", "Round", "track"} {
		widest = max(widest, fyne.MeasureText(w, 15*s, fyne.TextStyle{Bold: true}).Width)
	}
	rowH, labW, gapH, roundH = max(46, 34*s+10), max(92, widest+2*theme.Padding()), 8, max(54, 40*s+12)
}

func (t *SheetTracks) cellW(width float32) float32 {
	n := float32(t.Max + 1)
	return max(22, min(58*max(1, theme.TextSize()/14), (width-labW)/n))
}

func (t *SheetTracks) MinSize() fyne.Size {
	measure()
	return fyne.NewSize(labW+float32(t.Max+1)*22, 2*rowH+roundH+2*gapH)
}

// Tapped finds the space under the finger.
func (t *SheetTracks) Tapped(e *fyne.PointEvent) {
	if t.OnTap == nil || e.Position.X < labW {
		return
	}
	w := t.cellW(t.Size().Width)
	y := e.Position.Y
	switch {
	case y < rowH:
		t.OnTap("life", int((e.Position.X-labW)/w))
	case y > rowH+gapH+roundH+gapH:
		t.OnTap("sc", int((e.Position.X-labW)/w))
	case y > rowH+gapH && y < rowH+gapH+roundH:
		rw := t.roundW(t.Size().Width)
		t.OnTap("round", int((e.Position.X-labW)/rw))
	}
}

func (t *SheetTracks) roundW(width float32) float32 {
	n := float32(max(len(t.Caps), 1))
	return max(34, min(90*max(1, theme.TextSize()/14), (width-labW)/n))
}

// fit sets a drawn text's size to size (grown with the text setting), or
// smaller when its words would not fit width, but never under the caption
// size (issue 22 item 9: numbers shrunk to 8 px to fit their spaces could
// not be read across the table). A text that does not fit at the caption
// size is the caller's to leave out (trackNumbers).
func fit(t *canvas.Text, size, width float32) {
	t.TextSize = fitSize(t.Text, t.TextStyle, size, width)
}

// fitSize is the size fit gives words s.
func fitSize(s string, st fyne.TextStyle, size, width float32) float32 {
	size = size * theme.TextSize() / 14
	if w := fyne.MeasureText(s, size, st).Width; w > width && width > 0 && w > 0 {
		size *= width / w
	}
	return max(labelSize(), size)
}

// trackNumbers says which of a health track's numbers 0…n are drawn when
// its spaces are cw wide and the value now is v (spaced).
func trackNumbers(n, v int, cw float32) []bool {
	labels := make([]string, n+1)
	for i := range labels {
		labels[i] = strconv.Itoa(i)
	}
	return spaced(labels, v, 14, cw, 4)
}

// spaced says which of a track's labels (one a space, drawn at size in
// spaces cw wide less margin, the one at first bold) are drawn, each at
// least the caption size (fit): all of them when they fit their spaces;
// else a label wider than its space spills into its neighbours' margins,
// and is left out when it would touch a drawn neighbour ("10" and "12"
// drawn, "11" left out, at the largest text on a narrow column). The
// label at first (the value now, the marker's space) is drawn first, so
// it is never the one left out. A space without its label is still read
// by a tap on it (the correction asks "Set Life to 11 by hand?") and
// counted from its neighbours.
func spaced(labels []string, first int, size, cw, margin float32) []bool {
	n := len(labels)
	w := make([]float32, n)
	for i, s := range labels {
		st := fyne.TextStyle{Bold: i == first}
		w[i] = fyne.MeasureText(s, fitSize(s, st, size, cw-margin), st).Width
	}
	shown := make([]bool, n)
	room := 2*cw - margin
	clear := func(i int) bool {
		if w[i] > room {
			return false
		}
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < n && shown[j] && w[i]+w[j] > room {
				return false
			}
		}
		return true
	}
	order := make([]int, 0, n+1)
	if first >= 0 && first < n {
		order = append(order, first)
	}
	for i := 0; i < n; i++ {
		order = append(order, i)
	}
	for _, i := range order {
		if !shown[i] && clear(i) {
			shown[i] = true
		}
	}
	return shown
}

// spill places a label of t's words over space i of a track whose spaces
// are cw wide from x0: centred on its space, as wide as its words if they
// are wider than the space (spilling into the neighbours' margins, see
// spaced), and kept between x0 and right.
func spill(t *canvas.Text, i int, x0, cw, right float32) (x, w float32) {
	w = max(cw, fyne.MeasureText(t.Text, t.TextSize, t.TextStyle).Width)
	x = x0 + float32(i)*cw + cw/2 - w/2
	return max(x0, min(x, right-w)), w
}

func (t *SheetTracks) CreateRenderer() fyne.WidgetRenderer {
	r := &tracksRenderer{t: t}
	r.rebuild()
	return r
}

type tracksRenderer struct {
	t     *SheetTracks
	items []placedAt
	objs  []fyne.CanvasObject
}

type placedAt struct {
	obj fyne.CanvasObject
	at  func(w float32) (fyne.Position, fyne.Size)
}

var (
	colLife   = color.NRGBA{R: 0xd2, G: 0x3a, B: 0x3a, A: 0xff}
	colSC     = color.NRGBA{R: 0x2f, G: 0x7d, B: 0xd6, A: 0xff}
	colEmpty  = color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0x40}
	colAbove  = color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0x20}
	colCap    = color.NRGBA{R: 0xf0, G: 0xb0, B: 0x20, A: 0xff}
	colPurple = color.NRGBA{R: 0x8a, G: 0x3c, B: 0xc8, A: 0xff}
	colMarker = color.NRGBA{R: 0x20, G: 0x20, B: 0x20, A: 0xff}
	colSpace  = color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0x50}
)

func (r *tracksRenderer) rebuild() {
	measure()
	t := r.t
	fg := theme.Color(theme.ColorNameForeground)
	r.items = nil
	add := func(o fyne.CanvasObject, at func(w float32) (fyne.Position, fyne.Size)) {
		r.items = append(r.items, placedAt{o, at})
	}
	row := func(name string, y float32, v int, fill color.Color) {
		lines := strings.Split(name, "\n")
		for k, ln := range lines {
			lab := text(ln, fg, 15, true)
			lh := lab.TextSize * 1.25
			off := y + rowH/2 - lh/2 + (float32(k)-float32(len(lines)-1)/2)*lh
			add(lab, func(w float32) (fyne.Position, fyne.Size) { return fyne.NewPos(0, off), fyne.NewSize(labW, lh) })
		}
		for i := 0; i <= t.Max; i++ {
			i := i
			c := colEmpty
			switch {
			case i <= v && i > 0:
				c = fill.(color.NRGBA)
			case i > t.Cap:
				c = colAbove
			}
			box := canvas.NewRectangle(c)
			box.CornerRadius = 4
			if i == v {
				box.StrokeColor, box.StrokeWidth = fg, 3
			}
			add(box, func(w float32) (fyne.Position, fyne.Size) {
				cw := t.cellW(w)
				return fyne.NewPos(labW+float32(i)*cw+1, y+2), fyne.NewSize(cw-2, rowH-4)
			})
			ink := fg
			if i <= v && i > 0 {
				ink = colWhite
			}
			n := text(strconv.Itoa(i), ink, 14, i == v)
			n.Alignment = fyne.TextAlignCenter
			add(n, func(w float32) (fyne.Position, fyne.Size) {
				cw := t.cellW(w)
				fit(n, 14, cw-4)
				n.Hidden = !trackNumbers(t.Max, v, cw)[i]
				h := n.TextSize * 1.3
				x, tw := spill(n, i, labW, cw, max(w, labW+float32(t.Max+1)*cw))
				return fyne.NewPos(x, y+rowH/2-h/2), fyne.NewSize(tw, h)
			})
		}
		line := canvas.NewRectangle(colCap)
		add(line, func(w float32) (fyne.Position, fyne.Size) {
			cw := t.cellW(w)
			return fyne.NewPos(labW+float32(t.Cap+1)*cw-3, y-2), fyne.NewSize(5, rowH+4)
		})
	}
	row("Life", 0, t.Life, colLife)
	ry := rowH + gapH
	// The Round track, as the Hero sheet names it; what its numbers and
	// its last space mean is said under the drawing (roundTrackWords).
	for k, ln := range []string{"Round", "track"} {
		k := k
		rl := text(ln, fg, 15, k == 0)
		add(rl, func(w float32) (fyne.Position, fyne.Size) {
			lh := rl.TextSize * 1.25
			return fyne.NewPos(0, ry+roundH/2-lh+float32(k)*lh), fyne.NewSize(labW, lh)
		})
	}
	roundLabels := make([]string, len(t.Caps))
	for i, c := range t.Caps {
		roundLabels[i] = strconv.Itoa(c)
		if i == 0 {
			roundLabels[i] = "☾ " + roundLabels[i]
		}
	}
	for i := range t.Caps {
		i := i
		fill := colSpace
		if i == 0 {
			fill = color.NRGBA{R: 0x8a, G: 0x3c, B: 0xc8, A: 0x60}
		}
		box := canvas.NewRectangle(fill)
		box.CornerRadius = 6
		if i == t.Marker {
			box.FillColor = colCap
			if t.Nightmare {
				box.FillColor = colPurple
			}
			box.StrokeColor, box.StrokeWidth = fg, 3
		}
		add(box, func(w float32) (fyne.Position, fyne.Size) {
			rw := t.roundW(w)
			return fyne.NewPos(labW+float32(i)*rw+2, ry), fyne.NewSize(rw-4, roundH)
		})
		lbl := roundLabels[i]
		ink := fg
		if i == t.Marker {
			ink = colBlack
			if t.Nightmare {
				ink = colWhite
			}
		}
		cl := text(lbl, ink, 14, i == t.Marker)
		cl.Alignment = fyne.TextAlignCenter
		add(cl, func(w float32) (fyne.Position, fyne.Size) {
			rw := t.roundW(w)
			fit(cl, 14, rw-6)
			cl.Hidden = !spaced(roundLabels, t.Marker, 14, rw, 6)[i]
			h := cl.TextSize * 1.3
			x, tw := spill(cl, i, labW, rw, max(w, labW+float32(len(t.Caps))*rw))
			return fyne.NewPos(x, ry+roundH-h-2), fyne.NewSize(tw, h)
		})
		if i == t.Marker {
			m := text("◆", ink, 16, true)
			m.Alignment = fyne.TextAlignCenter
			add(m, func(w float32) (fyne.Position, fyne.Size) {
				rw := t.roundW(w)
				return fyne.NewPos(labW+float32(i)*rw, ry+2), fyne.NewSize(rw, m.TextSize*1.2)
			})
		}
	}
	row("Self\nControl", ry+roundH+gapH, t.SC, colSC)
	r.objs = make([]fyne.CanvasObject, len(r.items))
	for i, it := range r.items {
		r.objs[i] = it.obj
	}
}

func (r *tracksRenderer) Layout(size fyne.Size) {
	for _, it := range r.items {
		p, s := it.at(size.Width)
		it.obj.Move(p)
		it.obj.Resize(s)
	}
}
func (r *tracksRenderer) MinSize() fyne.Size { return r.t.MinSize() }
func (r *tracksRenderer) Refresh() {
	r.rebuild()
	r.Layout(r.t.Size())
	for _, o := range r.objs {
		o.Refresh()
	}
}
func (r *tracksRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *tracksRenderer) Destroy()                     {}

// tokenRow draws n tokens as boxes with a caption each: the 8 Turn tokens,
// the Reaction Track, the Adrenaline pool.
type tokenRow struct {
	widget.BaseWidget
	tokens []token
	size   float32
}

type token struct {
	Text   string
	Fill   color.Color
	Ink    color.Color
	Stroke bool
}

func newTokenRow(size float32) *tokenRow {
	t := &tokenRow{size: size}
	t.ExtendBaseWidget(t)
	return t
}

func (t *tokenRow) set(ts []token) { t.tokens = ts; t.Refresh() }

// Text is the tokens' captions.
func (t *tokenRow) Text() []string {
	out := make([]string, len(t.tokens))
	for i, k := range t.tokens {
		out[i] = k.Text
	}
	return out
}

func (t *tokenRow) MinSize() fyne.Size {
	return fyne.NewSize(float32(max(len(t.tokens), 1))*(t.size*0.7+4), max(t.size, 26*theme.TextSize()/14))
}

func (t *tokenRow) CreateRenderer() fyne.WidgetRenderer {
	r := &tokenRenderer{t: t}
	r.rebuild()
	return r
}

type tokenRenderer struct {
	t    *tokenRow
	objs []fyne.CanvasObject
}

func (r *tokenRenderer) rebuild() {
	r.objs = nil
	for _, k := range r.t.tokens {
		b := canvas.NewRectangle(k.Fill)
		b.CornerRadius = 6
		if k.Stroke {
			b.StrokeColor, b.StrokeWidth = theme.Color(theme.ColorNameForeground), 3
		}
		ink := k.Ink
		if ink == nil {
			ink = colWhite
		}
		tx := text(k.Text, ink, 12, true)
		tx.Alignment = fyne.TextAlignCenter
		r.objs = append(r.objs, b, tx)
	}
}

func (r *tokenRenderer) Layout(size fyne.Size) {
	n := len(r.t.tokens)
	if n == 0 {
		return
	}
	w := min(r.t.size*1.6, size.Width/float32(n))
	for i := 0; i < n; i++ {
		r.objs[2*i].Move(fyne.NewPos(float32(i)*w+2, 0))
		r.objs[2*i].Resize(fyne.NewSize(w-4, size.Height))
		tx := r.objs[2*i+1].(*canvas.Text)
		fit(tx, 12, w-6)
		h := tx.TextSize * 1.3
		tx.Move(fyne.NewPos(float32(i)*w, size.Height/2-h/2))
		tx.Resize(fyne.NewSize(w, h))
	}
}
func (r *tokenRenderer) MinSize() fyne.Size { return r.t.MinSize() }
func (r *tokenRenderer) Refresh() {
	r.rebuild()
	r.Layout(r.t.Size())
	for _, o := range r.objs {
		o.Refresh()
	}
}
func (r *tokenRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *tokenRenderer) Destroy()                     {}
