package reich

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	practice "tablekeeper/assets/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// The practice content is a content file like any other: the same parser
// and checks accept it, it says it is practice content, and its map's
// edges and sight lines are the ones its drawing gives (so the picture on
// the Play tab is the map the enemy plays on).
func TestPracticeContentIsAValidContentFile(t *testing.T) {
	f, err := ReadContentFile(practice.Practice)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Practice || !f.Content.Practice || f.Name == "" {
		t.Fatalf("the practice file does not say it is practice content: %+v", f)
	}
	lib := f.Content
	if len(lib.Factions) != 1 || len(lib.SpawnCards) < 4 || len(lib.Maps) != 1 || len(lib.Missions) != 1 || len(lib.Heroes) < 2 {
		t.Fatalf("the practice content is short of what a mission needs: %d factions, %d spawn cards, %d maps, %d missions, %d heroes",
			len(lib.Factions), len(lib.SpawnCards), len(lib.Maps), len(lib.Missions), len(lib.Heroes))
	}
	decks := map[string]int{}
	for _, n := range lib.NoiseCards {
		decks[n.Deck]++
	}
	if decks[content.DeckPreAlarm] < 2 || decks[content.DeckPostAlarm] < 2 {
		t.Fatalf("noise cards by deck %v: the practice needs both decks", decks)
	}
	m := lib.Maps[0]
	if !m.HasLayout() || len(m.Barracks) == 0 || len(m.Entrances) == 0 || len(m.SpawnTokens) == 0 || len(m.Doors) == 0 {
		t.Fatalf("the practice map lacks a drawing, barracks, an entrance, spawn tokens or doors: %+v", m)
	}
	if got, want := m.LayoutSightLines(), m.SightLines; !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("the map's sight lines %v are not the ones its drawing gives %v", want, got)
	}
	for _, e := range m.Edges {
		if e.Door == "" && m.Area(e.A).Room != m.Area(e.B).Room {
			t.Fatalf("open edge %v between rooms", e)
		}
	}
}

// TestPracticeFirstRound plays the practice game's first full round
// through the tracker and the enemy engine as a newcomer does, only ending
// turns: the commands a tap on "Try a practice game" runs, the order, the
// end of Mara's turn (the corridor's face-up token in her sight spawns two
// sentries there), the enemy's turn after her (its units see her: the
// corridor turns alert, on the map), the end of Ned's turn and the enemy's
// turn after it (the alert sentries shoot), every defence test, and the end
// of the round. Every enemy turn of the round changes the board.
func TestPracticeFirstRound(t *testing.T) {
	s, _ := newSession(t)
	cmds, err := PracticeCommands(practice.Practice)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		do(t, s, c)
	}
	m := st(s).Mission
	if m == nil || m.Step != StepChooseOrder || len(m.Heroes) != 2 || m.Heroes[0].Area != "C1" || !st(s).Library.Practice {
		t.Fatalf("the practice mission is not set up at the start of round 1: %+v", m)
	}
	if len(m.Units) != 0 || len(m.Tokens) != 4 {
		t.Fatalf("the enemy starts as spawn tokens only: %d units, %d tokens", len(m.Units), len(m.Tokens))
	}
	do(t, s, SetTurnOrder{Order: []string{"mara", "ned"}})

	// Mara ends her turn: the corridor's face-up token is in her sight and
	// spawns (§7.4.1 T3), and the units placed see her (§7.3 SIGHT).
	e := do(t, s, EndTurn{})
	var p Payload
	if err := e.Decode(&p); err != nil || p.Enemy == nil || len(p.Enemy.Placed) == 0 || len(p.Trace) == 0 {
		t.Fatalf("the end of Mara's turn placed no units, or explained nothing: %+v", p)
	}
	m = st(s).Mission
	for _, u := range m.Units {
		if u.Area != "C4" {
			t.Fatalf("unit %s placed in %s, not where the token lay", u.ID, u.Area)
		}
	}
	if m.Level("Corridor") != content.Suspicious {
		t.Fatalf("the corridor is %v (want suspicious: its units saw Mara)", m.Level("Corridor"))
	}
	e = do(t, s, EnemyTurn{})
	if err := e.Decode(&p); err != nil || !slices.Contains(p.Lines, "Corridor is now alert (it was suspicious)") {
		t.Fatalf("the enemy's turn after Mara says %q %q (want the corridor alert, in words)", p.Summary, p.Lines)
	}
	enemyAll(t, s)
	if m := st(s).Mission; m.Current != "ned" || m.Step != StepHeroTurn || m.Level("Corridor") != content.Alert {
		t.Fatalf("after Mara's enemy turn it is %s's %s, the corridor %v (want alert: phase 4)", m.Current, m.Step, m.Level("Corridor"))
	}
	do(t, s, DrawCards{Hero: "ned"})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	if m := st(s).Mission; len(m.Pending) == 0 || m.Tracker.Pos != 2 {
		t.Fatalf("the enemy's turn after Ned: %d attacks waiting, the marker on %d (want the sentries' shot, and the marker moved by phase 1)", len(m.Pending), m.Tracker.Pos)
	}
	enemyAll(t, s)
	m = st(s).Mission
	if m.Step != StepEndOfRound {
		t.Fatalf("after the second enemy turn the step is %s", m.Step)
	}
	do(t, s, EndRound{})
	enemyAll(t, s)
	m = st(s).Mission
	if m.Round != 2 || m.Step != StepChooseOrder || m.Ended {
		t.Fatalf("round %d, step %s, ended %v after the first round", m.Round, m.Step, m.Ended)
	}
	// Every enemy decision of the round explained itself.
	kinds := map[string]int{}
	_ = s.Events(1, func(ev tracker.Event) error {
		var p Payload
		if ev.Decode(&p) == nil && strings.HasPrefix(ev.Kind, kindPrefix+"enemy.") && len(p.Trace) == 0 {
			t.Errorf("event %d (%s) has no trace", ev.Seq, ev.Kind)
		}
		kinds[strings.TrimPrefix(ev.Kind, kindPrefix)]++
		return nil
	})
	if kinds["enemy.turn"] < 2 || kinds["hero.defend"] == 0 {
		t.Fatalf("the round's events %v: want two enemy turns and a defence test against the enemy's attack", kinds)
	}
}

// The store room's door still hides the first door's spawn: Mara opens it,
// and its face-up token spawns in the store room.
func TestPracticeFirstDoor(t *testing.T) {
	s, _ := newSession(t)
	cmds, err := PracticeCommands(practice.Practice)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		do(t, s, c)
	}
	do(t, s, SetTurnOrder{Order: []string{"mara", "ned"}})
	e := do(t, s, OpenDoor{Hero: "mara", Door: "D1"})
	var p Payload
	if err := e.Decode(&p); err != nil || p.Enemy == nil || len(p.Trace) == 0 {
		t.Fatalf("opening the store room placed no units, or explained nothing: %+v", p)
	}
	if !slices.ContainsFunc(p.Enemy.Placed, func(u UnitAt) bool { return u.Area == "S1" }) || slices.ContainsFunc(st(s).Mission.Tokens, func(tk Token) bool { return tk.ID == "T1" }) {
		t.Fatalf("the store room's token did not spawn there: %+v", p.Enemy.Placed)
	}
}

// The diary names units, heroes and cards as the players entered them:
// no unit codes or ids, hero ids, request kinds or Go lists.
func TestPracticeDiaryInPlayersWords(t *testing.T) {
	s, _ := newSession(t)
	cmds, err := PracticeCommands(practice.Practice)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		do(t, s, c)
	}
	do(t, s, SetTurnOrder{Order: []string{"mara", "ned"}})
	do(t, s, EndTurn{})
	enemyAll(t, s)
	do(t, s, EndTurn{})
	enemyAll(t, s)
	bad := regexp.MustCompile(`\bDS\b|DS-\d|\bmara\b|\bned\b|[A-Z]+_[A-Z]+|\[|atEase`)
	_ = s.Events(1, func(ev tracker.Event) error {
		line := s.Describe(ev)
		if m := bad.FindString(line); m != "" {
			t.Errorf("the Log reads %q in %q", m, line)
		}
		var p Payload
		_ = ev.Decode(&p)
		n := st(s).Namer()
		for _, l := range p.Trace {
			for _, x := range []string{l.Text, l.Result, l.TieBreak} {
				if m := bad.FindString(n.Line(x)); m != "" {
					t.Errorf("the Why reads %q in %q", m, n.Line(x))
				}
			}
		}
		return nil
	})
}

// The diary and the enemy's words as players read them: no spec section or
// code, real plurals (the event keeps the sections the rules cite).
func TestPlayersLine(t *testing.T) {
	for in, want := range map[string]string{
		"Ana is captured (§5.2)":                       "Ana is captured",
		"the enemy turn follows (V-06)":                "the enemy turn follows",
		"it waits (reichbusters §7.5.5, V-23) for now": "it waits for now",
		"the alarm sounds (§5.6 step 6); then it goes": "the alarm sounds; then it goes",
		"paused with 0 unit(s) of GR; 1 card(s) drawn": "paused with 0 units of GR; 1 card drawn",
	} {
		if got := PlayersLine(in); got != want {
			t.Errorf("PlayersLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// Whatever the campaign's dice (each practice game has its own), the
// newcomer who only ends turns sees the enemy spawn, turn the corridor
// alert, then shoot, in round 1.
func TestPracticeEnemyActsWhateverTheDice(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		mem := tracker.NewMemStore()
		c, err := tracker.NewCampaign(Game, "Practice", seed, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		if err := mem.Create(c); err != nil {
			t.Fatal(err)
		}
		s, err := tracker.Open(mem, Rules, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		cmds, err := PracticeCommands(practice.Practice)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cmds {
			do(t, s, c)
		}
		do(t, s, SetTurnOrder{Order: []string{"mara", "ned"}})
		do(t, s, EndTurn{})
		if n := len(st(s).Mission.Units); n == 0 {
			t.Fatalf("seed %d: nothing spawned as Mara's turn ended", seed)
		}
		do(t, s, EnemyTurn{})
		if l := st(s).Mission.Level("Corridor"); l != content.Alert {
			t.Fatalf("seed %d: the corridor is %v after the first enemy turn", seed, l)
		}
		do(t, s, DrawCards{Hero: "ned"})
		do(t, s, EndTurn{})
		do(t, s, EnemyTurn{})
		if len(st(s).Mission.Pending) == 0 {
			t.Fatalf("seed %d: the second enemy turn made no attack", seed)
		}
	}
}
