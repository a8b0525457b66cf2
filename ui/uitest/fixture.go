package uitest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/tracker"
)

var updateFit = flag.Bool("update-fit", false, "rewrite this game's real-window fixture, ui/testdata/fit/<game>.json")

// FitFixtureDir is where the real-window check (.ci/window-fit) finds one
// campaign export per game, relative to a game's ui package.
const FitFixtureDir = "../testdata/fit"

// FitFixture is a game's fixture for the real-window check: s, a campaign
// in the fullest state the game's test can build (a mission set up, an
// enemy decision pending, a long log), exported to
// ui/testdata/fit/<game>.json. Each game's ui package has a test that
// builds the state and calls FitFixture:
//
//	go test ./ui/phantom/ -run FitFixture -update-fit   # rewrites the file
//	go test ./ui/phantom/                               # checks it still imports and replays
//
// Without -update-fit it checks that the file in the repository is still
// a campaign this build imports (its whole log replays under reg's rules),
// so a change of rules that would break it is seen in the game's tests.
func FitFixture(t *testing.T, game tracker.GameID, s *tracker.Session, reg tracker.Registry) {
	t.Helper()
	path := filepath.Join(FitFixtureDir, string(game)+".json")
	if *updateFit {
		x, err := exportSession(s)
		if err != nil {
			t.Fatal(err)
		}
		x.Campaign.Name = "Window check — " + game.Title()
		data, err := x.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(FitFixtureDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d events", path, len(x.Events))
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the real-window fixture is missing (%v): go test ./ui/<game>/ -run FitFixture -update-fit", err)
	}
	x, err := tracker.ParseExport(data, reg)
	if err != nil {
		t.Fatalf("%s no longer imports: %v; rebuild it with -update-fit", path, err)
	}
	if x.Campaign.Game != game || len(x.Events) < 300 {
		t.Fatalf("%s is a %s campaign of %d events; want %s, 300 or more", path, x.Campaign.Game, len(x.Events), game)
	}
}

// exportSession is a session's campaign as an export file, as the store
// would write it.
func exportSession(s *tracker.Session) (*tracker.Export, error) {
	x := &tracker.Export{Format: tracker.ExportFormat, Version: tracker.ExportVersion, Exported: time.Now().UTC(), Campaign: s.Campaign(), Events: []tracker.Event{}}
	x.Campaign.LastPlayed, x.Campaign.Where, x.Campaign.Events = time.Time{}, "", 0
	err := s.Events(1, func(e tracker.Event) error {
		x.Events = append(x.Events, e)
		return nil
	})
	return x, err
}

// PadLog writes notes into s until its log holds at least n events: a
// long log, as a campaign has after a few evenings.
func PadLog(t testing.TB, s *tracker.Session, n int) {
	t.Helper()
	for i := 1; s.LastSeq() < uint64(n); i++ {
		if _, err := s.Do(tracker.AddNote{Text: fmt.Sprintf("Evening %d: the group stopped here; Ana keeps the map, Bo the dice.", i)}); err != nil {
			t.Fatal(err)
		}
	}
}
