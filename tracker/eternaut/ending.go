package eternaut

import (
	"slices"
	"strings"

	"tablekeeper/tracker"
)

// The end of a scenario (spec §9) as wizard steps, in the spec's order:
// EndScenario (unless the Timer reached the clock) → ConfirmObjectives →
// ReturnItems (not in F) → RecordEpilogue → RecordSpecialQuests (not in F)
// → Unlock (not in F) → Buy… → CloseShop; in F: RecordEpilogue →
// FinishCampaign.

// EndScenario ends the scenario when the story says so.
type EndScenario struct{}

// ConfirmObjectives closes step 1: the Objectives' states stand as set with
// SetObjective (open ones are ignored).
type ConfirmObjectives struct{}

// ReturnItems is step 2: the items whose card says they go back at the end
// (by Character ID; "truck" for the truck), and the Drop piles are emptied.
type ReturnItems struct{ Items map[string][]string }

// RecordEpilogue writes the epilogue code and the diary section (§9.1 steps
// 3–10): scenario pre-steps, Character rows with life +2, the Item reserve
// and ammo, the Group Abilities, the score and the next Storybook.
type RecordEpilogue struct{ Code string }

// RecordSpecialQuests writes the Special Quest cards face up at the end
// (step 9). Nil takes the ones the app saw on the table.
type RecordSpecialQuests struct{ IDs []string }

// Unlock runs the unlocks and the Available Supply's growth (§10.2, §9.2).
// NPC905 / NPC906: at the end of B, whether that NPC card is face up.
type Unlock struct{ NPC905, NPC906 bool }

// Buy spends Purchase Points (§9.6). Kind is "SAC", "SK", "PA" or "GA".
//   - SAC: Name is the card's name; Remove the basic card it replaces.
//   - SK: ID ("SK-01"…), Char, Skill (the icon printed, SK-01..06).
//   - PA: ID ("PA-903"), Char (its own Character), Permanent (its type).
//   - GA: ID ("GA-01"…), Permanent (its type).
type Buy struct {
	Kind, ID, Name, Remove, Char, Skill string
	Permanent                           bool
}

// CloseShop ends the purchase phase: the Remaining Purchase Points are
// written and the campaign is saved for a restart (§9.1 steps 12–13).
type CloseShop struct{}

func init() {
	register(EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{}, RecordSpecialQuests{}, Unlock{}, Buy{}, CloseShop{})
}

func (s *State) step(want string) (*EndWizard, error) {
	if s.Phase != PhaseEnding || s.End == nil {
		return nil, tracker.Refuse("eternaut §9", "no scenario is being finished")
	}
	if s.End.Step != want {
		return nil, tracker.Refuse("eternaut §9.1", "the end of the scenario is at the %s step, not %s", s.End.Step, want)
	}
	return s.End, nil
}

func (EndScenario) kind() string { return "end.start" }
func (EndScenario) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §9")
	if err != nil {
		return err
	}
	s.Phase, s.End = PhaseEnding, &EndWizard{Scenario: sc.Key, Step: StepObjectives}
	x.say("Scenario %s ends in round %d", sc.Key, sc.Round())
	x.ask("Check the Objectives: succeeded or failed ones give their instructions; open ones are ignored")
	return nil
}

func (ConfirmObjectives) kind() string { return "end.objectives" }
func (ConfirmObjectives) run(s *State, x *exec) error {
	w, err := s.step(StepObjectives)
	if err != nil {
		return err
	}
	var parts []string
	for _, o := range s.Scenario.Objectives {
		parts = append(parts, o.ID+" "+o.State)
	}
	x.say("Objectives: %s", listOr(parts, "none revealed"))
	if w.Clock {
		x.say("the clock's effect applies only through an Objective that succeeded or failed")
	}
	if Letter(w.Scenario) == "F" {
		w.Step = StepRecord
	} else {
		w.Step = StepItems
	}
	return nil
}

func (ReturnItems) kind() string { return "end.items" }
func (c ReturnItems) run(s *State, x *exec) error {
	w, err := s.step(StepItems)
	if err != nil {
		return err
	}
	sc := s.Scenario
	for _, id := range sortedKeys(c.Items) {
		items := c.Items[id]
		if id == "truck" {
			left, err := removeItems(sc.TruckItems, items, "the truck")
			if err != nil {
				return err
			}
			sc.TruckItems = left
		} else {
			ch, err := s.mustChar(id)
			if err != nil {
				return err
			}
			for _, it := range items {
				if i := slices.Index(ch.Items, it); i >= 0 {
					ch.Items = slices.Delete(ch.Items, i, i+1)
				} else if i := slices.Index(ch.BagItems, it); i >= 0 {
					ch.BagItems = slices.Delete(ch.BagItems, i, i+1)
				} else {
					return tracker.Refuse("eternaut §9.1", "%s does not hold item %s", ch.Name, it)
				}
			}
		}
		x.say("Back to the Item deck (%s): %s", id, strings.Join(items, ", "))
	}
	n := 0
	for _, p := range sc.DropPiles {
		n += len(p.Items)
	}
	sc.DropPiles = nil
	x.say("Drop piles emptied into the Item deck (%s)", plural(n, "item", "items"))
	w.Step = StepRecord
	return nil
}

// NextScenario is the branching of §10.1. The code is read as the diary
// writes it, in capitals ("end-b1-1" contains B1 too).
func NextScenario(finished, epilogue string) string {
	epilogue = strings.ToUpper(epilogue)
	switch Letter(strings.ToUpper(strings.TrimSpace(finished))) {
	case "A":
		if strings.Contains(epilogue, "B1") {
			return "B1"
		}
		return "B2"
	case "B":
		return "C"
	case "C":
		return "D"
	case "D":
		if strings.Contains(epilogue, "E1") {
			return "E1"
		}
		return "E2"
	case "E":
		if strings.Contains(epilogue, "F1") {
			return "F1"
		}
		return "F2"
	}
	return ""
}

// EpilogueFits checks the code grammar END-<NEXT>-<n> (§10.1). F's code is
// free text.
func EpilogueFits(finished, code string) bool {
	finished, code = strings.ToUpper(strings.TrimSpace(finished)), strings.ToUpper(strings.TrimSpace(code))
	if Letter(finished) == "F" {
		return strings.TrimSpace(code) != ""
	}
	var allowed []string
	switch Letter(finished) {
	case "A":
		allowed = []string{"B1", "B2"}
	case "B":
		allowed = []string{"C"}
	case "C":
		allowed = []string{"D"}
	case "D":
		allowed = []string{"E1", "E2"}
	case "E":
		allowed = []string{"F1", "F2"}
	}
	for _, n := range allowed {
		rest, ok := strings.CutPrefix(code, "END-"+n+"-")
		if ok && rest != "" && isDigits(rest) && rest[0] != '0' {
			return true
		}
	}
	return false
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// Score is the Final Scenario Score, never below 0 (§9.3, V18).
func Score(checks, crosses int) int { return max(0, checks-crosses) }

func (RecordEpilogue) kind() string { return "end.record" }
func (c RecordEpilogue) run(s *State, x *exec) error {
	w, err := s.step(StepRecord)
	if err != nil {
		return err
	}
	code := strings.ToUpper(strings.TrimSpace(c.Code))
	if code == "" {
		return tracker.Refuse("eternaut §9.1", "write the Epilogue code (like END-B1-1)")
	}
	if len(code) > 40 {
		return tracker.Refuse("eternaut §9.1", "an Epilogue code is at most 40 characters")
	}
	key, sc := w.Scenario, s.Scenario
	letter := Letter(key)
	sec := s.Section(letter)
	if !EpilogueFits(key, code) {
		x.say("warning: %q does not look like an Epilogue code for the end of %s; it is kept as written", code, key)
	}
	sec.Epilogue = code
	x.say("Epilogue of %s: %s", key, code)
	// Scenario pre-steps (§9.7).
	switch letter {
	case "A":
		for _, ch := range s.Roster {
			for i, it := range ch.Items {
				if it == "045" {
					ch.Items[i] = "046"
					x.say("%s's Handmade Axe 045 becomes 046", ch.Name)
				}
			}
		}
	case "D", "E", "F":
		// D clears every Madness; after D it is never written (§8.1).
		for _, ch := range s.Roster {
			if ch.Penalties.Madness {
				ch.Penalties.Madness = false
				x.say("%s's Madness is cleared", ch.Name)
			}
		}
	}
	// Next Storybook and its variant box (§10.1).
	if next := NextScenario(key, code); next != "" {
		s.Next = next
		if v := Variant(next); v != 0 {
			s.Section(Letter(next)).Variant = v
		}
		x.say("Next: Storybook %s", next)
	}
	// Item reserve and ammo (steps 6, B–F).
	if letter != "A" {
		var reserve []string
		ammo := sc.TruckAmmo
		for _, ch := range s.InPlay() {
			if !ch.Gone() {
				reserve = append(reserve, ch.Items...)
				reserve = append(reserve, ch.BagItems...)
				ammo += ch.Ammo
			}
		}
		reserve = append(reserve, sc.TruckItems...)
		sec.ItemReserve = reserve
		sec.Ammo = min(AmmoReserveCap, ammo)
		x.say("Item reserve: %s; ammo %d", listOr(reserve, "none"), sec.Ammo)
		if ammo > AmmoReserveCap {
			x.say("%d ammo above the diary's %d is lost", ammo-AmmoReserveCap, AmmoReserveCap)
		}
	}
	// Group Abilities (E, F).
	if letter == "E" || letter == "F" {
		sec.GroupAbilities = nil
		for _, g := range s.GroupAbilities {
			sec.GroupAbilities = append(sec.GroupAbilities, g.ID)
		}
	}
	// Character rows (§9.4).
	for _, ch := range s.Roster {
		if ch.Status == NotUnlocked || ch.Status == OutOfCampaign || ch.AwaitsReveal {
			continue
		}
		switch {
		case ch.Gone():
			r := writeRow(sec, ch, false)
			r.Skull, r.LP, r.Penalties, r.Items = true, 0, Penalties{}, nil
		case ch.InPlay:
			r := writeRow(sec, ch, ch.Played)
			if letter == "A" {
				r.Items, r.LP = slices.Clone(ch.Items), 0
				x.say("%s: items %s, %d Fatigue", ch.Name, listOr(ch.Items, "none"), ch.Penalties.Fatigue)
				break
			}
			r.LPAtEnd = ch.LP
			ch.LP = min(CharMaxLP, ch.LP+BetweenScenarioHeal)
			r.LP = ch.LP
			x.say("%s: %d life at the end, %d written (+%d, at most %d)", ch.Name, r.LPAtEnd, r.LP, BetweenScenarioHeal, CharMaxLP)
		default:
			// Did not play: C, D, E reset; F only lists them (§9.1 step 5).
			if letter == "C" || letter == "D" || letter == "E" {
				ch.LP, ch.Penalties = CharMaxLP, Penalties{}
				x.say("%s did not play: 10 life, no penalties", ch.Name)
			}
			writeRow(sec, ch, false)
		}
		if letter != "A" {
			ch.Items, ch.Bag, ch.BagItems = nil, "", nil
		}
		ch.Ammo = 0
	}
	sec.Score, sec.Scored = Score(sec.Checks, sec.Crosses), true
	x.say("Final score of %s: %d (%d ✓, %d ✗)", key, sec.Score, sec.Checks, sec.Crosses)
	for _, ch := range s.Roster {
		ch.InPlay, ch.Played, ch.ActionCards, ch.Cubes, ch.Board, ch.DiedHere, ch.Unavailable, ch.Operating = false, false, 0, 0, "", false, false, ""
		if ch.PA != nil {
			ch.PA.FaceDown = false
		}
	}
	if letter == "F" {
		w.Step = StepFinale
		x.ask("Confirm the Special Quest cards owned, then finish the campaign")
	} else {
		w.Step = StepQuests
		x.ask("Write the Special Quest cards face up on the table")
	}
	return nil
}

func (RecordSpecialQuests) kind() string { return "end.quests" }
func (c RecordSpecialQuests) run(s *State, x *exec) error {
	w, err := s.step(StepQuests)
	if err != nil {
		return err
	}
	ids := c.IDs
	if ids == nil {
		ids = s.Scenario.SpecialQuests
	}
	var clean []string
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id == "" || slices.Contains(clean, id) {
			return tracker.Refuse("eternaut §8.1", "Special Quest card %q is empty or written twice", id)
		}
		clean = append(clean, id)
	}
	s.Section(Letter(w.Scenario)).SpecialQuests = clean
	x.say("Special Quest cards: %s", listOr(clean, "none"))
	w.Step = StepUnlocks
	return nil
}

func (Unlock) kind() string { return "end.unlock" }
func (c Unlock) run(s *State, x *exec) error {
	w, err := s.step(StepUnlocks)
	if err != nil {
		return err
	}
	letter := Letter(w.Scenario)
	sec := s.Section(letter)
	if letter != "B" && (c.NPC905 || c.NPC906) {
		return tracker.Refuse("eternaut §10.2", "905 and 906 join only at the end of B")
	}
	join := func(id, why string) {
		ch := s.Char(id)
		if ch == nil {
			return
		}
		ch.Status, ch.Found, ch.LP, ch.Penalties = Alive, true, CharMaxLP, Penalties{}
		if letter == "B" {
			// 905/906 are written in section B with 10 life (§8.1).
			writeRow(sec, ch, false)
		}
		x.say("%s joins the group (%s)", ch.Carded(), why)
	}
	out := func(id string) {
		if ch := s.Char(id); ch != nil && ch.Status == NotUnlocked {
			ch.Status = OutOfCampaign
			x.say("%s leaves the campaign", ch.Named())
		}
	}
	switch letter {
	case "A":
		s.Pool.SACs += 12
		x.say("Available Supply: 12 Special Action cards")
	case "B":
		for _, u := range []struct {
			id string
			on bool
		}{{"905", c.NPC905}, {"906", c.NPC906}} {
			if u.on {
				join(u.id, "its NPC card was face up")
			} else {
				out(u.id)
			}
		}
		s.Pool.SACs += 3
		s.Pool.SKs = append(s.Pool.SKs, "SK-01", "SK-02", "SK-03")
		x.say("Available Supply: +3 Special Action cards, SK-01, SK-02, SK-03")
	case "C":
		var pas []string
		for _, id := range []string{"901", "902", "903", "904", "905", "906"} {
			if ch := s.Char(id); ch != nil && ch.Status == Alive {
				pas = append(pas, "PA-"+id)
			}
		}
		s.Pool.PAs = append(s.Pool.PAs, pas...)
		s.Pool.SKs = append(s.Pool.SKs, "SK-04", "SK-05", "SK-06")
		x.say("Available Supply: %s; SK-04, SK-05, SK-06", listOr(pas, "no Personal Ability card"))
	case "D":
		s.Pool.GAs = append(s.Pool.GAs, "GA-01", "GA-02")
		s.Pool.SKs = append(s.Pool.SKs, "SK-07", "SK-08", "SK-09")
		if s.Next == "E1" {
			join("912", "Storybook E1")
			s.Char("912").PA = &Ability{ID: "PA-912-A"}
			x.say("PA-912-A comes with 912, free")
			out("911")
		} else {
			if ch := s.Char("911"); ch != nil && ch.Status == NotUnlocked {
				ch.Status, ch.Found, ch.AwaitsReveal, ch.LP = Alive, true, true, CharMaxLP
				x.say("%s will join when revealed in E2 (with PA-911, free)", ch.Carded())
			}
			out("912")
		}
		x.say("Available Supply: GA-01, GA-02; SK-07, SK-08, SK-09")
	case "E":
		s.Pool.GAs = append(s.Pool.GAs, "GA-03", "GA-04")
		// §10.2, RB finishing D step 12: 911's card waits face down in the
		// reserve until the next scenario (E2) reveals it. If E2 ended
		// without revealing it, the group never met 911: the card leaves
		// the campaign, so F cannot choose it or bring it in, and the
		// finale does not count it as owned (Special Quest #2).
		if ch := s.Char("911"); ch != nil && ch.AwaitsReveal && !x.before(1) {
			ch.Status, ch.AwaitsReveal = OutOfCampaign, false
			x.say("%s was never revealed in E2 and leaves the campaign", ch.Carded())
		}
		if w.Scenario == "E1" {
			if ch := s.Char("912"); ch != nil && ch.Status == Alive && ch.PA != nil && ch.PA.ID == "PA-912-A" {
				ch.PA = &Ability{ID: "PA-912-B", Permanent: ch.PA.Permanent}
				if r := sec.Row("912"); r != nil {
					r.PA = "PA-912-B"
				}
				x.say("912's PA-912-A is replaced by PA-912-B")
			}
		}
		x.say("Available Supply: GA-03, GA-04")
	}
	// Purchase Points (§9.6.1).
	prev := 0
	if i := slices.Index(Letters, letter); i > 0 {
		prev = s.Diary[i-1].RemainingPP
	}
	base, avail, clamped := PurchasePoints(letter, sec.Score, prev)
	if clamped {
		x.say("warning: the score %d is above %d: no new points (points saved earlier stay)", sec.Score, PPConstant[letter])
	}
	sec.BasePP, sec.AvailablePP = base, avail
	w.Step, w.Spent = StepShop, 0
	x.say("Purchase Points: %d − %d = %d, + %d left from before = %d", PPConstant[letter], sec.Score, base, prev, base+prev)
	return nil
}

// PurchasePoints is §9.6.1: the scenario's constant minus its score (never
// below 0: clamped says it was, §13.16) plus the points left from the
// previous purchase phase.
func PurchasePoints(letter string, score, leftover int) (base, available int, clamped bool) {
	base = PPConstant[letter] - score
	if base < 0 {
		base, clamped = 0, true
	}
	return base, base + leftover, clamped
}

// Skills are the six skills (§7.8); "Perception" is read as Sneaking.
var Skills = []string{"Agility", "Fighting", "Leadership", "Science", "Sneaking", "First Aid"}

func normSkill(sk string) (string, bool) {
	sk = strings.TrimSpace(sk)
	if strings.EqualFold(sk, "Perception") {
		return "Sneaking", true
	}
	for _, k := range Skills {
		if strings.EqualFold(k, sk) {
			return k, true
		}
	}
	return "", false
}

// paOwner is the Character a PA card belongs to ("PA-912-A" → "912").
func paOwner(pa string) string {
	rest, ok := strings.CutPrefix(pa, "PA-")
	if !ok || len(rest) < 3 {
		return ""
	}
	return rest[:3]
}

var buyFrom = map[string]string{"SAC": "A", "SK": "B", "PA": "C", "GA": "D"}
var costs = map[string]int{"SAC": CostSAC, "SK": CostSK, "PA": CostPA, "GA": CostGA}

// kindNames are what can be bought, named as the rulebook names them (the
// short forms are the spec's).
var kindNames = map[string]string{"SAC": "a Special Action card", "SK": "a skill counter", "PA": "a Personal Ability card", "GA": "a Group Ability card"}

func (Buy) kind() string { return "shop.buy" }
func (c Buy) run(s *State, x *exec) error {
	w, err := s.step(StepShop)
	if err != nil {
		return err
	}
	letter := Letter(w.Scenario)
	sec := s.Section(letter)
	kind := strings.ToUpper(strings.TrimSpace(c.Kind))
	first, ok := buyFrom[kind]
	if !ok {
		return tracker.Refuse("eternaut §9.6.3", "%q cannot be bought: a Special Action card, a skill counter, a Personal Ability card or a Group Ability card can", c.Kind)
	}
	if !from(w.Scenario, first) {
		return tracker.Refuse("eternaut §12 V16", "%s can be bought from the end of %s on", capital(kindNames[kind]), first)
	}
	cost := costs[kind]
	left := sec.AvailablePP - w.Spent
	if cost > left {
		return tracker.Refuse("eternaut §12 V15", "%s costs %d Purchase Points; %d are left", capital(kindNames[kind]), cost, left)
	}
	p := Purchase{Kind: kind, Cost: cost}
	switch kind {
	case "SAC":
		name := strings.TrimSpace(c.Name)
		if name == "" {
			return tracker.Refuse("eternaut §9.6.4", "write the Special Action card's name")
		}
		if s.Pool.SACs < 1 {
			return tracker.Refuse("eternaut §12 V16", "no Special Action card is left in the Available Supply")
		}
		n, ok := s.Deck.Basic[c.Remove]
		if !ok && strings.TrimSpace(c.Remove) == "" {
			return tracker.Refuse("eternaut §12 V17", "choose a basic Action card to take out of the deck (bought cards cannot be removed)")
		}
		if !ok {
			return tracker.Refuse("eternaut §12 V17", "choose a basic Action card to take out of the deck (bought cards cannot be removed); “%s” is not one", c.Remove)
		}
		if n < 2 {
			return tracker.Refuse("eternaut §12 V17", "the deck must keep at least 1 %q", c.Remove)
		}
		s.Pool.SACs--
		s.Deck.Basic[c.Remove]--
		s.Deck.Specials = append(s.Deck.Specials, name)
		sec.SpecialContent = append(sec.SpecialContent, name)
		p.ID, p.Remove = name, c.Remove
		x.say("Bought Special Action card “%s” for %d PP, replacing a “%s” (deck stays %d)", name, cost, c.Remove, s.Deck.Size())
	case "SK", "PA":
		ch, err := s.mustChar(c.Char)
		if err != nil {
			return err
		}
		if ch.Status != Alive || ch.AwaitsReveal {
			return tracker.Refuse("eternaut §12 V14", "%s %s is not a living member of the group", ch.ID, ch.Name)
		}
		if kind == "PA" {
			switch {
			case ch.Masked:
				return tracker.Refuse("eternaut §12 V14", "Masked Figures never hold a Personal Ability")
			case paOwner(c.ID) != ch.ID:
				return tracker.Refuse("eternaut §12 V14", "%s belongs to Character %s, not %s", c.ID, paOwner(c.ID), ch.ID)
			case ch.PA != nil:
				return tracker.Refuse("eternaut §12 V14", "%s already has %s: a Personal Ability cannot be bought over another", ch.Name, ch.PA.ID)
			}
		}
		i := slices.Index(poolOf(s, kind), c.ID)
		if i < 0 {
			return tracker.Refuse("eternaut §12 V16", "%s is not in the Available Supply", c.ID)
		}
		if kind == "SK" {
			if len(ch.Skills) >= SKMaxPerCharacter {
				return tracker.Refuse("eternaut §12 V13", "%s already has %d skill counters, the most a Character can have", ch.Name, SKMaxPerCharacter)
			}
			skill := ""
			if c.Skill != "" {
				var ok bool
				if skill, ok = normSkill(c.Skill); !ok {
					return tracker.Refuse("eternaut §7.8", "%q is not a skill (%s)", c.Skill, strings.Join(Skills, ", "))
				}
			} else if skBonus(c.ID) == 1 {
				return tracker.Refuse("eternaut §7.9", "write the skill printed on %s", c.ID)
			}
			ch.Skills = append(ch.Skills, SkillCounter{ID: c.ID, Skill: skill})
			s.Pool.SKs = slices.Delete(s.Pool.SKs, i, i+1)
			x.say("Bought %s (%s) for %s, %d PP; item capacity %d", c.ID, listOr(nonEmpty(skill), "no icon"), ch.Name, cost, ch.Capacity())
		} else {
			ch.PA = &Ability{ID: c.ID, Permanent: c.Permanent}
			s.Pool.PAs = slices.Delete(s.Pool.PAs, i, i+1)
			x.say("Bought %s for %s, %d PP", c.ID, ch.Name, cost)
		}
		writeRow(sec, ch, false)
		p.ID, p.Char = c.ID, ch.ID
	case "GA":
		i := slices.Index(s.Pool.GAs, c.ID)
		if i < 0 {
			return tracker.Refuse("eternaut §12 V16", "%s is not in the Available Supply", c.ID)
		}
		s.Pool.GAs = slices.Delete(s.Pool.GAs, i, i+1)
		s.GroupAbilities = append(s.GroupAbilities, Ability{ID: c.ID, Permanent: c.Permanent})
		sec.GroupAbilities = append(sec.GroupAbilities, c.ID)
		p.ID = c.ID
		x.say("Bought %s for the group, %d PP", c.ID, cost)
	}
	w.Spent += cost
	sec.Purchases = append(sec.Purchases, p)
	sec.RemainingPP = sec.AvailablePP - w.Spent
	x.say("%d PP left", sec.RemainingPP)
	return nil
}

// capital starts a phrase with a capital letter.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

func poolOf(s *State, kind string) []string {
	if kind == "SK" {
		return s.Pool.SKs
	}
	return s.Pool.PAs
}

func (CloseShop) kind() string { return "shop.close" }
func (CloseShop) run(s *State, x *exec) error {
	w, err := s.step(StepShop)
	if err != nil {
		return err
	}
	sec := s.Section(Letter(w.Scenario))
	sec.RemainingPP = sec.AvailablePP - w.Spent
	x.say("Purchases done: %d PP spent, %d PP left", w.Spent, sec.RemainingPP)
	if Letter(w.Scenario) == "E" && sec.RemainingPP > 0 {
		x.say("points left after E have no further use")
	}
	s.Phase, s.End, s.Scenario = PhaseBetween, nil, nil
	takeSnapshot(s, w.Scenario)
	x.ask("Next: set up Storybook %s", s.Next)
	return nil
}
