package eternaut

import (
	"encoding/json"
	"slices"
)

// Constants of spec §1.
const (
	ActionDeckSize       = 40
	EndRoundThreshold    = 4
	CharMaxLP            = 10
	BetweenScenarioHeal  = 2
	AmmoCapPerCharacter  = 5
	AmmoReserveCap       = 20
	AmmoCountersInGame   = 20
	ItemCapBase          = 4
	SKMaxPerCharacter    = 2
	HeavyWoundRoundDmg   = 2
	HeavyWoundExtraDmg   = 2
	CubesForActivation   = 4
	TimerStartC          = 8
	FatigueCardsInGame   = 10
	CostSAC, CostSK      = 2, 3
	CostPA, CostGA       = 4, 5
	ExchangeDraw         = 5
	MaxDropPileLetters   = 4
	DefaultTimerMax      = 20
	MaxEventCounterID    = 10
	DeviceRamDamage      = 3
	FightingBonusDamage  = 2
	MoveThroughDamage    = 1
	MaxCharactersInPlay  = 4
	MaxCharactersInPlayE = 3
)

// DrawTo is how many cards a player holds after the draw step (T1): the
// hand size plus one (§1, §5.1).
func DrawTo(players int) int { return HandSize(players) + 1 }

// HandSize is the starting hand for a number of players (spec §1, RB p.6).
func HandSize(players int) int {
	switch players {
	case 1:
		return 10
	case 2:
		return 7
	case 3:
		return 6
	case 4:
		return 5
	case 5:
		return 4
	}
	return 0
}

// PPConstant is the purchase-point constant after each scenario (§9.6.1).
var PPConstant = map[string]int{"A": 12, "B": 13, "C": 14, "D": 15, "E": 16}

// Character statuses (spec §3.2).
const (
	Alive         = "alive"
	Dead          = "dead"
	LeftGroup     = "left_group"
	NotUnlocked   = "not_unlocked"
	OutOfCampaign = "out_of_campaign"
)

// Phases of the campaign.
const (
	PhaseBetween  = "between"  // ready to set up the next scenario
	PhasePlaying  = "playing"  // a scenario is on the table
	PhaseEnding   = "ending"   // the end-of-scenario wizard (§9)
	PhaseFinished = "finished" // the campaign is won and scored (§10.3)
	PhaseLost     = "lost"     // the campaign is lost (§10.4)
)

// End-of-scenario wizard steps, in the spec's order (§9.1).
const (
	StepObjectives = "objectives"
	StepItems      = "items"
	StepRecord     = "record"
	StepQuests     = "quests"
	StepUnlocks    = "unlocks"
	StepShop       = "shop"
	StepFinale     = "finale"
)

// Alert counter states (Scenario B, §11).
const (
	AlertAbsent    = "absent"
	AlertOnDeck    = "on_deck_green"
	AlertGreen     = "green"
	AlertRed       = "red"
	MenaceLightBlu = "light-blue"
	MenaceRed      = "red"
)

// Settings hold the readings the spec leaves to the group (§13). They are
// part of the campaign state and change only through ChangeSettings.
type Settings struct {
	// TimerMax is the Timer track's last space (§5.4, §13.2).
	TimerMax int `json:"timerMax"`
	// PassFirstPlayer hands the next round's first turn to the player left
	// of the one who ended the round, instead of the First Player (§5.3 E6,
	// §13.5: the spec's reading is false).
	PassFirstPlayer bool `json:"passFirstPlayer,omitempty"`
	// RedealAfterSurvivors deals the cubes again after the Survivors move
	// in B (§5.7 C3, §13.8: true).
	RedealAfterSurvivors bool `json:"redealAfterSurvivors"`
	// ActivationBeforeEndOfRound resolves the cube activation before an end
	// of round triggered in the same turn (§5.7 C4, §13.7: true).
	ActivationBeforeEndOfRound bool `json:"activationBeforeEndOfRound"`
	// TankFuelPerTurn takes 1 Fuel at the start of every player turn while
	// someone operates the Tank (§11 F, §13.28: true).
	TankFuelPerTurn bool `json:"tankFuelPerTurn"`
	// MaskedReturnLP is the life a dead Masked Figure comes back with
	// (§7.13 step 4, §13.21: 10).
	MaskedReturnLP int `json:"maskedReturnLP"`
}

// DefaultSettings are the spec's readings.
func DefaultSettings() Settings {
	return Settings{TimerMax: DefaultTimerMax, RedealAfterSurvivors: true, ActivationBeforeEndOfRound: true,
		TankFuelPerTurn: true, MaskedReturnLP: CharMaxLP}
}

// Penalties are the penalty cards on a Character (§7.4).
type Penalties struct {
	Fatigue    int  `json:"fatigue,omitempty"`
	HeavyWound bool `json:"heavyWound,omitempty"`
	Madness    bool `json:"madness,omitempty"`
}

// Count is how many penalty cards they are (each takes a slot, §5.2).
func (p Penalties) Count() int {
	n := p.Fatigue
	if p.HeavyWound {
		n++
	}
	if p.Madness {
		n++
	}
	return n
}

// A SkillCounter is a bought SK with the skill printed on it (§7.9).
type SkillCounter struct {
	ID    string `json:"id"`
	Skill string `json:"skill,omitempty"`
}

// An Ability is a Personal or Group Ability card (§7.10, §7.11).
type Ability struct {
	ID        string `json:"id"`
	Permanent bool   `json:"permanent,omitempty"`
	FaceDown  bool   `json:"faceDown,omitempty"`
}

// A Character is one roster entry: campaign-level facts and, while a
// scenario is on the table, the live values of the figure in play.
type Character struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Masked bool   `json:"masked,omitempty"`
	Status string `json:"status"`
	// Found says the Character was ever unlocked (Special Quest #4).
	Found bool `json:"found,omitempty"`
	// AwaitsReveal: unlocked but joins only when the story reveals it
	// (911 in E2, §10.2).
	AwaitsReveal bool `json:"awaitsReveal,omitempty"`
	// ReturnsNext: a Masked Figure that died and comes back next scenario.
	ReturnsNext bool `json:"returnsNext,omitempty"`

	LP        int            `json:"lp"`
	Penalties Penalties      `json:"penalties"`
	Skills    []SkillCounter `json:"skills,omitempty"`
	PA        *Ability       `json:"pa,omitempty"`
	// Items: held cards. Between A and B they are the per-character items
	// of diary A; from B on they exist only during a scenario.
	Items    []string `json:"items,omitempty"`
	Bag      string   `json:"bag,omitempty"`
	BagItems []string `json:"bagItems,omitempty"`
	Ammo     int      `json:"ammo,omitempty"`

	// Live scenario facts.
	InPlay      bool   `json:"inPlay,omitempty"`
	Played      bool   `json:"played,omitempty"`
	Board       string `json:"board,omitempty"`
	ActionCards int    `json:"actionCards,omitempty"`
	Cubes       int    `json:"cubes,omitempty"`
	Unavailable bool   `json:"unavailable,omitempty"`
	Operating   string `json:"operating,omitempty"`
	DiedHere    bool   `json:"diedHere,omitempty"`
}

// Capacity is how many item cards the Character may hold (§7.7.1).
func (c *Character) Capacity() int {
	n := ItemCapBase
	for _, sk := range c.Skills {
		n += skBonus(sk.ID)
	}
	return n
}

// Gone says the Character is out of the group (a skull in the diary).
func (c *Character) Gone() bool { return c.Status == Dead || c.Status == LeftGroup }

// LeftUnrevealed says c is the 911 the group met but E2 never revealed: it
// left the campaign at the end of E (§10.2).
func (c *Character) LeftUnrevealed() bool {
	return c.ID == "911" && c.Found && c.Status == OutOfCampaign
}

// BoardCount is the cards that count toward the end of the round (§5.2).
func (c *Character) BoardCount() int { return c.ActionCards + c.Penalties.Count() }

// A DiaryRow is one Character's line in a diary section (§8.1).
type DiaryRow struct {
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	Played    bool           `json:"played,omitempty"`
	LP        int            `json:"lp,omitempty"`
	LPAtEnd   int            `json:"lpAtEnd,omitempty"`
	Skull     bool           `json:"skull,omitempty"`
	Items     []string       `json:"items,omitempty"`
	Penalties Penalties      `json:"penalties"`
	Skills    []SkillCounter `json:"skills,omitempty"`
	PA        string         `json:"pa,omitempty"`
}

// A Purchase is one thing bought in a purchase phase (§9.6).
type Purchase struct {
	Kind   string `json:"kind"`
	ID     string `json:"id"`
	Char   string `json:"char,omitempty"`
	Cost   int    `json:"cost"`
	Remove string `json:"remove,omitempty"`
}

// A DiarySection is one scenario's page of the Chronicle Diary (§8.1).
type DiarySection struct {
	Letter        string     `json:"letter"`
	Variant       int        `json:"variant,omitempty"`
	Rows          []DiaryRow `json:"rows,omitempty"`
	Checks        int        `json:"checks,omitempty"`
	Crosses       int        `json:"crosses,omitempty"`
	Score         int        `json:"score,omitempty"`
	Scored        bool       `json:"scored,omitempty"`
	Epilogue      string     `json:"epilogue,omitempty"`
	SpecialQuests []string   `json:"specialQuests,omitempty"`
	ItemReserve   []string   `json:"itemReserve,omitempty"`
	Ammo          int        `json:"ammo,omitempty"`
	Notes         []string   `json:"notes,omitempty"`
	TruckItems    []string   `json:"truckItems,omitempty"`
	TruckAmmo     int        `json:"truckAmmo,omitempty"`
	BasePP        int        `json:"basePP,omitempty"`
	AvailablePP   int        `json:"availablePP,omitempty"`
	RemainingPP   int        `json:"remainingPP,omitempty"`
	Purchases     []Purchase `json:"purchases,omitempty"`
	// SpecialContent lists the Special Action cards bought, by name.
	SpecialContent []string `json:"specialContent,omitempty"`
	GroupAbilities []string `json:"groupAbilities,omitempty"`
}

// Row returns the section's row for a Character, or nil.
func (d *DiarySection) Row(id string) *DiaryRow {
	for i := range d.Rows {
		if d.Rows[i].ID == id {
			return &d.Rows[i]
		}
	}
	return nil
}

// Pool is the Available Supply (§9.6.2).
type Pool struct {
	SACs int      `json:"sacs"`
	SKs  []string `json:"sks,omitempty"`
	PAs  []string `json:"pas,omitempty"`
	GAs  []string `json:"gas,omitempty"`
}

// Deck is the Action deck's composition (§9.6.4): basic cards by name and
// the Special Action cards bought. It always holds ActionDeckSize cards.
type Deck struct {
	Basic    map[string]int `json:"basic"`
	Specials []string       `json:"specials,omitempty"`
}

// Size is the number of cards in the deck.
func (d Deck) Size() int {
	n := len(d.Specials)
	for _, c := range d.Basic {
		n += c
	}
	return n
}

// DefaultDeck is an even split over the basic card names the rulebook
// shows; the group sets its real counts with SetDeck.
func DefaultDeck() Deck {
	return Deck{Basic: map[string]int{"Moving On": 8, "Rummage": 8, "Take Action": 8, "Take a Break": 8, "Coordination": 8}}
}

// A ParagraphRead is one entry of the searchable paragraph history (§6.5).
type ParagraphRead struct {
	Key      string `json:"key"`
	Kind     string `json:"kind,omitempty"`
	Scenario string `json:"scenario,omitempty"`
	Round    int    `json:"round,omitempty"`
	By       string `json:"by,omitempty"`
	Note     string `json:"note,omitempty"`
}

// A Snapshot is the campaign as it stood after a completed scenario, for a
// restart after a loss (§10.4).
type Snapshot struct {
	After string          `json:"after"`
	State json.RawMessage `json:"state"`
}

// State is the whole campaign.
type State struct {
	Started  bool         `json:"started"`
	Players  int          `json:"players"`
	Settings Settings     `json:"settings"`
	Roster   []*Character `json:"roster"`
	// Diary holds the six sections A to F, in order.
	Diary []DiarySection `json:"diary"`
	// Quests are the Special Quest Epilogue outcomes #1..#7 ("" = empty).
	Quests         [7]string `json:"quests"`
	CampaignScore  int       `json:"campaignScore,omitempty"`
	Band           string    `json:"band,omitempty"`
	Pool           Pool      `json:"pool"`
	Deck           Deck      `json:"deck"`
	GroupAbilities []Ability `json:"groupAbilities,omitempty"`
	Phase          string    `json:"phase"`
	// Next is the scenario to set up next ("" before the first setup
	// means A).
	Next   string   `json:"next"`
	Played []string `json:"played,omitempty"`
	// SnowParagraph is the paragraph printed on Rule card R-01 (A).
	SnowParagraph string          `json:"snowParagraph,omitempty"`
	Scenario      *Scenario       `json:"scenario,omitempty"`
	End           *EndWizard      `json:"end,omitempty"`
	Paragraphs    []ParagraphRead `json:"paragraphs,omitempty"`
	Snapshots     []Snapshot      `json:"snapshots,omitempty"`
	Restarts      int             `json:"restarts,omitempty"`
	LossReason    string          `json:"lossReason,omitempty"`
	// Reminders are what the latest action asks the players to do (read a
	// paragraph, resolve a Menace section...). Each action replaces them.
	Reminders []string `json:"reminders,omitempty"`
}

// EndWizard tracks the end-of-scenario procedure (§9).
type EndWizard struct {
	Scenario string `json:"scenario"`
	Step     string `json:"step"`
	// Failed is set when the Timer reached the clock.
	Clock bool `json:"clock,omitempty"`
	Spent int  `json:"spent,omitempty"`
}

// Char finds a roster Character by ID.
func (s *State) Char(id string) *Character {
	for _, c := range s.Roster {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// Section returns the diary section for a letter (A..F).
func (s *State) Section(letter string) *DiarySection {
	for i := range s.Diary {
		if s.Diary[i].Letter == letter {
			return &s.Diary[i]
		}
	}
	return nil
}

// InPlay lists the Characters on the table, in board order (the order
// they were chosen at setup, a reinforcement on its dead Character's
// board, a newcomer last): the leftmost board gets the extra cube of an
// uneven deal (§5.7 C1).
func (s *State) InPlay() []*Character {
	var out []*Character
	if s.Scenario != nil {
		for _, id := range s.Scenario.Boards {
			if c := s.Char(id); c != nil && c.InPlay && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	for _, c := range s.Roster {
		if c.InPlay && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// Letters are the diary sections.
var Letters = []string{"A", "B", "C", "D", "E", "F"}

// ScenarioKeys are the nine Storybooks of the campaign.
var ScenarioKeys = []string{"A", "B1", "B2", "C", "D", "E1", "E2", "F1", "F2"}

// Letter is a scenario key's diary section ("B1" → "B").
func Letter(key string) string {
	if key == "" {
		return ""
	}
	return key[:1]
}

// Variant is a scenario key's variant box (0, 1 or 2).
func Variant(key string) int {
	if len(key) == 2 {
		return int(key[1] - '0')
	}
	return 0
}

// from reports whether the scenario letter is at or after the given one.
func from(key, first string) bool {
	return slices.Index(Letters, Letter(key)) >= slices.Index(Letters, first)
}

func skBonus(id string) int {
	switch id {
	case "SK-07", "SK-08", "SK-09":
		return 2
	}
	return 1
}
