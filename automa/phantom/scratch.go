package phantom

import "sync"

// scratch is the working memory of a decision's path searches: their
// arrays, one entry per space, kept between searches instead of allocated
// for each. A turn searches several times (a primary target's two
// TargetCost sweeps, a Move's two path searches and its future-MP search,
// a second target's sweeps), and on a 30×30 map the garbage collector
// took about a third of a turn's time, half the garbage being these
// arrays, allocated afresh by each world. A world takes one from
// scratchPool at its first search and gives it back when its decision is
// done (release), so the next decision, on this situation or another,
// starts with arrays already there.
//
// Nothing a decision returns may point into it: what a result keeps of a
// search (a path, a cost) is copied out.
type scratch struct {
	// reach is reachFrom's sweep.
	reach struct {
		g, head []int32
		enter   []int8
		links   []setLink
		bkt     [3][]int
	}
	// move is moveWithin's, one set per hazard permission ([1] through
	// hazards, [0] not): a Move holds both searches' answers at once (§8.7
	// step 3). An answer lasts until the next search with the same
	// permission; no caller keeps one past that.
	move [2]moveScratch
	// to is moveTo's; its answer lasts until the next moveTo.
	to struct {
		g   []int
		bkt [3][]int
	}
	// ints holds lists the decision keeps while it lasts (attack spaces,
	// TargetCost answers), one after another: a target decision lists
	// attack spaces for every enemy, and each list grown on its own was
	// several allocations. A list is never written again once handed out
	// (and is capped, so an append to one copies it); when the array
	// fills, a bigger one takes the next lists and the old one stays with
	// the lists in it. Emptied when a world takes the scratch.
	ints []int
}

// moveScratch is one hazard permission's moveWithin arrays.
type moveScratch struct {
	dist  []cost
	prev  []int
	enter []int8
	h     pq
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// scratch is the world's working memory, taken from the pool the first
// time a search asks.
func (w *world) scratch() *scratch {
	if w.sc == nil {
		w.sc = scratchPool.Get().(*scratch)
		w.sc.ints = w.sc.ints[:0]
	}
	return w.sc
}

// release gives the world's working memory back to the pool once its
// decision is done and its results are out; a world that searches again
// takes another.
func (w *world) release() {
	if w.sc != nil {
		scratchPool.Put(w.sc)
		w.sc = nil
	}
}

// sized returns s with n entries, reusing its memory when there is room;
// the entries are left as they were (callers reset them).
func sized[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// done is the list appended to ints since start, capped so that nothing
// appended later lands in it (nil when empty, as a list grown from
// nothing would be).
func (sc *scratch) done(start int) []int {
	if start == len(sc.ints) {
		return nil
	}
	return sc.ints[start:len(sc.ints):len(sc.ints)]
}
