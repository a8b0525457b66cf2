package reich

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	practice "tablekeeper/assets/reich"
	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/uitest"
)

// mapWords are the words a map draws, with where they stand.
type mapWord struct {
	text       string
	size       float32
	x0, y0, x1 float32
	y1         float32
	tag        bool
}

func mapWords(o fyne.Widget) []mapWord {
	var out []mapWord
	objs := test.WidgetRenderer(o).Objects()
	for i, ob := range objs {
		t, ok := ob.(*canvas.Text)
		if !ok {
			continue
		}
		w := fyne.MeasureText(t.Text, t.TextSize, t.TextStyle).Width
		// A door's name stands on its rounded plate, drawn just before it.
		tag := false
		if i > 0 {
			if r, ok := objs[i-1].(*canvas.Rectangle); ok && r.CornerRadius == 3 {
				tag = true
			}
		}
		p := t.Position()
		out = append(out, mapWord{text: t.Text, size: t.TextSize, x0: p.X, y0: p.Y, x1: p.X + w, y1: p.Y + t.TextSize*1.15, tag: tag})
	}
	return out
}

// checkWords fails where a word on the map is smaller than the theme's
// caption size, or a door's name covers an area's words or another
// door's name.
func checkWords(t *testing.T, where string, words []mapWord) {
	t.Helper()
	caption := theme.CaptionTextSize()
	for i, a := range words {
		if a.size < caption-0.01 {
			t.Errorf("%s: %q is drawn at %.1f, smaller than the caption size %.1f", where, a.text, a.size, caption)
		}
		if strings.Contains(a.text, "…") {
			t.Errorf("%s: %q is cut short (its shorter words, or none and a count of what is left out)", where, a.text)
		}
		for _, b := range words[i+1:] {
			if !(a.tag || b.tag) {
				continue
			}
			if a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 {
				t.Errorf("%s: %q and %q overlap", where, a.text, b.text)
			}
		}
	}
}

// Issue 22, Reichbusters items 2 and 3: on the Enemy tab's map, words are
// never smaller than the theme's caption size at the chosen text size,
// and units' names never stand under doors' names ("G 2" under "D1 open").
func TestMapWordsReadable(t *testing.T) {
	for _, scale := range []float32{1, 1.85} {
		ctx, _ := newCtx(t)
		fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
		fitFixtureState(t, ctx)
		for _, size := range []fyne.Size{{Width: 730, Height: 470}, {Width: 780, Height: 470}, {Width: 790, Height: 460}, {Width: 420, Height: 300}, {Width: 1100, Height: 700}} {
			v := NewMapView()
			v.Names = st(ctx).Namer()
			v.SetMission(st(ctx).Mission, nil)
			v.Resize(size)
			where := fmt.Sprintf("text ×%.2f, a map of %v", scale, size)
			words := mapWords(v)
			checkWords(t, where, words)
			joined := ""
			for _, w := range words {
				joined += w.text + " | "
			}
			// What stands on the map is on it: the heroes and a unit,
			// by name or, on a small square, by initials.
			wants := [][]string{{"Mara", "MV"}, {"Drill Sentry 2", "DS 2"}}
			if size.Width < 600 {
				wants = wants[:1] // a small map shows the heroes first
			}
			for _, want := range wants {
				if !strings.Contains(joined, want[0]) && !strings.Contains(joined, want[1]) {
					t.Errorf("%s: %q is not on the map: %s", where, want[0], joined)
				}
			}
		}
		// The editor's grid and the pictures on the forms too.
		f, err := rb.ReadContentFile(practiceBytes())
		if err != nil {
			t.Fatal(err)
		}
		mp := f.Content.Maps[0]
		for _, minCell := range []float32{44, 12} {
			pic := newMapPicture(&mp, minCell)
			pic.Resize(pic.MinSize())
			checkWords(t, fmt.Sprintf("text ×%.2f, a picture of squares of %.0f", scale, minCell), mapWords(pic))
		}
	}
	fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
}

// A map too large to read whole at the size it has shows the part where
// heroes, units and tokens stand, at squares whose words can be read.
func TestLargeMapShowsTheAreasThatMatter(t *testing.T) {
	ctx, _ := newCtx(t)
	fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1.85))
	defer fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
	fitFixtureState(t, ctx)
	m := *st(ctx).Mission
	// The same mission on a map 30 squares wide: its areas moved 22 squares
	// right, with a long empty corridor of one area per square before them.
	mp := m.Map
	mp.Areas = nil
	for _, a := range m.Map.Areas {
		b := a
		b.Cells = nil
		for _, c := range a.Cells {
			b.Cells = append(b.Cells, content.Cell{X: c.X + 22, Y: c.Y})
		}
		mp.Areas = append(mp.Areas, b)
	}
	for x := 0; x < 22; x++ {
		mp.Areas = append(mp.Areas, content.Area{ID: fmt.Sprintf("L%d", x), Room: "Long corridor", Cells: []content.Cell{{X: x, Y: 0}}})
	}
	m.Map = mp
	v := NewMapView()
	v.Names = st(ctx).Namer()
	v.SetMission(&m, nil)
	v.Resize(fyne.NewSize(730, 470))
	words := mapWords(v)
	checkWords(t, "a large map", words)
	joined := ""
	for _, w := range words {
		joined += w.text + " | "
	}
	for _, want := range [][]string{{"Mara", "MV"}, {"Drill Sentry", "DS "}, {"C1", "C1"}, {"S1", "S1"}} {
		if !strings.Contains(joined, want[0]) && !strings.Contains(joined, want[1]) {
			t.Errorf("%q is not on the map: %s", want[0], joined)
		}
	}
}

func practiceBytes() []byte { return practice.Practice }
