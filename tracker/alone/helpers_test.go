package alone

import (
	"errors"
	"strings"
	"testing"
	"time"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

var t0 = time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)

func newSession(t testing.TB, seed uint64) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	mem := tracker.NewMemStore()
	c, err := tracker.NewCampaign(tracker.Alone, "Alone test", seed, t0)
	if err != nil {
		t.Fatal(err)
	}
	if err := mem.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(mem, Rules{}, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	s.SetClock(func() time.Time { return t0 })
	return s, mem
}

func st(s *tracker.Session) *State { return s.State().(*State) }

// do runs a command and fails the test if it is refused.
func do(t testing.TB, s *tracker.Session, cmd tracker.Command) tracker.Event {
	t.Helper()
	e, err := s.Do(cmd)
	if err != nil {
		t.Fatalf("%T %+v: %v", cmd, cmd, err)
	}
	return e
}

// refused runs a command that must be refused by the rule named.
func refused(t testing.TB, s *tracker.Session, cmd tracker.Command, rule string) {
	t.Helper()
	n := s.LastSeq()
	_, err := s.Do(cmd)
	var re *tracker.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%T %+v: want refusal by %s, got %v", cmd, cmd, rule, err)
	}
	if !strings.Contains(re.Rule, rule) {
		t.Fatalf("%T %+v: refused by %q (%s), want %s", cmd, cmd, re.Rule, re.Why, rule)
	}
	if s.LastSeq() != n {
		t.Fatal("a refused command was recorded")
	}
}

// testSheet has a Healing Cap of 4 on space 1, as in the manuals' examples
// ("between 4 and 5"), and the spec's defaults otherwise.
func testSheet() Sheet {
	sh := DefaultSheet()
	sh.HealingCap = []int{2, 4, 6, 8, 10, 12, 12, 12, 12}
	sh.StartMarker = 8
	sh.AbilityFor = map[alone.CreatureType]Ability{alone.Parasite: ColdBlood, alone.Spore: Precision,
		alone.Cultist: Courage, alone.Hybrid: AcuteSight, alone.Worm: Dexterity}
	return sh
}

func startCmd(mode Mode, m *alone.Map) StartGame {
	return StartGame{Difficulty: Normal, Character: "Engineer", Mode: mode, EvilPlayers: []string{"Bea", "Carl"},
		Decks: []string{"fury", "terror"}, Starting: [2]Mission{{Name: "Red start", Colour: "red"}, {Name: "Blue start", Colour: "blue"}},
		Final: Mission{Name: "Escape"}, Items: []Item{{Name: "Flashlight", Action: Fight, Charges: 2, Matrix: "optic"}}, Map: m}
}

// bookkeeping starts a game with no Map.
func bookkeeping(t testing.TB) *tracker.Session {
	s, _ := newSession(t, 7)
	do(t, s, SetupSheet{Sheet: testSheet()})
	do(t, s, startCmd(Bookkeeping, nil))
	return s
}

// ---- a small two-Level Map ----

type mb struct{ m *alone.Map }

func newMap() *mb { return &mb{m: &alone.Map{}} }

func (b *mb) sec(id string, level int, shape string) *mb {
	b.m.Sectors = append(b.m.Sectors, alone.Sector{ID: id, Level: level, Shape: shape, Exits: map[alone.Dir]alone.Link{}})
	return b
}

func (b *mb) find(id string) *alone.Sector {
	for i := range b.m.Sectors {
		if b.m.Sectors[i].ID == id {
			return &b.m.Sectors[i]
		}
	}
	panic("no sector " + id)
}

func (b *mb) link(a string, d alone.Dir, c string, door bool) *mb {
	b.find(a).Exits[d] = alone.Link{To: c, Door: door}
	b.find(c).Exits[d.Opposite()] = alone.Link{To: a, Door: door}
	return b
}

func (b *mb) stairs(a, c, colour string) *mb {
	b.link(a, alone.Stairs, c, false)
	b.find(a).StairsColour, b.find(c).StairsColour = colour, colour
	return b
}

// testMap is two Levels of a 3×3 grid each, rows y=0..2 from north,
// columns x=0..2 from west: sector "1-xy" on Level 1, "2-xy" on Level 2.
// 1-11 is a Room with an LCU and Doors east and west. The Hero starts in
// 1-00. Stairs: red 1-00 ↔ 2-00, blue 1-22 ↔ 2-22.
func testMap() *alone.Map {
	b := newMap()
	for lv := 1; lv <= 2; lv++ {
		for y := 0; y < 3; y++ {
			for x := 0; x < 3; x++ {
				b.sec(id(lv, x, y), lv, alone.ShapeCross)
			}
		}
		for y := 0; y < 3; y++ {
			for x := 0; x < 3; x++ {
				if x < 2 {
					door := lv == 1 && y == 1
					b.link(id(lv, x, y), alone.East, id(lv, x+1, y), door)
				}
				if y < 2 {
					b.link(id(lv, x, y), alone.South, id(lv, x, y+1), false)
				}
			}
		}
	}
	r := b.find("1-11")
	r.Shape, r.Room, r.LCU = alone.ShapeRoom, "Laboratory", true
	b.stairs("1-00", "2-00", "red").stairs("1-22", "2-22", "blue")
	b.find("1-00").Revealed = true
	b.m.Hero = "1-00"
	return b.m
}

func id(lv, x, y int) string {
	return string(rune('0'+lv)) + "-" + string(rune('0'+x)) + string(rune('0'+y))
}

// mapped starts a game with the test Map in the given mode.
func mapped(t testing.TB, mode Mode, m *alone.Map) *tracker.Session {
	s, _ := newSession(t, 11)
	do(t, s, SetupSheet{Sheet: testSheet()})
	c := startCmd(mode, m)
	if mode == Solo {
		c.EvilPlayers = nil
	}
	do(t, s, c)
	return s
}

// playTurn starts a Turn, declares and resolves a plain Action, and ends it.
func playTurn(t testing.TB, s *tracker.Session) {
	t.Helper()
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, EndTurn{Roll: VirtualDice})
}

func playRound(t testing.TB, s *tracker.Session) {
	t.Helper()
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	do(t, s, EndRound{})
}
