package widgets

import (
	"os"
	"testing"
)

// schedule of the tests: timers run only when a test advances it (see
// ManualSchedule).
var testSchedule = NewManualSchedule()

func TestMain(m *testing.M) {
	UseSchedule(testSchedule)
	os.Exit(m.Run())
}
