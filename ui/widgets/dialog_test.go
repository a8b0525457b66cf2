package widgets

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

func tallContent(lines int) fyne.CanvasObject {
	box := container.NewVBox()
	for i := 0; i < lines; i++ {
		box.Add(widget.NewLabel("A line of a long explanation"))
	}
	return box
}

func inside(t *testing.T, what string, o fyne.CanvasObject, canvas fyne.Size) {
	t.Helper()
	p := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	if p.X < 0 || p.Y < 0 || p.X+o.Size().Width > canvas.Width+0.5 || p.Y+o.Size().Height > canvas.Height+0.5 || o.Size().Height < MinTouch-0.5 {
		t.Fatalf("%s at %v size %v is not inside the window %v", what, p, o.Size(), canvas)
	}
}

// TestDialogScrollsAndKeepsItsButtonsOnScreen: a dialog taller than the
// window fits it, its content scrolls, its buttons are on screen, and it
// never makes the window's content ask for more room.
func TestDialogScrollsAndKeepsItsButtonsOnScreen(t *testing.T) {
	test.NewTempApp(t).Settings().SetTheme(NewTableTheme("dark", 1))
	w := test.NewTempWindow(t, widget.NewLabel("behind"))
	w.Resize(fyne.NewSize(800, 600))
	d := NewDialog("A long explanation", tallContent(80), w)
	d.SetDismiss("Cancel", nil)
	ok := d.AddButton("Do it", nil, func() {})
	d.Show()
	size := w.Canvas().Size()
	if m := d.MinSize(); m.Height > size.Height || m.Width > size.Width {
		t.Fatalf("the dialog needs %v in a %v window", m, size)
	}
	if d.scroll.Content.MinSize().Height <= d.scroll.Size().Height {
		t.Fatal("the content does not scroll")
	}
	inside(t, "Cancel", d.dismiss, size)
	inside(t, "Do it", ok, size)
	if m := w.Content().MinSize(); m.Height > 100 {
		t.Fatalf("the window's content asks for %v", m)
	}
	// A short dialog is as tall as its content, not the window.
	short := NewDialog("Short", widget.NewLabel("one line"), w)
	short.Show()
	if h := short.popup.Content.Size().Height; h > 300 {
		t.Fatalf("a one-line dialog is %v tall", h)
	}
	short.Hide()
	d.Hide()
}

func TestDialogClosesWithEscapeBackAndCancel(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("behind"))
	w.Resize(fyne.NewSize(800, 600))
	var keys []fyne.KeyName
	w.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { keys = append(keys, ev.Name) })
	for _, close := range []func(d *Dialog){
		func(*Dialog) { w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape}) },
		func(*Dialog) { w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: mobile.KeyBack}) },
		func(d *Dialog) { test.Tap(d.dismiss) },
	} {
		cancelled := 0
		d := NewDialog("Q", widget.NewLabel("?"), w)
		d.SetDismiss("Cancel", func() { cancelled++ })
		closed := 0
		d.OnClosed(func() { closed++ })
		d.Show()
		// Other keys do not reach the screen behind while it is open.
		w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeySpace})
		close(d)
		if d.Showing() || cancelled != 1 || closed != 1 || w.Canvas().Overlays().Top() != nil {
			t.Fatalf("showing %v, cancelled %d, closed %d", d.Showing(), cancelled, closed)
		}
	}
	if len(keys) != 0 {
		t.Fatalf("keys reached the screen behind the dialog: %v", keys)
	}
	// Closed, the screen has its keys back.
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeySpace})
	if len(keys) != 1 {
		t.Fatal("the screen's key handler was not given back")
	}
	// Typing in a checked entry: Escape still closes.
	e := NewNumberEntry(1, 3)
	d := NewDialog("Q", e, w)
	d.Show()
	w.Canvas().Focus(e)
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if d.Showing() {
		t.Fatal("Escape in an entry did not close the dialog")
	}
}

func TestShowConfirm(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("behind"))
	var got []bool
	d := ShowConfirm("Sure?", Paragraph("Really?"), "Yes, do it", "No", func(ok bool) { got = append(got, ok) }, w)
	test.Tap(d.buttons.Objects[1].(*widget.Button))
	d = ShowConfirm("Sure?", Paragraph("Really?"), "Yes, do it", "No", func(ok bool) { got = append(got, ok) }, w)
	test.Tap(d.dismiss)
	if len(got) != 2 || !got[0] || got[1] {
		t.Fatalf("%v", got)
	}
}

// TestFormShowsEveryProblemAtOnceAndKeepsWhatIsTyped: a submit with two
// wrong fields shows both problems under their fields, stays open and
// keeps the entries; mending one clears its problem; a refusal from the
// action shows too; a good submit closes.
func TestFormShowsEveryProblemAtOnceAndKeepsWhatIsTyped(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("behind"))
	w.Resize(fyne.NewSize(800, 600))
	name := widget.NewEntry()
	count := NewNumberEntry(1, 6)
	pick := widget.NewSelect([]string{"Ana", "Bo"}, nil)
	var done []string
	f := NewForm("New figure", "Add", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Name", name), widget.NewFormItem("Count", count), widget.NewFormItem("Follows", pick)},
		func() error {
			if name.Text == "Taken" {
				return Problems{"Name": "that name is taken"}
			}
			if name.Text == "Rules" {
				return errors.New("the rules refuse it")
			}
			done = append(done, name.Text)
			return nil
		}, w)
	f.Check = func() Problems {
		p := Problems{}
		if strings.TrimSpace(name.Text) == "" {
			p.Add("Name", "a figure needs a name")
		}
		if pick.Selected == "" {
			p.Add("Follows", "choose whom it follows")
		}
		return p
	}
	f.Show()
	test.Type(count, "9")
	test.Tap(f.Submit)
	p := f.FieldProblems()
	if !f.Showing() || p["Name"] != "A figure needs a name." || p["Count"] != "9 is above 6." || p["Follows"] != "Choose whom it follows." {
		t.Fatalf("problems %v", p)
	}
	if count.Text != "9" {
		t.Fatal("what was typed was lost")
	}
	// Mending a field clears its problem at once; the others stay.
	test.Type(name, "Taken")
	if p := f.FieldProblems(); p["Name"] != "" || p["Count"] == "" {
		t.Fatalf("after typing a name: %v", p)
	}
	count.SetText("")
	test.Type(count, "2")
	pick.SetSelected("Ana")
	test.Tap(f.Submit)
	if p := f.FieldProblems(); !f.Showing() || p["Name"] != "That name is taken." || len(p) != 1 {
		t.Fatalf("the action's problem: %v", p)
	}
	name.SetText("Rules")
	test.Tap(f.Submit)
	if !f.Showing() || f.Problem() != "The rules refuse it." {
		t.Fatalf("the action's refusal: %q", f.Problem())
	}
	name.SetText("Vex")
	// Return in a one-line entry submits.
	name.OnSubmitted(name.Text)
	if f.Showing() || len(done) != 1 || done[0] != "Vex" {
		t.Fatalf("not submitted: %v", done)
	}
}

// TestFeedbackShowsNextToTheControlAndMovesNothing: a bubble is next to
// the control, inside the window; the screen's layout and least size do
// not change; a tap dismisses it; a result goes by itself, a refusal stays.
func TestFeedbackShowsNextToTheControlAndMovesNothing(t *testing.T) {
	test.NewTempApp(t)
	b := widget.NewButton("Attack", nil)
	other := widget.NewButton("Move", nil)
	screen := container.NewVBox(widget.NewLabel("top"), b, other)
	layer := NewFeedbackLayer(screen)
	w := test.NewTempWindow(t, layer)
	w.Resize(fyne.NewSize(600, 400))
	before, min := other.Position(), layer.MinSize()
	if !ShowFeedback(w.Canvas(), b, "Vex is out of range: it cannot be attacked from here, whatever the card says.", true) {
		t.Fatal("no layer found")
	}
	text, isErr := ShowingFeedback(w.Canvas())
	if !strings.HasPrefix(text, "Vex is out of range") || !isErr {
		t.Fatalf("showing %q %v", text, isErr)
	}
	bb := layer.bubble
	if bb.Position().Y < b.Position().Y+b.Size().Height || bb.Position().Y+bb.Size().Height > 400 {
		t.Fatalf("bubble at %v %v, button at %v", bb.Position(), bb.Size(), b.Position())
	}
	if other.Position() != before || layer.MinSize() != min {
		t.Fatal("the bubble moved the screen")
	}
	test.Tap(bb)
	if text, _ := ShowingFeedback(w.Canvas()); text != "" {
		t.Fatal("a tap did not dismiss it")
	}
	ShowFeedback(w.Canvas(), b, "Attacked", false)
	testSchedule.Advance(FeedbackFor - time.Millisecond)
	if text, _ := ShowingFeedback(w.Canvas()); text != "Attacked" {
		t.Fatal("a result went before its time")
	}
	testSchedule.Advance(time.Millisecond)
	if text, _ := ShowingFeedback(w.Canvas()); text != "" {
		t.Fatal("a result did not go by itself")
	}
	ShowFeedback(w.Canvas(), b, "Refused", true)
	testSchedule.Advance(time.Hour)
	if text, _ := ShowingFeedback(w.Canvas()); text != "Refused" {
		t.Fatal("a refusal went by itself")
	}
	// In a dialog, the answer shows in the dialog.
	in := widget.NewButton("Confirm", nil)
	d := NewDialog("Q", in, w)
	d.Show()
	ShowFeedback(w.Canvas(), in, "Not now", true)
	if text, _ := d.layer.Showing(); text != "Not now" {
		t.Fatalf("dialog feedback %q", text)
	}
}

func TestAdaptiveStacksWhenNarrow(t *testing.T) {
	test.NewTempApp(t)
	a := widget.NewLabel(strings.Repeat("a", 30))
	b := widget.NewLabel(strings.Repeat("b", 30))
	ad := NewAdaptive(a, b)
	w := test.NewTempWindow(t, ad)
	w.Resize(fyne.NewSize(1000, 400))
	if !IsWide(ad) || a.Position().Y != b.Position().Y || b.Position().X <= a.Position().X {
		t.Fatalf("wide: %v %v", a.Position(), b.Position())
	}
	if m := ad.MinSize().Width; m > fyne.Max(a.MinSize().Width, b.MinSize().Width)+1 {
		t.Fatalf("the least width %v asks for the side-by-side room", m)
	}
	w.Resize(fyne.NewSize(a.MinSize().Width+40, 600))
	if IsWide(ad) || b.Position().Y <= a.Position().Y || b.Size().Width < a.MinSize().Width {
		t.Fatalf("narrow: %v %v", a.Position(), b.Position())
	}
}

func TestMessageLineAndClockKeepTheirSize(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	m := NewMessageLine(w)
	empty := m.MinSize()
	m.Set(strings.Repeat("a long refusal ", 20), true)
	if m.MinSize() != empty || empty.Height < MinTouch {
		t.Fatalf("message line %v then %v", empty, m.MinSize())
	}
	test.Tap(m)
	if TopDialog(w.Canvas()) == nil {
		t.Fatal("a tap did not show the whole message")
	}
	c := NewClockFace("Turn", nil)
	first := c.MinSize()
	for _, s := range []string{"0:00:00", "123:45:06", "12:34 left", "time up"} {
		c.SetTime(s, s == "time up")
		if c.MinSize() != first {
			t.Fatalf("%q: %v, was %v", s, c.MinSize(), first)
		}
	}
}

func TestEllipsize(t *testing.T) {
	test.NewTempApp(t)
	s := Ellipsize("Buenos Aires under the snow", 80, 16, fyne.TextStyle{})
	if !strings.HasSuffix(s, "…") || fyne.MeasureText(s, 16, fyne.TextStyle{}).Width > 80 {
		t.Fatalf("%q", s)
	}
	if Ellipsize("Ana", 80, 16, fyne.TextStyle{}) != "Ana" {
		t.Fatal("a short text was cut")
	}
}

// TestDialogIsAsTallAsItsContent: a small form in a window with room for
// all of it shows all of it without scrolling, and the dialog is exactly as
// tall as it needs (no spare band), at both window shapes and every text
// size; a form taller than the window fills the window and scrolls.
func TestDialogIsAsTallAsItsContent(t *testing.T) {
	for _, win := range []fyne.Size{fyne.NewSize(1280, 800), fyne.NewSize(800, 1280)} {
		for _, scale := range []float32{0.85, 1, 1.25, 1.5, 1.85} {
			test.NewTempApp(t).Settings().SetTheme(NewTableTheme("light", scale))
			w := test.NewTempWindow(t, widget.NewLabel("behind"))
			w.Resize(win)
			name := widget.NewEntry()
			count := NewNumberEntry(1, 9)
			pick := widget.NewSelect([]string{"Ana", "Bo"}, nil)
			items := []*widget.FormItem{
				{Text: "Name", Widget: name, HintText: "As the players call it"},
				{Text: "How many", Widget: count},
				{Text: "Who", Widget: pick},
			}
			f := ShowForm("Add a figure to the table", "Add", "Cancel", items, nil, w)
			need := f.scroll.Content.MinSize().Height
			if got := f.scroll.Size().Height; got < need-0.5 {
				t.Errorf("%v at text %.2f: the form scrolls: %v shown of %v", win, scale, got, need)
			} else if got > need+0.5 {
				t.Errorf("%v at text %.2f: the form has %v spare below its fields", win, scale, got-need)
			}
			// A refusal above the buttons: still no scroll.
			f.SetProblem("Something about the whole form that is wrong.")
			fitsOrFills(t, fmt.Sprintf("%v at text %.2f with a problem", win, scale), f.Dialog, win)
			inside(t, "Add", f.Submit, w.Canvas().Size())
			f.Hide()

			// A wrapped paragraph: as tall as its lines at the dialog's width.
			long := strings.Repeat("A sentence of a long explanation that wraps. ", 12)
			d := ShowMessage("Why", long, w)
			fitsOrFills(t, fmt.Sprintf("%v at text %.2f, a paragraph", win, scale), d, win)
			d.Hide()

			// Taller than the window: it fills the window, and scrolls.
			tall := NewDialog("Long", tallContent(80), w)
			tall.Show()
			if h := tall.popup.Content.Size().Height + theme.InnerPadding(); h < win.Height-2*theme.InnerPadding()-0.5 || h > win.Height+0.5 {
				t.Errorf("%v at text %.2f: a tall dialog is %v tall", win, scale, h)
			}
			inside(t, "Close", tall.dismiss, w.Canvas().Size())
			tall.Hide()
		}
	}
}

// fitsOrFills: the dialog shows its whole content with no spare band, or,
// when the content is taller than the window allows, fills the window's
// height and scrolls.
func fitsOrFills(t *testing.T, what string, d *Dialog, win fyne.Size) {
	t.Helper()
	got, need := d.scroll.Size().Height, d.scroll.Content.MinSize().Height
	full := d.popup.Content.Size().Height+theme.InnerPadding() >= win.Height-2*theme.InnerPadding()-0.5
	switch {
	case got > need+0.5:
		t.Errorf("%s: %v spare below the content", what, got-need)
	case got < need-0.5 && !full:
		t.Errorf("%s: scrolls (%v shown of %v) in a dialog %v tall in a %v window", what, got, need, d.popup.Content.Size().Height, win)
	}
}

// A control the action took off the screen (a board redrawn, a button
// replaced): the answer shows where it stood when tapped, not at the
// window's top left corner over the header.
func TestFeedbackAtTheSpotOfAControlNoLongerOnScreen(t *testing.T) {
	test.NewTempApp(t)
	b := widget.NewButton("Play card here", nil)
	screen := container.NewVBox(widget.NewLabel("top"), widget.NewLabel("middle"), widget.NewLabel("more"), b)
	layer := NewFeedbackLayer(screen)
	w := test.NewTempWindow(t, layer)
	w.Resize(fyne.NewSize(600, 400))
	spot := SpotOf(w.Canvas(), b)
	tapped := b.Position()
	screen.Objects = []fyne.CanvasObject{widget.NewLabel("rebuilt")}
	screen.Refresh()
	if !spot.Found || SpotOf(w.Canvas(), b).Found {
		t.Fatal("a control on screen and one no longer on it are not told apart")
	}
	if !spot.Show(w.Canvas(), "Card played", false) {
		t.Fatal("no bubble at the spot")
	}
	if y := layer.bubble.Position().Y; y < tapped.Y {
		t.Fatalf("bubble at y %v, above where the button stood (%v)", y, tapped.Y)
	}
}
