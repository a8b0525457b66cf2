package phantom

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"tablekeeper/automa/hex"
)

// benchSituation: a 30×30 map from the hex package's bench map builder
// (walls, objects, hazards scattered), 6 characters and 6 adversaries.
func benchSituation(b *testing.B) (*Situation, *hex.Map) {
	m := hex.GenerateBenchMap(1, 30, 30)
	raw, err := hex.EncodeMap(m)
	if err != nil {
		b.Fatal(err)
	}
	s := &Situation{Map: json.RawMessage(raw), DecisionDie: DieInput{Face: face(Red, South, East)}, Adversary: "Raider 0"}
	s.Types = []AdversaryType{{Name: "Raider", Range: 4, HP: 10, Attack: 1, Difficulty: 2,
		SpeciesCard: &Card{AP: 3, Actions: []Action{{Kind: ActMove, Value: 4}}},
		ClassCard:   &ClassCard{Rows: allRows(Card{AP: 2, Actions: []Action{{Kind: ActAttack, Targets: 2}}})}}}
	picks := []int{}
	for i := 0; len(picks) < 12 && i < m.Len(); i += 71 {
		if m.SpaceAt(i).Standable(false) {
			picks = append(picks, i)
		}
	}
	for k, i := range picks {
		c := Colours[k%4]
		if k%2 == 0 {
			s.Figures = append(s.Figures, FigureInput{Name: fmt.Sprintf("Raider %d", k/2), Side: "adversary", Type: "Raider", Colour: string(c), Position: m.Label(i), HP: 10})
		} else {
			s.Figures = append(s.Figures, FigureInput{Name: fmt.Sprintf("Hero %d", k/2), Side: "character", Colour: string(c), Position: m.Label(i), HP: 10, MaxHP: 10})
		}
	}
	s.Rolls.Attack = []string{"2", "2", "2"}
	s.Rolls.Accuracy = []string{"success", "success", "success", "success", "success", "success"}
	if err := s.check(); err != nil {
		b.Fatal(err)
	}
	return s, m
}

// BenchmarkAdversaryTurn is one whole adversary turn (primary target, a
// Move 4, a Target 2 attack with line-of-sight choice) on the 30×30 map.
// Each round also runs plain shortest-path sweeps of the same map
// (BenchmarkShortestPathSweep's), timed apart, so the run reports the
// turn's cost in sweeps ("x-sweep", goal at most 10) with both measured
// side by side under the same load. The sweeps run with the benchmark's
// timer stopped, so ns/op is the turn alone, to set beside
// BenchmarkShortestPathSweep's ns/op as well. The sweep's time is
// the mean of 5 in a row, so it is a warm sweep as that benchmark times,
// not one slowed by the turn leaving the caches cold.
func BenchmarkAdversaryTurn(b *testing.B) {
	s, m := benchSituation(b)
	from, _ := m.Index(s.Figures[0].Position)
	var turn, sweep time.Duration
	const sweeps = 5
	for b.Loop() {
		t0 := time.Now()
		if _, _, err := AdversaryTurn(s, nil); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		b.StopTimer()
		t2 := time.Now()
		for range sweeps {
			m.ShortestPaths(from, hex.MoveRules{})
		}
		sweep += time.Since(t2) / sweeps
		b.StartTimer()
		turn += t1.Sub(t0)
	}
	n := float64(b.N)
	b.ReportMetric(float64(turn.Microseconds())/n, "µs-turn")
	b.ReportMetric(float64(sweep.Microseconds())/n, "µs-sweep")
	b.ReportMetric(float64(turn)/float64(sweep), "x-sweep")
}

// BenchmarkShortestPathSweep is one plain MP shortest-path search over the
// same map, for comparison.
func BenchmarkShortestPathSweep(b *testing.B) {
	s, m := benchSituation(b)
	from, _ := m.Index(s.Figures[0].Position)
	for b.Loop() {
		m.ShortestPaths(from, hex.MoveRules{})
	}
}
