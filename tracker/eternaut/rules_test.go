package eternaut

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tablekeeper/tracker"
)

// reach plays a quick campaign up to the setup of scenario key and sets it
// up with its usual Characters.
func reach(t testing.TB, key string) *tracker.Session {
	t.Helper()
	s, _ := reachStored(t, key)
	return s
}

// reachStored is reach with the store the log is kept in, to reopen it.
func reachStored(t testing.TB, key string) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	s, mem := newGame(t)
	do(t, s, NewCampaign{Players: 2, Roster: roster()})
	path := []struct{ key, epi string }{{"A", "END-B1-1"}, {"B1", "END-C-1"}, {"C", "END-D-1"}, {"D", "END-E1-1"}, {"E1", "END-F1-1"}}
	if key == "B2" {
		path[0].epi = "END-B2-1"
	}
	if key == "E2" || key == "F1" && false {
		path[3].epi = "END-E2-1"
	}
	if key == "F2" {
		path[4].epi = "END-F2-1"
	}
	chars := map[string][]string{"C": {"901", "902", "903", "904"}, "D": {"901", "902", "903", "904"},
		"E1": {"912", "901", "902", "903"}, "E2": {"901", "902", "903"}, "F1": {"901", "902", "903", "904"}, "F2": {"901", "902", "903", "904"}}
	for _, p := range path {
		k := p.key
		if k == "B1" && key == "B2" || k == "E1" && key == "E2" {
			k = key
		}
		if k == key || Letter(k) == Letter(key) {
			break
		}
		do(t, s, StartScenario{Key: k, TimerStart: timerFor(k), Characters: chars[k]})
		finish(t, s, p.epi, Unlock{})
	}
	do(t, s, StartScenario{Key: key, TimerStart: timerFor(key), Characters: chars[key]})
	return s, mem
}

func timerFor(key string) int {
	if key == "C" {
		return 0 // C always starts on 8
	}
	return 5
}

func TestHandSizeAndConstants(t *testing.T) {
	want := map[int]int{0: 0, 1: 10, 2: 7, 3: 6, 4: 5, 5: 4, 6: 0}
	for p, h := range want {
		if got := HandSize(p); got != h {
			t.Errorf("HandSize(%d) = %d, want %d", p, got, h)
		}
	}
	pp := map[string]int{"A": 12, "B": 13, "C": 14, "D": 15, "E": 16}
	if !reflect.DeepEqual(PPConstant, pp) {
		t.Errorf("PP constants %v", PPConstant)
	}
}

func TestNewCampaignValidation(t *testing.T) {
	s, _ := newGame(t)
	refuse(t, s, SetPlayers{Players: 2}, "set up the campaign first")
	for _, p := range []int{0, 6, -1} {
		refuse(t, s, NewCampaign{Players: p, Roster: roster()}, "V1")
	}
	refuse(t, s, NewCampaign{Players: 1, Roster: []RosterEntry{{"901", "E"}}}, "give its name")
	refuse(t, s, NewCampaign{Players: 1, Roster: append(roster(), RosterEntry{"901", "X"})}, "twice")
	refuse(t, s, NewCampaign{Players: 1, Roster: append(roster(), RosterEntry{"91", "X"})}, "not a Character ID")
	do(t, s, NewCampaign{Players: 5, Roster: append(roster(), RosterEntry{"910", "Extra"})})
	if st(s).Char("910") == nil || st(s).Char("910").Status != NotUnlocked {
		t.Fatal("910 added by hand, not unlocked")
	}
	if st(s).Char("907").Name != "Masked Figure 907" || !st(s).Char("907").Masked {
		t.Fatal("masked default name")
	}
	refuse(t, s, NewCampaign{Players: 2, Roster: roster()}, "already")
	do(t, s, SetPlayers{Players: 3})
	if st(s).Players != 3 {
		t.Fatal("players")
	}
}

func TestBuildParagraphWorkedExamples(t *testing.T) {
	cases := []struct{ a, b, want string }{
		{"901", "232", "232-901"}, // Rummage: Eduardo + wrecked car
		{"901", "002", "002-901"}, // Moving On onto Event 002
		{"403", "226", "226-403"}, // Hack on the table
		{"011", "012", "011-012"}, // crafting Scrap Iron + Piece of Wood
		{"012", "011", "011-012"},
		{"901", "904", "901-904"}, // talk
		{"999", "001", "999-001"},
		{"028", "999", "999-028"},
		{"232", "9XX", "232-9XX"},
		{"9XX", "913", "913-9XX"},
		{"9xx", "XXX", "XXX-9XX"},
	}
	for _, c := range cases {
		got, err := BuildParagraph(c.a, c.b)
		if err != nil || got != c.want {
			t.Errorf("BuildParagraph(%s,%s) = %q %v, want %q", c.a, c.b, got, err, c.want)
		}
	}
	for _, bad := range [][2]string{{"901", "901"}, {"9XX", "9XX"}, {"12", "901"}, {"1234", "901"}, {"abc", "901"}, {"", "001"}} {
		if _, err := BuildParagraph(bad[0], bad[1]); err == nil || !strings.Contains(err.Error(), "V23") {
			t.Errorf("BuildParagraph(%q,%q) accepted (%v)", bad[0], bad[1], err)
		}
	}
}

func TestInteractions(t *testing.T) {
	cases := []struct{ kind, a, b, want string }{
		{Rummage, "901", "232", "232-901"},
		{MovingOn, "901", "002", "002-901"},
		{TakeAction, "403", "226", "226-403"},
		{CraftItems, "011", "012", "011-012"},
		{Talk, "904", "901", "901-904"},
		{Start, "", "", "999-001"},
		{Start, "028", "", "999-028"},
		{Death, "903", "", "600-903"},
		{Hit, "271", "", "271 – HIT"},
		{TimerToken, "001", "", "001 – TIMER TOKEN"},
	}
	for _, c := range cases {
		got, err := Interaction(c.kind, c.a, c.b)
		if err != nil || got != c.want {
			t.Errorf("Interaction(%s,%s,%s) = %q %v, want %q", c.kind, c.a, c.b, got, err, c.want)
		}
	}
	// §6.4: an ID that looks like an item's is only a hint, not a refusal.
	if p, err := Interaction(TakeAction, "011", "226"); err != nil || p != "011-226" {
		t.Errorf("Take Action 011 on 226: %q %v", p, err)
	}
	if _, err := Interaction("dance", "901", "902"); err == nil {
		t.Error("unknown interaction accepted")
	}
	if _, err := Interaction(Death, "9", ""); err == nil {
		t.Error("bad death ID accepted")
	}
	got, _ := CandidateParagraphs("901", "232")
	if want := []string{"232-901", "232-9XX", "232 (ANY INTERACTION)"}; !slices.Equal(got, want) {
		t.Errorf("candidates %v", got)
	}
	got, _ = CandidateParagraphs("403", "226")
	if want := []string{"226-403", "226 (ANY INTERACTION)"}; !slices.Equal(got, want) {
		t.Errorf("candidates %v", got)
	}
	kinds := map[string]string{"005": "Event counter", "045": "Item card", "274": "Utility counter", "403": "item action",
		"600": "death paragraph", "731": "Enemy", "755": "Loot counter", "810": "NPC", "905": "Character", "999": "scenario start", "500": "", "9X": ""}
	for id, want := range kinds {
		if got := IDKind(id); got != want {
			t.Errorf("IDKind(%s) = %q, want %q", id, got, want)
		}
	}
}

func TestParagraphHistory(t *testing.T) {
	s := reach(t, "A")
	do(t, s, ReadParagraph{Key: "232-901", Kind: Rummage, By: "Eduardo", Note: "wrecked car"})
	do(t, s, ReadParagraph{Key: "001 – TIMER TOKEN"})
	refuse(t, s, ReadParagraph{Key: "  "}, "which paragraph")
	if got := SearchParagraphs(st(s), "eduardo"); len(got) != 1 || got[0].Key != "232-901" || got[0].Scenario != "A" || got[0].Round != 1 {
		t.Fatalf("search %v", got)
	}
	if got := SearchParagraphs(st(s), ""); len(got) != 2 {
		t.Fatalf("all %v", got)
	}
	if got := SearchParagraphs(st(s), "timer"); len(got) != 1 {
		t.Fatalf("timer %v", got)
	}
	refuse(t, s, TouchSnow{Char: "901"}, "R-01")
	do(t, s, SetSnowParagraph{Key: "101-201"})
	do(t, s, TouchSnow{Char: "901"})
	if r := st(s).Reminders; len(r) != 1 || !strings.Contains(r[0], "101-201") {
		t.Fatalf("snow reminder %v", r)
	}
}

// The rulebook's Sofia example: Science 1 on her card + 2 icons from the
// Take a Break cards on her board = 3; discarding 1 matching card → 4.
func TestSofiaSkillTest(t *testing.T) {
	before, _ := SkillValue(1, 2, nil)
	after, err := SkillValue(1, 2, []int{1})
	if before != 3 || after != 4 || err != nil {
		t.Fatalf("Sofia: %d then %d (%v)", before, after, err)
	}
	if _, err := SkillValue(1, 2, []int{0}); err == nil {
		t.Error("a card with no matching icon was discarded")
	}
	if _, err := SkillValue(-1, 0, nil); err == nil {
		t.Error("negative base accepted")
	}
	if CombinedSkill(3, 2) != 5 {
		t.Error("combined")
	}
	c := &Character{Skills: []SkillCounter{{"SK-01", "Science"}, {"SK-07", ""}}}
	if SkillIcons(c, "Science") != 1 || SkillIcons(c, "Agility") != 0 {
		t.Error("skill icons")
	}
}

func TestAttack(t *testing.T) {
	cases := []struct {
		name string
		in   AttackInput
		want []int
		ammo int
		err  string
	}{
		{"melee axe 3 cubes", AttackInput{MaxCubes: 3, Cubes: 3, Damages: []int{4, 1, 1}}, []int{4, 1, 1}, 0, ""},
		{"single value every cube", AttackInput{MaxCubes: 3, Cubes: 2, Damages: []int{2}}, []int{2, 2}, 0, ""},
		{"fewer cubes than values", AttackInput{MaxCubes: 3, Cubes: 1, Damages: []int{4, 1, 1}}, []int{4}, 0, ""},
		{"ranged spends exactly 1", AttackInput{Ranged: true, Ammo: 3, MaxCubes: 2, Cubes: 2, Damages: []int{3}}, []int{3, 3}, 1, ""},
		{"ranged without ammo", AttackInput{Ranged: true, MaxCubes: 2, Cubes: 1, Damages: []int{3}}, nil, 0, "V6"},
		{"agility extra cube lowest", AttackInput{MaxCubes: 2, Cubes: 2, Damages: []int{4, 2}, Agility: 1, AgilityNeeded: 1}, []int{4, 2, 2}, 0, ""},
		{"agility extra cube chosen", AttackInput{MaxCubes: 2, Cubes: 2, Damages: []int{4, 2}, Agility: 2, AgilityNeeded: 1, ExtraCubeDamage: 4}, []int{4, 2, 4}, 0, ""},
		{"agility not reached", AttackInput{MaxCubes: 2, Cubes: 1, Damages: []int{4}, Agility: 0, AgilityNeeded: 1}, []int{4}, 0, ""},
		{"fighting +2 each", AttackInput{MaxCubes: 2, Cubes: 2, Damages: []int{3, 1}, Fighting: 2, FightingNeeded: 2}, []int{5, 3}, 0, ""},
		{"reduced floored", AttackInput{Ranged: true, Ammo: 1, MaxCubes: 2, Cubes: 2, Damages: []int{3}, Reduced: true, Ranges: []int{1, 5}}, []int{2, 0}, 1, ""},
		{"too many cubes", AttackInput{MaxCubes: 2, Cubes: 3, Damages: []int{1}}, nil, 0, "Combat cubes"},
		{"no damage values", AttackInput{MaxCubes: 2, Cubes: 1}, nil, 0, "damage values"},
	}
	for _, c := range cases {
		r, err := Attack(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: err %v, want %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || !slices.Equal(r.Damage, c.want) || r.AmmoSpent != c.ammo {
			t.Errorf("%s: %+v %v, want %v ammo %d", c.name, r, err, c.want, c.ammo)
		}
	}
}

// The rulebook's Take a Break example: a board can reach 4 cards during T3
// and fall back below 4 before T4, so no end of round.
func TestTakeABreakAndEndOfRoundCheck(t *testing.T) {
	s := reach(t, "A")
	for range 3 {
		do(t, s, AddPenalty{Char: "903", Kind: Fatigue})
	}
	do(t, s, PlayCard{Char: "903", Card: "Take a Break"})
	if ch(s, "903").BoardCount() != 4 || !EndOfRoundDue(st(s)) {
		t.Fatal("the board should hold 4 cards during T3")
	}
	do(t, s, TakeABreak{Char: "903"})
	e := do(t, s, EndTurn{})
	if strings.Contains(said(s, e), "End of round") || st(s).Scenario.Timer != 5 {
		t.Fatalf("end of round triggered: %s", said(s, e))
	}
	// Without the break the round ends.
	for range 3 {
		do(t, s, AddPenalty{Char: "903", Kind: Fatigue})
	}
	do(t, s, PlayCard{Char: "901"})
	e = do(t, s, EndTurn{})
	if !strings.Contains(said(s, e), "End of round 1") || st(s).Scenario.Timer != 4 {
		t.Fatalf("no end of round: %s", said(s, e))
	}
	// Penalty cards stay: 3 Fatigue + 1 card ends every turn.
	do(t, s, AddPenalty{Char: "903", Kind: Fatigue})
	e = playTurn(t, s, "901")
	if !strings.Contains(said(s, e), "End of round 2") {
		t.Fatalf("4 Fatigue should end the round every turn: %s", said(s, e))
	}
	refuse(t, s, TakeABreak{Char: "902"}, "no Fatigue")
	refuse(t, s, EndTurn{}, "must play 1 Action card")
}

func TestTurnSteps(t *testing.T) {
	s := reach(t, "A")
	refuse(t, s, SetFirstPlayer{Player: 3}, "player 1 to 2")
	do(t, s, SetFirstPlayer{Player: 2}, SetFirstPlayer{Player: 1})
	do(t, s, ExchangeCards{Fatigue: "901"}) // the rulebook's exchange example: Eduardo gets the Fatigue
	if ch(s, "901").Penalties.Fatigue != 1 {
		t.Fatal("exchange fatigue")
	}
	refuse(t, s, ExchangeCards{Fatigue: "901"}, "once per turn")
	do(t, s, PlayCard{Char: "902"})
	refuse(t, s, PlayCard{Char: "902"}, "already played")
	e := do(t, s, EndTurn{})
	if st(s).Scenario.Active != 2 || !strings.Contains(said(s, e), "Player 2's turn") {
		t.Fatalf("next player: %s", said(s, e))
	}
	do(t, s, PlayCard{Char: "901"})
	refuse(t, s, ExchangeCards{Fatigue: "901"}, "before the Action card")
	refuse(t, s, SetFirstPlayer{Player: 2}, "never passed")
	do(t, s, EndTurn{})
	if st(s).Scenario.Active != 1 || st(s).Scenario.Turn != 3 {
		t.Fatalf("wrap to player 1: %+v", st(s).Scenario.Active)
	}
}

func TestEndOfRoundAlgorithm(t *testing.T) {
	s := reach(t, "C") // Timer 8, 2 players, 4 boards with 1 cube each
	sc := st(s).Scenario
	if sc.Timer != TimerStartC || sc.Round() != 1 {
		t.Fatalf("C timer %d", sc.Timer)
	}
	do(t, s, PlaceEvent{ID: "003", Space: 7}, PlaceEvent{ID: "001", Space: 7}, PlaceEvent{ID: "002", Space: 6})
	e := do(t, s, PlaceEvent{ID: "004", Space: 0})
	if !strings.Contains(said(s, e), "ignored") || len(st(s).Scenario.Events[0]) != 0 {
		t.Fatal("V20: event on the clock must be ignored")
	}
	do(t, s, AddPenalty{Char: "903", Kind: HeavyWound})
	do(t, s, CorrectDiary{Section: "C", Char: "903", Field: "pa", Value: ""})
	// Give 904 a flip PA face down to see E5.
	st(s).Char("904").PA = &Ability{ID: "PA-904", FaceDown: true}
	do(t, s, ChangeSettings{Settings: func() Settings { x := DefaultSettings(); return x }()})
	for range 3 {
		do(t, s, AddPenalty{Char: "902", Kind: Fatigue})
	}
	do(t, s, PlayCard{Char: "902"})
	e = do(t, s, EndTurn{})
	text := said(s, e)
	sc = st(s).Scenario
	if ch(s, "903").LP != 8 {
		t.Fatalf("Heavy Wound damage: %d", ch(s, "903").LP)
	}
	if sc.Timer != 7 || sc.Round() != 2 {
		t.Fatalf("timer %d", sc.Timer)
	}
	track := TimerTrack(sc, st(s).Settings.TimerMax)
	if len(track) != 21 || !track[0].Clock || !track[7].Token || !slices.Equal(track[7].Events, []string{"003", "001"}) || track[8].Token {
		t.Fatalf("track %+v", track[:9])
	}
	if TimerTrack(nil, 20) != nil {
		t.Fatal("no scenario, no track")
	}
	r := st(s).Reminders
	want := []string{"First Player reads paragraph 003 – TIMER TOKEN", "First Player reads paragraph 001 – TIMER TOKEN", "Reveal a Menace card: resolve the section for 7"}
	if !slices.Equal(r, want) {
		t.Fatalf("reminders %q", r)
	}
	if sc.Active != sc.FirstPlayer || ch(s, "902").ActionCards != 0 || ch(s, "902").Penalties.Fatigue != 3 {
		t.Fatalf("after the round: active %d cards %d", sc.Active, ch(s, "902").ActionCards)
	}
	i1, i2 := strings.Index(text, "Heavy Wound"), strings.Index(text, "Timer 8 → 7")
	if i1 < 0 || i2 < 0 || i1 > i2 {
		t.Fatalf("order: %s", text)
	}
}

func TestAbilityRefreshAndFlip(t *testing.T) {
	s := reach(t, "E1")
	// 912 holds PA-912-A (flip type); GA-01 bought? buy none; add via correction.
	do(t, s, FlipAbility{Char: "912"})
	refuse(t, s, FlipAbility{Char: "912"}, "V27")
	refuse(t, s, FlipAbility{GA: "GA-01"}, "does not own")
	for range 4 {
		do(t, s, AddPenalty{Char: "901", Kind: Fatigue})
	}
	playTurn(t, s, "902")
	if ch(s, "912").PA.FaceDown {
		t.Fatal("E5: the PA is face up again")
	}
}

func TestClockEndsScenario(t *testing.T) {
	s := reach(t, "B1")
	do(t, s, SetTimer{Value: 1})
	for range 4 {
		do(t, s, AddPenalty{Char: "901", Kind: Fatigue})
	}
	e := playTurn(t, s, "902")
	if st(s).Phase != PhaseEnding || st(s).End.Step != StepObjectives || !st(s).End.Clock {
		t.Fatalf("clock: phase %s", st(s).Phase)
	}
	if strings.Contains(strings.Join(st(s).Reminders, " "), "Menace") || !strings.Contains(said(s, e), "clock") {
		t.Fatalf("no Menace card after the clock: %v", st(s).Reminders)
	}
	refuse(t, s, PlayCard{Char: "901"}, "no scenario is being played")
}

func TestTimerValidation(t *testing.T) {
	s := newCampaign(t)
	refuse(t, s, StartScenario{Key: "A"}, "V19")
	refuse(t, s, StartScenario{Key: "A", TimerStart: 21}, "V19")
	refuse(t, s, StartScenario{Key: "A", TimerStart: 5, Side: "back"}, "front side")
	refuse(t, s, StartScenario{Key: "A", TimerStart: 5, FirstPlayer: 3}, "First Player")
	refuse(t, s, StartScenario{Key: "Z", TimerStart: 5}, "not a scenario")
	refuse(t, s, StartScenario{Key: "B1", TimerStart: 5}, "V22")
	do(t, s, StartScenario{Key: "A", TimerStart: 5, FirstPlayer: 2})
	refuse(t, s, SetTimer{Value: -1}, "V19")
	refuse(t, s, SetTimer{Value: 21}, "V19")
	refuse(t, s, SetTimer{Value: 0}, "confirm")
	do(t, s, PlaceEvent{ID: "002", Space: 3})
	refuse(t, s, PlaceEvent{ID: "011", Space: 3}, "Event counter")
	do(t, s, SetTimer{Value: 3})
	if len(st(s).Reminders) != 0 {
		t.Fatal("manual move reads no Event counter by default")
	}
	do(t, s, SetTimer{Value: 4}, SetTimer{Value: 3, TriggerEvents: true})
	if r := st(s).Reminders; len(r) != 1 || !strings.Contains(r[0], "002 – TIMER TOKEN") {
		t.Fatalf("triggered %v", r)
	}
	do(t, s, RemoveEvent{ID: "002", Space: 3})
	refuse(t, s, RemoveEvent{ID: "002", Space: 3}, "not on Timer space")
	do(t, s, SetTimer{Value: 0, ConfirmEnd: true})
	if st(s).Phase != PhaseEnding {
		t.Fatal("timer 0 by hand ends the scenario")
	}
	// C's Timer is 8.
	s = reach(t, "B1")
	finish(t, s, "END-C-1", Unlock{})
	refuse(t, s, StartScenario{Key: "C", TimerStart: 6, Characters: []string{"901", "902", "903", "904"}}, "space 8")
}

func TestLifeRules(t *testing.T) {
	s := reach(t, "A")
	refuse(t, s, Damage{Char: "901", N: 2}, "V4")
	refuse(t, s, Heal{Char: "901", N: 2}, "V4")
	refuse(t, s, GainAmmo{Char: "901", N: 1}, "no ammo")
	s = reach(t, "B1")
	do(t, s, Damage{Char: "901", N: 3})
	if ch(s, "901").LP != 7 {
		t.Fatal("damage")
	}
	e := do(t, s, Heal{Char: "901", N: 5})
	if ch(s, "901").LP != 10 || !strings.Contains(said(s, e), "lost") {
		t.Fatalf("heal cap: %d %s", ch(s, "901").LP, said(s, e))
	}
	refuse(t, s, Damage{Char: "901", N: 0}, "at least 1")
	do(t, s, GainItem{Char: "902", Item: "020"}, GainAmmo{Char: "902", N: 2})
	e = do(t, s, Damage{Char: "902", N: 15})
	c := ch(s, "902")
	if c.Status != Dead || c.LP != 0 || len(c.Items) != 0 || c.Ammo != 0 {
		t.Fatalf("death: %+v", c)
	}
	if r := st(s).Reminders; len(r) == 0 || r[0] != "Read paragraph 600-902" {
		t.Fatalf("death prompt %v", r)
	}
	if p := st(s).Scenario.DropPiles; len(p) != 1 || !slices.Equal(p[0].Items, []string{"020"}) {
		t.Fatalf("drop pile %+v", p)
	}
	if !strings.Contains(said(s, e), "ammo goes back to the general reserve") {
		t.Fatalf("dead ammo: %s", said(s, e))
	}
	refuse(t, s, Heal{Char: "902", N: 1}, "V3")
	refuse(t, s, Damage{Char: "902", N: 1}, "V3")
	if !st(s).Section("B").Row("902").Skull {
		t.Fatal("skull in the diary")
	}
	do(t, s, CorrectCharacter{Char: "901", Field: "lp", Value: 14})
	if ch(s, "901").LP != 10 {
		t.Fatal("V2 clamp high")
	}
	do(t, s, CorrectCharacter{Char: "901", Field: "lp", Value: -3})
	if ch(s, "901").Status != Dead {
		t.Fatal("V2 clamp low kills")
	}
}

func TestAmmoRules(t *testing.T) {
	s := reach(t, "B1")
	e := do(t, s, GainAmmo{Char: "901", N: 7})
	if ch(s, "901").Ammo != 5 || !strings.Contains(said(s, e), "2 above the cap") {
		t.Fatalf("V5: %d %s", ch(s, "901").Ammo, said(s, e))
	}
	refuse(t, s, GainAmmo{Char: "901", N: -1}, "at least 1")
	refuse(t, s, LoseAmmo{Char: "901", N: 6}, "V5")
	refuse(t, s, RangedAttack{Char: "902"}, "V6")
	do(t, s, RangedAttack{Char: "901"})
	if ch(s, "901").Ammo != 4 {
		t.Fatal("1 ammo per attack")
	}
	do(t, s, GainAmmo{Char: "902", N: 4})
	e = do(t, s, Trade{From: "902", To: "901", Ammo: 3})
	if ch(s, "901").Ammo != 5 || ch(s, "902").Ammo != 1 || !strings.Contains(said(s, e), "general reserve") {
		t.Fatalf("trade ammo cap: %d %d %s", ch(s, "901").Ammo, ch(s, "902").Ammo, said(s, e))
	}
	refuse(t, s, Trade{From: "902", To: "901", Ammo: 5}, "V5")
	refuse(t, s, CorrectCharacter{Char: "901", Field: "ammo", Value: -1}, "V5")
}

func TestPenaltyRules(t *testing.T) {
	s := reach(t, "B1")
	refuse(t, s, AddPenalty{Char: "901", Kind: HeavyWound}, "Scenario C")
	refuse(t, s, AddPenalty{Char: "901", Kind: Madness}, "Scenario D")
	refuse(t, s, AddPenalty{Char: "901", Kind: "flu"}, "not a penalty")
	s = reach(t, "D")
	do(t, s, AddPenalty{Char: "901", Kind: HeavyWound})
	e := do(t, s, AddPenalty{Char: "901", Kind: HeavyWound})
	c := ch(s, "901")
	if !c.Penalties.HeavyWound || c.Penalties.Count() != 1 || c.LP != 8 || !strings.Contains(said(s, e), "becomes 2 damage") {
		t.Fatalf("V10: %+v %s", c, said(s, e))
	}
	do(t, s, AddPenalty{Char: "902", Kind: Madness})
	e = do(t, s, AddPenalty{Char: "902", Kind: Madness})
	if ch(s, "902").LP != 10 || !strings.Contains(said(s, e), "ignored") {
		t.Fatalf("V11 ignore: %s", said(s, e))
	}
	do(t, s, AddPenalty{Char: "902", Kind: Madness, FromFog: true})
	if ch(s, "902").LP != 9 {
		t.Fatal("V11 fog: 1 damage")
	}
	do(t, s, AddPenalty{Char: "901", Kind: Fatigue}, AddPenalty{Char: "901", Kind: Fatigue})
	do(t, s, TakeABreak{Char: "901"})
	c = ch(s, "901")
	if c.Penalties.Fatigue != 0 || !c.Penalties.HeavyWound {
		t.Fatal("V12: Take a Break removes only Fatigue")
	}
	do(t, s, TakeCare{Char: "901"})
	refuse(t, s, TakeCare{Char: "901"}, "V12")
	do(t, s, RemovePenalty{Char: "902", Kind: Madness})
	refuse(t, s, RemovePenalty{Char: "902", Kind: Madness}, "not Mad")
	// Madness is cleared at the end of D.
	do(t, s, AddPenalty{Char: "903", Kind: Madness})
	finish(t, s, "END-E2-1", Unlock{})
	if ch(s, "903").Penalties.Madness || st(s).Section("D").Row("903").Penalties.Madness {
		t.Fatal("Madness must be cleared at the end of D")
	}
}

func TestPickForMadness(t *testing.T) {
	s := reach(t, "D")
	refuse(t, s, PickForMadness{Char: "901", Hand: 5}, "not Mad")
	do(t, s, AddPenalty{Char: "901", Kind: Madness})
	e := do(t, s, PickForMadness{Char: "901", Hand: 5})
	if len(e.Draws) != 1 || e.Draws[0].N != 5 {
		t.Fatalf("draws %+v", e.Draws)
	}
	// Undo then redo gives the same card, and asking again after an undo
	// draws the same number: undo is never a re-roll.
	before := said(s, e)
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Redo(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	again := do(t, s, PickForMadness{Char: "901", Hand: 5})
	if said(s, again) != before || again.Draws[0].Value != e.Draws[0].Value {
		t.Fatalf("re-roll: %s vs %s", said(s, again), before)
	}
	refuse(t, s, PickForMadness{Char: "901", Hand: 0}, "at least 1")
}

func TestItemRules(t *testing.T) {
	s := reach(t, "B1")
	for _, it := range []string{"020", "021", "022"} {
		do(t, s, GainItem{Char: "903", Item: it})
	}
	do(t, s, GainItem{Char: "903", Item: "023"})
	refuse(t, s, GainItem{Char: "903", Item: "024"}, "V8")
	do(t, s, GainItem{Char: "903", Item: "024", Drop: []string{"020"}, Where: "hall"})
	p := st(s).Scenario.DropPiles
	if len(p) != 1 || p[0].Letter != "A" || p[0].Where != "hall" {
		t.Fatalf("pile %+v", p)
	}
	do(t, s, PickUp{Char: "901", Pile: "A", Items: []string{"020"}})
	if len(st(s).Scenario.DropPiles) != 0 {
		t.Fatal("an empty pile is removed")
	}
	refuse(t, s, GainItem{Char: "903", Item: "7"}, "not an item ID")
	// Bags (§7.7.4): contents do not count; only one Bag with items.
	do(t, s, SetBag{Char: "903", Bag: "021"}, BagStore{Char: "903", Items: []string{"022", "023"}})
	do(t, s, GainItem{Char: "903", Item: "025"}, GainItem{Char: "903", Item: "026"})
	if c := ch(s, "903"); len(c.Items) != 4 || len(c.BagItems) != 2 {
		t.Fatalf("bag capacity: %+v", c)
	}
	refuse(t, s, SetBag{Char: "903", Bag: "025"}, "V9")
	refuse(t, s, BagStore{Char: "903", Items: []string{"021"}}, "inside itself")
	refuse(t, s, BagTake{Char: "903", Items: []string{"022"}}, "V8")
	do(t, s, BagTake{Char: "903", Items: []string{"022"}, Drop: []string{"025"}})
	// Crafting (V24).
	refuse(t, s, Craft{Char: "903", A: "022", B: "022"}, "V24")
	refuse(t, s, Craft{Char: "903", A: "022", B: "099"}, "V24")
	do(t, s, Craft{Char: "903", A: "026", B: "022"})
	// Trades move a Bag with its contents.
	do(t, s, Trade{From: "903", To: "904", Give: []string{"021"}})
	if c := ch(s, "904"); c.Bag != "021" || len(c.BagItems) != 1 || ch(s, "903").Bag != "" {
		t.Fatalf("bag trade: %+v", c)
	}
	refuse(t, s, Trade{From: "903", To: "903", Give: []string{"022"}}, "two different")
	refuse(t, s, Trade{From: "903", To: "904"}, "moves nothing")
	do(t, s, DiscardItem{Char: "903", Item: "022"})
	refuse(t, s, DiscardItem{Char: "903", Item: "022"}, "does not hold")
	// Capacity grows with skill counters (§7.7.1).
	c := &Character{Skills: []SkillCounter{{ID: "SK-01"}, {ID: "SK-08"}}}
	if c.Capacity() != 7 {
		t.Fatalf("capacity %d", c.Capacity())
	}
	c.Skills = []SkillCounter{{ID: "SK-07"}, {ID: "SK-09"}}
	if c.Capacity() != 8 {
		t.Fatalf("max capacity %d", c.Capacity())
	}
}

func TestDropPileLetters(t *testing.T) {
	s := reach(t, "B1")
	for i, it := range []string{"020", "021", "022", "023", "024"} {
		do(t, s, GainItem{Char: "901", Item: it})
		e := do(t, s, DropItems{Char: "901", Items: []string{it}})
		if i == 4 && !strings.Contains(said(s, e), "warning") {
			t.Fatalf("5th pile: %s", said(s, e))
		}
	}
	do(t, s, GainItem{Char: "901", Item: "030"}, DropItems{Char: "901", Items: []string{"030"}, Pile: "B"})
	if p := st(s).Scenario.pile("B"); !slices.Equal(p.Items, []string{"021", "030"}) {
		t.Fatalf("pile B %v", p.Items)
	}
	refuse(t, s, DropItems{Char: "901"}, "name the items")
}

func TestCubes(t *testing.T) {
	// B: no cubes until R-02; then 4 dealt; Survivors move in ID order.
	s := reach(t, "B1")
	refuse(t, s, MoveCube{From: "901"}, "not in play")
	do(t, s, RevealR02{})
	refuse(t, s, RevealR02{}, "already")
	for _, c := range st(s).InPlay() {
		if c.Cubes != 1 {
			t.Fatalf("deal 1/1/1/1: %s %d", c.ID, c.Cubes)
		}
	}
	do(t, s, RevealFigure{ID: "703", Kind: "enemy", MaxLP: 3}, RevealFigure{ID: "701", Kind: "enemy", MaxLP: 3})
	do(t, s, SetAlert{State: AlertGreen}) // off the Menace deck, so the activation draws a card
	do(t, s, AddPenalty{Char: "901", Kind: Fatigue}, AddPenalty{Char: "902", Kind: Fatigue}, ExchangeCards{Fatigue: "903"})
	if st(s).Scenario.CubesOnTarget != 3 {
		t.Fatalf("cubes on target %d", st(s).Scenario.CubesOnTarget)
	}
	do(t, s, PlayCard{Char: "901"}) // no cube left on 901: nothing moves
	refuse(t, s, MoveCube{From: "901"}, "V25")
	do(t, s, MoveCube{From: "904"})
	e := do(t, s, EndTurn{})
	if r := st(s).Reminders; len(r) == 0 || !strings.Contains(r[0], "701, 703") {
		t.Fatalf("Survivors order %v / %s", r, said(s, e))
	}
	if st(s).Scenario.CubesOnTarget != 0 {
		t.Fatal("re-dealt after the Survivors (setting)")
	}
	// C with 3 boards: 2/1/1; a death moves the cubes (C5).
	s = reach(t, "C")
	do(t, s, Kill{Char: "904"})
	if n := ch(s, "901").Cubes + ch(s, "902").Cubes + ch(s, "903").Cubes; n != 4 || ch(s, "904").Cubes != 0 {
		t.Fatalf("C5: %d", n)
	}
	do(t, s, DealCubes{})
	if ch(s, "901").Cubes != 2 || ch(s, "902").Cubes != 1 {
		t.Fatal("3 boards: 2/1/1")
	}
	refuse(t, s, DealCubes{Split: []int{2, 2, 1}}, "V25")
	refuse(t, s, DealCubes{Split: []int{4, 0, 0}}, "at least 1")
	do(t, s, DealCubes{Split: []int{1, 1, 2}})
	do(t, s, MoveCubes{From: "903", To: "901", N: 1})
	refuse(t, s, MoveCubes{From: "903", To: "901", N: 2}, "V25")
	// A second Heavy Wound places no card and moves no cube.
	do(t, s, AddPenalty{Char: "902", Kind: HeavyWound})
	before := st(s).Scenario.CubesOnTarget
	do(t, s, AddPenalty{Char: "902", Kind: HeavyWound})
	if st(s).Scenario.CubesOnTarget != before {
		t.Fatal("a penalty turned into damage moved a cube")
	}
	// Alien activation at 4 cubes, from the leftmost module.
	do(t, s, SetAliensOnMap{Module: 1, OnMap: 1})
	refuse(t, s, SetCubes{OnTarget: 3}, "V25")
	refuse(t, s, SetCubes{Boards: map[string]int{"901": -1}, OnTarget: 5}, "V25")
	do(t, s, SetCubes{OnTarget: 4})
	do(t, s, PlayCard{Char: "901"})
	do(t, s, EndTurn{})
	acts := st(s).Scenario.Activations
	last := acts[len(acts)-2]
	if !strings.Contains(last.What, "Cascarudo") || !strings.Contains(last.Trace, "§5.8") {
		t.Fatalf("activation record %+v", last)
	}
	if st(s).Scenario.CubesOnTarget != 0 || ch(s, "901").Cubes+ch(s, "902").Cubes+ch(s, "903").Cubes != 4 {
		t.Fatal("re-dealt after the aliens")
	}
	refuse(t, s, OverrideActivation{Instead: "moved it left"}, "why")
	e = do(t, s, OverrideActivation{Instead: "the Cascarudo moved left", Reason: "tie chosen by the players"})
	if !strings.Contains(said(s, e), "overrode") {
		t.Fatal(said(s, e))
	}
	// F: none until the light-blue deck is gone.
	s = reach(t, "F1")
	if st(s).Scenario.CubesActive {
		t.Fatal("F starts without cubes")
	}
	do(t, s, SwitchMenaceDeck{})
	if !st(s).Scenario.CubesActive || st(s).Scenario.MenaceDeck != MenaceRed {
		t.Fatal("red deck")
	}
	refuse(t, s, SwitchMenaceDeck{}, "only in F, once")
}

func TestMenaceActivation(t *testing.T) {
	s := reach(t, "E1")
	do(t, s, SetAliensOnMap{Module: 1, OnMap: 2}, SetAliensOnMap{Module: 2, OnMap: 1})
	e := do(t, s, MenaceActivation{Module: 2})
	if tr := Trace(e); !strings.Contains(tr, "§5.8") || !strings.Contains(tr, "Mano") {
		t.Fatalf("the event carries the trace: %q", tr)
	}
	r := st(s).Reminders
	if len(r) != 2 || !strings.Contains(r[0], "Mano") || !strings.Contains(r[1], "Human Robot") {
		t.Fatalf("order from the named deck: %v", r)
	}
	refuse(t, s, MenaceActivation{Module: 3}, "no alien module 3")
	refuse(t, s, SetAliensOnMap{Module: 1, OnMap: -1}, "negative")
}

func TestAlert(t *testing.T) {
	s := reach(t, "B2")
	if st(s).Scenario.Alert != AlertOnDeck {
		t.Fatal("B starts with the Alert on the deck")
	}
	for range 4 {
		do(t, s, AddPenalty{Char: "901", Kind: Fatigue})
	}
	playTurn(t, s, "902")
	if r := st(s).Reminders; slices.ContainsFunc(r, func(x string) bool { return strings.Contains(x, "Menace") }) {
		t.Fatalf("no Menace card while the Alert is on the deck: %v", r)
	}
	do(t, s, SetAlert{State: AlertRed})
	playTurn(t, s, "902")
	if r := st(s).Reminders; !slices.Contains(r, fmt.Sprintf("Reveal a Menace card: resolve the section for %d in its red part (the Alert counter's colour)", st(s).Scenario.Timer)) {
		t.Fatalf("red section: %v", r)
	}
	refuse(t, s, SetAlert{State: "blue"}, "Alert counter is")
	s = reach(t, "C")
	refuse(t, s, SetAlert{State: AlertRed}, "V26")
}

func TestSelectionRules(t *testing.T) {
	s := reach(t, "B1")
	finish(t, s, "END-C-1", Unlock{NPC905: true, NPC906: true})
	refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904", "906"}}, "V21")
	refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}}, "S3")
	refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "907"}}, "Masked")
	refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "901", "903", "904"}}, "twice")
	refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "905", "999"}}, "no Character")
	refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "905", "906"}, Boards: []string{"red"}}, "colours")
	// 905 without 902 is allowed.
	do(t, s, StartScenario{Key: "C", Characters: []string{"901", "903", "904", "905"}})
	if !st(s).Section("C").Row("905").Played || st(s).Section("C").Row("902") != nil {
		t.Fatal("Played box at setup")
	}
	do(t, s, Kill{Char: "903"})
	finish(t, s, "END-D-1", Unlock{})
	// 902 did not play: reset to 10, penalties cleared, row written.
	if r := st(s).Section("C").Row("902"); r == nil || r.Played || r.LP != 10 {
		t.Fatalf("not played row %+v", r)
	}
	// D: Masked Figures join and may fill slots; 903 is dead.
	refuse(t, s, StartScenario{Key: "D", TimerStart: 5, Characters: []string{"901", "903", "904", "905"}}, "dead")
	do(t, s, StartScenario{Key: "D", TimerStart: 5, Characters: []string{"902", "905", "907", "908"}})
}

func TestE1AndE2Setup(t *testing.T) {
	s := reach(t, "D")
	finish(t, s, "END-E1-1", Unlock{})
	refuse(t, s, StartScenario{Key: "E1", TimerStart: 5, Side: "front", Characters: []string{"912", "901", "902", "903"}}, "back side")
	// 912 takes at most 3 items at setup (the reserve here is empty, so
	// give it items through a corrected reserve).
	do(t, s, CorrectDiary{Section: "D", Field: "itemReserve", Value: "020, 021, 022, 023"})
	refuse(t, s, StartScenario{Key: "E1", TimerStart: 5, Characters: []string{"912", "901", "902", "903"},
		Items: map[string][]string{"912": {"020", "021", "022", "023"}}}, "at most 3")
	refuse(t, s, StartScenario{Key: "E1", TimerStart: 5, Characters: []string{"912", "901", "902", "903"},
		Items: map[string][]string{"912": {"020", "020"}}}, "not in the Item reserve")
	do(t, s, StartScenario{Key: "E1", TimerStart: 5, Characters: []string{"912", "901", "902", "903"},
		Items: map[string][]string{"912": {"020", "021", "022"}}})
	if sc := st(s).Scenario; !slices.Equal(sc.TruckItems, []string{"023"}) {
		t.Fatalf("truck %v", sc.TruckItems)
	}
	if n := st(s).Section("E").Notes; len(n) != 1 || !strings.Contains(n[0], "023") {
		t.Fatalf("truck note %v", n)
	}
	// In play 912 uses the normal capacity.
	do(t, s, GainItem{Char: "912", Item: "030"})

	s = reach(t, "E2")
	if c := ch(s, "911"); c.Status != Alive || !c.AwaitsReveal {
		t.Fatalf("911 awaits: %+v", c)
	}
	if len(st(s).InPlay()) != 3 {
		t.Fatal("E2 plays 3")
	}
	do(t, s, JoinCharacter{ID: "911", Board: "grey"})
	if c := ch(s, "911"); !c.InPlay || c.PA == nil || c.PA.ID != "PA-911" {
		t.Fatalf("911 revealed %+v", c)
	}
	refuse(t, s, JoinCharacter{ID: "904"}, "V30")
}

func TestE2ChoosesThree(t *testing.T) {
	s := reach(t, "D")
	finish(t, s, "END-E2-1", Unlock{})
	refuse(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902", "903", "904"}}, "V21")
	refuse(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902"}}, "choose 3")
	refuse(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902", "911"}}, "reveals it")
	do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "907", "908"}})
}

func TestPurchasePoints(t *testing.T) {
	cases := []struct {
		checks, crosses, prev, base, avail int
	}{
		{5, 1, 0, 8, 8},    // 12 − 4
		{1, 3, 0, 12, 12},  // score 0
		{14, 0, 0, 0, 0},   // clamp: score 14 > 12
		{20, 0, 3, 0, 3},   // saved points stay
		{4, 0, 2, 8, 10},   // 12 − 4 + 2 (prev is ignored after A: no section before A)
		{0, 0, 0, 12, 12},  // nothing marked
		{13, 1, 0, 0, 0},   // exactly the constant
		{11, 0, 5, 1, 1},   // A has no previous section
		{3, 3, 0, 12, 12},  // ✓ and ✗ cancel
		{2, 10, 0, 12, 12}, // negative score written as 0
	}
	for _, c := range cases {
		s := reach(t, "A")
		do(t, s, MarkPlot{N: max(c.checks, 1)})
		if c.checks == 0 {
			do(t, s, CorrectDiary{Section: "A", Field: "checks", Value: "0"})
		}
		if c.crosses > 0 {
			do(t, s, MarkPlot{Cross: true, N: c.crosses})
		}
		do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-B2-1"}, RecordSpecialQuests{}, Unlock{})
		a := st(s).Section("A")
		want := c.base
		if c.prev > 0 && c.avail != c.base {
			want = c.base
		}
		if a.BasePP != want || a.AvailablePP != want || a.Score != Score(c.checks, c.crosses) {
			t.Errorf("✓%d ✗%d: base %d avail %d score %d", c.checks, c.crosses, a.BasePP, a.AvailablePP, a.Score)
		}
	}
	// With a previous section: B's points = 13 − score + A's remaining.
	s := reach(t, "A")
	do(t, s, MarkPlot{N: 2})
	finish(t, s, "END-B1-1", Unlock{}, Buy{Kind: "SAC", Name: "X", Remove: "Rummage"})
	if st(s).Section("A").RemainingPP != 8 {
		t.Fatalf("A remaining %d", st(s).Section("A").RemainingPP)
	}
	do(t, s, StartScenario{Key: "B1", TimerStart: 5}, MarkPlot{N: 3}, MarkPlot{Cross: true, N: 1})
	do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-C-1"}, RecordSpecialQuests{}, Unlock{})
	if b := st(s).Section("B"); b.BasePP != 11 || b.AvailablePP != 19 {
		t.Fatalf("B: base %d available %d", b.BasePP, b.AvailablePP)
	}
}

func TestPurchasePointsTable(t *testing.T) {
	cases := []struct {
		letter          string
		score, leftover int
		base, avail     int
		clamped         bool
	}{
		{"A", 0, 0, 12, 12, false},
		{"A", 5, 0, 7, 7, false},
		{"B", 4, 3, 9, 12, false},
		{"C", 14, 2, 0, 2, false},
		{"C", 15, 2, 0, 2, true},
		{"D", 6, 0, 9, 9, false},
		{"D", 20, 5, 0, 5, true},
		{"E", 3, 1, 13, 14, false},
		{"E", 16, 0, 0, 0, false},
	}
	for _, c := range cases {
		b, a, cl := PurchasePoints(c.letter, c.score, c.leftover)
		if b != c.base || a != c.avail || cl != c.clamped {
			t.Errorf("PP(%s, score %d, left %d) = %d/%d/%v, want %d/%d/%v", c.letter, c.score, c.leftover, b, a, cl, c.base, c.avail, c.clamped)
		}
	}
	costs := map[string]int{"SAC": 2, "SK": 3, "PA": 4, "GA": 5}
	for k, v := range costs {
		if (map[string]int{"SAC": CostSAC, "SK": CostSK, "PA": CostPA, "GA": CostGA})[k] != v {
			t.Errorf("cost of %s", k)
		}
	}
}

func TestShopRules(t *testing.T) {
	s := reach(t, "A")
	do(t, s, MarkPlot{N: 8}) // 12 − 8 = 4 PP
	do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-B1-1"}, RecordSpecialQuests{IDs: []string{"A-05"}})
	refuse(t, s, Buy{Kind: "SAC", Name: "X", Remove: "Rummage"}, "unlocks step")
	do(t, s, Unlock{})
	refuse(t, s, Buy{Kind: "SK", ID: "SK-01", Char: "901"}, "V16")
	refuse(t, s, Buy{Kind: "PA", ID: "PA-901", Char: "901"}, "V16")
	refuse(t, s, Buy{Kind: "GA", ID: "GA-01"}, "V16")
	refuse(t, s, Buy{Kind: "HAT"}, "cannot be bought")
	refuse(t, s, Buy{Kind: "SAC", Remove: "Rummage"}, "name")
	refuse(t, s, Buy{Kind: "SAC", Name: "X", Remove: "Dance"}, "V17")
	do(t, s, Buy{Kind: "SAC", Name: "A1", Remove: "Rummage"}, Buy{Kind: "SAC", Name: "A2", Remove: "Rummage"})
	refuse(t, s, Buy{Kind: "SAC", Name: "A3", Remove: "Rummage"}, "V15")
	if d := st(s).Deck; d.Size() != ActionDeckSize || d.Basic["Rummage"] != 6 {
		t.Fatalf("deck %+v", d)
	}
	do(t, s, CloseShop{})
	if st(s).Section("A").RemainingPP != 0 || st(s).Pool.SACs != 10 {
		t.Fatal("remaining / pool")
	}
	// A basic type with a single copy left cannot go.
	do(t, s, SetDeck{Basic: map[string]int{"Moving On": 1, "Rummage": 13, "Take Action": 12, "Take a Break": 6, "Coordination": 6}})
	refuse(t, s, SetDeck{Basic: map[string]int{"Moving On": 40}}, "exactly 40")
	refuse(t, s, SetDeck{Basic: map[string]int{"Moving On": 0, "Rummage": 38}}, "V17")

	// SK, PA, GA limits, with plenty of points.
	s = reach(t, "D")
	do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-E1-1"}, RecordSpecialQuests{}, Unlock{})
	do(t, s, CorrectDiary{Section: "D", Field: "availablePP", Value: "60"})
	st(s).Pool.SKs = append(st(s).Pool.SKs, "SK-01", "SK-02", "SK-04")
	st(s).Pool.PAs = append(st(s).Pool.PAs, "PA-901", "PA-902")
	refuse(t, s, Buy{Kind: "SK", ID: "SK-01", Char: "901"}, "write the skill")
	refuse(t, s, Buy{Kind: "SK", ID: "SK-01", Char: "901", Skill: "Dancing"}, "not a skill")
	do(t, s, Buy{Kind: "SK", ID: "SK-01", Char: "901", Skill: "Perception"})
	if ch(s, "901").Skills[0].Skill != "Sneaking" {
		t.Fatal("Perception is Sneaking")
	}
	do(t, s, Buy{Kind: "SK", ID: "SK-07", Char: "901"})
	refuse(t, s, Buy{Kind: "SK", ID: "SK-02", Char: "901", Skill: "Agility"}, "V13")
	refuse(t, s, Buy{Kind: "SK", ID: "SK-07", Char: "902"}, "V16")
	do(t, s, Buy{Kind: "SK", ID: "SK-02", Char: "907", Skill: "Agility"})
	refuse(t, s, Buy{Kind: "PA", ID: "PA-902", Char: "901"}, "V14")
	refuse(t, s, Buy{Kind: "PA", ID: "PA-907", Char: "907"}, "V14")
	refuse(t, s, Buy{Kind: "PA", ID: "PA-906", Char: "906"}, "V14")
	do(t, s, Buy{Kind: "PA", ID: "PA-901", Char: "901", Permanent: true})
	st(s).Pool.PAs = append(st(s).Pool.PAs, "PA-901")
	refuse(t, s, Buy{Kind: "PA", ID: "PA-901", Char: "901"}, "V14")
	do(t, s, Buy{Kind: "GA", ID: "GA-01"}, Buy{Kind: "GA", ID: "GA-02"})
	refuse(t, s, Buy{Kind: "GA", ID: "GA-01"}, "V16")
	if r := st(s).Section("D").Row("901"); len(r.Skills) != 2 || r.PA != "PA-901" {
		t.Fatalf("purchases written on the row: %+v", r)
	}
	do(t, s, CloseShop{})
	if ch(s, "901").Capacity() != 4+1+2 {
		t.Fatal("capacity after SKs")
	}
	// Killing a Character removes their counters and PA from the campaign,
	// and their unbought PA from the pool.
	do(t, s, StartScenario{Key: "E1", TimerStart: 5, Characters: []string{"912", "901", "902", "903"}})
	do(t, s, Kill{Char: "902"})
	if slices.Contains(st(s).Pool.PAs, "PA-902") {
		t.Fatal("a dead Character's PA leaves the pool")
	}
	do(t, s, Kill{Char: "901"})
	if ch(s, "901").PA != nil || ch(s, "901").Skills != nil {
		t.Fatal("a dead Character's SKs and PA leave the campaign")
	}
}

func TestEndOfScenarioCarryOver(t *testing.T) {
	s := reach(t, "B1")
	do(t, s, Damage{Char: "901", N: 5}, Damage{Char: "902", N: 1}) // 5 and 9
	do(t, s, GainAmmo{Char: "901", N: 5}, GainAmmo{Char: "902", N: 5}, GainAmmo{Char: "903", N: 5}, GainAmmo{Char: "904", N: 5})
	do(t, s, GainItem{Char: "901", Item: "050"}, GainItem{Char: "902", Item: "051"})
	do(t, s, SetBag{Char: "902", Bag: "051"}, GainItem{Char: "902", Item: "052"}, BagStore{Char: "902", Items: []string{"052"}})
	do(t, s, GainItem{Char: "903", Item: "053"}, DropItems{Char: "903", Items: []string{"053"}})
	do(t, s, EndScenario{})
	refuse(t, s, RecordEpilogue{Code: "END-C-1"}, "objectives step")
	do(t, s, ConfirmObjectives{})
	do(t, s, ReturnItems{Items: map[string][]string{"901": {"050"}}})
	refuse(t, s, ConfirmObjectives{}, "record step")
	e := do(t, s, RecordEpilogue{Code: "END-C-1"})
	b := st(s).Section("B")
	if b.Row("901").LP != 7 || b.Row("901").LPAtEnd != 5 || b.Row("902").LP != 10 {
		t.Fatalf("+2 healing: %+v", b.Rows)
	}
	if b.Ammo != AmmoReserveCap || strings.Contains(said(s, e), "lost") {
		t.Fatalf("ammo %d: %s", b.Ammo, said(s, e))
	}
	if !slices.Equal(b.ItemReserve, []string{"051", "052"}) {
		t.Fatalf("reserve %v (drop piles and returned items are not carried)", b.ItemReserve)
	}
	if ch(s, "901").LP != 7 || len(ch(s, "902").Items) != 0 {
		t.Fatal("roster carries the written values; items live in the reserve")
	}
	// V7: truck ammo + the Characters' ammo above 20 is lost; leftovers go
	// on the truck at setup (§4.4 D4, §13.11).
	do(t, s, RecordSpecialQuests{}, Unlock{}, CloseShop{})
	refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}, Ammo: map[string]int{"901": 6}}, "at most 5")
	refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}, Ammo: map[string]int{"901": -1}}, "V5")
	refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}, Items: map[string][]string{"905": {"051"}}}, "not")
	do(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}, Ammo: map[string]int{"901": 5, "902": 5, "903": 5},
		Items: map[string][]string{"902": {"051"}}, Bags: map[string]BagSetup{"902": {Bag: "051", Items: []string{"052"}}}})
	if sc := st(s).Scenario; sc.TruckAmmo != 5 || len(sc.TruckItems) != 0 || ch(s, "902").Bag != "051" {
		t.Fatalf("truck ammo %d items %v", sc.TruckAmmo, sc.TruckItems)
	}
	do(t, s, GainAmmo{Char: "904", N: 5}, EndScenario{}, ConfirmObjectives{}, ReturnItems{})
	e = do(t, s, RecordEpilogue{Code: "END-D-1"})
	if st(s).Section("C").Ammo != 20 || !strings.Contains(said(s, e), "5 ammo above the diary's 20 is lost") {
		t.Fatalf("V7: %s", said(s, e))
	}
}

func TestEpilogueBranching(t *testing.T) {
	cases := []struct{ from, code, next string }{
		{"A", "END-B1-1", "B1"}, {"A", "END-B2-3", "B2"}, {"A", "whatever", "B2"},
		{"B1", "END-C-1", "C"}, {"B2", "x", "C"}, {"C", "END-D-2", "D"},
		{"D", "END-E1-1", "E1"}, {"D", "END-E1-3", "E1"}, {"D", "END-E2-2", "E2"},
		{"E1", "END-F1-1", "F1"}, {"E2", "END-F2-1", "F2"}, {"F1", "END", ""},
	}
	for _, c := range cases {
		if got := NextScenario(c.from, c.code); got != c.next {
			t.Errorf("next(%s, %s) = %q, want %q", c.from, c.code, got, c.next)
		}
	}
	fits := []struct {
		from, code string
		ok         bool
	}{
		{"A", "END-B1-1", true}, {"A", "END-B3-1", false}, {"A", "END-B1-0", false}, {"A", "END-B1-", false},
		{"B1", "END-C-12", true}, {"B1", "END-D-1", false}, {"D", "END-E2-2", true}, {"F2", "END", true}, {"F2", " ", false},
	}
	for _, c := range fits {
		if got := EpilogueFits(c.from, c.code); got != c.ok {
			t.Errorf("fits(%s, %s) = %v", c.from, c.code, got)
		}
	}
	s := reach(t, "A")
	do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{})
	e := do(t, s, RecordEpilogue{Code: "the end"})
	if !strings.Contains(said(s, e), "warning") || st(s).Next != "B2" {
		t.Fatalf("V22 warning: %s", said(s, e))
	}
}

func TestSpecialQuests(t *testing.T) {
	type facts struct {
		owned                []string
		alive, dead, unfound []string
		want                 [7]string
	}
	mk := func(f facts) QuestFacts {
		in := func(l []string) func(string) bool { return func(x string) bool { return slices.Contains(l, x) } }
		return QuestFacts{Owned: in(f.owned), Has: in(f.alive), Alive: in(f.alive), Dead: in(f.dead),
			Found: func(id string) bool { return !slices.Contains(f.unfound, id) }}
	}
	cases := []facts{
		{nil, nil, nil, []string{"906"}, [7]string{"#A", "#A", "", "#A", "#B", "#A", "#A"}},
		{[]string{"C-15", "B1-16", "C-16", "C-17"}, []string{"911", "902", "905"}, nil, nil, [7]string{"#E", "#D", "#F", "", "#D", "#B", "#A"}},
		{[]string{"D-17"}, []string{"911", "905", "901", "906"}, []string{"902"}, nil, [7]string{"#A", "#C", "#E", "#F", "#D", "#A", "#A"}},
		{[]string{"B1-16"}, []string{"901"}, []string{"906"}, nil, [7]string{"#A", "#B", "", "", "#B", "#A", "#A"}},
	}
	for i, c := range cases {
		if got := QuestOutcomes(mk(c)); got != c.want {
			t.Errorf("case %d: %v, want %v", i, got, c.want)
		}
	}
	bands := map[int]string{0: "You survived, at a heavy cost", 19: "You survived, at a heavy cost", 20: "Through, with scars",
		35: "Through, with scars", 36: "Well led", 50: "Well led", 51: "Exceptional survivors"}
	for sc, b := range bands {
		if Band(sc) != b {
			t.Errorf("Band(%d) = %s", sc, Band(sc))
		}
	}
	// A paragraph's outcome is never overwritten by the finale.
	s := reach(t, "F1")
	do(t, s, SetQuestOutcome{Quest: 7, Outcome: "#C"})
	refuse(t, s, SetQuestOutcome{Quest: 7, Outcome: "#D"}, "already")
	refuse(t, s, SetQuestOutcome{Quest: 8, Outcome: "#D"}, "1 to 7")
	finish(t, s, "END", Unlock{})
	refuse(t, s, FinishCampaign{Quest3: "E"}, "#A to #F")
	do(t, s, FinishCampaign{Quest3: "#B"})
	// 905 was never found, so quest #3 has no rule: the group's #B. Quest
	// #4: 906 never found → #A. #7 keeps the paragraph's #C.
	if q := st(s).Quests; q[6] != "#C" || q[2] != "#B" || q[3] != "#A" {
		t.Fatalf("quests %v", q)
	}
	if st(s).Phase != PhaseFinished || !strings.Contains(s.Where(), "Campaign won") {
		t.Fatalf("finished: %s", s.Where())
	}
}

func TestLossAndRestart(t *testing.T) {
	s := reach(t, "C")
	for _, id := range []string{"901", "902", "903"} {
		do(t, s, Kill{Char: id})
	}
	e := do(t, s, Damage{Char: "904", N: 10})
	if st(s).Phase != PhaseLost || !strings.Contains(said(s, e), "L1") {
		t.Fatalf("L1: %s", said(s, e))
	}
	if !strings.Contains(DiaryMarkdown(st(s)), "was lost") {
		t.Fatal("diary shows the loss")
	}
	refuse(t, s, PlayCard{Char: "904"}, "no scenario")
	// The loss's reminder names the scenario replayed and the one it goes
	// back to, before the players choose (issue 15 item 2).
	want := "Replay scenario C as the campaign stood after scenario B1, or start over from the beginning with the diary wiped"
	if r := st(s).Reminders; !slices.Contains(r, want) || !slices.Contains(Reminders(e), want) {
		t.Fatalf("loss reminders %q, want %q", r, want)
	}
	for _, r := range st(s).Reminders {
		if strings.Contains(r, "(Restart)") || strings.Contains(r, "ResetCampaign") {
			t.Fatalf("a reminder names a command, not what to do: %q", r)
		}
	}
	do(t, s, Restart{})
	if st(s).Phase != PhaseBetween || st(s).Next != "C" || ch(s, "901").Status != Alive || st(s).Restarts != 1 {
		t.Fatalf("restart: %s next %s", st(s).Phase, st(s).Next)
	}
	refuse(t, s, Restart{}, "lost campaign")
	// L2: only Masked Figures remain (D on).
	s = reach(t, "D")
	finish(t, s, "END-E2-1", Unlock{})
	do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "907", "908"}})
	do(t, s, Kill{Char: "901"})
	if st(s).Phase != PhaseLost || !strings.Contains(st(s).LossReason, "L2") {
		t.Fatalf("L2: %s", st(s).LossReason)
	}
	if w := st(s).RestartWords(); w != "Replay scenario E2 as the campaign stood after scenario D" {
		t.Fatalf("restart words %q", w)
	}
	refuse(t, s, ResetCampaign{}, "confirm")
	do(t, s, ResetCampaign{Confirm: true})
	if st(s).Next != "A" || len(st(s).Played) != 0 || st(s).Section("A").Epilogue != "" {
		t.Fatal("reset wipes the diary")
	}
	// F: with no one left to bring in, the loss is immediate.
	s = reach(t, "F1") // 901–904 play; 905/906/911/913 never joined
	for _, id := range []string{"907", "908", "909", "912"} {
		do(t, s, CorrectDiary{Section: "E", Char: id, Field: "skull", Value: "true"})
		st(s).Char(id).Status = Dead // as if they had died in E
	}
	for _, id := range []string{"901", "902", "903", "904"} {
		do(t, s, Kill{Char: id})
	}
	if st(s).Phase != PhaseLost || st(s).Scenario.LossPending {
		t.Fatalf("F loss with no reinforcement: %s", st(s).Phase)
	}
}

func TestDeathInTheEpilogue(t *testing.T) {
	s := reach(t, "B1")
	do(t, s, GainItem{Char: "903", Item: "020"}, EndScenario{}, ConfirmObjectives{})
	e := do(t, s, Kill{Char: "903", Cause: "epilogue"})
	if !strings.Contains(said(s, e), "back to the Item deck") || len(st(s).Scenario.DropPiles) != 0 {
		t.Fatalf("items discarded after the end: %s", said(s, e))
	}
	do(t, s, ReturnItems{}, RecordEpilogue{Code: "END-C-1"})
	if !st(s).Section("B").Row("903").Skull || slices.Contains(st(s).Section("B").ItemReserve, "020") {
		t.Fatal("skull, and the items are not carried")
	}
	refuse(t, s, Kill{Char: "901"}, "no scenario")
}

func TestReinforcementsInF(t *testing.T) {
	s := reach(t, "D")
	finish(t, s, "END-E2-1", Unlock{})
	do(t, s, CorrectDiary{Section: "D", Field: "itemReserve", Value: "040"})
	do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902", "903"}})
	finish(t, s, "END-F1-1", Unlock{})
	do(t, s, StartScenario{Key: "F1", TimerStart: 5, Characters: []string{"901", "902", "903", "907"}})
	refuse(t, s, Reinforce{Dead: "901", New: "904"}, "not free")
	do(t, s, Kill{Char: "907"})
	refuse(t, s, Reinforce{Dead: "907", New: "904"}, "Masked Figure cannot be replaced")
	for _, id := range []string{"901", "902"} {
		do(t, s, Kill{Char: id})
	}
	do(t, s, Kill{Char: "903"})
	if !st(s).Scenario.LossPending || st(s).Phase != PhasePlaying {
		t.Fatalf("loss pending in F: %s", st(s).Phase)
	}
	refuse(t, s, PlayCard{Char: "903"}, "reinforcement")
	refuse(t, s, Reinforce{Dead: "903", New: "904", Items: []string{"999"}}, "not left")
	do(t, s, Reinforce{Dead: "903", New: "904", Items: []string{"040"}})
	if c := ch(s, "904"); !c.InPlay || !c.Played || c.Board == "" || !slices.Equal(c.Items, []string{"040"}) {
		t.Fatalf("reinforcement %+v", c)
	}
	if ch(s, "907").ReturnsNext {
		t.Fatal("in F a dead Masked Figure is dead for good")
	}
	do(t, s, Kill{Char: "904"})
	if st(s).Scenario.LossPending {
		// 905, 906… are not unlocked and 908/909 are alive: they may come in.
		do(t, s, ConfirmLoss{})
	}
	if st(s).Phase != PhaseLost {
		t.Fatal("confirmed loss")
	}
}

func TestTankAndDevice(t *testing.T) {
	s := reach(t, "F1")
	refuse(t, s, TankOperate{Char: "901"}, "not on the table")
	refuse(t, s, CorrectScenario{Field: "tankFuel", Value: 1}, "not on the table")
	refuse(t, s, TankSetup{Fuel: 4, MaxFuel: 3}, "between 0")
	do(t, s, TankSetup{Fuel: 2, MaxFuel: 3, Ammo: 1, MaxAmmo: 2})
	do(t, s, TankOperate{Char: "901"})
	refuse(t, s, TankOperate{Char: "902"}, "V28")
	do(t, s, TankAct{Action: "fire"})
	refuse(t, s, TankAct{Action: "fire"}, "no Ammo")
	refuse(t, s, TankAct{Action: "fly"}, "move, rotate")
	playTurn(t, s, "902") // next turn: Fuel 2 → 1
	if st(s).Scenario.Tank.Fuel != 1 {
		t.Fatalf("fuel %d", st(s).Scenario.Tank.Fuel)
	}
	playTurn(t, s, "902") // Fuel 0: the operator gets out
	tk := st(s).Scenario.Tank
	if tk.Fuel != 0 || tk.Operator != "" || ch(s, "901").Operating != "" {
		t.Fatalf("fuel out %+v", tk)
	}
	do(t, s, TankOperate{Char: "902"})
	refuse(t, s, TankAct{Action: "move"}, "V28")
	// The players put Fuel and Ammo right by hand (one event each, undone
	// like any other), within the cards' maximums.
	refuse(t, s, CorrectScenario{Field: "tankFuel", Value: 4}, "from 0 to 3")
	do(t, s, CorrectScenario{Field: "tankFuel", Value: 2}, CorrectScenario{Field: "tankAmmo", Value: 2})
	if tk := st(s).Scenario.Tank; tk.Fuel != 2 || tk.Ammo != 2 || tk.Operator != "902" {
		t.Fatalf("corrected tank %+v", tk)
	}
	do(t, s, TankAct{Action: "move"})
	// The Mysterious Device.
	do(t, s, DeviceSetup{MaxLP: 5}, DeviceOperate{Char: "903"})
	refuse(t, s, DeviceOperate{Char: "904"}, "already controls")
	do(t, s, Damage{Char: "903", N: 1})
	if st(s).Scenario.Mystery.Operator != "" {
		t.Fatal("damage to the operator ends the control")
	}
	do(t, s, DamageDevice{N: 7})
	if st(s).Scenario.Mystery.LP != 0 {
		t.Fatal("device destroyed")
	}
	s = reach(t, "C")
	refuse(t, s, TankSetup{Fuel: 1, MaxFuel: 1}, "Scenario F")
}

func TestStoryAbilitiesAndSnow(t *testing.T) {
	s := reach(t, "A")
	do(t, s, PlaceSnowflakes{N: 10})
	e := do(t, s, PlaceSnowflakes{N: 10})
	if st(s).Scenario.Snowflakes != 16 || !strings.Contains(said(s, e), "reserve is empty") {
		t.Fatalf("snowflakes %d", st(s).Scenario.Snowflakes)
	}
	refuse(t, s, PlaceSnowflakes{N: -17}, "only 16")
	do(t, s, PlaceSnowflakes{N: -6})
	s = reach(t, "E1")
	refuse(t, s, PlaceSnowflakes{N: 1}, "Scenario A")
	refuse(t, s, GainAbility{Char: "907", ID: "PA-907"}, "V14")
	refuse(t, s, GainAbility{Char: "901", ID: "SK-01"}, "not a Personal Ability")
	e = do(t, s, GainAbility{Char: "912", ID: "PA-912-B"})
	if ch(s, "912").PA.ID != "PA-912-B" || !strings.Contains(said(s, e), "PA-912-A leaves the campaign") {
		t.Fatal(said(s, e))
	}
}

func TestFigures(t *testing.T) {
	s := reach(t, "B1")
	refuse(t, s, RevealFigure{ID: "801", Kind: "npc"}, "life")
	refuse(t, s, RevealFigure{ID: "801", Kind: "dog", MaxLP: 2}, "npc or an enemy")
	do(t, s, RevealFigure{ID: "801", Name: "Neighbour", Kind: "npc", MaxLP: 4})
	refuse(t, s, RevealFigure{ID: "801", Kind: "npc", MaxLP: 4}, "already")
	do(t, s, DamageFigure{ID: "801", N: 3}, HealFigure{ID: "801", N: 10})
	if f := st(s).Scenario.figure("801"); f.LP != 4 {
		t.Fatalf("V29 clamp: %d", f.LP)
	}
	do(t, s, DamageFigure{ID: "801", N: 9})
	if f := st(s).Scenario.figure("801"); !f.Defeated {
		t.Fatal("defeated at 0")
	}
	do(t, s, HealFigure{ID: "801", N: 1}) // Fast Attack reaction heals it
	if f := st(s).Scenario.figure("801"); f.Defeated || f.LP != 1 {
		t.Fatal("Fast Attack survivor")
	}
	do(t, s, RemoveFigure{ID: "801"})
	refuse(t, s, DamageFigure{ID: "801", N: 1}, "not on the table")
}

func TestObjectivesAndQuestsOnTable(t *testing.T) {
	s := reach(t, "A")
	do(t, s, RevealObjective{ID: "A-03"}, SetObjective{ID: "A-03", State: "succeeded"})
	refuse(t, s, RevealObjective{ID: "A-03"}, "already")
	refuse(t, s, SetObjective{ID: "A-03", State: "won"}, "open, succeeded or failed")
	refuse(t, s, SetObjective{ID: "A-09", State: "failed"}, "not revealed")
	do(t, s, GainSpecialQuest{ID: "A-12"}, GainSpecialQuest{ID: "A-13"}, LoseSpecialQuest{ID: "A-12"})
	refuse(t, s, GainSpecialQuest{ID: "A-13"}, "already")
	do(t, s, EndScenario{})
	e := do(t, s, ConfirmObjectives{})
	if !strings.Contains(said(s, e), "A-03 succeeded") {
		t.Fatal(said(s, e))
	}
	do(t, s, ReturnItems{}, RecordEpilogue{Code: "END-B1-1"}, RecordSpecialQuests{})
	if q := st(s).Section("A").SpecialQuests; !slices.Equal(q, []string{"A-13"}) {
		t.Fatalf("quests %v", q)
	}
}

func TestCorrectionsAreEvents(t *testing.T) {
	s := reach(t, "A")
	finish(t, s, "END-B1-1", Unlock{})
	e := do(t, s, CorrectDiary{Section: "A", Char: "903", Field: "fatigue", Value: "2"})
	if !strings.HasPrefix(said(s, e), "Corrected by hand") || ch(s, "903").Penalties.Fatigue != 2 {
		t.Fatalf("row correction mirrors into the roster: %s", said(s, e))
	}
	do(t, s, CorrectDiary{Section: "A", Char: "901", Field: "items", Value: "046, 011"})
	do(t, s, StartScenario{Key: "B1", TimerStart: 5})
	if !slices.Equal(ch(s, "901").Items, []string{"046", "011"}) || ch(s, "903").Penalties.Fatigue != 2 {
		t.Fatal("B reads the corrected section A")
	}
	fields := []CorrectDiary{
		{Section: "B", Field: "checks", Value: "3"}, {Section: "B", Field: "crosses", Value: "1"},
		{Section: "B", Field: "epilogue", Value: "end-c-1"}, {Section: "B", Field: "variant", Value: "2"},
		{Section: "B", Field: "notes", Value: "truck at the corner | rain"}, {Section: "B", Field: "ammo", Value: "20"},
		{Section: "B", Field: "itemReserve", Value: "011, 012"}, {Section: "B", Field: "remainingPP", Value: "3"},
		{Section: "B", Field: "score", Value: "2"}, {Section: "B", Field: "specialContent", Value: "X"},
		{Section: "B", Field: "purchases", Value: "SAC X; SK SK-01 @901"},
		{Section: "B", Char: "901", Field: "skills", Value: "SK-01:science, SK-07"}, {Section: "B", Char: "901", Field: "pa", Value: "PA-901"},
		{Section: "B", Char: "901", Field: "skull", Value: "false"}, {Section: "B", Char: "901", Field: "lp", Value: "8"},
		{Section: "B", Char: "901", Field: "name", Value: "Eduardo S."}, {Section: "B", Char: "901", Field: "played", Value: "true"},
		{Field: "quest3", Value: "#F"}, {Field: "campaignScore", Value: "12"},
	}
	for _, f := range fields {
		do(t, s, f)
	}
	bad := []struct {
		c    CorrectDiary
		want string
	}{
		{CorrectDiary{Section: "G", Field: "checks", Value: "1"}, "A to F"},
		{CorrectDiary{Section: "B", Field: "checks", Value: "-1"}, "from 0"},
		{CorrectDiary{Section: "B", Field: "ammo", Value: "21"}, "from 0 to 20"},
		{CorrectDiary{Section: "C", Field: "variant", Value: "1"}, "variant box"},
		{CorrectDiary{Section: "B", Field: "colour", Value: "1"}, "not a field"},
		{CorrectDiary{Section: "B", Char: "901", Field: "lp", Value: "11"}, "0 to 10"},
		{CorrectDiary{Section: "B", Char: "901", Field: "skills", Value: "SK-01,SK-02,SK-03"}, "V13"},
		{CorrectDiary{Section: "B", Char: "907", Field: "pa", Value: "PA-907"}, "V14"},
		{CorrectDiary{Section: "B", Char: "901", Field: "played", Value: "maybe"}, "true or false"},
		{CorrectDiary{Field: "quest9", Value: "#A"}, "quest number"},
		{CorrectDiary{Section: "B", Field: "purchases", Value: "HAT x"}, "SAC, SK, PA or GA"},
		{CorrectDiary{Section: "B", Field: "purchases", Value: "SK @901"}, "what was bought"},
		{CorrectDiary{Field: "quest1", Value: "A"}, "#A to #F"},
	}
	for _, b := range bad {
		refuse(t, s, b.c, b.want)
	}
	if p := st(s).Section("B").Purchases; len(p) != 2 || p[1].Char != "901" || p[1].Cost != CostSK {
		t.Fatalf("purchases %+v", p)
	}
	do(t, s, CorrectScenario{Field: "timer", Value: 3}, CorrectCharacter{Char: "902", Field: "fatigue", Value: 2})
	refuse(t, s, CorrectScenario{Field: "timer", Value: 0}, "from 1")
	refuse(t, s, CorrectCharacter{Char: "902", Field: "heavyWound", Value: 2}, "0 or 1")
	refuse(t, s, CorrectCharacter{Char: "902", Field: "speed", Value: 2}, "not a Character value")
}

func TestCorrectingTheBranchBox(t *testing.T) {
	s := reach(t, "A")
	finish(t, s, "END-B1-1", Unlock{})
	do(t, s, CorrectDiary{Section: "B", Field: "variant", Value: "2"})
	if st(s).Next != "B2" {
		t.Fatalf("next %s", st(s).Next)
	}
	do(t, s, StartScenario{Key: "B2", TimerStart: 4})
}

func TestUndoRedoAndRoundTrip(t *testing.T) {
	s := reach(t, "C")
	do(t, s, Damage{Char: "901", N: 4})
	do(t, s, PlayCard{Char: "902"})
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if ch(s, "901").LP != 10 || ch(s, "902").ActionCards != 0 {
		t.Fatal("undo")
	}
	if _, err := s.Redo(); err != nil {
		t.Fatal(err)
	}
	if ch(s, "901").LP != 6 {
		t.Fatal("redo")
	}
	// JSON round trip of the state.
	b, err := json.Marshal(st(s))
	if err != nil {
		t.Fatal(err)
	}
	back, err := Rules{}.DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, st(s)) {
		t.Fatal("state does not round-trip through JSON")
	}
	b2, _ := json.Marshal(back)
	if string(b) != string(b2) {
		t.Fatal("state JSON is not stable")
	}
	if _, err := (Rules{}).Decide(st(s), struct{}{}, tracker.NewDice(1, 0)); err != tracker.ErrNotThisGame {
		t.Fatalf("foreign command: %v", err)
	}
	if _, err := (Rules{}).Apply(st(s), tracker.Event{Kind: "eternaut.nope"}); err == nil {
		t.Fatal("unknown kind applied")
	}
}

func TestSettings(t *testing.T) {
	s := reach(t, "C")
	n := DefaultSettings()
	n.PassFirstPlayer = true
	do(t, s, ChangeSettings{Settings: n})
	for range 4 {
		do(t, s, AddPenalty{Char: "904", Kind: Fatigue})
	}
	playTurn(t, s, "901") // player 1 ends the round; player 2 starts the next
	if st(s).Scenario.Active != 2 {
		t.Fatalf("pass first player: %d", st(s).Scenario.Active)
	}
	bad := DefaultSettings()
	bad.TimerMax = 5
	refuse(t, s, ChangeSettings{Settings: bad}, "beyond a track")
	bad = DefaultSettings()
	bad.MaskedReturnLP = 0
	refuse(t, s, ChangeSettings{Settings: bad}, "Masked")
	do(t, s, RenameCharacter{ID: "901", Name: "Eduardo"})
	refuse(t, s, RenameCharacter{ID: "901", Name: " "}, "needs a name")
	refuse(t, s, SetPlayers{Players: 3}, "between scenarios")
	n = DefaultSettings()
	n.ActivationBeforeEndOfRound = false
	do(t, s, ChangeSettings{Settings: n})
	if got := (Rules{}).Where(st(s)); !strings.HasPrefix(got, "Scenario C · Round") {
		t.Fatalf("Where %q", got)
	}
}

func TestDiaryMarkdownEscapes(t *testing.T) {
	s := newCampaign(t)
	do(t, s, RenameCharacter{ID: "901", Name: "Ed|uardo"})
	md := DiaryMarkdown(st(s))
	if !strings.Contains(md, "Ed\\|uardo") && strings.Contains(md, "Ed|uardo") {
		t.Fatal("pipe not escaped")
	}
	for _, l := range Letters {
		if !strings.Contains(md, "## Scenario "+l) {
			t.Errorf("section %s missing", l)
		}
	}
}

// Carried penalties (§5.2, §7.4, §9.4): Fatigue written at the end of A
// comes back in B and counts from turn 1; played Characters keep their
// penalties, the ones who did not play are cleared (C, D, E); Madness never
// survives D.
func TestCarriedPenalties(t *testing.T) {
	s := reach(t, "A")
	for range 4 {
		do(t, s, AddPenalty{Char: "904", Kind: Fatigue})
	}
	do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-B1-1"})
	if r := st(s).Section("A").Row("904"); r.Penalties.Fatigue != 4 {
		t.Fatalf("A row %+v", r)
	}
	do(t, s, RecordSpecialQuests{}, Unlock{}, CloseShop{})
	do(t, s, StartScenario{Key: "B1", TimerStart: 5})
	if !EndOfRoundDue(st(s)) {
		t.Fatal("4 carried Fatigue end the round from turn 1")
	}
	e := playTurn(t, s, "901")
	if !strings.Contains(said(s, e), "End of round 1") {
		t.Fatal(said(s, e))
	}
	finish(t, s, "END-C-1", Unlock{})
	do(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}})
	do(t, s, TakeABreak{Char: "904"}, AddPenalty{Char: "901", Kind: HeavyWound})
	finish(t, s, "END-D-1", Unlock{})
	if p := ch(s, "901").Penalties; !p.HeavyWound {
		t.Fatal("a played Character keeps the Heavy Wound")
	}
	do(t, s, StartScenario{Key: "D", TimerStart: 5, Characters: []string{"902", "903", "904", "907"}})
	if !ch(s, "901").Penalties.HeavyWound {
		t.Fatal("901 did not play D but is still wounded until the end")
	}
	do(t, s, AddPenalty{Char: "902", Kind: Madness}, AddPenalty{Char: "902", Kind: Fatigue})
	finish(t, s, "END-E2-1", Unlock{})
	if p := ch(s, "901").Penalties; p.HeavyWound || ch(s, "901").LP != 10 {
		t.Fatalf("901 did not play D: cleared and 10 life, got %+v", p)
	}
	if p := ch(s, "902").Penalties; p.Madness || p.Fatigue != 1 {
		t.Fatalf("902 keeps Fatigue but not Madness: %+v", p)
	}
	if r := st(s).Section("D").Row("902"); r.Penalties.Madness || r.Penalties.Fatigue != 1 || !r.Played {
		t.Fatalf("D row %+v", r)
	}
}

func TestMoreCharacterCommands(t *testing.T) {
	if DrawTo(4) != 6 || (Rules{}).StateVersion() != 1 {
		t.Fatal("DrawTo / StateVersion")
	}
	s := reach(t, "C")
	// Leaving the group: no 600 paragraph, items dropped unless kept.
	do(t, s, GainItem{Char: "903", Item: "020"})
	e := do(t, s, LeaveGroup{Char: "903"})
	if c := ch(s, "903"); c.Status != LeftGroup || len(st(s).Scenario.DropPiles) != 1 || slices.ContainsFunc(Reminders(e), func(r string) bool { return strings.Contains(r, "600-") }) {
		t.Fatalf("leave: %+v %v", c, Reminders(e))
	}
	do(t, s, GainItem{Char: "904", Item: "021"}, LeaveGroup{Char: "904", KeepItems: true})
	if len(st(s).Scenario.DropPiles) != 1 {
		t.Fatal("KeepItems: no drop pile")
	}
	refuse(t, s, StartScenario{Key: "D"}, "between scenarios")
	// Unavailable: its cubes move to another board.
	do(t, s, SetUnavailable{Char: "902", Unavailable: true})
	if ch(s, "902").Cubes != 0 || ch(s, "901").Cubes != 4 {
		t.Fatalf("cubes %d %d", ch(s, "901").Cubes, ch(s, "902").Cubes)
	}
	refuse(t, s, SetUnavailable{Char: "902", Unavailable: true}, "no change")
	do(t, s, SetUnavailable{Char: "902"})
	// Removing penalties by special effects.
	do(t, s, AddPenalty{Char: "902", Kind: Fatigue}, AddPenalty{Char: "902", Kind: Fatigue}, AddPenalty{Char: "902", Kind: HeavyWound})
	do(t, s, RemovePenalty{Char: "902", Kind: Fatigue, N: 1}, RemovePenalty{Char: "902", Kind: HeavyWound})
	if p := ch(s, "902").Penalties; p.Fatigue != 1 || p.HeavyWound {
		t.Fatalf("removed %+v", p)
	}
	refuse(t, s, RemovePenalty{Char: "902", Kind: Fatigue, N: 2}, "cannot remove 2")
	refuse(t, s, RemovePenalty{Char: "902", Kind: HeavyWound}, "no Heavy Wound")
	refuse(t, s, RemovePenalty{Char: "902", Kind: "cold"}, "not a penalty")
	do(t, s, GainAmmo{Char: "902", N: 3}, LoseAmmo{Char: "902", N: 2})
	if ch(s, "902").Ammo != 1 {
		t.Fatal("lose ammo")
	}
	refuse(t, s, LoseAmmo{Char: "902", N: 0}, "at least 1")
}

func TestAbilitiesAndDevices(t *testing.T) {
	s := reach(t, "D")
	do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-E1-1"}, RecordSpecialQuests{}, Unlock{})
	do(t, s, CorrectDiary{Section: "D", Field: "availablePP", Value: "15"})
	do(t, s, Buy{Kind: "GA", ID: "GA-01"}, Buy{Kind: "GA", ID: "GA-02", Permanent: true}, CloseShop{})
	do(t, s, StartScenario{Key: "E1", TimerStart: 5, Characters: []string{"912", "901", "902", "903"}})
	do(t, s, FlipAbility{GA: "GA-01"})
	refuse(t, s, FlipAbility{GA: "GA-01"}, "V27")
	refuse(t, s, FlipAbility{GA: "GA-02"}, "permanent")
	refuse(t, s, FlipAbility{Char: "901"}, "no Personal Ability")
	refuse(t, s, FlipAbility{Char: "912", GA: "GA-01"}, "either")
	for range 4 {
		do(t, s, AddPenalty{Char: "901", Kind: Fatigue})
	}
	playTurn(t, s, "902")
	if st(s).GroupAbilities[0].FaceDown {
		t.Fatal("E5 refreshes Group Abilities too")
	}
	do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-F1-1"})
	if g := st(s).Section("E").GroupAbilities; !slices.Equal(g, []string{"GA-01", "GA-02"}) {
		t.Fatalf("GAs written at the end of E: %v", g)
	}
	do(t, s, RecordSpecialQuests{}, Unlock{}, CloseShop{})
	do(t, s, StartScenario{Key: "F1", TimerStart: 5, Characters: []string{"912", "901", "902", "903"}})
	do(t, s, TankSetup{Fuel: 3, MaxFuel: 3, Ammo: 1, MaxAmmo: 1}, TankOperate{Char: "901"})
	refuse(t, s, DeviceOperate{Char: "902"}, "not on the table")
	do(t, s, DeviceSetup{MaxLP: 3})
	refuse(t, s, DeviceOperate{Char: "901"}, "already operates")
	refuse(t, s, DeviceOperate{}, "no one controls")
	do(t, s, DeviceOperate{Char: "902"}, DeviceOperate{})
	if st(s).Scenario.Mystery.Operator != "" || ch(s, "902").Operating != "" {
		t.Fatal("release")
	}
	do(t, s, TankLeave{})
	refuse(t, s, TankLeave{}, "no one is in the Tank")
	refuse(t, s, TankAct{Action: "move"}, "needs an operator")
	do(t, s, TankDestroyed{})
	refuse(t, s, TankOperate{Char: "901"}, "not on the table")
	refuse(t, s, CorrectScenario{Field: "tankFuel", Value: 1}, "not on the table")
	refuse(t, s, JoinCharacter{ID: "913", Board: "white"}, "V30")
	do(t, s, Kill{Char: "903", Cause: "Gurbo"})
	refuse(t, s, JoinCharacter{ID: "903"}, "dead")
	refuse(t, s, JoinCharacter{ID: "901"}, "already in play")
	do(t, s, JoinCharacter{ID: "913", Board: "white"})
	if c := ch(s, "913"); c.Status != Alive || c.LP != 10 || !st(s).Section("F").Row("913").Played {
		t.Fatalf("913 joins in F: %+v", c)
	}
}

// Rulebook p.8, End of the Round step 3, holds in every scenario: the
// Menace card's section is the one for the number the Timer covers. In B
// (p.20) the Alert counter's colour picks the effect too; the number still
// holds, so B's reminder names both (issue 15 item 1).
func TestMenaceReminderNamesTheTimerInEveryScenario(t *testing.T) {
	for _, key := range []string{"A", "B1", "B2", "C", "D", "E1", "E2", "F1", "F2"} {
		for _, alert := range []string{"", AlertGreen, AlertRed} {
			if (Letter(key) == "B") != (alert != "") {
				continue
			}
			s := reach(t, key)
			if alert != "" {
				do(t, s, SetAlert{State: alert})
			}
			char := st(s).InPlay()[0].ID
			for range 3 {
				do(t, s, AddPenalty{Char: char, Kind: Fatigue})
			}
			do(t, s, PlayCard{Char: char})
			e := do(t, s, EndTurn{})
			if !strings.Contains(said(s, e), "End of round 1") {
				t.Fatalf("%s: the round did not end: %s", key, said(s, e))
			}
			sc := st(s).Scenario
			want := fmt.Sprintf("resolve the section for %d", sc.Timer)
			found := ""
			for _, r := range st(s).Reminders {
				if strings.Contains(r, "Menace card") {
					found = r
				}
			}
			if !strings.Contains(found, want) {
				t.Errorf("%s %s: Menace reminder %q, want it to name %q", key, alert, found, want)
			}
			if alert != "" && !strings.Contains(found, alert) {
				t.Errorf("%s: Menace reminder %q, want the Alert colour %s too", key, found, alert)
			}
			if found != MenaceReminder(sc) {
				t.Errorf("%s: the play screen's words %q and the reminder %q differ", key, MenaceReminder(sc), found)
			}
		}
	}
}

// A loss in A goes back to the campaign's beginning, and says so (item 2).
func TestRestartWordsFromTheBeginning(t *testing.T) {
	s := reach(t, "A")
	for _, id := range []string{"901", "902", "903", "904"} {
		do(t, s, Kill{Char: id})
	}
	if st(s).Phase != PhaseLost {
		t.Fatalf("phase %s", st(s).Phase)
	}
	want := "Replay scenario A from the beginning of the campaign, or start over from the beginning with the diary wiped"
	if r := st(s).Reminders; !slices.Contains(r, want) {
		t.Fatalf("reminders %q", r)
	}
}
