package alone

import (
	"fmt"
	"strings"

	"tablekeeper/automa"
)

// Trigger is the symbol that lets a Reaction card be played face up (§4.2
// item 5): an Action the Hero performed this Turn, or damage of a kind the
// Hero took (its original kind, §3.2).
type Trigger string

// The triggers.
const (
	TriggerMove     Trigger = "move"
	TriggerExplore  Trigger = "explore"
	TriggerFight    Trigger = "fight"
	TriggerLocate   Trigger = "locate"
	TriggerScavenge Trigger = "scavenge"
	TriggerInteract Trigger = "interact"
	TriggerLife     Trigger = "life"
	TriggerSC       Trigger = "sc"
)

var triggers = []Trigger{TriggerMove, TriggerExplore, TriggerFight, TriggerLocate, TriggerScavenge, TriggerInteract, TriggerLife, TriggerSC}

// Words is the trigger as the players say it: the Action ("Move"), or
// the damage taken ("Life damage", "Self Control damage").
func (t Trigger) Words() string {
	switch t {
	case TriggerLife:
		return "Life damage"
	case TriggerSC:
		return "Self Control damage"
	case "":
		return "none"
	}
	return strings.ToUpper(string(t[:1])) + string(t[1:])
}

// Valid says whether t is a trigger symbol.
func (t Trigger) Valid() bool {
	for _, x := range triggers {
		if t == x {
			return true
		}
	}
	return false
}

// ReactionCard is one Reaction card as user-made data (spec §4.2 item 10):
// its texts are the owner's; the app reads only the effect ops it needs to
// weigh the card.
type ReactionCard struct {
	ID      string  `json:"id"`
	Deck    string  `json:"deck,omitempty"`
	Name    string  `json:"name,omitempty"`
	Trigger Trigger `json:"trigger"`
	// Instant cards are played at their Timing during the Turn; the others
	// at the end of the Turn.
	Instant   bool     `json:"instant,omitempty"`
	Timing    string   `json:"timing,omitempty"`
	Effect    []CardOp `json:"effect"`
	Dangerous []CardOp `json:"dangerousEffect,omitempty"`
}

// title is the card as the players call it: its name, or its id when the
// data gives no name.
func (c *ReactionCard) title() string {
	if c.Name != "" {
		return "“" + c.Name + "”"
	}
	return c.ID
}

// CardOp is one effect of a card, as far as the policy weighs it.
type CardOp struct {
	// Op is damage (N points of Kind to the Hero), attackDice (+N dice to
	// a Creature attacking this Turn), move (a Creature moves up to Range),
	// spawn, or other (no value the policy can weigh).
	Op    string     `json:"op"`
	Kind  DamageKind `json:"kind,omitempty"`
	N     int        `json:"n,omitempty"`
	Range int        `json:"range,omitempty"`
}

var cardOps = []string{"damage", "attackDice", "move", "spawn", "other"}

// Validate checks one card's data.
func (c *ReactionCard) Validate() error {
	if c.ID == "" {
		return fmt.Errorf("a Reaction card has no id")
	}
	if !c.Trigger.Valid() {
		return fmt.Errorf("card %q: trigger %q is not one of move, explore, fight, locate, scavenge, interact, life, sc", c.ID, c.Trigger)
	}
	for _, ops := range [][]CardOp{c.Effect, c.Dangerous} {
		for _, o := range ops {
			switch {
			case !contains(cardOps, o.Op):
				return fmt.Errorf("card %q: effect %q is not one of %s", c.ID, o.Op, strings.Join(cardOps, ", "))
			case o.Op == "damage" && !o.Kind.Valid():
				return fmt.Errorf("card %q: damage needs kind life or sc", c.ID)
			case o.N < 0 || o.Range < 0 || o.N > 20 || o.Range > 20:
				return fmt.Errorf("card %q: effect numbers must be within 0..20", c.ID)
			}
		}
	}
	return nil
}

const ruleAllowed = "alone §7.4 Allowed-card mode (design proposal; Standard and Allowed Reactions EC p.5)"

// allowed is the §7.4 Allowed-card mode: when the hand's cards are known,
// weigh every non-Instant card whose trigger happened this Turn, and play the
// best instead of the Standard play when its value is higher. A card worth
// at least the Strike threshold plays like a Strike (pacing and Danger
// symbols aside, and as a combo); a weaker one needs the pacing budget and
// is never a combo.
func (s *Situation) allowed(std *Play, combo bool, tr *automa.Trace, r automa.Rand) *Play {
	return s.weighCards(std, combo, nil, tr, r)
}

// weighCards weighs the end-of-Turn cards, or with timing set the Instant
// cards that may be played at that moment.
func (s *Situation) weighCards(std *Play, combo bool, timing *string, tr *automa.Trace, r automa.Rand) *Play {
	if len(s.Cards) == 0 {
		return nil
	}
	stdValue := 0.0
	if std != nil && std.Priority == "P1 Strike" {
		stdValue = std.Value
	}
	step := tr.Add(ruleAllowed, "weigh the Allowed cards in hand against the Standard play (value %.2f)", stdValue)
	dangerous := s.Map.Dangerous(s.ActionStart, s.Settings)
	happened := map[Trigger]bool{}
	for _, t := range s.Triggers {
		happened[t] = true
	}
	paced := s.Track.Used+s.Track.NextCost() <= pacingBudget(s.Config, s.Turn, s.Settings) && !s.Track.CoversDanger(s.Config)
	moves := map[int]bestMove{}
	var cs []cand
	var drops []automa.Candidate
	for i := range s.Cards {
		c := &s.Cards[i]
		switch {
		case timing == nil && c.Instant:
			drops = append(drops, dropped(c.title(), "Instant: played during the Action, at the moment printed on it, not at the end of the Turn"))
			continue
		case timing != nil && !c.Instant:
			drops = append(drops, dropped(c.title(), "not Instant: played at the end of the Turn"))
			continue
		case timing != nil && c.Timing != "" && c.Timing != *timing:
			drops = append(drops, dropped(c.title(), fmt.Sprintf("its moment is %q, not %q", c.Timing, *timing)))
			continue
		case !happened[c.Trigger]:
			drops = append(drops, dropped(c.title(), fmt.Sprintf("its trigger (%s) did not happen this Turn", c.Trigger.Words())))
			continue
		}
		v, move := s.opsValue(c.Effect, moves)
		if dangerous {
			dv, dmove := s.opsValue(c.Dangerous, moves)
			v += dv
			if move == nil {
				move = dmove
			}
		}
		strong := v >= s.Settings.strikeThreshold()
		switch {
		case v <= stdValue:
			drops = append(drops, automa.Candidate{Name: c.title(), Facts: map[string]any{"value": round2(v)}, Reason: "not worth more than the Standard play"})
			continue
		case !strong && (combo || !paced):
			drops = append(drops, automa.Candidate{Name: c.title(), Facts: map[string]any{"value": round2(v)}, Reason: "below the Strike threshold, and pacing or the combo rule forbids it"})
			continue
		}
		p := &Play{Priority: "Allowed card", Cards: 1, Kind: "card", Card: c, Move: move, Value: round2(v)}
		cs = append(cs, cand{name: c.title(), keys: []float64{v}, facts: map[string]any{"value": round2(v), "dangerous": dangerous && len(c.Dangerous) > 0}, val: p})
	}
	listDropped(step, drops)
	if len(cs) == 0 {
		step.Result = "keep the Standard play"
		return nil
	}
	ch := choose(cs, []string{"higher value"}, r)
	ch.record(step, cs)
	s.note("Allowed card", ch, cs)
	p := cs[ch.best].val.(*Play)
	step.Result = p.describe()
	return p
}

// opsValue estimates a list of effects (§7.4): damage counts its points,
// +n attack dice n × P(hit) when a Creature is in the Hero's Sector, and a
// move the best Strike it allows (E[dmg] + scare), with that move.
func (s *Situation) opsValue(ops []CardOp, moves map[int]bestMove) (float64, *MoveResult) {
	v := 0.0
	var move *MoveResult
	h := s.Map.HeroSector()
	for _, o := range ops {
		switch o.Op {
		case "damage":
			v += float64(o.N)
		case "attackDice":
			if len(s.Map.CreaturesIn(h.ID)) > 0 {
				v += float64(o.N) * s.Config.Dice.pHit(h.Danger)
			}
		case "move":
			b, ok := moves[o.Range]
			if !ok {
				b = s.bestMoveToHero(o.Range)
				moves[o.Range] = b
			}
			if b.move != nil {
				move = b.move
			}
			v += b.value
		}
	}
	return v, move
}

// bestMove is the best Strike a move of some range allows: its value and
// the move. Every card's move of one range is worth the same on one Map, so
// weighCards works it out once per range, not once per card.
type bestMove struct {
	value float64
	move  *MoveResult
}

func (s *Situation) bestMoveToHero(rng int) bestMove {
	h := s.Map.HeroSector()
	var b bestMove
	for i := range s.Map.Creatures {
		c := &s.Map.Creatures[i]
		if c.Sector == h.ID {
			continue
		}
		r, ok, err := s.Map.LegalMoveTo(c.ID, h.ID, rng, s.Hero.Nightmare, s.Config)
		if err != nil || !ok {
			continue
		}
		if val := s.expectedDamage(c.mustStats(s.Hero.Nightmare)) + float64(r.Scare); val > b.value {
			b.value, b.move = val, &r
		}
	}
	return b
}

const ruleInstant = "alone §4.2 item 6 and §7.4 Instant cards (Reaction timing EC p.5)"

// Instant is the §7.4 rule for Instant cards at a timing point during the
// Turn (e.g. "after dice are rolled"): the best triggered Instant whose
// moment this is, if it is worth a Strike or pacing allows it, within the
// Reaction limit and the Track's spaces. A combo must be worth a Strike.
func Instant(sit Situation, timing string, r automa.Rand) (EndOfTurnDecision, automa.Trace, error) {
	var tr automa.Trace
	var dec EndOfTurnDecision
	if err := sit.check(); err != nil {
		return dec, tr, err
	}
	sit.Map = sit.Map.Clone()
	sit.Cards = append([]ReactionCard(nil), sit.Cards...)
	st := tr.Add(ruleInstant, "Instant cards at the moment %q", timing)
	if err := sit.Track.CheckPlay(true, sit.Config); err != nil || !sit.handHas(1) {
		st.Result = "no Reaction can be played now"
		if err != nil {
			st.Result = err.Error()
		}
	} else if p := sit.weighCards(nil, sit.Track.PlayedThisTurn > 0, &timing, &tr, r); p != nil {
		p.Priority = "Instant card"
		sit.apply(p)
		if p.Move != nil {
			sit.sayNoise(p, sit.Map.ObjectivePath(sit.Goals), &tr, r)
		}
		sit.Track = sit.Track.Play()
		dec.Plays = append(dec.Plays, *p)
		dec.Communicate = sit.tell(*p)
		st.Result = p.describe()
	} else {
		st.Result = "no Instant card now"
	}
	dec.Suggestions, dec.Track, dec.Map = sit.suggest, sit.Track, sit.Map
	return dec, tr, nil
}

const ruleAfterAttacks = "alone §4.2 item 5 damage Reactions after the end-of-Turn attacks (Damage Reactions EC p.4)"

// AfterAttacks is the Evil side's answer to the Life damage the
// end-of-Turn attacks dealt: "Some Reactions can be played when the Hero
// is taking damage, rather than performing a specific Action" (Evil
// Compendium p.4), so once the Turn's attacks have hit, a face-up card
// those hits triggered may still be played, within the Turn's 2 Reactions
// and the Reaction Track, and no face-down one (the Turn is over). Each is
// weighed as at the end of the Turn (§7.4 Allowed-card mode); Triggers
// holds only the damage the attacks dealt.
func AfterAttacks(sit Situation, r automa.Rand) (EndOfTurnDecision, automa.Trace, error) {
	var tr automa.Trace
	var dec EndOfTurnDecision
	if err := sit.check(); err != nil {
		return dec, tr, err
	}
	sit.Map = sit.Map.Clone()
	sit.Cards = append([]ReactionCard(nil), sit.Cards...)
	var dealt []string
	for _, t := range sit.Triggers {
		dealt = append(dealt, t.Words())
	}
	st := tr.Add(ruleAfterAttacks, "the Creatures' attacks dealt %s: a face-up card that damage triggers may still be played", strings.Join(dealt, " and "))
	st.Result = "weighing the cards in hand"
	for sit.Track.PlayedThisTurn < MaxReactionsPerTurn {
		if err := sit.Track.CheckPlay(true, sit.Config); err != nil || !sit.handHas(1) {
			why := "no card left in the Evil hand"
			if err != nil {
				why = err.Error()
			}
			tr.Add(ruleTrack, "no further Reaction this Turn").Result = why
			break
		}
		p := sit.weighCards(nil, sit.Track.PlayedThisTurn > 0, nil, &tr, r)
		if p == nil {
			break
		}
		p.Priority = "After the attacks"
		sit.apply(p)
		if p.Move != nil {
			sit.sayNoise(p, sit.Map.ObjectivePath(sit.Goals), &tr, r)
		}
		sit.Track = sit.Track.Play()
		if sit.Hand > 0 {
			sit.Hand--
		}
		dec.Plays = append(dec.Plays, *p)
		dec.Communicate = append(dec.Communicate, sit.tell(*p)...)
	}
	dec.Suggestions, dec.Track, dec.Map = sit.suggest, sit.Track, sit.Map
	return dec, tr, nil
}
