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
// its events. The zero value is an empty stack.
type Runs struct {
	runs []seqRun
	n    int
}

// A seqRun is n entries from first, each one more than the one before (or
// one less, when down); at is the stack index of its first entry.
type seqRun struct {
	first uint64
	n     int
	down  bool
	at    int
}

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

// Len is the number of entries.
func (r *Runs) Len() int { return r.n }

func (r *Runs) push(seq uint64) {
	if k := len(r.runs) - 1; k >= 0 {
		if down, ok := r.runs[k].continues(seq); ok {
			r.runs[k].down = down
			r.runs[k].n++
			r.n++
			return
		}
	}
	r.runs = append(r.runs, seqRun{first: seq, n: 1, at: r.n})
	r.n++
}

// top is the newest entry; the stack must not be empty.
func (r *Runs) top() uint64 { return r.runs[len(r.runs)-1].last() }

// pop removes and returns the newest entry; the stack must not be empty.
func (r *Runs) pop() uint64 {
	k := len(r.runs) - 1
	seq := r.runs[k].last()
	if r.runs[k].n--; r.runs[k].n == 0 {
		r.runs = r.runs[:k]
	}
	r.n--
	return seq
}

// find is the index of the run holding stack index i.
func (r *Runs) find(i int) int {
	return sort.Search(len(r.runs), func(k int) bool { return r.runs[k].at+r.runs[k].n > i })
}

// at is the entry at stack index i (0 is the oldest).
func (r *Runs) at(i int) uint64 {
	run := r.runs[r.find(i)]
	return run.entry(i - run.at)
}

// truncate keeps the oldest d entries.
func (r *Runs) truncate(d int) {
	if d >= r.n {
		return
	}
	k := r.find(d)
	if r.runs[k].at == d {
		r.runs = r.runs[:k]
	} else {
		r.runs[k].n = d - r.runs[k].at
		r.runs = r.runs[:k+1]
	}
	r.n = d
}

// each calls fn for the entries at stack indexes from to to-1, oldest first.
func (r *Runs) each(from, to int, fn func(i int, seq uint64) error) error {
	if from >= to {
		return nil
	}
	for k := r.find(from); k < len(r.runs) && r.runs[k].at < to; k++ {
		run := r.runs[k]
		for j := max(from-run.at, 0); j < run.n && run.at+j < to; j++ {
			if err := fn(run.at+j, run.entry(j)); err != nil {
				return err
			}
		}
	}
	return nil
}

// index is the stack index of seq in a stack whose entries only grow (the
// actions in effect), and whether seq is there; if not, the index is where
// it would go.
func (r *Runs) index(seq uint64) (int, bool) {
	k := sort.Search(len(r.runs), func(k int) bool { return r.runs[k].last() >= seq })
	if k == len(r.runs) {
		return r.n, false
	}
	run := r.runs[k]
	if seq < run.first {
		return run.at, false
	}
	return run.at + int(seq-run.first), true
}

func (r *Runs) clone() Runs {
	c := *r
	c.runs = append([]seqRun(nil), r.runs...)
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
	buf := make([]byte, 0, len(r.runs)*6)
	for _, run := range r.runs {
		n := uint64(run.n) << 1
		if run.down {
			n |= 1
		}
		buf = binary.AppendUvarint(buf, run.first)
		buf = binary.AppendUvarint(buf, n)
	}
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
		if k := len(out.runs) - 1; k >= 0 {
			if d, ok := out.runs[k].continues(first); ok && (run.n == 1 || run.down == d) {
				out.runs[k].down = d
				out.runs[k].n += run.n
				return nil
			}
		}
		out.runs = append(out.runs, run)
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		buf, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return errBadRuns
		}
		for len(buf) > 0 {
			first, n1 := binary.Uvarint(buf)
			if n1 <= 0 {
				return errBadRuns
			}
			n, n2 := binary.Uvarint(buf[n1:])
			if n2 <= 0 {
				return errBadRuns
			}
			buf = buf[n1+n2:]
			if err := add(first, n>>1, n&1 == 1); err != nil {
				return err
			}
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
	for k, run := range r.runs {
		if run.down && run.n > 1 {
			return false
		}
		if k > 0 && run.first <= r.runs[k-1].last() {
			return false
		}
	}
	return true
}

// IsZero says the stack is empty, so a snapshot leaves an empty redo stack out.
func (r Runs) IsZero() bool { return r.n == 0 }
