package phantom

import (
	"encoding/json"
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
	return "Settings changed: " + strings.Join(changed, " "), nil
}

// SettingInfo is one setting as the players read it: what it is about,
// and the two readings of the rule it chooses between, a sentence each (On
// is the reading the setting on gives). The Settings tab shows these words
// and the diary writes a change in them; the spec's register (A-xx) stays
// in the code.
type SettingInfo struct {
	Key, About, On, Off string
}

// SettingsInfo lists the settings in the players' words.
func SettingsInfo() []SettingInfo {
	return []SettingInfo{
		//
		{"refreshRestartsTimer", "A condition received again while it is held",
			"It starts its time again, as if it were new.",
			"It keeps the time it had: receiving it again changes nothing."},
		//
		{"resilientSparedByRefresh", "Resilient, and a detrimental condition already held",
			"Receiving a condition the figure already has does not use up Resilient.",
			"Resilient is used up by any detrimental condition received, even one already held."},
		//
		{"failureKeepsNova", "After a failed mission (Rulebook p.13)",
			"The characters keep the nova cells they collected and the mission's treasure.",
			"The nova cells collected and the mission's treasure are lost with the mission."},
		//
		{"resetAfterMission", "After a mission",
			"Bandages, the temporary and persistent piles and the once-per-mission items are reset.",
			"They carry over to the next mission as they are."},
		//
		{"countAdjacentBlockers", "An adversary choosing its line of sight (Rulebook p.27)",
			"It counts the figures and objects next to it that block a line, like any others.",
			"It counts only the blockers further along the line, not those next to it."},
		//
		{"sharedClassDecks", "Adversaries of one class but of different species",
			"They draw their class cards from one shared deck.",
			"Each species draws from a class deck of its own."},
		// §6.3 item 2
		{"restRemovesAllDetrimental", "A resting character's detrimental conditions (Rulebook p.13)",
			"All are dropped at the start of the rest turn, unless the players keep some.",
			"Only those the players pick are dropped."},
		// §1
		{"rollDecisionDie", "The Decision die",
			"The app rolls it each round, from the faces you entered.",
			"You roll it at the table and enter the face each round."},
		{"rollAttackDice", "The adversaries' attack and Accuracy dice",
			"The app rolls them, from the faces you entered.",
			"You roll them at the table and enter what they show."},
		//
		{"eventDeckReshuffle", "When the event deck runs out",
			"The discarded Round 6+ events are shuffled into a new deck.",
			"No more events are drawn for the mission."},
		// A house rule (rules-phantom, issue 15 item 14).
		{"targetWithBaseRange", "House rule: an adversary looking for an enemy already in range (Rulebook p.27)",
			"It counts only the range on its Description card, even if its attack this round reaches farther.",
			"It counts the range of this round's attack, range changes included, as the rulebook reads."},
	}
}

// settingsDiff is each setting changed from a to b, as the Settings tab
// words it: what it is about, and the reading now played.
func settingsDiff(a, b Settings) []string {
	var out []string
	was, now := settingsOn(a), settingsOn(b)
	for _, info := range SettingsInfo() {
		if was[info.Key] != now[info.Key] {
			reading := info.Off
			if now[info.Key] {
				reading = info.On
			}
			out = append(out, info.About+" — "+reading)
		}
	}
	return out
}

// settingsOn is each setting's value by its key (its JSON name).
func settingsOn(s Settings) map[string]bool {
	raw, _ := json.Marshal(s)
	on := map[string]bool{}
	_ = json.Unmarshal(raw, &on)
	return on
}

func init() {
	register(ChangeSettings{})
}
