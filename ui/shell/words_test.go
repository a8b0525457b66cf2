package shell

import (
	"errors"
	"fmt"
	"testing"

	"tablekeeper/tracker"
)

func TestWordsDropTheSpecSection(t *testing.T) {
	for err, want := range map[error]string{
		tracker.Refuse("phantom-epoch §7.3", "damage is at least 1"):             "damage is at least 1",
		tracker.Refuse("phantom-epoch §8.6 (RB p.27)", "no target in sight"):     "no target in sight (Rulebook p.27)",
		fmt.Errorf("setup: %w", tracker.Refuse("alone §3.2", "life is 1 to 10")): "setup: life is 1 to 10",
		tracker.Refuse("", "the note is empty"):                                  "the note is empty",
		errors.New("the campaign file is closed"):                                "the campaign file is closed",
	} {
		if got := Words(err); got != want {
			t.Errorf("%v: %q, want %q", err, got, want)
		}
	}
	if Words(nil) != "" {
		t.Fatal("nil")
	}
}
