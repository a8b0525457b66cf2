package phantom

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"

	"tablekeeper/automa/hex"
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

// FuzzFieldForm: a content form built from any JSON object reads back as
// valid JSON (or says which field is wrong).
func FuzzFieldForm(f *testing.F) {
	for _, k := range contentKinds {
		f.Add([]byte(k.Template))
	}
	f.Add([]byte(`{"a": null, "b": [1, {"c": "d"}], "e": true}`))
	f.Add([]byte(`[1, 2]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ff := NewFieldForm()
		if ff.Show(data, nil) != nil {
			return
		}
		out, err := ff.Values()
		if err != nil {
			return
		}
		if _, err := objectPairs(out); err != nil {
			t.Fatalf("form gave back %s: %v", out, err)
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

// FuzzParseActions: the notation never crashes, and what it reads survives
// being written back and read again.
func FuzzParseActions(f *testing.F) {
	for _, s := range []string{"Move 3", "Attack +1 (Range 5, Pierce 1, Target 2, inflict Burning and Knocked Down, blitz, damage x2)",
		"Heal 3 (allies, self)", "Remove detrimental", "Note: text", "Grant Barrier (self); Damage 3 (adjacent enemies)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		as, err := ParseActions(s)
		if err != nil {
			return
		}
		again, err := ParseActions(FormatActions(as))
		if err != nil {
			t.Fatalf("%q written as %q: %v", s, FormatActions(as), err)
		}
		if FormatActions(again) != FormatActions(as) {
			t.Fatalf("%q: %q then %q", s, FormatActions(as), FormatActions(again))
		}
	})
}
