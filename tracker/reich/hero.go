package reich

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa"
	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// drawCards is Algorithm D (spec §9): draw n action cards; when the draw
// pile is empty the discard is shuffled into a new one and its top card is
// removed from the game. Cards are tracked by count, so the shuffle needs
// no draw from the dice.
func drawCards(h *Hero, n int, _ *tracker.Dice) int {
	got := 0
	for range n {
		if h.Draw == 0 {
			if h.Discard == 0 {
				break // nothing left to draw (NOT IN SOURCE: draw what you can)
			}
			h.Draw, h.Discard = h.Discard, 0
			h.Draw--
			h.Removed++
			if h.Draw == 0 {
				break
			}
		}
		h.Draw--
		h.Hand++
		got++
	}
	return got
}

// actor checks that the hero may act now: a mission in play, this hero's
// turn, not captured (V-06), not escaped.
func (t *tx) actor(id, rule string) (*Mission, *Hero, error) {
	m, err := t.s.inPlay(rule)
	if err != nil {
		return nil, nil, err
	}
	h := m.hero(id)
	if h == nil {
		return nil, nil, tracker.Refuse(rule, "there is no hero %q in this mission", id)
	}
	if m.Step != StepHeroTurn || m.Current != id {
		return nil, nil, tracker.Refuse(rule, "it is not %s's turn", h.Name)
	}
	if h.Captured {
		return nil, nil, tracker.Refuse("reichbusters V-06", "%s is captured and may take no actions", h.Name)
	}
	if h.Escaped {
		return nil, nil, tracker.Refuse(rule, "%s has left the map", h.Name)
	}
	if h.Turn.Ending {
		return nil, nil, tracker.Refuse("reichbusters §5.2", "%s was downed during this action: only its noise test is still to come, then the turn ends", h.Name)
	}
	return m, h, nil
}

// upright is actor for every action but a move: a knocked-down hero
// (not downed) spends 1 movement standing up before any other action
// (§12.1 Knocked Down).
func (t *tx) upright(id, rule string) (*Mission, *Hero, error) {
	m, h, err := t.actor(id, rule)
	if err != nil {
		return nil, nil, err
	}
	if h.KnockedDown && !h.Downed() {
		return nil, nil, tracker.Refuse("reichbusters §12.1", "%s is knocked down: 1 movement must stand the hero up before any other action", h.Name)
	}
	return m, h, nil
}

// basic checks and uses one basic action (V-04, V-05). kind is "move",
// "attack" or "other".
func (t *tx) basic(h *Hero, kind string) error {
	if h.Turn.Recovering {
		return tracker.Refuse("reichbusters V-05", "%s started the turn downed: both basic actions must go to Recover", h.Name)
	}
	if h.Turn.Basic >= 2 {
		return tracker.Refuse("reichbusters V-04", "%s has already taken 2 basic actions this turn", h.Name)
	}
	switch kind {
	case "move":
		if h.Turn.Moved && h.Turn.ExtraMove == 0 {
			return tracker.Refuse("reichbusters V-04", "%s has already taken the basic move this turn (a card or skill must grant another)", h.Name)
		}
	case "attack":
		if h.Turn.Attacked && h.Turn.ExtraAtk == 0 {
			return tracker.Refuse("reichbusters V-04", "%s has already taken the basic attack this turn (a card or skill must grant another)", h.Name)
		}
	}
	t.hero(h.ID, func(x *Hero) {
		x.Turn.Basic++
		switch kind {
		case "move":
			if x.Turn.Moved {
				x.Turn.ExtraMove--
			}
			x.Turn.Moved = true
		case "attack":
			if x.Turn.Attacked {
				x.Turn.ExtraAtk--
			}
			x.Turn.Attacked = true
		}
	})
	return nil
}

// acted counts an action of the hero whose turn it is: each action may
// make one noise test (V-15).
func (t *tx) acted(id string) {
	if m := t.m(); m.Step == StepHeroTurn && m.Current == id {
		t.hero(id, func(x *Hero) { x.Turn.Actions++ })
	}
}

// afterAction ends the turn of a hero downed during their own action
// (§5.2): the action finishes, then the turn ends. The noise test comes
// after the rest of an action (§6.2 step 5, §6.3), so while the last
// action has not had one the turn waits for it (or for EndTurn, when the
// action made no noise). The end of the turn is a turn's end like any
// other: the cleared-token check runs (§5.2), with ans for the sight
// questions.
func (t *tx) afterAction(id string, ans ai.Answers, d *tracker.Dice) error {
	m := t.m()
	t.afterMidTurn()
	if m.Ended || m.Step != StepHeroTurn || m.Current != id {
		return nil
	}
	h := m.hero(id)
	if !h.Downed() || h.Turn.Recovering {
		return nil
	}
	noiseToCome := h.Turn.Actions > 0 && h.Turn.NoiseFor != h.Turn.Actions && h.Turn.QuietFor != h.Turn.Actions
	if noiseToCome {
		if !h.Turn.Ending {
			t.hero(id, func(x *Hero) { x.Turn.Ending = true })
			t.say("%s is downed during the turn: the action finishes with its noise test, if it makes one, then the turn ends (§5.2)", h.Name)
		}
		return nil
	}
	t.say("%s is downed during the turn: the turn ends after this action (§5.2)", h.Name)
	return t.finishTurn(id, ans, d)
}

// Move is a move action (spec §5.2): Path lists the areas entered in
// order. Basic: the basic move (else a move an action card gives, not
// counting as a basic action). Modifiers: movement modifiers played, each
// adding 1 area. An empty path with Basic stands a knocked-down hero up.
// Free is the Not of this Earth! 1–2 player end-of-round free move.
type Move struct {
	// Reaction names what lets the hero move 1 area outside their own
	// action (Withdraw after a wound card, Evasive after an attack, a card):
	// no basic action is used and it may happen in any turn.
	Reaction  string
	Hero      string
	Path      []string
	Basic     bool
	Modifiers int
	Free      bool
	Answers   ai.Answers
}

func (c Move) decide(t *tx, d *tracker.Dice) (string, error) {
	var m *Mission
	var h *Hero
	var err error
	if c.Reaction != "" {
		m, err = t.s.inPlay("reichbusters §12.1")
		if err != nil {
			return "", err
		}
		if h = m.hero(c.Hero); h == nil || h.Escaped || h.Captured {
			return "", tracker.Refuse("reichbusters §12.1", "%q cannot move now", c.Hero)
		}
		if len(c.Path) != 1 || c.Basic || c.Free {
			return "", tracker.Refuse("reichbusters §12.1", "a reaction moves the hero 1 area, outside the basic actions")
		}
	} else if c.Free {
		m, err = t.s.inPlay("reichbusters V-41")
		if err != nil {
			return "", err
		}
		if !m.note() || !m.Variant12 {
			return "", tracker.Refuse("reichbusters V-41", "the free move exists only in Not of this Earth! with 1–2 players controlling 1 hero each")
		}
		if m.Step != StepEndOfRound || m.FreeActionUsed || m.Paused != nil {
			return "", tracker.Refuse("reichbusters V-41", "at most 1 free move, at the start of the end of round phase")
		}
		if h = m.hero(c.Hero); h == nil || h.Escaped || h.Captured {
			return "", tracker.Refuse("reichbusters V-41", "%q cannot take the free move", c.Hero)
		}
		if len(c.Path) > 1 || c.Modifiers > 0 {
			// §11.2: no cards with it; §5.2: a basic move may stand the hero up instead.
			return "", tracker.Refuse("reichbusters §11.2", "the free move is a basic move of 1 area (or standing up)")
		}
	} else if m, h, err = t.actor(c.Hero, "reichbusters §5.2"); err != nil {
		return "", err
	}
	if c.Modifiers < 0 {
		return "", tracker.Refuse("reichbusters §5.2", "modifiers must be 0 or more")
	}
	if c.Basic {
		if err := t.basic(h, "move"); err != nil {
			return "", err
		}
	}
	if len(c.Path) == 0 {
		if !h.KnockedDown || h.Downed() {
			return "", tracker.Refuse("reichbusters §5.2", "name the areas %s moves into", h.Name)
		}
		t.hero(h.ID, func(x *Hero) { x.KnockedDown = false })
		if c.Free {
			t.flow(func(f *Flow) { f.FreeActionUsed = true })
		}
		t.say("%s stands up", h.Name)
		return "hero.move", nil
	}
	if len(c.Path) > 1+c.Modifiers {
		return "", tracker.Refuse("reichbusters §5.2", "a move enters 1 area plus 1 per movement modifier: %s need %s", automa.Plural(len(c.Path), "area"), automa.Plural(len(c.Path)-1, "modifier"))
	}
	if h.Downed() {
		return "", tracker.Refuse("reichbusters §6.4", "%s is downed and cannot move", h.Name)
	}
	if c.Basic || c.Free {
		// §12.10: no basic move is taken in a web area, neither out of the
		// hero's own nor on out of one entered along the way.
		for _, a := range append([]string{h.Area}, c.Path[:max(0, len(c.Path)-1)]...) {
			if m.Environment[a] == EnvAlienWeb {
				return "", tracker.Refuse("reichbusters §12.10", "the Alien Web in %s stops basic moves", a)
			}
		}
	}
	b, err := m.board()
	if err != nil {
		return "", err
	}
	doors := m.doorStates()
	from := h.Area
	steps := c.Path
	// §12.1 Knocked Down: standing up takes 1 movement, for a hero on the
	// ground at the start and after each loose ground entered on the way
	// (§12.10), before moving on.
	moves := len(c.Path)
	if h.KnockedDown {
		moves++
	}
	for _, a := range c.Path[:len(c.Path)-1] {
		if m.Environment[a] == EnvLooseGround {
			moves++
		}
	}
	if moves > 1+c.Modifiers {
		return "", tracker.Refuse("reichbusters §12.1", "%s is knocked down on the way or at the start: 1 movement goes to standing up before moving on (%d movements needed, %d available)", h.Name, moves, 1+c.Modifiers)
	}
	cur := from
	for i, a := range steps {
		x, ok1 := b.Index(cur)
		y, ok2 := b.Index(a)
		if !ok2 {
			return "", tracker.Refuse("reichbusters §5.2", "area %q is not on the map", a)
		}
		if !ok1 || !b.Adjacent(x, y, doors) {
			return "", tracker.Refuse("reichbusters §0.4", "%s is not adjacent to %s (a wall or a shut door is between them)", a, cur)
		}
		// V-38: within one action, no entering and then leaving an area with enemies.
		if i < len(steps)-1 && m.unitsInArea(a) > 0 {
			return "", tracker.Refuse("reichbusters V-38", "%s holds enemy units: one move action cannot enter it and leave it again", a)
		}
		cur = a
	}
	t.hero(h.ID, func(x *Hero) { x.Area, x.KnockedDown = cur, false })
	for _, u := range m.Units {
		if u.EscortedBy == h.ID {
			t.do(Op{Op: opUnitMove, Unit: u.ID, Area: cur})
		}
	}
	t.environmentOnEntry(m.hero(h.ID), steps)
	if c.Free {
		t.flow(func(f *Flow) { f.FreeActionUsed = true })
	}
	if c.Reaction != "" {
		t.say("%s moves %s → %s (%s)", h.Name, from, strings.Join(steps, " → "), c.Reaction)
	} else {
		t.say("%s moves %s → %s", h.Name, from, strings.Join(steps, " → "))
	}
	t.acted(h.ID)
	if _, err := t.resolve(ai.Request{Kind: ai.KindSightCheck, Hero: h.ID, From: from}, c.Answers, d); err != nil {
		return "", err
	}
	if err := t.afterAction(h.ID, c.Answers, d); err != nil {
		return "", err
	}
	return "hero.move", nil
}

// OpenDoor is the unlock/open door action (spec §5.2): locked without keys
// → unlocked but still closed; closed, or locked with keys → open. The
// door's noise test follows as a NoiseTest.
type OpenDoor struct {
	Hero, Door string
	Answers    ai.Answers
}

func (c OpenDoor) decide(t *tx, d *tracker.Dice) (string, error) {
	_, h, err := t.upright(c.Hero, "reichbusters §5.2")
	if err != nil {
		return "", err
	}
	if err := t.basic(h, "other"); err != nil {
		return "", err
	}
	keys := slices.ContainsFunc(h.Items, func(it Item) bool { return it.Kind == ItemKeys && it.Status == StatusNone })
	t.acted(h.ID)
	if err := t.openDoor(c.Hero, c.Door, keys, c.Answers, d, "basic action"); err != nil {
		return "", err
	}
	if err := t.afterAction(h.ID, c.Answers, d); err != nil {
		return "", err
	}
	return "hero.door", nil
}

func (t *tx) openDoor(heroID, doorID string, keys bool, ans ai.Answers, d *tracker.Dice, how string) error {
	m := t.m()
	h := m.hero(heroID)
	if h == nil {
		return tracker.Refuse("reichbusters §5.2", "there is no hero %q", heroID)
	}
	b, err := m.board()
	if err != nil {
		return err
	}
	di, ok := b.DoorIndex(doorID)
	if !ok {
		return tracker.Refuse("reichbusters §5.2", "there is no door %q on the map", doorID)
	}
	sides := b.DoorSides(di)
	ha, _ := b.Index(h.Area)
	if ha != sides[0] && ha != sides[1] {
		return tracker.Refuse("reichbusters §5.2", "door %s is not next to %s's area %s", doorID, h.Name, h.Area)
	}
	state := m.doorStates()[di]
	var to content.DoorState
	switch {
	case state == content.Open:
		return tracker.Refuse("reichbusters V-14", "door %s is already open", doorID)
	case state == content.Locked && !keys:
		to = content.Closed
	default:
		to = content.Open
	}
	t.do(Op{Op: opDoor, Door: doorID, State: to})
	verb := "opens"
	if to == content.Closed {
		verb = "unlocks (it stays closed)"
	}
	t.say("%s %s door %s (%s); its noise test follows (%s)", h.Name, verb, doorID, how, dice(m.Map.Door(doorID).NoiseDice))
	if to == content.Open {
		if _, err := t.resolve(ai.Request{Kind: ai.KindSightCheck, Hero: heroID, Door: doorID}, ans, d); err != nil {
			return err
		}
	}
	return nil
}

// NoiseTest records a noise test's final total (spec §6.3): after
// re-rolls, skills, and the Detect units in the hero's area, which the app
// adds itself (settings.detectBonus each). A total of 1 or more draws a
// noise card (Card names the one the players drew, when they draw the noise
// deck: DrawBy) and the automa resolves it.
// Heroism points never apply (V-15).
type NoiseTest struct {
	Hero    string
	Total   int
	Weapon  bool // the noise came from a weapon (skills act on non-weapon tests only)
	Card    string
	Answers ai.Answers
}

func (c NoiseTest) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §6.3")
	if err != nil {
		return "", err
	}
	h := m.hero(c.Hero)
	if h == nil {
		return "", tracker.Refuse("reichbusters §6.3", "there is no hero %q in this mission", c.Hero)
	}
	if c.Total < 0 {
		return "", tracker.Refuse("reichbusters V-15", "a noise total is a whole number of 0 or more, not %d", c.Total)
	}
	if m.Step != StepHeroTurn && m.Step != StepEndOfRound {
		return "", tracker.Refuse("reichbusters §6.3", "enemy actions never cause noise tests")
	}
	if m.Step == StepHeroTurn {
		if m.Current != h.ID {
			return "", tracker.Refuse("reichbusters §6.3", "it is %s's turn: the noise test belongs to that hero's action", t.name(m.Current))
		}
		if h.Turn.Actions == 0 {
			return "", tracker.Refuse("reichbusters V-15", "%s has taken no action yet to make noise", h.Name)
		}
		if h.Turn.QuietFor == h.Turn.Actions {
			return "", tracker.Refuse("reichbusters V-13", "%s's last action picked up an item already face up: no noise test", h.Name)
		}
		if h.Turn.NoiseFor == h.Turn.Actions {
			return "", tracker.Refuse("reichbusters V-15", "one noise test per action: %s's last action has had its test (roll only the one with the most dice)", h.Name)
		}
		t.hero(h.ID, func(x *Hero) { x.Turn.NoiseFor = x.Turn.Actions })
	}
	total := c.Total
	detect := 0
	if fac := t.s.Library.faction(m.Faction); fac != nil {
		sit, err := t.s.situation(ai.Request{}, ai.Answers{})
		if err != nil {
			return "", err
		}
		detect = ai.DetectBonus(fac, sit.State.Units, h.Area, t.s.Settings.Settings)
	}
	total += detect
	if detect > 0 {
		t.say("%s's noise test: %d, +%d for Detect units in %s = %d", h.Name, c.Total, detect, h.Area, total)
	} else {
		t.say("%s's noise test: %d", h.Name, total)
	}
	if total < 1 {
		t.say("No noise: nothing happens")
	} else if err := namedNoiseCard(m, c.Card); err != nil {
		return "", err
	} else if _, err := t.resolve(ai.Request{Kind: ai.KindNoiseCard, Hero: h.ID, Total: total, Card: c.Card}, c.Answers, d); err != nil {
		return "", err
	}
	if err := t.afterAction(h.ID, c.Answers, d); err != nil {
		return "", err
	}
	return "noise.test", nil
}

// hpSpend checks heroism points spent on a test (spec §6.5, V-16) and
// takes them from the hero's dashboard and the shared card. kind is
// "attack" or "defence"; before is 0 or 1 HP (automatic success), after 0
// or 2 HPs (turns a failure into a success).
func (t *tx) hpSpend(h *Hero, kind string, before, after []HPRef, failed bool) (bool, error) {
	if len(before) == 0 && len(after) == 0 {
		return false, nil
	}
	if len(before) > 0 && len(after) > 0 {
		return false, tracker.Refuse("reichbusters V-16", "heroism points are spent either before the test or after it, not both")
	}
	if len(before) > 1 {
		return false, tracker.Refuse("reichbusters V-16", "before a test exactly 1 heroism point is spent, not %d", len(before))
	}
	if len(after) > 0 && len(after) != 2 {
		return false, tracker.Refuse("reichbusters V-16", "after a test exactly 2 heroism points are spent, not %d", len(after))
	}
	if len(after) > 0 && !failed {
		return false, tracker.Refuse("reichbusters V-16", "heroism points after a test turn only a failed test into a success")
	}
	refs := append(slices.Clone(before), after...)
	if len(after) == 2 && !t.s.Settings.MixHPKinds && after[0].Kind != after[1].Kind {
		return false, tracker.Refuse("reichbusters V-16", "the 2 heroism points must be of one kind under this campaign's house rules")
	}
	mine, shared := slices.Clone(h.HP), slices.Clone(t.m().HPShared)
	for i, r := range refs {
		if r.Kind != kind && r.Kind != HPWild {
			return false, tracker.Refuse("reichbusters V-16", "heroism point %d: %s point cannot be spent on %s test", i+1, an(r.Kind), an(kind))
		}
		var src *[]string
		switch r.From {
		case "hq", "team", "shared":
			src = &shared
		case h.ID:
			src = &mine
		default:
			return false, tracker.Refuse("reichbusters V-16", "heroism points come from %s's dashboard or the team/HQ card, not %q", h.Name, r.From)
		}
		j := slices.Index(*src, r.Kind)
		if j < 0 {
			return false, tracker.Refuse("reichbusters V-16", "there is no %s heroism point left there", r.Kind)
		}
		*src = slices.Delete(*src, j, j+1)
	}
	t.hero(h.ID, func(x *Hero) { x.HP = mine; x.Turn.HPSpent += len(refs) })
	t.hp(func(p *HPPools) { p.Shared = shared })
	t.say("%s spends %d heroism points (V-44: they leave the game)", h.Name, len(refs))
	return true, nil
}

// testTotal words a test's recorded total. Heroism points set the total
// equal to the target number (spec §6.5.2, summary: 1 before the test "to
// automatically succeed", 2 after a failure "to turn it into a success"),
// so that is the total recorded, with the rolled one beside it.
func testTotal(rolled, target int, spent, after bool) string {
	switch {
	case spent && after:
		return fmt.Sprintf("total %d, the target number: 2 heroism points turn the failed %d into a success", target, rolled)
	case spent:
		return fmt.Sprintf("total %d, the target number: 1 heroism point spent before the test makes it succeed", target)
	}
	return fmt.Sprintf("total %d", rolled)
}

// Attack records a hero's attack (spec §6.2): the weapon (0 or 1, or -1
// for an unarmed melee attack), the targets, and the test's final total.
// The app checks the weapon may be used, melee and range and sight (V-37,
// V-39), works out the target number from each target's defence (plus
// DefenceBonus for auras the players apply: Dug In, Reinforce!, Psychic
// Shield), takes any heroism points (V-16) and asks the automa how each hit
// lands (Armoured, X Wounds, multi-state cards, Bomber). Loot: a special
// was spent for loot (§6.2 step 6). The noise test follows as a NoiseTest.
// DefenceBonus is any further modifier the players apply by hand (a card).
// Counter is the Counter skill (§12.1): during the hero's defence test
// against pending attack Against, outside the hero's own turn, an attack
// on a unit that made that attack; once per defence test, no basic action.
type Attack struct {
	Hero           string
	Counter        bool
	Against        int
	Weapon         int
	Targets        []string
	Total          int
	DefenceBonus   int
	Basic          bool
	Versatile      bool
	DualWielding   bool
	Accurate       bool
	ArmourPiercing bool
	Area           bool // the attack hits every unit in the target area (Firestorm, Incendiary, grenades)
	Grenade        bool
	HPBefore       []HPRef
	HPAfter        []HPRef
	Loot           bool
	Answers        ai.Answers
}

func (c Attack) decide(t *tx, d *tracker.Dice) (string, error) {
	var m *Mission
	var h *Hero
	var err error
	if c.Counter {
		m, h, err = t.counterer(c)
	} else {
		m, h, err = t.upright(c.Hero, "reichbusters §6.2")
	}
	if err != nil {
		return "", err
	}
	if c.Total < 0 {
		return "", tracker.Refuse("reichbusters V-19", "an attack total is a whole number of 0 or more")
	}
	// A counter attack is no action of a turn: it uses no basic action.
	if c.Basic && !c.Counter {
		if err := t.basic(h, "attack"); err != nil {
			return "", err
		}
	} else if h.Turn.Recovering && !c.Counter {
		return "", tracker.Refuse("reichbusters V-05", "%s must Recover first", h.Name)
	}
	if h.Downed() {
		return "", tracker.Refuse("reichbusters §6.4", "%s is downed", h.Name)
	}
	rng, wname := 0, "bare hands"
	if c.Weapon != -1 {
		if c.Weapon < 0 || c.Weapon > 1 {
			return "", tracker.Refuse("reichbusters V-09", "a hero has weapons 0 and 1 (or -1 for unarmed)")
		}
		w := h.Weapons[c.Weapon]
		if w.Status != StatusNone {
			return "", tracker.Refuse("reichbusters V-11", "%s is %s and cannot be used", w.Name, w.Status)
		}
		rng, wname = w.Range, w.Name
	}
	if len(c.Targets) == 0 {
		return "", tracker.Refuse("reichbusters §6.2", "name the target")
	}
	if c.DualWielding && len(c.Targets) > 2 {
		return "", tracker.Refuse("reichbusters V-39", "Dual Wielding aims at 2 enemies at most")
	}
	if len(c.Targets) > 1 && !c.DualWielding && !c.Area {
		return "", tracker.Refuse("reichbusters §6.2", "one attack has one target, unless it hits an area or uses Dual Wielding")
	}
	fac := t.s.Library.faction(m.Faction)
	b, err := m.board()
	if err != nil {
		return "", err
	}
	inMelee := m.unitsInArea(h.Area) > 0
	target := 0
	seen := map[string]bool{}
	var defs []int
	for _, id := range c.Targets {
		u := m.unit(id)
		if u == nil {
			return "", tracker.Refuse("reichbusters §6.2", "there is no enemy unit %q on the map", id)
		}
		if seen[id] {
			return "", tracker.Refuse("reichbusters §6.2", "unit %s is named twice", id)
		}
		seen[id] = true
		same := u.Area == h.Area
		switch {
		case same && (rng == 0 || c.Versatile || c.DualWielding):
		case same:
			return "", tracker.Refuse("reichbusters V-37", "%s is a ranged weapon: shooting into your own area needs Versatile or Dual Wielding", wname)
		case c.DualWielding:
			return "", tracker.Refuse("reichbusters V-39", "Dual Wielding aims only at enemies in %s's own area", h.Name)
		case rng == 0:
			return "", tracker.Refuse("reichbusters V-37", "%s is a melee weapon: the target must be in %s's area", wname, h.Name)
		case inMelee:
			return "", tracker.Refuse("reichbusters V-37", "%s is in melee (enemies in %s) and cannot shoot into another area", h.Name, h.Area)
		default:
			see, dist, err := t.heroSees(b, m, h.Area, u.Area, c.Accurate, c.Answers)
			if err != nil {
				return "", err
			}
			if !see {
				return "", tracker.Refuse("reichbusters V-37", "%s has no line of sight to %s", h.Name, u.Area)
			}
			if dist > rng {
				return "", tracker.Refuse("reichbusters V-37", "%s is %d areas away; %s reaches %d", u.Area, dist, wname, rng)
			}
		}
		// Who may be picked and the defence to beat come from the enemy
		// rules (Bodyguard, Meatshield, Elusive; Reinforce!, Dug In,
		// Psychic Shield: §6.2, §7.5.6).
		q, err := t.query(ai.Request{Kind: ai.KindHeroTarget, Unit: id, Hero: h.ID, Ranged: rng > 0, Accurate: c.Accurate}, c.Answers)
		if err != nil {
			return "", err
		}
		tg := q.Target
		if tg == nil {
			return "", tracker.Refuse("reichbusters §6.2", "unit %s cannot be targeted", id)
		}
		if !tg.Targetable {
			return "", tracker.Refuse("reichbusters V-37", "%s cannot be targeted: %s", id, tg.Why)
		}
		if tg.NoHeroismPoints && len(c.HPBefore)+len(c.HPAfter) > 0 {
			return "", tracker.Refuse("reichbusters V-16", "no heroism points may be spent on attacks against a vrilmeister")
		}
		defs = append(defs, tg.Defence)
		if c.DualWielding {
			target += tg.Defence
		} else if tg.Defence > target {
			target = tg.Defence
		}
	}
	target += c.DefenceBonus
	if c.Area {
		target = -1 // each unit's own defence is compared in turn (§6.2 step 4)
	}
	failed := c.Total < target
	spent, err := t.hpSpend(h, "attack", c.HPBefore, c.HPAfter, failed && !c.Area)
	if err != nil {
		return "", err
	}
	total := testTotal(c.Total, target, spent && !c.Area, len(c.HPAfter) > 0)
	if spent && c.Area {
		total += "; heroism points: the test succeeds against every unit in the area"
	}
	if c.Counter {
		p := slices.Clone(m.Pending)
		p[c.Against].Countered = append(slices.Clone(p[c.Against].Countered), h.ID)
		t.do(Op{Op: opPending, Pending: p})
		t.say("%s counters %s's attack (Counter, §12.1) with %s: %s", h.Name, m.Pending[c.Against].Code, wname, total)
	} else {
		t.say("%s attacks with %s: %s", h.Name, wname, total)
		t.acted(h.ID)
	}
	var hit []string
	for i, id := range c.Targets {
		def := defs[i] + c.DefenceBonus
		ok := c.Total >= def
		if !c.Area && (c.DualWielding || len(c.Targets) == 1) {
			ok = c.Total >= target
		}
		if spent {
			ok = true
		}
		if !ok {
			t.say("%s (defence %d) is not hurt", id, def)
			continue
		}
		hit = append(hit, id)
	}
	wounds := 1
	for _, id := range hit {
		u := m.unit(id)
		if u == nil {
			continue // already removed by an earlier explosion
		}
		room, area := m.room(u.Area), u.Area
		before := m.unitsInRoom(room)
		out, err := t.resolve(ai.Request{Kind: ai.KindWoundUnit, Unit: id, Hero: h.ID,
			Hit: &ai.Hit{Wounds: wounds, ArmourPiercing: c.ArmourPiercing, Ranged: area != h.Area, Grenade: c.Grenade}}, c.Answers, d)
		if err != nil {
			return "", err
		}
		killed := m.unit(id) == nil
		if killed {
			if !c.Counter {
				// §6.5.4: pacifying counts the kills of the hero's own turn,
				// so a counter attack's kill is not among them.
				t.killed(h, room, len(before), d)
			}
			if c.Loot {
				t.say("%s drops a face-up %s loot token in %s (§6.2)", id, lootOf(fac, u.Code), area)
			}
		}
		_ = out
	}
	if c.Counter {
		t.afterMidTurn()
		return "hero.counter", nil
	}
	if err := t.afterAction(h.ID, c.Answers, d); err != nil {
		return "", err
	}
	return "hero.attack", nil
}

// counterer checks a Counter attack (§12.1): the hero holds an active
// Counter skill and still has a defence test to make against pending
// attack c.Against, has not countered it yet, and aims only at units that
// made that attack.
func (t *tx) counterer(c Attack) (*Mission, *Hero, error) {
	const rule = "reichbusters §12.1"
	m, err := t.s.inPlay(rule)
	if err != nil {
		return nil, nil, err
	}
	h := m.hero(c.Hero)
	switch {
	case h == nil:
		return nil, nil, tracker.Refuse(rule, "there is no hero %q in this mission", c.Hero)
	case !hasSkill(h, "Counter"):
		return nil, nil, tracker.Refuse(rule, "%s has no active Counter skill", h.Name)
	case h.Escaped || h.Captured || h.Downed():
		return nil, nil, tracker.Refuse(rule, "%s cannot attack now (downed, captured or off the map)", h.Name)
	case c.Basic:
		return nil, nil, tracker.Refuse(rule, "a counter attack is not a basic action")
	case c.Against < 0 || c.Against >= len(m.Pending):
		return nil, nil, tracker.Refuse(rule, "there is no enemy attack number %d waiting for a defence test: Counter is used during a defence test", c.Against+1)
	}
	a := m.Pending[c.Against]
	if !slices.Contains(a.Defenders, h.ID) {
		return nil, nil, tracker.Refuse(rule, "%s makes no defence test against %s's attack", h.Name, a.Code)
	}
	if slices.Contains(a.Countered, h.ID) {
		return nil, nil, tracker.Refuse(rule, "Counter is used once per defence test: %s has already countered this attack", h.Name)
	}
	for _, id := range c.Targets {
		u := m.unit(id)
		// An attack recorded before the units were kept: any unit of the type.
		made := slices.Contains(a.Units, id) || (len(a.Units) == 0 && u != nil && u.Code == a.Code)
		if !made {
			return nil, nil, tracker.Refuse(rule, "unit %s did not attack %s: Counter hits a unit that made this attack", id, h.Name)
		}
	}
	return m, h, nil
}

func lootOf(f *content.Faction, code string) string {
	ut := f.Unit(code)
	if ut == nil {
		return "no"
	}
	switch ut.LootColour {
	case "grey":
		return "normal"
	case "red":
		return "vril"
	case "blue":
		return "alien"
	}
	return "no"
}

// killed keeps the pacify bookkeeping (§6.5.4, V-40): the hero's kills per
// room this turn; a room emptied after at least 4 kills by one hero with no
// HP spent this turn earns a random HP, once per room per turn. A unit that
// arrived during the turn must be killed too, or the room is not empty
// (§6.5 AMBIGUOUS default).
func (t *tx) killed(h *Hero, room string, before int, d *tracker.Dice) {
	t.hero(h.ID, func(x *Hero) {
		if x.Turn.Kills == nil {
			x.Turn.Kills = map[string]int{}
		}
		x.Turn.Kills[room]++
	})
	m := t.m()
	hh := m.hero(h.ID)
	if len(m.unitsInRoom(room)) > 0 || hh.Turn.Kills[room] < 4 || m.Pacified[room] || hh.Turn.HPSpent > 0 {
		return
	}
	p := map[string]bool{}
	for r := range m.Pacified {
		p[r] = true
	}
	p[room] = true
	t.do(Op{Op: opPacified, Rooms: p})
	t.say("%s pacified %s (%d kills this turn, no heroism points spent)", hh.Name, room, hh.Turn.Kills[room])
	t.awardHP(h.ID, "pacifying "+room, d)
}

// heroSees answers a hero's line of sight: a line the players answered
// earlier that still holds, else the one they give now, else the map's
// sight lines or what its connections settle (enemy units block unless the
// attack is Accurate); else the players are asked. An answer given now is
// remembered while nothing between the two areas changes.
func (t *tx) heroSees(b *board.Board, m *Mission, from, to string, accurate bool, ans ai.Answers) (bool, int, error) {
	x, ok := b.Index(from)
	if !ok {
		return false, 0, tracker.Refuse("reichbusters §3.2", "area %q is not on the map", from)
	}
	y, ok := b.Index(to)
	if !ok {
		return false, 0, tracker.Refuse("reichbusters §3.2", "area %q is not on the map", to)
	}
	s := board.Sight{Doors: m.doorStates(), Obscured: make([]bool, b.Len()), Blocks: make([]bool, b.Len())}
	for a := range m.Obscured {
		if i, ok := b.Index(a); ok {
			s.Obscured[i] = true
		}
	}
	if !accurate {
		for _, u := range m.Units {
			if i, ok := b.Index(u.Area); ok && u.EscortedBy == "" {
				s.Blocks[i] = true
			}
		}
	}
	same := func(a ai.LOSAnswer) bool { return (a.From == from && a.To == to) || (a.From == to && a.To == from) }
	for i := len(m.Sightings) - 1; i >= 0; i-- {
		if a := m.Sightings[i]; same(a) && a.Side == "hero" && ai.SightHolds(b, a, s, x, y) {
			return a.See, a.Range, nil
		}
	}
	for _, a := range ans.LOS {
		if same(a) && a.Basis == nil && (a.Side == "" || a.Side == "hero") {
			a.Side, a.Basis = "hero", ai.Basis(b, s, x, y)
			t.keepSightings(append(slices.Clone(t.m().Sightings), a))
			return a.See, a.Range, nil
		}
	}
	see, dist, known := b.LOS(x, y, s)
	if !known {
		q := ai.SightQuestion{From: from, To: to, Side: "hero"}
		return false, 0, &NeedAnswer{Question: q.Words(), Field: "answers.los", Sight: &q}
	}
	return see, dist, nil
}
