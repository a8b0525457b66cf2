package shell

import "tablekeeper/tracker"

// Practice is a game's practice game: made-up content (labelled so, never
// the printed cards) that starts a campaign ready to play, so a new player
// sees the game's first enemy decision in a few taps.
type Practice struct {
	// Name says in a few words what the practice game holds, under the
	// game's title in Home's list ("a made-up lab: two Raiders, one
	// Warrior"). It may be empty.
	Name string
	// Commands are the new campaign's first events: the content loaded,
	// the mission set up. It is called before anything is made, so an
	// error makes nothing.
	Commands func() ([]tracker.Command, error)
	// Tab is where the campaign opens (usually TabPlay or TabEnemy).
	Tab Tab
}

// Practicer is implemented by a game's GameScreens when the game offers a
// practice game. Home's "Try a practice game" lists those games; one tap
// makes a campaign marked practice (tracker.Campaign.Practice), named
// "Practice — <game>" (numbered when taken), runs Commands as its first
// events and opens it on Tab.
type Practicer interface {
	Practice() Practice
}
