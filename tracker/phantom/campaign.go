package phantom

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

const (
	ruleSheet    = "phantom-epoch §14.1"
	ruleCharrule = "phantom-epoch §14.2"
	ruleBetween  = "phantom-epoch §14.3"
)

// ChangeSettings replaces the settings (the AMBIGUOUS readings and dice
// modes). The diary names each setting changed.
type ChangeSettings struct {
	Settings Settings `json:"settings"`
}

func (c ChangeSettings) exec(s *State, x *ctx) (string, error) {
	changed := settingsDiff(s.Settings, c.Settings)
	if len(changed) == 0 {
		return "", tracker.Refuse("phantom-epoch §17", "the settings are already like that")
	}
	s.Settings = c.Settings
	return "Settings: " + strings.Join(changed, ", "), nil
}

// SettingInfo describes one setting for the settings screen.
type SettingInfo struct {
	Key, Rule, Meaning string
}

// SettingsInfo lists the settings, with the rule each one reads.
func SettingsInfo() []SettingInfo {
	return []SettingInfo{
		{"refreshRestartsTimer", "A-11", "a condition received again restarts its timer"},
		{"resilientSparedByRefresh", "A-12", "a condition already held does not use up Resilient"},
		{"failureKeepsNova", "A-36", "after a failure, collected nova cells and mission treasure are kept"},
		{"resetAfterMission", "A-37", "after a mission, bandages, temporary/persistent piles and item flips are cleared"},
		{"countAdjacentBlockers", "A-21", "an adversary choosing a line of sight counts blockers next to it"},
		{"sharedClassDecks", "A-28", "types of one class but different species share the class deck"},
		{"restRemovesAllDetrimental", "§6.3", "a rest removes all detrimental conditions unless some are kept (off: only those the players pick)"},
		{"rollDecisionDie", "§1", "the app rolls the Decision die (off: enter the face rolled)"},
		{"rollAttackDice", "§1", "the app rolls adversaries' attack and Accuracy dice (off: enter them)"},
		{"eventDeckReshuffle", "A-33", "an exhausted event deck is rebuilt from discarded Round 6+ events"},
		{"targetWithBaseRange", "Rulebook p.27", "house rule: an adversary counts only the range on its Description card when it looks for an enemy already in range, even if its attack this round reaches farther"},
	}
}

func settingsDiff(a, b Settings) []string {
	var out []string
	f := func(name string, x, y bool) {
		if x != y {
			out = append(out, fmt.Sprintf("%s %s", name, map[bool]string{true: "on", false: "off"}[y]))
		}
	}
	f("refreshRestartsTimer", a.RefreshRestartsTimer, b.RefreshRestartsTimer)
	f("resilientSparedByRefresh", a.ResilientSparedByRefresh, b.ResilientSparedByRefresh)
	f("failureKeepsNova", a.FailureKeepsNova, b.FailureKeepsNova)
	f("resetAfterMission", a.ResetAfterMission, b.ResetAfterMission)
	f("countAdjacentBlockers", a.CountAdjacentBlockers, b.CountAdjacentBlockers)
	f("sharedClassDecks", a.SharedClassDecks, b.SharedClassDecks)
	f("restRemovesAllDetrimental", a.RestRemovesAllDetrimental, b.RestRemovesAllDetrimental)
	f("rollDecisionDie", a.RollDecisionDie, b.RollDecisionDie)
	f("rollAttackDice", a.RollAttackDice, b.RollAttackDice)
	f("eventDeckReshuffle", a.EventDeckReshuffle, b.EventDeckReshuffle)
	f("targetWithBaseRange", a.TargetWithBaseRange, b.TargetWithBaseRange)
	return out
}

func (s *State) between(what string) error {
	if s.Mission != nil && s.Mission.Phase != "over" {
		return tracker.Refuse(ruleBetween, "%s only between missions; mission %s is being played", what, s.Mission.ID)
	}
	return nil
}

func (s *State) needChar(name string) (*Character, error) {
	ch := s.char(name)
	if ch == nil {
		return nil, tracker.Refuse(ruleCharrule, "there is no character named %q", name)
	}
	return ch, nil
}

// CreateCharacter makes a new character (§14.2): a class and species from
// the entered content; the class's starting Action cards, attachments and
// items without cost.
type CreateCharacter struct {
	Name    string `json:"name"`
	Class   string `json:"class"`
	Species string `json:"species"`
	Colour  string `json:"colour"`
}

func (c CreateCharacter) exec(s *State, x *ctx) (string, error) {
	name := strings.TrimSpace(c.Name)
	if name == "" {
		return "", tracker.Refuse(ruleCharrule, "a character needs a name")
	}
	if s.char(name) != nil {
		return "", tracker.Refuse(ruleCharrule, "there is already a character named %q", name)
	}
	cb, ok := s.Content.Classes[c.Class]
	if !ok {
		return "", tracker.Refuse(ruleCharrule, "class %q is not entered; enter its class board first", c.Class)
	}
	if !contains(s.Sheet.UnlockedClasses, c.Class) {
		return "", tracker.Refuse(ruleCharrule, "class %q is not unlocked in this campaign", c.Class)
	}
	if _, ok := s.Content.Species[c.Species]; !ok {
		return "", tracker.Refuse(ruleCharrule, "species %q is not entered; enter its species card first", c.Species)
	}
	col, err := phantom.ParseColour(c.Colour)
	if err != nil {
		return "", tracker.Refuse(ruleCharrule, "%v", err)
	}
	for _, id := range cb.Starting {
		if _, ok := s.Content.ActionCards[id]; !ok {
			return "", tracker.Refuse(ruleCharrule, "starting Action card %q of class %s is not entered", id, c.Class)
		}
	}
	ch := &Character{Name: name, Class: c.Class, Species: c.Species, Colour: string(col),
		Cards: slices.Clone(cb.Starting), Items: slices.Clone(cb.StartingItems)}
	for _, a := range cb.StartingAttachments {
		ch.Attachments = append(ch.Attachments, Gear{ID: a})
	}
	s.Characters[name] = ch
	return fmt.Sprintf("New character %s, %s %s", name, c.Species, c.Class), nil
}

// BuyActionCard spends SP on an Action card of the character's class
// (§14.3): permanent, no refunds.
type BuyActionCard struct {
	Character string `json:"character"`
	Card      string `json:"card"`
}

func (c BuyActionCard) exec(s *State, x *ctx) (string, error) {
	if err := s.between("Action cards can be bought"); err != nil {
		return "", err
	}
	ch, err := s.needChar(c.Character)
	if err != nil {
		return "", err
	}
	ac, ok := s.Content.ActionCards[c.Card]
	if !ok {
		return "", tracker.Refuse(ruleBetween, "Action card %q is not entered", c.Card)
	}
	switch {
	case ac.Class != ch.Class:
		return "", tracker.Refuse(ruleBetween, "%s is a %s card; %s is a %s", c.Card, ac.Class, ch.Name, ch.Class)
	case contains(ch.Cards, c.Card):
		return "", tracker.Refuse(ruleBetween, "%s already owns %s", ch.Name, c.Card)
	case ac.SPCost > ch.SP:
		return "", tracker.Refuse("phantom-epoch §14.3, V-15", "%s costs %d SP; %s has %d", c.Card, ac.SPCost, ch.Name, ch.SP)
	}
	from := ch.SP
	ch.SP -= ac.SPCost
	ch.Cards = append(ch.Cards, c.Card)
	ch.Bought = append(ch.Bought, c.Card)
	return fmt.Sprintf("%s bought %s for %d SP, %d → %d", ch.Name, c.Card, ac.SPCost, from, ch.SP), nil
}

// ReturnActionCard gives back one bought Action card after a successful
// training mission and regains its SP cost (§14.3), once per character.
type ReturnActionCard struct {
	Character string `json:"character"`
	Card      string `json:"card"`
}

func (c ReturnActionCard) exec(s *State, x *ctx) (string, error) {
	if err := s.between("Action cards can be returned"); err != nil {
		return "", err
	}
	ch, err := s.needChar(c.Character)
	if err != nil {
		return "", err
	}
	if !contains(s.Sheet.TrainingRefunds, ch.Name) {
		return "", tracker.Refuse(ruleBetween, "%s may give back a card only after a successful training mission, once", ch.Name)
	}
	if !contains(ch.Bought, c.Card) {
		return "", tracker.Refuse(ruleBetween, "%s did not buy %s with SP", ch.Name, c.Card)
	}
	cost := s.Content.ActionCards[c.Card].SPCost
	ch.Bought = remove(ch.Bought, c.Card)
	ch.Cards = remove(ch.Cards, c.Card)
	from := ch.SP
	ch.SP += cost
	s.Sheet.TrainingRefunds = remove(s.Sheet.TrainingRefunds, ch.Name)
	return fmt.Sprintf("%s gave back %s, SP %d → %d", ch.Name, c.Card, from, ch.SP), nil
}

// AdjustCampaign changes the campaign sheet's counters: fame by planet and
// vanished technology (§14.1). Fame clamps at 0 (V-15); vanished
// technology cannot be spent below 0.
type AdjustCampaign struct {
	Fame         map[string]int `json:"fame,omitempty"`
	VanishedTech int            `json:"vanishedTech,omitempty"`
	Reason       string         `json:"reason,omitempty"`
}

func (c AdjustCampaign) exec(s *State, x *ctx) (string, error) {
	var parts []string
	for _, p := range Planets {
		d, ok := c.Fame[p]
		if !ok || d == 0 {
			continue
		}
		from := s.Sheet.Fame[p]
		s.Sheet.Fame[p] = max(0, from+d)
		parts = append(parts, fmt.Sprintf("fame on %s %d → %d", p, from, s.Sheet.Fame[p]))
	}
	for p := range c.Fame {
		if !contains(Planets, p) {
			return "", tracker.Refuse(ruleSheet, "%q is not a planet (Berkav, Thespara, Orbos)", p)
		}
	}
	if c.VanishedTech != 0 {
		from := s.Sheet.VanishedTech
		if from+c.VanishedTech < 0 {
			return "", tracker.Refuse("phantom-epoch V-15", "the team has %d vanished technology, not %d", from, -c.VanishedTech)
		}
		s.Sheet.VanishedTech += c.VanishedTech
		parts = append(parts, fmt.Sprintf("vanished technology %d → %d", from, s.Sheet.VanishedTech))
	}
	if len(parts) == 0 {
		return "", tracker.Refuse(ruleSheet, "nothing to change")
	}
	line := strings.Join(parts, "; ")
	if c.Reason != "" {
		line += " (" + c.Reason + ")"
	}
	return "Campaign: " + line, nil
}

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
	return fmt.Sprintf("%s bought %s for %d nova cells, %d → %d", ch.Name, e.ID, e.Cost, from, ch.Nova), nil
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
	return fmt.Sprintf("%s sold %s for %d nova cells, %d → %d", ch.Name, c.Equipment, gain, from, ch.Nova), nil
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
	return fmt.Sprintf("%s dismantled %s for %d nova cells, %d → %d", ch.Name, c.Attachment, a.Tier, from, ch.Nova), nil
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

// DefineUpgrade enters one upgrade of the upgrade board once its section
// is peeled: its boxes and vanished technology cost.
type DefineUpgrade struct {
	Name  string   `json:"name"`
	Boxes []string `json:"boxes,omitempty"`
	Cost  int      `json:"cost"`
}

func (c DefineUpgrade) exec(s *State, x *ctx) (string, error) {
	if strings.TrimSpace(c.Name) == "" || c.Cost < 0 {
		return "", tracker.Refuse(ruleSheet, "an upgrade needs a name and a cost that is not negative")
	}
	if u := s.Sheet.Upgrades[c.Name]; u != nil && (u.Paid || u.Performed) {
		return "", tracker.Refuse(ruleSheet, "upgrade %s is already paid for", c.Name)
	}
	s.Sheet.Upgrades[c.Name] = &Upgrade{Boxes: c.Boxes, Cost: c.Cost, Ticked: map[string]bool{}}
	return fmt.Sprintf("Upgrade board: %s entered (cost %d vanished technology)", c.Name, c.Cost), nil
}

// TickUpgrade ticks a box of an upgrade (a schematic, equipment or
// simulation found), or pays its cost (Pay) from the team's vanished
// technology (V-15). When every box is ticked and the cost paid, the
// upgrade is performed.
type TickUpgrade struct {
	Name string `json:"name"`
	Box  string `json:"box,omitempty"`
	Pay  bool   `json:"pay,omitempty"`
}

func (c TickUpgrade) exec(s *State, x *ctx) (string, error) {
	u := s.Sheet.Upgrades[c.Name]
	if u == nil {
		return "", tracker.Refuse(ruleSheet, "there is no upgrade %q on the board", c.Name)
	}
	if u.Performed {
		return "", tracker.Refuse(ruleSheet, "upgrade %s is already performed", c.Name)
	}
	var line string
	switch {
	case c.Pay:
		if u.Paid {
			return "", tracker.Refuse(ruleSheet, "upgrade %s is already paid", c.Name)
		}
		if s.Sheet.VanishedTech < u.Cost {
			return "", tracker.Refuse("phantom-epoch §14.3, V-15", "upgrade %s costs %d vanished technology; the team has %d", c.Name, u.Cost, s.Sheet.VanishedTech)
		}
		from := s.Sheet.VanishedTech
		s.Sheet.VanishedTech -= u.Cost
		u.Paid = true
		line = fmt.Sprintf("Paid %d vanished technology for upgrade %s, %d → %d", u.Cost, c.Name, from, s.Sheet.VanishedTech)
	case contains(u.Boxes, c.Box):
		if u.Ticked == nil {
			u.Ticked = map[string]bool{}
		}
		if u.Ticked[c.Box] {
			return "", tracker.Refuse(ruleSheet, "%s is already ticked", c.Box)
		}
		u.Ticked[c.Box] = true
		line = fmt.Sprintf("Upgrade %s: ticked %s", c.Name, c.Box)
	default:
		return "", tracker.Refuse(ruleSheet, "upgrade %s has no box %q", c.Name, c.Box)
	}
	done := u.Paid
	for _, b := range u.Boxes {
		done = done && u.Ticked[b]
	}
	if done {
		u.Performed = true
		line += "; upgrade performed"
	}
	return line, nil
}

// MarkMission sets a mission's boxes on the campaign sheet by hand
// (unlocked by an instruction, or corrected).
type MarkMission struct {
	Mission   string `json:"mission"`
	Available bool   `json:"available"`
	// Completed: "", "✓" or "X".
	Completed string `json:"completed,omitempty"`
}

func (c MarkMission) exec(s *State, x *ctx) (string, error) {
	if c.Mission == "" || (c.Completed != "" && c.Completed != "✓" && c.Completed != "X") {
		return "", tracker.Refuse(ruleSheet, "name the mission; completed is empty, ✓ or X")
	}
	s.Sheet.Missions[c.Mission] = &MissionMark{Available: c.Available, Completed: c.Completed}
	return fmt.Sprintf("Campaign sheet: %s available %v, completed %q", c.Mission, c.Available, c.Completed), nil
}

// UnlockClass opens an advanced class's box on instruction (§14.1).
type UnlockClass struct {
	Class string `json:"class"`
}

func (c UnlockClass) exec(s *State, x *ctx) (string, error) {
	if c.Class == "" || contains(s.Sheet.UnlockedClasses, c.Class) {
		return "", tracker.Refuse(ruleSheet, "class %q is already unlocked", c.Class)
	}
	s.Sheet.UnlockedClasses = append(s.Sheet.UnlockedClasses, c.Class)
	return "Unlocked class " + c.Class, nil
}

// SetAttachmentDeck enters the cards of an attachment reward deck (tier
// 1–4; tier X cards never go in reward decks, V-25); the app shuffles it.
type SetAttachmentDeck struct {
	Tier  int      `json:"tier"`
	Cards []string `json:"cards"`
}

func (c SetAttachmentDeck) exec(s *State, x *ctx) (string, error) {
	if c.Tier < 1 || c.Tier > 4 {
		return "", tracker.Refuse("phantom-epoch V-25", "attachment decks are tiers 1–4, not %d", c.Tier)
	}
	for _, id := range c.Cards {
		a, ok := s.Content.Attachments[id]
		if !ok {
			return "", tracker.Refuse("phantom-epoch V-25", "attachment %q is not entered", id)
		}
		if a.Tier != c.Tier {
			return "", tracker.Refuse("phantom-epoch V-25", "%s is tier %d, not %d", id, a.Tier, c.Tier)
		}
	}
	deck := slices.Clone(c.Cards)
	phantom.Shuffle(deck, x)
	s.Sheet.AttachmentDecks[c.Tier] = deck
	return fmt.Sprintf("Attachment deck tier %d: %d cards, shuffled", c.Tier, len(deck)), nil
}

// CorrectCharacter sets a character sheet's counters by hand (the table is
// the source of truth); nil fields are left alone. Counters never go
// below 0 (V-15).
type CorrectCharacter struct {
	Character string `json:"character"`
	Nova      *int   `json:"nova,omitempty"`
	SP        *int   `json:"sp,omitempty"`
	Reason    string `json:"reason,omitempty"`
}

func (c CorrectCharacter) exec(s *State, x *ctx) (string, error) {
	ch, err := s.needChar(c.Character)
	if err != nil {
		return "", err
	}
	var parts []string
	if c.Nova != nil {
		if *c.Nova < 0 {
			return "", tracker.Refuse("phantom-epoch V-15", "nova cells cannot be negative")
		}
		parts = append(parts, fmt.Sprintf("nova %d → %d", ch.Nova, *c.Nova))
		ch.Nova = *c.Nova
	}
	if c.SP != nil {
		if *c.SP < 0 {
			return "", tracker.Refuse("phantom-epoch V-15", "SP cannot be negative")
		}
		parts = append(parts, fmt.Sprintf("SP %d → %d", ch.SP, *c.SP))
		ch.SP = *c.SP
	}
	if len(parts) == 0 {
		return "", tracker.Refuse(ruleCharrule, "nothing to correct")
	}
	line := fmt.Sprintf("Corrected by hand: %s %s", ch.Name, strings.Join(parts, ", "))
	if c.Reason != "" {
		line += " (" + c.Reason + ")"
	}
	return line, nil
}

func init() {
	register(ChangeSettings{}, CreateCharacter{}, BuyActionCard{}, ReturnActionCard{}, AdjustCampaign{},
		BuyEquipment{}, SellEquipment{}, DismantleAttachment{}, Trade{}, Equip{}, Charge{}, Expedition{},
		DefineUpgrade{}, TickUpgrade{}, MarkMission{}, UnlockClass{}, SetAttachmentDeck{}, CorrectCharacter{})
}
