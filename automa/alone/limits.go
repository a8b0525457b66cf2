package alone

import "tablekeeper/automa"

// limits of a situation file, far beyond any real table (a Labyrinth of a
// few dozen Sectors a Level, a dozen Creatures, a hand of a few Reaction
// cards, single-digit numbers): they bound the work one resolve can cost,
// so every situation within them is answered in well under a second
// (BenchmarkLargestSituation), and a file beyond them is refused naming the
// field. They are listed in RESOLVE.md.
var limits = automa.Limits{
	List:   100, // entries of any other list or map
	Text:   200, // characters of any text (ids, names)
	Number: 99,  // any whole number
	Fields: map[string]int{
		"map.sectors":   200,
		"map.creatures": 60,
		"cards":         60,
		"seed":          -1,
	},
}

// checkLimits refuses a situation beyond the limits, naming each field.
func (sf *SituationFile) checkLimits() error { return limits.Check(sf) }
