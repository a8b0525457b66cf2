package ui

import (
	"path/filepath"
	"strings"
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
			u.closeCampaign(true)
			if strings.Contains(u.Notice(), "failed") {
				t.Fatal(u.Notice())
			}
		})
	}
}

// TestNewCampaignFormOpensWithAGameChosen: TABLEKEEPER_TAB=new:<game>
// opens the new-campaign form with that game chosen and its setup fields
// shown, as the real-window check (.ci/window-fit) opens it for each game;
// an unknown game leaves the choice to the players.
func TestNewCampaignFormOpensWithAGameChosen(t *testing.T) {
	for _, g := range tracker.KnownGames {
		u := New(test.NewTempApp(t), Options{DBPath: filepath.Join(t.TempDir(), "t.db"), Registry: games.Registry(), Tab: "new:" + string(g)})
		text := screenText(u)
		if !strings.Contains(text, "New campaign") || !strings.Contains(text, "\n"+g.Title()+"\n") {
			t.Errorf("%s: the form does not show the game's setup:\n%s", g, text)
		}
		if r := find[*radioT](u); len(r) == 0 || r[0].Selected != g.Title() {
			t.Errorf("%s: the game is not chosen", g)
		}
		u.Shutdown()
	}
	u := New(test.NewTempApp(t), Options{DBPath: filepath.Join(t.TempDir(), "t.db"), Registry: games.Registry(), Tab: "new:chess"})
	defer u.Shutdown()
	if r := find[*radioT](u); len(r) == 0 || r[0].Selected != "" {
		t.Error("an unknown game was chosen")
	}
}
