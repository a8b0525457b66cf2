package phantom

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"tablekeeper/automa"
)

// sameWayScene is a random scene for playing one decision both ways: 3
// characters and 3 adversaries on a generated map whose cards move, leap
// or both, or retreat and move, then attack up to 2 targets, with the dice entered so the
// attacks resolve (and choose targets again, §8.10).
func sameWayScene(t *testing.T, seed int64) *scene {
	size := 8 + int(seed%9)
	sc, _ := randomScene(t, seed, size)
	rng := rand.New(rand.NewPCG(uint64(seed), 11))
	n := 1 + rng.IntN(5)
	var species Card
	switch rng.IntN(5) {
	case 0:
		species = Card{AP: n, Actions: []Action{{Kind: ActMove, Value: n}}}
	case 1:
		species = Card{AP: n, Actions: []Action{{Kind: ActLeap, Value: n}}}
	case 2:
		species = Card{AP: n + 1, Actions: []Action{{Kind: ActLeap, Value: 1 + rng.IntN(3)}, {Kind: ActMove, Value: n}}}
	case 3:
		species = Card{AP: n + 1, Actions: []Action{{Kind: ActMove, Value: n}, {Kind: ActLeap, Value: 1 + rng.IntN(3)}}}
	default:
		species = Card{AP: n + 1, Actions: []Action{{Kind: ActRetreat, Value: n}, {Kind: ActMove, Value: 1 + rng.IntN(3)}}}
	}
	sc.s.Types[0].SpeciesCard = &species
	sc.s.Types[0].ClassCard = &ClassCard{Rows: allRows(Card{AP: 2, Actions: []Action{{Kind: ActAttack, Targets: 1 + rng.IntN(2)}}})}
	sc.s.Rolls.Attack = []string{"2", "1", "2", "1"}
	sc.s.Rolls.Accuracy = []string{"success", "success", "miss", "success", "success", "success"}
	return sc
}

// playBothWays plays the adversary's turn and its primary-target decisions
// with the one-sweep searches and with the former per-goal ones, and
// returns each way's result and trace as JSON.
func playBothWays(t *testing.T, sc *scene, adv string) (fast, ref []string) {
	t.Helper()
	sc.s.Adversary = adv
	s := sc.check()
	for _, reference := range []bool{false, true} {
		var out []string
		add := func(v any) {
			j, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, string(j))
		}
		var tr automa.Trace
		w, err := s.world(nil, &tr)
		if err != nil {
			t.Fatal(err)
		}
		w.referenceSearch = reference
		dice := s.dice(nil)
		turn, err := w.adversaryTurn(w.fig(adv), dice, &tr)
		turn.Made, turn.Ask = dice.result(w.choices), w.ask
		add(turn)
		add(fmt.Sprint(err))
		add(tr)
		for leap := 0; leap <= 3; leap++ {
			var tr automa.Trace
			w, err := s.world(nil, &tr)
			if err != nil {
				t.Fatal(err)
			}
			w.referenceSearch = reference
			a := w.fig(adv)
			if !a.onMap() {
				continue
			}
			add(w.tname(w.primaryTarget(a, leap, w.reach(a, w.turnActions(a)), nil, &tr)))
			add(tr)
		}
		if reference {
			ref = out
		} else {
			fast = out
		}
	}
	return fast, ref
}

// TestPropertySearchesDecideAsBefore: the target and movement searches that
// sweep once for all goals make, on random situations, exactly the
// decisions (and traces: every MP counted, every candidate kept or
// dropped) of the former searches run once per goal. TABLEKEEPER_SEARCH_SEEDS
// raises the number of situations (default 150).
func TestPropertySearchesDecideAsBefore(t *testing.T) {
	seeds := int64(150)
	if v, err := strconv.Atoi(os.Getenv("TABLEKEEPER_SEARCH_SEEDS")); err == nil && v > 0 {
		seeds = int64(v)
	}
	turns, moved := 0, 0
	for seed := int64(1); seed <= seeds; seed++ {
		sc := sameWayScene(t, seed)
		for _, adv := range []string{"A0", "A1", "A2"} {
			fast, ref := playBothWays(t, sc, adv)
			for i := range ref {
				if fast[i] != ref[i] {
					t.Fatalf("seed %d, %s, part %d differs:\none sweep: %s\nper goal:  %s", seed, adv, i, fast[i], ref[i])
				}
			}
			turns++
			var turn Turn
			if err := json.Unmarshal([]byte(ref[0]), &turn); err == nil && turn.End != turn.Start {
				moved++
			}
		}
	}
	// The situations must be ones where the searches matter.
	t.Logf("%d of %d moved", moved, turns)
	if moved < turns/3 {
		t.Fatalf("only %d of %d random turns moved the adversary", moved, turns)
	}
}
