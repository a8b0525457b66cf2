package reich

import "tablekeeper/automa"

// limits of a situation file, far beyond any real table (a mission is a few
// board tiles of a few dozen areas, a few dozen miniatures, cards printed
// with single-digit numbers): they bound the work one resolve can cost, so
// every situation within them is answered in well under a second
// (BenchmarkLargestSituation), and a file beyond them is refused naming the
// field. They are listed in RESOLVE.md.
var limits = automa.Limits{
	List:   100, // entries of any other list or map
	Text:   200, // characters of any other text (ids, names)
	Number: 99,  // any other whole number
	Fields: map[string]int{
		"map.areas":                          400,
		"map.edges":                          1600,
		"map.doors":                          800,
		"map.sightLines":                     400,
		"state.placedEver[]":                 999,
		"state.units":                        200,
		"state.rooms":                        400,
		"state.doors":                        800,
		"state.obscured":                     400,
		"state.suppressed":                   400,
		"state.dogBiscuits":                  400,
		"state.spawnDeck.drawPile":           200,
		"state.spawnDeck.discard":            200,
		"state.noiseDeck.drawPile":           200,
		"state.noiseDeck.discard":            200,
		"state.enemyTurn.units":              200,
		"state.enemyTurn.ruthless":           200,
		"state.enemyTurn.shot":               200,
		"state.enemyTurn.seen":               800,
		"content.spawnCards":                 200,
		"content.noiseCards":                 200,
		"answers.los":                        2000,
		"answers.los[].basis.shut":           800,
		"answers.los[].basis.blockers":       400,
		"answers.los[].basis.obscured":       400,
		"content.noiseCards[].top[].text":    1000,
		"content.noiseCards[].bottom[].text": 1000,
		"seed":                               -1,
	},
}

// checkLimits refuses a situation beyond the limits, naming each field.
func (s *Situation) checkLimits() error { return limits.Check(s) }
