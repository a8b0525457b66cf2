package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// wound gives hero id n permanent wounds by hand.
func wound(t *testing.T, s *tracker.Session, id string, n int) tracker.Event {
	t.Helper()
	var e tracker.Event
	for range n {
		e = do(t, s, WoundHero{Hero: id, Mode: "auto", Card: "W"})
	}
	return e
}

// TestDownedMidTurnStillChecksClearedToken: §5.2 — a hero downed during
// their own turn ends the turn after the action, and ending the turn in a
// room with no enemy units places its cleared token, as any turn's end.
func TestDownedMidTurnStillChecksClearedToken(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	if st(s).Mission.Cleared["R1"] {
		t.Fatal("R1 is cleared before any turn ended")
	}
	e := wound(t, s, "H1", 4) // no action taken: no noise test can follow
	m := st(s).Mission
	if m.Step != StepEnemyTurn || m.Current != "H1" {
		t.Fatalf("H1's turn did not end: %s", m.Step)
	}
	if !m.Cleared["R1"] {
		t.Fatalf("the end of the downed hero's turn placed no cleared token: %s", Rules.Describe(e))
	}
}

// surgeDowned: H1 (3 permanent wounds) attacks and kills a grunt in A1,
// then a surge of that attack downs H1.
func surgeDowned(t *testing.T) *tracker.Session {
	t.Helper()
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "GR", Area: "A1"}}})
	wound(t, s, "H1", 3)
	do(t, s, Attack{Hero: "H1", Weapon: 1, Targets: unitIDs(s), Total: 5, Basic: true})
	if len(st(s).Mission.Units) != 0 {
		t.Fatal("the grunt survived")
	}
	e := do(t, s, WoundHero{Hero: "H1", Mode: "surge", Card: "W4"})
	m := st(s).Mission
	if !m.hero("H1").Downed() || m.Step != StepHeroTurn || m.Current != "H1" {
		t.Fatalf("after the surge: downed %v, step %s: the turn must wait for the attack's noise test", m.hero("H1").Downed(), m.Step)
	}
	if d := Rules.Describe(e); !strings.Contains(d, "noise test") {
		t.Fatalf("the diary does not say the noise test is still to come: %q", d)
	}
	return s
}

// TestSurgeDownedNoiseTestStillRecorded: §5.2, §6.2 step 5 — the surge
// that downs a hero comes in the attack test; the attack's noise test is
// part of the same action, so it is still recorded, and then the turn
// ends (with its cleared-token check).
func TestSurgeDownedNoiseTestStillRecorded(t *testing.T) {
	s := surgeDowned(t)
	refused(t, s, DrawCards{Hero: "H1"}, "downed")
	refused(t, s, Search{Hero: "H1", Found: Item{Name: "x"}, Drop: -1}, "downed")
	e := do(t, s, NoiseTest{Hero: "H1", Total: 0, Weapon: true})
	m := st(s).Mission
	if m.Step != StepEnemyTurn {
		t.Fatalf("the turn did not end after the noise test: %s", m.Step)
	}
	if !m.Cleared["R1"] {
		t.Fatalf("no cleared token at the end of the turn: %s", Rules.Describe(e))
	}
}

// TestSurgeDownedNoNoise: when the attack made no noise, the players end
// the turn; the end-of-turn checks run.
func TestSurgeDownedNoNoise(t *testing.T) {
	s := surgeDowned(t)
	do(t, s, EndTurn{})
	m := st(s).Mission
	if m.Step != StepEnemyTurn || !m.Cleared["R1"] {
		t.Fatalf("step %s, cleared %v", m.Step, m.Cleared["R1"])
	}
}

// TestSurgeDownedNoiseSpawns: a noise test that draws a card is resolved
// before the turn ends, so the noise card acts in the downed hero's turn.
func TestSurgeDownedNoiseSpawns(t *testing.T) {
	s := surgeDowned(t)
	do(t, s, Override{Reason: "test", Awareness: map[string]content.Awareness{"R2": content.Suspicious}})
	do(t, s, DrawBy{Deck: "noise", Players: true})
	e := do(t, s, NoiseTest{Hero: "H1", Total: 1, Weapon: true, Card: "NP2"})
	if d := Rules.Describe(e); !strings.Contains(d, "NP2") && !strings.Contains(d, "Round marker") {
		t.Fatalf("the noise card was not resolved: %q", d)
	}
	if st(s).Mission.Step != StepEnemyTurn && st(s).Mission.Step != StepEndOfRound {
		t.Fatalf("the turn did not end: %s", st(s).Mission.Step)
	}
}

// §6.4, V-20: a hero healed below 4 permanent wounds stands up; capture
// needs the hero downed, so a captured hero healed so is captured no more.
func TestHealStandsACapturedHeroUp(t *testing.T) {
	s := raid(t)
	h := *st(s).Mission.hero("H2")
	h.Wounds = []Wound{{Card: "a"}, {Card: "b"}, {Card: "c"}, {Card: "d"}, {Card: "e"}}
	h.Captured = true
	setHero(t, s, h)
	do(t, s, Heal{Hero: "H2", N: 1})
	if m := st(s).Mission; !m.hero("H2").Captured || !m.hero("H2").Downed() {
		t.Fatal("healing the fifth wound leaves H2 captured and downed")
	}
	do(t, s, Heal{Hero: "H2", N: 1})
	if m := st(s).Mission; m.hero("H2").Captured || m.hero("H2").Downed() {
		t.Fatal("healed to 3 permanent wounds H2 stands up, no longer captured")
	}
}
