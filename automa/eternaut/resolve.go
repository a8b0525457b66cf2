package eternaut

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"tablekeeper/automa"
)

// Decisions a situation file can ask for.
const (
	DecideActivation = "activation"  // §5.8: which alien decks draw, in order
	DecideEndOfTurn  = "endOfTurn"   // §5.7 C3: does the end of the turn set the enemies off
	DecideDeal       = "deal"        // §5.7 C1: how the 4 cubes are dealt
	DecideCubeMove   = "cubeMove"    // §5.7 C2: does a card on a board move a cube
	DecideMadness    = "madnessPick" // §7.4: which card goes on a Mad Character
)

// A Situation is the input of `tablekeeper resolve eternaut FILE`.
type Situation struct {
	Decision string `json:"decision"`
	// Modules are the alien modules left to right; Start is the module a
	// Menace card names (1 = leftmost; 0 or absent = the leftmost).
	Modules []Module `json:"modules,omitempty"`
	Start   int      `json:"start,omitempty"`
	// CubesOnTarget, Survivors and Scenario for endOfTurn ("B" means the
	// Survivors' rule; RedealInB is the §13.8 setting, default true).
	CubesOnTarget int      `json:"cubesOnTarget,omitempty"`
	Scenario      string   `json:"scenario,omitempty"`
	Survivors     []string `json:"survivors,omitempty"`
	RedealInB     *bool    `json:"redealInB,omitempty"`
	// AlertOnDeck: in B, the Alert counter still sits on the Menace deck.
	AlertOnDeck bool `json:"alertOnDeck,omitempty"`
	// Boards for deal; Active, CubesOnBoard and CardPlaced for cubeMove.
	Boards       []string `json:"boards,omitempty"`
	Active       bool     `json:"active,omitempty"`
	CubesOnBoard int      `json:"cubesOnBoard,omitempty"`
	CardPlaced   bool     `json:"cardPlaced,omitempty"`
	// Hand and Seed for madnessPick.
	Hand int    `json:"hand,omitempty"`
	Seed uint64 `json:"seed,omitempty"`
}

// An Outcome is Resolve's answer.
type Outcome struct {
	Game     string       `json:"game"`
	Decision string       `json:"decision"`
	Result   any          `json:"result"`
	Trace    automa.Trace `json:"trace"`
}

// ParseSituation reads a situation file strictly: unknown fields are
// refused, so a typo does not silently change the decision.
func ParseSituation(data []byte) (*Situation, error) {
	var s Situation
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, errors.New("situation file: the file is empty or cut short")
		}
		return nil, fmt.Errorf("situation file: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("situation file: there is more after the closing brace")
	}
	switch s.Decision {
	case DecideActivation, DecideEndOfTurn, DecideDeal, DecideCubeMove, DecideMadness:
	case "":
		return nil, fmt.Errorf("situation file: \"decision\" is missing (%s, %s, %s, %s or %s)", DecideActivation, DecideEndOfTurn, DecideDeal, DecideCubeMove, DecideMadness)
	default:
		return nil, fmt.Errorf("situation file: %q is not a decision (%s, %s, %s, %s or %s)", s.Decision, DecideActivation, DecideEndOfTurn, DecideDeal, DecideCubeMove, DecideMadness)
	}
	if err := s.checkLimits(); err != nil {
		return nil, err
	}
	if s.CubesOnTarget < 0 || s.CubesOnTarget > CubesForActivation {
		return nil, fmt.Errorf("situation file: cubesOnTarget must be 0 to %d, not %d", CubesForActivation, s.CubesOnTarget)
	}
	if s.AlertOnDeck && (s.Decision != DecideEndOfTurn || !inB(s.Scenario)) {
		return nil, fmt.Errorf("situation file: alertOnDeck is the Alert counter of Scenario B, for an endOfTurn decision in B (scenario %q, decision %q)", s.Scenario, s.Decision)
	}
	if s.CubesOnBoard < 0 || s.CubesOnBoard > CubesForActivation {
		return nil, fmt.Errorf("situation file: cubesOnBoard must be 0 to %d, not %d", CubesForActivation, s.CubesOnBoard)
	}
	return &s, nil
}

// inB says the scenario plays the Survivors' rule (§5.7 C3).
func inB(scenario string) bool { return scenario == "B" || scenario == "B1" || scenario == "B2" }

// seeded is a small deterministic Rand for files that give a seed.
type seeded struct{ state uint64 }

func (r *seeded) Intn(n int) int {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	z ^= z >> 31
	return int(z % uint64(n))
}

// Decide answers a parsed situation.
func Decide(s *Situation) (*Outcome, error) {
	out := &Outcome{Game: "eternaut", Decision: s.Decision}
	var err error
	switch s.Decision {
	case DecideActivation:
		start := s.Start
		if start > 0 {
			start--
		}
		var a Activation
		if a, out.Trace, err = ActivationOrder(s.Modules, start); err == nil {
			out.Result = activationResult(s.Modules, a)
		}
	case DecideEndOfTurn:
		redeal := s.RedealInB == nil || *s.RedealInB
		out.Result, out.Trace, err = EndOfTurnAlert(s.CubesOnTarget, inB(s.Scenario), s.AlertOnDeck, s.Survivors, s.Modules, redeal)
	case DecideDeal:
		out.Result, out.Trace, err = Deal(s.Boards)
	case DecideCubeMove:
		out.Result, out.Trace = CubeMoves(s.Active, s.CubesOnBoard, s.CardPlaced)
	case DecideMadness:
		out.Result, out.Trace, err = PickRandom(s.Hand, &seeded{state: s.Seed})
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ActivationResult is an activation as the resolve verb prints it: module
// numbers from 1, with the races named.
type ActivationResult struct {
	Draw    []string `json:"draw"`
	Modules []int    `json:"modules"`
	Skipped []int    `json:"skipped,omitempty"`
}

func activationResult(mods []Module, a Activation) ActivationResult {
	r := ActivationResult{Draw: []string{}, Modules: []int{}}
	for _, i := range a.Draw {
		r.Draw = append(r.Draw, mods[i].Race)
		r.Modules = append(r.Modules, i+1)
	}
	for _, i := range a.Skipped {
		r.Skipped = append(r.Skipped, i+1)
	}
	return r
}

// Resolve reads a situation file and returns the decision with its trace as
// indented JSON: the code behind `tablekeeper resolve eternaut FILE`.
func Resolve(situation []byte) ([]byte, error) {
	s, err := ParseSituation(situation)
	if err != nil {
		return nil, err
	}
	out, err := Decide(s)
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(out, "", "  ")
}
