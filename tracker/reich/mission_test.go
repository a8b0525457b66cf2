package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

func TestMissionSetupValidation(t *testing.T) {
	s := withContent(t)
	base := func() StartMission {
		return StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}}
	}
	cases := []struct {
		name    string
		edit    func(c *StartMission)
		refusal string
	}{
		{"no heroes", func(c *StartMission) { c.Heroes = nil }, "V-01"},
		{"five heroes", func(c *StartMission) {
			c.Heroes = []HeroSetup{heroSetup("1", "A1"), heroSetup("2", "A1"), heroSetup("3", "A1"), heroSetup("4", "A1"), heroSetup("5", "A1")}
		}, "V-01"},
		{"hero twice", func(c *StartMission) { c.Heroes = append(c.Heroes, heroSetup("H1", "A1")) }, "twice"},
		{"not an entrance", func(c *StartMission) { c.Heroes[0].Area = "A2" }, "entrance"},
		{"off the map", func(c *StartMission) { c.Heroes[0].Area = "Q9" }, "not on the map"},
		{"one weapon", func(c *StartMission) { c.Heroes[0].Weapons[1].Name = "" }, "V-09"},
		{"five items", func(c *StartMission) { c.Heroes[0].Items = make([]Item, 5) }, "V-08"},
		{"unknown map", func(c *StartMission) { c.Mission = "M9" }, "no map"},
		{"unknown faction", func(c *StartMission) { c.Faction = "F9" }, "no faction card"},
		{"bad mode", func(c *StartMission) { c.Mode = "skirmish" }, "a mission is played as a raid"},
		{"NotE mode off", func(c *StartMission) { c.Mode = ModeNoteRaid }, "Not of this Earth"},
		{"bad HP", func(c *StartMission) { c.HPShared = []string{"gold"} }, "not attack, defence or wild"},
		{"wrong noise deck", func(c *StartMission) { c.NoiseDeck = []string{"NQ1"} }, "a card of the noise deck after the alarm"},
		{"unknown card", func(c *StartMission) { c.SpawnDeck = []string{"RB777"} }, "not in the campaign"},
		{"variant with 3 heroes", func(c *StartMission) {
			c.Variant12 = true
			c.Heroes = []HeroSetup{heroSetup("1", "A1"), heroSetup("2", "A1"), heroSetup("3", "A1")}
		}, "V-41"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := base()
			c.edit(&cmd)
			refused(t, s, cmd, c.refusal)
		})
	}
	do(t, s, base())
	// V-02: hand 4, draw 8.
	h := st(s).Mission.Heroes[0]
	if h.Hand != 4 || h.Draw != 8 || h.Discard != 0 || h.Removed != 0 {
		t.Fatalf("starting cards %+v", h)
	}
	refused(t, s, base(), "still in play")
}

func TestSpawnCodesMustMatchFaction(t *testing.T) {
	s := withContent(t)
	// A code on no faction card is refused as the card is entered...
	refused(t, s, PutSpawnCard{Card: card("RB050", row("ZZ", 1), row("GR", 1), row("GR", 1))}, "no faction card has a unit with the code ZZ")
	// ...and a code of another faction card when the mission is set up.
	do(t, s, PutFaction{Faction: content.Faction{ID: "F2", Name: "Other", Units: []content.UnitType{{Code: "ZZ", Name: "Zed", LootColour: "grey", Max: 1}}}})
	do(t, s, PutSpawnCard{Card: card("RB050", row("ZZ", 1), row("GR", 1), row("GR", 1))})
	refused(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}}, "V-23")
}

func TestTrackerColoursNeededForTrackerColourSetting(t *testing.T) {
	s := withContent(t)
	do(t, s, SetSetting{Key: "spawnLevelSource", Value: "trackerColour"})
	refused(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}}, "colour for every tracker space")
}

func TestNotOfThisEarthSetup(t *testing.T) {
	s := withContent(t)
	do(t, s, SetSetting{Key: "notOfThisEarth", Value: "true"})
	refused(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}}, "Not of this Earth! raid")
	do(t, s, StartMission{Mission: "M1", Mode: ModeNoteRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}, Variant12: true})
	m := st(s).Mission
	if m.Phase != PhaseAlienWorld || m.Tracker.Section != "alien" || m.Tracker.Alien != 8 {
		t.Fatalf("NotE 1–2 player setup: phase %s tracker %+v (want the 8-round side)", m.Phase, m.Tracker)
	}
	if len(m.NoiseDeck.Draw) != 1 || m.NoiseDeck.Draw[0] != "NA1" || len(m.PostNoise.Draw) != 0 {
		t.Fatalf("NotE noise decks: %+v / %+v", m.NoiseDeck, m.PostNoise)
	}
	refused(t, s, FreeDoor{Hero: "H1", Door: "D3"}, "core game")
}

func TestNotECampaignRemovesNE007(t *testing.T) {
	s := withContent(t)
	do(t, s, PutNoiseCard{Card: content.NoiseCard{ID: "NE007", Deck: content.DeckAlienWorld, Threshold: 1, Top: []content.Effect{{Kind: content.EffAdvanceTracker, N: 1}}}})
	do(t, s, SetSetting{Key: "notOfThisEarth", Value: "true"})
	do(t, s, SetDifficulty{Name: "N", ItemsKept: 2})
	refused(t, s, StartMission{Mission: "M1", Mode: ModeNoteCampaign, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}, NoiseDeck: []string{"NA1", "NE007"}}, "NE007")
	do(t, s, StartMission{Mission: "M1", Mode: ModeNoteCampaign, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}})
	if inDeck(st(s).Mission.NoiseDeck, "NE007") {
		t.Fatal("NE007 stayed in a NotE campaign's alien world deck")
	}
}

func TestTurnOrder(t *testing.T) {
	s := raid(t)
	refused(t, s, SetTurnOrder{Order: []string{"H1"}}, "V-27")
	refused(t, s, SetTurnOrder{Order: []string{"H1", "H1"}}, "twice")
	refused(t, s, SetTurnOrder{Order: []string{"H1", "H9"}}, "not a hero in play")
	refused(t, s, DealTurnOrder{}, "only after the alarm")
	refused(t, s, EnemyTurn{}, "V-28")
	refused(t, s, EndRound{}, "V-28")
	do(t, s, SetTurnOrder{Order: []string{"H2", "H1"}})
	m := st(s).Mission
	if m.Step != StepHeroTurn || m.Current != "H2" {
		t.Fatalf("first turn: %s %s", m.Step, m.Current)
	}
	refused(t, s, Move{Hero: "H1", Path: []string{"A2"}, Basic: true}, "not Hero H1's turn")
	refused(t, s, SetTurnOrder{Order: []string{"H1", "H2"}}, "start of a round")
}

func TestBasicActionLimits(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Move{Hero: "H1", Path: []string{"A2"}, Basic: true})
	refused(t, s, Move{Hero: "H1", Path: []string{"A3"}, Basic: true}, "V-04")
	do(t, s, GrantAction{Hero: "H1", Reason: "a card's extra move"})
	do(t, s, Move{Hero: "H1", Path: []string{"A3"}, Basic: true})
	refused(t, s, DrawCards{Hero: "H1"}, "2 basic actions")
	// A move from an action card is not a basic action.
	do(t, s, Move{Hero: "H1", Path: []string{"A2"}})
	refused(t, s, Move{Hero: "H1", Path: []string{"A1", "X1"}}, "2 areas need 1 modifier")
	refused(t, s, GrantAction{Hero: "H1"}, "name the card")
}

func TestMoveRules(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	refused(t, s, Move{Hero: "H1", Path: []string{"A3"}, Basic: true}, "not adjacent")
	refused(t, s, Move{Hero: "H1", Path: []string{"X1"}, Basic: true}, "shut door")
	refused(t, s, Move{Hero: "H1", Path: []string{"ZZ"}, Basic: true}, "not on the map")
	// V-38: put a unit in A2; moving through it in one action is refused.
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "DG", Area: "A2"}}})
	refused(t, s, Move{Hero: "H1", Path: []string{"A2", "A3"}, Basic: true, Modifiers: 1}, "V-38")
	do(t, s, Move{Hero: "H1", Path: []string{"A2"}, Basic: true})
	if st(s).Mission.hero("H1").Area != "A2" {
		t.Fatal("move did not move")
	}
}

func TestDrawAlgorithmD(t *testing.T) {
	cases := []struct {
		draw, discard, n      int
		hand, dr, disc, remov int
	}{
		{8, 0, 2, 6, 6, 0, 0},
		{1, 4, 2, 6, 2, 0, 1}, // draw 1, reshuffle 4, remove the new top, draw 1
		{0, 1, 2, 4, 0, 0, 1}, // the only card is removed: nothing to draw
		{0, 0, 2, 4, 0, 0, 0},
	}
	for _, c := range cases {
		h := Hero{Hand: 4, Draw: c.draw, Discard: c.discard}
		drawCards(&h, c.n, nil)
		if h.Hand != c.hand || h.Draw != c.dr || h.Discard != c.disc || h.Removed != c.remov {
			t.Errorf("draw %d from %d/%d: got hand %d draw %d discard %d removed %d", c.n, c.draw, c.discard, h.Hand, h.Draw, h.Discard, h.Removed)
		}
	}
}

func TestCardCountsAlwaysTwelve(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Cards{Hero: "H1", Action: "play", N: 1})
	do(t, s, Cards{Hero: "H1", Action: "playOngoing", N: 1})
	do(t, s, Cards{Hero: "H1", Action: "endEffect", N: 1})
	do(t, s, Cards{Hero: "H1", Action: "remove", N: 1})
	do(t, s, Cards{Hero: "H1", Action: "returnRemoved", N: 1})
	refused(t, s, Cards{Hero: "H1", Action: "endEffect", N: 1}, "V-03")
	refused(t, s, Cards{Hero: "H1", Action: "juggle", N: 1}, "no other action")
	do(t, s, DrawCards{Hero: "H1", Genius: true})
	h := st(s).Mission.hero("H1")
	if h.Hand+h.Draw+h.Discard+h.Removed+h.InPlay != DeckSize {
		t.Fatalf("cards add up to %d", h.Hand+h.Draw+h.Discard+h.Removed+h.InPlay)
	}
	bad := *h
	bad.Hand++
	refused(t, s, CorrectHero{Hero: bad, Reason: "x"}, "V-03")
	bad = *h
	bad.Captured = true
	refused(t, s, CorrectHero{Hero: bad, Reason: "x"}, "V-20")
	bad = *h
	bad.Weapons[0].Status = "rusty"
	refused(t, s, CorrectHero{Hero: bad, Reason: "x"}, "V-09")
	refused(t, s, CorrectHero{Hero: *h}, "say why")
}

func TestItems(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	h := *st(s).Mission.hero("H1")
	h.Items = []Item{{Name: "Orb", Kind: ItemVrilOrb}, {Name: "Orb", Kind: ItemVrilOrb}, {Name: "Helmet"}, {Name: "Keys", Kind: ItemKeys}}
	setHero(t, s, h)
	// V-07 / V-08.
	do(t, s, GiveItem{Hero: "H1", Other: "H2", Item: 2, Drop: -1})
	refused(t, s, GiveItem{Hero: "H1", Other: "H2", Item: 0, Drop: -1}, "V-07")
	refused(t, s, DropItem{Hero: "H1", Item: 0}, "V-07")
	// V-12: vril enhancement needs 2 orbs.
	do(t, s, VrilEnhance{Hero: "H1", Weapon: 0})
	refused(t, s, VrilEnhance{Hero: "H1", Weapon: 1}, "V-12")
	refused(t, s, VrilEnhance{Hero: "H1", Weapon: 0}, "already on its vril side")
	h = *st(s).Mission.hero("H1")
	if !h.Weapons[0].Vril || len(h.Items) != 1 {
		t.Fatalf("after enhancement %+v", h)
	}
	// V-09 / V-10 / V-11.
	do(t, s, SetGearStatus{Hero: "H1", Slot: 0, Status: StatusDrained})
	refused(t, s, SetGearStatus{Hero: "H1", Slot: 0, Status: StatusJammed}, "V-09")
	refused(t, s, Attack{Hero: "H1", Weapon: 0, Targets: []string{"x"}, Total: 3}, "V-11")
	refused(t, s, ReadyEquipment{Hero: "H1", Weapon: 0, Orb: 0}, "not a vril orb")
	refused(t, s, ReadyEquipment{Hero: "H1", Weapon: 1, Orb: -1}, "no jammed or drained")
	do(t, s, SetGearStatus{Hero: "H1", Item: true, Slot: 0, Status: StatusJammed})
	refused(t, s, UseItem{Hero: "H1", Item: 0}, "V-11")
	refused(t, s, ReadyEquipment{Hero: "H1", Weapon: -1, Item: 0}, "V-10") // §5.2: weapons and portals only
}

func TestGiveNeedsNoEnemies(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	h := *st(s).Mission.hero("H1")
	h.Items = []Item{{Name: "Grenade"}}
	setHero(t, s, h)
	h2 := *st(s).Mission.hero("H2")
	h2.Items = []Item{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}
	setHero(t, s, h2)
	refused(t, s, GiveItem{Hero: "H1", Other: "H2", Item: 0, Drop: -1}, "V-08")
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "DG", Area: "A1"}}})
	refused(t, s, GiveItem{Hero: "H1", Other: "H2", Item: 0, Drop: 0}, "enemy units")
	refused(t, s, Search{Hero: "H1", Found: Item{Name: "x"}, Drop: -1}, "V-13")
	do(t, s, DropItem{Hero: "H1", Item: 0})
}

func TestSearch(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	e := do(t, s, Search{Hero: "H1", Found: Item{Name: "Dossier", Kind: ItemObjective}, FaceDown: 1, Drop: -1})
	if !strings.Contains(s.Describe(e), "a noise test of 2 dice") {
		t.Errorf("search diary %q should name the search noise dice", s.Describe(e))
	}
	if st(s).Mission.hero("H1").Objectives != 1 {
		t.Fatal("objective not counted")
	}
	e = do(t, s, Search{Hero: "H1", Found: Item{Name: "Helmet"}, FaceUp: true, Drop: -1})
	if !strings.Contains(s.Describe(e), "no noise test") {
		t.Errorf("face-up pick-up diary %q", s.Describe(e))
	}
}

func TestDoors(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	refused(t, s, OpenDoor{Hero: "H1", Door: "D1"}, "not next to")
	refused(t, s, OpenDoor{Hero: "H1", Door: "D9"}, "no door")
	do(t, s, OpenDoor{Hero: "H1", Door: "D3"})
	if st(s).Mission.Doors["D3"] != content.Open {
		t.Fatal("D3 not open")
	}
	refused(t, s, OpenDoor{Hero: "H1", Door: "D3"}, "already open")
	// V-14 by hand: never back to closed or locked.
	refused(t, s, Override{Reason: "x", Doors: map[string]content.DoorState{"D3": content.Closed}}, "V-14")
	refused(t, s, Override{Reason: "x", Doors: map[string]content.DoorState{"D1": content.Locked}}, "V-14")
	do(t, s, Override{Reason: "x", Doors: map[string]content.DoorState{"D2": content.Closed}})
}

func TestLockedDoorWithoutKeysOnlyUnlocks(t *testing.T) {
	s := withContent(t)
	mp := testMap()
	mp.Doors[2].State = content.Locked // D3, next to A1
	do(t, s, PutMap{Map: mp})
	do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1"), heroSetup("H2", "A1")}})
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, OpenDoor{Hero: "H1", Door: "D3"})
	if st(s).Mission.Doors["D3"] != content.Closed {
		t.Fatalf("locked door without keys: %s, want closed", st(s).Mission.Doors["D3"])
	}
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	h := *st(s).Mission.hero("H2")
	h.Items = []Item{{Name: "Keys", Kind: ItemKeys}}
	setHero(t, s, h)
	do(t, s, OpenDoor{Hero: "H2", Door: "D3"})
	if st(s).Mission.Doors["D3"] != content.Open {
		t.Fatal("closed door did not open")
	}
}

func TestNoiseTestValidation(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	refused(t, s, NoiseTest{Hero: "H1", Total: -1}, "V-15")
	refused(t, s, NoiseTest{Hero: "H1", Total: 0}, "no action yet")
	refused(t, s, NoiseTest{Hero: "H2", Total: 0}, "it is Hero H1's turn")
	do(t, s, Cards{Hero: "H1", Action: "play", N: 1})
	e := do(t, s, NoiseTest{Hero: "H1", Total: 0})
	if !strings.Contains(s.Describe(e), "nothing happens") {
		t.Errorf("failed noise test diary %q", s.Describe(e))
	}
	// Detect: +1 per Detect unit in the hero's area.
	refused(t, s, NoiseTest{Hero: "H1", Total: 0}, "one noise test per action")
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "AR", Area: "A1"}}})
	do(t, s, Cards{Hero: "H1", Action: "play", N: 1})
	do(t, s, DrawBy{Deck: "noise", Players: true})
	e = do(t, s, NoiseTest{Hero: "H1", Total: 0, Card: "NP2"})
	if !strings.Contains(s.Describe(e), "+1 for Detect") || !strings.Contains(s.Describe(e), "NP2") {
		t.Errorf("Detect diary %q", s.Describe(e))
	}
}

func TestOverrideLimits(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	refused(t, s, Override{Place: []UnitPlacement{{Code: "GR", Area: "C1"}}}, "say why")
	refused(t, s, Override{Reason: "x"}, "changes nothing")
	refused(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "ZZ", Area: "C1"}}}, "V-23")
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "VM", Area: "C1"}}})
	// V-22: a vrilmeister is Unique, even after it dies.
	do(t, s, Override{Reason: "x", Remove: []string{st(s).Mission.Units[0].ID}})
	refused(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "VM", Area: "C1"}}}, "V-22")
	// V-21: the # limit counts miniatures on the map.
	var four []UnitPlacement
	for range 4 {
		four = append(four, UnitPlacement{Code: "DG", Area: "C1"})
	}
	do(t, s, Override{Reason: "x", Place: four})
	refused(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "DG", Area: "C1"}}}, "V-21")
	// V-24: awareness 0–2, not on an empty room.
	refused(t, s, Override{Reason: "x", Awareness: map[string]content.Awareness{"R4": 3}}, "V-24")
	refused(t, s, Override{Reason: "x", Awareness: map[string]content.Awareness{"R5": 1}}, "V-24")
	do(t, s, Override{Reason: "x", Awareness: map[string]content.Awareness{"R3": content.Suspicious}})
	// Moving every unit out clears the room's awareness (CLEANUP). R3 still holds token T3.
	if st(s).Mission.Awareness["R3"] != content.Suspicious {
		t.Fatal("R3 not suspicious")
	}
}

func TestHeroismPointRules(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	h := *st(s).Mission.hero("H1")
	h.HP = []string{HPAttack, HPDefence, HPWild}
	setHero(t, s, h)
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "A1"}, {Code: "VM", Area: "A1"}}})
	units := st(s).Mission.Units
	gr, vm := units[0].ID, units[1].ID
	atk := func(total int, before, after []HPRef, target string) Attack {
		return Attack{Hero: "H1", Weapon: 1, Targets: []string{target}, Total: total, HPBefore: before, HPAfter: after}
	}
	refused(t, s, atk(1, []HPRef{{From: "H1", Kind: HPDefence}}, nil, gr), "cannot be spent on an attack test")
	refused(t, s, atk(1, []HPRef{{From: "H1", Kind: HPAttack}, {From: "H1", Kind: HPWild}}, nil, gr), "exactly 1")
	refused(t, s, atk(1, nil, []HPRef{{From: "H1", Kind: HPAttack}}, gr), "exactly 2")
	refused(t, s, atk(5, nil, []HPRef{{From: "H1", Kind: HPAttack}, {From: "H1", Kind: HPWild}}, gr), "only a failed test")
	refused(t, s, atk(1, []HPRef{{From: "H2", Kind: HPAttack}}, nil, gr), "not \"H2\"")
	refused(t, s, atk(1, []HPRef{{From: "H1", Kind: HPAttack}}, nil, vm), "vrilmeister")
	refused(t, s, atk(-1, nil, nil, gr), "V-19")
	// Two after a failure, mixing kinds (AMBIGUOUS default allows it): the grunt dies.
	do(t, s, atk(1, nil, []HPRef{{From: "H1", Kind: HPAttack}, {From: "team", Kind: HPWild}}, gr))
	m := st(s).Mission
	if m.unit(gr) != nil || len(m.hero("H1").HP) != 2 || len(m.HPShared) != 0 {
		t.Fatalf("after HP attack: unit %v, hero HP %v, shared %v", m.unit(gr), m.hero("H1").HP, m.HPShared)
	}
}

func TestMixHPKindsSetting(t *testing.T) {
	s := raid(t)
	do(t, s, SetSetting{Key: "mixHpKinds", Value: "false"})
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	h := *st(s).Mission.hero("H1")
	h.HP = []string{HPAttack, HPWild}
	setHero(t, s, h)
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "A1"}}})
	refused(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{st(s).Mission.Units[0].ID}, Total: 0,
		HPAfter: []HPRef{{From: "H1", Kind: HPAttack}, {From: "H1", Kind: HPWild}}}, "one kind")
}

func TestAttackTargeting(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "A3"}, {Code: "GR", Area: "A1"}, {Code: "GR", Area: "A1"}, {Code: "GR", Area: "E1"}}})
	u := st(s).Mission.Units
	far, near1, near2, hidden := u[0].ID, u[1].ID, u[2].ID, u[3].ID
	// V-37: in melee, no shooting into another area.
	refused(t, s, Attack{Hero: "H1", Weapon: 0, Targets: []string{far}, Total: 5}, "in melee")
	// A ranged weapon in its own area needs Versatile.
	refused(t, s, Attack{Hero: "H1", Weapon: 0, Targets: []string{near1}, Total: 5}, "Versatile")
	// V-39: Dual Wielding at 2 units in the own area; the sum of their defences.
	refused(t, s, Attack{Hero: "H1", Weapon: 0, Targets: []string{near1, near2, far}, Total: 9, DualWielding: true}, "V-39")
	e := do(t, s, Attack{Hero: "H1", Weapon: 0, Targets: []string{near1, near2}, Total: 5, DualWielding: true, Basic: true})
	if st(s).Mission.unit(near1) == nil || !strings.Contains(s.Describe(e), "not hurt") {
		t.Fatalf("5 against 3+3 should miss both: %q", s.Describe(e))
	}
	refused(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{far}, Total: 5}, "melee weapon")
	refused(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{near1}, Total: 5, Basic: true}, "V-04")
	do(t, s, EndTurn{})
	enemyAll(t, s)
	// H2: clear A1 by hand to test sight and range.
	do(t, s, Override{Reason: "x", Remove: []string{near1, near2}})
	refused(t, s, Attack{Hero: "H2", Weapon: 0, Targets: []string{hidden}, Total: 5}, "no line of sight")
	h := *st(s).Mission.hero("H2")
	h.Weapons[0].Range = 1
	setHero(t, s, h)
	refused(t, s, Attack{Hero: "H2", Weapon: 0, Targets: []string{far}, Total: 5}, "2 areas away")
	h.Weapons[0].Range = 3
	setHero(t, s, h)
	do(t, s, Attack{Hero: "H2", Weapon: 0, Targets: []string{far}, Total: 3, Loot: true})
	if st(s).Mission.unit(far) != nil {
		t.Fatal("a 3 against defence 3 should kill")
	}
}

func TestArmouredNeedsPiercing(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "AR", Area: "A1"}}})
	id := st(s).Mission.Units[0].ID
	do(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{id}, Total: 9})
	if st(s).Mission.unit(id) == nil {
		t.Fatal("an armoured unit died to a non-piercing attack")
	}
	do(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{id}, Total: 9, ArmourPiercing: true})
	if st(s).Mission.unit(id) != nil {
		t.Fatal("armour piercing did not kill")
	}
}

func TestPacify(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	var four []UnitPlacement
	for range 4 {
		four = append(four, UnitPlacement{Code: "GR", Area: "A1"})
	}
	do(t, s, Override{Reason: "x", Place: four})
	for i, id := range unitIDs(s) {
		do(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{id}, Total: 3, Basic: i == 0})
	}
	h := st(s).Mission.hero("H1")
	if len(h.HP) != 1 || !st(s).Mission.Pacified["R1"] {
		t.Fatalf("pacifying R1: HP %v pacified %v", h.HP, st(s).Mission.Pacified)
	}
	// V-40: once per room per turn.
	do(t, s, Override{Reason: "x", Place: four})
	for _, id := range unitIDs(s) {
		do(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{id}, Total: 3})
	}
	if len(st(s).Mission.hero("H1").HP) != 1 {
		t.Fatal("a room was pacified twice in one turn")
	}
}

func TestNoPacifyAfterSpendingHP(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	var four []UnitPlacement
	for range 4 {
		four = append(four, UnitPlacement{Code: "GR", Area: "A1"})
	}
	do(t, s, Override{Reason: "x", Place: four})
	for i, id := range unitIDs(s) {
		var hp []HPRef
		if i == 0 {
			hp = []HPRef{{From: "team", Kind: HPWild}}
		}
		do(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{id}, Total: 3, HPBefore: hp})
	}
	if len(st(s).Mission.hero("H1").HP) != 0 {
		t.Fatal("pacified after spending a heroism point (V-40)")
	}
}

func TestWoundsDownedRecoverCapture(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	refused(t, s, WoundHero{Hero: "H2", Mode: "maybe"}, "an effect or from a vril backfire")
	for range 4 {
		do(t, s, WoundHero{Hero: "H2", Mode: "auto", Card: "W"})
	}
	if !st(s).Mission.hero("H2").Downed() {
		t.Fatal("4 permanent wounds: not downed (V-17)")
	}
	refused(t, s, KnockBack{Hero: "H2", To: "A2"}, "V-47")
	// Four enemies in H2's area with H1 still there: no capture.
	var four []UnitPlacement
	for range 4 {
		four = append(four, UnitPlacement{Code: "GR", Area: "A1"})
	}
	do(t, s, Override{Reason: "x", Place: four})
	do(t, s, Move{Hero: "H1", Path: []string{"A2"}, Basic: true})
	do(t, s, EndTurn{})
	do(t, s, Override{Reason: "test: the attack is skipped", Of: 0, Move: map[string]string{}, Remove: nil, Awareness: map[string]content.Awareness{"R1": content.AtEase}})
	enemyAll(t, s)
	m := st(s).Mission
	if m.Current != "H2" || !m.hero("H2").Captured {
		t.Fatalf("H2 downed alone with 4 enemies at the start of the turn should be captured: current %s, %+v", m.Current, m.hero("H2"))
	}
	refused(t, s, DrawCards{Hero: "H2"}, "V-06")
	do(t, s, EndTurn{})
	enemyAll(t, s)
	do(t, s, EndRound{})
	// Next round: H1 comes back and kills one guard; H2 is rescued at the start of the turn.
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Move{Hero: "H1", Path: []string{"A1"}, Basic: true})
	do(t, s, EndTurn{})
	enemyAll(t, s)
	m = st(s).Mission
	if m.hero("H2").Captured || !m.hero("H2").Turn.Recovering {
		t.Fatalf("H2 with H1 beside should be rescued and recovering: %+v", m.hero("H2"))
	}
	if len(m.hero("H1").HP) != 1 {
		t.Fatalf("the rescuer H1 should gain a heroism point: %v", m.hero("H1").HP)
	}
	// V-05: Recover uses both actions and keeps 2 cards.
	refused(t, s, DrawCards{Hero: "H2"}, "V-05")
	refused(t, s, EndTurn{}, "V-05")
	refused(t, s, Recover{Hero: "H2", Keep: []int{0}}, "exactly 2")
	do(t, s, Recover{Hero: "H2", Keep: []int{1, 3}})
	h := st(s).Mission.hero("H2")
	if len(h.Wounds) != 2 || h.Downed() || h.Turn.Basic != 2 {
		t.Fatalf("after Recover %+v", h)
	}
	do(t, s, Heal{Hero: "H2", N: 5, Reason: "Medic's Bag"})
	if len(st(s).Mission.hero("H2").Wounds) != 0 {
		t.Fatal("heal did not clamp at 0 (V-46)")
	}
}

func TestSurgeWoundAndVrilTolerance(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, WoundHero{Hero: "H1", Mode: "surge", Card: "W1"})
	h := *st(s).Mission.hero("H1")
	if len(h.Wounds) != 1 {
		t.Fatal("surge wound not kept")
	}
	h.Skills = []Skill{{ID: "Vril Tolerance", Type: SkillVril, Active: true}}
	setHero(t, s, h)
	do(t, s, WoundHero{Hero: "H1", Mode: "surge", Card: "W2"})
	if len(st(s).Mission.hero("H1").Wounds) != 1 {
		t.Fatal("Vril Tolerance: the surge wound card should be discarded")
	}
}

func TestEscape(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	refused(t, s, Escape{Hero: "H1"}, "V-35")
	do(t, s, Search{Hero: "H1", Found: Item{Name: "Dossier", Kind: ItemObjective}, FaceUp: true, Drop: -1})
	do(t, s, Escape{Hero: "H1"})
	m := st(s).Mission
	if !m.Ended || !m.hero("H2").Escaped {
		t.Fatalf("H2 stands on an exit and should escape too: %+v", m.hero("H2"))
	}
	refused(t, s, DeclareResult{Row: 3}, "rows 1 to 2")
	do(t, s, DeclareResult{Row: 1})
	if !st(s).Mission.Success {
		t.Fatal("row 1 is a success")
	}
	do(t, s, CloseMission{})
	if st(s).Mission != nil || len(st(s).Campaign.Outcomes) != 1 {
		t.Fatal("raid not closed")
	}
}

func TestEscapeBlockedMeansCaptured(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Search{Hero: "H1", Found: Item{Name: "Dossier", Kind: ItemObjective}, FaceUp: true, Drop: -1})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	do(t, s, Move{Hero: "H2", Path: []string{"A2", "A3"}, Basic: true, Modifiers: 1})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	do(t, s, EndRound{})
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "A2"}}})
	do(t, s, Escape{Hero: "H1"})
	if !st(s).Mission.hero("H2").Captured {
		t.Fatal("H2's only way out passes an enemy: captured")
	}
}

func TestEarlyAlarmAndAlarmSequence(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	// A BOOM before the alarm moves the marker 2; a second passes space 4.
	do(t, s, BangBoom{Boom: true, Cause: "hero"})
	if st(s).Mission.Tracker.Pos != 3 {
		t.Fatalf("BOOM: pos %d, want 3", st(s).Mission.Tracker.Pos)
	}
	refused(t, s, BangBoom{Cause: "dog"}, "hero or an enemy")
	do(t, s, BangBoom{Cause: "hero"})
	do(t, s, BangBoom{Cause: "hero"})
	m := st(s).Mission
	if !m.Tracker.AlarmPending || m.Step != StepEndOfRound || !m.hero("H2").HadTurn {
		t.Fatalf("early alarm: pending %v step %s; H2 loses the turn", m.Tracker.AlarmPending, m.Step)
	}
	// Further pre-alarm advances are ignored (V-26).
	e := do(t, s, BangBoom{Cause: "enemy"})
	if !strings.Contains(s.Describe(e), "ignored") {
		t.Errorf("advance after the alarm: %q", s.Describe(e))
	}
	do(t, s, EndRound{})
	m = st(s).Mission
	if m.Phase != PhasePostAlarm || m.Tracker.Section != "post" || m.Tracker.Pos != 1 || m.Round != 2 {
		t.Fatalf("after the alarm: phase %s tracker %+v round %d", m.Phase, m.Tracker, m.Round)
	}
	if len(m.Tokens) != 0 {
		t.Fatalf("the alarm triggers every spawn token: %d left", len(m.Tokens))
	}
	if len(m.Awareness) != 0 {
		t.Fatal("awareness tokens remain after the alarm")
	}
	if len(m.NoiseDeck.Draw) != 1 || m.NoiseDeck.Draw[0] != "NQ1" {
		t.Fatalf("noise deck after the alarm: %+v", m.NoiseDeck)
	}
	refused(t, s, SetTurnOrder{Order: []string{"H1", "H2"}}, "dealt at random")
	refused(t, s, Override{Reason: "x", Awareness: map[string]content.Awareness{"R1": 1}}, "V-24")
	refused(t, s, RaiseAwareness{Room: "R1", Levels: 1}, "V-45")
}

func TestAlarmAtEndOfPreAlarmTrack(t *testing.T) {
	for _, onLast := range []bool{false, true} {
		s := raid(t)
		if onLast {
			do(t, s, SetSetting{Key: "alarmOnLastSpace", Value: "true"})
		}
		rounds := 0
		for st(s).Mission.Phase == PhasePreAlarm {
			rounds++
			playQuietRound(t, s)
		}
		want := 4 // P = 4: the alarm sounds at the end of round 4 (§5.5 default)
		if onLast {
			want = 3
		}
		if rounds != want {
			t.Errorf("alarmOnLastSpace=%v: the alarm sounded after %d rounds, want %d", onLast, rounds, want)
		}
	}
}

func TestMissionFailsPastPostAlarmTrack(t *testing.T) {
	s := raid(t)
	for st(s).Mission.Phase == PhasePreAlarm {
		playQuietRound(t, s)
	}
	for i := 0; i < 10 && !st(s).Mission.Ended; i++ {
		playQuietRound(t, s)
	}
	m := st(s).Mission
	if !m.Ended || m.Failed == "" || m.Tracker.Pos > m.Tracker.Post {
		t.Fatalf("post-alarm track: ended %v failed %q tracker %+v (V-26: never out of range)", m.Ended, m.Failed, m.Tracker)
	}
	if m.Round != 4+3 {
		t.Errorf("failed in round %d, want %d (P + Q)", m.Round, 7)
	}
}

// playQuietRound plays a round in which the heroes do nothing; after the
// alarm the heroes defend perfectly.
func playQuietRound(t testing.TB, s *tracker.Session) {
	t.Helper()
	m := st(s).Mission
	if m.Phase == PhasePostAlarm {
		do(t, s, DealTurnOrder{})
	} else {
		do(t, s, SetTurnOrder{Order: m.heroesInPlay()})
	}
	for st(s).Mission.Step != StepEndOfRound && !st(s).Mission.Ended {
		m := st(s).Mission
		if m.Step == StepHeroTurn {
			if m.hero(m.Current).Turn.Recovering {
				do(t, s, Recover{Hero: m.Current, Keep: []int{0, 1}})
			}
			do(t, s, EndTurn{})
			continue
		}
		if len(m.Pending) > 0 {
			do(t, s, Defend{Hero: m.Pending[0].Defenders[0], Total: 99})
			continue
		}
		do(t, s, EnemyTurn{})
	}
	for len(st(s).Mission.Pending) > 0 {
		do(t, s, Defend{Hero: st(s).Mission.Pending[0].Defenders[0], Total: 99})
	}
	if !st(s).Mission.Ended {
		do(t, s, EndRound{})
	}
	for len(st(s).Mission.Pending) > 0 {
		do(t, s, Defend{Hero: st(s).Mission.Pending[0].Defenders[0], Total: 99})
	}
}

func TestEndOfRoundDraw(t *testing.T) {
	s := raid(t)
	h := *st(s).Mission.hero("H1")
	h.Hand, h.Draw = 5, 7
	setHero(t, s, h)
	playQuietRound(t, s)
	m := st(s).Mission
	if m.hero("H1").Hand != 5 || m.hero("H2").Hand != 5 {
		t.Fatalf("hands after the end of round: %d, %d (draw 1 only below 5; no hand limit)", m.hero("H1").Hand, m.hero("H2").Hand)
	}
}

func TestFreeDoorVariant(t *testing.T) {
	s := withContent(t)
	do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}, Variant12: true})
	do(t, s, SetTurnOrder{Order: []string{"H1"}})
	refused(t, s, FreeDoor{Hero: "H1", Door: "D3"}, "V-41")
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	do(t, s, FreeDoor{Hero: "H1", Door: "D3"})
	refused(t, s, FreeDoor{Hero: "H1", Door: "D4"}, "at most 1")
	do(t, s, EndRound{})
	r := raid(t)
	do(t, r, SetTurnOrder{Order: []string{"H1", "H2"}})
	refused(t, r, FreeDoor{Hero: "H1", Door: "D3"}, "1–2 players")
}

func TestDefendDamageAndThreshold(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "A1"}}, Awareness: map[string]content.Awareness{"R1": content.Alert}})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	m := st(s).Mission
	if len(m.Pending) != 1 || m.Pending[0].Total != 3 || m.Pending[0].Mode != "melee" {
		t.Fatalf("a grunt in melee attacks with 3: %+v", m.Pending)
	}
	if m.Step != StepEnemyTurn {
		t.Fatal("the next hero turn should wait for the defence test")
	}
	refused(t, s, NextRoundProbe(), "V-28")
	target := m.Pending[0].Defenders[0]
	refused(t, s, Defend{Hero: target, Total: -1}, "V-19")
	// V-18: a negative threshold is clamped to 0 (TestValidationRules).
	// 3 − 1 = 2 damage against threshold 3: not permanent, card discarded.
	do(t, s, Defend{Hero: target, Total: 1, WoundCard: "W7", Threshold: 3})
	do(t, s, EnemyTurn{}) // the enemy turn goes on after the test (§7.5.5)
	if len(st(s).Mission.hero(target).Wounds) != 0 || st(s).Mission.Current != "H2" {
		t.Fatalf("non-permanent wound kept, or turn did not pass: %+v", st(s).Mission.hero(target))
	}
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	target = st(s).Mission.Pending[0].Defenders[0]
	do(t, s, Defend{Hero: target, Total: 0, WoundCard: "W8", Threshold: 3})
	if len(st(s).Mission.hero(target).Wounds) != 1 {
		t.Fatal("3 damage against threshold 3 is permanent")
	}
}

// NextRoundProbe is a command that is wrong while a defence test waits.
func NextRoundProbe() tracker.Command { return EndRound{} }

func TestWhere(t *testing.T) {
	s, _ := newSession(t)
	if got := Rules.Where(st(s)); got != "Before the first mission" {
		t.Errorf("Where = %q", got)
	}
	r := raid(t)
	if got := Rules.Where(st(r)); got != "M1 · Round 1 · pre-alarm 1/4" {
		t.Errorf("Where = %q", got)
	}
}

// unitIDs copies the ids of the units on the map (the state changes in place).
func unitIDs(s *tracker.Session) []string {
	var ids []string
	for _, u := range st(s).Mission.Units {
		ids = append(ids, u.ID)
	}
	return ids
}

func TestGiveNeedsSameArea(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	h := *st(s).Mission.hero("H1")
	h.Items = []Item{{Name: "Grenade"}}
	setHero(t, s, h)
	do(t, s, Move{Hero: "H1", Path: []string{"A2"}, Basic: true})
	refused(t, s, GiveItem{Hero: "H1", Other: "H2", Item: 0, Drop: -1}, "same area")
	refused(t, s, GiveItem{Hero: "H1", Other: "H1", Item: 0, Drop: -1}, "another hero")
}

func TestAlarmSetOffInAnEnemyTurn(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, AdjustTracker{By: 3, Reason: "test: the last pre-alarm space"})
	if st(s).Mission.Tracker.Pos != 4 || st(s).Mission.Tracker.AlarmPending {
		t.Fatalf("tracker %+v", st(s).Mission.Tracker)
	}
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "C1"}}, Awareness: map[string]content.Awareness{"R3": content.Alert}})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	defendAll(t, s)
	m := st(s).Mission
	if !m.Tracker.AlarmPending || m.Step != StepEndOfRound || !m.hero("H2").HadTurn {
		t.Fatalf("phase 1 past the last space: pending %v, step %s, H2 lost the turn %v", m.Tracker.AlarmPending, m.Step, m.hero("H2").HadTurn)
	}
	do(t, s, EndRound{})
	defendAll(t, s)
	if st(s).Mission.Phase != PhasePostAlarm {
		t.Fatal("the alarm did not sound after the end of round")
	}
}
