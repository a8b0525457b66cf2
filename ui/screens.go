package ui

import (
	"tablekeeper/tracker"
	"tablekeeper/ui/alone"
	"tablekeeper/ui/eternaut"
	"tablekeeper/ui/phantom"
	"tablekeeper/ui/reich"
	"tablekeeper/ui/share"
	"tablekeeper/ui/shell"
)

// gameScreens lists the games whose screens are in this build, one line
// each. A game not listed, or whose rules are not in the registry, gets the
// default screens (notes, clocks and the Log).
func gameScreens() shell.Registry {
	return shell.Registry{
		tracker.Eternaut:     eternaut.Screens{},
		tracker.PhantomEpoch: &phantom.Screens{},
		tracker.Reichbusters: reich.Screens{},
		tracker.Alone:        &alone.Screens{},
	}
}

// Tables are each game's face on the shared page, for the sharing host
// (tablekeeper serve, and the window's own sharing).
func Tables() map[tracker.GameID]share.Table { return gameTables() }

// gameTables lists each game's face on the shared page (package
// ui/share), one line each, beside its screens. A game not listed is
// shared with share.Basic (notes, undo and the Log).
func gameTables() map[tracker.GameID]share.Table {
	return map[tracker.GameID]share.Table{
		tracker.Eternaut:     eternaut.ShareTable(),
		tracker.PhantomEpoch: phantom.ShareTable(),
		tracker.Reichbusters: reich.ShareTable(),
		tracker.Alone:        alone.ShareTable(),
	}
}
