package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// walk visits every visible object under o, widgets' insides included.
func walk(o fyne.CanvasObject, fn func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	fn(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, fn)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, fn)
		}
	}
}

// roots are the window's content and its overlays (dialogs), top last.
func roots(u *App) []fyne.CanvasObject {
	c := u.Window.Canvas()
	out := []fyne.CanvasObject{c.Content()}
	out = append(out, c.Overlays().List()...)
	return out
}

// findButton finds a visible button whose text starts with label, in the
// topmost layer that has one.
func findButton(t *testing.T, u *App, label string) *widget.Button {
	t.Helper()
	var found *widget.Button
	rs := roots(u)
	for i := len(rs) - 1; i >= 0 && found == nil; i-- {
		walk(rs[i], func(o fyne.CanvasObject) {
			if b, ok := o.(*widget.Button); ok && found == nil && strings.HasPrefix(b.Text, label) {
				found = b
			}
		})
	}
	if found == nil {
		t.Fatalf("no button %q on screen:\n%s", label, screenText(u))
	}
	return found
}

func findHold(t *testing.T, u *App, label string) *widgets.HoldButton {
	t.Helper()
	var found *widgets.HoldButton
	for _, r := range roots(u) {
		walk(r, func(o fyne.CanvasObject) {
			if b, ok := o.(*widgets.HoldButton); ok && found == nil && strings.HasPrefix(b.Text, label) {
				found = b
			}
		})
	}
	if found == nil {
		t.Fatalf("no hold button %q", label)
	}
	return found
}

// find returns every visible object of type T on screen.
func find[T fyne.CanvasObject](u *App) []T {
	var out []T
	for _, r := range roots(u) {
		walk(r, func(o fyne.CanvasObject) {
			if x, ok := o.(T); ok {
				out = append(out, x)
			}
		})
	}
	return out
}

// screenText is every label's and button's text, for failure messages and
// for checking what the players read.
func screenText(u *App) string {
	// What was typed in an entry is the players' own: it is listed, but
	// only the rest is checked for the players' words.
	typed := map[fyne.CanvasObject]bool{}
	for _, r := range roots(u) {
		walk(r, func(o fyne.CanvasObject) {
			if _, ok := o.(interface{ TypedRune(rune) }); ok {
				walk(o, func(c fyne.CanvasObject) { typed[c] = c != o })
			}
		})
	}
	var all, shown strings.Builder
	for _, r := range roots(u) {
		walk(r, func(o fyne.CanvasObject) {
			var line string
			switch x := o.(type) {
			case *widget.Label:
				line = x.Text + "\n"
			case *widget.Button:
				line = "[" + x.Text + "]\n"
			case *canvas.Text:
				line = x.Text + "\n"
			case *widget.Card:
				line = "## " + x.Title + " / " + x.Subtitle + "\n"
			}
			all.WriteString(line)
			if !typed[o] {
				shown.WriteString(line)
			}
		})
	}
	uitest.See(shown.String())
	return all.String()
}

func mustSee(t *testing.T, u *App, text string) {
	t.Helper()
	if s := screenText(u); !strings.Contains(s, text) {
		t.Fatalf("the screen does not say %q:\n%s", text, s)
	}
}

// topForm is the entry fields of the topmost dialog.
func topEntries(u *App) []*widget.Entry {
	top := u.Window.Canvas().Overlays().Top()
	var out []*widget.Entry
	walk(top, func(o fyne.CanvasObject) {
		switch e := o.(type) {
		case *widget.Entry:
			out = append(out, e)
		case *widgets.CheckedEntry:
			out = append(out, &e.Entry)
		case *widgets.TextEntry:
			out = append(out, &e.Entry)
		case *widgets.NoteEntry:
			out = append(out, &e.Entry)
		}
	})
	return out
}

// textEntries are the plain text entries on screen (widgets.TextEntry and
// widget.Entry), as widget.Entry.
func textEntries(u *App) []*widget.Entry {
	var out []*widget.Entry
	for _, r := range roots(u) {
		walk(r, func(o fyne.CanvasObject) {
			switch e := o.(type) {
			case *widget.Entry:
				out = append(out, e)
			case *widgets.TextEntry:
				out = append(out, &e.Entry)
			}
		})
	}
	return out
}

type entryT = widget.Entry

type radioT = widget.RadioGroup

type buttonT = widget.Button

// topForm is the form dialog on top.
func topForm(t *testing.T, u *App) *widgets.FormDialog {
	t.Helper()
	f := widgets.TopForm(u.Window.Canvas())
	if f == nil {
		t.Fatalf("no form dialog on top:\n%s", screenText(u))
	}
	return f
}
