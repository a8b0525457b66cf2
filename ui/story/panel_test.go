package story

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	fcontainer "fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// panelOn builds the Campaign tab's panel for tb's campaign in a test
// window of size, at a text scale.
func panelOn(t *testing.T, tb *table, size fyne.Size, scale float32) (*panel, fyne.Window, *shell.Context) {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(uitest.Theme(scale))
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	w.Resize(size)
	ctx := shell.NewContext(tb.s, w, shell.Hooks{})
	p := newPanel(ctx)
	w.SetContent(widgets.NewFeedbackLayer(fcontainer.NewVScroll(p.obj)))
	t.Cleanup(ctx.Close)
	return p, w, ctx
}

// waitFor lets the background work end (its answers run on the test's
// goroutine) and checks that cond then holds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	uitest.Schedule.Settle()
	if !cond() {
		t.Fatalf("%s: never happened", what)
	}
}

// plotViews are the charts the panel shows.
func plotViews(p *panel) []*PlotView {
	var out []*PlotView
	for _, o := range p.plots.Objects {
		if v, ok := o.(*PlotView); ok {
			out = append(out, v)
		}
	}
	return out
}

// seriesOf is a plot's values of one track.
func seriesOf(p *Plot, name string) []Point {
	for _, s := range p.Series {
		if s.Name == name {
			return s.Points
		}
	}
	return nil
}

// TestPanelShowsTheTracksAndKeepsThemUpToDate: the Campaign tab's panel
// draws the tracks of the scenario in play once the campaign is folded;
// an action adds to them as it happens; an undo takes it back out.
func TestPanelShowsTheTracksAndKeepsThemUpToDate(t *testing.T) {
	tb := eternautCampaign(t)
	p, _, ctx := panelOn(t, tb, fyne.NewSize(1280, 800), 1)
	waitFor(t, "the charts", func() bool { return len(plotViews(p)) == 2 })
	life := plotViews(p)[1]
	if life.Plot().Title != "Life by round — Scenario C" {
		t.Fatalf("the second chart is %q", life.Plot().Title)
	}
	before := seriesOf(life.Plot(), "Marta")
	round := tb.eternaut().Scenario.Round()
	if _, ok := ctx.Do(et.Damage{Char: "901", N: 3, Source: "a Cascarudo"}); !ok {
		t.Fatal("the damage was refused")
	}
	waitFor(t, "the chart after the damage", func() bool {
		pts := seriesOf(plotViews(p)[1].Plot(), "Marta")
		return len(pts) > 0 && pts[len(pts)-1] == Point{round, 7}
	})
	if _, ok := ctx.Run(tb.s.Undo); !ok {
		t.Fatal("the undo was refused")
	}
	waitFor(t, "the chart after the undo", func() bool {
		pts := seriesOf(plotViews(p)[1].Plot(), "Marta")
		return len(pts) == len(before) && pts[len(pts)-1] == before[len(before)-1]
	})
}

// TestPanelSavesTheStory: the button opens the choices (whole, one
// session, one scenario, spoilers, the format), the sessions and
// scenarios read from the log; Save… opens the system's save dialog; the
// story written says where it went beside the button, and the file is the
// story.
func TestPanelSavesTheStory(t *testing.T) {
	tb := eternautCampaign(t)
	p, w, _ := panelOn(t, tb, fyne.NewSize(800, 1280), 1)
	test.Tap(p.Button)
	waitFor(t, "the dialog and its choices", func() bool {
		text := uitest.WindowText(w)
		return strings.Contains(text, "What the story tells") && strings.Contains(text, "Session 2 · ")
	})
	text := uitest.WindowText(w)
	for _, want := range []string{"The whole campaign", "One session", "One scenario", "Tell the spoilers too", "HTML", "Markdown", "Save…"} {
		if !strings.Contains(text, want) {
			t.Errorf("the dialog lacks %q:\n%s", want, text)
		}
	}
	if bad := uitest.PlayersWords(text); len(bad) > 0 {
		t.Errorf("the dialog's words: %v", bad)
	}
	// Save… opens the system's (Fyne's) save dialog.
	tapButton(t, w, "Save…")
	waitFor(t, "the save dialog, the file named", func() bool {
		named := false
		for _, o := range w.Canvas().Overlays().List() {
			walkObjects(o, func(c fyne.CanvasObject) {
				if e, ok := c.(*widget.Entry); ok && e.Text == "Buenos Aires, 1957 — the story so far.html" {
					named = true
				}
			})
		}
		return named
	})

	// The writing itself, as the save dialog's answer runs it.
	path := filepath.Join(t.TempDir(), "story.html")
	out, err := storage.Writer(storage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	done := false
	p.write(out, Options{OnApp: widgets.DoAndWait, Sitting: 2}, false, func() { done = true })
	uitest.Schedule.Settle()
	if !done {
		t.Fatal("the story was never written")
	}
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), "session 2 only") {
		t.Fatalf("the file: %v, %.200s", err, data)
	}
	if answer := p.Answer.Text; answer != "The story so far was saved to "+path+"." {
		t.Fatalf("the answer beside the button: %q", answer)
	}
}

// tapButton taps the button whose words are label, in the window or its
// dialogs.
func tapButton(t *testing.T, w fyne.Window, label string) {
	t.Helper()
	var found *widget.Button
	for _, o := range w.Canvas().Overlays().List() {
		walkObjects(o, func(c fyne.CanvasObject) {
			if b, ok := c.(*widget.Button); ok && b.Text == label && found == nil {
				found = b
			}
		})
	}
	if found == nil {
		t.Fatalf("no button %q", label)
	}
	test.Tap(found)
}

func walkObjects(o fyne.CanvasObject, fn func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	fn(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, k := range x.Objects {
			walkObjects(k, fn)
		}
	case fyne.Widget:
		for _, k := range test.WidgetRenderer(x).Objects() {
			walkObjects(k, fn)
		}
	}
}
