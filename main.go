// Command tablekeeper keeps the bookkeeping of a campaign board game and
// plays its enemy side. With no verb it opens the window; with one it runs
// headless (see --help). main only wires the parts together.
package main

import (
	// For its init, which Go runs before Fyne's lang package reads the
	// locale: it keeps LANG=C.UTF-8 from printing "Fyne error" lines.
	_ "tablekeeper/ui/cli/locale"

	"errors"
	"fmt"
	"os"
	"runtime"

	"fyne.io/fyne/v2/app"

	"tablekeeper/automa/alone"
	"tablekeeper/automa/eternaut"
	"tablekeeper/automa/phantom"
	"tablekeeper/automa/reich"
	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	"tablekeeper/ui"
	"tablekeeper/ui/cli"
	"tablekeeper/ui/share"
)

// AppID is the application's ID, as in FyneApp.toml.
const AppID = "org.tablekeeper.app"

func main() {
	cli.Console(os.Args[1:]) // Windows: the console the verb or the window needs
	reg := games.Registry()
	os.Exit(cli.Run(os.Args[1:], cli.Env{
		Stdin:     os.Stdin,
		Stdout:    os.Stdout,
		Stderr:    os.Stderr,
		Registry:  reg,
		Resolvers: resolvers(),
		Tables:    tables(),
		GUI: func(dbPath string) (err error) {
			if err := checkDisplay(); err != nil {
				return err
			}
			defer windowFailed(&err)
			return ui.Run(app.NewWithID(AppID), ui.Options{DBPath: dbPath, Registry: reg, ScreenArea: screenArea})
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

// tables maps each game to its face on the shared page (tablekeeper
// serve): each game's own, listed beside its screens (ui.Tables).
func tables() map[tracker.GameID]share.Table { return ui.Tables() }

// checkDisplay refuses to start the window where there is no display to put
// it on (an SSH session, a server): the GLFW driver would panic with a stack
// trace instead of saying so.
func checkDisplay() error {
	if runtime.GOOS != "linux" && runtime.GOOS != "freebsd" {
		return nil
	}
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return errors.New("there is no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set); the headless verbs work without one: tablekeeper --help")
	}
	return nil
}

// windowFailed says in words why there is no window when the GLFW driver
// cannot reach the display (an X server not yet accepting connections, or
// gone): GLFW panics with a stack trace there, before the file is opened.
// Any other panic goes on as it was.
func windowFailed(err *error) {
	r := recover()
	if r == nil {
		return
	}
	if fmt.Sprintf("%T", r) != "*glfw.Error" {
		panic(r)
	}
	where := "the display"
	if d := os.Getenv("DISPLAY"); d != "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		where = "display " + d
	}
	*err = fmt.Errorf("the window cannot be opened: %s did not answer (%v)", where, r)
}
