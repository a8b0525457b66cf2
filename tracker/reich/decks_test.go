package reich

import (
	"errors"
	"slices"
	"strings"
	"testing"

	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// need runs cmd and wants the players asked a question on field.
func need(t *testing.T, s *tracker.Session, cmd tracker.Command, field string) *NeedAnswer {
	t.Helper()
	n := s.LastSeq()
	_, err := s.Do(cmd)
	var na *NeedAnswer
	if !errors.As(err, &na) || na.Field != field {
		t.Fatalf("%T: %v, want the players asked for %s", cmd, err, field)
	}
	if s.LastSeq() != n {
		t.Fatal("a question recorded an event")
	}
	return na
}

// Who draws each deck is an explicit choice, set, refused when it says
// nothing new, logged and undone (issue 15 item 12).
func TestDrawByIsExplicit(t *testing.T) {
	s, mem := raidOf(t, testLibrary())
	for _, name := range DeckNames {
		if st(s).Mission.DrawnByPlayers(name) {
			t.Fatalf("by default the app draws the %s", DeckWords(name))
		}
		e := do(t, s, DrawBy{Deck: name, Players: true})
		if !st(s).Mission.DrawnByPlayers(name) || !strings.Contains(s.Describe(e), "The players draw the "+DeckWords(name)) {
			t.Fatalf("%s: %q", name, s.Describe(e))
		}
		refused(t, s, DrawBy{Deck: name, Players: true}, "already draws")
	}
	refused(t, s, DrawBy{Deck: "wound", Players: true}, "no deck")
	replaysSame(t, s, mem, "after the decks were set")
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if st(s).Mission.TurnOrderByPlayers || !st(s).Mission.HPByPlayers {
		t.Fatal("undo takes back only the last choice")
	}
	do(t, s, DrawBy{Deck: "spawn"})
	if st(s).Mission.SpawnDeck.ByPlayers {
		t.Fatal("the app draws the spawn deck again")
	}
	// A noise card named while the app draws the noise deck is refused.
	s = raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Cards{Hero: "H1", Action: "play", N: 1})
	refused(t, s, NoiseTest{Hero: "H1", Total: 1, Card: "NP1"}, "the app draws the noise deck")
}

// A spawn deck the players draw: the app asks which card, offering the
// ones the deck can give, takes the named one and refuses one already
// drawn; the event replays and undoes.
func TestPlayersDrawTheSpawnDeck(t *testing.T) {
	s, mem := raidOf(t, testLibrary())
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, DrawBy{Deck: "spawn", Players: true})
	deck := slices.Clone(st(s).Mission.SpawnDeck.Draw)
	tok := st(s).Mission.Tokens[0].ID
	na := need(t, s, TriggerToken{Token: tok, Icons: greenIcon()}, "answers.spawnCards")
	want := slices.Clone(deck)
	slices.Sort(want)
	if !slices.Equal(na.Options, want) {
		t.Fatalf("options %v, want the deck's cards %v", na.Options, want)
	}
	refused(t, s, TriggerToken{Token: tok, Icons: greenIcon(), Answers: ai.Answers{SpawnCards: []string{"RB999"}}}, "not one of this mission's spawn cards")
	e := do(t, s, TriggerToken{Token: tok, Icons: greenIcon(), Answers: ai.Answers{SpawnCards: []string{"RB003"}}})
	m := st(s).Mission
	if slices.Contains(m.SpawnDeck.Draw, "RB003") || !slices.Contains(m.SpawnDeck.Discard, "RB003") || !strings.Contains(s.Describe(e), "RB003") {
		t.Fatalf("RB003 drawn: deck %+v, %q", m.SpawnDeck, s.Describe(e))
	}
	if len(m.Units) != 2 {
		t.Fatalf("RB003's green row places 2 grunts: %+v", m.Units)
	}
	replaysSame(t, s, mem, "after a named spawn card")
	if len(m.Tokens) > 0 {
		refused(t, s, TriggerToken{Token: m.Tokens[0].ID, Icons: greenIcon(), Answers: ai.Answers{SpawnCards: []string{"RB003"}}}, "drawn already")
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(st(s).Mission.SpawnDeck.Draw, deck) {
		t.Fatal("undo puts the card back")
	}
}

// A noise deck the players draw: a noise test asks for the card; one named
// in the answer or the form must still be in the deck.
func TestPlayersDrawTheNoiseDeck(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, DrawBy{Deck: "noise", Players: true})
	do(t, s, Cards{Hero: "H1", Action: "play", N: 1})
	na := need(t, s, NoiseTest{Hero: "H1", Total: 1}, "answers.noiseCard")
	if strings.Join(na.Options, " ") != "NP1 NP2" {
		t.Fatalf("options %v", na.Options)
	}
	refused(t, s, NoiseTest{Hero: "H1", Total: 1, Card: "NQ1"}, "belongs to the post-alarm noise deck")
	e := do(t, s, NoiseTest{Hero: "H1", Total: 1, Answers: ai.Answers{NoiseCard: "NP2"}})
	if !strings.Contains(s.Describe(e), "NP2") || slices.Contains(st(s).Mission.NoiseDeck.Draw, "NP2") {
		t.Fatalf("NP2: %q, deck %+v", s.Describe(e), st(s).Mission.NoiseDeck)
	}
}

// The post-alarm noise deck keeps its own choice: set before the alarm, it
// is the noise deck drawn by the players once the alarm has sounded.
func TestPostAlarmNoiseDeckByPlayers(t *testing.T) {
	s := raid(t)
	do(t, s, DrawBy{Deck: "postNoise", Players: true})
	if st(s).Mission.NoiseDeck.ByPlayers {
		t.Fatal("only the post-alarm deck is drawn by the players")
	}
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, AdjustTracker{By: 3, Reason: "test: the last pre-alarm space"})
	for st(s).Mission.Phase == PhasePreAlarm {
		m := st(s).Mission
		switch m.Step {
		case StepHeroTurn:
			do(t, s, EndTurn{})
		case StepEnemyTurn:
			do(t, s, EnemyTurn{})
			defendAll(t, s)
		case StepEndOfRound:
			do(t, s, EndRound{})
			defendAll(t, s)
		case StepChooseOrder:
			do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
		}
	}
	if !st(s).Mission.NoiseDeck.ByPlayers {
		t.Fatal("after the alarm the players draw the (post-alarm) noise deck")
	}
	refused(t, s, DrawBy{Deck: "postNoise"}, "noise deck in use")
	// The turn order tokens, dealt at the table after the alarm: the order
	// dealt is given and checked; the app's deal takes none.
	if st(s).Mission.Step != StepChooseOrder {
		t.Fatalf("step %s", st(s).Mission.Step)
	}
	refused(t, s, DealTurnOrder{Order: []string{"H2", "H1"}}, "the app deals the turn order tokens")
	do(t, s, DrawBy{Deck: "turnOrder", Players: true})
	refused(t, s, DealTurnOrder{}, "say the order they were dealt")
	refused(t, s, DealTurnOrder{Order: []string{"H2", "H2"}}, "listed twice")
	e := do(t, s, DealTurnOrder{Order: []string{"H2", "H1"}})
	if m := st(s).Mission; !slices.Equal(m.TurnOrder, []string{"H2", "H1"}) || !m.Dealt || !strings.Contains(s.Describe(e), "turn order tokens dealt") {
		t.Fatalf("order %v: %q", m.TurnOrder, s.Describe(e))
	}
}

// The heroism point supply the players draw: an earned point waits for
// them to say which they drew, checked against the supply; the diary
// says so; undo takes it back.
func TestPlayersDrawHeroismPoints(t *testing.T) {
	s, mem := raidOf(t, testLibrary())
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, DrawBy{Deck: "hp", Players: true})
	var four []UnitPlacement
	for range 4 {
		four = append(four, UnitPlacement{Code: "GR", Area: "A1"})
	}
	do(t, s, Override{Reason: "x", Place: four})
	var e tracker.Event
	for i, id := range unitIDs(s) {
		e = do(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{id}, Total: 3, Basic: i == 0})
	}
	m := st(s).Mission
	if len(m.hero("H1").HP) != 0 || len(m.HPDraws) != 1 || !strings.Contains(s.Describe(e), "draw one from the face-down supply") {
		t.Fatalf("the pacify point waits for the players: HP %v draws %v %q", m.hero("H1").HP, m.HPDraws, s.Describe(e))
	}
	refused(t, s, DrawBy{Deck: "hp"}, "first say which heroism point")
	refused(t, s, DrawnHP{Kind: "vril"}, "attack, defence or wild")
	supply := slices.Clone(m.HPSupply)
	e = do(t, s, DrawnHP{Kind: "Wild"})
	m = st(s).Mission
	if !slices.Equal(m.hero("H1").HP, []string{HPWild}) || len(m.HPDraws) != 0 || len(m.HPSupply) != len(supply)-1 || slices.Contains(m.HPSupply, HPWild) {
		t.Fatalf("drawn: HP %v supply %v draws %v", m.hero("H1").HP, m.HPSupply, m.HPDraws)
	}
	if !strings.Contains(s.Describe(e), "a wild heroism point from the supply for pacifying R1") {
		t.Fatalf("diary %q", s.Describe(e))
	}
	refused(t, s, DrawnHP{Kind: HPWild}, "no heroism point is waiting")
	replaysSame(t, s, mem, "after a drawn HP")
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if len(st(s).Mission.HPDraws) != 1 {
		t.Fatal("undo puts the draw back")
	}
	// A point the supply does not hold is refused, naming what it holds.
	if err := supplyHas([]string{HPAttack, HPAttack, HPDefence}, HPWild); err == nil || !strings.Contains(err.Error(), "holds no wild point (it holds: 2 attacks, 1 defence)") {
		t.Fatalf("supply check: %v", err)
	}
}

func greenIcon() []content.Level { return []content.Level{content.Green} }

// A won campaign mission adds a heroism point to the HQ card: drawn by
// the players when they draw the supply, named in CloseMission and checked
// against the supply; the decks drawn by the players can be chosen at
// setup (StartMission's PlayersDraw).
func TestCloseMissionHPDrawnByPlayers(t *testing.T) {
	s := withContent(t)
	do(t, s, SetDifficulty{Name: "Normal", ItemsKept: 3, WoundsRemoved: 1})
	do(t, s, SetHPSupply{Kinds: []string{HPWild, HPAttack}})
	start := StartMission{Mission: "M1", Mode: ModeCampaign, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1"), heroSetup("H2", "A1")}}
	bad := start
	bad.PlayersDraw = []string{"hp", "hp"}
	refused(t, s, bad, "named twice")
	bad.PlayersDraw = []string{"loot"}
	refused(t, s, bad, "no deck")
	start.PlayersDraw = []string{"hp", "spawn"}
	e := do(t, s, start)
	if m := st(s).Mission; !m.HPByPlayers || !m.SpawnDeck.ByPlayers || m.NoiseDeck.ByPlayers || !strings.Contains(s.Describe(e), "the players draw the heroism point supply") {
		t.Fatalf("setup: %+v %q", m.SpawnDeck, s.Describe(e))
	}
	endMission(t, s, 1)
	refused(t, s, CloseMission{}, "draw a heroism point from the face-down supply for the HQ card")
	refused(t, s, CloseMission{HPDrawn: HPDefence}, "holds no defence point")
	e = do(t, s, CloseMission{HPDrawn: HPAttack})
	rec := st(s).Campaign
	if !slices.Contains(rec.HQHP, HPAttack) || !slices.Equal(rec.HPSupply, []string{HPWild}) || !strings.Contains(s.Describe(e), "An attack heroism point was added") {
		t.Fatalf("HQ %v supply %v %q", rec.HQHP, rec.HPSupply, s.Describe(e))
	}
	// Drawn by the app, naming one is refused.
	s = campaignMission(t)
	endMission(t, s, 1)
	refused(t, s, CloseMission{HPDrawn: HPWild}, "the app draws the heroism point supply")
}
