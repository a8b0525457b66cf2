package reich

import (
	"regexp"
	"strings"
	"testing"

	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
)

// When phase 1 sets off the alarm, the diary says so: the marker moved on
// past the last pre-alarm space and the alarm is triggered, never "round
// marker 4 → 4" (issue 15 item 11).
func TestPhase1AlarmSaysWhatHappened(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, AdjustTracker{By: 3, Reason: "test: the last pre-alarm space"})
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "C1"}}, Awareness: map[string]content.Awareness{"R3": content.Alert}})
	do(t, s, EndTurn{})
	e := do(t, s, EnemyTurn{})
	line := s.Describe(e)
	if same := regexp.MustCompile(`(\d+) → (\d+)`).FindAllStringSubmatch(line, -1); len(same) > 0 {
		for _, m := range same {
			if m[1] == m[2] {
				t.Fatalf("the diary moves something from %s to %s: %q", m[1], m[2], line)
			}
		}
	}
	if !strings.Contains(line, "past the last space") || !strings.Contains(line, "the alarm is triggered") {
		t.Fatalf("the diary does not say the alarm was set off: %q", line)
	}
	if strings.Contains(line, "alarmTriggered") {
		t.Fatalf("the diary shows a code name: %q", line)
	}
}

// Every kind of enemy change reads as words: no code name of a change kind
// and no move from a value to itself (the relatives of item 11).
func TestEveryChangeKindHasWords(t *testing.T) {
	kinds := []string{ai.ChUnitPlaced, ai.ChShortfall, ai.ChUnitMoved, ai.ChUnitWounded, ai.ChUnitFlipped, ai.ChUnitKilled,
		ai.ChHeroWounded, ai.ChHeroKnockedDown, ai.ChDoorUnlocked, ai.ChDoorOpened, ai.ChAwareness, ai.ChTokenPlaced,
		ai.ChTokenRemoved, ai.ChTokenFlipped, ai.ChTokenRevealed, ai.ChFeatureRevealed, ai.ChFeatureDiscarded,
		ai.ChSpawnCardDrawn, ai.ChSpawnCardDiscard, ai.ChDeckShuffled, ai.ChNoiseCardDrawn, ai.ChNoiseCardDiscard,
		ai.ChClearedPlaced, ai.ChClearedRemoved, ai.ChTracker, ai.ChAlarmTriggered, ai.ChMissionFailed,
		ai.ChAwarenessRemoved, ai.ChNoiseDeckSwapped, ai.ChEffectsEnded, ai.ChSuppressedRemoved, ai.ChBoom, ai.ChForPlayers}
	for _, k := range kinds {
		c := ai.Change{Kind: k, Unit: "GR-1", Code: "GR", Hero: "H1", Area: "A1", From: "suspicious", To: "alert", Door: "D1",
			Room: "R1", Token: "T1", Feature: "F1", Card: "RB001", Level: content.Green, Icons: []content.Level{content.Green}, N: 1, Text: "phase 1"}
		if k == ai.ChTracker {
			c.From, c.To = "4", "4"
		}
		line := changeLine(c)
		if strings.Contains(line, k) || line == "" {
			t.Errorf("%s: %q shows the change's code name", k, line)
		}
		if strings.Contains(line, "4 → 4") || strings.Contains(line, "§") {
			t.Errorf("%s: %q", k, line)
		}
	}
	for _, tc := range []struct {
		c    ai.Change
		want string
	}{
		{ai.Change{Kind: ai.ChTracker, N: 1, From: "2", To: "3", Text: "phase 1"}, "the round marker moves on 1 (phase 1): space 2 → 3"},
		{ai.Change{Kind: ai.ChTracker, N: 2, From: "3", To: "4", Text: "BOOM"}, "the round marker moves on 2 (BOOM) from space 3, past the last space of its track"},
		{ai.Change{Kind: ai.ChTracker, N: 1, Text: "BANG"}, "the round marker moves on 1 (BANG)"},
		{ai.Change{Kind: ai.ChTracker, From: "alarm", To: "1"}, "the round marker goes onto post-alarm space 1"},
	} {
		if got := changeLine(tc.c); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.c, got, tc.want)
		}
	}
}
