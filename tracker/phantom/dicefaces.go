package phantom

import (
	"fmt"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// SetDice enters the faces of the dice (§3: the rulebook does not list
// them): the Decision die's faces (V-21) and the attack and Accuracy dice
// (V-22). Nil fields are left as they are.
type SetDice struct {
	DecisionDie []phantom.Face `json:"decisionDie,omitempty"`
	Basic       []string       `json:"basic,omitempty"`
	Blitz       []string       `json:"blitz,omitempty"`
	Accuracy    []string       `json:"accuracy,omitempty"`
}

func (c SetDice) exec(s *State, x *ctx) (string, error) {
	faces := make([]phantom.Face, len(c.DecisionDie))
	for i, f := range c.DecisionDie {
		g, err := normFace(f)
		if err != nil {
			return "", tracker.Refuse("phantom-epoch V-21", "Decision die face %d: %v", i+1, err)
		}
		faces[i] = g
	}
	for name, list := range map[string][]string{"basic": c.Basic, "blitz": c.Blitz} {
		for i, f := range list {
			if _, err := phantom.ParseDieFace(f); err != nil {
				return "", tracker.Refuse("phantom-epoch V-22", "%s die face %d: %v", name, i+1, err)
			}
		}
	}
	for i, f := range c.Accuracy {
		if _, err := phantom.ParseAccuracy(f); err != nil {
			return "", tracker.Refuse("phantom-epoch V-22", "Accuracy die face %d: %v", i+1, err)
		}
	}
	if c.DecisionDie != nil {
		s.Content.DecisionDie = faces
	}
	if s.Content.AttackDice == nil {
		s.Content.AttackDice = map[string][]string{}
	}
	if c.Basic != nil {
		s.Content.AttackDice["basic"] = c.Basic
	}
	if c.Blitz != nil {
		s.Content.AttackDice["blitz"] = c.Blitz
	}
	if c.Accuracy != nil {
		s.Content.AttackDice["accuracy"] = c.Accuracy
	}
	return "Entered the faces of the dice", nil
}

func normFace(f phantom.Face) (phantom.Face, error) {
	col, err := phantom.ParseColour(string(f.Colour))
	if err != nil {
		return f, err
	}
	p, err := phantom.ParseDir(string(f.Primary))
	if err != nil {
		return f, fmt.Errorf("primary: %v", err)
	}
	q, err := phantom.ParseDir(string(f.Secondary))
	if err != nil {
		return f, fmt.Errorf("secondary: %v", err)
	}
	return phantom.Face{Colour: col, Primary: p, Secondary: q}, nil
}

// problems are the faces that are not right, each with its die and face.
func (c SetDice) problems() []Problem {
	var out []Problem
	bad := func(field, rule, format string, args ...any) {
		out = append(out, Problem{Kind: KindDice, Field: field, Rule: rule, Why: fmt.Sprintf(format, args...)})
	}
	for i, f := range c.DecisionDie {
		if _, err := normFace(f); err != nil {
			bad(fmt.Sprintf("decisionDie.%d", i), "V-21", "Decision die face %d: %v", i+1, err)
		}
	}
	for _, d := range []struct {
		name, field string
		list        []string
	}{{"Basic", "basic", c.Basic}, {"Blitz", "blitz", c.Blitz}} {
		for i, f := range d.list {
			if _, err := phantom.ParseDieFace(f); err != nil {
				bad(fmt.Sprintf("%s.%d", d.field, i), "V-22", "%s die face %d: %v", d.name, i+1, err)
			}
		}
	}
	for i, f := range c.Accuracy {
		if _, err := phantom.ParseAccuracy(f); err != nil {
			bad(fmt.Sprintf("accuracy.%d", i), "V-22", "Accuracy die face %d: %v", i+1, err)
		}
	}
	return out
}

// Problems are the faces that are not right (none: the faces are good),
// for a form to show under each face.
func (c SetDice) Problems() []Problem { return c.problems() }
