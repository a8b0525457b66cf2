package phantom

import (
	"fmt"
	"strings"

	"tablekeeper/tracker"
)

// ChangeSettings replaces the settings (the AMBIGUOUS readings and dice
// modes). The diary names each setting changed.
type ChangeSettings struct {
	Settings Settings `json:"settings"`
}

func (c ChangeSettings) exec(s *State, x *ctx) (string, error) {
	changed := settingsDiff(s.Settings, c.Settings)
	if len(changed) == 0 {
		return "", tracker.Refuse("phantom-epoch §17", "the settings are already like that")
	}
	s.Settings = c.Settings
	return "Settings: " + strings.Join(changed, ", "), nil
}

// SettingInfo describes one setting for the settings screen.
type SettingInfo struct {
	Key, Rule, Meaning string
}

// SettingsInfo lists the settings, with the rule each one reads.
func SettingsInfo() []SettingInfo {
	return []SettingInfo{
		{"refreshRestartsTimer", "A-11", "a condition received again restarts its timer"},
		{"resilientSparedByRefresh", "A-12", "a condition already held does not use up Resilient"},
		{"failureKeepsNova", "A-36", "after a failure, collected nova cells and mission treasure are kept"},
		{"resetAfterMission", "A-37", "after a mission, bandages, temporary/persistent piles and item flips are cleared"},
		{"countAdjacentBlockers", "A-21", "an adversary choosing a line of sight counts blockers next to it"},
		{"sharedClassDecks", "A-28", "types of one class but different species share the class deck"},
		{"restRemovesAllDetrimental", "§6.3", "a rest removes all detrimental conditions unless some are kept (off: only those the players pick)"},
		{"rollDecisionDie", "§1", "the app rolls the Decision die (off: enter the face rolled)"},
		{"rollAttackDice", "§1", "the app rolls adversaries' attack and Accuracy dice (off: enter them)"},
		{"eventDeckReshuffle", "A-33", "an exhausted event deck is rebuilt from discarded Round 6+ events"},
		{"targetWithBaseRange", "Rulebook p.27", "house rule: an adversary counts only the range on its Description card when it looks for an enemy already in range, even if its attack this round reaches farther"},
	}
}

func settingsDiff(a, b Settings) []string {
	var out []string
	// The diary names each setting in the players' words (its meaning),
	// never by its key.
	words := map[string]string{}
	for _, info := range SettingsInfo() {
		words[info.Key] = info.Meaning
	}
	f := func(name string, x, y bool) {
		if x != y {
			out = append(out, fmt.Sprintf("%s: %s", words[name], map[bool]string{true: "on", false: "off"}[y]))
		}
	}
	f("refreshRestartsTimer", a.RefreshRestartsTimer, b.RefreshRestartsTimer)
	f("resilientSparedByRefresh", a.ResilientSparedByRefresh, b.ResilientSparedByRefresh)
	f("failureKeepsNova", a.FailureKeepsNova, b.FailureKeepsNova)
	f("resetAfterMission", a.ResetAfterMission, b.ResetAfterMission)
	f("countAdjacentBlockers", a.CountAdjacentBlockers, b.CountAdjacentBlockers)
	f("sharedClassDecks", a.SharedClassDecks, b.SharedClassDecks)
	f("restRemovesAllDetrimental", a.RestRemovesAllDetrimental, b.RestRemovesAllDetrimental)
	f("rollDecisionDie", a.RollDecisionDie, b.RollDecisionDie)
	f("rollAttackDice", a.RollAttackDice, b.RollAttackDice)
	f("eventDeckReshuffle", a.EventDeckReshuffle, b.EventDeckReshuffle)
	f("targetWithBaseRange", a.TargetWithBaseRange, b.TargetWithBaseRange)
	return out
}

func init() {
	register(ChangeSettings{})
}
