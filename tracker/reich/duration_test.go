package reich

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/tracker"
)

func inPlay(t *testing.T, s *tracker.Session, id string, all, nextHero, ownNext int) {
	t.Helper()
	h := st(s).Mission.hero(id)
	if h.InPlay != all || h.UntilNextHero != nextHero || h.UntilOwnNext != ownNext {
		t.Fatalf("%s in play %d (until the next hero %d, until own next %d), want %d (%d, %d)",
			id, h.InPlay, h.UntilNextHero, h.UntilOwnNext, all, nextHero, ownNext)
	}
	if sum := h.Hand + h.Draw + h.Discard + h.Removed + h.InPlay; sum != DeckSize {
		t.Fatalf("%s's cards add up to %d (V-03)", id, sum)
	}
}

// TestOngoingCardDurations: §12.9, §5.2 step 1 — a card played for an
// ongoing effect lasts until discarded, until the next hero's turn starts,
// or until its hero's next turn starts; the timed ones go to the discard
// pile by themselves, with a diary line.
func TestOngoingCardDurations(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	refused(t, s, Cards{Hero: "H1", Action: "playOngoing", Duration: "tomorrow", N: 1}, "§12.9")
	refused(t, s, Cards{Hero: "H1", Action: "play", Duration: DurUntilNextHero, N: 1}, "ongoing")
	do(t, s, Cards{Hero: "H1", Action: "playOngoing", Duration: DurUntilNextHero, N: 1})
	do(t, s, Cards{Hero: "H1", Action: "playOngoing", Duration: DurUntilOwnNext, N: 1})
	do(t, s, Cards{Hero: "H1", Action: "playOngoing", N: 1})
	inPlay(t, s, "H1", 3, 1, 1)
	refused(t, s, Cards{Hero: "H1", Action: "endEffect", N: 2, Duration: DurUntilNextHero}, "only 1")

	do(t, s, EndTurn{})
	e := do(t, s, EnemyTurn{}) // no enemy on the map: H2's turn starts
	if st(s).Mission.Current != "H2" {
		t.Fatalf("H2's turn did not start: %s", st(s).Mission.Step)
	}
	inPlay(t, s, "H1", 2, 0, 1)
	if d := Rules.Describe(e); !strings.Contains(d, "until the next hero's turn") || !strings.Contains(d, "discard") {
		t.Fatalf("no diary line for the expired card: %q", d)
	}
	do(t, s, Cards{Hero: "H2", Action: "playOngoing", Duration: DurUntilOwnNext, N: 1})
	do(t, s, Cards{Hero: "H2", Action: "playOngoing", Duration: DurUntilNextHero, N: 1})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	do(t, s, EndRound{})
	// Between rounds no hero turn has started: everything still lasts.
	inPlay(t, s, "H2", 2, 1, 1)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	inPlay(t, s, "H1", 1, 0, 0) // H1's own turn: its card ends; the untimed one stays
	inPlay(t, s, "H2", 1, 0, 1) // any hero's turn ends H2's next-hero card, not H2's own
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	inPlay(t, s, "H2", 0, 0, 0)
	do(t, s, Cards{Hero: "H1", Action: "endEffect", N: 1})
	inPlay(t, s, "H1", 0, 0, 0)
}

// TestEndEffectByDuration: ending an effect by hand names which kind of
// card ends; untimed cards cannot be taken from the timed ones.
func TestEndEffectByDuration(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Cards{Hero: "H1", Action: "playOngoing", Duration: DurUntilOwnNext, N: 1})
	refused(t, s, Cards{Hero: "H1", Action: "endEffect", N: 1}, "until discarded")
	do(t, s, Cards{Hero: "H1", Action: "endEffect", Duration: DurUntilOwnNext, N: 1})
	inPlay(t, s, "H1", 0, 0, 0)
	do(t, s, Cards{Hero: "H1", Action: "playOngoing", Duration: DurUntilDiscarded, N: 1})
	inPlay(t, s, "H1", 1, 0, 0)
	// A correction cannot leave fewer cards in play than the timed ones.
	h := *st(s).Mission.hero("H1")
	h.UntilNextHero = 2
	h.InPlay = 1
	if _, err := s.Do(CorrectHero{Hero: h, Reason: "test"}); err == nil || !strings.Contains(err.Error(), "§12.9") {
		t.Fatalf("timed cards above the cards in play were accepted: %v", err)
	}
}

// TestAlarmEndsTimedCards: §5.6 step 5 — the alarm ends every ongoing
// action-card effect, the timed ones too.
func TestAlarmEndsTimedCards(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Cards{Hero: "H1", Action: "playOngoing", Duration: DurUntilOwnNext, N: 1})
	do(t, s, Cards{Hero: "H1", Action: "playOngoing", Duration: DurUntilNextHero, N: 1})
	do(t, s, AdjustTracker{By: 4, Reason: "test: the alarm"})
	do(t, s, EndRound{})
	if st(s).Mission.Phase != PhasePostAlarm {
		t.Fatal("the alarm did not sound")
	}
	inPlay(t, s, "H1", 0, 0, 0)
}

// TestOldHeroPayloadReads: a dashboard written before durations existed
// reads with no timed cards, and a new one keeps the old field names.
func TestOldHeroPayloadReads(t *testing.T) {
	var h Hero
	if err := json.Unmarshal([]byte(`{"id":"H1","hand":3,"draw":7,"discard":0,"removed":0,"inPlay":2,"turn":{}}`), &h); err != nil {
		t.Fatal(err)
	}
	if h.InPlay != 2 || h.UntilNextHero != 0 || h.UntilOwnNext != 0 {
		t.Fatalf("old dashboard read as %+v", h)
	}
	b, _ := json.Marshal(Hero{ID: "H1", InPlay: 1})
	if strings.Contains(string(b), "until") || !strings.Contains(string(b), `"inPlay":1`) {
		t.Fatalf("a dashboard without timed cards writes %s", b)
	}
}
