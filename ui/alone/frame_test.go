package alone_test

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker/games"
	"tablekeeper/ui"
)

// objects lists every visible object in the window, dialogs included (the
// top dialog's first, as a player sees it).
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
		case *container.Scroll:
			walk(x.Content)
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	if top := w.Canvas().Overlays().Top(); top != nil {
		walk(top)
		return out
	}
	walk(w.Canvas().Content())
	return out
}

// A player taps, chooses and types; every interaction is counted.
type player struct {
	t *testing.T
	w fyne.Window
	n int
}

func (p *player) tap(label string) {
	p.t.Helper()
	for _, o := range objects(p.w) {
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, label) && !b.Disabled() {
			test.Tap(b)
			p.n++
			return
		}
	}
	p.t.Fatalf("no button %q on screen:\n%s", label, texts(p.w))
}

// tapNth taps the n-th enabled button with that label (0 first).
func (p *player) tapNth(label string, n int) {
	p.t.Helper()
	for _, o := range objects(p.w) {
		if b, ok := o.(*widget.Button); ok && b.Text == label && !b.Disabled() {
			if n == 0 {
				test.Tap(b)
				p.n++
				return
			}
			n--
		}
	}
	p.t.Fatalf("no button %q on screen:\n%s", label, texts(p.w))
}

func (p *player) choose(option string) {
	p.t.Helper()
	for _, o := range objects(p.w) {
		switch x := o.(type) {
		case *widget.RadioGroup:
			for _, opt := range x.Options {
				if opt == option {
					x.SetSelected(option)
					p.n++
					return
				}
			}
		case *widget.Select:
			for _, opt := range x.Options {
				if opt == option {
					x.SetSelected(option)
					p.n++
					return
				}
			}
		}
	}
	p.t.Fatalf("no choice %q on screen", option)
}

func (p *player) typeInto(placeholder, text string) {
	p.t.Helper()
	for _, o := range objects(p.w) {
		if e, ok := o.(*widget.Entry); ok && e.PlaceHolder == placeholder {
			e.SetText(text)
			p.n++
			return
		}
	}
	p.t.Fatalf("no entry %q on screen", placeholder)
}

// see fails unless a visible label contains want.
func (p *player) see(want string) {
	p.t.Helper()
	if !strings.Contains(texts(p.w), want) {
		p.t.Fatalf("%q not on screen:\n%s", want, texts(p.w))
	}
}

func texts(w fyne.Window) string {
	var all []string
	for _, o := range objects(w) {
		switch x := o.(type) {
		case *widget.Label:
			all = append(all, x.Text)
		case *widget.Button:
			all = append(all, "["+x.Text+"]")
		}
	}
	return strings.Join(all, "\n")
}

func newApp(t *testing.T) (*ui.App, *player) {
	a := test.NewTempApp(t)
	u := ui.New(a, ui.Options{DBPath: filepath.Join(t.TempDir(), "tablekeeper.db"), Registry: games.Registry()})
	if u.DB == nil {
		t.Fatal("the file did not open")
	}
	t.Cleanup(func() { _ = u.Shutdown() })
	u.Window.Resize(fyne.NewSize(1280, 800))
	return u, &player{t: t, w: u.Window}
}

// TestFirstGameInAFewTaps: from an empty file, a player reaches the Evil
// side's first decision on screen with the practice set, counting every
// tap, choice and typed field; then the Next and Resolve keys play on.
func TestFirstGameInAFewTaps(t *testing.T) {
	u, p := newApp(t)
	p.tap("New campaign")
	p.choose("Alone")
	p.typeInto("e.g. Thursday group", "First try")
	p.see("practice content — not the printed cards")
	p.tap("Create and open")
	mustList(t, u)
	p.see("Life 12 · Self Control 12 · Healing Cap 12")
	p.tap("East") // Move east: flips the Turn token and moves
	p.see("Move east")
	p.tap("The Evil side reacts")
	p.see("Turn 1: Evil")
	t.Logf("First game, Alone: the Evil side's first decision on screen after %d interactions", p.n)
	if p.n > 8 {
		t.Fatalf("%d interactions to the first enemy decision; at most 8", p.n)
	}
	key := func(k fyne.KeyName) { p.w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: k}) }
	key(fyne.KeySpace) // end the Turn
	p.see("Turn 1 ends")
	key(fyne.KeySpace) // flip the next Turn token
	p.see("Turn 2 begins")
}

func mustList(t *testing.T, u *ui.App) []string {
	t.Helper()
	l, err := u.DB.List()
	if err != nil || len(l) != 1 {
		t.Fatalf("campaigns %v %v", l, err)
	}
	return []string{l[0].ID}
}
