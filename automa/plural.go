package automa

import (
	"fmt"
	"strings"
)

// Plural is n things, the noun spelt as English spells its plural: "1
// enemy", "2 enemies", "3 heroes", "2 keys", "0 boxes". A program that adds
// "s" to any noun writes "enemys" and "heros" (issue 23 item 4).
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %s", n, PluralOf(noun))
}

// PluralOf is a noun's plural as English spells it, for the nouns the
// games count: a consonant and y → ies, o → oes for the nouns that take it
// (hero), s, x, z, ch, sh → es; the rest take s. The last word of a phrase
// is the one made plural ("spawn token" → "spawn tokens").
func PluralOf(noun string) string {
	head, last := "", noun
	if i := strings.LastIndexByte(noun, ' '); i >= 0 {
		head, last = noun[:i+1], noun[i+1:]
	}
	lower := strings.ToLower(last)
	switch {
	case lower == "":
		return noun
	case irregular[lower] != "":
		return head + matchCase(last, irregular[lower])
	case len(lower) > 1 && strings.HasSuffix(lower, "y") && !strings.ContainsRune("aeiou", rune(lower[len(lower)-2])):
		return head + last[:len(last)-1] + "ies"
	case oes[lower]:
		return head + last + "es"
	case strings.HasSuffix(lower, "s") || strings.HasSuffix(lower, "x") || strings.HasSuffix(lower, "z") ||
		strings.HasSuffix(lower, "ch") || strings.HasSuffix(lower, "sh"):
		return head + last + "es"
	}
	return head + last + "s"
}

// oes are the nouns in "o" whose plural adds "es".
var oes = map[string]bool{"hero": true, "tomato": true, "potato": true, "echo": true, "torpedo": true, "veto": true}

// irregular are the plurals that follow no rule.
var irregular = map[string]string{"die": "dice", "man": "men", "woman": "women", "person": "people", "child": "children"}

func matchCase(like, s string) string {
	if like != "" && like[0] >= 'A' && like[0] <= 'Z' {
		return strings.ToUpper(s[:1]) + s[1:]
	}
	return s
}
