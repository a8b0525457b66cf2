package alone

import (
	"fmt"
	"sort"

	"tablekeeper/automa"
)

// A cand is one option an Evil decision weighs. Keys are compared in order,
// the higher winning, so a "lower is better" key is stored negated; the
// names in keyNames say in words what each key prefers, for the trace.
type cand struct {
	name   string
	keys   []float64
	facts  map[string]any
	reason string
	val    any
}

// choice is what choose found.
type choice struct {
	order    []int // candidate indices, best first (ties in input order)
	best     int
	tieBreak string
	die      string
}

// choose ranks candidates by their keys and settles an exact tie with the
// seeded Rand, drawing only when a tie exists so that replays stay aligned
// (spec §7.4: "the seeded RNG is used only to break exact ties").
func choose(cs []cand, keyNames []string, r automa.Rand) choice {
	ch := choice{best: -1}
	if len(cs) == 0 {
		return ch
	}
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return cmpKeys(cs[idx[a]].keys, cs[idx[b]].keys) > 0 })
	ch.order = idx
	top := 1
	for top < len(idx) && cmpKeys(cs[idx[0]].keys, cs[idx[top]].keys) == 0 {
		top++
	}
	if top > 1 {
		pick := r.Intn(top)
		ch.best = idx[pick]
		ch.tieBreak = fmt.Sprintf("seeded random pick among %d exactly tied options", top)
		ch.die = fmt.Sprintf("random pick %d of %d", pick+1, top)
		// Put the pick first so the trace lists the winner on top.
		ch.order = append([]int{idx[pick]}, append(append([]int(nil), idx[:pick]...), idx[pick+1:]...)...)
		return ch
	}
	ch.best = idx[0]
	if len(idx) > 1 {
		a, b := cs[idx[0]].keys, cs[idx[1]].keys
		for k := 0; k < len(a) && k < len(b); k++ {
			if a[k] != b[k] {
				if k > 0 && k < len(keyNames) {
					ch.tieBreak = keyNames[k]
				}
				break
			}
		}
	}
	return ch
}

func cmpKeys(a, b []float64) int {
	for k := 0; k < len(a) && k < len(b); k++ {
		switch {
		case a[k] > b[k]:
			return 1
		case a[k] < b[k]:
			return -1
		}
	}
	return 0
}

// maxListed caps the candidates a trace step lists, so a big Map does not
// drown the explanation; the text says how many there were.
const maxListed = 8

// record fills a trace step with the ranked candidates.
func (ch choice) record(st *automa.Step, cs []cand) {
	for n, i := range ch.order {
		if n >= maxListed {
			st.Kept = append(st.Kept, automa.Candidate{Name: fmt.Sprintf("… and %d more", len(ch.order)-maxListed)})
			break
		}
		c := cs[i]
		st.Kept = append(st.Kept, automa.Candidate{Name: c.name, Facts: c.facts, Reason: c.reason})
	}
	st.TieBreak, st.Die = ch.tieBreak, ch.die
}

func dropped(name, reason string) automa.Candidate {
	return automa.Candidate{Name: name, Reason: reason}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// listDropped appends dropped candidates to a step, capped like record.
func listDropped(st *automa.Step, ds []automa.Candidate) {
	for n, d := range ds {
		if n >= maxListed {
			st.Dropped = append(st.Dropped, automa.Candidate{Name: fmt.Sprintf("… and %d more", len(ds)-maxListed)})
			break
		}
		st.Dropped = append(st.Dropped, d)
	}
}
