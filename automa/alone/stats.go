package alone

import "fmt"

// CreatureType names a kind of Creature (spec §4.3).
type CreatureType string

// The Creature types. Boss stats come from the Mission card.
const (
	Spore    CreatureType = "spore"
	Parasite CreatureType = "parasite"
	Cultist  CreatureType = "cultist"
	Hybrid   CreatureType = "hybrid"
	Worm     CreatureType = "worm"
	Boss     CreatureType = "boss"
)

// CreatureTypes is the regular types in the order the Spawn tie-break uses
// (spec §7.4 P2: Spore, Parasite, Cultist, Hybrid, Worm).
var CreatureTypes = []CreatureType{Spore, Parasite, Cultist, Hybrid, Worm}

// Valid says whether t is a known type.
func (t CreatureType) Valid() bool {
	return t == Boss || t.regular()
}

func (t CreatureType) regular() bool {
	for _, x := range CreatureTypes {
		if t == x {
			return true
		}
	}
	return false
}

// Stats is one row of the Creature Stats table (spec §4.4).
type Stats struct {
	// Wound is the damage one attack must deal for the first Wound (X);
	// Kill is the damage one attack must deal a Wounded Creature (Y).
	Wound int `json:"wound"`
	Kill  int `json:"kill"`
	// AttackDark and AttackLighted are the dice rolled when the Creature's
	// Sector is Dark or Lighted.
	AttackDark    int `json:"attackDark"`
	AttackLighted int `json:"attackLighted"`
	// Scare is the SC lost when it is met Unrevealed (§4.7).
	Scare int `json:"scare"`
	// MSD is the Minimum Spawning Distance in Sectors.
	MSD int `json:"msd"`
}

// OneShot is the damage that kills an unwounded Creature in one attack.
func (s Stats) OneShot() int { return s.Wound + s.Kill }

// Attack is the dice for a Sector that is Lighted or not.
func (s Stats) Attack(lighted bool) int {
	if lighted {
		return s.AttackLighted
	}
	return s.AttackDark
}

// BossStats are a Boss's stats from its Mission card: the regular row, and
// the Nightmare row if the card gives one (otherwise the regular row is used
// in Nightmare Mode too).
type BossStats struct {
	Name      string `json:"name,omitempty"`
	Normal    Stats  `json:"normal"`
	Nightmare *Stats `json:"nightmare,omitempty"`
}

func (b *BossStats) validate() error {
	check := func(which string, s Stats) error {
		if s.Wound < 1 || s.Kill < 1 {
			return fmt.Errorf("Boss %s life must be at least 1/1, got %d/%d", which, s.Wound, s.Kill)
		}
		if s.AttackDark < 0 || s.AttackLighted < 0 || s.Scare < 0 || s.MSD < 0 {
			return fmt.Errorf("Boss %s attack dice, scare and spawning distance cannot be negative", which)
		}
		return nil
	}
	if err := check("regular", b.Normal); err != nil {
		return err
	}
	if b.Nightmare != nil {
		return check("Nightmare", *b.Nightmare)
	}
	return nil
}

// The two printed tables (spec §4.4, checked against the Evil Compendium's
// table and its six worked examples; AMB-22).
var (
	regularStats = map[CreatureType]Stats{
		Spore:    {Wound: 1, Kill: 1, AttackDark: 3, AttackLighted: 2, Scare: 1, MSD: 3},
		Parasite: {Wound: 2, Kill: 1, AttackDark: 2, AttackLighted: 1, Scare: 1, MSD: 4},
		Cultist:  {Wound: 2, Kill: 2, AttackDark: 2, AttackLighted: 2, Scare: 0, MSD: 4},
		Hybrid:   {Wound: 2, Kill: 1, AttackDark: 2, AttackLighted: 1, Scare: 2, MSD: 3},
		Worm:     {Wound: 2, Kill: 2, AttackDark: 3, AttackLighted: 0, Scare: 2, MSD: 5},
	}
	nightmareStats = map[CreatureType]Stats{
		Spore:    {Wound: 1, Kill: 1, AttackDark: 4, AttackLighted: 3, Scare: 2, MSD: 2},
		Parasite: {Wound: 2, Kill: 1, AttackDark: 3, AttackLighted: 2, Scare: 2, MSD: 3},
		Cultist:  {Wound: 2, Kill: 2, AttackDark: 3, AttackLighted: 3, Scare: 1, MSD: 3},
		Hybrid:   {Wound: 2, Kill: 1, AttackDark: 3, AttackLighted: 2, Scare: 3, MSD: 2},
		Worm:     {Wound: 2, Kill: 2, AttackDark: 4, AttackLighted: 1, Scare: 3, MSD: 4},
	}
)

// TypeStats is the table row for a regular type in the current mode
// (Nightmare Mode uses the Nightmare table for everything, §2.4).
func TypeStats(t CreatureType, nightmare bool) (Stats, error) {
	tbl := regularStats
	if nightmare {
		tbl = nightmareStats
	}
	s, ok := tbl[t]
	if !ok {
		return Stats{}, fmt.Errorf("%q has no row in the Creature Stats table", t)
	}
	return s, nil
}

// StatsOf is the stats a Creature uses in the current mode: its type's row,
// or its Boss card.
func (c *Creature) StatsOf(nightmare bool) (Stats, error) {
	if c.Type == Boss {
		if c.Boss == nil {
			return Stats{}, fmt.Errorf("creature %q is a Boss without stats", c.ID)
		}
		if nightmare && c.Boss.Nightmare != nil {
			return *c.Boss.Nightmare, nil
		}
		return c.Boss.Normal, nil
	}
	s, err := TypeStats(c.Type, nightmare)
	if err != nil {
		return Stats{}, fmt.Errorf("creature %q: %w", c.ID, err)
	}
	return s, nil
}

// mustStats is StatsOf for Creatures of a Map that passed Validate.
func (c *Creature) mustStats(nightmare bool) Stats {
	s, _ := c.StatsOf(nightmare)
	return s
}
