package widgets

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A NoteEntry is an entry for a long text (a campaign's note) that stays
// quick to type in whatever its length. Fyne's entry wraps its text anew on
// every key, measuring each row against the rest of its paragraph: at a few
// thousand characters a key took tens of milliseconds of CPU, and typing
// 5,000 characters quickly into a note froze the window for minutes (memory
// 296 → 650 MB, the measures cached). A NoteEntry wraps the text itself,
// once per change, from the words' widths (kept), and gives the entry the
// text already broken into rows, which the entry then lays out as short
// lines without measuring them against anything. The line breaks it adds
// are not part of the note: Note is the text as typed.
//
// With a Limit, the line under it (Counter) says how long the note is as
// it nears the limit, and in red that it is too long once it is.
type NoteEntry struct {
	TextEntry
	// Limit is the most characters the note may hold (0: none).
	Limit int
	// OnNoteChanged is told the note (without the added breaks) after
	// each change.
	OnNoteChanged func(string)
	// OnResize is told when the counter comes or goes (a dialog then
	// fits itself to its content again).
	OnResize func()

	note    []rune  // the text as typed
	shown   []rune  // the text as the entry holds it: the note and the breaks added
	breaks  []int   // where in shown the added breaks are, in order
	width   float32 // the width the rows were made for
	size    float32 // the text size the widths were measured at
	widths  map[string]float32
	syncing bool
	counter *widget.Label
}

// NewNoteEntry makes an empty note entry of several rows.
func NewNoteEntry() *NoteEntry {
	e := &NoteEntry{}
	e.MultiLine = true
	// The rows are made here: the entry wraps nothing and never scrolls
	// sideways.
	e.Wrapping = fyne.TextWrapOff
	e.Scroll = container.ScrollVerticalOnly
	e.counter = widget.NewLabel("")
	e.counter.Importance = widget.LowImportance
	e.counter.Wrapping = fyne.TextWrapWord
	e.counter.Hide() // until the note nears its limit: under it, it moves nothing
	e.ExtendBaseWidget(e)
	e.Entry.OnChanged = e.changed
	return e
}

// Note is the text as typed, without the breaks the rows add.
func (e *NoteEntry) Note() string { return string(e.note) }

// SetNote replaces the text.
func (e *NoteEntry) SetNote(s string) {
	e.note = []rune(s)
	e.reflow(len(e.note), true)
	e.count()
}

// Counter is the line that says how long the note is, to put under it.
func (e *NoteEntry) Counter() *widget.Label { return e.counter }

// WithCounter is the entry with its counter line under it.
func (e *NoteEntry) WithCounter() fyne.CanvasObject { return container.NewVBox(e, e.counter) }

// Resize makes the rows again for a new width.
func (e *NoteEntry) Resize(s fyne.Size) {
	e.TextEntry.Resize(s)
	if w := e.rowWidth(); w != e.width && w > 0 {
		e.reflow(e.cursorInNote(), true)
	}
}

// changed is the entry's own OnChanged: it works out what the players
// changed in the text as shown, changes the note so, and makes the rows
// again when they changed.
func (e *NoteEntry) changed(s string) {
	if e.syncing {
		return
	}
	now := []rune(s)
	old := e.shown
	p := 0
	for p < len(old) && p < len(now) && old[p] == now[p] {
		p++
	}
	q := 0
	for q < len(old)-p && q < len(now)-p && old[len(old)-1-q] == now[len(now)-1-q] {
		q++
	}
	inserted := now[p : len(now)-q]
	from, to := e.inNote(p), e.inNote(len(old)-q)
	if from == to && len(inserted) == 0 && len(old)-q > p && from > 0 {
		// Only an added break went (Backspace at the start of a row):
		// the character before it goes, as the player meant.
		from--
	}
	note := make([]rune, 0, len(e.note)-(to-from)+len(inserted))
	note = append(note, e.note[:from]...)
	note = append(note, inserted...)
	note = append(note, e.note[to:]...)
	e.note = note
	e.shown = now
	e.reflow(from+len(inserted), false)
	e.count()
	if e.OnNoteChanged != nil {
		e.OnNoteChanged(e.Note())
	}
}

// inNote is where the character at position i of the shown text is in the
// note: i less the breaks added before it.
func (e *NoteEntry) inNote(i int) int {
	n := 0
	for _, b := range e.breaks {
		if b >= i {
			break
		}
		n++
	}
	return i - n
}

// inShown is where the character at position i of the note is shown.
func (e *NoteEntry) inShown(i int, breaks []int) int {
	d := i
	for _, b := range breaks {
		if b <= d {
			d++
		} else {
			break
		}
	}
	return d
}

// cursorInNote is where the entry's cursor is, in the note.
func (e *NoteEntry) cursorInNote() int {
	row, col := e.CursorRow, e.CursorColumn
	i := 0
	for r := 0; r < row && i < len(e.shown); i++ {
		if e.shown[i] == '\n' {
			r++
		}
	}
	return e.inNote(min(i+col, len(e.shown)))
}

// reflow makes the rows for the note, gives them to the entry if they
// changed (or force is set) and puts the cursor at position cursor of the
// note.
func (e *NoteEntry) reflow(cursor int, force bool) {
	shown, breaks := e.rows()
	if !force && string(shown) == string(e.shown) {
		e.breaks = breaks
		return
	}
	e.shown, e.breaks = shown, breaks
	e.syncing = true
	e.Entry.SetText(string(shown))
	e.syncing = false
	d := e.inShown(min(cursor, len(e.note)), breaks)
	row, col := 0, 0
	for _, r := range shown[:min(d, len(shown))] {
		if r == '\n' {
			row++
			col = 0
		} else {
			col++
		}
	}
	e.CursorRow, e.CursorColumn = row, col
	e.Refresh()
}

// rowWidth is the width the rows must fit: the entry's, less its padding
// and the cursor.
func (e *NoteEntry) rowWidth() float32 {
	return e.Size().Width - 2*theme.InnerPadding() - 2*theme.Padding()
}

// rows breaks the note into rows that fit the entry, between words (a
// word longer than a row is broken between letters), and says where the
// breaks it added are. A break goes after the spaces that end a row, so no
// character of the note moves from where it was typed.
func (e *NoteEntry) rows() (shown []rune, breaks []int) {
	width := e.rowWidth()
	e.width = width
	size := theme.TextSize()
	if e.widths == nil || e.size != size || len(e.widths) > 20000 {
		e.widths, e.size = map[string]float32{}, size
	}
	shown = make([]rune, 0, len(e.note)+len(e.note)/40+1)
	if width <= 0 {
		return append(shown, e.note...), nil
	}
	line := float32(0)
	space := e.measure(" ")
	for i := 0; i < len(e.note); {
		r := e.note[i]
		switch {
		case r == '\n':
			shown = append(shown, r)
			line = 0
			i++
			continue
		case r == ' ' || r == '\t':
			shown = append(shown, r)
			line += space
			i++
			continue
		}
		j := i
		for j < len(e.note) && e.note[j] != ' ' && e.note[j] != '\t' && e.note[j] != '\n' {
			j++
		}
		word := e.note[i:j]
		w := width + 1 // a word this long is wider than any row
		if len(word) <= maxWord {
			w = e.measure(string(word))
		}
		if line > 0 && line+w > width {
			breaks = append(breaks, len(shown))
			shown = append(shown, '\n')
			line = 0
		}
		if w <= width {
			shown = append(shown, word...)
			line += w
			i = j
			continue
		}
		// A word wider than a row: as many letters as fit on each.
		for _, c := range word {
			cw := e.measure(string(c))
			if line > 0 && line+cw > width {
				breaks = append(breaks, len(shown))
				shown = append(shown, '\n')
				line = 0
			}
			shown = append(shown, c)
			line += cw
		}
		i = j
	}
	return shown, breaks
}

// maxWord is the longest word measured whole; a longer one (a row of
// letters held down) is laid out letter by letter, never measured or kept
// whole.
const maxWord = 64

// measure is a word's width at the entry's text size (kept: a note is
// mostly the same words measured again on every key).
func (e *NoteEntry) measure(word string) float32 {
	if w, ok := e.widths[word]; ok {
		return w
	}
	w := fyne.MeasureText(word, e.size, fyne.TextStyle{}).Width
	e.widths[word] = w
	return w
}

// count says how long the note is, when it nears its limit or passes it.
func (e *NoteEntry) count() {
	if e.Limit <= 0 {
		return
	}
	n := utf8.RuneCountInString(strings.TrimSpace(e.Note()))
	was := e.counter.Visible()
	defer func() {
		if e.counter.Visible() != was && e.OnResize != nil {
			e.OnResize()
		}
	}()
	e.counter.Show()
	switch {
	case n > e.Limit:
		e.counter.Importance = widget.DangerImportance
		e.counter.SetText(fmt.Sprintf("%s characters: %s more than a note holds (%s). Shorten it, or split it into two notes.",
			thousands(n), thousands(n-e.Limit), thousands(e.Limit)))
	case n >= e.Limit*9/10:
		e.counter.Importance = widget.LowImportance
		e.counter.SetText(fmt.Sprintf("%s of %s characters", thousands(n), thousands(e.Limit)))
	default:
		e.counter.SetText("")
		e.counter.Hide()
	}
}

// thousands writes n with a comma between thousands ("4,000").
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 1000 && n > -1000 {
		return s
	}
	var b strings.Builder
	lead := len(s) % 3
	if lead == 0 {
		lead = 3
	}
	b.WriteString(s[:lead])
	for i := lead; i < len(s); i += 3 {
		b.WriteString("," + s[i:i+3])
	}
	return b.String()
}
