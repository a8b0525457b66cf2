// Package trackertest holds checks the games' tracker tests share. It
// imports neither Fyne nor bbolt, so a tracker test can use it.
package trackertest

import (
	"fmt"
	"regexp"
)

// notPlayersWords are what a diary line must never hold: the spec's
// sections and codes, the program's names for things (a setting's field
// name, a Go value such as true or false), JSON and format leftovers. The
// screens' own walker (ui/uitest.PlayersWords) checks the same and more;
// this one serves the tracker, which cannot import Fyne.
var notPlayersWords = []struct {
	re  *regexp.Regexp
	why string
}{
	{regexp.MustCompile(`§`), "a spec section (§)"},
	{regexp.MustCompile(`(?i)\bspec(s|'s|’s)?\b`), `the word "spec"`},
	{regexp.MustCompile(`\bAMB-\d*`), "an AMB code"},
	{regexp.MustCompile(`\bA-\d+\b`), "an ambiguity register code"},
	{regexp.MustCompile(`[{}]`), "a brace (JSON or a format string)"},
	{regexp.MustCompile(`\b(true|false)\b`), "a program's true or false"},
	{regexp.MustCompile(`\b[a-z]+[A-Z][A-Za-z]*\b`), "an identifier in camelCase"},
	{regexp.MustCompile(`\b[a-z]+_[a-z0-9_]+\b`), "an identifier in snake_case"},
	{regexp.MustCompile(`\b[a-z]+\.[a-z][A-Za-z]+\b`), "a dotted key"},
	{regexp.MustCompile(`%!|<nil>|\(s\)`), "a program's leftovers (%!, <nil>, (s))"},
}

// NotPlayersWords lists what in a diary line a player must never read,
// each finding quoted.
func NotPlayersWords(line string) []string {
	var out []string
	for _, w := range notPlayersWords {
		for _, m := range w.re.FindAllString(line, -1) {
			out = append(out, fmt.Sprintf("%s: %q in %q", w.why, m, line))
		}
	}
	return out
}
