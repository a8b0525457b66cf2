package phantom

import (
	"encoding/json"
	"sort"

	"tablekeeper/automa/phantom"
)

// StateVersion is the version of the State's JSON form.
const StateVersion = 1

// State is a Phantom Epoch campaign at the table: the content the group
// entered from its components, the house settings, the campaign sheet, the
// character sheets and, while one is being played, the mission.
type State struct {
	// Tick counts the game events applied; conditions remember the tick
	// they were gained at, turns the tick they started at (§4 duration
	// model: "appliedSeq").
	Tick       uint64                `json:"tick"`
	Settings   Settings              `json:"settings"`
	Content    Content               `json:"content"`
	Sheet      Sheet                 `json:"sheet"`
	Characters map[string]*Character `json:"characters"`
	Mission    *Mission              `json:"mission,omitempty"`
}

// Settings are the readings of the rulebook's unclear places (spec §17)
// that a group may want to change, and the dice modes (§1). The defaults
// are the spec's readings.
type Settings struct {
	// RefreshRestartsTimer: receiving a condition already held restarts
	// its timer.
	RefreshRestartsTimer bool `json:"refreshRestartsTimer"`
	// ResilientSparedByRefresh: re-inflicting a condition already held
	// does not use up Resilient.
	ResilientSparedByRefresh bool `json:"resilientSparedByRefresh"`
	// FailureKeepsNova: after a failed mission the characters keep the
	// nova cells they collected and mission treasure.
	FailureKeepsNova bool `json:"failureKeepsNova"`
	// ResetAfterMission: after a mission, bandages, temporary and
	// persistent piles and once-per-mission item flips are cleared (A-37,
	// §6.7 item 6).
	ResetAfterMission bool `json:"resetAfterMission"`
	// CountAdjacentBlockers: an adversary's choice of line of sight counts
	// blockers next to it too.
	CountAdjacentBlockers bool `json:"countAdjacentBlockers"`
	// SharedClassDecks: two adversary types of one class but different
	// species share the class deck.
	SharedClassDecks bool `json:"sharedClassDecks"`
	// RestRemovesAllDetrimental: a resting character drops every
	// detrimental condition unless told otherwise (§6.3 item 2 default:
	// StartTurn.Keep); off, only those the players pick (StartTurn.Drop).
	RestRemovesAllDetrimental bool `json:"restRemovesAllDetrimental"`
	// RollDecisionDie / RollAttackDice: the app rolls (virtual roll) rather
	// than players entering the face rolled at the table (§1 "two modes per
	// die").
	RollDecisionDie bool `json:"rollDecisionDie"`
	RollAttackDice  bool `json:"rollAttackDice"`
	// EventDeckReshuffle: an exhausted event deck is rebuilt from the
	// discarded Round 6+ events.
	EventDeckReshuffle bool `json:"eventDeckReshuffle"`
	// TargetWithBaseRange is a house rule (off by default): an adversary
	// picks an enemy already in range by its Description card's range
	// only. By the rulebook (p.27) its action's range counts too for that
	// first criterion; moving always counts the card's range (p.28).
	TargetWithBaseRange bool `json:"targetWithBaseRange,omitempty"`
}

// DefaultSettings are the spec's readings.
func DefaultSettings() Settings {
	return Settings{
		RefreshRestartsTimer: true, ResilientSparedByRefresh: true, FailureKeepsNova: true,
		ResetAfterMission: true, CountAdjacentBlockers: true, SharedClassDecks: true,
		RestRemovesAllDetrimental: true, RollDecisionDie: true, RollAttackDice: true,
		EventDeckReshuffle: true,
	}
}

// Planets are the three planets with a shop, fame and expedition deck.
var Planets = []string{"Berkav", "Thespara", "Orbos"}

// Sheet is the campaign sheet (§14.1).
type Sheet struct {
	VanishedTech int            `json:"vanishedTech"`
	Fame         map[string]int `json:"fame"`
	// Missions by id: the green "available" box and the red "completed"
	// box ("" not completed, "✓" all campaign orbs and treasure taken,
	// "X" some left).
	Missions     map[string]*MissionMark `json:"missions"`
	TutorialDone bool                    `json:"tutorialDone,omitempty"`
	// Campaign orbs activated and campaign treasure retrieved, by number
	// (once per campaign, V-18).
	OrbsActivated     []int `json:"orbsActivated,omitempty"`
	TreasureRetrieved []int `json:"treasureRetrieved,omitempty"`
	// RewardsClaimed: missions whose non-SP rewards were received (once per
	// campaign, V-18).
	RewardsClaimed []string `json:"rewardsClaimed,omitempty"`
	// LastPlanet is the planet of the last mission played ("" none): it
	// sets the shop and the expedition deck.
	LastPlanet string `json:"lastPlanet,omitempty"`
	// LastParty are the characters that embarked on the last mission (the
	// characters present for an expedition).
	LastParty []string `json:"lastParty,omitempty"`
	// ExpeditionDrawn: a planetary expedition was drawn since the last
	// mission (V-20).
	ExpeditionDrawn bool `json:"expeditionDrawn,omitempty"`
	// Expeditions are the cards resolved, in order; Discarded the cards
	// removed from the campaign.
	Expeditions          []string            `json:"expeditions,omitempty"`
	DiscardedExpeditions []string            `json:"discardedExpeditions,omitempty"`
	Upgrades             map[string]*Upgrade `json:"upgrades"`
	// AttachmentDecks are the attachment reward decks by tier 1–4, top
	// first (card ids).
	AttachmentDecks map[int][]string `json:"attachmentDecks"`
	// Training: the last training mission's success lets each character
	// who took part give back one bought Action card (§14.3).
	TrainingRefunds []string `json:"trainingRefunds,omitempty"`
	UnlockedClasses []string `json:"unlockedClasses,omitempty"`
	// A standalone training's attachments waiting to be kept, and the
	// equipment tier it lets the characters buy on any planet until the
	// next mission (§14.3).
	TrainingDraws    map[string][]string `json:"trainingDraws,omitempty"`
	TrainingShopTier int                 `json:"trainingShopTier,omitempty"`
	Notes            string              `json:"notes,omitempty"`
	// NamedRewards are the one-off mission rewards received, by name
	// (once per campaign, V-18).
	NamedRewards []string `json:"namedRewards,omitempty"`
}

// MissionMark is one mission's boxes on the campaign sheet.
type MissionMark struct {
	Available bool   `json:"available"`
	Completed string `json:"completed,omitempty"`
}

// Upgrade is one section of the Phantom Epoch upgrade board (§14.1): the
// boxes (schematics, equipment, simulations) it needs, its vanished
// technology cost, and whether it was performed. The upgrades are printed
// under peel-off sections, so the players enter them.
type Upgrade struct {
	Boxes     []string        `json:"boxes,omitempty"`
	Ticked    map[string]bool `json:"ticked,omitempty"`
	Cost      int             `json:"cost"`
	Paid      bool            `json:"paid,omitempty"`
	Performed bool            `json:"performed,omitempty"`
}

// Character is a character sheet (§14.2).
type Character struct {
	Name    string `json:"name"`
	Class   string `json:"class"`
	Species string `json:"species"`
	// Colour is the HP base colour the character uses.
	Colour string `json:"colour"`
	Nova   int    `json:"nova"`
	SP     int    `json:"sp"`
	// Cards are the Action cards the character owns (starting ones and the
	// ones bought with SP).
	Cards     []string `json:"cards"`
	Bought    []string `json:"bought,omitempty"`
	Equipment []Gear   `json:"equipment,omitempty"`
	// Attachments owned; Items owned.
	Attachments []Gear   `json:"attachments,omitempty"`
	Items       []string `json:"items,omitempty"`
	Completed   []string `json:"completed,omitempty"`
	SPReceived  []string `json:"spReceived,omitempty"`
	// With the setting resetAfterMission off, the bandages and
	// once-per-mission item flips a mission left are kept for the next.
	Bandages     int      `json:"bandages,omitempty"`
	FlippedItems []string `json:"flippedItems,omitempty"`
}

// Gear is an equipment or attachment card a character owns: its content
// id, whether it is equipped (and in which slot) and its charges.
type Gear struct {
	ID      string `json:"id"`
	Slot    string `json:"slot,omitempty"`
	Charges int    `json:"charges,omitempty"`
}

// Mission is the mission being played.
type Mission struct {
	ID         string `json:"id"`
	Title      string `json:"title,omitempty"`
	Planet     string `json:"planet,omitempty"`
	Difficulty int    `json:"difficulty"`
	// AdversaryDifficulty is the description cards' rating in use (§10.1).
	AdversaryDifficulty int  `json:"adversaryDifficulty"`
	Training            bool `json:"training,omitempty"`
	Replay              bool `json:"replay,omitempty"`
	// Map is the live mission map in the automa/hex map format: object
	// states, doors, hazard tokens, nova cells, orbs and treasure change
	// during play.
	Map      json.RawMessage `json:"map"`
	Embarked []string        `json:"embarked"`
	Round    int             `json:"round"`
	// Phase is where the round stands: "setup", "select" (after the
	// Decision die: rest or select cards), "draw", "turns", "end" (all
	// turns played), "over" (result recorded).
	Phase string `json:"phase"`
	// Face is the Decision die face of this round, kept all round.
	Face    *phantom.Face `json:"face,omitempty"`
	Figures []*Figure     `json:"figures"`
	// Types are the regular adversary types in play in mission order, with
	// the description card used; Bosses the boss boards in play.
	Types  []string      `json:"types,omitempty"`
	Bosses []string      `json:"bosses,omitempty"`
	Decks  phantom.Decks `json:"decks"`
	// Persistent boss cards in play by boss (§9.5).
	Persistent map[string][]string `json:"persistent,omitempty"`
	// Order is this round's turn order; Acted the figures whose turn is
	// done; Current the figure whose turn it is.
	Order   []string `json:"order,omitempty"`
	Acted   []string `json:"acted,omitempty"`
	Current string   `json:"current,omitempty"`
	// Pending is an adversary turn resolved by the engine and waiting for
	// the players to confirm or override it.
	Pending         *Pending `json:"pending,omitempty"`
	PrimaryOverride string   `json:"primaryOverride,omitempty"`
	// The event deck (§12.2 step 8): draw pile top first, discards, the
	// Round 6+ cards (for A-33), this round's card and the round it was
	// drawn in.
	Events       []string `json:"events,omitempty"`
	EventDiscard []string `json:"eventDiscard,omitempty"`
	LateEvents   []string `json:"lateEvents,omitempty"`
	Event        string   `json:"event,omitempty"`
	EventRound   int      `json:"eventRound,omitempty"`
	// OrbsActivated / TreasureTaken during this mission, by number (0 for
	// mission tokens); rewards of campaign ones are kept even on failure.
	OrbsActivated []int  `json:"orbsActivated,omitempty"`
	TreasureTaken []int  `json:"treasureTaken,omitempty"`
	Result        string `json:"result,omitempty"`
	// RewardChoices are the attachment cards drawn as rewards, waiting for
	// each character's pick (V-19); Picks are the picks made.
	RewardChoices []string          `json:"rewardChoices,omitempty"`
	Picks         map[string]string `json:"picks,omitempty"`
	// RewardsDue are the items and nova cells a success gave, waiting to
	// be shared between the characters (ShareRewards).
	RewardsDue *Due `json:"rewardsDue,omitempty"`
}

// Figure is a figure of the mission: a character, a regular adversary or
// a boss.
type Figure struct {
	Name string `json:"name"`
	// Side: "character", "adversary" or "boss".
	Side string `json:"side"`
	// Type: the adversary type ("Grallok Archer") or boss board name; for
	// a character its class.
	Type   string `json:"type,omitempty"`
	Colour string `json:"colour"`
	// Position is a space label; "" off the map (defeated, evacuated).
	Position string `json:"position,omitempty"`
	HP       int    `json:"hp"`
	MaxHP    int    `json:"maxHp"`
	// Conditions held, each with the tick it was gained at.
	Conditions map[string]uint64 `json:"conditions,omitempty"`
	// TurnStart is the tick the figure's latest turn started at.
	TurnStart       uint64 `json:"turnStart,omitempty"`
	PlacedAfterDraw bool   `json:"placedAfterDraw,omitempty"`
	PlacedByEvent   bool   `json:"placedByEvent,omitempty"`
	Defeated        bool   `json:"defeated,omitempty"`
	// Guard from equipment and cards beyond a description card.
	Guard int `json:"guard,omitempty"`
	// Immune: conditions a persistent boss card made it immune to.
	Immune []string `json:"immune,omitempty"`

	// Characters only (§6.1).
	Hand            []string `json:"hand,omitempty"`
	Selected        []string `json:"selected,omitempty"`
	Discard         []string `json:"discard,omitempty"`
	Temporary       []string `json:"temporary,omitempty"`
	PersistentCards []string `json:"persistentCards,omitempty"`
	Resting         bool     `json:"resting,omitempty"`
	RestedLastRound bool     `json:"restedLastRound,omitempty"`
	Bandages        int      `json:"bandages,omitempty"`
	BandageSlots    int      `json:"bandageSlots,omitempty"`
	MaxAP           int      `json:"maxAp,omitempty"`
	Nova            int      `json:"nova,omitempty"`
	Initiative      int      `json:"initiative,omitempty"`
	Items           []Item   `json:"items,omitempty"`
	// Turn flags (§6.1): attacked, made a converted attack, fumbled.
	Attacked        bool `json:"attacked,omitempty"`
	ConvertedAttack bool `json:"convertedAttack,omitempty"`
	Fumbled         bool `json:"fumbled,omitempty"`
	// ConvertedCard: a card was played converted to an Attack this turn
	// (§6.4: one at most).
	ConvertedCard bool `json:"convertedCard,omitempty"`
}

// Item is an item a character took on the mission (§15.8).
type Item struct {
	ID   string `json:"id"`
	Used bool   `json:"used,omitempty"`
}

// Pending is an adversary turn the engine resolved: the decision, its
// trace as lines, and the figures, objects and nova cells after it.
type Pending struct {
	Adversary string       `json:"adversary"`
	Turn      phantom.Turn `json:"turn"`
	Trace     []string     `json:"trace"`
	// Reaction: the decision answers an attack outside the adversary's
	// turn; confirming it does not end anyone's turn. Attacker and Melee
	// are the attack it answers (to work it out again after a stop).
	Reaction bool   `json:"reaction,omitempty"`
	Attacker string `json:"attacker,omitempty"`
	Melee    bool   `json:"melee,omitempty"`
	// Tick is the tick the decision was worked out at; Before the figures
	// (every one on the map), BeforeObjects the destructible objects'
	// states and BeforeNova the nova cells on the map as it found them.
	// The confirmation carries the decision's changes onto what was
	// recorded since (carry.go). Absent in decisions worked out before
	// rules revision 2.
	Tick          uint64                `json:"tick,omitempty"`
	Before        []phantom.FigureState `json:"before,omitempty"`
	BeforeObjects map[string]string     `json:"beforeObjects,omitempty"`
	BeforeNova    map[string]int        `json:"beforeNova,omitempty"`
	// BeforeTraps are the spaces with a trap token then: the only ones
	// the decision's movements can have set off.
	BeforeTraps []string `json:"beforeTraps,omitempty"`
}

// character and mission lookups.

func (s *State) char(name string) *Character {
	if s.Characters == nil {
		return nil
	}
	return s.Characters[name]
}

func (m *Mission) fig(name string) *Figure {
	if m == nil {
		return nil
	}
	for _, f := range m.Figures {
		if f.Name == name {
			return f
		}
	}
	return nil
}

func (f *Figure) character() bool { return f.Side == "character" }

func (f *Figure) has(c phantom.Cond) bool {
	_, ok := f.Conditions[string(c)]
	return ok
}

// CondList returns the figure's conditions in a stable order.
func (f *Figure) CondList() []string {
	out := make([]string, 0, len(f.Conditions))
	for c := range f.Conditions {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

func containsInt(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

func remove(list []string, x string) []string {
	for i, y := range list {
		if y == x {
			return append(append([]string(nil), list[:i]...), list[i+1:]...)
		}
	}
	return list
}

// clone deep-copies a state through JSON, for working out the outcome of a
// command without touching the state (Decide must not change it).
func (s *State) clone() *State {
	b, err := json.Marshal(s)
	if err != nil {
		panic("phantom: state cannot be copied: " + err.Error())
	}
	var c State
	if err := json.Unmarshal(b, &c); err != nil {
		panic("phantom: state cannot be copied: " + err.Error())
	}
	return &c
}
