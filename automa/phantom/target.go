package phantom

import (
	"fmt"

	"tablekeeper/automa"
)

const (
	ruleTarget = "phantom-epoch §8.6 (RB p.27)"
	ruleLeapCx = "phantom-epoch §8.6.5 (RB p.27, p.56 Fig. 43)"
)

// target is a primary target: an enemy figure or a destructible object's
// space; the zero value with obj -1 and no figure is "no target".
type target struct {
	f   *fig
	obj int
}

var noTarget = target{obj: -1}

func figTarget(f *fig) target { return target{f: f, obj: -1} }

func (t target) none() bool { return t.f == nil && t.obj < 0 }

func (t target) pos() int {
	if t.f != nil {
		return t.f.Pos
	}
	return t.obj
}

func (w *world) tname(t target) string {
	switch {
	case t.f != nil:
		return t.f.Name
	case t.obj >= 0:
		return "object on " + w.label(t.obj)
	}
	return "none"
}

// available: the target is still there to aim at (§8.4: defeated,
// destroyed or Invisible targets are replaced at once).
func (w *world) available(t target) bool {
	switch {
	case t.f != nil:
		return t.f.onMap() && !t.f.Conds.Has(Invisible)
	case t.obj >= 0:
		return w.b.destructibleStanding(t.obj)
	}
	return false
}

// attackSpaces: the spaces from which a can attack the thing on tpos with
// range r (§8.6 definitions): spaces it could end a Move on (its own,
// empty ones and hazards; not ones with another figure), at Range 1..r,
// with line of sight unless adjacent. Without hazOK hazard spaces are left
// out. With openObjects destructible objects count as if destroyed (the
// object criterion, §8.6 step 3).
func (w *world) attackSpaces(a *fig, tpos, r int, hazOK, openObjects bool) []int {
	// The list is made in the scratch's (ints), read-only once made.
	sc := w.scratch()
	start := len(sc.ints)
	d := w.b.rangeRow(tpos)
	for s := range w.b.sp {
		if d[s] < 1 || int(d[s]) > r {
			continue
		}
		ok := w.standable(s, a, hazOK)
		if !ok && openObjects && w.b.destructibleStanding(s) && w.occ[s] == nil && (hazOK || !w.b.hazard(s)) {
			ok = true
		}
		if !ok {
			continue
		}
		if d[s] > 1 && !w.b.los(s, tpos) {
			continue
		}
		sc.ints = append(sc.ints, s)
	}
	return sc.done(start)
}

// targetCosts is TargetCost of §8.6 for one adversary where it stands, to
// each of sets: the least MP to reach a space of the set, with at most one
// Leap of leap steps first (leap 0: none). One forward sweep (reachFrom)
// serves every enemy and object weighed; a world with referenceSearch set
// answers each set with its own reverse search instead (targetCost), as
// the engine once did.
func (w *world) targetCosts(a *fig, leap int, hazOK bool, sets ...[]int) []int {
	if !w.referenceSearch {
		return w.reachFrom(a, leap, hazOK, sets, false)
	}
	out := make([]int, len(sets))
	for k, as := range sets {
		out[k] = w.targetCost(a, as, leap, hazOK)
	}
	return out
}

// targetCostsBoth is targetCosts through hazards to each of setsH and
// without them to each of setsNH, as a target decision weighs its enemies
// or objects (fewest MP counted through hazards, then hazard-free as the
// first tie-breaker). The second sweep starts from what the first found
// about the spaces a may enter: without hazards that is the same but for
// the hazard spaces, which close, and nothing changes between the two.
func (w *world) targetCostsBoth(a *fig, leap int, setsH, setsNH [][]int) (costH, costNH []int) {
	if w.referenceSearch {
		return w.targetCosts(a, leap, true, setsH...), w.targetCosts(a, leap, false, setsNH...)
	}
	return w.reachFrom(a, leap, true, setsH, false), w.reachFrom(a, leap, false, setsNH, true)
}

// attackSets are the spaces an adversary can attack things from with its
// base range (attackSpaces, objects standing), through hazards and not,
// worked out once per thing for one decision step: the target criteria ask
// about each enemy up to three times, and every answer costs a line of
// sight from each space in range.
type attackSets struct {
	w    *world
	a    *fig
	r    int
	memo map[int][2][]int
}

func (w *world) attackSets(a *fig, r int) *attackSets {
	return &attackSets{w: w, a: a, r: r, memo: map[int][2][]int{}}
}

// of gives the spaces to attack the thing on tpos from, through hazards
// and not. Those without are those with less every hazard space but a's
// own, which a may always stay on (standable).
func (as *attackSets) of(tpos int) (hz, noHz []int) {
	w, a := as.w, as.a
	if w.referenceSearch {
		return w.attackSpaces(a, tpos, as.r, true, false), w.attackSpaces(a, tpos, as.r, false, false)
	}
	if m, ok := as.memo[tpos]; ok {
		return m[0], m[1]
	}
	hz = w.attackSpaces(a, tpos, as.r, true, false)
	sc := w.scratch()
	start := len(sc.ints)
	for _, s := range hz {
		if s == a.Pos || !w.b.hazard(s) {
			sc.ints = append(sc.ints, s)
		}
	}
	noHz = sc.done(start)
	as.memo[tpos] = [2][]int{hz, noHz}
	return hz, noHz
}

// targetCost is TargetCost of §8.6 for one goal set by a reverse search
// from it: the least MP to reach a space of as, with at most one Leap of
// leap steps first (leap 0: none). It is the reference the property test
// holds targetCosts to.
func (w *world) targetCost(a *fig, as []int, leap int, hazOK bool) int {
	if len(as) == 0 {
		return inf
	}
	g := w.moveTo(a, as, hazOK, nil)
	best := g[a.Pos]
	if leap > 0 {
		d, _ := w.leapFrom(a.Pos)
		for e := range d {
			if d[e] > 0 && d[e] <= leap && g[e] < inf && w.standable(e, a, hazOK) {
				best = min(best, d[e]+g[e])
			}
		}
	}
	return best
}

func mpFact(n int) any {
	if n >= inf {
		return "unreachable"
	}
	return n
}

// primaryTarget is DeterminePrimaryTarget of §8.6 (RB p.27): leap is the
// value of the Leap the current movement may use (0: none, §8.6.5); reach
// the range the first criterion counts (world.reach: its actions' range;
// at least the base range); absent lists figures to treat as gone
// (targets already attacked by a "Target N" attack, §8.10). The other
// criteria are about moving, so they count the base range (RB p.28
// footnote).
func (w *world) primaryTarget(a *fig, leap, reach int, absent map[*fig]bool, tr *automa.Trace) target {
	R := w.baseRange(a)
	reach = max(reach, R)
	// Step 0: enemies on the map, not Invisible, with a space to attack from.
	st := tr.Add(ruleTarget, "%s looks for its primary target (base range %d%s%s)", a.Name, R, reachNote(R, reach), leapNote(leap))
	var E []*fig
	sets := w.attackSets(a, R)
	for _, f := range w.figs {
		if !f.onMap() || !w.enemies(a, f) || absent[f] {
			continue
		}
		c := automa.Candidate{Name: f.Name, Facts: map[string]any{"colour": string(f.Colour), "range": mpFact(w.b.rng(a.Pos, f.Pos))}}
		if f.Conds.Has(Invisible) {
			c.Reason = "Invisible: ignored"
			st.Dropped = append(st.Dropped, c)
			continue
		}
		if hz, _ := sets.of(f.Pos); len(hz) == 0 && !w.inReach(a, f, reach) {
			c.Reason = "no unoccupied space to attack it from: ignored"
			st.Dropped = append(st.Dropped, c)
			continue
		}
		st.Kept = append(st.Kept, c)
		E = append(E, f)
	}
	// §8.13 override.
	if w.override != "" {
		for _, f := range E {
			if f.Name == w.override {
				s := tr.Add("phantom-epoch §8.13 (RB p.27, p.50 Fig. 36)", "the mission or a card names %s as every adversary's primary target", f.Name)
				s.Result = f.Name
				return figTarget(f)
			}
		}
		tr.Add("phantom-epoch §8.13 (A-27)", "the named primary target %s is not available: normal targeting", w.override)
	}
	// Step 1: enemies already in range and line of sight; the closest.
	if t, ok := w.closestInRange(a, E, reach, tr); ok {
		return figTarget(t)
	}
	// Step 2: fewest MP to be in range and line of sight (through hazards).
	s2 := tr.Add(ruleTarget, "no enemy in range and line of sight: the enemy needing the fewest MP (counted through hazards) to attack")
	type cc struct {
		f      *fig
		mp, nh int
	}
	costs := make([]cc, 0, len(E))
	best := inf
	setsH, setsNH := make([][]int, len(E)), make([][]int, len(E))
	for i, f := range E {
		setsH[i], setsNH[i] = sets.of(f.Pos)
	}
	costH, costNH := w.targetCostsBoth(a, leap, setsH, setsNH)
	for i, f := range E {
		costs = append(costs, cc{f, costH[i], costNH[i]})
		best = min(best, costH[i])
	}
	if best < inf {
		var kept []cc
		for _, c := range costs {
			cand := automa.Candidate{Name: c.f.Name, Facts: map[string]any{"mp": mpFact(c.mp), "mpWithoutHazards": mpFact(c.nh), "colour": string(c.f.Colour)}}
			if c.mp == best {
				kept = append(kept, c)
				s2.Kept = append(s2.Kept, cand)
			} else {
				cand.Reason = fmt.Sprintf("needs more MP than %d", best)
				s2.Dropped = append(s2.Dropped, cand)
			}
		}
		s2.Result = fmt.Sprintf("fewest MP: %d", best)
		if len(kept) > 1 {
			const tb1 = "tie-breaker 1: hazard-free, an enemy that needs no hazard to be in range to attack"
			tb := tr.Add(ruleTarget, tb1)
			var nh []cc
			for _, c := range kept {
				if c.nh == c.mp {
					nh = append(nh, c)
				}
			}
			if len(nh) > 0 && len(nh) < len(kept) {
				for _, c := range kept {
					cand := automa.Candidate{Name: c.f.Name, Facts: map[string]any{"mp": c.mp, "mpWithoutHazards": mpFact(c.nh)}}
					if c.nh == c.mp {
						tb.Kept = append(tb.Kept, cand)
					} else {
						cand.Reason = "needs a hazard for that MP"
						tb.Dropped = append(tb.Dropped, cand)
					}
				}
				tb.TieBreak = tb1
				kept = nh
			} else {
				tb.Result = "does not separate them"
			}
		}
		t := kept[0].f
		if len(kept) > 1 {
			cands := make([]Pickable, len(kept))
			for i, c := range kept {
				cands[i] = w.pickFig(c.f)
			}
			t = kept[DecisionPick(cands, w.face, tr, "the primary target")].f
		}
		tr.Add(ruleTarget, "%s's primary target", a.Name).Result = t.Name
		return figTarget(t)
	}
	s2.Result = "no enemy can be reached"
	// Step 3: the first destructible object on a path through the fewest objects.
	if o, ok := w.objectTarget(a, E, R, leap, tr); ok {
		return target{obj: o}
	}
	// Step 4.
	tr.Add(ruleTarget, "no enemy and no object blocking a path to one: %s has no primary target and skips movement and every action that needs one", a.Name).Result = "none"
	return noTarget
}

func reachNote(base, reach int) string {
	if reach > base {
		return fmt.Sprintf("; its action reaches %d", reach)
	}
	return ""
}

// inReach: f is within range r and line of sight of where a stands.
func (w *world) inReach(a, f *fig, r int) bool {
	d := w.b.rng(a.Pos, f.Pos)
	return d >= 1 && d <= r && (d == 1 || w.b.los(a.Pos, f.Pos))
}

func leapNote(leap int) string {
	if leap > 0 {
		return fmt.Sprintf(", counting its Leap %d", leap)
	}
	return ""
}

// closestInRange is §8.6 step 1: among enemies in range and line of sight
// from where a stands, the smallest Range; ties by the Decision die.
func (w *world) closestInRange(a *fig, E []*fig, R int, tr *automa.Trace) (*fig, bool) {
	st := tr.Add(ruleTarget, "criterion 1: closest enemy in range (%d) and line of sight", R)
	var in []*fig
	best := inf
	for _, f := range E {
		d := w.b.rng(a.Pos, f.Pos)
		c := automa.Candidate{Name: f.Name, Facts: map[string]any{"range": mpFact(d), "colour": string(f.Colour)}}
		if d > R || (d > 1 && !w.b.los(a.Pos, f.Pos)) {
			if d > R {
				c.Reason = "out of range"
			} else {
				c.Reason = "no line of sight"
			}
			st.Dropped = append(st.Dropped, c)
			continue
		}
		in = append(in, f)
		best = min(best, d)
		st.Kept = append(st.Kept, c)
	}
	if len(in) == 0 {
		st.Result = "none in range and line of sight"
		return nil, false
	}
	var kept []*fig
	for i := 0; i < len(st.Kept); i++ {
		if st.Kept[i].Facts["range"] == best {
			kept = append(kept, w.fig(st.Kept[i].Name))
		} else {
			c := st.Kept[i]
			c.Reason = fmt.Sprintf("farther than range %d", best)
			st.Dropped = append(st.Dropped, c)
			st.Kept = append(st.Kept[:i], st.Kept[i+1:]...)
			i--
		}
	}
	st.Result = fmt.Sprintf("closest at range %d", best)
	t := kept[0]
	if len(kept) > 1 {
		cands := make([]Pickable, len(kept))
		for i, f := range kept {
			cands[i] = w.pickFig(f)
		}
		t = kept[DecisionPick(cands, w.face, tr, "the primary target")]
	}
	tr.Add(ruleTarget, "%s's primary target", a.Name).Result = t.Name
	return t, true
}

// objectTarget is §8.6 step 3: when no enemy can be reached, the first
// destructible object on a path, through as few destructible objects as
// possible, to a space from which an enemy could be attacked.
func (w *world) objectTarget(a *fig, E []*fig, R, leap int, tr *automa.Trace) (int, bool) {
	st := tr.Add(ruleTarget, "criterion 3: the first destructible object blocking a path to a space in range of an enemy, on a path through the fewest objects")
	n := len(w.b.sp)
	isObj := func(s int) bool { return w.b.destructibleStanding(s) && w.occ[s] == nil }
	// Goals: spaces from which an enemy could be attacked once objects on
	// the way are destroyed.
	goal := make([]bool, n)
	var goals []int
	for _, f := range E {
		for _, s := range w.attackSpaces(a, f.Pos, R, true, true) {
			if !goal[s] {
				goal[s] = true
				goals = append(goals, s)
			}
		}
	}
	// back[s]: fewest objects, then fewest MP, from s to a goal (spaces
	// entered after s; an object space costs 2 MP as if destroyed).
	type oc struct{ objs, mp int }
	back := make([]oc, n)
	for i := range back {
		back[i] = oc{inf, inf}
	}
	lessOC := func(x, y oc) bool { return x.objs < y.objs || (x.objs == y.objs && x.mp < y.mp) }
	h := &pq{}
	for _, s := range goals {
		back[s] = oc{}
		h.push(s, cost{})
	}
	for h.Len() > 0 {
		it := popItem(h)
		v := it.s
		cur := oc{it.c.mp, it.c.haz} // objs in mp slot, MP in haz slot (lexicographic)
		if lessOC(back[v], cur) {
			continue
		}
		step := oc{cur.objs, cur.mp + w.b.moveCost(v)}
		if isObj(v) {
			step = oc{cur.objs + 1, cur.mp + 2}
		} else if !w.canEnterMove(v, a, true) {
			continue
		}
		for _, u := range w.b.nb[v] {
			if lessOC(step, back[u]) {
				back[u] = step
				h.push(u, cost{mp: step.objs, haz: step.mp})
			}
		}
	}
	// Spaces reached from a's space without passing any object.
	d0, _ := w.moveFrom(a, a.Pos, true)
	type objC struct {
		s, objs, mp int
	}
	var firsts []objC
	k := inf
	for s := range w.b.sp {
		if !isObj(s) || back[s].objs >= inf {
			continue
		}
		bestMP := inf
		for _, u := range w.b.nb[s] {
			if d0[u].mp < inf {
				bestMP = min(bestMP, d0[u].mp+2+back[s].mp)
			}
		}
		if bestMP >= inf {
			continue
		}
		o := objC{s, 1 + back[s].objs, bestMP}
		firsts = append(firsts, o)
		k = min(k, o.objs)
	}
	var cand []objC
	for _, o := range firsts {
		c := automa.Candidate{Name: w.tname(target{obj: o.s}), Facts: map[string]any{"objectsOnPath": o.objs, "mpOpened": o.mp, "state": w.b.sp[o.s].ObjState}}
		switch {
		case o.objs > k:
			c.Reason = fmt.Sprintf("its best path passes %d objects, more than %d", o.objs, k)
			st.Dropped = append(st.Dropped, c)
		case len(w.attackSpaces(a, o.s, R, true, false)) == 0:
			c.Reason = "no unoccupied space to attack it from"
			st.Dropped = append(st.Dropped, c)
		default:
			cand = append(cand, o)
			st.Kept = append(st.Kept, c)
		}
	}
	if len(cand) == 0 {
		st.Result = "no such object"
		return -1, false
	}
	st.Result = "paths through " + count(k, "object")
	// TB1 hazard-free, TB2 damaged, TB3 fewest MP once opened, TB4 die.
	costs := map[int][2]int{}
	sets := w.attackSets(a, R)
	setsH, setsNH := make([][]int, len(cand)), make([][]int, len(cand))
	for i, o := range cand {
		setsH[i], setsNH[i] = sets.of(o.s)
	}
	costH, costNH := w.targetCostsBoth(a, leap, setsH, setsNH)
	for i, o := range cand {
		costs[o.s] = [2]int{costH[i], costNH[i]}
	}
	filter := func(name string, keep func(objC) bool, reason string, facts func(objC) map[string]any) {
		if len(cand) < 2 {
			return
		}
		s := tr.Add(ruleTarget, "%s", name)
		var next []objC
		for _, o := range cand {
			if keep(o) {
				next = append(next, o)
			}
		}
		if len(next) == 0 || len(next) == len(cand) {
			s.Result = "does not separate them"
			return
		}
		for _, o := range cand {
			c := automa.Candidate{Name: w.tname(target{obj: o.s}), Facts: facts(o)}
			if keep(o) {
				s.Kept = append(s.Kept, c)
			} else {
				c.Reason = reason
				s.Dropped = append(s.Dropped, c)
			}
		}
		s.TieBreak = name
		s.Result = count(len(next), "object") + " left"
		cand = next
	}
	filter("tie-breaker 1: hazard-free, an object that needs no hazard to be in range to attack", func(o objC) bool {
		c := costs[o.s]
		return c[1] < inf && c[0] == c[1]
	}, "needs a hazard", func(o objC) map[string]any {
		return map[string]any{"mp": mpFact(costs[o.s][0]), "mpWithoutHazards": mpFact(costs[o.s][1])}
	})
	filter("tie-breaker 2: an object that is damaged", func(o objC) bool { return w.b.sp[o.s].ObjState == StateDamaged },
		"not damaged", func(o objC) map[string]any { return map[string]any{"state": w.b.sp[o.s].ObjState} })
	minMP := inf
	for _, o := range cand {
		minMP = min(minMP, o.mp)
	}
	filter("tie-breaker 3: an object that opens the path with the fewest MP", func(o objC) bool { return o.mp == minMP },
		"its opened path needs more MP", func(o objC) map[string]any { return map[string]any{"mpOpened": o.mp} })
	chosen := cand[0].s
	if len(cand) > 1 {
		ps := make([]Pickable, len(cand))
		for i, o := range cand {
			ps[i] = w.pickSpace(o.s)
			ps[i].Name = w.tname(target{obj: o.s})
		}
		chosen = cand[DecisionPick(ps, w.face, tr, "the object")].s
	}
	tr.Add(ruleTarget, "%s's primary target", a.Name).Result = w.tname(target{obj: chosen})
	return chosen, true
}

func popItem(h *pq) pqItem { return heapPop(h) }
