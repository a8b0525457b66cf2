package reich

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// Phases of the game the enemy rules distinguish (spec §3.1).
const (
	PreAlarm   = "preAlarm"
	PostAlarm  = "postAlarm"
	AlienWorld = "alienWorld" // Not of this Earth!: pre-alarm rules, no alarm
)

// Moments within a round (spec §5.1); they decide whether a sighting
// raises awareness at once (hero turn, end of round) or waits for phase 4
// (enemy turn).
const (
	HeroTurn   = "heroTurn"
	EnemyTurn  = "enemyTurn"
	EndOfRound = "endOfRound"
)

// Situation is one question put to the enemy rules: the content, the map,
// the table as it stands, what to resolve, the players' answers to what
// the map cannot know, and the house rules.
type Situation struct {
	Content  content.Content `json:"content"`
	Map      content.Map     `json:"map"`
	State    State           `json:"state"`
	Resolve  Request         `json:"resolve"`
	Answers  Answers         `json:"answers,omitempty"`
	Settings Settings        `json:"settings"`
	// Seed drives the deck reshuffles the rules need when a draw pile runs
	// out (the tracker passes its own seeded draw source instead).
	Seed uint64 `json:"seed,omitempty"`
}

// State is the table as it stands (spec §3).
type State struct {
	Phase  string `json:"phase"`
	During string `json:"during,omitempty"`
	// CurrentHero is the hero whose turn it is, or whose turn came last
	// (the "most recent hero", the triggering hero of spawns).
	CurrentHero string `json:"currentHero,omitempty"`
	// HeroesActed lists the heroes who have had (or are having) their turn
	// this round, in order: the targeting tie-break (§7.2).
	HeroesActed []string   `json:"heroesActed,omitempty"`
	Tracker     *Tracker   `json:"tracker,omitempty"`
	Doors       DoorStates `json:"doors,omitempty"`
	// Rooms holds each room's awareness and cleared token; rooms not
	// listed are at ease and not cleared.
	Rooms  map[string]*RoomState `json:"rooms,omitempty"`
	Units  []Unit                `json:"units"`
	Heroes []Hero                `json:"heroes"`
	// SpawnTokens on the map now; when absent, the map's starting tokens.
	SpawnTokens []Token `json:"spawnTokens"`
	// RoomFeatures lists the features already revealed (the rest are face down).
	RevealedFeatures []string `json:"revealedFeatures,omitempty"`
	Obscured         []string `json:"obscured,omitempty"`
	Suppressed       []string `json:"suppressed,omitempty"`
	// DogBiscuits lists areas where a hero used Dog Biscuits this turn.
	DogBiscuits []string `json:"dogBiscuits,omitempty"`
	// PlacedEver counts the miniatures of each unit code ever placed this
	// mission (for Unique and the lifetime reading of the "#" limit).
	PlacedEver map[string]int `json:"placedEver,omitempty"`
	SpawnDeck  *Deck          `json:"spawnDeck,omitempty"`
	NoiseDeck  *Deck          `json:"noiseDeck,omitempty"`
	// EnemyTurn is an enemy turn stopped for the heroes' defence tests
	// (resolve.pauseForDefence); resolving enemyTurn on this state, with
	// the heroes as the tests left them, carries it on (§7.5.2, §7.5.5).
	EnemyTurn *EnemyTurnProgress `json:"enemyTurn,omitempty"`
}

// EnemyTurnProgress is where a paused enemy turn stands: the phase (2 or
// 3), the unit type in faction order whose attacks are under way, and the
// units of that type still to attack (the §7.5.2 snapshot less those that
// have attacked). Each of them picks its target again when the turn goes
// on, so it sees what the earlier attacks did (§7.2: only a hero not
// downed and not captured can be attacked).
type EnemyTurnProgress struct {
	// Free: the alarm's free enemy turn (§5.6 step 6); the alarm sequence
	// finishes after it.
	Free  bool     `json:"free,omitempty"`
	Phase int      `json:"phase"`
	Type  int      `json:"type"`
	Units []string `json:"units"`
	// Ruthless lists the units judged Ruthless-ready as phase 2 began;
	// Shot the units that shot in phase 2 (§7.5.4).
	Ruthless []string `json:"ruthless,omitempty"`
	Shot     []string `json:"shot,omitempty"`
	// Seen holds the enemy→hero sight lines already seen (sightings raise
	// at once unless house rule sightWaitsForPhase4), as unit/hero id pairs.
	Seen [][2]string `json:"seen,omitempty"`
}

// Clone is a copy of p sharing no slices with it.
func (p EnemyTurnProgress) Clone() EnemyTurnProgress {
	p.Units = slices.Clone(p.Units)
	p.Ruthless = slices.Clone(p.Ruthless)
	p.Shot = slices.Clone(p.Shot)
	p.Seen = slices.Clone(p.Seen)
	return p
}

// DoorStates maps door ids to their state now; doors not listed stand as
// the map sets them out.
type DoorStates map[string]content.DoorState

// Tracker is the mission tracker (spec §5.5).
type Tracker struct {
	Pos             int `json:"pos"`
	PreAlarmRounds  int `json:"preAlarmRounds,omitempty"`
	PostAlarmRounds int `json:"postAlarmRounds,omitempty"`
	AlienRounds     int `json:"alienRounds,omitempty"`
	// Colour is the current space's colour, for spawnLevelSource trackerColour.
	Colour       content.Level `json:"colour,omitempty"`
	AlarmPending bool          `json:"alarmPending,omitempty"`
	Ended        bool          `json:"ended,omitempty"`
}

// RoomState is one room's awareness bookkeeping (spec §3.2).
type RoomState struct {
	Awareness content.Awareness `json:"awareness"`
	Cleared   bool              `json:"cleared,omitempty"`
	// RaisedBySight: already raised by a sighting this hero turn.
	RaisedBySight bool `json:"raisedBySight,omitempty"`
	// RaisedThisEnemyTurn: already raised in phase 4 this enemy turn.
	RaisedThisEnemyTurn bool `json:"raisedThisEnemyTurn,omitempty"`
}

// Unit is an enemy miniature on the map (spec §3.3). The list order is
// the order they were placed, the default order within a type (§7.5.2).
type Unit struct {
	ID         string `json:"id"`
	Code       string `json:"code"`
	Area       string `json:"area"`
	Wounds     int    `json:"wounds,omitempty"`
	StateIndex int    `json:"stateIndex,omitempty"`
	// Escorted units move with their hero and count as neither heroes nor
	// enemy units (§12.1 Escort); their miniature still counts for "#".
	Escorted bool `json:"escorted,omitempty"`
}

// Hero is what the enemy rules need to know of a hero.
type Hero struct {
	ID          string `json:"id"`
	Area        string `json:"area"`
	Downed      bool   `json:"downed,omitempty"`
	Captured    bool   `json:"captured,omitempty"`
	KnockedDown bool   `json:"knockedDown,omitempty"`
	Escaped     bool   `json:"escaped,omitempty"`
}

// Token is a spawn token on the map. Origin is "map" or "patrol"; Cleared
// marks a Not of this Earth! token flipped to its cleared side (§11.3).
type Token struct {
	ID      string          `json:"id"`
	Area    string          `json:"area"`
	Icons   []content.Level `json:"icons,omitempty"`
	Origin  string          `json:"origin,omitempty"`
	Cleared bool            `json:"cleared,omitempty"`
}

// Deck is a card supply: the draw pile (first card on top) and the discard.
type Deck struct {
	DrawPile []string `json:"drawPile"`
	Discard  []string `json:"discard"`
	// Physical: the players draw this deck at the table and name each
	// card (spec §1 item 5); the app never draws it, it only checks a
	// named card can come from it: one of the deck's cards not drawn yet.
	// The draw pile's order means nothing then.
	Physical bool `json:"physical,omitempty"`
}

// Answers are the players' answers to what the map cannot know.
type Answers struct {
	// TokenIcons gives the icons of face-down spawn tokens as they are revealed.
	TokenIcons map[string][]content.Level `json:"tokenIcons,omitempty"`
	// FeatureIcons gives the spawn icons on each room feature card as it is
	// revealed (an empty list: the card shows none).
	FeatureIcons map[string][]content.Level `json:"featureIcons,omitempty"`
	// LOS answers line of sight between two areas. In assisted mode (a map
	// without sight lines) every question needs an answer; in map mode an
	// answer overrides the computed value (the table is the source of truth).
	LOS []LOSAnswer `json:"los,omitempty"`
	// Choices are the players' picks where the rules leave a tie to them
	// (CHOICE): "patrolDoor" (door id), "barracks" (target area),
	// "darknessArea" (area id), "noiseRoom" (room id), "lowerRoom" (the room
	// Auf Deutsch lowers, room id), "hero" (the hero
	// picked among tied heroes none of whom has had a turn). A pick is used
	// only when that tie arises, and must be one of the tied options.
	Choices map[string]string `json:"choices,omitempty"`
	// SpawnCards are the cards the players drew from a physical spawn
	// deck, in the order drawn; NoiseCard is the card they drew from a
	// physical noise deck (when the request names none).
	SpawnCards []string `json:"spawnCards,omitempty"`
	NoiseCard  string   `json:"noiseCard,omitempty"`
}

// LOSAnswer is the players' word on whether From sees To. Side narrows it
// to one viewer ("hero" or "enemy"; empty for both). Range is the distance
// in areas along the line, needed when See is true and the areas differ.
type LOSAnswer struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Side  string `json:"side,omitempty"`
	See   bool   `json:"see"`
	Range int    `json:"range,omitempty"`
	// Basis is what could block the line when the players answered (an
	// answer given earlier, kept by the app): the answer holds while
	// nothing between the two areas changed. Without it the answer is new
	// and its basis is noted when it is first used (Outcome.Sightings).
	Basis *SightBasis `json:"basis,omitempty"`
}

// Request is what to resolve.
type Request struct {
	// Kind is one of: noiseCard, bang, boom, sightCheck, tokenSpawn,
	// roomFeature, raiseAwareness, lowerAwareness, disguiseKit, alarm,
	// enemyTurn, patrol, barracks, darkness, woundUnit, heroTarget.
	Kind string `json:"kind"`
	// Hero is the triggering hero (default: state.currentHero).
	Hero string `json:"hero,omitempty"`
	// Card is a noise card id (noiseCard, and bang/boom after the alarm);
	// when absent the card is drawn from state.noiseDeck.
	Card string `json:"card,omitempty"`
	// Total is the noise test total (noiseCard).
	Total int `json:"total,omitempty"`
	// Cause of a BANG or BOOM: "hero" or "enemy".
	Cause string `json:"cause,omitempty"`
	// From is the area the hero just left (sightCheck after a move).
	From string `json:"from,omitempty"`
	// Door is the door just opened or unlocked by a hero (sightCheck).
	Door string `json:"door,omitempty"`
	// EndOfTurn: the hero is ending the turn (sightCheck; cleared tokens).
	EndOfTurn bool `json:"endOfTurn,omitempty"`
	// Token to spawn (tokenSpawn); Feature revealed (roomFeature).
	Token   string `json:"token,omitempty"`
	Feature string `json:"feature,omitempty"`
	// Room and Levels for raiseAwareness.
	Room   string `json:"room,omitempty"`
	Levels int    `json:"levels,omitempty"`
	// Icons, Awareness and Letter for patrol, barracks and darkness.
	Icons     []content.Level    `json:"icons,omitempty"`
	Awareness *content.Awareness `json:"awareness,omitempty"`
	Letter    string             `json:"letter,omitempty"`
	// Unit and Hit for woundUnit; Unit, Ranged and Accurate for heroTarget.
	Unit     string `json:"unit,omitempty"`
	Hit      *Hit   `json:"hit,omitempty"`
	Ranged   bool   `json:"ranged,omitempty"`
	Accurate bool   `json:"accurate,omitempty"`
	// PauseForDefence (enemyTurn, alarm): stop the enemy turn after each
	// attack (or blast that wounds a hero) so the heroes roll their defence
	// first; the outcome says AwaitingDefence and After.EnemyTurn holds the
	// place to carry on from. Without it every attack of the turn is
	// decided at once, as if no defence test changed anything.
	PauseForDefence bool `json:"pauseForDefence,omitempty"`
}

// check validates the state against the map and content: every id
// refers to something that exists, and the values are within the rules.
func (s *Situation) check(b *board.Board) error {
	st := &s.State
	switch st.Phase {
	case PreAlarm, PostAlarm, AlienWorld:
	default:
		return fmt.Errorf("state: phase %q is not preAlarm, postAlarm or alienWorld", st.Phase)
	}
	switch st.During {
	case "", HeroTurn, EnemyTurn, EndOfRound:
	default:
		return fmt.Errorf("state: during %q is not heroTurn, enemyTurn or endOfRound", st.During)
	}
	area := func(what, id string) error {
		if _, ok := b.Index(id); !ok {
			return fmt.Errorf("state: %s: area %q is not on the map", what, id)
		}
		return nil
	}
	heroes := map[string]bool{}
	if len(st.Heroes) > 4 {
		return fmt.Errorf("state: %d heroes listed; at most 4 play (V-01)", len(st.Heroes))
	}
	for i, h := range st.Heroes {
		if strings.TrimSpace(h.ID) == "" {
			return fmt.Errorf("state: hero %d has no id", i+1)
		}
		if heroes[h.ID] {
			return fmt.Errorf("state: hero %s is listed twice (V-01)", h.ID)
		}
		heroes[h.ID] = true
		if !h.Escaped {
			if err := area("hero "+h.ID, h.Area); err != nil {
				return err
			}
		}
		if h.Captured && !h.Downed {
			return fmt.Errorf("state: hero %s is captured but not downed; only a downed hero can be captured (V-20)", h.ID)
		}
	}
	if st.CurrentHero != "" && !heroes[st.CurrentHero] {
		return fmt.Errorf("state: currentHero %q is not among the heroes", st.CurrentHero)
	}
	for _, id := range st.HeroesActed {
		if !heroes[id] {
			return fmt.Errorf("state: heroesActed names %q, who is not among the heroes", id)
		}
	}
	for id, ds := range st.Doors {
		if _, ok := b.DoorIndex(id); !ok {
			return fmt.Errorf("state: doors: door %q is not on the map", id)
		}
		if !ds.Valid() {
			return fmt.Errorf("state: doors: door %s: state %q is not locked, closed or open", id, ds)
		}
	}
	rooms := map[string]bool{}
	for _, r := range b.Rooms() {
		rooms[r] = true
	}
	for id, r := range st.Rooms {
		if !rooms[id] {
			return fmt.Errorf("state: rooms: room %q is not on the map", id)
		}
		if r == nil {
			return fmt.Errorf("state: rooms: room %s has no value", id)
		}
		if !r.Awareness.Valid() {
			return fmt.Errorf("state: rooms: room %s: awareness must be 0, 1 or 2 (V-24)", id)
		}
		if st.Phase == PostAlarm && r.Awareness != content.AtEase {
			return fmt.Errorf("state: rooms: room %s has an awareness level after the alarm; awareness is not tracked then (V-24)", id)
		}
		if st.Phase == AlienWorld && r.Cleared {
			return fmt.Errorf("state: rooms: room %s has a cleared token; Not of this Earth! places none (V-25)", id)
		}
	}
	units := map[string]bool{}
	for i, u := range st.Units {
		if strings.TrimSpace(u.ID) == "" {
			return fmt.Errorf("state: unit %d has no id", i+1)
		}
		if units[u.ID] {
			return fmt.Errorf("state: unit id %q is used twice", u.ID)
		}
		units[u.ID] = true
		t := s.Content.Faction.Unit(u.Code)
		if t == nil {
			return fmt.Errorf("state: unit %s: code %q is not on the faction card", u.ID, u.Code)
		}
		if err := area("unit "+u.ID, u.Area); err != nil {
			return err
		}
		if u.Wounds < 0 || u.Wounds >= t.WoundsToKill() {
			return fmt.Errorf("state: unit %s has %d wound tokens; a %s dies at %d", u.ID, u.Wounds, t.Name, t.WoundsToKill())
		}
		if u.StateIndex < 0 || (u.StateIndex > 0 && u.StateIndex >= len(t.States)) {
			return fmt.Errorf("state: unit %s: unit card side %d does not exist", u.ID, u.StateIndex)
		}
	}
	// A cleared room holding enemy units is accepted (a table entered by
	// hand may show it); Decide first takes the stale token away (V-25).
	counts := map[string]int{}
	for _, u := range st.Units {
		counts[u.Code]++
	}
	for code, n := range counts {
		t := s.Content.Faction.Unit(code)
		if n > t.Max {
			return fmt.Errorf("state: %d %s miniatures on the map, but the faction card's # limit is %d (V-21)", n, t.Name, t.Max)
		}
		if t.Unique() && n > 1 {
			return fmt.Errorf("state: %d %s on the map, but it is Unique (V-22)", n, t.Name)
		}
	}
	for code, n := range st.PlacedEver {
		if s.Content.Faction.Unit(code) == nil {
			return fmt.Errorf("state: placedEver: code %q is not on the faction card", code)
		}
		if n < counts[code] {
			return fmt.Errorf("state: placedEver says %d %s were ever placed, but %d are on the map", n, code, counts[code])
		}
	}
	tokens := map[string]bool{}
	for i, t := range st.SpawnTokens {
		if strings.TrimSpace(t.ID) == "" {
			return fmt.Errorf("state: spawn token %d has no id", i+1)
		}
		if tokens[t.ID] {
			return fmt.Errorf("state: spawn token id %q is used twice", t.ID)
		}
		tokens[t.ID] = true
		if err := area("spawn token "+t.ID, t.Area); err != nil {
			return err
		}
		for _, l := range t.Icons {
			if !l.Valid() {
				return fmt.Errorf("state: spawn token %s: level %q is not green, orange or red (V-23)", t.ID, l)
			}
		}
		if t.Cleared && st.Phase != AlienWorld {
			return fmt.Errorf("state: spawn token %s is on its cleared side; only Not of this Earth! flips tokens (V-25)", t.ID)
		}
	}
	for _, id := range st.RevealedFeatures {
		found := false
		for _, f := range s.Map.Features {
			found = found || f.ID == id
		}
		if !found {
			return fmt.Errorf("state: revealedFeatures: room feature %q is not on the map", id)
		}
	}
	for _, list := range []struct {
		name string
		ids  []string
	}{{"obscured", st.Obscured}, {"suppressed", st.Suppressed}, {"dogBiscuits", st.DogBiscuits}} {
		for _, id := range list.ids {
			if err := area(list.name, id); err != nil {
				return err
			}
		}
	}
	if t := st.Tracker; t != nil {
		if t.Pos < 1 {
			return fmt.Errorf("state: tracker: position must be 1 or more (V-26)")
		}
		length := map[string]int{PreAlarm: t.PreAlarmRounds, PostAlarm: t.PostAlarmRounds, AlienWorld: t.AlienRounds}[st.Phase]
		// While the alarm's free enemy turn is paused the marker stands on
		// the alarm space, between the two tracks (§5.6 steps 1 and 7).
		onAlarmSpace := st.EnemyTurn != nil && st.EnemyTurn.Free
		if length > 0 && t.Pos > length && !onAlarmSpace {
			return fmt.Errorf("state: tracker: position %d is past the end of the %d-space track (V-26)", t.Pos, length)
		}
		if t.Colour != "" && !t.Colour.Valid() {
			return fmt.Errorf("state: tracker: colour %q is not green, orange or red", t.Colour)
		}
	}
	for _, d := range []struct {
		name string
		deck *Deck
		ok   func(string) bool
	}{
		{"spawnDeck", st.SpawnDeck, func(id string) bool { return s.Content.SpawnCard(id) != nil }},
		{"noiseDeck", st.NoiseDeck, func(id string) bool { return s.Content.NoiseCard(id) != nil }},
	} {
		if d.deck == nil {
			continue
		}
		for _, id := range append(append([]string(nil), d.deck.DrawPile...), d.deck.Discard...) {
			if !d.ok(id) {
				return fmt.Errorf("state: %s: card %q is not in the content's cards", d.name, id)
			}
		}
	}
	if p := st.EnemyTurn; p != nil {
		if p.Phase != 2 && p.Phase != 3 {
			return fmt.Errorf("state: enemyTurn: phase %d; an enemy turn pauses only in phase 2 or 3", p.Phase)
		}
		if p.Type < 0 || p.Type >= len(s.Content.Faction.Units) {
			return fmt.Errorf("state: enemyTurn: type %d is not a line of the faction card (0 to %d)", p.Type, len(s.Content.Faction.Units)-1)
		}
		code := s.Content.Faction.Units[p.Type].Code
		for _, id := range p.Units {
			for _, u := range st.Units {
				if u.ID == id && u.Code != code {
					return fmt.Errorf("state: enemyTurn: unit %s is a %s, not a %s, the type whose attacks are under way", id, u.Code, code)
				}
			}
		}
		if p.Free && st.Phase != PostAlarm {
			return fmt.Errorf("state: enemyTurn: the alarm's free enemy turn comes after the alarm, but the phase is %s", st.Phase)
		}
		if s.Resolve.Kind == KindAlarm {
			return fmt.Errorf("resolve: an enemy turn is paused (state.enemyTurn): resolve enemyTurn to carry it on first")
		}
	}
	for i, a := range s.Answers.LOS {
		if err := area(fmt.Sprintf("answers.los %d", i+1), a.From); err != nil {
			return err
		}
		if err := area(fmt.Sprintf("answers.los %d", i+1), a.To); err != nil {
			return err
		}
		if a.Side != "" && a.Side != "hero" && a.Side != "enemy" {
			return fmt.Errorf("answers.los %d: side %q is not hero or enemy", i+1, a.Side)
		}
		if a.See && a.From != a.To && a.Range < 1 {
			return fmt.Errorf("answers.los %d: %s sees %s: give the range in areas (1 or more)", i+1, a.From, a.To)
		}
		if b := a.Basis; b != nil {
			where := fmt.Sprintf("answers.los %d basis", i+1)
			if a.Side == "" {
				return fmt.Errorf("%s: an answer kept with its basis is for one side: give side hero or enemy", where)
			}
			for _, id := range b.Shut {
				if s.Map.Door(id) == nil {
					return fmt.Errorf("%s: shut: door %q is not on the map", where, id)
				}
			}
			for _, id := range append(slices.Clone(b.Blockers), b.Obscured...) {
				if err := area(where, id); err != nil {
					return err
				}
			}
		}
	}
	for k := range s.Answers.Choices {
		switch k {
		case "patrolDoor", "barracks", "darknessArea", "noiseRoom", "lowerRoom", "hero":
		default:
			return fmt.Errorf("answers.choices: %q is not a choice the rules leave to the players (patrolDoor, barracks, darknessArea, noiseRoom, lowerRoom, hero)", k)
		}
	}
	for id, icons := range s.Answers.TokenIcons {
		for _, l := range icons {
			if !l.Valid() {
				return fmt.Errorf("answers.tokenIcons %s: level %q is not green, orange or red (V-23)", id, l)
			}
		}
	}
	for id, icons := range s.Answers.FeatureIcons {
		for _, l := range icons {
			if !l.Valid() {
				return fmt.Errorf("answers.featureIcons %s: level %q is not green, orange or red (V-23)", id, l)
			}
		}
	}
	return nil
}
