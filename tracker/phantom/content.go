package phantom

import (
	"encoding/json"
	"fmt"

	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
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
	// Practice: the content came from the made-up practice set the app
	// ships (not the printed cards); the screens say so.
	Practice bool `json:"practice,omitempty"`
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
	// StoryExpedition is the Story expedition card the mission's rewards
	// name, if any (§14.3: read only that card).
	StoryExpedition string `json:"storyExpedition,omitempty"`
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

// get is the piece of kind k kept under id (nil if none).
func (c *Content) get(kind ContentKind, id string) any {
	var v any
	var ok bool
	switch kind {
	case KindAdversary:
		v, ok = c.Adversaries[id]
	case KindSpeciesCard:
		v, ok = c.SpeciesCards[id]
	case KindClassCard:
		v, ok = c.ClassCards[id]
	case KindBoss:
		v, ok = c.Bosses[id]
	case KindBossCard:
		v, ok = c.BossCards[id]
	case KindSpecies:
		v, ok = c.Species[id]
	case KindClass:
		v, ok = c.Classes[id]
	case KindActionCard:
		v, ok = c.ActionCards[id]
	case KindEquipment:
		v, ok = c.Equipment[id]
	case KindAttachment:
		v, ok = c.Attachments[id]
	case KindItem:
		v, ok = c.Items[id]
	case KindMission:
		v, ok = c.Missions[id]
	case KindMap:
		v, ok = c.Maps[id]
	}
	if !ok {
		return nil
	}
	return v
}

// Get is the piece of kind k kept under id as its JSON (what SaveContent
// takes), and whether there is one.
func (c *Content) Get(kind ContentKind, id string) (json.RawMessage, bool) {
	v := c.get(kind, id)
	if v == nil {
		return nil, false
	}
	if raw, ok := v.(json.RawMessage); ok {
		return raw, true
	}
	b, err := json.Marshal(v)
	return b, err == nil
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

func init() {
	register(SaveContent{}, RemoveContent{}, SetDice{}, ImportContent{})
}
