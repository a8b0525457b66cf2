package alone

import (
	"encoding/json"
	"errors"
	"math/rand"
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// TestRandomPlayKeepsInvariants throws random commands at assist games and
// checks after each the rules' invariants: tracks within 0..max (V1),
// defeat exactly at 0/0 (§2.8), Nightmare never undone (V10), XP at most 2
// (V27), the marker on the track (V9), Turns 0..8 (V7), at most 2
// Reactions a Turn, 4 Creatures and 8 Danger tokens a Level; every refusal
// is a rule's, never an internal error; and reopening the campaign from
// its log gives the same state.
func TestRandomPlayKeepsInvariants(t *testing.T) {
	for seed := int64(1); seed <= 6; seed++ {
		rng := rand.New(rand.NewSource(seed))
		s, mem := newSession(t, uint64(seed))
		do(t, s, SetupSheet{Sheet: testSheet()})
		do(t, s, startCmd(Assist, testMap()))
		kinds := []alone.CreatureType{alone.Spore, alone.Parasite, alone.Cultist, alone.Hybrid, alone.Worm}
		dirs := []alone.Dir{alone.North, alone.East, alone.South, alone.West, alone.Stairs}
		sectors := st(s).Map.SectorIDs()
		wasNightmare := false
		for step := 0; step < 1000 && st(s).Outcome == ""; step++ {
			g := st(s)
			var cmd tracker.Command
			switch r := rng.Intn(20); {
			case r < 2:
				cmd = StartTurn{BulletTime: rng.Intn(3) == 0}
			case r < 4:
				cmd = MoveHero{Dir: dirs[rng.Intn(len(dirs))]}
			case r < 5:
				cmd = ExploreDir{Dir: dirs[rng.Intn(len(dirs))]}
			case r < 6 && g.Map != nil && len(g.Map.Creatures) > 0:
				cmd = FightCreature{Target: g.Map.Creatures[rng.Intn(len(g.Map.Creatures))].ID}
			case r < 7:
				cmd = PlayReaction{ReactionPlay{Player: rng.Intn(2), Deck: rng.Intn(2), Spawn: &SpawnSpec{Type: kinds[rng.Intn(5)], Sector: sectors[rng.Intn(len(sectors))]}}}
			case r < 9 && g.Map != nil && len(g.Map.Creatures) > 0:
				c := g.Map.Creatures[rng.Intn(len(g.Map.Creatures))]
				moves, _ := LegalMoves(g, c.ID, 1)
				if len(moves) > 0 {
					mv := moves[rng.Intn(len(moves))]
					cmd = PlayReaction{ReactionPlay{Player: rng.Intn(2), Deck: rng.Intn(2), Move: &MoveSpec{Creature: c.ID, Path: mv.Path}}}
				}
			case r < 12:
				cmd = EndTurn{}
			case r < 13:
				cmd = EndRound{}
			case r < 14:
				cmd = DealDamage{Kind: []alone.DamageKind{alone.LifeDamage, alone.SCDamage}[rng.Intn(2)], N: 1}
			case r < 15:
				cmd = RecoverHealth{Kind: []alone.DamageKind{alone.LifeDamage, alone.SCDamage}[rng.Intn(2)], N: 1 + rng.Intn(3)}
			case r < 16:
				cmd = Declare{Action: Actions[rng.Intn(len(Actions))]}
			case r < 17:
				cmd = Resolve{}
			case r < 18:
				cmd = SpendAdrenaline{Recover: alone.SCDamage}
			case r < 19:
				cmd = GainXP{Kill: kinds[rng.Intn(5)], Revealed: rng.Intn(2) == 0}
			default:
				cmd = InteractWith{LCU: dirs[rng.Intn(4)]}
			}
			if cmd == nil {
				continue
			}
			if _, err := s.Do(cmd); err != nil {
				var re *tracker.RuleError
				if !errors.As(err, &re) {
					t.Fatalf("seed %d step %d: %T %+v: not a rule's refusal: %v", seed, step, cmd, cmd, err)
				}
			}
			g = st(s)
			max := g.Sheet.HealthMax
			switch {
			case g.Life < 0 || g.Life > max || g.SC < 0 || g.SC > max:
				t.Fatalf("seed %d step %d: Life %d SC %d", seed, step, g.Life, g.SC)
			case (g.Life == 0 && g.SC == 0) != (g.Outcome == Defeated):
				t.Fatalf("seed %d step %d: Life %d SC %d outcome %q", seed, step, g.Life, g.SC, g.Outcome)
			case wasNightmare && !g.Nightmare:
				t.Fatalf("seed %d step %d: Nightmare ended", seed, step)
			case g.RoundMarker < 0 || g.RoundMarker >= len(g.Sheet.HealingCap):
				t.Fatalf("seed %d step %d: marker %d", seed, step, g.RoundMarker)
			case g.TurnsUsed < 0 || g.TurnsUsed > 8 || g.T.Reactions > 2 || g.Adrenaline < 0:
				t.Fatalf("seed %d step %d: turns %d reactions %d pool %d", seed, step, g.TurnsUsed, g.T.Reactions, g.Adrenaline)
			case g.trackUsed() > g.Sheet.ReactionSpaces:
				t.Fatalf("seed %d step %d: track %d", seed, step, g.trackUsed())
			}
			for _, a := range Abilities {
				if g.XP[a] > MaxXP {
					t.Fatalf("seed %d step %d: XP %v", seed, step, g.XP)
				}
			}
			for lv := 1; lv <= 2; lv++ {
				if g.Map.CreaturesOnLevel(lv) > 4 || g.Map.DangerOnLevel(lv) > 8 {
					t.Fatalf("seed %d step %d: Level %d over a limit", seed, step, lv)
				}
			}
			if err := g.Map.Validate(g.config()); err != nil {
				t.Fatalf("seed %d step %d: the Map broke: %v", seed, step, err)
			}
			wasNightmare = g.Nightmare
		}
		t.Logf("seed %d: %d events, %s", seed, s.LastSeq(), Rules{}.Where(st(s)))
		r, err := tracker.Open(mem, Rules{}, s.Campaign().ID)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(r.State())
		b, _ := json.Marshal(st(s))
		if string(a) != string(b) {
			t.Fatalf("seed %d: the reopened campaign differs", seed)
		}
	}
}
