package alone

import (
	"fmt"

	"tablekeeper/assets/content"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
)

// practiceSet is the app's practice content, read through the same parser
// and checks as a set the players enter or import.
func practiceSet() (*ta.Content, error) {
	c, err := ta.ParseContent(content.AlonePractice)
	if err != nil {
		return nil, fmt.Errorf("the practice set cannot be read: %w", err)
	}
	return c, nil
}

// practiceChoice is the practice game: solo at Normal, the Hero on the
// practice Map's start, its two Starting Missions and its Final one, the
// practice Hero with one Item.
var practiceChoice = ta.SetupChoice{Mode: ta.Solo, Difficulty: ta.Normal, Character: "Mara Quell",
	Decks: []string{"fury", "terror"}, Starting: [2]string{"Restart the pumps", "Save the seed samples"},
	Final: "Call the rescue ship", Items: []string{"Arc Torch"}, Map: "Practice station"}

// PracticeCommands are a practice game's first events: the practice set's
// Hero sheet, the readings, the set itself and the game set up from it, so
// the Hero can take a Turn at once and the app's Evil side answer it.
func PracticeCommands() ([]tracker.Command, error) {
	c, err := practiceSet()
	if err != nil {
		return nil, err
	}
	cmds, ps := c.Commands(practiceChoice, nil)
	if len(ps) > 0 {
		return nil, fmt.Errorf("the practice game cannot be set up: %w", ps)
	}
	return cmds, nil
}
