package alone

import (
	"strings"
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker/trackertest"
)

// The diary writes a change of settings as the Settings screen words it:
// each setting's title and the reading now played, never a field name,
// true or false, or a spec section (issue 13 item 6).
func TestSettingsLineSpeaksThePlayersWords(t *testing.T) {
	s, _ := newSession(t, 1)
	def := alone.DefaultSettings()
	// Each setting changed on its own, then back, then all at once.
	flips := []struct {
		title string
		flip  func(*alone.Settings)
		want  string
	}{
		{NightmareReading.Title, func(x *alone.Settings) { x.NightmareLossOnTriggerRound = true }, NightmareReading.Sentences[1]},
		{SpawnReading.Title, func(x *alone.Settings) { x.SpawnDistanceIgnoresBlockedDoors = true }, SpawnReading.Sentences[1]},
		{DangerousReading.Title, func(x *alone.Settings) { x.DangerousCheck = alone.AtActionStart }, DangerousReading.Sentences[1]},
		{AttacksReading.Title, func(x *alone.Settings) { x.CombineCreatureAttacks = true }, AttacksReading.Sentences[1]},
		{AoOReading.Title, func(x *alone.Settings) { x.AoOAllowsHeroRerolls = true }, AoOReading.Sentences[1]},
		{WinReading.Title, func(x *alone.Settings) { x.WinCheckFirst = false }, WinReading.Sentences[1]},
		{AggressionTitle, func(x *alone.Settings) { x.Aggression = alone.AggressionHigh }, Aggressions[2].Sentence},
		{AggressionTitle, func(x *alone.Settings) { x.Aggression = alone.AggressionLow }, Aggressions[0].Sentence},
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
	var wantAll []string
	for _, f := range flips {
		set := def
		f.flip(&set)
		f.flip(&all)
		wantAll = append(wantAll, f.title)
		check(Rules{}.Describe(do(t, s, ChangeSettings{Settings: set})), f.title+" — "+f.want)
		back := Rules{}.Describe(do(t, s, ChangeSettings{Settings: def}))
		check(back, f.title)
	}
	check(Rules{}.Describe(do(t, s, ChangeSettings{Settings: all})), wantAll...)
	line := Rules{}.Describe(do(t, s, ChangeSettings{Settings: all}))
	if line != "Settings confirmed, unchanged" {
		t.Errorf("the same settings again: %q", line)
	}
}
