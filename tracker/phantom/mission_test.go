package phantom

import (
	"strings"
	"testing"

	"tablekeeper/automa/phantom"
)

func TestStartMissionPlacesByCharacterCount(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd())
	m := st(s).Mission
	var names []string
	for _, f := range m.Figures {
		names = append(names, f.Name+"@"+f.Position+"/"+f.Colour)
	}
	// §10.2: the 3-4 Archer is not placed for 2 characters; §10.3: each
	// Berserker gets its own colour.
	want := `["Ana@D-1/dark blue","Bo@D-2/yellow","Grallok Berserker 1@A-2/dark blue","Grallok Berserker 2@A-5/light blue"]`
	if got := jsonOf(t, names); got != want {
		t.Fatalf("figures %s, want %s", got, want)
	}
	if m.Decks.Species["Grallok"] == nil || len(m.Decks.Class["Berserker"].Draw) != 3 || m.Decks.Class["Archer"] != nil {
		t.Fatalf("decks not gathered as §8.2 says: %+v", m.Decks)
	}
	if got := s.Where(); got != "Berkav-1 · Setup" {
		t.Fatalf("where %q", got)
	}
	ana := m.fig("Ana")
	if ana.HP != 10 || ana.MaxAP != 6 || ana.BandageSlots != 2 || len(ana.Hand) != 10 {
		t.Fatalf("Ana set up wrong: %+v", ana)
	}
}

func TestThreeCharactersPlaceTheArcher(t *testing.T) {
	s := withContent(t)
	c := startCmd()
	c.Party = append(c.Party, Embark{Character: "Cy", EntryPoint: "D-3", Cards: starting("R")})
	do(t, s, c)
	m := st(s).Mission
	if m.fig("Grallok Archer 1") == nil || !contains(m.Types, "Grallok Archer") || m.Decks.Class["Archer"] == nil {
		t.Fatalf("the 3-4 Archer icon places an Archer with 3 characters: %+v", m.Types)
	}
}

func TestPartyRules(t *testing.T) {
	type row struct {
		name  string
		party []Embark
		rule  string
	}
	ana := Embark{Character: "Ana", EntryPoint: "D-1", Cards: starting("W")}
	bo := Embark{Character: "Bo", EntryPoint: "D-2", Cards: starting("H")}
	rows := []row{
		{"one character", []Embark{ana}, "V-01"},
		{"same class twice", []Embark{ana, {Character: "Ana", EntryPoint: "D-2", Cards: starting("W")}}, "V-01"},
		{"same entry point", []Embark{ana, {Character: "Bo", EntryPoint: "D-1", Cards: starting("H")}}, "V-03"},
		{"not an entry point", []Embark{ana, {Character: "Bo", EntryPoint: "A-1", Cards: starting("H")}}, "V-03"},
		{"nine cards", []Embark{ana, {Character: "Bo", EntryPoint: "D-2", Cards: starting("H")[:9]}}, "§12.2"},
		{"card not owned", []Embark{ana, {Character: "Bo", EntryPoint: "D-2", Cards: append(starting("H")[:9], "H11")}}, "§12.2"},
		{"three items", []Embark{ana, {Character: "Bo", EntryPoint: "D-2", Cards: starting("H"), Items: []string{"a", "b", "c"}}}, "V-06"},
		{"item not owned", []Embark{ana, {Character: "Bo", EntryPoint: "D-2", Cards: starting("H"), Items: []string{"Medkit"}}}, "V-06"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			s := withContent(t)
			refused(t, s, StartMission{Mission: "Berkav-1", Party: r.party}, r.rule)
		})
	}
	s := withContent(t)
	do(t, s, CorrectCharacter{Character: "Bo", Nova: intp(0)})
	refused(t, s, StartMission{Mission: "Berkav-2", Party: []Embark{ana, bo}}, "§12")
	refused(t, s, StartMission{Mission: "Nowhere", Party: []Embark{ana, bo}}, "§12")
	// Same colour: Cy recoloured by a new character of the same colour.
	do(t, s, CreateCharacter{Name: "Di", Class: "Ranger", Species: "Human", Colour: "dark blue"})
	refused(t, s, StartMission{Mission: "Berkav-1", Party: []Embark{ana, {Character: "Di", EntryPoint: "D-2", Cards: starting("R")}}}, "V-01")
}

// roundOne sets up the mission and plays round 1 up to the turns.
func roundOne(t *testing.T) *State {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1", "W2"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	return st(s)
}

func TestRoundFlow(t *testing.T) {
	s := roundOne(t)
	m := s.Mission
	if m.Phase != "turns" || m.Face.Colour != "red" || len(m.Decks.InPlay) != 1 {
		t.Fatalf("round state %+v", m)
	}
	// W1 is AP 2, W2 AP 3; H3 AP 1.
	if a, b := m.fig("Ana").Initiative, m.fig("Bo").Initiative; a != 5 || b != 1 {
		t.Fatalf("initiative Ana %d Bo %d, want 5 and 1", a, b)
	}
	if m.Order[0] != "Bo" || len(m.Order) != 4 {
		t.Fatalf("order %v", m.Order)
	}
	if m.next() != "Bo" {
		t.Fatalf("next %q", m.next())
	}
}

func TestSelectionRules(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{})
	if st(s).Mission.Face == nil {
		t.Fatal("the Decision die was not rolled")
	}
	refused(t, s, SelectCards{Character: "Ana", Cards: nil}, "V-04")
	refused(t, s, SelectCards{Character: "Ana", Cards: []string{"W11"}}, "V-04")
	refused(t, s, SelectCards{Character: "Ana", Cards: []string{"W1", "W1"}}, "V-04")
	// W2 3 + W5 3 + W1 2 = 8 > 6.
	refused(t, s, SelectCards{Character: "Ana", Cards: []string{"W2", "W5", "W1"}}, "V-04")
	do(t, s, SelectCards{Character: "Ana", Cards: []string{"W2", "W5"}})
	// Frozen doubles each card's AP (§4).
	do(t, s, Inflict{Figure: "Ana", Condition: "frozen"})
	refused(t, s, SelectCards{Character: "Ana", Cards: []string{"W2", "W5"}}, "V-04")
	do(t, s, SelectCards{Character: "Ana", Cards: []string{"W2"}})
	if len(st(s).Mission.fig("Ana").Hand) != 9 {
		t.Fatal("reselecting must return the earlier cards to the hand")
	}
	// V-05: no rest with an empty discard pile.
	refused(t, s, Rest{Character: "Bo"}, "V-05")
	refused(t, s, DrawAdversaryCards{}, "§11.1")
	refused(t, s, BeginRound{}, "§11")
}

func TestRestRules(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{},
		CorrectFigure{Figure: "Bo", SetConditions: true, Conditions: []string{"Bleeding", "Weakened", "Barrier"}})
	m := st(s).Mission
	m.fig("Bo").Discard = []string{"H9"} // as if played earlier
	m.fig("Bo").Hand = remove(m.fig("Bo").Hand, "H9")
	do(t, s, Rest{Character: "Bo"}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, DrawAdversaryCards{}, DetermineInitiative{})
	bo := st(s).Mission.fig("Bo")
	if bo.Initiative != 1 {
		t.Fatalf("resting initiative %d, want 1 (V-26)", bo.Initiative)
	}
	do(t, s, StartTurn{Character: "Bo"})
	bo = st(s).Mission.fig("Bo")
	if bo.HP != 10 || bo.has(phantom.Bleeding) || bo.has(phantom.Weakened) || !bo.has(phantom.Barrier) || len(bo.Hand) != 10 {
		t.Fatalf("a rest drops detrimental conditions before Bleeding, takes the discards back: %+v", bo)
	}
}

func TestStartOfTurnDamage(t *testing.T) {
	type row struct {
		conds  []string
		hp     int
		left   []string
		onFire bool
	}
	rows := []row{
		{[]string{"Bleeding"}, 8, []string{"Bleeding"}, false},
		{[]string{"Burning"}, 7, nil, false},
		{[]string{"Bleeding", "Burning"}, 5, []string{"Bleeding"}, false},
		{[]string{"Barrier", "Burning"}, 10, nil, false},
		{nil, 10, []string{"Burning"}, true},                // §5.1 fire gives Burning again, no damage now
		{[]string{"Burning"}, 7, []string{"Burning"}, true}, // stays Burning on fire
	}
	for i, r := range rows {
		s := withContent(t)
		do(t, s, startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}})
		cf := CorrectFigure{Figure: "Bo", SetConditions: true, Conditions: r.conds}
		if r.onFire {
			p := "C-6"
			cf.Position = &p
		}
		do(t, s, cf, DrawAdversaryCards{}, DetermineInitiative{}, StartTurn{Character: "Bo"})
		bo := st(s).Mission.fig("Bo")
		if bo.HP != r.hp || jsonOf(t, bo.CondList()) != jsonOf(t, append([]string{}, r.left...)) {
			t.Errorf("row %d: HP %d conditions %v, want %d %v", i, bo.HP, bo.CondList(), r.hp, r.left)
		}
	}
}

func TestConditionRules(t *testing.T) {
	type row struct {
		have   []string
		give   string
		want   []string
		policy func(*Settings)
	}
	rows := []row{
		{nil, "Weakened", []string{"Weakened"}, nil},
		{[]string{"Resilient"}, "Weakened", []string{}, nil},
		{[]string{"Resilient"}, "Barrier", []string{"Barrier", "Resilient"}, nil},
		{[]string{"Resilient", "Weakened"}, "Weakened", []string{"Resilient", "Weakened"}, nil},
		{[]string{"Resilient", "Weakened"}, "Weakened", []string{"Weakened"}, func(s *Settings) { s.ResilientSparedByRefresh = false }}, // A-12 off
		{[]string{"Burning"}, "Frozen", []string{}, nil},
		{[]string{"Frozen"}, "Burning", []string{}, nil},
		{[]string{"Frozen"}, "Frozen", []string{"Frozen"}, nil},
	}
	for i, r := range rows {
		s := withContent(t)
		if r.policy != nil {
			set := DefaultSettings()
			r.policy(&set)
			do(t, s, ChangeSettings{Settings: set})
		}
		do(t, s, startCmd(), CorrectFigure{Figure: "Ana", SetConditions: true, Conditions: r.have}, Inflict{Figure: "Ana", Condition: r.give})
		if got := jsonOf(t, st(s).Mission.fig("Ana").CondList()); got != jsonOf(t, r.want) {
			t.Errorf("row %d: %v + %s = %s, want %v", i, r.have, r.give, got, r.want)
		}
	}
	s := withContent(t)
	do(t, s, startCmd())
	refused(t, s, Inflict{Figure: "Ana", Condition: "Sleepy"}, "§4")
	refused(t, s, RemoveCondition{Figure: "Ana", Condition: "Frozen"}, "§4")
	refused(t, s, CorrectFigure{Figure: "Ana", SetConditions: true, Conditions: []string{"Frozen", "frozen"}}, "V-27")
}

func TestFrozenExpiresAfterNextFullTurn(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	// Frozen before Bo's turn: gone at the end of it (RB p.50 case 1).
	do(t, s, Inflict{Figure: "Bo", Condition: "Frozen"}, StartTurn{Character: "Bo"})
	// Frozen during Bo's own turn: Invisible gained now stays past this turn.
	do(t, s, Inflict{Figure: "Bo", Condition: "Invisible"}, EndTurn{Character: "Bo"})
	bo := st(s).Mission.fig("Bo")
	if bo.has(phantom.Frozen) || !bo.has(phantom.Invisible) {
		t.Fatalf("after Bo's turn: %v (Frozen from before the turn expires, Invisible from during it stays)", bo.CondList())
	}
}

func TestHealAndBandages(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), Damage{Figure: "Ana", N: 5})
	do(t, s, Heal{Figure: "Ana", N: 2, HealAction: true}, Heal{Figure: "Ana", N: 1, HealAction: true})
	ana := st(s).Mission.fig("Ana")
	if ana.HP != 8 || ana.Bandages != 2 {
		t.Fatalf("HP %d bandages %d", ana.HP, ana.Bandages)
	}
	refused(t, s, Heal{Figure: "Ana", N: 1, HealAction: true}, "V-09")
	do(t, s, Heal{Figure: "Ana", N: 9}) // not a Heal action: no bandage, no limit, capped at max
	if ana = st(s).Mission.fig("Ana"); ana.HP != 10 || ana.Bandages != 2 {
		t.Fatalf("HP %d bandages %d", ana.HP, ana.Bandages)
	}
	do(t, s, Heal{Figure: "Bo", N: 3, HealAction: true})
	if bo := st(s).Mission.fig("Bo"); bo.Bandages != 0 {
		t.Fatal("a heal at full HP gives no bandage (§6.7 item 3)")
	}
	// Adversaries have no bandage limit.
	do(t, s, Damage{Figure: "Grallok Berserker 1", N: 3})
	for i := 0; i < 3; i++ {
		do(t, s, Damage{Figure: "Grallok Berserker 1", N: 1}, Heal{Figure: "Grallok Berserker 1", N: 1, HealAction: true})
	}
}

func TestDefeats(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), Inflict{Figure: "Ana", Condition: "Barrier"}, Damage{Figure: "Ana", N: 50})
	if ana := st(s).Mission.fig("Ana"); ana.HP != 10 || ana.Defeated || ana.has(phantom.Barrier) {
		t.Fatalf("Barrier absorbs the damage: %+v", ana)
	}
	do(t, s, Damage{Figure: "Ana", N: 50})
	ana := st(s).Mission.fig("Ana")
	if !ana.Defeated || ana.HP != 10 || ana.Position != "" || len(ana.Hand) != 10 || ana.Conditions != nil {
		t.Fatalf("§6.6 defeat: %+v", ana)
	}
	refused(t, s, Damage{Figure: "Ana", N: 1}, "§6")
	// §8.14: an adversary drops nova cells equal to its difficulty rating.
	do(t, s, Damage{Figure: "Grallok Berserker 1", N: 6})
	hm, _ := st(s).liveMap()
	if sp, _ := hm.Space("A-2"); sp.NovaCells != 1 {
		t.Fatalf("nova on A-2: %d, want 1", sp.NovaCells)
	}
	// V-08 clamps a hand correction.
	do(t, s, CorrectFigure{Figure: "Bo", HP: intp(99)})
	if st(s).Mission.fig("Bo").HP != 10 {
		t.Fatal("HP clamps to max (V-08)")
	}
	// An event adversary drops nothing.
	do(t, s, PlaceAdversary{Type: "Grallok Berserker", Space: "A-3", ByEvent: true})
	f := st(s).Mission.Figures[len(st(s).Mission.Figures)-1]
	do(t, s, Damage{Figure: f.Name, N: 10})
	hm, _ = st(s).liveMap()
	if sp, _ := hm.Space(f.Position); f.Position != "" && sp.NovaCells != 0 {
		t.Fatal("event adversaries never drop nova cells")
	}
}

func TestMoveRules(t *testing.T) {
	type row struct {
		name string
		cmd  MoveFigure
		rule string // "" = allowed
		end  string
	}
	rows := []row{
		{"one step", MoveFigure{Figure: "Ana", Path: []string{"C-1"}}, "", "C-1"},
		{"not adjacent", MoveFigure{Figure: "Ana", Path: []string{"B-1"}}, "V-10", ""},
		{"onto a figure", MoveFigure{Figure: "Ana", Path: []string{"D-2"}}, "V-10", ""},
		{"through an ally", MoveFigure{Figure: "Ana", Path: []string{"D-2", "D-3"}}, "", "D-3"},
		{"into an object", MoveFigure{Figure: "Ana", Path: []string{"C-1", "C-2", "B-3"}}, "V-10", ""},
		{"leap over an object", MoveFigure{Figure: "Ana", Path: []string{"C-2", "B-3", "A-4"}, Kind: "leap"}, "", "A-4"},
		{"leap ending on an object", MoveFigure{Figure: "Ana", Path: []string{"C-2", "B-3"}, Kind: "leap"}, "V-11", ""},
		{"too many MP", MoveFigure{Figure: "Ana", Path: []string{"C-1", "B-1"}, MP: 1}, "V-10", ""},
		{"teleport", MoveFigure{Figure: "Ana", Path: []string{"A-6"}, Kind: "teleport"}, "", "A-6"},
		{"teleport onto the fire", MoveFigure{Figure: "Ana", Path: []string{"C-6"}, Kind: "teleport"}, "V-12", ""},
		{"through an adversary", MoveFigure{Figure: "Ana", Path: []string{"C-1", "B-1", "A-2", "A-3"}}, "V-10", ""},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			s := withContent(t)
			do(t, s, startCmd())
			if r.rule != "" {
				refused(t, s, r.cmd, r.rule)
				return
			}
			do(t, s, r.cmd)
			if got := st(s).Mission.fig("Ana").Position; got != r.end {
				t.Fatalf("ended on %s, want %s", got, r.end)
			}
		})
	}
}

func TestHazardsOnEntering(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), MoveFigure{Figure: "Ana", Path: []string{"D-2", "D-3", "D-4", "D-5", "C-6"}})
	ana := st(s).Mission.fig("Ana")
	if ana.HP != 7 || !ana.has(phantom.Burning) {
		t.Fatalf("fire: 3 damage and Burning (§5.1): %+v", ana)
	}
	do(t, s, CorrectSpace{Space: "C-5", Hazard: strp("trap"), HazardToken: true}, MoveFigure{Figure: "Ana", Path: []string{"C-5"}})
	hm, _ := st(s).liveMap()
	if sp, _ := hm.Space("C-5"); sp.HasHazard() || st(s).Mission.fig("Ana").HP != 2 {
		t.Fatalf("a trap token deals 5 and is removed: HP %d", st(s).Mission.fig("Ana").HP)
	}
}

func strp(s string) *string { return &s }

func TestObjects(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), DamageObject{Space: "B-3"})
	do(t, s, DamageObject{Space: "B-3"})
	refused(t, s, DamageObject{Space: "B-3"}, "§5.2")
	hm, _ := st(s).liveMap()
	if sp, _ := hm.Space("B-3"); string(sp.ObjectState) != "destroyed" {
		t.Fatalf("state %q", sp.ObjectState)
	}
	// A destroyed object is difficult terrain: 2 MP to Move into.
	do(t, s, MoveFigure{Figure: "Ana", Path: []string{"C-1", "C-2"}})
	refused(t, s, MoveFigure{Figure: "Ana", Path: []string{"B-3"}, MP: 1}, "V-10")
	do(t, s, MoveFigure{Figure: "Ana", Path: []string{"B-3"}, MP: 2})
}

func TestTurnsInOrder(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1", "W2"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	refused(t, s, StartTurn{Character: "Ana"}, "§11.1")
	refused(t, s, EndRound{}, "§13.2")
	do(t, s, StartTurn{Character: "Bo"})
	refused(t, s, PlayCard{Character: "Bo", Card: "H4"}, "§6.4")
	do(t, s, PlayCard{Character: "Bo", Card: "H3"})
	bo := st(s).Mission.fig("Bo")
	if !contains(bo.Temporary, "H3") {
		t.Fatal("a temporary card goes to the temporary pile")
	}
	do(t, s, EndTurn{Character: "Bo"})
	if !strings.Contains(jsonOf(t, st(s).Mission.Acted), "Bo") {
		t.Fatal("Bo acted")
	}
}

func TestFrozenForbidsConversion(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1", "W2"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{}, StartTurn{Character: "Bo"}, Inflict{Figure: "Bo", Condition: "Frozen"})
	refused(t, s, PlayCard{Character: "Bo", Card: "H3", Convert: "move"}, "V-14")
	do(t, s, Inflict{Figure: "Bo", Condition: "Stunned"})
	refused(t, s, PlayCard{Character: "Bo", Card: "H3"}, "§4")
	do(t, s, DiscardForStun{Character: "Bo", Card: "H3"})
	if st(s).Mission.fig("Bo").has(phantom.Stunned) {
		t.Fatal("discarding a selected card removes Stunned")
	}
}

func TestEnteredAdversaryCards(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{Face: &phantom.Face{Colour: "yellow", Primary: "S", Secondary: "W"}},
		SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}})
	refused(t, s, DrawAdversaryCards{Drawn: []phantom.Drawn{{Type: "Grallok Berserker", Species: "G9", Class: "B1"}}}, "§8.2")
	refused(t, s, DrawAdversaryCards{Drawn: []phantom.Drawn{}}, "§8.2")
	do(t, s, DrawAdversaryCards{Drawn: []phantom.Drawn{{Type: "Grallok Berserker", Species: "G2", Class: "B3"}}})
	m := st(s).Mission
	if contains(m.Decks.Species["Grallok"].Draw, "G2") || m.Decks.InPlay[0].Class != "B3" {
		t.Fatalf("entered draw not taken from the decks: %+v", m.Decks)
	}
	refused(t, s, BeginRound{Face: &phantom.Face{Colour: "green", Primary: "N", Secondary: "E"}}, "§11")
}

func TestDecisionDieValidation(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd())
	refused(t, s, BeginRound{Face: &phantom.Face{Colour: "green", Primary: "N", Secondary: "E"}}, "V-21")
	refused(t, s, BeginRound{Face: &phantom.Face{Colour: "red", Primary: "X", Secondary: "E"}}, "V-21")
	set := DefaultSettings()
	set.RollDecisionDie = false
	do(t, s, ChangeSettings{Settings: set})
	refused(t, s, BeginRound{}, "§3.3")
}

func TestFrozenBeforeItsTurnMovesAFigureLater(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1", "W2"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	m := st(s).Mission
	if m.Order[0] != "Bo" {
		t.Fatalf("order %v", m.Order)
	}
	// Bo's H3 is AP 1 → 2 while Frozen; Ana stays 5.
	do(t, s, Inflict{Figure: "Ana", Condition: "Frozen"})
	m = st(s).Mission
	if m.fig("Ana").Initiative != 10 || m.Order[len(m.Order)-1] != "Ana" {
		t.Fatalf("Frozen Ana must go last with initiative 10: %v (%d)", m.Order, m.fig("Ana").Initiative)
	}
	do(t, s, RemoveCondition{Figure: "Ana", Condition: "Frozen"})
	if st(s).Mission.fig("Ana").Initiative != 5 {
		t.Fatal("losing Frozen restores the initiative")
	}
}

func TestKnockedDownAndStunnedMoves(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), Inflict{Figure: "Ana", Condition: "Knocked Down"})
	refused(t, s, MoveFigure{Figure: "Ana", Path: []string{"C-1"}, MP: 1}, "§4")
	do(t, s, MoveFigure{Figure: "Ana", Path: []string{"C-1"}, MP: 2})
	if st(s).Mission.fig("Ana").has(phantom.KnockedDown) {
		t.Fatal("the first MP removes Knocked Down")
	}
	do(t, s, Inflict{Figure: "Ana", Condition: "Stunned"})
	refused(t, s, MoveFigure{Figure: "Ana", Path: []string{"B-1"}}, "§4")
}
