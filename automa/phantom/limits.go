package phantom

import (
	"fmt"
	"unicode/utf8"

	"tablekeeper/automa/hex"
)

// Limits of a situation file, far beyond any real table (a mission map
// has a few hundred spaces, a round a dozen or two figures, a card a few
// actions of single-digit values): they bound the work one resolve can
// cost, so every situation within them is answered in well under a second
// (BenchmarkLargestSituation), and a file beyond them is refused naming the
// field. They are listed in RESOLVE.md.
const (
	MaxSpaces      = 1600 // spaces of the map
	MaxFigures     = 60   // figures, characters included
	MaxCharacters  = 6    // character figures (a mission has 2 to 4)
	MaxTypes       = 30   // adversary description cards
	MaxBosses      = 6    // boss boards
	MaxCardActions = 10   // actions (and round effects) on one card
	MaxValue       = 99   // any value, modifier, MP, Guard, targets
	MaxRange       = 20   // a range or range modifier (cards print 1 to 6)
	MaxHP          = 999  // hit points
	MaxRolls       = 200  // rolls entered, per die
	MaxFaces       = 24   // faces of one die
	MaxListed      = 30   // conditions, immunities, persistent cards
	MaxEnemies     = 10   // pairs of adversaries that are enemies
	MaxText        = 1000 // characters of a card's text
	MaxName        = 100  // characters of a name
)

// checkLimits adds a problem to bad for every field beyond the limits.
func (s *Situation) checkLimits(m *hex.Map, bad func(string, ...any)) {
	if n := m.Len(); n > MaxSpaces {
		bad("map: %d spaces; a situation's map may have at most %d", n, MaxSpaces)
	}
	count := func(where string, n, max int) {
		if n > max {
			bad("%s: %d listed; at most %d", where, n, max)
		}
	}
	val := func(where string, v, max int) {
		if v > max || v < -max {
			bad("%s: %d is beyond ±%d, more than any card or table", where, v, max)
		}
	}
	name := func(where, v string, max int) {
		if n := utf8.RuneCountInString(v); n > max {
			bad("%s: %d characters; at most %d", where, n, max)
		}
	}
	count("figures", len(s.Figures), MaxFigures)
	count("types", len(s.Types), MaxTypes)
	count("bosses", len(s.Bosses), MaxBosses)
	count("enemies", len(s.Enemies), MaxEnemies)
	chars := 0
	for _, f := range s.Figures {
		if f.Side == "character" {
			chars++
		}
	}
	count("figures with side character", chars, MaxCharacters)
	count("rolls.attack", len(s.Rolls.Attack), MaxRolls)
	count("rolls.accuracy", len(s.Rolls.Accuracy), MaxRolls)
	count("rolls.faces", len(s.Rolls.Faces), 3)
	for die, faces := range s.Rolls.Faces {
		count("rolls.faces."+die, len(faces), MaxFaces)
	}
	count("decisionDie.faces", len(s.DecisionDie.Faces), MaxFaces)
	val("leap", s.Leap, MaxValue)
	val("missionDifficulty", s.MissionDifficulty, MaxValue)
	name("adversary", s.Adversary, MaxName)
	name("attacker", s.Attacker, MaxName)
	name("primaryTargetOverride", s.PrimaryTarget, MaxName)
	if p := s.Placement; p != nil {
		name("placement.name", p.Name, MaxName)
		name("placement.type", p.Type, MaxName)
		val("placement.characters", p.Characters, MaxValue)
	}
	card := func(where string, c *Card) {
		if c == nil {
			return
		}
		name(where+": name", c.Name, MaxName)
		val(where+": ap", c.AP, MaxValue)
		count(where+": actions", len(c.Actions), MaxCardActions)
		count(where+": roundEffects", len(c.RoundEffects), MaxCardActions)
		for i, a := range c.Actions {
			checkActionLimits(fmt.Sprintf("%s: actions[%d]", where, i), a, val, count, name)
		}
		for i, r := range c.RoundEffects {
			w := fmt.Sprintf("%s: roundEffects[%d]", where, i)
			name(w+": text", r.Text, MaxText)
			val(w+": attack", r.Attack, MaxValue)
			val(w+": guard", r.Guard, MaxValue)
			count(w+": afterAttacked", len(r.AfterAttacked), MaxCardActions)
			for j, a := range r.AfterAttacked {
				checkActionLimits(fmt.Sprintf("%s: afterAttacked[%d]", w, j), a, val, count, name)
			}
		}
	}
	crit := func(where string, c CritAbility) {
		name(where+": text", c.Text, MaxText)
		count(where+": inflict", len(c.Inflict), MaxListed)
		val(where+": damage", c.Damage, MaxValue)
	}
	for i := range s.Types {
		t := &s.Types[i]
		w := fmt.Sprintf("types[%d]", i)
		name(w+": name", t.Name, MaxName)
		name(w+": species", t.Species, MaxName)
		name(w+": class", t.Class, MaxName)
		val(w+": difficulty", t.Difficulty, MaxValue)
		val(w+": hp", t.HP, MaxHP)
		val(w+": attack", t.Attack, MaxValue)
		val(w+": guard", t.Guard, MaxValue)
		val(w+": range", t.Range, MaxRange)
		val(w+": standees", t.Standees, MaxValue)
		crit(w+": crit", t.Crit)
		card(w+": speciesCard", t.SpeciesCard)
		if t.ClassCard != nil {
			name(w+": classCard: name", t.ClassCard.Name, MaxName)
			count(w+": classCard.rows", len(t.ClassCard.Rows), 4)
			for j := range t.ClassCard.Rows {
				card(fmt.Sprintf("%s: classCard.rows[%d]", w, j), &t.ClassCard.Rows[j].Card)
			}
		}
	}
	for i := range s.Bosses {
		b := &s.Bosses[i]
		w := fmt.Sprintf("bosses[%d]", i)
		name(w+": name", b.Name, MaxName)
		for k := range 3 {
			val(fmt.Sprintf("%s: hp[%d]", w, k), b.HP[k], MaxHP)
			val(fmt.Sprintf("%s: attack[%d]", w, k), b.Attack[k], MaxValue)
			val(fmt.Sprintf("%s: guard[%d]", w, k), b.Guard[k], MaxValue)
			val(fmt.Sprintf("%s: range[%d]", w, k), b.Range[k], MaxRange)
			card(fmt.Sprintf("%s: actions[%d]", w, k), &b.Actions[k])
		}
		card(w+": inherent", &b.Inherent)
		crit(w+": crit", b.Crit)
		count(w+": persistent", len(b.Persistent), MaxListed)
		for j, bc := range append([]BossCard{}, b.Persistent...) {
			count(fmt.Sprintf("%s: persistent[%d]: actions", w, j), len(bc.Actions), MaxCardActions)
			name(fmt.Sprintf("%s: persistent[%d]: other", w, j), bc.Other, MaxText)
		}
		if b.Card != nil {
			count(w+": card: actions", len(b.Card.Actions), MaxCardActions)
			name(w+": card: other", b.Card.Other, MaxText)
		}
	}
	for i, f := range s.Figures {
		w := fmt.Sprintf("figures[%d]", i)
		name(w+": name", f.Name, MaxName)
		name(w+": type", f.Type, MaxName)
		val(w+": hp", f.HP, MaxHP)
		val(w+": maxHp", f.MaxHP, MaxHP)
		val(w+": guard", f.Guard, MaxValue)
		val(w+": initiative", f.Initiative, MaxValue)
		count(w+": conditions", len(f.Conditions), MaxListed)
		count(w+": immune", len(f.Immune), MaxListed)
	}
	for i, e := range s.Enemies {
		name(fmt.Sprintf("enemies[%d][0]", i), e[0], MaxName)
		name(fmt.Sprintf("enemies[%d][1]", i), e[1], MaxName)
	}
}

func checkActionLimits(where string, a Action, val func(string, int, int), count func(string, int, int), name func(string, string, int)) {
	val(where+": value", a.Value, MaxValue)
	if a.Range != nil {
		val(where+": range", *a.Range, MaxRange)
	}
	val(where+": rangeModifier", a.RangeMod, MaxRange)
	val(where+": targets", a.Targets, MaxValue)
	val(where+": pierce", a.Pierce, MaxValue)
	val(where+": multiplier", a.Multiplier, MaxValue)
	count(where+": inflict", len(a.Inflict), MaxListed)
	name(where+": text", a.Text, MaxText)
}
