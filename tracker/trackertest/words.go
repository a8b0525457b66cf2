// Package trackertest holds checks the games' tracker tests share. It
// imports neither Fyne nor bbolt, so a tracker test can use it.
package trackertest

import (
	"fmt"
	"regexp"
)

// A WordRule is a pattern a player must never read, with the reason a
// report gives.
type WordRule struct {
	Re  *regexp.Regexp
	Why string
}

// SharedWordRules are what neither a screen nor a diary line may hold:
// the spec's sections and its word, AMB codes, braces, identifiers in
// camelCase and snake_case. The screens' walker (ui/uitest.PlayersWords)
// and NotPlayersWords each add their own to these.
var SharedWordRules = []WordRule{
	{regexp.MustCompile(`\x{00A7}`), "a spec section sign"},
	{regexp.MustCompile(`(?i)\bspec(s|'s|’s)?\b`), `the word "spec"`},
	{regexp.MustCompile(`\bAMB-\d*`), "an AMB code"},
	{regexp.MustCompile(`[{}]`), "a brace (JSON or a format string)"},
	{regexp.MustCompile(`\b[a-z]+[A-Z][A-Za-z]*\b`), "an identifier in camelCase"},
	{regexp.MustCompile(`\b[a-z]+_[a-z0-9_]+\b`), "an identifier in snake_case"},
}

// notPlayersWords are what a diary line must never hold: the shared rules,
// and the program's names for things (a setting's dotted key, a Go value
// such as true or false), the ambiguity register's codes and format
// leftovers. This one serves the tracker, which cannot import Fyne.
var notPlayersWords = append(append([]WordRule(nil), SharedWordRules...), []WordRule{
	{regexp.MustCompile(`\bA-\d+\b`), "an ambiguity register code"},
	{regexp.MustCompile(`\b(true|false)\b`), "a program's true or false"},
	{regexp.MustCompile(`\b[a-z]+\.[a-z][A-Za-z]+\b`), "a dotted key"},
	{regexp.MustCompile(`%!|<nil>|\(s\)`), "a program's leftovers (%!, <nil>, (s))"},
}...)

// NotPlayersWords lists what in a diary line a player must never read,
// each finding quoted.
func NotPlayersWords(line string) []string {
	var out []string
	for _, w := range notPlayersWords {
		for _, m := range w.Re.FindAllString(line, -1) {
			out = append(out, fmt.Sprintf("%s: %q in %q", w.Why, m, line))
		}
	}
	return out
}
