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
// trace, if shorter), lines set close as running text: do not put it in a
// scroll container of its own, or it is squeezed to what that container
// gives it. It asks for the width of its longest word, so a word is never
// broken in two. It shows the rulebook page a rule names ("Rulebook p.27"),
// never the spec's section, which stays in Lines and in `resolve`.
type TracePanel struct {
	widget.BaseWidget
	// MinLines is how many lines show without scrolling (TraceLines when
	// 0).
	MinLines int

	trace    automa.Trace
	deciding int
	box      *fyne.Container
	scroll   *container.Scroll
	blocks   []*widget.RichText
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
	if len(p.trace.Steps) == 0 {
		rt := widget.NewRichText(&widget.TextSegment{Text: "No decision yet.", Style: widget.RichTextStyleParagraph})
		rt.Wrapping = fyne.TextWrapWord
		p.blocks = append(p.blocks, rt)
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
func (p *TracePanel) Shown() []string {
	var out []string
	for i, s := range p.trace.Steps {
		out = append(out, ShownLines(i+1, s, i == p.deciding)...)
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
	segs := []widget.RichTextSegment{paragraph(lines[0], fyne.TextStyle{Bold: true}, theme.ColorNameForeground)}
	for _, l := range lines[1:] {
		style, colour := fyne.TextStyle{}, theme.ColorNameForeground
		switch {
		case strings.HasPrefix(l, "✗"):
			style.Italic = true
		case strings.HasPrefix(l, "→"):
			style.Bold, colour = true, theme.ColorNamePrimary
		case strings.HasPrefix(l, "Die:"), strings.HasPrefix(l, "Tie-breaker:"):
			colour = theme.ColorNameWarning
		}
		segs = append(segs, paragraph(l, style, colour))
	}
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

// lineHeight is the height one line of the panel takes.
func lineHeight() float32 {
	return fyne.MeasureText("Ag", theme.TextSize(), fyne.TextStyle{}).Height + theme.LineSpacing()
}

// MinSize is the longest word's width and MinLines lines' height (the
// whole trace's if it has fewer lines).
func (p *TracePanel) MinSize() fyne.Size {
	p.ExtendBaseWidget(p)
	want := p.MinLines
	if want <= 0 {
		want = TraceLines
	}
	n := 0
	var word float32
	lines := []string{"No decision yet."}
	if len(p.trace.Steps) > 0 {
		lines = p.Shown()
	}
	for _, l := range lines {
		n++
		for _, w := range strings.Fields(l) {
			word = fyne.Max(word, fyne.MeasureText(w, theme.TextSize(), fyne.TextStyle{Bold: true}).Width)
		}
	}
	n = min(n, want)
	pad := 2 * theme.InnerPadding()
	// Each step is a block of its own, with its padding, overlapped by
	// tightLayout.
	blocks := float32(min(len(p.blocks), n))
	h := float32(n)*lineHeight() + pad + (blocks-1)*theme.InnerPadding()
	return fyne.NewSize(word+pad+theme.ScrollBarSize(), fyne.Min(h, TraceMaxHeight))
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

// CreateRenderer shows the steps in their scroll.
func (p *TracePanel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.scroll)
}
