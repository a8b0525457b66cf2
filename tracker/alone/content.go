package alone

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
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

// A ContentProblem is one fault in a content set, in the players' words:
// which component (Kind and Card), which field of its form, and what is
// wrong. A form shows it under that field; an import lists them all.
type ContentProblem struct {
	Kind    string `json:"kind"`
	Card    string `json:"card,omitempty"`
	Field   string `json:"field,omitempty"`
	Problem string `json:"problem"`
}

func (p ContentProblem) Error() string {
	var b strings.Builder
	b.WriteString(p.Kind)
	if p.Card != "" {
		fmt.Fprintf(&b, " “%s”", p.Card)
	}
	if p.Field != "" {
		b.WriteString(", " + p.Field)
	}
	b.WriteString(": " + p.Problem)
	return b.String()
}

// ContentProblems is every fault found at once.
type ContentProblems []ContentProblem

func (ps ContentProblems) Error() string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Error()
	}
	return strings.Join(parts, "\n")
}

// For lists the problems of one field.
func (ps ContentProblems) For(field string) []string {
	var out []string
	for _, p := range ps {
		if p.Field == field {
			out = append(out, p.Problem)
		}
	}
	return out
}

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

// ParseContent reads a content file: its format, then every component,
// normalised the same way whether the file came from the players, from
// another device or is the app's own practice set. A file that cannot be
// read at all is an error; a readable file with faults returns them all as
// ContentProblems (which card, which field).
func ParseContent(b []byte) (*Content, error) {
	if len(b) > MaxContentBytes {
		return nil, ContentProblems{{Kind: KindFile, Problem: fmt.Sprintf("the file is %d KB; a content set is at most %d KB", len(b)/1024, MaxContentBytes/1024)}}
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, ContentProblems{{Kind: KindFile, Problem: "this is not an Alone content file (it cannot be read)"}}
	}
	if head.Format != ContentFormat {
		return nil, ContentProblems{{Kind: KindFile, Problem: "this is not an Alone content file (it is for another game or another app)"}}
	}
	if head.Version > ContentVersion || head.Version < 1 {
		return nil, ContentProblems{{Kind: KindFile, Problem: fmt.Sprintf("the file was made by a newer version of Tablekeeper (content version %d); update the app to read it", head.Version)}}
	}
	var c Content
	d := json.NewDecoder(bytes.NewReader(b))
	if err := d.Decode(&c); err != nil {
		return nil, ContentProblems{{Kind: KindFile, Problem: "part of the file cannot be read: " + plainJSONError(err)}}
	}
	c.Normalize()
	if ps := c.Problems(); len(ps) > 0 {
		return &c, ps
	}
	return &c, nil
}

// plainJSONError says where a JSON file went wrong without its jargon.
func plainJSONError(err error) string {
	var te *json.UnmarshalTypeError
	if e, ok := err.(*json.UnmarshalTypeError); ok {
		te = e
		return fmt.Sprintf("the value of %q has the wrong kind", te.Field)
	}
	return "it is damaged or cut short"
}

// Encode writes the set as a file (indented, so a person can read it).
func (c *Content) Encode() ([]byte, error) {
	x := *c
	x.Format, x.Version = ContentFormat, ContentVersion
	return json.MarshalIndent(&x, "", "  ")
}

// Clone is a deep copy.
func (c *Content) Clone() *Content {
	if c == nil {
		return nil
	}
	b, err := json.Marshal(c)
	if err != nil {
		panic(fmt.Sprintf("alone: content cannot be copied: %v", err))
	}
	var out Content
	if err := json.Unmarshal(b, &out); err != nil {
		panic(fmt.Sprintf("alone: content cannot be copied: %v", err))
	}
	return &out
}

// Normalize trims names and fills what follows from the rest: a Reaction
// card's id (its deck and name), a Sector's shape from its exits, Stairs
// colours in lower case.
func (c *Content) Normalize() {
	c.Format, c.Version = ContentFormat, ContentVersion
	c.Name = strings.TrimSpace(c.Name)
	for i := range c.Maps {
		c.Maps[i].normalize()
	}
	for i := range c.Missions {
		m := &c.Missions[i]
		m.Name, m.Colour = strings.TrimSpace(m.Name), strings.ToLower(strings.TrimSpace(m.Colour))
		m.Kind = strings.ToLower(strings.TrimSpace(m.Kind))
		for k := range m.Goals {
			m.Goals[k] = strings.TrimSpace(m.Goals[k])
		}
	}
	for i := range c.Items {
		it := &c.Items[i]
		it.Name, it.Matrix, it.Needs = strings.TrimSpace(it.Name), strings.TrimSpace(it.Matrix), strings.TrimSpace(it.Needs)
		if it.Passive {
			it.Action = ""
		}
	}
	for i := range c.Characters {
		c.Characters[i].Name = strings.TrimSpace(c.Characters[i].Name)
	}
	for i := range c.Reactions {
		NormalizeReaction(&c.Reactions[i])
	}
}

// NormalizeReaction trims a Reaction card and gives it its id.
func NormalizeReaction(r *alone.ReactionCard) {
	r.Name, r.Deck, r.Timing = strings.TrimSpace(r.Name), strings.ToLower(strings.TrimSpace(r.Deck)), strings.TrimSpace(r.Timing)
	r.ID = ReactionID(r.Deck, r.Name)
	if !r.Instant {
		r.Timing = ""
	}
}

// ReactionID is a Reaction card's id: its deck and name.
func ReactionID(deck, name string) string {
	return strings.ToLower(deck) + "/" + strings.ToLower(strings.TrimSpace(name))
}

func (l *MapLayout) normalize() {
	l.Name, l.Hero = strings.TrimSpace(l.Name), strings.TrimSpace(l.Hero)
	for i := range l.Sectors {
		s := &l.Sectors[i]
		s.ID, s.Room = strings.TrimSpace(s.ID), strings.TrimSpace(s.Room)
		s.StairsColour = strings.ToLower(strings.TrimSpace(s.StairsColour))
		if s.Exits == nil {
			s.Exits = map[alone.Dir]alone.Link{}
		}
		if s.Room != "" || s.Shape == alone.ShapeRoom {
			s.Shape = alone.ShapeRoom
		} else {
			s.Shape = ShapeOf(s.Exits)
		}
	}
}

// ShapeOf names a corridor tile by its compass exits: a dead end, a
// straight Corridor, a Curve, a T-Junction or a Cross.
func ShapeOf(exits map[alone.Dir]alone.Link) string {
	var ds []alone.Dir
	for _, d := range alone.Compass {
		if _, ok := exits[d]; ok {
			ds = append(ds, d)
		}
	}
	switch len(ds) {
	case 1:
		return alone.ShapeDeadEnd
	case 2:
		if ds[0].Opposite() == ds[1] {
			return alone.ShapeCorridor
		}
		return alone.ShapeCurve
	case 3:
		return alone.ShapeTJunction
	case 4:
		return alone.ShapeCross
	}
	return alone.ShapeCorridor
}

// Problems checks the whole set at once.
func (c *Content) Problems() ContentProblems {
	var ps ContentProblems
	if n := len(c.Maps); n > maxMaps {
		ps = append(ps, ContentProblem{Kind: KindFile, Problem: fmt.Sprintf("it holds %d Maps; a set holds at most %d", n, maxMaps)})
		return ps
	}
	if n := len(c.Missions) + len(c.Items) + len(c.Characters) + len(c.Reactions); n > maxCards {
		ps = append(ps, ContentProblem{Kind: KindFile, Problem: fmt.Sprintf("it holds %d cards; a set holds at most %d", n, maxCards)})
		return ps
	}
	if runes(c.Name) > maxNameRunes {
		ps = append(ps, ContentProblem{Kind: KindFile, Field: FieldName, Problem: fmt.Sprintf("the set's name is longer than %d letters", maxNameRunes)})
	}
	if c.Sheet != nil {
		ps = append(ps, SheetProblems(*c.Sheet)...)
	}
	cfg := alone.DefaultConfig()
	if c.Sheet != nil {
		cfg = c.Sheet.Config
	}
	for i := range c.Maps {
		ps = append(ps, c.Maps[i].Problems(cfg)...)
	}
	ps = append(ps, duplicates(KindMap, len(c.Maps), func(i int) string { return c.Maps[i].Name })...)
	for i := range c.Missions {
		ps = append(ps, c.Missions[i].Problems()...)
	}
	ps = append(ps, duplicates(KindMission, len(c.Missions), func(i int) string { return c.Missions[i].Name })...)
	for i := range c.Items {
		ps = append(ps, c.Items[i].Problems()...)
	}
	ps = append(ps, duplicates(KindItem, len(c.Items), func(i int) string { return c.Items[i].Name })...)
	for i := range c.Characters {
		ps = append(ps, c.Characters[i].Problems()...)
	}
	ps = append(ps, duplicates(KindCharacter, len(c.Characters), func(i int) string { return c.Characters[i].Name })...)
	for i := range c.Reactions {
		ps = append(ps, ReactionProblems(c.Reactions[i])...)
	}
	ps = append(ps, duplicates(KindReaction, len(c.Reactions), func(i int) string {
		r := c.Reactions[i]
		return r.Deck + " " + r.Name
	})...)
	return ps
}

// duplicates names the cards of one kind that share a name.
func duplicates(kind string, n int, name func(int) string) ContentProblems {
	var ps ContentProblems
	seen := map[string]bool{}
	for i := 0; i < n; i++ {
		k := strings.ToLower(strings.TrimSpace(name(i)))
		if k == "" {
			continue
		}
		if seen[k] {
			ps = append(ps, ContentProblem{Kind: kind, Card: strings.TrimSpace(name(i)), Field: FieldName, Problem: "another " + kind + " has this name; give each its own"})
		}
		seen[k] = true
	}
	return ps
}

func runes(s string) int { return len([]rune(s)) }

// cardName is a card's name for a message, or its place when it has none.
func cardName(name string, kind string) string {
	if strings.TrimSpace(name) == "" {
		return "without a name"
	}
	return name
}

// nameProblems checks a required name.
func nameProblems(kind, name string) ContentProblems {
	switch {
	case strings.TrimSpace(name) == "":
		return ContentProblems{{Kind: kind, Card: cardName(name, kind), Field: FieldName, Problem: "write its name as printed"}}
	case runes(name) > maxNameRunes:
		return ContentProblems{{Kind: kind, Card: name, Field: FieldName, Problem: fmt.Sprintf("at most %d letters", maxNameRunes)}}
	}
	return nil
}

func textProblems(kind, card, field, text string) ContentProblems {
	if runes(text) > maxTextRunes {
		return ContentProblems{{Kind: kind, Card: card, Field: field, Problem: fmt.Sprintf("at most %d letters", maxTextRunes)}}
	}
	return nil
}

// Problems checks one Mission card.
func (m MissionCard) Problems() ContentProblems {
	ps := nameProblems(KindMission, m.Name)
	card := cardName(m.Name, KindMission)
	p := func(field, format string, args ...any) {
		ps = append(ps, ContentProblem{Kind: KindMission, Card: card, Field: field, Problem: fmt.Sprintf(format, args...)})
	}
	if m.Kind != StartingMission && m.Kind != FinalMission {
		p(FieldKind, "choose Starting Mission or Final Mission")
	}
	if runes(m.Colour) > 20 {
		p(FieldColour, "a colour's name is at most 20 letters")
	}
	if len(m.Goals) > 20 {
		p(FieldGoals, "at most 20 Rooms")
	}
	for _, g := range m.Goals {
		if g == "" {
			p(FieldGoals, "a Room to reach has no name")
		}
	}
	if m.Interactions < 0 || m.Interactions > 20 {
		p(FieldInteractions, "0 to 20")
	}
	if m.Rounds < 0 || m.Rounds > 10 {
		p(FieldRounds, "0 to 10")
	}
	if m.Boss != nil {
		if err := BossProblem(*m.Boss); err != "" {
			p(FieldBoss, "%s", err)
		}
	}
	ps = append(ps, textProblems(KindMission, card, FieldText, m.Text)...)
	return ps
}

// BossProblem checks a Boss's stats as entered from its Mission card.
func BossProblem(b alone.BossStats) string {
	check := func(which string, s alone.Stats) string {
		switch {
		case s.Wound < 1 || s.Kill < 1:
			return fmt.Sprintf("the %s life needs at least 1 to Wound and 1 to Kill", which)
		case s.Wound > 20 || s.Kill > 20:
			return fmt.Sprintf("the %s life is at most 20 each", which)
		case s.AttackDark < 0 || s.AttackLighted < 0 || s.AttackDark > 12 || s.AttackLighted > 12:
			return fmt.Sprintf("the %s attack dice are 0 to 12", which)
		case s.Scare < 0 || s.Scare > 12:
			return fmt.Sprintf("the %s scare is 0 to 12", which)
		case s.MSD < 0 || s.MSD > 30:
			return fmt.Sprintf("the %s spawning distance is 0 to 30", which)
		}
		return ""
	}
	if e := check("regular", b.Normal); e != "" {
		return e
	}
	if b.Nightmare != nil {
		return check("Nightmare", *b.Nightmare)
	}
	return ""
}

// Problems checks one Item card.
func (c ItemCard) Problems() ContentProblems {
	ps := nameProblems(KindItem, c.Name)
	card := cardName(c.Name, KindItem)
	p := func(field, format string, args ...any) {
		ps = append(ps, ContentProblem{Kind: KindItem, Card: card, Field: field, Problem: fmt.Sprintf(format, args...)})
	}
	if !c.Passive && !c.Action.valid() {
		p(FieldAction, "choose the Action on its icon, or Passive")
	}
	if c.Charges < 1 || c.Charges > 20 {
		p(FieldCharges, "1 to 20 Charges")
	}
	if runes(c.Matrix) > 30 {
		p(FieldMatrix, "at most 30 letters")
	}
	if runes(c.Needs) > 30 {
		p(FieldNeeds, "at most 30 letters")
	}
	ps = append(ps, textProblems(KindItem, card, FieldText, c.Text)...)
	ps = append(ps, textProblems(KindItem, card, "Upgraded", c.Upgraded)...)
	return ps
}

// Problems checks one Character.
func (c CharacterCard) Problems() ContentProblems {
	ps := nameProblems(KindCharacter, c.Name)
	card := cardName(c.Name, KindCharacter)
	for f, t := range map[string]string{"Hero ability": c.Hero, "Companion ability": c.Companion, "Sacrifice": c.Sacrifice} {
		ps = append(ps, textProblems(KindCharacter, card, f, t)...)
	}
	return ps
}

// ReactionProblems checks one Reaction card.
func ReactionProblems(r alone.ReactionCard) ContentProblems {
	ps := nameProblems(KindReaction, r.Name)
	card := cardName(r.Name, KindReaction)
	p := func(field, format string, args ...any) {
		ps = append(ps, ContentProblem{Kind: KindReaction, Card: card, Field: field, Problem: fmt.Sprintf(format, args...)})
	}
	if !slices.Contains(Decks, r.Deck) {
		p(FieldDeck, "choose its deck: Fury, Speed, Terror or Traps")
	}
	if !r.Trigger.Valid() {
		p(FieldTrigger, "choose the symbol in its top-left corner")
	}
	if runes(r.Timing) > 80 {
		p(FieldTiming, "at most 80 letters")
	}
	for _, half := range []struct {
		field string
		ops   []alone.CardOp
	}{{FieldEffect, r.Effect}, {FieldDangerous, r.Dangerous}} {
		if len(half.ops) > maxCardEffects {
			p(half.field, "at most %d effects", maxCardEffects)
			continue
		}
		for i, o := range half.ops {
			n := i + 1
			switch o.Op {
			case OpDamage:
				if o.Kind != alone.LifeDamage && o.Kind != alone.SCDamage {
					p(half.field, "effect %d: choose Life or Self Control damage", n)
				}
				if o.N < 1 || o.N > 20 {
					p(half.field, "effect %d: 1 to 20 points", n)
				}
			case OpAttackDice:
				if o.N < 1 || o.N > 20 {
					p(half.field, "effect %d: 1 to 20 extra dice", n)
				}
			case OpMove:
				if o.Range < 1 || o.Range > 20 {
					p(half.field, "effect %d: a move of 1 to 20 Sectors", n)
				}
			case OpSpawn, OpOther:
			default:
				p(half.field, "effect %d: choose what it does", n)
			}
		}
	}
	return ps
}

// SheetProblems checks the Hero sheet's values, each against its field.
func SheetProblems(sh Sheet) ContentProblems {
	var ps ContentProblems
	p := func(field, format string, args ...any) {
		ps = append(ps, ContentProblem{Kind: KindSheet, Field: field, Problem: fmt.Sprintf(format, args...)})
	}
	if sh.HealthMax < 1 || sh.HealthMax > 30 {
		p(FieldHealthMax, "1 to 30")
	}
	if sh.StartLife < 1 || sh.StartLife > sh.HealthMax {
		p(FieldStartLife, "1 to the top of the track (%d)", sh.HealthMax)
	}
	if sh.StartSC < 1 || sh.StartSC > sh.HealthMax {
		p(FieldStartSC, "1 to the top of the track (%d)", sh.HealthMax)
	}
	switch {
	case len(sh.HealingCap) < 2 || len(sh.HealingCap) > 30:
		p(FieldCaps, "the Round track has 2 to 30 spaces")
	default:
		for i := 1; i < len(sh.HealingCap); i++ {
			if sh.HealingCap[i] < sh.HealingCap[i-1] {
				p(FieldCaps, "space %d's cap (%d) is lower than space %d's (%d); the caps only rise toward the start", i+1, sh.HealingCap[i], i, sh.HealingCap[i-1])
				break
			}
		}
		for i, c := range sh.HealingCap {
			if c < 0 || c > sh.HealthMax {
				p(FieldCaps, "space %d's cap is %d; caps are 0 to the top of the track (%d)", i+1, c, sh.HealthMax)
				break
			}
		}
		if sh.StartMarker < 1 || sh.StartMarker >= len(sh.HealingCap) {
			p(FieldMarker, "a space from 2 to %d (space 1 is the final, Nightmare space)", len(sh.HealingCap))
		}
	}
	if len(sh.AdrenalineTrack) != sh.HealthMax+1 {
		p(FieldAdrenaline, "one value for each health value from 0 to %d", sh.HealthMax)
	}
	for v, n := range sh.AdrenalineTrack {
		if n < 0 || n > 12 {
			p(FieldAdrenaline, "at %d health the pool is %d; 0 to 12", v, n)
			break
		}
	}
	if sh.ReactionSpaces < 1 || sh.ReactionSpaces > 40 {
		p(FieldSpaces, "1 to 40 spaces")
	}
	for _, d := range sh.DangerSpaces {
		if d < 0 || d >= sh.ReactionSpaces {
			p(FieldDanger, "space %d is not on the track", d+1)
			break
		}
	}
	if sh.DeckSize < 1 || sh.DeckSize > 200 {
		p(FieldDeckSize, "1 to 200 cards")
	}
	if d := sh.Dice; d.Hit < 0 || d.Special < 0 || d.Blank < 0 || d.Hit+d.Special+d.Blank == 0 || d.Hit > 12 || d.Special > 12 || d.Blank > 12 {
		p(FieldDice, "each face 0 to 12, and not all 0")
	}
	for _, t := range append(append([]alone.CreatureType(nil), alone.CreatureTypes...), alone.Boss) {
		if n := sh.Tokens[t]; n < 0 || n > 20 {
			p(FieldTokens, "%s tokens: 0 to 20", t)
		}
	}
	for t, a := range sh.AbilityFor {
		if !t.Valid() || t == alone.Boss || !a.valid() {
			p(FieldTrains, "%s: choose one of the five Abilities", t)
		}
		if t == alone.Parasite && a != ColdBlood {
			p(FieldTrains, "a Parasite kill trains Cold Blood (Hero Compendium)")
		}
	}
	if sh.LevelLimit < 1 {
		p(FieldTokens, "at least 1 Creature per Level")
	}
	return ps
}

// gridID matches the ids the map editor gives: the Level, a column letter
// and a row number ("1B2").
var gridID = regexp.MustCompile(`^([12])([A-Z])([0-9]{1,2})$`)

// SectorLabel is a Sector as the players find it on their Map: its Level
// and square ("Level 1, B2"), and its Room's name.
func SectorLabel(s *alone.Sector) string {
	if s == nil {
		return ""
	}
	l := fmt.Sprintf("Level %d, %s", s.Level, s.ID)
	if m := gridID.FindStringSubmatch(s.ID); m != nil {
		l = fmt.Sprintf("Level %s, %s%s", m[1], m[2], m[3])
	}
	if s.Room != "" {
		l += " (" + s.Room + ")"
	}
	return l
}

// GridPos is where a Sector sits on its Level's grid, when its id is one
// the map editor gave (column, row from 0).
func GridPos(id string) (x, y int, ok bool) {
	m := gridID.FindStringSubmatch(id)
	if m == nil {
		return 0, 0, false
	}
	var row int
	fmt.Sscan(m[3], &row)
	return int(m[2][0] - 'A'), row - 1, row >= 1
}

// GridID is the id of the square at (x, y) on a Level.
func GridID(level, x, y int) string { return fmt.Sprintf("%d%c%d", level, 'A'+x, y+1) }

// Problems checks a Map's layout: the Sectors of both Levels, the two sets
// of Stairs, Doors on both sides of a link, the Hero's start (spec §8 V31),
// each in the players' words.
func (l *MapLayout) Problems(cfg alone.Config) ContentProblems {
	var ps ContentProblems
	card := cardName(l.Name, KindMap)
	p := func(field, format string, args ...any) {
		ps = append(ps, ContentProblem{Kind: KindMap, Card: card, Field: field, Problem: fmt.Sprintf(format, args...)})
	}
	ps = append(ps, nameProblems(KindMap, l.Name)...)
	if len(l.Sectors) > maxSectors {
		p(FieldSectors, "%d Sectors; a Map has at most %d", len(l.Sectors), maxSectors)
		return ps
	}
	by := map[string]*alone.Sector{}
	per := [3]int{}
	for i := range l.Sectors {
		s := &l.Sectors[i]
		if s.Level == 1 || s.Level == 2 {
			per[s.Level]++
		}
		if runes(s.Room) > maxNameRunes {
			p(SectorLabel(s), "a Room's name is at most %d letters", maxNameRunes)
		}
		by[s.ID] = s
	}
	if per[1] == 0 || per[2] == 0 {
		p(FieldLevels, "draw Sectors on both Level 1 and Level 2")
	}
	stairs := map[string][]*alone.Sector{}
	for i := range l.Sectors {
		s := &l.Sectors[i]
		if s.StairsColour != "" {
			stairs[s.StairsColour] = append(stairs[s.StairsColour], s)
		}
	}
	if len(stairs) != 2 {
		p(FieldStairs, "a Map has 2 sets of Stairs of different colours; this one has %d", len(stairs))
	}
	for _, col := range sortedKeys(stairs) {
		ss := stairs[col]
		if len(ss) != 2 || ss[0].Level == ss[1].Level {
			var at []string
			for _, s := range ss {
				at = append(at, SectorLabel(s))
			}
			p(FieldStairs, "the %s Stairs join one Sector on each Level; they are in %s", col, strings.Join(at, " and "))
		}
	}
	switch h := by[l.Hero]; {
	case l.Hero == "":
		p(FieldHero, "tap the Sector where the Hero starts")
	case h == nil:
		p(FieldHero, "the Hero starts in a Sector that is not on the Map")
	}
	if len(ps) > 0 {
		return ps
	}
	// The rest of V31 (ids, links both ways, Doors and Blocked tokens on
	// both sides) is the Map's own check.
	if err := l.Map().Validate(cfg); err != nil {
		if es, ok := err.(alone.MapErrors); ok {
			for _, e := range es {
				where := e.Where
				if s := by[strings.Trim(strings.TrimPrefix(strings.SplitN(e.Where, " exit", 2)[0], "sector "), `"`)]; s != nil {
					where = SectorLabel(s)
				}
				p(where, "%s", e.Problem)
			}
		} else {
			p(FieldSectors, "%v", err)
		}
	}
	return ps
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Lookups by name (any case).

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
