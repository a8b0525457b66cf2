package tracker

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The rules for text players read, written once: a campaign's name, where
// it stands, and every name, ID and text of a content set (a card, a map,
// a faction), whether typed in a form or brought in a file. The same rules
// serve the live command and an import, so a file can hold no text the
// app itself would refuse.

// MaxIDLen bounds a name or an ID in a content set, as MaxNameLen bounds a
// campaign's name: it must fit on a card of the screen.
const MaxIDLen = MaxNameLen

// MaxContentFile bounds a content file of any game, and a content set kept
// on the device: a group's whole collection is far smaller. Each game may
// bound its own files closer.
const MaxContentFile = 16 << 20

// MaxTextLen bounds a text of a content set (what a card says), as
// MaxNoteLen bounds a note.
const MaxTextLen = MaxNoteLen

// checkLine refuses what must not be in a one-line text players read (a
// campaign's name, where it stands): line breaks, control characters such
// as NUL, and the invisible characters that reorder text or hide in it (a
// right-to-left override can make a name read backwards, or hide what
// follows it; a zero-width space makes two names that read the same).
func checkLine(s string) error { return checkText(s, false) }

// CheckLine is checkLine for the games' content and the device's content
// sets: the rules of campaign names.
func CheckLine(s string) error { return checkLine(s) }

// CheckText is CheckLine for a text of several lines (what a card says):
// line breaks and tabs are allowed, nothing else that cannot be seen.
func CheckText(s string) error { return checkText(s, true) }

func checkText(s string, lines bool) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("it is not valid UTF-8 text")
	}
	prev := rune(-1)
	for i, r := range s {
		switch {
		case lines && (r == '\n' || r == '\t' || r == '\r'):
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029' || r == '\u0085':
			return fmt.Errorf("it holds a line break (%U): it must fit on one line", r)
		case isBidiControl(r):
			return fmt.Errorf("it holds an invisible %s (%U), which can make text read in another order than it is written", bidiName(r), r)
		case unicode.IsControl(r):
			return fmt.Errorf("it holds a control character (%U), which cannot be shown", r)
		case r == '\uFEFF' || r == '\uFFFE' || r == '\uFFFF':
			return fmt.Errorf("it holds an invisible character (%U)", r)
		case r == utf8.RuneError:
			return fmt.Errorf("it holds a character that stands for bytes that were not text (%U)", r)
		case r == '\u200C' || r == '\u200D':
			// A joiner joins two letters or signs (a Persian word, an
			// emoji of several people); anywhere else it only hides.
			next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
			if !visible(prev) || !visible(next) {
				return fmt.Errorf("it holds an invisible joiner (%U) that joins nothing, so two names that read the same would differ", r)
			}
		case unicode.Is(unicode.Cf, r):
			return fmt.Errorf("it holds an invisible character (%U), so two names that read the same would differ", r)
		}
		prev = r
	}
	return nil
}

// visible: a letter, mark, number, sign or symbol (not a space, not an
// invisible character, not the start or end of the text).
func visible(r rune) bool {
	return r >= 0 && r != utf8.RuneError && !unicode.IsSpace(r) && !unicode.Is(unicode.Cf, r) && unicode.IsGraphic(r)
}

// isBidiControl: the explicit directional formatting characters of Unicode
// (UAX #9): embeddings, overrides, isolates and marks.
func isBidiControl(r rune) bool {
	switch {
	case r == '\u061C', r == '\u200E', r == '\u200F':
		return true
	case r >= '\u202A' && r <= '\u202E':
		return true
	case r >= '\u2066' && r <= '\u2069':
		return true
	}
	return false
}

func bidiName(r rune) string {
	switch r {
	case '\u202E':
		return "right-to-left override"
	case '\u202D':
		return "left-to-right override"
	case '\u202A', '\u202B':
		return "direction embedding"
	case '\u2066', '\u2067', '\u2068':
		return "direction isolate"
	case '\u2069', '\u202C':
		return "end of a direction change"
	}
	return "direction mark"
}

// CheckID checks a name or an ID in a content set (a map's name, a card's
// number, a faction's ID) by the rules of campaign names, and returns it
// trimmed: empty, longer than MaxIDLen, or holding what CheckLine refuses,
// it is refused in words.
func CheckID(s string) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return "", fmt.Errorf("it is empty")
	case utf8.RuneCountInString(s) > MaxIDLen:
		return "", fmt.Errorf("it is %d characters long; at most %d fit", utf8.RuneCountInString(s), MaxIDLen)
	}
	if err := checkLine(s); err != nil {
		return "", err
	}
	return s, nil
}

// IDKey is how the players read a name or an ID: without regard to letter
// case, to spaces at either end or doubled inside, or to invisible
// characters. Two IDs with one key are one piece ("PRACTICE-RELAY" and
// "practice-relay " are the same map).
func IDKey(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.TrimSpace(s) {
		switch {
		case unicode.Is(unicode.Cf, r):
			continue
		case unicode.IsSpace(r):
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(foldRune(r))
	}
	return b.String()
}

// foldRune is the smallest rune of r's case-folding orbit, so that every
// letter case of a letter gives one rune.
func foldRune(r rune) rune {
	min := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < min {
			min = f
		}
	}
	return min
}
