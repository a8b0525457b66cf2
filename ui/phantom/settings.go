package phantom

import (
	"encoding/json"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// A reading is one setting as the players read it: what it is about, and
// the two readings of the rule it chooses between, a sentence each (On is
// the reading the setting on gives).
type reading struct {
	Key, About, On, Off string
}

// readings are the settings of tracker/phantom (SettingsInfo), in the
// players' words; the spec's register (A-xx) stays in the code.
var readings = []reading{
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

// ReadingChecks are the two choices of a setting on the Settings tab, by
// setting key (for tests): [0] its reading on, [1] off.
type ReadingChecks map[string][2]*widget.Check

// showSettings: for each setting, what it is about and the two readings
// it chooses between, a sentence each; tapping one makes it the campaign's
// (a change like any other, undone by Undo).
func (c *CampaignScreen) showSettings(s *tp.State) {
	box := c.settings
	box.Objects = nil
	defer box.Refresh()
	box.Add(wrap("Where the rulebook can be read two ways, choose how your group plays it. Each choice is kept with the campaign."))
	raw, _ := json.Marshal(s.Settings)
	var cur map[string]bool
	_ = json.Unmarshal(raw, &cur)
	c.Readings = ReadingChecks{}
	for _, r := range readings {
		r := r
		on, off := widget.NewCheck(r.On, nil), widget.NewCheck(r.Off, nil)
		on.SetChecked(cur[r.Key])
		off.SetChecked(!cur[r.Key])
		set := func(to bool) {
			if cur[r.Key] == to {
				on.SetChecked(to)
				off.SetChecked(!to)
				return
			}
			next := map[string]bool{}
			for k, v := range cur {
				next[k] = v
			}
			next[r.Key] = to
			raw, _ := json.Marshal(next)
			var st tp.Settings
			if err := json.Unmarshal(raw, &st); err != nil {
				c.ctx.Message(err.Error(), true)
				return
			}
			src := on
			if !to {
				src = off
			}
			if _, ok := c.ctx.DoFrom(src, tp.ChangeSettings{Settings: st}); !ok {
				on.SetChecked(cur[r.Key])
				off.SetChecked(!cur[r.Key])
			}
		}
		on.OnChanged = func(b bool) { set(b) }
		off.OnChanged = func(b bool) { set(!b) }
		c.Readings[r.Key] = [2]*widget.Check{on, off}
		box.Add(widgets.NewCard("", "", container.NewVBox(bold(r.About), touchCheck(on), touchCheck(off))))
	}
}
