package reich

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"tablekeeper/automa"
	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
	"tablekeeper/tracker/trackertest"
)

// Issue 23 item 4: every plural the games' words form is spelt as English
// spells it ("enemys", "heros" were asked of the players). For every count
// of heroes (1 to 4) and of enemy units (0 to 4) the tests use, on a map
// with sight lines and on one without (where the table is asked), each
// question put to the players, each diary line and each step of each Why
// is built and checked: no "ys" or "os" plural the dictionary of the games'
// words does not allow, and none of the program's words.
func TestNoMisspeltPlurals(t *testing.T) {
	texts := map[string]bool{}
	for _, assisted := range []bool{false, true} {
		for heroes := 1; heroes <= 4; heroes++ {
			for units := 0; units <= 4; units++ {
				for _, text := range playedTexts(t, assisted, heroes, units) {
					texts[text] = true
				}
			}
		}
	}
	questions := 0
	for text := range texts {
		if strings.HasPrefix(text, "can ") {
			questions++
		}
	}
	if len(texts) < 40 || questions == 0 {
		t.Fatalf("only %d texts were built, %d of them questions", len(texts), questions)
	}
	for text := range texts {
		for _, bad := range trackertest.OddPlurals(text) {
			t.Error(bad)
		}
	}
}

// playedTexts plays a round's opening moves on the test raid with the
// heroes and units given, answering the table's questions, and returns
// what the players read.
func playedTexts(t *testing.T, assisted bool, heroes, units int) []string {
	t.Helper()
	lib := testLibrary()
	if assisted {
		lib.Maps[0].SightLines = nil
	}
	s, _ := newSession(t)
	data, err := ExportContent(&State{Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	do(t, s, ImportContent{Data: data})
	var hs []HeroSetup
	var order []string
	for i := 1; i <= heroes; i++ {
		id := fmt.Sprintf("H%d", i)
		hs = append(hs, heroSetup(id, "A1"))
		order = append(order, id)
	}
	do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: hs, HPShared: []string{HPWild}, HPSupply: []string{HPAttack, HPDefence, HPWild}})
	do(t, s, SetTurnOrder{Order: order})
	for i, area := range []string{"A1", "A2", "A1", "A3"}[:heroes] {
		h := *st(s).Mission.hero(fmt.Sprintf("H%d", i+1))
		h.Area = area
		setHero(t, s, h)
	}
	var texts []string
	if units > 0 {
		var place []UnitPlacement
		for i := range units {
			place = append(place, UnitPlacement{Code: []string{"GR", "DG"}[i%2], Area: []string{"A3", "B1", "B2", "A3"}[i]})
		}
		do(t, s, Override{Reason: "test", Place: place})
	}
	// ask runs a command, answering each question (sight alternately yes
	// and no, icons green, a choice or card its first option).
	ask := func(build func(ai.Answers) tracker.Command) {
		var ans ai.Answers
		for i := range 60 {
			e, err := s.Do(build(ans))
			var need *NeedAnswer
			if !errors.As(err, &need) {
				if err == nil {
					texts = append(texts, s.Describe(e))
					var p Payload
					if e.Decode(&p) == nil {
						n := st(s).Namer()
						for _, l := range p.Trace {
							texts = append(texts, n.Line(l.Text), n.Line(l.Result), n.Line(l.TieBreak))
						}
					}
				}
				return
			}
			texts = append(texts, need.Question)
			switch {
			case need.Sight != nil:
				ans.LOS = append(ans.LOS, ai.LOSAnswer{From: need.Sight.From, To: need.Sight.To, See: i%2 == 0, Range: 2})
			default:
				return
			}
		}
	}
	ask(func(a ai.Answers) tracker.Command {
		return Move{Hero: "H1", Path: []string{"A2"}, Basic: true, Answers: a}
	})
	ask(func(a ai.Answers) tracker.Command { return OpenDoor{Hero: "H1", Door: "D4", Answers: a} })
	ask(func(a ai.Answers) tracker.Command { return EndTurn{Answers: a} })
	ask(func(a ai.Answers) tracker.Command { return EnemyTurn{Answers: a} })
	if heroes > 1 {
		ask(func(a ai.Answers) tracker.Command { return OpenDoor{Hero: "H2", Door: "D1", Answers: a} })
		ask(func(a ai.Answers) tracker.Command { return NoiseTest{Hero: "H2", Total: 3, Card: "NP1", Answers: a} })
		ask(func(a ai.Answers) tracker.Command { return EndTurn{Answers: a} })
		ask(func(a ai.Answers) tracker.Command { return EnemyTurn{Answers: a} })
	}
	for range 4 {
		if len(st(s).Mission.Pending) == 0 {
			break
		}
		pa := st(s).Mission.Pending[0]
		if len(pa.Defenders) == 0 {
			break
		}
		if _, err := s.Do(Defend{Hero: pa.Defenders[0], Attack: 0, Total: 9}); err != nil {
			break
		}
		ask(func(a ai.Answers) tracker.Command { return EnemyTurn{Answers: a} })
	}
	for i := range texts {
		texts[i] = strings.TrimSpace(texts[i])
	}
	return texts
}

// The plural the games' words use, and the check's own sense.
func TestPluralsAsEnglishSpellsThem(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{
		{2, "enemy", "2 enemies"}, {3, "hero", "3 heroes"}, {1, "hero", "1 hero"}, {2, "key", "2 keys"},
		{2, "sentry", "2 sentries"}, {0, "modifier", "0 modifiers"}, {2, "spawn token", "2 spawn tokens"},
		{2, "die", "2 dice"}, {4, "box", "4 boxes"}, {1, "faction card", "1 faction card"},
	} {
		if got := automa.Plural(c.n, c.noun); got != c.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
	if got := trackertest.OddPlurals("can enemys in area A1 see heros, keys, photos and 3 sentrys? Carlos says always"); len(got) != 3 {
		t.Errorf("the check finds %d odd plurals: %v", len(got), got)
	}
	if got := PlayersLine("2 enemy(s) and 1 hero(s)"); got != "2 enemies and 1 hero" {
		t.Errorf("PlayersLine: %q", got)
	}
}
