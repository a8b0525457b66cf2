package phantom

import (
	"strings"
	"testing"

	"tablekeeper/tracker"
)

// RB p.17: "If one of the options specifies using a certain number of
// nova cells or Vanished technology, then that option may only be chosen
// if the characters have sufficient nova cells or Vanished technology to
// cover the cost." The options' costs are entered with the card; an
// option the team cannot pay for is refused, saying why.

// afterMission is a session after Ana and Bo's mission on Berkav, Ana with
// 4 nova cells, Bo with 1, the team with 2 vanished technology.
func afterMission(t *testing.T) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	finish(t, s, startCmd(), false)
	do(t, s, CorrectCharacter{Character: "Ana", Nova: intp(4)}, CorrectCharacter{Character: "Bo", Nova: intp(1)},
		AdjustCampaign{VanishedTech: 2 - st(s).Sheet.VanishedTech})
	return s, mem
}

var bribe = []ExpeditionOption{{Name: "bribe the pilot", Nova: 5}, {Name: "sneak aboard"}}

func TestExpeditionTeamOptionCosts(t *testing.T) {
	s, mem := afterMission(t)
	// 5 nova cells between them: Ana 4 and Bo 1 cover it together.
	if why := st(s).ExpeditionCantPay(bribe[0], ""); why != "" {
		t.Fatalf("the team can pay 5: %s", why)
	}
	refusedWhy(t, s, Expedition{Card: "7", Options: bribe, Team: true, Chosen: "swim"}, "Rulebook p.17", "choose one of the options")
	refusedWhy(t, s, Expedition{Card: "7", Options: bribe, Team: true, Chosen: "bribe the pilot", Pay: map[string]int{"Ana": 4}}, "Rulebook p.17", "add up to 4")
	refusedWhy(t, s, Expedition{Card: "7", Options: bribe, Team: true, Chosen: "bribe the pilot", Pay: map[string]int{"Ana": 2, "Bo": 3}}, "Rulebook p.17", "Bo has 1")
	refusedWhy(t, s, Expedition{Card: "7", Options: []ExpeditionOption{{Name: "A", VanishedTech: 3}, {Name: "B"}}, Team: true, Chosen: "A"}, "Rulebook p.17", "the team has 2")
	refusedWhy(t, s, Expedition{Card: "7", Options: []ExpeditionOption{{Name: "A", Nova: -1}}, Team: true, Chosen: "A"}, "Rulebook p.17", "cannot be negative")
	refusedWhy(t, s, Expedition{Card: "7", Options: []ExpeditionOption{{Name: "A"}, {Name: "A"}}, Team: true, Chosen: "A"}, "Rulebook p.17", "two options")
	refusedWhy(t, s, Expedition{Card: "7", Chosen: "A"}, "Rulebook p.17", "enter the card's options")
	undoReplays(t, s, mem, Expedition{Card: "7", Options: bribe, Team: true, Chosen: "bribe the pilot", Fame: map[string]int{"Berkav": 1}}, func(st *State) string {
		if st.Characters["Ana"].Nova != 0 || st.Characters["Bo"].Nova != 0 || st.Sheet.Fame["Berkav"] != 1 {
			return "Ana and Bo pay 4 and 1, then the result gives fame"
		}
		return ""
	})
	line := s.Describe(mustLast(t, s))
	if !strings.Contains(line, "the team chose bribe the pilot (paid 5 nova cells: Ana 4, Bo 1)") {
		t.Fatalf("diary: %s", line)
	}
}

func TestExpeditionTeamCannotPay(t *testing.T) {
	s, _ := afterMission(t)
	do(t, s, CorrectCharacter{Character: "Ana", Nova: intp(3)})
	if why := st(s).ExpeditionCantPay(bribe[0], ""); !strings.Contains(why, "the characters present have 4") {
		t.Fatalf("reason shown: %q", why)
	}
	refusedWhy(t, s, Expedition{Card: "7", Options: bribe, Team: true, Chosen: "bribe the pilot"}, "Rulebook p.17", "it cannot be chosen")
	do(t, s, Expedition{Card: "7", Options: bribe, Team: true, Chosen: "sneak aboard"})
}

func TestExpeditionIndividualOptionCosts(t *testing.T) {
	s, mem := afterMission(t)
	opts := []ExpeditionOption{{Name: "A", Nova: 3, VanishedTech: 1}, {Name: "B"}}
	if why := st(s).ExpeditionCantPay(opts[0], "Bo"); !strings.Contains(why, "Bo has 1") {
		t.Fatalf("Bo cannot pay 3: %q", why)
	}
	refusedWhy(t, s, Expedition{Card: "7", Options: opts, Choices: map[string]string{"Ana": "A"}}, "Rulebook p.17", "Bo was on the last mission")
	refusedWhy(t, s, Expedition{Card: "7", Options: opts, Choices: map[string]string{"Ana": "A", "Bo": "A"}}, "Rulebook p.17", "Bo cannot choose it")
	refusedWhy(t, s, Expedition{Card: "7", Options: opts, Choices: map[string]string{"Ana": "A", "Bo": "B", "Cy": "B"}}, "Rulebook p.17", "Cy did not embark")
	refusedWhy(t, s, Expedition{Card: "7", Options: opts, Team: true, Choices: map[string]string{"Ana": "A", "Bo": "B"}}, "Rulebook p.17", "a team choice")
	undoReplays(t, s, mem, Expedition{Card: "7", Options: opts, Choices: map[string]string{"Ana": "A", "Bo": "B"}, Nova: map[string]int{"Bo": 2}}, func(st *State) string {
		if st.Characters["Ana"].Nova != 1 || st.Characters["Bo"].Nova != 3 || st.Sheet.VanishedTech != 1 {
			return "Ana pays 3 nova cells and the team 1 vanished technology; Bo gains 2"
		}
		return ""
	})
}
