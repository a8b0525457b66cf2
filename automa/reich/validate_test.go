package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
)

func TestCheckDoorChange(t *testing.T) { // V-14
	ok := [][2]content.DoorState{{content.Locked, content.Closed}, {content.Closed, content.Open}, {content.Locked, content.Open}}
	for _, c := range ok {
		if err := CheckDoorChange(c[0], c[1]); err != nil {
			t.Errorf("%s→%s refused: %v", c[0], c[1], err)
		}
	}
	bad := [][2]content.DoorState{{content.Open, content.Closed}, {content.Open, content.Locked}, {content.Closed, content.Locked}, {content.Open, content.Open}, {"ajar", content.Open}}
	for _, c := range bad {
		if err := CheckDoorChange(c[0], c[1]); err == nil {
			t.Errorf("%s→%s accepted", c[0], c[1])
		}
	}
}

func TestCheckPlacement(t *testing.T) { // V-21, V-22, V-23
	f := testContent().Faction
	set := DefaultSettings()
	life := DefaultSettings()
	life.CapIsLifetime = true
	cases := []struct {
		code          string
		onBoard, ever int
		set           Settings
		want          string
	}{
		{"GR", 5, 9, set, ""},
		{"GR", 6, 6, set, "V-21"},
		{"GR", 2, 6, life, "V-21"},
		{"VM", 0, 0, set, ""},
		{"VM", 0, 1, set, "V-22"},
		{"QQ", 0, 0, set, "V-23"},
	}
	for _, c := range cases {
		err := CheckPlacement(&f, c.code, c.onBoard, c.ever, c.set)
		if (err == nil) != (c.want == "") || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s %d/%d: %v, want %q", c.code, c.onBoard, c.ever, err, c.want)
		}
	}
}

func TestCheckAwarenessEdit(t *testing.T) { // V-24, V-45
	if got, err := CheckAwarenessEdit(PreAlarm, content.Alert, true); err != nil || got != content.Alert {
		t.Errorf("alert in an occupied room: %v %v", got, err)
	}
	if got, err := CheckAwarenessEdit(PreAlarm, content.Suspicious, false); err != nil || got != content.AtEase {
		t.Errorf("an empty room is clamped to at ease: %v %v", got, err)
	}
	if _, err := CheckAwarenessEdit(PreAlarm, 3, true); err == nil {
		t.Errorf("level 3 accepted")
	}
	if _, err := CheckAwarenessEdit(PostAlarm, content.Suspicious, true); err == nil || !strings.Contains(err.Error(), "V-45") {
		t.Errorf("post-alarm edit accepted: %v", err)
	}
}

func TestCheckClearedToken(t *testing.T) { // V-25
	if err := CheckClearedToken(PreAlarm, false, 0); err != nil {
		t.Error(err)
	}
	for _, c := range []struct {
		phase   string
		cleared bool
		units   int
	}{{PreAlarm, true, 0}, {PreAlarm, false, 1}, {AlienWorld, false, 0}} {
		if err := CheckClearedToken(c.phase, c.cleared, c.units); err == nil || !strings.Contains(err.Error(), "V-25") {
			t.Errorf("%+v accepted: %v", c, err)
		}
	}
}

func TestCheckPatrolDoor(t *testing.T) { // V-43
	cases := []struct {
		door   string
		heroes []Hero
		doors  DoorStates
		rooms  map[string]*RoomState
		want   string
	}{
		{"D4", twoHeroes("A1"), nil, nil, ""},
		{"D2", twoHeroes("A1"), nil, nil, ""}, // locked counts as closed
		{"D3", twoHeroes("A1"), nil, nil, "exit"},
		{"D4", twoHeroes("A1"), DoorStates{"D4": content.Open}, nil, "open"},
		{"D4", []Hero{{ID: "H1", Area: "A2"}, {ID: "H2", Area: "E1"}}, nil, nil, "both sides"},
		{"D4", []Hero{{ID: "H1", Area: "A2"}}, nil, map[string]*RoomState{"R4": {Cleared: true}}, "no side"},
		{"D9", twoHeroes("A1"), nil, nil, "not on the map"},
		// V-25: a cleared token in a room enemies have come back into no
		// longer stops patrols from that room.
		{"D4", []Hero{{ID: "H1", Area: "A2"}}, nil, map[string]*RoomState{"R4": {Cleared: true}}, ""},
	}
	for i, c := range cases {
		s := situation()
		s.State.Heroes, s.State.Doors, s.State.Rooms = c.heroes, c.doors, c.rooms
		if i == len(cases)-1 {
			s.State.Units = []Unit{{ID: "GR-1", Code: "GR", Area: "E1"}}
		}
		err := s.CheckPatrolDoor(c.door)
		if (err == nil) != (c.want == "") || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.door, err, c.want)
		}
	}
}

func TestCheckNoiseTarget(t *testing.T) { // V-42
	s := situation()
	if err := s.CheckNoiseTarget("R4"); err != nil {
		t.Errorf("R4 holds T2: %v", err)
	}
	if err := s.CheckNoiseTarget("R1"); err == nil || !strings.Contains(err.Error(), "V-42") {
		t.Errorf("empty R1 accepted: %v", err)
	}
	s.State.Rooms = map[string]*RoomState{"R4": {Awareness: content.Suspicious}}
	if err := s.CheckNoiseTarget("R4"); err == nil {
		t.Errorf("a suspicious room is not at ease")
	}
}

// The situation's own checks: bad state is refused with the rule named.
func TestSituationChecks(t *testing.T) {
	cases := []struct {
		name string
		edit func(s *Situation)
		want string
	}{
		{"five heroes (V-01)", func(s *Situation) {
			s.State.Heroes = []Hero{{ID: "1", Area: "A1"}, {ID: "2", Area: "A1"}, {ID: "3", Area: "A1"}, {ID: "4", Area: "A1"}, {ID: "5", Area: "A1"}}
		}, "V-01"},
		{"hero twice (V-01)", func(s *Situation) { s.State.Heroes = twoHeroes("A1"); s.State.Heroes[1].ID = "H1" }, "V-01"},
		{"captured but standing (V-20)", func(s *Situation) { s.State.Heroes[0].Captured = true }, "V-20"},
		{"hero off the map", func(s *Situation) { s.State.Heroes[0].Area = "Q1" }, `area "Q1"`},
		{"too many miniatures (V-21)", func(s *Situation) {
			for i := 0; i < 3; i++ {
				s.State.Units = append(s.State.Units, Unit{ID: "o" + itoa(i), Code: "OF", Area: "C1"})
			}
		}, "V-21"},
		{"two of a Unique (V-22)", func(s *Situation) {
			s.State.Units = []Unit{{ID: "v1", Code: "VM", Area: "C1"}, {ID: "v2", Code: "VM", Area: "C1"}}
		}, "V-22"},
		{"unit code not on the faction card (V-23)", func(s *Situation) { s.State.Units = []Unit{{ID: "q", Code: "QQ", Area: "C1"}} }, "not on the faction card"},
		{"token icon (V-23)", func(s *Situation) {
			s.State.SpawnTokens = []Token{{ID: "T", Area: "A1", Icons: []content.Level{"blue"}}}
		}, "V-23"},
		{"awareness after the alarm (V-24)", func(s *Situation) {
			s.State.Phase = PostAlarm
			s.State.Rooms = map[string]*RoomState{"R2": {Awareness: content.Alert}}
		}, "V-24"},
		{"cleared token in the alien world (V-25)", func(s *Situation) {
			s.State.Phase = AlienWorld
			s.State.Rooms = map[string]*RoomState{"R2": {Cleared: true}}
		}, "V-25"},
		{"flipped token outside the alien world (V-25)", func(s *Situation) { s.State.SpawnTokens = []Token{{ID: "T", Area: "A1", Cleared: true}} }, "V-25"},
		{"tracker past its end (V-26)", func(s *Situation) { s.State.Tracker.Pos = 9 }, "V-26"},
		{"tracker before space 1 (V-26)", func(s *Situation) { s.State.Tracker.Pos = 0 }, "V-26"},
		{"failed noise test (V-15)", func(s *Situation) { s.Resolve = Request{Kind: KindNoiseCard, Card: "NP1", Total: 0} }, "V-15"},
		{"awareness raise after the alarm (V-45)", func(s *Situation) {
			s.State.Phase = PostAlarm
			s.Resolve = Request{Kind: KindRaiseAwareness, Room: "R1", Levels: 1}
		}, "V-45"},
		{"dead unit", func(s *Situation) { s.State.Units = []Unit{{ID: "g", Code: "GR", Area: "B1", Wounds: 1}} }, "dies at 1"},
		{"unknown setting value", func(s *Situation) { s.Settings.PatrolPlaceSide = "left" }, "patrolPlaceSide"},
		{"unknown request", func(s *Situation) { s.Resolve = Request{Kind: "dance"} }, "not one of"},
		{"post-alarm patrol", func(s *Situation) {
			s.State.Phase = PostAlarm
			s.Resolve = Request{Kind: KindPatrol, Icons: []content.Level{content.Green}, Awareness: aw(content.AtEase)}
		}, "barracks"},
		{"noise card from the wrong deck", func(s *Situation) { s.Resolve = Request{Kind: KindNoiseCard, Card: "NQ1", Total: 2} }, "post-alarm noise deck"},
		{"LOS answer without range", func(s *Situation) { s.Answers.LOS = []LOSAnswer{{From: "A1", To: "B1", See: true}} }, "range"},
	}
	for _, c := range cases {
		s := situation()
		s.Resolve = Request{Kind: KindEnemyTurn}
		c.edit(s)
		_, err := Decide(s, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// Assisted mode: without sight lines the players' answers are used, and a
// missing answer is asked for.
func TestAssistedLOS(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "A3"}}, twoHeroes("A1"), nil)
	s.Map.SightLines = nil
	err := decideErr(t, s)
	if ni := needInput(err); ni == nil || ni.Field != "answers.los" {
		t.Fatalf("want a LOS question, got %v", err)
	}
	s.Answers.LOS = []LOSAnswer{{From: "A1", To: "A3", See: true, Range: 2}}
	out := decide(t, s)
	eq(t, "attack on the answer", attacks(out), "GR:ranged>H1=2")
	// In map mode an answer overrides the computed sight line.
	s = postAlarmTurn([]Unit{{ID: "g1", Code: "GR", Area: "A3"}}, twoHeroes("A1"), nil)
	s.Answers.LOS = []LOSAnswer{{From: "A3", To: "A1", Side: "enemy", See: false}}
	out = decide(t, s)
	eq(t, "override: it cannot see, so it moves", changes(out, ChUnitMoved), "g1:A3>A2")
}
