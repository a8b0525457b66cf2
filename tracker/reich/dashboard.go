package reich

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa"
	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
)

// Defend records a hero's defence test against a pending enemy attack
// (spec §6.4): the final defence total, any heroism points (defence or
// wild, V-16), and, when the test fails, the wound card drawn (its id and
// the permanent threshold printed mid-card, V-18). Damage is the attack
// total minus the defence total; at or over the threshold the wound is
// permanent and the card is kept.
type Defend struct {
	Hero string
	// Decoy names a hero with the Decoy skill in Hero's area who takes the
	// attack instead (§7.5.5); the defence test is then Decoy's.
	Decoy     string
	Attack    int // index in the mission's pending attacks
	Total     int
	HPBefore  []HPRef
	HPAfter   []HPRef
	WoundCard string
	Threshold int
}

func (c Defend) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §6.4")
	if err != nil {
		return "", err
	}
	if c.Attack < 0 || c.Attack >= len(m.Pending) {
		return "", tracker.Refuse("reichbusters §6.4", "there is no pending attack number %d", c.Attack)
	}
	a := m.Pending[c.Attack]
	h := m.hero(c.Hero)
	if h == nil || !slices.Contains(a.Defenders, c.Hero) {
		return "", tracker.Refuse("reichbusters §6.4", "%q does not defend against this attack", c.Hero)
	}
	if c.Decoy != "" {
		dh := m.hero(c.Decoy)
		switch {
		case dh == nil || dh.ID == h.ID:
			return "", tracker.Refuse("reichbusters §12.1", "%q is not another hero in the mission", c.Decoy)
		case !hasSkill(dh, "Decoy"):
			return "", tracker.Refuse("reichbusters §12.1", "%s has no active Decoy skill", dh.Name)
		case dh.Area != h.Area || dh.Escaped:
			return "", tracker.Refuse("reichbusters §12.1", "Decoy takes attacks only for a hero in the same area")
		case dh.Downed() || dh.Captured:
			return "", tracker.Refuse("reichbusters §12.1", "%s is not a legal target (downed or captured)", dh.Name)
		}
		t.say("%s (Decoy) takes the attack meant for %s", dh.Name, h.Name)
	}
	if c.Total < 0 {
		return "", tracker.Refuse("reichbusters V-19", "a defence total is a whole number of 0 or more")
	}
	if c.Threshold < 0 {
		// V-18 (clamp): a threshold below 0 is taken as 0, and the diary says so.
		t.say("Wound card threshold %d taken as 0 (a threshold is 0 or more, V-18)", c.Threshold)
		c.Threshold = 0
	}
	failed := c.Total < a.Total
	if c.Decoy != "" {
		h = m.hero(c.Decoy)
	}
	spent, err := t.hpSpend(h, HPDefence, c.HPBefore, c.HPAfter, failed)
	if err != nil {
		return "", err
	}
	switch {
	case spent:
		t.say("%s defends against %s (%d): %s, no damage", h.Name, a.Code, a.Total, testTotal(c.Total, a.Total, true, len(c.HPAfter) > 0))
	case !failed:
		t.say("%s defends against %s: %d against %d, no damage", h.Name, a.Code, c.Total, a.Total)
	default:
		dmg := a.Total - c.Total // V-18: only when defence < attack
		perm := dmg >= c.Threshold
		before := h.Permanent()
		t.hero(h.ID, func(x *Hero) {
			if perm || !t.s.Settings.DiscardNonPermanentWounds {
				// §6.4, V-17: a kept card below its threshold is no permanent wound.
				x.Wounds = append(x.Wounds, Wound{Card: c.WoundCard, Temporary: !perm})
			}
		})
		after := m.hero(h.ID).Permanent()
		if perm {
			t.say("%s fails the defence (%d against %d): %d damage ≥ threshold %d, a permanent wound (%d → %d)", h.Name, c.Total, a.Total, dmg, c.Threshold, before, after)
		} else {
			fate := "the card is discarded"
			if !t.s.Settings.DiscardNonPermanentWounds {
				fate = "the card is kept, not as a permanent wound"
			}
			t.say("%s fails the defence (%d against %d): %d damage, below threshold %d: the top effect only, %s", h.Name, c.Total, a.Total, dmg, c.Threshold, fate)
		}
		if after >= 4 && before < 4 {
			t.say("%s is downed (4 or more permanent wounds)", h.Name)
		}
		for _, w := range a.OnWound {
			t.say("on the wound: %s", w)
		}
	}
	p := slices.Clone(m.Pending)
	p[c.Attack].Defenders = slices.DeleteFunc(slices.Clone(a.Defenders), func(x string) bool { return x == c.Hero || x == c.Decoy })
	if len(p[c.Attack].Defenders) == 0 {
		p = slices.Delete(p, c.Attack, c.Attack+1)
	}
	t.do(Op{Op: opPending, Pending: p})
	if len(p) == 0 && m.Paused != nil {
		t.say("The defence tests are done; the enemy turn goes on when the table continues it (§7.5.5)")
	} else if len(p) == 0 && m.EnemyDone && m.Step == StepEnemyTurn {
		t.afterEnemyTurn(d)
	} else if len(p) == 0 && m.Step == StepEndOfRound {
		t.say("All defence tests done")
	}
	return "hero.defend", nil
}

// WoundHero gives a hero a wound card outside an enemy attack (spec
// §6.4): Mode "auto" for a wound an effect inflicts (both halves, the card
// is kept), "surge" for a vril backfire (bottom half only, kept; with Vril
// Tolerance the top half only, discarded).
// Answers carry the sight questions of the turn's end, when the wound
// downs the hero in their own turn (§5.2).
type WoundHero struct {
	Hero, Mode, Card, Reason string
	Answers                  ai.Answers
}

func (c WoundHero) decide(t *tx, d *tracker.Dice) (string, error) { return woundHero(t, c, d) }

func woundHero(t *tx, c WoundHero, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §6.4")
	if err != nil {
		return "", err
	}
	h := m.hero(c.Hero)
	if h == nil {
		return "", tracker.Refuse("reichbusters §6.4", "there is no hero %q in this mission", c.Hero)
	}
	keep := true
	switch c.Mode {
	case "auto":
	case "surge":
		if hasSkill(h, "Vril Tolerance") {
			keep = false
		}
	default:
		return "", tracker.Refuse("reichbusters §6.4", "a wound comes from an effect or from a vril backfire (a surge)")
	}
	t.reason = c.Reason
	before := h.Permanent()
	if keep {
		t.hero(h.ID, func(x *Hero) { x.Wounds = append(x.Wounds, Wound{Card: c.Card}) })
		t.say("%s takes a permanent wound (%s): %d → %d", h.Name, woundFrom(c.Mode), before, before+1)
	} else {
		t.say("%s's Vril Tolerance: the surge's wound card applies its top half only and is discarded", h.Name)
	}
	if before < 4 && before+1 >= 4 && keep {
		t.say("%s is downed", h.Name)
	}
	if m.Step == StepHeroTurn && m.Current == h.ID {
		if err := t.afterAction(h.ID, c.Answers, d); err != nil {
			return "", err
		}
	}
	return "hero.wound", nil
}

// Heal removes permanent wound cards (spec §6.4, V-46: never below 0):
// Cards names them by index (newest first when absent). Item names the
// item the heal comes from, as the players typed it; Bandages, a Medic's
// Bag and Pain Killers limit it (§12.3). V-46 is a clamp: a heal asking
// for more is accepted, limited, and the diary says so and why.
//
// One use of an item may heal several heroes of one area (§12.3): Also
// names the others and how many each, and Bandages' 2 are then a total
// for all of them. By is the hero using the item; when given, every hero
// healed shares By's area, and when not, the heroes of Also share Hero's.
// Both fields are new and left out when empty, so older heals read alike.
type Heal struct {
	Hero   string
	N      int
	Cards  []int
	Reason string
	Item   string      `json:",omitempty"`
	By     string      `json:",omitempty"`
	Also   []HealShare `json:",omitempty"`
}

// HealShare is one more hero healed by the same use of an item as a Heal's
// first hero: how many permanent wounds, or which cards (by index).
type HealShare struct {
	Hero  string
	N     int
	Cards []int `json:",omitempty"`
}

// healLimit is what one use of an item heals (§12.3, V-46): at most total
// permanent wounds among all the heroes it heals, at most each per hero,
// one hero only; 0 sets no limit.
type healLimit struct {
	name        string
	total, each int
	one         bool
	why         string
}

// healCap is the limit of the named item, with its printed name. Names are
// matched loosely: case, spaces and apostrophes don't matter.
func healCap(item string) healLimit {
	k := strings.NewReplacer("'", "", "’", "", " ", "", "-", "").Replace(strings.ToLower(item))
	switch k {
	case "bandages", "bandage":
		return healLimit{name: "Bandages", total: 2, why: "one use of Bandages heals at most 2 permanent wounds in all, among the heroes it heals"}
	case "medicsbag":
		return healLimit{name: "Medic's Bag", each: 1, why: "a Medic's Bag heals 1 permanent wound per hero"}
	case "painkillers", "painkiller":
		return healLimit{name: "Pain Killers", each: 1, one: true, why: "Pain Killers heal 1 permanent wound"}
	case "vrilhealingpotion":
		return healLimit{name: "Vril Healing Potion", one: true}
	}
	return healLimit{name: strings.TrimSpace(item)}
}

func (c Heal) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §6.4")
	if err != nil {
		return "", err
	}
	lim := healCap(c.Item)
	shares := append([]HealShare{{Hero: c.Hero, N: c.N, Cards: c.Cards}}, c.Also...)
	var heroes []*Hero
	for _, sh := range shares {
		h := m.hero(sh.Hero)
		switch {
		case h == nil:
			return "", tracker.Refuse("reichbusters §6.4", "there is no hero %q in this mission", sh.Hero)
		case slices.ContainsFunc(heroes, func(o *Hero) bool { return o.ID == h.ID }):
			return "", tracker.Refuse("reichbusters §6.4", "%s is named twice in one heal", h.Name)
		case sh.N < 1 && len(sh.Cards) == 0:
			if len(shares) == 1 {
				return "", tracker.Refuse("reichbusters §6.4", "heal at least 1 wound")
			}
			return "", tracker.Refuse("reichbusters §6.4", "heal %s at least 1 wound", h.Name)
		}
		heroes = append(heroes, h)
	}
	if lim.one && len(shares) > 1 {
		return "", tracker.Refuse("reichbusters §12.3, V-46", "%s heal one hero only, not %d", lim.name, len(shares))
	}
	if err := c.sameArea(m, lim.name, heroes); err != nil {
		return "", err
	}

	from := ""
	if lim.name != "" {
		from = " with " + lim.name
		if by := m.hero(c.By); by != nil {
			from = fmt.Sprintf(" with %s's %s", by.Name, lim.name)
		}
	}
	var limits []string
	itemLimited := false
	asked, healed := 0, 0
	type healedHero struct {
		h             *Hero
		before, after int
		wounds        []Wound
	}
	var done []healedHero
	for i, sh := range shares {
		h := heroes[i]
		// most is what this hero may still shed from the item; -1: no limit.
		most := -1
		if lim.each > 0 {
			most = lim.each
		}
		if lim.total > 0 && (most < 0 || lim.total-healed < most) {
			most = lim.total - healed
		}
		wounds := slices.Clone(h.Wounds)
		had := len(wounds)
		want := sh.N
		if len(sh.Cards) > 0 {
			want = len(sh.Cards)
		}
		asked += want
		if most >= 0 && want > most {
			itemLimited = true
		}
		if len(sh.Cards) > 0 {
			drop := map[int]bool{}
			for _, j := range sh.Cards {
				if j < 0 || j >= len(wounds) || drop[j] {
					return "", tracker.Refuse("reichbusters §6.4", "%s has no wound card number %d", h.Name, j)
				}
				if most >= 0 && len(drop) >= most {
					continue // V-46: the item's cap; the first cards named are healed
				}
				drop[j] = true
			}
			wounds = withoutCards(wounds, drop)
		} else {
			n := want
			if most >= 0 {
				n = min(n, most)
			}
			if perm := h.Permanent(); n > perm {
				limits = append(limits, fmt.Sprintf("%s has only %d permanent wounds and wounds never go below 0", h.Name, perm))
			}
			// V-46: clamped at 0. The newest permanent cards go; a kept card
			// below its threshold is no permanent wound and stays (§6.4, V-17).
			for j := len(wounds) - 1; j >= 0 && n > 0; j-- {
				if !wounds[j].Temporary {
					wounds = slices.Delete(wounds, j, j+1)
					n--
				}
			}
		}
		healed += had - len(wounds)
		done = append(done, healedHero{h: h, before: h.Permanent(), wounds: wounds})
	}
	if itemLimited {
		limits = append([]string{lim.why}, limits...)
	}
	t.reason = c.Reason
	for i := range done {
		d := &done[i]
		t.hero(d.h.ID, func(x *Hero) { x.Wounds = d.wounds })
		d.after = t.m().hero(d.h.ID).Permanent()
		t.say("%s heals%s: permanent wounds %d → %d", d.h.Name, from, d.before, d.after)
	}
	if len(limits) > 0 {
		t.say("the heal of %d was limited to %d: %s", asked, healed, strings.Join(limits, "; "))
	}
	for _, d := range done {
		if d.before >= 4 && d.after < 4 {
			t.say("%s stands up, no longer downed", d.h.Name)
			if d.h.Captured {
				// Capture needs the hero downed (§5.2, V-20): standing up ends it.
				t.hero(d.h.ID, func(x *Hero) { x.Captured = false })
				t.say("%s is no longer captured", d.h.Name)
			}
		}
	}
	return "hero.heal", nil
}

// sameArea checks that the heroes one heal names may be healed together
// (§12.3): all in the area of the hero using the item (By), or, when By is
// not given, in the first hero's area. A lone hero with no By is not
// checked: the players know where the heal came from.
func (c Heal) sameArea(m *Mission, item string, heroes []*Hero) error {
	what := "one heal"
	if item != "" {
		what = "one use of " + item
	}
	anchor := heroes[0]
	if c.By != "" {
		if anchor = m.hero(c.By); anchor == nil {
			return tracker.Refuse("reichbusters §6.4", "there is no hero %q in this mission", c.By)
		}
	} else if len(heroes) == 1 {
		return nil
	}
	for _, h := range append([]*Hero{anchor}, heroes...) {
		if h.Escaped {
			return tracker.Refuse("reichbusters §12.3, V-46", "%s has left the map: %s heals only heroes in the same area", h.Name, what)
		}
	}
	for _, h := range heroes {
		if h.Area == anchor.Area {
			continue
		}
		if c.By != "" {
			return tracker.Refuse("reichbusters §12.3, V-46", "%s heals only heroes in the same area as %s, who uses it (%s): %s is in %s", what, anchor.Name, anchor.Area, h.Name, h.Area)
		}
		return tracker.Refuse("reichbusters §12.3, V-46", "%s heals only heroes in the same area: %s is in %s, %s in %s", what, anchor.Name, anchor.Area, h.Name, h.Area)
	}
	return nil
}

// Recover is the compulsory action of a hero who starts the turn downed
// (spec §5.2, V-05): it uses both basic actions and keeps at most 2 wound
// cards, the ones Keep names (by index).
type Recover struct {
	Hero string
	Keep []int
}

func (c Recover) decide(t *tx, _ *tracker.Dice) (string, error) {
	_, h, err := t.actor(c.Hero, "reichbusters §5.2")
	if err != nil {
		return "", err
	}
	if !h.Turn.Recovering {
		return "", tracker.Refuse("reichbusters V-05", "only a hero downed at the start of the turn recovers")
	}
	want := min(2, len(h.Wounds))
	if len(c.Keep) != want {
		return "", tracker.Refuse("reichbusters V-05", "Recover keeps %d wound cards; name exactly %d", want, want)
	}
	var kept []Wound
	seen := map[int]bool{}
	for _, i := range c.Keep {
		if i < 0 || i >= len(h.Wounds) || seen[i] {
			return "", tracker.Refuse("reichbusters V-05", "%s has no wound card number %d", h.Name, i)
		}
		seen[i] = true
		kept = append(kept, h.Wounds[i])
	}
	t.hero(h.ID, func(x *Hero) {
		x.Wounds, x.KnockedDown = kept, false
		x.Turn.Recovering, x.Turn.Basic = false, 2
	})
	t.say("%s recovers: keeps %d wound cards and stands up", h.Name, len(kept))
	return "hero.recover", nil
}

// DrawCards is the draw 2 cards basic action (Genius: draw 3, then
// discard 1; spec §5.2).
type DrawCards struct {
	Hero   string
	Genius bool
}

func (c DrawCards) decide(t *tx, d *tracker.Dice) (string, error) {
	_, h, err := t.upright(c.Hero, "reichbusters §5.2")
	if err != nil {
		return "", err
	}
	if err := t.basic(h, "other"); err != nil {
		return "", err
	}
	n := 2
	if c.Genius {
		n = 3
	}
	var got int
	t.hero(h.ID, func(x *Hero) {
		got = drawCards(x, n, d)
		if c.Genius && x.Hand > 0 {
			x.Hand--
			x.Discard++
		}
	})
	hh := t.m().hero(h.ID)
	t.say("%s draws %d cards: hand %d, draw pile %d, discard %d, removed %d", h.Name, got, hh.Hand, hh.Draw, hh.Discard, hh.Removed)
	return "hero.draw", nil
}

// Cards moves action cards (spec §9, V-03: the 12 cards always add up).
// Action: "play" (hand → discard), "playOngoing" (hand → in play),
// "endEffect" (in play → discard), "discard" (hand → discard, e.g. knocked
// back), "remove" (hand → removed), "draw" (Algorithm D outside the basic
// action), "returnRemoved" (Vril Enhanced: removed → top of the discard).
// Duration goes with playOngoing and endEffect (§12.9): DurUntilDiscarded
// (the default), DurUntilNextHero or DurUntilOwnNext; the timed cards end
// by themselves when a hero turn starts (§5.2 step 1).
type Cards struct {
	Hero     string
	Action   string
	N        int
	Duration string
}

func (c Cards) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §9")
	if err != nil {
		return "", err
	}
	h := m.hero(c.Hero)
	if h == nil {
		return "", tracker.Refuse("reichbusters §9", "there is no hero %q in this mission", c.Hero)
	}
	// A count of cards is 1 or more: 0 moves none and is refused, never
	// read as 1 (the relative of issue 15 item 3).
	if c.N < 1 {
		return "", tracker.Refuse("reichbusters §9", "move 1 card or more, not %d", c.N)
	}
	n := c.N
	dur := c.Duration
	if dur == "" {
		dur = DurUntilDiscarded
	}
	switch {
	case dur != DurUntilDiscarded && dur != DurUntilNextHero && dur != DurUntilOwnNext:
		return "", tracker.Refuse("reichbusters §12.9", "a card lasts until discarded, until the next hero's turn or until this hero's next turn, not %q", c.Duration)
	case c.Duration != "" && c.Action != "playOngoing" && c.Action != "endEffect":
		return "", tracker.Refuse("reichbusters §12.9", "only a card played for an ongoing effect has a duration")
	}
	x := cloneHero(*h)
	move := func(from, to *int, what string) error {
		if *from < n {
			return tracker.Refuse("reichbusters V-03", "%s has only %d cards %s", h.Name, *from, what)
		}
		*from -= n
		*to += n
		return nil
	}
	switch c.Action {
	case "play":
		err = move(&x.Hand, &x.Discard, "in hand")
	case "playOngoing":
		err = move(&x.Hand, &x.InPlay, "in hand")
		*timed(&x, dur) += n
	case "endEffect":
		left := untimed(&x)
		kind := &left
		if dur != DurUntilDiscarded {
			kind = timed(&x, dur)
		}
		if err = move(&x.InPlay, &x.Discard, "in play"); err == nil && *kind < n {
			return "", tracker.Refuse("reichbusters §12.9", "%s has only %s in play %s", h.Name, plural(*kind, "card"), DurationWords(dur))
		}
		*kind -= n
	case "discard":
		err = move(&x.Hand, &x.Discard, "in hand")
	case "remove":
		err = move(&x.Hand, &x.Removed, "in hand")
	case "returnRemoved":
		err = move(&x.Removed, &x.Discard, "removed")
	case "draw":
		drawCards(&x, n, d)
	default:
		return "", tracker.Refuse("reichbusters §9", "a card is played, played to last, its effect ended, discarded, removed, a removed one returned or drawn: no other action")
	}
	if err != nil {
		return "", err
	}
	t.do(Op{Op: opHero, Hero: &x})
	what := fmt.Sprintf(cardActionWords[c.Action], plural(n, "card"))
	if c.Action == "playOngoing" || c.Action == "endEffect" {
		what += " (" + DurationWords(dur) + ")"
	}
	t.say("%s %s — hand %d, draw %d, discard %d, removed %d, in play %d", h.Name, what, x.Hand, x.Draw, x.Discard, x.Removed, x.InPlay)
	if c.Action == "play" || c.Action == "playOngoing" {
		t.acted(h.ID) // a card's free action may make noise
	}
	return "hero.cards", nil
}

// timed is the count of the hero's cards in play with that duration; a
// card lasting until discarded has none (it is the rest of InPlay), so a
// scratch counter is returned for it.
func timed(h *Hero, dur string) *int {
	switch dur {
	case DurUntilNextHero:
		return &h.UntilNextHero
	case DurUntilOwnNext:
		return &h.UntilOwnNext
	}
	return new(int)
}

func plural(n int, what string) string { return automa.Plural(n, what) }

// woundFrom says where a wound taken by hand came from.
func woundFrom(mode string) string {
	if mode == "surge" {
		return "a vril surge"
	}
	return "an attack or effect"
}

// dice counts dice: "1 die", "2 dice".
func dice(n int) string {
	if n == 1 {
		return "1 die"
	}
	return fmt.Sprintf("%d dice", n)
}

// cardActionWords says what a hero does with n cards (%s: "2 cards").
var cardActionWords = map[string]string{
	"play": "plays %s", "playOngoing": "plays %s, kept in play", "endEffect": "ends the effect of %s",
	"discard": "discards %s", "remove": "removes %s", "returnRemoved": "puts back %s removed", "draw": "draws %s",
}

// untimed counts the hero's cards in play that last until discarded.
func untimed(h *Hero) int { return h.InPlay - h.UntilNextHero - h.UntilOwnNext }

// expireCards ends the card effects whose duration runs out as hero id's
// turn starts (§5.2 step 1, §12.9): every hero's cards played until the
// next hero's turn, and id's own cards played until its next turn. They
// go to the discard pile.
func (t *tx) expireCards(id string) {
	for _, h := range t.m().Heroes {
		n, own := h.UntilNextHero, 0
		if h.ID == id {
			own = h.UntilOwnNext
		}
		if n+own == 0 {
			continue
		}
		t.hero(h.ID, func(x *Hero) {
			x.InPlay -= n + own
			x.Discard += n + own
			x.UntilNextHero -= n
			x.UntilOwnNext -= own
		})
		if n > 0 {
			t.say("%s's %s played until the next hero's turn: effect over, to the discard pile (§12.9)", h.Name, plural(n, "card"))
		}
		if own > 0 {
			t.say("%s's %s played until this hero's next turn: effect over, to the discard pile (§12.9)", h.Name, plural(own, "card"))
		}
	}
}

// GrantAction records a card or skill that grants another basic move or
// basic attack this turn (V-04).
type GrantAction struct {
	Hero   string
	Attack bool // else a move
	Reason string
}

func (c GrantAction) decide(t *tx, _ *tracker.Dice) (string, error) {
	_, h, err := t.actor(c.Hero, "reichbusters V-04")
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(c.Reason) == "" {
		return "", tracker.Refuse("reichbusters V-04", "name the card or skill that grants it")
	}
	t.reason = c.Reason
	what := "move"
	t.hero(h.ID, func(x *Hero) {
		if c.Attack {
			x.Turn.ExtraAtk++
			what = "attack"
		} else {
			x.Turn.ExtraMove++
		}
	})
	t.say("%s may take another basic %s this turn", h.Name, what)
	return "hero.grant", nil
}

// GiveItem gives (or, with Take, takes) an item between heroes in the same
// area with no enemy units there (V-07, once per turn). Drop names a slot
// of the receiver to drop when the item would be a fifth (V-08; -1 none).
type GiveItem struct {
	Hero, Other string
	Item        int
	Take        bool
	Drop        int
}

func (c GiveItem) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, h, err := t.upright(c.Hero, "reichbusters §5.2")
	if err != nil {
		return "", err
	}
	o := m.hero(c.Other)
	if o == nil || o.ID == h.ID || o.Escaped {
		return "", tracker.Refuse("reichbusters V-07", "%q is not another hero on the map", c.Other)
	}
	if h.Turn.GiveUsed {
		return "", tracker.Refuse("reichbusters V-07", "%s has already given, taken or dropped an item this turn", h.Name)
	}
	if o.Area != h.Area {
		return "", tracker.Refuse("reichbusters V-07", "items pass only between heroes in the same area")
	}
	if m.unitsInArea(h.Area) > 0 {
		return "", tracker.Refuse("reichbusters V-07", "enemy units are in %s: items cannot be given or taken (dropping is allowed)", h.Area)
	}
	from, to := h, o
	if c.Take {
		from, to = o, h
	}
	if c.Item < 0 || c.Item >= len(from.Items) {
		return "", tracker.Refuse("reichbusters §5.2", "%s has no item in slot %d", from.Name, c.Item)
	}
	it := from.Items[c.Item]
	recv, dropped, err := gain(to, it, c.Drop)
	if err != nil {
		return "", err
	}
	fromItems := slices.Delete(slices.Clone(from.Items), c.Item, c.Item+1)
	t.hero(from.ID, func(x *Hero) { x.Items = fromItems })
	t.hero(to.ID, func(x *Hero) { x.Items = recv })
	t.hero(h.ID, func(x *Hero) { x.Turn.GiveUsed = true })
	t.say("%s passes %s from %s to %s", h.Name, it.Name, from.Name, to.Name)
	if dropped != nil {
		t.say("%s drops %s face up in %s to make room", to.Name, dropped.Name, to.Area)
		t.itemLeft(to.ID, dropped, true)
	}
	t.itemLeft(from.ID, &it, false)
	if it.Kind == ItemObjective {
		t.hero(to.ID, func(x *Hero) { x.Objectives++ }) // V-35: the receiver now carries it
	}
	if it.Kind == ItemEscort {
		t.escortTokenPassed(from.ID, to.ID)
	}
	return "hero.give", nil
}

// gain adds an item to a dashboard, dropping slot drop when it would be a
// fifth (V-08).
func gain(h *Hero, it Item, drop int) ([]Item, *Item, error) {
	items := slices.Clone(h.Items)
	var dropped *Item
	if len(items) >= MaxItems {
		if drop < 0 || drop >= len(items) {
			return nil, nil, tracker.Refuse("reichbusters V-08", "%s already carries %d items: name one to drop for the new one", h.Name, MaxItems)
		}
		d := items[drop]
		dropped = &d
		items = slices.Delete(items, drop, drop+1)
	} else if drop >= 0 {
		return nil, nil, tracker.Refuse("reichbusters V-08", "%s has room; nothing needs dropping", h.Name)
	}
	return append(items, it), dropped, nil
}

// DropItem drops an item face up in the hero's area (allowed with enemies
// present; it shares the once-per-turn limit, V-07).
type DropItem struct {
	Hero string
	Item int
}

func (c DropItem) decide(t *tx, _ *tracker.Dice) (string, error) {
	_, h, err := t.upright(c.Hero, "reichbusters §5.2")
	if err != nil {
		return "", err
	}
	if h.Turn.GiveUsed {
		return "", tracker.Refuse("reichbusters V-07", "%s has already given, taken or dropped an item this turn", h.Name)
	}
	if c.Item < 0 || c.Item >= len(h.Items) {
		return "", tracker.Refuse("reichbusters §5.2", "%s has no item in slot %d", h.Name, c.Item)
	}
	it := h.Items[c.Item]
	t.hero(h.ID, func(x *Hero) {
		x.Items = slices.Delete(x.Items, c.Item, c.Item+1)
		x.Turn.GiveUsed = true
	})
	t.say("%s drops %s face up in %s", h.Name, it.Name, h.Area)
	t.itemLeft(h.ID, &it, true)
	return "hero.drop", nil
}

// Search is the search basic action (spec §5.2, V-13): no enemy units in
// the area; the item found goes on the dashboard (Drop names a slot to drop
// for a fifth). FaceUp: picking up an item already face up, which needs no
// noise test; otherwise the search's noise test (settings.searchNoiseDice)
// follows as a NoiseTest. FaceDown is the players' count of face-down
// items in the area (the map keeps no item tokens): a search that turns
// items over needs at least 1.
type Search struct {
	Hero     string
	Found    Item
	FaceUp   bool
	Drop     int
	FaceDown int `json:",omitempty"`
}

func (c Search) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, h, err := t.upright(c.Hero, "reichbusters §5.2")
	if err != nil {
		return "", err
	}
	if m.unitsInArea(h.Area) > 0 {
		return "", tracker.Refuse("reichbusters V-13", "enemy units are in %s: no searching", h.Area)
	}
	if !c.FaceUp && c.FaceDown < 1 {
		return "", tracker.Refuse("reichbusters V-13", "there is no face-down item in %s to search for (an item already face up is picked up without a noise test)", h.Area)
	}
	if strings.TrimSpace(c.Found.Name) == "" {
		return "", tracker.Refuse("reichbusters V-13", "name the item taken")
	}
	if err := t.basic(h, "other"); err != nil {
		return "", err
	}
	items, dropped, err := gain(h, c.Found, c.Drop)
	if err != nil {
		return "", err
	}
	t.hero(h.ID, func(x *Hero) {
		x.Items = items
		if c.Found.Kind == ItemObjective {
			x.Objectives++
		}
	})
	t.acted(h.ID)
	if c.FaceUp {
		t.hero(h.ID, func(x *Hero) { x.Turn.QuietFor = x.Turn.Actions }) // V-13: no noise test
		t.say("%s picks up %s (face up already: no noise test)", h.Name, c.Found.Name)
	} else {
		t.say("%s searches %s, turns %s face up and takes %s; a noise test of %s follows", h.Name, h.Area, plural(c.FaceDown, "face-down item"), c.Found.Name, dice(t.s.Settings.SearchNoiseDice))
	}
	if dropped != nil {
		t.say("%s drops %s face up to make room", h.Name, dropped.Name)
		t.itemLeft(h.ID, dropped, true)
	}
	return "hero.search", nil
}

// UseItem uses an item (spec §5.2, V-11: not jammed or drained). Discard:
// the item is used up. Jam: it jams after use (Unreliable).
type UseItem struct {
	Hero    string
	Item    int
	Discard bool
	Jam     bool
}

func (c UseItem) decide(t *tx, _ *tracker.Dice) (string, error) {
	_, h, err := t.upright(c.Hero, "reichbusters §5.2")
	if err != nil {
		return "", err
	}
	if c.Item < 0 || c.Item >= len(h.Items) {
		return "", tracker.Refuse("reichbusters §5.2", "%s has no item in slot %d", h.Name, c.Item)
	}
	it := h.Items[c.Item]
	if it.Status != StatusNone {
		return "", tracker.Refuse("reichbusters V-11", "%s is %s and cannot be used", it.Name, it.Status)
	}
	t.hero(h.ID, func(x *Hero) {
		if c.Discard {
			x.Items = slices.Delete(x.Items, c.Item, c.Item+1)
		} else if c.Jam {
			x.Items[c.Item].Status = StatusJammed
		}
	})
	t.say("%s uses %s", h.Name, it.Name)
	t.acted(h.ID)
	if strings.EqualFold(it.Name, "Dog Biscuits") {
		// §7.5.6: no dog, experiment 6XX or General Wolff in the area attacks for the rest of the turn.
		t.do(Op{Op: opBiscuits, Area: h.Area, Flag: true})
		t.say("no dog, experiment 6XX or General Wolff in %s attacks for the rest of the turn", h.Area)
	}
	return "hero.useItem", nil
}

// SetGearStatus puts a jammed or drained token on a weapon (Slot 0/1) or
// item (Item true) after a test (spec §6.1 step 5, §6.6; V-09: at most one).
type SetGearStatus struct {
	Hero   string
	Item   bool
	Slot   int
	Status string
}

func (c SetGearStatus) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §6.6")
	if err != nil {
		return "", err
	}
	h := m.hero(c.Hero)
	if h == nil {
		return "", tracker.Refuse("reichbusters §6.6", "there is no hero %q in this mission", c.Hero)
	}
	if c.Status != StatusJammed && c.Status != StatusDrained {
		return "", tracker.Refuse("reichbusters §6.6", "the token is jammed or drained, not %q", c.Status)
	}
	cur, name := "", ""
	switch {
	case c.Item && c.Slot >= 0 && c.Slot < len(h.Items):
		cur, name = h.Items[c.Slot].Status, h.Items[c.Slot].Name
	case !c.Item && (c.Slot == 0 || c.Slot == 1):
		cur, name = h.Weapons[c.Slot].Status, h.Weapons[c.Slot].Name
	default:
		return "", tracker.Refuse("reichbusters §6.6", "%s has no such weapon or item slot %d", h.Name, c.Slot)
	}
	if cur != StatusNone {
		return "", tracker.Refuse("reichbusters V-09", "%s already carries a %s token (at most one)", name, cur)
	}
	t.hero(h.ID, func(x *Hero) {
		if c.Item {
			x.Items[c.Slot].Status = c.Status
		} else {
			x.Weapons[c.Slot].Status = c.Status
		}
	})
	t.say("%s's %s is %s", h.Name, name, c.Status)
	return "hero.gearStatus", nil
}

// ReadyEquipment removes a jammed or drained token from one of the hero's
// weapons (Weapon 0/1) (spec §5.2, V-10: a weapon or an adjacent portal,
// see ReadyPortal; items are not readied): a drained token also needs a
// vril orb (NotE: or an Alien Heart) from the hero's items, named by Orb,
// which is discarded. Item is unused.
type ReadyEquipment struct {
	Hero   string
	Weapon int
	Item   int
	Orb    int
}

func (c ReadyEquipment) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, h, err := t.upright(c.Hero, "reichbusters §5.2")
	if err != nil {
		return "", err
	}
	var status, name string
	switch {
	case c.Weapon == 0 || c.Weapon == 1:
		status, name = h.Weapons[c.Weapon].Status, h.Weapons[c.Weapon].Name
	default:
		// §5.2, V-10: the token comes off one of the hero's own weapons
		// (a portal's with ReadyPortal), not off an item.
		return "", tracker.Refuse("reichbusters V-10", "ready equipment removes a token from one of %s's weapons (0 or 1) or an adjacent portal, not from an item", h.Name)
	}
	if status == StatusNone {
		return "", tracker.Refuse("reichbusters §5.2", "%s carries no jammed or drained token", name)
	}
	if status == StatusDrained {
		if c.Orb < 0 || c.Orb >= len(h.Items) {
			return "", tracker.Refuse("reichbusters V-10", "removing a drained token needs a vril orb from %s's items", h.Name)
		}
		k := h.Items[c.Orb].Kind
		if k != ItemVrilOrb && !(k == ItemAlienHeart && m.note()) {
			return "", tracker.Refuse("reichbusters V-10", "%s is not a vril orb%s", h.Items[c.Orb].Name, map[bool]string{true: " or an Alien Heart", false: ""}[m.note()])
		}
	}
	if err := t.basic(h, "other"); err != nil {
		return "", err
	}
	t.hero(h.ID, func(x *Hero) {
		x.Weapons[c.Weapon].Status = StatusNone
		if status == StatusDrained {
			x.Items = slices.Delete(x.Items, c.Orb, c.Orb+1)
		}
	})
	t.say("%s readies %s (the %s token is removed)", h.Name, name, status)
	return "hero.ready", nil
}

// VrilEnhance discards 2 vril orbs to flip a weapon to its vril side for
// the rest of the mission (spec §5.2, V-12).
type VrilEnhance struct {
	Hero   string
	Weapon int
}

func (c VrilEnhance) decide(t *tx, _ *tracker.Dice) (string, error) {
	_, h, err := t.upright(c.Hero, "reichbusters §5.2")
	if err != nil {
		return "", err
	}
	if c.Weapon != 0 && c.Weapon != 1 {
		return "", tracker.Refuse("reichbusters V-12", "name weapon 0 or 1")
	}
	if h.Weapons[c.Weapon].Vril {
		return "", tracker.Refuse("reichbusters V-12", "%s is already on its vril side", h.Weapons[c.Weapon].Name)
	}
	var orbs []int
	for i, it := range h.Items {
		if it.Kind == ItemVrilOrb {
			orbs = append(orbs, i)
		}
	}
	if len(orbs) < 2 {
		return "", tracker.Refuse("reichbusters V-12", "a vril enhancement needs 2 vril orbs on the dashboard; %s has %d", h.Name, len(orbs))
	}
	t.hero(h.ID, func(x *Hero) {
		x.Weapons[c.Weapon].Vril = true
		x.Items = slices.Delete(x.Items, orbs[1], orbs[1]+1)
		x.Items = slices.Delete(x.Items, orbs[0], orbs[0]+1)
	})
	t.say("%s discards 2 vril orbs: %s is vril-enhanced for the rest of the mission", h.Name, h.Weapons[c.Weapon].Name)
	return "hero.vril", nil
}

// KnockDown and KnockBack record the hero states of spec §12.1 (V-47:
// never on a knocked-down or downed hero). KnockBack moves the hero To an
// area and discards 1 action card; a hero who cannot be moved or has no
// card is knocked down instead.
type KnockDown struct{ Hero string }

// KnockBack is described with KnockDown.
type KnockBack struct{ Hero, To string }

func (c KnockDown) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §12.1")
	if err != nil {
		return "", err
	}
	h := m.hero(c.Hero)
	if h == nil || h.Escaped {
		return "", tracker.Refuse("reichbusters §12.1", "there is no hero %q on the map", c.Hero)
	}
	if h.KnockedDown || h.Downed() {
		return "", tracker.Refuse("reichbusters §12.1", "%s is already on the ground", h.Name)
	}
	t.hero(h.ID, func(x *Hero) { x.KnockedDown = true })
	t.say("%s is knocked down", h.Name)
	return "hero.knockDown", nil
}

func (c KnockBack) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §12.1")
	if err != nil {
		return "", err
	}
	h := m.hero(c.Hero)
	if h == nil || h.Escaped {
		return "", tracker.Refuse("reichbusters §12.1", "there is no hero %q on the map", c.Hero)
	}
	if h.KnockedDown || h.Downed() {
		return "", tracker.Refuse("reichbusters V-47", "a knocked-down or downed hero cannot be knocked back")
	}
	if c.To == "" || h.Hand == 0 {
		t.hero(h.ID, func(x *Hero) { x.KnockedDown = true })
		t.say("%s cannot be knocked back (no room or no card): knocked down instead", h.Name)
		return "hero.knockBack", nil
	}
	b, err := m.board()
	if err != nil {
		return "", err
	}
	x, _ := b.Index(h.Area)
	y, ok := b.Index(c.To)
	if !ok || !b.Adjacent(x, y, m.doorStates()) {
		return "", tracker.Refuse("reichbusters §12.1", "%s is not an area next to %s", c.To, h.Area)
	}
	t.dropEscort(h.ID) // the escort token is dropped before moving (§12.1)
	t.hero(h.ID, func(z *Hero) {
		z.Area = c.To
		z.Hand--
		z.Discard++
	})
	t.say("%s is knocked back to %s and discards an action card", h.Name, c.To)
	return "hero.knockBack", nil
}

// CorrectHero sets a hero's whole dashboard by hand (the table is the
// source of truth), still within the rules' bounds: the 12 action cards
// add up (V-03), at most 4 items (V-08), at most one status token per
// weapon or item (V-09), at most 4 skills without duplicates (V-30),
// heroism points of known kinds, and only a downed hero captured (V-20).
type CorrectHero struct {
	Hero   Hero
	Reason string
}

func (c CorrectHero) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §9")
	if err != nil {
		return "", err
	}
	h := c.Hero
	old := m.hero(h.ID)
	if old == nil {
		return "", tracker.Refuse("reichbusters §9", "there is no hero %q in this mission", h.ID)
	}
	if strings.TrimSpace(c.Reason) == "" {
		return "", tracker.Refuse("reichbusters §9", "say why the dashboard is corrected")
	}
	if err := checkHero(&h); err != nil {
		return "", err
	}
	t.reason = c.Reason
	t.do(Op{Op: opHero, Hero: &h})
	t.say("Corrected by hand: %s's dashboard", h.Name)
	return "hero.correct", nil
}

func checkHero(h *Hero) error {
	for _, n := range []int{h.Hand, h.Draw, h.Discard, h.Removed, h.InPlay} {
		if n < 0 {
			return tracker.Refuse("reichbusters V-03", "card counts are 0 or more")
		}
	}
	if sum := h.Hand + h.Draw + h.Discard + h.Removed + h.InPlay; sum != DeckSize {
		return tracker.Refuse("reichbusters V-03", "hand, draw pile, discard, removed and in play add up to %d, not %d", sum, DeckSize)
	}
	if h.UntilNextHero < 0 || h.UntilOwnNext < 0 || untimed(h) < 0 {
		return tracker.Refuse("reichbusters §12.9", "%s has %s in play, fewer than the %d that end by themselves (until the next hero's turn or this hero's next turn)", h.Name, plural(h.InPlay, "card"), h.UntilNextHero+h.UntilOwnNext)
	}
	if len(h.Items) > MaxItems {
		return tracker.Refuse("reichbusters V-08", "%s can carry at most %d items", h.Name, MaxItems)
	}
	ok := func(s string) bool { return s == StatusNone || s == StatusJammed || s == StatusDrained }
	for _, w := range h.Weapons {
		if !ok(w.Status) {
			return tracker.Refuse("reichbusters V-09", "%s: status %q is not jammed or drained", w.Name, w.Status)
		}
	}
	for _, it := range h.Items {
		if !ok(it.Status) {
			return tracker.Refuse("reichbusters V-09", "%s: status %q is not jammed or drained", it.Name, it.Status)
		}
	}
	if len(h.Skills) > MaxSkills {
		return tracker.Refuse("reichbusters V-30", "%s can hold at most %d skills", h.Name, MaxSkills)
	}
	seen := map[string]bool{}
	for _, s := range h.Skills {
		if seen[s.ID] {
			return tracker.Refuse("reichbusters V-30", "%s holds %s twice", h.Name, s.ID)
		}
		seen[s.ID] = true
	}
	for _, k := range h.HP {
		if !validHP(k) {
			return tracker.Refuse("reichbusters V-44", "heroism point %q is not attack, defence or wild", k)
		}
	}
	if h.Captured && !h.Downed() {
		return tracker.Refuse("reichbusters V-20", "only a downed hero can be captured")
	}
	if h.Objectives < 0 {
		return tracker.Refuse("reichbusters §9", "objective tokens are 0 or more")
	}
	return nil
}

// escortTokenPassed moves an escort with its token when the token is
// given or taken (§12.1 Escort: it passes with give item).
func (t *tx) escortTokenPassed(from, to string) {
	for _, u := range t.m().Units {
		if u.EscortedBy == from {
			t.do(Op{Op: opUnitEscort, Unit: u.ID, Code: to})
			t.say("%s now escorts %s", t.name(to), u.ID)
			return
		}
	}
}

// itemLeft keeps the bookkeeping of an item leaving a dashboard (given,
// taken or dropped): an objective token no longer counts for leaving the
// map (V-35), and a dropped escort token stays with its unit, which is no
// longer escorted until a hero picks the token up (§12.1 Escort).
func (t *tx) itemLeft(heroID string, it *Item, dropped bool) {
	if it == nil {
		return
	}
	if it.Kind == ItemObjective {
		t.hero(heroID, func(x *Hero) { x.Objectives = max(0, x.Objectives-1) })
	}
	if it.Kind != ItemEscort || !dropped {
		return
	}
	for _, u := range t.m().Units {
		if u.EscortedBy == heroID {
			t.do(Op{Op: opUnitEscort, Unit: u.ID})
			t.say("%s drops the escort token: %s stays in %s", t.name(heroID), u.ID, u.Area)
			return
		}
	}
}

// dropEscort: the hero drops the escort token; the unit stays where it is,
// no longer escorted (§12.1 Escort).
func (t *tx) dropEscort(heroID string) {
	m := t.m()
	for _, u := range m.Units {
		if u.EscortedBy == heroID {
			t.do(Op{Op: opUnitEscort, Unit: u.ID})
			t.say("%s drops the escort token: %s stays in %s", t.name(heroID), u.ID, u.Area)
		}
	}
	if h := m.hero(heroID); h != nil && slices.ContainsFunc(h.Items, func(it Item) bool { return it.Kind == ItemEscort }) {
		t.hero(heroID, func(x *Hero) {
			x.Items = slices.DeleteFunc(x.Items, func(it Item) bool { return it.Kind == ItemEscort })
		})
	}
}

// SetSkillActive flips a skill token to its deactivated side (an effect
// used it up) or back (spec §9; after a campaign mission every skill flips
// back, §10.2 step 6).
type SetSkillActive struct {
	Hero, Skill string
	Active      bool
}

func (c SetSkillActive) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §9")
	if err != nil {
		return "", err
	}
	h := m.hero(c.Hero)
	if h == nil {
		return "", tracker.Refuse("reichbusters §9", "there is no hero %q in this mission", c.Hero)
	}
	i := slices.IndexFunc(h.Skills, func(s Skill) bool { return s.ID == canonicalSkill(c.Skill) })
	if i < 0 {
		return "", tracker.Refuse("reichbusters §9", "%s has no skill %q", h.Name, c.Skill)
	}
	if h.Skills[i].Active == c.Active {
		return "", tracker.Refuse("reichbusters §9", "%s's %s is already on that side", h.Name, h.Skills[i].ID)
	}
	t.hero(h.ID, func(x *Hero) { x.Skills[i].Active = c.Active })
	word := "deactivated"
	if c.Active {
		word = "active again"
	}
	t.say("%s's %s is %s", h.Name, h.Skills[i].ID, word)
	return "hero.skill", nil
}

// withoutCards is wounds less the cards at the indexes in drop.
func withoutCards(wounds []Wound, drop map[int]bool) []Wound {
	var kept []Wound
	for i, w := range wounds {
		if !drop[i] {
			kept = append(kept, w)
		}
	}
	return kept
}
