package reich

import (
	"fmt"

	"tablekeeper/tracker"
)

// PracticeCommands set a practice game up from a content file: the file's
// content loaded (through the same checks as any content file), and its
// first mission set up as a raid against its first faction card, with the
// heroes of its character cards (at most 4) on the map's first entrance,
// at the start of round 1. The practice set the app ships is
// assets/reich.Practice.
func PracticeCommands(data []byte) ([]tracker.Command, error) {
	f, err := ReadContentFile(data)
	if err != nil {
		return nil, err
	}
	lib := f.Content
	switch {
	case len(lib.Maps) == 0:
		return nil, fmt.Errorf("the practice content has no map")
	case len(lib.Factions) == 0:
		return nil, fmt.Errorf("the practice content has no faction card")
	case len(lib.Heroes) == 0:
		return nil, fmt.Errorf("the practice content has no heroes")
	}
	m := lib.Maps[0]
	start := m.Areas[0].ID
	if len(m.Entrances) > 0 {
		start = m.Entrances[0]
	}
	var heroes []HeroSetup
	for i, h := range lib.Heroes {
		if i == 4 {
			break
		}
		heroes = append(heroes, h.Setup(start, ""))
	}
	return []tracker.Command{
		ImportContent{Data: data, Replace: true},
		StartMission{Mission: m.MissionID, Mode: ModeRaid, Faction: lib.Factions[0].ID, Heroes: heroes},
	}, nil
}
