package phantom

import (
	"regexp"
	"strings"
	"testing"

	"tablekeeper/tracker/trackertest"
)

// goWords are Go's own words, which a refusal of a file must never show:
// its types and packages, its JSON decoder's verbs and prefixes.
var goWords = regexp.MustCompile(`\bGo (value|struct)\b|unmarshal|\bjson:|\bphantom\.[A-Za-z]|\[\][a-z]|\b(int|uint64|string|bool) is expected|where (int|string|bool)\b|\bmap\[`)

// TestContentFileRefusalsInWords: every refusal of a content file names
// the field and says what is wrong with it in words — never Go's
// `cannot unmarshal array into Go value of type phantom.contentFile` or
// `json: unknown field "meps"` (issue 23 item 6), never a "version -1"
// made by a newer app.
func TestContentFileRefusalsInWords(t *testing.T) {
	const head = `{"format":"tablekeeper-phantom-epoch-content","version":1,`
	piece := func(kind, data string) string {
		return head + `"entries":[{"kind":"` + kind + `","id":"x","data":` + data + `}]}`
	}
	for _, c := range []struct {
		name, file string
		want       []string // words the refusal must hold: the field, what is wrong
	}{
		{"a list", `[]`, []string{"the file", "a list"}},
		{"a list of numbers", `[1,2]`, []string{"a list"}},
		{"text", `"x"`, []string{"text"}},
		{"an unknown field", head + `"meps":3,"entries":[]}`, []string{`"meps"`, "a content file does not have", "format, version, title, practice, entries and dice"}},
		{"version below 1", `{"format":"tablekeeper-phantom-epoch-content","version":-1,"entries":[]}`, []string{"version is -1", "no such version"}},
		{"a newer version", `{"format":"tablekeeper-phantom-epoch-content","version":7,"entries":[]}`, []string{"newer", "version is 7"}},
		{"version as text", `{"format":"tablekeeper-phantom-epoch-content","version":"1","entries":[]}`, []string{"version", "whole number", `text ("1")`}},
		{"no format", `{"version":1,"entries":[]}`, []string{"format is missing"}},
		{"another format", `{"format":"tablekeeper-reichbusters-content","version":1,"entries":[]}`, []string{`"tablekeeper-reichbusters-content"`}},
		{"entries as fields", head + `"entries":{}}`, []string{"entries", "should be a list"}},
		{"dice as a list", head + `"entries":[],"dice":[]}`, []string{"dice", "group of named fields"}},
		{"a die face as a number", head + `"entries":[],"dice":{"basic":[1]}}`, []string{"dice, basic, item 1", "text", "the number 1"}},
		{"two files joined", head + `"entries":[]} {}`, []string{"more after the end"}},
		{"cut short", head + `"entries":[`, []string{"cut short"}},
		{"damaged", head + `"entries":[}`, []string{"line 1"}},
		{"empty", ``, []string{"empty"}},
		{"HP as text", piece("adversary", `{"name":"A","hp":"7"}`), []string{"HP", "whole number", `text ("7")`}},
		{"an unknown field in a card", piece("adversary", `{"name":"A","meps":7}`), []string{`"meps"`, "does not have", "species card and class card"}},
		{"a class card's rows at the top", piece("classCard", `{"rows":[]}`), []string{`"rows"`, "class and card"}},
		{"an action's AP as text", piece("classCard", `{"class":"C","card":{"rows":[{"ap":"x"}]}}`), []string{"card, row 1, AP", "whole number"}},
		{"a class board as a list", piece("class", `[]`), []string{"a list"}},
		{"a number too large", piece("adversary", `{"name":"A","difficulty":99999999999999999999}`), []string{"difficulty", "far too large"}},
		{"a map as a list", piece("map", `[1]`), []string{"a list"}},
		{"a coordinate as text", piece("map", `{"spaces":[{"label":"A","q":"1"}]}`), []string{`"q"`, "whole number", "text"}},
	} {
		set, err := ReadContentFile([]byte(c.file))
		var got string
		switch {
		case err != nil:
			got = err.Error()
		case len(set.Problems) > 0:
			got = set.Err().Error()
		default:
			t.Errorf("%s: the file was read: %s", c.name, c.file)
			continue
		}
		if m := goWords.FindString(got); m != "" {
			t.Errorf("%s: Go's words %q in %q", c.name, m, got)
		}
		for _, p := range trackertest.NotPlayersWords(got) {
			t.Errorf("%s: %s", c.name, p)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q does not say %q", c.name, got, w)
			}
		}
	}
}

// TestPathWords: where a field is, said as the players would.
func TestPathWords(t *testing.T) {
	for path, want := range map[string]string{
		"hp":                         "HP",
		"card.rows.1.ap":             "card, row 2, AP",
		"entries.0.data":             "piece 1, data",
		"decisionDie.3.colour":       "decision die, item 4, colour",
		"card.roundEffects.0.text":   "card, round effect 1, text",
		"speciesCard.actions.2.kind": "species card, action 3, kind",
		"maxHP":                      "max HP",
	} {
		if got := pathWords(strings.Split(path, ".")); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
}
