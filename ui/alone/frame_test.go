package alone_test

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker/games"
	"tablekeeper/ui"
)

// objects lists every visible object in the window, dialogs included.
func objects(w fyne.Window) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		out = append(out, o)
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(w.Canvas().Content())
	for _, o := range w.Canvas().Overlays().List() {
		walk(o)
	}
	return out
}

func tap(t *testing.T, w fyne.Window, label string) {
	t.Helper()
	for _, o := range objects(w) {
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, label) && !b.Disabled() {
			test.Tap(b)
			return
		}
	}
	t.Fatalf("no button %q", label)
}

func typeInto(t *testing.T, w fyne.Window, placeholder, text string) {
	t.Helper()
	for _, o := range objects(w) {
		if e, ok := o.(*widget.Entry); ok && e.PlaceHolder == placeholder {
			e.SetText(text)
			return
		}
	}
	t.Fatalf("no entry %q", placeholder)
}

// A solo game made through the frame's new-campaign form, over a real
// bbolt file, driven by the Next and Resolve keys.
func TestSoloGameThroughTheFrame(t *testing.T) {
	a := test.NewTempApp(t)
	u := ui.New(a, ui.Options{DBPath: filepath.Join(t.TempDir(), "tablekeeper.db"), Registry: games.Registry()})
	if u.DB == nil {
		t.Fatal("the file did not open")
	}
	t.Cleanup(func() { _ = u.Shutdown() })
	w := u.Window
	tap(t, w, "New campaign")
	for _, o := range objects(w) {
		if r, ok := o.(*widget.RadioGroup); ok && len(r.Options) > 3 && r.Options[3] == "Alone" {
			r.SetSelected("Alone")
		}
	}
	typeInto(t, w, "e.g. Thursday group", "Alone night")
	typeInto(t, w, "first Mission's name", "Red start")
	typeInto(t, w, "second Mission's name", "Blue start")
	typeInto(t, w, "the Final Mission's name", "Escape")
	typeInto(t, w, "one Item a line: name, action, charges", "Flashlight, fight, 2")
	tap(t, w, "Create and open")
	mustList(t, u)
	see(t, w, "Life 12 · Self Control 12 · Healing Cap 12")
	key := func(k fyne.KeyName) { w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: k}) }
	key(fyne.KeySpace) // flip the Turn token
	see(t, w, "Turn 1 begins")
	for _, o := range objects(w) {
		if sel, ok := o.(*widget.Select); ok && len(sel.Options) == 6 && sel.Options[0] == "move" {
			sel.SetSelected("locate")
		}
	}
	typeInto(t, w, "e.g. Laboratory, stairs, worm", "Laboratory")
	key(fyne.KeySpace) // a Locate with 1 target is refused
	see(t, w, "V20")
	n := 0
	for _, o := range objects(w) {
		if e, ok := o.(*widget.Entry); ok && e.PlaceHolder == "e.g. Laboratory, stairs, worm" {
			if n == 1 {
				e.SetText("Infirmary")
			}
			n++
		}
	}
	key(fyne.KeySpace) // resolve the Locate
	see(t, w, "Locate: ")
	key(fyne.KeyR) // the app's Evil side
	see(t, w, "Turn 1: Evil")
	key(fyne.KeySpace) // end the Turn
	see(t, w, "Turn 1 ends")
	see(t, w, "Round 1 · Turn 1 of 8 is over · Next: Flip the next Turn token")
}

// see fails unless a visible label contains want.
func see(t *testing.T, w fyne.Window, want string) {
	t.Helper()
	var all []string
	for _, o := range objects(w) {
		if l, ok := o.(*widget.Label); ok {
			if strings.Contains(l.Text, want) {
				return
			}
			all = append(all, l.Text)
		}
	}
	t.Fatalf("%q not on screen:\n%s", want, strings.Join(all, "\n"))
}

func mustList(t *testing.T, u *ui.App) []string {
	t.Helper()
	l, err := u.DB.List()
	if err != nil || len(l) != 1 {
		t.Fatalf("campaigns %v %v", l, err)
	}
	return []string{l[0].ID}
}
