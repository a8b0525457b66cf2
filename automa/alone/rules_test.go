package alone

import (
	"reflect"
	"strings"
	"testing"

	"tablekeeper/automa"
)

// §4.5 item 6: Teleports ignore MSD and make no Noise, keep the Level limit,
// and scare when an Unrevealed Creature lands in the Hero's Sector (AMB-9).
func TestTeleport(t *testing.T) {
	cfg := DefaultConfig()
	m := mustValid(t, station().creature("w", Worm, "U4").build())
	tc, err := m.CheckTeleport("w", "L", false, cfg)
	if err != nil || tc.Scare != 2 || !tc.Revealed {
		t.Errorf("into the Hero's Sector: %+v %v", tc, err)
	}
	tc, _ = m.CheckTeleport("w", "E1", false, cfg)
	if tc.Scare != 0 || tc.Revealed {
		t.Errorf("elsewhere: %+v", tc)
	}
	b := station().creature("w", Worm, "U4")
	for i, s := range []string{"C", "R", "W1", "S3"} {
		b.creature(string(rune('a'+i)), CreatureTypes[i], s)
	}
	if _, err := mustValid(t, b.build()).CheckTeleport("w", "E1", false, cfg); err == nil || !strings.Contains(err.Error(), "Level 1") {
		t.Errorf("full level: %v", err)
	}
	if _, err := m.CheckTeleport("zz", "E1", false, cfg); err == nil {
		t.Error("unknown creature")
	}
	if _, err := m.CheckTeleport("w", "zz", false, cfg); err == nil {
		t.Error("unknown sector")
	}
}

// V18 and §5.1 item 8.
func TestBlockAndUnblock(t *testing.T) {
	b := station().hero("R")
	b.m.Sector("R").Revealed = true
	b.blocked("R", North, "C")
	m := mustValid(t, b.build())
	cases := []struct {
		d       Dir
		steps   int
		already bool
		ok      bool
	}{
		{South, 1, false, true},
		{South, 0, false, false}, // before the first step
		{South, 1, true, false},  // a 2nd this step
		{North, 1, false, false}, // already Blocked
		{East, 1, false, false},  // no Door
	}
	for _, c := range cases {
		if err := m.CheckBlockDoor(c.d, c.steps, c.already); (err == nil) != c.ok {
			t.Errorf("%+v: %v", c, err)
		}
	}
	if m.CheckUnblock(North) != nil || m.CheckUnblock(South) == nil {
		t.Error("unblock")
	}
}

// V22.
func TestScavengeRoom(t *testing.T) {
	b := station().hero("R")
	b.m.Sector("R").Revealed = true
	m := b.build()
	if m.CheckScavengeRoom(nil) != nil || m.CheckScavengeRoom([]string{"R"}) == nil {
		t.Error("room")
	}
	if station().build().CheckScavengeRoom(nil) == nil {
		t.Error("L is no Room")
	}
}

// T1 step 6 b–d.
func TestEndOfTurnSteps(t *testing.T) {
	b := station().creature("p", Parasite, "L", moved).creature("w", Worm, "L").creature("s", Spore, "E2", moved)
	b.m.Sector("E2").Lighted = true
	m := mustValid(t, b.build())
	te, tr := EndOfTurnSteps(m, false, nil, DefaultConfig(), DefaultSettings(), &automa.Fixed{})
	if len(te.Attacks) != 2 || te.Attacks[0].Creature != "w" || !reflect.DeepEqual(te.LightsOff, []string{"E2"}) ||
		!reflect.DeepEqual(te.Reset, []string{"p", "s"}) || len(tr.Steps) != 2 {
		t.Errorf("turn end %+v", te)
	}
}

// The assist mode's ranked suggestions and the End-of-Round wizard's list.
func TestAssistLists(t *testing.T) {
	d := endTurn(t, sit(mustValid(t, station().build())), nil)
	if len(d.Suggestions) == 0 || !strings.HasPrefix(d.Suggestions[0], "P2 Spawn: hybrid in E3") {
		t.Errorf("suggestions %v", d.Suggestions)
	}
	b := station()
	b.m.Sector("E1").Revealed = true
	b.m.Sector("E2").Revealed = true
	r, _ := EndOfRound(b.build(), RoundEnd{Tracks: Tracks{5, 5}, RoundMarker: 3}, DefaultConfig(), DefaultSettings())
	// E2 leaves the Labyrinth (not adjacent, Dark) and so leaves the LoS:
	// it becomes a legal Danger Sector; L and E1 stay out.
	if !contains(r.DangerSectors, "E2") || contains(r.DangerSectors, "E1") || contains(r.DangerSectors, "L") {
		t.Errorf("danger sectors %v", r.DangerSectors)
	}
}
