package reich

import (
	"encoding/json"
	"fmt"
	"sort"

	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
)

// Mission modes (spec §2.4).
const (
	ModeRaid         = "raid"
	ModeCampaign     = "campaign"
	ModeNoteRaid     = "noteRaid"
	ModeNoteCampaign = "noteCampaign"
)

// Phases of a mission (spec §3.1).
const (
	PhasePreAlarm   = "preAlarm"
	PhasePostAlarm  = "postAlarm"
	PhaseAlienWorld = "alienWorld"
	PhaseEnded      = "ended"
)

// What the table is doing now (spec §3.1 currentTurn).
const (
	StepChooseOrder = "chooseOrder" // between rounds: the order is not set yet
	StepHeroTurn    = "heroTurn"
	StepEnemyTurn   = "enemyTurn"
	StepEndOfRound  = "endOfRound"
)

// Heroism point kinds (spec §6.5).
const (
	HPAttack  = "attack"
	HPDefence = "defence"
	HPWild    = "wild"
)

// Item and weapon status tokens (spec §6.6).
const (
	StatusNone    = ""
	StatusJammed  = "jammed"
	StatusDrained = "drained"
)

// Item kinds the rules read; any other item is plain ("").
const (
	ItemVrilOrb    = "vrilOrb"
	ItemKeys       = "keys"
	ItemObjective  = "objective"
	ItemAlienHeart = "alienHeart"
	ItemEscort     = "escort"
)

// State is a Reichbusters campaign: settings, content, the campaign record
// and the mission in play (nil between missions).
type State struct {
	Settings Settings       `json:"settings"`
	Library  Library        `json:"library"`
	Campaign CampaignRecord `json:"campaign"`
	Mission  *Mission       `json:"mission,omitempty"`
}

// Library is the content the players supplied for this campaign (spec §2):
// faction cards, spawn cards, noise cards and mission maps.
type Library struct {
	Factions   []content.Faction   `json:"factions,omitempty"`
	SpawnCards []content.SpawnCard `json:"spawnCards,omitempty"`
	NoiseCards []content.NoiseCard `json:"noiseCards,omitempty"`
	Maps       []content.Map       `json:"maps,omitempty"`
	// Missions are the mission details a map card does not carry (§2.4).
	Missions []MissionInfo `json:"missions,omitempty"`
	// Heroes are the heroes' character cards (§2.5), picked at set-up.
	Heroes []HeroCard `json:"heroes,omitempty"`
	// Practice is set when practice content (made up for this app, not the
	// printed cards) was loaded: the screens say so.
	Practice bool `json:"practice,omitempty"`
}

// MissionInfo is the mission data besides the map: the tracker lengths and
// the Victory or Defeat? chart (spec §2.4; all NOT IN SOURCE, so content).
type MissionInfo struct {
	ID string `json:"id"`
	// PreAlarm (P), PostAlarm (Q) and AlienWorld (L) are the tracker lengths.
	PreAlarm   int `json:"preAlarm,omitempty"`
	PostAlarm  int `json:"postAlarm,omitempty"`
	AlienWorld int `json:"alienWorld,omitempty"`
	// TrackerColours give each pre-alarm space's spawn level, then each
	// post-alarm space's, for settings.spawnLevelSource = trackerColour.
	PreColours  []content.Level `json:"preColours,omitempty"`
	PostColours []content.Level `json:"postColours,omitempty"`
	// VictoryChart is the Victory or Defeat? rows, top to bottom.
	VictoryChart []ChartRow `json:"victoryChart,omitempty"`
	// HQAdditions are the items this campaign mission adds to the HQ card.
	HQAdditions []string `json:"hqAdditions,omitempty"`
}

// ChartRow is one row of the Victory or Defeat? chart: what it says and
// whether it counts as a success for the campaign.
type ChartRow struct {
	Text    string `json:"text"`
	Success bool   `json:"success"`
}

// CampaignRecord is what lasts between missions (spec §10.1).
type CampaignRecord struct {
	Difficulty *Difficulty `json:"difficulty,omitempty"`
	// Started is set once the first mission starts: the difficulty is then
	// fixed (V-34).
	Started  bool           `json:"started,omitempty"`
	Outcomes []Outcome      `json:"outcomes,omitempty"`
	HQItems  []Item         `json:"hqItems,omitempty"`
	HQHP     []string       `json:"hqHP,omitempty"`
	Heroes   []CampaignHero `json:"heroes,omitempty"`
	Debrief  *Debrief       `json:"debrief,omitempty"`
	HPSupply []string       `json:"hpSupply,omitempty"`
}

// Difficulty is the campaign's difficulty level (spec §4.3; the values are
// NOT IN SOURCE, so the players enter them).
type Difficulty struct {
	Name string `json:"name"`
	// ItemsKept is how many items may stay on the HQ card (at most 6).
	ItemsKept int `json:"itemsKept"`
	// WoundsRemoved is how many permanent wounds each hero sheds after a mission.
	WoundsRemoved int `json:"woundsRemoved"`
}

// Outcome is a finished mission (spec §10.1).
type Outcome struct {
	Mission string `json:"mission"`
	Mode    string `json:"mode"`
	Row     int    `json:"row"` // chart row picked, 1-based; 0 when the chart was not entered
	Result  string `json:"result"`
	Success bool   `json:"success"`
	Rounds  int    `json:"rounds"`
}

// CampaignHero is a hero's record between campaign missions (spec §10.1).
type CampaignHero struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Skills  []Skill  `json:"skills,omitempty"`
	Weapons []Weapon `json:"weapons,omitempty"`
	Wounds  []Wound  `json:"wounds,omitempty"`
	HP      []string `json:"hp,omitempty"`
}

// Debrief is the after-mission procedure in progress (Algorithm C, §10.2):
// steps 1–8 are done when the mission closes; skill purchases (step 9)
// happen while it is open; step 10 when it finishes.
type Debrief struct {
	Mission string `json:"mission"`
	Success bool   `json:"success"`
}

// Skill is a skill token on a dashboard.
type Skill struct {
	ID     string `json:"id"`
	Type   string `json:"type"`
	Active bool   `json:"active"`
	// Starting: the skill token printed on the hero card (§10.3 AMBIGUOUS).
	Starting bool `json:"starting,omitempty"`
}

// Weapon is a weapon token on a dashboard (spec §9).
type Weapon struct {
	Name string `json:"name"`
	// Range in areas; 0 is a melee weapon (§6.2).
	Range  int    `json:"range,omitempty"`
	Vril   bool   `json:"vril,omitempty"`
	Status string `json:"status,omitempty"`
}

// Item is an item token (spec §9).
type Item struct {
	Name   string `json:"name"`
	Kind   string `json:"kind,omitempty"`
	Status string `json:"status,omitempty"`
}

// Wound is a kept wound card: a permanent wound, or (Temporary) a card
// below its threshold kept under settings.discardNonPermanentWounds off,
// which is not a permanent wound (§6.4).
type Wound struct {
	Card      string `json:"card,omitempty"`
	Temporary bool   `json:"temporary,omitempty"`
}

// Mission is the mission at the table (spec §3).
type Mission struct {
	ID      string `json:"id"`
	Mode    string `json:"mode"`
	Faction string `json:"faction"`
	// Map is the board model, copied from the library at setup.
	Map   content.Map `json:"map"`
	Phase string      `json:"phase"`
	Round int         `json:"round"`
	Step  string      `json:"step"`

	Tracker Tracker `json:"tracker"`
	// Variant12 is the 1–2 players with 1 hero each variant (§5.4, §11.2).
	Variant12 bool `json:"variant12,omitempty"`
	// FreeActionUsed: the variant's end-of-round free action was taken.
	FreeActionUsed bool `json:"freeActionUsed,omitempty"`

	TurnOrder []string `json:"turnOrder,omitempty"`
	Dealt     bool     `json:"dealt,omitempty"` // the order was dealt from tokens (post-alarm)
	TurnIndex int      `json:"turnIndex"`
	Current   string   `json:"current,omitempty"` // hero whose turn it is, or after whose turn the enemy acts
	LastHero  string   `json:"lastHero,omitempty"`
	// EnemyDone: this enemy turn has been played; its defence tests may be pending.
	EnemyDone bool `json:"enemyDone,omitempty"`
	// Pending are the enemy attacks waiting for defence tests.
	Pending []PendingAttack `json:"pending,omitempty"`
	// Paused is an enemy turn (or the alarm's free turn) stopped after an
	// attack for its defence tests (§7.5.5); EnemyTurn carries it on.
	Paused *EnemyPause `json:"enemyPaused,omitempty"`

	Heroes []Hero `json:"heroes"`
	Units  []Unit `json:"units,omitempty"`
	NextID int    `json:"nextId"`

	Doors     map[string]content.DoorState `json:"doors,omitempty"`
	Awareness map[string]content.Awareness `json:"awareness,omitempty"`
	// SightRaised: rooms raised by sighting in this hero turn (§7.3).
	SightRaised map[string]bool `json:"sightRaised,omitempty"`
	Cleared     map[string]bool `json:"cleared,omitempty"`
	Tokens      []Token         `json:"tokens,omitempty"`
	Suppressed  map[string]bool `json:"suppressed,omitempty"`
	Obscured    map[string]bool `json:"obscured,omitempty"`
	Features    map[string]bool `json:"featuresRevealed,omitempty"`
	// Environment holds the revealed NotE environment tokens by area (§12.10).
	Environment map[string]string `json:"environment,omitempty"`
	// Portal is the NotE alien portal, once placed (§11.3).
	Portal *Portal `json:"portal,omitempty"`
	// Biscuits: areas where Dog Biscuits were used this turn (§7.5.6).
	Biscuits map[string]bool `json:"biscuits,omitempty"`

	SpawnDeck Deck `json:"spawnDeck"`
	NoiseDeck Deck `json:"noiseDeck"`
	// PostNoise is the post-alarm noise deck, set aside until the alarm.
	PostNoise Deck `json:"postNoise"`

	// Placed counts every miniature of each type ever placed (Unique,
	// settings.capIsLifetime).
	Placed map[string]int `json:"placed,omitempty"`

	HPShared []string `json:"hpShared,omitempty"`
	HPSupply []string `json:"hpSupply,omitempty"`
	// HPByPlayers: the players draw heroism points from the face-down
	// supply themselves; HPDraws are the points earned and not yet said
	// (DrawnHP says which each was).
	HPByPlayers bool     `json:"hpByPlayers,omitempty"`
	HPDraws     []HPDraw `json:"hpDraws,omitempty"`
	// TurnOrderByPlayers: after the alarm the players deal the turn order
	// tokens at the table and say the order (DealTurnOrder.Order).
	TurnOrderByPlayers bool `json:"turnOrderByPlayers,omitempty"`
	// Pacified: rooms already awarded this turn (V-40).
	Pacified map[string]bool `json:"pacified,omitempty"`

	Ended   bool   `json:"ended,omitempty"`
	Result  string `json:"result,omitempty"`
	Success bool   `json:"success,omitempty"`
	// Row is the Victory or Defeat? chart row read (1-based; 0 when the
	// chart was not entered), kept for the campaign record (§10.1).
	Row int `json:"row,omitempty"`
	// Failed says why the mission was lost by the clock, when it was.
	Failed string `json:"failed,omitempty"`
	// Sightings are the lines of sight the players answered (a map without
	// sight lines), each with what could block it then: each holds, and is
	// not asked again, while nothing between its two areas changes
	// (automa/reich sightmemory.go).
	Sightings []ai.LOSAnswer `json:"sightings,omitempty"`
}

// Tracker is the mission tracker (spec §5.5). Pos is 1-based on the
// current section; Pre holds P, Post holds Q (or the alien world length L).
type Tracker struct {
	Section string `json:"section"` // "pre", "post", "alien"
	Pos     int    `json:"pos"`
	Pre     int    `json:"pre"`
	Post    int    `json:"post"`
	Alien   int    `json:"alien,omitempty"`
	// AlarmPending: the alarm was triggered and sounds after the end of round (§5.6).
	AlarmPending bool `json:"alarmPending,omitempty"`
	// ObjectiveDone: NotE 1–2 player variant, the tracker flips to 6 (§11.2).
	ObjectiveDone bool            `json:"objectiveDone,omitempty"`
	Flipped       bool            `json:"flipped,omitempty"`
	PreColours    []content.Level `json:"preColours,omitempty"`
	PostColours   []content.Level `json:"postColours,omitempty"`
}

// HPDraw is a heroism point earned from the face-down supply that the
// players draw: who earns it and why.
type HPDraw struct {
	Hero string `json:"hero"`
	Why  string `json:"why"`
}

// Deck is a card supply (spec §3.1): draw pile (first card on top), discard, removed.
type Deck struct {
	Draw    []string `json:"draw,omitempty"`
	Discard []string `json:"discard,omitempty"`
	Removed []string `json:"removed,omitempty"`
	// ByPlayers: the players draw this deck at the table and name each
	// card (spec §1 item 5); the app only checks the card can come from it.
	ByPlayers bool `json:"byPlayers,omitempty"`
}

// Token is a spawn token on the map (spec §3.2).
type Token struct {
	ID     string          `json:"id"`
	Area   string          `json:"area"`
	Icons  []content.Level `json:"icons,omitempty"`
	Patrol bool            `json:"patrol,omitempty"`
	// Cleared: NotE, flipped to its cleared side (§11.3).
	Cleared bool `json:"cleared,omitempty"`
}

// Unit is an enemy miniature on the map (spec §3.3).
type Unit struct {
	ID     string `json:"id"`
	Code   string `json:"code"`
	Area   string `json:"area"`
	Wounds int    `json:"wounds,omitempty"`
	Side   int    `json:"side,omitempty"` // multi-state units: index into the unit's card sides
	// EscortedBy is the hero escorting the unit (§12.1 Escort): it moves
	// with that hero and counts as neither hero nor enemy.
	EscortedBy string `json:"escortedBy,omitempty"`
}

// Hero is a hero's dashboard during a mission (spec §9).
type Hero struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Player string `json:"player,omitempty"`
	Area   string `json:"area"`

	Defence int       `json:"defence"`
	Weapons [2]Weapon `json:"weapons"`
	Skills  []Skill   `json:"skills,omitempty"`
	Items   []Item    `json:"items,omitempty"`
	HP      []string  `json:"hp,omitempty"`

	// The action deck by counts (V-03: they add up to 12).
	Hand    int `json:"hand"`
	Draw    int `json:"draw"`
	Discard int `json:"discard"`
	Removed int `json:"removed"`
	InPlay  int `json:"inPlay"`
	// UntilNextHero and UntilOwnNext count the cards in play whose effect
	// ends by itself (§12.9): at the start of the next hero's turn, and at
	// the start of this hero's next turn. The rest of InPlay lasts until
	// discarded.
	UntilNextHero int `json:"untilNextHero,omitempty"`
	UntilOwnNext  int `json:"untilOwnNext,omitempty"`

	Wounds      []Wound `json:"wounds,omitempty"`
	KnockedDown bool    `json:"knockedDown,omitempty"`
	Captured    bool    `json:"captured,omitempty"`
	Escaped     bool    `json:"escaped,omitempty"`
	Objectives  int     `json:"objectives,omitempty"`

	Turn TurnUse `json:"turn"`
	// HadTurn: the hero has had (or lost) this round's turn.
	HadTurn bool `json:"hadTurn,omitempty"`
}

// TurnUse is what a hero has used this turn (spec §9, V-04, V-07).
type TurnUse struct {
	Basic      int  `json:"basic,omitempty"`
	Moved      bool `json:"moved,omitempty"`
	Attacked   bool `json:"attacked,omitempty"`
	ExtraMove  int  `json:"extraMove,omitempty"`   // basic moves granted by cards or skills
	ExtraAtk   int  `json:"extraAttack,omitempty"` // basic attacks granted by cards or skills
	GiveUsed   bool `json:"giveUsed,omitempty"`
	HPSpent    int  `json:"hpSpent,omitempty"`
	Recovering bool `json:"recovering,omitempty"` // downed at the start: only Recover is allowed
	// Actions counts the actions taken this turn; NoiseFor is the action
	// whose noise test was made (V-15: at most 1 noise test per action).
	Actions  int `json:"actions,omitempty"`
	NoiseFor int `json:"noiseFor,omitempty"`
	// QuietFor is an action that takes no noise test at all: picking up an
	// item already face up (V-13).
	QuietFor int `json:"quietFor,omitempty"`
	// Kills counts this turn's kills by room, for pacifying (§6.5).
	Kills map[string]int `json:"kills,omitempty"`
	// Ending: the hero was downed during this action (§5.2); the action
	// finishes (its noise test may still come), then the turn ends.
	Ending bool `json:"ending,omitempty"`
}

// DeckSize is the action deck (spec §9).
const DeckSize = 12

// How long a card played for an ongoing effect lasts (spec §12.9).
const (
	DurUntilDiscarded = "untilDiscarded" // DUR_ONGOING; also the default ("")
	DurUntilNextHero  = "untilNextHero"  // DUR_UNTIL_NEXT_HERO
	DurUntilOwnNext   = "untilOwnNext"   // DUR_UNTIL_OWN_NEXT
)

// DurationWords says a duration as players read it.
func DurationWords(d string) string {
	switch d {
	case DurUntilNextHero:
		return "until the next hero's turn"
	case DurUntilOwnNext:
		return "until this hero's next turn"
	case DurUntilDiscarded, "":
		return "until discarded"
	}
	return d
}

// Downed is derived from the permanent wounds (V-17).
func (h *Hero) Downed() bool { return h.Permanent() >= DownedAt }

// DownedAt is how many permanent wounds down a hero (§6.4).
const DownedAt = 4

// Permanent counts the permanent wounds (§6.4, V-17): the kept cards that
// are not temporary.
func (h *Hero) Permanent() int {
	n := 0
	for _, w := range h.Wounds {
		if !w.Temporary {
			n++
		}
	}
	return n
}

// OnMap reports whether the hero is still on the map.
func (h *Hero) OnMap() bool { return !h.Escaped }

func (s *State) clone() *State {
	b, err := json.Marshal(s)
	if err != nil {
		panic(fmt.Sprintf("reich: state cannot be copied: %v", err))
	}
	var c State
	if err := json.Unmarshal(b, &c); err != nil {
		panic(fmt.Sprintf("reich: state cannot be copied: %v", err))
	}
	return &c
}

func (m *Mission) hero(id string) *Hero {
	for i := range m.Heroes {
		if m.Heroes[i].ID == id {
			return &m.Heroes[i]
		}
	}
	return nil
}

func (m *Mission) unit(id string) *Unit {
	for i := range m.Units {
		if m.Units[i].ID == id {
			return &m.Units[i]
		}
	}
	return nil
}

func (m *Mission) token(id string) *Token {
	for i := range m.Tokens {
		if m.Tokens[i].ID == id {
			return &m.Tokens[i]
		}
	}
	return nil
}

// room returns the room of an area ("" if the area is unknown).
func (m *Mission) room(area string) string {
	if a := m.Map.Area(area); a != nil {
		return a.Room
	}
	return ""
}

// unitsIn lists the enemy units in a room.
func (m *Mission) unitsInRoom(room string) []*Unit {
	var out []*Unit
	for i := range m.Units {
		if m.room(m.Units[i].Area) == room && m.Units[i].EscortedBy == "" {
			out = append(out, &m.Units[i])
		}
	}
	return out
}

func (m *Mission) unitsInArea(area string) int {
	n := 0
	for _, u := range m.Units {
		if u.Area == area && u.EscortedBy == "" {
			n++
		}
	}
	return n
}

func (m *Mission) tokensInRoom(room string) int {
	n := 0
	for _, t := range m.Tokens {
		if !t.Cleared && m.room(t.Area) == room {
			n++
		}
	}
	return n
}

func (m *Mission) onBoard(code string) int {
	n := 0
	for _, u := range m.Units {
		if u.Code == code {
			n++
		}
	}
	return n
}

// postAlarm reports whether the alarm has sounded (awareness not tracked).
func (m *Mission) postAlarm() bool { return m.Phase == PhasePostAlarm }

// note reports whether this is a Not of this Earth! mission.
func (m *Mission) note() bool { return m.Mode == ModeNoteRaid || m.Mode == ModeNoteCampaign }

func (m *Mission) campaign() bool { return m.Mode == ModeCampaign || m.Mode == ModeNoteCampaign }

// level is a room's awareness (alert after the alarm).
func (m *Mission) level(room string) content.Awareness {
	if m.postAlarm() {
		return content.Alert
	}
	return m.Awareness[room]
}

// rooms lists the map's rooms in a fixed order.
func (m *Mission) rooms() []string {
	seen := map[string]bool{}
	var out []string
	for _, a := range m.Map.Areas {
		if !seen[a.Room] {
			seen[a.Room] = true
			out = append(out, a.Room)
		}
	}
	sort.Strings(out)
	return out
}

func (l *Library) faction(id string) *content.Faction {
	for i := range l.Factions {
		if l.Factions[i].ID == id {
			return &l.Factions[i]
		}
	}
	return nil
}

func (l *Library) spawnCard(id string) *content.SpawnCard {
	for i := range l.SpawnCards {
		if l.SpawnCards[i].ID == id {
			return &l.SpawnCards[i]
		}
	}
	return nil
}

func (l *Library) noiseCard(id string) *content.NoiseCard {
	for i := range l.NoiseCards {
		if l.NoiseCards[i].ID == id {
			return &l.NoiseCards[i]
		}
	}
	return nil
}

func (l *Library) mapOf(id string) *content.Map {
	for i := range l.Maps {
		if l.Maps[i].MissionID == id {
			return &l.Maps[i]
		}
	}
	return nil
}

func (l *Library) missionInfo(id string) *MissionInfo {
	for i := range l.Missions {
		if l.Missions[i].ID == id {
			return &l.Missions[i]
		}
	}
	return nil
}

func (c *CampaignRecord) hero(id string) *CampaignHero {
	for i := range c.Heroes {
		if c.Heroes[i].ID == id {
			return &c.Heroes[i]
		}
	}
	return nil
}
