package reich

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"tablekeeper/automa"
	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// randomSituation builds a legal situation on the test map from bytes:
// units, heroes, doors, awareness, phase and request all vary.
func randomSituation(data []byte) *Situation {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		v := int(data[0])
		data = data[1:]
		return v
	}
	s := situation()
	areas := []string{"A1", "A2", "A3", "B1", "B2", "C1", "E1", "F1", "X1"}
	codes := []string{"GR", "DG", "OF", "BG", "VM", "HD", "ZB", "WH"}
	s.State.Phase = []string{PreAlarm, PostAlarm, AlienWorld}[next()%3]
	s.State.During = []string{HeroTurn, EnemyTurn}[next()%2]
	if s.State.Phase == AlienWorld {
		s.State.Tracker = &Tracker{Pos: 1, AlienRounds: 8}
	}
	s.State.Doors = DoorStates{}
	for _, d := range []string{"D1", "D2", "D4", "D5"} {
		s.State.Doors[d] = []content.DoorState{content.Locked, content.Closed, content.Open}[next()%3]
	}
	s.State.Heroes = nil
	for i, n := 0, 1+next()%4; i < n; i++ {
		h := Hero{ID: "H" + itoa(i+1), Area: areas[next()%len(areas)]}
		h.Downed = next()%5 == 0
		h.KnockedDown = next()%6 == 0
		s.State.Heroes = append(s.State.Heroes, h)
	}
	s.State.CurrentHero = "H1"
	s.State.HeroesActed = []string{"H1"}
	count := map[string]int{}
	for i, n := 0, next()%12; i < n; i++ {
		c := codes[next()%len(codes)]
		t := s.Content.Faction.Unit(c)
		if count[c] >= t.Max || (t.Unique() && count[c] >= 1) {
			continue
		}
		count[c]++
		s.State.Units = append(s.State.Units, Unit{ID: "u" + itoa(i), Code: c, Area: areas[next()%len(areas)]})
	}
	s.State.PlacedEver = count
	if s.State.Phase != PostAlarm {
		s.State.Rooms = map[string]*RoomState{}
		for _, r := range []string{"R1", "R2", "R3", "R4", "R5"} {
			s.State.Rooms[r] = &RoomState{Awareness: content.Awareness(next() % 3)}
		}
	}
	s.State.SpawnTokens = nil
	for i, n := 0, next()%4; i < n; i++ {
		tok := Token{ID: "T" + itoa(i), Area: areas[next()%len(areas)], Icons: []content.Level{[]content.Level{content.Green, content.Orange, content.Red}[next()%3]}}
		s.State.SpawnTokens = append(s.State.SpawnTokens, tok)
	}
	if s.State.SpawnTokens == nil {
		s.State.SpawnTokens = []Token{}
	}
	s.State.SpawnDeck = &Deck{DrawPile: []string{"RB001", "RB002", "RB003", "RB004"}, Discard: []string{"RB001", "RB003"}}
	flags := next()
	set := &s.Settings
	set.CapIsLifetime = flags&1 != 0
	set.GuardCountPerUnit = flags&2 == 0
	set.PatrolTokenPerIcon = flags&4 == 0
	set.BomberAlsoAttacks = flags&8 != 0
	set.ClearedBeforeSpawnCheck = flags&16 != 0
	set.RangedTargetNearestOverall = flags&32 != 0
	set.MoveTargetIncludesDowned = flags&64 == 0
	if flags&128 != 0 {
		set.PatrolPlaceSide = "heroSide"
	}
	if s.State.Phase == PreAlarm && next()%2 == 0 {
		s.State.Rooms["R1"].Cleared = true
	}
	// V-24: a room with no spawn token and no enemy unit is at ease.
	occupied := map[string]bool{}
	room := map[string]string{"A": "R1", "B": "R2", "C": "R3", "E": "R4", "F": "R5", "X": "R9"}
	for _, u := range s.State.Units {
		occupied[room[u.Area[:1]]] = true
	}
	for _, t := range s.State.SpawnTokens {
		occupied[room[t.Area[:1]]] = true
	}
	for r, rs := range s.State.Rooms {
		if !occupied[r] {
			rs.Awareness = content.AtEase
		}
	}
	s.Answers.FeatureIcons = map[string][]content.Level{"RF1": {content.Green}}
	s.Answers.TokenIcons = map[string][]content.Level{"T3": {content.Green}}
	green := []content.Level{content.Green}
	switch next() % 7 {
	case 0:
		s.Resolve = Request{Kind: KindEnemyTurn}
	case 1:
		s.Resolve = Request{Kind: KindSightCheck, From: areas[next()%len(areas)]}
	case 2:
		s.Resolve = Request{Kind: KindBarracks, Letter: "A", Icons: green}
	case 3:
		s.Resolve = Request{Kind: KindPatrol, Icons: green, Awareness: aw(content.Awareness(next() % 3))}
	case 4:
		s.Resolve = Request{Kind: KindAlarm}
	case 5:
		s.Resolve = Request{Kind: KindBoom, Cause: "hero", Card: "NQ1"}
	case 6:
		s.Resolve = Request{Kind: KindDarkness, Icons: green}
	}
	return s
}

// Whatever the situation, a decision never panics, never breaks the "#"
// limit or Unique, and leaves a state that is itself a valid situation.
func FuzzDecideProperties(f *testing.F) {
	for _, seed := range [][]byte{
		{0, 1, 2, 2, 2, 2, 2, 3, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2, 2, 2, 2, 2, 3, 1, 2, 3, 0},
		{1, 0, 0, 1, 2, 0, 1, 8, 3, 3, 4, 0, 0, 7, 5, 5, 1, 1, 2, 1, 0, 0, 0, 0, 0, 2, 0, 1, 2, 1},
		{2, 0, 2, 2, 2, 2, 0, 4, 1, 2, 6, 3, 7, 1, 5, 9, 1, 1, 1, 1, 1, 3, 0, 1, 1, 6},
		{0, 0, 2, 0, 1, 2, 3, 2, 2, 0, 0, 3, 3, 10, 0, 1, 1, 3, 2, 2, 4, 5, 0, 2, 2, 2, 2, 2, 2, 4},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := randomSituation(data)
		if _, err := s.validate(); err != nil {
			return // the generator made something the rules refuse; fine
		}
		rolls := automa.Fixed(make([]int, 64))
		out, err := Decide(s, &rolls)
		if err != nil {
			var ni *NeedInput
			if errors.As(err, &ni) {
				return
			}
			t.Fatalf("unexpected error: %v", err)
		}
		count := map[string]int{}
		for _, u := range out.After.Units {
			count[u.Code]++
		}
		for code, n := range count {
			u := s.Content.Faction.Unit(code)
			if n > u.Max || (u.Unique() && n > 1) {
				t.Fatalf("%d %s on the map (limit %d)", n, code, u.Max)
			}
		}
		next := *s
		next.State = out.After
		next.Resolve = Request{Kind: KindEnemyTurn}
		if _, err := next.validate(); err != nil {
			t.Fatalf("the state afterwards is not valid: %v", err)
		}
		if err := tableInvariants(&next); err != nil && tableInvariants(s) == nil {
			t.Fatal(err)
		}
		// Pure: the same situation gives the same answer, and is left as it was.
		rolls = automa.Fixed(make([]int, 64))
		again, err := Decide(s, &rolls)
		if err != nil {
			t.Fatalf("second run: %v", err)
		}
		a, _ := json.Marshal(out)
		b, _ := json.Marshal(again)
		if string(a) != string(b) {
			t.Fatalf("two runs on one situation differ")
		}
	})
}

func TestPropertySeeds(t *testing.T) {
	// Run a spread of generated situations on every test run.
	for i := 0; i < 300; i++ {
		data := make([]byte, 48)
		for j := range data {
			data[j] = byte((i*131 + j*71 + i*j*17) % 251)
		}
		s := randomSituation(data)
		if _, err := s.validate(); err != nil {
			continue
		}
		rolls := automa.Fixed(make([]int, 64))
		out, err := Decide(s, &rolls)
		if err != nil {
			var ni *NeedInput
			if !errors.As(err, &ni) {
				t.Fatalf("case %d: %v", i, err)
			}
			continue
		}
		next := *s
		next.State = out.After
		next.Resolve = Request{Kind: KindEnemyTurn}
		if _, err := next.validate(); err != nil {
			t.Fatalf("case %d (%s): the state afterwards is not valid: %v", i, s.Resolve.Kind, err)
		}
		if err := tableInvariants(&next); err != nil && tableInvariants(s) == nil {
			t.Fatalf("case %d (%s): %v", i, s.Resolve.Kind, err)
		}
		for _, st := range out.Trace.Steps {
			if !strings.HasPrefix(st.Rule, "reichbusters §") || st.Text == "" {
				t.Fatalf("case %d: a trace step without its rule or text: %+v", i, st)
			}
		}
		rolls = automa.Fixed(make([]int, 64))
		again, _ := Decide(s, &rolls)
		a, _ := json.Marshal(out)
		b, _ := json.Marshal(again)
		if string(a) != string(b) {
			t.Fatalf("case %d: two runs on one situation differ", i)
		}
	}
}

// tableInvariants are the §13 rules every table the engine leaves must
// keep: no cleared token in a room holding enemy units (V-25), and no
// awareness token in a room with neither spawn tokens nor enemy units
// (V-24, §7.3 CLEANUP).
func tableInvariants(s *Situation) error {
	b, err := board.New(&s.Map)
	if err != nil {
		return err
	}
	units, tokens := map[string]int{}, map[string]int{}
	for _, u := range s.State.Units {
		if !u.Escorted {
			units[b.Room(b.MustIndex(u.Area))]++
		}
	}
	for _, t := range s.State.SpawnTokens {
		if !t.Cleared {
			tokens[b.Room(b.MustIndex(t.Area))]++
		}
	}
	for room, rs := range s.State.Rooms {
		if rs.Cleared && units[room] > 0 {
			return fmt.Errorf("V-25: room %s keeps its cleared token with %d enemy units in it", room, units[room])
		}
		if rs.Awareness != content.AtEase && units[room] == 0 && tokens[room] == 0 {
			return fmt.Errorf("V-24: room %s is %s with no spawn token and no enemy unit", room, rs.Awareness)
		}
	}
	return nil
}
