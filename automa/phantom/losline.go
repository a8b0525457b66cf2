package phantom

import (
	"fmt"
	"strings"

	"tablekeeper/automa"
)

// The line of sight an adversary attacks along (§8.5): every valid line to
// the target, grouped by what it passes, and the group the rules prefer.

func (w *world) blockerName(s int) string {
	if f := w.occ[s]; f != nil {
		return f.Name + " on " + w.label(s)
	}
	if w.b.sp[s].Object == ObjIndestructible {
		return "indestructible object on " + w.label(s)
	}
	return "object on " + w.label(s)
}

// blocker: a figure (not Invisible) or a blocking object on s (§2.7).
func (w *world) blocker(s int) bool {
	if f := w.occ[s]; f != nil && !f.Conds.Has(Invisible) {
		return true
	}
	return w.b.blockingObject(s)
}

// chooseLine is the adversary's line of sight choice (§8.5, RB p.27): the
// lines grouped by the figures and objects they pass; fewest of those, then
// fewest allies, then fewest indestructible objects, then the Decision die
// on the centroid of each group's blockers. It returns one line of the
// chosen group and its blockers in order along the line (a tie in order is
// settled by the Decision die, §2.7).
func (w *world) chooseLine(a *fig, T target, tr *automa.Trace) (*losLine, []int) {
	lines := w.b.lines(a.Pos, T.pos())
	if len(lines) == 0 {
		return nil, nil
	}
	type group struct {
		key                      string
		line                     *losLine
		order                    [][]int
		count, allies, indestruc int
		set                      []int
	}
	var groups []*group
	seen := map[string]*group{}
	for i := range lines {
		l := &lines[i]
		var order [][]int
		var set []int
		for _, grp := range l.Crossed {
			var bs []int
			for _, s := range grp {
				if w.blocker(s) {
					bs = append(bs, s)
				}
			}
			if len(bs) > 0 {
				order = append(order, bs)
				set = append(set, bs...)
			}
		}
		key := fmt.Sprint(sortedInts(set))
		if seen[key] != nil {
			continue
		}
		g := &group{key: key, line: l, order: order, set: set}
		for _, s := range set {
			if !w.opts.countAdjacent() && w.b.rng(a.Pos, s) == 1 {
				continue
			}
			g.count++
			if f := w.occ[s]; f != nil && f != a && !w.enemies(a, f) {
				g.allies++
			}
			if f := w.occ[s]; f == nil && w.b.sp[s].Object == ObjIndestructible {
				g.indestruc++
			}
		}
		seen[key] = g
		groups = append(groups, g)
	}
	names := func(g *group) string {
		var n []string
		for _, s := range g.set {
			n = append(n, w.blockerName(s))
		}
		if len(n) == 0 {
			return "a clear line"
		}
		return strings.Join(n, ", ")
	}
	ways := "in 1 way"
	if len(lines) > 1 {
		ways = fmt.Sprintf("in %d ways", len(lines))
	}
	passing := "all passing the same figures and objects"
	switch {
	case len(groups) == 1 && len(groups[0].set) == 0:
		passing = "all clear"
	case len(lines) == 1:
		passing = "passing " + names(groups[0])
	}
	if len(groups) > 1 {
		passing = fmt.Sprintf("which pass %d different sets of figures and objects", len(groups))
	}
	st := tr.Add(ruleLoS, "%s can draw its line of sight to %s %s, %s", a.Name, w.tname(T), ways, passing)
	for _, crit := range []struct {
		name  string
		score func(*group) int
	}{
		{"line of sight 1: fewest objects and figures", func(g *group) int { return g.count }},
		{"line of sight 2: fewest allies", func(g *group) int { return g.allies }},
		{"line of sight 3: fewest indestructible objects", func(g *group) int { return g.indestruc }},
	} {
		if len(groups) < 2 {
			break
		}
		best := inf
		for _, g := range groups {
			best = min(best, crit.score(g))
		}
		s := tr.Add(ruleLoS, "%s", crit.name)
		var next []*group
		for _, g := range groups {
			c := automa.Candidate{Name: names(g), Facts: map[string]any{"blockers": g.count, "allies": g.allies, "indestructible": g.indestruc,
				"vertices": vertexNames[g.line.FromVertex] + " → " + vertexNames[g.line.ToVertex]}}
			if crit.score(g) == best {
				next = append(next, g)
				s.Kept = append(s.Kept, c)
			} else {
				c.Reason = "passes more"
				s.Dropped = append(s.Dropped, c)
			}
		}
		if len(next) < len(groups) {
			s.TieBreak = crit.name
		}
		groups = next
	}
	_ = st
	g := groups[0]
	if len(groups) > 1 {
		ps := make([]Pickable, len(groups))
		for i, gr := range groups {
			ps[i] = w.centroid(names(gr), gr.set)
		}
		g = groups[DecisionPick(ps, w.face, tr, "the line of sight (by the centre of what it passes)")]
	}
	var order []int
	for _, grp := range g.order {
		if len(grp) > 1 {
			ps := make([]Pickable, len(grp))
			for i, s := range grp {
				ps[i] = w.pickSpace(s)
				ps[i].Name = w.blockerName(s)
			}
			first := DecisionPick(ps, w.face, tr, "which of two blockers side by side on the line is rolled for first (§2.7)")
			order = append(order, grp[first])
			for i, s := range grp {
				if i != first {
					order = append(order, s)
				}
			}
			continue
		}
		order = append(order, grp...)
	}
	res := tr.Add(ruleLoS, "line of sight used")
	passes := "a clear line"
	if len(g.set) > 0 {
		passes = "passing " + names(g)
	}
	res.Result = fmt.Sprintf("%s %s → %s %s, %s", w.label(a.Pos), vertexNames[g.line.FromVertex], w.label(T.pos()), vertexNames[g.line.ToVertex], passes)
	return g.line, order
}

func sortedInts(s []int) []int {
	out := append([]int(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
