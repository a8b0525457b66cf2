package reich

// Need is one kind of content a mission needs before play (spec §2, §4),
// and how many of it a library holds: the checklist the Content tab and
// the new-campaign form show.
type Need struct {
	// Kind names it for the screens: faction, spawn, noisePre, noisePost,
	// noiseAlien, mission or hero.
	Kind string
	// What is its name in the players' words.
	What string
	Have int
}

// Met reports whether the library has at least one.
func (n Need) Met() bool { return n.Have > 0 }

// Needs lists what a mission needs and how much of it l holds; note is a
// Not of this Earth! campaign (an alien world noise deck instead of the
// two decks either side of the alarm).
func Needs(l *Library, note bool) []Need {
	count := func(deck string) int {
		n := 0
		for _, c := range l.NoiseCards {
			if c.Deck == deck {
				n++
			}
		}
		return n
	}
	missions := 0
	for _, m := range l.Maps {
		if len(m.Areas) == 0 {
			continue
		}
		if mi := l.missionInfo(m.MissionID); mi != nil && ((note && mi.AlienWorld > 0) || (!note && mi.PreAlarm > 0 && mi.PostAlarm > 0)) {
			missions++
		}
	}
	out := []Need{
		{Kind: "mission", What: "a mission: its map and its tracker", Have: missions},
		{Kind: "faction", What: "a faction card", Have: len(l.Factions)},
		{Kind: "spawn", What: "spawn cards", Have: len(l.SpawnCards)},
	}
	if note {
		out = append(out, Need{Kind: "noiseAlien", What: "alien world noise cards", Have: count("alienWorld")})
	} else {
		out = append(out, Need{Kind: "noisePre", What: "noise cards before the alarm", Have: count("preAlarm")},
			Need{Kind: "noisePost", What: "noise cards after the alarm", Have: count("postAlarm")})
	}
	return append(out, Need{Kind: "hero", What: "heroes' character cards", Have: len(l.Heroes)})
}

// Ready reports whether every need is met.
func Ready(l *Library, note bool) bool {
	for _, n := range Needs(l, note) {
		if !n.Met() {
			return false
		}
	}
	return true
}
