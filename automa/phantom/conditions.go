package phantom

import (
	"fmt"
	"sort"
	"strings"
)

// Cond is a condition token (spec §4, RB p.37).
type Cond string

// The conditions.
const (
	Barrier     Cond = "Barrier"
	Invisible   Cond = "Invisible"
	Resilient   Cond = "Resilient"
	Vengeful    Cond = "Vengeful"
	Bleeding    Cond = "Bleeding"
	Blinded     Cond = "Blinded"
	Burning     Cond = "Burning"
	Frozen      Cond = "Frozen"
	KnockedDown Cond = "Knocked Down"
	Stunned     Cond = "Stunned"
	Vulnerable  Cond = "Vulnerable"
	Weakened    Cond = "Weakened"
)

var allConds = []Cond{Barrier, Invisible, Resilient, Vengeful, Bleeding, Blinded, Burning, Frozen, KnockedDown, Stunned, Vulnerable, Weakened}

// ParseCond reads a condition name in any case, with or without spaces.
func ParseCond(s string) (Cond, error) {
	k := strings.ToLower(strings.NewReplacer(" ", "", "-", "", "_", "").Replace(s))
	for _, c := range allConds {
		if strings.ToLower(strings.ReplaceAll(string(c), " ", "")) == k {
			return c, nil
		}
	}
	if k == "kd" {
		return KnockedDown, nil
	}
	return "", fmt.Errorf("%q is not a condition", s)
}

// Detrimental reports whether c is a detrimental condition.
func (c Cond) Detrimental() bool {
	switch c {
	case Barrier, Invisible, Resilient, Vengeful:
		return false
	}
	return true
}

// lastsOneFullTurn: conditions removed at the end of the figure's next full
// turn after they were gained (§4 duration model): Frozen, Invisible, and
// Stunned on adversaries.
func (c Cond) lastsOneFullTurn() bool {
	return c == Frozen || c == Invisible || c == Stunned
}

// Conds is a figure's set of conditions. The value says whether the
// condition was gained during the current turn (such a condition does not
// expire at the end of this turn, RB p.50).
type Conds map[Cond]bool

// Has reports whether the set holds c.
func (cs Conds) Has(c Cond) bool { _, ok := cs[c]; return ok }

// List returns the conditions in a stable order.
func (cs Conds) List() []string {
	out := make([]string, 0, len(cs))
	for c := range cs {
		out = append(out, string(c))
	}
	sort.Strings(out)
	return out
}

// Inflict applies c to a figure by the rules of §4 and returns what happened
// in words: a refresh, Resilient absorbing it, Burning and Frozen cancelling
// each other, or the condition gained.
func (cs Conds) Inflict(c Cond, duringOwnTurn bool) string {
	if cs.Has(c) {
		// Refresh: one token; the timer restarts. Resilient is not
		// used up by a condition already held.
		cs[c] = duringOwnTurn
		return string(c) + " refreshed"
	}
	if c.Detrimental() && cs.Has(Resilient) {
		delete(cs, Resilient)
		return "Resilient absorbed " + string(c)
	}
	if c == Frozen && cs.Has(Burning) {
		delete(cs, Burning)
		return "Frozen removed Burning instead"
	}
	if c == Burning && cs.Has(Frozen) {
		delete(cs, Frozen)
		return "Burning removed Frozen instead"
	}
	cs[c] = duringOwnTurn
	return string(c) + " gained"
}
