package ui

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/tracker/games"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
)

// aloneIDs are the ids Alone's rules keep for Creatures ("spore-1") and
// for the Sectors of a Map drawn in the editor ("1B2"): never on a screen.
var aloneIDs = regexp.MustCompile(`\b(?:(?:spore|parasite|cultist|hybrid|worm|boss)-[0-9]+|[12][A-Z][0-9]{1,2})\b`)

// TestAloneLogNamesAsTheScreens: Alone's practice game played a few Turns
// (the Labyrinth explored, Hybrids and a Spore Spawned and Revealed, the
// Hero into the Pump Hall where the Spore waits, attacks, a Fight, a Danger
// token): the Log names every Sector and Creature as the screens do — a
// Sector by its Level, square and Room ("Level 1, B2 (Pump Hall)"), a
// Creature by its kind and token ("Spore Sp1", as on the Fight button) —
// and shows no internal id and nothing else a player must not read
// (uitest.PlayersWords); so does the Radar's "Heard" list.
func TestAloneLogNamesAsTheScreens(t *testing.T) {
	u := New(test.NewTempApp(t), Options{DBPath: filepath.Join(t.TempDir(), "t.db"), Registry: games.Registry()})
	defer u.Shutdown()
	// The practice game, on a campaign of a known seed: the app's dice
	// and the Evil side's choices are the same at every run.
	cmds, err := u.screensFor(tracker.Alone).(shell.Practicer).Practice().Commands()
	if err != nil {
		t.Fatal(err)
	}
	c, err := u.DB.NewCampaign(tracker.Alone, "Log names", 42)
	if err != nil {
		t.Fatal(err)
	}
	u.openCampaign(c.ID)
	cs := u.camp
	if cs == nil {
		t.Fatalf("not opened:\n%s", screenText(u))
	}
	do := func(c tracker.Command) {
		t.Helper()
		if err := cs.ctx.Try(c); err != nil {
			t.Fatalf("%T %+v: %v", c, c, err)
		}
	}
	for _, c := range cmds {
		do(c)
	}
	for _, d := range []alone.Dir{alone.East, alone.South, alone.East} {
		do(ta.StartTurn{})
		do(ta.ExploreDir{Dir: d})
		do(ta.EvilTurn{})
		do(ta.EndTurn{Roll: ta.VirtualDice})
	}
	do(ta.SetDanger{Sector: "2C3", On: true})
	// East along the corridor, south into the Hybrids, west through the
	// Door into the Pump Hall.
	for _, d := range []alone.Dir{alone.East, alone.East, alone.South, alone.West} {
		do(ta.StartTurn{})
		do(ta.MoveHero{Dir: d, Roll: ta.VirtualDice})
		do(ta.EvilTurn{})
		do(ta.EndTurn{Roll: ta.VirtualDice})
	}
	s := cs.s.State().(*ta.State)
	if s.Map.Hero != "1B2" || s.Map.Creature("spore-1") == nil || s.Map.Creature("spore-1").Sector != "1B2" {
		t.Fatalf("the Hero is in %s; the Creatures: %+v", s.Map.Hero, s.Map.Creatures)
	}
	do(ta.StartTurn{})
	do(ta.FightCreature{Roll: ta.VirtualDice, Target: "spore-1"})

	cs.selectTab("play")
	play := uitest.AllText(u.Window.Content())
	cs.selectTab("log")
	rows := cs.log.Rows()
	log := strings.Join(rows, "\n")
	for _, r := range rows {
		for _, bad := range uitest.PlayersWords(r) {
			t.Errorf("the Log: %s", bad)
		}
		if id := aloneIDs.FindString(r); id != "" {
			t.Errorf("the Log names %q by its id:\n%s", id, r)
		}
	}
	for _, h := range s.Heard {
		for _, bad := range uitest.PlayersWords(h.Say) {
			t.Errorf("Heard: %s", bad)
		}
		if id := aloneIDs.FindString(h.Say); id != "" {
			t.Errorf("Heard names %q by its id: %s", id, h.Say)
		}
	}
	// The names the screens show: the Fight button and the Map's Room.
	for _, name := range []string{"Spore Sp1", "Hybrid Hy1"} {
		if !strings.Contains(log, name) {
			t.Errorf("the Log never names the %s:\n%s", name, log)
		}
	}
	if !strings.Contains(play, "[Fight the Spore Sp1") || !strings.Contains(play, "Pump Hall") {
		t.Errorf("the Play tab does not show the Spore and the Room as the test expects:\n%s", play)
	}
	for _, want := range []string{"Fight the Spore Sp1 with", "→ Level 1, B2 (Pump Hall)", "Explore east: Revealed Level 1, B1 and Level 1, C1", "the Hybrid Hy"} {
		if !strings.Contains(log, want) {
			t.Errorf("the Log does not say %q:\n%s", want, log)
		}
	}
	// Not what the Hero cannot know: the Danger token's Sector on Level 2
	// stays hidden in solo mode.
	if strings.Contains(log, "Level 2, C3") {
		t.Errorf("the Log tells the hidden Danger token's Sector:\n%s", log)
	}
}
