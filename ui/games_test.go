package ui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
)

// TestEveryGameOpensInTheFrame opens a new campaign of each game with the
// real rules and screens, visits every tab, sends the shortcuts and closes
// it, as at the table.
func TestEveryGameOpensInTheFrame(t *testing.T) {
	u := New(test.NewTempApp(t), Options{DBPath: filepath.Join(t.TempDir(), "t.db"), Registry: games.Registry()})
	defer u.Shutdown()
	for _, g := range tracker.KnownGames {
		t.Run(string(g), func(t *testing.T) {
			c, err := u.DB.NewCampaign(g, "Test "+g.Title(), 11)
			if err != nil {
				t.Fatal(err)
			}
			u.openCampaign(c.ID)
			cs := u.camp
			if cs == nil {
				t.Fatalf("not opened:\n%s", screenText(u))
			}
			if _, ok := cs.game.(defaultScreens); ok {
				t.Fatalf("%s opened with the default screens", g)
			}
			for _, tab := range []string{"play", "campaign", "enemy", "log"} {
				cs.selectTab(tab)
				u.Window.Content().Refresh()
			}
			cs.selectTab("play")
			for _, k := range []fyne.KeyName{fyne.KeySpace, fyne.KeyR, fyne.KeyBackspace} {
				u.Window.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: k})
			}
			if _, err := u.closeCampaign(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
