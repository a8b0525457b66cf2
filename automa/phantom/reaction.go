package phantom

import (
	"errors"
	"fmt"

	"tablekeeper/automa"
)

const ruleReact = "phantom-epoch §4 Vengeful, §8.4 (RB p.26, p.37, p.50)"

// Reaction plays what an adversary does right after an enemy's attack on
// it, outside its own turn: a Vengeful strike back after a melee attack
// (an Attack −1 against the attacker, A-13), then its active round
// effects that trigger on being attacked (a Retreat, say), each with a new
// primary target (§8.4). Vengeful goes first so that both can happen (RB
// p.50, multiple simultaneous effects).
func Reaction(s *Situation, adversary, attacker string, melee bool, r automa.Rand) (Turn, automa.Trace, error) {
	var tr automa.Trace
	w, err := s.world(r, &tr)
	if err != nil {
		return Turn{}, tr, err
	}
	// Its searches' working memory goes back for the next decision.
	defer w.release()
	a, by := w.fig(adversary), w.fig(attacker)
	if a == nil || !a.adversary() {
		return Turn{}, tr, fmt.Errorf("reaction: %q is not an adversary", adversary)
	}
	if by == nil {
		return Turn{}, tr, fmt.Errorf("reaction: no figure is named %q", attacker)
	}
	t := Turn{Adversary: a.Name, Start: w.label(a.Pos), PrimaryTarget: "none"}
	dice := s.dice(r)
	ts := &turnState{w: w, a: a, dice: dice, tr: &tr, P: noTarget}
	stop := func(err error) (Turn, automa.Trace, error) {
		var e errStop
		if errors.As(err, &e) {
			t.Stopped, t.Made, t.Ask = e.why, dice.result(w.choices), w.ask
			t.Events, t.End, t.Figures = ts.events, w.label(a.Pos), w.states()
			return t, tr, nil
		}
		return t, tr, err
	}
	if !a.onMap() {
		tr.Add(ruleReact, "%s is no longer on the map: no reaction", a.Name)
		t.End, t.Figures = "defeated", w.states()
		return t, tr, nil
	}
	canAct := !a.Conds.Has(KnockedDown) && !a.Conds.Has(Stunned)
	if melee && a.Conds.Has(Vengeful) {
		st := tr.Add(ruleReact, "%s is Vengeful and was attacked in melee by %s", a.Name, by.Name)
		switch {
		case !canAct:
			st.Result = "it is Knocked Down or Stunned: no strike back, the token stays"
		case !by.onMap():
			st.Result = "the attacker is gone: no strike back, the token stays"
		default:
			st.Result = "it strikes back first with an Attack -1 against the attacker"
			ts.P = figTarget(by)
			// The strike-back's target is the attacker: the turn
			// names it, not "none".
			t.PrimaryTarget = by.Name
			one := 1
			x := Action{Kind: ActAttack, Value: -1, Range: &one}
			if w.canReach(a, ts.P, 1) {
				delete(a.Conds, Vengeful)
				if err := ts.strike("Vengeful", "attack -1", &x, ts.P); err != nil {
					return stop(err)
				}
			} else {
				st.Result = "the attacker is out of reach: the token stays"
			}
		}
	}
	if canAct && a.onMap() {
	effects:
		for _, e := range w.roundEffects(a) {
			for i := range e.AfterAttacked {
				tr.Add(ruleReact, "round effect after being attacked: %s (a new primary target for this action)", e.AfterAttacked[i].Kind)
				ts.P = w.primaryTarget(a, 0, w.reach(a, []*Action{&e.AfterAttacked[i]}), nil, &tr)
				if t.PrimaryTarget == "none" {
					t.PrimaryTarget = w.tname(ts.P)
				}
				if err := ts.perform("round effect", &e.AfterAttacked[i]); err != nil {
					return stop(err)
				}
				// §8.4, §8.7 step 8: defeated on the way, nothing more
				// happens (no later round effect either).
				if !a.onMap() {
					break effects
				}
			}
		}
	}
	t.Events, t.End, t.Figures = ts.events, w.label(a.Pos), w.states()
	t.Objects, t.Nova = w.changes()
	t.Made = dice.result(w.choices)
	return t, tr, nil
}
