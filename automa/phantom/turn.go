package phantom

import (
	"errors"
	"fmt"
	"strings"

	"tablekeeper/automa"
)

const (
	ruleTurn    = "phantom-epoch §8.4 (RB p.26)"
	ruleCard    = "phantom-epoch §8.9 (RB p.28)"
	ruleAttack  = "phantom-epoch §8.10, §7.3 (RB p.21-22, p.28)"
	ruleLoS     = "phantom-epoch §8.5 (RB p.27)"
	ruleAllies  = "phantom-epoch §8.11 (RB p.28)"
	ruleBoss    = "phantom-epoch §9.3 (RB p.30, p.58)"
	ruleOverrid = "phantom-epoch §8.13 (RB p.27, p.50 Fig. 36)"
)

// Turn is what one adversary did on its turn, in order.
type Turn struct {
	Adversary string `json:"adversary"`
	Start     string `json:"start"`
	End       string `json:"end"`
	// PrimaryTarget is the target chosen at the start of the turn; later
	// changes are in the events.
	PrimaryTarget string  `json:"primaryTarget"`
	Events        []Event `json:"events"`
	// Stopped says why the turn could not be played to its end, e.g. an
	// attack roll the players still have to make at the table.
	Stopped string `json:"stopped,omitempty"`
	// Made are the rolls the turn used, in order (entered or rolled), and
	// the orders chosen; a turn that stopped is worked out again from them
	// (RollsInput.Made).
	Made *Made `json:"made,omitempty"`
	// Ask is the choice the turn stopped for: the order in which a
	// character receives several conditions (order.go).
	Ask *OrderQuestion `json:"ask,omitempty"`
	// Figures are every figure after the turn (HP, space, conditions).
	Figures []FigureState `json:"figures"`
	// Objects are destructible objects whose state the turn changed; Nova
	// lists nova cells placed by defeats.
	Objects map[string]string `json:"objects,omitempty"`
	Nova    map[string]int    `json:"nova,omitempty"`
}

// Event is one card, action or effect of the turn.
type Event struct {
	Card     string        `json:"card,omitempty"`
	Action   string        `json:"action"`
	Target   string        `json:"target,omitempty"`
	Movement *Movement     `json:"movement,omitempty"`
	Attack   *AttackReport `json:"attack,omitempty"`
	Note     string        `json:"note,omitempty"`
}

// AttackReport is one attack roll's story.
type AttackReport struct {
	// Target is what the attack hit: the target declared, or the figure
	// or object whose Block made it the target (RB p.36); AimedAt is then
	// the target it was declared against.
	Target   string     `json:"target"`
	AimedAt  string     `json:"aimedAt,omitempty"`
	Range    int        `json:"range"`
	Melee    bool       `json:"melee"`
	LoS      *LoSReport `json:"lineOfSight,omitempty"`
	Die      string     `json:"die"`
	Roll     string     `json:"roll,omitempty"`
	Accuracy []string   `json:"accuracy,omitempty"`
	HitOn    string     `json:"hitOn,omitempty"`
	Hit      *Hit       `json:"result,omitempty"`
	Effects  []string   `json:"effects,omitempty"`
}

// LoSReport is the line of sight an attack used: the vertex pair and the
// figures and objects it passes, nearest first.
type LoSReport struct {
	From     string   `json:"from"`
	To       string   `json:"to"`
	Blockers []string `json:"blockers"`
}

// FigureState is a figure after a decision.
type FigureState struct {
	Name       string   `json:"name"`
	Position   string   `json:"position"`
	HP         int      `json:"hp"`
	Conditions []string `json:"conditions,omitempty"`
	// Refreshed are held conditions last received during the decision
	// while the figure already held them: refreshed, their timers restart
	// (§4, A-11). Gained are held conditions last received while not held
	// (newly gained, or lost and gained again): new timers.
	Refreshed []string `json:"refreshed,omitempty"`
	Gained    []string `json:"gained,omitempty"`
}

var vertexNames = []string{"top", "upper-right", "lower-right", "bottom", "lower-left", "upper-left"}

// errStop ends a turn early (a roll is needed).
type errStop struct{ why string }

func (e errStop) Error() string { return e.why }

// turnState is the running state of one adversary turn.
type turnState struct {
	w    *world
	a    *fig
	dice Dice
	tr   *automa.Trace
	P    target
	both bool // the turn has a Move and a Leap: re-target per movement
	// hasLeap: the turn has a Leap, so a converted Move re-targets.
	hasLeap bool
	// fresh: P was chosen at the start of the turn for the first movement
	// action and nothing has happened since, so that action reuses it.
	fresh    bool
	fumbled  bool
	attacked bool
	events   []Event
	// cards are the turn's cards; card the one being played and next its
	// action being performed: what is still to come (ahead).
	cards      []*Card
	card, next int
}

// ahead are the turn's actions still to come, the one being performed
// included.
func (ts *turnState) ahead() []*Action {
	var out []*Action
	for i := ts.card; i < len(ts.cards); i++ {
		from := 0
		if i == ts.card {
			from = ts.next
		}
		for j := from; j < len(ts.cards[i].Actions); j++ {
			out = append(out, &ts.cards[i].Actions[j])
		}
	}
	return out
}

// reach is the range the first targeting criterion counts now (world.reach
// over the actions still to come).
func (ts *turnState) reach() int { return ts.w.reach(ts.a, ts.ahead()) }

// adversaryTurn plays a's whole turn (§8.4 for regular adversaries, §9.3
// for bosses).
func (w *world) adversaryTurn(a *fig, dice Dice, tr *automa.Trace) (Turn, error) {
	t := Turn{Adversary: a.Name, Start: w.label(a.Pos)}
	if !a.adversary() || !a.onMap() {
		return t, fmt.Errorf("%s is not an adversary on the map", a.Name)
	}
	if a.PlacedAfterDraw {
		tr.Add("phantom-epoch §10.3 (RB p.26)", "%s was placed after this round's cards were drawn: it has no turn this round", a.Name).Result = "no turn"
		t.End = t.Start
		t.PrimaryTarget = "none"
		t.Figures = w.states()
		return t, nil
	}
	cards, labels, err := w.turnCards(a)
	if err != nil {
		return t, err
	}
	ts := &turnState{w: w, a: a, dice: dice, tr: tr, P: noTarget, cards: cards}
	// Step 1: start-of-turn effects.
	ts.startOfTurn()
	if !a.onMap() {
		t.End, t.PrimaryTarget = "defeated", "none"
		t.Events, t.Figures = ts.events, w.states()
		t.Objects, t.Nova = w.changes()
		return t, nil
	}
	if b := w.bosses[a.Type]; a.Side == SideBoss && b != nil {
		// Card effects that are not numbered actions are the players' to
		// apply (§9.2, §9.5); the turn lists them.
		if b.Card != nil && b.Card.Other != "" {
			ts.note("boss card "+b.Card.Name, "manual", "players resolve: "+b.Card.Other)
		}
		for _, pc := range b.Persistent {
			if pc.Other != "" {
				ts.note("persistent boss card "+pc.Name, "manual", "in effect: "+pc.Other)
			}
		}
	}
	if a.Conds.Has(Stunned) {
		// No actions, so nothing to aim at: "none", as in every turn
		// without a primary target (RB p.27, p.37).
		t.PrimaryTarget = "none"
		ts.note("", "Stunned", "Stunned: no actions this turn, round effects inactive")
		tr.Add(ruleTurn, "%s is Stunned and does nothing this turn", a.Name).Result = "no actions"
	} else {
		// Step 2: primary target, with the Leap context of §8.6.5.
		hasMove, firstLeap := false, 0
		for _, c := range cards {
			for _, x := range c.Actions {
				if x.Kind == ActMove {
					hasMove = true
				}
				if x.Kind == ActLeap && firstLeap == 0 {
					firstLeap = max(1, x.Value)
				}
			}
		}
		ts.both = hasMove && firstLeap > 0
		ts.hasLeap = firstLeap > 0
		leap := 0
		if firstLeap > 0 && (!hasMove || ts.firstMovementIsLeap(cards)) {
			leap = firstLeap
		}
		if ts.both {
			tr.Add(ruleLeapCx, "the turn has both a Move and a Leap: the primary target is chosen again for each movement action")
		}
		ts.P = w.primaryTarget(a, leap, ts.reach(), nil, tr)
		ts.fresh = true
		t.PrimaryTarget = w.tname(ts.P)
		// Steps 3–4: the cards.
		for i, c := range cards {
			ts.card, ts.next = i, 0
			if err := ts.playCard(c, labels[i]); err != nil {
				var stop errStop
				if errors.As(err, &stop) {
					t.Stopped = stop.why
					break
				}
				return t, err
			}
			if !a.onMap() {
				break
			}
		}
	}
	// Step 5: end of turn.
	if a.onMap() && t.Stopped == "" {
		ts.endOfTurn()
	}
	t.Events = ts.events
	t.End = w.label(a.Pos)
	t.Figures = w.states()
	t.Objects, t.Nova = w.changes()
	return t, nil
}

// turnCards lists what a plays: the species card and its colour's class row,
// or a boss's inherent action and the actions its card calls for.
func (w *world) turnCards(a *fig) ([]*Card, []string, error) {
	if a.Side == SideBoss {
		b := w.bosses[a.Type]
		cards := []*Card{&b.Inherent}
		labels := []string{"inherent action"}
		if b.Card == nil {
			return nil, nil, fmt.Errorf("boss %s: no boss action card drawn this round", a.Name)
		}
		for _, n := range b.Card.Actions {
			if n < 1 || n > 3 {
				return nil, nil, fmt.Errorf("boss %s: its card calls for action #%d; bosses have #1 to #3", a.Name, n)
			}
			cards = append(cards, &b.Actions[n-1])
			labels = append(labels, fmt.Sprintf("action #%d", n))
		}
		return cards, labels, nil
	}
	t := w.types[a.Type]
	if t == nil {
		return nil, nil, fmt.Errorf("%s: unknown adversary type %q", a.Name, a.Type)
	}
	if t.SpeciesCard == nil || t.ClassCard == nil {
		return nil, nil, fmt.Errorf("%s: the %s species and class cards for this round are not entered", a.Name, t.Name)
	}
	row, ok := t.ClassCard.Row(a.Colour)
	if !ok {
		return nil, nil, fmt.Errorf("%s: the %s class card has no %s row", a.Name, t.Name, a.Colour)
	}
	return []*Card{t.SpeciesCard, row}, []string{"species card", string(a.Colour) + " class row"}, nil
}

func (ts *turnState) firstMovementIsLeap(cards []*Card) bool {
	for _, c := range cards {
		for _, x := range c.Actions {
			switch x.Kind {
			case ActLeap:
				return true
			case ActMove:
				return false
			}
		}
	}
	return false
}

func (ts *turnState) note(card, action, note string) {
	ts.events = append(ts.events, Event{Card: card, Action: action, Note: note})
}

// startOfTurn applies Bleeding, Burning and the fire/poison persistence
// (§4, §5.1).
func (ts *turnState) startOfTurn() {
	w, a := ts.w, ts.a
	var parts []string
	if a.Conds.Has(Bleeding) {
		parts = append(parts, w.damage(a, 2, "Bleeding"))
	}
	onFire := a.onMap() && w.b.sp[a.Pos].Hazard == HazFire
	if a.onMap() && a.Conds.Has(Burning) {
		parts = append(parts, w.damage(a, 3, "Burning"))
		if a.onMap() && !onFire {
			delete(a.Conds, Burning)
			parts = append(parts, "Burning removed")
		} else if a.onMap() {
			parts = append(parts, "still on fire: Burning stays")
		}
	} else if onFire {
		parts = append(parts, "still on fire: "+w.inflict(a, Burning, false))
	}
	if a.onMap() && w.b.sp[a.Pos].Hazard == HazPoison && !a.Conds.Has(Weakened) {
		parts = append(parts, "still on poison: "+w.inflict(a, Weakened, false))
	}
	if len(parts) > 0 {
		ts.note("", "start of turn", strings.Join(parts, "; "))
		ts.tr.Add(ruleTurn+" step 1", "start-of-turn effects on %s", a.Name).Result = strings.Join(parts, "; ")
	}
}

// endOfTurn removes conditions whose next full turn has now ended (§4).
func (ts *turnState) endOfTurn() {
	a := ts.a
	var gone []string
	for c, gained := range a.Conds {
		if c.lastsOneFullTurn() && !gained {
			delete(a.Conds, c)
			gone = append(gone, string(c))
		}
	}
	for c := range a.Conds {
		a.Conds[c] = false
	}
	if len(gone) > 0 {
		ts.note("", "end of turn", "removed: "+strings.Join(gone, ", "))
		ts.tr.Add("phantom-epoch §4 (RB p.37, p.50)", "end of %s's turn: conditions whose full turn has passed are removed", a.Name).Result = strings.Join(gone, ", ")
	}
}

// refreshTarget picks a new primary target when the one chosen is gone
// (defeated, destroyed, Invisible; §8.4). An adversary that found no
// target keeps none for the turn (RB p.27), except that a turn with both a
// Move and a Leap chooses again for each movement action.
func (ts *turnState) refreshTarget(leap int) {
	if ts.P.none() || ts.w.available(ts.P) {
		return
	}
	ts.tr.Add(ruleTurn, "%s is no longer available: a new primary target is chosen", ts.w.tname(ts.P))
	ts.P = ts.w.primaryTarget(ts.a, leap, ts.reach(), nil, ts.tr)
}

// actionRange is the range of an action (§7.2): an explicit range, else the
// base range plus the modifier.
func (w *world) actionRange(a *fig, x *Action) int {
	if x.Range != nil {
		return *x.Range
	}
	return w.baseRange(a) + x.RangeMod
}

// aimsAtTarget: the action is aimed at the primary target (§8.9).
func aimsAtTarget(x *Action) bool {
	switch x.Kind {
	case ActAttack:
		return !x.TargetsAllies
	case ActDamage, ActGrantCondition:
		return !x.TargetsAllies && !x.SelfOnly && x.Area == ""
	}
	return false
}

// canReach: P is a valid target for an action of range r from where a
// stands (§7.2): 1 ≤ Range ≤ r and line of sight unless adjacent.
func (w *world) canReach(a *fig, P target, r int) bool {
	if P.none() || !w.available(P) {
		return false
	}
	d := w.b.rng(a.Pos, P.pos())
	return d >= 1 && d <= r && (d == 1 || w.b.los(a.Pos, P.pos()))
}

// playCard is PlayAdversaryCard of §8.9 (and its per-action analogue for
// boss actions, §9.3).
func (ts *turnState) playCard(c *Card, label string) error {
	w, a, tr := ts.w, ts.a, ts.tr
	name := label
	if c.Name != "" {
		name = label + " " + c.Name
	}
	if a.Conds.Has(Stunned) {
		ts.note(name, "skipped", "Stunned")
		return nil
	}
	// Frozen gained during this very turn has no immediate effect (RB
	// p.50: "they complete their turn as normal"): the turn's cards still
	// convert. The seed wins over spec §8.9, whose canConvert reads "A is
	// not Frozen" whenever Frozen was gained.
	frozen := a.Conds.Has(Frozen) && !a.Conds[Frozen]
	if a.Conds.Has(KnockedDown) {
		st := tr.Add(ruleCard, "%s is Knocked Down when it plays %s", a.Name, name)
		switch {
		case c.hasMoveOrLeap():
			st.Result = "actions before the first Move/Leap are skipped; that movement first spends 1 MP to stand up"
			started := false
			for i := range c.Actions {
				ts.next = i
				x := &c.Actions[i]
				if !started && x.Kind != ActMove && x.Kind != ActLeap {
					ts.note(name, string(x.Kind), "skipped: Knocked Down")
					continue
				}
				if !started {
					started = true
					delete(a.Conds, KnockedDown)
					ts.note(name, "stand up", "1 MP spent to remove Knocked Down")
					y := *x
					y.Value = max(0, x.Value-1)
					if err := ts.perform(name, &y); err != nil {
						return err
					}
				} else if err := ts.perform(name, x); err != nil {
					return err
				}
				// §8.4, §8.7 step 8: defeated on the way (a hazard), the
				// turn ends there.
				if !a.onMap() {
					return nil
				}
			}
		case len(c.RoundEffects) > 0 || frozen:
			st.Result = "the card is skipped and it stays Knocked Down (it has a round effect, or it is Frozen)"
			ts.note(name, "skipped", "Knocked Down; cannot convert")
		default:
			st.Result = fmt.Sprintf("converted to a Move %d: 1 MP stands it up, the rest moves it", c.AP)
			delete(a.Conds, KnockedDown)
			ts.next = len(c.Actions) // the card's actions are not performed
			if ts.hasLeap {
				// §8.4, §8.6.5: a converted card is a Move action;
				// with a Leap on the turn it chooses its target alone.
				tr.Add(ruleLeapCx, "converted Move %d: primary target chosen for this action alone", c.AP)
				ts.P = w.primaryTarget(a, 0, ts.reach(), nil, tr)
				ts.both = true
			} else {
				ts.refreshTarget(0)
			}
			ts.fresh = false
			mv := w.move(a, max(0, c.AP-1), "convertedMove", ts.P, tr)
			ts.events = append(ts.events, Event{Card: name, Action: fmt.Sprintf("converted to Move %d (1 MP to stand up)", c.AP), Target: w.tname(ts.P), Movement: &mv})
		}
		return nil
	}
	// Conversion test, evaluated now.
	if !ts.P.none() && !w.available(ts.P) {
		ts.refreshTarget(0)
	}
	need := ""
	if !ts.P.none() {
		for i := range c.Actions {
			x := &c.Actions[i]
			if aimsAtTarget(x) && !w.canReach(a, ts.P, w.actionRange(a, x)) {
				need = fmt.Sprintf("its %s cannot reach %s (range %d)", x.Kind, w.tname(ts.P), w.actionRange(a, x))
				break
			}
		}
	}
	if need != "" {
		st := tr.Add(ruleCard, "should %s convert %s to movement? %s", a.Name, name, need)
		switch {
		case c.hasMovement():
			st.Result = "no: the card has a Move, Leap or Teleport"
		case len(c.RoundEffects) > 0:
			st.Result = "no: the card has a round effect"
		case frozen:
			st.Result = "no: Frozen adversaries cannot convert"
		default:
			st.Result = fmt.Sprintf("yes: Move %d (the card's AP) toward %s", c.AP, w.tname(ts.P))
			ts.next = len(c.Actions) // the card's actions are not performed
			if ts.hasLeap {
				// A converted card counts as a Move action: with a Leap on
				// the turn, its target is chosen for it alone (§8.4, A-20).
				tr.Add(ruleLeapCx, "converted Move %d: primary target chosen for this action alone", c.AP)
				ts.P = w.primaryTarget(a, 0, ts.reach(), nil, tr)
				// §8.4, §8.6.5: the turn now holds a Move and a
				// Leap, so each later Move/Leap chooses again for itself.
				ts.both = true
			}
			// This movement used up the target chosen at the start (§8.4,
			// §8.6.5).
			ts.fresh = false
			mv := w.move(a, c.AP, "convertedMove", ts.P, tr)
			ts.events = append(ts.events, Event{Card: name, Action: fmt.Sprintf("converted to Move %d", c.AP), Target: w.tname(ts.P), Movement: &mv})
			return nil
		}
	}
	for i := range c.Actions {
		ts.next = i
		if err := ts.perform(name, &c.Actions[i]); err != nil {
			return err
		}
		if !a.onMap() {
			return nil
		}
	}
	return nil
}

// perform does one action of a card.
func (ts *turnState) perform(card string, x *Action) error {
	w, a, tr := ts.w, ts.a, ts.tr
	defer func() { ts.fresh = false }()
	switch x.Kind {
	case ActMove, ActLeap:
		leap := 0
		if x.Kind == ActLeap {
			leap = x.Value
		}
		if ts.both && !ts.fresh {
			tr.Add(ruleLeapCx, "%s %d: primary target chosen for this action alone", x.Kind, x.Value)
			ts.P = w.primaryTarget(a, leap, ts.reach(), nil, tr)
		} else {
			ts.refreshTarget(leap)
		}
		mv := w.move(a, x.Value, string(x.Kind), ts.P, tr)
		ts.events = append(ts.events, Event{Card: card, Action: fmt.Sprintf("%s %d", x.Kind, x.Value), Target: w.tname(ts.P), Movement: &mv})
	case ActRetreat:
		ts.refreshTarget(0)
		mv := w.retreat(a, x.Value, ts.P, tr)
		ts.events = append(ts.events, Event{Card: card, Action: fmt.Sprintf("retreat %d", x.Value), Target: w.tname(ts.P), Movement: &mv})
	case ActTeleport:
		ts.refreshTarget(0)
		mv := w.teleport(a, ts.P, tr)
		ts.events = append(ts.events, Event{Card: card, Action: "teleport", Target: w.tname(ts.P), Movement: &mv})
	case ActAttack:
		return ts.attackAction(card, x)
	case ActDamage:
		return ts.damageAction(card, x)
	case ActHeal:
		ts.heal(card, x)
	case ActGrantCondition:
		if x.TargetsAllies || x.SelfOnly {
			ts.grant(card, x)
		} else {
			ts.conditionOnTarget(card, x)
		}
	case ActRemoveCondition:
		ts.removeCondition(card, x)
	default:
		ts.note(card, "manual", "players resolve: "+x.Text)
	}
	return nil
}

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
		sp := &w.b.sp[hitOn.obj]
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
	f := kept[0]
	if len(kept) > 1 {
		ps := make([]Pickable, len(kept))
		for i, k := range kept {
			ps[i] = w.pickFig(k)
		}
		f = kept[DecisionPick(ps, w.face, tr, "who is healed (A-26)")]
	}
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
	f := kept[0]
	if len(kept) > 1 {
		ps := make([]Pickable, len(kept))
		for i, k := range kept {
			ps[i] = w.pickFig(k)
		}
		f = kept[DecisionPick(ps, w.face, tr, "which ally gets "+string(cond))]
	}
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

func (w *world) states() []FigureState {
	out := make([]FigureState, 0, len(w.figs))
	for _, f := range w.figs {
		fs := FigureState{Name: f.Name, Position: w.label(f.Pos), HP: f.HP, Conditions: f.Conds.List()}
		for _, c := range fs.Conditions {
			refreshed, ok := f.received[Cond(c)]
			switch {
			case ok && refreshed:
				fs.Refreshed = append(fs.Refreshed, c)
			case ok:
				fs.Gained = append(fs.Gained, c)
			}
		}
		out = append(out, fs)
	}
	return out
}
