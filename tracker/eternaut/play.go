package eternaut

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/tracker"
)

// Life, ammo and penalties of the Characters in play (spec §7.2–§7.5).

// Damage takes N life from a Character (§7.2). Source is free words for the
// diary ("Cascarudo move-through"). At 0 the Character dies (§7.13).
type Damage struct {
	Char   string
	N      int
	Source string
}

// Heal gives N life back, up to 10 (§7.2, V2).
type Heal struct {
	Char string
	N    int
}

// Kill kills a Character outright (a paragraph, the Gurbo, the Tank's
// destruction); Cause is free words.
type Kill struct{ Char, Cause string }

// LeaveGroup: a paragraph makes a Character leave (§7.13). KeepItems keeps
// its items off the map when the paragraph says so; by default they drop.
type LeaveGroup struct {
	Char      string
	KeepItems bool
}

// GainAmmo gives ammo; above 5 the excess goes back to the reserve (V5).
type GainAmmo struct {
	Char string
	N    int
}

// LoseAmmo takes ammo away (a card or paragraph); never below 0.
type LoseAmmo struct {
	Char string
	N    int
}

// RangedAttack spends the 1 ammo a ranged attack costs (§7.5, V6).
type RangedAttack struct{ Char string }

// Penalty kinds.
const (
	Fatigue    = "fatigue"
	HeavyWound = "heavy wound"
	Madness    = "madness"
)

// AddPenalty puts a penalty card on a Character (§7.4): Kind is Fatigue,
// HeavyWound or Madness; FromFog marks a Mindveil Fog crossing (V11).
type AddPenalty struct {
	Char    string
	Kind    string
	FromFog bool
}

// TakeABreak removes all of a Character's Fatigue, and nothing else (V12).
type TakeABreak struct{ Char string }

// TakeCare removes the Character's Heavy Wound (V12).
type TakeCare struct{ Char string }

// RemovePenalty removes penalty cards by a special effect (V12): N Fatigue,
// or the Heavy Wound, or the Madness.
type RemovePenalty struct {
	Char string
	Kind string
	N    int
}

func init() {
	register(Damage{}, Heal{}, Kill{}, LeaveGroup{}, GainAmmo{}, LoseAmmo{}, RangedAttack{},
		AddPenalty{}, TakeABreak{}, TakeCare{}, RemovePenalty{})
}

// live finds a Character who is on the table and alive.
func (s *State) live(id, rule string) (*Character, error) {
	if s.Phase != PhasePlaying || s.Scenario == nil {
		return nil, tracker.Refuse(rule, "no scenario is being played")
	}
	ch, err := s.mustChar(id)
	if err != nil {
		return nil, err
	}
	if !ch.InPlay {
		return nil, tracker.Refuse(rule, "%s %s is not in play in this scenario", ch.ID, ch.Name)
	}
	if ch.Gone() {
		return nil, tracker.Refuse("eternaut §12 V3", "%s %s has %s", ch.ID, ch.Name, map[bool]string{true: "died", false: "left the group"}[ch.Status == Dead])
	}
	return ch, nil
}

func (s *State) lifeChar(id string) (*Character, error) {
	ch, err := s.live(id, "eternaut §7.2")
	if err != nil {
		return nil, err
	}
	if Letter(s.Scenario.Key) == "A" {
		return nil, tracker.Refuse("eternaut §12 V4", "life is not tracked in Scenario A")
	}
	return ch, nil
}

func (Damage) kind() string { return "damage" }
func (c Damage) run(s *State, x *exec) error {
	ch, err := s.lifeChar(c.Char)
	if err != nil {
		return err
	}
	if c.N < 1 {
		return tracker.Refuse("eternaut §7.2", "damage must be at least 1, not %d", c.N)
	}
	damage(s, ch, c.N, c.Source, x)
	return nil
}

// damage lowers life, ends Device control (§7.2) and kills at 0 (V2).
func damage(s *State, ch *Character, n int, source string, x *exec) {
	from := ch.LP
	ch.LP = max(0, ch.LP-n)
	src := ""
	if source != "" {
		src = " (" + source + ")"
	}
	x.say("%s took %d damage%s, %d → %d", ch.Name, n, src, from, ch.LP)
	if m := s.Scenario.Mystery; m != nil && m.Operator == ch.ID {
		m.Operator, ch.Operating = "", ""
		x.say("%s loses control of the Mysterious Device", ch.Name)
	}
	if ch.LP == 0 {
		kill(s, ch, "life reached 0", true, x)
	}
}

func (Heal) kind() string { return "heal" }
func (c Heal) run(s *State, x *exec) error {
	ch, err := s.lifeChar(c.Char)
	if err != nil {
		return err
	}
	if c.N < 1 {
		return tracker.Refuse("eternaut §7.2", "healing must be at least 1, not %d", c.N)
	}
	from := ch.LP
	ch.LP = min(CharMaxLP, ch.LP+c.N)
	x.say("%s healed %d, %d → %d", ch.Name, c.N, from, ch.LP)
	if from+c.N > CharMaxLP {
		x.say("%d above the maximum of %d is lost", from+c.N-CharMaxLP, CharMaxLP)
	}
	return nil
}

// mortal finds a Character who can die or leave now: in play, or — while
// the scenario is being finished, before its diary section is written — a
// Character of the scenario killed by the Epilogue (§7.13 step 2).
func (s *State) mortal(id string) (*Character, error) {
	if s.Phase == PhaseEnding && s.End != nil && (s.End.Step == StepObjectives || s.End.Step == StepItems || s.End.Step == StepRecord) {
		ch, err := s.mustChar(id)
		if err != nil {
			return nil, err
		}
		if !ch.InPlay || ch.Gone() {
			return nil, tracker.Refuse("eternaut §7.13", "%s %s is not a living Character of this scenario", ch.ID, ch.Name)
		}
		return ch, nil
	}
	return s.live(id, "eternaut §7.13")
}

func (Kill) kind() string { return "kill" }
func (c Kill) run(s *State, x *exec) error {
	ch, err := s.mortal(c.Char)
	if err != nil {
		return err
	}
	cause := c.Cause
	if cause == "" {
		cause = "killed"
	}
	kill(s, ch, cause, true, x)
	return nil
}

func (LeaveGroup) kind() string { return "leave" }
func (c LeaveGroup) run(s *State, x *exec) error {
	ch, err := s.mortal(c.Char)
	if err != nil {
		return err
	}
	if c.KeepItems {
		ch.Items, ch.Bag, ch.BagItems = nil, "", nil
	}
	kill(s, ch, "left the group", false, x)
	return nil
}

// kill runs §7.13 for a death (death=true) or a departure.
func kill(s *State, ch *Character, cause string, death bool, x *exec) {
	sc := s.Scenario
	if death {
		x.say("%s is dead (%s)", ch.Named(), cause)
		x.ask("Read paragraph %s", DeathParagraph(ch.ID))
		ch.Status = Dead
	} else {
		x.say("%s left the group", ch.Named())
		ch.Status = LeftGroup
	}
	ch.LP, ch.DiedHere = 0, true
	// Step 2: the items become a Drop pile where the Character was; after
	// the scenario's end they are discarded instead.
	items := append(slices.Clone(ch.Items), ch.BagItems...)
	if len(items) > 0 && s.Phase == PhaseEnding {
		x.say("%s's items go back to the Item deck: %s", ch.Name, strings.Join(items, ", "))
	} else if len(items) > 0 {
		l, extra := sc.nextPileLetter()
		sc.DropPiles = append(sc.DropPiles, DropPile{Letter: l, Where: "where " + ch.Name + " fell", Items: items})
		x.say("Drop pile %s: %s", l, strings.Join(items, ", "))
		if extra {
			x.say("more Drop piles than the 4 pairs of counters: use a spare marker for %s", l)
		}
	}
	if ch.Ammo > 0 {
		x.say("%d ammo goes back to the general reserve", ch.Ammo)
	}
	ch.Items, ch.Bag, ch.BagItems, ch.Ammo = nil, "", nil, 0
	// Step 3/4: Character card, counters, abilities.
	ch.ActionCards, ch.Penalties = 0, Penalties{}
	if ch.Masked {
		ch.Skills = nil
		ch.ReturnsNext = death && Letter(sc.Key) != "F"
	} else {
		if len(ch.Skills) > 0 || ch.PA != nil {
			x.say("%s's skill counters and ability leave the campaign", ch.Name)
		}
		ch.Skills, ch.PA = nil, nil
		s.Pool.PAs = slices.DeleteFunc(s.Pool.PAs, func(p string) bool { return paOwner(p) == ch.ID })
	}
	if ch.Operating != "" {
		if sc.Tank != nil && sc.Tank.Operator == ch.ID {
			sc.Tank.Operator = ""
		}
		if sc.Mystery != nil && sc.Mystery.Operator == ch.ID {
			sc.Mystery.Operator = ""
		}
		ch.Operating = ""
	}
	// Step 5: the cubes move to another board (§5.7 C5).
	if ch.Cubes > 0 {
		to := fewestCubes(s, ch.ID)
		if to == nil {
			to = anyLiving(s, ch.ID)
		}
		if to != nil {
			to.Cubes += ch.Cubes
			x.say("%s move to %s's board (the Enemy tab moves them elsewhere)", plural(ch.Cubes, "Consumed cube", "Consumed cubes"), to.Name)
		} else {
			// No board is left to hold them: they wait on the target and
			// are dealt again if a reinforcement comes in.
			sc.CubesOnTarget += ch.Cubes
		}
		ch.Cubes = 0
	}
	// Step 6: the skull in the diary.
	r := writeRow(s.Section(Letter(sc.Key)), ch, false)
	r.Skull, r.LP = true, 0
	checkLoss(s, x)
}

// fewestCubes is the living board with the fewest cubes, leftmost first.
func fewestCubes(s *State, except string) *Character {
	var best *Character
	for _, c := range s.InPlay() {
		if c.ID == except || c.Gone() || c.Unavailable {
			continue
		}
		if best == nil || c.Cubes < best.Cubes {
			best = c
		}
	}
	return best
}

// anyLiving is the first living board, available or not.
func anyLiving(s *State, except string) *Character {
	for _, c := range s.InPlay() {
		if c.ID != except && !c.Gone() {
			return c
		}
	}
	return nil
}

// checkLoss runs §10.4 after a death.
func checkLoss(s *State, x *exec) {
	sc := s.Scenario
	anyAlive, mains, mainsAlive := false, 0, false
	for _, c := range s.InPlay() {
		if !c.Gone() {
			anyAlive = true
		}
		if !c.Masked {
			mains++
			if !c.Gone() {
				mainsAlive = true
			}
		}
	}
	reason := ""
	switch {
	case !anyAlive:
		reason = "every Character in play is dead (L1)"
	case from(sc.Key, "D") && mains > 0 && !mainsAlive:
		reason = "every main Character in play is dead; only Masked Figures remain (L2)"
	case from(sc.Key, "D") && mains == 0 && !groupHasMain(s) && !x.before(1):
		// §10.4 L2 with no main Character chosen for the scenario (RB p.29:
		// the loss comes when the main Characters die and only Masked
		// Figures are left). No main Character in play died here, so the
		// "in play" test cannot fire; the loss stands only if the group
		// itself has no living main Character left.
		reason = "no main Character is left in the group; only Masked Figures remain (L2)"
	default:
		return
	}
	if Letter(sc.Key) == "F" && canSaveByReinforcement(s) {
		sc.LossPending = true
		s.LossReason = reason
		x.say("The campaign is lost unless a reinforcement comes in: %s", reason)
		x.ask("Bring in a reinforcement, or confirm the loss")
		return
	}
	lose(s, reason, x)
}

// groupHasMain says a main Character of the group is alive (in play or
// not); a 911 still waiting to be revealed is not in the group yet.
func groupHasMain(s *State) bool {
	for _, c := range s.Roster {
		if !c.Masked && c.Status == Alive && !c.AwaitsReveal {
			return true
		}
	}
	return false
}

func lose(s *State, reason string, x *exec) {
	s.Phase, s.LossReason = PhaseLost, reason
	if s.Scenario != nil {
		s.Scenario.LossPending = false
	}
	x.say("The campaign is lost: %s", reason)
	// Name the scenario before the players choose (issue 15 item 2).
	x.ask("%s, or start over from the beginning with the diary wiped", s.RestartWords())
}

// canSaveByReinforcement says whether a reinforcement in F could still
// undo a loss (§10.4, §7.13 step 8): a dead main Character's board must be
// free (Masked Figures cannot be replaced), and the newcomer must be a main
// Character, since once every main Character in play is dead, Masked
// Figures alone lose the campaign (L2, RB p.29).
func canSaveByReinforcement(s *State) bool {
	free := false
	for _, c := range s.InPlay() {
		if c.Gone() && !c.Masked && c.Board != "" {
			free = true
		}
	}
	if !free {
		return false
	}
	for _, c := range reinforcements(s) {
		if !c.Masked {
			return true
		}
	}
	return false
}

// reinforcements are the Characters who could come in during F (§7.13
// step 8): alive, in the group, not already in play.
func reinforcements(s *State) []*Character {
	var out []*Character
	for _, c := range s.Roster {
		if c.Status == Alive && !c.InPlay && !c.AwaitsReveal {
			out = append(out, c)
		}
	}
	return out
}

func (GainAmmo) kind() string { return "ammo.gain" }
func (c GainAmmo) run(s *State, x *exec) error {
	ch, err := s.ammoChar(c.Char)
	if err != nil {
		return err
	}
	if c.N < 1 {
		return tracker.Refuse("eternaut §7.5", "ammo gained must be at least 1, not %d", c.N)
	}
	from := ch.Ammo
	ch.Ammo = min(AmmoCapPerCharacter, ch.Ammo+c.N)
	x.say("%s gained %d ammo, %d → %d", ch.Name, c.N, from, ch.Ammo)
	if over := from + c.N - AmmoCapPerCharacter; over > 0 {
		x.say("%d above the cap of %d goes back to the general reserve", over, AmmoCapPerCharacter)
	}
	warnAmmoTotal(s, x)
	return nil
}

func warnAmmoTotal(s *State, x *exec) {
	total := 0
	for _, c := range s.InPlay() {
		total += c.Ammo
	}
	if total > AmmoCountersInGame {
		x.say("warning: %d ammo in play, but the game has only %d Ammo counters", total, AmmoCountersInGame)
	}
}

func (s *State) ammoChar(id string) (*Character, error) {
	ch, err := s.live(id, "eternaut §7.5")
	if err != nil {
		return nil, err
	}
	if Letter(s.Scenario.Key) == "A" {
		return nil, tracker.Refuse("eternaut §2.2", "there is no ammo in Scenario A")
	}
	return ch, nil
}

func (LoseAmmo) kind() string { return "ammo.lose" }
func (c LoseAmmo) run(s *State, x *exec) error {
	ch, err := s.ammoChar(c.Char)
	if err != nil {
		return err
	}
	if c.N < 1 {
		return tracker.Refuse("eternaut §7.5", "ammo lost must be at least 1, not %d", c.N)
	}
	if c.N > ch.Ammo {
		return tracker.Refuse("eternaut §12 V5", "%s has only %d ammo, cannot lose %d", ch.Name, ch.Ammo, c.N)
	}
	x.say("%s lost %d ammo, %d → %d", ch.Name, c.N, ch.Ammo, ch.Ammo-c.N)
	ch.Ammo -= c.N
	return nil
}

func (RangedAttack) kind() string { return "ammo.attack" }
func (c RangedAttack) run(s *State, x *exec) error {
	ch, err := s.ammoChar(c.Char)
	if err != nil {
		return err
	}
	if ch.Ammo < 1 {
		return tracker.Refuse("eternaut §12 V6", "%s has no ammo: a ranged attack is not possible", ch.Name)
	}
	x.say("%s fired a ranged attack: 1 ammo, %d → %d", ch.Name, ch.Ammo, ch.Ammo-1)
	ch.Ammo--
	return nil
}

func (AddPenalty) kind() string { return "penalty.add" }
func (c AddPenalty) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.4")
	if err != nil {
		return err
	}
	key := s.Scenario.Key
	placed := false
	switch c.Kind {
	case Fatigue:
		if c.FromFog {
			return tracker.Refuse("eternaut §11 D", "a Mindveil Fog crossing gives Madness, not Fatigue")
		}
		ch.Penalties.Fatigue++
		placed = true
		x.say("%s gets a Fatigue card (%d)", ch.Name, ch.Penalties.Fatigue)
		if fatigueInPlay(s) > FatigueCardsInGame {
			x.say("warning: more Fatigue in play than the %d cards of the game", FatigueCardsInGame)
		}
	case HeavyWound:
		if !from(key, "C") {
			return tracker.Refuse("eternaut §2.2", "Heavy Wounds come into the game in Scenario C")
		}
		if c.FromFog {
			return tracker.Refuse("eternaut §11 D", "a Mindveil Fog crossing gives Madness, not a Heavy Wound")
		}
		if ch.Penalties.HeavyWound {
			// V10: a second Heavy Wound is 2 damage, no card.
			x.say("%s already has a Heavy Wound: it becomes %d damage", ch.Name, HeavyWoundExtraDmg)
			damage(s, ch, HeavyWoundExtraDmg, "second Heavy Wound", x)
			return nil
		}
		ch.Penalties.HeavyWound, placed = true, true
		x.say("%s gets a Heavy Wound", ch.Name)
	case Madness:
		if !from(key, "D") {
			return tracker.Refuse("eternaut §2.2", "Madness comes into the game in Scenario D")
		}
		if ch.Penalties.Madness {
			// V11: ignored, except a Fog crossing, which is 1 damage.
			if c.FromFog {
				x.say("%s is already Mad: crossing the Mindveil Fog deals 1 damage instead", ch.Name)
				damage(s, ch, 1, "Mindveil Fog", x)
				return nil
			}
			x.say("%s is already Mad: the second Madness is ignored", ch.Name)
			return nil
		}
		ch.Penalties.Madness, placed = true, true
		x.say("%s goes Mad: Action cards played on %s are picked at random", ch.Name, ch.Name)
	default:
		return tracker.Refuse("eternaut §7.4", "%q is not a penalty card (fatigue, heavy wound, madness)", c.Kind)
	}
	if placed {
		moveCubeFor(s, ch, x)
	}
	return nil
}

func fatigueInPlay(s *State) int {
	n := 0
	for _, c := range s.InPlay() {
		n += c.Penalties.Fatigue
	}
	return n
}

func (TakeABreak) kind() string { return "penalty.break" }
func (c TakeABreak) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.4")
	if err != nil {
		return err
	}
	if ch.Penalties.Fatigue == 0 {
		return tracker.Refuse("eternaut §12 V12", "%s has no Fatigue to discard", ch.Name)
	}
	x.say("%s takes a break: %d Fatigue discarded (%s left on the board)", ch.Name, ch.Penalties.Fatigue, plural(ch.BoardCount()-ch.Penalties.Fatigue, "card", "cards"))
	ch.Penalties.Fatigue = 0
	return nil
}

func (TakeCare) kind() string { return "penalty.care" }
func (c TakeCare) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.4")
	if err != nil {
		return err
	}
	if !ch.Penalties.HeavyWound {
		return tracker.Refuse("eternaut §12 V12", "%s has no Heavy Wound", ch.Name)
	}
	ch.Penalties.HeavyWound = false
	x.say("%s's Heavy Wound is taken care of", ch.Name)
	return nil
}

func (RemovePenalty) kind() string { return "penalty.remove" }
func (c RemovePenalty) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.4")
	if err != nil {
		return err
	}
	switch c.Kind {
	case Fatigue:
		if c.N < 1 || c.N > ch.Penalties.Fatigue {
			return tracker.Refuse("eternaut §7.4", "%s has %d Fatigue; cannot remove %d", ch.Name, ch.Penalties.Fatigue, c.N)
		}
		ch.Penalties.Fatigue -= c.N
		x.say("%d Fatigue removed from %s by a special effect (%d left)", c.N, ch.Name, ch.Penalties.Fatigue)
	case HeavyWound:
		if !ch.Penalties.HeavyWound {
			return tracker.Refuse("eternaut §7.4", "%s has no Heavy Wound", ch.Name)
		}
		ch.Penalties.HeavyWound = false
		x.say("%s's Heavy Wound removed by a special effect", ch.Name)
	case Madness:
		if !ch.Penalties.Madness {
			return tracker.Refuse("eternaut §7.4", "%s is not Mad", ch.Name)
		}
		ch.Penalties.Madness = false
		x.say("%s's Madness removed by a special effect", ch.Name)
	default:
		return tracker.Refuse("eternaut §7.4", "%q is not a penalty card (fatigue, heavy wound, madness)", c.Kind)
	}
	return nil
}

// moveCubeFor moves 1 Consumed cube when a card lands on a board (§5.7 C2).
func moveCubeFor(s *State, ch *Character, x *exec) {
	sc := s.Scenario
	if !sc.CubesActive || ch.Cubes < 1 {
		return
	}
	ch.Cubes--
	sc.CubesOnTarget++
	x.say("1 Consumed cube moves from %s's board to the target (%d/%d)", ch.Name, sc.CubesOnTarget, CubesForActivation)
}

// DeathParagraph is the paragraph read when a Character dies (§6.2).
func DeathParagraph(id string) string { return "600-" + id }

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
