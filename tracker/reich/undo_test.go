package reich

import (
	"slices"
	"testing"

	"tablekeeper/tracker"
)

// TestTodaysPathsUndoAndReplay: each command path added today changes the
// state as its rule says, the log (exported and replayed) gives the same
// state after it, and the session's Undo restores the state before it
// exactly (and that too replays the same).
func TestTodaysPathsUndoAndReplay(t *testing.T) {
	type path struct {
		name  string
		setup func(t *testing.T) (*tracker.Session, *tracker.MemStore, tracker.Command)
		check func(t *testing.T, m *Mission)
	}
	paths := []path{
		{"Cards Lasts: until the next hero's turn (§12.9)",
			func(t *testing.T) (*tracker.Session, *tracker.MemStore, tracker.Command) {
				s, mem := raidOf(t, testLibrary(), "H1", "H2")
				return s, mem, Cards{Hero: "H1", Action: "playOngoing", Duration: DurUntilNextHero, N: 1}
			},
			func(t *testing.T, m *Mission) {
				if h := m.hero("H1"); h.InPlay != 1 || h.UntilNextHero != 1 {
					t.Fatalf("in play %d, until the next hero %d; want 1, 1", h.InPlay, h.UntilNextHero)
				}
			}},
		{"Cards Lasts: the timed card is discarded as the next hero's turn starts (§12.9)",
			func(t *testing.T) (*tracker.Session, *tracker.MemStore, tracker.Command) {
				s, mem := raidOf(t, testLibrary(), "H1", "H2")
				do(t, s, Cards{Hero: "H1", Action: "playOngoing", Duration: DurUntilNextHero, N: 1})
				do(t, s, EndTurn{})
				return s, mem, EnemyTurn{}
			},
			func(t *testing.T, m *Mission) {
				if h := m.hero("H1"); m.Current != "H2" || h.InPlay != 0 || h.UntilNextHero != 0 {
					t.Fatalf("current %s, H1 in play %d (timed %d); want H2's turn, the card discarded", m.Current, h.InPlay, h.UntilNextHero)
				}
			}},
		{"Counter attack during a defence test (§12.1)",
			func(t *testing.T) (*tracker.Session, *tracker.MemStore, tracker.Command) {
				s, mem, attacker, _ := counterSetup(t)
				return s, mem, Attack{Hero: "H1", Counter: true, Against: 0, Weapon: 1, Targets: []string{attacker}, Total: 5}
			},
			func(t *testing.T, m *Mission) {
				if len(m.Units) != 1 || len(m.Pending) != 1 || !slices.Contains(m.Pending[0].Countered, "H1") {
					t.Fatalf("units %+v, pending %+v; want the attacker killed, H1's counter recorded", m.Units, m.Pending)
				}
			}},
		{"Defence test while the enemy turn is paused (§7.5.5)",
			func(t *testing.T) (*tracker.Session, *tracker.MemStore, tracker.Command) {
				s, mem := pauseSetup(t, "A1")
				return s, mem, Defend{Hero: "H1", Total: 0, WoundCard: "w4", Threshold: 1}
			},
			func(t *testing.T, m *Mission) {
				if len(m.Pending) != 0 || m.Paused == nil || !m.hero("H1").Downed() {
					t.Fatalf("pending %+v, paused %v, H1 downed %v; want the test done, the turn still paused", m.Pending, m.Paused != nil, m.hero("H1").Downed())
				}
			}},
		{"Next continues the paused enemy turn (§7.5.5)",
			func(t *testing.T) (*tracker.Session, *tracker.MemStore, tracker.Command) {
				s, mem := pauseSetup(t, "A1")
				do(t, s, Defend{Hero: "H1", Total: 0, WoundCard: "w4", Threshold: 1})
				return s, mem, EnemyTurn{}
			},
			func(t *testing.T, m *Mission) {
				if len(m.Pending) != 1 || m.Pending[0].Code != "DG" || !slices.Equal(m.Pending[0].Defenders, []string{"H2"}) {
					t.Fatalf("pending %+v; want the dog's attack on H2, H1 being downed", m.Pending)
				}
			}},
		{"Heal with Item, By and Also: Bandages heal 2 in all (V-46, §12.3)",
			func(t *testing.T) (*tracker.Session, *tracker.MemStore, tracker.Command) {
				s, mem := raidOf(t, testLibrary(), "H1", "H2")
				woundBy(t, s, "H1", 2)
				woundBy(t, s, "H2", 2)
				return s, mem, Heal{Hero: "H1", N: 2, Item: "Bandages", By: "H1", Also: []HealShare{{Hero: "H2", N: 2}}}
			},
			func(t *testing.T, m *Mission) {
				if a, b := m.hero("H1").Permanent(), m.hero("H2").Permanent(); a != 0 || b != 2 {
					t.Fatalf("permanent wounds H1 %d, H2 %d; want 0, 2", a, b)
				}
			}},
		{"Search of a face-down item (V-13)",
			func(t *testing.T) (*tracker.Session, *tracker.MemStore, tracker.Command) {
				s, mem := raidOf(t, testLibrary(), "H1", "H2")
				return s, mem, Search{Hero: "H1", Found: Item{Name: "Grenade"}, FaceDown: 1, Drop: -1}
			},
			func(t *testing.T, m *Mission) {
				if h := m.hero("H1"); !slices.ContainsFunc(h.Items, func(i Item) bool { return i.Name == "Grenade" }) || h.Turn.Actions != 1 {
					t.Fatalf("items %+v, actions %d; want the Grenade picked up by one action", h.Items, h.Turn.Actions)
				}
			}},
		{"Ready the portal with a vril orb (§11.3)",
			func(t *testing.T) (*tracker.Session, *tracker.MemStore, tracker.Command) {
				s, mem := noteRaidOf(t)
				do(t, s, PlacePortal{Area: "A1", Tokens: 1})
				h := *st(s).Mission.hero("H1")
				h.Items = []Item{{Name: "Orb", Kind: ItemVrilOrb}}
				setHero(t, s, h)
				return s, mem, ReadyPortal{Hero: "H1", Orb: 0}
			},
			func(t *testing.T, m *Mission) {
				if m.Portal == nil || m.Portal.Tokens != 0 || len(m.hero("H1").Items) != 0 {
					t.Fatalf("portal %+v, items %+v; want its token gone and the orb spent", m.Portal, m.hero("H1").Items)
				}
			}},
		{"The alarm's free enemy turn pauses for a defence test (§5.6)",
			func(t *testing.T) (*tracker.Session, *tracker.MemStore, tracker.Command) {
				s, mem := raidOf(t, testLibrary(), "H2", "H1")
				do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "DG", Area: "A1"}}})
				do(t, s, EndTurn{})
				enemyAll(t, s)
				do(t, s, AdjustTracker{By: 4, Reason: "test: set the alarm off"})
				return s, mem, EndRound{}
			},
			func(t *testing.T, m *Mission) {
				if m.Paused == nil || !m.Paused.Progress.Free || len(m.Pending) == 0 || m.Phase != PhasePostAlarm {
					t.Fatalf("paused %+v, pending %+v, phase %s; want the free turn waiting for a defence test", m.Paused, m.Pending, m.Phase)
				}
			}},
	}
	for _, p := range paths {
		t.Run(p.name, func(t *testing.T) {
			s, mem, cmd := p.setup(t)
			before := stateJSON(t, s.State())
			do(t, s, cmd)
			p.check(t, st(s).Mission)
			replaysSame(t, s, mem, "after "+p.name)
			if _, err := s.Undo(); err != nil {
				t.Fatal(err)
			}
			if stateJSON(t, s.State()) != before {
				t.Fatalf("Undo did not restore the state before %T", cmd)
			}
			replaysSame(t, s, mem, "after undoing "+p.name)
		})
	}
}
