package eternaut

import (
	"slices"

	"tablekeeper/tracker"
)

// Skill tests and the attack helper (spec §7.8, §7.12): pure arithmetic the
// UI shows; nothing here is recorded until the players apply the result.

// SkillValue is a Character's value for one skill in a test (§7.8): the
// Character card's value, plus the matching icons on the board's cards and
// counters, plus the matching icons of the hand cards discarded for it.
// Each discarded card must show at least one matching icon.
func SkillValue(base, boardIcons int, discarded []int) (int, error) {
	if base < 0 || boardIcons < 0 {
		return 0, tracker.Refuse("eternaut §7.8", "skill values and icon counts cannot be negative")
	}
	v := base + boardIcons
	for i, n := range discarded {
		if n < 1 {
			return 0, tracker.Refuse("eternaut §7.8", "discarded card %d shows no matching icon: it cannot be discarded for this test", i+1)
		}
		v += n
	}
	return v, nil
}

// CombinedSkill is a combined test's total (E on): the two skills' values
// added; a discarded card counts toward either, once.
func CombinedSkill(a, b int) int { return a + b }

// SkillIcons counts the permanent skill icons a Character's skill counters
// give (SK-01..06 carry one; SK-07..09 none unless the group set one).
func SkillIcons(c *Character, skill string) int {
	n := 0
	for _, sk := range c.Skills {
		if sk.Skill == skill {
			n++
		}
	}
	return n
}

// AttackInput is an attack as the card and the table give it (§7.12).
type AttackInput struct {
	Ranged   bool
	Ammo     int   // the attacker's ammo (ranged)
	MaxCubes int   // from the card
	Cubes    int   // cubes the player places (1..MaxCubes)
	Damages  []int // the card's damage values, e.g. [4,1,1]
	// Ranges are each targeted space's range from the attacker, used with
	// Reduced (the card's "reduced damage").
	Ranges  []int
	Reduced bool
	// The bonuses: each is unlocked when the skill value reaches the
	// card's threshold (0 = the card has no such bonus).
	Agility, AgilityNeeded   int
	Fighting, FightingNeeded int
	// ExtraCubeDamage is what the Agility extra cube deals on a card with
	// several values (0: the lowest listed value, §13.34).
	ExtraCubeDamage int
}

// AttackResult is the damage per targeted space and the ammo spent.
type AttackResult struct {
	Damage    []int `json:"damage"`
	AmmoSpent int   `json:"ammoSpent"`
	ExtraCube bool  `json:"extraCube,omitempty"`
	Fighting  bool  `json:"fighting,omitempty"`
}

// MaxCombatCubes is the number of Combat cubes in the box.
const MaxCombatCubes = 5

// Attack works out an attack's damage (§7.12 steps 1–5).
func Attack(in AttackInput) (AttackResult, error) {
	var r AttackResult
	if in.Ranged {
		if in.Ammo < 1 {
			return r, tracker.Refuse("eternaut §12 V6", "a ranged attack needs 1 ammo; the attacker has none")
		}
		r.AmmoSpent = 1 // whatever the number of cubes
	}
	if len(in.Damages) == 0 {
		return r, tracker.Refuse("eternaut §7.12", "give the weapon's damage values")
	}
	maxCubes := min(in.MaxCubes, MaxCombatCubes)
	if in.Cubes < 1 || in.Cubes > maxCubes {
		return r, tracker.Refuse("eternaut §7.12", "place 1 to %d Combat cubes, not %d", maxCubes, in.Cubes)
	}
	cubes := in.Cubes
	if in.AgilityNeeded > 0 && in.Agility >= in.AgilityNeeded {
		r.ExtraCube = true
		cubes++ // the extra cube must be placed
		if cubes > MaxCombatCubes {
			return r, tracker.Refuse("eternaut §7.12", "there are only %d Combat cubes", MaxCombatCubes)
		}
	}
	if len(in.Damages) > 1 && in.Cubes > len(in.Damages) {
		return r, tracker.Refuse("eternaut §7.12", "the card lists %d damage values for %d cubes", len(in.Damages), in.Cubes)
	}
	for i := range cubes {
		d := in.Damages[0]
		switch {
		case len(in.Damages) == 1:
		case i < in.Cubes:
			d = in.Damages[i]
		case in.ExtraCubeDamage > 0:
			d = in.ExtraCubeDamage
		default:
			d = slices.Min(in.Damages)
		}
		r.Damage = append(r.Damage, d)
	}
	if in.FightingNeeded > 0 && in.Fighting >= in.FightingNeeded {
		r.Fighting = true
		for i := range r.Damage {
			r.Damage[i] += FightingBonusDamage
		}
	}
	if in.Reduced {
		if len(in.Ranges) != len(r.Damage) {
			return r, tracker.Refuse("eternaut §7.12", "give the range of each of the %d targeted spaces", len(r.Damage))
		}
		for i := range r.Damage {
			r.Damage[i] = max(0, r.Damage[i]-in.Ranges[i]) // §13.29: floored at 0
		}
	}
	return r, nil
}
