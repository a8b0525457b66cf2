package ui

import (
	"runtime/debug"
	"time"

	"tablekeeper/ui/widgets"
)

// releaseAfter is how long a new screen shows before the memory its
// building let go of is handed back to the system.
const releaseAfter = 2 * time.Second

// releaseSoon hands the memory a screen's building used and let go of back
// to the system once the screen has shown for releaseAfter. Building a
// campaign's screens (fonts parsed, icons decoded, every tab laid out)
// passes through about twice the memory it keeps, and Go's runtime keeps
// what it let go of for a while in case it is needed again: measured on
// a Phantom Epoch campaign's Play tab under Xvfb, 23 MB of the 210 MB
// resident was such memory 8 s after the window showed. Each new screen
// moves the release on, so it runs once things are still.
//
// The wait goes through the window's schedule (widgets.After, so a test's
// clock drives it) and the release itself runs off the window's thread: it
// is a whole garbage collection.
func (u *App) releaseSoon() {
	if u.release != nil {
		u.release.Stop()
	}
	u.release = widgets.After(releaseAfter, func() { widgets.Go(debug.FreeOSMemory) })
}
