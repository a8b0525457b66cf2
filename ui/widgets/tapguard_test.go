package widgets

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestWalkSeesWhatTheTestDriverSees: the walk reaches a widget's insides
// through the renderer on screen, the very one Fyne's test package gives.
func TestWalkSeesWhatTheTestDriverSees(t *testing.T) {
	test.NewTempApp(t)
	b := widget.NewButton("Roll", nil)
	l := widget.NewLabel("Life 7")
	w := test.NewTempWindow(t, container.NewVScroll(container.NewVBox(l, b)))
	w.Resize(fyne.NewSize(300, 200))
	got := Children(b)
	want := test.WidgetRenderer(b).Objects()
	if len(got) == 0 || len(got) != len(want) || got[0] != want[0] {
		t.Fatalf("children %v, the test driver's %v", got, want)
	}
	var seen []fyne.CanvasObject
	WalkCanvas(w.Canvas(), func(v Visit) bool {
		if v.Object == b || v.Object == l {
			seen = append(seen, v.Object)
			if p, _ := CanvasPosition(v.Object); p != v.Pos {
				t.Errorf("%T at %v, the driver says %v", v.Object, v.Pos, p)
			}
			if v.Scroll == nil {
				t.Errorf("%T: no scroll area around it", v.Object)
			}
		}
		return true
	})
	if len(seen) != 2 {
		t.Fatalf("walked to %d of the 2", len(seen))
	}
}

// guardTest shows one button in a window with the guard on and a clock
// the test moves.
func guardTest(t *testing.T) (w fyne.Window, now *time.Time) {
	test.NewTempApp(t)
	TapHold = DefaultTapHold
	t0 := time.Now()
	now = &t0
	SetTapClock(func() time.Time { return *now })
	ForgetTaps()
	t.Cleanup(func() { TapHold = 0; SetTapClock(nil); ForgetTaps() })
	w = test.NewTempWindow(t, container.NewVBox())
	w.Resize(fyne.NewSize(400, 300))
	return w, now
}

func TestAButtonThatAppearsUnderTheFingerIgnoresTapsForAMoment(t *testing.T) {
	w, now := guardTest(t)
	ran := map[string]int{}
	box := container.NewVBox()
	var end *widget.Button
	end = widget.NewButton("End Mara Voss's turn", func() {
		ran["end"]++
		// The next step's button takes the place of the one tapped.
		box.Objects = []fyne.CanvasObject{widget.NewButton("Play the enemy turn", func() { ran["enemy"]++ })}
		box.Refresh()
	})
	box.Add(end)
	w.SetContent(box)
	GuardCanvas(w.Canvas())
	at := fyne.NewPos(20, 20)
	test.TapCanvas(w.Canvas(), at)
	*now = now.Add(120 * time.Millisecond)
	test.TapCanvas(w.Canvas(), at)
	if ran["end"] != 1 || ran["enemy"] != 0 {
		t.Fatalf("a double tap ran %v: the second tap acted on the button that appeared", ran)
	}
	*now = now.Add(DefaultTapHold)
	test.TapCanvas(w.Canvas(), at)
	if ran["enemy"] != 1 {
		t.Fatalf("a tap a moment later was not taken: %v", ran)
	}
}

func TestTheSameControlTakesEveryTap(t *testing.T) {
	w, now := guardTest(t)
	n := 0
	plus := widget.NewButton("+", func() { n++ })
	Repeatable(plus)
	w.SetContent(container.NewVBox(plus))
	GuardCanvas(w.Canvas())
	for i := 0; i < 3; i++ {
		test.Tap(plus)
		*now = now.Add(100 * time.Millisecond)
	}
	if n != 3 {
		t.Fatalf("three quick taps on a stepper's + added %d", n)
	}
	// A step button (not made for repeated taps) takes one step however
	// it is double tapped.
	steps := 0
	next := widget.NewButton("Next", func() { steps++ })
	*now = now.Add(time.Second)
	w.SetContent(container.NewVBox(next))
	GuardCanvas(w.Canvas())
	test.Tap(next)
	*now = now.Add(100 * time.Millisecond)
	test.Tap(next)
	if steps != 1 {
		t.Fatalf("a double tap on Next took %d steps", steps)
	}
	// The same button turned into another step's: a new control.
	plus.OnTapped = nil
	step := 0
	next = widget.NewButton("Start the round", func() { step++; next.SetText("End the round") })
	w.SetContent(container.NewVBox(next))
	GuardCanvas(w.Canvas())
	*now = now.Add(time.Second)
	test.Tap(next)
	*now = now.Add(100 * time.Millisecond)
	test.Tap(next)
	if step != 1 {
		t.Fatalf("a button whose words changed under the finger took the second tap: %d steps", step)
	}
}

func TestTheGuardIsOffUntilTheAppTurnsItOn(t *testing.T) {
	test.NewTempApp(t)
	TapHold = 0
	n := 0
	box := container.NewVBox()
	var b *widget.Button
	b = widget.NewButton("Next", func() {
		n++
		box.Objects = []fyne.CanvasObject{widget.NewButton("Next", func() { n++ })}
		box.Refresh()
	})
	box.Add(b)
	w := test.NewTempWindow(t, box)
	w.Resize(fyne.NewSize(300, 200))
	GuardCanvas(w.Canvas())
	test.TapCanvas(w.Canvas(), fyne.NewPos(20, 20))
	test.TapCanvas(w.Canvas(), fyne.NewPos(20, 20))
	if n != 2 {
		t.Fatalf("with the guard off, %d of 2 taps were taken", n)
	}
}

func TestATapElsewhereTakesTheAnswerAway(t *testing.T) {
	w, now := guardTest(t)
	a := widget.NewButton("Roll", nil)
	b := widget.NewButton("Choose", func() {})
	l := NewFeedbackLayer(container.NewVBox(a, b))
	w.SetContent(l)
	GuardCanvas(w.Canvas())
	ShowFeedback(w.Canvas(), a, "Ana has not chosen her cards", true)
	if got, _ := ShowingFeedback(w.Canvas()); got == "" {
		t.Fatal("no bubble")
	}
	*now = now.Add(time.Second)
	test.Tap(b)
	if got, _ := ShowingFeedback(w.Canvas()); got != "" {
		t.Fatalf("the refusal %q stayed after the players tapped on", got)
	}
}

// TestAnAnswerNeverCoversAControl: a bubble answering a tap goes where it
// covers no control (issue 22: an answer covered the button to tap next);
// when no place is free it does not show (the message line says it).
func TestAnAnswerNeverCoversAControl(t *testing.T) {
	test.NewTempApp(t)
	var col []fyne.CanvasObject
	for i := 0; i < 6; i++ {
		col = append(col, widget.NewButton("Step", nil))
	}
	box := container.NewVBox(col...)
	l := NewFeedbackLayer(container.NewBorder(nil, nil, box, nil, widget.NewLabel("the board")))
	w := test.NewTempWindow(t, l)
	w.Resize(fyne.NewSize(800, 600))
	ShowFeedback(w.Canvas(), col[2], "Ana has not chosen her cards yet: choose two first", true)
	if got, _ := l.Showing(); got == "" {
		t.Fatal("no bubble, with room beside the buttons")
	}
	b := Rect{l.bubble.Position(), l.bubble.Size()}
	for i, c := range col {
		pos, _ := CanvasPosition(c)
		if !b.Intersect(Rect{pos, c.Size()}).Empty() {
			t.Fatalf("the bubble at %v covers button %d", b, i)
		}
	}
	// A screen of controls only: no bubble.
	var full []fyne.CanvasObject
	for i := 0; i < 40; i++ {
		full = append(full, widget.NewButton("Step", nil))
	}
	l2 := NewFeedbackLayer(container.NewGridWithColumns(4, full...))
	w.SetContent(l2)
	ShowFeedback(w.Canvas(), full[5], "refused", true)
	if got, _ := l2.Showing(); got != "" {
		t.Fatalf("a bubble over a screen of buttons: %q", got)
	}
}
