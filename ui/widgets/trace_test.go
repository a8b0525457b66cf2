package widgets

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa"
)

func longTrace() automa.Trace {
	var tr automa.Trace
	s := tr.Add("phantom-epoch §8.6 (RB p.27)", "Primary target: the closest character in sight of Vex Brute 1")
	s.Kept = []automa.Candidate{{Name: "Ana", Facts: map[string]any{"range": 2, "hp": 5}}, {Name: "Bo", Facts: map[string]any{"range": 2, "hp": 7}}}
	s.Dropped = []automa.Candidate{{Name: "Cy", Facts: map[string]any{"range": 4}, Reason: "farther than Ana and Bo"}}
	s2 := tr.Add("phantom-epoch §8.6", "Tie between Ana and Bo")
	s2.Kept = []automa.Candidate{{Name: "Ana"}}
	s2.Dropped = []automa.Candidate{{Name: "Bo", Reason: "more HP"}}
	s2.TieBreak = "lowest HP"
	s2.Result = "targets Ana"
	for i := 3; i <= 6; i++ {
		st := tr.Add(fmt.Sprintf("phantom-epoch §8.%d", i+4), "Moves one space toward Ana along the shortest path, avoiding the hazard")
		st.Result = fmt.Sprintf("moves to C-%d", i)
	}
	return tr
}

// TestTracePanelShowsTenWholeLinesAndTheDecidingStep: in a landscape tab at
// Normal text the panel asks for ten lines without scrolling, never
// breaks a word, highlights the step that settled the decision, and shows
// the rulebook page, never the spec section.
func TestTracePanelShowsTenWholeLinesAndTheDecidingStep(t *testing.T) {
	for _, scale := range []float32{1, 1.85} {
		a := test.NewTempApp(t)
		a.Settings().SetTheme(NewTableTheme("light", scale))
		p := NewTracePanel(longTrace())
		w := test.NewTempWindow(t, container.NewBorder(nil, widget.NewButton("Confirm", nil), nil, nil, container.NewVBox(p)))
		w.Resize(fyne.NewSize(1280, 800))
		lineH := fyne.MeasureText("Ag", 16*scale, fyne.TextStyle{}).Height
		if scale == 1 {
			if shown := (p.Size().Height - 28) / lineH; shown < 10 {
				t.Fatalf("the panel is %v tall: about %.1f lines at Normal text", p.Size().Height, shown)
			}
		}
		if p.MinSize().Height > TraceMaxHeight {
			t.Fatalf("text %.2f: the panel asks for %v", scale, p.MinSize())
		}
		// No word is wider than the panel, so none is broken.
		for _, l := range p.Shown() {
			for _, word := range strings.Fields(l) {
				if ww := fyne.MeasureText(word, 16*scale, fyne.TextStyle{Bold: true}).Width; ww > p.MinSize().Width {
					t.Fatalf("%q (%v) is wider than the panel's least width %v", word, ww, p.MinSize().Width)
				}
			}
		}
		if p.DecidingStep() != 0 {
			// The first step left two of three: the tie-break settled it.
			if p.DecidingStep() != 1 {
				t.Fatalf("deciding step %d", p.DecidingStep())
			}
		}
		shown := strings.Join(p.Shown(), "\n")
		if strings.Contains(shown, "§") || !strings.Contains(shown, "Step 1 · Rulebook p.27") || !strings.Contains(shown, "Step 2 · this settled it") {
			t.Fatalf("shown:\n%s", shown)
		}
		// The highlight is drawn: a tinted block behind step 2.
		if _, ok := p.box.Objects[1].(*fyne.Container); !ok {
			t.Fatal("the deciding step has no highlight")
		}
		if _, ok := p.box.Objects[1].(*fyne.Container).Objects[0].(*canvas.Rectangle); !ok {
			t.Fatal("the deciding step's highlight is not a background")
		}
	}
}

func TestDecidingStep(t *testing.T) {
	var tr automa.Trace
	tr.Add("r", "looks around")
	tr.Add("r", "picks").Result = "Ana"
	if Deciding(tr) != 1 {
		t.Fatal("the last step with a result")
	}
	tr.Steps[0].Die = "d6: 4"
	if Deciding(tr) != 0 {
		t.Fatal("a die decides")
	}
	if Deciding(automa.Trace{}) != -1 {
		t.Fatal("empty")
	}
	if Citation("alone §3.2") != "" || Citation("reich §7.4 (RB p.31)") != "Rulebook p.31" {
		t.Fatal("citation")
	}
}

func TestFactNamesReadAsWords(t *testing.T) {
	var tr automa.Trace
	s := tr.Add("r", "looks")
	s.Kept = []automa.Candidate{{Name: "Cascarudo", Facts: map[string]any{"onMap": 0, "los_blocked": true}}}
	p := NewTracePanel(tr)
	got := strings.Join(p.Shown(), "\n")
	if !strings.Contains(got, "Cascarudo (los blocked true, on map 0)") {
		t.Fatalf("%s", got)
	}
	if !strings.Contains(strings.Join(p.Lines(), "\n"), "onMap 0") {
		t.Fatal("Lines keeps the engine's names")
	}
}

// laidOut puts the panel in a column of the given width in a landscape
// window and lays it out as a real window does: once, then again once
// the panel knows the width it wraps at (the desktop driver re-lays out
// a parent whose child's least size changed).
func laidOut(t *testing.T, p *TracePanel, width float32) {
	t.Helper()
	col := container.NewGridWrap(fyne.NewSize(width, 0), container.NewVBox(p))
	w := test.NewTempWindow(t, container.NewBorder(nil, widget.NewButton("Confirm", nil), nil, nil, container.NewHBox(col)))
	w.Resize(fyne.NewSize(1280, 800))
	for i := 0; i < 3; i++ {
		w.Content().Refresh()
		col.Refresh()
		col.Objects[0].Refresh()
	}
}

// TestTracePanelCountsWrappedLines: a step's explanation that wraps in the
// width the panel is laid out in counts as the lines it shows, so the panel
// shows ten whole lines at Normal text however the text wraps, and a short
// explanation that wraps shows whole, without scrolling.
func TestTracePanelCountsWrappedLines(t *testing.T) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(NewTableTheme("light", 1))
	lineH := fyne.MeasureText("Ag", 16, fyne.TextStyle{}).Height

	var long automa.Trace
	long.Add("eternaut §7.2 (RB p.20)", "%s", strings.Repeat("The aliens move toward the closest survivor they can see. ", 8))
	p := NewTracePanel(long)
	laidOut(t, p, 420)
	if shown := (p.Size().Height - 2*14) / lineH; shown < 10 {
		t.Fatalf("a wrapped explanation shows about %.1f lines (%v tall, %v wide)", shown, p.Size().Height, p.Size().Width)
	}
	if p.Size().Height > TraceMaxHeight {
		t.Fatalf("the panel is %v tall", p.Size().Height)
	}

	var short automa.Trace
	s := short.Add("eternaut §7.2", "%s", strings.Repeat("The aliens move toward the closest survivor. ", 3))
	s.Result = "moves to the Plaza, where the survivors are hiding tonight"
	q := NewTracePanel(short)
	laidOut(t, q, 300)
	if need := q.scroll.Content.MinSize().Height; q.Size().Height < need-0.5 {
		t.Fatalf("a short wrapped explanation scrolls: %v shown of %v", q.Size().Height, need)
	}
	if need := q.scroll.Content.MinSize().Height; q.Size().Height > need+0.5 {
		t.Fatalf("a short explanation leaves %v empty", q.Size().Height-need)
	}
}

func TestTracePanelVisibleLines(t *testing.T) {
	test.NewTempApp(t).Settings().SetTheme(NewTableTheme("dark", 1))
	var tr automa.Trace
	tr.Add("r", "%s", strings.Repeat("The aliens move toward the closest survivor they can see. ", 8))
	p := NewTracePanel(tr)
	laidOut(t, p, 420)
	whole, total := p.VisibleLines()
	if whole != 10 || total < 11 {
		t.Fatalf("%d whole lines of %d", whole, total)
	}
	// Squeezed by a parent: fewer show.
	p.Resize(fyne.NewSize(420, 100))
	if whole, _ := p.VisibleLines(); whole >= 10 || whole < 2 {
		t.Fatalf("%d whole lines in 100 dp", whole)
	}
}
