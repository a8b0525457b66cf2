package uitest

import (
	"os"
	"testing"

	"fyne.io/fyne/v2/driver/desktop"

	"tablekeeper/ui/widgets"
)

// Schedule is the manual schedule every UI test package runs under (see
// Main): timers and background work reach the widgets only when a test
// calls Schedule.Advance, Schedule.Flush or Schedule.Settle, on the test's
// own goroutine.
var Schedule = widgets.NewManualSchedule()

// Run is a UI test package's TestMain before it exits: it puts Schedule in
// place of the window's, checks every text the tests see (see seen.go),
// runs the tests, and fails if the checks found words players must never
// read. A package with cleanup of its own calls it and exits with its
// code; the others use Main.
//
//	func TestMain(m *testing.M) { uitest.Main(m) }
func Run(m *testing.M) int {
	widgets.UseSchedule(Schedule)
	startSeeing()
	widgets.Heard = see
	code := m.Run()
	if reportSeen() && code == 0 {
		code = 1
	}
	return code
}

// Main runs a UI test package's tests (see Run) and exits.
func Main(m *testing.M) { os.Exit(Run(m)) }

// Hold presses b, holds it as long as it asks (Schedule's clock moves on
// by its Hold, running what falls due), and lets go: what a player's
// press and hold does.
func Hold(b *widgets.HoldButton) {
	b.MouseDown(&desktop.MouseEvent{})
	Schedule.Advance(b.Hold)
	b.MouseUp(&desktop.MouseEvent{})
}
