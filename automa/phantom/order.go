package phantom

import (
	"fmt"
	"slices"
	"strings"
)

const ruleOrder = "phantom-epoch §7.3 step 7 (RB p.22, p.50)"

// Several conditions given at once: "If multiple conditions would be
// applied, the character Attacking or the character being Attacked by an
// adversary may choose in which order they apply" (RB p.22, Attack Flow
// step 7), and generally the players choose when the order "could still
// change the overall outcome" (RB p.50, Multiple Simultaneous Effects).
// The order matters through Resilient (it takes the first new detrimental
// condition) and Burning and Frozen (each removes the other). When an
// adversary gives a character several conditions and the order matters,
// the turn stops and asks that character's player (Turn.Ask); the turn is
// worked out again with the order chosen (RollsInput.Orders).

// OrderQuestion is the choice a turn stopped for: in which order Figure
// receives Conditions. Options lists one order per different outcome,
// with the conditions it leaves the figure holding.
type OrderQuestion struct {
	Figure     string        `json:"figure"`
	Conditions []string      `json:"conditions"`
	Options    []OrderOption `json:"options"`
}

// OrderOption is one order and the conditions the figure holds after it.
type OrderOption struct {
	Order  []string `json:"order"`
	Leaves []string `json:"leaves"`
}

// Words is the option as a player reads it: "Bleeding, then Weakened:
// Ana keeps Weakened".
func (o OrderOption) Words(figure string) string {
	leaves := "none of its conditions"
	if len(o.Leaves) > 0 {
		leaves = strings.Join(o.Leaves, ", ")
	}
	return fmt.Sprintf("%s: %s then holds %s", strings.Join(o.Order, ", then "), figure, leaves)
}

// OrderOutcomes lists the orders of conds that lead to different outcomes
// for a figure holding held (immune to immune), the first order found for
// each outcome, in the conditions' own order first. One option means the
// order does not matter.
func OrderOutcomes(held, immune, conds []string) []OrderOption {
	var out []OrderOption
	for _, order := range Orders(conds) {
		cs := Conds{}
		for _, h := range held {
			if c, err := ParseCond(h); err == nil {
				cs[c] = false
			}
		}
		for _, s := range order {
			c, err := ParseCond(s)
			if err != nil || slices.Contains(immune, string(c)) {
				continue
			}
			cs.Inflict(c, false)
		}
		leaves := cs.List()
		if slices.ContainsFunc(out, func(o OrderOption) bool { return slices.Equal(o.Leaves, leaves) }) {
			continue
		}
		out = append(out, OrderOption{Order: order, Leaves: leaves})
	}
	return out
}

// Orders lists every order of conds, their own order first.
func Orders(conds []string) [][]string {
	var out [][]string
	permute(slices.Clone(conds), 0, func(o []string) { out = append(out, slices.Clone(o)) })
	return out
}

// permute calls f with every order of a[k:] after a[:k], a's own order
// first.
func permute(a []string, k int, f func([]string)) {
	if k >= len(a)-1 {
		f(a)
		return
	}
	for i := k; i < len(a); i++ {
		a[k], a[i] = a[i], a[k]
		permute(a, k+1, f)
		a[k], a[i] = a[i], a[k]
	}
}

// choices hands out the orders the players chose, in the order the
// questions come, and notes the ones used.
type choices struct {
	given [][]string
	used  [][]string
}

func (c *choices) next() ([]string, bool) {
	if c == nil || len(c.given) == 0 {
		return nil, false
	}
	o := c.given[0]
	c.given = c.given[1:]
	c.used = append(c.used, o)
	return o, true
}

// inflictAll gives f the conditions in list (an attack's, a critical
// ability's, a damage action's), in the order its player chooses when f is
// a character and the order matters; otherwise in the card's order.
func (ts *turnState) inflictAll(f *fig, list []string) ([]string, error) {
	var conds []string
	for _, s := range list {
		c, err := ParseCond(s)
		if err != nil {
			return nil, err
		}
		conds = append(conds, string(c))
	}
	if len(conds) > 1 && f.Side == SideCharacter {
		var immune []string
		for c := range f.Immune {
			immune = append(immune, string(c))
		}
		if opts := OrderOutcomes(f.Conds.List(), immune, conds); len(opts) > 1 {
			order, ok := ts.w.choices.next()
			if !ok {
				ts.w.ask = &OrderQuestion{Figure: f.Name, Conditions: conds, Options: opts}
				words := make([]string, len(opts))
				for i, o := range opts {
					words[i] = o.Words(f.Name)
				}
				ts.tr.Add(ruleOrder, "%s receives %s at once, and the order changes what it keeps: its player chooses", f.Name, strings.Join(conds, ", ")).Result = "asked"
				return nil, errStop{fmt.Sprintf("%s's player chooses the order in which %s apply (Rulebook p.22): %s", f.Name, strings.Join(conds, " and "), strings.Join(words, "; "))}
			}
			var got []string
			for _, s := range order {
				if c, err := ParseCond(s); err == nil {
					got = append(got, string(c))
				}
			}
			if !sameSet(got, conds) {
				return nil, fmt.Errorf("the order chosen for %s (%s) is not the conditions it receives (%s)", f.Name, strings.Join(order, ", "), strings.Join(conds, ", "))
			}
			ts.tr.Add(ruleOrder, "%s receives %s in the order its player chose", f.Name, strings.Join(got, ", then ")).Result = strings.Join(got, ", ")
			conds = got
		}
	}
	var out []string
	for _, s := range conds {
		c, _ := ParseCond(s)
		out = append(out, f.Name+": "+ts.w.inflict(f, c, f == ts.a))
	}
	return out, nil
}

func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}
