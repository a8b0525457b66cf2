package phantom

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/automa/hex"
	tp "tablekeeper/tracker/phantom"
)

// FuzzTraceOf: trace lines from a stored event never crash the panel,
// and every numbered line becomes one step.
func FuzzTraceOf(f *testing.F) {
	f.Add("1. [phantom-epoch §8.6 (RB p.27)] criterion 1 (tie-break: Decision die) (die: red N/E) → Ana")
	f.Add("2. [phantom-epoch §8.5 (RB p.27)] line chosen → A-1 top → B-2 bottom")
	f.Add("not a step")
	f.Fuzz(func(t *testing.T, line string) {
		tr := TraceOf([]string{line, line})
		if len(tr.Steps) > 2 {
			t.Fatalf("%d steps from 2 lines", len(tr.Steps))
		}
	})
}

// FuzzContentFormsLoad: a content form opened on any stored piece (an
// imported file's, an old campaign's) never crashes, and what it would
// save is JSON the tracker can check.
func FuzzContentFormsLoad(f *testing.F) {
	f.Add([]byte(`{"name": "X", "hp": 3, "card": {"rows": [{"colour": "red", "ap": 1, "actions": [{"kind": "attack", "range": 0}]}]}}`))
	f.Add([]byte(`{"actions": [7, -1], "hp": [1, 2, 3], "inherent": {"actions": [{"kind": "dance"}]}}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		test.NewTempApp(t)
		s := &tp.State{}
		*s = tp.State{Content: tp.Content{}}
		for _, sec := range contentSections {
			ed, err := newContentEditor(sec.Kind, s, "x", data, nil)
			if err != nil {
				t.Fatal(err)
			}
			ed.Preview()
			for _, p := range ed.Pieces() {
				tp.CheckContent(p.kind, p.id, p.data)
			}
		}
	})
}

// FuzzSplitVertex: any text either names a label and a vertex or is
// refused.
func FuzzSplitVertex(f *testing.F) {
	f.Add("A-1 upper-left")
	f.Add("K-10 top")
	f.Add("top")
	f.Fuzz(func(t *testing.T, s string) {
		if _, v, ok := splitVertex(s); ok && (v < 0 || v > 5) {
			t.Fatalf("vertex %d", v)
		}
	})
}

// BenchmarkPaintMap20x20 paints a 20×20 map at the default scale, as the
// screens do when the map itself changes (an object, a door, a token).
func BenchmarkPaintMap20x20(b *testing.B) { benchMap(b, true) }

// BenchmarkRefreshMap20x20 is the refresh after any other change (figures,
// HP, a decision): the painted spaces are kept, the labels, figures and
// overlay are laid out again.
func BenchmarkRefreshMap20x20(b *testing.B) { benchMap(b, false) }

func benchMap(b *testing.B, repaint bool) {
	m, err := hex.ParseMap([]byte(testMapJSON(20, 20)))
	if err != nil {
		b.Fatal(err)
	}
	v := NewMapView()
	v.SetLayout(m.Layout())
	r := &mapRenderer{v: v}
	size := v.MinSize()
	w, h := int(size.Width), int(size.Height)
	b.ResetTimer()
	var img image.Image
	for range b.N {
		if repaint {
			r.cached = nil
		}
		img = r.draw(w, h)
		r.rebuild()
	}
	_ = img
	_ = fyne.NewSize(0, 0)
}
