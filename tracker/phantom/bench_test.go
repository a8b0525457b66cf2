package phantom

import (
	"testing"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// BenchmarkResolveAdversaryTurn is what a tap on Resolve costs: building
// the engine's situation from the state and running the turn.
func BenchmarkResolveAdversaryTurn(b *testing.B) {
	s, _ := newSession(b)
	do(b, s, contentCommands()...)
	do(b, s, startCmd(), BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W2", "W5"}}, SelectCards{Character: "Bo", Cards: []string{"H2", "H5"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	state := st(s)
	next := state.Mission.next()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := (Rules{}).Decide(state, ResolveAdversaryTurn{Adversary: next}, tracker.NewDice(1, uint64(i))); err != nil {
			b.Fatal(err)
		}
	}
}
