package tracker

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// checkLine refuses what must not be in a one-line text players read (a
// campaign's name, where it stands): line breaks, control characters such
// as NUL, and the invisible characters that reorder text (a right-to-left
// override can make a name read backwards, or hide what follows it). The
// same check serves the live command and an import, so a file can hold no
// name the app itself would refuse.
func checkLine(s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("it is not valid UTF-8 text")
	}
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029' || r == '\u0085':
			return fmt.Errorf("it holds a line break (%U): it must fit on one line", r)
		case isBidiControl(r):
			return fmt.Errorf("it holds an invisible %s (%U), which can make text read in another order than it is written", bidiName(r), r)
		case unicode.IsControl(r):
			return fmt.Errorf("it holds a control character (%U), which cannot be shown", r)
		case r == '\uFEFF' || r == '\uFFFE' || r == '\uFFFF':
			return fmt.Errorf("it holds an invisible character (%U)", r)
		}
	}
	return nil
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
