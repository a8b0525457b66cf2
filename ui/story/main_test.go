package story

import (
	"testing"

	"tablekeeper/ui/uitest"
)

// The panel's background work (the campaign folded for its charts, the
// sessions read, the story written) runs under the tests' manual schedule:
// its answers reach the widgets on the test's goroutine when it settles.
func TestMain(m *testing.M) { uitest.Main(m) }
