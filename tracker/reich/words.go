package reich

import (
	"strconv"
	"strings"
	"unicode"

	"tablekeeper/automa/reich/content"
)

// The content's terms in the players' words: what the forms, the previews
// and the problem messages show instead of the content file's field
// values (spec §2's identifiers stay in the file and in code).

// EffectKinds are the noise card effects in the order the forms offer them.
var EffectKinds = []string{content.EffSpawnPatrol, content.EffSpawnBarracks, content.EffSpawnFromDarkness,
	content.EffRaiseAwareness, content.EffAdvanceTracker, content.EffTriggerAlarm, content.EffFreeText}

// EffectWords names a noise card effect kind.
func EffectWords(kind string) string {
	switch kind {
	case content.EffSpawnPatrol:
		return "Patrol spawns"
	case content.EffSpawnBarracks:
		return "Barracks spawn"
	case content.EffSpawnFromDarkness:
		return "Spawn from the darkness"
	case content.EffRaiseAwareness:
		return "Raise awareness"
	case content.EffAdvanceTracker:
		return "Round marker moves on"
	case content.EffTriggerAlarm:
		return "The alarm is set off"
	case content.EffFreeText:
		return "Other (the players resolve it)"
	}
	return kind
}

// NoiseDecks are the noise decks in the order the forms offer them.
var NoiseDecks = []string{content.DeckPreAlarm, content.DeckPostAlarm, content.DeckAlienWorld}

// NoiseDeckWords names a noise card's deck.
func NoiseDeckWords(deck string) string {
	switch deck {
	case content.DeckPreAlarm:
		return "before the alarm"
	case content.DeckPostAlarm:
		return "after the alarm"
	case content.DeckAlienWorld:
		return "alien world"
	}
	return deck
}

// AwarenessWords names an awareness level.
func AwarenessWords(a content.Awareness) string {
	switch a {
	case content.Suspicious:
		return "suspicious"
	case content.Alert:
		return "alert"
	}
	return "at ease"
}

// RaiseTargets are the rooms a raise-awareness effect can aim at.
var RaiseTargets = []string{content.TargetNearestAtEaseRoom, content.TargetNearestRoom, content.TargetThisRoom}

// TargetWords names the room a raise-awareness effect aims at.
func TargetWords(t string) string {
	switch t {
	case content.TargetNearestAtEaseRoom:
		return "the nearest room at ease"
	case content.TargetNearestRoom:
		return "the nearest room"
	case content.TargetThisRoom:
		return "the hero's own room"
	}
	return t
}

// KeywordWords names an enemy keyword as the faction card prints it
// ("noHands" → "No Hands", "xWounds" → "X Wounds").
func KeywordWords(id content.KeywordID) string { return titleWords(string(id)) }

// TagWords names a unit tag ("sentryGun" → "Sentry Gun").
func TagWords(tag string) string {
	if tag == "experiment6XX" {
		return "Experiment 6XX"
	}
	return titleWords(tag)
}

// titleWords splits a camel-case identifier into capitalised words.
func titleWords(id string) string {
	var b strings.Builder
	for i, r := range id {
		if i == 0 {
			b.WriteRune(unicode.ToUpper(r))
			continue
		}
		if unicode.IsUpper(r) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// KeywordText is a keyword with its number or unit, as printed: "X Wounds
// (3)", "Handler (Yard Hound)". name gives a unit code's name.
func KeywordText(k content.Keyword, name func(code string) string) string {
	s := KeywordWords(k.ID)
	switch k.ID {
	case content.KwXWounds:
		s += " (" + strconv.Itoa(k.N) + ")"
	case content.KwHandler:
		n := k.Code
		if name != nil {
			n = name(k.Code)
		}
		s += " (" + n + ")"
	}
	return s
}

// LootColours are the loot colours of a faction card line (spec §2.1).
var LootColours = []string{"grey", "red", "black", "blue"}

// LootWords says what a loot colour means.
func LootWords(c string) string {
	switch c {
	case "grey":
		return "grey: normal loot"
	case "red":
		return "red: vril loot"
	case "black":
		return "black: no loot"
	case "blue":
		return "blue: alien loot"
	}
	return c
}

// ModeWords names a mission mode.
func ModeWords(mode string) string {
	switch mode {
	case ModeRaid:
		return "raid"
	case ModeCampaign:
		return "campaign mission"
	case ModeNoteRaid:
		return "Not of this Earth! raid"
	case ModeNoteCampaign:
		return "Not of this Earth! campaign mission"
	}
	return mode
}

// MissionName names a mission as players say it: "Mission 3" for a
// mission entered as "3", its name alone when the name says it is a
// mission already ("Mission 1", "Mission: the Depot"), never "Mission
// Mission 1".
func MissionName(id string) string {
	if l := strings.ToLower(strings.TrimSpace(id)); strings.HasPrefix(l, "mission") {
		return id
	}
	return "Mission " + id
}

// RoomName names a room or corridor as players say it inside a sentence:
// "room R2", but "Room 2" and "the Corridor" as they are named, never
// "room Room 2".
func RoomName(room string) string {
	l := strings.ToLower(strings.TrimSpace(room))
	switch {
	case strings.HasPrefix(l, "room"):
		return room
	case strings.HasPrefix(l, "corridor") || strings.HasPrefix(l, "hall") || strings.HasPrefix(l, "the "):
		return room
	}
	return "room " + room
}
