package phantom

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa"
)

const (
	ruleMove     = "phantom-epoch §8.7 (RB p.28)"
	ruleRetreat  = "phantom-epoch §8.8 (RB p.29)"
	ruleTeleport = "phantom-epoch §8.8 (RB p.29)"
)

// Movement is one movement an adversary made (or chose not to make).
type Movement struct {
	Kind  string   `json:"kind"` // move, leap, convertedMove, retreat, teleport
	MP    int      `json:"mp"`
	From  string   `json:"from"`
	To    string   `json:"to"`
	Path  []string `json:"path,omitempty"`
	Spent int      `json:"spent"`
	// Effects are what entering spaces did (hazards).
	Effects []string `json:"effects,omitempty"`
}

// endKey holds the §8.7 step 6 keys of one candidate end space.
type endKey struct {
	s       int
	future  int  // K1: MP still needed to reach an attack space
	rng     int  // Range to P
	inAS    bool // g = 0
	hazard  bool // K3
	enemies int  // K4
	mp      int  // K5
}

func (k endKey) facts() map[string]any {
	return map[string]any{"futureMP": mpFact(k.future), "range": mpFact(k.rng), "hazard": k.hazard, "enemiesInRange": k.enemies, "mp": k.mp}
}

// endKeys computes the keys of §8.7 step 5–6 for the candidate spaces. as
// lists the attack spaces in space order (attackSpaces), so whether a
// candidate is one is a binary search, with no set built per Move.
func (w *world) endKeys(a *fig, P target, C []int, mpOf func(int) int, as []int, hazOK bool) []endKey {
	R := w.baseRange(a)
	g := w.moveTo(a, as, hazOK, C)
	keys := make([]endKey, len(C))
	for i, s := range C {
		// Ranges are read from the target's and each enemy's row, never the
		// candidate's: Range is symmetric (§2.2, a chain of adjacent
		// spaces), and a row per candidate made a long move on a large map
		// cost time and memory in the square of its spaces.
		k := endKey{s: s, rng: w.b.rng(P.pos(), s), hazard: w.b.hazard(s), mp: mpOf(s)}
		if _, in := slices.BinarySearch(as, s); in {
			k.inAS = true
		} else {
			k.future = g[s]
		}
		for _, f := range w.figs {
			if !f.onMap() || f == P.f || f == a || f.Conds.Has(Invisible) || !w.enemies(a, f) {
				continue
			}
			d := w.b.rng(f.Pos, s)
			if d <= R && (d == 1 || w.b.los(s, f.Pos)) {
				k.enemies++
			}
		}
		keys[i] = k
	}
	return keys
}

// chooseEnd applies §8.7 step 6: K1 least future MP, K2 nearest to maximum
// range among attack spaces, K3 hazard-free, K4 most other enemies in
// range and line of sight, K5 fewest MP, then the Decision die.
func (w *world) chooseEnd(a *fig, keys []endKey, tr *automa.Trace, rule string) endKey {
	R := w.baseRange(a)
	type crit struct {
		name   string
		score  func(endKey) int // lower is better
		reason string
	}
	crits := []crit{
		{"as close as possible to a space the primary target can be attacked from", func(k endKey) int { return k.future }, "needs more MP afterwards to attack"},
		{fmt.Sprintf("as close as possible to maximum range (%d)", R), func(k endKey) int {
			if k.inAS {
				return R - k.rng
			}
			return 0
		}, "farther from maximum range"},
		{"tie-breaker 1: hazard-free", func(k endKey) int {
			if k.hazard {
				return 1
			}
			return 0
		}, "a hazard space"},
		{"tie-breaker 2: most other enemies in range and line of sight", func(k endKey) int { return -k.enemies }, "fewer other enemies in range"},
		{"tie-breaker 3: closest (fewest MP)", func(k endKey) int { return k.mp }, "needs more MP"},
	}
	for i, c := range crits {
		if len(keys) < 2 {
			break
		}
		best := inf
		for _, k := range keys {
			best = min(best, c.score(k))
		}
		st := tr.Add(rule, "%s", c.name)
		var next []endKey
		for _, k := range keys {
			cand := automa.Candidate{Name: w.label(k.s), Facts: k.facts()}
			if c.score(k) == best {
				next = append(next, k)
				st.Kept = append(st.Kept, cand)
			} else {
				cand.Reason = c.reason
				st.Dropped = append(st.Dropped, cand)
			}
		}
		if len(next) < len(keys) && i >= 2 {
			st.TieBreak = c.name
		}
		if len(next) == len(keys) {
			st.Result = "does not separate them"
		} else {
			st.Result = count(len(next), "space") + " left"
		}
		keys = next
	}
	if len(keys) > 1 {
		ps := make([]Pickable, len(keys))
		for i, k := range keys {
			ps[i] = w.pickSpace(k.s)
		}
		return keys[DecisionPick(ps, w.face, tr, "the end space")]
	}
	return keys[0]
}

// actionWords is a movement as a card prints it: "Move 3", "Leap 2".
func actionWords(kind string, mp int) string {
	switch kind {
	case "leap":
		return fmt.Sprintf("Leap %d", mp)
	case "retreat":
		return fmt.Sprintf("Retreat %d", mp)
	case "convertedMove":
		return fmt.Sprintf("Move %d (a card converted to movement)", mp)
	}
	return fmt.Sprintf("Move %d", mp)
}

// count writes a number with its noun: "1 space", "3 spaces".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// move is one Move, Leap or converted Move of m MP toward P (§8.7), each
// resolved on its own. It moves the figure and applies what it enters.
func (w *world) move(a *fig, m int, kind string, P target, tr *automa.Trace) Movement {
	mv := Movement{Kind: kind, MP: m, From: w.label(a.Pos), To: w.label(a.Pos)}
	if P.none() {
		tr.Add(ruleMove, "%s has no primary target: it stays where it is", a.Name).Result = "stay on " + mv.From
		return mv
	}
	R := w.baseRange(a)
	if w.objectInReach(a, P) {
		tr.Add(ruleMove, "the primary target is an object in range and line of sight: %s stays", a.Name).Result = "stay on " + mv.From
		return mv
	}
	leap := kind == "leap"
	// Hazard permission (step 3).
	var dH, dNH []cost
	var prevH, prevNH []int
	var dl, prevL []int
	mpH := func(s int) int { return dH[s].mp }
	mpNH := func(s int) int { return dNH[s].mp }
	if leap {
		dl, prevL = w.leapFrom(a.Pos)
		mpH = func(s int) int { return dl[s] }
		mpNH = mpH
	} else {
		// Only spaces within m MP are weighed, so the searches stop there.
		dH, prevH = w.moveWithin(a, a.Pos, true, m)
		dNH, prevNH = w.moveWithin(a, a.Pos, false, m)
	}
	var reachH, reachNH []int
	for s := range w.b.sp {
		if s == a.Pos {
			continue
		}
		if mpH(s) <= m && w.standable(s, a, true) {
			reachH = append(reachH, s)
		}
		if mpNH(s) <= m && w.standable(s, a, false) {
			reachNH = append(reachNH, s)
		}
	}
	// The attack spaces without hazards are those with, less the hazard
	// spaces (attackSets.of): one scan of the spaces in range, not two.
	asH, asNH := w.attackSets(a, R).of(P.pos())
	// exact counts the spaces a can end on (its own or one of reach) that
	// are attack spaces at exactly range R. Both lists run in space order,
	// so one pass over the two finds those in both.
	exact := func(reach, as []int) int {
		n, i := 0, 0
		for _, s := range as {
			for i < len(reach) && reach[i] < s {
				i++
			}
			if (s == a.Pos || i < len(reach) && reach[i] == s) && w.b.rng(P.pos(), s) == R {
				n++
			}
		}
		return n
	}
	leapVal := 0
	if leap {
		leapVal = m
	}
	cond1 := w.targetCosts(a, leapVal, false, asNH)[0] >= inf
	exNH, exH := exact(reachNH, asNH), exact(reachH, asH)
	cond2 := exNH == 0 && exH > 0
	hazOK := cond1 || cond2
	st := tr.Add("phantom-epoch §8.7 step 3 (RB p.28)", "%s: may %s enter a hazard space on the way?", actionWords(kind, m), a.Name)
	switch {
	case cond1:
		st.Result = "yes: every way to attack " + w.tname(P) + " is blocked otherwise"
	case cond2:
		st.Result = fmt.Sprintf("yes: only through a hazard can it end at exactly range %d", R)
	default:
		st.Result = "no: hazards count as indestructible objects"
	}
	reach, as, mpOf, prev := reachNH, asNH, mpNH, prevNH
	if hazOK {
		reach, as, mpOf, prev = reachH, asH, mpH, prevH
	}
	if leap {
		prev = prevL
	}
	C := append([]int{a.Pos}, reach...)
	keys := w.endKeys(a, P, C, mpOf, as, hazOK)
	tr.Add(ruleMove, "%s weighs the %s where its %s can end (primary target %s)", a.Name, count(len(C), "space"), actionWords(kind, m), w.tname(P))
	best := w.chooseEnd(a, keys, tr, ruleMove)
	if best.s == a.Pos {
		tr.Add(ruleMove, "%s stays on %s", a.Name, mv.From).Result = "stay on " + mv.From
		return mv
	}
	p := path(prev, best.s)
	mv.Path = w.b.labels(p)
	mv.Spent = mpOf(best.s)
	// a tie left after the rule's three is the rules' silence (it
	// only changes which trap token goes); the lowest (r, q) takes it.
	how := "fewest MP, then fewest hazards entered, then least hazard damage; a tie left after that (the rules leave it open) goes to the path nearest the map's top, then its left"
	if leap {
		how = "fewest steps; a Leap enters only its last space"
	}
	pst := tr.Add("phantom-epoch §8.7 step 7 (RB p.28)", "path of %d MP to %s: %s", mv.Spent, w.label(best.s), how)
	pst.Result = "through " + strings.Join(mv.Path, ", ")
	w.walk(a, p, leap, &mv)
	return mv
}

// objectInReach: P is an object and a can attack it from where it stands
// (§8.7 step 2: then it stays).
func (w *world) objectInReach(a *fig, P target) bool {
	if P.f != nil || P.obj < 0 {
		return false
	}
	for _, s := range w.attackSpaces(a, P.obj, w.baseRange(a), true, false) {
		if s == a.Pos {
			return true
		}
	}
	return false
}

// walk moves a along the path: a Move enters every space, a Leap only the
// last (§2.8); it stops if a is defeated.
func (w *world) walk(a *fig, p []int, leap bool, mv *Movement) {
	if w.occ[a.Pos] == a {
		w.occ[a.Pos] = nil
	}
	for i, s := range p {
		a.Pos = s
		if leap && i < len(p)-1 {
			continue
		}
		if e := w.enter(a, s); e != "" {
			mv.Effects = append(mv.Effects, e)
		}
		if !a.onMap() {
			mv.To = w.label(s) + " (defeated)"
			w.rebuildOcc()
			return
		}
	}
	w.rebuildOcc()
	mv.To = w.label(a.Pos)
}

// retreat is Retreat N (§8.8): as far in Range from P as this Retreat can
// get, then fewest MP, then the Decision die; hazards are never entered
//
func (w *world) retreat(a *fig, n int, P target, tr *automa.Trace) Movement {
	mv := Movement{Kind: "retreat", MP: n, From: w.label(a.Pos), To: w.label(a.Pos)}
	if P.none() {
		tr.Add(ruleRetreat, "%s has no primary target: it does not retreat", a.Name).Result = "stay on " + mv.From
		return mv
	}
	d, prev := w.moveWithin(a, a.Pos, false, n)
	C := []int{a.Pos}
	for s := range w.b.sp {
		if s != a.Pos && d[s].mp <= n && w.standable(s, a, false) {
			C = append(C, s)
		}
	}
	far := -1
	for _, s := range C {
		far = max(far, w.b.rng(P.pos(), s))
	}
	st := tr.Add(ruleRetreat, "Retreat %d: the space farthest in range from %s", n, w.tname(P))
	var keep []int
	for _, s := range C {
		c := automa.Candidate{Name: w.label(s), Facts: map[string]any{"range": mpFact(w.b.rng(P.pos(), s)), "mp": d[s].mp}}
		if w.b.rng(P.pos(), s) == far {
			keep = append(keep, s)
			st.Kept = append(st.Kept, c)
		} else {
			c.Reason = "closer to the primary target"
			st.Dropped = append(st.Dropped, c)
		}
	}
	if len(keep) > 1 {
		st2 := tr.Add(ruleRetreat, "tie-breaker: fewest MP")
		least := inf
		for _, s := range keep {
			least = min(least, d[s].mp)
		}
		var next []int
		for _, s := range keep {
			c := automa.Candidate{Name: w.label(s), Facts: map[string]any{"mp": d[s].mp}}
			if d[s].mp == least {
				next = append(next, s)
				st2.Kept = append(st2.Kept, c)
			} else {
				c.Reason = "needs more MP"
				st2.Dropped = append(st2.Dropped, c)
			}
		}
		if len(next) < len(keep) {
			st2.TieBreak = "fewest MP"
			st2.Result = count(len(next), "space") + " left"
		} else {
			st2.Result = "does not separate them"
		}
		keep = next
	}
	end := keep[0]
	if len(keep) > 1 {
		ps := make([]Pickable, len(keep))
		for i, s := range keep {
			ps[i] = w.pickSpace(s)
		}
		end = keep[DecisionPick(ps, w.face, tr, "the retreat space")]
	}
	if end == a.Pos {
		tr.Add(ruleRetreat, "%s stays on %s", a.Name, mv.From).Result = "stay"
		return mv
	}
	p := path(prev, end)
	mv.Path = w.b.labels(p)
	mv.Spent = d[end].mp
	tr.Add(ruleRetreat, "%s retreats to %s", a.Name, w.label(end)).Result = "through " + strings.Join(mv.Path, ", ")
	w.walk(a, p, false, &mv)
	return mv
}

// teleport (§8.8): any empty space of the same door region, or its own
// space, chosen with the Move keys; "fewest MP" is Range from the start
// . The future MP of K1 counts through hazards, as targeting does.
func (w *world) teleport(a *fig, P target, tr *automa.Trace) Movement {
	mv := Movement{Kind: "teleport", From: w.label(a.Pos), To: w.label(a.Pos)}
	if P.none() {
		tr.Add(ruleTeleport, "%s has no primary target: it does not teleport", a.Name).Result = "stay"
		return mv
	}
	// The Move & Leap flow it follows (RB p.29) starts with its own
	// first rules: an object target in reach means staying.
	if w.objectInReach(a, P) {
		tr.Add(ruleTeleport, "the primary target is an object in range and line of sight: %s stays", a.Name).Result = "stay"
		return mv
	}
	reg := w.b.regions()
	start := a.Pos
	C := []int{start}
	for s := range w.b.sp {
		if s != start && reg[s] == reg[start] && w.standable(s, a, false) {
			C = append(C, s)
		}
	}
	as := w.attackSpaces(a, P.pos(), w.baseRange(a), true, false)
	keys := w.endKeys(a, P, C, func(s int) int { return w.b.rng(start, s) }, as, true)
	tr.Add(ruleTeleport, "Teleport: %s weighs the %s on its side of any closed door", a.Name, count(len(C), "empty space"))
	best := w.chooseEnd(a, keys, tr, ruleTeleport)
	if best.s == start {
		tr.Add(ruleTeleport, "%s stays on %s", a.Name, mv.From).Result = "stay"
		return mv
	}
	w.occ[start] = nil
	a.Pos = best.s
	w.occ[best.s] = a
	mv.To = w.label(best.s)
	mv.Path = []string{mv.To}
	tr.Add(ruleTeleport, "%s teleports to %s", a.Name, mv.To).Result = mv.To
	if e := w.enter(a, best.s); e != "" {
		mv.Effects = append(mv.Effects, e)
	}
	return mv
}
