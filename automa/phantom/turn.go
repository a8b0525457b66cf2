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
