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
	var parts []string
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
