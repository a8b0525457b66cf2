package alone

import (
	"fmt"
	"strings"
)

// Settings holds the readings of the spec's AMBIGUOUS rules that the spec
// names as options (§10 ambiguity register), plus the Evil policy's
// difficulty knob (§7.4). DefaultSettings gives the spec's readings.
type Settings struct {
	// NightmareLossOnTriggerRound: lose the Nightmare 2 SC at the end of the
	// Round in which Nightmare Mode is triggered too (AMB-1; spec: false).
	NightmareLossOnTriggerRound bool `json:"nightmareLossOnTriggerRound"`
	// SpawnDistanceIgnoresBlockedDoors: measure the Spawn distance through
	// Blocked Doors (AMB-4; spec: false, Blocked Doors are impassable).
	SpawnDistanceIgnoresBlockedDoors bool `json:"spawnDistanceIgnoresBlockedDoors"`
	// DangerousCheck: which Sector decides whether a Reaction is Dangerous,
	// the Hero's when the card resolves or when the Action began (AMB-5).
	DangerousCheck DangerousCheck `json:"dangerousCheck"`
	// CombineCreatureAttacks: resolve all end-of-Turn attacks as one damage
	// event (AMB-6; spec: false, separate events in an Evil-chosen order).
	CombineCreatureAttacks bool `json:"combineCreatureAttacks"`
	// AoOAllowsHeroRerolls: Dexterity and Items may reroll an Attack of
	// Opportunity (AMB-7; spec: false).
	AoOAllowsHeroRerolls bool `json:"aooAllowsHeroRerolls"`
	// WinCheckFirst: when one step both wins and defeats, the win counts
	// (AMB-20; spec: true).
	WinCheckFirst bool `json:"winCheckFirst"`
	// Aggression is the app's Evil difficulty knob (§7.4): low, normal or
	// high scale the Strike threshold and the pacing budget.
	Aggression Aggression `json:"aggression"`
}

// DangerousCheck is the AMB-5 option.
type DangerousCheck string

// The two readings of AMB-5.
const (
	AtResolution  DangerousCheck = "atResolution"
	AtActionStart DangerousCheck = "atActionStart"
)

// Aggression is the §7.4 difficulty knob.
type Aggression string

// Aggression levels.
const (
	AggressionLow    Aggression = "low"
	AggressionNormal Aggression = "normal"
	AggressionHigh   Aggression = "high"
)

// DefaultSettings is the spec's reading of every AMBIGUOUS option.
func DefaultSettings() Settings {
	return Settings{
		DangerousCheck: AtResolution,
		WinCheckFirst:  true,
		Aggression:     AggressionNormal,
	}
}

// Validate rejects option values the spec does not name.
func (s Settings) Validate() error {
	switch s.DangerousCheck {
	case AtResolution, AtActionStart:
	default:
		return fmt.Errorf("settings.dangerousCheck is %q; use %q or %q", s.DangerousCheck, AtResolution, AtActionStart)
	}
	switch s.Aggression {
	case AggressionLow, AggressionNormal, AggressionHigh:
	default:
		return fmt.Errorf("settings.aggression is %q; use low, normal or high", s.Aggression)
	}
	return nil
}

// strikeThreshold is the value a Strike must reach (§7.4 difficulty knob).
func (s Settings) strikeThreshold() float64 {
	switch s.Aggression {
	case AggressionLow:
		return 1.5
	case AggressionHigh:
		return 0.5
	}
	return 1.0
}

// pacingScale multiplies the pacing budget (§7.4 difficulty knob).
func (s Settings) pacingScale() float64 {
	switch s.Aggression {
	case AggressionLow:
		return 0.75
	case AggressionHigh:
		return 1.25
	}
	return 1.0
}

// Config holds the values printed on components that the manuals do not
// give (spec §9). Defaults are the spec's placeholders, flagged UNVERIFIED
// there; a game should load the real values from its Hero sheet.
type Config struct {
	// HealthMax is the top of the Life and SC tracks (hint: 12).
	HealthMax int `json:"healthMax"`
	// HealingCap[i] is the cap with the Round marker on space i, where 0 is
	// the final (leftmost) space and the last index the rightmost.
	HealingCap []int `json:"healingCap"`
	// AdrenalineTrack[v] is the pool for min(Life, SC) = v.
	AdrenalineTrack []int `json:"adrenalineTrack"`
	// ReactionSpaces is the number of card spaces on the Reaction Track, and
	// DangerSpaces the (0-based) spaces that show a Danger symbol. One more
	// symbol always sits after the last space.
	ReactionSpaces int   `json:"reactionSpaces"`
	DangerSpaces   []int `json:"dangerSpaces"`
	// Dice is the virtual dice's face weights (HIT : SPECIAL : BLANK).
	Dice DiceWeights `json:"dice"`
	// Tokens is the number of Creature tokens of each type in the box.
	Tokens map[CreatureType]int `json:"tokens"`
	// LevelLimit is the Creatures allowed on one Level (4 unless a Mission
	// lifts it).
	LevelLimit int `json:"levelLimit"`
	// HandSizes per number of Evil players are fixed by the rules (§2.1).
}

// DiceWeights are the relative chances of the three faces.
type DiceWeights struct {
	Hit     int `json:"hit"`
	Special int `json:"special"`
	Blank   int `json:"blank"`
}

// MaxDangerPerLevel is the Danger token cap per Level (§4.11).
const MaxDangerPerLevel = 8

// DefaultLevelLimit is the Creature cap per Level (§4.3).
const DefaultLevelLimit = 4

// DefaultConfig is the spec's placeholder configuration (§9, UNVERIFIED
// except where the manuals confirm a value).
func DefaultConfig() Config {
	cap := make([]int, 9)
	// UNVERIFIED placeholder: the cap falls by one per Round spent, from 12
	// at the start space. The real values are printed on the Hero sheet.
	for i := range cap {
		cap[i] = 4 + i
	}
	adr := make([]int, 13)
	// UNVERIFIED placeholder shaped around the one confirmed value
	// adrenalineTrack[3] = 5 and the start pool of 3: the pool grows as
	// health drops.
	for v := range adr {
		switch {
		case v <= 3:
			adr[v] = 5
		case v <= 7:
			adr[v] = 4
		default:
			adr[v] = 3
		}
	}
	return Config{
		HealthMax:       12,
		HealingCap:      cap,
		AdrenalineTrack: adr,
		ReactionSpaces:  10,
		DangerSpaces:    []int{7, 8, 9},
		Dice:            DiceWeights{Hit: 1, Special: 1, Blank: 1},
		Tokens:          map[CreatureType]int{Spore: 3, Parasite: 3, Cultist: 3, Hybrid: 3, Worm: 3, Boss: 2},
		LevelLimit:      DefaultLevelLimit,
	}
}

// Validate checks the configuration (spec §8 V32). Warnings are returned
// separately: they do not stop play.
func (c Config) Validate() (warnings []string, err error) {
	var probs []string
	if c.HealthMax < 1 {
		probs = append(probs, fmt.Sprintf("healthMax is %d; it must be at least 1", c.HealthMax))
	}
	if len(c.HealingCap) == 0 {
		probs = append(probs, "healingCap is empty; give one cap per Round track space")
	}
	for i := 1; i < len(c.HealingCap); i++ {
		if c.HealingCap[i] < c.HealingCap[i-1] {
			probs = append(probs, fmt.Sprintf("healingCap[%d] = %d is lower than healingCap[%d] = %d; the cap may not fall toward the start space", i, c.HealingCap[i], i-1, c.HealingCap[i-1]))
		}
	}
	if len(c.AdrenalineTrack) != c.HealthMax+1 {
		probs = append(probs, fmt.Sprintf("adrenalineTrack has %d values; it needs one for each health value 0..%d", len(c.AdrenalineTrack), c.HealthMax))
	} else if c.HealthMax >= 3 && c.AdrenalineTrack[3] != 5 {
		warnings = append(warnings, fmt.Sprintf("adrenalineTrack[3] is %d, but the manuals' example gives 5", c.AdrenalineTrack[3]))
	}
	if c.ReactionSpaces < 1 || c.ReactionSpaces > 40 {
		probs = append(probs, fmt.Sprintf("reactionSpaces is %d; the Reaction Track has 1 to 40 spaces", c.ReactionSpaces))
	}
	if c.HealthMax > 100 {
		probs = append(probs, fmt.Sprintf("healthMax is %d; a health track has at most 100 spaces", c.HealthMax))
	}
	for _, d := range c.DangerSpaces {
		if d < 0 || d >= c.ReactionSpaces {
			probs = append(probs, fmt.Sprintf("dangerSpaces names space %d, outside the track's spaces 0..%d", d, c.ReactionSpaces-1))
		}
	}
	if c.Dice.Hit < 0 || c.Dice.Special < 0 || c.Dice.Blank < 0 || c.Dice.Hit+c.Dice.Special+c.Dice.Blank == 0 {
		probs = append(probs, "dice weights must be non-negative and not all 0")
	}
	for t, n := range c.Tokens {
		if !t.Valid() {
			probs = append(probs, fmt.Sprintf("tokens names %q, which is not a Creature type", t))
		} else if n < 0 {
			probs = append(probs, fmt.Sprintf("tokens for %s is %d; it cannot be negative", t, n))
		}
	}
	if c.LevelLimit < 1 {
		probs = append(probs, fmt.Sprintf("levelLimit is %d; at least 1", c.LevelLimit))
	}
	if probs != nil {
		return warnings, fmt.Errorf("config: %s", strings.Join(probs, "; "))
	}
	return warnings, nil
}

func (c Config) levelLimit() int {
	if c.LevelLimit <= 0 {
		return DefaultLevelLimit
	}
	return c.LevelLimit
}

func (c Config) tokens(t CreatureType) int {
	if c.Tokens == nil {
		return DefaultConfig().Tokens[t]
	}
	if n, ok := c.Tokens[t]; ok {
		return n
	}
	return DefaultConfig().Tokens[t]
}

// HandSize is the hand limit per Evil player for 1, 2 or 3 players (§2.1).
func HandSize(players int) (int, error) {
	switch players {
	case 1:
		return 10, nil
	case 2:
		return 6, nil
	case 3:
		return 4, nil
	}
	return 0, fmt.Errorf("there are %d Evil players; the game has 1 to 3", players)
}
