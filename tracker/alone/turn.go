package alone

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa"
	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

func init() {
	register(
		func() op { return &startTurnEv{} },
		func() op { return &adrenalineEv{} },
		func() op { return &declareEv{} },
		func() op { return &resolveEv{} },
		func() op { return &endTurnEv{} },
		func() op { return &endRoundEv{} },
	)
}

// ---- T1 step 2: the start of a Turn ----

// StartTurn flips the next Turn token (T1 step 2). At the same moment the
// Hero may spend 1 Adrenaline to Recover 1 Life or SC (Recover = "life" or
// "sc") and 1 for Bullet Time (§2.5, §3.3).
type StartTurn struct {
	Recover    alone.DamageKind `json:"recover,omitempty"`
	BulletTime bool             `json:"bulletTime,omitempty"`
}

type startTurnEv struct {
	StartTurn
	Turn        int `json:"turn"`
	PoolBefore  int `json:"poolBefore"`
	PoolAfter   int `json:"poolAfter"`
	RecoverFrom int `json:"recoverFrom,omitempty"`
	RecoverTo   int `json:"recoverTo,omitempty"`
}

func (c StartTurn) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &startTurnEv{StartTurn: c}, nil
}
func (*startTurnEv) kind() string { return "startTurn" }
func (o *startTurnEv) run(s *State) error {
	if s.T.Started {
		return refuse("§6 T1", "Turn %d is in play: end it before the next one starts", s.TurnsUsed)
	}
	if err := alone.CheckTurn(s.TurnsUsed + 1); err != nil {
		return refuse("§8 V7", "all %d Turns of Round %d are played: run the End of the Round first", alone.TurnsPerRound, s.Round)
	}
	s.TurnsUsed++
	s.T = TurnFlags{Started: true}
	o.Turn, o.PoolBefore = s.TurnsUsed, s.Adrenaline
	if o.BulletTime {
		if err := s.spendAdrenaline(true, ""); err != nil {
			return err
		}
	}
	if o.Recover != "" {
		from, to, err := s.adrenalineRecover(o.Recover)
		if err != nil {
			return err
		}
		o.RecoverFrom, o.RecoverTo = from, to
	}
	o.PoolAfter = s.Adrenaline
	return nil
}
func (o *startTurnEv) line() string {
	l := fmt.Sprintf("Turn %d begins", o.Turn)
	var spent []string
	if o.BulletTime {
		spent = append(spent, "Bullet Time (2 Actions)")
	}
	if o.Recover != "" {
		spent = append(spent, fmt.Sprintf("Recover 1 %s, %d → %d", kindName(o.Recover), o.RecoverFrom, o.RecoverTo))
	}
	if len(spent) > 0 {
		l += fmt.Sprintf(": Adrenaline %d → %d for %s", o.PoolBefore, o.PoolAfter, strings.Join(spent, " and "))
	}
	return l
}

func (s *State) turnState() alone.TurnState {
	return alone.TurnState{Turn: s.TurnsUsed, Adrenaline: s.Adrenaline, RecoverUsed: s.T.Recover != "",
		BulletTimeUsed: s.T.BulletTime, ActionsDeclared: s.T.declared(), ItemActions: s.T.ItemExtra - s.T.ItemExtraUsed,
		ReactionsPlayed: s.T.Reactions}
}

// checkAdrenaline is V4 and V5 for 1 more Adrenaline now.
func (s *State) checkAdrenaline(bulletTime bool) error {
	if !s.T.Started {
		return refuse("§8 V4", "Adrenaline is spent at the start of a Turn, as its token is flipped")
	}
	if err := s.turnState().CheckAdrenaline(bulletTime); err != nil {
		rule := "§8 V4"
		if bulletTime && (s.T.declared() > 0 || s.T.BulletTime) {
			rule = "§8 V5"
		}
		return refuse(rule, "%v", err)
	}
	return nil
}

// spendAdrenaline spends 1 Adrenaline on Bullet Time or Recover.
func (s *State) spendAdrenaline(bulletTime bool, track alone.DamageKind) error {
	if err := s.checkAdrenaline(bulletTime); err != nil {
		return err
	}
	s.Adrenaline--
	if bulletTime {
		s.T.BulletTime = true
	} else {
		s.T.Recover = string(track)
	}
	return nil
}

// adrenalineRecover is Recover with Adrenaline (§3.3): 1 Life or 1 SC up to
// the Healing Cap; one that would heal nothing is refused (V3, DESIGN).
func (s *State) adrenalineRecover(k alone.DamageKind) (from, to int, err error) {
	var v int
	switch k {
	case alone.LifeDamage:
		v = s.Life
	case alone.SCDamage:
		v = s.SC
	default:
		return 0, 0, refuse("§3.3", "Recover gives 1 Life (life) or 1 Self Control (sc), not %q", k)
	}
	if err := s.checkAdrenaline(false); err != nil {
		return 0, 0, err
	}
	if err := alone.CheckRecoverSpend(v, min(s.HealingCap(), s.Sheet.HealthMax)); err != nil {
		return 0, 0, refuse("§8 V3", "%s: %v", kindName(k), err)
	}
	if err := s.spendAdrenaline(false, k); err != nil {
		return 0, 0, err
	}
	from, to, _, err = s.recover(k, 1)
	return from, to, err
}

// SpendAdrenaline spends 1 Adrenaline after the Turn token is flipped and
// before the first Action: BulletTime, or Recover of "life" or "sc".
type SpendAdrenaline struct {
	BulletTime bool             `json:"bulletTime,omitempty"`
	Recover    alone.DamageKind `json:"recover,omitempty"`
}

type adrenalineEv struct {
	SpendAdrenaline
	PoolBefore int `json:"poolBefore"`
	From       int `json:"from,omitempty"`
	To         int `json:"to,omitempty"`
}

func (c SpendAdrenaline) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	if c.BulletTime == (c.Recover != "") {
		return nil, refuse("§3.4", "1 Adrenaline is spent on Bullet Time or on Recover: choose one")
	}
	return &adrenalineEv{SpendAdrenaline: c}, nil
}
func (*adrenalineEv) kind() string { return "adrenaline" }
func (o *adrenalineEv) run(s *State) error {
	o.PoolBefore = s.Adrenaline
	if o.BulletTime {
		return s.spendAdrenaline(true, "")
	}
	var err error
	o.From, o.To, err = s.adrenalineRecover(o.Recover)
	return err
}
func (o *adrenalineEv) line() string {
	if o.BulletTime {
		return fmt.Sprintf("Bullet Time: Adrenaline %d → %d, 2 Actions this Turn", o.PoolBefore, o.PoolBefore-1)
	}
	return fmt.Sprintf("Recover with Adrenaline (%d → %d): %s %d → %d", o.PoolBefore, o.PoolBefore-1, kindName(o.Recover), o.From, o.To)
}

// ---- T1 steps 3–5: Actions ----

// Declare declares an Action before it is resolved (§5.0 item 1); Instant
// Reactions may answer it before it resolves. Item names an Action Item
// used for it (Charges spent, 1 unless CardAllowsMore); GrantsExtra is the
// extra Actions the Item grants; Extra takes one of those extra Actions.
type Declare struct {
	Action         Action `json:"action"`
	Item           string `json:"item,omitempty"`
	Charges        int    `json:"charges,omitempty"`
	CardAllowsMore bool   `json:"cardAllowsMore,omitempty"`
	GrantsExtra    int    `json:"grantsExtra,omitempty"`
	Extra          bool   `json:"extra,omitempty"`
}

type declareEv struct {
	Declare
	Turn      int    `json:"turn"`
	ItemName  string `json:"itemName,omitempty"`
	ItemFrom  int    `json:"itemFrom,omitempty"`
	Discarded bool   `json:"discarded,omitempty"`
}

func (c Declare) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &declareEv{Declare: c}, nil
}
func (*declareEv) kind() string         { return "declare" }
func (o *declareEv) run(s *State) error { return s.declare(&o.Declare, o) }
func (o *declareEv) line() string {
	l := fmt.Sprintf("Turn %d: the Hero declares %s", o.Turn, o.Action)
	if o.ItemName != "" {
		l += " with " + strings.TrimPrefix(itemUseLine(o.ItemName, o.ItemFrom, max(o.Charges, 1), o.Discarded), "Used ")
	}
	if o.GrantsExtra > 0 {
		l += fmt.Sprintf(" (+%d Action from the Item)", o.GrantsExtra)
	}
	return l
}

// declare is T1 step 3 with V8 and V24.
func (s *State) declare(c *Declare, o *declareEv) error {
	if !c.Action.valid() {
		return refuse("§5", "%q is not an Action; the Actions are move, explore, fight, locate, scavenge, interact", c.Action)
	}
	if !s.T.Started {
		return refuse("§6 T1", "flip the Turn token (start the Turn) before declaring an Action")
	}
	if s.T.Pending != "" {
		return refuse("§6 T1", "the %s Action declared is not resolved yet", s.T.Pending)
	}
	if s.T.Ending || s.T.EvilAsked {
		// End-of-Turn Reactions come after all the Turn's Actions (§2.5
		// item 4, T1 step 6a): once they are played, no Action follows.
		return refuse("§2.5", "the Evil side has played its end-of-Turn Reactions, so the Turn's Actions are over")
	}
	if err := s.turnState().CheckDeclareAction(c.Extra); err != nil {
		return refuse("§8 V8", "%v", err)
	}
	if c.Extra {
		s.T.ItemExtraUsed++
	}
	if c.GrantsExtra > 0 && c.Item == "" {
		return refuse("§3.6", "only an Item grants an extra Action: name it")
	}
	if c.Item != "" {
		_, it := s.item(c.Item)
		if it == nil {
			return refuse("§3.6", "there is no Item %q in the Inventory", c.Item)
		}
		if it.Passive {
			return refuse("§3.6", "%s is a Passive Item: it is used when its trigger happens, not with an Action", it.Name)
		}
		if it.Action != c.Action {
			return refuse("§3.6", "%s is used with a %s Action, not %s", it.Name, it.Action, c.Action)
		}
		name, from, disc, err := s.spendItem(c.Item, max(c.Charges, 1), c.CardAllowsMore)
		if err != nil {
			return err
		}
		if o != nil {
			o.ItemName, o.ItemFrom, o.Discarded = name, from, disc
		}
		s.T.ItemExtra += c.GrantsExtra
	}
	if s.T.declared() == 0 && s.Map != nil {
		s.T.ActionSector = s.Map.Hero
	}
	if o != nil {
		o.Turn = s.TurnsUsed
	}
	s.T.Pending = c.Action
	s.T.addTrigger(string(c.Action))
	return nil
}

// begin makes sure the Action is declared: a resolution command declares
// it itself when it was not declared first.
func (s *State) begin(a Action) error {
	if s.T.Pending == a {
		return nil
	}
	if s.T.Pending != "" {
		return refuse("§6 T1", "the declared Action is %s, not %s", s.T.Pending, a)
	}
	return s.declare(&Declare{Action: a}, nil)
}

func (s *State) finish() {
	s.T.Actions = append(s.T.Actions, s.T.Pending)
	s.T.Pending = ""
}

// Resolve marks the declared Action resolved when the table resolved it by
// hand: in bookkeeping mode, or when an Item's text replaced the Action.
type Resolve struct {
	Note string `json:"note,omitempty"`
}

type resolveEv struct {
	Resolve
	Action Action `json:"action"`
}

func (c Resolve) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &resolveEv{Resolve: c}, nil
}
func (*resolveEv) kind() string { return "resolve" }
func (o *resolveEv) run(s *State) error {
	if s.T.Pending == "" {
		return refuse("§6 T1", "no Action is declared and waiting to be resolved")
	}
	o.Action = s.T.Pending
	s.finish()
	return nil
}
func (o *resolveEv) line() string {
	l := fmt.Sprintf("%s resolved", o.Action)
	if o.Note != "" {
		l += ": " + o.Note
	}
	return l
}

// ---- T1 step 6: the end of a Turn ----

// AttackRoll is one Creature's end-of-Turn attack: with dice rolled at
// the table (EndTurn.Roll), Faces are its dice and Reroll the face the
// Dexterity reroll showed; and whether the Evil side deals it to the
// Companion. In bookkeeping mode (no Map) Creature is a label and Hits the
// hits counted at the table.
type AttackRoll struct {
	Creature    string       `json:"creature"`
	Faces       []alone.Face `json:"faces,omitempty"`
	Reroll      alone.Face   `json:"reroll,omitempty"`
	Hits        int          `json:"hits,omitempty"`
	ToCompanion bool         `json:"toCompanion,omitempty"`
}

// EndTurn ends the Turn (T1 step 6): the end-of-Turn Reactions are played
// before it, as their own events; then every Creature in the Hero's Sector
// attacks (§4.8), Lights a Creature moved into go out (§4.10), and the
// Turn's flags are reset. Attacks lists the Evil side's order and choices;
// Creatures not listed attack after, in the policy's order.
type EndTurn struct {
	// Roll says who rolls the attacks' dice and their Dexterity rerolls.
	Roll    DiceSource   `json:"roll,omitempty"`
	Attacks []AttackRoll `json:"attacks,omitempty"`
}

// attackOut is one attack as resolved.
type attackOut struct {
	Creature    string             `json:"creature"`
	Type        alone.CreatureType `json:"type,omitempty"`
	Dice        int                `json:"dice"`
	SpecialHits bool               `json:"specialHits,omitempty"`
	Faces       []alone.Face       `json:"faces,omitempty"`
	// Dexterity: the Hero made the Evil side reroll 1 Hit (§3.5).
	Dexterity bool               `json:"dexterity,omitempty"`
	Reroll    alone.Face         `json:"reroll,omitempty"`
	Hits      int                `json:"hits"`
	Redirect  bool               `json:"toCompanion,omitempty"`
	Res       alone.DamageResult `json:"res"`
}

type endTurnEv struct {
	rev
	Turn    int         `json:"turn"`
	Attacks []attackOut `json:"attacks,omitempty"`
	// Combined: the attacks were one damage event (combineCreatureAttacks).
	Combined    bool                `json:"combined,omitempty"`
	CombinedRes *alone.DamageResult `json:"combinedRes,omitempty"`
	LightsOff   []string            `json:"lightsOff,omitempty"`
	LastTurn    bool                `json:"lastTurn,omitempty"`
	Trace       string              `json:"trace,omitempty"`
	Hidden      bool                `json:"hidden,omitempty"`
	// Answer is, in solo mode, the face-up cards the app's Evil side plays
	// against the Life damage the attacks dealt (AfterAttacks), with what
	// each did and the decision's explanation.
	Answer      []ReactionPlay `json:"answer,omitempty"`
	AnswerOut   []reactionOut  `json:"answerOut,omitempty"`
	AnswerTrace automa.Trace   `json:"answerTrace,omitempty"`
}

func (c EndTurn) plan(s *State, d *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	o := &endTurnEv{Hidden: s.Mode == Solo}
	given := map[string]AttackRoll{}
	var order []string
	for _, a := range c.Attacks {
		if _, dup := given[a.Creature]; dup {
			return nil, refuse("§4.8", "%s attacks once at the end of a Turn, not twice", a.Creature)
		}
		given[a.Creature] = a
		order = append(order, a.Creature)
	}
	if s.Map == nil {
		for _, a := range c.Attacks {
			if a.Hits < 0 {
				return nil, refuse("§4.8", "%s cannot hit %d times", a.Creature, a.Hits)
			}
			if len(a.Faces) > 0 || a.Reroll != "" {
				return nil, refuse("§7.2", "this game keeps no Map: enter the hits counted at the table for %s, not its faces", a.Creature)
			}
			o.Attacks = append(o.Attacks, attackOut{Creature: a.Creature, Hits: a.Hits, Redirect: a.ToCompanion})
		}
		return o, nil
	}
	att := s.Map.EndOfTurnAttacks(s.Nightmare, s.T.AttackMods, s.config())
	for _, id := range order {
		if !slices.ContainsFunc(att, func(a alone.Attack) bool { return a.Creature == id }) {
			return nil, refuse("§4.8", "Creature %q is not in the Hero's Sector and does not attack", id)
		}
	}
	// The Evil side chooses the order (AMB-6): the listed ones first, then
	// the policy's order for the rest.
	var rest []alone.Attack
	for _, a := range att {
		if _, ok := given[a.Creature]; !ok {
			rest = append(rest, a)
		}
	}
	var sorted []alone.Attack
	for _, id := range order {
		for _, a := range att {
			if a.Creature == id {
				sorted = append(sorted, a)
			}
		}
	}
	if len(rest) > 1 {
		var tr automa.Trace
		rest, tr = alone.AttackOrder(rest, s.Settings, d)
		o.Trace = tr.String()
	}
	sorted = append(sorted, rest...)
	charges := 0
	if s.Companion != nil {
		charges = s.Companion.Charges
	}
	for _, a := range sorted {
		g := given[a.Creature]
		what := "the " + string(a.Type) + "'s attack"
		f, err := s.roll(d, c.Roll, g.Faces, a.Dice, what)
		if err != nil {
			return nil, err
		}
		out := attackOut{Creature: a.Creature, Type: a.Type, Dice: a.Dice, SpecialHits: a.SpecialHits, Faces: f, Redirect: g.ToCompanion}
		hits, _ := alone.CountHits(f, a.SpecialHits)
		// Dexterity: the Evil side rerolls 1 Hit, once (§3.5); it never
		// hurts the Hero, so the app always asks for it.
		out.Dexterity = hits > 0 && s.Unlocked(Dexterity)
		if out.Reroll, err = s.rollOne(d, c.Roll, g.Reroll, out.Dexterity, "the Dexterity reroll of "+what); err != nil {
			return nil, err
		}
		if s.Mode == Solo && charges > 0 {
			// The app's Evil side sends an attack to the Companion by the
			// policy (§7.4), the whole event or nothing (§3.7).
			f := f
			if out.Dexterity {
				f = rerollFirst(f, a.SpecialHits, out.Reroll, true)
			}
			h, _ := alone.CountHits(f, a.SpecialHits)
			if h > 0 {
				out.Redirect, _ = alone.CompanionRedirect(h, charges)
				if out.Redirect {
					charges = max(0, charges-h)
				}
			}
		}
		o.Attacks = append(o.Attacks, out)
	}
	if err := o.answer(s, d); err != nil {
		return nil, err
	}
	return o, nil
}

// answer is the app's Evil side's answer in solo mode to the Life damage
// the attacks will deal (alone.AfterAttacks): the Turn is played out on a
// copy to learn what they deal, then the cards that damage triggers are
// weighed, to be played once the attacks have hit.
func (o *endTurnEv) answer(s *State, d *tracker.Dice) error {
	if s.Mode != Solo || s.Evil.Known == nil || s.Map == nil || !s.T.Started {
		return nil
	}
	cp := s.clone()
	trial := *o
	trial.Attacks = append([]attackOut(nil), o.Attacks...)
	trial.setRules(rulesRev) // as it will be decided

	if err := trial.run(cp); err != nil || cp.Outcome != "" || len(cp.T.Triggers) == 0 {
		return nil // run refuses it below, or nothing is left to answer
	}
	dec, tr, err := alone.AfterAttacks(cp.situation(), d)
	if err != nil {
		return refuse("§7.4", "%v", err)
	}
	o.AnswerTrace = tr
	for _, p := range dec.Plays {
		o.Answer = append(o.Answer, cp.toPlay(p))
	}
	return nil
}

func (*endTurnEv) kind() string { return "endTurn" }
func (o *endTurnEv) run(s *State) error {
	if !s.T.Started {
		return refuse("§6 T1", "no Turn is in play")
	}
	if s.T.Pending != "" {
		return refuse("§6 T1", "the %s Action declared is not resolved yet", s.T.Pending)
	}
	if err := s.turnState().CheckEndTurn(); err != nil {
		return refuse("§8 V8", "%v", err)
	}
	if s.Mode == Solo && !s.T.EvilAsked {
		return refuse("§2.2", "the Turn ends after the Evil side has had its chance to react: ask for its Reactions first")
	}
	o.Turn = s.TurnsUsed
	// b. Creature attacks (§4.8), each its own damage event unless the
	// setting combines them (AMB-6). Every Creature in the Hero's Sector
	// attacks, once, with its table's dice.
	if s.Map != nil {
		att := s.Map.EndOfTurnAttacks(s.Nightmare, s.T.AttackMods, s.config())
		if len(att) != len(o.Attacks) {
			return refuse("§4.8", "%d Creatures are in the Hero's Sector and each attacks; %d attacks were given", len(att), len(o.Attacks))
		}
		for _, a := range att {
			if !slices.ContainsFunc(o.Attacks, func(x attackOut) bool { return x.Creature == a.Creature && x.Dice == a.Dice }) {
				return refuse("§4.8", "the %s %s attacks with %d dice", a.Type, a.Creature, a.Dice)
			}
		}
	}
	total := 0
	hurt := false // an attack dealt the Hero Life damage
	for i := range o.Attacks {
		a := &o.Attacks[i]
		if s.Map != nil {
			c := s.Map.Creature(a.Creature)
			if c == nil || c.Sector != s.Map.Hero {
				return refuse("§4.8", "Creature %q is not in the Hero's Sector", a.Creature)
			}
			if len(a.Faces) != a.Dice {
				return refuse("§4.8", "the %s rolls %d dice, not %d", a.Type, a.Dice, len(a.Faces))
			}
			f := a.Faces
			if a.Dexterity {
				if !s.Unlocked(Dexterity) {
					return refuse("§3.5", "only Dexterity makes the Evil side reroll a Hit")
				}
				// The first Hit is rerolled.
				f = rerollFirst(f, a.SpecialHits, a.Reroll, true)
			}
			h, err := alone.CountHits(f, a.SpecialHits)
			if err != nil {
				return refuse("§8 V30", "%v", err)
			}
			a.Hits = h
		}
		if s.Outcome != "" || a.Hits == 0 {
			continue
		}
		if s.Settings.CombineCreatureAttacks {
			total += a.Hits
			continue
		}
		r, err := s.damage(alone.LifeDamage, a.Hits, a.Redirect)
		if err != nil {
			return err
		}
		a.Res = r
		hurt = hurt || !r.Redirected
	}
	o.Combined, o.CombinedRes = false, nil
	if total > 0 {
		redirect := len(o.Attacks) > 0 && o.Attacks[0].Redirect
		r, err := s.damage(alone.LifeDamage, total, redirect)
		if err != nil {
			return err
		}
		o.Combined, o.CombinedRes = true, &r
		hurt = hurt || !r.Redirected
	}
	// c. Lights out where a Creature moved in (§4.10).
	o.LightsOff = nil
	if s.Map != nil {
		o.LightsOff = s.Map.LightsOff()
		for _, id := range o.LightsOff {
			s.Map.Sector(id).Lighted = false
		}
		for i := range s.Map.Creatures {
			s.Map.Creatures[i].Moved = false
		}
	}
	// d. Reset the Turn's flags. A Reaction triggered by Life damage "can
	// be triggered whenever you are taking damage" (Hero Compendium), the
	// end-of-Turn attacks too, so their damage trigger stays answerable
	// until the next Turn starts, within the Turn's 2 Reactions. The spec
	// (T1 step 6d) resets the triggers here with everything else; the seed
	// wins. Events decided before revision 1 cleared every flag here.
	if o.before(1) {
		s.T = TurnFlags{}
	} else {
		t := TurnFlags{Over: true, Reactions: s.T.Reactions, ActionSector: s.T.ActionSector}
		if hurt {
			t.Triggers = []string{TriggerLife}
		}
		s.T = t
	}
	o.LastTurn = s.TurnsUsed == alone.TurnsPerRound
	// The app's Evil side answers the damage the attacks dealt (solo).
	o.AnswerOut = nil
	for _, p := range o.Answer {
		out, err := s.playReaction(p, o.rules())
		if err != nil {
			return err
		}
		o.AnswerOut = append(o.AnswerOut, out)
	}
	return nil
}

func (o *endTurnEv) line() string   { return o.text(false) }
func (o *endTurnEv) secret() string { return o.text(true) }

func (o *endTurnEv) text(all bool) string {
	l := fmt.Sprintf("Turn %d ends", o.Turn)
	for _, a := range o.Attacks {
		// With a Map, Creature is its id, named as the screens do
		// (names.go); without, the label the table gave it.
		who := a.Creature
		l += fmt.Sprintf("; %s attacks", who)
		if a.Faces != nil || a.Dice > 0 {
			l += fmt.Sprintf(" with %s: %s", plural(a.Dice, "die", "dice"), facesText(a.Faces))
			if a.Dexterity {
				l += fmt.Sprintf(", Dexterity reroll %s", a.Reroll)
			}
		}
		l += fmt.Sprintf(", %s", plural(a.Hits, "hit", "hits"))
		if !o.Combined && a.Hits > 0 && (a.Res.Before != a.Res.After || a.Res.Redirected) {
			l += " — " + damageText(a.Res, a.Hits)
		}
	}
	if o.CombinedRes != nil {
		l += "; together " + damageText(*o.CombinedRes, o.CombinedRes.Before.Life-o.CombinedRes.After.Life+o.CombinedRes.Before.SC-o.CombinedRes.After.SC)
	}
	if len(o.LightsOff) > 0 && (all || !o.Hidden) {
		l += "; Lights out in " + andList(o.LightsOff)
	} else if len(o.LightsOff) > 0 {
		l += fmt.Sprintf("; Lights go out in %s", plural(len(o.LightsOff), "Sector", "Sectors"))
	}
	for i, p := range o.Answer {
		out := reactionOut{}
		if i < len(o.AnswerOut) {
			out = o.AnswerOut[i]
		}
		l += "; the Evil side answers the damage: " + strings.TrimPrefix(reactionLine(p, out, o.Turn, all), fmt.Sprintf("Turn %d: ", o.Turn))
	}
	if o.LastTurn {
		l += "; the Round's 8 Turns are played: End of the Round next"
	}
	if all && o.Trace != "" {
		l += "\n" + o.Trace
	}
	return l
}

// ---- T2: the End of the Round ----

// EndRound runs the End-of-Round procedure (T2) as one event, its steps in
// order. Danger is where the set-aside Danger tokens go and DangerRemove
// the tokens taken off a full Level to make room; Discards and Draws are
// each Evil player's cards per deck (nil asks the app for the refill);
// Effects is End-of-Round damage from Mission or Hero cards (step 7). In
// solo mode the app decides the Danger tokens and the refill itself; in the
// other modes it proposes them when Danger or Draws is nil.
type EndRound struct {
	Danger       []string     `json:"danger,omitempty"`
	DangerRemove []string     `json:"dangerRemove,omitempty"`
	Discards     [][2]int     `json:"discards,omitempty"`
	Draws        [][2]int     `json:"draws,omitempty"`
	Effects      []DealDamage `json:"effects,omitempty"`
}

type endRoundEv struct {
	EndRound
	rev
	cardDraws
	Round              int                  `json:"round"`
	DangerToPlace      int                  `json:"dangerToPlace"`
	Returned           int                  `json:"returned,omitempty"`
	LabyrinthRemoved   []string             `json:"labyrinthRemoved,omitempty"`
	AdrenalineBefore   int                  `json:"adrenalineBefore"`
	AdrenalineAfter    int                  `json:"adrenalineAfter"`
	EffectsRes         []alone.DamageResult `json:"effectsRes,omitempty"`
	NightmareLoss      *alone.DamageResult  `json:"nightmareLoss,omitempty"`
	MarkerFrom         int                  `json:"markerFrom"`
	MarkerTo           int                  `json:"markerTo"`
	NightmareTriggered bool                 `json:"nightmareTriggered,omitempty"`
	Leader             string               `json:"leader,omitempty"`
	Defeated           bool                 `json:"defeated,omitempty"`
	Trace              string               `json:"trace,omitempty"`
	Hidden             bool                 `json:"hidden,omitempty"`
}

func (c EndRound) plan(s *State, d *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	if s.T.Started || s.TurnsUsed < alone.TurnsPerRound {
		return nil, refuse("§8 V7", "the Round ends after its 8th Turn; %d of 8 are finished", s.TurnsUsed-b2i(s.T.Started))
	}
	if err := noShare(c.Effects); err != nil {
		return nil, err
	}
	o := &endRoundEv{EndRound: c, Hidden: s.Mode == Solo, cardDraws: decidingDraws(d)}
	var tr automa.Trace
	n := len(s.Evil.Players)
	if c.Draws == nil || s.Mode == Solo {
		// The refill the app proposes (T2 step 5): every hand back to its
		// size, from the decks each player may use.
		h := alone.EvilHands{Players: n, Decks: [2]string{s.Evil.Decks[0].Name, s.Evil.Decks[1].Name}}
		for p := 0; p < n; p++ {
			h.Hands = append(h.Hands, s.Evil.Hands[p][0]+s.Evil.Hands[p][1])
		}
		for k := 0; k < 2; k++ {
			dk := s.Evil.Decks[k]
			h.Left[k] = dk.Draw + dk.Discard
		}
		draws, t, err := alone.Refill(h, d)
		if err != nil {
			return nil, refuse("§4.1", "%v", err)
		}
		tr.Steps = append(tr.Steps, t.Steps...)
		o.Discards, o.Draws = make([][2]int, n), make([][2]int, n)
		for _, dr := range draws {
			p := dr.Player - 1
			o.Draws[p] = dr.From
			for k := 0; k < dr.Discard; k++ {
				deck := 0
				if s.Evil.Hands[p][1]-o.Discards[p][1] > s.Evil.Hands[p][0]-o.Discards[p][0] {
					deck = 1
				}
				o.Discards[p][deck]++
			}
		}
	}
	if s.Map != nil && (s.Mode == Solo || c.Danger == nil) {
		// Without a placement from the table the app places the tokens by
		// its policy (an empty list places none). They are placed after the Labyrinth cleanup, so the
		// policy sees the Line of Sight the cleanup leaves (T2 steps 2, 6).
		m := s.Map.Clone()
		_, removed := m.LabyrinthCleanup()
		for _, id := range removed {
			m.UnrevealSector(id)
		}
		dp, t, err := alone.PlaceDanger(m, s.reactionTrack().DangerToPlace(s.Sheet.Config), s.Goals, d)
		if err != nil {
			return nil, refuse("§4.11", "%v", err)
		}
		tr.Steps = append(tr.Steps, t.Steps...)
		o.Danger, o.DangerRemove = dp.Place, dp.Remove
	}
	o.Trace = tr.String()
	return o, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (*endRoundEv) kind() string { return "endRound" }
func (o *endRoundEv) run(s *State) error {
	if s.T.Started || s.TurnsUsed < alone.TurnsPerRound {
		return refuse("§8 V7", "the Round ends after its 8th Turn")
	}
	o.Round = s.Round
	res, err := alone.EndOfRound(s.Map, alone.RoundEnd{
		Tracks: alone.Tracks{Life: s.Life, SC: s.SC}, RoundMarker: s.RoundMarker, Nightmare: s.Nightmare,
		ColdBlood: s.Unlocked(ColdBlood), Adrenaline: s.Adrenaline, Track: s.reactionTrack(),
	}, s.Sheet.Config, s.Settings)
	if err != nil {
		return refuse("§6 T2", "%v", err)
	}
	// 1. Reaction Track cleanup: the Danger count, the cards to their own
	// decks' discard piles.
	o.DangerToPlace = res.DangerToPlace
	for _, c := range s.Track {
		s.Evil.Decks[c.Deck].Discard++
		if c.ID != "" && s.Evil.Known != nil {
			s.Evil.Known.Discard[c.Deck] = append(s.Evil.Known.Discard[c.Deck], c.ID)
		}
	}
	s.Track = nil
	// 2. Labyrinth cleanup.
	o.LabyrinthRemoved = res.LabyrinthRemove
	for _, id := range res.LabyrinthRemove {
		s.Map.UnrevealSector(id)
	}
	// 4. Adrenaline refill: set, never added (V6, AMB-17).
	o.AdrenalineBefore, o.AdrenalineAfter = s.Adrenaline, res.Adrenaline
	s.Adrenaline = res.Adrenaline
	// 5. Evil hands: discards, then the refill to the hand size (V15).
	n := len(s.Evil.Players)
	size := s.HandSize()
	if o.Discards != nil && len(o.Discards) != n || len(o.Draws) != n {
		return refuse("§4.1", "give the discards and draws of each of the %d Evil players", n)
	}
	for p := 0; p < n; p++ {
		if o.Discards != nil {
			for k := 0; k < 2; k++ {
				x := o.Discards[p][k]
				if x < 0 || x > s.Evil.Hands[p][k] {
					return refuse("§4.1", "%s holds %d %s cards and cannot discard %d", s.Evil.Players[p], s.Evil.Hands[p][k], s.Evil.Decks[k].Name, x)
				}
				for ; x > 0; x-- {
					if p == 0 {
						id, err := s.giveKnown(k, "")
						if err != nil {
							return err
						}
						if id != "" {
							s.Evil.Known.Discard[k] = append(s.Evil.Known.Discard[k], id)
						}
					}
					s.Evil.Hands[p][k]--
					s.Evil.Decks[k].Discard++
				}
			}
		}
		if err := s.deal(p, o.Draws[p], size, &o.cardDraws); err != nil {
			return err
		}
	}
	// 6. Danger tokens (§4.11, V28).
	if len(o.Danger) > o.DangerToPlace {
		return refuse("§8 V28", "%d Danger tokens were set aside; %d cannot be placed", o.DangerToPlace, len(o.Danger))
	}
	if s.Map != nil {
		// The tokens go down one at a time, and a Level already holding 8
		// gives up one old token for each new one (§4.11 item 4): so a
		// Level may lose as many tokens as its new ones overflow the cap.
		placing := map[int]int{}
		for _, id := range o.Danger {
			if sec := s.Map.Sector(id); sec != nil {
				placing[sec.Level]++
			}
		}
		removing := map[int]int{}
		for i, id := range o.DangerRemove {
			sec := s.Map.Sector(id)
			if sec == nil || !sec.Danger || slices.Contains(o.DangerRemove[:i], id) {
				return refuse("§4.11", "there is no Danger token in %q to take away", id)
			}
			removing[sec.Level]++
			on := s.Map.DangerOnLevel(sec.Level)
			if room := on + placing[sec.Level] - alone.MaxDangerPerLevel; removing[sec.Level] > room {
				return refuse("§4.11", "tokens are taken away only to make room on a Level with %d: Level %d has %d and takes %d new, so at most %d can be taken away", alone.MaxDangerPerLevel, sec.Level, on, placing[sec.Level], max(0, room))
			}
		}
		for _, id := range o.DangerRemove {
			s.Map.Sector(id).Danger = false
		}
		for _, id := range o.Danger {
			if err := s.Map.CheckDangerPlacement(id); err != nil {
				return refuse("§8 V28", "%v", err)
			}
			s.Map.Sector(id).Danger = true
		}
	} else if len(o.Danger) > 0 || len(o.DangerRemove) > 0 {
		return refuse("§7.2", "this game keeps no Map: the Danger tokens are placed at the table")
	}
	// Tokens with no legal Sector go back to the pool (AMB-16).
	o.Returned = 0
	if s.Map != nil {
		o.Returned = o.DangerToPlace - len(o.Danger)
	}
	// 7. End-of-Round effects, then the Nightmare loss (AMB-2) and the
	// defeat check.
	o.EffectsRes, o.NightmareLoss, o.Defeated = nil, nil, false
	for _, e := range o.Effects {
		if e.N < 1 {
			return refuse("§3.2", "damage is at least 1 point, not %d", e.N)
		}
		r, err := s.damage(e.Kind, e.N, e.ToCompanion)
		if err != nil {
			return err
		}
		o.EffectsRes = append(o.EffectsRes, r)
	}
	if res.NightmareLoss != nil && s.Outcome == "" {
		r, err := s.damage(alone.SCDamage, 2, false)
		if err != nil {
			return err
		}
		o.NightmareLoss = &r
	}
	if s.Outcome == Defeated {
		o.Defeated = true
		return nil
	}
	// 8. The Round marker, and Nightmare Mode (irreversible).
	o.MarkerFrom, o.MarkerTo = s.RoundMarker, res.RoundMarker
	s.RoundMarker = res.RoundMarker
	o.NightmareTriggered = res.NightmareTriggered
	if res.NightmareTriggered {
		s.Nightmare = true
	}
	// 9. The next Round: the Leader passes left, the Turn tokens turn up.
	s.Evil.Leader = (s.Evil.Leader + 1) % n
	o.Leader = s.Evil.Players[s.Evil.Leader]
	s.TurnsUsed, s.T = 0, TurnFlags{}
	s.Round++
	if s.Map != nil {
		for i := range s.Map.Creatures {
			s.Map.Creatures[i].Moved = false
		}
	}
	return nil
}

func (o *endRoundEv) line() string   { return o.text(false) }
func (o *endRoundEv) secret() string { return o.text(true) }

func (o *endRoundEv) text(all bool) string {
	var p []string
	p = append(p, fmt.Sprintf("End of Round %d: %s set aside", o.Round, plural(o.DangerToPlace, "Danger token", "Danger tokens")))
	if len(o.LabyrinthRemoved) > 0 {
		p = append(p, fmt.Sprintf("%s leave the Labyrinth", plural(len(o.LabyrinthRemoved), "tile", "tiles")))
	}
	p = append(p, fmt.Sprintf("Adrenaline %d → %d", o.AdrenalineBefore, o.AdrenalineAfter))
	if all || !o.Hidden {
		if len(o.Danger) > 0 {
			p = append(p, "Danger placed in "+andList(o.Danger))
		}
		if len(o.DangerRemove) > 0 {
			p = append(p, "Danger moved from "+andList(o.DangerRemove))
		}
	}
	if o.Returned > 0 {
		p = append(p, fmt.Sprintf("%s back to the pool", plural(o.Returned, "Danger token goes", "Danger tokens go")))
	}
	for i, r := range o.EffectsRes {
		p = append(p, damageLine(nonEmpty(o.Effects[i].Source, "End-of-Round effect"), r, o.Effects[i].N))
	}
	if o.NightmareLoss != nil {
		p = append(p, damageLine("Nightmare", *o.NightmareLoss, 2))
	}
	if o.Defeated {
		return strings.Join(p, "; ")
	}
	p = append(p, fmt.Sprintf("Round marker %d → %d", o.MarkerFrom, o.MarkerTo))
	if o.NightmareTriggered {
		p = append(p, "Nightmare Mode is triggered")
	}
	p = append(p, "the Evil Leader is now "+o.Leader)
	l := strings.Join(p, "; ")
	if all && o.Trace != "" {
		l += "\n" + o.Trace
	}
	return l
}
