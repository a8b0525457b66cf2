package reich

import (
	"testing"

	practice "tablekeeper/assets/reich"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
)

// TestFitFixture builds Reichbusters' campaign for the real-window check
// (.ci/window-fit): the practice content (a map drawn on the grid, so the
// Play and Enemy tabs draw it so), its raid set up and played into round
// 1's second enemy turn — units on the map, a room alert, the tracker
// moved on, the enemy's attack waiting for its defence test — over a long
// log. With -update-fit it rewrites ui/testdata/fit/reichbusters.json;
// without, it checks that file still imports.
func TestFitFixture(t *testing.T) {
	ctx, _ := newCtx(t)
	uitest.PadLog(t, ctx.Session, 300)
	fitFixtureState(t, ctx)
	uitest.FitFixture(t, rb.Game, ctx.Session, tracker.Registry{rb.Game: rb.Rules})
}

// fitFixtureState plays the fixture's campaign on ctx.
func fitFixtureState(t *testing.T, ctx *shell.Context) *rb.Mission {
	t.Helper()
	cmds, err := rb.PracticeCommands(practice.Practice)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		must(t, ctx, c)
	}
	for _, c := range []tracker.Command{
		rb.SetTurnOrder{Order: []string{"mara", "ned"}},
		rb.OpenDoor{Hero: "mara", Door: "D1"},
		rb.NoiseTest{Hero: "mara", Total: 0},
		rb.EndTurn{}, rb.EnemyTurn{},
		rb.DrawCards{Hero: "ned"},
		rb.EndTurn{}, rb.EnemyTurn{},
	} {
		must(t, ctx, c)
	}
	m := st(ctx).Mission
	if len(m.Pending) == 0 || len(m.Units) == 0 {
		t.Fatalf("no attack pending (%d units): the fixture should show one", len(m.Units))
	}
	return m
}

// The views the real-window check opens by name (shell.Viewer) each open
// on the fixture's campaign; a name the game does not have is refused.
func TestViewsOpen(t *testing.T) {
	ctx, w := newCtx(t)
	fitFixtureState(t, ctx)
	w.SetContent(Screens{}.Play(ctx))
	for _, name := range []string{"map-half", "map-area", "why", "setup", "hero", "faction", "unit", "spawn", "noise", "mission", "map", "move", "attack", "defend", "override"} {
		closeDialogs(w)
		if err := (Screens{}).View(ctx, shell.TabCampaign, name); err != nil {
			t.Errorf("view %q: %v", name, err)
			continue
		}
		if len(w.Canvas().Overlays().List()) == 0 {
			t.Errorf("view %q opened nothing", name)
		}
	}
	if err := (Screens{}).View(ctx, shell.TabPlay, "no-such-view"); err == nil {
		t.Error("a view the game does not have was opened")
	}
}
