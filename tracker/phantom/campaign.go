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

func (s *State) between(what string) error {
	if s.Mission != nil && s.Mission.Phase != "over" {
		return tracker.Refuse(ruleBetween, "%s only between missions; %s is being played", what, MissionName(s.Mission.ID))
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
	how := "not available yet"
	if c.Available {
		how = "available"
	}
	switch c.Completed {
	case "✓":
		how += ", marked ✓ (completed)"
	case "X":
		how += ", marked X"
	default:
		how += ", not played yet"
	}
	return fmt.Sprintf("Campaign sheet: %s is %s", MissionName(c.Mission), how), nil
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
	register(CreateCharacter{}, BuyActionCard{}, ReturnActionCard{}, AdjustCampaign{},
		MarkMission{}, UnlockClass{}, SetAttachmentDeck{}, CorrectCharacter{})
}
