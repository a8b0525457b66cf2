package eternaut

import (
	"strings"
	"testing"
)

// §4.3 S2: from D a group short of the count is refused in words that say
// how to play with fewer: every main Character who can play, named.
func TestShortGroupRefusalNamesTheMainsLeftOut(t *testing.T) {
	s := reach(t, "B1")
	finish(t, s, "END-C-1", Unlock{})
	do(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}})
	do(t, s, Kill{Char: "903"}, Kill{Char: "904"})
	finish(t, s, "END-D-1", Unlock{})
	_, err := s.Do(StartScenario{Key: "D", TimerStart: 5, Characters: []string{"901", "907"}})
	if err == nil {
		t.Fatal("901 and 907 without 902 accepted")
	}
	for _, want := range []string{"§4.3 S2", "play with fewer", "left out: 902 Simon"} {
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("refusal %q does not say %q", err, want)
		}
	}
	do(t, s, StartScenario{Key: "D", TimerStart: 5, Characters: []string{"901", "902"}})
}

// §10.2: a 911 that E2 never revealed is refused in words that say why.
func TestUnrevealed911RefusalSaysWhy(t *testing.T) {
	s := reach(t, "D")
	finish(t, s, "END-E2-1", Unlock{})
	do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902", "903"}})
	finish(t, s, "END-F1-1", Unlock{})
	refuse(t, s, StartScenario{Key: "F1", TimerStart: 5, Characters: []string{"911", "901", "902", "903"}}, "never revealed in E2")
	do(t, s, StartScenario{Key: "F1", TimerStart: 5, Characters: []string{"901", "902", "903", "904"}})
	refuse(t, s, JoinCharacter{ID: "911"}, "never revealed in E2")
	do(t, s, Kill{Char: "904"})
	refuse(t, s, Reinforce{Dead: "904", New: "911"}, "never revealed in E2")
}
