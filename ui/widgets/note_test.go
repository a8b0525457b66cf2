package widgets

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

func noteTest(t testing.TB) (*NoteEntry, fyne.Window) {
	test.NewTempApp(t)
	e := NewNoteEntry()
	e.Limit = 4000
	w := test.NewTempWindow(t, e.WithCounter())
	w.Resize(fyne.NewSize(500, 400))
	w.Canvas().Focus(e)
	return e, w
}

// TestANoteIsWhatWasTyped: the rows the entry makes never enter the note;
// every row fits the entry; editing in the middle, Backspace at the start
// of a row and Enter do what they do in any text.
func TestANoteIsWhatWasTyped(t *testing.T) {
	e, _ := noteTest(t)
	typed := strings.Repeat("The corridor door stood open and the grunt saw Mara. ", 12)
	test.Type(e, typed)
	if e.Note() != typed {
		t.Fatalf("the note is %q", e.Note())
	}
	if !strings.Contains(e.Text, "\n") {
		t.Fatal("a long paragraph was not broken into rows")
	}
	for _, row := range strings.Split(e.Text, "\n") {
		if w := fyne.MeasureText(strings.TrimRight(row, " "), e.size, fyne.TextStyle{}).Width; w > e.rowWidth()+0.5 {
			t.Fatalf("the row %q is %.0f wide in %.0f", row, w, e.rowWidth())
		}
	}
	// In the middle: the cursor goes to the start and types there.
	e.CursorRow, e.CursorColumn = 0, 0
	test.Type(e, "Round 2: ")
	if want := "Round 2: " + typed; e.Note() != want {
		t.Fatalf("typed at the start: %q", e.Note()[:40])
	}
	// Backspace at the start of the second row takes the character
	// before it, not the row's break.
	e.CursorRow, e.CursorColumn = 1, 0
	before := []rune(e.Note())
	at := e.inNote(len([]rune(strings.SplitN(e.Text, "\n", 2)[0])) + 1)
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	if want := string(before[:at-1]) + string(before[at:]); e.Note() != want {
		t.Fatalf("backspace at a row's start: %q", e.Note()[:60])
	}
	// Enter is a line of the note.
	e.SetNote("one two")
	e.CursorRow, e.CursorColumn = 0, 3
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if e.Note() != "one\n two" {
		t.Fatalf("Enter: %q", e.Note())
	}
	// A paste.
	e.CursorRow, e.CursorColumn = 1, 4
	e.TypedShortcut(&fyne.ShortcutPaste{Clipboard: fakeClipboard{"and three\nfour"}})
	if e.Note() != "one\n twoand three\nfour" {
		t.Fatalf("paste: %q", e.Note())
	}
	_ = desktop.KeyShiftLeft
}

type fakeClipboard struct{ s string }

func (c fakeClipboard) Content() string   { return c.s }
func (c fakeClipboard) SetContent(string) {}

// TestANoteSaysWhenItIsTooLongAsItIsTyped: nearing the limit the line
// under it counts; past it, it says so in red.
func TestANoteSaysWhenItIsTooLongAsItIsTyped(t *testing.T) {
	e, _ := noteTest(t)
	e.SetNote(strings.Repeat("a", 3000))
	if e.Counter().Text != "" {
		t.Fatalf("at 3,000: %q", e.Counter().Text)
	}
	test.Type(e, strings.Repeat("b", 700))
	if e.Counter().Text != "3,700 of 4,000 characters" {
		t.Fatalf("at 3,700: %q", e.Counter().Text)
	}
	test.Type(e, strings.Repeat("c", 301))
	if got := e.Counter().Text; e.Counter().Importance != widget.DangerImportance || !strings.HasPrefix(got, "4,001 characters: 1 more than a note holds (4,000)") {
		t.Fatalf("at 4,001: %q", got)
	}
}

// typeInto types n keys into an entry already holding text, one a
// benchmark round.
func typeInto(b *testing.B, e fyne.Focusable) {
	b.ResetTimer()
	cpu := cpuTime()
	defer func() {
		// The CPU time a key: on the shared machine the wall clock
		// measures the load more than the work.
		b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/float64(b.N), "cpu-µs/key")
	}()
	for i := 0; i < b.N; i++ {
		r := "a"
		if i%6 == 5 {
			r = " "
		}
		if te, ok := e.(interface{ TypedRune(rune) }); ok {
			te.TypedRune(rune(r[0]))
		}
	}
}

// The speed of typing into a note of 4,000 characters (issue 22: typing
// 5,000 characters froze the window), against typing into Fyne's own
// entry holding the same text, and holding a line. Run:
//
//	go test -run '^$' -bench Typing -benchtime 200x ./ui/widgets
//
// BenchmarkTypingNote4000/BenchmarkTypingBareEntry4000 is the ratio the
// README gives, with each's time a key.
func BenchmarkTypingNote4000(b *testing.B) {
	e, w := noteTest(b)
	e.SetNote(strings.Repeat("lorem ipsum dolor sit amet ", 148))
	w.Canvas().Focus(e)
	typeInto(b, e)
}

func BenchmarkTypingBareEntry4000(b *testing.B) {
	test.NewTempApp(b)
	e := widget.NewMultiLineEntry()
	e.Wrapping = fyne.TextWrapWord
	e.SetText(strings.Repeat("lorem ipsum dolor sit amet ", 148))
	w := test.NewTempWindow(b, e)
	w.Resize(fyne.NewSize(500, 400))
	w.Canvas().Focus(e)
	e.CursorRow = 1000
	typeInto(b, e)
}

func BenchmarkTypingBareEntryShort(b *testing.B) {
	test.NewTempApp(b)
	e := widget.NewMultiLineEntry()
	e.Wrapping = fyne.TextWrapWord
	e.SetText("lorem ipsum dolor sit amet")
	w := test.NewTempWindow(b, e)
	w.Resize(fyne.NewSize(500, 400))
	w.Canvas().Focus(e)
	typeInto(b, e)
}
