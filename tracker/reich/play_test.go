package reich

import (
	"strings"
	"testing"

	"tablekeeper/tracker"
)

// defendAll resolves every pending defence test: a total of 2 against a
// wound card with threshold 2.
func defendAll(t testing.TB, s *tracker.Session) {
	t.Helper()
	for len(st(s).Mission.Pending) > 0 {
		p := st(s).Mission.Pending[0]
		do(t, s, Defend{Hero: p.Defenders[0], Total: 2, WoundCard: "W", Threshold: 2})
	}
}

// fight is the heroes' simple plan for a turn: recover when downed, hit
// every enemy in the area with the knife, then end the turn.
func fight(t testing.TB, s *tracker.Session) {
	t.Helper()
	m := st(s).Mission
	id := m.Current
	h := m.hero(id)
	if h.Turn.Recovering {
		keep := []int{0, 1}
		do(t, s, Recover{Hero: id, Keep: keep})
	} else if !h.Captured {
		for i, u := range unitIDs(s) {
			if st(s).Mission.Step != StepHeroTurn || st(s).Mission.Current != id {
				return
			}
			if x := st(s).Mission.unit(u); x != nil && x.Area == st(s).Mission.hero(id).Area && !st(s).Mission.hero(id).Downed() {
				do(t, s, Attack{Hero: id, Weapon: 1, Targets: []string{u}, Total: 9, Basic: i == 0, ArmourPiercing: true})
			}
		}
	}
	if st(s).Mission.Step == StepHeroTurn && st(s).Mission.Current == id {
		do(t, s, EndTurn{})
	}
}

// enemy plays the enemy turn and the defence tests.
func enemy(t testing.TB, s *tracker.Session) {
	t.Helper()
	if st(s).Mission.Step == StepEnemyTurn && !st(s).Mission.EnemyDone {
		do(t, s, EnemyTurn{})
	}
	enemyAll(t, s)
}

// playMission plays a whole raid through commands with the campaign's
// seeded dice and returns the session and its store.
func playMission(t testing.TB) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	s, mem := newSession(t)
	lib := testLibrary()
	data, err := ExportContent(&State{Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	do(t, s, ImportContent{Data: data})
	do(t, s, SetSetting{Key: "unarmed.attackDice", Value: "2"})
	do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1",
		Heroes:   []HeroSetup{heroSetup("H1", "A1"), heroSetup("H2", "A1")},
		HPShared: []string{HPWild, HPAttack}, HPSupply: []string{HPAttack, HPDefence, HPWild, HPWild}})
	do(t, s, AddNoteProbe())

	// Round 1: H1 walks to the door and opens it; the spawn token behind it spawns.
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Move{Hero: "H1", Path: []string{"A2", "A3"}, Basic: true, Modifiers: 1})
	do(t, s, OpenDoor{Hero: "H1", Door: "D1"})
	if len(st(s).Mission.Units) == 0 {
		t.Fatal("opening D1 puts token T1 in sight: it should spawn (T3)")
	}
	do(t, s, NoiseTest{Hero: "H1", Total: 3})
	if st(s).Mission.Step == StepHeroTurn {
		do(t, s, EndTurn{})
	}
	enemy(t, s)
	if st(s).Mission.Step == StepHeroTurn {
		do(t, s, DrawCards{Hero: st(s).Mission.Current})
		do(t, s, EndTurn{})
		enemy(t, s)
	}
	for st(s).Mission.Step != StepEndOfRound {
		fight(t, s)
		enemy(t, s)
	}
	do(t, s, EndRound{})
	enemyAll(t, s)

	// Pre-alarm rounds until the alarm sounds.
	for i := 0; st(s).Mission.Phase == PhasePreAlarm; i++ {
		if i > 8 {
			t.Fatal("the alarm never sounded")
		}
		do(t, s, SetTurnOrder{Order: st(s).Mission.heroesInPlay()})
		for st(s).Mission.Step != StepEndOfRound {
			fight(t, s)
			enemy(t, s)
		}
		do(t, s, EndRound{})
		enemyAll(t, s)
	}

	// Post-alarm: the barracks answer a loud noise; then a hero with the
	// objective leaves through the exit in A1, or time runs out.
	for i := 0; !st(s).Mission.Ended; i++ {
		if i > 8 {
			t.Fatal("the mission never ended")
		}
		do(t, s, DealTurnOrder{})
		if st(s).Mission.Step == StepChooseOrder {
			do(t, s, StartRound{})
		}
		if i == 0 {
			do(t, s, Cards{Hero: st(s).Mission.Current, Action: "play", N: 1})
			do(t, s, DrawBy{Deck: "noise", Players: true})
			do(t, s, NoiseTest{Hero: st(s).Mission.Current, Total: 5, Card: "NQ1"})
			do(t, s, DrawBy{Deck: "noise"})
			if st(s).Mission.Step == StepHeroTurn {
				do(t, s, BangBoom{Boom: true, Cause: "hero"})
			}
		}
		for !st(s).Mission.Ended && st(s).Mission.Step != StepEndOfRound {
			m := st(s).Mission
			if m.Step == StepHeroTurn {
				h := m.hero(m.Current)
				if i >= 1 && h.Area == "A1" && !h.Turn.Recovering && !h.Captured && m.unitsInArea("A1") == 0 {
					do(t, s, Search{Hero: h.ID, Found: Item{Name: "Dossier", Kind: ItemObjective}, FaceUp: true, Drop: -1})
					do(t, s, Escape{Hero: h.ID})
					break
				}
			}
			fight(t, s)
			enemy(t, s)
		}
		if !st(s).Mission.Ended {
			do(t, s, EndRound{})
			defendAll(t, s)
		}
	}
	m := st(s).Mission
	row := 2
	if m.Failed == "" {
		row = 1
	}
	do(t, s, DeclareResult{Row: row})
	do(t, s, CloseMission{})
	return s, mem
}

// AddNoteProbe is a core note in the middle of the game's events.
func AddNoteProbe() tracker.Command { return tracker.AddNote{Text: "first mission night"} }

func TestWholeMissionReplaysFromExport(t *testing.T) {
	s, mem := playMission(t)
	if len(st(s).Campaign.Outcomes) != 1 {
		t.Fatal("the mission was not recorded")
	}
	var lines int
	var spawns, enemyTurns int
	_ = s.Events(1, func(e tracker.Event) error {
		d := s.Describe(e)
		if d == "" || d == e.Kind {
			t.Errorf("event %d (%s) has no diary line", e.Seq, e.Kind)
		}
		if strings.Contains(d, "placed in") {
			spawns++
		}
		if e.Kind == kindPrefix+"enemy.turn" {
			enemyTurns++
		}
		lines++
		return nil
	})
	if spawns == 0 || enemyTurns < 4 {
		t.Fatalf("a whole mission should spawn units and play enemy turns: %d spawns, %d enemy turns", spawns, enemyTurns)
	}
	r := replayed(t, s, mem)
	if stateJSON(t, r.State()) != stateJSON(t, s.State()) {
		t.Fatal("the replayed campaign's state differs from the original")
	}
	if r.Core().DrawNext != s.Core().DrawNext || func() int { n, _ := r.Notes(10, 0); return len(n) }() != 1 {
		t.Fatal("the replayed core state differs")
	}
	if r.Where() != s.Where() {
		t.Fatalf("Where: %q vs %q", r.Where(), s.Where())
	}
}

func TestSameSeedSameMission(t *testing.T) {
	a, _ := playMission(t)
	b, _ := playMission(t)
	if stateJSON(t, a.State()) != stateJSON(t, b.State()) {
		t.Fatal("two plays with the same seed and commands differ")
	}
}

func TestUndoRedoAcrossSpawns(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Move{Hero: "H1", Path: []string{"A2", "A3"}, Basic: true, Modifiers: 1})
	before := stateJSON(t, s.State())
	do(t, s, OpenDoor{Hero: "H1", Door: "D1"})
	after := stateJSON(t, s.State())
	if len(st(s).Mission.Units) == 0 {
		t.Fatal("no spawn")
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if stateJSON(t, s.State()) != before {
		t.Fatal("undo of a spawn did not restore the state")
	}
	if _, err := s.Redo(); err != nil {
		t.Fatal(err)
	}
	if stateJSON(t, s.State()) != after {
		t.Fatal("redo of a spawn gave another outcome")
	}
	// Undo, then the same command again: the same cards come (undo is never a re-roll).
	_, _ = s.Undo()
	do(t, s, OpenDoor{Hero: "H1", Door: "D1"})
	if stateJSON(t, s.State()) != after {
		t.Fatal("redoing the command after undo drew different cards")
	}
	// A noise card spawn, undone and redone.
	do(t, s, NoiseTest{Hero: "H1", Total: 3})
	mid := stateJSON(t, s.State())
	_, _ = s.Undo()
	_, _ = s.Undo()
	if stateJSON(t, s.State()) != before {
		t.Fatal("two undos did not go back before the spawns")
	}
	_, _ = s.Redo()
	_, _ = s.Redo()
	if stateJSON(t, s.State()) != mid {
		t.Fatal("two redos did not come back")
	}
}

func TestStateRoundTripsThroughJSON(t *testing.T) {
	s, _ := playMission(t)
	check := func(st tracker.State) {
		b := stateJSON(t, st)
		back, err := Rules.DecodeState([]byte(b))
		if err != nil {
			t.Fatal(err)
		}
		if stateJSON(t, back) != b {
			t.Fatal("state does not round-trip through JSON")
		}
	}
	check(s.State())
	r := raid(t)
	do(t, r, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, r, Move{Hero: "H1", Path: []string{"A2", "A3"}, Basic: true, Modifiers: 1})
	do(t, r, OpenDoor{Hero: "H1", Door: "D1"})
	check(r.State())
}

func BenchmarkEnemyTurnThroughTracker(b *testing.B) {
	s := raid(b)
	do(b, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	var many []UnitPlacement
	for range 6 {
		many = append(many, UnitPlacement{Code: "GR", Area: "B1"})
	}
	do(b, s, Override{Reason: "bench", Place: many})
	do(b, s, EndTurn{})
	st := st(s)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Rules.Decide(st, EnemyTurn{}, tracker.NewDice(7, uint64(i))); err != nil {
			b.Fatal(err)
		}
	}
}
