package story

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// plural is a count with its noun: "1 round", "3 rounds".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// listWords joins items as a sentence does: "a", "a and b", "a, b and c".
func listWords(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// lower puts a heading's word in a sentence: "Round" → "round".
func lower(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// upper starts a sentence: "the hero" → "The hero".
func upper(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// sentence makes a line a sentence: a capital first, a full stop at the
// end unless it has its own ending.
func sentence(s string) string {
	s = upper(strings.TrimSpace(s))
	if s == "" {
		return s
	}
	switch {
	case strings.HasSuffix(s, ".)"), strings.HasSuffix(s, "!)"), strings.HasSuffix(s, "?)"):
		return s
	}
	switch s[len(s)-1] {
	case '.', '!', '?', ':':
		return s
	}
	return s + "."
}

// orNone is items in words, or none when there are none.
func orNone(items []string, none string) string {
	if len(items) == 0 {
		return none
	}
	return listWords(items)
}
