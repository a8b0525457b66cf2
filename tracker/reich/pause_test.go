package reich

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// pauseSetup: H1 (three permanent wounds, one short of downed) and H2 in
// A1 with a grunt and a dog, both alert; H1's turn ends and the enemy turn
// begins. The grunt (first in faction order) attacks H1, the most recent
// hero; the dog would too.
func pauseSetup(t *testing.T, h2Area string) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	s, mem := raidOf(t, testLibrary(), "H1", "H2")
	nearlyDowned(t, s, "H1")
	if h2Area != "A1" {
		h2 := *st(s).Mission.hero("H2")
		h2.Area = h2Area
		setHero(t, s, h2)
	}
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "DG", Area: "A1"}},
		Awareness: map[string]content.Awareness{"R1": content.Alert}})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	m := st(s).Mission
	if len(m.Pending) != 1 || m.Pending[0].Code != "GR" || !slices.Equal(m.Pending[0].Defenders, []string{"H1"}) {
		t.Fatalf("want the grunt's attack on H1 alone: %+v", m.Pending)
	}
	if m.Paused == nil || m.EnemyDone || m.Step != StepEnemyTurn {
		t.Fatalf("the enemy turn should wait for the defence test: paused %+v, done %v, step %s", m.Paused, m.EnemyDone, m.Step)
	}
	refused(t, s, EnemyTurn{}, "defence tests first")
	return s, mem
}

// §7.2, §7.5.5: the grunt's attack downs H1; the dog, who would have
// attacked H1, attacks H2 instead.
func TestEnemyTurnRetargetsAfterDowned(t *testing.T) {
	s, _ := pauseSetup(t, "A1")
	do(t, s, Defend{Hero: "H1", Total: 0, WoundCard: "w4", Threshold: 1})
	if !st(s).Mission.hero("H1").Downed() {
		t.Fatal("H1 should be downed by the fourth permanent wound")
	}
	if m := st(s).Mission; m.Paused == nil || m.EnemyDone {
		t.Fatal("the enemy turn goes on only when the players continue it")
	}
	do(t, s, EnemyTurn{})
	m := st(s).Mission
	if len(m.Pending) != 1 || m.Pending[0].Code != "DG" || !slices.Equal(m.Pending[0].Defenders, []string{"H2"}) {
		t.Fatalf("want the dog's attack on H2: %+v", m.Pending)
	}
	do(t, s, Defend{Hero: "H2", Total: 9})
	do(t, s, EnemyTurn{})
	m = st(s).Mission
	if m.Paused != nil || m.Step != StepHeroTurn || m.Current != "H2" {
		t.Fatalf("after the last attack H2's turn should begin: paused %+v, step %s, current %s", m.Paused, m.Step, m.Current)
	}
}

// §7.5.5: with no non-downed hero left in its area and no ranged attack,
// the dog does not attack; the enemy turn ends.
func TestEnemyTurnNoTargetLeft(t *testing.T) {
	s, _ := pauseSetup(t, "X1")
	do(t, s, Defend{Hero: "H1", Total: 0, WoundCard: "w4", Threshold: 1})
	do(t, s, EnemyTurn{})
	m := st(s).Mission
	if len(m.Pending) != 0 || m.Paused != nil {
		t.Fatalf("the dog has no one to attack: pending %+v, paused %+v", m.Pending, m.Paused)
	}
	if m.Step != StepHeroTurn || m.Current != "H2" {
		t.Fatalf("H2's turn should follow: step %s, current %s", m.Step, m.Current)
	}
}

// A paused enemy turn replays to the same state, and its export does too.
func TestPausedEnemyTurnReplays(t *testing.T) {
	s, mem := pauseSetup(t, "A1")
	check := func(when string) { replaysSame(t, s, mem, when) }
	check("paused")
	do(t, s, Defend{Hero: "H1", Total: 0, WoundCard: "w4", Threshold: 1})
	do(t, s, EnemyTurn{})
	check("second attack")
	do(t, s, Defend{Hero: "H2", Total: 9})
	do(t, s, EnemyTurn{})
	check("done")
}

// enemyAll plays an enemy turn to its end, each attack's defence test in
// between (§7.5.5).
func enemyAll(t testing.TB, s *tracker.Session) {
	t.Helper()
	for i := 0; st(s).Mission.Paused != nil || st(s).Mission.Step == StepEnemyTurn && !st(s).Mission.EnemyDone; i++ {
		if i > 50 {
			t.Fatal("the enemy turn never ended")
		}
		defendAll(t, s)
		if st(s).Mission.Ended {
			return
		}
		do(t, s, EnemyTurn{})
	}
	defendAll(t, s)
}

// §5.6 steps 6-7, §7.5.5: the alarm's free enemy turn stops after each
// attack too; the marker stays on the alarm space until it is over, so a
// tracker advance meanwhile is ignored (§5.5), and the first post-alarm
// round begins once the turn is done.
func TestAlarmFreeTurnWaitsForDefence(t *testing.T) {
	s, mem := raidOf(t, testLibrary(), "H2", "H1")
	nearlyDowned(t, s, "H1")
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "DG", Area: "A1"}}})
	do(t, s, EndTurn{})
	enemyAll(t, s)
	if m := st(s).Mission; m.Current != "H1" || m.hero("H1").Downed() {
		t.Fatalf("H1's turn should follow, H1 standing: current %s", m.Current)
	}
	do(t, s, AdjustTracker{By: 4, Reason: "test: set the alarm off"})
	if m := st(s).Mission; m.Step != StepEndOfRound || !m.Tracker.AlarmPending {
		t.Fatalf("the alarm should be pending at the end of round: step %s, %+v", m.Step, m.Tracker)
	}
	do(t, s, EndRound{})
	m := st(s).Mission
	if m.Paused == nil || !m.Paused.Progress.Free || len(m.Pending) == 0 {
		t.Fatalf("the free turn should wait for a defence test: paused %+v, pending %+v", m.Paused, m.Pending)
	}
	if m.Step != StepEndOfRound || m.Phase != PhasePostAlarm || m.Tracker.Section != "pre" || !m.Tracker.AlarmPending {
		t.Fatalf("during the free turn: step %s, phase %s, tracker %+v", m.Step, m.Phase, m.Tracker)
	}
	pos := m.Tracker.Pos
	do(t, s, AdjustTracker{By: 1, Reason: "test: an advance during the free turn"})
	if m := st(s).Mission; m.Ended || m.Tracker.Pos != pos || m.Tracker.Section != "pre" {
		t.Fatalf("an advance during the free turn is ignored: ended %v, %+v", m.Ended, m.Tracker)
	}
	replaysSame(t, s, mem, "free turn paused")
	downed := false
	for i := 0; st(s).Mission.Paused != nil; i++ {
		if i > 20 {
			t.Fatal("the free turn never ended")
		}
		refused(t, s, EndRound{}, "defence tests first")
		for len(st(s).Mission.Pending) > 0 {
			p := st(s).Mission.Pending[0]
			if downed && slices.Contains(p.Defenders, "H1") {
				t.Fatalf("downed H1 is attacked again: %+v", p)
			}
			total := 9
			if p.Defenders[0] == "H1" {
				total = 0
			}
			do(t, s, Defend{Hero: p.Defenders[0], Total: total, WoundCard: "w", Threshold: 0})
			downed = st(s).Mission.hero("H1").Downed()
		}
		if st(s).Mission.Paused != nil {
			refused(t, s, EndRound{}, "free enemy turn")
			do(t, s, EnemyTurn{})
		}
	}
	if !downed {
		t.Fatal("the grunt's attack on H1 should have downed H1")
	}
	m = st(s).Mission
	if m.Tracker.Section != "post" || m.Tracker.Pos != 1 || m.Tracker.AlarmPending || m.Step != StepChooseOrder || m.Round != 2 {
		t.Fatalf("after the free turn: post-alarm space 1, round 2: %+v, step %s, round %d", m.Tracker, m.Step, m.Round)
	}
	replaysSame(t, s, mem, "after the alarm")
}

// An event log from before the enemy turn stopped for each defence test,
// with every attack of the turn decided at once, still replays to its
// stored outcome (no re-deciding) and plays on: the defence tests, then the
// next hero turn.
func TestOldEnemyTurnEventStillReplays(t *testing.T) {
	s, mem := raidOf(t, testLibrary(), "H1", "H2")
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "DG", Area: "A1"}},
		Awareness: map[string]content.Awareness{"R1": content.Alert}})
	do(t, s, EndTurn{})
	m := st(s).Mission
	var units []string
	for _, u := range m.Units {
		units = append(units, u.ID)
	}
	f := m.flow()
	f.EnemyDone = true
	old := Payload{Summary: "Enemy turn after Hero H1", Ops: []Op{
		{Op: opPending, Pending: []PendingAttack{
			{Code: "GR", Mode: "melee", Total: 3, Defenders: []string{"H1"}, Units: units[:1]},
			{Code: "DG", Mode: "melee", Total: 4, Defenders: []string{"H1"}, Units: units[1:]},
		}},
		{Op: opFlow, Flow: f},
	}}
	raw, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	_ = s.Events(1, func(tracker.Event) error { n++; return nil })
	if err := mem.Append(s.Campaign().ID, tracker.Event{Seq: uint64(n + 1), ID: "old-enemy-turn", Time: time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC),
		Kind: kindPrefix + "enemy.turn", Payload: raw}); err != nil {
		t.Fatal(err)
	}
	r, err := tracker.Open(mem, Rules, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	m = st(r).Mission
	if len(m.Pending) != 2 || m.Paused != nil || !m.EnemyDone {
		t.Fatalf("the old event should replay as stored: pending %+v, paused %+v", m.Pending, m.Paused)
	}
	refused(t, r, EnemyTurn{}, "V-28")
	defendAll(t, r)
	if m := st(r).Mission; m.Step != StepHeroTurn || m.Current != "H2" {
		t.Fatalf("after the old turn's defence tests H2's turn follows: step %s, current %s", m.Step, m.Current)
	}
}

// §7.5.5, §7.6.4: a bomber's blast that wounds heroes stops the enemy
// turn too; the wounds are on the dashboards at once, so the turn goes
// straight on and the grunt after it shoots at H2, H1 being downed.
func TestBlastWoundsSeenByLaterAttacks(t *testing.T) {
	lib := testLibrary()
	f := &lib.Factions[0]
	f.Units = append([]content.UnitType{{Code: "BM", Name: "Bomber", LootColour: "black", Max: 2, MeleeAttack: 3, Keywords: kws("bomber")}}, f.Units...)
	s, _ := raidOf(t, lib, "H1", "H2")
	nearlyDowned(t, s, "H1")
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "BM", Area: "A1"}, {Code: "GR", Area: "A3"}},
		Awareness: map[string]content.Awareness{"R1": content.Alert}})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	m := st(s).Mission
	if !m.hero("H1").Downed() || len(m.hero("H2").Wounds) != 1 {
		t.Fatalf("the blast should wound both heroes, downing H1: H1 %d, H2 %d wounds", m.hero("H1").Permanent(), len(m.hero("H2").Wounds))
	}
	for _, p := range m.Pending {
		if slices.Contains(p.Defenders, "H1") {
			t.Fatalf("downed H1 is attacked after the blast: %+v", m.Pending)
		}
	}
	if len(m.Pending) != 1 || m.Pending[0].Code != "GR" || m.Paused == nil {
		t.Fatalf("want the grunt's attack on H2, the turn waiting: %+v, paused %+v", m.Pending, m.Paused)
	}
}
