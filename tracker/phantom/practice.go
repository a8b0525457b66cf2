package phantom

import (
	"fmt"

	pa "tablekeeper/assets/phantom"
	"tablekeeper/tracker"
)

// PracticeMission is the practice set's mission.
const PracticeMission = "Flooded Relay"

// PracticeParty are the practice game's two characters: name, class,
// species, HP base colour, entry point and the two cards they select in
// round 1. Their cards' AP (6 and 7) is above any practice adversary's
// initiative (at most 2 + 3), so the adversaries act first.
var PracticeParty = []struct {
	Name, Class, Species, Colour, Entry string
	Selected                            []string
}{
	{"Ada", "Lancer", "Stoneborn", "dark blue", "E-2", []string{"Lancer: Lunge", "Lancer: Sweep"}},
	{"Bram", "Mender", "Lumen", "yellow", "E-4", []string{"Mender: Mend", "Mender: Dash"}},
}

// PracticeCommands are the first events of a practice campaign: the
// practice content imported through the same checks as a group's own
// file, its classes unlocked and its mission made available, the two
// characters created and embarked, round 1 begun (the app rolls the
// Decision die) and both characters' cards selected. What is left before
// the adversaries' first decision is the draw of their cards, the turn
// order, and the first adversary's turn: three taps of Next.
func PracticeCommands() ([]tracker.Command, error) {
	set, err := ReadContentFile(pa.Practice)
	if err != nil {
		return nil, fmt.Errorf("the practice content cannot be read: %v", err)
	}
	if err := set.Err(); err != nil {
		return nil, fmt.Errorf("the practice content has problems: %v", err)
	}
	cmds := []tracker.Command{ImportContent{Data: pa.Practice}}
	start := StartMission{Mission: PracticeMission}
	for _, p := range PracticeParty {
		cb, ok := set.Content.Classes[p.Class]
		if !ok || len(cb.Starting) < MissionCards {
			return nil, fmt.Errorf("the practice class %s lacks its starting cards", p.Class)
		}
		cmds = append(cmds, UnlockClass{Class: p.Class}, CreateCharacter{Name: p.Name, Class: p.Class, Species: p.Species, Colour: p.Colour})
		start.Party = append(start.Party, Embark{Character: p.Name, EntryPoint: p.Entry, Cards: cb.Starting[:MissionCards]})
	}
	cmds = append(cmds, MarkMission{Mission: PracticeMission, Available: true}, start, BeginRound{})
	for _, p := range PracticeParty {
		cmds = append(cmds, SelectCards{Character: p.Name, Cards: p.Selected})
	}
	return cmds, nil
}
