// Package shell is the contract between Tablekeeper's app frame and each
// game's screens. The frame (package ui) owns the window, the home screen,
// the Log, undo and redo, the clocks, the table lock and the settings; a
// game fills in four places — Play, Campaign, Enemy and its part of the
// new-campaign form — by implementing GameScreens and registering it by
// game ID. A game's screens change the campaign only through Context.Do,
// so the table lock, refusals and the refresh after every change work the
// same in every game.
package shell

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
)

// GameScreens is what a game gives the frame. The frame calls Play, Campaign
// and Enemy once each time a campaign of the game is opened, and Setup each
// time the new-campaign form is shown for the game.
type GameScreens interface {
	// Play is the live session: tracks, life, the round's steps.
	Play(ctx *Context) fyne.CanvasObject
	// Campaign is the campaign between sessions: diary, sheet, purchases.
	Campaign(ctx *Context) fyne.CanvasObject
	// Enemy is the automation: ask for a decision, see its trace, override.
	Enemy(ctx *Context) fyne.CanvasObject
	// Setup is the game's part of the new-campaign form. A zero Setup adds
	// nothing.
	Setup(env SetupEnv) Setup
	// Act runs a shortcut (a key, or a page-turner pedal) on the screen
	// that is showing. It reports whether the game handled it; the frame
	// says so when it did not.
	Act(ctx *Context, tab Tab, a Action) bool
}

// SetupEnv is what the new-campaign form gives a game's Setup: the window
// (for its dialogs) and the device's content sets.
type SetupEnv struct {
	Window fyne.Window
	// Library is the device's content sets; it may be nil (a nil Library
	// lists nothing and refuses to save).
	Library *Library
}

// A Setup is a game's part of the new-campaign form: extra fields, and the
// commands they turn into. Commands is called before the campaign is made,
// so a mistake in a field (an error) makes nothing; the commands then run,
// in order, as the new campaign's first events.
type Setup struct {
	Items    []*widget.FormItem
	Commands func() ([]tracker.Command, error)
}

// Tab names a place in the campaign screen.
type Tab int

// The campaign screen's tabs, in order.
const (
	TabPlay Tab = iota
	TabCampaign
	TabEnemy
	TabLog
)

func (t Tab) String() string {
	switch t {
	case TabPlay:
		return "Play"
	case TabCampaign:
		return "Campaign"
	case TabEnemy:
		return "Enemy"
	case TabLog:
		return "Log"
	}
	return "?"
}

// An Action is a shortcut the frame passes on to the game. Undo and redo are
// the frame's own and never reach a game.
type Action int

const (
	// Next is the next step of the round (Space or Right).
	Next Action = iota
	// Resolve asks the enemy for its decision (R).
	Resolve
)

func (a Action) String() string {
	if a == Resolve {
		return "Resolve"
	}
	return "Next"
}

// A Registry maps each game to its screens. A game without an entry gets
// the frame's default screens (notes and clocks).
type Registry map[tracker.GameID]GameScreens

// A Viewer is a game's GameScreens that can open one of its own views by
// name: a dialog, an editor half filled in, a step waiting for a roll, the
// Why of a decision. The frame opens a campaign on "TAB/VIEW" (Options.Tab,
// TABLEKEEPER_TAB: "enemy/why") by selecting the tab, then asking the game
// for the view, so the real-window check (.ci/window-fit, with a
// fixture's list of views beside its export in ui/testdata/fit) can look
// at screens a campaign's log alone does not open. What a view holds that
// is not in the campaign (a room half drawn) is the game's to make up, as
// a player would have it on screen.
type Viewer interface {
	// View shows the named view of the campaign open in ctx, on tab; an
	// error says the game has no such view (the frame shows it).
	View(ctx *Context, tab Tab, name string) error
}
