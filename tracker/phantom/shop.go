package phantom

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/tracker"
)

// FameTier is the equipment tier a planet's shop offers at that fame: 1
// always, 2 at 5, 3 at 10 (§14.1, V-16).
func FameTier(fame int) int {
	switch {
	case fame >= 10:
		return 3
	case fame >= 5:
		return 2
	}
	return 1
}

// BuyEquipment buys equipment in the shop of the last mission's planet
// (§14.3, V-16), paying nova cells; it comes uncharged.
type BuyEquipment struct {
	Character string `json:"character"`
	Equipment string `json:"equipment"`
}

func (c BuyEquipment) exec(s *State, x *ctx) (string, error) {
	if err := s.between("the shop is open"); err != nil {
		return "", err
	}
	ch, err := s.needChar(c.Character)
	if err != nil {
		return "", err
	}
	e, ok := s.Content.Equipment[c.Equipment]
	if !ok {
		return "", tracker.Refuse(ruleBetween, "equipment %q is not entered", c.Equipment)
	}
	p := s.Sheet.LastPlanet
	training := s.Sheet.TrainingShopTier > 0 && e.Tier <= s.Sheet.TrainingShopTier
	switch {
	case training:
		// A standalone training opens every planet's shop up to its tier.
	case p == "":
		return "", tracker.Refuse("phantom-epoch V-16", "there is no shop after a mission without a planet")
	case e.Planet != p:
		return "", tracker.Refuse("phantom-epoch V-16", "%s is sold on %s; the shop open now is %s's", e.ID, e.Planet, p)
	case e.Tier > FameTier(s.Sheet.Fame[p]):
		return "", tracker.Refuse("phantom-epoch V-16", "%s is tier %d; fame %d on %s opens tier %d", e.ID, e.Tier, s.Sheet.Fame[p], p, FameTier(s.Sheet.Fame[p]))
	}
	switch {
	case e.Cost > ch.Nova:
		return "", tracker.Refuse("phantom-epoch V-15", "%s costs %d nova cells; %s has %d", e.ID, e.Cost, ch.Name, ch.Nova)
	}
	from := ch.Nova
	ch.Nova -= e.Cost
	ch.Equipment = append(ch.Equipment, Gear{ID: e.ID})
	return fmt.Sprintf("%s bought %s for %s, %d → %d", ch.Name, e.ID, plural(e.Cost, "nova cell"), from, ch.Nova), nil
}

// SellEquipment sells an equipment card for half its cost, rounded down
// (§14.3); possible after a mission on any planet.
type SellEquipment struct {
	Character string `json:"character"`
	Equipment string `json:"equipment"`
}

func (c SellEquipment) exec(s *State, x *ctx) (string, error) {
	if err := s.between("equipment can be sold"); err != nil {
		return "", err
	}
	ch, err := s.needChar(c.Character)
	if err != nil {
		return "", err
	}
	if s.Sheet.LastPlanet == "" {
		return "", tracker.Refuse(ruleBetween, "equipment is sold only after a mission on a planet")
	}
	i := slices.IndexFunc(ch.Equipment, func(g Gear) bool { return g.ID == c.Equipment })
	if i < 0 {
		return "", tracker.Refuse(ruleBetween, "%s does not own %s", ch.Name, c.Equipment)
	}
	gain := s.Content.Equipment[c.Equipment].Cost / 2
	ch.Equipment = slices.Delete(slices.Clone(ch.Equipment), i, i+1)
	from := ch.Nova
	ch.Nova += gain
	return fmt.Sprintf("%s sold %s for %s, %d → %d", ch.Name, c.Equipment, plural(gain, "nova cell"), from, ch.Nova), nil
}

// DismantleAttachment returns an attachment to its deck for nova cells
// equal to its tier; starting attachments (tier X) cannot be dismantled
// (§14.3, V-17).
type DismantleAttachment struct {
	Character  string `json:"character"`
	Attachment string `json:"attachment"`
}

func (c DismantleAttachment) exec(s *State, x *ctx) (string, error) {
	if err := s.between("attachments can be dismantled"); err != nil {
		return "", err
	}
	ch, err := s.needChar(c.Character)
	if err != nil {
		return "", err
	}
	i := slices.IndexFunc(ch.Attachments, func(g Gear) bool { return g.ID == c.Attachment })
	if i < 0 {
		return "", tracker.Refuse(ruleBetween, "%s does not own %s", ch.Name, c.Attachment)
	}
	a := s.Content.Attachments[c.Attachment]
	if a.Tier == 0 {
		return "", tracker.Refuse("phantom-epoch V-17", "%s is a starting attachment (tier X): it cannot be dismantled", c.Attachment)
	}
	ch.Attachments = slices.Delete(slices.Clone(ch.Attachments), i, i+1)
	s.Sheet.AttachmentDecks[a.Tier] = append(s.Sheet.AttachmentDecks[a.Tier], a.ID)
	from := ch.Nova
	ch.Nova += a.Tier
	return fmt.Sprintf("%s dismantled %s for %s, %d → %d", ch.Name, c.Attachment, plural(a.Tier, "nova cell"), from, ch.Nova), nil
}

// Trade moves nova cells, or an unequipped attachment or equipment card,
// from one character to another between missions (§14.3).
type Trade struct {
	From       string `json:"from"`
	To         string `json:"to"`
	Nova       int    `json:"nova,omitempty"`
	Equipment  string `json:"equipment,omitempty"`
	Attachment string `json:"attachment,omitempty"`
}

func (c Trade) exec(s *State, x *ctx) (string, error) {
	if err := s.between("characters trade"); err != nil {
		return "", err
	}
	a, err := s.needChar(c.From)
	if err != nil {
		return "", err
	}
	b, err := s.needChar(c.To)
	if err != nil {
		return "", err
	}
	if a == b {
		return "", tracker.Refuse(ruleBetween, "a character cannot trade with itself")
	}
	var parts []string
	if c.Nova < 0 || c.Nova > a.Nova {
		return "", tracker.Refuse("phantom-epoch V-15", "%s has %d nova cells, cannot give %d", a.Name, a.Nova, c.Nova)
	}
	if c.Nova > 0 {
		a.Nova -= c.Nova
		b.Nova += c.Nova
		parts = append(parts, fmt.Sprintf("%d nova cells", c.Nova))
	}
	move := func(list *[]Gear, to *[]Gear, id string) error {
		i := slices.IndexFunc(*list, func(g Gear) bool { return g.ID == id })
		if i < 0 {
			return tracker.Refuse(ruleBetween, "%s does not own %s", a.Name, id)
		}
		if (*list)[i].Slot != "" {
			return tracker.Refuse(ruleBetween, "%s has %s equipped: only unequipped cards are traded", a.Name, id)
		}
		g := (*list)[i]
		*list = slices.Delete(slices.Clone(*list), i, i+1)
		*to = append(*to, g)
		parts = append(parts, id)
		return nil
	}
	if c.Equipment != "" {
		if err := move(&a.Equipment, &b.Equipment, c.Equipment); err != nil {
			return "", err
		}
	}
	// §14.3: any unequipped attachment may change hands; only dismantling
	// excludes starting ones (V-17).
	if c.Attachment != "" {
		if err := move(&a.Attachments, &b.Attachments, c.Attachment); err != nil {
			return "", err
		}
	}
	if len(parts) == 0 {
		return "", tracker.Refuse(ruleBetween, "nothing to trade")
	}
	return fmt.Sprintf("%s gave %s %s", a.Name, b.Name, strings.Join(parts, " and ")), nil
}

func init() {
	register(BuyEquipment{}, SellEquipment{}, DismantleAttachment{}, Trade{})
}
