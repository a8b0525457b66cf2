package ui

import (
	"image"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	"tablekeeper/ui/share/sharetest"
	"tablekeeper/ui/shell"
)

// TestEveryGameHasASharedTable: each game with screens has its face on the
// shared page, and on its practice game (opened with no window, as a
// headless host opens it, on Fyne's test app) it names seats, shows a
// watcher every figure in the players' words and draws its board.
func TestEveryGameHasASharedTable(t *testing.T) {
	test.NewTempApp(t)
	tables := gameTables()
	reg := games.Registry()
	for g, screens := range gameScreens() {
		tb := tables[g]
		if tb == nil {
			t.Errorf("%s has screens but no shared table", g)
			continue
		}
		pr, ok := screens.(shell.Practicer)
		if !ok {
			continue
		}
		cmds, err := pr.Practice().Commands()
		if err != nil {
			t.Fatal(err)
		}
		rules, _ := reg.Rules(g)
		store := tracker.NewMemStore()
		c, _ := tracker.NewCampaign(g, "Practice", 3, time.Now())
		if err := store.Create(c); err != nil {
			t.Fatal(err)
		}
		s, err := tracker.Open(store, rules, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, cmd := range cmds {
			if _, err := s.Do(cmd); err != nil {
				t.Fatalf("%s: %T: %v", g, cmd, err)
			}
		}
		if len(tb.Seats(s)) == 0 {
			t.Errorf("%s: no seat on the practice game", g)
		}
		v := tb.View(s, "")
		sharetest.CheckWords(t, string(g), v)
		if len(v.Figures) == 0 || v.Heading == "" {
			t.Errorf("%s: the watcher's view is empty: %+v", g, v)
		}
		img, err := tb.Board(s, image.Pt(640, 400), true)
		if err != nil || img == nil {
			t.Errorf("%s: no board picture: %v", g, err)
		}
	}
}
