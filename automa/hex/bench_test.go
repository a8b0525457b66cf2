package hex

import (
	"math/rand"
	"testing"
)

// The 30×30 map the adversary-turn benchmark of automa/phantom also uses.
const benchSeed = 1

func benchPairs(m *Map, n int) [][2]int {
	rng := rand.New(rand.NewSource(7))
	out := make([][2]int, n)
	for k := range out {
		out[k] = [2]int{rng.Intn(m.Len()), rng.Intn(m.Len())}
	}
	return out
}

// BenchmarkShortestPathSweep is one full Move search (MP, hazard
// tie-breaks, paths) from the middle of the 30×30 map.
func BenchmarkShortestPathSweep(b *testing.B) {
	m := GenerateBenchMap(benchSeed, 30, 30)
	from, _ := m.Index("O-15")
	var p Paths
	b.ReportAllocs()
	for b.Loop() {
		m.ShortestPathsInto(&p, from, MoveRules{})
	}
}

// BenchmarkLeapSweep is one Leap search of 6 steps.
func BenchmarkLeapSweep(b *testing.B) {
	m := GenerateBenchMap(benchSeed, 30, 30)
	from, _ := m.Index("O-15")
	var p Paths
	b.ReportAllocs()
	for b.Loop() {
		m.ShortestPathsInto(&p, from, MoveRules{Leap: true, Limit: 6})
	}
}

// BenchmarkCostsTo is one backward search from six attack spaces.
func BenchmarkCostsTo(b *testing.B) {
	m := GenerateBenchMap(benchSeed, 30, 30)
	targets := []int{100, 200, 300, 400, 500, 600}
	b.ReportAllocs()
	for b.Loop() {
		m.CostsTo(targets, MoveRules{AvoidHazards: true})
	}
}

// BenchmarkLineOfSight decides line of sight for one random pair of spaces
// (no memo), stopping at the first valid line.
func BenchmarkLineOfSight(b *testing.B) {
	m := GenerateBenchMap(benchSeed, 30, 30)
	pairs := benchPairs(m, 1024)
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		pr := pairs[k%len(pairs)]
		m.LineOfSight(pr[0], pr[1])
		k++
	}
}

// BenchmarkLineOfSightNear is the same for pairs at most 6 apart, the
// distances adversary targeting asks about most.
func BenchmarkLineOfSightNear(b *testing.B) {
	m := GenerateBenchMap(benchSeed, 30, 30)
	var pairs [][2]int
	for _, pr := range benchPairs(m, 20000) {
		if m.SpaceAt(pr[0]).Distance(m.SpaceAt(pr[1]).Coord) <= 6 {
			pairs = append(pairs, pr)
		}
	}
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		pr := pairs[k%len(pairs)]
		m.LineOfSight(pr[0], pr[1])
		k++
	}
}

// BenchmarkSightLines lists every valid line for one pair, as the
// adversary's line choice (§8.5) needs.
func BenchmarkSightLines(b *testing.B) {
	m := GenerateBenchMap(benchSeed, 30, 30)
	pairs := benchPairs(m, 1024)
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		pr := pairs[k%len(pairs)]
		m.SightLines(pr[0], pr[1])
		k++
	}
}

// BenchmarkRangeRow is one breadth-first Range row (uncached).
func BenchmarkRangeRow(b *testing.B) {
	m := GenerateBenchMap(benchSeed, 30, 30)
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		m.memo.rangeRows[k%m.Len()] = nil
		m.Range(k%m.Len(), 0)
		k++
	}
}

// BenchmarkHasLoS is the yes/no answer without the memo.
func BenchmarkHasLoS(b *testing.B) {
	m := GenerateBenchMap(benchSeed, 30, 30)
	pairs := benchPairs(m, 1024)
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		pr := pairs[k%len(pairs)]
		m.anyLine(pr[0], pr[1])
		k++
	}
}
