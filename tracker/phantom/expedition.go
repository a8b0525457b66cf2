package phantom

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/tracker"
)

// Expedition records an expedition card resolved between missions (§14.3,
// V-20): a Planetary card (at most one between missions, from the last
// mission's planet, none without a planet) or a Story card (by the number
// mission text gives). The players read the card and enter what it did:
// nova cells per character, vanished technology, fame and SP; losses
// larger than the stock take what there is (V-15).
type Expedition struct {
	Story        bool           `json:"story,omitempty"`
	Card         string         `json:"card"`
	Nova         map[string]int `json:"nova,omitempty"`
	SP           map[string]int `json:"sp,omitempty"`
	VanishedTech int            `json:"vanishedTech,omitempty"`
	Fame         map[string]int `json:"fame,omitempty"`
	// Discard removes the card from the campaign; otherwise it is shuffled
	// back.
	Discard bool `json:"discard,omitempty"`
	// Options are the card's decision options with what each costs (RB
	// p.17: an option using nova cells or vanished technology "may only be
	// chosen if the characters have sufficient … to cover the cost"). On
	// a team choice (Team) the team picks Chosen; on an individual choice
	// each present character picks its own (Choices). The costs are paid
	// before the results above apply. Left out, the card had no cost to
	// enter (and expeditions recorded before costs were entered replay as
	// they were).
	Options []ExpeditionOption `json:"options,omitempty"`
	Team    bool               `json:"team,omitempty"`
	Chosen  string             `json:"chosen,omitempty"`
	Choices map[string]string  `json:"choices,omitempty"`
	// Pay says who pays a team option's nova cells, and how many each;
	// left out, the present characters pay in the order they embarked,
	// each as much as it has.
	Pay map[string]int `json:"pay,omitempty"`
}

// ExpeditionOption is one decision option of an expedition card, as the
// players enter it: a name in their own words ("A", "bribe the pilot")
// and what choosing it costs.
type ExpeditionOption struct {
	Name         string `json:"name"`
	Nova         int    `json:"nova,omitempty"`
	VanishedTech int    `json:"vanishedTech,omitempty"`
}

// ruleExpedition cites the expedition rules in the players' words (spec
// §14.3, V-15, V-20).
const ruleExpedition = "Rulebook p.17"

// ExpeditionCantPay says why an option cannot be chosen, "" when it can:
// on a team choice (who "") the characters present together must have its
// nova cells and the team its vanished technology; on an individual choice
// the character who picks it pays the nova cells from its own (nova cells
// can be traded first, RB p.15).
func (s *State) ExpeditionCantPay(o ExpeditionOption, who string) string {
	if who == "" {
		have := 0
		for _, n := range s.Sheet.LastParty {
			if ch := s.char(n); ch != nil {
				have += ch.Nova
			}
		}
		if o.Nova > have {
			return fmt.Sprintf("%s costs %d nova cells; the characters present have %d", o.Name, o.Nova, have)
		}
	} else if ch := s.char(who); ch != nil && o.Nova > ch.Nova {
		return fmt.Sprintf("%s costs %d nova cells; %s has %d (trade cells to %s first)", o.Name, o.Nova, who, ch.Nova, who)
	}
	if o.VanishedTech > s.Sheet.VanishedTech {
		return fmt.Sprintf("%s costs %d vanished technology; the team has %d", o.Name, o.VanishedTech, s.Sheet.VanishedTech)
	}
	return ""
}

// payOptions checks the options and the choices made, and pays their
// costs (RB p.17). It says what was chosen and paid, for the diary.
func (c Expedition) payOptions(s *State) ([]string, error) {
	if len(c.Options) == 0 {
		if c.Chosen != "" || len(c.Choices) > 0 || len(c.Pay) > 0 || c.Team {
			return nil, tracker.Refuse(ruleExpedition, "enter the card's options before choosing one")
		}
		return nil, nil
	}
	if len(c.Options) > 2 {
		return nil, tracker.Refuse(ruleExpedition, "an expedition card has two options, not %d", len(c.Options))
	}
	opts := map[string]ExpeditionOption{}
	for _, o := range c.Options {
		name := strings.TrimSpace(o.Name)
		switch {
		case name == "":
			return nil, tracker.Refuse(ruleExpedition, "give each option a name (e.g. A and B)")
		case opts[name].Name != "":
			return nil, tracker.Refuse(ruleExpedition, "two options are named %q", name)
		case o.Nova < 0 || o.VanishedTech < 0:
			return nil, tracker.Refuse(ruleExpedition, "option %s: a cost cannot be negative", name)
		}
		o.Name = name
		opts[name] = o
	}
	var parts []string
	if c.Team {
		if len(c.Choices) > 0 {
			return nil, tracker.Refuse(ruleExpedition, "a team choice has one option for everyone: choose it, not one per character")
		}
		o, ok := opts[strings.TrimSpace(c.Chosen)]
		if !ok {
			return nil, tracker.Refuse(ruleExpedition, "choose one of the options (%s)", strings.Join(optionNames(c.Options), " or "))
		}
		if why := s.ExpeditionCantPay(o, ""); why != "" {
			return nil, tracker.Refuse(ruleExpedition, "%s: it cannot be chosen", why)
		}
		paid, err := s.payTeam(o.Nova, c.Pay)
		if err != nil {
			return nil, err
		}
		s.Sheet.VanishedTech -= o.VanishedTech
		parts = append(parts, "the team chose "+o.Name+costWords(o, paid))
		return parts, nil
	}
	if c.Chosen != "" || len(c.Pay) > 0 {
		return nil, tracker.Refuse(ruleExpedition, "an individual choice: each character present picks its own option")
	}
	vt := 0
	for _, who := range s.Sheet.LastParty {
		name, ok := c.Choices[who]
		if !ok {
			return nil, tracker.Refuse(ruleExpedition, "%s was on the last mission, so it is present: say which option it chose", who)
		}
		o, ok := opts[strings.TrimSpace(name)]
		if !ok {
			return nil, tracker.Refuse(ruleExpedition, "%s chose %q, which is not one of the options (%s)", who, name, strings.Join(optionNames(c.Options), " or "))
		}
		if why := s.ExpeditionCantPay(o, who); why != "" {
			return nil, tracker.Refuse(ruleExpedition, "%s: %s cannot choose it", why, who)
		}
		vt += o.VanishedTech
	}
	for who := range c.Choices {
		if !contains(s.Sheet.LastParty, who) {
			return nil, tracker.Refuse(ruleExpedition, "%s did not embark on the last mission: only present characters take part", who)
		}
	}
	if vt > s.Sheet.VanishedTech {
		return nil, tracker.Refuse(ruleExpedition, "the options chosen cost %d vanished technology together; the team has %d", vt, s.Sheet.VanishedTech)
	}
	s.Sheet.VanishedTech -= vt
	for _, who := range s.Sheet.LastParty {
		o := opts[strings.TrimSpace(c.Choices[who])]
		s.char(who).Nova -= o.Nova
		paid := map[string]int{}
		if o.Nova > 0 {
			paid[who] = o.Nova
		}
		parts = append(parts, who+" chose "+o.Name+costWords(o, paid))
	}
	return parts, nil
}

// payTeam takes n nova cells from the present characters: as Pay says, or
// in the order they embarked, each as much as it has.
func (s *State) payTeam(n int, pay map[string]int) (map[string]int, error) {
	paid := map[string]int{}
	if len(pay) > 0 {
		total := 0
		for _, who := range sortedKeys(pay) {
			ch := s.char(who)
			switch {
			case !contains(s.Sheet.LastParty, who) || ch == nil:
				return nil, tracker.Refuse(ruleExpedition, "%s did not embark on the last mission: only present characters pay", who)
			case pay[who] < 0 || pay[who] > ch.Nova:
				return nil, tracker.Refuse(ruleExpedition, "%s has %d nova cells, it cannot pay %d", who, ch.Nova, pay[who])
			}
			total += pay[who]
		}
		if total != n {
			return nil, tracker.Refuse(ruleExpedition, "the option costs %d nova cells; the payments add up to %d", n, total)
		}
		for who, k := range pay {
			if k > 0 {
				s.char(who).Nova -= k
				paid[who] = k
			}
		}
		return paid, nil
	}
	for _, who := range s.Sheet.LastParty {
		ch := s.char(who)
		if n == 0 || ch == nil {
			continue
		}
		k := min(n, ch.Nova)
		if k > 0 {
			ch.Nova -= k
			paid[who] = k
			n -= k
		}
	}
	return paid, nil
}

func optionNames(opts []ExpeditionOption) []string {
	var out []string
	for _, o := range opts {
		out = append(out, strings.TrimSpace(o.Name))
	}
	return out
}

// costWords: " (paid 3 nova cells: Ana 2, Bo 1; 1 vanished technology)".
func costWords(o ExpeditionOption, paid map[string]int) string {
	var parts []string
	if o.Nova > 0 {
		var who []string
		for _, n := range sortedKeys(paid) {
			who = append(who, fmt.Sprintf("%s %d", n, paid[n]))
		}
		parts = append(parts, fmt.Sprintf("%d nova cells: %s", o.Nova, strings.Join(who, ", ")))
	}
	if o.VanishedTech > 0 {
		parts = append(parts, fmt.Sprintf("%d vanished technology", o.VanishedTech))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (paid " + strings.Join(parts, "; ") + ")"
}

func (c Expedition) exec(s *State, x *ctx) (string, error) {
	if err := s.between("expeditions happen"); err != nil {
		return "", err
	}
	card := strings.TrimSpace(c.Card)
	if card == "" {
		return "", tracker.Refuse("phantom-epoch V-20", "give the expedition card's number")
	}
	if contains(s.Sheet.DiscardedExpeditions, c.deck(s)+" "+card) {
		return "", tracker.Refuse("phantom-epoch §14.3", "expedition card %s was removed from the campaign", card)
	}
	if !c.Story {
		switch {
		case s.Sheet.LastPlanet == "":
			return "", tracker.Refuse("phantom-epoch V-20", "no Planetary expedition after a mission without a planet")
		case s.Sheet.ExpeditionDrawn:
			return "", tracker.Refuse("phantom-epoch V-20", "a Planetary expedition was already drawn since the last mission")
		}
		s.Sheet.ExpeditionDrawn = true
	}
	parts, err := c.payOptions(s)
	if err != nil {
		return "", err
	}
	for _, who := range sortedKeys(c.Nova) {
		if !contains(s.Sheet.LastParty, who) {
			return "", tracker.Refuse("phantom-epoch §14.3", "%s did not embark on the last mission: only present characters take part", who)
		}
		ch, err := s.needChar(who)
		if err != nil {
			return "", err
		}
		from := ch.Nova
		ch.Nova = max(0, ch.Nova+c.Nova[who])
		parts = append(parts, fmt.Sprintf("%s nova %d → %d", who, from, ch.Nova))
	}
	for _, who := range sortedKeys(c.SP) {
		// §14.3: the characters present are those of the last mission.
		// Expeditions recorded before this check replay as they were.
		if !contains(s.Sheet.LastParty, who) && !x.apply {
			return "", tracker.Refuse("phantom-epoch §14.3", "%s did not embark on the last mission: only present characters take part", who)
		}
		ch, err := s.needChar(who)
		if err != nil {
			return "", err
		}
		from := ch.SP
		ch.SP = max(0, ch.SP+c.SP[who])
		parts = append(parts, fmt.Sprintf("%s SP %d → %d", who, from, ch.SP))
	}
	if c.VanishedTech != 0 {
		from := s.Sheet.VanishedTech
		s.Sheet.VanishedTech = max(0, from+c.VanishedTech)
		parts = append(parts, fmt.Sprintf("vanished technology %d → %d", from, s.Sheet.VanishedTech))
	}
	for _, p := range sortedKeys(c.Fame) {
		if !contains(Planets, p) {
			return "", tracker.Refuse(ruleSheet, "%q is not a planet", p)
		}
		from := s.Sheet.Fame[p]
		s.Sheet.Fame[p] = max(0, from+c.Fame[p])
		parts = append(parts, fmt.Sprintf("fame on %s %d → %d", p, from, s.Sheet.Fame[p]))
	}
	s.Sheet.Expeditions = append(s.Sheet.Expeditions, c.deck(s)+" "+card)
	if c.Discard {
		s.Sheet.DiscardedExpeditions = append(s.Sheet.DiscardedExpeditions, c.deck(s)+" "+card)
	}
	line := fmt.Sprintf("Expedition %s %s", c.deck(s), card)
	if len(parts) > 0 {
		line += ": " + strings.Join(parts, ", ")
	}
	return line, nil
}

func (c Expedition) deck(s *State) string {
	if c.Story {
		return "Story"
	}
	return s.Sheet.LastPlanet
}

func sortedKeys[V any](m map[string]V) []string {
	k := keysOf(m)
	slices.Sort(k)
	return k
}

func init() {
	register(Expedition{})
}
