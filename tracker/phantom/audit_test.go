package phantom

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// Audit tests: each one pins a rule of the spec (phantom-epoch.md) the
// package got wrong before.

// §6.6, §11.1 step 7: a character defeated during its own turn (start of
// turn damage, a hazard, a correction) is out of the round; the next figure
// takes its turn.
func TestAuditDefeatedInOwnTurnEndsIt(t *testing.T) {
	type row struct {
		name  string
		conds []string
		hp    int
		after []any
	}
	rows := []row{
		{"bleeding at the start", []string{"Bleeding"}, 2, nil},
		{"burning at the start", []string{"Burning"}, 3, nil},
		{"corrected to 0", nil, 5, []any{CorrectFigure{Figure: "Bo", HP: intp(0)}}},
		{"damage", nil, 4, []any{Damage{Figure: "Bo", N: 4}}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			s := withContent(t)
			do(t, s, startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
				CorrectFigure{Figure: "Bo", SetConditions: true, Conditions: r.conds, HP: intp(r.hp)},
				DrawAdversaryCards{}, DetermineInitiative{}, StartTurn{Character: "Bo"})
			do(t, s, r.after...)
			m := st(s).Mission
			if !m.fig("Bo").Defeated {
				t.Fatalf("Bo should be defeated")
			}
			if m.Current != "" || m.next() == "Bo" || m.next() == "" {
				t.Fatalf("the defeated character's turn must end: current %q next %q", m.Current, m.next())
			}
		})
	}
}

// §4 Knocked Down: no action other than Move or Leap until it stands up;
// a Teleport is another action.
func TestAuditKnockedDownCannotTeleport(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		CorrectFigure{Figure: "Bo", SetConditions: true, Conditions: []string{"Knocked Down"}},
		DrawAdversaryCards{}, DetermineInitiative{}, StartTurn{Character: "Bo"})
	refused(t, s, MoveFigure{Figure: "Bo", Path: []string{"D-5"}, Kind: "teleport"}, "§4")
	if !st(s).Mission.fig("Bo").has(phantom.KnockedDown) {
		t.Fatal("still Knocked Down")
	}
	// A Move stands it up first.
	do(t, s, MoveFigure{Figure: "Bo", Path: []string{"C-2"}, MP: 2})
	if st(s).Mission.fig("Bo").has(phantom.KnockedDown) {
		t.Fatal("the first MP stands it up")
	}
}

// §6.1 maxHp: species HP plus equipment effects; equipping at mission
// setup or on a rest turn (V-06) changes the figure's max HP and Guard.
func TestAuditEquipInMissionChangesMaxHP(t *testing.T) {
	s := withContent(t)
	do(t, s, SaveContent{Kind: KindEquipment, Data: raw(Equipment{ID: "Vest", Tier: 1, Planet: "Berkav", Slot: "body", Cost: 3, MaxHP: 2, Guard: 1})})
	st(s).Characters["Ana"].Equipment = append(st(s).Characters["Ana"].Equipment, Gear{ID: "Vest"})
	do(t, s, startCmd(), Equip{Character: "Ana", Equipment: "Vest", Slot: "body"})
	ana := st(s).Mission.fig("Ana")
	if ana.MaxHP != 12 || ana.HP != 12 || ana.Guard != 1 {
		t.Fatalf("equipped at setup: HP %d/%d Guard %d, want 12/12 Guard 1", ana.HP, ana.MaxHP, ana.Guard)
	}
	do(t, s, Equip{Character: "Ana", Equipment: "Vest"})
	ana = st(s).Mission.fig("Ana")
	if ana.MaxHP != 10 || ana.HP != 10 || ana.Guard != 0 {
		t.Fatalf("unequipped at setup: HP %d/%d Guard %d, want 10/10 Guard 0", ana.HP, ana.MaxHP, ana.Guard)
	}
	// Equipped before the mission, taken off on a rest turn: HP never
	// above the new maximum.
	s = withContent(t)
	do(t, s, SaveContent{Kind: KindEquipment, Data: raw(Equipment{ID: "Vest", Tier: 1, Planet: "Berkav", Slot: "body", Cost: 3, MaxHP: 2, Guard: 1})})
	st(s).Characters["Bo"].Equipment = append(st(s).Characters["Bo"].Equipment, Gear{ID: "Vest", Slot: "body"})
	do(t, s, startCmd(), BeginRound{})
	m := st(s).Mission
	m.fig("Bo").Discard = []string{"H9"}
	m.fig("Bo").Hand = remove(m.fig("Bo").Hand, "H9")
	do(t, s, Rest{Character: "Bo"}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, DrawAdversaryCards{}, DetermineInitiative{}, StartTurn{Character: "Bo"},
		Equip{Character: "Bo", Equipment: "Vest"})
	bo := st(s).Mission.fig("Bo")
	if bo.MaxHP != 10 || bo.HP != 10 || bo.Guard != 0 {
		t.Fatalf("unequipped on a rest turn: HP %d/%d Guard %d, want 10/10 Guard 0", bo.HP, bo.MaxHP, bo.Guard)
	}
}

// §14.3: nova cells and unequipped attachments may be traded; the
// rulebook makes no exception for starting attachments (only dismantling
// them is forbidden, V-17).
func TestAuditTradeStartingAttachment(t *testing.T) {
	s := withContent(t)
	do(t, s, Trade{From: "Ana", To: "Bo", Attachment: "Kit W"})
	if !slicesHasGear(st(s).Characters["Bo"].Attachments, "Kit W") {
		t.Fatal("Bo should own Kit W")
	}
	refused(t, s, DismantleAttachment{Character: "Bo", Attachment: "Kit W"}, "V-17")
}

func slicesHasGear(gs []Gear, id string) bool {
	for _, g := range gs {
		if g.ID == id {
			return true
		}
	}
	return false
}

// §14.3, V-25: a standalone training's tier is at least 1, and attachment
// decks go up to tier 4.
func TestAuditStandaloneTrainingTiers(t *testing.T) {
	for tier := 0; tier <= 5; tier++ {
		s := withContent(t)
		_, err := s.Do(StandaloneTraining{Tier: tier, Characters: []string{"Ana"}})
		ok := tier >= 1 && tier <= 4
		if (err == nil) != ok {
			t.Errorf("tier %d: err %v, want accepted %v", tier, err, ok)
		}
		if ok {
			ana := st(s).Characters["Ana"]
			if ana.Nova != 15*tier || ana.SP != 3*tier {
				t.Errorf("tier %d: nova %d SP %d", tier, ana.Nova, ana.SP)
			}
		}
	}
}

// §14.3: only the characters who embarked on the previous mission are
// present for an expedition — for SP as for nova cells.
func TestAuditExpeditionSPOnlyPresent(t *testing.T) {
	s := withContent(t)
	finish(t, s, startCmd(), false)
	refused(t, s, Expedition{Card: "7", SP: map[string]int{"Cy": 1}}, "§14.3")
	do(t, s, Expedition{Card: "7", SP: map[string]int{"Ana": 1}})
}

// §12.2 step 11, V-06: items up to the item slots, each owned card once.
func TestAuditEmbarkItemTwice(t *testing.T) {
	s := withContent(t)
	st(s).Characters["Bo"].Items = []string{"Medkit"}
	c := startCmd()
	c.Party[1].Items = []string{"Medkit", "Medkit"}
	refused(t, s, c, "V-06")
}

// §6.4 step 3, V-13: one selected card may be converted to an Attack, and
// then no other Attack is made that turn, before or after.
func TestAuditConvertedAttackOnlyOne(t *testing.T) {
	setup := func(t *testing.T) *tracker.Session {
		s := withContent(t)
		boFirst(t, s, []string{"H3", "H1", "H4"}, "C-3")
		return s
	}
	t.Run("printed attack first", func(t *testing.T) {
		s := setup(t)
		do(t, s, PlayCard{Character: "Bo", Card: "H3"}, Attack{Attacker: "Bo", Space: "B-3", Roll: "1"})
		refused(t, s, PlayCard{Character: "Bo", Card: "H1", Convert: "attack"}, "§6.4")
	})
	t.Run("second conversion", func(t *testing.T) {
		s := setup(t)
		do(t, s, PlayCard{Character: "Bo", Card: "H3", Convert: "attack"})
		refused(t, s, PlayCard{Character: "Bo", Card: "H1", Convert: "attack"}, "§6.4")
		do(t, s, Attack{Attacker: "Bo", Space: "B-3", Roll: "1", Converted: true})
		refused(t, s, PlayCard{Character: "Bo", Card: "H1", Convert: "attack"}, "§6.4")
		do(t, s, PlayCard{Character: "Bo", Card: "H1", Convert: "move"})
	})
}

// §12.2 step 10, §6.3 item 4, V-07: at mission setup and on a rest turn a
// character charges from its own nova cells — those on its sheet as well
// as those collected on this mission.
func TestAuditChargeInMissionUsesOwnNova(t *testing.T) {
	s := withContent(t)
	st(s).Characters["Ana"].Nova = 3
	st(s).Characters["Ana"].Equipment = []Gear{{ID: "Helmet", Slot: "head"}}
	do(t, s, startCmd())
	st(s).Mission.fig("Ana").Nova = 1
	do(t, s, Charge{Character: "Ana", Equipment: "Helmet", N: 2})
	ana, fig := st(s).Characters["Ana"], st(s).Mission.fig("Ana")
	if ana.Equipment[0].Charges != 2 || fig.Nova+ana.Nova != 2 {
		t.Fatalf("charged %d, nova left sheet %d + collected %d, want 2 and 2 in all", ana.Equipment[0].Charges, ana.Nova, fig.Nova)
	}
	do(t, s, Charge{Character: "Ana", Equipment: "Helmet", N: -2})
	refused(t, s, Charge{Character: "Ana", Equipment: "Helmet", N: 5}, "V-07")
}

// RB Frozen (p.37): a Frozen figure's cards cannot be converted to
// movement. The spec's §6.4/V-14 "no conversions" goes further than the
// rulebook, which wins: converting to an Attack stays allowed.
func TestAuditFrozenForbidsOnlyMoveConversion(t *testing.T) {
	s := withContent(t)
	boFirst(t, s, []string{"H3", "H1"}, "C-3")
	do(t, s, Inflict{Figure: "Bo", Condition: "Frozen"})
	refused(t, s, PlayCard{Character: "Bo", Card: "H1", Convert: "move"}, "V-14")
	do(t, s, PlayCard{Character: "Bo", Card: "H3", Convert: "attack"}, Attack{Attacker: "Bo", Space: "B-3", Roll: "1", Converted: true})
}

// §12.2 step 3: at setup every orb still in play goes on its active side
// and every treasure still in play is placed, whatever the map file says.
func TestAuditSetupOrbsActive(t *testing.T) {
	s := withContent(t)
	mp := strings.Replace(testMap(), `"number": 4}`, `"number": 4, "active": false}`, 1)
	do(t, s, SaveContent{Kind: KindMap, ID: "berkav-1", Data: json.RawMessage(mp)}, startCmd())
	hm, err := st(s).liveMap()
	if err != nil {
		t.Fatal(err)
	}
	if sp, _ := hm.Space("B-6"); !sp.Orb.Active {
		t.Fatal("campaign orb 4 not yet activated goes on the map active side up")
	}
}

// §4 Vengeful: no strike-back when the attack left the target Knocked
// Down or Stunned (the token stays).
func TestAuditVengefulNotWhenKnockedDown(t *testing.T) {
	for _, cond := range []string{"Knocked Down", "Stunned", ""} {
		s := withContent(t)
		boFirst(t, s, []string{"H3"}, "B-2", CorrectFigure{Figure: "Grallok Berserker 1", SetConditions: true, Conditions: []string{"Vengeful"}})
		a := Attack{Attacker: "Bo", Target: "Grallok Berserker 1", Roll: "1"}
		if cond != "" {
			a.Inflict = []string{cond}
		}
		_, line, err := direct(st(s), a, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := strings.Contains(line, "resolve its reaction"), cond == ""; got != want {
			t.Errorf("%q: line %q, strike-back offered %v, want %v", cond, line, got, want)
		}
	}
}

// §6.3 item 6: on its rest turn a character plays no Action card, so it
// does not move.
func TestAuditNoMoveOnRestTurn(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{})
	m := st(s).Mission
	m.fig("Bo").Discard = []string{"H9"}
	m.fig("Bo").Hand = remove(m.fig("Bo").Hand, "H9")
	do(t, s, Rest{Character: "Bo"}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, DrawAdversaryCards{}, DetermineInitiative{}, StartTurn{Character: "Bo"})
	refused(t, s, MoveFigure{Figure: "Bo", Path: []string{"C-2"}}, "§6.3")
	do(t, s, EndTurn{Character: "Bo"})
}

// A-37 / §6.7 item 6 as a setting: with resetAfterMission off, bandages
// and once-per-mission item flips are not cleared after a mission, so the
// next mission starts with them.
func TestAuditResetAfterMissionOff(t *testing.T) {
	for _, reset := range []bool{true, false} {
		s := withContent(t)
		set := DefaultSettings()
		set.ResetAfterMission = reset
		if !reset {
			do(t, s, ChangeSettings{Settings: set})
		}
		st(s).Characters["Bo"].Items = []string{"Medkit"}
		c := startCmd()
		c.Party[1].Items = []string{"Medkit"}
		do(t, s, c, Damage{Figure: "Bo", N: 3}, Heal{Figure: "Bo", N: 1, HealAction: true}, UseItem{Character: "Bo", Item: "Medkit"},
			MissionResult{Success: false}, c)
		bo := st(s).Mission.fig("Bo")
		wantBandages := 0
		if !reset {
			wantBandages = 1
		}
		if bo.Bandages != wantBandages || bo.Items[0].Used == reset {
			t.Errorf("reset %v: next mission bandages %d, Medkit used %v", reset, bo.Bandages, bo.Items[0].Used)
		}
	}
}

// §4 Invisible: no figure but the Invisible one itself can affect it with
// any action — a Heal, a condition, damage. Without an acting figure the
// change comes from the table (an event, a hazard, a correction) and is
// allowed; so is the Invisible figure acting on itself.
func TestAuditInvisibleUnaffectedByOthers(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), CorrectFigure{Figure: "Bo", SetConditions: true, Conditions: []string{"Invisible"}, HP: intp(5)})
	for _, by := range []string{"Ana", "Grallok Berserker 1"} {
		refused(t, s, Heal{Figure: "Bo", N: 2, HealAction: true, By: by}, "§4")
		refused(t, s, Inflict{Figure: "Bo", Condition: "Barrier", By: by}, "§4")
		refused(t, s, Damage{Figure: "Bo", N: 1, By: by}, "§4")
	}
	refused(t, s, Heal{Figure: "Bo", N: 2, By: "Nobody"}, "§")
	// A defeated figure acts on no one, Invisible or not (§6.6).
	do(t, s, Damage{Figure: "Grallok Berserker 2", N: 20, Source: "test"})
	refused(t, s, Damage{Figure: "Ana", N: 1, By: "Grallok Berserker 2"}, "§6.6")
	refused(t, s, Heal{Figure: "Bo", N: 1, By: "Grallok Berserker 2"}, "§6.6")
	if bo := st(s).Mission.fig("Bo"); bo.HP != 5 || len(bo.Conditions) != 1 {
		t.Fatalf("refused actions changed Bo: HP %d %v", bo.HP, bo.CondList())
	}
	do(t, s, Heal{Figure: "Bo", N: 2, HealAction: true, By: "Bo"}, Inflict{Figure: "Bo", Condition: "Barrier", By: "Bo"},
		Damage{Figure: "Bo", N: 1, Source: "fire"}, Heal{Figure: "Bo", N: 1}, Inflict{Figure: "Bo", Condition: "Weakened"})
	bo := st(s).Mission.fig("Bo")
	if bo.HP != 8 || !bo.has(phantom.Weakened) || bo.has(phantom.Barrier) {
		t.Fatalf("Bo: HP %d %v; want HP 8 (healed 2, Barrier took the fire, healed 1), Weakened", bo.HP, bo.CondList())
	}
	// Visible figures are affected by others as before.
	do(t, s, Damage{Figure: "Ana", N: 1, By: "Grallok Berserker 1"}, Heal{Figure: "Ana", N: 1, By: "Bo"}, Inflict{Figure: "Ana", Condition: "Barrier", By: "Bo"})
	// Old payloads carry no acting figure and still replay.
	if got := jsonOf(t, Heal{Figure: "Bo", N: 1}); strings.Contains(got, "by") {
		t.Fatalf("an empty acting figure must be left out: %s", got)
	}
	var old Damage
	if err := json.Unmarshal([]byte(`{"figure":"Bo","n":1,"source":"fire"}`), &old); err != nil || old.By != "" {
		t.Fatalf("old payload: %+v %v", old, err)
	}
}

// A-11, §4: an adversary's attack that gives a character a condition it
// already holds refreshes it, and the refresh restarts the timer (setting
// refreshRestartsTimer, on by default); off, the old timer stays. A
// condition newly gained starts its timer then.
func TestAuditAdversaryRefreshRestartsTimer(t *testing.T) {
	for _, restart := range []bool{true, false} {
		s, mem := newSession(t)
		do(t, s, contentCommands()...)
		set := DefaultSettings()
		set.RefreshRestartsTimer = restart
		var rows []phantom.ClassRow
		for _, col := range phantom.Colours {
			rows = append(rows, phantom.ClassRow{Colour: col, Card: phantom.Card{AP: 1, Actions: []phantom.Action{{Kind: phantom.ActAttack, Inflict: []string{"Frozen", "Bleeding"}}}}})
		}
		for i := 1; i <= 3; i++ {
			do(t, s, SaveContent{Kind: KindClassCard, ID: "B" + string(rune('0'+i)), Data: raw(ClassCard{Class: "Berserker", Card: phantom.ClassCard{Rows: rows}})})
		}
		if !restart {
			do(t, s, ChangeSettings{Settings: set})
		}
		do(t, s, startCmd(), MoveFigure{Figure: "Ana", Path: []string{"C-1", "B-1"}},
			BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
			SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
			DrawAdversaryCards{}, DetermineInitiative{})
		const adv = "Grallok Berserker 1"
		toTurnOf(t, s, adv)
		do(t, s, Inflict{Figure: "Ana", Condition: "Frozen"})
		was := st(s).Mission.fig("Ana").Conditions["Frozen"]
		do(t, s, ResolveAdversaryTurn{Adversary: adv, Attack: []string{"3"}})
		if p := st(s).Mission.Pending; p == nil || !strings.Contains(turnSummary(p.Turn), "Ana") {
			t.Fatalf("the Berserker should attack Ana: %+v", p)
		}
		// The timers come out the same replayed from the log, and undo
		// gives back the old ones.
		undoReplays(t, s, mem, ConfirmAdversaryTurn{}, func(s *State) string {
			ana, now := s.Mission.fig("Ana"), s.Tick
			want := was
			if restart {
				want = now
			}
			if got := ana.Conditions["Frozen"]; got != want || ana.Conditions["Bleeding"] != now {
				return fmt.Sprintf("restart %v: Frozen from tick %d (was %d, confirmed at %d), Bleeding from %d", restart, got, was, now, ana.Conditions["Bleeding"])
			}
			return ""
		})
	}
}

// §4, §6.3 item 2: at the start of its rest turn a character may remove
// any detrimental conditions. With restRemovesAllDetrimental on (the
// spec's default) every one goes unless the players keep some (Keep);
// off, only those the players pick (Drop) go. Beneficial ones stay.
func TestAuditRestDropsDetrimentalBySetting(t *testing.T) {
	type row struct {
		all        bool
		keep, drop []string
		left       string
	}
	for _, r := range []row{
		{true, nil, nil, "Barrier"},
		{true, []string{"Weakened"}, nil, "Barrier,Weakened"},
		{false, nil, nil, "Barrier,Bleeding,Frozen,Weakened"},
		{false, nil, []string{"Bleeding", "Frozen"}, "Barrier,Weakened"},
		{false, nil, []string{"Bleeding", "Frozen", "Weakened"}, "Barrier"},
	} {
		s := withContent(t)
		if !r.all {
			set := DefaultSettings()
			set.RestRemovesAllDetrimental = false
			do(t, s, ChangeSettings{Settings: set})
		}
		do(t, s, startCmd(), BeginRound{})
		m := st(s).Mission
		m.fig("Bo").Discard = []string{"H9"}
		m.fig("Bo").Hand = remove(m.fig("Bo").Hand, "H9")
		do(t, s, Rest{Character: "Bo"}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, DrawAdversaryCards{}, DetermineInitiative{},
			CorrectFigure{Figure: "Bo", SetConditions: true, Conditions: []string{"Bleeding", "Weakened", "Barrier", "Frozen"}})
		if !r.all {
			// A pick must be a detrimental condition the character holds.
			refused(t, s, StartTurn{Character: "Bo", Drop: []string{"Barrier"}}, "§6.3")
			refused(t, s, StartTurn{Character: "Bo", Drop: []string{"Stunned"}}, "§6.3")
			// The list the setting does not use is not silently ignored.
			refusedWhy(t, s, StartTurn{Character: "Bo", Keep: []string{"Weakened"}}, "§6.3", "is off: name those Bo drops")
		} else {
			refusedWhy(t, s, StartTurn{Character: "Bo", Drop: []string{"Weakened"}}, "§6.3", "is on: name those Bo keeps")
		}
		do(t, s, StartTurn{Character: "Bo", Keep: r.keep, Drop: r.drop})
		bo := st(s).Mission.fig("Bo")
		if got := strings.Join(bo.CondList(), ","); got != r.left || bo.HP != 10 {
			t.Errorf("all %v keep %v drop %v: left %s HP %d, want %s and no Bleeding damage", r.all, r.keep, r.drop, got, bo.HP, r.left)
		}
	}
	// Dropping is for a rest turn only.
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{}, CorrectFigure{Figure: "Ana", SetConditions: true, Conditions: []string{"Weakened"}},
		CorrectFigure{Figure: "Bo", SetConditions: true, Conditions: []string{"Weakened"}})
	n := st(s).Mission.next()
	for st(s).Mission.fig(n).Side != "character" {
		do(t, s, ResolveAdversaryTurn{Adversary: n}, OverrideAdversaryTurn{Reason: "test"})
		n = st(s).Mission.next()
	}
	refused(t, s, StartTurn{Character: n, Drop: []string{"Weakened"}}, "§6.3")
}

// §6.3 items 5–6: a rest turn plays no Action card, so the character
// makes no attack unless an item or equipment it uses grants one — the
// attack then says which. A converted attack needs a card: never.
func TestAuditNoAttackOnRestTurnUnlessGranted(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), MoveFigure{Figure: "Ana", Path: []string{"C-1", "B-1"}}, BeginRound{})
	m := st(s).Mission
	m.fig("Ana").Discard = []string{"W9"}
	m.fig("Ana").Hand = remove(m.fig("Ana").Hand, "W9")
	do(t, s, Rest{Character: "Ana"}, SelectCards{Character: "Bo", Cards: []string{"H3"}}, DrawAdversaryCards{}, DetermineInitiative{})
	toTurnOf(t, s, "Ana")
	do(t, s, StartTurn{Character: "Ana"})
	const adv = "Grallok Berserker 1"
	refused(t, s, Attack{Attacker: "Ana", Target: adv, Roll: "2"}, "§6.3")
	refused(t, s, Attack{Attacker: "Ana", Target: adv, Roll: "2", Granted: "   "}, "§6.3")
	refused(t, s, Attack{Attacker: "Ana", Target: adv, Roll: "2", Converted: true, Granted: "Flare"}, "§6.3")
	// An attack recorded on a rest turn before the check still replays.
	old := raw(payload{Command: json.RawMessage(`{"attacker":"Ana","target":"Grallok Berserker 1","roll":"2"}`), Line: "old"})
	if _, err := (Rules{}).Apply(st(s).clone(), tracker.Event{Kind: "phantom-epoch.attack", Payload: old}); err != nil {
		t.Fatalf("an old rest-turn attack must replay: %v", err)
	}
	hp := st(s).Mission.fig(adv).HP
	e, err := s.Do(Attack{Attacker: "Ana", Target: adv, Roll: "2", Granted: "Flare"})
	if err != nil {
		t.Fatal(err)
	}
	if st(s).Mission.fig(adv).HP >= hp || !strings.Contains(s.Describe(e), "Flare") {
		t.Fatalf("the granted attack should hit and say what granted it: HP %d → %d, %q", hp, st(s).Mission.fig(adv).HP, s.Describe(e))
	}
}
