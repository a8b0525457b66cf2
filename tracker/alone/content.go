package alone

import (
	"slices"
	"sort"
	"strings"

	"tablekeeper/automa/alone"
)

// ContentFormat names an Alone content file, and ContentVersion is the
// newest version of it this app reads.
const (
	ContentFormat  = "tablekeeper.alone.content"
	ContentVersion = 1
)

// MaxContentBytes bounds a content file: a group's whole box (two Levels a
// map, a hundred cards) is a few tens of kilobytes.
const MaxContentBytes = 4 << 20

// Limits on what one content set holds, so a hostile or damaged file cannot
// make the app build screens without end.
const (
	maxMaps        = 50
	maxSectors     = 400
	maxCards       = 1000
	maxNameRunes   = 80
	maxTextRunes   = 2000
	maxCardEffects = 12
)

// Content is a group's Alone components as they entered them, once, to
// share as one file: the Hero sheet's values, the Maps of both Levels, and
// the Mission, Item, Character and Reaction cards. The printed texts are
// the players' own; the app reads only the numbers and choices its rules
// need (spec §9 CONFIG). Practice content is made up for the app and says
// so.
type Content struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Name is what the group calls this set ("Our box").
	Name string `json:"name"`
	// Practice marks a set made up for the app, not the printed cards.
	Practice bool   `json:"practice,omitempty"`
	Sheet    *Sheet `json:"heroSheet,omitempty"`

	Maps       []MapLayout          `json:"maps,omitempty"`
	Missions   []MissionCard        `json:"missions,omitempty"`
	Items      []ItemCard           `json:"items,omitempty"`
	Characters []CharacterCard      `json:"characters,omitempty"`
	Reactions  []alone.ReactionCard `json:"reactions,omitempty"`
}

// NewContent is an empty set with a name.
func NewContent(name string) *Content {
	return &Content{Format: ContentFormat, Version: ContentVersion, Name: name}
}

// MapLayout is a scenario's Map as printed: the Sectors of both Levels with
// their shapes, Room names, Doors (and Blocked Doors), walls (the exits
// left out), Stairs, LCUs and Mission tokens, and where the Hero starts.
// Everything starts Dark and Unrevealed but the Hero's Sector (§2.1).
type MapLayout struct {
	Name    string         `json:"name"`
	Hero    string         `json:"hero"`
	Sectors []alone.Sector `json:"sectors"`
}

// Map is the layout as a fresh hidden Map: no Light, no Creature, only the
// Hero's Sector Revealed.
func (l *MapLayout) Map() *alone.Map {
	m := &alone.Map{Hero: l.Hero, Sectors: make([]alone.Sector, len(l.Sectors))}
	for i, s := range l.Sectors {
		s.Exits = make(map[alone.Dir]alone.Link, len(l.Sectors[i].Exits))
		for d, x := range l.Sectors[i].Exits {
			s.Exits[d] = x
		}
		s.Tokens = append([]string(nil), l.Sectors[i].Tokens...)
		s.Lighted = false
		s.Revealed = s.ID == l.Hero
		m.Sectors[i] = s
	}
	return m.Clone() // builds the lookup index
}

// Rooms lists the layout's Room names, sorted, each once.
func (l *MapLayout) Rooms() []string {
	var out []string
	for _, s := range l.Sectors {
		if s.Room != "" && !slices.Contains(out, s.Room) {
			out = append(out, s.Room)
		}
	}
	sort.Strings(out)
	return out
}

// SectorsOfRoom are the Sectors named as this Room (any case).
func (l *MapLayout) SectorsOfRoom(room string) []string {
	var out []string
	for _, s := range l.Sectors {
		if s.Room != "" && strings.EqualFold(strings.TrimSpace(s.Room), strings.TrimSpace(room)) {
			out = append(out, s.ID)
		}
	}
	return out
}

// Mission kinds (§2.6).
const (
	StartingMission = "starting"
	FinalMission    = "final"
)

// MissionCard is a Mission card: its name and colour, the Rooms the Hero
// must reach (where the Evil side expects them to go, path* of §7.4), what
// it rewards that the app keeps, and a Boss's stats when it brings one.
type MissionCard struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Colour string `json:"colour,omitempty"`
	// Goals are the Rooms named on the card, by their names on the Map.
	Goals []string `json:"goals,omitempty"`
	// Interactions is how many Interact Actions the card asks in its Rooms.
	Interactions int `json:"interactions,omitempty"`
	// Rewards the app keeps (§2.6): Rounds gained, a Companion, the
	// Creature limit lifted.
	Rounds    int  `json:"rounds,omitempty"`
	Companion bool `json:"companion,omitempty"`
	LiftLimit bool `json:"liftLimit,omitempty"`
	// Boss is the Boss's stats from the card, when it brings one.
	Boss *alone.BossStats `json:"boss,omitempty"`
	// Text is the players' own note of what the card says.
	Text string `json:"text,omitempty"`
}

// ItemCard is an Item card (§3.6): an Action Item names its Action, a
// Passive one has a trigger in its text; Charges to start, the Matrix it
// belongs to and the one an Upgrade needs, and whether it is a Bullets card
// (§2.7).
type ItemCard struct {
	Name    string `json:"name"`
	Passive bool   `json:"passive,omitempty"`
	Action  Action `json:"action,omitempty"`
	Charges int    `json:"charges"`
	Matrix  string `json:"matrix,omitempty"`
	Needs   string `json:"needs,omitempty"`
	Bullets bool   `json:"bullets,omitempty"`
	// Text and Upgraded are the players' own notes of the effect and of the
	// upgraded effect.
	Text     string `json:"text,omitempty"`
	Upgraded string `json:"upgraded,omitempty"`
}

// Item is the card as it enters the Inventory.
func (c ItemCard) Item() Item {
	it := Item{Name: strings.TrimSpace(c.Name), Passive: c.Passive, Charges: c.Charges,
		Matrix: strings.TrimSpace(c.Matrix), Needs: strings.TrimSpace(c.Needs), Bullets: c.Bullets}
	if !c.Passive {
		it.Action = c.Action
	}
	return it
}

// CharacterCard is a Character: the Hero, or a Companion gained as a
// reward (§3.7). The abilities' texts are the players' notes.
type CharacterCard struct {
	Name      string `json:"name"`
	Hero      string `json:"hero,omitempty"`
	Companion string `json:"companion,omitempty"`
	Sacrifice string `json:"sacrifice,omitempty"`
}

// The component kinds, as the players call them.
const (
	KindSheet     = "Hero sheet"
	KindMap       = "Map"
	KindMission   = "Mission card"
	KindItem      = "Item card"
	KindCharacter = "Character"
	KindReaction  = "Reaction card"
	KindFile      = "File"
)

// Field names of the forms, shared by validation and the screens.
const (
	FieldName         = "Name"
	FieldKind         = "Kind"
	FieldColour       = "Colour"
	FieldGoals        = "Rooms to reach"
	FieldInteractions = "Interactions"
	FieldRounds       = "Rounds gained"
	FieldBoss         = "Boss"
	FieldText         = "Notes"
	FieldAction       = "Action"
	FieldCharges      = "Charges"
	FieldMatrix       = "Matrix"
	FieldNeeds        = "Upgrade needs"
	FieldBullets      = "Bullets"
	FieldDeck         = "Deck"
	FieldTrigger      = "Trigger"
	FieldTiming       = "Moment"
	FieldEffect       = "Effect"
	FieldDangerous    = "Dangerous half"
	FieldHero         = "Hero's start"
	FieldStairs       = "Stairs"
	FieldLevels       = "Levels"
	FieldSectors      = "Sectors"
	// The Hero sheet's fields.
	FieldHealthMax  = "Top of the health tracks"
	FieldStartLife  = "Starting Life"
	FieldStartSC    = "Starting Self Control"
	FieldCaps       = "Healing Cap on each Round space"
	FieldMarker     = "Round marker starts on"
	FieldAdrenaline = "Adrenaline track"
	FieldSpaces     = "Reaction Track spaces"
	FieldDanger     = "Danger symbols"
	FieldDeckSize   = "Cards in each Reaction deck"
	FieldDice       = "Dice faces"
	FieldTokens     = "Creature tokens"
	FieldTrains     = "A kill trains"
)

// Decks are the four Reaction decks, in the Evil Compendium's order.
var Decks = []string{"fury", "speed", "terror", "traps"}

// Effect ops a Reaction card's halves are made of (automa/alone CardOp).
const (
	OpDamage     = "damage"
	OpAttackDice = "attackDice"
	OpMove       = "move"
	OpSpawn      = "spawn"
	OpOther      = "other"
)

// MapNamed is the layout with this name, or nil.
func (c *Content) MapNamed(name string) *MapLayout {
	for i := range c.Maps {
		if strings.EqualFold(c.Maps[i].Name, strings.TrimSpace(name)) {
			return &c.Maps[i]
		}
	}
	return nil
}

// MissionNamed is the Mission card with this name, or nil.
func (c *Content) MissionNamed(name string) *MissionCard {
	for i := range c.Missions {
		if strings.EqualFold(c.Missions[i].Name, strings.TrimSpace(name)) {
			return &c.Missions[i]
		}
	}
	return nil
}

// ItemNamed is the Item card with this name, or nil.
func (c *Content) ItemNamed(name string) *ItemCard {
	for i := range c.Items {
		if strings.EqualFold(c.Items[i].Name, strings.TrimSpace(name)) {
			return &c.Items[i]
		}
	}
	return nil
}

// CharacterNamed is the Character with this name, or nil.
func (c *Content) CharacterNamed(name string) *CharacterCard {
	for i := range c.Characters {
		if strings.EqualFold(c.Characters[i].Name, strings.TrimSpace(name)) {
			return &c.Characters[i]
		}
	}
	return nil
}

// ReactionNamed is the Reaction card of a deck with this name, or nil.
func (c *Content) ReactionNamed(deck, name string) *alone.ReactionCard {
	id := ReactionID(deck, name)
	for i := range c.Reactions {
		if c.Reactions[i].ID == id {
			return &c.Reactions[i]
		}
	}
	return nil
}

// MissionsOf lists the Mission cards of a kind.
func (c *Content) MissionsOf(kind string) []MissionCard {
	var out []MissionCard
	for _, m := range c.Missions {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

// Summary counts the set's components in words ("1 Map, 3 Mission cards").
func (c *Content) Summary() string {
	var p []string
	add := func(n int, one, many string) {
		if n > 0 {
			p = append(p, plural(n, one, many))
		}
	}
	if c.Sheet != nil {
		p = append(p, "the Hero sheet")
	}
	add(len(c.Maps), "Map", "Maps")
	add(len(c.Missions), "Mission card", "Mission cards")
	add(len(c.Items), "Item card", "Item cards")
	add(len(c.Characters), "Character", "Characters")
	add(len(c.Reactions), "Reaction card", "Reaction cards")
	if len(p) == 0 {
		return "nothing entered yet"
	}
	return strings.Join(p, ", ")
}
