package reich

import (
	"tablekeeper/automa"
	"tablekeeper/automa/reich/content"
)

// Outcome is a resolved request: every change to the table as plain data,
// in the order it happened (so the tracker can record each as an event),
// the attacks the enemy makes, the table as it stands afterwards, and the
// trace that explains it.
type Outcome struct {
	Resolved string   `json:"resolved"`
	Changes  []Change `json:"changes"`
	Attacks  []Attack `json:"attacks,omitempty"`
	// Target answers a heroTarget request.
	Target *Target `json:"target,omitempty"`
	// AlarmTriggered: something set the alarm off (the early procedure of
	// §5.6 follows). MissionFailed: the last track ran out (§5.5, §11.1).
	AlarmTriggered bool `json:"alarmTriggered,omitempty"`
	MissionFailed  bool `json:"missionFailed,omitempty"`
	// AwaitingDefence: the enemy turn stopped after its last attack for the
	// defence tests (Request.PauseForDefence); After.EnemyTurn says where
	// it goes on from.
	AwaitingDefence bool `json:"awaitingDefence,omitempty"`
	// Sightings are the players' answers on lines of sight that still hold
	// at the end, each with its basis: give them back under answers.los
	// with the next request, and they are not asked again while nothing
	// between the two areas changes.
	Sightings []LOSAnswer  `json:"sightings,omitempty"`
	After     State        `json:"after"`
	Trace     automa.Trace `json:"trace"`
}

// Change kinds.
const (
	ChUnitPlaced        = "unitPlaced"         // Unit, Code, Area
	ChShortfall         = "shortfall"          // Code, Area, N: miniatures not placed (limit or Unique)
	ChUnitMoved         = "unitMoved"          // Unit, From, To
	ChUnitWounded       = "unitWounded"        // Unit, N (wound tokens now)
	ChUnitFlipped       = "unitFlipped"        // Unit, N (unit card side now)
	ChUnitKilled        = "unitKilled"         // Unit, Area
	ChHeroWounded       = "heroWounded"        // Hero, N permanent wounds taken automatically
	ChHeroKnockedDown   = "heroKnockedDown"    // Hero
	ChDoorUnlocked      = "doorUnlocked"       // Door (locked → closed, lock discarded)
	ChDoorOpened        = "doorOpened"         // Door, From (its old state)
	ChAwareness         = "awareness"          // Room, From, To (level names)
	ChTokenPlaced       = "tokenPlaced"        // Token, Area, Icons
	ChTokenRemoved      = "tokenRemoved"       // Token, Area
	ChTokenFlipped      = "tokenFlipped"       // Token, Area, To ("cleared" or "spawn")
	ChTokenRevealed     = "tokenRevealed"      // Token, Icons
	ChFeatureRevealed   = "featureRevealed"    // Feature, Icons
	ChFeatureDiscarded  = "featureDiscarded"   // Feature
	ChSpawnCardDrawn    = "spawnCardDrawn"     // Card, Level
	ChSpawnCardDiscard  = "spawnCardDiscarded" // Card
	ChDeckShuffled      = "deckShuffled"       // Text (which deck)
	ChNoiseCardDrawn    = "noiseCardDrawn"     // Card
	ChNoiseCardDiscard  = "noiseCardDiscarded" // Card
	ChClearedPlaced     = "clearedPlaced"      // Room
	ChClearedRemoved    = "clearedRemoved"     // Room: enemy units came into a cleared room (V-25)
	ChTracker           = "trackerAdvanced"    // N, From, To (positions)
	ChAlarmTriggered    = "alarmTriggered"
	ChMissionFailed     = "missionFailed"
	ChAwarenessRemoved  = "awarenessRemoved" // the alarm removes every awareness token
	ChNoiseDeckSwapped  = "noiseDeckSwapped"
	ChEffectsEnded      = "ongoingEffectsEnded"
	ChSuppressedRemoved = "suppressedRemoved" // Area
	ChBoom              = "boom"              // Cause, Area: an explosion's BOOM
	ChForPlayers        = "forPlayers"        // Text: something the players resolve by hand
)

// Change is one change to the table. Only the fields its Kind uses are set.
type Change struct {
	Kind    string          `json:"kind"`
	Unit    string          `json:"unit,omitempty"`
	Code    string          `json:"code,omitempty"`
	Hero    string          `json:"hero,omitempty"`
	Area    string          `json:"area,omitempty"`
	From    string          `json:"from,omitempty"`
	To      string          `json:"to,omitempty"`
	Door    string          `json:"door,omitempty"`
	Room    string          `json:"room,omitempty"`
	Token   string          `json:"token,omitempty"`
	Feature string          `json:"feature,omitempty"`
	Card    string          `json:"card,omitempty"`
	Level   content.Level   `json:"level,omitempty"`
	Icons   []content.Level `json:"icons,omitempty"`
	N       int             `json:"n,omitempty"`
	Cause   string          `json:"cause,omitempty"`
	Text    string          `json:"text,omitempty"`
	// Step is the trace step that made the change (from 0; -1 before any):
	// the step a Why names for it.
	Step int `json:"step"`
}

// Attack is one enemy attack: a single unit's, or a combined attack of
// several units of one type at one hero in one mode (§7.5.5).
type Attack struct {
	Phase int    `json:"phase"` // 2 for a Ruthless shot, 3 otherwise
	Code  string `json:"code"`
	Mode  string `json:"mode"` // melee or ranged
	// Target is the hero attacked; Defenders are the heroes who each make a
	// defence test against Total (more than one for Chain Fire / Psychic Blast).
	Target     string   `json:"target"`
	Defenders  []string `json:"defenders"`
	Main       string   `json:"main"`
	Supporters []string `json:"supporters,omitempty"`
	Total      int      `json:"total"`
	Breakdown  []string `json:"breakdown"`
	// NoItems: heroes may not use items on this defence test (Vril Acid).
	NoItems bool `json:"noItems,omitempty"`
	// OnWound lists what happens to a hero this attack wounds (Crush, Repulse, Smash!).
	OnWound []string `json:"onWound,omitempty"`
	// Step is the trace step that made the attack (from 0).
	Step int `json:"step"`
}
