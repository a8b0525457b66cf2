// Package share serves one open campaign to the phones and tablets around
// the table, on the local network: a page made for a phone held in one hand,
// live, from which a player keeps their own figure. The device holding the
// campaign file is the only writer; phones send intents, the host turns them
// into the game's own commands and runs them through Session.Do, as the
// app's screens do. The games never know a phone exists: each game's ui
// package gives the host a Table, its face on the page.
package share

import (
	"image"

	"tablekeeper/tracker"
)

// A Table is one game's face on the shared page: who a phone may sit as,
// what it sees, and which of the app's commands a tap on it stands for.
//
// The host calls a Table only from inside its executor (Options.Exec), the
// same goroutine or lock the app's own screens use for the session, so a
// Table may read Session.State, Core and Campaign freely; it never changes
// the session itself.
type Table interface {
	// Seats are who a phone may sit as: each figure a player keeps (a
	// character, a hero), and, where the players act as one, the group.
	// A watcher has no seat. IDs stay the same for the figure's life.
	Seats(s *tracker.Session) []Seat
	// View is what a phone at seat sees now. seat "" is a watcher's view,
	// and the table view's: every figure, no controls.
	View(s *tracker.Session, seat string) View
	// Command turns an action a phone asked for into the command the app's
	// own screens send for the same tap, or refuses it in the players' words
	// (a seat may only change its own figure, a step that is not this
	// seat's to take, an action the view never offered). The command is
	// then checked by the game's rules in Session.Do, as the app's is.
	Command(s *tracker.Session, seat string, a Action) (Intent, error)
	// Board draws the board as the app's own map screen draws it (the same
	// code, rendered off screen), with the enemy's latest move on it, at
	// about size pixels; nil and no error where the game has no map or none
	// is set up yet.
	Board(s *tracker.Session, size image.Point, dark bool) (image.Image, error)
}

// An Intent is what a phone's action stands for: the game's command, and
// whether it is one of the enemy's steps (played only when the host allows
// phones to play them; the host checks it, not the page).
type Intent struct {
	Command tracker.Command
	Resolve bool
}

// A Seat is who a phone may sit as.
type Seat struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Kind is the game's word for it: "Character", "Hero", "The group".
	Kind string `json:"kind"`
}

// A View is the page's content for one seat, in the players' words.
type View struct {
	// Heading says where the game stands: "Round 3 · Mara Voss's turn".
	Heading string `json:"heading"`
	// Tracks are the table's shared tracks (The Eternaut's Timer, the
	// alarm track, the Round track...).
	Tracks []Track `json:"tracks,omitempty"`
	// Figures are the figures the seat sees: its own first, then the
	// others (read only). A watcher sees all.
	Figures []Figure `json:"figures,omitempty"`
	// Steps are the seat's own steps not tied to one figure ("End my
	// turn") and the enemy's steps (Resolve set).
	Steps []Control `json:"steps,omitempty"`
	// Decision is the enemy's latest decision, nil before the first.
	Decision *Decision `json:"decision,omitempty"`
	// Diary is the campaign diary's last lines, oldest first, where the
	// game keeps a diary apart from the Log.
	Diary []string `json:"diary,omitempty"`
}

// A Track is one of the table's shared tracks.
type Track struct {
	Label string `json:"label"`
	Value int    `json:"value"`
	Min   int    `json:"min"`
	Max   int    `json:"max"`
	// Text says the value in words where the number alone does not
	// ("Alert", "7 of 12, Menace at 8").
	Text string `json:"text,omitempty"`
}

// A Figure is a character, hero or other figure a seat keeps or sees.
type Figure struct {
	// Seat is the seat it belongs to ("" for none).
	Seat string `json:"seat,omitempty"`
	Name string `json:"name"`
	// Down says the figure is out (defeated, knocked down, captured), in
	// words; "" while it stands.
	Down  string `json:"down,omitempty"`
	Stats []Stat `json:"stats,omitempty"`
	// Tags are its conditions, wounds or marks, each removable where
	// Remove is set.
	Tags []Tag `json:"tags,omitempty"`
	// Add lists the tags that may be added, as choices ("Burning").
	Add []Choice `json:"add,omitempty"`
	// Lines are other facts in words: cards in hand, items, skills.
	Lines []string `json:"lines,omitempty"`
	// Controls are its own steps ("End Ana's turn").
	Controls []Control `json:"controls,omitempty"`
}

// A Stat is a number kept for a figure: Life 7 of 10, Ammo 3.
type Stat struct {
	Label string `json:"label"`
	Value int    `json:"value"`
	// Max is its most, 0 where it has none.
	Max  int    `json:"max,omitempty"`
	Text string `json:"text,omitempty"`
	// Minus and Plus change it by one, nil where a phone may not.
	Minus *Action `json:"minus,omitempty"`
	Plus  *Action `json:"plus,omitempty"`
}

// A Tag is a condition or mark on a figure.
type Tag struct {
	Label  string  `json:"label"`
	Remove *Action `json:"remove,omitempty"`
}

// A Choice is one of several actions offered together (the conditions
// that may be added).
type Choice struct {
	Label  string `json:"label"`
	Action Action `json:"action"`
}

// A Control is a button on the page.
type Control struct {
	Label  string `json:"label"`
	Action Action `json:"action"`
	// Hold marks a step that changes the game for everyone (end a turn,
	// play the enemy's turn): the page asks for a press and hold, as the
	// app does.
	Hold bool `json:"hold,omitempty"`
	// Resolve marks one of the enemy's steps.
	Resolve bool `json:"resolve,omitempty"`
	// Why says, when set, why the step cannot be taken now; the page shows
	// it instead of a button that does nothing.
	Why string `json:"why,omitempty"`
}

// An Action is what a phone sends for a tap: a name the game's Table gives
// it, and its arguments. It is an intent, never state: the host decides
// what it means against the state it meets.
type Action struct {
	Name   string `json:"name"`
	Figure string `json:"figure,omitempty"`
	Arg    string `json:"arg,omitempty"`
	N      int    `json:"n,omitempty"`
}

// A Decision is the enemy's latest decision, with its Why.
type Decision struct {
	Title string   `json:"title"`
	Why   []string `json:"why,omitempty"`
}
