package eternaut

import (
	"testing"

	"tablekeeper/tracker"
)

// BenchmarkTurn is one player turn as the players feel it: a card played
// and the turn ended (end-of-round checks, cubes), recorded in a session.
func BenchmarkTurn(b *testing.B) {
	s := reach(b, "D")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if st(s).Phase != PhasePlaying {
			b.StopTimer()
			s = reach(b, "D")
			b.StartTimer()
		}
		do(b, s, PlayCard{Char: "901"}, EndTurn{})
	}
}

// BenchmarkOpenCampaign replays a whole campaign's log from the store, as
// opening a long campaign does when no snapshot is at hand.
func BenchmarkOpenCampaign(b *testing.B) {
	s, mem := newGame(b)
	do(b, s, NewCampaign{Players: 2, Roster: roster()})
	do(b, s, StartScenario{Key: "A", TimerStart: 20})
	for range 150 {
		do(b, s, PlayCard{Char: "901"}, EndTurn{})
		if st(s).Phase != PhasePlaying {
			break
		}
	}
	id := s.Campaign().ID
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tracker.Open(mem, Rules{}, id); err != nil {
			b.Fatal(err)
		}
	}
}
