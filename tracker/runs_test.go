package tracker

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"testing"
)

func entries(r *Runs) []uint64 {
	out := []uint64{}
	_ = r.each(0, r.Len(), func(_ int, seq uint64) error { out = append(out, seq); return nil })
	return out
}

// TestRunsMatchASlice drives Runs and a plain slice with the same pushes,
// pops and truncations, as undo and redo do, and compares every reading.
func TestRunsMatchASlice(t *testing.T) {
	// Blocks of 2 runs pack and unpack all the time; 128 is the app's.
	for _, size := range []int{2, 3, 128} {
		t.Run(fmt.Sprint("blocks of ", size), func(t *testing.T) {
			defer func(old int) { runBlockSize = old }(runBlockSize)
			runBlockSize = size
			runsMatchASlice(t)
		})
	}
}

func runsMatchASlice(t *testing.T) {
	for seed := int64(1); seed <= 30; seed++ {
		rng := rand.New(rand.NewSource(seed))
		var r Runs
		var model []uint64
		next := uint64(1)
		for step := 0; step < 400; step++ {
			switch k := rng.Intn(10); {
			case k < 5:
				// Mostly the next number, sometimes a jump or a step down.
				seq := next
				switch rng.Intn(4) {
				case 0:
					seq = next + uint64(rng.Intn(5))
				case 1:
					if len(model) > 0 && model[len(model)-1] > 1 {
						seq = model[len(model)-1] - 1
					}
				}
				r.push(seq)
				model = append(model, seq)
				next = seq + 1
			case k < 7 && len(model) > 0:
				if got, want := r.pop(), model[len(model)-1]; got != want {
					t.Fatalf("seed %d step %d: pop %d, want %d", seed, step, got, want)
				}
				model = model[:len(model)-1]
			case k < 8:
				d := rng.Intn(len(model) + 1)
				r.truncate(d)
				model = model[:d]
			case k < 9 && len(model) > 0:
				i := rng.Intn(len(model))
				if got := r.at(i); got != model[i] {
					t.Fatalf("seed %d step %d: at(%d) = %d, want %d", seed, step, i, got, model[i])
				}
				if r.increasing() {
					for probe := uint64(0); probe <= next+1; probe++ {
						wi, wok := len(model), false
						for j, v := range model {
							if v >= probe {
								wi, wok = j, v == probe
								break
							}
						}
						if gi, gok := r.index(probe); gi != wi || gok != wok {
							t.Fatalf("seed %d step %d: index(%d) = %d %v, want %d %v in %v", seed, step, probe, gi, gok, wi, wok, model)
						}
					}
				}
				from, to := rng.Intn(len(model)+1), rng.Intn(len(model)+1)
				var got []uint64
				_ = r.each(from, to, func(j int, seq uint64) error {
					if seq != model[j] {
						t.Fatalf("each: index %d is %d, want %d", j, seq, model[j])
					}
					got = append(got, seq)
					return nil
				})
				if want := max(to-from, 0); len(got) != want {
					t.Fatalf("each(%d, %d) gave %d entries", from, to, len(got))
				}
			default:
				b, err := json.Marshal(r)
				if err != nil {
					t.Fatal(err)
				}
				var back Runs
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatalf("seed %d step %d: %v", seed, step, err)
				}
				if !reflect.DeepEqual(entries(&back), entries(&r)) {
					t.Fatalf("seed %d step %d: JSON round trip %v, want %v", seed, step, entries(&back), entries(&r))
				}
				c := r.clone()
				if len(model) > 0 {
					c.pop()
					if entries(&r)[len(model)-1] != model[len(model)-1] {
						t.Fatal("popping a clone changed the original")
					}
				}
			}
			if r.Len() != len(model) || !reflect.DeepEqual(entries(&r), append([]uint64{}, model...)) {
				t.Fatalf("seed %d step %d: %v, want %v", seed, step, entries(&r), model)
			}
		}
	}
}

func TestRunsIndexOfIncreasingStack(t *testing.T) {
	var r Runs
	for _, s := range []uint64{1, 2, 3, 7, 8, 10, 20, 21, 22, 23} {
		r.push(s)
	}
	runs := 0
	_ = r.eachRun(func(seqRun) error { runs++; return nil })
	if runs != 4 || !r.increasing() {
		t.Fatalf("%d runs: %v", runs, entries(&r))
	}
	for _, c := range []struct {
		seq uint64
		i   int
		ok  bool
	}{{1, 0, true}, {3, 2, true}, {4, 3, false}, {7, 3, true}, {9, 5, false}, {10, 5, true}, {23, 9, true}, {24, 10, false}, {0, 0, false}} {
		if i, ok := r.index(c.seq); i != c.i || ok != c.ok {
			t.Errorf("index(%d) = %d %v, want %d %v", c.seq, i, ok, c.i, c.ok)
		}
	}
}

// TestRunsReadOlderSnapshots: snapshots written before the compact form
// listed the actions in effect as [first, last] pairs and the redo stack as
// plain numbers; both still load, and damaged or impossible stacks do not.
func TestRunsReadOlderSnapshots(t *testing.T) {
	var a Runs
	if err := json.Unmarshal([]byte(`[[1,3],[5,5],[7,9]]`), &a); err != nil {
		t.Fatal(err)
	}
	if got := entries(&a); !reflect.DeepEqual(got, []uint64{1, 2, 3, 5, 7, 8, 9}) {
		t.Fatalf("old active form read as %v", got)
	}
	var rd Runs
	if err := json.Unmarshal([]byte(`[9,8,7,4]`), &rd); err != nil {
		t.Fatal(err)
	}
	if got := entries(&rd); !reflect.DeepEqual(got, []uint64{9, 8, 7, 4}) || rd.top() != 4 {
		t.Fatalf("old redo form read as %v", got)
	}
	for _, bad := range []string{
		`[[3,1]]`, `[[1,3],[2,4]]`, `[[0,2]]`, `[[1,18446744073709551615]]`,
		`"!!"`, `"AA=="`, `"AQ=="`, `{}`, `[0]`,
		// 2⁶⁴−1 counting up one more, and 1 counting down two.
		runsJSON(1<<64-1, 2<<1), runsJSON(1, 2<<1|1), runsJSON(5, 0),
	} {
		var r Runs
		if err := json.Unmarshal([]byte(bad), &r); err == nil {
			t.Errorf("%s read as %v", bad, entries(&r))
		}
	}
}

// runsJSON is the compact form of one run, written by hand.
func runsJSON(first, n uint64) string {
	b, _ := json.Marshal(binary.AppendUvarint(binary.AppendVarint(nil, int64(first-1)), n))
	return string(b)
}

// TestRunsIndexMatchesASlice: on stacks that only grow (the actions in
// effect), index finds every sequence number, in the tail and in packed
// blocks, as a search of a plain slice does.
func TestRunsIndexMatchesASlice(t *testing.T) {
	defer func(old int) { runBlockSize = old }(runBlockSize)
	for _, size := range []int{2, 5, 128} {
		runBlockSize = size
		rng := rand.New(rand.NewSource(int64(size)))
		var r Runs
		var model []uint64
		next := uint64(1)
		for step := 0; step < 600; step++ {
			switch k := rng.Intn(10); {
			case k < 7:
				next += uint64(rng.Intn(3)) // gaps where undo and redo events sit
				r.push(next)
				model = append(model, next)
				next++
			case k < 9 && len(model) > 0:
				r.pop()
				model = model[:len(model)-1]
			default:
				d := rng.Intn(len(model) + 1)
				r.truncate(d)
				model = model[:d]
			}
			for probe := uint64(0); probe <= next; probe++ {
				wi, wok := len(model), false
				for j, v := range model {
					if v >= probe {
						wi, wok = j, v == probe
						break
					}
				}
				if gi, gok := r.index(probe); gi != wi || gok != wok {
					t.Fatalf("blocks of %d, step %d: index(%d) = %d %v, want %d %v", size, step, probe, gi, gok, wi, wok)
				}
			}
		}
	}
}

// FuzzRunsJSON: any stored undo stack either is refused or reads back as
// itself, packed or not.
func FuzzRunsJSON(f *testing.F) {
	f.Add([]byte(`[[1,3],[5,5],[7,9]]`))
	f.Add([]byte(`[9,8,7,4]`))
	f.Add([]byte(`"AgICEgQS"`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Runs
		if err := json.Unmarshal(data, &r); err != nil || r.Len() > 1<<16 {
			return
		}
		want := entries(&r)
		if len(want) != r.Len() {
			t.Fatalf("%d entries, Len %d", len(want), r.Len())
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back Runs
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s reads back as an error: %v", b, err)
		}
		if !reflect.DeepEqual(entries(&back), want) {
			t.Fatalf("%s reads back as %v, not %v", b, entries(&back), want)
		}
	})
}
