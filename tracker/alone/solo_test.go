package alone

import (
	"encoding/json"
	"strings"
	"testing"

	"slices"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// heroStep picks the Hero's Action in the scripted solo game: fight a
// Creature in the Sector, act on the goal when standing on it, else walk a
// shortest path to it (the test may peek at the Map; the Hero player would
// use Locate).
func heroStep(t *testing.T, s *tracker.Session, goal string) {
	t.Helper()
	g := st(s)
	m := g.Map
	if cs := m.CreaturesIn(m.Hero); len(cs) > 0 {
		do(t, s, FightCreature{Roll: VirtualDice, Target: cs[0].ID})
		return
	}
	if m.Hero == goal {
		do(t, s, InteractWith{Mission: "goal"})
		switch {
		case g.Missions.Starting[0].Status == Active:
			do(t, s, CompleteMission{Which: 1})
			do(t, s, TakeMidGameReward{Choice: alone.LifeDamage})
		case g.Missions.Final.Status == Active:
			// Completed at the end of the Turn, after the Evil side.
		}
		return
	}
	dist := m.DistancesFrom(goal, alone.Rules)
	h := m.HeroSector()
	for _, d := range []alone.Dir{alone.North, alone.East, alone.South, alone.West, alone.Stairs} {
		l, ok := h.Exits[d]
		if !ok {
			continue
		}
		if l.Blocked {
			do(t, s, MoveHero{Dir: d, Unblock: true})
			return
		}
		if dd, ok := dist[l.To]; ok && dd < dist[m.Hero] {
			do(t, s, MoveHero{Roll: VirtualDice, Dir: d})
			return
		}
	}
	do(t, s, ExploreDir{Dir: alone.East})
}

// playSolo plays a whole solo game through commands with a fixed seed, the
// app playing Evil, the Hero walking to the goal Sector to complete the
// Missions there.
func playSolo(t *testing.T, seed uint64, goal string) (*tracker.Session, *tracker.MemStore, int) {
	t.Helper()
	s, mem := newSession(t, seed)
	do(t, s, SetupSheet{Sheet: testSheet()})
	m := testMap()
	c := startCmd(Solo, m)
	c.EvilPlayers = nil
	c.Goals = []string{goal}
	do(t, s, c)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	refused(t, s, EvilTurn{}, "T1")
	do(t, s, Resolve{})
	refused(t, s, PlayReaction{ReactionPlay{Player: 0}}, "§7.2")
	refused(t, s, EndTurn{}, "§2.2")                  // the Evil side has not reacted
	refused(t, s, EvilTurn{Overriding: true}, "§7.2") // no reason
	do(t, s, EvilTurn{Overriding: true, Reason: "the table agreed on a quiet first Turn"})
	refused(t, s, EvilTurn{}, "§4.2")
	do(t, s, EndTurn{Roll: VirtualDice})
	evilPlays := 0
	for round := 0; st(s).Outcome == "" && round < 40; round++ {
		for st(s).TurnsUsed < 8 && st(s).Outcome == "" {
			g := st(s)
			startingDone := g.Missions.Starting[0].Status == Completed
			do(t, s, StartTurn{BulletTime: g.Adrenaline > 2})
			heroStep(t, s, goal)
			if st(s).Outcome != "" {
				break
			}
			if st(s).T.BulletTime && st(s).T.Pending == "" {
				heroStep(t, s, goal)
				if st(s).Outcome != "" {
					break
				}
			}
			e := do(t, s, EvilTurn{})
			var p evilEv
			_ = e.Decode(&p)
			evilPlays += len(p.Plays)
			if tr, ok := EvilTrace(e); !ok || len(tr.Steps) == 0 || len(p.Trace.Steps) == 0 {
				t.Fatal("an Evil decision without its trace")
			}
			if st(s).Outcome != "" {
				break
			}
			finalDue := startingDone && slices.Contains(st(s).T.Actions, Interact)
			do(t, s, EndTurn{Roll: VirtualDice})
			if finalDue && st(s).Outcome == "" {
				// The Final Mission's goal was worked on this Turn (the
				// Mission card's text is the player's: here one Interact).
				do(t, s, CompleteMission{Which: 3})
			}
		}
		if st(s).Outcome == "" {
			do(t, s, EndRound{})
		}
	}
	return s, mem, evilPlays
}

// TestSoloGameReplaysFromExport plays whole solo games, one lost and one
// won, then checks undo and redo, and that the exported campaign replays
// to the same state.
func TestSoloGameReplaysFromExport(t *testing.T) {
	outcomes := map[string]bool{}
	for _, tc := range []struct {
		seed uint64
		goal string
	}{{20261122, "2-22"}, {1, "2-12"}} {
		s, mem, evilPlays := playSolo(t, tc.seed, tc.goal)
		outcomes[st(s).Outcome] = true
		checkSoloGame(t, s, mem, evilPlays)
	}
	if !outcomes[Won] || !outcomes[Defeated] {
		t.Errorf("outcomes %v: want a won and a lost game", outcomes)
	}
}

func checkSoloGame(t *testing.T, s *tracker.Session, mem *tracker.MemStore, evilPlays int) {
	g := st(s)
	if g.Outcome == "" {
		t.Fatalf("the game did not end: %s", Rules{}.Where(g))
	}
	if evilPlays == 0 {
		t.Error("the Evil side never played")
	}
	t.Logf("solo game over: %s after %d events, %d Evil plays", Rules{}.Where(g), s.LastSeq(), evilPlays)
	refused(t, s, StartTurn{}, "V11")
	if testing.Verbose() {
		_ = s.Events(1, func(e tracker.Event) error { t.Log(DescribeHidden(e)); return nil })
	}

	// Every event has a diary line, and none tells the Hero a hidden
	// Creature's name before it is Revealed.
	_ = s.Events(1, func(e tracker.Event) error {
		if l := s.Describe(e); l == "" || l == e.Kind {
			t.Errorf("event %d (%s) has no diary line", e.Seq, e.Kind)
		}
		if DescribeHidden(e) == "" {
			t.Errorf("event %d has no full line", e.Seq)
		}
		return nil
	})

	want, _ := json.Marshal(st(s))
	back, err := Rules{}.DecodeState(want)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := json.Marshal(back); string(again) != string(want) {
		t.Fatal("the state at the end of the game does not survive a JSON round trip")
	}
	// Undo back a long way and redo everything: the same game.
	depth := s.Depth()
	if _, err := s.UndoTo(depth / 3); err != nil {
		t.Fatal(err)
	}
	for s.CanRedo() {
		if _, err := s.Redo(); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := json.Marshal(st(s)); string(got) != string(want) {
		t.Fatal("undo then redo changed the game")
	}

	x, err := tracker.ExportCampaign(mem, s.Campaign().ID, t0)
	if err != nil {
		t.Fatal(err)
	}
	data, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	y, err := tracker.ParseExport(data, tracker.Registry{tracker.Alone: Rules{}})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := tracker.StoreFromExport(y)
	if err != nil {
		t.Fatal(err)
	}
	r, err := tracker.Open(fresh, Rules{}, y.Campaign.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(r.State()); string(got) != string(want) {
		t.Fatalf("the imported campaign replays to another state")
	}
	if !strings.Contains(r.Where(), "Hero") {
		t.Errorf("where %q", r.Where())
	}
}

// Undo and redo across each kind of event, in a short assist game.
func TestUndoRedoAcrossEvents(t *testing.T) {
	s := assist(t, alone.Creature{ID: "spore-1", Type: alone.Spore, Sector: "1-00"})
	snap := func() string { b, _ := json.Marshal(st(s)); return string(b) }
	cmds := []tracker.Command{
		StartTurn{BulletTime: true},
		FightCreature{Roll: PhysicalDice, Target: "spore-1", Faces: hand(H, B)},
		MoveHero{Roll: PhysicalDice, Dir: alone.East, AoOFaces: hand(H)},
		PlayReaction{ReactionPlay{Player: 0, Spawn: &SpawnSpec{Type: alone.Worm, Sector: "2-12"}}},
		EndTurn{Roll: VirtualDice, Attacks: []AttackRoll{}},
		DealDamage{Kind: alone.SCDamage, N: 3},
		CompanionCmd{Do: "gain", Character: "Pilot"},
		ChangeSettings{Settings: alone.DefaultSettings()},
	}
	var states []string
	for _, c := range cmds {
		states = append(states, snap())
		if _, err := s.Do(c); err != nil {
			// The AoO dice count follows the Creatures there; skip what
			// the script got wrong rather than guess.
			t.Fatalf("%T: %v", c, err)
		}
	}
	final := snap()
	for i := len(cmds) - 1; i >= 0; i-- {
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		if snap() != states[i] {
			t.Fatalf("undo of %T did not restore the state", cmds[i])
		}
	}
	for range cmds {
		if _, err := s.Redo(); err != nil {
			t.Fatal(err)
		}
	}
	if snap() != final {
		t.Fatal("redo did not give the same game")
	}
}

// In solo mode the diary tells the Hero only what the Labyrinth shows
// (§7.2): card effects in Unrevealed Sectors name no Sector or Creature.
func TestSoloDiaryHidesTheMap(t *testing.T) {
	m := withCreatures(alone.Creature{ID: "worm-1", Type: alone.Worm, Sector: "2-22"})
	s := mapped(t, Solo, m)
	secret := []string{"2-22", "2-12", "worm-1", "1-22", "2-21"}
	var lines []string
	for _, c := range []tracker.Command{
		Teleport{Creature: "worm-1", Sector: "2-12"},
		SetDanger{Sector: "1-22", On: true},
		SetLight{Sectors: []string{"2-21"}, On: true},
		SetDoor{Sector: "1-11", Dir: alone.East, Blocked: true},
		SetToken{Sector: "2-22", Token: "condition", On: true},
		PlaceCreature{Type: alone.Boss, Sector: "2-21", Boss: &alone.BossStats{Name: "Matriarch", Normal: alone.Stats{Wound: 3, Kill: 3, AttackDark: 4, AttackLighted: 2, Scare: 3, MSD: 4}}},
		RemoveCreature{Creature: "worm-1"},
	} {
		e := do(t, s, c)
		lines = append(lines, s.Describe(e))
		if DescribeHidden(e) == s.Describe(e) {
			t.Errorf("%T: the full line tells no more than the Hero's", c)
		}
	}
	for _, l := range lines {
		for _, x := range secret {
			if strings.Contains(l, x) {
				t.Errorf("the Hero's diary line %q gives away %s", l, x)
			}
		}
	}
	if c := st(s).Map.Creature("boss-1"); c == nil || c.Boss.Name != "Matriarch" {
		t.Fatal("the Boss was not placed")
	}
	v := HeroView(st(s))
	if len(v.Labyrinth.Creatures) != 0 || len(v.Labyrinth.Sectors) != 1 {
		t.Fatalf("the Hero sees %+v", v.Labyrinth)
	}
}

func TestCorrectMapAndTokens(t *testing.T) {
	s := assist(t)
	bad := testMap()
	bad.Hero = "nowhere"
	refused(t, s, CorrectMap{Map: bad}, "V31")
	good := testMap()
	good.Hero = "1-10"
	good.Sector("1-10").Revealed = true
	do(t, s, CorrectMap{Map: good, Why: "the Hero token was misplaced"})
	if st(s).Map.Hero != "1-10" {
		t.Fatal("the Map was not corrected")
	}
	do(t, s, SetToken{Sector: "1-10", Token: "mission", On: true})
	do(t, s, SetToken{Sector: "1-10", Token: "mission", On: false})
	refused(t, s, SetToken{Sector: "1-10", Token: "mission", On: false}, "§4.12")
	for i := 0; i < 2; i++ {
		do(t, s, PlaceCreature{Type: alone.Boss, Sector: "2-22", Boss: &alone.BossStats{Normal: alone.Stats{Wound: 2, Kill: 2}}})
	}
	refused(t, s, PlaceCreature{Type: alone.Boss, Sector: "2-21", Boss: &alone.BossStats{Normal: alone.Stats{Wound: 2, Kill: 2}}}, "V16")
	refused(t, s, PlaceCreature{Type: alone.Worm, Sector: "2-21", Boss: &alone.BossStats{}}, "§4.4")
	do(t, s, PlaceCreature{Type: alone.Worm, Sector: "2-21"})
	do(t, s, PlaceCreature{Type: alone.Worm, Sector: "2-20"})
	refused(t, s, PlaceCreature{Type: alone.Worm, Sector: "2-10"}, "V16") // the Level has 4
	do(t, s, LiftCreatureLimit{Source: "Mission"})
	do(t, s, PlaceCreature{Type: alone.Worm, Sector: "2-10"})
}
