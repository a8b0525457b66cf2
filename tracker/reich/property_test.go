package reich

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// checkInvariants are the §13 rules every state must keep, whatever was
// done to reach it.
func checkInvariants(s *State) error {
	m := s.Mission
	if m == nil {
		return nil
	}
	fac := s.Library.faction(m.Faction)
	for _, h := range m.Heroes {
		if sum := h.Hand + h.Draw + h.Discard + h.Removed + h.InPlay; sum != DeckSize {
			return fmt.Errorf("V-03: %s's cards add up to %d", h.ID, sum)
		}
		if len(h.Items) > MaxItems {
			return fmt.Errorf("V-08: %s carries %d items", h.ID, len(h.Items))
		}
		if h.Captured && !h.Downed() {
			return fmt.Errorf("V-20: %s captured but not downed", h.ID)
		}
		if h.Turn.Basic > 2 {
			return fmt.Errorf("V-04: %s took %d basic actions", h.ID, h.Turn.Basic)
		}
	}
	count := map[string]int{}
	for _, u := range m.Units {
		count[u.Code]++
		if m.Map.Area(u.Area) == nil {
			return fmt.Errorf("unit %s in unknown area %s", u.ID, u.Area)
		}
	}
	for code, n := range count {
		ut := fac.Unit(code)
		if n > ut.Max {
			return fmt.Errorf("V-21: %d %s on the map, limit %d", n, code, ut.Max)
		}
		if ut.Unique() && m.Placed[code] > 1 {
			return fmt.Errorf("V-22: %s placed %d times", code, m.Placed[code])
		}
	}
	for r, l := range m.Awareness {
		if !l.Valid() || l == content.AtEase {
			return fmt.Errorf("V-24: room %s stored at level %d", r, l)
		}
		if m.postAlarm() {
			return fmt.Errorf("V-24: room %s has awareness after the alarm", r)
		}
	}
	for r := range m.Cleared {
		if len(m.unitsInRoom(r)) > 0 {
			return fmt.Errorf("V-25: cleared room %s holds enemies", r)
		}
	}
	tr := m.Tracker
	length := map[string]int{"pre": tr.Pre, "post": tr.Post, "alien": tr.Alien}[tr.Section]
	if tr.Pos < 1 || tr.Pos > length {
		return fmt.Errorf("V-26: tracker at %d of %d", tr.Pos, length)
	}
	return nil
}

// randomCommand picks a command a table might send now, right or wrong.
func randomCommand(r *rand.Rand, s *State) tracker.Command {
	m := s.Mission
	if m == nil {
		return nil
	}
	heroes := m.heroesInPlay()
	hero := m.Current
	if hero == "" || r.IntN(10) == 0 {
		hero = heroes[r.IntN(len(heroes))]
	}
	areas := []string{"A1", "A2", "A3", "B1", "B2", "C1", "E1", "F1", "X1"}
	area := areas[r.IntN(len(areas))]
	unit := "none"
	if len(m.Units) > 0 {
		unit = m.Units[r.IntN(len(m.Units))].ID
	}
	if len(m.Pending) > 0 && r.IntN(4) > 0 {
		p := m.Pending[0]
		return Defend{Hero: p.Defenders[0], Total: r.IntN(6), WoundCard: "W", Threshold: r.IntN(4)}
	}
	switch m.Step {
	case StepChooseOrder:
		if m.postAlarm() {
			if m.Dealt {
				return StartRound{}
			}
			return DealTurnOrder{}
		}
		return SetTurnOrder{Order: heroes}
	case StepEnemyTurn:
		if len(m.Pending) > 0 {
			p := m.Pending[0]
			return Defend{Hero: p.Defenders[0], Total: r.IntN(6), WoundCard: "W", Threshold: r.IntN(4)}
		}
		return EnemyTurn{}
	case StepEndOfRound:
		if len(m.Pending) > 0 {
			p := m.Pending[0]
			return Defend{Hero: p.Defenders[0], Total: r.IntN(6), WoundCard: "W", Threshold: r.IntN(4)}
		}
		if m.Paused != nil {
			return EnemyTurn{}
		}
		return EndRound{}
	}
	h := m.hero(hero)
	switch r.IntN(16) {
	case 0, 1, 2:
		return Move{Hero: hero, Path: []string{area}, Basic: r.IntN(2) == 0}
	case 3:
		doors := []string{"D1", "D2", "D3", "D4", "D5"}
		return OpenDoor{Hero: hero, Door: doors[r.IntN(len(doors))]}
	case 4, 5:
		return NoiseTest{Hero: hero, Total: r.IntN(5)}
	case 6:
		return Attack{Hero: hero, Weapon: r.IntN(3) - 1, Targets: []string{unit}, Total: r.IntN(7), Basic: r.IntN(2) == 0}
	case 7:
		return Cards{Hero: hero, Action: []string{"play", "playOngoing", "endEffect", "draw"}[r.IntN(4)], N: r.IntN(3)}
	case 8:
		return Search{Hero: hero, Found: Item{Name: "Thing"}, FaceDown: 1, Drop: r.IntN(2) - 1}
	case 9:
		return BangBoom{Boom: r.IntN(2) == 0, Cause: []string{"hero", "enemy"}[r.IntN(2)]}
	case 10:
		if h != nil && h.Turn.Recovering {
			return Recover{Hero: hero, Keep: []int{0, 1}}
		}
		return DrawCards{Hero: hero}
	case 11:
		return WoundHero{Hero: hero, Mode: "auto", Card: "W"}
	case 12:
		return Heal{Hero: hero, N: 1, Reason: "bandages"}
	case 13:
		return Override{Reason: "table", Place: []UnitPlacement{{Code: []string{"GR", "DG", "VM", "AR"}[r.IntN(4)], Area: area}}}
	}
	return EndTurn{}
}

func TestRandomPlayKeepsTheRules(t *testing.T) {
	for game := range 12 {
		s, mem := newSession(t)
		data, _ := ExportContent(&State{Library: testLibrary()})
		do(t, s, ImportContent{Data: data})
		do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1",
			Heroes:   []HeroSetup{heroSetup("H1", "A1"), heroSetup("H2", "A1"), heroSetup("H3", "A1")},
			HPShared: []string{HPWild}, HPSupply: []string{HPAttack, HPWild}})
		r := rand.New(rand.NewPCG(uint64(game), 99))
		accepted := 0
		for step := 0; step < 400 && !st(s).Mission.Ended; step++ {
			cmd := randomCommand(r, st(s))
			before := stateJSON(t, s.State())
			if _, err := s.Do(cmd); err != nil {
				if stateJSON(t, s.State()) != before {
					t.Fatalf("game %d: refused %T changed the state", game, cmd)
				}
				continue
			}
			accepted++
			if err := checkInvariants(st(s)); err != nil {
				t.Fatalf("game %d step %d after %T: %v", game, step, cmd, err)
			}
			if r.IntN(25) == 0 {
				after := stateJSON(t, s.State())
				if _, err := s.Undo(); err != nil {
					t.Fatal(err)
				}
				if _, err := s.Redo(); err != nil {
					t.Fatal(err)
				}
				if stateJSON(t, s.State()) != after {
					t.Fatalf("game %d: undo+redo of %T changed the outcome", game, cmd)
				}
			}
		}
		if accepted < 30 {
			m := st(s).Mission
			t.Fatalf("game %d: only %d commands accepted (step %s, ended %v %q, current %s, pending %d)", game, accepted, m.Step, m.Ended, m.Failed, m.Current, len(m.Pending))
		}
		x, err := tracker.ExportCampaign(mem, s.Campaign().ID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		b, _ := x.Encode()
		y, err := tracker.ParseExport(b, tracker.Registry{Game: Rules})
		if err != nil {
			t.Fatalf("game %d: export does not re-import: %v", game, err)
		}
		fresh, err := tracker.StoreFromExport(y)
		if err != nil {
			t.Fatalf("game %d: the export does not load: %v", game, err)
		}
		re, err := tracker.Open(fresh, Rules, y.Campaign.ID)
		if err != nil {
			t.Fatal(err)
		}
		if stateJSON(t, re.State()) != stateJSON(t, s.State()) {
			t.Fatalf("game %d: replay differs", game)
		}
	}
}
