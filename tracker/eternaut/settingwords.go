package eternaut

import "fmt"

// A Reading is one place where the rulebook can be read two ways (spec
// §13 keeps them as settings), in the players' words: what it is about,
// and each reading in a sentence, the app's usual one first. The Settings
// screen shows these words and the diary writes a change in them.
type Reading struct {
	Title     string
	Sentences [2]string
}

// The readings the group chooses between.
var (
	// §5.3 E6, §13.5: the second reading is PassFirstPlayer.
	PassFirstReading = Reading{"Who starts each round", [2]string{
		"The First Player starts every round: the counter is never passed (the turn order, the component list and the glossary say so).",
		"The player after the one who ended the round starts the next one (a note in the end-of-round rules)."}}
	// §5.7 C3, §13.8: the second reading is !RedealAfterSurvivors.
	RedealReading = Reading{"The Survivors' cubes in Scenario B", [2]string{
		"The 4 Consumed cubes are dealt again after the Survivors move, as they are after the aliens.",
		"The cubes are not dealt again after the Survivors move: Scenario B does not say to; the players deal them by hand on the Enemy tab."}}
	// §5.7 C4, §13.7: the second reading is !ActivationBeforeEndOfRound.
	ActFirstReading = Reading{"A turn that sets the cubes off and ends the round", [2]string{
		"When a turn both sets the cubes off and ends the round, the cubes' activation comes first, then the end of the round.",
		"When a turn both sets the cubes off and ends the round, the end of the round comes first, then the cubes' activation."}}
	// §11 F, §13.28: the second reading is !TankFuelPerTurn.
	TankFuelReading = Reading{"The Tank's Fuel in Scenario F", [2]string{
		"1 Tank Fuel comes off at the start of every player's turn while someone operates the Tank.",
		"The app takes no Tank Fuel by itself: the players correct it on the Tank's card when the rule applies."}}
)

// The two numbers the rulebook leaves out (§13.2, §13.21).
const (
	TimerMaxTitle = "Timer track length"
	MaskedLPTitle = "A dead Masked Figure comes back with"
)

// settingsChanges says, in the Settings screen's words, what differs from
// old to now: each reading changed, with the one now played, and each
// number before and after.
func settingsChanges(old, now Settings) []string {
	var ch []string
	if old.TimerMax != now.TimerMax {
		ch = append(ch, fmt.Sprintf("%s: %d → %d spaces.", TimerMaxTitle, old.TimerMax, now.TimerMax))
	}
	read := func(r Reading, was, second bool) {
		if was != second {
			n := 0
			if second {
				n = 1
			}
			ch = append(ch, r.Title+" — "+r.Sentences[n])
		}
	}
	read(PassFirstReading, old.PassFirstPlayer, now.PassFirstPlayer)
	read(RedealReading, !old.RedealAfterSurvivors, !now.RedealAfterSurvivors)
	read(ActFirstReading, !old.ActivationBeforeEndOfRound, !now.ActivationBeforeEndOfRound)
	read(TankFuelReading, !old.TankFuelPerTurn, !now.TankFuelPerTurn)
	if old.MaskedReturnLP != now.MaskedReturnLP {
		ch = append(ch, fmt.Sprintf("%s %d life points (was %d).", MaskedLPTitle, now.MaskedReturnLP, old.MaskedReturnLP))
	}
	return ch
}
