package reich

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
)

type largestText struct{ fyne.Theme }

func (l largestText) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameText || n == theme.SizeNameHeadingText || n == theme.SizeNameSubHeadingText || n == theme.SizeNameCaptionText {
		return l.Theme.Size(n) * 1.85
	}
	return l.Theme.Size(n)
}

// tooWide lists the objects whose minimum width exceeds w, innermost first.
func tooWide(o fyne.CanvasObject, w float32, out *[]string) {
	if !o.Visible() || o.MinSize().Width <= w {
		return // what lies inside (a wrapped label's lines) is its own affair
	}
	var kids []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		kids = x.Objects
	case *container.Scroll:
		kids = []fyne.CanvasObject{x.Content}
	case *container.AppTabs:
		for _, it := range x.Items {
			kids = append(kids, it.Content)
		}
	case fyne.Widget:
		kids = test.WidgetRenderer(x).Objects()
	}
	before := len(*out)
	for _, k := range kids {
		tooWide(k, w, out)
	}
	if len(*out) == before {
		desc := fmt.Sprintf("%T", o)
		switch x := o.(type) {
		case *widget.Label:
			desc += " " + x.Text
		case *widget.Button:
			desc += " " + x.Text
		case *canvas.Text:
			desc += " " + x.Text
		case *fyne.Container:
			desc += fmt.Sprintf(" %T of", x.Layout)
			for _, k := range x.Objects {
				desc += fmt.Sprintf(" [%T %.0f %s]", k, k.MinSize().Width, textOf(k))
			}
		case *container.AppTabs:
			for _, it := range x.Items {
				desc += " [" + it.Text + "]"
			}
		}
		*out = append(*out, fmt.Sprintf("%s (min %.0f)", desc, o.MinSize().Width))
	}
}

// TestScreensFitAtTheLargestText: at the largest text size nothing on the
// Play and Enemy tabs needs more width than a landscape or portrait tablet
// has (the frame would let it scroll sideways, cutting lines off), nor on
// the Campaign tab in landscape (in portrait its four tab names alone need
// more, and the frame's sideways scroll takes them).
func TestScreensFitAtTheLargestText(t *testing.T) {
	ctx, w := newCtx(t)
	p := startRaid(t, ctx)
	p.order.SetText("H1 H2")
	p.Next()
	must(t, ctx, rb.Override{Reason: "test", Place: []rb.UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "DG", Area: "A1"}},
		Awareness: map[string]content.Awareness{"R1": content.Alert}})
	p.Next()
	p.Next()
	fyne.CurrentApp().Settings().SetTheme(largestText{theme.DefaultTheme()})
	tabs := []struct {
		name   string
		make   func() fyne.CanvasObject
		widths []float32
	}{
		{"Play", func() fyne.CanvasObject { return Screens{}.Play(ctx) }, []float32{1280, 800}},
		{"Enemy", func() fyne.CanvasObject { return Screens{}.Enemy(ctx) }, []float32{1280, 800}},
		{"Campaign", func() fyne.CanvasObject { return Screens{}.Campaign(ctx) }, []float32{1280}},
	}
	for _, tab := range tabs {
		for _, width := range tab.widths {
			obj := tab.make()
			w.SetContent(obj)
			w.Resize(fyne.NewSize(width, 800))
			var out []string
			tooWide(obj, width, &out)
			for _, o := range out {
				t.Errorf("%s at %v wide: %s", tab.name, width, o)
			}
		}
	}
}

func textOf(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Label:
		return x.Text
	case *widget.Button:
		return x.Text
	case *canvas.Text:
		return x.Text
	case *fyne.Container:
		if len(x.Objects) > 0 {
			return textOf(x.Objects[0])
		}
	}
	return ""
}
