package phantom

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/tracker"
)

// Equip equips or unequips an equipment or attachment card of a character
// (Slot "" unequips): only between missions, at mission setup or on the
// character's rest turn (V-06). Equipment goes in its own head/body/feet
// slot; an attachment in the numbered attachment slot whose types allow it.
type Equip struct {
	Character  string `json:"character"`
	Equipment  string `json:"equipment,omitempty"`
	Attachment string `json:"attachment,omitempty"`
	// Slot: "head", "body", "feet" for equipment; "1", "2"... for an
	// attachment slot of the class board; "" to unequip.
	Slot string `json:"slot,omitempty"`
}

func (s *State) gearWindow(name string) error {
	m := s.Mission
	if m == nil || m.Phase == "over" || m.Round == 0 {
		return nil
	}
	if f := m.fig(name); f != nil && f.Resting && m.Current == name {
		return nil
	}
	return tracker.Refuse("phantom-epoch V-06", "equipment and attachments change only at mission setup, on a rest turn or between missions")
}

func (c Equip) exec(s *State, x *ctx) (string, error) {
	ch, err := s.needChar(c.Character)
	if err != nil {
		return "", err
	}
	if err := s.gearWindow(ch.Name); err != nil {
		return "", err
	}
	if (c.Equipment == "") == (c.Attachment == "") {
		return "", tracker.Refuse("phantom-epoch V-06", "name one equipment or one attachment card")
	}
	if c.Equipment != "" {
		i := slices.IndexFunc(ch.Equipment, func(g Gear) bool { return g.ID == c.Equipment })
		if i < 0 {
			return "", tracker.Refuse("phantom-epoch V-06", "%s does not own %s", ch.Name, c.Equipment)
		}
		if c.Slot != "" {
			e := s.Content.Equipment[c.Equipment]
			if c.Slot != e.Slot {
				return "", tracker.Refuse("phantom-epoch V-06", "%s is %s equipment, not %s", e.ID, e.Slot, c.Slot)
			}
			for j, g := range ch.Equipment {
				if j != i && g.Slot == c.Slot {
					return "", tracker.Refuse("phantom-epoch V-06", "%s already wears %s on the %s slot (one per slot)", ch.Name, g.ID, c.Slot)
				}
			}
		}
		was := ch.Equipment[i].Slot != ""
		ch.Equipment[i].Slot = c.Slot
		// Equipment changed in a mission by an event decided before rules
		// revision 1 replays as it was played: max HP and Guard unchanged.
		if !x.before(1) {
			s.wearInMission(ch.Name, c.Equipment, was, c.Slot != "")
		}
		return equipLine(ch.Name, c.Equipment, c.Slot), nil
	}
	i := slices.IndexFunc(ch.Attachments, func(g Gear) bool { return g.ID == c.Attachment })
	if i < 0 {
		return "", tracker.Refuse("phantom-epoch V-06", "%s does not own %s", ch.Name, c.Attachment)
	}
	if c.Slot != "" {
		cb := s.Content.Classes[ch.Class]
		var n int
		if _, err := fmt.Sscanf(c.Slot, "%d", &n); err != nil || n < 1 || n > len(cb.AttachmentSlots) {
			return "", tracker.Refuse("phantom-epoch V-06", "the %s board has attachment slots 1 to %d, not %q", ch.Class, len(cb.AttachmentSlots), c.Slot)
		}
		a := s.Content.Attachments[c.Attachment]
		allowed := cb.AttachmentSlots[n-1]
		if !contains(allowed, a.Type) && !contains(allowed, "any") && a.Type != "any" {
			return "", tracker.Refuse("phantom-epoch V-06", "slot %d takes %s attachments; %s is %s", n, strings.Join(allowed, "/"), a.ID, a.Type)
		}
		for j, g := range ch.Attachments {
			if j != i && g.Slot == c.Slot {
				return "", tracker.Refuse("phantom-epoch V-06", "slot %d already holds %s", n, g.ID)
			}
		}
	}
	ch.Attachments[i].Slot = c.Slot
	return equipLine(ch.Name, c.Attachment, c.Slot), nil
}

// wearInMission brings a character's figure up to date when equipment is
// put on or taken off during a mission (setup or a rest turn, V-06): max
// HP is the species' plus equipment's (§6.1), and Guard follows too. At
// setup the character is at full HP; on a rest turn HP never exceeds the
// new maximum.
func (s *State) wearInMission(name, id string, was, now bool) {
	m := s.Mission
	if m == nil || m.Phase == "over" || was == now {
		return
	}
	f := m.fig(name)
	if f == nil || f.Defeated {
		return
	}
	e := s.Content.Equipment[id]
	sign := 1
	if was {
		sign = -1
	}
	f.MaxHP = max(1, f.MaxHP+sign*e.MaxHP)
	f.Guard += sign * e.Guard
	if m.Round == 0 {
		f.HP = f.MaxHP
	} else {
		f.HP = min(f.HP, f.MaxHP)
	}
}

func equipLine(who, what, slot string) string {
	if slot == "" {
		return fmt.Sprintf("%s unequipped %s", who, what)
	}
	return fmt.Sprintf("%s equipped %s (slot %s)", who, what, slot)
}

// Charge moves nova cells from the character onto an equipment or
// attachment card (N > 0) or back (N < 0): 0 ≤ charges ≤ nova slots, and
// charging needs the nova cells (V-07). Same windows as Equip (V-06); in a
// mission the character's collected nova cells are used.
type Charge struct {
	Character  string `json:"character"`
	Equipment  string `json:"equipment,omitempty"`
	Attachment string `json:"attachment,omitempty"`
	N          int    `json:"n"`
}

func (c Charge) exec(s *State, x *ctx) (string, error) {
	ch, err := s.needChar(c.Character)
	if err != nil {
		return "", err
	}
	if err := s.gearWindow(ch.Name); err != nil {
		return "", err
	}
	var g *Gear
	slots := 0
	id := c.Equipment
	if c.Equipment != "" {
		if i := slices.IndexFunc(ch.Equipment, func(g Gear) bool { return g.ID == c.Equipment }); i >= 0 {
			g, slots = &ch.Equipment[i], s.Content.Equipment[c.Equipment].NovaSlots
		}
	} else {
		id = c.Attachment
		if i := slices.IndexFunc(ch.Attachments, func(g Gear) bool { return g.ID == c.Attachment }); i >= 0 {
			g, slots = &ch.Attachments[i], s.Content.Attachments[c.Attachment].NovaSlots
		}
	}
	if g == nil {
		return "", tracker.Refuse("phantom-epoch V-07", "%s does not own %q", ch.Name, id)
	}
	// In a mission, cells taken off a card go to the play area (the
	// figure); charging draws on all the character's own cells — the ones
	// collected on this mission first, then its sheet's (§12.2 step 10,
	// §6.3 item 4, V-07).
	var fig *Figure
	if m := s.Mission; m != nil && m.Phase != "over" {
		fig = m.fig(ch.Name)
	}
	have := ch.Nova
	if fig != nil {
		have += fig.Nova
	}
	to := g.Charges + c.N
	switch {
	case c.N == 0:
		return "", tracker.Refuse("phantom-epoch V-07", "charge by at least one nova cell")
	case to < 0 || to > slots:
		return "", tracker.Refuse("phantom-epoch V-07", "%s holds 0 to %d charges; %d is out of bounds", id, slots, to)
	case c.N > have:
		return "", tracker.Refuse("phantom-epoch V-07", "%s has %d nova cells, not %d", ch.Name, have, c.N)
	}
	from := g.Charges
	g.Charges = to
	switch {
	case fig != nil && c.N < 0:
		fig.Nova -= c.N
	case fig != nil:
		take := min(c.N, fig.Nova)
		fig.Nova -= take
		ch.Nova -= c.N - take
	default:
		ch.Nova -= c.N
	}
	return fmt.Sprintf("%s charged %s %d → %d", ch.Name, id, from, to), nil
}

func init() {
	register(Equip{}, Charge{})
}

// CorrectEquipment corrects a character's equipment cards by hand, without
// a shop visit (the table is the source of truth: a card forgotten, one
// given back): Add are equipment cards it owns from now, unequipped and
// uncharged; Remove are cards it owned, their charges gone with them (an
// equipped one is taken off first, its max HP and Guard with it on the
// mission being played). Reason says why, for the log.
type CorrectEquipment struct {
	Character string   `json:"character"`
	Add       []string `json:"add,omitempty"`
	Remove    []string `json:"remove,omitempty"`
	Reason    string   `json:"reason"`
}

// ruleGear cites the rule in the players' words (spec §14.2–14.3).
const ruleGear = "Rulebook p.15"

func (c CorrectEquipment) exec(s *State, x *ctx) (string, error) {
	ch, err := s.needChar(c.Character)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(c.Reason) == "" {
		return "", tracker.Refuse(ruleGear, "say why %s's equipment is corrected", ch.Name)
	}
	if len(c.Add)+len(c.Remove) == 0 {
		return "", tracker.Refuse(ruleGear, "name the equipment to add or remove")
	}
	var parts []string
	for _, id := range c.Remove {
		i := slices.IndexFunc(ch.Equipment, func(g Gear) bool { return g.ID == id })
		if i < 0 {
			return "", tracker.Refuse(ruleGear, "%s does not own %q", ch.Name, id)
		}
		g := ch.Equipment[i]
		if g.Slot != "" {
			s.wearInMission(ch.Name, g.ID, true, false)
		}
		ch.Equipment = slices.Delete(slices.Clone(ch.Equipment), i, i+1)
		part := "−" + id
		if g.Charges > 0 {
			part += fmt.Sprintf(" (its %d charges with it)", g.Charges)
		}
		parts = append(parts, part)
	}
	for _, id := range c.Add {
		if _, ok := s.Content.Equipment[id]; !ok {
			return "", tracker.Refuse(ruleGear, "equipment %q is not entered: enter its card first", id)
		}
		ch.Equipment = append(ch.Equipment, Gear{ID: id})
		parts = append(parts, "+"+id)
	}
	return fmt.Sprintf("Corrected by hand: %s's equipment %s (%s)", ch.Name, strings.Join(parts, ", "), strings.TrimSpace(c.Reason)), nil
}

func init() {
	register(CorrectEquipment{})
}
