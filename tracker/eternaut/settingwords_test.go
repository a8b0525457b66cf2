package eternaut

import (
	"strings"
	"testing"

	"tablekeeper/tracker/trackertest"
)

// The diary writes a change of settings as the Settings screen words it:
// each reading's title and the reading now played, the numbers by their
// titles, never a field name, true or false, or a spec section (issue 13
// item 6). Every setting is changed, and back, then all at once.
func TestSettingsLineSpeaksThePlayersWords(t *testing.T) {
	s, _ := newGame(t)
	do(t, s, NewCampaign{Players: 2, Roster: roster()})
	def := DefaultSettings()
	changes := []struct {
		edit func(*Settings)
		want string
	}{
		{func(x *Settings) { x.PassFirstPlayer = true }, PassFirstReading.Title + " — " + PassFirstReading.Sentences[1]},
		{func(x *Settings) { x.RedealAfterSurvivors = false }, RedealReading.Title + " — " + RedealReading.Sentences[1]},
		{func(x *Settings) { x.ActivationBeforeEndOfRound = false }, ActFirstReading.Title + " — " + ActFirstReading.Sentences[1]},
		{func(x *Settings) { x.TankFuelPerTurn = false }, TankFuelReading.Title + " — " + TankFuelReading.Sentences[1]},
		{func(x *Settings) { x.TimerMax = 24 }, TimerMaxTitle + ": 20 → 24 spaces."},
		{func(x *Settings) { x.MaskedReturnLP = 8 }, MaskedLPTitle + " 8 life points (was 10)."},
	}
	check := func(line string, want ...string) {
		t.Helper()
		for _, p := range trackertest.NotPlayersWords(line) {
			t.Error(p)
		}
		for _, w := range want {
			if !strings.Contains(line, w) {
				t.Errorf("the diary says %q, not %q", line, w)
			}
		}
	}
	all := def
	var wants []string
	for _, c := range changes {
		set := def
		c.edit(&set)
		c.edit(&all)
		wants = append(wants, c.want)
		check(Rules{}.Describe(do(t, s, ChangeSettings{Settings: set})), c.want)
		check(Rules{}.Describe(do(t, s, ChangeSettings{Settings: def})), "Settings changed: ")
	}
	check(Rules{}.Describe(do(t, s, ChangeSettings{Settings: all})), wants...)
}
