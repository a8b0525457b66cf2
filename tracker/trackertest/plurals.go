package trackertest

import (
	"fmt"
	"regexp"
	"strings"
)

// Plurals a program makes by adding "s" to any noun come out as "enemys"
// and "heros" (issue 23 item 4). English spells a noun ending in a
// consonant and y with "ies" (enemies, sentries), and "hero" as "heroes".
// OddPlurals finds the words a line ends in "ys" after a consonant, or in
// "os", unless the dictionary of the games' words allows them.

// PluralWords are the words ending in "os", or in "ys" after a consonant,
// that the games and their players use and English spells so. Proper
// names (a hero, a unit) are the players' and are not checked; add a word
// here only when English spells it so.
var PluralWords = map[string]bool{
	// Nouns in "o" that take a bare "s".
	"photos": true, "memos": true, "logos": true, "zeros": true, "ratios": true, "scenarios": true,
	"videos": true, "radios": true, "studios": true, "kilos": true, "pianos": true, "silos": true,
	"combos": true, "intros": true, "demos": true, "dynamos": true, "commandos": true,
	// Words in "os" that are no plural.
	"chaos": true, "kudos": true, "ethos": true, "cosmos": true, "pathos": true,
}

var oddPlural = regexp.MustCompile(`(?i)\b[a-z]*(?:[b-df-hj-np-tv-z]ys|os)\b`)

// OddPlurals lists the misspelt plurals in a line, each quoted with it.
// A capitalised word after the start of the line is taken for a name and
// left alone.
func OddPlurals(line string) []string {
	var out []string
	for _, loc := range oddPlural.FindAllStringIndex(line, -1) {
		w := line[loc[0]:loc[1]]
		if PluralWords[strings.ToLower(w)] {
			continue
		}
		if loc[0] > 0 && w[0] >= 'A' && w[0] <= 'Z' {
			continue
		}
		out = append(out, fmt.Sprintf("a plural English does not spell so: %q in %q", w, line))
	}
	return out
}
