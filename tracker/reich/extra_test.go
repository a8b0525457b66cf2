package reich

import (
	"encoding/json"
	"errors"
	"strings"
	ai "tablekeeper/automa/reich"
	"testing"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

func TestDecideNeverChangesTheState(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Move{Hero: "H1", Path: []string{"A2", "A3"}, Basic: true, Modifiers: 1})
	state := st(s)
	before := stateJSON(t, state)
	for _, cmd := range []tracker.Command{
		OpenDoor{Hero: "H1", Door: "D1"}, NoiseTest{Hero: "H1", Total: 4}, EndTurn{}, BangBoom{Cause: "hero", Boom: true},
		Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "A1"}}},
	} {
		if _, err := Rules.Decide(state, cmd, tracker.NewDice(7, 100)); err != nil {
			t.Fatalf("%T: %v", cmd, err)
		}
		if stateJSON(t, state) != before {
			t.Fatalf("%T: Decide changed the state", cmd)
		}
	}
}

func TestSpawnEventCarriesTheEnemySummary(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Move{Hero: "H1", Path: []string{"A2", "A3"}, Basic: true, Modifiers: 1})
	e := do(t, s, OpenDoor{Hero: "H1", Door: "D1"})
	var p Payload
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		t.Fatal(err)
	}
	if p.Enemy == nil || len(p.Enemy.Placed) == 0 || len(p.Trace) == 0 {
		t.Fatalf("spawn event without its summary or trace: %+v", p)
	}
	for _, u := range p.Enemy.Placed {
		if u.Area != "B2" {
			t.Errorf("unit %s placed in %s, want B2 (the token's area)", u.Unit, u.Area)
		}
	}
	for _, l := range p.Trace {
		if !strings.Contains(l.Rule, "§") {
			t.Errorf("trace step %+v names no spec section", l)
		}
	}
	// The spawn deck was shuffled with the seeded dice at setup; the card
	// drawn is carried by the event's deck change, so replays never draw.
	deckOp := false
	for _, op := range p.Ops {
		deckOp = deckOp || op.Op == opDeck && op.Deck == "spawn"
	}
	if !deckOp {
		t.Error("the spawn card drawn is not in the event")
	}
}

func TestOverrideIsAnEventWithItsReason(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Move{Hero: "H1", Path: []string{"A2", "A3"}, Basic: true, Modifiers: 1})
	spawn := do(t, s, OpenDoor{Hero: "H1", Door: "D1"})
	id := st(s).Mission.Units[0].ID
	e := do(t, s, Override{Of: spawn.Seq, Reason: "we placed it in B1 by mistake and keep it there", Move: map[string]string{id: "B1"}})
	d := s.Describe(e)
	if !strings.Contains(d, "Override of event") || !strings.Contains(d, "reason: we placed it") || st(s).Mission.unit(id).Area != "B1" {
		t.Fatalf("override: %q, unit in %s", d, st(s).Mission.unit(id).Area)
	}
}

func TestOpportunistSwap(t *testing.T) {
	s := raid(t)
	h := *st(s).Mission.hero("H2")
	h.Skills = []Skill{{ID: "Opportunist", Type: SkillTactical, Active: true}}
	setHero(t, s, h)
	for st(s).Mission.Phase == PhasePreAlarm {
		playQuietRound(t, s)
	}
	refused(t, s, SwapTurnOrder{Hero: "H2", With: "H1"}, "straight after")
	do(t, s, DealTurnOrder{})
	if st(s).Mission.Step != StepChooseOrder {
		t.Fatal("with an Opportunist the first turn waits for the swap")
	}
	refused(t, s, SwapTurnOrder{Hero: "H1", With: "H2"}, "Opportunist skill")
	order := append([]string(nil), st(s).Mission.TurnOrder...)
	do(t, s, SwapTurnOrder{Hero: "H2", With: "H1"})
	got := st(s).Mission.TurnOrder
	if got[0] != order[1] || got[1] != order[0] || st(s).Mission.Step != StepHeroTurn {
		t.Fatalf("swap: %v → %v, step %s", order, got, st(s).Mission.Step)
	}
}

func TestNotEVariantTrackerAndTunnel(t *testing.T) {
	s := withContent(t)
	do(t, s, SetSetting{Key: "notOfThisEarth", Value: "true"})
	do(t, s, StartMission{Mission: "M1", Mode: ModeNoteRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}, Variant12: true})
	refused(t, s, AdjustTracker{By: -1}, "say why")
	do(t, s, AdjustTracker{By: -1, Reason: "Tunnel Network"})
	if st(s).Mission.Tracker.Pos != 1 {
		t.Fatal("the tracker moved below space 1 (V-26)")
	}
	do(t, s, SetTurnOrder{Order: []string{"H1"}})
	refused(t, s, BangBoom{Cause: "hero", Card: "NQ1"}, "")
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	defendAll(t, s)
	// The NotE free move at the start of the end of round (V-41).
	refused(t, s, Move{Hero: "H1", Path: []string{"A2", "A3"}, Free: true}, "1 area")
	do(t, s, Move{Hero: "H1", Path: []string{"A2"}, Free: true})
	refused(t, s, Move{Hero: "H1", Path: []string{"A1"}, Free: true}, "at most 1")
	do(t, s, ObjectiveDone{})
	refused(t, s, ObjectiveDone{}, "already done")
	do(t, s, EndRound{})
	tr := st(s).Mission.Tracker
	if !tr.Flipped || tr.Pos != 1 || tr.Alien != 6 {
		t.Fatalf("after the objective the tracker flips to 6 with the marker on 1: %+v", tr)
	}
}

func TestNotEAlienTrackRunsOut(t *testing.T) {
	s := withContent(t)
	do(t, s, SetSetting{Key: "notOfThisEarth", Value: "true"})
	do(t, s, StartMission{Mission: "M1", Mode: ModeNoteRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}})
	for i := 0; i < 10 && !st(s).Mission.Ended; i++ {
		playQuietRound(t, s)
	}
	m := st(s).Mission
	if !m.Ended || m.Failed == "" || m.Round != 5 {
		t.Fatalf("the 5-space alien track: ended %v in round %d (%q)", m.Ended, m.Round, m.Failed)
	}
}

func TestTrackerColourReachesTheAutoma(t *testing.T) {
	s := withContent(t)
	info := testLibrary().Missions[0]
	info.PreColours = []content.Level{content.Red, content.Red, content.Red, content.Red}
	info.PostColours = []content.Level{content.Red, content.Red, content.Red}
	do(t, s, PutMissionInfo{Info: info})
	do(t, s, SetSetting{Key: "spawnLevelSource", Value: "trackerColour"})
	do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}})
	do(t, s, SetTurnOrder{Order: []string{"H1"}})
	do(t, s, Move{Hero: "H1", Path: []string{"A2", "A3"}, Basic: true, Modifiers: 1})
	e := do(t, s, OpenDoor{Hero: "H1", Door: "D1"})
	if !strings.Contains(s.Describe(e), "(red)") {
		t.Fatalf("a red tracker space should pick the red row: %q", s.Describe(e))
	}
}

func TestTriggerTokenAndFeatureByHand(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	refused(t, s, TriggerToken{Token: "T9"}, "not on the map")
	refused(t, s, TriggerToken{Token: "T3", Icons: []content.Level{"blue"}}, "V-23")
	do(t, s, TriggerToken{Token: "T3"})
	if st(s).Mission.token("T3") != nil || len(st(s).Mission.Units) == 0 {
		t.Fatal("token T3 did not spawn")
	}
	do(t, s, RevealFeature{Feature: "RF1", Icons: []content.Level{content.Green}})
	refused(t, s, RevealFeature{Feature: "RF1"}, "already face up")
	refused(t, s, RaiseAwareness{Room: "R9x", Levels: 1}, "no room")
	refused(t, s, RaiseAwareness{Room: "R4", Levels: 3}, "1 or 2")
	do(t, s, RaiseAwareness{Room: "R4", Levels: 2})
	if st(s).Mission.token("T2") != nil {
		t.Fatal("an alert room triggers its spawn tokens (T4)")
	}
	refused(t, s, SpawnEffect{Kind: "rain"}, "patrol")
	do(t, s, SpawnEffect{Kind: "patrol", Icons: []content.Level{content.Green}, Awareness: aw(content.AtEase)})
	do(t, s, AreaState{Area: "A2", Obscured: true, On: true})
	refused(t, s, AreaState{Area: "A2"}, "obscured or suppressed")
	do(t, s, EndTurn{})
	enemy(t, s)
	if st(s).Mission.Obscured["A2"] {
		t.Fatal("the obscured area did not expire at the end of the next enemy turn")
	}
	do(t, s, EndTurn{})
	enemy(t, s)
	refused(t, s, EndRound{Expired: []string{"A2"}}, "no timed token")
	do(t, s, EndRound{})
}

func FuzzDecodeState(f *testing.F) {
	s := raid(f)
	f.Add([]byte(stateJSON(f, st(s))))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		st, err := Rules.DecodeState(b)
		if err != nil {
			return
		}
		_ = Rules.Where(st)
		_, _ = json.Marshal(st)
	})
}

func TestScreenHelpers(t *testing.T) {
	s := raid(t)
	m := st(s).Mission
	if st(s).RoundsLeft() != 4 || m.DoorState("D2") != content.Locked || m.RoomOf("B1") != "R2" || len(m.Rooms()) != 6 {
		t.Fatalf("helpers: left %d, D2 %s, B1 in %s, %d rooms", st(s).RoundsLeft(), m.DoorState("D2"), m.RoomOf("B1"), len(m.Rooms()))
	}
	if m.HeroByID("H1") == nil || m.UnitByID("x") != nil || m.TokenByID("T1") == nil || m.Level("R1") != content.AtEase {
		t.Fatal("lookups")
	}
	c := campaignMission(t)
	endMission(t, c, 1)
	do(t, c, CloseMission{})
	if p, kinds, ok := SkillPrice(st(c), "H1", "Quick Shot"); !ok || p != 2 || strings.Join(kinds, ",") != "attack,wild" {
		t.Fatalf("Quick Shot for H1: %d %v %v", p, kinds, ok)
	}
	if p, kinds, ok := SkillPrice(st(c), "H2", "Recon"); !ok || p != 1 || strings.Join(kinds, ",") != "wild" {
		t.Fatalf("Recon for H2: %d %v %v", p, kinds, ok)
	}
	if _, _, ok := SkillPrice(st(c), "H1", "Vril Implants"); ok {
		t.Fatal("vril skills have no HP price")
	}
}

func TestEscort(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "SC", Area: "A1"}, {Code: "GR", Area: "A1"}}})
	ids := unitIDs(s)
	refused(t, s, EscortUnit{Hero: "H1", Unit: ids[1], Drop: -1}, "Escort keyword")
	do(t, s, EscortUnit{Hero: "H1", Unit: ids[0], Drop: -1})
	if st(s).Mission.unitsInArea("A1") != 1 {
		t.Fatal("an escorted unit counts as no enemy")
	}
	do(t, s, Override{Reason: "x", Remove: []string{ids[1]}})
	do(t, s, Move{Hero: "H1", Path: []string{"A2"}, Basic: true})
	if st(s).Mission.unit(ids[0]).Area != "A2" {
		t.Fatal("the escorted unit did not move with its hero")
	}
	do(t, s, KnockBack{Hero: "H1", To: "A3"})
	m := st(s).Mission
	if m.unit(ids[0]).Area != "A2" || m.unit(ids[0]).EscortedBy != "" || len(m.hero("H1").Items) != 0 {
		t.Fatal("a knocked-back hero drops the escort token before moving")
	}
}

func TestAufDeutschAndDisguiseKit(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Override{Reason: "x", Awareness: map[string]content.Awareness{"R4": content.Suspicious}})
	do(t, s, LowerAwareness{Hero: "H1"})
	if st(s).Mission.Awareness["R4"] != content.AtEase {
		t.Fatalf("Auf Deutsch: R4 is %v", st(s).Mission.Awareness["R4"])
	}
	refused(t, s, DisguiseKit{Hero: "H1", Room: "R4"}, "no Disguise Kit")
}

func TestSkillSides(t *testing.T) {
	s := campaignMission(t)
	refused(t, s, SetSkillActive{Hero: "H1", Skill: "Recon"}, "no skill")
	refused(t, s, SetSkillActive{Hero: "H1", Skill: "Frenzy", Active: true}, "already")
	do(t, s, SetSkillActive{Hero: "H1", Skill: "frenzy"})
	if st(s).Mission.hero("H1").Skills[0].Active {
		t.Fatal("not deactivated")
	}
	endMission(t, s, 1)
	do(t, s, CloseMission{})
	if !st(s).Campaign.hero("H1").Skills[0].Active {
		t.Fatal("§10.2 step 6: skills flip back after a campaign mission")
	}
}

func TestOverrideTokensAndCleared(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	refused(t, s, Override{Reason: "x", RemoveTokens: []string{"T9"}}, "no spawn token")
	do(t, s, Override{Reason: "x", RemoveTokens: []string{"T2"}, AddTokens: []Token{{Area: "F1", Icons: []content.Level{content.Red}}}})
	m := st(s).Mission
	if m.token("T2") != nil || len(m.Tokens) != 3 {
		t.Fatalf("tokens %+v", m.Tokens)
	}
	refused(t, s, Override{Reason: "x", AddTokens: []Token{{Area: "F1", Icons: []content.Level{"pink"}}}}, "V-23")
	do(t, s, Override{Reason: "x", Cleared: map[string]bool{"R4": true}})
	refused(t, s, Override{Reason: "x", Cleared: map[string]bool{"R4": true}}, "already has")
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "C1"}}})
	refused(t, s, Override{Reason: "x", Cleared: map[string]bool{"R3": true}}, "enemy units")
	refused(t, s, Override{Reason: "x", Cleared: map[string]bool{"R5": false}}, "no cleared token")
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "E1"}}})
	if st(s).Mission.Cleared["R4"] {
		t.Fatal("V-25: placing an enemy in a cleared room takes its token away")
	}
}

func TestTargetsAndDefenceFromTheEnemyRules(t *testing.T) {
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "OF", Area: "A1"}, {Code: "BG", Area: "A1"}}})
	ids := unitIDs(s)
	refused(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{ids[0]}, Total: 9}, "Bodyguard")
	// Dug In: +1 defence at a guard point (B2).
	do(t, s, Override{Reason: "x", Move: map[string]string{ids[1]: "B2"}})
	h := *st(s).Mission.hero("H1")
	h.Area = "B2"
	setHero(t, s, h)
	do(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{ids[1]}, Total: 3})
	if st(s).Mission.unit(ids[1]) == nil {
		t.Fatal("the guard died to 3 against defence 3 + 1 Dug In")
	}
	do(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{ids[1]}, Total: 4})
	if st(s).Mission.unit(ids[1]) != nil {
		t.Fatal("4 against 3 + 1 Dug In should kill")
	}
}

func TestAssistedModeAsksThePlayers(t *testing.T) {
	s := withContent(t)
	mp := testMap()
	mp.SightLines = nil // assisted mode: the players answer sight questions
	do(t, s, PutMap{Map: mp})
	do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}})
	do(t, s, SetTurnOrder{Order: []string{"H1"}})
	// A Grunt down the corridor: whether it saw H1 in A1 before she moved
	// next to it only the printed map shows (doors it settles: not asked).
	do(t, s, Override{Reason: "test", Place: []UnitPlacement{{Code: "GR", Area: "A3"}}})
	_, err := s.Do(Move{Hero: "H1", Path: []string{"A2"}, Basic: true})
	var need *NeedAnswer
	if !errors.As(err, &need) || need.Field == "" {
		t.Fatalf("assisted mode: want a question for the players, got %v", err)
	}
	if st(s).Mission.hero("H1").Area != "A1" {
		t.Fatal("a question recorded the move anyway")
	}
	// Answer every sight question "no" until the move goes through.
	var ans ai.Answers
	for range 200 {
		_, err = s.Do(Move{Hero: "H1", Path: []string{"A2"}, Basic: true, Answers: ans})
		if !errors.As(err, &need) {
			break
		}
		if need.Sight == nil {
			t.Fatalf("question %q", need.Question)
		}
		ans.LOS = append(ans.LOS, ai.LOSAnswer{From: need.Sight.From, To: need.Sight.To, See: false})
	}
	if err != nil {
		t.Fatal(err)
	}
	if st(s).Mission.hero("H1").Area != "A2" {
		t.Fatal("the answered move did not happen")
	}
}

// FuzzApply feeds event payloads from an import file to Apply: a broken
// or hostile file must be refused with an error, never a panic.
func FuzzApply(f *testing.F) {
	s, _ := playMission(f)
	_ = s.Events(1, func(e tracker.Event) error {
		if strings.HasPrefix(e.Kind, kindPrefix) && len(e.Payload) < 4000 {
			f.Add(e.Kind, []byte(e.Payload))
		}
		return nil
	})
	f.Add(kindPrefix+"x", []byte(`{"ops":[{"op":"hero"},{"op":"unit.move","unit":"zz"},{"op":"deck","deck":"q"}]}`))
	base := stateJSON(f, raid(f).State())
	f.Fuzz(func(t *testing.T, kind string, payload []byte) {
		st, err := Rules.DecodeState([]byte(base))
		if err != nil {
			t.Fatal(err)
		}
		_, _ = Rules.Apply(st, tracker.Event{Kind: kind, Payload: payload})
		_ = Rules.Describe(tracker.Event{Kind: kind, Payload: payload})
	})
}

func TestDecoyReactionAndBiscuits(t *testing.T) {
	s := raid(t)
	h2 := *st(s).Mission.hero("H2")
	h2.Skills = []Skill{{ID: "Decoy", Type: SkillTactical, Active: true}}
	setHero(t, s, h2)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "A1"}}, Awareness: map[string]content.Awareness{"R1": content.Alert}})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	p := st(s).Mission.Pending[0]
	target := p.Defenders[0]
	other := "H1"
	if target == "H1" {
		other = "H2"
	}
	if other != "H2" {
		t.Skip("the grunt attacked the Decoy hero itself")
	}
	refused(t, s, Defend{Hero: target, Decoy: target, Total: 9}, "another hero")
	do(t, s, Defend{Hero: target, Decoy: "H2", Total: 0, WoundCard: "W", Threshold: 0})
	m := st(s).Mission
	if len(m.hero("H2").Wounds) != 1 || len(m.hero("H1").Wounds) != 0 {
		t.Fatal("the Decoy hero should take the wound")
	}
	// Withdraw after the wound: a reaction move outside the hero's turn.
	refused(t, s, Move{Hero: "H1", Reaction: "Withdraw", Path: []string{"A2", "A3"}}, "1 area")
	do(t, s, Move{Hero: "H1", Reaction: "Withdraw", Path: []string{"A2"}})
	if st(s).Mission.hero("H1").Area != "A2" {
		t.Fatal("reaction move")
	}
	do(t, s, EnemyTurn{}) // after the test and the reaction the enemy turn goes on (§7.5.5)
	// Dog Biscuits: the area is marked for the rest of the turn.
	h := *st(s).Mission.hero("H2")
	h.Items = []Item{{Name: "Dog Biscuits"}}
	setHero(t, s, h)
	do(t, s, UseItem{Hero: "H2", Item: 0, Discard: true})
	if !st(s).Mission.Biscuits["A1"] {
		t.Fatal("Dog Biscuits not recorded")
	}
	do(t, s, EndTurn{})
	enemy(t, s)
	do(t, s, EndRound{})
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	if len(st(s).Mission.Biscuits) != 0 {
		t.Fatal("Dog Biscuits outlasted the turn")
	}
}

func TestPrompt(t *testing.T) {
	s, _ := newSession(t)
	if p := st(s).Prompt(); !strings.Contains(p, "Enter the content") {
		t.Errorf("prompt %q", p)
	}
	r := raid(t)
	want := []struct {
		cmd    tracker.Command
		prompt string
	}{
		{nil, "Choose the heroes' order"},
		{SetTurnOrder{Order: []string{"H1", "H2"}}, "Hero H1's turn"},
		{EndTurn{}, "Enemy turn"},
		{EnemyTurn{}, "Hero H2's turn"},
		{EndTurn{}, "Enemy turn"},
		{EnemyTurn{}, "End of round"},
	}
	for _, w := range want {
		if w.cmd != nil {
			do(t, r, w.cmd)
		}
		if p := st(r).Prompt(); !strings.Contains(p, w.prompt) {
			t.Errorf("after %T: prompt %q, want %q", w.cmd, p, w.prompt)
		}
	}
}

func noteRaid(t *testing.T) *tracker.Session {
	t.Helper()
	s, _ := noteRaidOf(t)
	return s
}

// noteRaidOf is noteRaid with its store, for replay checks.
func noteRaidOf(t *testing.T) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	s, mem := newSession(t)
	data, err := ExportContent(&State{Library: testLibrary()})
	if err != nil {
		t.Fatal(err)
	}
	do(t, s, ImportContent{Data: data})
	do(t, s, SetSetting{Key: "notOfThisEarth", Value: "true"})
	do(t, s, StartMission{Mission: "M1", Mode: ModeNoteRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1"), heroSetup("H2", "A1")}})
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	return s, mem
}

func TestEnvironmentTokens(t *testing.T) {
	r := raid(t)
	refused(t, r, RevealEnvironment{Area: "A2", Kind: EnvAlienWeb}, "Not of this Earth")
	s := noteRaid(t)
	refused(t, s, RevealEnvironment{Area: "A2", Kind: "lava"}, "an environment token is one of Alien Spore")
	do(t, s, RevealEnvironment{Area: "A2", Kind: EnvLooseGround})
	refused(t, s, RevealEnvironment{Area: "A2", Kind: EnvAlienWeb}, "already face up")
	do(t, s, Move{Hero: "H1", Path: []string{"A2"}, Basic: true})
	if !st(s).Mission.hero("H1").KnockedDown {
		t.Fatal("loose ground knocks the hero down")
	}
	do(t, s, RevealEnvironment{Area: "A1", Kind: EnvAlienWeb})
	do(t, s, RevealEnvironment{Area: "A3", Kind: EnvAlienSpore})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	defendAll(t, s)
	refused(t, s, Move{Hero: "H2", Path: []string{"A2"}, Basic: true}, "Alien Web")
	do(t, s, Move{Hero: "H2", Path: []string{"A2"}})
	if !st(s).Mission.hero("H2").KnockedDown {
		t.Fatal("loose ground knocks every hero entering down")
	}
	do(t, s, Move{Hero: "H2", Basic: true}) // stands up
	do(t, s, Move{Hero: "H2", Path: []string{"A3"}})
	do(t, s, EndTurn{})
	m := st(s).Mission
	if len(m.Pending) != 1 || m.Pending[0].Total != AlienSporeAttack || m.Pending[0].Defenders[0] != "H2" {
		t.Fatalf("Alien Spore: pending %+v", m.Pending)
	}
	refused(t, s, EnemyTurn{}, "defence tests first")
	do(t, s, Defend{Hero: "H2", Total: 5})
	do(t, s, EnemyTurn{})
}

func TestTunnelNetworkAndPortal(t *testing.T) {
	s := noteRaid(t)
	do(t, s, RevealEnvironment{Area: "A1", Kind: EnvTunnelNetwork})
	do(t, s, RevealEnvironment{Area: "A3", Kind: EnvTunnelNetwork})
	do(t, s, AdjustTracker{By: 2, Reason: "test"})
	refused(t, s, UseTunnel{Hero: "H1", To: "A3", Back: true}, "not both")
	refused(t, s, UseTunnel{Hero: "H1", To: "A2"}, "no other")
	do(t, s, UseTunnel{Hero: "H1", Back: true})
	if st(s).Mission.Tracker.Pos != 2 || st(s).Mission.Environment["A1"] != "" {
		t.Fatalf("tunnel: tracker %+v, token left %q", st(s).Mission.Tracker, st(s).Mission.Environment["A1"])
	}
	refused(t, s, UseTunnel{Hero: "H1", To: "A3"}, "no discovered tunnel")
	// The portal: heroes leave through it only when its tokens are gone.
	do(t, s, PlacePortal{Area: "A1", Tokens: 1})
	h := *st(s).Mission.hero("H1")
	h.Items = []Item{{Name: "Alien Egg", Kind: ItemObjective}, {Name: "Orb", Kind: ItemVrilOrb}}
	setHero(t, s, h)
	refused(t, s, Escape{Hero: "H1"}, "still carries 1")
	do(t, s, ReadyPortal{Hero: "H1", Orb: 1})
	refused(t, s, ReadyPortal{Hero: "H1", Orb: 0}, "no portal token")
	do(t, s, Escape{Hero: "H1"})
	if !st(s).Mission.Ended {
		t.Fatal("leaving through the open portal ends the game")
	}
}
