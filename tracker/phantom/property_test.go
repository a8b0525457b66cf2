package phantom

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tablekeeper/tracker"
)

// invariants that hold after every event of a mission: HP within [0, max],
// each character's ten cards in exactly one pile, one figure per space,
// conditions known, and the state surviving a JSON round trip.
func invariants(kind string, s *State) error {
	m := s.Mission
	if m == nil {
		return nil
	}
	spaces := map[string]string{}
	for _, f := range m.Figures {
		if f.HP < 0 || f.HP > f.MaxHP {
			return fmt.Errorf(kind+": %s HP %d of %d", f.Name, f.HP, f.MaxHP)
		}
		if f.Position != "" && !f.Defeated {
			if o, ok := spaces[f.Position]; ok {
				return fmt.Errorf(kind+": %s and %s both on %s", o, f.Name, f.Position)
			}
			spaces[f.Position] = f.Name
		}
		if f.character() {
			piles := [][]string{f.Hand, f.Selected, f.Discard, f.Temporary, f.PersistentCards}
			seen := map[string]bool{}
			for _, p := range piles {
				for _, c := range p {
					if seen[c] {
						return fmt.Errorf(kind+": %s: card %s in two piles", f.Name, c)
					}
					seen[c] = true
				}
			}
			if len(seen) != MissionCards {
				return fmt.Errorf(kind+": %s holds %d cards, not %d", f.Name, len(seen), MissionCards)
			}
			if f.Bandages < 0 || f.Bandages > f.BandageSlots {
				return fmt.Errorf(kind+": %s bandages %d", f.Name, f.Bandages)
			}
		}
	}
	b, _ := json.Marshal(s)
	back, err := Rules{}.DecodeState(b)
	if err != nil {
		return err
	}
	if c, _ := json.Marshal(back); string(c) != string(b) {
		return fmt.Errorf("%s: state does not round-trip", kind)
	}
	return nil
}

// TestPropertyRandomRounds plays rounds with random selections, random
// damage, heals and conditions between turns, and checks the invariants
// after each, then that the log replays to the same state.
func TestPropertyRandomRounds(t *testing.T) {
	conds := []string{"Bleeding", "Burning", "Frozen", "Barrier", "Resilient", "Weakened", "Vulnerable", "Invisible", "Knocked Down"}
	for seed := uint64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 7))
			s, mem := newSession(t)
			do(t, s, contentCommands()...)
			do(t, s, startCmd())
			check := func(what string) {
				t.Helper()
				if err := invariants(what, st(s)); err != nil {
					t.Fatal(err)
				}
			}
			for round := 1; round <= 4; round++ {
				sel := map[string][]string{}
				for _, name := range []string{"Ana", "Bo"} {
					f := st(s).Mission.fig(name)
					if f.Defeated || len(f.Hand) == 0 || (len(f.Discard) > 0 && !f.RestedLastRound && r.IntN(3) == 0) {
						continue // rest
					}
					sel[name] = []string{f.Hand[r.IntN(len(f.Hand))]}
				}
				for i := 0; i < 3; i++ {
					figs := st(s).Mission.Figures
					f := figs[r.IntN(len(figs))]
					if f.Defeated {
						continue
					}
					var cmd any
					switch r.IntN(3) {
					case 0:
						cmd = Damage{Figure: f.Name, N: 1 + r.IntN(4)}
					case 1:
						cmd = Heal{Figure: f.Name, N: 1 + r.IntN(3), HealAction: r.IntN(2) == 0}
					default:
						cmd = Inflict{Figure: f.Name, Condition: conds[r.IntN(len(conds))]}
					}
					if _, err := s.Do(cmd); err == nil { // refusals are fine
						check(fmt.Sprintf("%T", cmd))
					}
				}
				if st(s).Mission.Phase == "setup" || st(s).Mission.Phase == "end" {
					allDown := true
					for _, n := range []string{"Ana", "Bo"} {
						allDown = allDown && st(s).Mission.fig(n).Defeated
					}
					if allDown {
						break
					}
					playRound(t, s, sel, "", round == 2)
					check(fmt.Sprint("round ", round))
				}
			}
			x, err := tracker.ExportCampaign(mem, s.Campaign().ID, s.Campaign().Created)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := x.Encode()
			if _, err := tracker.ParseExport(data, tracker.Registry{tracker.PhantomEpoch: Rules{}}); err != nil {
				t.Fatal(err)
			}
		})
	}
}
