package shell

import (
	"os"
	"testing"

	"tablekeeper/ui/widgets"
)

// TestMain runs the tests under a manual schedule (uitest, which imports
// this package, cannot be used here): no timer runs by itself.
func TestMain(m *testing.M) {
	widgets.UseSchedule(widgets.NewManualSchedule())
	os.Exit(m.Run())
}
