package tracker

import (
	"encoding/json"
	"math/bits"
	"sort"
)

// Checkpoints are copies of the folded state at a few depths of the stack
// of actions in effect, so undo replays from the nearest one below instead
// of from the campaign's start. They are a cache: any set gives the same
// states, only the time differs.
//
// Their memory is bounded by the state's size, never by the log's length:
//
//   - a new one is taken only after at least checkpointEvery actions and
//     at least as much replay work (event bytes, plus eventWork per event)
//     as the newest one below costs to decode, so their encoding costs
//     time linear in the log even when the state grows with it (notes);
//   - they are kept spread out below the top of the stack, closer near it
//     and further apart down the stack (see thin), at most maxCheckpoints
//     of them; deeper states are rebuilt from the start by replaying the
//     log from the store. Undo back n actions thus replays at most about
//     n/2 of them, however long the log.
const (
	checkpointEvery = 64
	maxCheckpoints  = 24
	// eventWork is what folding one event costs beside reading its
	// payload, in the bytes of state one could decode in that time.
	eventWork = 512
)

type checkpoint struct {
	depth int
	data  json.RawMessage
}

// checkpoints holds checkpoints in increasing depth; depth 0 (the new
// campaign) is never kept, it is rebuilt from the rules.
type checkpoints struct {
	list []checkpoint
	// work is the replay work done since the newest checkpoint, or since
	// the state was last rebuilt.
	work int
	// encoded counts the bytes of every checkpoint taken, for tests.
	encoded int
}

// below is the deepest checkpoint at depth d or less.
func (c *checkpoints) below(d int) (checkpoint, bool) {
	i := sort.Search(len(c.list), func(i int) bool { return c.list[i].depth > d })
	if i == 0 {
		return checkpoint{}, false
	}
	return c.list[i-1], true
}

// due says whether the state at depth d, just reached, is worth keeping.
func (c *checkpoints) due(d int) bool {
	base, size := 0, 0
	if n := len(c.list); n > 0 {
		base, size = c.list[n-1].depth, len(c.list[n-1].data)
	}
	return d%checkpointEvery == 0 && d-base >= checkpointEvery && c.work >= size
}

// add keeps the state at depth d, the new top, and thins the older ones.
func (c *checkpoints) add(d int, data json.RawMessage) {
	c.dropAbove(d - 1)
	c.list = append(c.list, checkpoint{depth: d, data: data})
	c.work = 0
	c.encoded += len(data)
	c.thin()
}

// dropAbove forgets the checkpoints deeper than d: they describe actions
// no longer in effect.
func (c *checkpoints) dropAbove(d int) {
	i := sort.Search(len(c.list), func(i int) bool { return c.list[i].depth > d })
	for j := i; j < len(c.list); j++ {
		c.list[j] = checkpoint{} // let the state copies go
	}
	c.list = c.list[:i]
}

// thin keeps the newest checkpoint and, below it, each checkpoint whose
// depth is a multiple of 64×2^j (and no larger power) while it lies within
// spread×64×2^j actions of the newest: all of the last few multiples of 64,
// fewer and fewer further down, about spread/2 per doubling of the
// distance. The rule depends on depths alone, so the set stays spread out
// as the top moves; at most maxCheckpoints are kept, the deepest dropped
// first.
func (c *checkpoints) thin() {
	n := len(c.list)
	if n < 2 {
		return
	}
	top := c.list[n-1].depth
	kept := c.list[:0]
	for i, cp := range c.list {
		if i == n-1 || top-cp.depth < spread*checkpointEvery<<level(cp.depth) {
			kept = append(kept, cp)
		}
	}
	if over := len(kept) - maxCheckpoints; over > 0 {
		kept = append(kept[:0], kept[over:]...)
	}
	clear(c.list[len(kept):n])
	c.list = kept
}

// spread is how many checkpoints of each level are kept, times two.
const spread = 4

// level is j for a depth that is a multiple of 64×2^j and no larger power;
// depths that are not a multiple of 64 (the top of a snapshot) are level 0.
func level(depth int) int {
	if depth <= 0 || depth%checkpointEvery != 0 {
		return 0
	}
	return min(bits.TrailingZeros(uint(depth/checkpointEvery)), 40)
}

func (c *checkpoints) clone() checkpoints {
	return checkpoints{list: append([]checkpoint(nil), c.list...), work: c.work, encoded: c.encoded}
}

// near returns the checkpoints in [lo, hi), for a snapshot.
func (c *checkpoints) near(lo, hi int) map[int]json.RawMessage {
	out := map[int]json.RawMessage{}
	for _, cp := range c.list {
		if cp.depth >= lo && cp.depth < hi && cp.depth > 0 {
			out[cp.depth] = cp.data
		}
	}
	return out
}

// bytes is the memory the checkpoints hold.
func (c *checkpoints) bytes() int {
	n := 0
	for _, cp := range c.list {
		n += len(cp.data)
	}
	return n
}
