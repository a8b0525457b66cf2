package phantom

import (
	"fmt"
)

// An adversary's attacks in its turn (§8.10, §7.3): its Attack actions,
// each strike's rolls, Accuracy and damage, and its critical ability.

// attackAction is an Attack action, with "Target N" (§8.10) and the
// override fallback of §8.13.
func (ts *turnState) attackAction(card string, x *Action) error {
	w, a, tr := ts.w, ts.a, ts.tr
	label := fmt.Sprintf("attack %+d", x.Value)
	if a.Conds.Has(KnockedDown) || a.Conds.Has(Stunned) {
		ts.note(card, label, "skipped: Knocked Down or Stunned adversaries cannot attack")
		return nil
	}
	if ts.fumbled {
		ts.note(card, label, "skipped: a Fumble this turn ends its attacks")
		tr.Add(ruleAttack, "no further attacks after a Fumble").Result = "skipped"
		return nil
	}
	r := w.actionRange(a, x)
	ts.refreshTarget(0)
	T := ts.P
	if !w.canReach(a, T, r) {
		if T.none() {
			ts.note(card, label, "skipped: no primary target")
			tr.Add(ruleAttack, "no primary target: the attack is skipped").Result = "skipped"
			return nil
		}
		if w.override != "" && T.f != nil && T.f.Name == w.override {
			// §8.13: the named target cannot be attacked and the card could
			// not convert: attack another enemy in range instead.
			var others []*fig
			for _, f := range w.figs {
				if f.onMap() && f != T.f && w.enemies(a, f) && !f.Conds.Has(Invisible) {
					others = append(others, f)
				}
			}
			tr.Add(ruleOverrid, "%s cannot attack the named target %s and could not convert: it attacks another enemy in range", a.Name, T.f.Name)
			alt, ok := w.closestInRange(a, others, r, tr)
			if !ok {
				ts.note(card, label, "skipped: no other enemy in range and line of sight")
				return nil
			}
			T = figTarget(alt)
		} else {
			ts.note(card, label, fmt.Sprintf("skipped: %s is out of range %d or line of sight", w.tname(T), r))
			tr.Add(ruleAttack, "%s is not a valid target from %s (range %d)", w.tname(T), w.label(a.Pos), r).Result = "skipped"
			return nil
		}
	}
	n := max(1, x.Targets)
	absent := map[*fig]bool{}
	for i := 0; i < n; i++ {
		if i > 0 {
			if ts.fumbled {
				break
			}
			tr.Add("phantom-epoch §8.10 (RB p.21, p.60 Fig. 48)", "Target %d: attack %d of %d; the next target is chosen like a primary target, as if those already attacked were gone", n, i+1, n)
			// "Closest" counts the range of the adversary or of its
			// action (RB p.27): an enemy this attack can reach from here
			// is in range even beyond the base range, so criterion 1 is
			// weighed with the action's range; only when none is left in
			// reach do the other criteria (which can name no attackable
			// enemy, but may name an object) get a say.
			var rest []*fig
			for _, f := range w.figs {
				if f.onMap() && !absent[f] && w.enemies(a, f) && !f.Conds.Has(Invisible) {
					rest = append(rest, f)
				}
			}
			if f, ok := w.closestInRange(a, rest, r, tr); ok {
				T = figTarget(f)
			} else {
				T = w.primaryTarget(a, 0, r, absent, tr)
			}
			if !w.canReach(a, T, r) {
				tr.Add(ruleAttack+" (A-25)", "%s is not a valid target for this attack from %s: the remaining attacks are not made", w.tname(T), w.label(a.Pos)).Result = "stop"
				break
			}
		}
		if T.f != nil {
			absent[T.f] = true
		}
		if err := ts.strike(card, label, x, T); err != nil {
			return err
		}
		if T.obj >= 0 {
			// An object can be attacked once per Target N as well.
			break
		}
		if !a.onMap() {
			break
		}
	}
	return nil
}

// strike resolves one attack roll against T (§7.3).
func (ts *turnState) strike(card, label string, x *Action, T target) error {
	w, a, tr := ts.w, ts.a, ts.tr
	d := w.b.rng(a.Pos, T.pos())
	rep := &AttackReport{Target: w.tname(T), Range: d, Melee: d == 1, Die: dieName(x.Die)}
	ev := Event{Card: card, Action: label, Target: w.tname(T), Attack: rep}
	ts.attacked = true
	defer func() { ts.events = append(ts.events, ev) }()
	st := tr.Add(ruleAttack, "%s attacks %s at range %d (%s)", a.Name, w.tname(T), d, map[bool]string{true: "melee", false: "ranged"}[d == 1])
	st.Result = "declared"
	// Invisible ends on performing an Attack action, even a failed one.
	defer func() {
		if a.Conds.Has(Invisible) {
			delete(a.Conds, Invisible)
			rep.Effects = append(rep.Effects, a.Name+" loses Invisible (it attacked)")
		}
	}()
	if a.Conds.Has(Blinded) {
		acc, how, ok := ts.dice.Accuracy()
		if !ok {
			return errStop{fmt.Sprintf("%s is Blinded: roll the Accuracy die before its attack on %s", a.Name, w.tname(T))}
		}
		rep.Accuracy = append(rep.Accuracy, fmt.Sprintf("Blinded check: %s (%s)", acc, how))
		tr.Add("phantom-epoch §4 Blinded (RB p.37)", "Blinded: Accuracy die before attacking").Die = "Accuracy: " + string(acc)
		if acc != Success {
			rep.Effects = append(rep.Effects, "the attack fails (Blinded)")
			return nil
		}
	}
	roll, how, ok := ts.dice.Attack(x.Die)
	if !ok {
		return errStop{fmt.Sprintf("roll the %s attack die for its attack on %s", rep.Die, w.tname(T))}
	}
	rep.Roll = roll.String() + " (" + how + ")"
	tr.Add(ruleAttack, "attack die").Die = rep.Die + " die: " + roll.String()
	if roll.Kind == Fumble {
		ts.fumbled = true
		rep.Hit = &Hit{Fumble: true}
		rep.Effects = append(rep.Effects, "Fumble: the attack misses and no further attacks this turn")
		return nil
	}
	hitOn := T
	if d > 1 {
		line, blockers := w.chooseLine(a, T, tr)
		if line != nil {
			rep.LoS = &LoSReport{From: w.label(a.Pos) + " " + vertexNames[line.FromVertex], To: w.label(T.pos()) + " " + vertexNames[line.ToVertex], Blockers: []string{}}
			for _, b := range blockers {
				rep.LoS.Blockers = append(rep.LoS.Blockers, w.blockerName(b))
			}
		}
		if roll.Kind == Critical {
			rep.Accuracy = append(rep.Accuracy, "Critical Strike: reaches the target without Accuracy rolls")
		} else {
		roll:
			for _, b := range blockers {
				if w.b.rng(a.Pos, b) == 1 {
					rep.Accuracy = append(rep.Accuracy, w.blockerName(b)+": adjacent to the attacker, no roll")
					continue
				}
				acc, how, ok := ts.dice.Accuracy()
				if !ok {
					return errStop{fmt.Sprintf("roll the Accuracy die for %s on the line to %s", w.blockerName(b), w.tname(T))}
				}
				rep.Accuracy = append(rep.Accuracy, fmt.Sprintf("%s: %s (%s)", w.blockerName(b), acc, how))
				switch acc {
				case Miss:
					rep.Effects = append(rep.Effects, "Miss: the attack fails")
					rep.Hit = &Hit{}
					return nil
				case Block:
					if f := w.occ[b]; f != nil {
						hitOn = figTarget(f)
					} else {
						hitOn = target{obj: b}
					}
					break roll
				}
			}
		}
	}
	rep.HitOn = w.tname(hitOn)
	if hitOn != T {
		// A Block made the blocker the target of the attack (RB p.36).
		rep.AimedAt, rep.Target, ev.Target = w.tname(T), rep.HitOn, rep.HitOn
	}
	if hitOn.f == nil && hitOn.obj >= 0 && w.b.sp[hitOn.obj].Object == ObjIndestructible {
		h := ResolveStrike(Strike{Roll: roll, Attack: w.attackTotal(a, x), Weakened: a.Conds.Has(Weakened), Pierce: x.Pierce}, Defence{Indestructible: true})
		rep.Hit = &h
		rep.HitOn = "indestructible object on " + w.label(hitOn.obj)
		rep.Target, ev.Target = rep.HitOn, rep.HitOn
		rep.Effects = append(rep.Effects, "blocked by an indestructible object: no effect (A-16)")
		return nil
	}
	s := Strike{Roll: roll, Attack: w.attackTotal(a, x), Weakened: a.Conds.Has(Weakened), Pierce: x.Pierce, Multiplier: x.Multiplier}
	var def Defence
	if hitOn.f != nil {
		def = Defence{Guard: w.guardOf(hitOn.f), Vulnerable: hitOn.f.Conds.Has(Vulnerable), Barrier: hitOn.f.Conds.Has(Barrier)}
	} else {
		def = Defence{Object: true}
	}
	h := ResolveStrike(s, def)
	rep.Hit = &h
	rs := tr.Add(ruleAttack, "attack value %d against Guard %d: %d damage", h.Value, h.Guard, h.Damage)
	if h.BarrierUsed {
		rs.Text += " (a Barrier takes it instead)"
	}
	rs.Result = map[bool]string{true: "success", false: "failed"}[h.Success]
	if hitOn.f != nil {
		victim := hitOn.f
		if h.BarrierUsed {
			delete(victim.Conds, Barrier)
			rep.Effects = append(rep.Effects, victim.Name+"'s Barrier absorbs the damage")
		} else if h.Damage > 0 {
			rep.Effects = append(rep.Effects, w.damage(victim, h.Damage, a.Name+"'s attack"))
		}
		if h.Success && victim.onMap() {
			out, err := ts.inflictAll(victim, x.Inflict)
			if err != nil {
				return fmt.Errorf("%s: %w", card, err)
			}
			rep.Effects = append(rep.Effects, out...)
		}
	} else if h.ObjectStep {
		sp := w.b.edit(hitOn.obj)
		if sp.ObjState == StateDamaged {
			sp.ObjState = StateDestroyed
		} else {
			sp.ObjState = StateDamaged
		}
		rep.Effects = append(rep.Effects, fmt.Sprintf("the object on %s is now %s", sp.Label, sp.ObjState))
	}
	if h.Crit {
		out, err := ts.crit(hitOn)
		rep.Effects = append(rep.Effects, out...)
		if err != nil {
			return err
		}
	}
	// Vengeful (§4): the target strikes back after a melee attack unless it
	// is down, stunned or gone.
	if d == 1 && hitOn.f != nil && hitOn.f.onMap() && hitOn.f.Conds.Has(Vengeful) &&
		!hitOn.f.Conds.Has(KnockedDown) && !hitOn.f.Conds.Has(Stunned) {
		rep.Effects = append(rep.Effects, fmt.Sprintf("%s is Vengeful: it strikes back with an Attack -1 against %s, then discards the token (players resolve)", hitOn.f.Name, a.Name))
	}
	return nil
}

// attackTotal is everything an adversary adds to its die: the attribute,
// the action's modifier and active round effects.
func (w *world) attackTotal(a *fig, x *Action) int {
	n := w.attackAttr(a) + x.Value
	for _, e := range w.roundEffects(a) {
		n += e.Attack
	}
	return n
}

// crit applies the critical ability, always triggered for adversaries
// (§3.1); conditions it inflicts go on the figure hit.
func (ts *turnState) crit(T target) ([]string, error) {
	w, a := ts.w, ts.a
	var ab CritAbility
	if a.Side == SideBoss {
		ab = w.bosses[a.Type].Crit
	} else if t := w.types[a.Type]; t != nil {
		ab = t.Crit
	}
	out := []string{"Critical Strike: critical ability triggered"}
	if ab.Text != "" {
		out = append(out, "critical ability: "+ab.Text)
	}
	if T.f != nil && T.f.onMap() {
		if ab.Damage > 0 {
			out = append(out, w.damage(T.f, ab.Damage, "the critical ability"))
		}
		if T.f.onMap() {
			var list []string
			for _, c := range ab.Inflict {
				if _, err := ParseCond(c); err == nil {
					list = append(list, c)
				}
			}
			got, err := ts.inflictAll(T.f, list)
			out = append(out, got...)
			if err != nil {
				return out, err
			}
		}
	}
	return out, nil
}
