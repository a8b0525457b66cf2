package reich

import (
	"slices"
	"strings"
	"testing"

	"tablekeeper/tracker"
)

// campaignMission sets up campaign mission M1 with heroes H1 and H2.
func campaignMission(t testing.TB) *tracker.Session {
	t.Helper()
	s := withContent(t)
	do(t, s, SetDifficulty{Name: "Normal", ItemsKept: 3, WoundsRemoved: 1})
	do(t, s, SetHPSupply{Kinds: []string{HPWild, HPWild, HPAttack, HPDefence}})
	h1, h2 := heroSetup("H1", "A1"), heroSetup("H2", "A1")
	h1.StartingSkill = "Frenzy"
	h2.StartingSkill = "Sharp Eyes" // not a campaign skill: type hero
	do(t, s, StartMission{Mission: "M1", Mode: ModeCampaign, Faction: "F1", Heroes: []HeroSetup{h1, h2}})
	return s
}

// endMission ends the mission with the chart row (1 = success in the test chart).
func endMission(t testing.TB, s *tracker.Session, row int) {
	t.Helper()
	do(t, s, EndMission{Reason: "test"})
	do(t, s, DeclareResult{Row: row})
}

func TestDifficultyIsFixedOnceStarted(t *testing.T) {
	s := withContent(t)
	refused(t, s, StartMission{Mission: "M1", Mode: ModeCampaign, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}}, "difficulty")
	refused(t, s, SetDifficulty{Name: "Hard", ItemsKept: 7}, "items kept")
	refused(t, s, SetDifficulty{Name: "", ItemsKept: 1}, "name")
	refused(t, s, SetDifficulty{Name: "X", WoundsRemoved: -1}, "wounds removed")
	do(t, s, SetDifficulty{Name: "Hard", ItemsKept: 2, WoundsRemoved: 0})
	do(t, s, SetDifficulty{Name: "Normal", ItemsKept: 3, WoundsRemoved: 1})
	do(t, s, StartMission{Mission: "M1", Mode: ModeCampaign, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}})
	refused(t, s, SetDifficulty{Name: "Easy", ItemsKept: 6}, "V-34")
}

func TestCampaignDeckRemovals(t *testing.T) {
	s := campaignMission(t)
	m := st(s).Mission
	if inDeck(m.SpawnDeck, "RB041") {
		t.Fatal("RB041 is in a campaign spawn deck (V-33)")
	}
	s2 := withContent(t)
	do(t, s2, SetDifficulty{Name: "Normal", ItemsKept: 3})
	refused(t, s2, StartMission{Mission: "M1", Mode: ModeCampaign, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")},
		SpawnDeck: []string{"RB001", "RB041"}}, "RB041")
	// A raid keeps RB041.
	r := raid(t)
	if !inDeck(st(r).Mission.SpawnDeck, "RB041") {
		t.Fatal("a raid's spawn deck lost RB041")
	}
}

func TestAlgorithmC(t *testing.T) {
	s := campaignMission(t)
	m := st(s).Mission
	// Dashboards before the end: items (objective, keys, orb, grenade), a vril weapon, statuses, wounds, HPs.
	h1 := m.Heroes[0]
	h1.Items = []Item{{Name: "Dossier", Kind: ItemObjective}, {Name: "Keys", Kind: ItemKeys}, {Name: "Orb", Kind: ItemVrilOrb, Status: StatusDrained}, {Name: "Grenade"}}
	h1.Weapons[0].Vril, h1.Weapons[0].Status = true, StatusJammed
	h1.Weapons[1].Vril = true
	h1.Skills[0].Active = false
	h1.Wounds = []Wound{{Card: "W1"}, {Card: "W2"}, {Card: "W3"}}
	h1.HP = []string{HPAttack}
	setHero(t, s, h1)
	endMission(t, s, 1)
	refused(t, s, CloseMission{KeepItems: []string{"H1:0"}}, "V-32")
	refused(t, s, CloseMission{KeepItems: []string{"H1:1"}}, "V-32")
	refused(t, s, CloseMission{KeepItems: []string{"H1:2", "H1:3", "H1:9"}}, "no item")
	refused(t, s, CloseMission{KeepItems: []string{"H1:2", "H1:2"}}, "twice")
	refused(t, s, CloseMission{KeepVril: []string{"H2:0"}}, "not on its vril side")
	refused(t, s, CloseMission{HealCards: map[string][]int{"H1": {0, 1}}}, "sheds 1")
	hqBefore := len(st(s).Mission.HPShared)
	do(t, s, CloseMission{KeepItems: []string{"H1:2", "H1:3"}, KeepVril: []string{"H1:1"}, HealCards: map[string][]int{"H1": {0}}})
	c := st(s).Campaign
	if st(s).Mission != nil {
		t.Fatal("the mission is still in play after closing")
	}
	if len(c.HQItems) != 2 || c.HQItems[0].Status != StatusNone {
		t.Errorf("HQ items %+v: kept 2, tokens removed (steps 3, 5)", c.HQItems)
	}
	ch := c.hero("H1")
	if ch.Weapons[0].Vril || !ch.Weapons[1].Vril || ch.Weapons[0].Status != StatusNone {
		t.Errorf("weapons %+v: weapon 0 flipped back, weapon 1 kept vril, jam removed (steps 4, 5)", ch.Weapons)
	}
	if !ch.Skills[0].Active {
		t.Error("deactivated skill not flipped back (step 6)")
	}
	if len(ch.Wounds) != 2 || ch.Wounds[0].Card != "W2" {
		t.Errorf("wounds %+v: W1 removed (step 7)", ch.Wounds)
	}
	// Step 8: success adds 1 random HP; H1's leftover attack HP stays H1's
	// through the purchases (step 9) and moves to the HQ (toHQ) at step 10.
	if len(c.HQHP) != hqBefore+1 || len(ch.HP) != 1 {
		t.Errorf("HQ HPs %v, H1 %v: want %d on the HQ (1 for success), 1 still H1's", c.HQHP, ch.HP, hqBefore+1)
	}
	if len(c.Outcomes) != 1 || !c.Outcomes[0].Success || c.Debrief == nil {
		t.Errorf("outcome %+v debrief %+v", c.Outcomes, c.Debrief)
	}
	do(t, s, FinishDebrief{})
	if c = st(s).Campaign; len(c.HQHP) != hqBefore+2 {
		t.Errorf("HQ HPs %v after step 10: want %d (1 for success, 1 carried)", c.HQHP, hqBefore+2)
	}
}

func TestAlgorithmCFailureAndHPLost(t *testing.T) {
	s := campaignMission(t)
	h := st(s).Mission.Heroes[0]
	h.HP = []string{HPWild}
	setHero(t, s, h)
	do(t, s, SetSetting{Key: "heroHpCarry", Value: "lost"})
	endMission(t, s, 2)
	do(t, s, CloseMission{})
	c := st(s).Campaign
	if len(c.HQHP) != 0 || c.Outcomes[0].Success {
		t.Fatalf("failure: HQ HPs %v, outcome %+v", c.HQHP, c.Outcomes)
	}
}

func TestHQItemLimit(t *testing.T) {
	s := campaignMission(t)
	h := st(s).Mission.Heroes[0]
	h.Items = []Item{{Name: "A"}, {Name: "B"}, {Name: "C"}, {Name: "D"}}
	setHero(t, s, h)
	endMission(t, s, 1)
	refused(t, s, CloseMission{KeepItems: []string{"H1:0", "H1:1", "H1:2", "H1:3"}}, "V-31")
}

func TestAlgorithmP(t *testing.T) {
	s := campaignMission(t)
	endMission(t, s, 1)
	do(t, s, CloseMission{})
	do(t, s, SetHQ{HP: []string{HPWild, HPWild, HPWild, HPAttack, HPAttack, HPDefence, HPDefence, HPDefence}, Reason: "test stock"})
	type buy struct {
		cmd     BuySkill
		refusal string
	}
	hq := func(kinds ...string) []HPRef {
		var out []HPRef
		for _, k := range kinds {
			out = append(out, HPRef{From: "hq", Kind: k})
		}
		return out
	}
	steps := []buy{
		// H1 starts with Frenzy (Attack): a second Attack skill costs 2.
		{BuySkill{Hero: "H1", Skill: "Quick Shot", Pay: hq(HPAttack)}, "costs Hero H1 2"},
		{BuySkill{Hero: "H1", Skill: "Quick Shot", Pay: hq(HPAttack, HPDefence)}, "a defence heroism point cannot pay for an attack skill"},
		{BuySkill{Hero: "H1", Skill: "Frenzy", Pay: hq(HPAttack)}, "already has"},
		{BuySkill{Hero: "H2", Skill: "Frenzy", Pay: hq(HPAttack)}, "no longer available"},
		{BuySkill{Hero: "H1", Skill: "Vril Tolerance", Pay: hq(HPWild)}, "vril skills cannot be bought"},
		{BuySkill{Hero: "H1", Skill: "Kung Fu", Pay: hq(HPWild)}, "not one of the 20"},
		{BuySkill{Hero: "H1", Skill: "Recon", Pay: []HPRef{{From: "H2", Kind: HPWild}}}, "not from"},
		{BuySkill{Hero: "H1", Skill: "quick shot", Pay: hq(HPAttack, HPWild)}, ""},
		// Tactical needs wild points.
		{BuySkill{Hero: "H1", Skill: "Decoy", Pay: hq(HPAttack)}, "cannot pay"},
		{BuySkill{Hero: "H1", Skill: "Decoy", Pay: hq(HPWild)}, ""},
		// A fourth skill, then a fifth needs a discard of another skill.
		{BuySkill{Hero: "H1", Skill: "Iron Hide", Pay: hq(HPDefence)}, ""},
		{BuySkill{Hero: "H1", Skill: "Counter", Pay: hq(HPDefence, HPDefence)}, "name a skill to discard"},
		{BuySkill{Hero: "H1", Skill: "Counter", Pay: hq(HPDefence, HPDefence), Discard: "Counter"}, "cannot be the one discarded"},
		{BuySkill{Hero: "H1", Skill: "Counter", Pay: hq(HPDefence, HPDefence), Discard: "Frenzy"}, ""},
		// Frenzy is back in the pool: H2 may buy it (H2's hero-type skill counts for no type).
		{BuySkill{Hero: "H2", Skill: "Frenzy", Pay: hq(HPWild, HPAttack)}, "costs Hero H2 1"},
		{BuySkill{Hero: "H2", Skill: "Frenzy", Pay: hq(HPAttack)}, ""},
		{BuySkill{Hero: "H2", Skill: "Sneaky", Pay: hq(HPWild), Discard: "Frenzy"}, "has room"},
		{BuySkill{Hero: "H2", Skill: "Sneaky", Pay: hq(HPAttack)}, "an attack heroism point cannot pay for a noise"},
		{BuySkill{Hero: "H2", Skill: "Sneaky", Pay: hq(HPWild)}, ""},
	}
	for i, b := range steps {
		if b.refusal != "" {
			refused(t, s, b.cmd, b.refusal)
			continue
		}
		e := do(t, s, b.cmd)
		if !strings.Contains(s.Describe(e), "bought") {
			t.Errorf("step %d: diary %q", i, s.Describe(e))
		}
	}
	c := st(s).Campaign
	var got []string
	for _, sk := range c.hero("H1").Skills {
		got = append(got, sk.ID)
	}
	if strings.Join(got, ",") != "Quick Shot,Decoy,Iron Hide,Counter" {
		t.Errorf("H1 skills %v", got)
	}
	if len(c.HQHP) != 0 {
		t.Errorf("HQ HPs left %v, want none", c.HQHP)
	}
	do(t, s, FinishDebrief{})
	refused(t, s, BuySkill{Hero: "H2", Skill: "Recon", Pay: hq(HPWild)}, "after a campaign mission")
	refused(t, s, GrantSkill{Hero: "H2", Skill: "Vril Tolerance"}, "mission reward")
	do(t, s, GrantSkill{Hero: "H2", Skill: "Vril Tolerance", Reason: "mission reward"})
	refused(t, s, GrantSkill{Hero: "H1", Skill: "Vril Tolerance", Reason: "x"}, "already holds")
}

func TestStartingSkillCountsSetting(t *testing.T) {
	s := campaignMission(t)
	do(t, s, SetSetting{Key: "startingSkillCounts", Value: "false"})
	endMission(t, s, 1)
	do(t, s, CloseMission{})
	do(t, s, SetHQ{HP: []string{HPAttack}, Reason: "test"})
	// With the starting skill not counting, Quick Shot is H1's first Attack skill: 1 HP.
	do(t, s, BuySkill{Hero: "H1", Skill: "Quick Shot", Pay: []HPRef{{From: "hq", Kind: HPAttack}}})
	c := st(s).Campaign
	i := slices.IndexFunc(c.Heroes, func(h CampaignHero) bool { return h.ID == "H1" })
	if i < 0 || !slices.ContainsFunc(c.Heroes[i].Skills, func(k Skill) bool { return k.ID == "Quick Shot" }) || len(c.HQHP) != 0 {
		t.Fatalf("after buying Quick Shot for 1 HP: hero %+v, HQ HPs %v", c.Heroes, c.HQHP)
	}
}

func TestReturningHeroKeepsRecord(t *testing.T) {
	s := campaignMission(t)
	h := st(s).Mission.Heroes[0]
	h.Wounds = []Wound{{Card: "W1"}, {Card: "W2"}}
	setHero(t, s, h)
	endMission(t, s, 1)
	do(t, s, CloseMission{})
	refused(t, s, StartMission{Mission: "M1", Mode: ModeCampaign, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}}, "after-mission step")
	do(t, s, FinishDebrief{})
	do(t, s, StartMission{Mission: "M1", Mode: ModeCampaign, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}})
	h = st(s).Mission.Heroes[0]
	if len(h.Wounds) != 1 || h.Skills[0].ID != "Frenzy" || h.Hand != 4 || h.Draw != 8 {
		t.Fatalf("returning hero %+v", h)
	}
}

// setHero replaces a dashboard through the correction command.
func setHero(t testing.TB, s *tracker.Session, h Hero) {
	t.Helper()
	do(t, s, CorrectHero{Hero: h, Reason: "test setup"})
}

func TestSkillPriceTable(t *testing.T) {
	// §10.3 / §12.2: the price is the number of that type's skills once bought: 1, 2, 3, 4.
	held := []Skill{}
	attack := []string{"Die Hard", "Fire Support", "Frenzy", "Quick Shot"}
	for n := 0; n < 4; n++ {
		s := &State{Settings: DefaultSettings(), Campaign: CampaignRecord{Heroes: []CampaignHero{{ID: "H", Skills: held}}}}
		p, kinds, ok := SkillPrice(s, "H", attack[n])
		if !ok || p != n+1 || strings.Join(kinds, ",") != "attack,wild" {
			t.Errorf("attack skill with %d held: price %d %v %v, want %d", n, p, kinds, ok, n+1)
		}
		// Skills of other types never change the price.
		s.Campaign.Heroes[0].Skills = append(slices.Clone(held), Skill{ID: "Recon", Type: SkillNoise, Active: true})
		if p2, _, _ := SkillPrice(s, "H", attack[n]); p2 != n+1 {
			t.Errorf("a noise skill changed an attack skill's price: %d", p2)
		}
		held = append(held, Skill{ID: attack[n], Type: SkillAttack, Active: true})
	}
	for skill, typ := range CampaignSkills {
		s := &State{Settings: DefaultSettings(), Campaign: CampaignRecord{Heroes: []CampaignHero{{ID: "H"}}}}
		_, kinds, ok := SkillPrice(s, "H", skill)
		want := map[string]string{SkillAttack: "attack,wild", SkillDefence: "defence,wild", SkillTactical: "wild", SkillNoise: "wild"}[typ]
		if typ == SkillVril {
			if ok {
				t.Errorf("%s (vril) has an HP price", skill)
			}
			continue
		}
		if !ok || strings.Join(kinds, ",") != want {
			t.Errorf("%s (%s): paid with %v, want %s", skill, typ, kinds, want)
		}
	}
	if len(CampaignSkills) != 20 {
		t.Errorf("%d campaign skills, the spec lists 20", len(CampaignSkills))
	}
}
