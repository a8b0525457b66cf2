package widgets

import (
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa"
)

// A TracePanel explains an enemy decision step by step: for each rule
// applied, its name (spec section and rulebook page), what it found, the
// candidates it kept and dropped with the numbers it compared, the
// tie-breaker that settled a choice and the die it used. Put it in a scroll
// container: a long trace is taller than a screen.
type TracePanel struct {
	widget.BaseWidget
	trace automa.Trace
	box   *fyne.Container
}

// NewTracePanel makes a panel showing a trace.
func NewTracePanel(t automa.Trace) *TracePanel {
	p := &TracePanel{box: container.NewVBox()}
	p.ExtendBaseWidget(p)
	p.SetTrace(t)
	return p
}

// SetTrace shows another trace.
func (p *TracePanel) SetTrace(t automa.Trace) {
	p.trace = t
	p.box.Objects = nil
	if len(t.Steps) == 0 {
		p.box.Add(widget.NewLabel("No decision yet."))
	}
	for i, s := range t.Steps {
		p.box.Add(stepCard(i+1, s))
	}
	p.box.Refresh()
}

// Lines are the panel's text, line by line, for tests and for copying.
func (p *TracePanel) Lines() []string {
	var out []string
	for i, s := range p.trace.Steps {
		out = append(out, StepLines(i+1, s)...)
	}
	return out
}

// StepLines is one step in words, as the panel shows it.
func StepLines(n int, s automa.Step) []string {
	out := []string{fmt.Sprintf("%d. %s", n, s.Rule), s.Text}
	for _, c := range s.Kept {
		out = append(out, "✓ kept: "+candidateLine(c))
	}
	for _, c := range s.Dropped {
		out = append(out, "✗ dropped: "+candidateLine(c))
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

func candidateLine(c automa.Candidate) string {
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
			facts[i] = fmt.Sprintf("%s %v", k, c.Facts[k])
		}
		b.WriteString(" (" + strings.Join(facts, ", ") + ")")
	}
	if c.Reason != "" {
		b.WriteString(" — " + c.Reason)
	}
	return b.String()
}

func stepCard(n int, s automa.Step) fyne.CanvasObject {
	lines := StepLines(n, s)
	head := widget.NewLabelWithStyle(lines[0], fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head.Wrapping = fyne.TextWrapWord
	body := container.NewVBox(head)
	for _, l := range lines[1:] {
		lab := widget.NewLabel(l)
		lab.Wrapping = fyne.TextWrapWord
		switch {
		case strings.HasPrefix(l, "✗"):
			lab.TextStyle.Italic = true
		case strings.HasPrefix(l, "→"):
			lab.Importance = widget.HighImportance
			lab.TextStyle.Bold = true
		case strings.HasPrefix(l, "Die:"), strings.HasPrefix(l, "Tie-breaker:"):
			lab.Importance = widget.WarningImportance
		}
		body.Add(lab)
	}
	return widget.NewCard("", "", body)
}

// CreateRenderer shows the steps in order.
func (p *TracePanel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.box)
}
