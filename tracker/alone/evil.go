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
		func() op { return &reactionEv{} },
		func() op { return &teleportEv{} },
		func() op { return &removeCreatureEv{} },
		func() op { return &doorEv{} },
		func() op { return &lightEv{} },
		func() op { return &dangerEv{} },
		func() op { return &attackBonusEv{} },
		func() op { return &leaderEv{} },
		func() op { return &goalsEv{} },
	)
}

// SpawnSpec is a Spawn: the type, the Sector, and a card's modifier to the
// Minimum Spawning Distance (Allowed cards only, e.g. −1).
type SpawnSpec struct {
	Type   alone.CreatureType `json:"type"`
	Sector string             `json:"sector"`
	MSDMod int                `json:"msdMod,omitempty"`
}

// MoveSpec is a Creature move: the Sectors it enters in order (none for a
// 0-step move) and the card's range (a Standard Reaction has range 1).
type MoveSpec struct {
	Creature string   `json:"creature"`
	Path     []string `json:"path,omitempty"`
	Range    int      `json:"range,omitempty"`
	// Unblock is the Sector beyond a Blocked Door the Creature Unblocks
	// with its last step, without entering it (§4.6 item 3): the Door
	// between the move's end and Unblock.
	Unblock string `json:"unblock,omitempty"`
}

// ReactionPlay is one Reaction card played (§4.2): by which Evil player,
// from which deck in use (0 or 1), face down (Standard) or face up (Allowed,
// with its trigger, Instant or not, and its name), and its Spawn or move.
// Cards is 2 for a 2-card Standard combo moving one Creature (solo policy).
type ReactionPlay struct {
	Player  int    `json:"player"`
	Deck    int    `json:"deck"`
	Allowed bool   `json:"allowed,omitempty"`
	Trigger string `json:"trigger,omitempty"`
	Instant bool   `json:"instant,omitempty"`
	Card    string `json:"card,omitempty"`
	Cards   int    `json:"cards,omitempty"`
	// Dangerous is the table's judgement in bookkeeping mode (no Map).
	Dangerous bool       `json:"dangerous,omitempty"`
	Spawn     *SpawnSpec `json:"spawn,omitempty"`
	Move      *MoveSpec  `json:"move,omitempty"`
	// Noise is the direction stated when several are true (§6 A6); empty
	// lets the app pick one.
	Noise alone.Dir `json:"noise,omitempty"`
	// ScareToCompanion deals a scare's SC to the Companion (§3.7).
	ScareToCompanion bool `json:"scareToCompanion,omitempty"`
	// Roll says who rolls the Courage die a scaring move calls for;
	// CourageFace is its face when it is rolled at the table.
	Roll        DiceSource `json:"roll,omitempty"`
	CourageFace alone.Face `json:"courageFace,omitempty"`
	// Effects are a face-up card's effects the app applies as the set's
	// card data gives them (the solo Evil's cards): damage to the Hero
	// and attack dice until the end of the Turn. Its move or Spawn is
	// Move or Spawn above.
	Effects []alone.CardOp `json:"effects,omitempty"`
}

// effectOut is what one of a card's effects did: the damage dealt (with
// its points), or the Creature given attack dice.
type effectOut struct {
	Op       string              `json:"op"`
	N        int                 `json:"n"`
	Damage   *alone.DamageResult `json:"damage,omitempty"`
	Creature string              `json:"creature,omitempty"`
}

// reactionOut is what a played card did.
type reactionOut struct {
	Spaces    int                 `json:"spaces"`
	Dangerous bool                `json:"dangerous,omitempty"`
	SpawnID   string              `json:"spawnId,omitempty"`
	Spawn     *alone.SpawnCheck   `json:"spawn,omitempty"`
	Move      *alone.MoveResult   `json:"move,omitempty"`
	Said      []string            `json:"said,omitempty"`
	Scare     *alone.DamageResult `json:"scare,omitempty"`
	ScareN    int                 `json:"scareN,omitempty"`
	Effects   []effectOut         `json:"effects,omitempty"`
}

// PlayReaction is a human Evil player's Reaction card (assist and
// bookkeeping modes).
type PlayReaction struct {
	ReactionPlay
}

type reactionEv struct {
	rev
	Play ReactionPlay `json:"play"`
	Out  reactionOut  `json:"out"`
	Turn int          `json:"turn"`
}

func (c PlayReaction) plan(s *State, d *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	if s.Mode == Solo {
		return nil, refuse("§7.2", "in solo mode the app plays Evil: ask for its Reactions, and override them with a reason if the table must")
	}
	p := c.ReactionPlay
	if err := s.prepareReaction(&p, d, nil); err != nil {
		return nil, err
	}
	return &reactionEv{Play: p}, nil
}

// prepareReaction settles the play's chance before it runs: the Noise
// direction stated when several are true, and the Courage die.
func (s *State) prepareReaction(p *ReactionPlay, d *tracker.Dice, tr *automa.Trace) error {
	if s.Map == nil {
		return nil
	}
	var noise *alone.Noise
	scare := 0
	switch {
	case p.Spawn != nil:
		sc, err := s.Map.CheckSpawn(p.Spawn.Type, p.Spawn.Sector, p.Spawn.MSDMod, s.Nightmare, s.config(), s.Settings)
		if err != nil {
			return refuse("§8 V16", "%v", err)
		}
		noise = &sc.Noise
	case p.Move != nil:
		r, err := s.Map.CheckMoveUnblock(p.Move.Creature, p.Move.Path, p.Move.Unblock, moveRange(*p), s.Nightmare, s.config())
		if err != nil {
			return refuse("§8 V17", "%v", err)
		}
		noise, scare = &r.Noise, r.Scare
	}
	if noise != nil && p.Noise == "" && len(noise.Directions) > 1 {
		var t automa.Trace
		if tr == nil {
			tr = &t
		}
		msg := alone.ChooseNoise(s.Map, *noise, s.Map.ObjectivePath(s.Goals), tr, d)
		p.Noise = msg.Direction
	}
	f, err := s.rollOne(d, p.Roll, p.CourageFace, scare > 0 && s.Unlocked(Courage), "Courage")
	if err != nil {
		return err
	}
	p.CourageFace = f
	return nil
}

func moveRange(p ReactionPlay) int {
	if !p.Allowed {
		return max(p.Cards, 1)
	}
	return p.Move.Range
}

func (*reactionEv) kind() string { return "reaction" }
func (o *reactionEv) run(s *State) error {
	o.Turn = s.TurnsUsed
	out, err := s.playReaction(o.Play, o.rules())
	o.Out = out
	return err
}

// rules is the revision a played card was decided under.
func (r rev) rules() int { return r.Rules }

// playReaction is §4.2 with V13 and V14, then the card's Spawn or move;
// rules is the revision the play was decided under.
func (s *State) playReaction(p ReactionPlay, rules int) (reactionOut, error) {
	var out reactionOut
	switch {
	case s.T.Over:
		// After the Turn's end, until the next Turn starts, only the damage
		// its Creatures' attacks dealt may still be answered (§4.2 item 5).
		if !p.Allowed || (p.Trigger != TriggerLife && p.Trigger != TriggerSC) || !slices.Contains(s.T.Triggers, p.Trigger) {
			return out, refuse("§8 V13", "Turn %d has ended: only a Reaction triggered by the damage its Creatures' attacks dealt may still be played (%s), until the next Turn starts", s.TurnsUsed, nonEmpty(strings.Join(s.T.Triggers, ", "), "none was dealt"))
		}
	case !s.T.Started || s.T.declared() == 0:
		return out, refuse("§8 V13", "a Reaction answers an Action: none has been declared this Turn")
	}
	cards := max(p.Cards, 1)
	if cards > 1 && p.Allowed {
		return out, refuse("§4.2", "only Standard Reactions combine to move one Creature further")
	}
	if p.Allowed {
		if p.Trigger == "" {
			return out, refuse("§4.2", "an Allowed Reaction names its trigger")
		}
		if !slices.Contains(s.T.Triggers, p.Trigger) {
			return out, refuse("§8 V13", "the card's trigger %q did not happen this Turn (this Turn: %s)", p.Trigger, nonEmpty(strings.Join(s.T.Triggers, ", "), "nothing"))
		}
	} else if p.Instant {
		return out, refuse("§4.2", "a Standard Reaction is face down and played at the end of the Turn, never Instant")
	}
	if !p.Instant && s.T.Pending != "" {
		return out, refuse("§8 V13", "only Instant cards are played during the %s Action; the others wait for the end of the Turn", s.T.Pending)
	}
	n := len(s.Evil.Players)
	if !p.Instant {
		s.T.Ending = true
	}
	if p.Player < 0 || p.Player >= n {
		return out, refuse("§4.1", "Evil player %d does not exist; there are %d", p.Player+1, n)
	}
	if p.Deck != 0 && p.Deck != 1 {
		return out, refuse("§4.1", "a card comes from deck 0 or 1 of the 2 in use")
	}
	for k := 0; k < cards; k++ {
		tr := s.reactionTrack()
		if err := tr.CheckPlay(true, s.Sheet.Config); err != nil {
			rule := "§8 V14"
			if tr.PlayedThisTurn >= alone.MaxReactionsPerTurn {
				rule = "§8 V13"
			}
			return out, refuse(rule, "%v", err)
		}
		deck := p.Deck
		if !p.Allowed {
			deck = s.faceDownDeck(p.Player, deck)
		}
		if s.Evil.Hands[p.Player][deck] < 1 && (!p.Allowed || s.Evil.Known == nil) {
			deck = 1 - deck
		}
		if s.Evil.Hands[p.Player][deck] < 1 {
			return out, refuse("§4.1", "%s has no card left in hand", s.Evil.Players[p.Player])
		}
		// In solo mode the card leaves the hand the app reads: the one
		// named face up, or the one it gives up face down.
		want := ""
		if p.Allowed && s.Evil.Known != nil && p.Card != "" {
			want = ReactionID(s.Evil.Decks[deck].Name, p.Card)
		}
		id, err := s.giveKnown(deck, want)
		if err != nil {
			return out, err
		}
		s.Evil.Hands[p.Player][deck]--
		sp := tr.NextCost()
		s.Track = append(s.Track, TrackCard{Turn: s.TurnsUsed, Player: p.Player, Deck: deck, Allowed: p.Allowed, Card: p.Card, Spaces: sp, ID: id})
		s.T.Reactions++
		out.Spaces += sp
	}
	if s.Map == nil {
		out.Dangerous = p.Dangerous
		if p.Spawn != nil || p.Move != nil {
			return out, refuse("§7.2", "this game keeps no Map: move or Spawn the Creature at the table")
		}
		return out, nil
	}
	out.Dangerous = s.Map.Dangerous(s.T.ActionSector, s.Settings)
	if !p.Allowed && (p.Spawn == nil) == (p.Move == nil) {
		return out, refuse("§4.2", "a Standard Reaction either moves 1 Creature up to 1 Sector or Spawns 1 Creature: choose one")
	}
	if p.Spawn != nil && p.Move != nil {
		return out, refuse("§4.2", "one card, one effect here: record a second effect by itself")
	}
	if p.Spawn != nil {
		if !p.Allowed && p.Spawn.MSDMod != 0 {
			return out, refuse("§4.5", "only a card's text changes the Minimum Spawning Distance")
		}
		if err := s.spawn(*p.Spawn, p.Noise, &out); err != nil {
			return out, err
		}
	}
	if p.Move != nil {
		if p.Allowed && p.Move.Range < 0 {
			return out, refuse("§4.6", "a move range cannot be negative")
		}
		if err := s.moveCreature(*p.Move, moveRange(p), p, &out, rules); err != nil {
			return out, err
		}
	}
	return out, s.cardEffects(p, &out)
}

// cardEffects applies a face-up card's damage and attack dice (§4.2,
// §4.8 item 2). Its damage is one damage event, which the app's Evil side
// sends to a weak Companion by its policy (§7.4, §3.7); attack dice go to
// the Creature the card moved into the Hero's Sector, else to the one there
// that rolls the most dice.
func (s *State) cardEffects(p ReactionPlay, out *reactionOut) error {
	if len(p.Effects) > 0 && !p.Allowed {
		return refuse("§4.2", "a face-down card only moves or Spawns: its text is not read")
	}
	for _, e := range p.Effects {
		if e.N < 1 || e.N > 20 {
			return refuse("§4.2", "a card's effect is 1 to 20, not %d", e.N)
		}
		if s.Outcome != "" {
			break
		}
		switch e.Op {
		case OpDamage:
			redirect := false
			if s.Mode == Solo && s.Companion != nil {
				redirect, _ = alone.CompanionRedirect(e.N, s.Companion.Charges)
			}
			r, err := s.damage(e.Kind, e.N, redirect)
			if err != nil {
				return err
			}
			out.Effects = append(out.Effects, effectOut{Op: e.Op, N: e.N, Damage: &r})
		case OpAttackDice:
			target := s.bonusTarget(out.Move)
			if target == "" {
				out.Effects = append(out.Effects, effectOut{Op: e.Op, N: e.N})
				continue
			}
			if s.T.AttackMods == nil {
				s.T.AttackMods = map[string]int{}
			}
			s.T.AttackMods[target] += e.N
			out.Effects = append(out.Effects, effectOut{Op: e.Op, N: e.N, Creature: target})
		default:
			return refuse("§4.2", "the app applies a card's damage and attack dice; %q is done at the table", e.Op)
		}
	}
	return nil
}

// bonusTarget is the Creature a card's extra attack dice go to: the one it
// moved into the Hero's Sector, else the one there that rolls the most
// dice (the lower id on a tie); "" when none is there.
func (s *State) bonusTarget(mv *alone.MoveResult) string {
	if s.Map == nil {
		return ""
	}
	if mv != nil && mv.To == s.Map.Hero {
		return mv.Creature
	}
	best, dice := "", -1
	for _, a := range s.Map.EndOfTurnAttacks(s.Nightmare, s.T.AttackMods, s.config()) {
		if a.Dice > dice || a.Dice == dice && a.Creature < best {
			best, dice = a.Creature, a.Dice
		}
	}
	return best
}

func newCreatureID(m *alone.Map, t alone.CreatureType) string {
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s-%d", t, n)
		if m.Creature(id) == nil {
			return id
		}
	}
}

// spawn is §4.5 with V16, and its Noise.
func (s *State) spawn(sp SpawnSpec, dir alone.Dir, out *reactionOut) error {
	sc, err := s.Map.CheckSpawn(sp.Type, sp.Sector, sp.MSDMod, s.Nightmare, s.config(), s.Settings)
	if err != nil {
		return refuse("§8 V16", "%v", err)
	}
	id := newCreatureID(s.Map, sp.Type)
	s.Map.ApplySpawn(id, sc)
	out.SpawnID, out.Spawn = id, &sc
	if sc.Revealed {
		out.Said = append(out.Said, fmt.Sprintf("A %s appears in %s, not Wounded", KindWord(sp.Type), s.heardSector(sp.Sector)))
	}
	say, err := noiseSay(sc.Noise, dir)
	if err != nil {
		return err
	}
	out.Said = append(out.Said, say...)
	for _, x := range out.Said {
		s.hear(x)
	}
	return nil
}

// noiseSay is the Noise as Communicated (A6): the stated direction must be
// one of the true ones (§4.2 item 8).
func noiseSay(n alone.Noise, dir alone.Dir) ([]string, error) {
	switch n.Kind {
	case alone.NoiseOtherLevel:
		return []string{"Noise from the other Level"}, nil
	case alone.NoiseHere:
		return []string{"Noise in the Hero's Sector"}, nil
	case alone.NoiseNotHeard:
		return nil, nil
	}
	if dir == "" && len(n.Directions) > 0 {
		dir = n.Directions[0]
	}
	if !slices.Contains(n.Directions, dir) {
		return nil, refuse("§4.2", "the Noise does not reach the Hero from the %s; the true directions are %v", dirWord(dir), n.Directions)
	}
	return []string{"Noise from the " + dirWord(dir)}, nil
}

// moveCreature is A7 with V17, the reveal, the exit directions, the scare
// (with Courage, §3.5) and the Noise; rules is the revision the play was
// decided under.
func (s *State) moveCreature(mv MoveSpec, rng int, p ReactionPlay, out *reactionOut, rules int) error {
	if mv.Unblock != "" && rules < 1 {
		return refuse("§4.6", "a move that only Unblocks a Door is not in this log's rules")
	}
	r, err := s.Map.CheckMoveUnblock(mv.Creature, mv.Path, mv.Unblock, rng, s.Nightmare, s.config())
	if err != nil {
		return refuse("§8 V17", "%v", err)
	}
	// The Hero sees which Blocked tokens leave the Labyrinth (§4.12): the
	// Doors of Revealed Sectors, known before the move changes anything.
	var seenDoors []string
	for _, door := range r.Unblocked {
		if a, b, ok := strings.Cut(door, "|"); ok && (s.Map.Sector(a).Revealed || s.Map.Sector(b).Revealed) {
			seenDoors = append(seenDoors, s.heardSector(a)+" and "+s.heardSector(b))
		}
	}
	s.Map.ApplyMove(r)
	out.Move = &r
	c := s.Map.Creature(mv.Creature)
	var said []string
	for _, e := range r.ExitDirections {
		said = append(said, fmt.Sprintf("A Creature leaves %s to the %s", s.heardSector(e.Sector), dirWord(e.Direction)))
	}
	if r.RevealedIn != "" && r.Revealed {
		// What is Communicated comes from the record: the Sector where the
		// Creature was Revealed, which a multi-step move may have left
		// since. Before revision 1 the move's end was said (issue 15 item 6).
		where := r.RevealedIn
		if rules < 1 {
			where = r.To
		}
		said = append(said, fmt.Sprintf("A %s is Revealed in %s, %s", KindWord(c.Type), s.heardSector(where), woundedWord(c.Wounded)))
	}
	if rules >= 1 {
		for _, d := range seenDoors {
			said = append(said, fmt.Sprintf("The Blocked token between %s is removed: the Door is Unblocked", d))
		}
	}
	ns, err := noiseSay(r.Noise, p.Noise)
	if err != nil {
		return err
	}
	said = append(said, ns...)
	for _, x := range said {
		s.hear(x)
	}
	out.Said = said
	if r.Scare > 0 {
		n, err := s.courage(r.Scare, p.CourageFace)
		if err != nil {
			return err
		}
		out.ScareN = n
		if n > 0 {
			d, err := s.damage(alone.SCDamage, n, p.ScareToCompanion)
			if err != nil {
				return err
			}
			out.Scare = &d
		}
	}
	return nil
}

// courage is the Courage Ability on one scare (§3.5): once unlocked the app
// always uses it, since it can only help; the Evil side's die decides.
func (s *State) courage(scare int, face alone.Face) (int, error) {
	if !s.Unlocked(Courage) || scare == 0 {
		return scare, nil
	}
	if err := checkFaces([]alone.Face{face}, "the Courage die"); err != nil {
		return 0, err
	}
	return alone.CourageReduce(scare, face, s.Map != nil && s.Map.HeroSector().Danger), nil
}

func woundedWord(w bool) string {
	if w {
		return "Wounded"
	}
	return "not Wounded"
}

func (o *reactionEv) line() string   { return reactionLine(o.Play, o.Out, o.Turn, false) }
func (o *reactionEv) secret() string { return reactionLine(o.Play, o.Out, o.Turn, true) }

func reactionLine(p ReactionPlay, out reactionOut, turn int, all bool) string {
	who := "Standard Reaction (face down)"
	if p.Allowed {
		who = fmt.Sprintf("Allowed Reaction “%s”", nonEmpty(p.Card, p.Trigger))
	}
	if max(p.Cards, 1) == 2 {
		who = "2 Standard Reactions in combo"
	}
	l := fmt.Sprintf("Turn %d: %s, %s", turn, who, plural(out.Spaces, "track space", "track spaces"))
	if out.Dangerous {
		l += ", Dangerous"
	}
	if all {
		if out.Spawn != nil {
			l += fmt.Sprintf("; Spawn %s in %s, %d Sectors from the Hero (Minimum Spawning Distance %d)", out.SpawnID, out.Spawn.Sector, out.Spawn.Distance, out.Spawn.MSD)
		}
		if out.Move != nil {
			l += fmt.Sprintf("; %s moves %s → %s (%s)", out.Move.Creature, out.Move.From, out.Move.To, plural(out.Move.Steps, "step", "steps"))
			if len(out.Move.Unblocked) > 0 {
				var doors []string
				for _, door := range out.Move.Unblocked {
					if a, b, ok := strings.Cut(door, "|"); ok {
						door = "the Door between " + a + " and " + b
					}
					doors = append(doors, door)
				}
				l += ", Unblocking " + andList(doors)
			}
			if out.Move.UnblockedOnly != "" {
				l += fmt.Sprintf("; %s Unblocks the Door to %s and stays in %s", out.Move.Creature, out.Move.UnblockedOnly, out.Move.To)
			}
		}
	}
	if len(out.Said) > 0 {
		l += "; " + strings.Join(out.Said, "; ")
	}
	if out.Scare != nil {
		l += "; scare: " + damageText(*out.Scare, out.ScareN)
	} else if out.Move != nil && out.Move.Scare > 0 {
		l += "; Courage: no Self Control lost"
	}
	for _, e := range out.Effects {
		switch {
		case e.Damage != nil:
			l += "; the card deals " + damageText(*e.Damage, e.N)
		case e.Creature != "":
			l += fmt.Sprintf("; %s gets %s more until the end of the Turn", e.Creature, plural(e.N, "attack die", "attack dice"))
		default:
			l += fmt.Sprintf("; %s more would go to a Creature in the Hero's Sector, and none is there", plural(e.N, "attack die", "attack dice"))
		}
	}
	return l
}

// ---- Card effects on the Map ----

// Teleport moves a Creature by a card effect (§4.5 item 6): no Spawn rules,
// no MSD and no Noise, but the Level and token limits hold (AMBIGUOUS); an
// Unrevealed Creature teleported into the Hero's Sector scares (AMB-9).
type Teleport struct {
	Creature string `json:"creature"`
	Sector   string `json:"sector"`
	// Roll says who rolls the Courage die a scare calls for; CourageFace
	// is its face when it is rolled at the table.
	Roll             DiceSource `json:"roll,omitempty"`
	CourageFace      alone.Face `json:"courageFace,omitempty"`
	ScareToCompanion bool       `json:"scareToCompanion,omitempty"`
}

type teleportEv struct {
	Teleport
	From   string              `json:"from"`
	Scare  *alone.DamageResult `json:"scare,omitempty"`
	ScareN int                 `json:"scareN,omitempty"`
	Hidden bool                `json:"hidden,omitempty"`
}

func (c Teleport) plan(s *State, d *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	// The Courage die is rolled only for a scare: an Unrevealed Creature
	// teleported into the Hero's Sector (AMB-9) that scares.
	need := false
	if cr := s.Map.Creature(c.Creature); cr != nil && !cr.Revealed && c.Sector == s.Map.Hero && s.Unlocked(Courage) {
		if st, err := cr.StatsOf(s.Nightmare); err == nil && st.Scare > 0 {
			need = true
		}
	}
	f, err := s.rollOne(d, c.Roll, c.CourageFace, need, "Courage")
	if err != nil {
		return nil, err
	}
	c.CourageFace = f
	return &teleportEv{Teleport: c, Hidden: s.Mode == Solo}, nil
}
func (*teleportEv) kind() string { return "teleport" }
func (o *teleportEv) run(s *State) error {
	m := s.Map
	c := m.Creature(o.Creature)
	to := m.Sector(o.Sector)
	if c == nil {
		return refuse("§4.5", "there is no Creature %q on the Map", o.Creature)
	}
	if to == nil {
		return refuse("§4.5", "there is no Sector %q on the Map", o.Sector)
	}
	from := m.Sector(c.Sector)
	if from.Level != to.Level && m.CreaturesOnLevel(to.Level) >= s.config().LevelLimit {
		return refuse("§8 V16", "Level %d already has %d Creatures", to.Level, s.config().LevelLimit)
	}
	o.From = c.Sector
	wasHidden := !c.Revealed
	c.Sector, c.Moved, c.Revealed = o.Sector, true, to.Revealed
	o.Scare, o.ScareN = nil, 0
	if to.Revealed {
		s.hear(fmt.Sprintf("A %s appears in %s, %s", KindWord(c.Type), s.heardSector(o.Sector), woundedWord(c.Wounded)))
	}
	if wasHidden && o.Sector == m.Hero {
		st, err := c.StatsOf(s.Nightmare)
		if err != nil {
			return refuse("§4.4", "%v", err)
		}
		n, err := s.courage(st.Scare, o.CourageFace)
		if err != nil {
			return err
		}
		o.ScareN = n
		if n > 0 {
			d, err := s.damage(alone.SCDamage, n, o.ScareToCompanion)
			if err != nil {
				return err
			}
			o.Scare = &d
		}
	}
	return nil
}
func (o *teleportEv) line() string {
	l := "A Creature is teleported"
	if !o.Hidden {
		l = fmt.Sprintf("%s is teleported from %s to %s", o.Creature, o.From, o.Sector)
	}
	if o.Scare != nil {
		l += "; scare: " + damageText(*o.Scare, o.ScareN)
	}
	return l
}
func (o *teleportEv) secret() string {
	h := *o
	h.Hidden = false
	return h.line()
}

// RemoveCreature takes a Creature off the Map by a card or Mission effect.
type RemoveCreature struct {
	Creature string `json:"creature"`
}

type removeCreatureEv struct {
	RemoveCreature
	Type     alone.CreatureType `json:"type"`
	Revealed bool               `json:"revealed,omitempty"`
}

func (c RemoveCreature) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	return &removeCreatureEv{RemoveCreature: c}, nil
}
func (*removeCreatureEv) kind() string { return "removeCreature" }
func (o *removeCreatureEv) run(s *State) error {
	i := slices.IndexFunc(s.Map.Creatures, func(c alone.Creature) bool { return c.ID == o.Creature })
	if i < 0 {
		return refuse("§4.3", "there is no Creature %q on the Map", o.Creature)
	}
	o.Type, o.Revealed = s.Map.Creatures[i].Type, s.Map.Creatures[i].Revealed
	s.Map.Creatures = slices.Delete(s.Map.Creatures, i, i+1)
	return nil
}
func (o *removeCreatureEv) line() string {
	if !o.Revealed {
		return "A Creature is removed from the Map"
	}
	return fmt.Sprintf("The %s is removed from the Map", o.Creature)
}
func (o *removeCreatureEv) secret() string {
	return fmt.Sprintf("The %s is removed from the Map", o.Creature)
}

// SetDoor Blocks or Unblocks the Door on a Sector's exit by a card effect;
// the Blocked token goes on both sides (§4.12).
type SetDoor struct {
	Sector  string    `json:"sector"`
	Dir     alone.Dir `json:"dir"`
	Blocked bool      `json:"blocked"`
}

type doorEv struct {
	SetDoor
	Public bool `json:"public,omitempty"`
}

func (c SetDoor) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	return &doorEv{SetDoor: c}, nil
}
func (*doorEv) kind() string { return "door" }
func (o *doorEv) run(s *State) error {
	sec := s.Map.Sector(o.Sector)
	if sec == nil {
		return refuse("§5.1", "there is no Sector %q on the Map", o.Sector)
	}
	l, ok := sec.Exits[o.Dir]
	if !ok || !l.Door {
		return refuse("§5.1", "Sector %q has no Door to the %s", o.Sector, dirWord(o.Dir))
	}
	if l.Blocked == o.Blocked {
		return refuse("§5.1", "that Door is already %s", blockedWord(o.Blocked))
	}
	setBlocked(s.Map, o.Sector, o.Dir, o.Blocked)
	o.Public = s.Mode != Solo || sec.Revealed || s.Map.Sector(l.To).Revealed
	return nil
}
func (o *doorEv) line() string {
	if !o.Public {
		return "A Door changes on the Map"
	}
	return o.secret()
}
func (o *doorEv) secret() string {
	return fmt.Sprintf("The Door %s of %s is %s", dirWord(o.Dir), o.Sector, blockedWord(o.Blocked))
}

func blockedWord(b bool) string {
	if b {
		return "Blocked"
	}
	return "Unblocked"
}

// setBlocked puts or takes the Blocked token on both sides of a link.
func setBlocked(m *alone.Map, id string, d alone.Dir, blocked bool) {
	sec := m.Sector(id)
	l := sec.Exits[d]
	l.Blocked = blocked
	sec.Exits[d] = l
	if t := m.Sector(l.To); t != nil {
		b := t.Exits[d.Opposite()]
		b.Blocked = blocked
		t.Exits[d.Opposite()] = b
	}
}

// SetLight switches Lights on (an Item or a Mission reward) or off (a
// Reaction card) in Sectors (§4.10); Unrevealed Lighted Sectors entering
// the Hero's Line of Sight are Revealed (A3).
type SetLight struct {
	Sectors []string `json:"sectors"`
	On      bool     `json:"on"`
	Source  string   `json:"source,omitempty"`
}

type lightEv struct {
	SetLight
	Revealed []string `json:"revealed,omitempty"`
	// Public is the Sectors the Hero sees change (all but in solo mode).
	Public []string `json:"public,omitempty"`
}

func (c SetLight) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	if len(c.Sectors) == 0 {
		return nil, refuse("§4.10", "name the Sectors")
	}
	return &lightEv{SetLight: c}, nil
}
func (*lightEv) kind() string { return "light" }
func (o *lightEv) run(s *State) error {
	for _, id := range o.Sectors {
		sec := s.Map.Sector(id)
		if sec == nil {
			return refuse("§4.10", "there is no Sector %q on the Map", id)
		}
		sec.Lighted = o.On
	}
	o.Revealed = s.revealLighted()
	o.Public = nil
	for _, id := range o.Sectors {
		if s.Mode != Solo || s.Map.Sector(id).Revealed {
			o.Public = append(o.Public, id)
		}
	}
	return nil
}

// revealLighted is A3 applied to the Map.
func (s *State) revealLighted() []string {
	ids := s.Map.RevealLighted(s.Map.Hero)
	for _, id := range ids {
		s.Map.RevealSector(id)
	}
	return ids
}

func (o *lightEv) line() string   { return o.text(o.Public) }
func (o *lightEv) secret() string { return o.text(o.Sectors) }

func (o *lightEv) text(ids []string) string {
	w := "off"
	if o.On {
		w = "on"
	}
	where := andList(ids)
	switch {
	case len(ids) == 0:
		where = "a part of the Map the Hero cannot see"
	case len(ids) < len(o.Sectors):
		where += " and elsewhere"
	}
	l := fmt.Sprintf("%s: Lights %s in %s", nonEmpty(o.Source, "Card"), w, where)
	if len(o.Revealed) > 0 {
		l += "; Revealed " + andList(o.Revealed)
	}
	return l
}

// SetDanger places or removes a Danger token by a card effect (§4.11 item
// 6); placements follow the limits unless the card says otherwise.
type SetDanger struct {
	Sector       string `json:"sector"`
	On           bool   `json:"on"`
	IgnoreLimits bool   `json:"ignoreLimits,omitempty"`
}

type dangerEv struct {
	SetDanger
	Hidden bool `json:"hidden,omitempty"`
}

func (c SetDanger) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	return &dangerEv{SetDanger: c, Hidden: s.Mode == Solo}, nil
}
func (*dangerEv) kind() string { return "danger" }
func (o *dangerEv) run(s *State) error {
	sec := s.Map.Sector(o.Sector)
	if sec == nil {
		return refuse("§4.11", "there is no Sector %q on the Map", o.Sector)
	}
	if !o.On {
		if !sec.Danger {
			return refuse("§4.11", "there is no Danger token in %q", o.Sector)
		}
		sec.Danger = false
		return nil
	}
	if sec.Danger {
		return refuse("§8 V28", "%q already holds a Danger token", o.Sector)
	}
	if !o.IgnoreLimits {
		if err := s.Map.CheckDangerPlacement(o.Sector); err != nil {
			return refuse("§8 V28", "%v", err)
		}
	}
	sec.Danger = true
	return nil
}
func (o *dangerEv) line() string {
	w := "removed from"
	if o.On {
		w = "placed in"
	}
	if o.Hidden {
		return "A Danger token is " + strings.Fields(w)[0]
	}
	return fmt.Sprintf("A Danger token is %s %s", w, o.Sector)
}
func (o *dangerEv) secret() string {
	h := *o
	h.Hidden = false
	return h.line()
}

// AttackBonus is a card giving a Creature extra attack dice until the end
// of the Turn (§4.8 item 2).
type AttackBonus struct {
	Creature string `json:"creature"`
	Dice     int    `json:"dice"`
}

type attackBonusEv struct{ AttackBonus }

func (c AttackBonus) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	return &attackBonusEv{c}, nil
}
func (*attackBonusEv) kind() string { return "attackBonus" }
func (o *attackBonusEv) run(s *State) error {
	if !s.T.Started {
		return refuse("§4.8", "a bonus to attack dice lasts until the end of a Turn: no Turn is in play")
	}
	if s.Map.Creature(o.Creature) == nil {
		return refuse("§4.8", "there is no Creature %q on the Map", o.Creature)
	}
	if s.T.AttackMods == nil {
		s.T.AttackMods = map[string]int{}
	}
	s.T.AttackMods[o.Creature] += o.Dice
	return nil
}
func (o *attackBonusEv) line() string {
	return fmt.Sprintf("%s gets %+d attack dice until the end of the Turn", o.Creature, o.Dice)
}

// SetLeader corrects who holds the Evil Leader token.
type SetLeader struct {
	Player int `json:"player"`
}

type leaderEv struct {
	SetLeader
	Name string `json:"name"`
}

func (c SetLeader) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &leaderEv{SetLeader: c}, nil
}
func (*leaderEv) kind() string { return "leader" }
func (o *leaderEv) run(s *State) error {
	if o.Player < 0 || o.Player >= len(s.Evil.Players) {
		return refuse("§4.1", "Evil player %d does not exist", o.Player+1)
	}
	s.Evil.Leader, o.Name = o.Player, s.Evil.Players[o.Player]
	return nil
}
func (o *leaderEv) line() string { return "Corrected by hand: the Evil Leader is " + o.Name }

// SetGoals records the Map Sectors that hold open Mission goals (from the
// Mission cards, which are the players' data).
type SetGoals struct {
	Sectors []string `json:"sectors"`
}

type goalsEv struct{ SetGoals }

func (c SetGoals) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	return &goalsEv{c}, nil
}
func (*goalsEv) kind() string { return "goals" }
func (o *goalsEv) run(s *State) error {
	for _, g := range o.Sectors {
		if s.Map.Sector(g) == nil {
			return refuse("§2.6", "Mission goal Sector %q is not on the Map", g)
		}
	}
	s.Goals = o.Sectors
	return nil
}
func (o *goalsEv) line() string { return "Mission goals updated" }
func (o *goalsEv) secret() string {
	return "Mission goals: " + andList(o.Sectors)
}

// dirWord is a direction as said at the table: north, east, south, west,
// Stairs.
func dirWord(d alone.Dir) string {
	switch d {
	case alone.North:
		return "north"
	case alone.East:
		return "east"
	case alone.South:
		return "south"
	case alone.West:
		return "west"
	case alone.Stairs:
		return "Stairs"
	}
	return string(d)
}
