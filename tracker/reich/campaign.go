package reich

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/tracker"
)

// Skill types (spec §10.3). A hero's starting skill outside the 20
// campaign skills has type SkillHero: it counts toward the 4-skill cap but
// toward no type's price.
const (
	SkillAttack   = "attack"
	SkillDefence  = "defence"
	SkillTactical = "tactical"
	SkillNoise    = "noise"
	SkillVril     = "vril"
	SkillHero     = "hero"
)

// CampaignSkills are the 20 campaign skills and their types (spec §10.3,
// §12.2).
var CampaignSkills = map[string]string{
	"Die Hard": SkillAttack, "Fire Support": SkillAttack, "Frenzy": SkillAttack, "Quick Shot": SkillAttack,
	"Counter": SkillDefence, "Iron Hide": SkillDefence, "Lone Wolf": SkillDefence, "Resilient": SkillDefence, "Guardian": SkillDefence,
	"Bitter": SkillTactical, "Decoy": SkillTactical, "Opportunist": SkillTactical, "Withdraw": SkillTactical,
	"Auf Deutsch": SkillNoise, "Recon": SkillNoise, "Sleight of Hand": SkillNoise, "Sneaky": SkillNoise,
	"Vril Enhanced": SkillVril, "Vril Implants": SkillVril, "Vril Tolerance": SkillVril,
}

// MaxSkills is the skill cap per hero (V-30); MaxHQItems the HQ card's (V-31).
const (
	MaxSkills  = 4
	MaxHQItems = 6
	MaxItems   = 4
)

// skillType names a skill's type: a campaign skill's own, else SkillHero.
func skillType(id string) string {
	if t, ok := CampaignSkills[canonicalSkill(id)]; ok {
		return t
	}
	return SkillHero
}

func canonicalSkill(id string) string {
	for k := range CampaignSkills {
		if strings.EqualFold(k, strings.TrimSpace(id)) {
			return k
		}
	}
	return strings.TrimSpace(id)
}

// hpPays reports whether a heroism point of this kind may pay for a skill
// of this type (spec §10.3: attack ↔ Attack, defence ↔ Defence, wild ↔ any
// non-vril).
func hpPays(kind, skillType string) bool {
	switch skillType {
	case SkillVril, SkillHero:
		return false
	case SkillAttack:
		return kind == HPAttack || kind == HPWild
	case SkillDefence:
		return kind == HPDefence || kind == HPWild
	}
	return kind == HPWild
}

func validHP(kind string) bool { return kind == HPAttack || kind == HPDefence || kind == HPWild }

// SetDifficulty chooses the campaign's difficulty (spec §4.3). Its values
// are not in the source, so the players enter them. It cannot change once
// the first mission has started (V-34).
type SetDifficulty struct {
	Name          string
	ItemsKept     int
	WoundsRemoved int
}

func (c SetDifficulty) decide(t *tx, _ *tracker.Dice) (string, error) {
	if t.s.Campaign.Started {
		return "", tracker.Refuse("reichbusters V-34", "the difficulty is fixed for the whole campaign once the first mission has started")
	}
	if strings.TrimSpace(c.Name) == "" {
		return "", tracker.Refuse("reichbusters §4.3", "the difficulty level needs a name")
	}
	if c.ItemsKept < 0 || c.ItemsKept > MaxHQItems {
		return "", tracker.Refuse("reichbusters §10.2", "items kept must be 0 to %d, not %d", MaxHQItems, c.ItemsKept)
	}
	if c.WoundsRemoved < 0 {
		return "", tracker.Refuse("reichbusters §10.2", "wounds removed must be 0 or more, not %d", c.WoundsRemoved)
	}
	d := Difficulty{Name: strings.TrimSpace(c.Name), ItemsKept: c.ItemsKept, WoundsRemoved: c.WoundsRemoved}
	t.campaign(func(r *CampaignRecord) { r.Difficulty = &d })
	t.say("Campaign difficulty: %s (keep %s, remove %s after a mission)", d.Name, plural(d.ItemsKept, "item"), plural(d.WoundsRemoved, "permanent wound"))
	return "campaign.difficulty", nil
}

// SetHPSupply enters the heroism point supply's composition (not in the
// source): the tokens the face-down supply holds between missions.
type SetHPSupply struct{ Kinds []string }

func (c SetHPSupply) decide(t *tx, _ *tracker.Dice) (string, error) {
	for i, k := range c.Kinds {
		if !validHP(k) {
			return "", tracker.Refuse("reichbusters §6.5", "heroism point %d: %q is not attack, defence or wild", i+1, k)
		}
	}
	t.campaign(func(r *CampaignRecord) { r.HPSupply = slices.Clone(c.Kinds) })
	t.say("Heroism point supply: %s", countKinds(c.Kinds))
	return "campaign.hpSupply", nil
}

func countKinds(kinds []string) string {
	n := map[string]int{}
	for _, k := range kinds {
		n[k]++
	}
	return fmt.Sprintf("%d attack, %d defence, %d wild", n[HPAttack], n[HPDefence], n[HPWild])
}

// SetHQ sets the HQ card's items and heroism points by hand (the table is
// the source of truth), outside a mission.
type SetHQ struct {
	Items  []Item
	HP     []string
	Reason string
}

func (c SetHQ) decide(t *tx, _ *tracker.Dice) (string, error) {
	if m := t.s.Mission; m != nil && !m.Ended {
		return "", tracker.Refuse("reichbusters §4.3", "the HQ card is set between missions; in a mission its items are on the dashboards")
	}
	if err := t.s.Campaign.checkHQItems(len(c.Items)); err != nil {
		return "", err
	}
	for i, k := range c.HP {
		if !validHP(k) {
			return "", tracker.Refuse("reichbusters §6.5", "heroism point %d: %q is not attack, defence or wild", i+1, k)
		}
	}
	t.reason = c.Reason
	t.campaign(func(r *CampaignRecord) { r.HQItems, r.HQHP = slices.Clone(c.Items), slices.Clone(c.HP) })
	t.say("Corrected by hand: HQ card holds %d items and %d heroism points", len(c.Items), len(c.HP))
	return "campaign.hq", nil
}

func (r *CampaignRecord) checkHQItems(n int) error {
	limit := MaxHQItems
	if r.Difficulty != nil && r.Difficulty.ItemsKept < limit {
		limit = r.Difficulty.ItemsKept
	}
	if n > limit {
		return tracker.Refuse("reichbusters V-31", "the HQ card keeps at most %d items at this difficulty, not %d", limit, n)
	}
	return nil
}

// CloseMission runs the after-mission procedure of a campaign mission
// (Algorithm C, spec §10.2, steps 1–8) once the mission has ended:
// objective tokens and keys are discarded, the chosen items go on the HQ
// card and the rest are discarded, each vril weapon is kept or flipped
// back, jammed and drained tokens go, deactivated skills flip back,
// permanent wounds are removed as the difficulty says (the players name
// which cards each hero sheds when they have a choice), a won mission adds
// a random HP to the HQ card. Skill purchases follow (BuySkill, step 9)
// until FinishDebrief, which moves the heroes' leftover HPs to the HQ card
// or loses them (step 10, settings.heroHpCarry). For a raid it only records
// the outcome.
type CloseMission struct {
	// KeepItems names the items to keep on the HQ card: "hero:index" for an
	// item on a dashboard, "hq:index" for one already on the HQ card.
	KeepItems []string
	// KeepVril lists the weapons kept on their vril side ("hero:0" or "hero:1");
	// every other vril weapon flips back.
	KeepVril []string
	// HealCards names, per hero, the wound cards to remove (by index);
	// when absent, the newest cards go first.
	HealCards map[string][]int
	// HPDrawn is the heroism point the players drew from the face-down
	// supply for the HQ card after a won campaign mission, when they draw
	// the supply themselves (step 8).
	HPDrawn string
}

func (c CloseMission) decide(t *tx, d *tracker.Dice) (string, error) {
	m := t.s.Mission
	if m == nil {
		return "", tracker.Refuse("reichbusters §10.2", "no mission is in play")
	}
	if !m.Ended {
		return "", tracker.Refuse("reichbusters §10.2", "the mission has not ended yet")
	}
	if m.Result == "" {
		// §5.7: the result (and so step 8's success) is read from the chart first.
		return "", tracker.Refuse("reichbusters §5.7", "read the Victory or Defeat? chart before closing mission %s", m.ID)
	}
	if len(m.HPDraws) > 0 {
		return "", tracker.Refuse("reichbusters §6.5", "first say which heroism point %s drew from the supply for %s", t.name(m.HPDraws[0].Hero), m.HPDraws[0].Why)
	}
	drawHQ := m.campaign() && m.Success && len(m.HPSupply) > 0
	switch {
	case c.HPDrawn != "" && !m.HPByPlayers:
		return "", tracker.Refuse("reichbusters §10.2", "the app draws the heroism point supply in this mission: no heroism point is named")
	case c.HPDrawn != "" && !drawHQ:
		return "", tracker.Refuse("reichbusters §10.2", "no heroism point is drawn for the HQ card: only a won campaign mission adds one, from a supply that is not empty")
	case c.HPDrawn == "" && drawHQ && m.HPByPlayers:
		return "", tracker.Refuse("reichbusters §10.2", "the mission was won: draw a heroism point from the face-down supply for the HQ card and say which")
	case c.HPDrawn != "":
		if err := supplyHas(m.HPSupply, strings.ToLower(strings.TrimSpace(c.HPDrawn))); err != nil {
			return "", err
		}
	}
	// §10.1: the outcome is recorded with the chart row picked.
	out := Outcome{Mission: m.ID, Mode: m.Mode, Row: m.Row, Result: m.Result, Success: m.Success, Rounds: m.Round}
	if !m.campaign() {
		t.campaign(func(r *CampaignRecord) { r.Outcomes = append(r.Outcomes, out) })
		t.do(Op{Op: opNoMission})
		t.say("Raid %s closed: %s", m.ID, resultWord(m.Success))
		return "campaign.close", nil
	}
	rec := t.s.Campaign
	// Step 3: the items kept. Objective tokens and keys are never kept (steps 1–2).
	var pool []Item
	poolKey := map[string]Item{}
	for _, h := range m.Heroes {
		for i, it := range h.Items {
			poolKey[fmt.Sprintf("%s:%d", h.ID, i)] = it
		}
	}
	for i, it := range rec.HQItems {
		poolKey[fmt.Sprintf("hq:%d", i)] = it
	}
	seen := map[string]bool{}
	for _, k := range c.KeepItems {
		it, ok := poolKey[k]
		if !ok {
			return "", tracker.Refuse("reichbusters §10.2", "there is no item %q to keep (write hero:slot or hq:slot)", k)
		}
		if seen[k] {
			return "", tracker.Refuse("reichbusters §10.2", "item %s is named twice", k)
		}
		seen[k] = true
		if it.Kind == ItemObjective || it.Kind == ItemKeys {
			return "", tracker.Refuse("reichbusters V-32", "%s is discarded after a campaign mission (objective tokens and keys never stay)", it.Name)
		}
		it.Status = StatusNone // step 5
		pool = append(pool, it)
	}
	if err := rec.checkHQItems(len(pool)); err != nil {
		return "", err
	}
	keepVril := map[string]bool{}
	for _, k := range c.KeepVril {
		keepVril[k] = true
	}
	for k := range keepVril {
		id, idx, ok := strings.Cut(k, ":")
		h := m.hero(id)
		if !ok || h == nil || (idx != "0" && idx != "1") {
			return "", tracker.Refuse("reichbusters §10.2", "there is no weapon %q (write hero:0 or hero:1)", k)
		}
		if !h.Weapons[map[string]int{"0": 0, "1": 1}[idx]].Vril {
			return "", tracker.Refuse("reichbusters §10.2", "%s's weapon %s is not on its vril side", h.Name, idx)
		}
	}
	woundsOff := 0
	if rec.Difficulty != nil {
		woundsOff = rec.Difficulty.WoundsRemoved
	}
	heroes := slices.Clone(rec.Heroes)
	for _, h := range m.Heroes {
		ch := CampaignHero{ID: h.ID, Name: h.Name}
		for i, w := range h.Weapons {
			if w.Vril && !keepVril[fmt.Sprintf("%s:%d", h.ID, i)] {
				w.Vril = false // step 4
			}
			w.Status = StatusNone // step 5
			ch.Weapons = append(ch.Weapons, w)
		}
		for _, s := range h.Skills {
			s.Active = true // step 6
			ch.Skills = append(ch.Skills, s)
		}
		wounds := slices.Clone(h.Wounds)
		// Step 7: the difficulty's wound removal.
		if picks, ok := c.HealCards[h.ID]; ok {
			// §10.2 step 7: the difficulty says how many go (all, if the hero
			// has fewer); the players choose only which.
			if want := min(woundsOff, len(wounds)); len(picks) != want {
				return "", tracker.Refuse("reichbusters §10.2", "%s sheds %s at this difficulty (of %d held), not %d", h.Name, plural(want, "permanent wound"), len(wounds), len(picks))
			}
			drop := map[int]bool{}
			for _, i := range picks {
				if i < 0 || i >= len(wounds) || drop[i] {
					return "", tracker.Refuse("reichbusters §10.2", "%s has no wound card number %d to remove", h.Name, i)
				}
				drop[i] = true
			}
			wounds = withoutCards(wounds, drop)
		} else {
			wounds = wounds[:max(0, len(wounds)-woundsOff)]
		}
		ch.Wounds = wounds
		// §10.2: the hero's own points stay on the dashboard through the
		// skill purchases (step 9); step 10 moves them at FinishDebrief.
		ch.HP = slices.Clone(h.HP)
		if i := slices.IndexFunc(heroes, func(x CampaignHero) bool { return x.ID == h.ID }); i >= 0 {
			heroes[i] = ch
		} else {
			heroes = append(heroes, ch)
		}
	}
	hqHP := append(slices.Clone(m.HPShared), nil...)
	supply := slices.Clone(m.HPSupply)
	gained := ""
	if m.Success && len(supply) > 0 { // step 8
		var i int
		if m.HPByPlayers {
			i = slices.Index(supply, strings.ToLower(strings.TrimSpace(c.HPDrawn)))
		} else {
			i = d.Intn(len(supply))
		}
		gained = supply[i]
		hqHP = append(hqHP, gained)
		supply = slices.Delete(supply, i, i+1)
	}
	t.campaign(func(r *CampaignRecord) {
		r.Outcomes = append(r.Outcomes, out)
		r.HQItems, r.HQHP, r.Heroes = pool, hqHP, heroes
		r.HPSupply = supply
		r.Debrief = &Debrief{Mission: m.ID, Success: m.Success}
	})
	t.do(Op{Op: opNoMission})
	t.say("%s closed: %s; %s kept on the HQ card, %s on it", MissionName(m.ID), resultWord(m.Success), plural(len(pool), "item"), plural(len(hqHP), "heroism point"))
	if gained != "" {
		t.say("%s heroism point was added to the HQ card for the success", strings.ToUpper(an(gained)[:1])+an(gained)[1:])
	} else if m.Success {
		t.say("No heroism point was added: the supply is empty")
	}
	return "campaign.close", nil
}

func resultWord(success bool) string {
	if success {
		return "success"
	}
	return "failure"
}

// HPRef names a heroism point to spend: from a hero's dashboard (From is
// the hero's id) or from the shared team/HQ card (From "hq"), by kind.
type HPRef struct {
	From string
	Kind string
}

// BuySkill buys a campaign skill for a hero after a campaign mission
// (Algorithm P, spec §10.3). The price is the number of skills of that
// type the hero will hold; the payment must be exact and of kinds that suit
// the type; the HPs come from the hero's own dashboard and the HQ card
// only. Buying a fifth skill needs Discard, a skill other than the new one.
type BuySkill struct {
	Hero    string
	Skill   string
	Pay     []HPRef
	Discard string
}

func (c BuySkill) decide(t *tx, _ *tracker.Dice) (string, error) {
	rec := &t.s.Campaign
	if rec.Debrief == nil {
		return "", tracker.Refuse("reichbusters §10.2", "skills are bought after a campaign mission, before the next one starts")
	}
	h := rec.hero(c.Hero)
	if h == nil {
		return "", tracker.Refuse("reichbusters §10.3", "there is no hero %q in the campaign", c.Hero)
	}
	skill := canonicalSkill(c.Skill)
	typ, ok := CampaignSkills[skill]
	if !ok {
		return "", tracker.Refuse("reichbusters §10.3", "%q is not one of the 20 campaign skills", c.Skill)
	}
	if typ == SkillVril {
		return "", tracker.Refuse("reichbusters V-29", "vril skills cannot be bought with heroism points (wild points buy only non-vril skills)")
	}
	for _, o := range rec.Heroes {
		for _, s := range o.Skills {
			if s.ID == skill {
				if o.ID == h.ID {
					return "", tracker.Refuse("reichbusters V-29", "%s already has %s (one copy per hero)", h.Name, skill)
				}
				return "", tracker.Refuse("reichbusters V-29", "%s is no longer available: %s has it, and skills cannot be transferred", skill, o.Name)
			}
		}
	}
	// The price is worked out before any discard to make room (§10.3 AMBIGUOUS default).
	cost, _, _ := SkillPrice(t.s, h.ID, skill)
	if len(c.Pay) != cost {
		return "", tracker.Refuse("reichbusters V-29", "%s costs %s %d heroism points (%s skills held after buying: %d); %d were offered, and no change is given",
			skill, h.Name, cost, typ, cost, len(c.Pay))
	}
	heroHP, hqHP := slices.Clone(h.HP), slices.Clone(rec.HQHP)
	for i, p := range c.Pay {
		if !hpPays(p.Kind, typ) {
			return "", tracker.Refuse("reichbusters V-29", "payment %d: %s heroism point cannot pay for %s skill", i+1, an(p.Kind), an(typ))
		}
		var src *[]string
		switch p.From {
		case "hq":
			src = &hqHP
		case h.ID:
			src = &heroHP
		default:
			return "", tracker.Refuse("reichbusters V-29", "payment %d: heroism points come from %s's own dashboard or the HQ card, not from %q", i+1, h.Name, p.From)
		}
		j := slices.Index(*src, p.Kind)
		if j < 0 {
			where := "the HQ card"
			if p.From != "hq" {
				where = h.Name + "'s dashboard"
			}
			return "", tracker.Refuse("reichbusters V-29", "payment %d: there is no %s heroism point left on %s", i+1, p.Kind, where)
		}
		*src = slices.Delete(*src, j, j+1)
	}
	skills := append(slices.Clone(h.Skills), Skill{ID: skill, Type: typ, Active: true})
	discarded := ""
	if len(skills) > MaxSkills {
		if c.Discard == "" {
			return "", tracker.Refuse("reichbusters V-30", "%s would hold %d skills; name a skill to discard to make room (at most %d)", h.Name, len(skills), MaxSkills)
		}
		d := canonicalSkill(c.Discard)
		if d == skill {
			return "", tracker.Refuse("reichbusters V-30", "the skill just bought cannot be the one discarded")
		}
		i := slices.IndexFunc(skills, func(s Skill) bool { return s.ID == d })
		if i < 0 {
			return "", tracker.Refuse("reichbusters V-30", "%s has no skill %q to discard", h.Name, c.Discard)
		}
		skills = slices.Delete(skills, i, i+1)
		discarded = d
	} else if c.Discard != "" {
		return "", tracker.Refuse("reichbusters V-30", "%s has room for the new skill; nothing needs discarding", h.Name)
	}
	spentSupply := append(slices.Clone(rec.HPSupply), kindsOf(c.Pay)...)
	t.campaign(func(r *CampaignRecord) {
		ch := r.hero(c.Hero)
		ch.Skills, ch.HP = skills, heroHP
		r.HQHP = hqHP
		r.HPSupply = spentSupply // spent points go back to the supply (NOT IN SOURCE default)
	})
	t.say("%s bought %s (%s) for %d heroism points", h.Name, skill, typ, cost)
	if discarded != "" {
		t.say("%s discarded %s to make room; it is available again", h.Name, discarded)
	}
	return "campaign.buySkill", nil
}

func kindsOf(p []HPRef) []string {
	out := make([]string, len(p))
	for i, r := range p {
		out[i] = r.Kind
	}
	return out
}

// GrantSkill gives a hero a skill as a mission reward (the only way to gain
// a vril skill, spec §10.3), between missions. Reason says where it came from.
type GrantSkill struct {
	Hero, Skill, Discard, Reason string
}

func (c GrantSkill) decide(t *tx, _ *tracker.Dice) (string, error) {
	if m := t.s.Mission; m != nil && !m.Ended {
		return "", tracker.Refuse("reichbusters §10.3", "skills are granted between missions")
	}
	rec := &t.s.Campaign
	h := rec.hero(c.Hero)
	if h == nil {
		return "", tracker.Refuse("reichbusters §10.3", "there is no hero %q in the campaign", c.Hero)
	}
	if strings.TrimSpace(c.Reason) == "" {
		return "", tracker.Refuse("reichbusters §10.3", "say which mission reward grants the skill")
	}
	skill := canonicalSkill(c.Skill)
	for _, o := range rec.Heroes {
		for _, s := range o.Skills {
			if s.ID == skill {
				return "", tracker.Refuse("reichbusters V-29", "%s already holds %s (one copy of each skill): if a card lets it pass to another hero, hand it over instead", o.Name, skill)
			}
		}
	}
	skills := append(slices.Clone(h.Skills), Skill{ID: skill, Type: skillType(skill), Active: true})
	if len(skills) > MaxSkills {
		i := slices.IndexFunc(skills, func(s Skill) bool { return s.ID == canonicalSkill(c.Discard) })
		if c.Discard == "" || i < 0 || canonicalSkill(c.Discard) == skill {
			return "", tracker.Refuse("reichbusters V-30", "%s would hold %d skills; name another skill to discard (at most %d)", h.Name, len(skills), MaxSkills)
		}
		skills = slices.Delete(skills, i, i+1)
	}
	t.reason = c.Reason
	t.campaign(func(r *CampaignRecord) { r.hero(c.Hero).Skills = skills })
	t.say("%s gained %s as a mission reward", h.Name, skill)
	return "campaign.grantSkill", nil
}

// HandOverSkill moves a skill from one hero to another, between missions,
// where a card or mission reward allows it; Reason says which. The rules
// summary says skills "cannot be transferred between heroes" (a skill held
// is no longer available to buy, V-29), so a hand-over is never a
// purchase: it needs that card. Discard names a skill the receiver gives
// up when the skill would be its 5th (V-30).
type HandOverSkill struct {
	From, To, Skill, Discard, Reason string
}

func (c HandOverSkill) decide(t *tx, _ *tracker.Dice) (string, error) {
	const rule = "reichbusters §10.3"
	if m := t.s.Mission; m != nil && !m.Ended {
		return "", tracker.Refuse(rule, "skills are handed over between missions")
	}
	rec := &t.s.Campaign
	from, to := rec.hero(c.From), rec.hero(c.To)
	switch {
	case from == nil:
		return "", tracker.Refuse(rule, "there is no hero %q in the campaign", c.From)
	case to == nil:
		return "", tracker.Refuse(rule, "there is no hero %q in the campaign", c.To)
	case from.ID == to.ID:
		return "", tracker.Refuse(rule, "a skill is handed over to another hero")
	case strings.TrimSpace(c.Reason) == "":
		return "", tracker.Refuse(rule, "skills cannot be passed between heroes unless a card or mission reward says so: say which")
	}
	skill := canonicalSkill(c.Skill)
	i := slices.IndexFunc(from.Skills, func(s Skill) bool { return s.ID == skill })
	if i < 0 {
		return "", tracker.Refuse(rule, "%s holds no %s to hand over", from.Name, skill)
	}
	moved := from.Skills[i]
	moved.Starting = false // it is no longer the skill printed on the receiver's card
	given := slices.Delete(slices.Clone(from.Skills), i, i+1)
	skills := append(slices.Clone(to.Skills), moved)
	discarded := ""
	if len(skills) > MaxSkills {
		d := canonicalSkill(c.Discard)
		j := slices.IndexFunc(skills, func(s Skill) bool { return s.ID == d })
		if c.Discard == "" || j < 0 || d == skill {
			return "", tracker.Refuse("reichbusters V-30", "%s would hold %d skills; name another of %s's skills to discard (at most %d)", to.Name, len(skills), to.Name, MaxSkills)
		}
		skills = slices.Delete(skills, j, j+1)
		discarded = d
	} else if c.Discard != "" {
		return "", tracker.Refuse("reichbusters V-30", "%s has room for %s: no skill is discarded", to.Name, skill)
	}
	t.reason = c.Reason
	t.campaign(func(r *CampaignRecord) {
		r.hero(c.From).Skills = given
		r.hero(c.To).Skills = skills
	})
	t.say("%s hands %s over to %s", from.Name, skill, to.Name)
	if discarded != "" {
		t.say("%s discards %s to make room", to.Name, discarded)
	}
	return "campaign.handOverSkill", nil
}

// FinishDebrief ends the after-mission step (§10.2 step 10): the heroes'
// leftover HPs move to the HQ card or are lost, and no more purchases
// until the next mission.
type FinishDebrief struct{}

func (FinishDebrief) decide(t *tx, _ *tracker.Dice) (string, error) {
	if t.s.Campaign.Debrief == nil {
		return "", tracker.Refuse("reichbusters §10.2", "no after-mission step is open")
	}
	mission := t.s.Campaign.Debrief.Mission
	// §10.2 step 10, after the purchases: the heroes' leftover points move
	// to the HQ card or are lost (settings.heroHpCarry).
	toHQ := t.s.Settings.HeroHpCarry == "toHQ"
	moved := 0
	t.campaign(func(r *CampaignRecord) {
		r.Debrief = nil
		for i := range r.Heroes {
			moved += len(r.Heroes[i].HP)
			if toHQ {
				r.HQHP = append(r.HQHP, r.Heroes[i].HP...)
			} else {
				r.HPSupply = append(r.HPSupply, r.Heroes[i].HP...)
			}
			r.Heroes[i].HP = nil
		}
	})
	if moved > 0 {
		if toHQ {
			t.say("The heroes' %d leftover heroism points move to the HQ card", moved)
		} else {
			t.say("The heroes' %d leftover heroism points are lost", moved)
		}
	}
	t.say("After-mission step of %s done; unspent HQ heroism points stay on the HQ card", mission)
	return "campaign.debriefDone", nil
}

// an puts "a" or "an" before a word.
func an(w string) string {
	if w != "" && strings.ContainsRune("aeiouAEIOU", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}
