package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/widgets"
)

// TestALongNoteSaysWhenItIsTooLongAsItIsTyped: the note dialog's entry
// keeps a long note quick to type (widgets.NoteEntry: issue 22, typing
// 5,000 characters froze the window for minutes) and says as it is typed
// when the note passes the limit; the note recorded is the text as typed,
// without the rows the entry made.
func TestALongNoteSaysWhenItIsTooLongAsItIsTyped(t *testing.T) {
	u, cs, _ := openTest(t)
	test.Tap(findButton(t, u, "Note"))
	notes := find[*widgets.NoteEntry](u)
	if len(notes) != 1 {
		t.Fatalf("the note dialog has %d note entries", len(notes))
	}
	e := notes[0]
	para := strings.Repeat("The grunt in the corridor saw Mara and the alarm rose. ", 72) // 3,960 characters
	e.SetNote(para)
	test.Type(e, strings.Repeat("x", 50))
	if got := e.Counter().Text; !strings.HasPrefix(got, "4,010 characters: 10 more than a note holds (4,000)") {
		t.Fatalf("past the limit, the line under the note says %q", got)
	}
	test.Tap(findButton(t, u, "Add the note"))
	if n, _ := cs.s.Notes(10, 0); len(n) != 0 {
		t.Fatal("a note past the limit was recorded")
	}
	for i := 0; i < 10; i++ {
		e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	}
	test.Tap(findButton(t, u, "Add the note"))
	notes2, err := cs.s.Notes(10, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(notes2) != 1 || notes2[0].Text != strings.TrimSpace(para+strings.Repeat("x", 40)) {
		t.Fatalf("recorded %d notes; the first differs from what was typed", len(notes2))
	}
	if strings.Contains(notes2[0].Text, "\n") {
		t.Fatal("the entry's rows went into the note")
	}
}
