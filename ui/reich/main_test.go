package reich

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"tablekeeper/tracker/trackertest"
	"tablekeeper/ui/uitest"
)

// Every answer and refusal the screens show next to a control or on the
// frame's message line while this package's tests run is collected, and
// checked once they are done (issue 23 items 4-6: the players' words, in
// every refusal the tests produce).
var shownTexts = struct {
	sync.Mutex
	seen map[string]bool
}{seen: map[string]bool{}}

func shown(text string) {
	shownTexts.Lock()
	shownTexts.seen[text] = true
	shownTexts.Unlock()
}

// TestMain runs the tests under uitest's manual schedule and words
// checks (uitest.Run), then checks what this package collected.
func TestMain(m *testing.M) {
	code := uitest.Run(m)
	if code == 0 && len(shownTexts.seen) > 0 {
		var bad []string
		for text := range shownTexts.seen {
			probs := uitest.PlayersWords(text)
			probs = append(probs, trackertest.OddPlurals(text)...)
			for _, line := range strings.Split(text, "\n") {
				for _, re := range []interface{ FindAllString(string, int) []string }{specCodes, goWords, oneOfMany, booleanOrEmpty} {
					for _, hit := range re.FindAllString(line, -1) {
						probs = append(probs, fmt.Sprintf("%q in %q", hit, line))
					}
				}
			}
			bad = append(bad, probs...)
		}
		if len(bad) > 0 {
			sort.Strings(bad)
			fmt.Fprintf(os.Stderr, "the screens' answers and refusals in these tests hold words players must not read:\n  %s\n", strings.Join(bad, "\n  "))
			code = 1
		} else {
			fmt.Fprintf(os.Stderr, "reich: %d answers and refusals shown in the tests, every one in the players' words\n", len(shownTexts.seen))
		}
	}
	os.Exit(code)
}
