package automa

// Rand is where an enemy decision gets chance from when the rules call for a
// random pick the players did not roll themselves. The tracker passes its
// seeded draw source, so a decision can be replayed exactly; tests pass a
// fixed sequence. Intn returns a value in [0, n).
type Rand interface {
	Intn(n int) int
}

// Fixed is a Rand that returns the given values in turn (each reduced mod n),
// for tests and for rolls entered from physical dice.
type Fixed []int

// Intn returns the next fixed value modulo n; it panics if none are left,
// because a test that runs out of planned rolls is itself wrong.
func (f *Fixed) Intn(n int) int {
	if len(*f) == 0 {
		panic("automa.Fixed: no rolls left")
	}
	v := (*f)[0]
	*f = (*f)[1:]
	return ((v % n) + n) % n
}
