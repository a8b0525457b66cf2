package widgets

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa"
	"tablekeeper/tracker"
)

func TestStepperStepsWithinLimitsAndAsksTheGame(t *testing.T) {
	test.NewTempApp(t)
	var asked []int
	accept := true
	s := NewStepper("Life", 0, 10, 9, func(to int) bool { asked = append(asked, to); return accept })
	w := test.NewTempWindow(t, s)
	w.Resize(fyne.NewSize(400, 300))

	test.Tap(s.Plus)
	if s.Value != 10 || len(asked) != 1 || asked[0] != 10 {
		t.Fatalf("plus: value %d, asked %v", s.Value, asked)
	}
	test.Tap(s.Plus) // past the limit: refused here, never asked
	if s.Value != 10 || len(asked) != 1 {
		t.Fatalf("plus past max: value %d, asked %v", s.Value, asked)
	}
	if got := s.Message(); got != "Life cannot go above 10" {
		t.Fatalf("message %q", got)
	}
	accept = false // the rules refuse: the value stays
	test.Tap(s.Minus)
	if s.Value != 10 || len(asked) != 2 || asked[1] != 9 {
		t.Fatalf("refused minus: value %d, asked %v", s.Value, asked)
	}
	accept = true
	test.Tap(s.Minus)
	if s.Value != 9 || s.Message() != "" {
		t.Fatalf("minus: value %d, message %q", s.Value, s.Message())
	}
	s.SetValue(0)
	test.Tap(s.Minus)
	if s.Message() != "Life cannot go below 0" || s.Value != 0 {
		t.Fatalf("minus past min: %d %q", s.Value, s.Message())
	}
	if s.value.Text != "0" {
		t.Fatalf("shows %q", s.value.Text)
	}
	s.SetLimits(0, 4)
	s.SetValue(2)
	if s.bar.frac != 0.5 {
		t.Fatalf("bar %v, want half", s.bar.frac)
	}
}

func TestStepperButtonsAreLargeTouchTargets(t *testing.T) {
	test.NewTempApp(t)
	s := NewStepper("Ammo", 0, 5, 3, nil)
	w := test.NewTempWindow(t, s)
	w.Resize(fyne.NewSize(300, 300))
	for _, b := range []fyne.CanvasObject{s.Minus, s.Plus} {
		if sz := b.Size(); sz.Width < MinTouch || sz.Height < MinTouch {
			t.Fatalf("button %v smaller than %v", sz, MinTouch)
		}
	}
}

func TestTrackShowsMarkerAndCountersAndTaps(t *testing.T) {
	test.NewTempApp(t)
	tr := NewTrack("Timer", NumberedSpaces(1, 12), 3)
	tr.MarkerName = "Time"
	tr.SetCounters(map[int][]Counter{5: {{Label: "E1"}}, 7: {{Label: "E2"}, {Label: "E3"}}})
	var tapped []int
	tr.OnTapSpace = func(i int) { tapped = append(tapped, i) }
	w := test.NewTempWindow(t, tr)
	w.Resize(fyne.NewSize(400, 600)) // narrow: the row wraps
	if got := tr.SpaceText(3); got != "4 · ◆ Time" {
		t.Fatalf("space 3: %q", got)
	}
	if got := tr.SpaceText(7); got != "8 · E2 · E3" {
		t.Fatalf("space 7: %q", got)
	}
	test.Tap(tr.Space(10))
	if len(tapped) != 1 || tapped[0] != 10 {
		t.Fatalf("tapped %v", tapped)
	}
	tr.SetMarker(4)
	if strings.Contains(tr.SpaceText(3), "◆") || !strings.Contains(tr.SpaceText(4), "◆") {
		t.Fatal("marker did not move")
	}
	// Wrapped: a later space sits on a lower row than the first.
	if tr.cells[11].Position().Y <= tr.cells[0].Position().Y {
		t.Fatal("a narrow track does not wrap onto more rows")
	}
	if sz := tr.cells[0].Size(); sz.Width < MinTouch || sz.Height < MinTouch {
		t.Fatalf("space %v smaller than a touch target", sz)
	}
	if tr.Space(12) != nil || tr.SpaceText(-1) != "" {
		t.Fatal("out of range spaces")
	}
}

// TestTrackSpacesFitTheirLabelsAtEveryTextSize: a long label or a stack of
// counters widens and heightens every space instead of spilling over.
func TestTrackSpacesFitTheirLabelsAtEveryTextSize(t *testing.T) {
	app := test.NewTempApp(t)
	tr := NewTrack("Mission tracker", []string{"P1", "P2", "Q10"}, 0)
	tr.SetCounters(map[int][]Counter{1: {{Label: "Alarm"}}, 2: {{Label: "E1"}, {Label: "E2"}, {Label: "E3"}}})
	w := test.NewTempWindow(t, tr)
	w.Resize(fyne.NewSize(600, 400))
	check := func() {
		t.Helper()
		cell := tr.cells[0].Size()
		for _, need := range []fyne.Size{
			fyne.MeasureText("Q10", theme.TextSize()*1.2, fyne.TextStyle{Bold: true}),
			fyne.MeasureText("Alarm", theme.CaptionTextSize(), fyne.TextStyle{}),
		} {
			if cell.Width < need.Width+2*theme.Padding() {
				t.Fatalf("a space %v is narrower than a label %v", cell, need)
			}
		}
		if three := 3 * fyne.MeasureText("E", theme.CaptionTextSize(), fyne.TextStyle{}).Height; cell.Height < three {
			t.Fatalf("a space %v is lower than three counters (%v)", cell, three)
		}
	}
	check()
	app.Settings().SetTheme(&bigText{theme.DefaultTheme()})
	tr.Refresh()
	check()
}

type bigText struct{ fyne.Theme }

func (b *bigText) Size(n fyne.ThemeSizeName) float32 { return b.Theme.Size(n) * 1.85 }

func TestDrawResultSaysTheAppRolledIt(t *testing.T) {
	test.NewTempApp(t)
	d := NewDrawResult("Decision die")
	test.NewTempWindow(t, d)
	if d.Shown() != "—" || d.Source() != "no draw yet" {
		t.Fatalf("empty: %q %q", d.Shown(), d.Source())
	}
	dice := tracker.NewDice(42, 16)
	face := dice.Roll(6)
	d.SetDraw(itoa(face), dice.Drawn()[0])
	if d.Shown() != itoa(face) {
		t.Fatalf("shown %q", d.Shown())
	}
	// Players read that the app rolled it; the seed step stays recorded.
	if want := "rolled by the app"; d.Source() != want {
		t.Fatalf("source %q, want %q", d.Source(), want)
	}
	if dr := d.Draw(); dr == nil || dr.Index != 16 || dr.N != 6 {
		t.Fatalf("draw kept %+v", dr)
	}
	d.Clear()
	if d.Shown() != "—" {
		t.Fatal("not cleared")
	}
}

func TestTracePanelShowsEveryPartOfAStep(t *testing.T) {
	test.NewTempApp(t)
	var tr automa.Trace
	s := tr.Add("phantom-epoch §8.6 (RB p.27)", "Primary target: the closest character in sight")
	s.Kept = []automa.Candidate{{Name: "Ana", Facts: map[string]any{"range": 2, "hp": 5}}}
	s.Dropped = []automa.Candidate{{Name: "Bo", Facts: map[string]any{"range": 4}, Reason: "farther"}}
	s.TieBreak = "lowest HP"
	s.Die = "Decision die: red, dir 4"
	s.Result = "targets Ana"
	tr.Add("phantom-epoch §8.7", "Moves 2 spaces")
	p := NewTracePanel(tr)
	test.NewTempWindow(t, p)
	got := strings.Join(p.Lines(), "\n")
	for _, want := range []string{
		"1. phantom-epoch §8.6 (RB p.27)", "Primary target", "✓ kept: Ana (hp 5, range 2)",
		"✗ dropped: Bo (range 4) — farther", "Tie-breaker: lowest HP", "Die: Decision die: red, dir 4",
		"→ targets Ana", "2. phantom-epoch §8.7",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("trace panel lacks %q:\n%s", want, got)
		}
	}
	if n := len(p.box.Objects); n != 2 {
		t.Fatalf("%d step blocks", n)
	}
	p.SetTrace(automa.Trace{})
	if len(p.box.Objects) != 1 {
		t.Fatal("empty trace shows no placeholder")
	}
}

func TestNumberEntryExplainsWhatItExpects(t *testing.T) {
	test.NewTempApp(t)
	e := NewNumberEntry(1, 10)
	w := test.NewTempWindow(t, e.WithHint())
	w.Resize(fyne.NewSize(400, 200))
	if e.Hint() != "Expects a whole number from 1 to 10" {
		t.Fatalf("hint %q", e.Hint())
	}
	test.Type(e, "abc")
	if _, err := e.Int(); err == nil || !strings.Contains(err.Error(), `"abc" is not a whole number`) {
		t.Fatalf("abc: %v", err)
	}
	if !strings.Contains(e.Hint(), "not a whole number — expects a whole number from 1 to 10") {
		t.Fatalf("hint after abc: %q", e.Hint())
	}
	e.SetText("")
	test.Type(e, "12")
	if _, err := e.Int(); err == nil || !strings.Contains(err.Error(), "12 is above 10") {
		t.Fatalf("12: %v", err)
	}
	e.SetText("")
	test.Type(e, " 7")
	if n, err := e.Int(); err != nil || n != 7 {
		t.Fatalf("7: %d %v", n, err)
	}
	if e.Hint() != "Expects a whole number from 1 to 10" {
		t.Fatalf("hint after 7: %q", e.Hint())
	}
}

func TestIDEntry(t *testing.T) {
	test.NewTempApp(t)
	e := NewIDEntry("a card number like 042", "0123456789", 3, 3, func(s string) bool { return s != "999" })
	test.NewTempWindow(t, e.WithHint())
	for in, want := range map[string]string{
		"":     "nothing is typed",
		"04":   "too short",
		"0421": "too long",
		"04x":  `"x" cannot be part of it`,
		"999":  `there is no "999"`,
	} {
		e.SetText(in)
		if _, err := e.Checked(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	e.SetText("042")
	if s, err := e.Checked(); err != nil || s != "042" {
		t.Fatalf("042: %q %v", s, err)
	}
}

func TestHoldButtonActsOnlyAfterTheHold(t *testing.T) {
	test.NewTempApp(t)
	held := 0
	var hint string
	b := NewHoldButton("Delete", func() { held++ })
	b.OnHint = func(s string) { hint = s }
	test.NewTempWindow(t, b)
	test.Tap(b)
	if !strings.Contains(hint, "Hold") {
		t.Fatalf("tap hint %q", hint)
	}
	// Let go early: nothing, however long after.
	b.MouseDown(&desktop.MouseEvent{})
	testSchedule.Advance(b.Hold - time.Millisecond)
	b.MouseUp(&desktop.MouseEvent{})
	testSchedule.Advance(time.Hour)
	if held != 0 {
		t.Fatal("acted on a short press")
	}
	b.MouseDown(&desktop.MouseEvent{})
	if testSchedule.Advance(b.Hold - time.Millisecond); held != 0 || b.Text != "Keep holding…" {
		t.Fatalf("acted before the hold: %d, %q", held, b.Text)
	}
	if testSchedule.Advance(time.Millisecond); held != 1 {
		t.Fatal("did not act after the hold")
	}
	if b.Text != "Delete" {
		t.Fatalf("label %q after the hold", b.Text)
	}
	if sz := b.MinSize(); sz.Height < MinTouch || sz.Width < MinTouch {
		t.Fatalf("min size %v", sz)
	}
}

func TestHoldButtonTapEndingAHoldIsQuiet(t *testing.T) {
	test.NewTempApp(t)
	done := 0
	hints := 0
	b := NewHoldButton("Unlock", func() { done++ })
	b.OnHint = func(string) { hints++ }
	test.NewTempWindow(t, b)
	b.MouseDown(&desktop.MouseEvent{})
	testSchedule.Advance(b.Hold)
	if done != 1 {
		t.Fatal("the hold did nothing")
	}
	b.MouseUp(&desktop.MouseEvent{})
	test.Tap(b) // the click that ends the hold
	if hints != 0 {
		t.Fatal("the end of a hold was taken for a stray tap")
	}
	test.Tap(b)
	if hints != 1 {
		t.Fatal("a stray tap gave no hint")
	}
}

func TestWrapCheckAndCardWrapTheirWords(t *testing.T) {
	test.NewTempApp(t)
	long := strings.Repeat("a reading of an unclear rule ", 8)
	c := widget.NewCheck(long, nil)
	row := WrapCheck(c)
	if row.Text != long || c.Text != "" {
		t.Fatalf("the words should move beside the box: %q / %q", row.Text, c.Text)
	}
	if row.MinSize().Width > 400 {
		t.Fatalf("a wrapped check needs %v across", row.MinSize().Width)
	}
	w := test.NewTempWindow(t, row)
	w.Resize(fyne.NewSize(400, 300))
	test.Tap(row.label)
	if !c.Checked {
		t.Fatal("tapping the words should tick the box")
	}
	card := NewCard("Settings", long, widget.NewLabel("x"))
	if card.MinSize().Width > 400 || card.Subtitle != "" {
		t.Fatalf("a card's subtitle should wrap in its content: %v, %q", card.MinSize(), card.Subtitle)
	}
}
