package alone

import (
	"fmt"
	"strings"

	"tablekeeper/automa/alone"
)

// A Reading is one place where the books can be read two ways (spec §10,
// the options its ambiguity register names), in the players' words: what
// it is about, and each way in a sentence, the app's default first. The
// Settings screen shows these words and the diary writes a change in them,
// so the two always agree and neither shows a field name.
type Reading struct {
	Title     string
	Sentences [2]string
}

// The readings of Alone's unclear rules, and the Evil side's aggression.
var (
	// AMB-1: NightmareLossOnTriggerRound (second reading: true).
	NightmareReading = Reading{"Nightmare Mode's first loss", [2]string{
		"The Hero first loses 2 Self Control at the end of the Round after the one in which Nightmare Mode begins.",
		"The Hero loses 2 Self Control already at the end of the Round in which Nightmare Mode begins."}}
	// AMB-4: SpawnDistanceIgnoresBlockedDoors (second reading: true).
	SpawnReading = Reading{"How far a Creature Spawns from the Hero", [2]string{
		"A Blocked Door closes the way: the distance is counted around it.",
		"The distance is counted through Blocked Doors as if they were open."}}
	// AMB-5: DangerousCheck (second reading: AtActionStart).
	DangerousReading = Reading{"When a Reaction card is Dangerous", [2]string{
		"When a Danger token is in the Hero's Sector as the card is resolved (after a Move, the Sector moved into).",
		"When a Danger token was in the Hero's Sector as the Action that allowed the card began."}}
	// AMB-6: CombineCreatureAttacks (second reading: true).
	AttacksReading = Reading{"Creatures attacking at the end of a Turn", [2]string{
		"Each Creature's attack is damage of its own: Dexterity, a Companion and damage cards apply to each one.",
		"All the attacks at the end of a Turn are one damage."}}
	// AMB-7: AoOAllowsHeroRerolls (second reading: true).
	AoOReading = Reading{"Rerolls on an Attack of Opportunity", [2]string{
		"Dexterity and Items cannot reroll an Attack of Opportunity.",
		"Dexterity and Items can reroll an Attack of Opportunity like any attack."}}
	// AMB-20: WinCheckFirst (second reading: false).
	WinReading = Reading{"A win and a defeat in the same step", [2]string{
		"When one step completes the Final Mission and empties both tracks, the Hero wins.",
		"When one step completes the Final Mission and empties both tracks, the Evil side wins."}}
)

// AggressionTitle is what the §7.4 difficulty knob is about.
const AggressionTitle = "How the app plays the Evil side (solo mode)"

// Aggressions are the knob's levels in order, each with its sentence.
var Aggressions = []struct {
	Level    alone.Aggression
	Sentence string
}{
	{alone.AggressionLow, "Cautious: the app's Evil side attacks only when it is worth it, and plays fewer cards."},
	{alone.AggressionNormal, "As designed: the app's Evil side plays as this app's policy is written."},
	{alone.AggressionHigh, "Ruthless: it attacks at any chance and plays more cards."},
}

// settingReadings pairs each Reading with whether s plays its second way.
func settingReadings(s alone.Settings) []struct {
	r      Reading
	second bool
} {
	return []struct {
		r      Reading
		second bool
	}{
		{NightmareReading, s.NightmareLossOnTriggerRound},
		{SpawnReading, s.SpawnDistanceIgnoresBlockedDoors},
		{DangerousReading, s.DangerousCheck == alone.AtActionStart},
		{AttacksReading, s.CombineCreatureAttacks},
		{AoOReading, s.AoOAllowsHeroRerolls},
		{WinReading, !s.WinCheckFirst},
	}
}

// settingsChanges says, in the Settings screen's words, what differs from
// before to after: each setting changed, with the reading now played.
func settingsChanges(before, after alone.Settings) []string {
	var out []string
	was, now := settingReadings(before), settingReadings(after)
	for i := range now {
		if was[i].second != now[i].second {
			n := 0
			if now[i].second {
				n = 1
			}
			out = append(out, fmt.Sprintf("%s — %s", now[i].r.Title, now[i].r.Sentences[n]))
		}
	}
	if before.Aggression != after.Aggression {
		level := string(after.Aggression)
		for _, a := range Aggressions {
			if a.Level == after.Aggression {
				level = a.Sentence
			}
		}
		out = append(out, fmt.Sprintf("%s — %s", AggressionTitle, level))
	}
	return out
}

// settingsLine is the diary line of a change of settings.
func settingsLine(before, after alone.Settings) string {
	ch := settingsChanges(before, after)
	if len(ch) == 0 {
		return "Settings confirmed, unchanged"
	}
	return "Settings changed: " + strings.Join(ch, " ")
}
