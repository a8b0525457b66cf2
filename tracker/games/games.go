// Package games gathers the rules of every game Tablekeeper serves into one
// registry, so main, the command line and the tests all see the same set.
// A game whose rules have not landed gets the core's Basic rules.
package games

import (
	"tablekeeper/tracker"
	"tablekeeper/tracker/alone"
	"tablekeeper/tracker/eternaut"
	"tablekeeper/tracker/phantom"
	"tablekeeper/tracker/reich"
)

// Registry returns the rules of every game.
func Registry() tracker.Registry {
	return tracker.Registry{
		tracker.Eternaut:     eternaut.Rules{},
		tracker.PhantomEpoch: phantom.Rules{},
		tracker.Reichbusters: reich.Rules,
		tracker.Alone:        alone.Rules{},
	}
}
