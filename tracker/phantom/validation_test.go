package phantom

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// The validation rules of spec §16, one row each (a few rules have a
// second row for a part the first does not reach): the input is refused
// with a message a player understands, or clamped where §16 says so.
//
// Where each rule is enforced:
//
//	V-01 StartMission (mission.go)          V-15 BuyActionCard, AdjustCampaign, Expedition (campaign.go)
//	V-02 hex.NewMap; StartMission entries   V-16 BuyEquipment (campaign.go)
//	V-03 StartMission (mission.go)          V-17 DismantleAttachment (campaign.go)
//	V-04 SelectCards (mission.go)           V-18 MissionResult, ActivateOrb (result.go, mission.go)
//	V-05 Rest (mission.go)                  V-19 PickAttachment (result.go)
//	V-06 Equip, StartMission items          V-20 Expedition (campaign.go)
//	V-07 Charge (campaign.go)               V-21 BeginRound, SetDice
//	V-08 hurt, CorrectFigure (figures.go)   V-22 Attack, SetDice, ResolveAdversaryTurn
//	V-09 Heal (figures.go)                  V-23 PlaceAdversary, StartMission (automa/phantom Place)
//	V-10 MoveFigure, hex.CheckMove          V-24 BuildEventDeck (events.go)
//	V-11 MoveFigure leap, hex.CheckMove     V-25 StandaloneTraining, SaveContent
//	V-12 MoveFigure teleport                V-26 charInitiative (mission.go)
//	V-13 Attack (attack.go), PlayCard       V-27 CorrectFigure, inflict (figures.go)
//	V-14 PlayCard (mission.go)              V-28 UseItem (mission.go)
type validationRow struct {
	id    string
	setup func(t *testing.T) *tracker.Session
	cmd   any
	// rule is what the refusal names (in its rule, or its words); why is
	// part of the words the players read.
	rule, why string
	// check, for a clamp or an outcome, runs after the command succeeds.
	check func(t *testing.T, s *tracker.Session, line string)
}

// programmerWords catches a refusal written for programmers: Go's
// formatting slips, JSON and type words, and command or field names in
// CamelCase.
var programmerWords = regexp.MustCompile(`%!|<nil>|\bnil\b|\bjson\b|\bJSON\b|unmarshal|\bstruct\b|\bint\b|\bstring\b|\[\]|map\[|\b[a-z]+[A-Z][A-Za-z]*\b|\b[A-Z][a-z]+[A-Z][A-Za-z]*\b`)

func plainWords(t *testing.T, why string) {
	t.Helper()
	if w := programmerWords.FindString(why); w != "" {
		t.Errorf("the refusal %q has programmer words (%q)", why, w)
	}
	if strings.TrimSpace(why) == "" {
		t.Error("the refusal says nothing")
	}
}

// Setups.

func vMission(t *testing.T) *tracker.Session {
	s := withContent(t)
	do(t, s, startCmd())
	return s
}

func vSelect(t *testing.T) *tracker.Session {
	s := vMission(t)
	do(t, s, BeginRound{})
	return s
}

// vTurn is Ana's turn (she goes first), after pre is done in the
// selection step.
func vTurn(pre ...any) func(t *testing.T) *tracker.Session {
	return func(t *testing.T) *tracker.Session {
		s := vSelect(t)
		do(t, s, pre...)
		do(t, s, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
			DrawAdversaryCards{}, DetermineInitiative{})
		m := st(s).Mission
		m.Order = append([]string{"Ana"}, remove(m.Order, "Ana")...)
		do(t, s, StartTurn{Character: "Ana"})
		return s
	}
}

func vBetween(t *testing.T) *tracker.Session {
	s := withContent(t)
	finish(t, s, startCmd(), true)
	return s
}

// vRich is vBetween with Ana holding 50 nova cells, enough for any
// purchase: a refusal is for another reason.
func vRich(t *testing.T) *tracker.Session {
	s := vBetween(t)
	st(s).Characters["Ana"].Nova = 50
	return s
}

func vContent(t *testing.T) *tracker.Session { return withContent(t) }

func mapData(spaces string) json.RawMessage {
	return json.RawMessage(`{"missionId": "X", "spaces": [` + spaces + `]}`)
}

func TestValidationRules(t *testing.T) {
	twoEntries := func(t *testing.T) *tracker.Session {
		s := withContent(t)
		do(t, s, SaveContent{Kind: KindMap, ID: "berkav-1", Data: json.RawMessage(strings.Replace(testMap(), `"entryPoint": true`, `"entryPoint": false`, 1))})
		do(t, s, SaveContent{Kind: KindMap, ID: "berkav-1", Data: json.RawMessage(strings.NewReplacer(
			`"label": "D-2", "q": 1, "r": 3, "entryPoint": true`, `"label": "D-2", "q": 1, "r": 3`,
			`"label": "D-3", "q": 2, "r": 3, "entryPoint": true`, `"label": "D-3", "q": 2, "r": 3`,
			`"label": "D-4", "q": 3, "r": 3, "entryPoint": true`, `"label": "D-4", "q": 3, "r": 3`).Replace(testMap()))})
		return s
	}
	three := startCmd()
	three.Party = append(three.Party, Embark{Character: "Cy", EntryPoint: "D-3", Cards: starting("R")})
	one := startCmd()
	one.Party = one.Party[:1]
	sameSpot := startCmd()
	sameSpot.Party[1].EntryPoint = "D-1"

	rows := []validationRow{
		{id: "V-01", setup: vContent, cmd: one, rule: "V-01", why: "2 to 4 characters"},
		{id: "V-01 colours", setup: func(t *testing.T) *tracker.Session {
			s := withContent(t)
			st(s).Characters["Bo"].Colour = "dark blue"
			return s
		}, cmd: startCmd(), rule: "V-01", why: "HP base"},
		{id: "V-02", setup: vContent, cmd: SaveContent{Kind: KindMap, ID: "bad", Data: mapData(
			`{"label": "A-1", "q": 0, "r": 0}, {"label": "A-1", "q": 1, "r": 0}`)}, rule: "V-02", why: "A-1"},
		{id: "V-02 object and door", setup: vContent, cmd: SaveContent{Kind: KindMap, ID: "bad", Data: mapData(
			`{"label": "A-1", "q": 0, "r": 0, "object": "indestructible", "door": "closed"}`)}, rule: "V-02", why: "cannot share one space"},
		{id: "V-02 wall", setup: vContent, cmd: SaveContent{Kind: KindMap, ID: "bad", Data: json.RawMessage(`{"missionId": "X", "spaces": [
			{"label": "A-1", "q": 0, "r": 0}, {"label": "A-3", "q": 2, "r": 0}], "walls": [["A-1", "A-3"]]}`)}, rule: "V-02", why: "A-3"},
		{id: "V-02 entry points", setup: twoEntries, cmd: three, rule: "V-02", why: "1 entry point for 3 characters"},
		{id: "V-03", setup: vContent, cmd: sameSpot, rule: "V-03", why: "cannot both start on D-1"},
		{id: "V-04", setup: vSelect, cmd: SelectCards{Character: "Ana"}, rule: "V-04", why: "at least one card"},
		{id: "V-04 AP", setup: vSelect, cmd: SelectCards{Character: "Ana", Cards: []string{"W2", "W5", "W8"}}, rule: "V-04", why: "the limit is 6"},
		{id: "V-05", setup: vSelect, cmd: Rest{Character: "Bo"}, rule: "V-05", why: "no discarded cards"},
		{id: "V-06", setup: func(t *testing.T) *tracker.Session {
			s := vSelect(t)
			st(s).Characters["Ana"].Equipment = append(st(s).Characters["Ana"].Equipment, Gear{ID: "Helmet"})
			return s
		}, cmd: Equip{Character: "Ana", Equipment: "Helmet", Slot: "head"}, rule: "V-06", why: "only at mission setup, on a rest turn or between missions"},
		{id: "V-06 charge", setup: func(t *testing.T) *tracker.Session {
			s := vSelect(t)
			st(s).Characters["Ana"].Attachments = append(st(s).Characters["Ana"].Attachments, Gear{ID: "T1-1"})
			st(s).Characters["Ana"].Nova = 5
			return s
		}, cmd: Charge{Character: "Ana", Attachment: "T1-1", N: 1}, rule: "V-06", why: "between missions"},
		{id: "V-07", setup: func(t *testing.T) *tracker.Session {
			s := withContent(t)
			st(s).Characters["Ana"].Attachments = append(st(s).Characters["Ana"].Attachments, Gear{ID: "T1-1"})
			return s
		}, cmd: Charge{Character: "Ana", Attachment: "T1-1", N: 1}, rule: "V-07", why: "nova cells"},
		{id: "V-08", setup: vSelect, cmd: CorrectFigure{Figure: "Ana", HP: intp(99)}, check: func(t *testing.T, s *tracker.Session, _ string) {
			if f := st(s).Mission.fig("Ana"); f.HP != f.MaxHP {
				t.Errorf("HP %d, want clamped to %d", f.HP, f.MaxHP)
			}
		}},
		{id: "V-08 zero", setup: vSelect, cmd: Damage{Figure: "Bo", N: 99}, check: func(t *testing.T, s *tracker.Session, line string) {
			if !st(s).Mission.fig("Bo").Defeated || !strings.Contains(line, "defeated") {
				t.Errorf("HP 0 defeats at once: %q", line)
			}
		}},
		{id: "V-09", setup: func(t *testing.T) *tracker.Session {
			s := vSelect(t)
			f := st(s).Mission.fig("Ana")
			f.HP, f.Bandages = 5, f.BandageSlots
			return s
		}, cmd: Heal{Figure: "Ana", N: 2, HealAction: true}, rule: "V-09", why: "no free bandage slot"},
		{id: "V-10", setup: vTurn(), cmd: MoveFigure{Figure: "Ana", Path: []string{"D-3"}}, rule: "V-10", why: "not next to"},
		{id: "V-11", setup: vTurn(), cmd: MoveFigure{Figure: "Ana", Path: []string{"C-2", "B-3"}, Kind: "leap"}, rule: "V-11", why: "B-3"},
		{id: "V-12", setup: vTurn(), cmd: MoveFigure{Figure: "Ana", Path: []string{"D-2"}, Kind: "teleport"}, rule: "V-12", why: "not an empty space"},
		{id: "V-13", setup: vTurn(), cmd: Attack{Attacker: "Ana", Target: "Bo", Roll: "1"}, rule: "V-13", why: "Bo"},
		{id: "V-13 Invisible", setup: func(t *testing.T) *tracker.Session {
			s := vTurn()(t)
			st(s).Mission.fig("Grallok Berserker 1").Conditions = map[string]uint64{"Invisible": 0}
			return s
		}, cmd: Attack{Attacker: "Ana", Target: "Grallok Berserker 1", Roll: "1"}, rule: "V-13", why: "Invisible"},
		{id: "V-13 fumble", setup: func(t *testing.T) *tracker.Session {
			s := vTurn()(t)
			st(s).Mission.fig("Ana").Fumbled = true
			return s
		}, cmd: Attack{Attacker: "Ana", Space: "B-3", Roll: "1"}, rule: "V-13", why: "fumbled"},
		{id: "V-14", setup: vTurn(CorrectFigure{Figure: "Ana", SetConditions: true, Conditions: []string{"Frozen"}}),
			cmd: PlayCard{Character: "Ana", Card: "W1", Convert: "move"}, rule: "V-14", why: "Frozen"},
		{id: "V-15", setup: vContent, cmd: BuyActionCard{Character: "Ana", Card: "W11"}, rule: "V-15", why: "SP"},
		{id: "V-15 clamp", setup: vContent, cmd: AdjustCampaign{Fame: map[string]int{"Berkav": -5}}, check: func(t *testing.T, s *tracker.Session, _ string) {
			if f := st(s).Sheet.Fame["Berkav"]; f != 0 {
				t.Errorf("fame %d, want clamped at 0", f)
			}
		}},
		{id: "V-16", setup: vRich, cmd: BuyEquipment{Character: "Ana", Equipment: "Visor"}, rule: "V-16", why: "Berkav"},
		{id: "V-16 tier", setup: vRich, cmd: BuyEquipment{Character: "Ana", Equipment: "Boots"}, rule: "V-16", why: "tier 2"},
		{id: "V-17", setup: vContent, cmd: DismantleAttachment{Character: "Ana", Attachment: "Kit W"}, rule: "V-17", why: "Kit W"},
		{id: "V-18", setup: func(t *testing.T) *tracker.Session {
			s := vBetween(t)
			do(t, s, startCmd())
			playRound(t, s, map[string][]string{"Ana": {"W1"}, "Bo": {"H3"}}, "", false)
			return s
		}, cmd: MissionResult{Success: true}, check: func(t *testing.T, s *tracker.Session, line string) {
			if sp := st(s).Characters["Ana"].SP; sp != 2 {
				t.Errorf("Ana has %d SP after two successes of Berkav-1, want the reward once (2)", sp)
			}
		}},
		{id: "V-19", setup: func(t *testing.T) *tracker.Session {
			s := vMission(t)
			playRound(t, s, map[string][]string{"Ana": {"W1"}, "Bo": {"H3"}}, "", false)
			do(t, s, MissionResult{Success: true})
			return s
		}, cmd: PickAttachment{Character: "Ana", Attachment: "T2-1"}, rule: "V-19", why: "T2-1"},
		{id: "V-20", setup: func(t *testing.T) *tracker.Session {
			s := vBetween(t)
			do(t, s, Expedition{Card: "7"})
			return s
		}, cmd: Expedition{Card: "8"}, rule: "V-20", why: "already drawn"},
		{id: "V-21", setup: vMission, cmd: BeginRound{Face: &phantom.Face{Colour: "green", Primary: "N", Secondary: "E"}}, rule: "V-21", why: "green"},
		{id: "V-22", setup: vTurn(), cmd: Attack{Attacker: "Ana", Space: "B-3", Roll: "7"}, rule: "V-22", why: "not a face"},
		{id: "V-23", setup: vSelect, cmd: PlaceAdversary{Type: "Grallok Berserker", Space: "A-1", Characters: 3}, check: func(t *testing.T, s *tracker.Session, line string) {
			if st(s).Mission.fig("Grallok Berserker 3") != nil || !strings.Contains(line, "not placed") {
				t.Errorf("an icon for 3 or more characters places nothing with 2: %q", line)
			}
		}},
		{id: "V-24", setup: vMission, cmd: BuildEventDeck{Early: []string{"E1", "E2", "E3", "E4"}, Late: []string{"L1"}}, rule: "V-24", why: "at least 5"},
		{id: "V-25", setup: vContent, cmd: StandaloneTraining{Tier: 0, Characters: []string{"Ana"}}, rule: "V-25", why: "tier"},
		{id: "V-25 attachment", setup: vContent, cmd: SaveContent{Kind: KindAttachment, Data: raw(Attachment{ID: "Z", Tier: 5, Type: "melee"})}, rule: "V-25", why: "tier 5"},
		{id: "V-26", setup: func(t *testing.T) *tracker.Session {
			s := vSelect(t)
			b := st(s).Mission.fig("Bo")
			b.Discard, b.Hand = []string{"H9"}, remove(b.Hand, "H9")
			do(t, s, Rest{Character: "Bo"}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, DrawAdversaryCards{})
			return s
		}, cmd: DetermineInitiative{}, check: func(t *testing.T, s *tracker.Session, _ string) {
			for _, f := range st(s).Mission.Figures {
				if f.Initiative < 1 {
					t.Errorf("%s has initiative %d", f.Name, f.Initiative)
				}
			}
			if n := st(s).Mission.fig("Bo").Initiative; n != 1 {
				t.Errorf("resting Bo has initiative %d, want 1", n)
			}
		}},
		{id: "V-27", setup: vSelect, cmd: CorrectFigure{Figure: "Ana", SetConditions: true, Conditions: []string{"Burning", "Burning"}}, rule: "V-27", why: "at most once"},
		{id: "V-28", setup: func(t *testing.T) *tracker.Session {
			s := withContent(t)
			st(s).Characters["Ana"].Items = []string{"Medkit"}
			c := startCmd()
			c.Party[0].Items = []string{"Medkit"}
			do(t, s, c, UseItem{Character: "Ana", Item: "Medkit"})
			return s
		}, cmd: UseItem{Character: "Ana", Item: "Medkit"}, rule: "V-28", why: "already used"},
	}
	seen := map[string]bool{}
	for _, r := range rows {
		seen[strings.Fields(r.id)[0]] = true
		t.Run(r.id, func(t *testing.T) {
			s := r.setup(t)
			ev, err := s.Do(r.cmd)
			if r.check != nil {
				if err != nil {
					t.Fatalf("%T: %v", r.cmd, err)
				}
				r.check(t, s, Rules{}.Describe(ev))
				return
			}
			var re *tracker.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("%T %+v: want a refusal (%s), got %v", r.cmd, r.cmd, r.rule, err)
			}
			if !strings.Contains(re.Rule+" "+re.Why, r.rule) {
				t.Errorf("refused by %q (%s), want %s", re.Rule, re.Why, r.rule)
			}
			if !strings.Contains(re.Why, r.why) {
				t.Errorf("the refusal %q does not say %q", re.Why, r.why)
			}
			plainWords(t, re.Why)
			t.Logf("%s: %s", re.Rule, re.Why)
		})
	}
	for i := 1; i <= 28; i++ {
		if id := fmt.Sprintf("V-%02d", i); !seen[id] {
			t.Errorf("no row for %s", id)
		}
	}
}
