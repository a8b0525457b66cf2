package eternaut

import (
	"strings"
	"testing"
)

// §6.4, §12 V23: a Take Action ID may start with 0 now, but what is not a
// 3-digit ID is still refused, naming the rule.
func TestTakeActionRefusesWhatIsNotAnID(t *testing.T) {
	for _, bad := range []string{"01", "0111", "0a1", "0", ""} {
		p, err := Interaction(TakeAction, bad, "226")
		if err == nil || !strings.Contains(err.Error(), "V23") {
			t.Fatalf("Take Action %q on 226: %q %v, want a V23 refusal", bad, p, err)
		}
	}
}
