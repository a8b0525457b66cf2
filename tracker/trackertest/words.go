// Package trackertest holds checks the games' tracker tests share. It
// imports neither Fyne nor bbolt, so a tracker test can use it.
package trackertest

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// A WordRule is a kind of word a player must never read, with the reason a
// report gives.
type WordRule struct {
	// Re finds the word; Match, for what a regular expression cannot say,
	// finds it instead.
	Re    *regexp.Regexp
	Match func(line string) []string
	Why   string
	// Unless lets a match of Re through when it says so; it is given the
	// match's submatches (sub[0] is the whole match).
	Unless func(sub []string) bool
}

// Find lists the rule's matches in line.
func (r WordRule) Find(line string) []string {
	if r.Match != nil {
		return r.Match(line)
	}
	var out []string
	for _, m := range r.Re.FindAllStringSubmatch(line, -1) {
		if r.Unless == nil || !r.Unless(m) {
			out = append(out, strings.TrimSpace(m[0]))
		}
	}
	return out
}

// Findings checks line against rules, each finding naming what it is and
// quoting it in its line.
func Findings(rules []WordRule, line string) []string {
	var out []string
	for _, r := range rules {
		for _, m := range r.Find(line) {
			out = append(out, fmt.Sprintf("%s: %q in %q", r.Why, m, around(line, m)))
		}
	}
	return out
}

// around is line, or the part of a long line around m.
func around(line, m string) string {
	r := []rune(line)
	if len(r) <= 200 {
		return line
	}
	i := strings.Index(line, m)
	if i < 0 {
		return string(r[:200]) + "…"
	}
	start := len([]rune(line[:i])) - 80
	out := string(r[max(start, 0):min(max(start, 0)+200, len(r))])
	if start > 0 {
		out = "…" + out
	}
	if max(start, 0)+200 < len(r) {
		out += "…"
	}
	return out
}

// SharedWordRules are what neither a screen nor a diary line may hold: the
// spec's sections and its word, AMB codes, braces, identifiers in camelCase
// and snake_case; a program's values (true, false, an empty quoted text),
// Go's own words in an error and its types, a program's tags such as
// "(auto)", raw numbers of ten digits or more, a count whose noun
// disagrees with it ("1 modifiers", "2 area"), and a word said twice
// ("Mission Mission 1"). The screens' walker (ui/uitest.PlayersWords) and
// NotPlayersWords each add their own to these.
var SharedWordRules = []WordRule{
	{Re: regexp.MustCompile(`\x{00A7}`), Why: "a spec section sign"},
	{Re: regexp.MustCompile(`(?i)\bspec(s|'s|’s)?\b`), Why: `the word "spec"`},
	{Re: regexp.MustCompile(`\bAMB-\d*`), Why: "an AMB code"},
	{Re: regexp.MustCompile(`[{}]`), Why: "a brace (JSON or a format string)"},
	{Re: regexp.MustCompile(`\b[a-z]+[A-Z][A-Za-z]*\b`), Why: "an identifier in camelCase", Unless: func(m []string) bool { return camelAllowed[m[0]] }},
	{Re: regexp.MustCompile(`\b[a-z]+_[a-z0-9_]+\b`), Why: "an identifier in snake_case"},
	{Re: regexp.MustCompile(`(?:(\p{L}+)\s+)?([“"‘']?)\b(true|false)\b`), Why: "a program's true or false", Unless: englishTrue},
	{Re: regexp.MustCompile(`""|“”|''|‘’`), Why: "an empty quoted text"},
	{Re: regexp.MustCompile(`(?:^|[^.\w/])json:|\bGo (struct field|value|type)\b|\bof type (?:\[\]|\*|map\[\w+\])*(?:[a-z]\w*\.[A-Za-z]\w*|string|bool|byte|rune|u?int\d*|float\d+|any|interface)\b|\b(cannot|un)marshal|\b(Unm|M)arshal(JSON|Text)\b|\btop-level value\b|\blooking for beginning of\b`), Why: "Go's own words"},
	{Re: regexp.MustCompile(`\b(?:u?int(?:8|16|32|64)?|float(?:32|64)|uintptr)\b|\[\][*a-z]\w*|\bmap\[[a-z]\w*\]\S*|\binterface ?\{\}|\bstruct ?\{`), Why: "a type of Go"},
	{Re: regexp.MustCompile(`\b[a-z][a-z0-9]*\.[A-Z][A-Za-z0-9]+\b`), Why: "a name in the program's code"},
	{Re: regexp.MustCompile(`(?i)\((auto|automatic|todo|tbd|fixme|debug|internal|n/a|nil|null|unset|placeholder|generated|computed|derived)\)`), Why: `a program's tag such as "(auto)"`},
	{Re: regexp.MustCompile(`\b\d{10,}\b`), Why: "a raw number of ten digits or more"},
	{Re: oneWithPlural, Why: "a count of 1 with a plural noun", Unless: labelNumber},
	{Re: manyWithSingular, Why: "a count of more than 1 with a singular noun", Unless: labelNumber},
	{Match: doubledWords, Why: "a word said twice"},
}

// camelCase words a player does read.
var camelAllowed = map[string]bool{"iOS": true, "iPad": true, "iPhone": true, "macOS": true}

// Nouns the games count, singular and plural: a count agrees with its noun
// ("1 modifier", "2 modifiers"). A noun that is also a verb or the first
// word of a compound where the games use one ("hit points", "turn order",
// "spawn card") is left out of the singulars, so "2 hit points" passes.
var countNouns = map[string]string{
	"action": "actions", "adversary": "adversaries", "ally": "allies", "area": "areas", "attack": "attacks",
	"backup": "backups", "boss": "bosses", "campaign": "campaigns", "card": "cards", "character": "characters",
	"class": "classes", "condition": "conditions", "corridor": "corridors", "counter": "counters",
	"creature": "creatures", "cube": "cubes", "day": "days", "die": "dice", "door": "doors", "enemy": "enemies",
	"event": "events", "faction": "factions", "figure": "figures", "file": "files", "group": "groups",
	"hero": "heroes", "hour": "hours", "item": "items", "level": "levels", "line": "lines", "map": "maps",
	"minute": "minutes", "mission": "missions", "modifier": "modifiers", "note": "notes", "piece": "pieces",
	"player": "players", "point": "points", "reaction": "reactions", "room": "rooms", "round": "rounds",
	"scenario": "scenarios", "second": "seconds", "sector": "sectors", "session": "sessions", "skill": "skills",
	"space": "spaces", "step": "steps", "token": "tokens", "turn": "turns", "unit": "units", "week": "weeks",
	"wound": "wounds",
}

// notCounted are the singulars that also start compounds or are verbs in
// the games' words ("2 hit points", "3 turn order", "2 spawn", "2 point
// blank"): only their plurals are checked after a 1.
var notCounted = map[string]bool{"attack": true, "point": true, "second": true, "minute": true, "hour": true, "day": true,
	"week": true, "turn": true, "step": true, "round": true, "line": true, "level": true, "card": true, "action": true,
	"map": true, "file": true, "group": true, "class": true, "door": true, "room": true, "space": true, "event": true}

// manyNumber is a count of more than one: "2", "12", "1,000".
const manyNumber = `\d{1,3}(?:,\d{3})+|[2-9]|[1-9]\d+`

var oneWithPlural, manyWithSingular = countRules()

func countRules() (*regexp.Regexp, *regexp.Regexp) {
	var plurals, singulars []string
	for one, many := range countNouns {
		plurals = append(plurals, many)
		if !notCounted[one] {
			singulars = append(singulars, one)
		}
	}
	// The word before the number is captured, so a label ("Round 1
	// heroes", "Room 2 door") is let through; the number must not follow
	// a digit, a point or a colon ("0.1 cards", "10:1 odds").
	before := `(?:^|([\p{L}\d.,:/#+−-]*)[\s(\[“"‘'])`
	one := regexp.MustCompile(before + `1 (?:[a-z]+ )?(` + strings.Join(plurals, "|") + `)\b`)
	// A singular after a count of more than one, where it ends a phrase
	// (end, punctuation, or a word that cannot carry a compound on):
	// "2 area", "2 area need"; not "2 enemy units".
	follow := `(?:$|[^\p{L}\d\s'’-]|\s+(?:need|needs|are|is|was|were|have|has|had|left|remain|remaining|of|in|on|at|to|and|or|with|for|from|by|each|this|that|ago|away)\b)`
	many := regexp.MustCompile(before + `(` + manyNumber + `) (` + strings.Join(singulars, "|") + `)` + follow)
	return one, many
}

// labelNumber lets a number through that labels rather than counts: it
// follows a capitalised word ("Round 1 heroes", "Room 2 door").
func labelNumber(m []string) bool {
	r := []rune(m[1])
	return len(r) > 0 && unicode.IsUpper(r[0])
}

// englishTrue lets "true" and "false" through where English uses them
// ("it is true", "not false", "true or false"), or where they are quoted as
// the words to write (“true”); a program's value follows a name
// ("available true") or a colon ("locked: true").
func englishTrue(m []string) bool {
	if m[2] != "" {
		return true
	}
	switch strings.ToLower(m[1]) {
	case "is", "are", "was", "were", "be", "been", "being", "not", "quite", "so", "also", "still", "always", "never", "holds", "hold", "rings", "ring", "come", "comes", "came", "or", "either":
		return true
	}
	return false
}

// doubledWords finds a word said twice in a row, whatever its case
// ("Mission Mission 1", "room Room 2's"). Words in capitals are a die's
// faces as the dice show them ("HIT HIT, 2 hits") and pass.
func doubledWords(line string) []string {
	var out []string
	fields := strings.FieldsFunc(line, func(r rune) bool { return unicode.IsSpace(r) })
	for i := 1; i < len(fields); i++ {
		a := strings.TrimRight(fields[i-1], "'’")
		b := strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(fields[i], "'s"), "’s"), ".,;:!?)")
		if len([]rune(a)) > 1 && wordOnly(a) && strings.EqualFold(a, b) && strings.ToUpper(a) != a {
			out = append(out, fields[i-1]+" "+fields[i])
		}
	}
	return out
}

func wordOnly(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// notPlayersWords are what a diary line must never hold: the shared rules,
// and the program's names for things (a setting's dotted key), the
// ambiguity register's codes and format leftovers. This one serves the
// tracker, which cannot import Fyne.
var notPlayersWords = append(append([]WordRule(nil), SharedWordRules...), []WordRule{
	{Re: regexp.MustCompile(`\bA-\d+\b`), Why: "an ambiguity register code"},
	{Re: regexp.MustCompile(`\b[a-z]+\.[a-z][A-Za-z]+\b`), Why: "a dotted key"},
	{Re: regexp.MustCompile(`%!|<nil>|\(s\)`), Why: "a program's leftovers (%!, <nil>, (s))"},
}...)

// NotPlayersWords lists what in a diary line, a Why or a refusal a player
// must never read, each finding quoted.
func NotPlayersWords(line string) []string {
	return Findings(notPlayersWords, line)
}
