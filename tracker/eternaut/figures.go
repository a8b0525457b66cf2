package eternaut

import (
	"slices"
	"strings"

	"tablekeeper/tracker"
)

// NPCs and Enemies, Devices, abilities, joining and reinforcements
// (spec §7.10–§7.14, §11 F).

// RevealFigure puts an NPC or Enemy card on the table with its life (card
// value). Kind is "npc" or "enemy".
type RevealFigure struct {
	ID, Name, Kind string
	MaxLP          int
}

// DamageFigure / HealFigure change an NPC's or Enemy's life (V29).
type DamageFigure struct {
	ID string
	N  int
}

// HealFigure heals an NPC or Enemy, up to its card value.
type HealFigure struct {
	ID string
	N  int
}

// RemoveFigure takes a figure off the table (a Loot counter may replace it).
type RemoveFigure struct{ ID string }

// TankSetup records the Tank's start values from its cards (§11 F).
type TankSetup struct{ Fuel, MaxFuel, Ammo, MaxAmmo int }

// TankOperate puts a Character in the Tank; TankLeave takes them out.
type TankOperate struct{ Char string }

// TankLeave: the operator gets out of the Tank.
type TankLeave struct{}

// TankAct is a Tank action: "move", "rotate", "fire" or "ram" (V28).
type TankAct struct{ Action string }

// TankDestroyed: the Tank is destroyed and its operator dies.
type TankDestroyed struct{}

// DeviceSetup records the Mysterious Device's life from its card.
type DeviceSetup struct{ MaxLP int }

// DeviceOperate: a Character takes remote control of the Mysterious
// Device (Char "" releases it).
type DeviceOperate struct{ Char string }

// DamageDevice: the Mysterious Device takes damage like an NPC.
type DamageDevice struct{ N int }

// FlipAbility turns a flip-type ability face down when used (V27): the
// Character's PA (Char) or a Group Ability (GA).
type FlipAbility struct{ Char, GA string }

// Reinforce brings an unused Character onto a dead Character's board in F
// (§7.13 step 8), with items and ammo from the truck.
type Reinforce struct {
	Dead, New string
	Items     []string
	Ammo      int
}

// ConfirmLoss confirms the campaign is lost when no reinforcement comes.
type ConfirmLoss struct{}

// JoinCharacter brings a Character into play when the story says so: 911
// revealed in E2, 913 in F, or one added by hand. Board names its board.
type JoinCharacter struct{ ID, Board string }

// SetUnavailable marks a Character as temporarily out of play (or back);
// its cubes move to another board (§5.7 C5).
type SetUnavailable struct {
	Char        string
	Unavailable bool
}

func init() {
	register(RevealFigure{}, DamageFigure{}, HealFigure{}, RemoveFigure{}, TankSetup{}, TankOperate{}, TankLeave{},
		TankAct{}, TankDestroyed{}, DeviceSetup{}, DeviceOperate{}, DamageDevice{}, FlipAbility{}, Reinforce{},
		ConfirmLoss{}, JoinCharacter{}, SetUnavailable{})
}

func (RevealFigure) kind() string { return "figure.reveal" }
func (c RevealFigure) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §7.14")
	if err != nil {
		return err
	}
	if !isID(c.ID) {
		return tracker.Refuse("eternaut §6.4", "%q is not a figure ID (3 digits)", c.ID)
	}
	if c.Kind != "npc" && c.Kind != "enemy" {
		return tracker.Refuse("eternaut §7.14", "a figure is an npc or an enemy, not %q", c.Kind)
	}
	if c.MaxLP < 1 {
		return tracker.Refuse("eternaut §7.2", "give the figure's life from its card (at least 1)")
	}
	if f := sc.figure(c.ID); f != nil && !f.Defeated {
		return tracker.Refuse("eternaut §7.14", "figure %s is already on the table", c.ID)
	}
	sc.Figures = slices.DeleteFunc(sc.Figures, func(f Figure) bool { return f.ID == c.ID })
	sc.Figures = append(sc.Figures, Figure{ID: c.ID, Name: strings.TrimSpace(c.Name), Kind: c.Kind, MaxLP: c.MaxLP, LP: c.MaxLP})
	x.say("%s %s %s revealed, %d life", strings.ToUpper(c.Kind[:1])+c.Kind[1:], c.ID, c.Name, c.MaxLP)
	if w := IDKind(c.ID); w != "" && !strings.EqualFold(w, c.Kind) && w != "Character" {
		x.say("note: %s is usually a %s ID", c.ID, w)
	}
	return nil
}

func (s *State) fig(id string) (*Figure, error) {
	sc, err := s.playing("eternaut §7.14")
	if err != nil {
		return nil, err
	}
	f := sc.figure(id)
	if f == nil || f.Defeated {
		return nil, tracker.Refuse("eternaut §7.14", "figure %s is not on the table", id)
	}
	return f, nil
}

func (DamageFigure) kind() string { return "figure.damage" }
func (c DamageFigure) run(s *State, x *exec) error {
	f, err := s.fig(c.ID)
	if err != nil {
		return err
	}
	if c.N < 1 {
		return tracker.Refuse("eternaut §7.2", "damage must be at least 1")
	}
	from := f.LP
	f.LP = max(0, f.LP-c.N)
	x.say("%s %s took %d damage, %d → %d", f.ID, f.Name, c.N, from, f.LP)
	if f.LP == 0 {
		f.Defeated = true
		x.say("%s %s is defeated", f.ID, f.Name)
		x.ask("A Fast Attack still resolves its Reaction; if that heals it, record the healing")
	}
	return nil
}

func (HealFigure) kind() string { return "figure.heal" }
func (c HealFigure) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §7.14")
	if err != nil {
		return err
	}
	f := sc.figure(c.ID)
	if f == nil {
		return tracker.Refuse("eternaut §7.14", "figure %s is not on the table", c.ID)
	}
	if c.N < 1 {
		return tracker.Refuse("eternaut §7.2", "healing must be at least 1")
	}
	from := f.LP
	f.LP = min(f.MaxLP, f.LP+c.N) // V29
	if f.Defeated && f.LP > 0 {
		f.Defeated = false
		x.say("%s %s survives (Fast Attack reaction healed it)", f.ID, f.Name)
	}
	x.say("%s %s healed, %d → %d (max %d)", f.ID, f.Name, from, f.LP, f.MaxLP)
	return nil
}

func (RemoveFigure) kind() string { return "figure.remove" }
func (c RemoveFigure) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §7.14")
	if err != nil {
		return err
	}
	if sc.figure(c.ID) == nil {
		return tracker.Refuse("eternaut §7.14", "figure %s is not on the table", c.ID)
	}
	sc.Figures = slices.DeleteFunc(sc.Figures, func(f Figure) bool { return f.ID == c.ID })
	x.say("Figure %s removed from the table", c.ID)
	return nil
}

func (s *State) fOnly(rule string) (*Scenario, error) {
	sc, err := s.playing(rule)
	if err != nil {
		return nil, err
	}
	if Letter(sc.Key) != "F" {
		return nil, tracker.Refuse(rule, "this belongs to Scenario F")
	}
	return sc, nil
}

func (s *State) tank() (*Tank, error) {
	sc, err := s.fOnly("eternaut §11 F")
	if err != nil {
		return nil, err
	}
	if sc.Tank == nil || sc.Tank.Destroyed {
		return nil, tracker.Refuse("eternaut §11 F", "the Tank is not on the table")
	}
	return sc.Tank, nil
}

func (TankSetup) kind() string { return "tank.setup" }
func (c TankSetup) run(s *State, x *exec) error {
	sc, err := s.fOnly("eternaut §11 F")
	if err != nil {
		return err
	}
	if c.MaxFuel < 1 || c.MaxAmmo < 0 || c.Fuel < 0 || c.Fuel > c.MaxFuel || c.Ammo < 0 || c.Ammo > c.MaxAmmo {
		return tracker.Refuse("eternaut §11 F", "the Tank's Fuel and Ammo must be between 0 and their maximum (from cards 274-A/B)")
	}
	sc.Tank = &Tank{Fuel: c.Fuel, MaxFuel: c.MaxFuel, Ammo: c.Ammo, MaxAmmo: c.MaxAmmo}
	x.say("Tank on the table: Fuel %d/%d, Ammo %d/%d", c.Fuel, c.MaxFuel, c.Ammo, c.MaxAmmo)
	return nil
}

func (TankOperate) kind() string { return "tank.operate" }
func (c TankOperate) run(s *State, x *exec) error {
	t, err := s.tank()
	if err != nil {
		return err
	}
	ch, err := s.live(c.Char, "eternaut §11 F")
	if err != nil {
		return err
	}
	if t.Operator != "" {
		return tracker.Refuse("eternaut §12 V28", "the Tank already has an operator (%s)", s.Char(t.Operator).Name)
	}
	if ch.Operating != "" {
		return tracker.Refuse("eternaut §11 F", "%s already operates the %s", ch.Name, ch.Operating)
	}
	t.Operator, ch.Operating = ch.ID, "Tank"
	x.say("%s gets into the Tank", ch.Name)
	return nil
}

func (TankLeave) kind() string { return "tank.leave" }
func (TankLeave) run(s *State, x *exec) error {
	t, err := s.tank()
	if err != nil {
		return err
	}
	if t.Operator == "" {
		return tracker.Refuse("eternaut §11 F", "no one is in the Tank")
	}
	ch := s.Char(t.Operator)
	ch.Operating, t.Operator = "", ""
	x.say("%s gets out of the Tank", ch.Name)
	return nil
}

func (TankAct) kind() string { return "tank.act" }
func (c TankAct) run(s *State, x *exec) error {
	t, err := s.tank()
	if err != nil {
		return err
	}
	if t.Operator == "" {
		return tracker.Refuse("eternaut §11 F", "the Tank needs an operator")
	}
	switch c.Action {
	case "move", "rotate", "fire", "ram":
	default:
		return tracker.Refuse("eternaut §11 F", "a Tank action is move, rotate, fire or ram, not %q", c.Action)
	}
	if t.Fuel == 0 {
		return tracker.Refuse("eternaut §12 V28", "the Tank has no Fuel: it cannot move, rotate or fire")
	}
	switch c.Action {
	case "fire":
		if t.Ammo == 0 {
			return tracker.Refuse("eternaut §12 V28", "the Tank has no Ammo left")
		}
		t.Ammo--
		x.say("The Tank fires along its turret (Tank Ammo %d → %d)", t.Ammo+1, t.Ammo)
	case "ram":
		x.say("The Tank rams: %d damage and a push (an Enemy reacts first)", DeviceRamDamage)
	default:
		x.say("The Tank %ss", c.Action)
	}
	return nil
}

func (TankDestroyed) kind() string { return "tank.destroyed" }
func (TankDestroyed) run(s *State, x *exec) error {
	t, err := s.tank()
	if err != nil {
		return err
	}
	t.Destroyed = true
	x.say("The Tank is destroyed: cards 274-A/B are discarded")
	if t.Operator != "" {
		ch := s.Char(t.Operator)
		t.Operator = ""
		ch.Operating = ""
		kill(s, ch, "inside the destroyed Tank", true, x)
	}
	return nil
}

func (DeviceSetup) kind() string { return "device.setup" }
func (c DeviceSetup) run(s *State, x *exec) error {
	sc, err := s.fOnly("eternaut §11 F")
	if err != nil {
		return err
	}
	if c.MaxLP < 1 {
		return tracker.Refuse("eternaut §11 F", "give the Mysterious Device's life from its card")
	}
	sc.Mystery = &MysteriousDevice{LP: c.MaxLP, MaxLP: c.MaxLP}
	x.say("Mysterious Device on the table, %d life", c.MaxLP)
	return nil
}

func (DeviceOperate) kind() string { return "device.operate" }
func (c DeviceOperate) run(s *State, x *exec) error {
	sc, err := s.fOnly("eternaut §11 F")
	if err != nil {
		return err
	}
	m := sc.Mystery
	if m == nil || m.LP == 0 {
		return tracker.Refuse("eternaut §11 F", "the Mysterious Device is not on the table")
	}
	if c.Char == "" {
		if m.Operator == "" {
			return tracker.Refuse("eternaut §11 F", "no one controls the Mysterious Device")
		}
		op := s.Char(m.Operator)
		op.Operating, m.Operator = "", ""
		x.say("%s lets go of the Mysterious Device", op.Name)
		return nil
	}
	ch, err := s.live(c.Char, "eternaut §11 F")
	if err != nil {
		return err
	}
	if m.Operator != "" {
		return tracker.Refuse("eternaut §11 F", "%s already controls the Mysterious Device", s.Char(m.Operator).Name)
	}
	if ch.Operating != "" {
		return tracker.Refuse("eternaut §11 F", "%s already operates the %s", ch.Name, ch.Operating)
	}
	m.Operator, ch.Operating = ch.ID, "Mysterious Device"
	x.say("%s takes control of the Mysterious Device (Character card face down)", ch.Name)
	return nil
}

func (DamageDevice) kind() string { return "device.damage" }
func (c DamageDevice) run(s *State, x *exec) error {
	sc, err := s.fOnly("eternaut §11 F")
	if err != nil {
		return err
	}
	m := sc.Mystery
	if m == nil || m.LP == 0 {
		return tracker.Refuse("eternaut §11 F", "the Mysterious Device is not on the table")
	}
	if c.N < 1 {
		return tracker.Refuse("eternaut §7.2", "damage must be at least 1")
	}
	from := m.LP
	m.LP = max(0, m.LP-c.N)
	x.say("The Mysterious Device took %d damage, %d → %d", c.N, from, m.LP)
	if m.LP == 0 {
		if m.Operator != "" {
			s.Char(m.Operator).Operating = ""
			m.Operator = ""
		}
		x.say("The Mysterious Device is destroyed")
	}
	return nil
}

func (FlipAbility) kind() string { return "ability.flip" }
func (c FlipAbility) run(s *State, x *exec) error {
	if _, err := s.playing("eternaut §7.10"); err != nil {
		return err
	}
	var a *Ability
	var owner string
	switch {
	case c.Char != "" && c.GA != "":
		return tracker.Refuse("eternaut §7.10", "flip either a Character's Personal Ability or a Group Ability")
	case c.Char != "":
		ch, err := s.live(c.Char, "eternaut §7.10")
		if err != nil {
			return err
		}
		if ch.PA == nil {
			return tracker.Refuse("eternaut §7.10", "%s has no Personal Ability", ch.Name)
		}
		a, owner = ch.PA, ch.Name+"'s "
	default:
		for i := range s.GroupAbilities {
			if s.GroupAbilities[i].ID == c.GA {
				a = &s.GroupAbilities[i]
			}
		}
		if a == nil {
			return tracker.Refuse("eternaut §7.11", "the group does not own %q", c.GA)
		}
		if !from(s.Scenario.Key, "E") {
			return tracker.Refuse("eternaut §7.11", "Group Abilities are used from Scenario E")
		}
	}
	if a.Permanent {
		return tracker.Refuse("eternaut §12 V27", "%s is permanent: it is never flipped", a.ID)
	}
	if a.FaceDown {
		return tracker.Refuse("eternaut §12 V27", "%s is already face down until the end of the round", a.ID)
	}
	a.FaceDown = true
	x.say("%s%s used and flipped face down", owner, a.ID)
	return nil
}

func (Reinforce) kind() string { return "reinforce" }
func (c Reinforce) run(s *State, x *exec) error {
	sc := s.Scenario
	if s.Phase != PhasePlaying || sc == nil || Letter(sc.Key) != "F" {
		return tracker.Refuse("eternaut §7.13", "reinforcements come only in Scenario F")
	}
	dead, err := s.mustChar(c.Dead)
	if err != nil {
		return err
	}
	if !dead.InPlay || !dead.Gone() || dead.Board == "" {
		return tracker.Refuse("eternaut §7.13", "%s's board is not free: reinforcements replace a Character who died in F", dead.Name)
	}
	if dead.Masked {
		return tracker.Refuse("eternaut §13.22", "a Masked Figure cannot be replaced")
	}
	nw, err := s.mustChar(c.New)
	if err != nil {
		return err
	}
	if nw.Status == OutOfCampaign && nw.Found {
		return tracker.Refuse("eternaut §7.13", "%s is not an unused Character of the group: %s", nw.Name, charWords(nw))
	}
	if nw.Status != Alive || nw.InPlay || nw.AwaitsReveal {
		return tracker.Refuse("eternaut §7.13", "%s is not an unused Character of the group", nw.Name)
	}
	left := slices.Clone(sc.TruckItems)
	for _, it := range c.Items {
		i := slices.Index(left, it)
		if i < 0 {
			return tracker.Refuse("eternaut §7.13", "item %s is not left in the Item reserve", it)
		}
		left = slices.Delete(left, i, i+1)
	}
	if len(c.Items) > nw.Capacity() {
		return tracker.Refuse("eternaut §12 V8", "%s can carry %d items", nw.Name, nw.Capacity())
	}
	if c.Ammo < 0 || c.Ammo > AmmoCapPerCharacter || c.Ammo > sc.TruckAmmo {
		return tracker.Refuse("eternaut §7.13", "ammo for %s must be 0 to %d (on the truck: %d)", nw.Name, AmmoCapPerCharacter, sc.TruckAmmo)
	}
	sc.TruckItems, sc.TruckAmmo = left, sc.TruckAmmo-c.Ammo
	sec := s.Section("F")
	sec.TruckItems, sec.TruckAmmo = slices.Clone(left), sc.TruckAmmo
	nw.InPlay, nw.Played, nw.Board, nw.Items, nw.Ammo = true, true, dead.Board, slices.Clone(c.Items), c.Ammo
	nw.ActionCards, nw.Cubes, nw.DiedHere = 0, 0, false
	dead.Board = ""
	if i := slices.Index(sc.Boards, dead.ID); i >= 0 {
		sc.Boards[i] = nw.ID
	}
	writeRow(sec, nw, true)
	pending := sc.LossPending
	sc.LossPending = false
	s.LossReason = ""
	if sc.CubesActive && sc.CubesOnTarget == CubesForActivation && anyLiving(s, nw.ID) == nil {
		// Every board had emptied: the cubes come back with the newcomer.
		if err := dealCubes(s, nil, x); err != nil {
			return err
		}
	}
	x.say("Reinforcement: %s takes %s's board (%d life)", nw.Carded(), dead.Named(), nw.LP)
	x.ask("Place %s on the start space of Story card F1-01/F2-01", nw.Name)
	if pending {
		// The loss test again (§10.4): a Masked Figure alone does not save
		// a group whose main Characters in play are all dead (L2).
		checkLoss(s, x)
	}
	return nil
}

func (ConfirmLoss) kind() string { return "loss" }
func (ConfirmLoss) run(s *State, x *exec) error {
	if s.Scenario == nil || !s.Scenario.LossPending {
		return tracker.Refuse("eternaut §10.4", "the campaign is not about to be lost")
	}
	lose(s, s.LossReason, x)
	return nil
}

func (JoinCharacter) kind() string { return "join" }
func (c JoinCharacter) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §10.2")
	if err != nil {
		return err
	}
	ch, err := s.mustChar(c.ID)
	if err != nil {
		return err
	}
	if ch.Status == Dead || ch.Status == LeftGroup || ch.Status == OutOfCampaign {
		return tracker.Refuse("eternaut §12 V21", "%s cannot join: %s", ch.Name, charWords(ch))
	}
	// Who joins during a scenario (§10.2): 911 when E2 reveals it, 913 in
	// F, a Character the group added by hand (910), or any Character of
	// the group at hand when a paragraph brings it in.
	switch {
	case ch.AwaitsReveal:
	case ch.ID == "913":
		if Letter(sc.Key) != "F" {
			return tracker.Refuse("eternaut §10.2", "913 joins during Scenario F")
		}
	case ch.Status == NotUnlocked && slices.Contains(knownIDs, ch.ID):
		return tracker.Refuse("eternaut §10.2", "%s %s joins the group %s", ch.ID, ch.Name, joinsWhen(ch.ID))
	}
	if ch.Masked && !from(sc.Key, "D") {
		return tracker.Refuse("eternaut §12 V21", "Masked Figures join the group only from Scenario D")
	}
	if ch.InPlay {
		return tracker.Refuse("eternaut §10.2", "%s is already in play", ch.Name)
	}
	n := 0
	for _, o := range s.InPlay() {
		if !o.Gone() {
			n++
		}
	}
	if n >= MaxCharactersInPlay {
		return tracker.Refuse("eternaut §12 V30", "%d Characters are already in play", n)
	}
	fresh := ch.Status == NotUnlocked
	ch.Status, ch.Found, ch.AwaitsReveal = Alive, true, false
	if fresh {
		ch.LP, ch.Penalties = CharMaxLP, Penalties{}
	}
	if ch.ID == "911" && ch.PA == nil {
		ch.PA = &Ability{ID: "PA-911"}
		x.say("PA-911 comes with 911, free")
	}
	ch.InPlay, ch.Played, ch.Board = true, true, strings.TrimSpace(c.Board)
	if ch.Board == "" {
		ch.Board = "board " + ch.ID
	}
	ch.ActionCards, ch.Cubes, ch.Ammo, ch.Items = 0, 0, 0, nil
	sc.Boards = append(sc.Boards, ch.ID)
	writeRow(s.Section(Letter(sc.Key)), ch, true)
	x.say("%s joins the group and comes into play (%d life)", ch.Carded(), ch.LP)
	return nil
}

func joinsWhen(id string) string {
	switch id {
	case "905", "906":
		return "at the end of B, if its NPC card is face up"
	case "907", "908", "909":
		return "at the setup of D"
	case "911":
		return "when E2 reveals it"
	case "912":
		return "at the end of D, for E1"
	}
	return "when the story says so"
}

func (SetUnavailable) kind() string { return "unavailable" }
func (c SetUnavailable) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §5.7 C5")
	if err != nil {
		return err
	}
	if ch.Unavailable == c.Unavailable {
		return tracker.Refuse("eternaut §5.7 C5", "no change for %s", ch.Name)
	}
	ch.Unavailable = c.Unavailable
	if c.Unavailable {
		x.say("%s is out of play for now", ch.Name)
		if ch.Cubes > 0 {
			if to := fewestCubes(s, ch.ID); to != nil {
				to.Cubes += ch.Cubes
				x.say("%s move to %s's board", plural(ch.Cubes, "Consumed cube", "Consumed cubes"), to.Name)
				ch.Cubes = 0
			}
		}
	} else {
		x.say("%s is back in play", ch.Name)
	}
	return nil
}

// GainAbility: the story gives a Character a Personal Ability card, or
// replaces the one it has (PA-912-A → PA-912-B, §7.10, §13.13); the old
// card leaves the campaign. Permanent is the card's type.
type GainAbility struct {
	Char, ID  string
	Permanent bool
}

func init() { register(GainAbility{}) }

func (GainAbility) kind() string { return "ability.gain" }
func (c GainAbility) run(s *State, x *exec) error {
	ch, err := s.mustChar(c.Char)
	if err != nil {
		return err
	}
	if ch.Status != Alive {
		return tracker.Refuse("eternaut §12 V14", "%s is not a living member of the group", ch.Name)
	}
	if ch.Masked {
		return tracker.Refuse("eternaut §12 V14", "Masked Figures never hold a Personal Ability")
	}
	id := strings.TrimSpace(c.ID)
	if !strings.HasPrefix(id, "PA-") {
		return tracker.Refuse("eternaut §7.10", "%q is not a Personal Ability card (PA-…)", c.ID)
	}
	if ch.PA != nil {
		x.say("%s's %s leaves the campaign", ch.Name, ch.PA.ID)
	}
	ch.PA = &Ability{ID: id, Permanent: c.Permanent}
	s.Pool.PAs = slices.DeleteFunc(s.Pool.PAs, func(p string) bool { return p == id })
	x.say("%s gains %s", ch.Name, id)
	return nil
}
