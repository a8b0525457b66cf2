package phantom

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

const ruleAttack = "phantom-epoch §7.3, V-13"

// Attack is a character's attack on its turn (§7, V-13), with the rolls
// made at the table. The app checks it may be made — an enemy or a
// standing destructible object as target, within range (an explicit range,
// or the class board's base range plus a modifier), line of sight beyond
// range 1, the target not Invisible, no attack after a Fumble, a converted
// attack the only one of the turn, not while Knocked Down or Stunned —
// then works out the numbers (§7.3 steps 3–7) and applies them.
type Attack struct {
	Attacker string `json:"attacker"`
	// Target is a figure; Space a destructible object's space instead.
	Target string `json:"target,omitempty"`
	Space  string `json:"space,omitempty"`
	// Roll is the attack die's face as rolled ("2", "crit", "fumble");
	// Die the die chosen ("basic" or "blitz", V-22).
	Roll string `json:"roll"`
	Die  string `json:"die,omitempty"`
	// Modifier adds to the die (the action's "Attack +N", equipment).
	Modifier int `json:"modifier,omitempty"`
	// Range is an explicit range; RangeModifier changes the base range.
	Range         int      `json:"range,omitempty"`
	RangeModifier int      `json:"rangeModifier,omitempty"`
	Pierce        int      `json:"pierce,omitempty"`
	Inflict       []string `json:"inflict,omitempty"`
	// Converted: a card converted to an Attack (§6.4).
	Converted bool `json:"converted,omitempty"`
	// Blinded is the Accuracy roll a Blinded attacker makes first (§4).
	Blinded string `json:"blinded,omitempty"`
	// Accuracy results for the blockers along the line, as rolled (§3.2):
	// a Miss ends the attack; a Block makes BlockedBy (a figure's name or
	// an object's space) the target.
	Accuracy  []string `json:"accuracy,omitempty"`
	BlockedBy string   `json:"blockedBy,omitempty"`
	// Granted names the item or equipment that lets a resting character
	// attack on its rest turn (§6.3 items 5–6: no Action card is played
	// then, so there is no attack otherwise).
	Granted string `json:"granted,omitempty"`
}

func (c Attack) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.current(c.Attacker)
	if err != nil {
		return "", err
	}
	switch {
	case f.has(phantom.KnockedDown) || f.has(phantom.Stunned):
		return "", tracker.Refuse(ruleAttack, "%s is Knocked Down or Stunned and cannot attack", f.Name)
	case f.Fumbled:
		return "", tracker.Refuse(ruleAttack, "%s fumbled this turn: no further attacks", f.Name)
	case f.ConvertedAttack:
		return "", tracker.Refuse(ruleAttack, "%s made a converted attack this turn: it is the only attack", f.Name)
	case c.Converted && f.Attacked:
		return "", tracker.Refuse(ruleAttack, "%s already attacked this turn: a converted attack must be the only one", f.Name)
	// §6.3 items 5–6: a rest turn plays no Action card; only an item or
	// equipment used on it can give an attack, never a converted card.
	// Attacks recorded before this check replay as they were.
	case f.Resting && c.Converted && !x.apply:
		return "", tracker.Refuse("phantom-epoch §6.3", "%s is resting this turn: no Action card is played, so none converts to an Attack", f.Name)
	case f.Resting && strings.TrimSpace(c.Granted) == "" && !x.apply:
		return "", tracker.Refuse("phantom-epoch §6.3", "%s is resting this turn: no Action card is played, so it attacks only when an item or equipment grants it — say which", f.Name)
	}
	roll, err := phantom.ParseDieFace(c.Roll)
	if err != nil {
		return "", tracker.Refuse("phantom-epoch V-22", "%v", err)
	}
	die := c.Die
	if die == "" {
		die = "basic"
	}
	if faces := s.Content.AttackDice[die]; len(faces) > 0 && !contains(faces, roll.String()) {
		return "", tracker.Refuse("phantom-epoch V-22", "%q is not a face of the %s die", c.Roll, die)
	}
	hm, err := s.liveMap()
	if err != nil {
		return "", err
	}
	from, _ := hm.Index(f.Position)
	tgt, at, err := s.attackTarget(m, hm, c.Target, c.Space, f)
	if err != nil {
		return "", err
	}
	rng := s.Content.Classes[f.Type].BaseRange + c.RangeModifier
	if c.Range > 0 {
		rng = c.Range // an explicit range is never modified (§7.2)
	}
	d := hm.Range(from, at)
	if d < 1 || d > rng {
		return "", tracker.Refuse(ruleAttack, "the target is at range %d; the attack reaches %d", d, rng)
	}
	if d > 1 && !hm.HasLoS(from, at) {
		return "", tracker.Refuse(ruleAttack, "%s has no line of sight to %s", f.Name, hm.Label(at))
	}
	for _, a := range append([]string{c.Blinded}, c.Accuracy...) {
		if a != "" {
			if _, err := phantom.ParseAccuracy(a); err != nil {
				return "", tracker.Refuse("phantom-epoch V-22", "%v", err)
			}
		}
	}
	for _, cs := range c.Inflict {
		if _, err := phantom.ParseCond(cs); err != nil {
			return "", tracker.Refuse(ruleConds, "%v", err)
		}
	}
	f.Attacked = true
	f.ConvertedAttack = c.Converted
	// Step 9 comes whatever the outcome: attacking ends Invisible.
	var parts []string
	if f.has(phantom.Invisible) {
		delete(f.Conditions, string(phantom.Invisible))
		parts = append(parts, f.Name+" is no longer Invisible")
	}
	what := hm.Label(at)
	if tgt != nil {
		what = tgt.Name
	}
	line := func(s string) string {
		out := fmt.Sprintf("%s attacks %s (range %d, roll %s): %s", f.Name, what, d, roll, s)
		if f.Resting && strings.TrimSpace(c.Granted) != "" {
			out = fmt.Sprintf("%s, resting, attacks %s with %s (range %d, roll %s): %s", f.Name, what, strings.TrimSpace(c.Granted), d, roll, s)
		}
		if len(parts) > 0 {
			out += "; " + strings.Join(parts, "; ")
		}
		return out
	}
	if f.has(phantom.Blinded) {
		if c.Blinded == "" {
			return "", tracker.Refuse("phantom-epoch §4", "%s is Blinded: roll the Accuracy die first and enter it", f.Name)
		}
		if a, _ := phantom.ParseAccuracy(c.Blinded); a != phantom.Success {
			return line("Blinded, the attack fails"), nil
		}
	}
	if roll.Kind == phantom.Fumble {
		f.Fumbled = true
		return line("Fumble, the attack misses and no further attack this turn"), nil
	}
	// §7.3 step 4: Accuracy for blockers on a ranged attack without a crit.
	if d > 1 && roll.Kind != phantom.Critical {
		for _, a := range c.Accuracy {
			switch acc, _ := phantom.ParseAccuracy(a); acc {
			case phantom.Miss:
				return line("Accuracy Miss, the attack fails"), nil
			case phantom.Block:
				if c.BlockedBy == "" {
					return "", tracker.Refuse("phantom-epoch §3.2", "say which figure or object blocked the attack")
				}
				bt, bat, err := s.blocker(m, hm, c.BlockedBy)
				if err != nil {
					return "", err
				}
				// The blocker becomes the target of the attack (§3.2, RB
				// p.36): the line names it as the target.
				parts = append(parts, fmt.Sprintf("aimed at %s, blocked by %s", what, c.BlockedBy))
				tgt, at, what = bt, bat, c.BlockedBy
			}
		}
	}
	def := phantom.Defence{}
	sp := hm.SpaceAt(at)
	switch {
	case tgt != nil:
		def.Guard, def.Vulnerable, def.Barrier = s.guard(m, tgt), tgt.has(phantom.Vulnerable), tgt.has(phantom.Barrier)
	case sp.Object == hex.Indestructible:
		def.Indestructible = true
	default:
		def.Object = true
	}
	hit := phantom.ResolveStrike(phantom.Strike{Roll: roll, Attack: c.Modifier, Weakened: f.has(phantom.Weakened), Pierce: c.Pierce}, def)
	res := fmt.Sprintf("attack %d against Guard %d, %d damage", hit.Value, hit.Guard, hit.Damage)
	switch {
	case hit.ObjectStep:
		if sp.ObjectState == hex.Intact {
			sp.ObjectState = hex.Damaged
		} else {
			sp.ObjectState = hex.Destroyed
		}
		parts = append(parts, fmt.Sprintf("the object on %s is %s", sp.Label, sp.ObjectState))
		if err := s.saveMap(hm); err != nil {
			return "", err
		}
	case hit.BarrierUsed:
		delete(tgt.Conditions, string(phantom.Barrier))
		parts = append(parts, tgt.Name+"'s Barrier takes the hit")
	case tgt != nil && hit.Damage > 0:
		from := tgt.HP
		tgt.HP = max(0, tgt.HP-hit.Damage)
		parts = append(parts, fmt.Sprintf("%s HP %d → %d", tgt.Name, from, tgt.HP))
		if tgt.HP == 0 {
			parts = append(parts, s.defeat(m, tgt, true))
		}
	}
	if hit.Success && tgt != nil && !tgt.Defeated {
		for _, cs := range c.Inflict {
			cond, _ := phantom.ParseCond(cs)
			parts = append(parts, s.inflict(tgt, cond, false))
		}
	}
	// §4 Vengeful: no strike-back from a target left Knocked Down or
	// Stunned; it keeps the token.
	if d == 1 && tgt != nil && !tgt.Defeated && tgt.has(phantom.Vengeful) && !tgt.has(phantom.KnockedDown) && !tgt.has(phantom.Stunned) {
		parts = append(parts, tgt.Name+" is Vengeful: resolve its reaction")
	}
	s.resort(m)
	return line(res), nil
}

// ConditionOrders lists, for several conditions given to a figure at
// once, one order per different outcome, with what the figure then holds
// (RB p.22, Attack Flow step 7: the attacking player, or the character an
// adversary attacks, chooses in which order they apply). More than one
// means the order matters and the player is asked; Attack applies its
// Inflict list in the order given.
func (s *State) ConditionOrders(figure string, conds []string) []phantom.OrderOption {
	f := s.Mission.fig(figure)
	if f == nil {
		return nil
	}
	var out []phantom.OrderOption
	for _, order := range phantom.Orders(conds) {
		g := &Figure{Name: f.Name, Conditions: maps.Clone(f.Conditions), Immune: f.Immune}
		for _, cs := range order {
			if c, err := phantom.ParseCond(cs); err == nil {
				s.inflict(g, c, false)
			}
		}
		leaves := g.CondList()
		if !slices.ContainsFunc(out, func(o phantom.OrderOption) bool { return slices.Equal(o.Leaves, leaves) }) {
			out = append(out, phantom.OrderOption{Order: order, Leaves: leaves})
		}
	}
	return out
}

// attackTarget finds a valid target (§7.2): an enemy figure on the map,
// not Invisible, or a standing destructible object.
func (s *State) attackTarget(m *Mission, hm *hex.Map, name, space string, by *Figure) (*Figure, int, error) {
	if (name == "") == (space == "") {
		return nil, 0, tracker.Refuse(ruleAttack, "name a figure or an object's space to attack")
	}
	if space != "" {
		i, ok := hm.Index(space)
		if !ok || !hm.SpaceAt(i).StandingDestructible() {
			return nil, 0, tracker.Refuse(ruleAttack, "there is no destructible object standing on %q", space)
		}
		return nil, i, nil
	}
	t := m.fig(name)
	if t == nil || t.Defeated || t.Position == "" {
		return nil, 0, tracker.Refuse(ruleAttack, "%q is not a figure on the map", name)
	}
	if t.character() == by.character() {
		return nil, 0, tracker.Refuse(ruleAttack, "%s is not an enemy of %s", t.Name, by.Name)
	}
	if t.has(phantom.Invisible) {
		return nil, 0, tracker.Refuse(ruleAttack, "%s is Invisible: nothing can affect it", t.Name)
	}
	i, _ := hm.Index(t.Position)
	return t, i, nil
}

// blocker is what a Block result made the target: any figure (an ally
// too) or an object.
func (s *State) blocker(m *Mission, hm *hex.Map, name string) (*Figure, int, error) {
	if t := m.fig(name); t != nil && !t.Defeated && t.Position != "" {
		i, _ := hm.Index(t.Position)
		return t, i, nil
	}
	if i, ok := hm.Index(name); ok && hm.SpaceAt(i).BlockingObject() {
		return nil, i, nil
	}
	return nil, 0, tracker.Refuse("phantom-epoch §3.2", "%q is neither a figure nor an object on the map", name)
}

// guard is a figure's Guard before Vulnerable: description card or boss
// board column plus its other sources.
func (s *State) guard(m *Mission, f *Figure) int {
	g := f.Guard
	switch f.Side {
	case "adversary":
		g += s.Content.Adversaries[AdversaryKey(f.Type, m.AdversaryDifficulty)].Guard
	case "boss":
		g += s.Content.Bosses[f.Type].Guard[bossColumn(len(m.Embarked))]
	}
	return g
}

// ResolveReaction works out, through the engine, what an adversary does
// right after a character attacked it (§4 Vengeful strike-back, round
// effects that trigger on being attacked, §8.4 "outside its turn"). Like
// an adversary turn it waits for ConfirmAdversaryTurn or
// OverrideAdversaryTurn; the character's turn then goes on.
type ResolveReaction struct {
	Adversary string   `json:"adversary"`
	Attacker  string   `json:"attacker"`
	Melee     bool     `json:"melee,omitempty"`
	Attack    []string `json:"attack,omitempty"`
	Accuracy  []string `json:"accuracy,omitempty"`
	// Order answers a reaction that stopped to ask in which order the
	// attacker receives several conditions (RB p.22 step 7).
	Order []string `json:"order,omitempty"`
}

func (c ResolveReaction) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("turns")
	if err != nil {
		return "", err
	}
	if m.Pending != nil && !(m.Pending.Reaction && m.Pending.Adversary == c.Adversary) {
		return "", tracker.Refuse(ruleAdv, "confirm or override %s's decision first", m.Pending.Adversary)
	}
	f := m.fig(c.Adversary)
	if f == nil || f.character() || f.Defeated {
		return "", tracker.Refuse(ruleAdv, "%q is not an adversary on the map", c.Adversary)
	}
	if a := m.fig(c.Attacker); a == nil || a.Defeated {
		return "", tracker.Refuse(ruleAdv, "%q is not a figure on the map", c.Attacker)
	}
	if err := checkOrder(m, f.Name, true, c.Order); err != nil {
		return "", err
	}
	res, err := keep(x, func() (turnResult, error) {
		sit, err := s.situation("react", f.Name, nil, func(x *phantom.Situation) { x.Attacker, x.Melee = c.Attacker, c.Melee })
		if err != nil {
			return turnResult{}, err
		}
		sit.Rolls.Attack, sit.Rolls.Accuracy = c.Attack, c.Accuracy
		sit.Rolls.Made = madeBefore(m, f.Name, true)
		if len(c.Order) > 0 {
			sit.Rolls.Orders = [][]string{c.Order}
		}
		t, tr, err := phantom.Reaction(sit, f.Name, c.Attacker, c.Melee, x)
		if err != nil {
			return turnResult{}, tracker.Refuse(ruleAdv, "%v", err)
		}
		return turnResult{Turn: t, Trace: traceLines(tr)}, nil
	})
	if err != nil {
		return "", err
	}
	m.Pending = &Pending{Adversary: f.Name, Turn: res.Turn, Trace: res.Trace, Reaction: true}
	if !x.before(2) {
		m.Pending.Attacker, m.Pending.Melee = c.Attacker, c.Melee
	}
	if err := s.notePending(m, x); err != nil {
		return "", err
	}
	return "Reaction worked out: " + turnSummary(res.Turn), nil
}

func init() {
	register(Attack{}, ResolveReaction{})
}
