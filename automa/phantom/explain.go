package phantom

import (
	"strings"

	"tablekeeper/automa"
)

// TraceLines is a trace as the players read it, one numbered line per
// step (automa.Trace.String), each tie-breaker said once: a step whose
// words already name the tie-breaker that settled it does not repeat it
// ("tie-breaker 2: most other enemies …", never "… (tie-break:
// tie-breaker 2: most other enemies …)"). The structured trace keeps the
// tie-breaker for the resolve verb's JSON.
func TraceLines(tr automa.Trace) []string {
	steps := make([]automa.Step, len(tr.Steps))
	for i, s := range tr.Steps {
		if s.TieBreak != "" && strings.Contains(s.Text, s.TieBreak) {
			s.TieBreak = ""
		}
		steps[i] = s
	}
	return splitLines(automa.Trace{Steps: steps}.String())
}
