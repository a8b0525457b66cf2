// Package eternaut holds the enemy-side computations of The Eternaut (spec
// eternaut.md) as pure functions: the Consumed-cube bookkeeping of §5.7
// (dealing the 4 cubes, moving one when a card lands on a board, the
// end-of-turn trigger) and the alien activation order of §5.8. Each returns
// its decision with an automa.Trace naming the rule it applied, so the
// tracker can record the decision and the players can check it.
//
// Nothing here touches the table: the tracker owns the state and turns the
// decisions into events.
package eternaut

import (
	"fmt"
	"strings"

	"tablekeeper/automa"
)

// CubesForActivation is how many Consumed cubes there are, and how many must
// sit on the activation target to set it off (spec §1, §5.7).
const CubesForActivation = 4

// MaxBoards is how many Character boards can be in play: the box holds 4
// (Rulebook, components: "4 Character boards"; spec §5.7, boards ≤ 4). It
// is the same number as the cubes by chance, so it has its own name.
const MaxBoards = 4

// Deal spreads the 4 Consumed cubes over the boards in play (spec §5.7 C1):
// every board gets at least one, and the leftovers go one by one to the
// boards in the order given, so 4 boards get 1/1/1/1, 3 get 2/1/1, 2 get 2/2
// and 1 gets all 4. The players may move the extra cubes afterwards; this is
// the default the app proposes. boards are the board names, left to right.
func Deal(boards []string) ([]int, automa.Trace, error) {
	var t automa.Trace
	if len(boards) == 0 {
		return nil, t, fmt.Errorf("no board is in play to deal the Consumed cubes to")
	}
	if len(boards) > MaxBoards {
		return nil, t, fmt.Errorf("%d boards are in play; at most %d can be", len(boards), MaxBoards)
	}
	split := make([]int, len(boards))
	for i := range CubesForActivation {
		split[i%len(boards)]++
	}
	boardWord := "boards"
	if len(boards) == 1 {
		boardWord = "board"
	}
	st := t.Add("eternaut §5.7 C1 (RB p.24)", "deal %d Consumed cubes as evenly as possible over %d %s, at least 1 each", CubesForActivation, len(boards), boardWord)
	parts := make([]string, len(boards))
	for i, b := range boards {
		parts[i] = fmt.Sprintf("%s: %d", b, split[i])
		st.Kept = append(st.Kept, automa.Candidate{Name: b, Facts: map[string]any{"cubes": split[i]}})
	}
	if len(boards) < CubesForActivation && CubesForActivation%len(boards) != 0 {
		st.TieBreak = "extra cubes go to the leftmost boards first; the players may move them"
	}
	st.Result = strings.Join(parts, ", ")
	return split, t, nil
}

// CubeMoves says whether putting a card on a board moves a Consumed cube to
// the target (spec §5.7 C2): only while the cubes are in play, only if the
// board holds one, and only if a card was really placed (a penalty turned
// into damage places none).
func CubeMoves(active bool, cubesOnBoard int, cardPlaced bool) (bool, automa.Trace) {
	var t automa.Trace
	st := t.Add("eternaut §5.7 C2 (RB p.19, p.24)", "a card put on a board holding a Consumed cube moves exactly 1 cube to the target")
	switch {
	case !active:
		st.Result = "no: the Consumed cubes are not in play yet"
		return false, t
	case !cardPlaced:
		st.Result = "no: no card was placed (the penalty became damage)"
		return false, t
	case cubesOnBoard <= 0:
		st.Result = "no: the board holds no cube"
		return false, t
	}
	st.Result = "yes: 1 cube moves to the target"
	return true, t
}

// A Module is one alien module on the Alien board, in its left-to-right
// place: the race's name and how many of its aliens are on the map.
type Module struct {
	Race  string `json:"race"`
	OnMap int    `json:"onMap"`
}

// An Activation is the order in which the alien decks are drawn from: the
// module indexes, each drawing its top card and resolving its top (Action)
// section. Skipped lists the modules passed over because none of their
// aliens is on the map.
type Activation struct {
	Draw    []int `json:"draw"`
	Skipped []int `json:"skipped,omitempty"`
}

// ActivationOrder runs spec §5.8: starting at module start (0, the leftmost,
// for a cube trigger; the deck a Menace card names otherwise) and going
// right, wrapping around, each module with at least one alien on the map
// draws and resolves the top card of its deck.
func ActivationOrder(modules []Module, start int) (Activation, automa.Trace, error) {
	var t automa.Trace
	if len(modules) == 0 {
		return Activation{}, t, fmt.Errorf("there is no alien module on the Alien board")
	}
	if start < 0 || start >= len(modules) {
		return Activation{}, t, fmt.Errorf("module %d is not on the Alien board (modules 1 to %d)", start+1, len(modules))
	}
	for i, m := range modules {
		if m.OnMap < 0 {
			return Activation{}, t, fmt.Errorf("module %d (%s) cannot have %d aliens on the map", i+1, m.Race, m.OnMap)
		}
	}
	var a Activation
	st := t.Add("eternaut §5.8 (RB p.24)", "activate the alien modules from %s (module %d), going right and wrapping round", modules[start].Race, start+1)
	for k := range modules {
		i := (start + k) % len(modules)
		m := modules[i]
		c := automa.Candidate{Name: m.Race, Facts: map[string]any{"module": i + 1, "onMap": m.OnMap}}
		if m.OnMap > 0 {
			a.Draw = append(a.Draw, i)
			c.Reason = "aliens on the map: draw the top card, resolve its Action section"
			st.Kept = append(st.Kept, c)
		} else {
			a.Skipped = append(a.Skipped, i)
			c.Reason = "no alien of this race on the map: skipped"
			st.Dropped = append(st.Dropped, c)
		}
	}
	if len(a.Draw) == 0 {
		st.Result = "no alien is on the map: nothing is drawn"
	} else {
		names := make([]string, len(a.Draw))
		for j, i := range a.Draw {
			names[j] = modules[i].Race
		}
		st.Result = "draw in order: " + strings.Join(names, ", ")
	}
	t.Add("eternaut §5.7 C1, §5.8", "then deal the 4 Consumed cubes again")
	return a, t, nil
}

// A Trigger is what the end-of-turn check of spec §5.7 C3 asks for.
type Trigger struct {
	// Fire is true when all 4 cubes are on the target.
	Fire bool `json:"fire"`
	// Survivors is true in Scenario B: draw a Menace card and move every
	// Survivor one space, in ascending ID order (SurvivorOrder, empty when
	// no Survivor is on the map: the card is drawn all the same) — unless
	// MenaceBlocked, when no card is drawn and nobody moves.
	Survivors     bool     `json:"survivors,omitempty"`
	SurvivorOrder []string `json:"survivorOrder,omitempty"`
	// Aliens is the alien activation (C to F) when Fire and not Survivors.
	Aliens *Activation `json:"aliens,omitempty"`
	// Redeal says the cubes are dealt again afterwards.
	Redeal bool `json:"redeal,omitempty"`
	// MenaceBlocked is Scenario B with the Alert counter still on the
	// Menace deck: no card is drawn and no Survivor moves.
	MenaceBlocked bool `json:"menaceBlocked,omitempty"`
}

// EndOfTurn runs the end-of-turn activation check (spec §5.7 C3, step T5).
// survivorsMode is Scenario B (the target is the Survivors' Rule card);
// survivors are the IDs of the Survivors on the map; modules are the alien
// modules (C to F). redealInB is the setting for the AMBIGUOUS re-deal in B.
func EndOfTurn(cubesOnTarget int, survivorsMode bool, survivors []string, modules []Module, redealInB bool) (Trigger, automa.Trace, error) {
	return EndOfTurnAlert(cubesOnTarget, survivorsMode, false, survivors, modules, redealInB)
}

// EndOfTurnAlert is EndOfTurn knowing where the Alert counter of Scenario
// B is: alertOnDeck says it still sits on the Menace deck.
func EndOfTurnAlert(cubesOnTarget int, survivorsMode, alertOnDeck bool, survivors []string, modules []Module, redealInB bool) (Trigger, automa.Trace, error) {
	var t automa.Trace
	st := t.Add("eternaut §5.7 C3 (RB p.19, p.24)", "at the end of the turn, check whether all %d Consumed cubes are on the target: %d are", CubesForActivation, cubesOnTarget)
	if cubesOnTarget < CubesForActivation {
		st.Result = "no activation"
		return Trigger{}, t, nil
	}
	tr := Trigger{Fire: true}
	if survivorsMode && alertOnDeck {
		// §2.2, §5.3 E4 (RB p.22 setup B step 17): while the Alert counter
		// is on the Menace deck no Menace card is revealed, so there is no
		// card to draw and no arrow for the Survivors to follow.
		tr.Survivors, tr.MenaceBlocked, tr.Redeal = true, true, redealInB
		s2 := t.Add("eternaut §2.2, §5.7 C3 (RB p.22 step 17)", "Survivors: the Alert counter is still on the Menace deck, so no Menace card is revealed")
		s2.Result = "no card is drawn and no Survivor moves"
		s3 := t.Add("eternaut §5.7 C3, §13.8", "deal the cubes again after the Survivors' activation (setting)")
		s3.Result = redealWords(redealInB)
		return tr, t, nil
	}
	if survivorsMode {
		order := append([]string(nil), survivors...)
		sortIDs(order)
		tr.Survivors, tr.SurvivorOrder = true, order
		s2 := t.Add("eternaut §5.7 C3 (RB p.19)", "Survivors: draw 1 Menace card and move every Survivor 1 space the way its arrow points, lowest ID first")
		if len(order) == 0 {
			// RB p.19 has no exception for an empty map: the card is still
			// drawn (the "nothing is drawn" case of §5.7 C3 is the aliens').
			s2.Result = "draw the Menace card; no Survivor is on the map to move"
		} else {
			s2.Result = "move in order: " + strings.Join(order, ", ")
		}
		tr.Redeal = redealInB
		s3 := t.Add("eternaut §5.7 C3, §13.8", "deal the cubes again after the Survivors move (setting)")
		s3.Result = redealWords(redealInB)
		return tr, t, nil
	}
	if len(modules) == 0 {
		// No module on the Alien board means no alien on the map: the cubes
		// are simply dealt again (§5.7 C3).
		st := t.Add("eternaut §5.7 C3", "no alien module is on the Alien board")
		st.Result = "no alien is on the map: nothing is drawn; deal the cubes again"
		return Trigger{Fire: true, Aliens: &Activation{}, Redeal: true}, t, nil
	}
	a, at, err := ActivationOrder(modules, 0)
	if err != nil {
		return Trigger{}, t, err
	}
	t.Steps = append(t.Steps, at.Steps...)
	tr.Aliens, tr.Redeal = &a, true
	return tr, t, nil
}

// sortIDs orders figure IDs ascending: numerically when both are numbers.
func sortIDs(ids []string) {
	for i := 1; i < len(ids); i++ {
		for j := i; j > 0 && idLess(ids[j], ids[j-1]); j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j]
		}
	}
}

func idLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// PickRandom chooses the Action card a Mad Character must receive (spec §7.4):
// the player shuffles the hand and takes one at random. It returns a position
// from 1 to hand.
func PickRandom(hand int, r automa.Rand) (int, automa.Trace, error) {
	var t automa.Trace
	if hand <= 0 {
		return 0, t, fmt.Errorf("the hand is empty: there is no card to pick")
	}
	v := r.Intn(hand) + 1
	st := t.Add("eternaut §7.4 (RB p.29)", "a card played on a Mad Character is taken at random from the hand of %d", hand)
	st.Die = fmt.Sprintf("1 to %d: %d", hand, v)
	st.Result = fmt.Sprintf("card %d from the left", v)
	return v, t, nil
}

// redealWords says what the group's setting decided, in words, not a
// program's true or false.
func redealWords(redeal bool) string {
	if redeal {
		return "yes: the group's setting deals them again"
	}
	return "no: the group's setting keeps them where they are"
}
