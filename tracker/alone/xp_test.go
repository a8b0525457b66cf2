package alone

import (
	"testing"

	"tablekeeper/automa/alone"
)

// §3.5 with V27: kills train the type's Ability, 2 unlock it, no more than
// 2, none for Unrevealed kills; a Boss gives 2 different Abilities.
func TestExperience(t *testing.T) {
	s := bookkeeping(t)
	refused(t, s, GainXP{Kill: alone.Worm, Revealed: false}, "V27")
	do(t, s, GainXP{Kill: alone.Worm, Revealed: true})
	do(t, s, GainXP{Kill: alone.Worm, Revealed: true})
	do(t, s, GainXP{Kill: alone.Worm, Revealed: true})
	if st(s).XP[Dexterity] != 2 || !st(s).Unlocked(Dexterity) {
		t.Fatalf("XP %v", st(s).XP)
	}
	refused(t, s, GainXP{Kill: alone.Boss, Revealed: true}, "§3.5")
	refused(t, s, GainXP{}, "§3.5")
	refused(t, s, GainXP{Ability: "luck"}, "§3.5")
	// HC "Gaining Experience": Courage 1 and Precision 1; the Boss's 2
	// points go to Precision (unlocking it) and Cold Blood.
	do(t, s, GainXP{Ability: Courage})
	do(t, s, GainXP{Ability: Precision})
	refused(t, s, GainXP{Boss: []Ability{Precision, Precision}}, "V27")
	refused(t, s, GainXP{Boss: []Ability{Dexterity, Courage}}, "V27")
	refused(t, s, GainXP{Boss: []Ability{Courage}}, "§3.5")
	do(t, s, GainXP{Boss: []Ability{Precision, ColdBlood}})
	g := st(s)
	if g.XP[Precision] != 2 || g.XP[ColdBlood] != 1 || g.XP[Courage] != 1 {
		t.Fatalf("after the Boss: %v", g.XP)
	}
	// With only 1 Ability below 2, a Boss gives 1 point (AMB-13).
	for _, a := range []Ability{Courage, ColdBlood, AcuteSight} {
		do(t, s, GainXP{Ability: a})
	}
	do(t, s, GainXP{Ability: Courage}) // at 2 already: lost, not refused
	refused(t, s, GainXP{Boss: []Ability{Courage}}, "V27")
	refused(t, s, GainXP{Boss: []Ability{AcuteSight, Courage}}, "§3.5")
	do(t, s, GainXP{Boss: []Ability{AcuteSight}})
	for _, a := range Abilities {
		if !st(s).Unlocked(a) {
			t.Fatalf("%s not unlocked: %v", a, st(s).XP)
		}
	}
}

func TestAbilityForAskedOnce(t *testing.T) {
	s, _ := newSession(t, 2)
	do(t, s, SetupSheet{Sheet: DefaultSheet()})
	do(t, s, startCmd(Bookkeeping, nil))
	refused(t, s, GainXP{Kill: alone.Spore, Revealed: true}, "§3.5")
	refused(t, s, SetAbilityFor{Type: alone.Spore, Ability: ColdBlood}, "§3.5")
	refused(t, s, SetAbilityFor{Type: alone.Parasite, Ability: Courage}, "§3.5")
	do(t, s, SetAbilityFor{Type: alone.Spore, Ability: Precision})
	refused(t, s, SetAbilityFor{Type: alone.Spore, Ability: Courage}, "§3.5")
	do(t, s, GainXP{Kill: alone.Spore, Revealed: true})
	if st(s).XP[Precision] != 1 {
		t.Fatal("the Spore kill did not count once its Ability was set")
	}
}

// §3.6 with V24 and V25.
func TestItems(t *testing.T) {
	s := bookkeeping(t)
	do(t, s, AddItems{Items: []Item{
		{Name: "Bullets", Action: Fight, Charges: 3, Matrix: "ballistic", Bullets: true},
		{Name: "Armor", Passive: true, Charges: 1, Matrix: "shield", Needs: "ballistic"},
		{Name: "Lamp", Action: Interact, Charges: 1, Matrix: "optic", Needs: "shield"},
	}, Source: "Scavenge"})
	refused(t, s, AddItems{Items: []Item{{Name: "Nothing", Action: Fight}}}, "§3.6")
	refused(t, s, AddItems{Items: []Item{{Name: "Odd", Charges: 1}}}, "§3.6")
	ids := map[string]string{}
	for _, it := range st(s).Items {
		ids[it.Name] = it.ID
	}
	// Bullets: 2 Charges for 4 dice, because the card says so.
	refused(t, s, UseItem{ID: ids["Bullets"], Charges: 2}, "V24")
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Fight, Item: ids["Bullets"], Charges: 2, CardAllowsMore: true})
	do(t, s, Resolve{})
	do(t, s, EndTurn{})
	refused(t, s, Declare{Action: Fight, Item: ids["Armor"]}, "T1")
	// Upgrade: not from itself, only the Matrix the target needs (V25).
	refused(t, s, UpgradeItem{Target: ids["Armor"], Donor: ids["Armor"], Effect: "Engineer"}, "V25")
	refused(t, s, UpgradeItem{Target: ids["Armor"], Donor: ids["Lamp"], Effect: "Engineer"}, "V25")
	refused(t, s, UpgradeItem{Target: ids["Armor"], Donor: ids["Bullets"]}, "§3.6")
	do(t, s, UpgradeItem{Target: ids["Armor"], Donor: ids["Bullets"], Effect: "Engineer"})
	g := st(s)
	if _, b := g.item(ids["Bullets"]); b != nil {
		t.Fatal("a donor left at 0 Charges is discarded (AMB-19)")
	}
	if _, a := g.item(ids["Armor"]); a == nil || a.Charges != 2 || !a.Upgraded {
		t.Fatalf("Armor %+v", a)
	}
	do(t, s, UseItem{ID: ids["Lamp"]})
	if _, l := st(s).item(ids["Lamp"]); l != nil {
		t.Fatal("an Item whose last Charge is spent is discarded at once (V24)")
	}
	refused(t, s, UseItem{ID: ids["Lamp"]}, "§3.6")
	do(t, s, UpgradeItem{Target: ids["Armor"], FromPool: true, Effect: "Engineer Companion"})
	do(t, s, DiscardItem{ID: ids["Armor"]})
	if len(st(s).Items) != 1 {
		t.Fatalf("items %v", st(s).Items)
	}
}

func TestScavengeBookkeeping(t *testing.T) {
	s := bookkeeping(t)
	do(t, s, StartTurn{})
	refused(t, s, ScavengeItems{Room: true}, "V22")
	do(t, s, ScavengeItems{Room: true, RoomName: "Infirmary", Items: []Item{{Name: "A", Passive: true, Charges: 1}, {Name: "B", Passive: true, Charges: 1}, {Name: "C", Passive: true, Charges: 1}}})
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	refused(t, s, ScavengeItems{Room: true, RoomName: "Infirmary"}, "V22")
	refused(t, s, ScavengeItems{Items: []Item{{Name: "A", Passive: true, Charges: 1}, {Name: "B", Passive: true, Charges: 1}}}, "§5.5")
	do(t, s, GainXP{Ability: AcuteSight})
	do(t, s, GainXP{Ability: AcuteSight})
	do(t, s, ScavengeItems{Items: []Item{{Name: "A", Passive: true, Charges: 1}, {Name: "B", Passive: true, Charges: 1}}})
}
