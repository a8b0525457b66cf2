package alone

import "fmt"

// Ability is one of the Hero's five Abilities (§3.5).
type Ability string

// The Abilities.
const (
	Courage     Ability = "courage"
	ColdBlood   Ability = "coldBlood"
	AcuteSight  Ability = "acuteSight"
	Precision   Ability = "precision"
	Dexterity   Ability = "dexterity"
	maxXP               = 2
	bossXPCount         = 2
)

// Abilities lists the five in sheet order.
var Abilities = []Ability{Courage, ColdBlood, AcuteSight, Precision, Dexterity}

func (a Ability) valid() bool {
	for _, x := range Abilities {
		if a == x {
			return true
		}
	}
	return false
}

// KillXP is §3.5 for one kill: a Revealed Creature gives 1 XP in the Ability
// its type is linked to (CONFIG abilityFor; the manuals give Parasite → Cold
// Blood); an Unrevealed kill gives nothing; an Ability holds at most 2. A
// Boss gives 1 XP in each of 2 different Abilities the Hero picks, never one
// already at 2 (AMB-13); with fewer than 2 below 2, the surplus is lost and
// the Hero names only those. It returns the XP after the kill (V27).
func KillXP(xp map[Ability]int, t CreatureType, revealed bool, abilityFor map[CreatureType]Ability, bossPicks []Ability) (map[Ability]int, error) {
	out := make(map[Ability]int, len(Abilities))
	for _, a := range Abilities {
		out[a] = min(max(xp[a], 0), maxXP)
	}
	if !revealed {
		return out, nil
	}
	if t != Boss {
		a, ok := abilityFor[t]
		if !ok {
			if t != Parasite {
				return out, fmt.Errorf("the Hero sheet's Ability for a %s is not set", t)
			}
			a = ColdBlood
		}
		if !a.valid() {
			return out, fmt.Errorf("%q is not an Ability", a)
		}
		out[a] = min(out[a]+1, maxXP)
		return out, nil
	}
	open := 0
	for _, a := range Abilities {
		if out[a] < maxXP {
			open++
		}
	}
	if want := min(open, bossXPCount); len(bossPicks) != want {
		return out, fmt.Errorf("a Boss kill gives 1 XP in %d different Abilities not yet unlocked; %d were named", want, len(bossPicks))
	}
	seen := map[Ability]bool{}
	for _, a := range bossPicks {
		switch {
		case !a.valid():
			return out, fmt.Errorf("%q is not an Ability", a)
		case seen[a]:
			return out, fmt.Errorf("a Boss kill's 2 XP go to 2 different Abilities; %s was named twice", a)
		case out[a] >= maxXP:
			return out, fmt.Errorf("%s is already unlocked and takes no more XP", a)
		}
		seen[a] = true
	}
	for _, a := range bossPicks {
		out[a]++
	}
	return out, nil
}

// RecoverTrack is A10 with the Round marker's cap, also kept within the
// track's top (V1, V2).
func (c Config) RecoverTrack(v, n, marker int) (int, error) {
	cap, err := c.HealingCapAt(marker)
	if err != nil {
		return v, err
	}
	if n < 0 {
		return v, fmt.Errorf("recovery cannot be negative (%d)", n)
	}
	return Recover(v, n, min(cap, c.HealthMax)), nil
}

// GameResult is §2.8 after one resolution step: the Hero wins when the
// Final Mission is completed, Evil when both tracks are at 0; when both
// happen in the same step winCheckFirst decides (AMB-20).
func GameResult(finalMissionDone bool, t Tracks, set Settings) (heroWins, evilWins bool) {
	heroWins, evilWins = finalMissionDone, t.Defeated()
	if heroWins && evilWins {
		if set.WinCheckFirst {
			return true, false
		}
		return false, true
	}
	return heroWins, evilWins
}
