package tracker

import "math/bits"

// DrawValue is draw number index of a campaign with the given seed: a pure
// function of the two (design: "chance is seeded and recorded"), so the same
// campaign draws the same numbers on any machine and in any version.
func DrawValue(seed, index uint64) uint64 {
	// splitmix64 over a Weyl sequence: cheap, well mixed, and stable forever.
	z := seed + (index+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Dice hands out a campaign's draws in order while a command is decided, and
// records each so the event can store it. It satisfies automa.Rand.
type Dice struct {
	seed  uint64
	next  uint64
	drawn []Draw
}

// NewDice starts drawing at draw number next of the campaign with this seed.
func NewDice(seed, next uint64) *Dice { return &Dice{seed: seed, next: next} }

// Intn returns a draw in [0, n). n must be positive.
func (d *Dice) Intn(n int) int {
	if n <= 0 {
		panic("tracker.Dice.Intn: n must be positive")
	}
	hi, _ := bits.Mul64(DrawValue(d.seed, d.next), uint64(n))
	v := int(hi)
	d.drawn = append(d.drawn, Draw{Index: d.next, N: n, Value: v})
	d.next++
	return v
}

// Roll returns a die roll from 1 to sides.
func (d *Dice) Roll(sides int) int { return d.Intn(sides) + 1 }

// Shuffle returns a permutation of 0..n-1 (Fisher–Yates over the draws).
func (d *Dice) Shuffle(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := d.Intn(i + 1)
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// Drawn is every draw made so far, in order.
func (d *Dice) Drawn() []Draw { return d.drawn }
