package eternaut

import (
	"time"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
)

// practiceName says what the practice game holds, under the game's title
// on Home.
const practiceName = "Made-up practice game, not your campaign: Scenario C set up with two Cascarudos on the map (A and B passed with made-up results)."

// practiceRoster are made-up names for the practice game's Characters
// (the printed cards carry their own).
var practiceRoster = []et.RosterEntry{
	{ID: "901", Name: "Marta"}, {ID: "902", Name: "Bruno"}, {ID: "903", Name: "Lucía"}, {ID: "904", Name: "Tomás"},
	{ID: "905", Name: "Iris"}, {ID: "906", Name: "Ramón"},
}

// Practice is The Eternaut's practice game (shell.Practicer). The aliens,
// and with them the enemy side's first decision, come in Scenario C, so
// the practice campaign passes A and B with made-up results (a score, an
// Epilogue code, no purchases) and sets up C with four Characters and two
// Cascarudos on the map. It opens on the Play tab, as every game's
// practice does, so a newcomer starts where a game starts (the turn, the
// boards); the turn says the aliens' activation order is on the Enemy
// tab, one tap away. Nothing printed on a card is in it.
func (Screens) Practice() shell.Practice {
	return shell.Practice{Name: practiceName, Commands: practiceCommands, Tab: shell.TabPlay}
}

func practiceCommands() ([]tracker.Command, error) {
	pass := func(code string, unlock et.Unlock) []tracker.Command {
		return []tracker.Command{et.EndScenario{}, et.ConfirmObjectives{}, et.ReturnItems{}, et.RecordEpilogue{Code: code},
			et.RecordSpecialQuests{IDs: []string{}}, unlock, et.CloseShop{}}
	}
	cmds := []tracker.Command{
		et.NewCampaign{Players: 2, Roster: practiceRoster},
		et.StartScenario{Key: "A", TimerStart: 6}, et.MarkPlot{N: 3}, et.MarkPlot{Cross: true, N: 1},
	}
	cmds = append(cmds, pass("END-B1-1", et.Unlock{})...)
	cmds = append(cmds, et.StartScenario{Key: "B1", TimerStart: 7}, et.MarkPlot{N: 2})
	cmds = append(cmds, pass("END-C-1", et.Unlock{NPC905: true})...)
	cmds = append(cmds,
		et.StartScenario{Key: "C", Characters: []string{"901", "902", "903", "905"}, Boards: []string{"red", "blue", "yellow", "green"}},
		et.SetAliensOnMap{Module: 1, OnMap: 2},
	)
	// Every command is played on a campaign in memory first, so a mistake
	// here makes nothing.
	c, err := tracker.NewCampaign(tracker.Eternaut, "practice check", 1, time.Time{})
	if err != nil {
		return nil, err
	}
	store := tracker.NewMemStore()
	if err := store.Create(c); err != nil {
		return nil, err
	}
	sess, err := tracker.Open(store, et.Rules{}, c.ID)
	if err != nil {
		return nil, err
	}
	for _, cmd := range cmds {
		if _, err := sess.Do(cmd); err != nil {
			return nil, err
		}
	}
	return cmds, nil
}

// practiceNote labels a practice campaign's screens.
func practiceNote(ctx *shell.Context) string {
	if ctx.Session.Campaign().Practice {
		return "Practice game: made-up results and names, not your campaign."
	}
	return ""
}
