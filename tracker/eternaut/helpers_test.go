package eternaut

import (
	"errors"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker"
)

func newGame(t testing.TB) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	mem := tracker.NewMemStore()
	c, err := tracker.NewCampaign(tracker.Eternaut, "Buenos Aires", 7, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if err := mem.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(mem, Rules{}, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s, mem
}

func roster() []RosterEntry {
	return []RosterEntry{{"901", "Eduardo"}, {"902", "Simon"}, {"903", "Sofia"}, {"904", "Ana"},
		{"905", "Pablo"}, {"906", "Lucas"}, {"911", "Mora"}, {"912", "Juan"}, {"913", "Elena"}}
}

func do(t testing.TB, s *tracker.Session, cmds ...tracker.Command) tracker.Event {
	t.Helper()
	var e tracker.Event
	for _, c := range cmds {
		var err error
		if e, err = s.Do(c); err != nil {
			t.Fatalf("%T%+v: %v", c, c, err)
		}
	}
	return e
}

// refuse checks a command is refused by a rule, with words containing want.
func refuse(t testing.TB, s *tracker.Session, cmd tracker.Command, want string) {
	t.Helper()
	_, err := s.Do(cmd)
	if err == nil {
		t.Fatalf("%T%+v was accepted; want a refusal about %q", cmd, cmd, want)
	}
	var re *tracker.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%T: error %v is not a rule refusal", cmd, err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%T refused with %q; want it to mention %q", cmd, err, want)
	}
}

func st(s *tracker.Session) *State { return s.State().(*State) }

func ch(s *tracker.Session, id string) *Character { return st(s).Char(id) }

func said(s *tracker.Session, e tracker.Event) string { return s.Describe(e) }

// playTurn plays a card on char and ends the turn.
func playTurn(t testing.TB, s *tracker.Session, char string) tracker.Event {
	t.Helper()
	do(t, s, PlayCard{Char: char})
	return do(t, s, EndTurn{})
}

// newCampaign sets up a 2-player campaign.
func newCampaign(t testing.TB) *tracker.Session {
	t.Helper()
	s, _ := newGame(t)
	do(t, s, NewCampaign{Players: 2, Roster: roster()})
	return s
}

// finishShop runs the end-of-scenario wizard with no purchases.
func finish(t testing.TB, s *tracker.Session, epilogue string, unlock Unlock, buys ...Buy) {
	t.Helper()
	if st(s).Phase == PhasePlaying {
		do(t, s, EndScenario{})
	}
	do(t, s, ConfirmObjectives{})
	if st(s).End.Step == StepItems {
		do(t, s, ReturnItems{})
	}
	do(t, s, RecordEpilogue{Code: epilogue})
	if st(s).End.Step == StepFinale {
		return
	}
	do(t, s, RecordSpecialQuests{}, unlock)
	for _, b := range buys {
		do(t, s, b)
	}
	do(t, s, CloseShop{})
}
