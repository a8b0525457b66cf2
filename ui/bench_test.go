package ui

import (
	"fmt"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
)

// makeLong writes a campaign of n events (notes, clock changes, undos).
func makeLong(tb testing.TB, u *App, n int) string {
	tb.Helper()
	c, err := u.DB.NewCampaign(testGame, "Long", 42)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := u.DB.OpenSession(c.ID)
	if err != nil {
		tb.Fatal(err)
	}
	for i := 0; s.LastSeq() < uint64(n); i++ {
		switch {
		case i%10 == 9:
			_, err = s.Undo()
		case i%2 == 0:
			_, err = s.Do(tracker.AddNote{Text: fmt.Sprintf("Note %d", i)})
		default:
			_, err = s.Do(rollDie{})
		}
		if err != nil {
			tb.Fatal(err)
		}
	}
	return c.ID
}

// BenchmarkOpenLongCampaign is the time from tapping Open to the campaign
// screen being built, for a campaign of 1,000 events.
func BenchmarkOpenLongCampaign(b *testing.B) {
	a := test.NewTempApp(b)
	u := New(a, Options{DBPath: filepath.Join(b.TempDir(), "t.db"), Registry: tracker.Registry{testGame: lifeRules{}},
		Screens: shell.Registry{}})
	defer u.Shutdown()
	id := makeLong(b, u, 1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		u.openCampaign(id)
		u.camp.selectTab("log")
		b.StopTimer()
		// Leave without the end-of-session backup, so each round measures
		// only the opening.
		close(u.camp.stop)
		u.camp = nil
		b.StartTimer()
	}
}
