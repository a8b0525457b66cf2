package tracker

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"sort"
)

// Runs is a stack of event sequence numbers kept as runs of consecutive
// numbers: the actions in effect (counting up) or the undone actions that
// can be redone (undo pushes them counting down). A log played without undo
// is one run whatever its length, so the undo bookkeeping of a long
// campaign costs memory and opening time in the number of its undos, not of
// its events. The newest runs are kept as they are; older ones are packed
// in blocks of a few bytes a run, unpacked only when undo or a question
// about an old action reaches them. The zero value is an empty stack.
type Runs struct {
	blocks []runBlock // packed, oldest first
	tail   []seqRun   // the newest runs; never empty while blocks are not
	n      int
}

// A seqRun is n entries from first, each one more than the one before (or
// one less, when down); at is the stack index of its first entry.
type seqRun struct {
	first uint64
	n     int
	down  bool
	at    int
}

// A runBlock is packed runs: at is the stack index of its first entry,
// count its entries, first and last its first and last entries, prev the
// last entry of the run before it (0 for none), data the runs as packRuns
// writes them.
type runBlock struct {
	at, count         int
	first, prev, last uint64
	data              []byte
}

// runBlockSize is how many runs a block packs; the tail holds between one
// and two blocks' worth before the oldest are packed.
var runBlockSize = 128

// entry is the run's i-th entry.
func (run seqRun) entry(i int) uint64 {
	if run.down {
		return run.first - uint64(i)
	}
	return run.first + uint64(i)
}

// last is the run's newest entry.
func (run seqRun) last() uint64 { return run.entry(run.n - 1) }

// continues says whether seq can be pushed onto the run: it steps by one in
// the run's direction (either, while the run has one entry).
func (run seqRun) continues(seq uint64) (down, ok bool) {
	l := run.last()
	switch {
	case seq == l+1 && l+1 != 0 && (run.n == 1 || !run.down):
		return false, true
	case seq+1 == l && seq != 0 && (run.n == 1 || run.down):
		return true, true
	}
	return false, false
}

// packRuns appends runs to buf, two varints each: how far the run's first
// entry is from the one after prev, the last entry before it (signed: a
// few bytes at most, one in the usual case of an action after an undo),
// then the run's length times two, plus one when it counts down. It returns
// the last entry. The stored form (MarshalJSON) is the same bytes for the
// whole stack, from prev 0.
func packRuns(buf []byte, prev uint64, runs []seqRun) ([]byte, uint64) {
	for _, run := range runs {
		n := uint64(run.n) << 1
		if run.down {
			n |= 1
		}
		buf = binary.AppendVarint(buf, int64(run.first-(prev+1)))
		buf = binary.AppendUvarint(buf, n)
		prev = run.last()
	}
	return buf, prev
}

// nextRun reads one packed run after prev; ok is false when buf is
// damaged.
func nextRun(buf []byte, prev uint64) (first, n uint64, down bool, rest []byte, ok bool) {
	delta, n1 := binary.Varint(buf)
	if n1 <= 0 {
		return 0, 0, false, nil, false
	}
	v, n2 := binary.Uvarint(buf[n1:])
	if n2 <= 0 {
		return 0, 0, false, nil, false
	}
	return prev + 1 + uint64(delta), v >> 1, v&1 == 1, buf[n1+n2:], true
}

// unpack is a block's runs.
func (b runBlock) unpack() []seqRun {
	var out []seqRun
	at, prev, data := b.at, b.prev, b.data
	for len(data) > 0 {
		first, n, down, rest, _ := nextRun(data, prev)
		run := seqRun{first: first, n: int(n), down: down, at: at}
		out = append(out, run)
		at, prev, data = at+run.n, run.last(), rest
	}
	return out
}

// Len is the number of entries.
func (r *Runs) Len() int { return r.n }

func (r *Runs) push(seq uint64) {
	if k := len(r.tail) - 1; k >= 0 {
		if down, ok := r.tail[k].continues(seq); ok {
			r.tail[k].down = down
			r.tail[k].n++
			r.n++
			return
		}
	}
	r.tail = append(r.tail, seqRun{first: seq, n: 1, at: r.n})
	r.n++
	r.pack()
}

// pack moves the oldest runs of a long tail into a block.
func (r *Runs) pack() {
	if len(r.tail) < 2*runBlockSize {
		return
	}
	old := r.tail[:runBlockSize]
	b := runBlock{at: old[0].at, first: old[0].first}
	if k := len(r.blocks) - 1; k >= 0 {
		b.prev = r.blocks[k].last
	}
	b.data, b.last = packRuns(nil, b.prev, old)
	for _, run := range old {
		b.count += run.n
	}
	r.blocks = append(r.blocks, b)
	r.tail = append([]seqRun(nil), r.tail[runBlockSize:]...)
}

// unpackLast moves the newest block back in front of the tail.
func (r *Runs) unpackLast() {
	k := len(r.blocks) - 1
	runs := r.blocks[k].unpack()
	r.blocks[k] = runBlock{}
	r.blocks = r.blocks[:k]
	r.tail = append(runs, r.tail...)
}

// top is the newest entry; the stack must not be empty.
func (r *Runs) top() uint64 { return r.tail[len(r.tail)-1].last() }

// pop removes and returns the newest entry; the stack must not be empty.
func (r *Runs) pop() uint64 {
	k := len(r.tail) - 1
	seq := r.tail[k].last()
	if r.tail[k].n--; r.tail[k].n == 0 {
		r.tail = r.tail[:k]
	}
	r.n--
	if len(r.tail) == 0 && len(r.blocks) > 0 {
		r.unpackLast()
	}
	return seq
}

// runsFrom are the runs holding stack indexes from i on, as far as needed:
// those of the block holding i, or of the tail.
func (r *Runs) runsFrom(i int) []seqRun {
	if len(r.blocks) == 0 || i >= r.tail[0].at {
		return r.tail
	}
	k := sort.Search(len(r.blocks), func(k int) bool { return r.blocks[k].at+r.blocks[k].count > i })
	return r.blocks[k].unpack()
}

// at is the entry at stack index i (0 is the oldest).
func (r *Runs) at(i int) uint64 {
	runs := r.runsFrom(i)
	k := sort.Search(len(runs), func(k int) bool { return runs[k].at+runs[k].n > i })
	return runs[k].entry(i - runs[k].at)
}

// truncate keeps the oldest d entries.
func (r *Runs) truncate(d int) {
	if d >= r.n {
		return
	}
	if d <= 0 {
		*r = Runs{}
		return
	}
	// Drop what starts at d or later, unpacking the block that holds d-1
	// when the tail goes whole.
	for len(r.tail) == 0 || r.tail[0].at >= d {
		r.tail = r.tail[:0]
		for r.blocks[len(r.blocks)-1].at >= d {
			r.blocks = r.blocks[:len(r.blocks)-1]
		}
		r.unpackLast()
	}
	k := sort.Search(len(r.tail), func(k int) bool { return r.tail[k].at+r.tail[k].n > d })
	switch {
	case k == len(r.tail): // the tail ends at d
	case r.tail[k].at == d:
		r.tail = r.tail[:k]
	default:
		r.tail[k].n = d - r.tail[k].at
		r.tail = r.tail[:k+1]
	}
	r.n = d
}

// eachRun calls fn for every run, oldest first, reading the packed ones in
// place.
func (r *Runs) eachRun(fn func(seqRun) error) error {
	for _, b := range r.blocks {
		at, prev, data := b.at, b.prev, b.data
		for len(data) > 0 {
			first, n, down, rest, _ := nextRun(data, prev)
			run := seqRun{first: first, n: int(n), down: down, at: at}
			if err := fn(run); err != nil {
				return err
			}
			at, prev, data = at+run.n, run.last(), rest
		}
	}
	for _, run := range r.tail {
		if err := fn(run); err != nil {
			return err
		}
	}
	return nil
}

var errDone = errors.New("done")

// each calls fn for the entries at stack indexes from to to-1, oldest first.
func (r *Runs) each(from, to int, fn func(i int, seq uint64) error) error {
	if from >= to {
		return nil
	}
	k := 0
	if len(r.blocks) > 0 {
		k = sort.Search(len(r.blocks), func(k int) bool { return r.blocks[k].at+r.blocks[k].count > from })
	}
	visit := func(run seqRun) error {
		if run.at >= to {
			return errDone
		}
		for j := max(from-run.at, 0); j < run.n && run.at+j < to; j++ {
			if err := fn(run.at+j, run.entry(j)); err != nil {
				return err
			}
		}
		return nil
	}
	for ; k < len(r.blocks); k++ {
		for _, run := range r.blocks[k].unpack() {
			if err := visit(run); err != nil {
				if err == errDone {
					return nil
				}
				return err
			}
		}
	}
	for _, run := range r.tail {
		if err := visit(run); err != nil {
			if err == errDone {
				return nil
			}
			return err
		}
	}
	return nil
}

// index is the stack index of seq in a stack whose entries only grow (the
// actions in effect), and whether seq is there; if not, the index is where
// it would go.
func (r *Runs) index(seq uint64) (int, bool) {
	runs := r.tail
	if len(r.blocks) > 0 && seq < r.tail[0].first {
		k := sort.Search(len(r.blocks), func(k int) bool { return r.blocks[k].first > seq }) - 1
		if k < 0 {
			return 0, false
		}
		runs = r.blocks[k].unpack()
	}
	k := sort.Search(len(runs), func(k int) bool { return runs[k].last() >= seq })
	if k == len(runs) {
		if len(runs) == 0 {
			return r.n, false
		}
		last := runs[len(runs)-1]
		return last.at + last.n, false
	}
	run := runs[k]
	if seq < run.first {
		return run.at, false
	}
	return run.at + int(seq-run.first), true
}

func (r *Runs) clone() Runs {
	c := *r
	c.blocks = append([]runBlock(nil), r.blocks...) // packed data is never changed
	c.tail = append([]seqRun(nil), r.tail...)
	return c
}

// The stored form of Runs, in snapshots: each run as two unsigned varints
// (its first entry, then its length times two, plus one when it counts
// down), base64 in JSON. It replaced a JSON list of [first, last] pairs
// (active) or of entries (redo) that took most of the time of opening a long
// campaign; both older forms are still read. An older Tablekeeper cannot
// read the new form, so it ignores such a snapshot and replays the log:
// slower, never wrong.

// MarshalJSON writes the compact form.
func (r Runs) MarshalJSON() ([]byte, error) {
	var buf []byte
	for _, b := range r.blocks {
		buf = append(buf, b.data...)
	}
	prev := uint64(0)
	if k := len(r.blocks) - 1; k >= 0 {
		prev = r.blocks[k].last
	}
	buf, _ = packRuns(buf, prev, r.tail)
	return json.Marshal(base64.StdEncoding.EncodeToString(buf))
}

// maxStackLen bounds a stack read from a file: more entries than any log
// could hold is damage, not a campaign.
const maxStackLen = 1 << 32

var errBadRuns = errors.New("snapshot: the undo stacks are unreadable")

// UnmarshalJSON reads the compact form, or the older [[first, last], ...]
// list of counting-up runs, or the older list of entries.
func (r *Runs) UnmarshalJSON(data []byte) error {
	var out Runs
	add := func(first, n uint64, down bool) error {
		if n == 0 || n > maxStackLen || uint64(out.n)+n > maxStackLen || first == 0 {
			return errBadRuns
		}
		if last := first + n - 1; down && first < n || !down && last < first {
			return errBadRuns // past sequence number 1, or past 2⁶⁴−1
		}
		run := seqRun{first: first, n: int(n), down: down && n > 1, at: out.n}
		out.n += run.n
		// A run that continues the one before joins it, as push would.
		if k := len(out.tail) - 1; k >= 0 {
			if d, ok := out.tail[k].continues(first); ok && (run.n == 1 || run.down == d) {
				out.tail[k].down = d
				out.tail[k].n += run.n
				return nil
			}
		}
		out.tail = append(out.tail, run)
		out.pack()
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		buf, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return errBadRuns
		}
		prev := uint64(0)
		for len(buf) > 0 {
			first, n, down, rest, ok := nextRun(buf, prev)
			if !ok {
				return errBadRuns
			}
			buf = rest
			if err := add(first, n, down); err != nil {
				return err
			}
			prev = out.top()
		}
		*r = out
		return nil
	}
	var pairs [][2]uint64
	if err := json.Unmarshal(data, &pairs); err == nil {
		for _, p := range pairs {
			if p[1] < p[0] || (out.n > 0 && p[0] <= out.top()) {
				return errBadRuns
			}
			if err := add(p[0], p[1]-p[0]+1, false); err != nil {
				return err
			}
		}
		*r = out
		return nil
	}
	var seqs []uint64
	if err := json.Unmarshal(data, &seqs); err != nil {
		return errBadRuns
	}
	for _, s := range seqs {
		if s == 0 {
			return errBadRuns
		}
		out.push(s)
	}
	*r = out
	return nil
}

// increasing says whether every entry is larger than the one before, as
// the actions in effect must be.
func (r *Runs) increasing() bool {
	var prev uint64
	err := r.eachRun(func(run seqRun) error {
		if run.down && run.n > 1 || run.first <= prev {
			return errBadRuns
		}
		prev = run.last()
		return nil
	})
	return err == nil
}

// IsZero says the stack is empty, so a snapshot leaves an empty redo stack out.
func (r Runs) IsZero() bool { return r.n == 0 }
