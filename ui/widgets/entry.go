package widgets

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/widget"
)

// A CheckedEntry is an entry for a number or an ID that says what it
// expects, and, once something is typed, what is wrong with it. Read it
// with Checked (or Int for numbers), which gives the same error.
type CheckedEntry struct {
	widget.Entry
	// Expects says in words what goes in ("a whole number from 1 to 10").
	Expects string
	check   func(string) error
	hint    *widget.Label
}

// NewCheckedEntry makes an entry that accepts text check accepts.
func NewCheckedEntry(expects string, check func(string) error) *CheckedEntry {
	e := &CheckedEntry{Expects: expects, check: check}
	e.ExtendBaseWidget(e)
	e.PlaceHolder = expects
	e.hint = widget.NewLabel("Expects " + expects)
	e.hint.Wrapping = fyne.TextWrapWord
	Aside(e.hint)
	e.Validator = func(s string) error { return e.check(strings.TrimSpace(s)) }
	e.SetOnValidationChanged(func(err error) { e.showHint(err) })
	return e
}

// NewNumberEntry makes an entry for a whole number from min to max.
func NewNumberEntry(min, max int) *CheckedEntry {
	expects := fmt.Sprintf("a whole number from %d to %d", min, max)
	return NewCheckedEntry(expects, func(s string) error {
		_, err := parseInt(s, min, max)
		return err
	})
}

// NewIDEntry makes an entry for an ID written with the characters in
// allowed (letters of a hex coordinate, digits of a card number), with
// length from minLen to maxLen. expects describes it ("a card number like
// 042"); known, if not nil, also says whether such an ID exists.
func NewIDEntry(expects, allowed string, minLen, maxLen int, known func(string) bool) *CheckedEntry {
	return NewCheckedEntry(expects, func(s string) error {
		switch {
		case s == "":
			return errors.New("nothing is typed")
		case len([]rune(s)) < minLen:
			return fmt.Errorf("%q is too short: at least %d characters", s, minLen)
		case len([]rune(s)) > maxLen:
			return fmt.Errorf("%q is too long: at most %d characters", s, maxLen)
		}
		for _, r := range s {
			if !strings.ContainsRune(allowed, r) {
				return fmt.Errorf("%q cannot be part of it", string(r))
			}
		}
		if known != nil && !known(s) {
			return fmt.Errorf("there is no %q", s)
		}
		return nil
	})
}

func parseInt(s string, min, max int) (int, error) {
	if s == "" {
		return 0, errors.New("nothing is typed")
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	if n < min {
		return n, fmt.Errorf("%d is below %d", n, min)
	}
	if n > max {
		return n, fmt.Errorf("%d is above %d", n, max)
	}
	return n, nil
}

// Checked is the trimmed text, or why it is not what the entry expects.
func (e *CheckedEntry) Checked() (string, error) {
	s := strings.TrimSpace(e.Text)
	if err := e.check(s); err != nil {
		e.showHint(err)
		return s, fmt.Errorf("%s: expects %s", err, e.Expects)
	}
	return s, nil
}

// Int is the entry's number, for a number entry.
func (e *CheckedEntry) Int() (int, error) {
	s, err := e.Checked()
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	return n, nil
}

// Hint is the line under the entry: what it expects, or what is wrong.
func (e *CheckedEntry) Hint() string { return e.hint.Text }

func (e *CheckedEntry) showHint(err error) {
	if err == nil || strings.TrimSpace(e.Text) == "" && e.hint.Importance != widget.DangerImportance {
		Aside(e.hint)
		e.hint.SetText("Expects " + e.Expects)
		return
	}
	e.hint.Importance = widget.DangerImportance
	e.hint.SetText(fmt.Sprintf("%s — expects %s", capitalize(err.Error()), e.Expects))
}

// capitalize puts the first letter in capitals (a whole rune: the text may
// start with “ or É).
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// TypedKey lets Escape and Back close the dialog the entry is in, and
// Back go back a screen, even while it holds the keyboard (PassBack);
// every other key types as usual.
func (e *CheckedEntry) TypedKey(ev *fyne.KeyEvent) {
	if PassBack(e, ev) {
		return
	}
	e.Entry.TypedKey(ev)
}

// A TextEntry is a plain text entry (a name, a note) that lets Escape and
// Back through while it holds the keyboard, as CheckedEntry does. Fyne
// gives a focused entry every key, and a widget.Entry drops Back: on a
// phone the first Back only hides the on-screen keyboard and the entry
// keeps the focus, so with a plain entry Back would never close the
// dialog or leave the screen.
type TextEntry struct {
	widget.Entry
}

// NewTextEntry makes a one-line TextEntry.
func NewTextEntry() *TextEntry {
	e := &TextEntry{}
	e.ExtendBaseWidget(e)
	return e
}

// NewMultiLineTextEntry makes a TextEntry of several lines.
func NewMultiLineTextEntry() *TextEntry {
	e := NewTextEntry()
	e.MultiLine = true
	e.Wrapping = fyne.TextWrapWord
	return e
}

// TypedKey passes Escape and Back on (PassBack); every other key types.
func (e *TextEntry) TypedKey(ev *fyne.KeyEvent) {
	if PassBack(e, ev) {
		return
	}
	e.Entry.TypedKey(ev)
}

// A SuggestEntry is a text entry with a list of suggestions beside it
// (Fyne's SelectEntry) that lets Escape and Back through while it holds
// the keyboard, as TextEntry does.
type SuggestEntry struct {
	widget.SelectEntry
}

// NewSuggestEntry makes a SuggestEntry offering options.
func NewSuggestEntry(options []string) *SuggestEntry {
	e := &SuggestEntry{}
	e.ExtendBaseWidget(e)
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	e.SetOptions(options)
	return e
}

// TypedKey passes Escape and Back on (PassBack); every other key types.
func (e *SuggestEntry) TypedKey(ev *fyne.KeyEvent) {
	if PassBack(e, ev) {
		return
	}
	e.SelectEntry.TypedKey(ev)
}

// PassBack gives Escape and the device's Back, typed into the focused
// entry o, to what they do on its screen: the top dialog closes (Escape
// or Back); else Back goes to the screen's own key handler (which goes
// back a screen), the entry letting go of the keyboard first. It reports
// whether the key was taken; any other key is left to the entry. An entry
// type of a game's own calls it first in its TypedKey.
func PassBack(o fyne.CanvasObject, ev *fyne.KeyEvent) bool {
	if ev == nil || (ev.Name != fyne.KeyEscape && ev.Name != mobile.KeyBack) {
		return false
	}
	a := fyne.CurrentApp()
	if a == nil {
		return false
	}
	c := a.Driver().CanvasForObject(o)
	if c == nil {
		return false
	}
	if CloseTopDialog(c, ev) {
		return true
	}
	if h := c.OnTypedKey(); ev.Name == mobile.KeyBack && h != nil {
		c.Unfocus()
		h(ev)
		return true
	}
	return false
}

// MinSize keeps the entry a comfortable touch target.
func (e *CheckedEntry) MinSize() fyne.Size {
	return e.Entry.MinSize().Max(fyne.NewSize(MinTouch*2, MinTouch))
}

// WithHint is the entry with its hint line under it, for use outside a
// form (a form shows the validation itself).
func (e *CheckedEntry) WithHint() fyne.CanvasObject {
	return container.NewVBox(e, e.hint)
}

// QuitShortcut is Ctrl+Q (Cmd+Q on a Mac): the app closes its window with
// it, as closing the window does.
var QuitShortcut = &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}

// PassQuit gives Ctrl+Q, typed into the focused entry o, to its canvas
// (Fyne gives a focused entry every shortcut, and an entry keeps those it
// does not know). It reports whether the shortcut was Ctrl+Q.
func PassQuit(o fyne.CanvasObject, s fyne.Shortcut) bool {
	if s == nil || s.ShortcutName() != QuitShortcut.ShortcutName() {
		return false
	}
	a := fyne.CurrentApp()
	if a == nil {
		return true
	}
	c := a.Driver().CanvasForObject(o)
	if c == nil {
		// An entry inside another widget (a NoteEntry's TextEntry) is not
		// what the canvas knows: the window with the keyboard is.
		for _, w := range a.Driver().AllWindows() {
			if w.Canvas().Focused() != nil {
				c = w.Canvas()
				break
			}
		}
	}
	if sc, ok := c.(fyne.Shortcutable); ok {
		sc.TypedShortcut(s)
	}
	return true
}

// TypedShortcut passes Ctrl+Q on (PassQuit); the others are the entry's.
func (e *TextEntry) TypedShortcut(s fyne.Shortcut) {
	if PassQuit(e, s) {
		return
	}
	e.Entry.TypedShortcut(s)
}

// TypedShortcut passes Ctrl+Q on (PassQuit); the others are the entry's.
func (e *CheckedEntry) TypedShortcut(s fyne.Shortcut) {
	if PassQuit(e, s) {
		return
	}
	e.Entry.TypedShortcut(s)
}

// TypedShortcut passes Ctrl+Q on (PassQuit); the others are the entry's.
func (e *SuggestEntry) TypedShortcut(s fyne.Shortcut) {
	if PassQuit(e, s) {
		return
	}
	e.SelectEntry.TypedShortcut(s)
}
