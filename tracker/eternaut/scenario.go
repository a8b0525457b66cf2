package eternaut

import (
	"tablekeeper/automa/eternaut"
)

// Scenario is the live scenario on the table (spec §3.3).
type Scenario struct {
	Key        string `json:"key"`
	Side       string `json:"side"`
	TimerStart int    `json:"timerStart"`
	Timer      int    `json:"timer"`
	// Events maps a Timer-track space to its Event counters, top to bottom.
	Events      map[int][]string `json:"events,omitempty"`
	FirstPlayer int              `json:"firstPlayer"`
	Active      int              `json:"active"`
	Turn        int              `json:"turn"`
	// Exchanged and CardPlayed are the active player's T2 and T3.
	Exchanged  bool `json:"exchanged,omitempty"`
	CardPlayed bool `json:"cardPlayed,omitempty"`
	// Boards are the Character IDs on the boards, in board order.
	Boards []string `json:"boards"`

	CubesActive   bool               `json:"cubesActive,omitempty"`
	CubesOnTarget int                `json:"cubesOnTarget,omitempty"`
	R02Revealed   bool               `json:"r02Revealed,omitempty"`
	Alert         string             `json:"alert,omitempty"`
	Aliens        []eternaut.Module  `json:"aliens,omitempty"`
	MenaceDeck    string             `json:"menaceDeck,omitempty"`
	Objectives    []Objective        `json:"objectives,omitempty"`
	SpecialQuests []string           `json:"specialQuests,omitempty"`
	DropPiles     []DropPile         `json:"dropPiles,omitempty"`
	Figures       []Figure           `json:"figures,omitempty"`
	Tank          *Tank              `json:"tank,omitempty"`
	Mystery       *MysteriousDevice  `json:"mystery,omitempty"`
	Snowflakes    int                `json:"snowflakes,omitempty"`
	TruckItems    []string           `json:"truckItems,omitempty"`
	TruckAmmo     int                `json:"truckAmmo,omitempty"`
	Returning     []string           `json:"returning,omitempty"`
	LossPending   bool               `json:"lossPending,omitempty"`
	Activations   []ActivationRecord `json:"activations,omitempty"`
}

// An ActivationRecord is one enemy activation the app decided, with the
// trace summary.
type ActivationRecord struct {
	Round int    `json:"round"`
	What  string `json:"what"`
	Trace string `json:"trace"`
}

// Round is the round shown to the players: start − timer + 1 (§5.4).
func (sc *Scenario) Round() int { return max(1, sc.TimerStart-sc.Timer+1) }

// An Objective is a revealed Objective card (§9.1 step 1).
type Objective struct {
	ID    string `json:"id"`
	State string `json:"state"` // open, succeeded, failed
}

// A DropPile is a Drop counter with the items on it (§7.7.3).
type DropPile struct {
	Letter string   `json:"letter"`
	Where  string   `json:"where,omitempty"`
	Items  []string `json:"items"`
}

// A Figure is an NPC or Enemy on the map (§7.14).
type Figure struct {
	ID       string `json:"id"`
	Name     string `json:"name,omitempty"`
	Kind     string `json:"kind"` // npc, enemy
	MaxLP    int    `json:"maxLP"`
	LP       int    `json:"lp"`
	Defeated bool   `json:"defeated,omitempty"`
}

// Tank is the Tank of Scenario F (§11 F): its Fuel and Ammo and operator.
type Tank struct {
	Fuel      int    `json:"fuel"`
	MaxFuel   int    `json:"maxFuel"`
	Ammo      int    `json:"ammo"`
	MaxAmmo   int    `json:"maxAmmo"`
	Operator  string `json:"operator,omitempty"`
	Destroyed bool   `json:"destroyed,omitempty"`
}

// MysteriousDevice is the "???" device of Scenario F (§11 F).
type MysteriousDevice struct {
	LP       int    `json:"lp"`
	MaxLP    int    `json:"maxLP"`
	Operator string `json:"operator,omitempty"`
}

func (sc *Scenario) figure(id string) *Figure {
	for i := range sc.Figures {
		if sc.Figures[i].ID == id {
			return &sc.Figures[i]
		}
	}
	return nil
}

func (sc *Scenario) pile(letter string) *DropPile {
	for i := range sc.DropPiles {
		if sc.DropPiles[i].Letter == letter {
			return &sc.DropPiles[i]
		}
	}
	return nil
}

// nextPileLetter is the first free Drop counter letter; past the 4 pairs
// the app makes extra labels (§7.7.3), and says so.
func (sc *Scenario) nextPileLetter() (string, bool) {
	for i := 0; ; i++ {
		l := string(rune('A' + i%26))
		if i >= 26 {
			l += string(rune('0' + i/26))
		}
		if sc.pile(l) == nil {
			return l, i >= MaxDropPileLetters
		}
	}
}

// A TimerSpace is one space of the Timer track as the board draws it.
type TimerSpace struct {
	Space  int      `json:"space"`
	Clock  bool     `json:"clock,omitempty"`
	Token  bool     `json:"token,omitempty"`
	Events []string `json:"events,omitempty"` // top to bottom
}

// TimerTrack lists the track's spaces from the clock (0) to the last one,
// with the Timer token and the Event counters on them, for the screen
// that draws the track.
func TimerTrack(sc *Scenario, timerMax int) []TimerSpace {
	if sc == nil || timerMax < 1 {
		return nil
	}
	out := make([]TimerSpace, 0, timerMax+1)
	for i := 0; i <= timerMax; i++ {
		out = append(out, TimerSpace{Space: i, Clock: i == 0, Token: sc.Timer == i, Events: sc.Events[i]})
	}
	return out
}
