package story

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// update rewrites the golden stories: go test ./ui/story -run Golden -update
var update = flag.Bool("update", false, "rewrite the golden stories in testdata/")

// storyOptions are the goldens' options: written on a fixed day, told in
// UTC, so the same commands give the same text anywhere.
func storyOptions() Options {
	return Options{Now: func() time.Time { return time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC) }, Location: time.UTC}
}

// goldenCampaigns are the campaigns each game's golden story is told from,
// built by commands.
var goldenCampaigns = []struct {
	game  tracker.GameID
	build func(testing.TB) *table
	part  string // a part to tell alone
}{
	{tracker.PhantomEpoch, phantomCampaign, "Flooded Relay"},
	{tracker.Reichbusters, reichCampaign, "night drill"},
	{tracker.Alone, aloneCampaign, "Round 2"},
	{tracker.Eternaut, eternautCampaign, "B1"},
}

// TestGoldenStories: each game's campaign, built by the same commands,
// tells the same Markdown story as testdata/<game>.md (and, with spoilers
// or narrowed to a session or a part, the goldens beside it).
func TestGoldenStories(t *testing.T) {
	for _, g := range goldenCampaigns {
		t.Run(string(g.game), func(t *testing.T) {
			tb := g.build(t)
			check := func(name string, o Options) {
				t.Helper()
				var b bytes.Buffer
				if err := Markdown(&b, tb.s, o); err != nil {
					t.Fatal(err)
				}
				path := filepath.Join("testdata", name+".md")
				if *update {
					if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run with -update to write it)", err)
				}
				if got := b.String(); got != string(want) {
					t.Fatalf("the story differs from %s (rewrite it with -update if the change is meant):\n%s", path, firstDiff(string(want), got))
				}
			}
			o := storyOptions()
			check(string(g.game), o)
			if tl, _ := tellerFor(g.game); tl.spoilers() != "" {
				o.Spoilers = true
				check(string(g.game)+"-spoilers", o)
			}
			o = storyOptions()
			o.Sitting = 2
			check(string(g.game)+"-session-2", o)
			o = storyOptions()
			o.Part = g.part
			check(string(g.game)+"-part", o)
		})
	}
}

// firstDiff shows the first line where two texts part.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + a + "\n  got:  " + b
		}
	}
	return "(the same lines)"
}
