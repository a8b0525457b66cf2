package phantom

import (
	"encoding/json"
	"testing"

	"tablekeeper/tracker"
)

// finish plays one round of the mission in play (set up with cmd) and
// records its result.
func finish(t *testing.T, s *tracker.Session, cmd StartMission, success bool) {
	t.Helper()
	do(t, s, cmd)
	playRound(t, s, map[string][]string{"Ana": {"W1"}, "Bo": {"H3"}, "Cy": {"R1"}}, "", false)
	do(t, s, MissionResult{Success: success})
	m := st(s).Mission
	for _, n := range m.Embarked {
		if len(st(s).Mission.RewardChoices) > 0 {
			do(t, s, PickAttachment{Character: n, Attachment: st(s).Mission.RewardChoices[len(st(s).Mission.Picks)]})
		}
	}
}

func TestFameTier(t *testing.T) {
	for fame, tier := range map[int]int{0: 1, 4: 1, 5: 2, 9: 2, 10: 3, 30: 3} {
		if got := FameTier(fame); got != tier {
			t.Errorf("fame %d: tier %d, want %d", fame, got, tier)
		}
	}
}

func TestShop(t *testing.T) {
	s := withContent(t)
	refused(t, s, BuyEquipment{Character: "Ana", Equipment: "Helmet"}, "V-16")
	refused(t, s, SellEquipment{Character: "Ana", Equipment: "Helmet"}, "§14.3")
	finish(t, s, startCmd(), false)
	refused(t, s, BuyEquipment{Character: "Ana", Equipment: "Helmet"}, "V-15")
	do(t, s, CorrectCharacter{Character: "Ana", Nova: intp(10)}, BuyEquipment{Character: "Ana", Equipment: "Helmet"})
	if ana := st(s).Characters["Ana"]; ana.Nova != 7 || len(ana.Equipment) != 1 || ana.Equipment[0].Charges != 0 {
		t.Fatalf("bought uncharged for 3: %+v", ana)
	}
	refused(t, s, BuyEquipment{Character: "Ana", Equipment: "Boots"}, "V-16")
	refused(t, s, BuyEquipment{Character: "Ana", Equipment: "Visor"}, "V-16")
	do(t, s, AdjustCampaign{Fame: map[string]int{"Berkav": 5}}, BuyEquipment{Character: "Ana", Equipment: "Boots"})
	do(t, s, SellEquipment{Character: "Ana", Equipment: "Helmet"})
	if ana := st(s).Characters["Ana"]; ana.Nova != 3 {
		t.Fatalf("7 - 5 + ⌊3/2⌋ = 3, got %d", ana.Nova)
	}
	do(t, s, AdjustCampaign{Fame: map[string]int{"Berkav": -50}})
	if st(s).Sheet.Fame["Berkav"] != 0 {
		t.Fatal("fame clamps at 0 (V-15)")
	}
	refused(t, s, AdjustCampaign{VanishedTech: -1}, "V-15")
	refused(t, s, AdjustCampaign{Fame: map[string]int{"Mars": 1}}, "§14.1")
}

func TestEquipAndCharge(t *testing.T) {
	s := withContent(t)
	finish(t, s, startCmd(), false)
	do(t, s, CorrectCharacter{Character: "Ana", Nova: intp(5)}, BuyEquipment{Character: "Ana", Equipment: "Helmet"})
	refused(t, s, Equip{Character: "Ana", Equipment: "Helmet", Slot: "feet"}, "V-06")
	do(t, s, Equip{Character: "Ana", Equipment: "Helmet", Slot: "head"})
	refused(t, s, Charge{Character: "Ana", Equipment: "Helmet", N: 3}, "V-07")
	do(t, s, Charge{Character: "Ana", Equipment: "Helmet", N: 2})
	refused(t, s, Charge{Character: "Ana", Equipment: "Helmet", N: -3}, "V-07")
	do(t, s, Charge{Character: "Ana", Equipment: "Helmet", N: -1})
	if ana := st(s).Characters["Ana"]; ana.Nova != 1 || ana.Equipment[0].Charges != 1 {
		t.Fatalf("charges: %+v", ana)
	}
	refused(t, s, Charge{Character: "Ana", Equipment: "Helmet", N: 2}, "V-07") // slots 2, 1 charged
	// Setup is a window; round 1 is not (V-06).
	do(t, s, startCmd(), Equip{Character: "Ana", Equipment: "Helmet"}, BeginRound{})
	refused(t, s, Equip{Character: "Ana", Equipment: "Helmet", Slot: "head"}, "V-06")
}

func TestAttachments(t *testing.T) {
	s := withContent(t)
	refused(t, s, Equip{Character: "Ana", Attachment: "Kit W", Slot: "1"}, "V-06") // starting type in a melee/ranged slot
	refused(t, s, Equip{Character: "Ana", Attachment: "Kit W", Slot: "9"}, "V-06")
	refused(t, s, DismantleAttachment{Character: "Ana", Attachment: "Kit W"}, "V-17")
	c := startCmd()
	finish(t, s, c, true)
	got := st(s).Mission.Picks["Ana"]
	do(t, s, Equip{Character: "Ana", Attachment: got, Slot: "1"})
	refused(t, s, Equip{Character: "Ana", Attachment: got, Slot: "2"}, "V-06") // shield slot
	do(t, s, Equip{Character: "Ana", Attachment: got})
	do(t, s, Trade{From: "Ana", To: "Bo", Attachment: "Kit W"}) // §14.3: unequipped, so it may be traded
	do(t, s, Trade{From: "Ana", To: "Bo", Attachment: got})
	do(t, s, DismantleAttachment{Character: "Bo", Attachment: got})
	if bo := st(s).Characters["Bo"]; bo.Nova < 1 || len(st(s).Sheet.AttachmentDecks[1]) != 4 {
		t.Fatalf("dismantling gives the tier in nova cells and returns the card: %+v, deck %v", bo, st(s).Sheet.AttachmentDecks[1])
	}
	refused(t, s, Trade{From: "Ana", To: "Bo", Nova: 999}, "V-15")
}

func TestMissionRewardsOnce(t *testing.T) {
	s := withContent(t)
	finish(t, s, startCmd(), true)
	sh := st(s).Sheet
	if st(s).Characters["Ana"].SP != 2 || sh.Fame["Berkav"] != 2 || sh.Missions["Berkav-1"].Completed != "X" || sh.LastPlanet != "Berkav" {
		t.Fatalf("first success: %+v", sh)
	}
	// Replay with Cy: SP for Cy only, no second fame, attachments again.
	c := startCmd()
	c.Party[1] = Embark{Character: "Cy", EntryPoint: "D-2", Cards: starting("R")}
	finish(t, s, c, true)
	if !st(s).Mission.Replay || st(s).Characters["Ana"].SP != 2 || st(s).Characters["Cy"].SP != 2 || st(s).Sheet.Fame["Berkav"] != 2 {
		t.Fatalf("replay: Ana SP %d Cy SP %d fame %d", st(s).Characters["Ana"].SP, st(s).Characters["Cy"].SP, st(s).Sheet.Fame["Berkav"])
	}
	if len(st(s).Characters["Ana"].Attachments) != 3 {
		t.Fatalf("attachment rewards come with every success: %+v", st(s).Characters["Ana"].Attachments)
	}
	refused(t, s, BuyActionCard{Character: "Ana", Card: "W14"}, "V-15") // 5 SP
	refused(t, s, BuyActionCard{Character: "Ana", Card: "H11"}, "§14.3")
	do(t, s, BuyActionCard{Character: "Ana", Card: "W11"})
	refused(t, s, BuyActionCard{Character: "Ana", Card: "W11"}, "§14.3")
}

func TestFailureKeeps(t *testing.T) {
	for _, keep := range []bool{true, false} {
		s := withContent(t)
		set := DefaultSettings()
		set.FailureKeepsNova = keep
		if !keep {
			do(t, s, ChangeSettings{Settings: set})
		}
		do(t, s, startCmd(), CorrectFigure{Figure: "Ana", Nova: intp(4)})
		do(t, s, MissionResult{Success: false})
		ana := st(s).Characters["Ana"]
		if (ana.Nova == 4) != keep || ana.SP != 0 || st(s).Sheet.Missions["Berkav-1"].Completed != "" {
			t.Fatalf("keep %v: %+v", keep, ana)
		}
	}
	s := withContent(t)
	do(t, s, startCmd())
	refused(t, s, MissionResult{Success: true}, "§13.2")
}

func TestCampaignOrbOncePerCampaign(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), CorrectFigure{Figure: "Ana", Position: strp("C-6")}, BeginRound{},
		SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}}, DrawAdversaryCards{}, DetermineInitiative{})
	for st(s).Mission.next() != "Ana" {
		n := st(s).Mission.next()
		if st(s).Mission.fig(n).character() {
			do(t, s, StartTurn{Character: n}, EndTurn{Character: n})
			continue
		}
		do(t, s, ResolveAdversaryTurn{Adversary: n}, OverrideAdversaryTurn{Reason: "test", Figures: nil})
	}
	do(t, s, StartTurn{Character: "Ana"}, ActivateOrb{Character: "Ana", Space: "B-6"})
	refused(t, s, ActivateOrb{Character: "Ana", Space: "B-6"}, "§5.4")
	do(t, s, MissionResult{Success: false})
	if !containsInt(st(s).Sheet.OrbsActivated, 4) {
		t.Fatal("a campaign orb activated is kept even on failure (§13.1)")
	}
	do(t, s, startCmd())
	hm, _ := st(s).liveMap()
	if sp, _ := hm.Space("B-6"); sp.HasOrb() {
		t.Fatal("an activated campaign orb is not set up again (§12.2 step 3)")
	}
}

func TestExpeditions(t *testing.T) {
	s := withContent(t)
	refused(t, s, Expedition{Card: "7"}, "V-20")
	do(t, s, Expedition{Story: true, Card: "S2", VanishedTech: 2})
	finish(t, s, startCmd(), false)
	refused(t, s, Expedition{Card: ""}, "V-20")
	refused(t, s, Expedition{Card: "7", Nova: map[string]int{"Cy": 1}}, "§14.3")
	do(t, s, Expedition{Card: "7", Nova: map[string]int{"Ana": -50, "Bo": 3}, VanishedTech: -10, Discard: true})
	sh := st(s).Sheet
	if st(s).Characters["Ana"].Nova != 0 || st(s).Characters["Bo"].Nova != 3 || sh.VanishedTech != 0 {
		t.Fatalf("losses clamp at 0 (V-15): %+v", sh)
	}
	refused(t, s, Expedition{Card: "8"}, "V-20")
	do(t, s, startCmd())
	refused(t, s, Expedition{Story: true, Card: "S3"}, "§14.3")
	do(t, s, MissionResult{Success: false})
	refused(t, s, Expedition{Card: "7"}, "§14.3") // discarded from the campaign
}

func TestUpgradeBoard(t *testing.T) {
	s := withContent(t)
	do(t, s, DefineUpgrade{Name: "Med bay", Boxes: []string{"schematic", "simulation"}, Cost: 3})
	refused(t, s, TickUpgrade{Name: "Med bay", Pay: true}, "V-15")
	refused(t, s, TickUpgrade{Name: "Med bay", Box: "engine"}, "§14.1")
	do(t, s, AdjustCampaign{VanishedTech: 4}, TickUpgrade{Name: "Med bay", Pay: true}, TickUpgrade{Name: "Med bay", Box: "schematic"})
	refused(t, s, TickUpgrade{Name: "Med bay", Box: "schematic"}, "§14.1")
	do(t, s, TickUpgrade{Name: "Med bay", Box: "simulation"})
	u := st(s).Sheet.Upgrades["Med bay"]
	if !u.Performed || st(s).Sheet.VanishedTech != 1 {
		t.Fatalf("upgrade %+v, VT %d", u, st(s).Sheet.VanishedTech)
	}
	refused(t, s, TickUpgrade{Name: "Med bay", Pay: true}, "§14.1")
	refused(t, s, DefineUpgrade{Name: "Med bay", Cost: 1}, "§14.1")
}

func TestTrainingMission(t *testing.T) {
	s := withContent(t)
	do(t, s, CorrectCharacter{Character: "Ana", SP: intp(3)}, BuyActionCard{Character: "Ana", Card: "W11"})
	refused(t, s, ReturnActionCard{Character: "Ana", Card: "W11"}, "§14.3")
	c := startCmd()
	c.Mission, c.Training, c.TrainingTier, c.AdversaryDifficulty = "Berkav-1", true, 2, 1
	finish(t, s, c, true)
	if st(s).Characters["Ana"].SP != 1 || contains(st(s).Characters["Ana"].Completed, "Berkav-1") {
		t.Fatal("training gives no SP and does not complete the mission")
	}
	if n := len(st(s).Characters["Ana"].Attachments); n != 2 {
		t.Fatalf("tier 2 training: rewards from tiers 1 and 2, one pick; Ana has %d attachments", n)
	}
	refused(t, s, ReturnActionCard{Character: "Ana", Card: "W1"}, "§14.3")
	do(t, s, ReturnActionCard{Character: "Ana", Card: "W11"})
	if ana := st(s).Characters["Ana"]; ana.SP != 3 || contains(ana.Cards, "W11") {
		t.Fatalf("refund: %+v", ana)
	}
	refused(t, s, ReturnActionCard{Character: "Ana", Card: "W11"}, "§14.3")
}

func TestCharacters(t *testing.T) {
	s := withContent(t)
	refused(t, s, CreateCharacter{Name: "Ana", Class: "Warrior", Species: "Human", Colour: "red"}, "§14.2")
	refused(t, s, CreateCharacter{Name: "Ed", Class: "Mystic", Species: "Human", Colour: "red"}, "§14.2")
	refused(t, s, CreateCharacter{Name: "Ed", Class: "Warrior", Species: "Slink", Colour: "red"}, "§14.2")
	refused(t, s, CreateCharacter{Name: "Ed", Class: "Warrior", Species: "Human", Colour: "green"}, "§14.2")
	do(t, s, SaveContent{Kind: KindClass, Data: raw(ClassBoard{Name: "Mystic", BaseRange: 2, ItemSlots: 2})})
	refused(t, s, CreateCharacter{Name: "Ed", Class: "Mystic", Species: "Human", Colour: "red"}, "§14.2")
	do(t, s, UnlockClass{Class: "Mystic"}, CreateCharacter{Name: "Ed", Class: "Mystic", Species: "Human", Colour: "red"})
	if ana := st(s).Characters["Ana"]; len(ana.Cards) != 10 || ana.Attachments[0].ID != "Kit W" {
		t.Fatalf("starting cards and attachment: %+v", ana)
	}
}

func TestSettingsChange(t *testing.T) {
	s := withContent(t)
	refused(t, s, ChangeSettings{Settings: DefaultSettings()}, "§17")
	set := DefaultSettings()
	set.RefreshRestartsTimer = false
	e, err := s.Do(ChangeSettings{Settings: set})
	if err != nil || s.Describe(e) != "Settings changed: A condition received again while it is held — It keeps the time it had: receiving it again changes nothing." {
		t.Fatalf("%v %q", err, s.Describe(e))
	}
	var keys map[string]any
	_ = json.Unmarshal(raw(Settings{TargetWithBaseRange: true}), &keys)
	described := map[string]bool{}
	for _, i := range SettingsInfo() {
		described[i.Key] = true
	}
	for k := range keys {
		if !described[k] {
			t.Errorf("setting %s is not described", k)
		}
	}
	if len(SettingsInfo()) != len(keys) {
		t.Fatal("every setting is described once")
	}
}

func TestStateRoundTrips(t *testing.T) {
	s, _ := newSession(t)
	do(t, s, contentCommands()...)
	do(t, s, startCmd())
	playRound(t, s, map[string][]string{"Ana": {"W1", "W2"}, "Bo": {"H3"}}, "", false)
	do(t, s, BeginRound{}, Inflict{Figure: "Ana", Condition: "Frozen"})
	b, err := json.Marshal(s.State())
	if err != nil {
		t.Fatal(err)
	}
	back, err := Rules{}.DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := json.Marshal(back); string(c) != string(b) {
		t.Fatalf("state does not round-trip:\n%s\n%s", b, c)
	}
	if _, err := (Rules{}).DecodeState([]byte("{")); err == nil {
		t.Fatal("bad state accepted")
	}
}

func TestUndoAcrossEverything(t *testing.T) {
	s, _ := newSession(t)
	do(t, s, contentCommands()...)
	before := jsonOf(t, s.State())
	do(t, s, startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	mid := jsonOf(t, s.State())
	for i := 0; i < 6; i++ {
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if jsonOf(t, s.State()) != before {
		t.Fatal("undoing the whole setup must give the state before it")
	}
	for i := 0; i < 6; i++ {
		if _, err := s.Redo(); err != nil {
			t.Fatal(err)
		}
	}
	if jsonOf(t, s.State()) != mid {
		t.Fatal("redo must give the same draws")
	}
}
