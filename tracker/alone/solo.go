package alone

import (
	"fmt"
	"strings"

	"tablekeeper/automa"
	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

func init() {
	register(func() op { return &evilEv{} })
}

// EvilTurn asks the app's Evil side for its end-of-Turn Reactions (solo
// mode, spec §7.4 via automa/alone.EndOfTurn). The decision and its trace
// are recorded; Override replaces the decision with the table's own plays
// (none for "play nothing"), and then Reason must say why.
type EvilTurn struct {
	Override []ReactionPlay `json:"override,omitempty"`
	// Overriding must be set with Override, so an empty override ("the
	// Evil side plays nothing") can be told from no override.
	Overriding bool   `json:"overriding,omitempty"`
	Reason     string `json:"reason,omitempty"`
}

type evilEv struct {
	rev
	// Proposed is what the policy decided; Plays what was played.
	Proposed   []ReactionPlay `json:"proposed,omitempty"`
	Plays      []ReactionPlay `json:"plays,omitempty"`
	Overridden bool           `json:"overridden,omitempty"`
	Reason     string         `json:"reason,omitempty"`
	Trace      automa.Trace   `json:"trace"`
	Turn       int            `json:"turn"`
	Out        []reactionOut  `json:"out,omitempty"`
}

// situation is what the policy reads of the game.
func (s *State) situation() alone.Situation {
	comp := 0
	if s.Companion != nil {
		comp = s.Companion.Charges
	}
	hand := 0
	for _, h := range s.Evil.Hands {
		hand += h[0] + h[1]
	}
	sit := alone.Situation{Map: s.Map, Hero: alone.HeroState{Life: s.Life, SC: s.SC, Nightmare: s.Nightmare, Companion: comp},
		Turn: s.TurnsUsed, Track: s.reactionTrack(), Hand: hand, Goals: s.Goals, Config: s.config(), Settings: s.Settings}
	if s.Mode == Solo && s.Evil.Known != nil {
		// The cards the app's Evil side can read are weighed face up too
		// (§7.4 Allowed-card mode), against what happened this Turn.
		sit.Cards, sit.ActionStart = s.heldCards(), s.T.ActionSector
		for _, t := range s.T.Triggers {
			sit.Triggers = append(sit.Triggers, alone.Trigger(t))
		}
	}
	return sit
}

// toPlay turns the policy's Play into the table's terms.
func (s *State) toPlay(p alone.Play) ReactionPlay {
	rp := ReactionPlay{Player: 0, Cards: p.Cards, Noise: p.Said.Direction}
	if s.Evil.Hands[0][1] > s.Evil.Hands[0][0] {
		rp.Deck = 1
	}
	switch p.Kind {
	case "spawn":
		rp.Spawn = &SpawnSpec{Type: p.Spawn.Type, Sector: p.Spawn.Sector}
	case "move":
		rp.Move = &MoveSpec{Creature: p.Move.Creature, Path: p.Move.Path, Range: max(p.Cards, 1), Unblock: p.Move.UnblockedOnly}
	case "card":
		// A card face up: its trigger, its deck, and what the app does of
		// its effects as the set gives them, the Dangerous half too when
		// the card is Dangerous (§4.2 item 7).
		c := p.Card
		rp.Allowed, rp.Trigger, rp.Card = true, string(c.Trigger), c.Name
		if strings.EqualFold(s.Evil.Decks[1].Name, c.Deck) {
			rp.Deck = 1
		} else {
			rp.Deck = 0
		}
		ops := c.Effect
		if s.Map.Dangerous(s.T.ActionSector, s.Settings) {
			ops = append(append([]alone.CardOp(nil), ops...), c.Dangerous...)
		}
		rng := 0
		for _, o := range ops {
			switch o.Op {
			case OpDamage, OpAttackDice:
				rp.Effects = append(rp.Effects, o)
			case OpMove:
				rng = max(rng, o.Range)
			}
		}
		if p.Move != nil {
			rp.Move = &MoveSpec{Creature: p.Move.Creature, Path: p.Move.Path, Range: max(rng, p.Move.Steps), Unblock: p.Move.UnblockedOnly}
		}
	}
	if rp.Move != nil && p.Move.Scare > 0 && s.Companion != nil {
		rp.ScareToCompanion, _ = alone.CompanionRedirect(p.Move.Scare, s.Companion.Charges)
	}
	return rp
}

func (c EvilTurn) plan(s *State, d *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	if s.Mode != Solo {
		return nil, refuse("§7.2", "the app plays Evil only in solo mode; in assist mode it suggests (see Suggest)")
	}
	if !s.T.Started || s.T.declared() == 0 {
		return nil, refuse("§8 V13", "the Evil side reacts after the Hero declares an Action")
	}
	if s.T.Pending != "" {
		return nil, refuse("§6 T1", "the Evil side's end-of-Turn Reactions wait until the %s Action is resolved", s.T.Pending)
	}
	dec, tr, err := alone.EndOfTurn(s.situation(), d)
	if err != nil {
		return nil, refuse("§7.4", "%v", err)
	}
	o := &evilEv{Trace: tr, Turn: s.TurnsUsed}
	for _, p := range dec.Plays {
		o.Proposed = append(o.Proposed, s.toPlay(p))
	}
	o.Plays = o.Proposed
	if c.Overriding || c.Override != nil {
		if strings.TrimSpace(c.Reason) == "" {
			return nil, refuse("§7.2", "say why the Evil side's decision is overridden")
		}
		o.Overridden, o.Reason, o.Plays = true, c.Reason, nil
		// The override's chance (Noise ties, Courage) is settled on a copy
		// that has played the earlier override cards.
		cp := s.clone()
		for _, p := range c.Override {
			if p.Roll == "" {
				// In solo mode the app is the Evil side: it rolls its own
				// Courage die, for the table's plays as for its own.
				p.Roll = VirtualDice
			}
			if err := cp.prepareReaction(&p, d, &o.Trace); err != nil {
				return nil, err
			}
			if _, err := cp.playReaction(p, rulesRev); err != nil {
				return nil, err
			}
			o.Plays = append(o.Plays, p)
		}
	} else {
		for i := range o.Plays {
			// Courage dice for a scaring move.
			if o.Plays[i].Move != nil && s.Unlocked(Courage) {
				// The app's Evil side rolls its own Courage die.
				o.Plays[i].Roll, o.Plays[i].CourageFace = VirtualDice, rollFaces(d, s.Sheet.Dice, 1)[0]
			}
		}
	}
	return o, nil
}

func (*evilEv) kind() string { return "evil" }
func (o *evilEv) run(s *State) error {
	if s.T.Pending != "" {
		return refuse("§6 T1", "the Evil side's end-of-Turn Reactions wait until the Action is resolved")
	}
	if s.T.EvilAsked {
		return refuse("§4.2", "the Evil side has already had its end-of-Turn Reactions this Turn")
	}
	s.T.EvilAsked = true
	o.Out = nil
	for _, p := range o.Plays {
		out, err := s.playReaction(p, o.rules())
		if err != nil {
			return err
		}
		o.Out = append(o.Out, out)
	}
	return nil
}

func (o *evilEv) line() string { return o.text(false) }
func (o *evilEv) secret() string {
	return o.text(true) + "\n" + o.Trace.String()
}

func (o *evilEv) text(all bool) string {
	l := fmt.Sprintf("Turn %d: Evil", o.Turn)
	if o.Overridden {
		l += fmt.Sprintf(" (overridden: %s)", o.Reason)
	}
	if len(o.Plays) == 0 {
		return l + " plays no Reaction"
	}
	var p []string
	for i, pl := range o.Plays {
		out := reactionOut{}
		if i < len(o.Out) {
			out = o.Out[i]
		}
		p = append(p, strings.TrimPrefix(reactionLine(pl, out, o.Turn, all), fmt.Sprintf("Turn %d: ", o.Turn)))
	}
	return l + ": " + strings.Join(p, " | ")
}

// zeroRand breaks every tie toward the first candidate, for suggestions
// that are shown and not recorded.
type zeroRand struct{}

func (zeroRand) Intn(int) int { return 0 }

// Suggest is the assist mode's ranked advice for the human Evil players
// (§7.5): what the policy would play at the end of this Turn, with its
// trace. Nothing is recorded.
func Suggest(s *State) (alone.EndOfTurnDecision, automa.Trace, error) {
	if s == nil || s.Map == nil {
		return alone.EndOfTurnDecision{}, automa.Trace{}, fmt.Errorf("suggestions need the hidden Map")
	}
	return alone.EndOfTurn(s.situation(), zeroRand{})
}

// View is what the Hero may see (spec §7.2): the Labyrinth, the health
// tracks and sheet, and everything the Evil side Communicated. In solo
// mode the UI shows the Hero only this.
type View struct {
	Labyrinth  alone.Labyrinth `json:"labyrinth"`
	Heard      []Heard         `json:"heard,omitempty"`
	Life       int             `json:"life"`
	SC         int             `json:"sc"`
	HealingCap int             `json:"healingCap"`
	Adrenaline int             `json:"adrenaline"`
	Round      int             `json:"round"`
	Turn       int             `json:"turn"`
	Nightmare  bool            `json:"nightmare,omitempty"`
	// ReactionSpacesFree and DangerSymbols are what the Reaction Track
	// shows the Hero.
	ReactionSpacesFree int    `json:"reactionSpacesFree"`
	DangerSymbols      int    `json:"dangerSymbols"`
	Outcome            string `json:"outcome,omitempty"`
}

// HeroView projects the game onto what the Hero may know. The hidden Map
// appears only as the Labyrinth of Revealed Sectors.
func HeroView(s *State) View {
	v := View{Heard: s.Heard, Life: s.Life, SC: s.SC, HealingCap: s.HealingCap(), Adrenaline: s.Adrenaline,
		Round: s.Round, Turn: s.Turn(), Nightmare: s.Nightmare, Outcome: s.Outcome}
	if s.Map != nil {
		v.Labyrinth = s.Map.HeroView()
	}
	if s.Sheet != nil {
		v.ReactionSpacesFree = s.ReactionSpacesFree()
		v.DangerSymbols = s.reactionTrack().DangerToPlace(s.Sheet.Config)
	}
	return v
}

// EvilTrace is the explanation recorded with a solo Evil decision, for the
// UI's explanation panel. In solo mode it names what the Evil side hides,
// so the Hero's screen shows it only once the game is over.
func EvilTrace(e tracker.Event) (automa.Trace, bool) {
	if e.Kind == kindPrefix+"endTurn" {
		// The answer to the attacks' damage, when the app's Evil side
		// weighed one.
		var o endTurnEv
		if err := e.Decode(&o); err != nil || len(o.AnswerTrace.Steps) == 0 {
			return automa.Trace{}, false
		}
		return o.AnswerTrace, true
	}
	if e.Kind != kindPrefix+"evil" {
		return automa.Trace{}, false
	}
	var o evilEv
	if err := e.Decode(&o); err != nil {
		return automa.Trace{}, false
	}
	return o.Trace, true
}

// DefaultSettings is the spec's reading of every AMBIGUOUS option, for the
// settings screen to pre-fill.
func DefaultSettings() alone.Settings { return alone.DefaultSettings() }

// DangerToPlace is how many Danger tokens the End of the Round will set
// aside as the Reaction Track stands now (§4.11 item 3).
func (s *State) DangerToPlace() int {
	if s.Sheet == nil {
		return 0
	}
	return s.reactionTrack().DangerToPlace(s.Sheet.Config)
}

// LegalSpawns lists every legal Spawn now, for the assist mode's Standard
// Reaction wizard (§7.5); msdMod is a card's modifier.
func LegalSpawns(s *State, types []alone.CreatureType, msdMod int) []alone.SpawnOption {
	if s.Map == nil {
		return nil
	}
	return s.Map.LegalSpawns(types, msdMod, s.Nightmare, s.config(), s.Settings)
}

// LegalMoves lists where a Creature may move now within a range (A7), for
// the wizard: every destination, then every Blocked Door it may spend its
// last step Unblocking without going through (UnblockedOnly set, §4.6
// item 3).
func LegalMoves(s *State, creature string, rng int) ([]alone.MoveResult, error) {
	if s.Map == nil {
		return nil, fmt.Errorf("this game keeps no Map")
	}
	moves, err := s.Map.LegalMoves(creature, rng, s.Nightmare, s.config())
	if err != nil {
		return nil, err
	}
	unblocks, err := s.Map.LegalUnblocks(creature, rng, s.Nightmare, s.config())
	return append(moves, unblocks...), err
}

// LegalDangerSectors lists where a Danger token may go now (§4.11), for the
// End-of-Round wizard.
func LegalDangerSectors(s *State) []string {
	if s.Map == nil {
		return nil
	}
	return s.Map.LegalDangerSectors()
}
