package place

import (
	"testing"

	"tablekeeper/ui/uitest"
)

// TestMain runs the tests under uitest's manual schedule and words checks.
func TestMain(m *testing.M) { uitest.Main(m) }
