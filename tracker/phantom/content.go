package phantom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

const ruleContent = "phantom-epoch §15"

// Content is what is printed on the group's components, entered once per
// campaign and reused (§15). Nothing of it ships with the app.
type Content struct {
	// Adversaries are adversary description cards by AdversaryKey (type
	// name and difficulty rating).
	Adversaries map[string]phantom.AdversaryType `json:"adversaries"`
	// SpeciesCards and ClassCards are adversary action cards by the card's
	// id (the players' own numbering).
	SpeciesCards map[string]SpeciesCard `json:"speciesCards"`
	ClassCards   map[string]ClassCard   `json:"classCards"`
	// Bosses are boss boards by name; BossCards boss action cards by id.
	Bosses    map[string]phantom.BossBoard `json:"bosses"`
	BossCards map[string]phantom.BossCard  `json:"bossCards"`
	// Character components.
	Species     map[string]Species     `json:"species"`
	Classes     map[string]ClassBoard  `json:"classes"`
	ActionCards map[string]ActionCard  `json:"actionCards"`
	Equipment   map[string]Equipment   `json:"equipment"`
	Attachments map[string]Attachment  `json:"attachments"`
	Items       map[string]ItemCard    `json:"items"`
	Missions    map[string]MissionInfo `json:"missions"`
	// Maps are mission maps in the automa/hex map format, by id.
	Maps map[string]json.RawMessage `json:"maps"`
	// Dice are the faces of the dice, which the rulebook does not list
	// (§3): the Decision die's eight faces and the attack and Accuracy
	// dice ("basic", "blitz": "1", "crit", "fumble"...; "accuracy": "miss",
	// "block", "success").
	DecisionDie []phantom.Face      `json:"decisionDie,omitempty"`
	AttackDice  map[string][]string `json:"attackDice,omitempty"`
}

// SpeciesCard is an adversary species action card.
type SpeciesCard struct {
	Species string       `json:"species"`
	Card    phantom.Card `json:"card"`
}

// ClassCard is an adversary class action card (four colour rows).
type ClassCard struct {
	Class string            `json:"class"`
	Card  phantom.ClassCard `json:"card"`
}

// Species is a character species card (§15.1).
type Species struct {
	Name  string `json:"name"`
	HP    int    `json:"hp"`
	MaxAP int    `json:"maxAp"`
	Text  string `json:"text,omitempty"`
}

// ClassBoard is a character class board (§15.2).
type ClassBoard struct {
	Name      string `json:"name"`
	BaseRange int    `json:"baseRange"`
	Crit      string `json:"crit,omitempty"`
	Weapon    string `json:"weapon,omitempty"`
	// AttachmentSlots: the attachment types each slot allows.
	AttachmentSlots [][]string `json:"attachmentSlots,omitempty"`
	ItemSlots       int        `json:"itemSlots"`
	BandageSlots    int        `json:"bandageSlots"`
	// Starting are the class's ten starting Action cards; StartingGear the
	// starting attachment and items.
	Starting            []string `json:"starting,omitempty"`
	StartingAttachments []string `json:"startingAttachments,omitempty"`
	StartingItems       []string `json:"startingItems,omitempty"`
}

// ActionCard is a character Action card (§15.3).
type ActionCard struct {
	ID         string `json:"id"`
	Class      string `json:"class"`
	AP         int    `json:"ap"`
	SPCost     int    `json:"spCost,omitempty"`
	Temporary  bool   `json:"temporary,omitempty"`
	Persistent bool   `json:"persistent,omitempty"`
	Text       string `json:"text,omitempty"`
}

// Equipment is an equipment card (§15.4).
type Equipment struct {
	ID        string `json:"id"`
	Tier      int    `json:"tier"`
	Planet    string `json:"planet"`
	Slot      string `json:"slot"`
	NovaSlots int    `json:"novaSlots,omitempty"`
	Cost      int    `json:"cost"`
	// Initiative and Move modifiers; Guard added to the wearer.
	Initiative int    `json:"initiative,omitempty"`
	Move       int    `json:"move,omitempty"`
	Guard      int    `json:"guard,omitempty"`
	MaxHP      int    `json:"maxHp,omitempty"`
	Text       string `json:"text,omitempty"`
}

// Attachment is an attachment card (§15.5). Tier 0 is a starting
// attachment (tier X).
type Attachment struct {
	ID        string `json:"id"`
	Tier      int    `json:"tier"`
	Type      string `json:"type"`
	NovaSlots int    `json:"novaSlots,omitempty"`
	Broken    bool   `json:"broken,omitempty"`
	Text      string `json:"text,omitempty"`
}

// ItemCard is an item card (§15.8).
type ItemCard struct {
	ID             string `json:"id"`
	OncePerMission bool   `json:"oncePerMission,omitempty"`
	Text           string `json:"text,omitempty"`
}

// MissionInfo is what a mission's pages say that the app keeps (§15.9):
// the map to use, the difficulty and the rewards.
type MissionInfo struct {
	ID         string `json:"id"`
	Title      string `json:"title,omitempty"`
	Planet     string `json:"planet,omitempty"`
	Difficulty int    `json:"difficulty"`
	Map        string `json:"map"`
	// Rewards: SP for each character (once per character), fame changes,
	// missions unlocked and other rewards (once per campaign).
	SP      int            `json:"sp,omitempty"`
	Fame    map[string]int `json:"fame,omitempty"`
	Unlocks []string       `json:"unlocks,omitempty"`
	// The other rewards, structured (rewards.go): item cards, nova cells
	// to share, vanished technology for the team, one-off rewards by name
	// (a schematic, a story card, a box to open). Other is the free text
	// of content entered before they were.
	RewardItems              []string `json:"rewardItems,omitempty"`
	RewardNovaCells          int      `json:"rewardNovaCells,omitempty"`
	RewardVanishedTechnology int      `json:"rewardVanishedTechnology,omitempty"`
	OneOffRewards            []string `json:"oneOffRewards,omitempty"`
	Other                    []string `json:"other,omitempty"`
	// Orbs and Treasure: the campaign orb and treasure numbers on the map.
	Orbs     []int `json:"orbs,omitempty"`
	Treasure []int `json:"treasure,omitempty"`
}

func newContent() Content {
	var c Content
	c.fill()
	return c
}

func (c *Content) fill() {
	if c.Adversaries == nil {
		c.Adversaries = map[string]phantom.AdversaryType{}
	}
	if c.SpeciesCards == nil {
		c.SpeciesCards = map[string]SpeciesCard{}
	}
	if c.ClassCards == nil {
		c.ClassCards = map[string]ClassCard{}
	}
	if c.Bosses == nil {
		c.Bosses = map[string]phantom.BossBoard{}
	}
	if c.BossCards == nil {
		c.BossCards = map[string]phantom.BossCard{}
	}
	if c.Species == nil {
		c.Species = map[string]Species{}
	}
	if c.Classes == nil {
		c.Classes = map[string]ClassBoard{}
	}
	if c.ActionCards == nil {
		c.ActionCards = map[string]ActionCard{}
	}
	if c.Equipment == nil {
		c.Equipment = map[string]Equipment{}
	}
	if c.Attachments == nil {
		c.Attachments = map[string]Attachment{}
	}
	if c.Items == nil {
		c.Items = map[string]ItemCard{}
	}
	if c.Missions == nil {
		c.Missions = map[string]MissionInfo{}
	}
	if c.Maps == nil {
		c.Maps = map[string]json.RawMessage{}
	}
}

// AdversaryKey is the key of a description card: its type and its
// difficulty rating ("Grallok Archer ★2").
func AdversaryKey(typ string, difficulty int) string {
	return fmt.Sprintf("%s ★%d", typ, difficulty)
}

// ContentKind names a kind of content.
type ContentKind string

// The kinds of content.
const (
	KindAdversary   ContentKind = "adversary"
	KindSpeciesCard ContentKind = "speciesCard"
	KindClassCard   ContentKind = "classCard"
	KindBoss        ContentKind = "boss"
	KindBossCard    ContentKind = "bossCard"
	KindSpecies     ContentKind = "species"
	KindClass       ContentKind = "class"
	KindActionCard  ContentKind = "actionCard"
	KindEquipment   ContentKind = "equipment"
	KindAttachment  ContentKind = "attachment"
	KindItem        ContentKind = "item"
	KindMission     ContentKind = "mission"
	KindMap         ContentKind = "map"
)

func checkColour(c string) error {
	_, err := phantom.ParseColour(c)
	return err
}

func checkActions(where string, as []phantom.Action) error {
	for i, a := range as {
		switch a.Kind {
		case phantom.ActAttack, phantom.ActMove, phantom.ActLeap, phantom.ActRetreat, phantom.ActTeleport, phantom.ActHeal,
			phantom.ActGrantCondition, phantom.ActRemoveCondition, phantom.ActDamage, phantom.ActManual:
		default:
			return fmt.Errorf("%s action %d: %q is not an action kind (attack, move, leap, retreat, teleport, heal, grantCondition, removeCondition, damage, manual)", where, i+1, a.Kind)
		}
		if a.Value < 0 && a.Kind != phantom.ActAttack {
			return fmt.Errorf("%s action %d: %s cannot have a negative value", where, i+1, a.Kind)
		}
		for _, c := range a.Inflict {
			if _, err := phantom.ParseCond(c); err != nil {
				return fmt.Errorf("%s action %d: %v", where, i+1, err)
			}
		}
	}
	return nil
}

func checkCard(where string, c phantom.Card) error {
	if c.AP < 0 {
		return fmt.Errorf("%s: AP cannot be negative", where)
	}
	return checkActions(where, c.Actions)
}

// validate checks one piece of content; it returns the id it is kept under.
func (c *Content) validate(kind ContentKind, id string, data json.RawMessage) (string, any, error) {
	strict := func(v any) error {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			return fmt.Errorf("%s %q: %v", kind, id, err)
		}
		return nil
	}
	switch kind {
	case KindAdversary:
		var a phantom.AdversaryType
		if err := strict(&a); err != nil {
			return "", nil, err
		}
		a.SpeciesCard, a.ClassCard = nil, nil
		switch {
		case strings.TrimSpace(a.Name) == "":
			return "", nil, fmt.Errorf("a description card needs the adversary's name")
		case a.Species == "" || a.Class == "":
			return "", nil, fmt.Errorf("description card %q: give its species and class (they name its action decks)", a.Name)
		case a.Difficulty < 1:
			return "", nil, fmt.Errorf("description card %q: the difficulty rating is at least 1 (V-25)", a.Name)
		case a.HP < 1:
			return "", nil, fmt.Errorf("description card %q: HP must be at least 1", a.Name)
		case a.Range < 1:
			return "", nil, fmt.Errorf("description card %q: range must be at least 1", a.Name)
		case a.Standees < 0:
			return "", nil, fmt.Errorf("description card %q: the standee count cannot be negative", a.Name)
		}
		for _, x := range a.Crit.Inflict {
			if _, err := phantom.ParseCond(x); err != nil {
				return "", nil, fmt.Errorf("description card %q: critical ability: %v", a.Name, err)
			}
		}
		return AdversaryKey(a.Name, a.Difficulty), a, nil
	case KindSpeciesCard:
		var sc SpeciesCard
		if err := strict(&sc); err != nil {
			return "", nil, err
		}
		if sc.Species == "" {
			return "", nil, fmt.Errorf("species card %q: name the species deck it belongs to", id)
		}
		return id, sc, checkCard("species card "+id, sc.Card)
	case KindClassCard:
		var cc ClassCard
		if err := strict(&cc); err != nil {
			return "", nil, err
		}
		if cc.Class == "" {
			return "", nil, fmt.Errorf("class card %q: name the class deck it belongs to", id)
		}
		if len(cc.Card.Rows) != 4 {
			return "", nil, fmt.Errorf("class card %q: a class card has 4 colour rows, not %d", id, len(cc.Card.Rows))
		}
		seen := map[phantom.Colour]bool{}
		for i, r := range cc.Card.Rows {
			col, err := phantom.ParseColour(string(r.Colour))
			if err != nil {
				return "", nil, fmt.Errorf("class card %q row %d: %v", id, i+1, err)
			}
			if seen[col] {
				return "", nil, fmt.Errorf("class card %q: colour %s is on two rows", id, col)
			}
			seen[col] = true
			cc.Card.Rows[i].Colour = col
			if err := checkCard(fmt.Sprintf("class card %s row %d", id, i+1), r.Card); err != nil {
				return "", nil, err
			}
			// §8.3: rows are printed in ascending AP order.
			if i > 0 && r.AP < cc.Card.Rows[i-1].AP {
				return "", nil, fmt.Errorf("class card %q: rows are printed in ascending AP order, but row %d has AP %d after %d (§8.3)", id, i+1, r.AP, cc.Card.Rows[i-1].AP)
			}
		}
		return id, cc, nil
	case KindBoss:
		var b phantom.BossBoard
		if err := strict(&b); err != nil {
			return "", nil, err
		}
		b.Card, b.Persistent = nil, nil
		if b.Name == "" {
			return "", nil, fmt.Errorf("a boss board needs the boss's name")
		}
		for i := 0; i < 3; i++ {
			if b.HP[i] < 1 || b.Range[i] < 1 {
				return "", nil, fmt.Errorf("boss %q: HP and range for %d characters must be at least 1 (A-29)", b.Name, i+2)
			}
		}
		if err := checkCard("boss "+b.Name+" inherent action", b.Inherent); err != nil {
			return "", nil, err
		}
		for i, a := range b.Actions {
			if err := checkCard(fmt.Sprintf("boss %s action #%d", b.Name, i+1), a); err != nil {
				return "", nil, err
			}
		}
		return b.Name, b, nil
	case KindBossCard:
		var bc phantom.BossCard
		if err := strict(&bc); err != nil {
			return "", nil, err
		}
		if len(bc.Actions) == 0 && bc.Other == "" {
			return "", nil, fmt.Errorf("boss card %q: give its action numbers (1–3) or its other effect", id)
		}
		for _, n := range bc.Actions {
			if n < 1 || n > 3 {
				return "", nil, fmt.Errorf("boss card %q: action #%d does not exist (1–3)", id, n)
			}
		}
		bc.Name = id
		return id, bc, nil
	case KindSpecies:
		var sp Species
		if err := strict(&sp); err != nil {
			return "", nil, err
		}
		if sp.Name == "" || sp.HP < 1 || sp.MaxAP < 1 {
			return "", nil, fmt.Errorf("species card %q: give its name, HP and max AP (at least 1)", sp.Name)
		}
		return sp.Name, sp, nil
	case KindClass:
		var cb ClassBoard
		if err := strict(&cb); err != nil {
			return "", nil, err
		}
		if cb.Name == "" || cb.BaseRange < 1 {
			return "", nil, fmt.Errorf("class board %q: give its name and base range (at least 1)", cb.Name)
		}
		if cb.ItemSlots < 0 || cb.BandageSlots < 0 {
			return "", nil, fmt.Errorf("class board %q: slots cannot be negative", cb.Name)
		}
		return cb.Name, cb, nil
	case KindActionCard:
		var ac ActionCard
		if err := strict(&ac); err != nil {
			return "", nil, err
		}
		if ac.ID == "" || ac.Class == "" || ac.AP < 0 || ac.SPCost < 0 {
			return "", nil, fmt.Errorf("action card %q: give its id, class, AP and SP cost (not negative)", ac.ID)
		}
		return ac.ID, ac, nil
	case KindEquipment:
		var e Equipment
		if err := strict(&e); err != nil {
			return "", nil, err
		}
		switch {
		case e.ID == "":
			return "", nil, fmt.Errorf("equipment needs a name")
		case e.Tier < 1 || e.Tier > 3:
			return "", nil, fmt.Errorf("equipment %q: tier %d is not 1–3 (V-25)", e.ID, e.Tier)
		case !contains(Planets, e.Planet):
			return "", nil, fmt.Errorf("equipment %q: planet %q is not Berkav, Thespara or Orbos", e.ID, e.Planet)
		case e.Slot != "head" && e.Slot != "body" && e.Slot != "feet":
			return "", nil, fmt.Errorf("equipment %q: slot %q is not head, body or feet", e.ID, e.Slot)
		case e.Cost < 0 || e.NovaSlots < 0:
			return "", nil, fmt.Errorf("equipment %q: cost and nova slots cannot be negative", e.ID)
		}
		return e.ID, e, nil
	case KindAttachment:
		var a Attachment
		if err := strict(&a); err != nil {
			return "", nil, err
		}
		switch {
		case a.ID == "":
			return "", nil, fmt.Errorf("an attachment needs a name")
		case a.Tier < 0 || a.Tier > 4:
			return "", nil, fmt.Errorf("attachment %q: tier %d is not X (0) or 1–4 (V-25)", a.ID, a.Tier)
		case !contains([]string{"starting", "melee", "ranged", "shield", "medical", "dual", "any"}, a.Type):
			return "", nil, fmt.Errorf("attachment %q: type %q is not starting, melee, ranged, shield, medical, dual or any", a.ID, a.Type)
		case a.NovaSlots < 0:
			return "", nil, fmt.Errorf("attachment %q: nova slots cannot be negative", a.ID)
		}
		return a.ID, a, nil
	case KindItem:
		var it ItemCard
		if err := strict(&it); err != nil {
			return "", nil, err
		}
		if it.ID == "" {
			return "", nil, fmt.Errorf("an item needs a name")
		}
		return it.ID, it, nil
	case KindMission:
		var mi MissionInfo
		if err := strict(&mi); err != nil {
			return "", nil, err
		}
		switch {
		case mi.ID == "":
			return "", nil, fmt.Errorf("a mission needs its id (e.g. Berkav-1)")
		case mi.Difficulty < 1:
			return "", nil, fmt.Errorf("mission %q: difficulty is at least 1 (V-25)", mi.ID)
		case mi.Planet != "" && !contains(Planets, mi.Planet):
			return "", nil, fmt.Errorf("mission %q: planet %q is not Berkav, Thespara or Orbos", mi.ID, mi.Planet)
		case mi.SP < 0:
			return "", nil, fmt.Errorf("mission %q: SP reward cannot be negative", mi.ID)
		}
		for p := range mi.Fame {
			if !contains(Planets, p) {
				return "", nil, fmt.Errorf("mission %q: fame for %q: not a planet", mi.ID, p)
			}
		}
		if err := checkRewards(mi); err != nil {
			return "", nil, err
		}
		return mi.ID, mi, nil
	case KindMap:
		if strings.TrimSpace(id) == "" {
			return "", nil, fmt.Errorf("a map needs an id")
		}
		m, err := hex.ParseMap(data)
		if err != nil {
			return "", nil, fmt.Errorf("map %q: %v", id, err)
		}
		raw, err := encodeMap(m)
		return id, raw, err
	}
	return "", nil, fmt.Errorf("%q is not a kind of content", kind)
}

func encodeMap(m *hex.Map) (json.RawMessage, error) {
	b, err := json.Marshal(m.Layout())
	return b, err
}

// put stores validated content.
func (c *Content) put(kind ContentKind, id string, v any) {
	switch kind {
	case KindAdversary:
		c.Adversaries[id] = v.(phantom.AdversaryType)
	case KindSpeciesCard:
		c.SpeciesCards[id] = v.(SpeciesCard)
	case KindClassCard:
		c.ClassCards[id] = v.(ClassCard)
	case KindBoss:
		c.Bosses[id] = v.(phantom.BossBoard)
	case KindBossCard:
		c.BossCards[id] = v.(phantom.BossCard)
	case KindSpecies:
		c.Species[id] = v.(Species)
	case KindClass:
		c.Classes[id] = v.(ClassBoard)
	case KindActionCard:
		c.ActionCards[id] = v.(ActionCard)
	case KindEquipment:
		c.Equipment[id] = v.(Equipment)
	case KindAttachment:
		c.Attachments[id] = v.(Attachment)
	case KindItem:
		c.Items[id] = v.(ItemCard)
	case KindMission:
		c.Missions[id] = v.(MissionInfo)
	case KindMap:
		c.Maps[id] = v.(json.RawMessage)
	}
}

// has reports whether content of kind with id exists, and removes it when
// del is true.
func (c *Content) has(kind ContentKind, id string, del bool) bool {
	var ok bool
	switch kind {
	case KindAdversary:
		_, ok = c.Adversaries[id]
		if del {
			delete(c.Adversaries, id)
		}
	case KindSpeciesCard:
		_, ok = c.SpeciesCards[id]
		if del {
			delete(c.SpeciesCards, id)
		}
	case KindClassCard:
		_, ok = c.ClassCards[id]
		if del {
			delete(c.ClassCards, id)
		}
	case KindBoss:
		_, ok = c.Bosses[id]
		if del {
			delete(c.Bosses, id)
		}
	case KindBossCard:
		_, ok = c.BossCards[id]
		if del {
			delete(c.BossCards, id)
		}
	case KindSpecies:
		_, ok = c.Species[id]
		if del {
			delete(c.Species, id)
		}
	case KindClass:
		_, ok = c.Classes[id]
		if del {
			delete(c.Classes, id)
		}
	case KindActionCard:
		_, ok = c.ActionCards[id]
		if del {
			delete(c.ActionCards, id)
		}
	case KindEquipment:
		_, ok = c.Equipment[id]
		if del {
			delete(c.Equipment, id)
		}
	case KindAttachment:
		_, ok = c.Attachments[id]
		if del {
			delete(c.Attachments, id)
		}
	case KindItem:
		_, ok = c.Items[id]
		if del {
			delete(c.Items, id)
		}
	case KindMission:
		_, ok = c.Missions[id]
		if del {
			delete(c.Missions, id)
		}
	case KindMap:
		_, ok = c.Maps[id]
		if del {
			delete(c.Maps, id)
		}
	}
	return ok
}

// SaveContent adds or replaces one piece of content: Data is its JSON
// (phantom.AdversaryType for "adversary", SpeciesCard, ClassCard,
// phantom.BossBoard, phantom.BossCard, Species, ClassBoard, ActionCard,
// Equipment, Attachment, ItemCard, MissionInfo, or a map file in the
// automa/hex format for "map"). ID names cards that carry no name of their
// own (species, class and boss action cards, maps); the others are kept
// under their name. Content used by the mission in play cannot change.
type SaveContent struct {
	Kind ContentKind     `json:"kind"`
	ID   string          `json:"id,omitempty"`
	Data json.RawMessage `json:"data"`
}

func (c SaveContent) exec(s *State, x *ctx) (string, error) {
	id, v, err := s.Content.validate(c.Kind, c.ID, c.Data)
	if err != nil {
		rule := ruleContent
		if c.Kind == KindMap {
			rule += ", V-02" // V-02: the map file's checks (automa/hex NewMap)
		}
		return "", tracker.Refuse(rule, "%v", err)
	}
	if s.Mission != nil && s.Mission.Phase != "over" && s.inUse(c.Kind, id) {
		return "", tracker.Refuse(ruleContent, "%s %q is in use by the mission being played; change it between missions", c.Kind, id)
	}
	verb := "Entered"
	if s.Content.has(c.Kind, id, false) {
		verb = "Edited"
	}
	s.Content.put(c.Kind, id, v)
	return fmt.Sprintf("%s %s %q", verb, c.Kind, id), nil
}

// RemoveContent deletes a piece of content that nothing uses.
type RemoveContent struct {
	Kind ContentKind `json:"kind"`
	ID   string      `json:"id"`
}

func (c RemoveContent) exec(s *State, x *ctx) (string, error) {
	if !s.Content.has(c.Kind, c.ID, false) {
		return "", tracker.Refuse(ruleContent, "there is no %s %q", c.Kind, c.ID)
	}
	if s.inUse(c.Kind, c.ID) {
		return "", tracker.Refuse(ruleContent, "%s %q is in use (by a character or the mission); it cannot be removed", c.Kind, c.ID)
	}
	s.Content.has(c.Kind, c.ID, true)
	return fmt.Sprintf("Removed %s %q", c.Kind, c.ID), nil
}

// inUse reports whether characters or the mission use the content.
func (s *State) inUse(kind ContentKind, id string) bool {
	for _, ch := range s.Characters {
		switch kind {
		case KindSpecies:
			if ch.Species == id {
				return true
			}
		case KindClass:
			if ch.Class == id {
				return true
			}
		case KindActionCard:
			if contains(ch.Cards, id) {
				return true
			}
		case KindEquipment:
			for _, g := range ch.Equipment {
				if g.ID == id {
					return true
				}
			}
		case KindAttachment:
			for _, g := range ch.Attachments {
				if g.ID == id {
					return true
				}
			}
		case KindItem:
			if contains(ch.Items, id) {
				return true
			}
		}
	}
	m := s.Mission
	if m == nil || m.Phase == "over" {
		return false
	}
	switch kind {
	case KindAdversary:
		for _, t := range m.Types {
			if AdversaryKey(t, m.AdversaryDifficulty) == id {
				return true
			}
		}
	case KindBoss:
		return contains(m.Bosses, id)
	case KindMission:
		return m.ID == id
	case KindSpeciesCard, KindClassCard, KindBossCard:
		all := func(d *phantom.Deck) bool {
			return d != nil && (contains(d.Draw, id) || contains(d.Discard, id))
		}
		for _, d := range m.Decks.Species {
			if all(d) {
				return true
			}
		}
		for _, d := range m.Decks.Class {
			if all(d) {
				return true
			}
		}
		if all(m.Decks.Boss) {
			return true
		}
		for _, d := range m.Decks.InPlay {
			if d.Species == id || d.Class == id || d.Boss == id {
				return true
			}
		}
	}
	return false
}

// SetDice enters the faces of the dice (§3: the rulebook does not list
// them): the Decision die's faces (V-21) and the attack and Accuracy dice
// (V-22). Nil fields are left as they are.
type SetDice struct {
	DecisionDie []phantom.Face `json:"decisionDie,omitempty"`
	Basic       []string       `json:"basic,omitempty"`
	Blitz       []string       `json:"blitz,omitempty"`
	Accuracy    []string       `json:"accuracy,omitempty"`
}

func (c SetDice) exec(s *State, x *ctx) (string, error) {
	faces := make([]phantom.Face, len(c.DecisionDie))
	for i, f := range c.DecisionDie {
		g, err := normFace(f)
		if err != nil {
			return "", tracker.Refuse("phantom-epoch V-21", "Decision die face %d: %v", i+1, err)
		}
		faces[i] = g
	}
	for name, list := range map[string][]string{"basic": c.Basic, "blitz": c.Blitz} {
		for i, f := range list {
			if _, err := phantom.ParseDieFace(f); err != nil {
				return "", tracker.Refuse("phantom-epoch V-22", "%s die face %d: %v", name, i+1, err)
			}
		}
	}
	for i, f := range c.Accuracy {
		if _, err := phantom.ParseAccuracy(f); err != nil {
			return "", tracker.Refuse("phantom-epoch V-22", "Accuracy die face %d: %v", i+1, err)
		}
	}
	if c.DecisionDie != nil {
		s.Content.DecisionDie = faces
	}
	if s.Content.AttackDice == nil {
		s.Content.AttackDice = map[string][]string{}
	}
	if c.Basic != nil {
		s.Content.AttackDice["basic"] = c.Basic
	}
	if c.Blitz != nil {
		s.Content.AttackDice["blitz"] = c.Blitz
	}
	if c.Accuracy != nil {
		s.Content.AttackDice["accuracy"] = c.Accuracy
	}
	return "Entered the faces of the dice", nil
}

func normFace(f phantom.Face) (phantom.Face, error) {
	col, err := phantom.ParseColour(string(f.Colour))
	if err != nil {
		return f, err
	}
	p, err := phantom.ParseDir(string(f.Primary))
	if err != nil {
		return f, fmt.Errorf("primary: %v", err)
	}
	q, err := phantom.ParseDir(string(f.Secondary))
	if err != nil {
		return f, fmt.Errorf("secondary: %v", err)
	}
	return phantom.Face{Colour: col, Primary: p, Secondary: q}, nil
}

// ContentFormat names a content file.
const ContentFormat = "tablekeeper-phantom-epoch-content"

// contentFile is a content export: every piece as kind, id and data.
type contentFile struct {
	Format  string         `json:"format"`
	Version int            `json:"version"`
	Entries []contentEntry `json:"entries"`
	Dice    *SetDice       `json:"dice,omitempty"`
}

type contentEntry struct {
	Kind ContentKind     `json:"kind"`
	ID   string          `json:"id"`
	Data json.RawMessage `json:"data"`
}

// ExportContent writes the campaign's content as a file another group (or
// another campaign) can import with ImportContent.
func ExportContent(s *State) ([]byte, error) {
	f := contentFile{Format: ContentFormat, Version: 1, Entries: []contentEntry{}}
	add := func(kind ContentKind, id string, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		f.Entries = append(f.Entries, contentEntry{kind, id, b})
		return nil
	}
	c := &s.Content
	var err error
	each := func(kind ContentKind, keys []string, get func(string) any) {
		sort.Strings(keys)
		for _, k := range keys {
			if err == nil {
				err = add(kind, k, get(k))
			}
		}
	}
	each(KindMap, keysOf(c.Maps), func(k string) any { return c.Maps[k] })
	each(KindAdversary, keysOf(c.Adversaries), func(k string) any { return c.Adversaries[k] })
	each(KindSpeciesCard, keysOf(c.SpeciesCards), func(k string) any { return c.SpeciesCards[k] })
	each(KindClassCard, keysOf(c.ClassCards), func(k string) any { return c.ClassCards[k] })
	each(KindBoss, keysOf(c.Bosses), func(k string) any { return c.Bosses[k] })
	each(KindBossCard, keysOf(c.BossCards), func(k string) any { return c.BossCards[k] })
	each(KindSpecies, keysOf(c.Species), func(k string) any { return c.Species[k] })
	each(KindClass, keysOf(c.Classes), func(k string) any { return c.Classes[k] })
	each(KindActionCard, keysOf(c.ActionCards), func(k string) any { return c.ActionCards[k] })
	each(KindEquipment, keysOf(c.Equipment), func(k string) any { return c.Equipment[k] })
	each(KindAttachment, keysOf(c.Attachments), func(k string) any { return c.Attachments[k] })
	each(KindItem, keysOf(c.Items), func(k string) any { return c.Items[k] })
	each(KindMission, keysOf(c.Missions), func(k string) any { return c.Missions[k] })
	if err != nil {
		return nil, err
	}
	if len(c.DecisionDie) > 0 || len(c.AttackDice) > 0 {
		f.Dice = &SetDice{DecisionDie: c.DecisionDie, Basic: c.AttackDice["basic"], Blitz: c.AttackDice["blitz"], Accuracy: c.AttackDice["accuracy"]}
	}
	return json.MarshalIndent(f, "", "  ")
}

func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// ImportContent reads a content file made by ExportContent. The whole file
// is checked before anything changes: one bad entry refuses it all. Pieces
// already entered are replaced.
type ImportContent struct {
	Data json.RawMessage `json:"data"`
}

func (c ImportContent) exec(s *State, x *ctx) (string, error) {
	var f contentFile
	dec := json.NewDecoder(bytes.NewReader(c.Data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return "", tracker.Refuse(ruleContent, "this is not a content file: %v", err)
	}
	if f.Format != ContentFormat {
		return "", tracker.Refuse(ruleContent, "this is not a Phantom Epoch content file (format %q)", f.Format)
	}
	if f.Version != 1 {
		return "", tracker.Refuse(ruleContent, "content file version %d is not one this Tablekeeper reads", f.Version)
	}
	staged := newContent()
	var problems []string
	for i, e := range f.Entries {
		id, v, err := staged.validate(e.Kind, e.ID, e.Data)
		if err != nil {
			problems = append(problems, fmt.Sprintf("entry %d: %v", i+1, err))
			continue
		}
		if s.Mission != nil && s.Mission.Phase != "over" && s.inUse(e.Kind, id) {
			problems = append(problems, fmt.Sprintf("entry %d: %s %q is in use by the mission being played", i+1, e.Kind, id))
			continue
		}
		staged.put(e.Kind, id, v)
	}
	if f.Dice != nil {
		tmp := newState()
		if _, err := f.Dice.exec(tmp, x); err != nil {
			problems = append(problems, "dice: "+err.Error())
		}
	}
	if len(problems) > 0 {
		return "", tracker.Refuse(ruleContent, "the content file was not imported:\n%s", strings.Join(problems, "\n"))
	}
	for _, e := range f.Entries {
		id, v, _ := staged.validate(e.Kind, e.ID, e.Data)
		s.Content.put(e.Kind, id, v)
	}
	if f.Dice != nil {
		if _, err := f.Dice.exec(s, x); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("Imported %d pieces of content", len(f.Entries)), nil
}

func init() {
	register(SaveContent{}, RemoveContent{}, SetDice{}, ImportContent{})
}
