package reich

import (
	"testing"
)

// Audit tests: each one pins a rule of the spec that the tracker did not
// follow exactly, over the whole range the rule covers.

// §10.2 Algorithm C runs in order: the skill purchases (step 9) are paid
// with a hero's own heroism points and the HQ card's; only afterwards
// (step 10) do a hero's leftover points move to the HQ card (toHQ) or go
// (lost). So during the purchases a hero can still spend their own points,
// and another hero cannot (V-29).
func TestAuditDebriefHeroPointsStayOwnDuringPurchases(t *testing.T) {
	for _, carry := range []string{"toHQ", "lost"} {
		for _, buyer := range []string{"H1", "H2"} {
			t.Run(carry+"/"+buyer, func(t *testing.T) {
				s := campaignMission(t)
				if carry != "toHQ" {
					do(t, s, SetSetting{Key: "heroHpCarry", Value: carry})
				}
				h := st(s).Mission.Heroes[0]
				h.HP = []string{HPDefence}
				setHero(t, s, h)
				endMission(t, s, 2) // a failure: no HP is added to the HQ card
				do(t, s, CloseMission{})
				if got := st(s).Campaign.hero("H1").HP; len(got) != 1 {
					t.Fatalf("H1's own points during the purchases: %v, want [defence]", got)
				}
				if got := st(s).Campaign.HQHP; len(got) != 0 {
					t.Fatalf("HQ points during the purchases: %v, want none (H1's stay H1's)", got)
				}
				buy := BuySkill{Hero: buyer, Skill: "Counter", Pay: []HPRef{{From: buyer, Kind: HPDefence}}}
				hq := BuySkill{Hero: buyer, Skill: "Counter", Pay: []HPRef{{From: "hq", Kind: HPDefence}}}
				refused(t, s, hq, "V-29")
				if buyer == "H1" {
					do(t, s, buy)
				} else {
					refused(t, s, buy, "V-29")
				}
				supplyBefore := len(st(s).Campaign.HPSupply)
				do(t, s, FinishDebrief{})
				c := st(s).Campaign
				left := 1
				if buyer == "H1" {
					left = 0
				}
				if len(c.hero("H1").HP) != 0 {
					t.Errorf("after step 10 H1 still holds %v", c.hero("H1").HP)
				}
				switch carry {
				case "toHQ":
					if len(c.HQHP) != left {
						t.Errorf("toHQ: HQ holds %v, want %d", c.HQHP, left)
					}
				case "lost":
					if len(c.HQHP) != 0 || len(c.HPSupply) != supplyBefore+left {
						t.Errorf("lost: HQ %v, supply %d → %d, want %d more", c.HQHP, supplyBefore, len(c.HPSupply), left)
					}
				}
			})
		}
	}
}
