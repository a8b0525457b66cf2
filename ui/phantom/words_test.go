package phantom

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	ap "tablekeeper/automa/phantom"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/uitest"
)

// notOurWords are this game's slips the shared check does not know: the
// campaign's seed (not a player's concept), a roll as the engine records
// it ("1 (rolled)"), and keys named in a hint (keys are listed in
// Settings; hints name buttons only).
var notOurWords = []struct {
	re  *regexp.Regexp
	why string
}{
	{regexp.MustCompile(`(?i)\bseed\b`), "the campaign's seed"},
	{regexp.MustCompile(`\((rolled|entered)\)`), "a roll as the engine records it"},
	{regexp.MustCompile(`\bor (R|N|Space|Enter|Ctrl\S*)\)|\bpress (R|N|Space|Enter)\b`), "a key in a hint"},
	{regexp.MustCompile(`(?:^|[^\d.,:/-])1 (?:[a-z]+ ){0,2}(?:` + countNouns + `)s\b`), "a count of 1 with a plural noun"},
	{regexp.MustCompile(`\b(?:[02-9]|[1-9]\d+) (?:map|space|modifier|piece|problem|standee|interaction|campaign|figure|character)(?:[.,;:)]|$| (?:and|or|in|on|of|left|to|for|from)\b)`), "a count other than 1 with a singular noun"},
	{regexp.MustCompile(`\bpieces? of content\b`), "the program's word for content"},
	{regexp.MustCompile(`\bvalid lines?\b|\bby what they pass\b|\bwith this (?:move|leap|retreat|convertedMove) \d`), "the engine's own bookkeeping"},
	{regexp.MustCompile(`\bPractice-\d`), "a content code"},
	{regexp.MustCompile(`unmarshal|\bGo (?:value|struct)\b|\bjson:|\bphantom\.[A-Za-z]`), "Go's words"},
	{regexp.MustCompile(`\b(?:true|false)\b`), "a program's true or false"},
	{regexp.MustCompile(`""|“”`), "an empty quoted string"},
	{regexp.MustCompile(`\(r, q\)|\bA-(?:10|25|27|38)\b`), "a program's coordinates or a reading's code"},
}

// countNouns are the things Phantom Epoch's screens count: a number says
// "1 map", "2 maps", never "1 maps" or "2 map".
const countNouns = `map|card|space|modifier|piece|character|figure|round|turn|mission|problem|action|condition|standee|charge|cell|object|line|group|way|point|face|roll|type|item|attachment|bandage|token|orb|treasure|hazard|wall|set|decision|answer|icon|step|tier|board|interaction|campaign|event|note|minute|second|hour|day|backup|adversary|boss|copy|class|species|die`

// phantomWords is uitest.PlayersWords and this game's own slips.
func phantomWords(text string) []string {
	out := uitest.PlayersWords(text)
	for _, line := range strings.Split(text, "\n") {
		ws := strings.Fields(line)
		for i := 1; i < len(ws); i++ {
			if len(ws[i]) > 2 && strings.EqualFold(ws[i], ws[i-1]) && strings.IndexFunc(ws[i], func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
				out = append(out, "a word said twice: "+ws[i]+" "+ws[i]+" in "+line)
			}
		}
		for _, w := range notOurWords {
			for _, m := range w.re.FindAllString(line, -1) {
				out = append(out, w.why+": "+m+" in "+line)
			}
		}
	}
	return out
}

func TestPhantomWordsFindsTheNewcomersSlips(t *testing.T) {
	for _, bad := range []string{
		"draw #7 of this campaign's seed · 2 of 8 possible",
		"attacks Ada (roll 1 (rolled)): 3 damage",
		"Next: Sludge Crawler 1's turn — Next (or R) resolves it.",
		// Issue 23's slips, each as it was seen.
		"Imported 11 pieces of content",
		"Replaced the content with a content file: 1 faction cards, 1 maps",
		"2 areas need 1 modifiers",
		"Practice-1 · Round 1",
		"Mission Mission 1 begins",
		"may Ember Spitter 1 enter a hazard with this move 2?",
		"Ember Spitter 1 draws its line of sight to Bram: 30 valid lines in 2 groups by what they pass",
		"this is not a Phantom Epoch content file (it cannot be read: cannot unmarshal array into Go value of type phantom.contentFile)",
		`json: unknown field "meps"`,
		`Campaign sheet: Orlan 1 available true, completed ""`,
		"the 2 map",
	} {
		if len(phantomWords(bad)) == 0 {
			t.Errorf("%q passes", bad)
		}
	}
	for _, good := range []string{
		"attacks Ada (rolled 1): 3 damage",
		"Step 1 · Rulebook p.27",
		"Ember Spitter 1 can draw its line of sight to Bram in 30 ways, which pass 2 different sets of figures and objects",
		"Entered the class board \"Lancer\" and 10 action cards",
		"1 map, 2 adversary description cards and 1 action card",
		"Round 2 · turns",
		"a Move 2 converted",
		"Bram's card 2's",
	} {
		if w := phantomWords(good); len(w) > 0 {
			t.Errorf("the players' words flagged: %v", w)
		}
	}
}

// A roll reads as players say it, in the decision's words and in the
// line the diary and the bubble show.
func TestRollsReadAsPlayersSayThem(t *testing.T) {
	w := TurnWords(ap.Turn{PrimaryTarget: "Bram", Events: []ap.Event{{Card: "red class row", Action: "attack +0",
		Attack: &ap.AttackReport{Target: "Bram", Range: 4, Roll: "fumble (rolled)", Accuracy: []string{"Blinded check: miss (entered)"}, Hit: &ap.Hit{}}}}})
	if !strings.Contains(w, "rolled a fumble") || !strings.Contains(w, "Blinded check: rolled a miss at the table") {
		t.Errorf("%q", w)
	}
	for _, x := range phantomWords(w) {
		t.Error(x)
	}
}

// The round's Decision die says who rolled it, in the diary and the
// bubble, as players would.
func TestDecisionDieLineSaysWhoRolledIt(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	if _, ok := h.ctx.Do(tp.BeginRound{}); !ok || len(h.msgs) == 0 {
		t.Fatalf("no round begun: %v", h.errs)
	}
	msg := h.msgs[len(h.msgs)-1]
	if !strings.HasSuffix(msg, ", rolled by the app") {
		t.Fatalf("%q", msg)
	}
	for _, w := range phantomWords(msg) {
		t.Error(w)
	}
}
