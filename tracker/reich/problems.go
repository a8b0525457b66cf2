package reich

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablekeeper/automa/reich/content"
)

// Problems are what is wrong with entered content, each naming the card
// and the field in the players' words: the entry forms show each one next
// to its field, and an imported file lists them all at once. The checks
// are the rules' own (spec §2, §13 V-21–V-24); automa/reich/content's
// validation stays the last gate before anything is stored.

// Problem is one thing wrong with a card or map.
type Problem struct {
	// Card is which card or map ("spawn card PS2").
	Card string
	// Field is which part of it, in words ("green row, entry 1"); empty
	// for the card as a whole.
	Field string
	// Key names the form field it belongs to ("unit.2.max").
	Key string
	// Text says what is wrong and what would be right.
	Text string
}

func (p Problem) Error() string {
	s := p.Card
	if p.Field != "" {
		s += ", " + p.Field
	}
	return s + ": " + p.Text
}

// Problems is a list of problems; as an error it reads one a line.
type Problems []Problem

func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// For lists the problems of one form field.
func (ps Problems) For(key string) Problems {
	var out Problems
	for _, p := range ps {
		if p.Key == key {
			out = append(out, p)
		}
	}
	return out
}

// Err is nil for no problems.
func (ps Problems) Err() error {
	if len(ps) == 0 {
		return nil
	}
	return ps
}

func itoaInt(n int) string { return strconv.Itoa(n) }

// FactionProblems checks a faction card line by line.
func FactionProblems(f content.Faction) Problems {
	card := "faction card"
	if n := strings.TrimSpace(f.Name); n != "" {
		card += " " + n
	} else if id := strings.TrimSpace(f.ID); id != "" {
		card += " " + id
	}
	var ps Problems
	add := func(key, field, format string, args ...any) {
		ps = append(ps, Problem{Card: card, Field: field, Key: key, Text: fmt.Sprintf(format, args...)})
	}
	if strings.TrimSpace(f.ID) == "" {
		add("id", "", "it has no id")
	}
	if strings.TrimSpace(f.Name) == "" {
		add("name", "name", "give the faction's name as printed")
	}
	if len(f.Units) == 0 {
		add("units", "unit lines", "add the card's unit lines (at least one)")
	}
	codes := map[string]int{}
	for i, u := range f.Units {
		n := i + 1
		key := "unit." + itoaInt(n) + "."
		line := "line " + itoaInt(n)
		if strings.TrimSpace(u.Name) != "" {
			line += " (" + u.Name + ")"
		}
		code := strings.TrimSpace(u.Code)
		switch j, dup := codes[code]; {
		case code == "":
			add(key+"code", line+", code", "give the code spawn cards print for this unit")
		case dup:
			add(key+"code", line+", code", "line %d has the code %s already", j+1, code)
		default:
			codes[code] = i
		}
		if strings.TrimSpace(u.Name) == "" {
			add(key+"name", line+", name", "give the unit's name as printed")
		}
		if !slices.Contains(LootColours, u.LootColour) {
			add(key+"loot", line+", loot colour", "pick grey, red, black or blue")
		}
		if u.Max < 0 {
			add(key+"max", line+", miniatures (#)", "must be 0 or more")
		}
		for _, st := range []struct {
			k, w string
			v    int
		}{{"melee", "melee attack", u.MeleeAttack}, {"support", "support", u.Support}, {"defence", "defence", u.Defence}, {"range", "range", u.Range}} {
			if st.v < 0 {
				add(key+st.k, line+", "+st.w, "must be 0 or more")
			}
		}
		if u.RangedAttack != nil && *u.RangedAttack < 0 {
			add(key+"ranged", line+", ranged attack", "must be 0 or more")
		}
		if u.RangedAttack == nil && u.Range > 0 {
			add(key+"range", line+", range", "a range needs a ranged attack; give the ranged attack or set the range to 0")
		}
		if u.Wounds < 0 {
			add(key+"wounds", line+", wounds", "must be 1 or more")
		}
		seen := map[content.KeywordID]bool{}
		for _, kw := range u.Keywords {
			if seen[kw.ID] {
				add(key+"keywords", line+", keywords", "%s is listed twice", KeywordWords(kw.ID))
			}
			seen[kw.ID] = true
			switch kw.ID {
			case content.KwXWounds:
				if kw.N < 1 {
					add(key+"keywords", line+", keywords", "X Wounds needs a number of 1 or more")
				} else if u.Wounds != 0 && u.Wounds != kw.N {
					add(key+"wounds", line+", wounds", "it says %d but its X Wounds keyword says %d", u.Wounds, kw.N)
				}
			case content.KwHandler:
				switch {
				case strings.TrimSpace(kw.Code) == "":
					add(key+"keywords", line+", keywords", "Handler needs the unit it handles")
				case kw.Code == u.Code:
					add(key+"keywords", line+", keywords", "Handler cannot name the unit itself")
				case f.Unit(kw.Code) == nil:
					add(key+"keywords", line+", keywords", "Handler names the code %s, which no line of this card has", kw.Code)
				}
			}
		}
		for _, t := range u.Tags {
			if !slices.Contains(UnitTags, t) {
				add(key+"tags", line+", kinds", "%q is not a kind of unit the rules read", t)
			}
		}
		for j, s := range u.States {
			if s.Colour != "grey" && s.Colour != "red" {
				add(key+"states", line+", unit card side "+itoaInt(j+1), "its colour is grey or red")
			}
		}
	}
	return ps
}

// UnitTags are the kinds of unit the rules read (spec §2.1), in the order
// the faction form offers them.
var UnitTags = []string{"officer", "vrilmeister", "dog", "zombie", "experiment", "experiment6XX",
	"armoured", "alien", "sentryFlammer", "sentryGun", "sturmAngriff", "sturmKanonier", "ubersoldat",
	"generalWolff", "trackingBomber"}

// SpawnCardProblems checks a spawn card: each row's unit codes must be on
// one of the faction cards given (V-23), when any is given.
func SpawnCardProblems(c content.SpawnCard, factions []content.Faction) Problems {
	card := "spawn card"
	if id := strings.TrimSpace(c.ID); id != "" {
		card += " " + id
	}
	var ps Problems
	add := func(key, field, format string, args ...any) {
		ps = append(ps, Problem{Card: card, Field: field, Key: key, Text: fmt.Sprintf(format, args...)})
	}
	if strings.TrimSpace(c.ID) == "" {
		add("id", "", "give the card's id as printed")
	}
	for l := range c.Levels {
		if !l.Valid() {
			add("levels", "", "a row is %q; the rows are green, orange and red", l)
		}
	}
	for _, l := range []content.Level{content.Green, content.Orange, content.Red} {
		row, ok := c.Levels[l]
		if !ok {
			add(string(l), string(l)+" row", "the row is missing; a blank row is an empty list")
		}
		for j, it := range row {
			field := fmt.Sprintf("%s row, entry %d", l, j+1)
			if strings.TrimSpace(it.UnitCode) == "" {
				add(string(l), field, "pick the unit")
				continue
			}
			if it.Count < 1 {
				add(string(l), field, "the number must be 1 or more")
			}
			if len(factions) > 0 && !slices.ContainsFunc(factions, func(f content.Faction) bool { return f.Unit(it.UnitCode) != nil }) {
				add(string(l), field, "no faction card has a unit with the code %s", it.UnitCode)
			}
		}
	}
	return ps
}

// NoiseCardProblems checks a noise card and each of its effects.
func NoiseCardProblems(c content.NoiseCard) Problems {
	card := "noise card"
	if id := strings.TrimSpace(c.ID); id != "" {
		card += " " + id
	}
	var ps Problems
	add := func(key, field, format string, args ...any) {
		ps = append(ps, Problem{Card: card, Field: field, Key: key, Text: fmt.Sprintf(format, args...)})
	}
	if strings.TrimSpace(c.ID) == "" {
		add("id", "", "give the card's id as printed")
	}
	if !slices.Contains(NoiseDecks, c.Deck) {
		add("deck", "deck", "pick before the alarm, after the alarm or alien world")
	}
	if c.Threshold < 0 {
		add("threshold", "threshold", "must be 0 or more")
	}
	for _, half := range []struct {
		key, words string
		effects    []content.Effect
	}{{"top", "top", c.Top}, {"bottom", "bottom", c.Bottom}} {
		for i, e := range half.effects {
			key := half.key + "." + itoaInt(i+1)
			field := fmt.Sprintf("%s effect %d (%s)", half.words, i+1, EffectWords(e.Kind))
			for _, text := range effectProblems(e, c.Deck) {
				add(key, field, "%s", text)
			}
		}
	}
	return ps
}

func effectProblems(e content.Effect, deck string) []string {
	var out []string
	icons := func() {
		if len(e.Icons) == 0 {
			out = append(out, "add at least one spawn icon")
		}
		for j, l := range e.Icons {
			if !l.Valid() {
				out = append(out, fmt.Sprintf("spawn icon %d is green, orange or red", j+1))
			}
		}
	}
	switch e.Kind {
	case content.EffSpawnPatrol:
		if e.Awareness == nil {
			out = append(out, "pick the awareness the patrol comes with")
		} else if !e.Awareness.Valid() {
			out = append(out, "the awareness is at ease, suspicious or alert")
		}
		icons()
		if deck != content.DeckPreAlarm && deck != content.DeckAlienWorld {
			out = append(out, "patrols come from noise cards before the alarm (after it, the barracks spawn)")
		}
	case content.EffSpawnBarracks:
		if e.Letter != "A" && e.Letter != "B" && e.Letter != "C" {
			out = append(out, "pick the barracks A, B or C")
		}
		icons()
		if deck != content.DeckPostAlarm {
			out = append(out, "barracks spawn from noise cards after the alarm")
		}
	case content.EffSpawnFromDarkness:
		icons()
		if deck != content.DeckAlienWorld {
			out = append(out, "spawns from the darkness come from alien world noise cards")
		}
	case content.EffRaiseAwareness:
		if !slices.Contains(RaiseTargets, e.Target) {
			out = append(out, "pick which room it raises")
		}
		if e.Levels < 1 || e.Levels > 2 {
			out = append(out, "it raises by 1 or 2 levels")
		}
	case content.EffAdvanceTracker:
		if e.N < 1 {
			out = append(out, "it moves the marker on 1 space or more")
		}
	case content.EffTriggerAlarm:
	case content.EffFreeText:
		if strings.TrimSpace(e.Text) == "" {
			out = append(out, "write what the card says, for the players to resolve")
		}
	default:
		out = append(out, "pick what the effect does")
	}
	return out
}

// MissionProblems checks a mission's details (tracker lengths and colours,
// the Victory or Defeat? chart).
func MissionProblems(mi MissionInfo) Problems {
	card := "mission"
	if id := strings.TrimSpace(mi.ID); id != "" {
		card += " " + id
	}
	var ps Problems
	add := func(key, field, format string, args ...any) {
		ps = append(ps, Problem{Card: card, Field: field, Key: key, Text: fmt.Sprintf(format, args...)})
	}
	if strings.TrimSpace(mi.ID) == "" {
		add("id", "", "give the mission's name or number")
	}
	for _, n := range []struct {
		key, words string
		v          int
	}{{"pre", "spaces before the alarm", mi.PreAlarm}, {"post", "spaces after the alarm", mi.PostAlarm}, {"alien", "alien world spaces", mi.AlienWorld}} {
		if n.v < 0 {
			add(n.key, n.words, "must be 0 or more")
		}
	}
	colours := func(key, words string, cs []content.Level, n int) {
		for i, l := range cs {
			if !l.Valid() {
				add(key, fmt.Sprintf("%s, space %d", words, i+1), "its colour is green, orange or red")
			}
		}
		if len(cs) > 0 && len(cs) != n {
			add(key, words, "%d colours for %d spaces: give one per space, or none", len(cs), n)
		}
	}
	colours("preColours", "colours before the alarm", mi.PreColours, mi.PreAlarm)
	colours("postColours", "colours after the alarm", mi.PostColours, mi.PostAlarm)
	for i, r := range mi.VictoryChart {
		if strings.TrimSpace(r.Text) == "" {
			add("chart."+itoaInt(i+1), fmt.Sprintf("Victory or Defeat? row %d", i+1), "write what the row says")
		}
	}
	return ps
}

// MapProblems checks a mission's map. The map editor cannot make most
// mistakes; a file can, and the map rules (spec §3.2) say what.
func MapProblems(m content.Map) Problems {
	card := "the map"
	if id := strings.TrimSpace(m.MissionID); id != "" {
		card = "the map of mission " + id
	}
	var ps Problems
	if strings.TrimSpace(m.MissionID) == "" {
		ps = append(ps, Problem{Card: card, Key: "mission", Text: "say which mission it is the map of"})
	}
	if len(m.Areas) == 0 {
		ps = append(ps, Problem{Card: card, Key: "areas", Text: "draw at least one area"})
		return ps
	}
	if err := m.Validate(); err != nil {
		ps = append(ps, Problem{Card: card, Key: "map", Text: strings.TrimPrefix(err.Error(), "map: ")})
	}
	return ps
}

// Problems checks the whole library: every card and map, that ids are not
// used twice, and that spawn cards name units of the faction cards.
func (l *Library) Problems() Problems {
	var ps Problems
	twice := func(kind, id string) {
		ps = append(ps, Problem{Card: kind + " " + id, Key: "id", Text: "two " + kind + "s have this id; each needs its own"})
	}
	ids := map[string]bool{}
	for _, f := range l.Factions {
		ps = append(ps, FactionProblems(f)...)
		if f.ID != "" && ids[f.ID] {
			twice("faction card", f.ID)
		}
		ids[f.ID] = true
	}
	clear(ids)
	for _, c := range l.SpawnCards {
		ps = append(ps, SpawnCardProblems(c, l.Factions)...)
		if c.ID != "" && ids[c.ID] {
			twice("spawn card", c.ID)
		}
		ids[c.ID] = true
	}
	clear(ids)
	for _, c := range l.NoiseCards {
		ps = append(ps, NoiseCardProblems(c)...)
		if c.ID != "" && ids[c.ID] {
			twice("noise card", c.ID)
		}
		ids[c.ID] = true
	}
	clear(ids)
	for _, m := range l.Maps {
		ps = append(ps, MapProblems(m)...)
		if m.MissionID != "" && ids[m.MissionID] {
			ps = append(ps, Problem{Card: "mission " + m.MissionID, Key: "mission", Text: "two maps are for this mission"})
		}
		ids[m.MissionID] = true
	}
	clear(ids)
	for _, mi := range l.Missions {
		ps = append(ps, MissionProblems(mi)...)
		if mi.ID != "" && ids[mi.ID] {
			ps = append(ps, Problem{Card: "mission " + mi.ID, Key: "id", Text: "its details are given twice"})
		}
		ids[mi.ID] = true
	}
	clear(ids)
	for _, h := range l.Heroes {
		ps = append(ps, HeroCardProblems(h)...)
		if h.ID != "" && ids[h.ID] {
			twice("character card", h.ID)
		}
		ids[h.ID] = true
	}
	return ps
}
