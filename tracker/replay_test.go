package tracker

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// Replay passes exactly the actions in effect, oldest first, and its last
// states are the session's: whatever mix of actions, undos (one or many
// at once) and redos made the log, and however the chunks fall.
func TestReplayFoldsTheActionsInEffect(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		s, _ := newTestSession(t)
		r := rand.New(rand.NewPCG(seed, 9))
		for i := 0; i < 1500; i++ {
			var err error
			switch k := r.IntN(20); {
			case k < 6:
				_, err = s.Do(damage{N: 1 + r.IntN(3)})
			case k < 11:
				_, err = s.Do(heal{N: 1})
			case k < 13:
				_, err = s.Do(roll{})
			case k < 15:
				_, err = s.Do(AddNote{Text: "a note"})
			case k < 17:
				_, err = s.Undo()
			case k < 18:
				if d := s.Depth(); d > 0 {
					_, err = s.UndoTo(r.IntN(d))
				}
			default:
				_, err = s.Redo()
			}
			_ = err // refusals (heal above max, nothing to undo) are part of play
		}
		var seqs []uint64
		var last State
		var core CoreState
		err := s.Replay(func(e Event, c *CoreState, g State) error {
			if e.Kind == KindUndo || e.Kind == KindRedo {
				t.Fatalf("replay passed an %s event", e.Kind)
			}
			if len(seqs) > 0 && e.Seq <= seqs[len(seqs)-1] {
				t.Fatalf("event %d after %d", e.Seq, seqs[len(seqs)-1])
			}
			seqs = append(seqs, e.Seq)
			last, core = g, *c
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(seqs) != s.Depth() {
			t.Fatalf("seed %d: %d actions replayed, %d in effect", seed, len(seqs), s.Depth())
		}
		for _, q := range seqs {
			if !s.InEffect(q) {
				t.Fatalf("seed %d: event %d replayed but not in effect", seed, q)
			}
		}
		want, _ := json.Marshal(s.State())
		got, _ := json.Marshal(last)
		if s.Depth() > 0 && string(want) != string(got) {
			t.Fatalf("seed %d: replayed state %s, session's %s", seed, got, want)
		}
		sc := s.Core()
		if core.DrawNext != sc.DrawNext || core.Play != sc.Play {
			t.Fatalf("seed %d: replayed core %+v, session's %+v", seed, core, sc)
		}
	}
}

// A replay's failure (fn's error) stops it and is returned.
func TestReplayStopsAtFnsError(t *testing.T) {
	s, _ := newTestSession(t)
	for i := 0; i < 10; i++ {
		if _, err := s.Do(damage{N: 1}); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	stop := errChunkFull // any error
	if err := s.Replay(func(Event, *CoreState, State) error {
		if n++; n == 3 {
			return stop
		}
		return nil
	}); err != stop || n != 3 {
		t.Fatalf("err %v after %d", err, n)
	}
}
