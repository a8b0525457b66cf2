package eternaut

import (
	"fmt"
	"unicode/utf8"
)

// Limits of a situation file, beyond any real table (a hand holds at most
// 11 cards, HAND_SIZE + 1; the Alien board a handful of modules), and the
// boards exactly as many as the box holds (MaxBoards): they bound the work
// and the answer's size, and a file beyond them is refused naming the
// field. They are listed in RESOLVE.md.
const (
	MaxHand      = 20 // cards in a Mad Character's hand
	MaxModules   = 12 // alien modules on the Alien board
	MaxOnMap     = 99 // aliens of one race on the map
	MaxSurvivors = 40 // Survivors on the map
	MaxName      = 60 // characters of a race, board, Survivor or scenario
)

func (s *Situation) checkLimits() error {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	name := func(where, v string) {
		if n := utf8.RuneCountInString(v); n > MaxName {
			bad("%s: %d characters; at most %d", where, n, MaxName)
		}
	}
	if s.Hand < 0 || s.Hand > MaxHand {
		bad("hand: %d cards; a hand holds 1 to %d", s.Hand, MaxHand)
	}
	if len(s.Modules) > MaxModules {
		bad("modules: %d listed; the Alien board holds at most %d", len(s.Modules), MaxModules)
	} else {
		for i, m := range s.Modules {
			name(fmt.Sprintf("modules[%d].race", i), m.Race)
			if m.OnMap < 0 || m.OnMap > MaxOnMap {
				bad("modules[%d].onMap: %d aliens; 0 to %d", i, m.OnMap, MaxOnMap)
			}
		}
	}
	if s.Start < 0 || s.Start > MaxModules {
		bad("start: module %d; 1 to %d", s.Start, MaxModules)
	}
	if len(s.Survivors) > MaxSurvivors {
		bad("survivors: %d listed; at most %d", len(s.Survivors), MaxSurvivors)
	} else {
		for i, v := range s.Survivors {
			name(fmt.Sprintf("survivors[%d]", i), v)
		}
	}
	if len(s.Boards) > MaxBoards {
		bad("boards: %d listed; at most %d boards are in play", len(s.Boards), MaxBoards)
	} else {
		for i, b := range s.Boards {
			name(fmt.Sprintf("boards[%d]", i), b)
		}
	}
	name("scenario", s.Scenario)
	if len(errs) == 0 {
		return nil
	}
	msg := "situation file: " + errs[0]
	for _, e := range errs[1:] {
		msg += "; " + e
	}
	return fmt.Errorf("%s", msg)
}
