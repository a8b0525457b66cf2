package phantom

import (
	"regexp"
	"strings"
	"testing"

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
}

// phantomWords is uitest.PlayersWords and this game's own slips.
func phantomWords(text string) []string {
	out := uitest.PlayersWords(text)
	for _, line := range strings.Split(text, "\n") {
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
	} {
		if len(phantomWords(bad)) == 0 {
			t.Errorf("%q passes", bad)
		}
	}
	if w := phantomWords("attacks Ada (rolled 1): 3 damage"); len(w) > 0 {
		t.Errorf("the players' words flagged: %v", w)
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
