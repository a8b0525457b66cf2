package story

import (
	// Before Fyne's lang package reads the locale (see the package).
	_ "tablekeeper/ui/cli/locale"

	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	ra "tablekeeper/assets/reich"
	"tablekeeper/automa/alone"
	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	et "tablekeeper/tracker/eternaut"
	tp "tablekeeper/tracker/phantom"
	rb "tablekeeper/tracker/reich"
	uialone "tablekeeper/ui/alone"
)

// A table is a campaign played by commands in a test, on a clock that
// moves a minute an action: its evenings are started and ended as the app
// starts and pauses the play clock when the campaign is opened and closed.
type table struct {
	t   testing.TB
	mem *tracker.MemStore
	s   *tracker.Session
	now time.Time
	// step is how far the clock moves an action (a minute).
	step time.Duration
}

// storyStart is when the test campaigns begin (a Saturday evening), in UTC.
var storyStart = time.Date(2026, 11, 7, 19, 0, 0, 0, time.UTC)

func newTable(t testing.TB, game tracker.GameID, rules tracker.Rules, name string) *table {
	t.Helper()
	mem := tracker.NewMemStore()
	c, err := tracker.NewCampaign(game, name, 20261107, storyStart)
	if err != nil {
		t.Fatal(err)
	}
	c.ID = "0a1b2c3d-0000-4000-8000-00000000" + map[tracker.GameID]string{tracker.PhantomEpoch: "0001", tracker.Reichbusters: "0002", tracker.Alone: "0003", tracker.Eternaut: "0004"}[game]
	if err := mem.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(mem, rules, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	tb := &table{t: t, mem: mem, s: s, now: storyStart, step: time.Minute}
	s.SetClock(func() time.Time { tb.now = tb.now.Add(tb.step); return tb.now })
	return tb
}

// do runs commands, each of which must be accepted.
func (tb *table) do(cmds ...tracker.Command) {
	tb.t.Helper()
	for _, c := range cmds {
		if _, err := tb.s.Do(c); err != nil {
			tb.t.Fatalf("%T %+v: %v", c, c, err)
		}
	}
}

// evening opens the campaign at the given time: the play clock starts.
func (tb *table) evening(at time.Time) {
	tb.t.Helper()
	tb.now = at.Add(-tb.step)
	tb.do(tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockStart})
}

// goHome closes the campaign: the play clock pauses.
func (tb *table) goHome() {
	tb.t.Helper()
	tb.do(tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockPause})
}

func (tb *table) undo() {
	tb.t.Helper()
	if _, err := tb.s.Undo(); err != nil {
		tb.t.Fatal(err)
	}
}

// phantomState is the Phantom Epoch campaign's state now.
func (tb *table) phantom() *tp.State { return tb.s.State().(*tp.State) }

// phantomRound plays a round of Phantom Epoch by commands: each character
// selects its two cheapest cards in hand (or rests when it has fewer than
// two), the adversary cards and the order, every turn (the characters
// play their cards, the adversaries' turns are worked out and confirmed),
// with hit(round, figure) run before each figure's turn for the damage the
// table deals. It stops when every turn is played (the round's end is the
// caller's: EndRound, or the mission's result).
func (tb *table) phantomRound(hit func(next string)) {
	tb.t.Helper()
	tb.do(tp.BeginRound{})
	m := tb.phantom().Mission
	for _, f := range m.Figures {
		if f.Side != "character" || f.Defeated {
			continue
		}
		if len(f.Hand) >= 2 {
			tb.do(tp.SelectCards{Character: f.Name, Cards: f.Hand[:1]})
		} else {
			tb.do(tp.Rest{Character: f.Name})
		}
	}
	tb.do(tp.DrawAdversaryCards{}, tp.DetermineInitiative{})
	for {
		m := tb.phantom().Mission
		next := ""
		for _, n := range m.Order {
			if f := phantomFig(m, n); f != nil && !f.Defeated && !slices.Contains(m.Acted, n) {
				next = n
				break
			}
		}
		if next == "" {
			return
		}
		if hit != nil {
			hit(next)
			if f := phantomFig(tb.phantom().Mission, next); f == nil || f.Defeated {
				continue
			}
		}
		f := phantomFig(tb.phantom().Mission, next)
		if f.Side == "character" {
			tb.do(tp.StartTurn{Character: next})
			if phantomFig(tb.phantom().Mission, next).Defeated {
				continue // it fell at its turn's start (Burning, Bleeding)
			}
			for _, c := range phantomFig(tb.phantom().Mission, next).Selected {
				tb.do(tp.PlayCard{Character: next, Card: c})
			}
			tb.do(tp.EndTurn{Character: next})
			continue
		}
		tb.do(tp.ResolveAdversaryTurn{Adversary: next}, tp.ConfirmAdversaryTurn{})
	}
}

func phantomFig(m *tp.Mission, name string) *tp.Figure {
	for _, f := range m.Figures {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// phantomCampaign is the golden Phantom Epoch campaign: the practice
// mission over two evenings (a character falls to an adversary's turn,
// both adversaries are defeated, a blow undone), its result and rewards,
// then a purchase and a new character between missions, and a note.
func phantomCampaign(t testing.TB) *table {
	tb := newTable(t, tracker.PhantomEpoch, tp.Rules{}, "The Long Night")
	tb.evening(storyStart)
	cmds, err := tp.PracticeCommands()
	if err != nil {
		t.Fatal(err)
	}
	// The practice's round 1 is begun and its cards selected: take
	// those two steps back out, to play every round alike.
	tb.do(cmds[:len(cmds)-3]...)
	tb.do(tracker.AddNote{Text: "Ada's player brought the snacks; Bram's player is new to the game."})
	tb.phantomRound(nil)
	tb.do(tp.EndRound{})
	// Round 2: the table wounds the Sludge Crawler, and Bram, weak,
	// falls to the Ember Spitter's turn.
	tb.phantomRound(func(next string) {
		if next == "Ember Spitter 1" && phantomFig(tb.phantom().Mission, "Bram").HP > 2 {
			tb.do(tp.Damage{Figure: "Bram", N: phantomFig(tb.phantom().Mission, "Bram").HP - 2, Source: "a falling beam"})
		}
	})
	tb.do(tp.EndRound{})
	tb.goHome()

	tb.evening(storyStart.Add(7 * 24 * time.Hour))
	// A blow recorded by mistake, and undone: the story never tells it.
	tb.do(tp.Damage{Figure: "Ada", N: 5, Source: "a mistake"})
	tb.undo()
	tb.phantomRound(func(next string) {
		m := tb.phantom().Mission
		if next == "Ada" {
			for _, foe := range []string{"Sludge Crawler 1", "Ember Spitter 1"} {
				if f := phantomFig(m, foe); f != nil && !f.Defeated {
					tb.do(tp.Damage{Figure: foe, N: f.HP, By: "Ada"})
				}
			}
		}
	})
	tb.do(tp.EndRound{})
	tb.do(tp.MissionResult{Success: true, OtherRewards: "the group shares the salvage"})
	for _, name := range []string{"Ada", "Bram"} {
		if choices := tb.phantom().Mission.RewardChoices; len(choices) > 0 {
			for _, c := range choices {
				if _, err := tb.s.Do(tp.PickAttachment{Character: name, Attachment: c}); err == nil {
					break
				}
			}
		}
	}
	tb.do(tracker.AddNote{Text: "Next time: Berkav, and a third character."})
	tb.goHome()
	return tb
}

// reich is the Reichbusters campaign's state now.
func (tb *table) reich() *rb.State { return tb.s.State().(*rb.State) }

// reichRound plays a Reichbusters round by commands: the order (set
// before the alarm, dealt after it), each hero's turn (its move, if the
// plan has one, then any more actions the plan's act runs), the enemy's
// turn after each hero with every defence test failed by 1 (a wound card
// of threshold 1: a permanent wound), and the end of the round.
func (tb *table) reichRound(moves map[string][]string, act func(hero string)) {
	tb.t.Helper()
	m := tb.reich().Mission
	var order []string
	for _, h := range m.Heroes {
		order = append(order, h.ID)
	}
	if m.Tracker.Section == "pre" {
		tb.do(rb.SetTurnOrder{Order: order})
	} else {
		tb.do(rb.DealTurnOrder{}, rb.StartRound{})
	}
	for guard := 0; guard < 50; guard++ {
		m := tb.reich().Mission
		switch {
		case m == nil || m.Ended:
			return
		case len(m.Pending) > 0:
			a := m.Pending[0]
			tb.do(rb.Defend{Hero: a.Defenders[0], Attack: 0, Total: max(0, a.Total-1), WoundCard: "wound", Threshold: 1})
		case m.Paused != nil:
			tb.do(rb.EnemyTurn{Answers: reichAnswers})
		case m.Step == rb.StepHeroTurn:
			h := m.Current
			if path := moves[h]; len(path) > 0 {
				tb.do(rb.Move{Hero: h, Path: path, Basic: true, Answers: reichAnswers})
			}
			if act != nil {
				act(h)
			}
			tb.do(rb.EndTurn{Answers: reichAnswers})
		case m.Step == rb.StepEnemyTurn:
			tb.do(rb.EnemyTurn{Answers: reichAnswers})
		case m.Step == rb.StepEndOfRound:
			tb.do(rb.EndRound{Answers: reichAnswers})
			return
		default:
			tb.t.Fatalf("the round stands at step %q", m.Step)
		}
	}
	tb.t.Fatal("the round never ended")
}

// reichAnswers are what the players answer when the app asks: the
// practice's face-down token shows a green icon.
var reichAnswers = ai.Answers{TokenIcons: map[string][]content.Level{"T2": {content.Green}}}

// reichCampaign is the golden Reichbusters campaign: the practice mission
// played as a campaign mission over two evenings (a spawn, an attack and
// a wound, the alarm raised by hand), its end and result, the
// after-mission steps and the campaign sheet.
func reichCampaign(t testing.TB) *table {
	tb := newTable(t, tracker.Reichbusters, rb.Rules, "Operation Nightjar")
	tb.evening(storyStart)
	f, err := rb.ReadContentFile(ra.Practice)
	if err != nil {
		t.Fatal(err)
	}
	tb.do(rb.ImportContent{Data: ra.Practice, Replace: true})
	tb.do(rb.SetDifficulty{Name: "Normal", ItemsKept: 3, WoundsRemoved: 1})
	var heroes []rb.HeroSetup
	for _, h := range f.Content.Heroes {
		heroes = append(heroes, h.Setup("C1", ""))
	}
	heroes[0].Player = "Marta"
	tb.do(rb.StartMission{Mission: f.Content.Maps[0].MissionID, Mode: rb.ModeCampaign, Faction: f.Content.Factions[0].ID, Heroes: heroes})
	tb.reichRound(map[string][]string{"mara": {"C2"}, "ned": {"C2"}}, nil)
	tb.do(tracker.AddNote{Text: "The hound came out of nowhere."})
	tb.reichRound(map[string][]string{"mara": {"C3"}}, nil)
	tb.goHome()

	tb.evening(storyStart.Add(24 * time.Hour))
	tb.reichRound(nil, nil)
	tb.do(rb.EndMission{Reason: "Mara carried the codebook out"})
	tb.do(rb.DeclareResult{Row: 1})
	tb.do(rb.CloseMission{})
	tb.do(rb.FinishDebrief{})
	tb.goHome()
	return tb
}

// eternaut is The Eternaut campaign's state now.
func (tb *table) eternaut() *et.State { return tb.s.State().(*et.State) }

// eternautTurns plays n players' turns of The Eternaut: the active player
// plays a card on the first of their Characters that may take it, and
// ends the turn.
func (tb *table) eternautTurns(n int) {
	tb.t.Helper()
	for range n {
		played := false
		for _, c := range tb.eternaut().InPlay() {
			if _, err := tb.s.Do(et.PlayCard{Char: c.ID}); err == nil {
				played = true
				break
			}
		}
		if !played {
			tb.t.Fatalf("no Character of the active player could play a card (round %d)", tb.eternaut().Scenario.Round())
		}
		tb.do(et.EndTurn{})
	}
}

// eternautPass works through a scenario's end with an Epilogue code.
func (tb *table) eternautPass(code string, unlock et.Unlock) {
	tb.t.Helper()
	tb.do(et.EndScenario{}, et.ConfirmObjectives{})
	if tb.eternaut().End.Step == et.StepItems {
		tb.do(et.ReturnItems{})
	}
	tb.do(et.RecordEpilogue{Code: code}, et.RecordSpecialQuests{IDs: []string{}}, unlock, et.CloseShop{})
}

// eternautCampaign is the golden campaign of The Eternaut: Scenario A in
// one evening (a paragraph read with the group's note, the snow touched
// and its paragraph never marked read), B1 in the next (a death), and C
// begun with the aliens on the map, its turns going on.
func eternautCampaign(t testing.TB) *table {
	tb := newTable(t, tracker.Eternaut, et.Rules{}, "Buenos Aires, 1957")
	tb.evening(storyStart)
	tb.do(et.NewCampaign{Players: 2, Roster: []et.RosterEntry{{ID: "901", Name: "Marta"}, {ID: "902", Name: "Bruno"},
		{ID: "903", Name: "Lucía"}, {ID: "904", Name: "Tomás"}, {ID: "905", Name: "Iris"}, {ID: "906", Name: "Ramón"}}})
	tb.do(et.StartScenario{Key: "A", TimerStart: 6})
	tb.do(et.ReadParagraph{Key: "999-001", Kind: et.Start, By: "Marta", Note: "the snow starts to fall over the city"})
	tb.do(et.SetSnowParagraph{Key: "120-901"}, et.TouchSnow{Char: "901"})
	tb.eternautTurns(6)
	tb.do(et.MarkPlot{N: 3}, et.MarkPlot{Cross: true, N: 1})
	tb.eternautPass("END-B1-1", et.Unlock{})
	tb.goHome()

	tb.evening(storyStart.Add(6 * 24 * time.Hour))
	tb.do(et.StartScenario{Key: "B1", TimerStart: 7})
	tb.eternautTurns(5)
	tb.do(et.Damage{Char: "902", N: 4, Source: "a falling wall"})
	tb.do(tracker.AddNote{Text: "Bruno's player says the wall was not there a moment ago."})
	tb.eternautTurns(3)
	tb.do(et.MarkPlot{N: 2})
	tb.eternautPass("END-C-1", et.Unlock{NPC905: true})
	tb.do(et.StartScenario{Key: "C", Characters: []string{"901", "902", "903", "905"}, Boards: []string{"red", "blue", "yellow", "green"}})
	tb.do(et.SetAliensOnMap{Module: 1, OnMap: 2})
	tb.eternautTurns(4)
	tb.goHome()
	return tb
}

// alone is the Alone campaign's state now.
func (tb *table) alone() *ta.State { return tb.s.State().(*ta.State) }

// aloneTurns plays n Turns of solo Alone by commands: the Turn token
// flipped, a move the way the plan says (or, where there is no way, an
// Explore resolved at the table), the app's Evil side asked, the Turn
// ended with the app rolling the attacks; a Round's end after its 8th
// Turn.
func (tb *table) aloneTurns(n int, ways ...alone.Dir) {
	tb.t.Helper()
	for i := range n {
		if tb.alone().Outcome != "" {
			return
		}
		if tb.alone().TurnsUsed >= 8 {
			tb.do(ta.EndRound{})
		}
		tb.do(ta.StartTurn{})
		if _, err := tb.s.Do(ta.MoveHero{Dir: ways[i%len(ways)], Roll: ta.VirtualDice}); err != nil {
			tb.do(ta.Declare{Action: ta.Explore}, ta.Resolve{})
		}
		if tb.alone().Outcome != "" {
			return
		}
		tb.do(ta.EvilTurn{})
		if _, err := tb.s.Do(ta.EndTurn{Roll: ta.VirtualDice}); err != nil {
			tb.do(ta.EndTurn{})
		}
	}
}

// aloneCampaign is the golden game of Alone: the practice game, solo,
// over two evenings: the Hero moves and explores, the app's Evil side
// spawns, moves and strikes, the first Starting Mission is completed, and
// the Hero falls to a last blow in Round 2 (so the Evil side's reasons are
// revealed).
func aloneCampaign(t testing.TB) *table {
	tb := newTable(t, tracker.Alone, ta.Rules{}, "Night Shift")
	tb.evening(storyStart)
	cmds, err := uialone.PracticeCommands()
	if err != nil {
		t.Fatal(err)
	}
	tb.do(cmds...)
	tb.aloneTurns(5, alone.East, alone.East, alone.North, alone.South, alone.West)
	tb.do(ta.CompleteMission{Which: 1})
	tb.do(tracker.AddNote{Text: "The pumps are running again; the hybrid found us anyway."})
	tb.goHome()

	tb.evening(storyStart.Add(2 * 24 * time.Hour))
	tb.aloneTurns(6, alone.East, alone.North, alone.South)
	tb.do(ta.DealDamage{Kind: alone.SCDamage, N: 3, Source: "a Terror card played face up"})
	tb.do(ta.CompleteMission{Which: 2}, ta.CompleteMission{Which: 3})
	tb.goHome()
	return tb
}

// TestWriteStoryFixtures writes the golden campaigns as export files into
// TK_STORY_FIXTURES, to import into a campaign file and look at the
// Campaign tab and the stories in a real window. Skipped otherwise.
func TestWriteStoryFixtures(t *testing.T) {
	dir := os.Getenv("TK_STORY_FIXTURES")
	if dir == "" {
		t.Skip("TK_STORY_FIXTURES not set")
	}
	for _, g := range goldenCampaigns {
		tb := g.build(t)
		x, err := tracker.ExportCampaign(tb.mem, tb.s.Campaign().ID, tb.now)
		if err != nil {
			t.Fatal(err)
		}
		b, err := x.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, string(g.game)+".json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
