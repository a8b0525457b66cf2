package phantom

import (
	"fmt"
	"strings"

	"tablekeeper/automa"
)

// An adversary's actions other than moving and attacking: direct damage,
// conditions, heals and what it grants its allies.

// damageAction deals direct damage: to every adjacent figure (or enemy), or
// to the primary target.
func (ts *turnState) damageAction(card string, x *Action) error {
	w, a := ts.w, ts.a
	label := fmt.Sprintf("damage %d", x.Value)
	var victims []*fig
	switch x.Area {
	case "adjacentFigures", "adjacentEnemies":
		for _, f := range w.figs {
			if f != a && f.onMap() && w.b.rng(a.Pos, f.Pos) == 1 && !f.Conds.Has(Invisible) &&
				(x.Area == "adjacentFigures" || w.enemies(a, f)) {
				victims = append(victims, f)
			}
		}
	default:
		ts.refreshTarget(0)
		if !w.canReach(a, ts.P, w.actionRange(a, x)) || ts.P.f == nil {
			ts.note(card, label, "skipped: the primary target is out of reach")
			return nil
		}
		victims = []*fig{ts.P.f}
	}
	var parts []string
	var stop error
	for _, f := range victims {
		parts = append(parts, w.damage(f, x.Value, a.Name+"'s "+label))
		if f.onMap() && stop == nil {
			var list []string
			for _, c := range x.Inflict {
				if _, err := ParseCond(c); err == nil {
					list = append(list, c)
				}
			}
			got, err := ts.inflictAll(f, list)
			parts = append(parts, got...)
			stop = err
		}
	}
	if len(victims) == 0 {
		parts = append(parts, "nobody in reach")
	}
	ts.note(card, label, strings.Join(parts, "; "))
	ts.tr.Add(ruleTurn, "%s: %s", label, x.Area).Result = strings.Join(parts, "; ")
	return stop
}

// conditionOnTarget gives a condition to the primary target.
func (ts *turnState) conditionOnTarget(card string, x *Action) {
	w, a := ts.w, ts.a
	ts.refreshTarget(0)
	if ts.P.f == nil || !w.canReach(a, ts.P, w.actionRange(a, x)) {
		ts.note(card, "condition "+x.Condition, "skipped: the primary target is out of reach")
		return
	}
	cond, err := ParseCond(x.Condition)
	if err != nil {
		ts.note(card, "condition", "players resolve: "+x.Text)
		return
	}
	ts.note(card, "condition "+string(cond), ts.P.f.Name+": "+w.inflict(ts.P.f, cond, false))
}

// allyCandidates: a itself (when allowed) and its allies within range r
// (Range, no line of sight needed, A-26).
func (ts *turnState) allyCandidates(r int, self bool) []*fig {
	w, a := ts.w, ts.a
	var out []*fig
	if self {
		out = append(out, a)
	}
	for _, f := range w.figs {
		if f != a && f.onMap() && !w.enemies(a, f) && f.adversary() == a.adversary() && !f.Conds.Has(Invisible) && w.b.rng(a.Pos, f.Pos) <= r {
			out = append(out, f)
		}
	}
	return out
}

func (w *world) maxHP(f *fig) int {
	if f.MaxHP > 0 {
		return f.MaxHP
	}
	switch f.Side {
	case SideBoss:
		return w.bosses[f.Type].HP[column(w.chars)]
	case SideAdversary:
		if t := w.types[f.Type]; t != nil {
			return t.HP
		}
	}
	return f.HP
}

// heal (§8.11, §8.14): the candidate with the most damage taken; ties by
// the Decision die; nobody hurt → no effect. Adversaries have no bandages.
func (ts *turnState) heal(card string, x *Action) {
	w, a, tr := ts.w, ts.a, ts.tr
	amount := x.Value
	if x.PerCharacter {
		amount *= w.chars
	}
	r := 1
	if x.Range != nil {
		r = *x.Range
	}
	label := fmt.Sprintf("heal %d", amount)
	var cands []*fig
	if x.SelfOnly {
		cands = []*fig{a}
	} else {
		cands = ts.allyCandidates(r, true)
	}
	st := tr.Add(ruleAllies, "Heal %d: the figure in range %d with the most damage taken", amount, r)
	best := 0
	for _, f := range cands {
		best = max(best, w.maxHP(f)-f.HP)
	}
	var kept []*fig
	for _, f := range cands {
		c := automa.Candidate{Name: f.Name, Facts: map[string]any{"damage": w.maxHP(f) - f.HP, "hp": f.HP, "maxHp": w.maxHP(f)}}
		if best > 0 && w.maxHP(f)-f.HP == best {
			kept = append(kept, f)
			st.Kept = append(st.Kept, c)
		} else {
			c.Reason = "less damage taken"
			st.Dropped = append(st.Dropped, c)
		}
	}
	if len(kept) == 0 {
		st.Result = "nobody is damaged: no effect"
		ts.note(card, label, "no effect: nobody in range is damaged")
		return
	}
	f := w.pickAmong(kept, tr, "who is healed (A-26)")
	before := f.HP
	f.HP = min(w.maxHP(f), f.HP+amount)
	msg := fmt.Sprintf("%s healed %d → %d", f.Name, before, f.HP)
	tr.Add(ruleAllies, "heal").Result = msg
	ts.events = append(ts.events, Event{Card: card, Action: label, Target: f.Name, Note: msg})
}

// grant gives a beneficial condition (§8.11): to a itself when allowed and
// it lacks it, else the closest ally in range without it; ties by the die.
func (ts *turnState) grant(card string, x *Action) {
	w, a, tr := ts.w, ts.a, ts.tr
	cond, err := ParseCond(x.Condition)
	if err != nil {
		ts.note(card, "condition", "players resolve: "+x.Text)
		return
	}
	label := "give " + string(cond)
	st := tr.Add(ruleAllies, "%s: itself if allowed and without it, else the closest ally without it", label)
	if x.SelfOnly || (x.CanTargetSelf && !a.Conds.Has(cond)) {
		st.Result = a.Name
		ts.events = append(ts.events, Event{Card: card, Action: label, Target: a.Name, Note: w.inflict(a, cond, true)})
		return
	}
	r := 1
	if x.Range != nil {
		r = *x.Range
	}
	best := inf
	var kept []*fig
	for _, f := range ts.allyCandidates(r, false) {
		c := automa.Candidate{Name: f.Name, Facts: map[string]any{"range": w.b.rng(a.Pos, f.Pos)}}
		if f.Conds.Has(cond) {
			c.Reason = "already has it"
			st.Dropped = append(st.Dropped, c)
			continue
		}
		st.Kept = append(st.Kept, c)
		d := w.b.rng(a.Pos, f.Pos)
		if d < best {
			best, kept = d, nil
		}
		if d == best {
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		st.Result = "no ally in range without it: no effect"
		ts.note(card, label, "no effect")
		return
	}
	f := w.pickAmong(kept, tr, "which ally gets "+string(cond))
	tr.Add(ruleAllies, "%s goes to %s", cond, f.Name).Result = f.Name
	ts.events = append(ts.events, Event{Card: card, Action: label, Target: f.Name, Note: w.inflict(f, cond, false)})
}

// removeCondition takes a condition off the adversary itself ("detrimental"
// removes them all).
func (ts *turnState) removeCondition(card string, x *Action) {
	a := ts.a
	var gone []string
	for c := range a.Conds {
		if strings.EqualFold(x.Condition, "detrimental") && c.Detrimental() || strings.EqualFold(x.Condition, string(c)) {
			delete(a.Conds, c)
			gone = append(gone, string(c))
		}
	}
	ts.note(card, "remove "+x.Condition, "removed: "+strings.Join(gone, ", "))
}

// pickAmong is the one figure of kept an effect goes to: the only one, or
// the one the Decision die picks among those tied (what names the choice
// in the trace).
func (w *world) pickAmong(kept []*fig, tr *automa.Trace, what string) *fig {
	if len(kept) == 1 {
		return kept[0]
	}
	ps := make([]Pickable, len(kept))
	for i, k := range kept {
		ps[i] = w.pickFig(k)
	}
	return kept[DecisionPick(ps, w.face, tr, what)]
}
