package alone

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

func init() {
	register(
		func() op { return &moveEv{} },
		func() op { return &exploreEv{} },
		func() op { return &fightEv{} },
		func() op { return &locateEv{} },
		func() op { return &scavengeEv{} },
		func() op { return &interactEv{} },
	)
}

// MoveHero resolves a Move Action on the Map (spec §5.1): the Attack of
// Opportunity if Creatures are in the Sector left (§4.9), the step, the
// Reveal and its scares (§4.7), the Level change, A3, and then Block, the
// Door the Hero Blocks after the step (a direction from the new Sector).
// Unblock spends the whole Action opening the Blocked Door in direction
// Dir without moving. More keeps the Action going for another step (an
// Item's multi-step move).
type MoveHero struct {
	Dir     alone.Dir `json:"dir"`
	Block   alone.Dir `json:"block,omitempty"`
	Unblock bool      `json:"unblock,omitempty"`
	More    bool      `json:"more,omitempty"`
	// Roll says who rolls the move's dice: the Attack of Opportunity, its
	// Dexterity reroll and the Courage dice (physical: their faces are
	// entered below; virtual: the app rolls).
	Roll DiceSource `json:"roll,omitempty"`
	// AoOFaces are the Evil side's physical dice for the AoO.
	AoOFaces       []alone.Face `json:"aooFaces,omitempty"`
	AoOReroll      alone.Face   `json:"aooReroll,omitempty"`
	AoOToCompanion bool         `json:"aooToCompanion,omitempty"`
	// CourageFaces are the dice for Courage, one per scare.
	CourageFaces     []alone.Face `json:"courageFaces,omitempty"`
	ScareToCompanion bool         `json:"scareToCompanion,omitempty"`
}

type moveEv struct {
	MoveHero
	From     string              `json:"from"`
	To       string              `json:"to"`
	AoO      *alone.AoO          `json:"aoo,omitempty"`
	AoOHits  int                 `json:"aooHits,omitempty"`
	AoORes   *alone.DamageResult `json:"aooRes,omitempty"`
	Revealed []string            `json:"revealed,omitempty"`
	Removed  []string            `json:"removed,omitempty"`
	Scares   []scareOut          `json:"scares,omitempty"`
	Defeated bool                `json:"defeated,omitempty"`
}

type scareOut struct {
	Creature string              `json:"creature"`
	Type     alone.CreatureType  `json:"type"`
	SC       int                 `json:"sc"`
	Res      *alone.DamageResult `json:"res,omitempty"`
}

func (c MoveHero) plan(s *State, d *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	o := &moveEv{MoveHero: c}
	if c.Unblock {
		// A whole Move spent Unblocking rolls no die (§5.1 item 8).
		if len(c.AoOFaces) > 0 || c.AoOReroll != "" || len(c.CourageFaces) > 0 {
			return nil, refuse("§5.0", "Unblocking a Door rolls no die, so no faces are entered")
		}
		return o, nil
	}
	r, err := s.Map.HeroMove(c.Dir, s.Nightmare, s.Settings)
	if err != nil {
		return nil, refuse("§8 V18", "%v", err)
	}
	dice, hits, special := 0, 0, false
	if r.AoO != nil {
		dice, special = r.AoO.Dice, r.AoO.SpecialHits
	}
	if o.AoOFaces, err = s.roll(d, c.Roll, c.AoOFaces, dice, "the Attack of Opportunity"); err != nil {
		return nil, err
	}
	hits, _ = alone.CountHits(o.AoOFaces, special)
	reroll := hits > 0 && r.AoO.HeroRerolls && s.Unlocked(Dexterity)
	if o.AoOReroll, err = s.rollOne(d, c.Roll, c.AoOReroll, reroll, "the Dexterity reroll of the Attack of Opportunity"); err != nil {
		return nil, err
	}
	if hits > 0 && s.Mode == Solo && s.Companion != nil {
		o.AoOToCompanion, _ = alone.CompanionRedirect(hits, s.Companion.Charges)
	}
	if s.Mode == Solo && s.Companion != nil && len(r.Scares) > 0 {
		// The app's Evil side decides the redirect by the policy (§7.4).
		o.ScareToCompanion, _ = alone.CompanionRedirect(r.Scares[0].SC, s.Companion.Charges)
	}
	courage := 0
	if s.Unlocked(Courage) {
		courage = len(r.Scares)
	}
	if o.CourageFaces, err = s.roll(d, c.Roll, c.CourageFaces, courage, "Courage"); err != nil {
		return nil, err
	}
	return o, nil
}

func (*moveEv) kind() string { return "move" }
func (o *moveEv) run(s *State) error {
	if err := s.begin(Move); err != nil {
		return err
	}
	m := s.Map
	o.From = m.Hero
	if o.Unblock {
		l, ok := m.HeroSector().Exits[o.Dir]
		if !ok || !l.Blocked {
			return refuse("§5.1", "there is no Blocked Door to the %s of the Hero's Sector", dirWord(o.Dir))
		}
		if o.Block != "" {
			return refuse("§5.1", "no Door is Blocked while Unblocking: there is no movement step")
		}
		setBlocked(m, m.Hero, o.Dir, false)
		o.To = m.Hero
		s.finish()
		return nil
	}
	r, err := m.HeroMove(o.Dir, s.Nightmare, s.Settings)
	if err != nil {
		return refuse("§8 V18", "%v", err)
	}
	o.To, o.AoO, o.AoORes, o.Scares = r.To, r.AoO, nil, nil
	// The Attack of Opportunity comes before the Hero leaves (§4.9).
	if r.AoO != nil && r.AoO.Dice > 0 {
		if len(o.AoOFaces) != r.AoO.Dice {
			return refuse("§4.9", "the Attack of Opportunity rolls %d dice, not %d", r.AoO.Dice, len(o.AoOFaces))
		}
		if err := checkFaces(o.AoOFaces, "the Attack of Opportunity"); err != nil {
			return err
		}
		f := o.AoOFaces
		if o.AoOReroll != "" {
			if !r.AoO.HeroRerolls || !s.Unlocked(Dexterity) {
				return refuse("§4.9", "no reroll applies to an Attack of Opportunity (setting aooAllowsHeroRerolls)")
			}
			if err := checkFaces([]alone.Face{o.AoOReroll}, "the Dexterity reroll"); err != nil {
				return err
			}
			f = rerollFirst(f, r.AoO.SpecialHits, o.AoOReroll, true)
		}
		o.AoOHits, _ = alone.CountHits(f, r.AoO.SpecialHits)
		if o.AoOHits > 0 {
			res, err := s.damage(alone.LifeDamage, o.AoOHits, o.AoOToCompanion)
			if err != nil {
				return err
			}
			o.AoORes = &res
			if s.Outcome != "" {
				o.Defeated = true
				return nil
			}
		}
	}
	s.Map = r.Map
	o.Revealed, o.Removed = r.Revealed, r.LevelChangeRemoved
	for i, sc := range r.Scares {
		c := s.Map.Creature(sc.Creature)
		out := scareOut{Creature: sc.Creature, SC: sc.SC}
		if c != nil {
			out.Type = c.Type
		}
		face := alone.Face("")
		if i < len(o.CourageFaces) {
			face = o.CourageFaces[i]
		}
		n, err := s.courage(sc.SC, face)
		if err != nil {
			return err
		}
		out.SC = n
		if n > 0 && s.Outcome == "" {
			res, err := s.damage(alone.SCDamage, n, o.ScareToCompanion)
			if err != nil {
				return err
			}
			out.Res = &res
		}
		o.Scares = append(o.Scares, out)
	}
	for _, c := range s.Map.CreaturesIn(r.To) {
		s.hear(fmt.Sprintf("A %s is in %s, %s", KindWord(c.Type), s.heardSector(r.To), woundedWord(c.Wounded)))
	}
	if o.Block != "" {
		if !slices.Contains(r.BlockableDoors, o.Block) {
			return refuse("§8 V18", "there is no open Door to the %s of %s to Block", dirWord(o.Block), r.To)
		}
		setBlocked(s.Map, r.To, o.Block, true)
	}
	if s.Outcome != "" {
		o.Defeated = true
	}
	if !o.More {
		s.finish()
	}
	return nil
}

// rerollFirst replaces the first hit (hit true) or miss with the rerolled
// face: Dexterity rerolls a Hit, Precision a Miss.
func rerollFirst(f []alone.Face, specialHits bool, reroll alone.Face, hit bool) []alone.Face {
	f = slices.Clone(f)
	for k, x := range f {
		if alone.IsHit(x, specialHits) == hit {
			f[k] = reroll
			break
		}
	}
	return f
}

func (o *moveEv) line() string {
	if o.Unblock {
		return fmt.Sprintf("Move: the Hero Unblocks the Door to the %s", dirWord(o.Dir))
	}
	l := fmt.Sprintf("Move %s: %s → %s", dirWord(o.Dir), o.From, o.To)
	if o.AoO != nil {
		l += fmt.Sprintf("; Attack of Opportunity with %s: %s, %s", plural(o.AoO.Dice, "die", "dice"), facesText(o.AoOFaces), plural(o.AoOHits, "hit", "hits"))
		if o.AoORes != nil {
			l += " — " + damageText(*o.AoORes, o.AoOHits)
		}
	}
	if len(o.Revealed) > 0 {
		l += "; Revealed " + andList(o.Revealed)
	}
	for _, sc := range o.Scares {
		who := KindWord(sc.Type)
		if sc.Creature != "" {
			who = sc.Creature // named as the screens do (names.go)
		}
		l += fmt.Sprintf("; the %s scares", who)
		if sc.Res != nil {
			l += ": " + damageText(*sc.Res, sc.SC)
		} else {
			l += ", but Courage holds"
		}
	}
	if len(o.Removed) > 0 {
		l += fmt.Sprintf("; %s of the old Level leave the Labyrinth", plural(len(o.Removed), "tile", "tiles"))
	}
	if o.Block != "" {
		l += fmt.Sprintf("; the Door %s is Blocked", dirWord(o.Block))
	}
	return l
}

// ExploreDir resolves an Explore Action (spec §5.2, A4), removing at most 1
// Danger token from the Hero's Sector or an explored one (V21).
type ExploreDir struct {
	Dir          alone.Dir `json:"dir"`
	RemoveDanger string    `json:"removeDanger,omitempty"`
}

type exploreEv struct {
	ExploreDir
	Explored []string `json:"explored,omitempty"`
	Revealed []string `json:"revealed,omitempty"`
}

func (c ExploreDir) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	return &exploreEv{ExploreDir: c}, nil
}
func (*exploreEv) kind() string { return "explore" }
func (o *exploreEv) run(s *State) error {
	if err := s.begin(Explore); err != nil {
		return err
	}
	r, err := s.Map.Explore(o.Dir)
	if err != nil {
		return refuse("§5.2", "%v", err)
	}
	var rm []string
	if o.RemoveDanger != "" {
		rm = []string{o.RemoveDanger}
	}
	if err := alone.CheckExploreDanger(r, rm); err != nil {
		return refuse("§8 V21", "%v", err)
	}
	o.Explored, o.Revealed = r.Explored, r.Revealed
	for _, id := range r.Revealed {
		s.Map.RevealSector(id)
	}
	o.Revealed = append(o.Revealed, s.revealLighted()...)
	if o.RemoveDanger != "" {
		s.Map.Sector(o.RemoveDanger).Danger = false
	}
	for _, id := range o.Revealed {
		for _, c := range s.Map.CreaturesIn(id) {
			s.hear(fmt.Sprintf("A %s is in %s, %s", KindWord(c.Type), s.heardSector(id), woundedWord(c.Wounded)))
		}
	}
	s.finish()
	return nil
}
func (o *exploreEv) line() string {
	l := fmt.Sprintf("Explore %s", dirWord(o.Dir))
	if len(o.Revealed) > 0 {
		l += ": Revealed " + andList(o.Revealed)
	} else {
		l += ": nothing new"
	}
	if o.RemoveDanger != "" {
		l += "; Danger token removed from " + o.RemoveDanger
	}
	return l
}

// FightCreature resolves a Fight Action (spec §5.3): Dice dice (2 unless an
// Item says otherwise), Faces entered from physical dice or rolled by the
// app (Roll says which), Precision
// rerolling 1 Miss once it is unlocked, then A8 on the whole damage. A
// killed Revealed Creature gives experience (§3.5); BossXP names the 2
// Abilities for a Boss. ItemReach is an Item letting the Hero hit another
// Sector (V19).
type FightCreature struct {
	Target string `json:"target"`
	// Roll says who rolls the Fight's dice and the Precision reroll.
	Roll      DiceSource   `json:"roll,omitempty"`
	Dice      int          `json:"dice,omitempty"`
	Faces     []alone.Face `json:"faces,omitempty"`
	Reroll    alone.Face   `json:"reroll,omitempty"`
	ItemReach bool         `json:"itemReach,omitempty"`
	BossXP    []Ability    `json:"bossXP,omitempty"`
}

type fightEv struct {
	FightCreature
	Type        alone.CreatureType `json:"type"`
	SpecialHits bool               `json:"specialHits,omitempty"`
	Hits        int                `json:"hits"`
	Outcome     alone.WoundOutcome `json:"outcome"`
	Revealed    bool               `json:"revealed,omitempty"`
	Gained      []Ability          `json:"gained,omitempty"`
	Unlocked    []Ability          `json:"unlocked,omitempty"`
	Why         string             `json:"why,omitempty"`
}

func (c FightCreature) plan(s *State, d *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	if c.Dice == 0 {
		c.Dice = 2
	}
	if c.Dice < 0 {
		return nil, refuse("§8 V30", "a Fight rolls 2 dice, or the number an Item says, not %d", c.Dice)
	}
	f, err := s.roll(d, c.Roll, c.Faces, c.Dice, "the Fight")
	if err != nil {
		return nil, err
	}
	c.Faces = f
	lit := s.Map.HeroSector().Lighted
	hits, _ := alone.CountHits(f, lit)
	// Precision rerolls 1 Miss, once (§3.5): it can only help, so it is
	// always taken.
	if c.Reroll, err = s.rollOne(d, c.Roll, c.Reroll, hits < len(f) && s.Unlocked(Precision), "the Precision reroll"); err != nil {
		return nil, err
	}
	return &fightEv{FightCreature: c}, nil
}
func (*fightEv) kind() string { return "fight" }
func (o *fightEv) run(s *State) error {
	if err := s.begin(Fight); err != nil {
		return err
	}
	if err := s.Map.FightCheck(o.Target, o.ItemReach); err != nil {
		return refuse("§8 V19", "%v", err)
	}
	if len(o.Faces) != o.Dice {
		return refuse("§5.3", "the Fight rolls %d dice, not %d", o.Dice, len(o.Faces))
	}
	if err := checkFaces(o.Faces, "the Fight"); err != nil {
		return err
	}
	// SPECIAL hits when the Hero's Sector is Lighted, even against another
	// Sector (§5.0 item 5).
	o.SpecialHits = s.Map.HeroSector().Lighted
	f := o.Faces
	if o.Reroll != "" {
		if !s.Unlocked(Precision) {
			return refuse("§3.5", "only Precision rerolls a Miss in a Fight")
		}
		if err := checkFaces([]alone.Face{o.Reroll}, "the Precision reroll"); err != nil {
			return err
		}
		f = rerollFirst(f, o.SpecialHits, o.Reroll, false)
	}
	o.Hits, _ = alone.CountHits(f, o.SpecialHits)
	i := slices.IndexFunc(s.Map.Creatures, func(c alone.Creature) bool { return c.ID == o.Target })
	c := &s.Map.Creatures[i]
	st, err := c.StatsOf(s.Nightmare)
	if err != nil {
		return refuse("§4.4", "%v", err)
	}
	o.Type, o.Revealed = c.Type, c.Revealed
	o.Outcome = alone.ResolveWound(st, c.Wounded, o.Hits)
	o.Gained, o.Unlocked, o.Why = nil, nil, ""
	switch o.Outcome {
	case alone.Wounded:
		c.Wounded = true
		if c.Revealed {
			s.hear(fmt.Sprintf("The %s in %s is Wounded", KindWord(c.Type), s.heardSector(c.Sector)))
		}
	case alone.Killed:
		s.Map.Creatures = slices.Delete(s.Map.Creatures, i, i+1)
		switch {
		case !o.Revealed:
			o.Why = "the Creature was Unrevealed: no experience"
		case o.Type == alone.Boss:
			if err := s.checkBossXP(o.BossXP); err != nil {
				return err
			}
			o.Gained = o.BossXP
		default:
			a, ok := s.Sheet.AbilityFor[o.Type]
			switch {
			case !ok:
				o.Why = fmt.Sprintf("set which Ability a %s kill trains (it is on the Hero sheet), then add the experience", o.Type)
			case s.XP[a] >= MaxXP:
				o.Why = fmt.Sprintf("%s is already unlocked", a)
			default:
				o.Gained = []Ability{a}
			}
		}
		o.Unlocked = s.addXP(o.Gained)
	default:
		if c.Revealed {
			s.hear(fmt.Sprintf("The %s in %s is %s", KindWord(c.Type), s.heardSector(c.Sector), woundedWord(c.Wounded)))
		}
	}
	s.finish()
	return nil
}
func (o *fightEv) line() string {
	who := "a Creature"
	if o.Revealed {
		who = "the " + o.Target // named as the screens do (names.go)
	}
	l := fmt.Sprintf("Fight %s with %s: %s", who, plural(o.Dice, "die", "dice"), facesText(o.Faces))
	if o.Reroll != "" {
		l += fmt.Sprintf(", Precision reroll %s", o.Reroll)
	}
	l += fmt.Sprintf(" — %s, ", plural(o.Hits, "hit", "hits"))
	switch o.Outcome {
	case alone.Killed:
		l += "Killed" + xpText(o.Gained, o.Unlocked, o.Why)
	case alone.Wounded:
		l += "Wounded"
	default:
		l += "no effect (the damage is lost)"
	}
	return l
}

// LocateTargets resolves a Locate Action (spec §5.4): exactly 2 targets
// (V20); the answers are Communicated.
type LocateTargets struct {
	Targets []alone.LocateTarget `json:"targets"`
}

type locateEv struct {
	LocateTargets
	Answers []alone.LocateAnswer `json:"answers,omitempty"`
}

func (c LocateTargets) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	return &locateEv{LocateTargets: c}, nil
}
func (*locateEv) kind() string { return "locate" }
func (o *locateEv) run(s *State) error {
	if err := s.begin(Locate); err != nil {
		return err
	}
	a, err := s.Map.LocateBoth(o.Targets)
	if err != nil {
		return refuse("§8 V20", "%v", err)
	}
	o.Answers = a
	for _, x := range a {
		s.hear(x.Say)
	}
	s.finish()
	return nil
}
func (o *locateEv) line() string {
	p := make([]string, len(o.Answers))
	for i, a := range o.Answers {
		p[i] = a.Say
	}
	return "Locate: " + strings.Join(p, "; ")
}

// ScavengeItems resolves a Scavenge Action (spec §5.5): the Item cards
// drawn (1, or 3 once per Room with Room set; +1 with Acute Sight), then
// any Upgrades. In bookkeeping mode RoomName names the Room.
type ScavengeItems struct {
	Room     bool          `json:"room,omitempty"`
	RoomName string        `json:"roomName,omitempty"`
	Items    []Item        `json:"items,omitempty"`
	Upgrades []UpgradeItem `json:"upgrades,omitempty"`
}

type scavengeEv struct {
	ScavengeItems
	RoomID   string       `json:"roomId,omitempty"`
	Allowed  int          `json:"allowed"`
	IDs      []string     `json:"ids,omitempty"`
	Upgraded []upgradeRes `json:"upgraded,omitempty"`
}

func (c ScavengeItems) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &scavengeEv{ScavengeItems: c}, nil
}
func (*scavengeEv) kind() string { return "scavenge" }
func (o *scavengeEv) run(s *State) error {
	if err := s.begin(Scavenge); err != nil {
		return err
	}
	o.Allowed = 1
	if o.Room {
		switch {
		case s.Map != nil:
			h := s.Map.HeroSector()
			if !h.IsRoom() {
				return refuse("§8 V22", "the 3-card Scavenge is made in a Room, and %s is not one", h.ID)
			}
			o.RoomID = h.ID
		case strings.TrimSpace(o.RoomName) == "":
			return refuse("§8 V22", "name the Room for the 3-card Scavenge")
		default:
			o.RoomID = o.RoomName
		}
		if slices.Contains(s.ScavengedRooms, o.RoomID) {
			return refuse("§8 V22", "the 3-card Scavenge was already made in %s", o.RoomID)
		}
		s.ScavengedRooms = append(s.ScavengedRooms, o.RoomID)
		o.Allowed = 3
	}
	if s.Unlocked(AcuteSight) {
		o.Allowed++
	}
	if len(o.Items) > o.Allowed {
		return refuse("§5.5", "this Scavenge draws %s, not %d", plural(o.Allowed, "card", "cards"), len(o.Items))
	}
	o.IDs, o.Upgraded = nil, nil
	for _, it := range o.Items {
		if err := checkItem(it); err != nil {
			return err
		}
		o.IDs = append(o.IDs, s.addItem(it).ID)
	}
	for _, u := range o.Upgrades {
		r, err := s.upgrade(u)
		if err != nil {
			return err
		}
		o.Upgraded = append(o.Upgraded, r)
	}
	s.finish()
	return nil
}
func (o *scavengeEv) line() string {
	l := "Scavenge"
	if o.RoomID != "" {
		l += " in " + o.RoomID + ", 3 cards once per Room"
	}
	if len(o.Items) > 0 {
		l += ": drew " + itemNames(o.Items)
	} else {
		l += ": drew nothing"
	}
	for _, u := range o.Upgraded {
		l += "; " + u.text()
	}
	return l
}

// InteractWith resolves an Interact Action (spec §5.6): repair the LCU in
// the Hero's Sector lighting direction LCU (A5, then A3), or act on a
// Mission target in the Hero's Sector (Mission names it).
type InteractWith struct {
	LCU     alone.Dir `json:"lcu,omitempty"`
	Mission string    `json:"mission,omitempty"`
}

type interactEv struct {
	InteractWith
	Lighted  []string `json:"lighted,omitempty"`
	Revealed []string `json:"revealed,omitempty"`
}

func (c InteractWith) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	if (c.LCU == "") == (c.Mission == "") {
		return nil, refuse("§5.6", "an Interact targets an LCU or a Mission target: choose one")
	}
	return &interactEv{InteractWith: c}, nil
}
func (*interactEv) kind() string { return "interact" }
func (o *interactEv) run(s *State) error {
	if err := s.begin(Interact); err != nil {
		return err
	}
	if o.Mission != "" {
		if len(s.Goals) > 0 && !slices.Contains(s.Goals, s.Map.Hero) {
			return refuse("§8 V23", "no Mission target is in the Hero's Sector %s", s.Map.Hero)
		}
		s.finish()
		return nil
	}
	r, err := s.Map.RepairLCU(o.LCU)
	if err != nil {
		return refuse("§8 V23", "%v", err)
	}
	for _, id := range r.Lighted {
		s.Map.Sector(id).Lighted = true
	}
	o.Lighted = r.Lighted
	for _, id := range r.Revealed {
		s.Map.RevealSector(id)
	}
	o.Revealed = append(r.Revealed, s.revealLighted()...)
	s.finish()
	return nil
}
func (o *interactEv) line() string {
	if o.Mission != "" {
		return "Interact: " + o.Mission
	}
	l := fmt.Sprintf("Interact: LCU repaired, Lights on to the %s in %s", dirWord(o.LCU), andList(o.Lighted))
	if len(o.Revealed) > 0 {
		l += "; Revealed " + andList(o.Revealed)
	}
	return l
}
