package ui

import (
	"tablekeeper/tracker"
	aloneui "tablekeeper/ui/alone"
	eternautui "tablekeeper/ui/eternaut"
	phantomui "tablekeeper/ui/phantom"
	reichui "tablekeeper/ui/reich"
	"tablekeeper/ui/shell"
)

// gameScreens lists the games whose screens are in this build. Games not
// listed get the default screens (notes, clocks and the Log).
func gameScreens() shell.Registry {
	return shell.Registry{
		tracker.Eternaut:     eternautui.Screens{},
		tracker.PhantomEpoch: &phantomui.Screens{},
		tracker.Reichbusters: reichui.Screens{},
		tracker.Alone:        &aloneui.Screens{},
	}
}
