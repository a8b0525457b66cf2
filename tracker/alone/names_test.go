package alone

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// The diary names Sectors and Creatures as the screens do, from the names
// an event recorded; an event recorded before them is named from its ids
// (kind and token, Level and square), and text that names a Sector already
// is left as it is.
func TestDiaryNames(t *testing.T) {
	names := map[string]string{"1B2": "Level 1, B2 (Pump Hall)", "boss-1": "The Warden Bo1", "lab": "Level 2, lab (Laboratory)"}
	for _, c := range []struct{ line, want string }{
		{"Fight the spore-1 with 2 dice", "Fight the Spore Sp1 with 2 dice"},
		{"Move east: 1A1 → 1B2", "Move east: Level 1, A1 → Level 1, B2 (Pump Hall)"},
		{"The boss-1 is removed from the Map", "The Warden Bo1 is removed from the Map"},
		{"Fight the boss-1", "Fight the Warden Bo1"},
		{"Lights on in lab and 2C3", "Lights on in Level 2, lab (Laboratory) and Level 2, C3"},
		{"A Spore is Revealed in Level 1, 1-20 (Control Room), Wounded", "A Spore is Revealed in Level 1, 1-20 (Control Room), Wounded"},
		{"Labyrinth tiles; worm-12 and hybrid-3", "Labyrinth tiles; Worm Wo12 and Hybrid Hy3"},
		{"Score 12B3 is no square; 3B2 neither", "Score 12B3 is no square; 3B2 neither"},
	} {
		if got := namedLine(c.line, names); got != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.line, got, c.want)
		}
	}

	// A live event records the names; the same event without them (as
	// recorded before) still reads without an id.
	m := withCreatures(alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-20", Revealed: true})
	m.Sector("1-20").Shape, m.Sector("1-20").Room = alone.ShapeRoom, "Control Room"
	s := mapped(t, Assist, m)
	do(t, s, StartTurn{})
	e := do(t, s, AttackBonus{Creature: "parasite-1", Dice: 1})
	if got := recordedNames(e); got["parasite-1"] != "Parasite Pa1" {
		t.Fatalf("recorded names %v", got)
	}
	if got := s.Describe(e); got != "Parasite Pa1 gets +1 attack dice until the end of the Turn" {
		t.Errorf("%q", got)
	}
	var p map[string]json.RawMessage
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		t.Fatal(err)
	}
	delete(p, "names")
	old := e
	old.Payload, _ = json.Marshal(p)
	if got := (Rules{}).Describe(old); got != "Parasite Pa1 gets +1 attack dice until the end of the Turn" {
		t.Errorf("an event without names: %q", got)
	}
	// The names are the diary's only: Apply reads the event as before.
	if _, err := (Rules{}).Apply(st(s).clone(), e); err != nil {
		t.Fatal(err)
	}
	// A whole Map names nothing (the start event is not made larger).
	var none tracker.Event
	_ = s.Events(1, func(ev tracker.Event) error {
		if strings.HasSuffix(ev.Kind, ".start") {
			none = ev
		}
		return nil
	})
	if len(recordedNames(none)) != 0 {
		t.Errorf("the start event records %d names", len(recordedNames(none)))
	}
}
