package story

import (
	"bytes"
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"testing"

	"tablekeeper/tracker/trackertest"
	"tablekeeper/ui/uitest"
)

// tag is an HTML tag, for taking the text out of a page.
var tag = regexp.MustCompile(`<[^>]*>`)

// pageText is what a reader reads of an HTML story: its text, without the
// style and the charts' drawing (their words are kept).
func pageText(page string) string {
	page = regexp.MustCompile(`(?s)<style>.*?</style>`).ReplaceAllString(page, "")
	page = strings.NewReplacer("</p>", "\n", "</li>", "\n", "</tr>", "\n", "</h1>", "\n", "</h2>", "\n", "</h3>", "\n", "</td>", " | ", "</th>", " | ", "</text>", "\n", "</figcaption>", "\n").Replace(page)
	return html.UnescapeString(tag.ReplaceAllString(page, ""))
}

// quoted is the finding a words check quotes first.
var quoted = regexp.MustCompile(`^[^"]*"([^"]*)"`)

// onePlural is a count of 1 with a plural noun the shared checks do not
// list.
var onePlural = regexp.MustCompile(`(?:^|[^\d.,])1 (?:nova )?(?:cells|dice|hits|wounds|units|steps|sectors|creatures|items|tokens|spaces|damages|reactions|paragraphs|sessions|adversaries|missions|scenarios)\b`)

// spaceLabels are the names of the spaces of the maps in a campaign's
// state (Phantom Epoch's "A-5").
func spaceLabels(tb *table) map[string]bool {
	out := map[string]bool{}
	b, _ := json.Marshal(tb.s.State())
	for _, m := range regexp.MustCompile(`\\?"label\\?":\\?"([^"\\]+)`).FindAllStringSubmatch(string(b), -1) {
		out[m[1]] = true
	}
	return out
}

// TestStoriesAreInThePlayersWords: the whole story of each game's
// campaign, Markdown and HTML, with spoilers and without, holds nothing a
// player must not read (uitest.PlayersWords, trackertest.NotPlayersWords):
// no event kinds, IDs, spec sections, codes, JSON, program's lists, "1
// rounds".
func TestStoriesAreInThePlayersWords(t *testing.T) {
	for _, g := range goldenCampaigns {
		t.Run(string(g.game), func(t *testing.T) {
			tb := g.build(t)
			for _, spoilers := range []bool{false, true} {
				o := storyOptions()
				o.Spoilers = spoilers
				var md, page bytes.Buffer
				if err := Markdown(&md, tb.s, o); err != nil {
					t.Fatal(err)
				}
				if err := HTML(&page, tb.s, o); err != nil {
					t.Fatal(err)
				}
				labels := spaceLabels(tb)
				for what, text := range map[string]string{"Markdown": md.String(), "HTML": pageText(page.String())} {
					var bad []string
					bad = append(bad, uitest.PlayersWords(text)...)
					for _, l := range strings.Split(text, "\n") {
						for _, f := range trackertest.NotPlayersWords(l) {
							// A space of Phantom Epoch's maps is named like
							// an ambiguity code ("A-5"): a player reads it.
							if m := quoted.FindStringSubmatch(f); m != nil && labels[m[1]] {
								continue
							}
							bad = append(bad, f)
						}
						for _, m := range onePlural.FindAllString(l, -1) {
							bad = append(bad, "a count of 1 with a plural: "+m+" in "+l)
						}
					}
					if len(bad) > 0 {
						t.Errorf("%s story (spoilers %v) is not in the players' words:\n%s", what, spoilers, strings.Join(bad, "\n"))
					}
				}
			}
		})
	}
}
