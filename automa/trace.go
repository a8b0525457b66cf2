package automa

import (
	"fmt"
	"strings"
)

// A Trace is the reasoning behind one enemy decision, step by step, in the
// order the rules were applied. The UI's explanation panel and the resolve
// verb's JSON both show it, so a doubting player can check every step
// against the rulebook.
type Trace struct {
	Steps []Step `json:"steps"`
}

// A Step is one rule applied on the way to a decision.
type Step struct {
	// Rule names the spec section and, where known, the rulebook page,
	// e.g. "phantom-epoch §8.6 (RB p.27)".
	Rule string `json:"rule"`
	// Text says in plain words what the rule asked and what it found.
	Text string `json:"text"`
	// Kept and Dropped are the candidates the rule weighed: the ones still
	// in the running after it, and the ones it removed, each with why.
	Kept    []Candidate `json:"kept,omitempty"`
	Dropped []Candidate `json:"dropped,omitempty"`
	// TieBreak says which tie-breaker settled a choice, if one did.
	TieBreak string `json:"tieBreak,omitempty"`
	// Die names a die roll or draw the step used, e.g. "Decision die: red, dir 4".
	Die string `json:"die,omitempty"`
	// Result is what the step decided, if it decided something.
	Result string `json:"result,omitempty"`
}

// A Candidate is one option a rule weighed: a target, a space, a spawn point.
// Facts holds the numbers the rule compared (MP, range, hazards, damage),
// keyed by name so the UI can show them as a small table.
type Candidate struct {
	Name   string         `json:"name"`
	Facts  map[string]any `json:"facts,omitempty"`
	Reason string         `json:"reason,omitempty"`
}

// Add appends a step and returns it so the caller can fill it in.
func (t *Trace) Add(rule, format string, args ...any) *Step {
	t.Steps = append(t.Steps, Step{Rule: rule, Text: fmt.Sprintf(format, args...)})
	return &t.Steps[len(t.Steps)-1]
}

// String renders the trace as numbered lines, for logs and the command line.
func (t Trace) String() string {
	var b strings.Builder
	for i, s := range t.Steps {
		fmt.Fprintf(&b, "%d. [%s] %s", i+1, s.Rule, s.Text)
		if s.TieBreak != "" {
			fmt.Fprintf(&b, " (tie-break: %s)", s.TieBreak)
		}
		if s.Die != "" {
			fmt.Fprintf(&b, " (die: %s)", s.Die)
		}
		if s.Result != "" {
			fmt.Fprintf(&b, " → %s", s.Result)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
