package alone

import (
	"fmt"
	"regexp"
	"strings"

	"tablekeeper/automa"
	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
)

// factWords are the Evil engine's names for what it weighed, as players
// read them.
var factWords = map[string]string{
	"E[dmg]":            "expected damage",
	"budget":            "cards allowed so far",
	"cost":              "cost",
	"cards":             "cards",
	"dangerous":         "Dangerous",
	"dark":              "Dark",
	"dice":              "dice",
	"distance":          "distance",
	"freeWithoutDanger": "free spaces without a Danger symbol",
	"lighted":           "Lighted",
	"msd":               "least Spawn distance",
	"onPath":            "on the way to a goal",
	"path":              "way",
	"scare":             "scare",
	"score":             "score",
	"specialHits":       "Specials hit",
	"spent":             "spaces used",
	"staysUnrevealed":   "stays Unrevealed",
	"steps":             "steps",
	"unblocks":          "only Unblocks a Door",
	"value":             "value",
}

// shorthand is the policy's shorthand spelled out.
var shorthand = strings.NewReplacer(
	"on path*", "on the way to the nearest goal",
	"path*", "the way to the nearest goal",
	"E[dmg]", "expected damage",
	"MSD", "least Spawn distance",
	"P1 Strike", "Strike", "P2 Spawn", "Spawn", "P3 Lights out", "Lights out", "P4 Advance", "Advance",
	"P5 play nothing", "play nothing",
	" 1 Sectors ", " 1 Sector ",
)

// kinds are the Creatures' kinds as the engine writes them, capitalised as
// printed ("a worm in" reads "a Worm in").
var kinds = regexp.MustCompile(`\b(spore|parasite|cultist|hybrid|worm)s?\b`)

var bookPage = regexp.MustCompile(`\b(EC|HC) p\.\s?(\d+)`)

// citation is the book page a rule's name gives ("Evil Compendium p.6").
func citation(rule string) string {
	var out []string
	for _, m := range bookPage.FindAllStringSubmatch(rule, -1) {
		book := "Evil Compendium"
		if m[1] == "HC" {
			book = "Hero Compendium"
		}
		c := fmt.Sprintf("%s p.%s", book, m[2])
		if !strings.Contains(strings.Join(out, ""), c) {
			out = append(out, c)
		}
	}
	return strings.Join(out, ", ")
}

// TraceWords is traceWords for the campaign's story (ui/story), which
// prints the Evil side's Why at the end of a game as the reveal shows it.
func TraceWords(tr automa.Trace, m *alone.Map) automa.Trace { return traceWords(tr, m) }

// traceWords is an Evil decision's explanation in the players' words for
// the frame's explanation panel: each step cites the pages of the Evil or
// Hero Compendium its rule names, the facts weighed are named in words and
// the policy's shorthand is spelled out, and Creatures and Sectors are
// named as the screens name them on m (ta.NamedTrace). The engine's own
// trace (spec sections, ids and all) stays in the log and in `resolve`.
func traceWords(tr automa.Trace, m *alone.Map) automa.Trace {
	tr = ta.NamedTrace(tr, m)
	// say is a line in the players' words: the shorthand spelled out, the
	// Creatures' kinds capitalised as printed.
	say := func(s string) string {
		s = strings.TrimSuffix(shorthand.Replace(s+" "), " ")
		return kinds.ReplaceAllStringFunc(s, title)
	}
	out := automa.Trace{Steps: make([]automa.Step, len(tr.Steps))}
	cand := func(cs []automa.Candidate) []automa.Candidate {
		r := make([]automa.Candidate, len(cs))
		for i, c := range cs {
			c.Name, c.Reason = say(c.Name), say(c.Reason)
			if len(c.Facts) > 0 {
				f := make(map[string]any, len(c.Facts))
				for k, v := range c.Facts {
					if w, ok := factWords[k]; ok {
						k = w
					}
					if b, ok := v.(bool); ok {
						v = map[bool]string{true: "yes", false: "no"}[b]
					}
					if s, ok := v.(string); ok {
						v = say(s)
					}
					f[k] = v
				}
				c.Facts = f
			}
			r[i] = c
		}
		return r
	}
	for i, s := range tr.Steps {
		s.Text = say(s.Text)
		if c := citation(s.Rule); c != "" {
			s.Text += " (" + c + ")"
		}
		// The rule's name as the engine gives it (its spec section) is
		// for the code; the players read the step's words.
		s.Rule = "the Evil side's rules"
		s.Result, s.TieBreak = say(s.Result), say(s.TieBreak)
		s.Kept, s.Dropped = cand(s.Kept), cand(s.Dropped)
		out.Steps[i] = s
	}
	return out
}
