// Command tablekeeper keeps the bookkeeping of a campaign board game and
// plays its enemy side. With no verb it opens the window; with one it runs
// headless (see --help). main only wires the parts together.
package main

import (
	"os"

	"fyne.io/fyne/v2/app"

	"tablekeeper/automa/alone"
	"tablekeeper/automa/eternaut"
	"tablekeeper/automa/phantom"
	"tablekeeper/automa/reich"
	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	"tablekeeper/ui"
	"tablekeeper/ui/cli"
)

// AppID is the application's ID, as in FyneApp.toml.
const AppID = "org.tablekeeper.app"

func main() {
	reg := games.Registry()
	os.Exit(cli.Run(os.Args[1:], cli.Env{
		Stdin:     os.Stdin,
		Stdout:    os.Stdout,
		Stderr:    os.Stderr,
		Registry:  reg,
		Resolvers: resolvers(),
		GUI: func(dbPath string) error {
			return ui.Run(app.NewWithID(AppID), ui.Options{DBPath: dbPath, Registry: reg})
		},
	}))
}

// resolvers maps each game to its enemy decision's resolve entry point.
func resolvers() map[tracker.GameID]func([]byte) ([]byte, error) {
	return map[tracker.GameID]func([]byte) ([]byte, error){
		tracker.Eternaut:     eternaut.Resolve,
		tracker.PhantomEpoch: phantom.Resolve,
		tracker.Reichbusters: reich.Resolve,
		tracker.Alone:        alone.Resolve,
	}
}
