package reich

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// TestValidationRules is the proof for spec §13: one row (at least) per
// validation rule V-01…V-48. A "reject" row sends the wrong input and wants
// it refused, the state untouched, with the rule's number and plain words
// a player understands. A "clamp" or "derive" row sends the input (or plays
// the moment) and checks the value the app keeps instead.
func TestValidationRules(t *testing.T) {
	for _, r := range validationRows() {
		t.Run(r.rule+" "+r.what, func(t *testing.T) {
			s := r.setup(t)
			if r.cmdOf != nil {
				refusedInWords(t, s, r.cmdOf(s), r.rule, r.words)
			}
			if r.cmd != nil {
				refusedInWords(t, s, r.cmd, r.rule, r.words)
			}
			if r.check != nil {
				r.check(t, s)
			}
		})
	}
}

// TestValidationTableCoversSection13 keeps the table complete: every rule
// of §13 has a row.
func TestValidationTableCoversSection13(t *testing.T) {
	have := map[string]bool{}
	for _, r := range validationRows() {
		have[r.rule] = true
		hasCmd := r.cmd != nil || r.cmdOf != nil
		if !hasCmd && r.check == nil {
			t.Errorf("%s %s: a row needs a refused input or a check", r.rule, r.what)
		}
		if hasCmd && r.words == "" {
			t.Errorf("%s %s: name the plain words the player reads", r.rule, r.what)
		}
	}
	for i := 1; i <= 48; i++ {
		if id := fmt.Sprintf("V-%02d", i); !have[id] {
			t.Errorf("§13 rule %s has no row", id)
		}
	}
}

type validationRow struct {
	rule  string // the §13 id
	what  string
	setup func(t testing.TB) *tracker.Session
	// cmd is refused with the rule's id and words in the message.
	cmd   tracker.Command
	cmdOf func(s *tracker.Session) tracker.Command // a cmd that needs the table's ids
	words string
	// check looks at what was kept (clamp, derive), after cmd if any.
	check func(t *testing.T, s *tracker.Session)
}

// refusedInWords is refused plus the player's side of the message: the
// plain words, and nothing that reads like a program's insides.
func refusedInWords(t *testing.T, s *tracker.Session, cmd tracker.Command, rule, words string) {
	t.Helper()
	refused(t, s, cmd, rule)
	_, err := s.Do(cmd)
	var re *tracker.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%T: %v is not a rule refusal", cmd, err)
	}
	if !strings.Contains(re.Why, words) {
		t.Errorf("%T: refusal %q does not say %q", cmd, re.Why, words)
	}
	for _, bad := range []string{"%!", "<nil>", "{", "0x", "panic", "[]"} {
		if strings.Contains(re.Why, bad) {
			t.Errorf("%T: refusal %q reads like a program's insides (%q)", cmd, re.Why, bad)
		}
	}
}

// inTurn is a raid at hero H1's first turn (H1, then H2; both in A1).
func inTurn(t testing.TB) *tracker.Session {
	t.Helper()
	s := raid(t)
	do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
	return s
}

// editHero changes a dashboard by the correction command.
func editHero(t testing.TB, s *tracker.Session, id string, f func(h *Hero)) {
	t.Helper()
	h := *st(s).Mission.hero(id)
	f(&h)
	setHero(t, s, h)
}

func place(t testing.TB, s *tracker.Session, area string, codes ...string) {
	t.Helper()
	var p []UnitPlacement
	for _, c := range codes {
		p = append(p, UnitPlacement{Code: c, Area: area})
	}
	do(t, s, Override{Reason: "test setup", Place: p})
}

// postAlarm is a raid after the alarm, at the start of round 2.
func postAlarm(t testing.TB) *tracker.Session {
	t.Helper()
	s := inTurn(t)
	do(t, s, AdjustTracker{By: 4, Reason: "test: past the last pre-alarm space"})
	do(t, s, EndRound{})
	defendAll(t, s)
	if st(s).Mission.Phase != PhasePostAlarm {
		t.Fatalf("no alarm: phase %s", st(s).Mission.Phase)
	}
	return s
}

// debrief is a campaign mission closed with success, skills on sale.
func debrief(t testing.TB) *tracker.Session {
	t.Helper()
	s := campaignMission(t)
	endMission(t, s, 1)
	do(t, s, CloseMission{})
	do(t, s, SetHQ{HP: []string{HPWild, HPWild, HPAttack}, Reason: "test stock"})
	return s
}

func validationRows() []validationRow {
	return []validationRow{
		{rule: "V-01", what: "five heroes", setup: func(t testing.TB) *tracker.Session { return withContent(t) },
			cmd: StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1",
				Heroes: []HeroSetup{heroSetup("1", "A1"), heroSetup("2", "A1"), heroSetup("3", "A1"), heroSetup("4", "A1"), heroSetup("5", "A1")}},
			words: "1 to 4 heroes"},
		{rule: "V-01", what: "a hero twice", setup: func(t testing.TB) *tracker.Session { return withContent(t) },
			cmd:   StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1"), heroSetup("H1", "A1")}},
			words: "twice"},
		{rule: "V-02", what: "starting cards are set, not typed", setup: raid,
			check: func(t *testing.T, s *tracker.Session) {
				for _, h := range st(s).Mission.Heroes {
					if h.Hand != 4 || h.Draw != 8 || h.Discard != 0 || h.Removed != 0 || h.InPlay != 0 {
						t.Fatalf("%s starts with hand %d draw %d discard %d removed %d in play %d", h.ID, h.Hand, h.Draw, h.Discard, h.Removed, h.InPlay)
					}
				}
			}},
		{rule: "V-03", what: "a correction that makes 13 cards", setup: inTurn,
			cmdOf: func(s *tracker.Session) tracker.Command {
				h := *st(s).Mission.hero("H1")
				h.Hand++
				return CorrectHero{Hero: h, Reason: "x"}
			}, words: "12",
		},
		{rule: "V-04", what: "a second basic move", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			do(t, s, Move{Hero: "H1", Path: []string{"A2"}, Basic: true})
			return s
		}, cmd: Move{Hero: "H1", Path: []string{"A3"}, Basic: true}, words: "basic move"},
		{rule: "V-05", what: "a downed hero draws instead of Recover", setup: func(t testing.TB) *tracker.Session {
			s := raid(t)
			woundBy(t, s, "H1", 4)
			do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
			return s
		}, cmd: DrawCards{Hero: "H1"}, words: "Recover"},
		{rule: "V-05", what: "Recover keeps 2 of 4 wound cards", setup: func(t testing.TB) *tracker.Session {
			s := raid(t)
			woundBy(t, s, "H1", 4)
			do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
			return s
		}, cmd: Recover{Hero: "H1", Keep: []int{0, 1, 2}}, words: "name exactly 2"},
		{rule: "V-06", what: "a captured hero acts", setup: func(t testing.TB) *tracker.Session {
			s := raid(t)
			woundBy(t, s, "H1", 4)
			editHero(t, s, "H2", func(h *Hero) { h.Area = "A2" })
			place(t, s, "A1", "GR", "GR", "GR", "GR")
			do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
			if !st(s).Mission.hero("H1").Captured {
				t.Fatal("H1 should be captured")
			}
			return s
		}, cmd: DrawCards{Hero: "H1"}, words: "captured"},
		{rule: "V-07", what: "a second give in a turn", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			editHero(t, s, "H1", func(h *Hero) { h.Items = []Item{{Name: "Grenade"}, {Name: "Helmet"}} })
			do(t, s, GiveItem{Hero: "H1", Other: "H2", Item: 0, Drop: -1})
			return s
		}, cmd: GiveItem{Hero: "H1", Other: "H2", Item: 0, Drop: -1}, words: "already given"},
		{rule: "V-07", what: "a give with enemies in the area", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			editHero(t, s, "H1", func(h *Hero) { h.Items = []Item{{Name: "Grenade"}} })
			place(t, s, "A1", "DG")
			return s
		}, cmd: GiveItem{Hero: "H1", Other: "H2", Item: 0, Drop: -1}, words: "enemy units"},
		{rule: "V-08", what: "a fifth item", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			editHero(t, s, "H1", func(h *Hero) { h.Items = []Item{{Name: "Grenade"}} })
			editHero(t, s, "H2", func(h *Hero) { h.Items = []Item{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}} })
			return s
		}, cmd: GiveItem{Hero: "H1", Other: "H2", Item: 0, Drop: -1}, words: "4 items"},
		{rule: "V-09", what: "a second status token", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			do(t, s, SetGearStatus{Hero: "H1", Slot: 0, Status: StatusDrained})
			return s
		}, cmd: SetGearStatus{Hero: "H1", Slot: 0, Status: StatusJammed}, words: "drained"},
		{rule: "V-09", what: "one weapon at setup", setup: func(t testing.TB) *tracker.Session { return withContent(t) },
			cmd: func() tracker.Command {
				h := heroSetup("H1", "A1")
				h.Weapons[1].Name = ""
				return StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{h}}
			}(), words: "2 weapons"},
		{rule: "V-10", what: "ready a drained weapon without an orb", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			do(t, s, SetGearStatus{Hero: "H1", Slot: 0, Status: StatusDrained})
			return s
		}, cmd: ReadyEquipment{Hero: "H1", Weapon: 0, Orb: -1}, words: "needs a vril orb"},
		{rule: "V-11", what: "attack with a drained weapon", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			place(t, s, "A1", "GR")
			do(t, s, SetGearStatus{Hero: "H1", Slot: 1, Status: StatusDrained})
			return s
		}, cmd: Attack{Hero: "H1", Weapon: 1, Targets: []string{"x"}, Total: 3}, words: "drained"},
		{rule: "V-12", what: "vril enhancement without orbs", setup: inTurn,
			cmd: VrilEnhance{Hero: "H1", Weapon: 0}, words: "2 vril orbs"},
		{rule: "V-13", what: "search with an enemy in the area", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			place(t, s, "A1", "DG")
			return s
		}, cmd: Search{Hero: "H1", Found: Item{Name: "x"}, FaceDown: 1, Drop: -1}, words: "no searching"},
		{rule: "V-13", what: "search with no face-down item in the area", setup: inTurn,
			cmd: Search{Hero: "H1", Found: Item{Name: "x"}, Drop: -1}, words: "no face-down item"},
		{rule: "V-13", what: "picking up a face-up item needs no face-down one", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				e := do(t, s, Search{Hero: "H1", Found: Item{Name: "Helmet"}, FaceUp: true, Drop: -1})
				if d := s.Describe(e); !strings.Contains(d, "no noise test") {
					t.Fatalf("diary %q", d)
				}
			}},
		{rule: "V-14", what: "an open door closed again", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			do(t, s, OpenDoor{Hero: "H1", Door: "D3"})
			return s
		}, cmd: Override{Reason: "x", Doors: map[string]content.DoorState{"D3": content.Closed}}, words: "never be closed again"},
		{rule: "V-14", what: "a door locked again", setup: inTurn,
			cmd: Override{Reason: "x", Doors: map[string]content.DoorState{"D1": content.Locked}}, words: "never be locked again"},
		{rule: "V-15", what: "a negative noise total", setup: inTurn,
			cmd: NoiseTest{Hero: "H1", Total: -1}, words: "0 or more"},
		{rule: "V-15", what: "a second noise test for one action", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			do(t, s, Cards{Hero: "H1", Action: "play", N: 1})
			do(t, s, NoiseTest{Hero: "H1", Total: 0})
			return s
		}, cmd: NoiseTest{Hero: "H1", Total: 0}, words: "one noise test per action"},
		{rule: "V-16", what: "a defence point on an attack", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			editHero(t, s, "H1", func(h *Hero) { h.HP = []string{HPDefence} })
			place(t, s, "A1", "GR")
			return s
		}, cmdOf: func(s *tracker.Session) tracker.Command {
			ids := unitIDs(s)
			return Attack{Hero: "H1", Weapon: 1, Targets: []string{ids[0]}, Total: 1, HPBefore: []HPRef{{From: "H1", Kind: HPDefence}}}
		},
			words: "cannot be spent on an attack test"},
		{rule: "V-16", what: "one point after a failed test", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			editHero(t, s, "H1", func(h *Hero) { h.HP = []string{HPAttack} })
			place(t, s, "A1", "GR")
			return s
		}, cmdOf: func(s *tracker.Session) tracker.Command {
			ids := unitIDs(s)
			return Attack{Hero: "H1", Weapon: 1, Targets: []string{ids[0]}, Total: 1, HPAfter: []HPRef{{From: "H1", Kind: HPAttack}}}
		},
			words: "exactly 2"},
		{rule: "V-17", what: "downed follows the permanent wounds", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				woundBy(t, s, "H2", 3)
				if st(s).Mission.hero("H2").Downed() {
					t.Fatal("3 permanent wounds: downed")
				}
				woundBy(t, s, "H2", 1)
				if !st(s).Mission.hero("H2").Downed() {
					t.Fatal("4 permanent wounds: not downed")
				}
				do(t, s, Heal{Hero: "H2", N: 9, Reason: "test"})
				if h := st(s).Mission.hero("H2"); h.Permanent() != 0 || h.Downed() {
					t.Fatalf("heal 9 of 4: permanent %d (clamp at 0)", h.Permanent())
				}
			}},
		{rule: "V-18", what: "a negative wound card threshold is clamped to 0", setup: enemyAttackWaits,
			check: func(t *testing.T, s *tracker.Session) {
				target := st(s).Mission.Pending[0].Defenders[0]
				e := do(t, s, Defend{Hero: target, Total: 0, WoundCard: "W7", Threshold: -1})
				if !strings.Contains(s.Describe(e), "V-18") || !strings.Contains(s.Describe(e), "threshold 0") {
					t.Errorf("clamped threshold not logged: %q", s.Describe(e))
				}
				if len(st(s).Mission.hero(target).Wounds) != 1 {
					t.Fatal("3 damage against threshold 0 is permanent")
				}
			}},
		{rule: "V-19", what: "a negative attack total", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			place(t, s, "A1", "GR")
			return s
		}, cmdOf: func(s *tracker.Session) tracker.Command {
			ids := unitIDs(s)
			return Attack{Hero: "H1", Weapon: 1, Targets: []string{ids[0]}, Total: -1}
		}, words: "0 or more"},
		{rule: "V-19", what: "a negative defence total", setup: enemyAttackWaits,
			cmd: Defend{Hero: "H1", Total: -1}, words: "0 or more"},
		{rule: "V-20", what: "a standing hero marked captured", setup: inTurn,
			cmdOf: func(s *tracker.Session) tracker.Command {
				h := *st(s).Mission.hero("H1")
				h.Captured = true
				return CorrectHero{Hero: h, Reason: "x"}
			}, words: "only a downed hero can be captured",
		},
		{rule: "V-21", what: "a fifth dog by hand", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			place(t, s, "C1", "DG", "DG", "DG", "DG")
			return s
		}, cmd: Override{Reason: "x", Place: []UnitPlacement{{Code: "DG", Area: "C1"}}}, words: "Dog"},
		{rule: "V-22", what: "a second vrilmeister", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			place(t, s, "C1", "VM")
			do(t, s, Override{Reason: "x", Remove: []string{st(s).Mission.Units[0].ID}})
			return s
		}, cmd: Override{Reason: "x", Place: []UnitPlacement{{Code: "VM", Area: "C1"}}}, words: "Unique"},
		{rule: "V-23", what: "a unit not on the faction card", setup: inTurn,
			cmd: Override{Reason: "x", Place: []UnitPlacement{{Code: "ZZ", Area: "C1"}}}, words: "faction card"},
		{rule: "V-23", what: "a blue spawn icon", setup: inTurn,
			cmd: TriggerToken{Token: "T3", Icons: []content.Level{"blue"}}, words: "green, orange or red"},
		{rule: "V-24", what: "awareness 3", setup: inTurn,
			cmd: Override{Reason: "x", Awareness: map[string]content.Awareness{"R4": 3}}, words: "must be 0 (at ease), 1 (suspicious) or 2 (alert)"},
		{rule: "V-24", what: "awareness on an empty room", setup: inTurn,
			cmd: Override{Reason: "x", Awareness: map[string]content.Awareness{"R5": 1}}, words: "at ease"},
		{rule: "V-24", what: "awareness after the alarm", setup: postAlarm,
			cmd: Override{Reason: "x", Awareness: map[string]content.Awareness{"R1": 1}}, words: "alarm"},
		{rule: "V-24", what: "a room left empty goes back to at ease", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			do(t, s, Override{Reason: "test setup", Place: []UnitPlacement{{Code: "GR", Area: "F1"}}, Awareness: map[string]content.Awareness{"R5": content.Alert}})
			return s
		}, check: func(t *testing.T, s *tracker.Session) {
			do(t, s, Override{Reason: "test", Remove: unitIDs(s)})
			if a := st(s).Mission.Awareness["R5"]; a != content.AtEase {
				t.Fatalf("R5 with no token and no unit: awareness %d, want at ease", a)
			}
		}},
		{rule: "V-25", what: "a cleared token beside enemy units", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			place(t, s, "C1", "GR")
			return s
		}, cmd: Override{Reason: "x", Cleared: map[string]bool{"R3": true}}, words: "enemy units"},
		{rule: "V-25", what: "a cleared token in the alien world", setup: func(t testing.TB) *tracker.Session {
			s := withContent(t)
			do(t, s, SetSetting{Key: "notOfThisEarth", Value: "true"})
			do(t, s, StartMission{Mission: "M1", Mode: ModeNoteRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}, Variant12: true})
			return s
		}, cmd: Override{Reason: "x", Cleared: map[string]bool{"R4": true}}, words: "no cleared tokens are placed"},
		{rule: "V-26", what: "the marker moved back past space 1", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				do(t, s, AdjustTracker{By: 1, Reason: "test"})
				e := do(t, s, AdjustTracker{By: -5, Reason: "Tunnel Network"})
				if st(s).Mission.Tracker.Pos != 1 || !strings.Contains(s.Describe(e), "V-26") {
					t.Fatalf("marker at %d, diary %q: want clamped at space 1 and said", st(s).Mission.Tracker.Pos, s.Describe(e))
				}
			}},
		{rule: "V-26", what: "advances after the alarm are ignored", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			do(t, s, AdjustTracker{By: 4, Reason: "test: past the last pre-alarm space"})
			return s
		}, check: func(t *testing.T, s *tracker.Session) {
			before := st(s).Mission.Tracker
			e := do(t, s, BangBoom{Cause: "enemy"})
			after := st(s).Mission.Tracker
			if after.Pos != before.Pos || after.Pos > after.Pre || !strings.Contains(s.Describe(e), "ignored") {
				t.Fatalf("tracker %+v → %+v, diary %q", before, after, s.Describe(e))
			}
		}},
		{rule: "V-27", what: "an order missing a hero", setup: raid,
			cmd: SetTurnOrder{Order: []string{"H1"}}, words: "each of the 2 heroes"},
		{rule: "V-27", what: "dealing before the alarm", setup: raid,
			cmd: DealTurnOrder{}, words: "only after the alarm"},
		{rule: "V-27", what: "an Opportunist swap before the alarm", setup: inTurn,
			cmd: SwapTurnOrder{Hero: "H1", With: "H2"}, words: "straight after"},
		{rule: "V-28", what: "an enemy turn before any hero turn", setup: inTurn,
			cmd: EnemyTurn{}, words: "after each hero turn"},
		{rule: "V-28", what: "the end of round before every hero", setup: inTurn,
			cmd: EndRound{}, words: "every hero has had a turn"},
		{rule: "V-29", what: "a vril skill bought", setup: debrief,
			cmd: BuySkill{Hero: "H1", Skill: "Vril Tolerance", Pay: []HPRef{{From: "hq", Kind: HPWild}}}, words: "vril skills cannot be bought"},
		{rule: "V-29", what: "the wrong price", setup: debrief,
			cmd: BuySkill{Hero: "H1", Skill: "Quick Shot", Pay: []HPRef{{From: "hq", Kind: HPAttack}}}, words: "no change is given"},
		{rule: "V-30", what: "a fifth skill", setup: inTurn,
			cmdOf: func(s *tracker.Session) tracker.Command {
				h := *st(s).Mission.hero("H1")
				for _, id := range []string{"Frenzy", "Recon", "Decoy", "Iron Hide", "Counter"} {
					h.Skills = append(h.Skills, Skill{ID: id, Type: SkillAttack, Active: true})
				}
				return CorrectHero{Hero: h, Reason: "x"}
			}, words: "at most 4 skills",
		},
		{rule: "V-31", what: "a fourth HQ item at itemsKept 3", setup: func(t testing.TB) *tracker.Session {
			s := campaignMission(t)
			editHero(t, s, "H1", func(h *Hero) { h.Items = []Item{{Name: "A"}, {Name: "B"}, {Name: "C"}, {Name: "D"}} })
			endMission(t, s, 1)
			return s
		}, cmd: CloseMission{KeepItems: []string{"H1:0", "H1:1", "H1:2", "H1:3"}}, words: "at most 3 items"},
		{rule: "V-32", what: "keys kept after a campaign mission", setup: func(t testing.TB) *tracker.Session {
			s := campaignMission(t)
			editHero(t, s, "H1", func(h *Hero) {
				h.Items = []Item{{Name: "Dossier", Kind: ItemObjective}, {Name: "Keys", Kind: ItemKeys}}
			})
			endMission(t, s, 1)
			return s
		}, cmd: CloseMission{KeepItems: []string{"H1:1"}}, words: "never stay"},
		{rule: "V-33", what: "RB041 in a campaign spawn deck", setup: func(t testing.TB) *tracker.Session {
			s := withContent(t)
			do(t, s, SetDifficulty{Name: "Normal", ItemsKept: 3})
			return s
		}, cmd: StartMission{Mission: "M1", Mode: ModeCampaign, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}, SpawnDeck: []string{"RB001", "RB041"}},
			words: "RB041"},
		{rule: "V-34", what: "difficulty changed mid-campaign", setup: campaignMission,
			cmd: SetDifficulty{Name: "Easy", ItemsKept: 6}, words: "fixed for the whole campaign"},
		{rule: "V-35", what: "exit without an objective", setup: inTurn,
			cmd: Escape{Hero: "H1"}, words: "objective"},
		{rule: "V-36", what: "no hand limit", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			editHero(t, s, "H1", func(h *Hero) { h.Hand, h.Draw = 9, 3 })
			return s
		}, check: func(t *testing.T, s *tracker.Session) {
			do(t, s, DrawCards{Hero: "H1", Genius: true})
			if h := st(s).Mission.hero("H1"); h.Hand < 10 {
				t.Fatalf("hand %d after drawing from 9: clamped", h.Hand)
			}
		}},
		{rule: "V-37", what: "shooting out of melee", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			place(t, s, "A3", "GR")
			place(t, s, "A1", "GR")
			return s
		}, cmdOf: func(s *tracker.Session) tracker.Command {
			ids := unitIDs(s)
			return Attack{Hero: "H1", Weapon: 0, Targets: []string{ids[0]}, Total: 5}
		}, words: "in melee"},
		{rule: "V-37", what: "a melee weapon at another area", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			place(t, s, "A2", "GR")
			return s
		}, cmdOf: func(s *tracker.Session) tracker.Command {
			ids := unitIDs(s)
			return Attack{Hero: "H1", Weapon: 1, Targets: []string{ids[0]}, Total: 5}
		}, words: "melee weapon"},
		{rule: "V-38", what: "moving through an enemy's area", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			place(t, s, "A2", "DG")
			return s
		}, cmd: Move{Hero: "H1", Path: []string{"A2", "A3"}, Basic: true, Modifiers: 1}, words: "enemy"},
		{rule: "V-39", what: "Dual Wielding at 3 targets", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			place(t, s, "A1", "GR", "GR", "GR")
			return s
		}, cmdOf: func(s *tracker.Session) tracker.Command {
			ids := unitIDs(s)
			return Attack{Hero: "H1", Weapon: 0, Targets: []string{ids[0], ids[1], ids[2]}, Total: 9, DualWielding: true}
		}, words: "2 enemies at most"},
		{rule: "V-40", what: "no pacify after spending a point", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			place(t, s, "A1", "GR", "GR", "GR", "GR")
			return s
		}, check: func(t *testing.T, s *tracker.Session) {
			for i, id := range unitIDs(s) {
				var hp []HPRef
				if i == 0 {
					hp = []HPRef{{From: "team", Kind: HPWild}}
				}
				do(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{id}, Total: 3, HPBefore: hp})
			}
			if len(st(s).Mission.hero("H1").HP) != 0 || st(s).Mission.Pacified["R1"] {
				t.Fatal("pacified after spending a heroism point")
			}
		}},
		{rule: "V-41", what: "the free door with 2 players' 2 heroes off the variant", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			do(t, s, EndTurn{})
			enemyAll(t, s)
			do(t, s, EndTurn{})
			enemyAll(t, s)
			return s
		}, cmd: FreeDoor{Hero: "H1", Door: "D3"}, words: "1–2 players"},
		{rule: "V-41", what: "a second free door", setup: func(t testing.TB) *tracker.Session {
			s := withContent(t)
			do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}, Variant12: true})
			do(t, s, SetTurnOrder{Order: []string{"H1"}})
			do(t, s, EndTurn{})
			enemyAll(t, s)
			do(t, s, FreeDoor{Hero: "H1", Door: "D3"})
			return s
		}, cmd: FreeDoor{Hero: "H1", Door: "D4"}, words: "at most 1"},
		{rule: "V-42", what: "the nearest at-ease room must hold a token or a unit", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				sit, err := st(s).situation(ai.Request{}, ai.Answers{})
				if err != nil {
					t.Fatal(err)
				}
				if err := sit.CheckNoiseTarget("R5"); err == nil || !strings.Contains(err.Error(), "V-42") {
					t.Fatalf("empty room R5 picked: %v", err)
				}
				if err := sit.CheckNoiseTarget("R3"); err != nil {
					t.Fatalf("R3 holds token T3: %v", err)
				}
			}},
		{rule: "V-43", what: "patrol doors", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				sit, err := st(s).situation(ai.Request{}, ai.Answers{})
				if err != nil {
					t.Fatal(err)
				}
				if err := sit.CheckPatrolDoor("D3"); err == nil || !strings.Contains(err.Error(), "exit") {
					t.Fatalf("exit door D3 as a patrol door: %v", err)
				}
				if err := sit.CheckPatrolDoor("D4"); err != nil {
					t.Fatalf("D4 is a fine patrol door: %v", err)
				}
			}},
		{rule: "V-44", what: "a spent point leaves the dashboard", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			editHero(t, s, "H1", func(h *Hero) { h.HP = []string{HPAttack} })
			place(t, s, "A1", "GR", "GR")
			return s
		}, check: func(t *testing.T, s *tracker.Session) {
			grunt := unitIDs(s)[0]
			do(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{grunt}, Total: 1, HPBefore: []HPRef{{From: "H1", Kind: HPAttack}}})
			if hp := st(s).Mission.hero("H1").HP; len(hp) != 0 {
				t.Fatalf("spent point still on the dashboard: %v", hp)
			}
			refused(t, s, Attack{Hero: "H1", Weapon: 1, Targets: []string{unitIDs(s)[0]}, Total: 1, HPBefore: []HPRef{{From: "H1", Kind: HPAttack}}}, "V-16")
		}},
		{rule: "V-45", what: "raising awareness after the alarm", setup: postAlarm,
			cmd: RaiseAwareness{Room: "R1", Levels: 1}, words: "after the alarm"},
		{rule: "V-46", what: "healing below 0", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				healLimited(t, s, 2, Heal{Hero: "H1", N: 5, Reason: "test"}, 0, "limited to 2", "below 0")
			}},
		{rule: "V-46", what: "Bandages heal at most 2", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				healLimited(t, s, 4, Heal{Hero: "H1", N: 3, Item: "bandages"}, 2, "limited to 2", "Bandages")
			}},
		{rule: "V-46", what: "Medic's Bag heals 1 per hero", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				healLimited(t, s, 2, Heal{Hero: "H1", N: 2, Item: "Medic’s Bag"}, 1, "limited to 1", "Medic's Bag")
				// A heal within its cap says nothing about limits.
				e := do(t, s, Heal{Hero: "H1", N: 1, Item: "Medic's Bag"})
				if d := s.Describe(e); strings.Contains(d, "limited") {
					t.Fatalf("diary %q", d)
				}
			}},
		{rule: "V-46", what: "Pain Killers heal 1 (cards named)", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				for _, c := range []string{"W1", "W2", "W3"} {
					do(t, s, WoundHero{Hero: "H1", Mode: "auto", Card: c})
				}
				e := do(t, s, Heal{Hero: "H1", Cards: []int{2, 1}, Item: "Pain Killers"})
				h := st(s).Mission.hero("H1")
				if len(h.Wounds) != 2 || h.Wounds[0].Card != "W1" || h.Wounds[1].Card != "W2" {
					t.Fatalf("wounds %+v after Pain Killers on cards 3 and 2; want card 3 healed only", h.Wounds)
				}
				if d := s.Describe(e); !strings.Contains(d, "limited to 1") || !strings.Contains(d, "Pain Killers") {
					t.Fatalf("diary %q does not say the heal was limited and why", d)
				}
			}},
		{rule: "V-46", what: "one use of Bandages heals 2 in all among the heroes of the area", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				woundBy(t, s, "H1", 2)
				woundBy(t, s, "H2", 3)
				e := do(t, s, Heal{Hero: "H1", N: 1, Item: "Bandages", By: "H1", Also: []HealShare{{Hero: "H2", N: 2}}})
				if h1, h2 := st(s).Mission.hero("H1"), st(s).Mission.hero("H2"); len(h1.Wounds) != 1 || len(h2.Wounds) != 2 {
					t.Fatalf("wound cards H1 %d, H2 %d after Bandages healed 1 + 2; want 1 and 2 (2 in all)", len(h1.Wounds), len(h2.Wounds))
				}
				d := s.Describe(e)
				for _, w := range []string{"Hero H1 heals with Hero H1's Bandages", "Hero H2 heals", "limited to 2", "in all"} {
					if !strings.Contains(d, w) {
						t.Fatalf("diary %q does not say %q", d, w)
					}
				}
				// Within the total nothing is limited.
				e = do(t, s, Heal{Hero: "H1", N: 1, Item: "Bandages", Also: []HealShare{{Hero: "H2", N: 1}}})
				if h1, h2 := st(s).Mission.hero("H1"), st(s).Mission.hero("H2"); len(h1.Wounds) != 0 || len(h2.Wounds) != 1 {
					t.Fatalf("wound cards H1 %d, H2 %d after Bandages healed 1 + 1", len(h1.Wounds), len(h2.Wounds))
				}
				if d := s.Describe(e); strings.Contains(d, "limited") {
					t.Fatalf("diary %q", d)
				}
			}},
		{rule: "V-46", what: "Bandages used up on the first hero heal no one else", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				woundBy(t, s, "H1", 3)
				woundBy(t, s, "H2", 1)
				e := do(t, s, Heal{Hero: "H1", Cards: []int{0, 1}, Item: "bandages", Also: []HealShare{{Hero: "H2", Cards: []int{0}}}})
				if h1, h2 := st(s).Mission.hero("H1"), st(s).Mission.hero("H2"); len(h1.Wounds) != 1 || len(h2.Wounds) != 1 {
					t.Fatalf("wound cards H1 %d, H2 %d; want 1 and 1", len(h1.Wounds), len(h2.Wounds))
				}
				if d := s.Describe(e); !strings.Contains(d, "the heal of 3 was limited to 2") {
					t.Fatalf("diary %q does not say the heal was limited and why", d)
				}
			}},
		{rule: "V-46", what: "Medic's Bag heals 1 per hero of the area", setup: inTurn,
			check: func(t *testing.T, s *tracker.Session) {
				woundBy(t, s, "H1", 2)
				woundBy(t, s, "H2", 2)
				e := do(t, s, Heal{Hero: "H1", N: 2, Item: "Medic's Bag", By: "H2", Also: []HealShare{{Hero: "H2", N: 2}}})
				if h1, h2 := st(s).Mission.hero("H1"), st(s).Mission.hero("H2"); len(h1.Wounds) != 1 || len(h2.Wounds) != 1 {
					t.Fatalf("wound cards H1 %d, H2 %d after a Medic's Bag; want 1 each", len(h1.Wounds), len(h2.Wounds))
				}
				if d := s.Describe(e); !strings.Contains(d, "limited to 2") || !strings.Contains(d, "per hero") {
					t.Fatalf("diary %q does not say the heal was limited and why", d)
				}
			}},
		{rule: "V-46", what: "Bandages heal only heroes sharing one area", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			woundBy(t, s, "H1", 1)
			woundBy(t, s, "H2", 1)
			editHero(t, s, "H2", func(h *Hero) { h.Area = "A2" })
			return s
		}, cmd: Heal{Hero: "H1", N: 1, Item: "Bandages", Also: []HealShare{{Hero: "H2", N: 1}}}, words: "only heroes in the same area"},
		{rule: "V-46", what: "Bandages heal only heroes in the user's area", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			woundBy(t, s, "H2", 1)
			editHero(t, s, "H2", func(h *Hero) { h.Area = "A2" })
			return s
		}, cmd: Heal{Hero: "H2", N: 1, Item: "Bandages", By: "H1"}, words: "same area as Hero H1, who uses it"},
		{rule: "V-46", what: "Pain Killers heal one hero", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			woundBy(t, s, "H1", 1)
			woundBy(t, s, "H2", 1)
			return s
		}, cmd: Heal{Hero: "H1", N: 1, Item: "Pain Killers", Also: []HealShare{{Hero: "H2", N: 1}}}, words: "one hero only"},
		{rule: "V-47", what: "knocking back a downed hero", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			woundBy(t, s, "H2", 4)
			return s
		}, cmd: KnockBack{Hero: "H2", To: "A2"}, words: "cannot be knocked back"},
		{rule: "V-47", what: "knocking back a knocked-down hero", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			do(t, s, KnockDown{Hero: "H2"})
			return s
		}, cmd: KnockBack{Hero: "H2", To: "A2"}, words: "knocked-down"},
		{rule: "V-48", what: "a No Hands unit never opens a door", setup: func(t testing.TB) *tracker.Session {
			s := inTurn(t)
			do(t, s, Override{Reason: "test setup", Place: []UnitPlacement{{Code: "DG", Area: "E1"}}, Awareness: map[string]content.Awareness{"R4": content.Alert}})
			return s
		}, check: func(t *testing.T, s *tracker.Session) {
			do(t, s, EndTurn{})
			enemyAll(t, s)
			m := st(s).Mission
			if m.Doors["D4"] != content.Closed || m.Units[0].Area != "E1" {
				t.Fatalf("No Hands dog: door D4 %s, dog in %s", m.Doors["D4"], m.Units[0].Area)
			}
		}},
	}
}

// enemyAttackWaits is a raid where a grunt's melee attack (3) on a hero in
// A1 waits for its defence test.
func enemyAttackWaits(t testing.TB) *tracker.Session {
	t.Helper()
	s := inTurn(t)
	do(t, s, Override{Reason: "test setup", Place: []UnitPlacement{{Code: "GR", Area: "A1"}}, Awareness: map[string]content.Awareness{"R1": content.Alert}})
	do(t, s, EndTurn{})
	do(t, s, EnemyTurn{})
	if len(st(s).Mission.Pending) != 1 {
		t.Fatalf("want 1 attack waiting, have %+v", st(s).Mission.Pending)
	}
	return s
}

// woundBy gives hero id n permanent wounds by hand.
func woundBy(t testing.TB, s *tracker.Session, id string, n int) {
	t.Helper()
	for range n {
		do(t, s, WoundHero{Hero: id, Mode: "auto", Card: "W"})
	}
}

// healLimited gives hero c.Hero n permanent wounds, heals with c, and checks
// that left wound cards remain, all permanent, and that the diary says the
// heal was limited and why (each of words).
func healLimited(t *testing.T, s *tracker.Session, n int, c Heal, left int, words ...string) {
	t.Helper()
	woundBy(t, s, c.Hero, n)
	e := do(t, s, c)
	if h := st(s).Mission.hero(c.Hero); len(h.Wounds) != left || h.Permanent() != left {
		t.Fatalf("%d wound cards (%d permanent) left after %+v healed %d wounds; want %d", len(h.Wounds), h.Permanent(), c, n, left)
	}
	d := s.Describe(e)
	for _, w := range words {
		if !strings.Contains(d, w) {
			t.Fatalf("diary %q does not say the heal was limited and why (%q)", d, w)
		}
	}
}
