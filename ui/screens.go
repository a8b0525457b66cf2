package ui

import "tablekeeper/ui/shell"

// gameScreens lists the games whose screens are in this build. A game adds
// its screens here with one line, e.g.
//
//	tracker.Eternaut: eternautui.Screens{},
//
// Games not listed get the default screens (notes, clocks and the Log).
func gameScreens() shell.Registry {
	return shell.Registry{}
}
