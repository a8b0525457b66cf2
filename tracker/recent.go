package tracker

// recentEvents keeps the newest events a session has seen, so undo and redo
// rebuild state without reading each event back from the store. It is
// bounded both in count and in bytes, so a few large events (an adversary
// turn with its trace) cannot make it hold more than recentBytes.
type recentEvents struct {
	byseq map[uint64]Event
	order []uint64 // oldest first, from head on
	head  int
	bytes int
}

// It keeps a few checkpoints' worth: undo replays from the nearest
// checkpoint, at most checkpointEvery actions below the top while the
// actions are small.
const (
	recentKept  = 2 * checkpointEvery
	recentBytes = 256 << 10
)

func eventSize(e Event) int {
	n := 96 + len(e.ID) + len(e.Kind) + len(e.Where) + len(e.Payload) + 24*len(e.Draws)
	if e.Origin != nil {
		n += 32 + len(e.Origin.Device)
	}
	return n
}

func (r *recentEvents) get(seq uint64) (Event, bool) {
	e, ok := r.byseq[seq]
	return e, ok
}

func (r *recentEvents) add(e Event) {
	if r.byseq == nil {
		r.byseq = map[uint64]Event{}
	}
	if _, ok := r.byseq[e.Seq]; ok {
		return
	}
	r.byseq[e.Seq] = e
	r.order = append(r.order, e.Seq)
	r.bytes += eventSize(e)
	for len(r.byseq) > recentKept || (r.bytes > recentBytes && len(r.byseq) > 1) {
		old := r.order[r.head]
		r.order[r.head] = 0
		r.head++
		r.bytes -= eventSize(r.byseq[old])
		delete(r.byseq, old)
	}
	// Reclaim the slice's consumed front now and then.
	if r.head > len(r.order)/2 && r.head > 64 {
		r.order = append(r.order[:0], r.order[r.head:]...)
		r.head = 0
	}
}
