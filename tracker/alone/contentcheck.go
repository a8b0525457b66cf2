package alone

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"tablekeeper/automa/alone"
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
