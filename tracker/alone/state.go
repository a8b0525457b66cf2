package alone

import (
	"encoding/json"
	"fmt"
	"slices"

	"tablekeeper/automa/alone"
)

// Mode is who plays the Evil side and whether the app keeps the Map (spec
// §7.2, a DESIGN PROPOSAL).
type Mode string

// The three modes.
const (
	// Bookkeeping: human Evil players, no Map in the app; the Hero sheet,
	// the Reaction Track and the End-of-Round are kept.
	Bookkeeping Mode = "bookkeeping"
	// Assist: human Evil players keep the hidden Map in the app, which
	// checks every move and suggests plays.
	Assist Mode = "assist"
	// Solo: the app holds the Map and plays Evil; the Hero sees only what
	// the Labyrinth shows.
	Solo Mode = "solo"
)

// Difficulty is the Difficulty Level chosen at setup (spec §2.7). It is not
// Nightmare Mode, which the Round track triggers (§2.4).
type Difficulty string

// The four Difficulty Levels.
const (
	Easy       Difficulty = "easy"
	Normal     Difficulty = "normal"
	NightmareD Difficulty = "nightmare"
	Impossible Difficulty = "impossible"
)

// Ability is one of the five Abilities experience unlocks (spec §3.5).
type Ability string

// The five Abilities.
const (
	Courage    Ability = "courage"
	ColdBlood  Ability = "coldBlood"
	AcuteSight Ability = "acuteSight"
	Precision  Ability = "precision"
	Dexterity  Ability = "dexterity"
)

// Abilities lists the Abilities in the order the Hero sheet shows them.
var Abilities = []Ability{Courage, ColdBlood, AcuteSight, Precision, Dexterity}

func (a Ability) valid() bool { return slices.Contains(Abilities, a) }

// Action names a Hero Action; it is also the trigger it unlocks (§4.2 item 5).
type Action string

// The six Actions.
const (
	Move     Action = "move"
	Explore  Action = "explore"
	Fight    Action = "fight"
	Locate   Action = "locate"
	Scavenge Action = "scavenge"
	Interact Action = "interact"
)

// Actions lists the Actions in the order the Hero sheet shows them.
var Actions = []Action{Move, Explore, Fight, Locate, Scavenge, Interact}

func (a Action) valid() bool { return slices.Contains(Actions, a) }

// The two damage triggers of Allowed Reactions (§4.2 item 5); the Actions
// are the others.
const (
	TriggerLife = "life"
	TriggerSC   = "sc"
)

// StartAdrenaline is the Hero's pool at the start of the game (§2.1 item 5).
const StartAdrenaline = 3

// CompanionCharges is a new Companion's health (§3.7).
const CompanionCharges = 6

// MaxXP is the experience an Ability holds; 2 unlocks it (§3.5).
const MaxXP = 2

// Sheet is what the physical Hero sheet and the box say that the manuals do
// not (spec §9): asked once at setup and kept. The embedded Config carries
// the track lengths, the Healing Cap per Round space, the Adrenaline track,
// the Reaction Track, the dice weights, the token counts and the Level limit.
type Sheet struct {
	alone.Config
	// StartLife and StartSC are where the health markers begin (hint: 12).
	StartLife int `json:"startLife"`
	StartSC   int `json:"startSC"`
	// StartMarker is the Round marker's first space (hint: the rightmost).
	StartMarker int `json:"startMarker"`
	// AbilityFor is the Ability a kill of each Creature type trains. Only
	// Parasite → Cold Blood is in the manuals; the rest are on the sheet
	// and are asked when first needed (§3.5).
	AbilityFor map[alone.CreatureType]Ability `json:"abilityFor"`
	// DeckSize is the cards in each Reaction deck (hint: 104 cards in 4
	// decks of the same make-up).
	DeckSize int `json:"deckSize"`
}

// DefaultSheet is the spec's placeholder values (§9), for the setup screen
// to pre-fill; most are UNVERIFIED and should be checked against the sheet.
func DefaultSheet() Sheet {
	cfg := alone.DefaultConfig()
	return Sheet{
		Config:      cfg,
		StartLife:   cfg.HealthMax,
		StartSC:     cfg.HealthMax,
		StartMarker: len(cfg.HealingCap) - 1,
		AbilityFor:  map[alone.CreatureType]Ability{alone.Parasite: ColdBlood},
		DeckSize:    26,
	}
}

// Item is one Item card in the Inventory (§3.6). Its text is the player's.
type Item struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Passive Items trigger on a condition; Action Items name an Action.
	Passive bool   `json:"passive,omitempty"`
	Action  Action `json:"action,omitempty"`
	// Matrix is the Item's own Matrix; Needs is the Matrix an Upgrade takes.
	Matrix   string `json:"matrix,omitempty"`
	Needs    string `json:"needs,omitempty"`
	Charges  int    `json:"charges"`
	Upgraded bool   `json:"upgraded,omitempty"`
	Bullets  bool   `json:"bullets,omitempty"`
}

// Companion is a Character in play as the Hero's Companion (§3.7).
type Companion struct {
	Character string `json:"character"`
	Charges   int    `json:"charges"`
}

// Mission status.
const (
	Locked    = "locked"
	Active    = "active"
	Completed = "completed"
)

// Mission is one Mission card in play (its text is the player's).
type Mission struct {
	Name   string `json:"name"`
	Colour string `json:"colour,omitempty"`
	Status string `json:"status"`
}

// Missions are the two Starting Missions and the Final one (§2.6).
type Missions struct {
	Starting    [2]Mission `json:"starting"`
	Final       Mission    `json:"final"`
	RewardTaken bool       `json:"rewardTaken,omitempty"`
}

// TurnFlags are reset at the start of each Turn (§3.1 turnFlags).
type TurnFlags struct {
	// Started: the Turn token is flipped.
	Started    bool   `json:"started,omitempty"`
	Recover    string `json:"recover,omitempty"` // "life" or "sc" when Adrenaline was spent on it
	BulletTime bool   `json:"bulletTime,omitempty"`
	// Actions are the Actions performed (resolved) this Turn, in order.
	Actions []Action `json:"actions,omitempty"`
	// Pending is an Action declared and not yet resolved.
	Pending Action `json:"pending,omitempty"`
	// ItemExtra is the extra Actions Items granted this Turn, and
	// ItemExtraUsed how many of them were taken.
	ItemExtra     int `json:"itemExtra,omitempty"`
	ItemExtraUsed int `json:"itemExtraUsed,omitempty"`
	// Triggers are the Allowed-Reaction triggers that happened this Turn.
	Triggers  []string `json:"triggers,omitempty"`
	Reactions int      `json:"reactions,omitempty"`
	// ActionSector is the Hero's Sector when the first Action was
	// declared (for dangerousCheck = atActionStart, AMB-5).
	ActionSector string `json:"actionSector,omitempty"`
	// EvilAsked: in solo mode the app's Evil side has had its end-of-Turn
	// chance to react.
	EvilAsked bool `json:"evilAsked,omitempty"`
	// Ending: an end-of-Turn (non-Instant) Reaction was played, so the
	// Turn's Actions are over (§2.5 item 4, T1 step 6a).
	Ending bool `json:"ending,omitempty"`
	// AttackMods are card modifiers to attack dice until the end of the
	// Turn, by Creature id.
	AttackMods map[string]int `json:"attackMods,omitempty"`
	// Over: the Turn has ended (its Creatures attacked); until the next
	// Turn starts only a Reaction triggered by the damage those attacks
	// dealt may still be played. Triggers then holds those damage
	// triggers, and Reactions the Turn's count (§4.2 items 2 and 5).
	Over bool `json:"over,omitempty"`
}

func (t *TurnFlags) addTrigger(tr string) {
	if !slices.Contains(t.Triggers, tr) {
		t.Triggers = append(t.Triggers, tr)
	}
}

// declared is the Actions declared this Turn, the pending one included.
func (t *TurnFlags) declared() int {
	n := len(t.Actions)
	if t.Pending != "" {
		n++
	}
	return n
}

// Deck is one Reaction deck in use.
type Deck struct {
	Name    string `json:"name"`
	Draw    int    `json:"draw"`
	Discard int    `json:"discard"`
}

// Evil is the Evil side's table: players, Leader, decks and hands (§4.1).
type Evil struct {
	Players []string `json:"players"`
	Leader  int      `json:"leader"`
	Decks   [2]Deck  `json:"decks"`
	// Hands[p][d] is the cards player p holds from deck d.
	Hands [][2]int `json:"hands"`
	// Known names the cards the app's Evil side can read in solo mode
	// (solohand.go); nil in the other modes, and in solo games started
	// before the app read its cards.
	Known *SoloHand `json:"known,omitempty"`
}

// TrackCard is a Reaction card on the Reaction Track this Round (§4.2).
type TrackCard struct {
	Turn    int    `json:"turn"`
	Player  int    `json:"player"`
	Deck    int    `json:"deck"`
	Allowed bool   `json:"allowed,omitempty"`
	Card    string `json:"card,omitempty"`
	Spaces  int    `json:"spaces"`
	// ID is the card the solo Evil played when it is one it can read
	// (face up or down), so it goes back to its deck's known discards.
	ID string `json:"id,omitempty"`
}

// Heard is one thing the Evil side Communicated to the Hero: a Noise, an
// exit direction, a Locate answer, a Wounded status. In solo mode it is all
// the Hero learns of the hidden Map beyond the Labyrinth.
type Heard struct {
	Round int    `json:"round"`
	Turn  int    `json:"turn"`
	Say   string `json:"say"`
}

// Outcome of the game.
const (
	Won      = "won"
	Defeated = "defeated"
)

// State is a game of Alone at the table.
type State struct {
	Sheet    *Sheet         `json:"sheet,omitempty"`
	Settings alone.Settings `json:"settings"`
	Started  bool           `json:"started,omitempty"`
	Mode     Mode           `json:"mode,omitempty"`

	Difficulty Difficulty `json:"difficulty,omitempty"`
	Character  string     `json:"character,omitempty"`

	Life        int  `json:"life"`
	SC          int  `json:"sc"`
	RoundMarker int  `json:"roundMarker"`
	Nightmare   bool `json:"nightmare,omitempty"`
	// Round counts Rounds from 1, for the diary only (§2.3 item 6).
	Round int `json:"round"`
	// TurnsUsed is the Turn tokens flipped this Round (0..8); the Turn in
	// play is number TurnsUsed while T.Started.
	TurnsUsed  int       `json:"turnsUsed"`
	Adrenaline int       `json:"adrenaline"`
	T          TurnFlags `json:"turnFlags"`

	XP             map[Ability]int `json:"xp,omitempty"`
	Items          []Item          `json:"items,omitempty"`
	Companion      *Companion      `json:"companion,omitempty"`
	Sacrificed     bool            `json:"sacrificed,omitempty"`
	ScavengedRooms []string        `json:"scavengedRooms,omitempty"`
	Missions       Missions        `json:"missions"`
	Outcome        string          `json:"outcome,omitempty"`

	Evil  Evil        `json:"evil"`
	Track []TrackCard `json:"track,omitempty"`
	// Map is the hidden Map (assist and solo modes).
	Map *alone.Map `json:"map,omitempty"`
	// LevelLimitLifted: a Mission lifted the 4-Creatures-per-Level limit.
	LevelLimitLifted bool `json:"levelLimitLifted,omitempty"`
	// Heard is what was Communicated to the Hero, oldest first.
	Heard []Heard `json:"heard,omitempty"`
	// Goals are the Sectors holding an open Mission goal (the Missions'
	// data is the players'); the Evil policy's path* runs to them.
	Goals []string `json:"goals,omitempty"`
	// NextItem numbers Item cards.
	NextItem int `json:"nextItem,omitempty"`
	// Content is the group's components this campaign was set up from
	// (content.go): what the forms offer to pick from.
	Content *Content `json:"content,omitempty"`
}

// Turn is the number of the Turn in play, or of the last one played.
func (s *State) Turn() int { return max(s.TurnsUsed, 1) }

// HealingCap is the highest value recovery reaches now (§2.3 item 4).
func (s *State) HealingCap() int {
	if s.Sheet == nil {
		return 0
	}
	c, err := s.Sheet.HealingCapAt(s.RoundMarker)
	if err != nil {
		return 0
	}
	return c
}

// Unlocked says whether an Ability has its 2 XP.
func (s *State) Unlocked(a Ability) bool { return s.XP[a] >= MaxXP }

// config is the Sheet's Config with the Level limit a Mission may lift.
func (s *State) config() alone.Config {
	cfg := s.Sheet.Config
	if s.LevelLimitLifted {
		cfg.LevelLimit = 1 << 20
	}
	return cfg
}

// HandSize is each Evil player's hand limit (§2.1 item 4).
func (s *State) HandSize() int {
	n, _ := alone.HandSize(len(s.Evil.Players))
	return n
}

// MayDraw says whether Evil player p may hold cards of deck d (§2.1 item 4):
// one player draws from both; two players each from their own; of three,
// the middle one from both and the others from the deck in front of them.
func MayDraw(players, p, d int) bool {
	switch players {
	case 1:
		return true
	case 2:
		return p == d
	case 3:
		return p == 1 || (p == 0 && d == 0) || (p == 2 && d == 1)
	}
	return false
}

// ReactionSpacesFree is the uncovered Reaction Track spaces.
func (s *State) ReactionSpacesFree() int {
	return max(0, s.Sheet.ReactionSpaces-s.trackUsed())
}

func (s *State) trackUsed() int {
	n := 0
	for _, c := range s.Track {
		n += c.Spaces
	}
	return n
}

func (s *State) reactionTrack() alone.ReactionTrack {
	return alone.ReactionTrack{Used: s.trackUsed(), PlayedThisTurn: s.T.Reactions}
}

// clone is a deep copy through JSON, the form the state is kept in anyway.
func (s *State) clone() *State {
	b, err := json.Marshal(s)
	if err != nil {
		panic(fmt.Sprintf("alone: state cannot be copied: %v", err))
	}
	var c State
	if err := json.Unmarshal(b, &c); err != nil {
		panic(fmt.Sprintf("alone: state cannot be copied: %v", err))
	}
	return &c
}

func (s *State) item(id string) (int, *Item) {
	for i := range s.Items {
		if s.Items[i].ID == id {
			return i, &s.Items[i]
		}
	}
	return -1, nil
}

func (s *State) hear(say string) {
	s.Heard = append(s.Heard, Heard{Round: s.Round, Turn: s.Turn(), Say: say})
}
