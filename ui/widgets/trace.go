package widgets

import (
	"fmt"
	"image/color"
	"regexp"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa"
)

// TraceLines is how many lines of an explanation a TracePanel shows
// without scrolling at Normal text (fewer when the trace is shorter).
const TraceLines = 10

// TraceMaxHeight caps the height a TracePanel asks for, so at the largest
// text it still leaves a landscape tab room for the buttons beside it
// (about seven lines show then).
const TraceMaxHeight float32 = 340

// A TracePanel explains an enemy decision step by step ("Why"): for each
// rule applied, what it found, the candidates it kept and dropped with the
// numbers it compared, the tie-breaker that settled a choice and the die it
// used. The step that settled the decision is highlighted.
//
// It scrolls by itself and asks for MinLines lines of height (or the whole
// trace, if shorter), lines set close as running text: a line is a line as
// it shows, so an explanation that wraps in the width the panel is laid
// out in counts each of its wrapped lines. Do not put it in a scroll
// container of its own, or it is squeezed to what that container gives
// it. It asks for the width of its longest word, so a word is never
// broken in two. It shows the rulebook page a rule names ("Rulebook p.27"),
// never the spec's section, which stays in Lines and in `resolve`.
type TracePanel struct {
	widget.BaseWidget
	// MinLines is how many lines show without scrolling (TraceLines when
	// 0).
	MinLines int
	// Whole shows the whole explanation at its full height with no
	// scroll of its own, for a page that scrolls: set it before the panel
	// is first shown. A panel that scrolls inside a page that scrolls
	// too leaves steps no finger can reach.
	Whole bool

	trace    automa.Trace
	deciding int
	box      *fyne.Container
	scroll   *container.Scroll
	blocks   []*widget.RichText
	// paras are the paragraphs of each block, as the blocks show them.
	paras [][]*widget.TextSegment
	// wrapped caches each paragraph's height wrapped at a width, for
	// MinSize (called on every layout); measure is the text that measures
	// it.
	wrapped struct {
		width, textSize float32
		heights         [][]float32
	}
	measure *widget.RichText
}

// NewTracePanel makes a panel showing a trace.
func NewTracePanel(t automa.Trace) *TracePanel {
	p := &TracePanel{box: container.New(tightLayout{})}
	p.scroll = container.NewVScroll(p.box)
	p.ExtendBaseWidget(p)
	p.SetTrace(t)
	return p
}

// SetTrace shows another trace, its deciding step found as Deciding says.
func (p *TracePanel) SetTrace(t automa.Trace) {
	p.trace = t
	p.deciding = Deciding(t)
	p.rebuild()
}

// SetDeciding highlights step i (from 0) as the one that settled the
// decision, when a game knows better than Deciding; -1 highlights none.
func (p *TracePanel) SetDeciding(i int) {
	p.deciding = i
	p.rebuild()
}

// DecidingStep is the highlighted step (from 0), -1 for none.
func (p *TracePanel) DecidingStep() int { return p.deciding }

// Deciding finds the step that settled a decision: the first that left one
// candidate of several, or that used a tie-breaker or a die; failing that,
// the last step with a result. -1 when there is none.
func Deciding(t automa.Trace) int {
	for i, s := range t.Steps {
		if s.TieBreak != "" || s.Die != "" || (len(s.Kept) == 1 && len(s.Dropped) > 0) {
			return i
		}
	}
	for i := len(t.Steps) - 1; i >= 0; i-- {
		if t.Steps[i].Result != "" {
			return i
		}
	}
	return -1
}

func (p *TracePanel) rebuild() {
	p.box.Objects = nil
	p.blocks = nil
	p.paras = nil
	p.wrapped.heights = nil
	if len(p.trace.Steps) == 0 {
		seg := paragraph("No decision yet.", fyne.TextStyle{}, theme.ColorNameForeground)
		rt := widget.NewRichText(seg)
		rt.Wrapping = fyne.TextWrapWord
		p.blocks = append(p.blocks, rt)
		p.paras = append(p.paras, []*widget.TextSegment{seg})
		p.box.Add(rt)
	}
	for i, s := range p.trace.Steps {
		p.box.Add(p.stepBlock(i, s))
	}
	p.box.Refresh()
	p.Refresh()
}

// rulebookPage finds the rulebook page in a rule's name ("… (RB p.27)").
var rulebookPage = regexp.MustCompile(`\bRB p\.\s?(\d+)`)

// Citation is what a player is shown of a rule's name: the rulebook page
// it names ("Rulebook p.27"), or "" (the spec's section is for the code).
func Citation(rule string) string {
	if m := rulebookPage.FindStringSubmatch(rule); m != nil {
		return "Rulebook p." + m[1]
	}
	return ""
}

// Shown are the lines the panel shows, step by step, in the players'
// words.
func (p *TracePanel) Shown() []string { return shownTrace(p.trace, p.deciding) }

// ShownTrace is what a TracePanel showing t reads, line by line, its
// deciding step found as SetTrace finds it: the Why of an enemy decision
// in the very words the Enemy screens show, for a page that is not a Fyne
// screen (the table shared with the players' phones).
func ShownTrace(t automa.Trace) []string { return shownTrace(t, Deciding(t)) }

func shownTrace(t automa.Trace, deciding int) []string {
	var out []string
	for i, s := range t.Steps {
		out = append(out, ShownLines(i+1, s, i == deciding)...)
	}
	return out
}

// ShownLines is one step as the panel shows it.
func ShownLines(n int, s automa.Step, deciding bool) []string {
	head := fmt.Sprintf("Step %d", n)
	if c := Citation(s.Rule); c != "" {
		head += " · " + c
	}
	if deciding {
		head += " · this settled it"
	}
	return append([]string{head}, stepLines(n, s, words)[1:]...)
}

// Lines are the trace in full, with each rule's name as the engine gives
// it (spec section included), for tests and copying.
func (p *TracePanel) Lines() []string {
	var out []string
	for i, s := range p.trace.Steps {
		out = append(out, StepLines(i+1, s)...)
	}
	return out
}

// StepLines is one step in words, its rule named as the engine names it.
func StepLines(n int, s automa.Step) []string {
	return stepLines(n, s, func(k string) string { return k })
}

func stepLines(n int, s automa.Step, key func(string) string) []string {
	out := []string{fmt.Sprintf("%d. %s", n, s.Rule), s.Text}
	for _, c := range s.Kept {
		out = append(out, "✓ kept: "+candidateLine(c, key))
	}
	for _, c := range s.Dropped {
		out = append(out, "✗ dropped: "+candidateLine(c, key))
	}
	if s.TieBreak != "" {
		out = append(out, "Tie-breaker: "+s.TieBreak)
	}
	if s.Die != "" {
		out = append(out, "Die: "+s.Die)
	}
	if s.Result != "" {
		out = append(out, "→ "+s.Result)
	}
	return out
}

// words writes an engine's fact name ("onMap", "los_blocked") as words
// ("on map", "los blocked").
func words(key string) string {
	if strings.Contains(key, " ") {
		return key // words already (a game's own naming of its facts)
	}
	var b strings.Builder
	for i, r := range key {
		switch {
		case r == '_' || r == '-':
			b.WriteByte(' ')
		case i > 0 && r >= 'A' && r <= 'Z':
			b.WriteByte(' ')
			b.WriteRune(r + ('a' - 'A'))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func candidateLine(c automa.Candidate, key func(string) string) string {
	var b strings.Builder
	b.WriteString(c.Name)
	if len(c.Facts) > 0 {
		keys := make([]string, 0, len(c.Facts))
		for k := range c.Facts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		facts := make([]string, len(keys))
		for i, k := range keys {
			facts[i] = fmt.Sprintf("%s %v", key(k), c.Facts[k])
		}
		b.WriteString(" (" + strings.Join(facts, ", ") + ")")
	}
	if c.Reason != "" {
		b.WriteString(" — " + c.Reason)
	}
	return b.String()
}

// paragraph is a line of the panel as its own paragraph.
func paragraph(text string, style fyne.TextStyle, colour fyne.ThemeColorName) *widget.TextSegment {
	return &widget.TextSegment{Text: text, Style: widget.RichTextStyle{
		Inline: false, TextStyle: style, ColorName: colour, SizeName: theme.SizeNameText, Alignment: fyne.TextAlignLeading}}
}

// stepBlock is one step: its lines as one block of running text, on a
// tinted background with a bar at its side when it is the deciding step.
func (p *TracePanel) stepBlock(i int, s automa.Step) fyne.CanvasObject {
	deciding := i == p.deciding
	lines := ShownLines(i+1, s, deciding)
	paras := []*widget.TextSegment{paragraph(lines[0], fyne.TextStyle{Bold: true}, theme.ColorNameForeground)}
	for _, l := range lines[1:] {
		style, colour := fyne.TextStyle{}, theme.ColorNameForeground
		switch {
		case strings.HasPrefix(l, "→"):
			style.Bold, colour = true, theme.ColorNamePrimary
		case strings.HasPrefix(l, "Die:"), strings.HasPrefix(l, "Tie-breaker:"):
			colour = theme.ColorNameWarning
		}
		paras = append(paras, paragraph(l, style, colour))
	}
	segs := make([]widget.RichTextSegment, len(paras))
	for i, seg := range paras {
		segs[i] = seg
	}
	p.paras = append(p.paras, paras)
	rt := widget.NewRichText(segs...)
	rt.Wrapping = fyne.TextWrapWord
	p.blocks = append(p.blocks, rt)
	if !deciding {
		return rt
	}
	bg := canvas.NewRectangle(color.Transparent)
	bg.FillColor = theme.Color(theme.ColorNameSelection)
	bg.StrokeColor = theme.Color(theme.ColorNamePrimary)
	bg.StrokeWidth = 2
	bg.CornerRadius = theme.InputRadiusSize()
	return container.NewStack(bg, rt)
}

// MinSize is the longest word's width and the height of the first
// MinLines lines as they show at the width the panel is laid out in (the
// whole trace's if it has fewer), within TraceMaxHeight. Before the panel
// has a width, each paragraph counts as one line; once laid out, its
// wrapped lines count, and the window lays the panel's parent out again
// (a desktop window does so when a least size changes).
func (p *TracePanel) MinSize() fyne.Size {
	p.ExtendBaseWidget(p)
	want := p.MinLines
	if want <= 0 {
		want = TraceLines
	}
	var word float32
	for _, block := range p.paras {
		for _, para := range block {
			for _, w := range strings.Fields(para.Text) {
				word = fyne.Max(word, fyne.MeasureText(w, theme.TextSize(), fyne.TextStyle{Bold: true}).Width)
			}
		}
	}
	pad := 2 * theme.InnerPadding()
	width := p.Size().Width
	if width > 0 {
		// The blocks are as wide as the scroll, or their own least.
		width = fyne.Max(width, p.box.MinSize().Width)
	}
	if p.Whole {
		return fyne.NewSize(word+pad, p.eachLine(width, func(float32) bool { return true }))
	}
	h := p.linesHeight(want, width)
	return fyne.NewSize(word+pad+theme.ScrollBarSize(), fyne.Min(h, TraceMaxHeight))
}

// linesHeight is the height the first want lines take at width (all of
// them when there are fewer), with the padding under the last.
func (p *TracePanel) linesHeight(want int, width float32) float32 {
	n, h := 0, float32(0)
	end := p.eachLine(width, func(bottom float32) bool {
		n++
		h = bottom
		return n < want
	})
	if n < want {
		return end
	}
	return h + theme.InnerPadding()
}

// VisibleLines counts the lines of the explanation as laid out now: how
// many show whole without scrolling, of how many (wrapped lines each).
// For the games' tests: the "Why" of an enemy decision shows ten lines in
// a landscape tab at Normal text.
func (p *TracePanel) VisibleLines() (whole, total int) {
	width := p.Size().Width
	if width > 0 {
		width = fyne.Max(width, p.box.MinSize().Width)
	}
	room := p.Size().Height + 0.5
	p.eachLine(width, func(bottom float32) bool {
		total++
		if bottom <= room {
			whole++
		}
		return true
	})
	return whole, total
}

// eachLine calls line with the bottom of each line of the explanation
// wrapped at width, top to bottom, until it returns false, and returns
// the height of the whole. The lines sit as tightLayout stacks the blocks
// and a RichText sets its paragraphs: a padding above and below each
// block (blocks overlapped by one), the line spacing between paragraphs,
// none between the wrapped lines of one.
func (p *TracePanel) eachLine(width float32, line func(bottom float32) bool) float32 {
	inner := theme.InnerPadding()
	spacing := theme.LineSpacing()
	heights := p.wrappedHeights(width)
	y := float32(0)
	for b, block := range p.paras {
		h := inner
		for j, para := range block {
			if j > 0 {
				h += spacing
			}
			lineH := fyne.MeasureText("Ag", theme.TextSize(), para.Style.TextStyle).Height
			rows := max(1, int(heights[b][j]/lineH+0.5))
			for r := 1; r <= rows; r++ {
				if !line(y + h + float32(r)*lineH) {
					return 0
				}
			}
			h += heights[b][j]
		}
		y += h
	}
	return y + inner
}

// wrappedHeights are the heights of the paragraphs wrapped at width (the
// width the blocks get, padding included), by block; at width 0 (not laid
// out yet), each paragraph's one line.
func (p *TracePanel) wrappedHeights(width float32) [][]float32 {
	size := theme.TextSize()
	if p.wrapped.heights != nil && p.wrapped.width == width && p.wrapped.textSize == size {
		return p.wrapped.heights
	}
	if p.measure == nil {
		p.measure = widget.NewRichText()
		p.measure.Wrapping = fyne.TextWrapWord
	}
	inner := theme.InnerPadding()
	out := make([][]float32, len(p.paras))
	for b, block := range p.paras {
		out[b] = make([]float32, len(block))
		for j, para := range block {
			if width <= 2*inner {
				out[b][j] = fyne.MeasureText("Ag", size, para.Style.TextStyle).Height
				continue
			}
			// The very paragraph, wrapped as the block wraps it.
			p.measure.Segments = []widget.RichTextSegment{paragraph(para.Text, para.Style.TextStyle, para.Style.ColorName)}
			p.measure.Resize(fyne.NewSize(width, 1))
			p.measure.Refresh() // wraps again at that width, if it had it already
			out[b][j] = p.measure.MinSize().Height - 2*inner
		}
	}
	p.wrapped.width, p.wrapped.textSize, p.wrapped.heights = width, size, out
	return out
}

// tightLayout stacks the step blocks with half their paddings overlapped,
// so the explanation reads as one text with a little room between steps.
type tightLayout struct{}

func (tightLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objs {
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h - theme.InnerPadding()
	}
}

func (tightLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	for i, o := range objs {
		m := o.MinSize()
		w = fyne.Max(w, m.Width)
		h += m.Height
		if i > 0 {
			h -= theme.InnerPadding()
		}
	}
	return fyne.NewSize(w, h)
}

// CreateRenderer shows the steps in their scroll, or whole.
func (p *TracePanel) CreateRenderer() fyne.WidgetRenderer {
	if p.Whole {
		return widget.NewSimpleRenderer(p.box)
	}
	return widget.NewSimpleRenderer(p.scroll)
}
