package eternaut

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablekeeper/tracker"
)

// The Chronicle Diary: corrections by hand and the Markdown export (§8).

// CorrectDiary sets a diary field by hand ("the table is the source of
// truth"). Section is "A".."F" (empty for the campaign fields); Char names
// the row for row fields. Value is written as text:
//
//	section: variant (0-2), checks, crosses, score, epilogue, specialQuests,
//	  itemReserve, ammo (0-20), notes, truckItems, truckAmmo, basePP,
//	  availablePP, remainingPP, specialContent, groupAbilities, purchases
//	  ("SAC Second Wind; SK SK-01 @901; GA GA-01")
//	row: name, played, lp (0-10), skull, items, fatigue, heavyWound,
//	  madness, skills ("SK-01:Science, SK-07"), pa
//	campaign: quest1..quest7 ("#A".."#F" or empty), campaignScore
//
// Lists are comma-separated; notes are separated by "|" lines; booleans
// are true/false. Row corrections in the latest section between scenarios
// also change what the next setup reads.
type CorrectDiary struct {
	Section, Field, Char, Value string
}

// CorrectCharacter sets a live value of a Character in play by hand: lp
// (clamped to 0..10, 0 kills), ammo (0..5), fatigue, heavyWound (0/1),
// madness (0/1), actionCards.
type CorrectCharacter struct {
	Char, Field string
	Value       int
}

// CorrectScenario sets a live scenario value by hand: timer (no Event
// counters are read), timerStart, firstPlayer, active, snowflakes (0..16),
// truckAmmo. The Consumed cubes are set with SetCubes.
type CorrectScenario struct {
	Field string
	Value int
}

func init() { register(CorrectDiary{}, CorrectCharacter{}, CorrectScenario{}) }

func splitList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func parseInt(field, v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, tracker.Refuse("eternaut §8", "%s must be a whole number, not %q", field, v)
	}
	if n < lo || n > hi {
		return 0, tracker.Refuse("eternaut §8", "%s must be from %d to %d, not %d", field, lo, hi, n)
	}
	return n, nil
}

func parseBool(field, v string) (bool, error) {
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	if err != nil {
		return false, tracker.Refuse("eternaut §8", "%s is true or false, not %q", field, v)
	}
	return b, nil
}

func (CorrectDiary) kind() string { return "diary.correct" }
func (c CorrectDiary) run(s *State, x *exec) error {
	const big = 1 << 20
	if c.Section == "" {
		switch {
		case strings.HasPrefix(c.Field, "quest"):
			n, err := parseInt("quest number", strings.TrimPrefix(c.Field, "quest"), 1, 7)
			if err != nil {
				return err
			}
			v := strings.TrimSpace(c.Value)
			if v != "" && !validOutcome(v) {
				return tracker.Refuse("eternaut §8.3", "an outcome is written #A to #F, not %q", v)
			}
			x.say("Corrected by hand: Special Quest #%d %s → %s", n, orDash(s.Quests[n-1]), orDash(v))
			s.Quests[n-1] = v
		case c.Field == "campaignScore":
			n, err := parseInt("the campaign score", c.Value, 0, big)
			if err != nil {
				return err
			}
			x.say("Corrected by hand: campaign score %d → %d", s.CampaignScore, n)
			s.CampaignScore, s.Band = n, Band(n)
		default:
			return tracker.Refuse("eternaut §8.3", "%q is not a campaign field of the diary", c.Field)
		}
		return nil
	}
	sec := s.Section(c.Section)
	if sec == nil {
		return tracker.Refuse("eternaut §8", "the diary's sections are A to F, not %q", c.Section)
	}
	if c.Char != "" {
		return c.row(s, sec, x)
	}
	old := ""
	var err error
	set := func(dst *int, lo, hi int) {
		old = strconv.Itoa(*dst)
		var n int
		if n, err = parseInt(fieldWords(c.Field), c.Value, lo, hi); err == nil {
			*dst = n
		}
	}
	setList := func(dst *[]string) {
		old = strings.Join(*dst, ", ")
		*dst = splitList(c.Value)
	}
	switch c.Field {
	case "variant":
		if sec.Letter != "B" && sec.Letter != "E" && sec.Letter != "F" {
			return tracker.Refuse("eternaut §8.1", "only sections B, E and F have a variant box")
		}
		set(&sec.Variant, 0, 2)
		// The box decides the next Storybook while that scenario is next.
		if err == nil && s.Phase == PhaseBetween && Letter(s.Next) == sec.Letter && sec.Variant > 0 {
			s.Next = fmt.Sprintf("%s%d", sec.Letter, sec.Variant)
			x.say("Next: Storybook %s", s.Next)
		}
	case "checks":
		set(&sec.Checks, 0, big)
	case "crosses":
		set(&sec.Crosses, 0, big)
	case "score":
		set(&sec.Score, 0, big)
		sec.Scored = true
	case "epilogue":
		old, sec.Epilogue = sec.Epilogue, strings.ToUpper(strings.TrimSpace(c.Value))
	case "specialQuests":
		setList(&sec.SpecialQuests)
	case "itemReserve":
		setList(&sec.ItemReserve)
	case "ammo":
		set(&sec.Ammo, 0, AmmoReserveCap)
	case "notes":
		old = strings.Join(sec.Notes, " | ")
		sec.Notes = nil
		for _, n := range strings.Split(c.Value, "|") {
			if n = strings.TrimSpace(n); n != "" {
				sec.Notes = append(sec.Notes, n)
			}
		}
	case "truckItems":
		setList(&sec.TruckItems)
		if sc := s.Scenario; sc != nil && Letter(sc.Key) == sec.Letter {
			sc.TruckItems = slices.Clone(sec.TruckItems)
		}
	case "truckAmmo":
		set(&sec.TruckAmmo, 0, big)
		if sc := s.Scenario; err == nil && sc != nil && Letter(sc.Key) == sec.Letter {
			sc.TruckAmmo = sec.TruckAmmo
		}
	case "basePP":
		set(&sec.BasePP, 0, big)
	case "availablePP":
		set(&sec.AvailablePP, 0, big)
	case "remainingPP":
		set(&sec.RemainingPP, 0, big)
	case "specialContent":
		setList(&sec.SpecialContent)
	case "purchases":
		old = purchasesText(sec.Purchases)
		var ps []Purchase
		ps, err = parsePurchases(c.Value)
		if err == nil {
			sec.Purchases = ps
		}
	case "groupAbilities":
		setList(&sec.GroupAbilities)
	default:
		return tracker.Refuse("eternaut §8.1", "%q is not a field of a diary section", c.Field)
	}
	if err != nil {
		return err
	}
	x.say("Corrected by hand: section %s, %s %q → %q", sec.Letter, fieldWords(c.Field), old, strings.TrimSpace(c.Value))
	return nil
}

func parseSkills(v string) ([]SkillCounter, error) {
	var out []SkillCounter
	for _, p := range splitList(v) {
		id, skill, _ := strings.Cut(p, ":")
		sk := SkillCounter{ID: strings.TrimSpace(id)}
		if skill != "" {
			n, ok := normSkill(skill)
			if !ok {
				return nil, tracker.Refuse("eternaut §7.8", "%q is not a skill", skill)
			}
			sk.Skill = n
		}
		out = append(out, sk)
	}
	if len(out) > SKMaxPerCharacter {
		return nil, tracker.Refuse("eternaut §12 V13", "a Character has at most %d skill counters", SKMaxPerCharacter)
	}
	return out, nil
}

func (c CorrectDiary) row(s *State, sec *DiarySection, x *exec) error {
	ch, err := s.mustChar(c.Char)
	if err != nil {
		return err
	}
	r := sec.Row(ch.ID)
	if r == nil {
		sec.Rows = append(sec.Rows, DiaryRow{ID: ch.ID, Name: ch.Name})
		r = &sec.Rows[len(sec.Rows)-1]
	}
	// Between scenarios, the latest section is what the next setup reads.
	mirror := s.Phase == PhaseBetween && len(s.Played) > 0 && Letter(s.Played[len(s.Played)-1]) == sec.Letter
	v := strings.TrimSpace(c.Value)
	old := ""
	switch c.Field {
	case "name":
		if v == "" {
			return tracker.Refuse("eternaut §8.1", "a row needs a name")
		}
		old, r.Name = r.Name, v
	case "played":
		b, err := parseBool(c.Field, v)
		if err != nil {
			return err
		}
		old, r.Played = strconv.FormatBool(r.Played), b
	case "lp":
		n, err := parseInt("life", v, 0, CharMaxLP)
		if err != nil {
			return err
		}
		old, r.LP = strconv.Itoa(r.LP), n
		if mirror && !ch.Gone() && n > 0 {
			ch.LP = n
		}
	case "skull":
		b, err := parseBool(c.Field, v)
		if err != nil {
			return err
		}
		old, r.Skull = strconv.FormatBool(r.Skull), b
		if mirror && b && !ch.Gone() {
			ch.Status = Dead
		} else if mirror && !b && ch.Gone() {
			ch.Status = Alive
			ch.LP = max(1, r.LP)
		}
	case "items":
		old, r.Items = strings.Join(r.Items, ", "), splitList(v)
		if mirror && sec.Letter == "A" {
			ch.Items = slices.Clone(r.Items)
		}
	case "fatigue":
		n, err := parseInt("Fatigue", v, 0, FatigueCardsInGame)
		if err != nil {
			return err
		}
		old, r.Penalties.Fatigue = strconv.Itoa(r.Penalties.Fatigue), n
	case "heavyWound", "madness":
		b, err := parseBool(c.Field, v)
		if err != nil {
			return err
		}
		if c.Field == "heavyWound" {
			old, r.Penalties.HeavyWound = strconv.FormatBool(r.Penalties.HeavyWound), b
		} else {
			old, r.Penalties.Madness = strconv.FormatBool(r.Penalties.Madness), b
		}
	case "skills":
		sk, err := parseSkills(v)
		if err != nil {
			return err
		}
		old, r.Skills = skillsText(r.Skills), sk
		if mirror {
			ch.Skills = slices.Clone(sk)
		}
	case "pa":
		if v != "" && ch.Masked {
			return tracker.Refuse("eternaut §12 V14", "Masked Figures never hold a Personal Ability")
		}
		old, r.PA = r.PA, v
		if mirror {
			if v == "" {
				ch.PA = nil
			} else if ch.PA == nil || ch.PA.ID != v {
				ch.PA = &Ability{ID: v}
			}
		}
	default:
		return tracker.Refuse("eternaut §8.1", "%q is not a field of a Character's row", c.Field)
	}
	if mirror {
		switch c.Field {
		case "fatigue", "heavyWound", "madness":
			ch.Penalties = r.Penalties
		}
	}
	x.say("Corrected by hand: section %s, %s: %s %q → %q", sec.Letter, ch.Named(), fieldWords(c.Field), old, v)
	return nil
}

func (CorrectCharacter) kind() string { return "char.correct" }
func (c CorrectCharacter) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.1")
	if err != nil {
		return err
	}
	v := c.Value
	var dst *int
	lo, hi := 0, 1<<20
	switch c.Field {
	case "lp":
		if Letter(s.Scenario.Key) == "A" {
			return tracker.Refuse("eternaut §12 V4", "life is not tracked in Scenario A")
		}
		v = max(0, min(CharMaxLP, v)) // V2: clamp
		x.say("Corrected by hand: %s life %d → %d", ch.Name, ch.LP, v)
		ch.LP = v
		if v == 0 {
			kill(s, ch, "life set to 0", true, x)
		}
		return nil
	case "ammo":
		if v < 0 {
			return tracker.Refuse("eternaut §12 V5", "ammo cannot be negative")
		}
		if v > AmmoCapPerCharacter {
			x.say("%d above the cap of %d goes back to the general reserve", v-AmmoCapPerCharacter, AmmoCapPerCharacter)
			v = AmmoCapPerCharacter
		}
		dst = &ch.Ammo
	case "fatigue":
		dst = &ch.Penalties.Fatigue
	case "heavyWound", "madness":
		b := &ch.Penalties.HeavyWound
		if c.Field == "madness" {
			b = &ch.Penalties.Madness
		}
		if v != 0 && v != 1 {
			return tracker.Refuse("eternaut §7.4", "a Character has 0 or 1 %s card", fieldWords(c.Field))
		}
		x.say("Corrected by hand: %s %s %s → %s", ch.Name, fieldWords(c.Field), yesNo(*b), yesNo(v == 1))
		*b = v == 1
		return nil
	case "actionCards":
		dst = &ch.ActionCards
	default:
		return tracker.Refuse("eternaut §7.1", "%q is not a Character value (lp, ammo, fatigue, heavyWound, madness, actionCards; cubes: SetCubes)", c.Field)
	}
	if v < lo || v > hi {
		return tracker.Refuse("eternaut §7.1", "%s must be from %d to %d, not %d", fieldWords(c.Field), lo, hi, v)
	}
	x.say("Corrected by hand: %s %s %d → %d", ch.Name, fieldWords(c.Field), *dst, v)
	*dst = v
	return nil
}

func (CorrectScenario) kind() string { return "scenario.correct" }
func (c CorrectScenario) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §3.3")
	if err != nil {
		return err
	}
	var dst *int
	lo, hi := 0, 1<<20
	switch c.Field {
	case "timer":
		dst, lo, hi = &sc.Timer, 1, s.Settings.TimerMax
	case "timerStart":
		dst, lo, hi = &sc.TimerStart, 1, s.Settings.TimerMax
	case "firstPlayer":
		dst, lo, hi = &sc.FirstPlayer, 1, s.Players
	case "active":
		dst, lo, hi = &sc.Active, 1, s.Players
	case "snowflakes":
		dst, hi = &sc.Snowflakes, 16
	case "truckAmmo":
		dst = &sc.TruckAmmo
	case "tankFuel", "tankAmmo":
		// The Tank's values by hand: with the Fuel setting off the players
		// take its Fuel themselves (§13.28).
		t := sc.Tank
		if t == nil || t.Destroyed {
			return tracker.Refuse("eternaut §11 F", "the Tank is not on the table")
		}
		dst, hi = &t.Fuel, t.MaxFuel
		if c.Field == "tankAmmo" {
			dst, hi = &t.Ammo, t.MaxAmmo
		}
	default:
		return tracker.Refuse("eternaut §3.3", "%q is not a scenario value (timer, timerStart, firstPlayer, active, snowflakes, truckAmmo, tankFuel, tankAmmo; cubes: SetCubes)", c.Field)
	}
	if c.Value < lo || c.Value > hi {
		return tracker.Refuse("eternaut §3.3", "%s must be from %d to %d, not %d", fieldWords(c.Field), lo, hi, c.Value)
	}
	x.say("Corrected by hand: %s %d → %d", fieldWords(c.Field), *dst, c.Value)
	*dst = c.Value
	if c.Field == "truckAmmo" {
		s.Section(Letter(sc.Key)).TruckAmmo = c.Value
	}
	return nil
}

func purchasesText(ps []Purchase) string {
	var parts []string
	for _, p := range ps {
		t := p.Kind + " " + p.ID
		if p.Char != "" {
			t += " @" + p.Char
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, "; ")
}

// parsePurchases reads "KIND ID [@CHAR]" entries separated by ";".
func parsePurchases(v string) ([]Purchase, error) {
	var out []Purchase
	for _, e := range strings.Split(v, ";") {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		kind, rest, _ := strings.Cut(e, " ")
		kind = strings.ToUpper(kind)
		cost, ok := costs[kind]
		if !ok {
			return nil, tracker.Refuse("eternaut §9.6.3", "%q: a purchase starts with SAC, SK, PA or GA", e)
		}
		p := Purchase{Kind: kind, Cost: cost}
		if i := strings.LastIndex(rest, "@"); i >= 0 {
			p.Char = strings.TrimSpace(rest[i+1:])
			rest = rest[:i]
		}
		p.ID = strings.TrimSpace(rest)
		if p.ID == "" {
			return nil, tracker.Refuse("eternaut §9.6.3", "%q: say what was bought", e)
		}
		out = append(out, p)
	}
	return out, nil
}

func skillsText(sk []SkillCounter) string {
	var parts []string
	for _, k := range sk {
		if k.Skill != "" {
			parts = append(parts, k.ID+" ("+k.Skill+")")
		} else {
			parts = append(parts, k.ID)
		}
	}
	return strings.Join(parts, ", ")
}

func penaltiesText(p Penalties) string {
	var parts []string
	if p.Fatigue > 0 {
		parts = append(parts, fmt.Sprintf("Fatigue ×%d", p.Fatigue))
	}
	if p.HeavyWound {
		parts = append(parts, "Heavy Wound")
	}
	if p.Madness {
		parts = append(parts, "Madness")
	}
	return strings.Join(parts, ", ")
}

// fieldNames are the correctable fields as a player names them (the
// commands take the short names).
var fieldNames = map[string]string{
	"lp": "life", "ammo": "ammo", "fatigue": "Fatigue", "heavyWound": "Heavy Wound", "madness": "Madness",
	"actionCards": "Action cards on the board", "timer": "the Timer's space", "timerStart": "the Timer's starting space",
	"firstPlayer": "the First Player", "active": "the player whose turn it is", "snowflakes": "Snowflake counters on the map",
	"truckAmmo": "ammo on the truck", "tankFuel": "the Tank's Fuel", "tankAmmo": "the Tank's Ammo", "variant": "the Storybook box", "checks": "✓ marks", "crosses": "✗ marks",
	"score": "the final score", "epilogue": "the Epilogue", "specialQuests": "the Special Quest cards",
	"itemReserve": "the Item reserve", "notes": "the notes", "truckItems": "the items on the truck",
	"basePP": "the points of this scenario", "availablePP": "the points available", "remainingPP": "the remaining Purchase Points",
	"specialContent": "the Special Content", "purchases": "the purchases", "groupAbilities": "the Group Abilities",
	"name": "the name", "played": "the Played box", "skull": "the skull", "items": "the items",
	"skills": "the skill counters", "pa": "the Personal Ability", "campaignScore": "the campaign score",
}

func fieldWords(f string) string {
	if w, ok := fieldNames[f]; ok {
		return w
	}
	return f
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
