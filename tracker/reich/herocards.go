package reich

import (
	"strings"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// HeroCard is a hero's character card (spec §2.5, §4.1 step 2), entered
// once per campaign so a mission's set-up only picks the heroes: the
// number of defence dice, the two weapon tokens it names (their range;
// 0 is melee) and its skill token.
type HeroCard struct {
	ID            string    `json:"id"`
	Name          string    `json:"name"`
	Defence       int       `json:"defence"`
	Weapons       [2]Weapon `json:"weapons"`
	StartingSkill string    `json:"startingSkill,omitempty"`
}

// Setup is the hero brought into a mission from the card, starting in
// area.
func (h HeroCard) Setup(area, player string) HeroSetup {
	ws := h.Weapons
	for i := range ws {
		ws[i].Status, ws[i].Vril = StatusNone, false
	}
	return HeroSetup{ID: h.ID, Name: h.Name, Player: player, Area: area, Defence: h.Defence, Weapons: ws, StartingSkill: h.StartingSkill}
}

// PutHeroCard adds a hero's character card, or replaces the one with the
// same id.
type PutHeroCard struct{ Card HeroCard }

// RemoveHeroCard takes a character card out of the campaign's content.
type RemoveHeroCard struct{ ID string }

func (l *Library) heroCard(id string) *HeroCard {
	for i := range l.Heroes {
		if l.Heroes[i].ID == id {
			return &l.Heroes[i]
		}
	}
	return nil
}

func (c PutHeroCard) decide(t *tx, _ *tracker.Dice) (string, error) {
	if ps := HeroCardProblems(c.Card); len(ps) > 0 {
		return "", tracker.Refuse("reichbusters §2.5", "%v", ps)
	}
	l := t.s.Library
	var replaced bool
	if err := checkPut("character card", l.Heroes, c.Card, func(h HeroCard) string { return h.ID }); err != nil {
		return "", tracker.Refuse("reichbusters §2.5", "%v", err)
	}
	l.Heroes, replaced = put(l.Heroes, c.Card, func(h HeroCard) string { return h.ID })
	t.library(l)
	t.say("%s the character card of %s", verb(replaced), c.Card.Name)
	return "content.hero", nil
}

func (c RemoveHeroCard) decide(t *tx, _ *tracker.Dice) (string, error) {
	l := t.s.Library
	h := l.heroCard(c.ID)
	if h == nil {
		return "", tracker.Refuse("reichbusters §2.5", "there is no character card %q", c.ID)
	}
	name := h.Name
	l.Heroes, _ = remove(l.Heroes, c.ID, func(h HeroCard) string { return h.ID })
	t.library(l)
	t.say("Removed the character card of %s", name)
	return "content.hero", nil
}

// HeroCardProblems checks a character card field by field.
func HeroCardProblems(h HeroCard) Problems {
	card := "character card"
	if n := strings.TrimSpace(h.Name); n != "" {
		card += " " + n
	}
	var ps Problems
	add := func(key, field, text string) {
		ps = append(ps, Problem{Card: card, Field: field, Key: key, Text: text})
	}
	if strings.TrimSpace(h.ID) == "" {
		add("id", "", "it has no id")
	}
	if strings.TrimSpace(h.Name) == "" {
		add("name", "name", "give the hero's name")
	}
	if h.Defence < 0 {
		add("defence", "defence dice", "must be 0 or more")
	}
	for i, w := range h.Weapons {
		key, field := "weapon."+itoaInt(i+1), "weapon "+itoaInt(i+1)
		if strings.TrimSpace(w.Name) == "" {
			add(key, field, "give the weapon's name (a hero has two weapons)")
		}
		if w.Range < 0 {
			add(key, field, "the range must be 0 (melee) or more")
		}
	}
	return ps
}

// Lookups for the screens: the entry with the id, or nil.

// FactionByID is the faction card with the id.
func (l *Library) FactionByID(id string) *content.Faction { return l.faction(id) }

// SpawnCardByID is the spawn card with the id.
func (l *Library) SpawnCardByID(id string) *content.SpawnCard { return l.spawnCard(id) }

// NoiseCardByID is the noise card with the id.
func (l *Library) NoiseCardByID(id string) *content.NoiseCard { return l.noiseCard(id) }

// MapOf is the map of the mission.
func (l *Library) MapOf(mission string) *content.Map { return l.mapOf(mission) }

// MissionOf is the details of the mission.
func (l *Library) MissionOf(mission string) *MissionInfo { return l.missionInfo(mission) }

// HeroCardByID is the character card with the id.
func (l *Library) HeroCardByID(id string) *HeroCard { return l.heroCard(id) }
