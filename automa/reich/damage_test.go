package reich

import (
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
)

// Damage to enemy units (§7.6).
func TestApplyHit(t *testing.T) {
	plain := &content.UnitType{Code: "P", Name: "Plain"}
	tough := &content.UnitType{Code: "T", Name: "Tough", Keywords: kws("xWounds(3)")}
	armour := &content.UnitType{Code: "A", Name: "Armour", Keywords: kws("armoured")}
	armourTag := &content.UnitType{Code: "A2", Name: "Armour2", Tags: []string{"armoured"}}
	ablative := &content.UnitType{Code: "S", Name: "Shield", Keywords: kws("ablativeShield")}
	bomber := &content.UnitType{Code: "B", Name: "Bomber", Keywords: kws("bomber")}
	multi := &content.UnitType{Code: "M", Name: "Mech", States: []content.UnitState{{Colour: "grey", HasFlipIcon: true}, {Colour: "red", HasFlipIcon: true}, {Colour: "grey"}, {Colour: "red"}}}
	set := DefaultSettings()
	cases := []struct {
		name    string
		t       *content.UnitType
		u       Unit
		hit     Hit
		wounds  int
		killed  bool
		state   int
		explode bool
	}{
		{"one wound kills", plain, Unit{}, Hit{}, 1, true, 0, false},
		{"armour piercing: 2 wounds", tough, Unit{}, Hit{ArmourPiercing: true}, 2, false, 0, false},
		{"X wounds: survives", tough, Unit{}, Hit{Wounds: 1}, 1, false, 0, false},
		{"X wounds: third kills", tough, Unit{Wounds: 2}, Hit{Wounds: 1}, 1, true, 0, false},
		{"armoured shrugs off", armour, Unit{}, Hit{}, 0, false, 0, false},
		{"armoured tag too", armourTag, Unit{}, Hit{}, 0, false, 0, false},
		{"armoured vs armour piercing: 1 wound", armour, Unit{}, Hit{ArmourPiercing: true}, 1, true, 0, false},
		{"armoured vs explosion", armour, Unit{}, Hit{Explosion: true}, 0, false, 0, false},
		{"ablative vs grenade", ablative, Unit{}, Hit{Grenade: true}, 0, false, 0, false},
		{"ablative vs tracking bomber", ablative, Unit{}, Hit{Explosion: true, TrackingBomber: true}, 0, false, 0, false},
		{"ablative vs plain bomber", ablative, Unit{}, Hit{Explosion: true}, 1, true, 0, false},
		{"bomber shot explodes", bomber, Unit{}, Hit{Ranged: true}, 1, true, 0, true},
		{"bomber in melee just dies", bomber, Unit{}, Hit{}, 1, true, 0, false},
		{"multi-state grey flips", multi, Unit{}, Hit{}, 1, false, 1, false},
		{"multi-state red → next card", multi, Unit{StateIndex: 1}, Hit{}, 1, false, 2, false},
		{"multi-state no flip icon dies", multi, Unit{StateIndex: 2}, Hit{}, 1, true, 2, false},
		{"multi-state two wounds", multi, Unit{}, Hit{Wounds: 2}, 2, false, 2, false},
	}
	for _, c := range cases {
		r := ApplyHit(c.t, c.u, c.hit, set)
		if r.Wounds != c.wounds || r.Killed != c.killed || r.Unit.StateIndex != c.state || r.Explode != c.explode {
			t.Errorf("%s: %+v (%s)", c.name, r, r.Why)
		}
	}
	set.ArmouredIgnoresExplosions = false
	if r := ApplyHit(armour, Unit{}, Hit{Explosion: true}, set); !r.Killed {
		t.Errorf("house rule: explosions wound armoured units")
	}
}

// A woundUnit request with its chain: an Unstable unit's removal blasts its area.
func TestWoundUnitChain(t *testing.T) {
	s := postAlarmTurn([]Unit{{ID: "u1", Code: "ZB", Area: "A2"}, {ID: "g1", Code: "GR", Area: "A2"}}, []Hero{{ID: "H1", Area: "A2"}, {ID: "H2", Area: "A1"}}, nil)
	addKeywords(s, "ZB", "unstable")
	s.Resolve = Request{Kind: KindWoundUnit, Unit: "u1"}
	out := decide(t, s)
	eq(t, "killed", changes(out, ChUnitKilled), "u1A2", "g1A2")
	eq(t, "hero", changes(out, ChHeroWounded), "H1Unstable blast: draw a wound card, apply both halves and keep it")
	// After the alarm with no noise deck, the BOOM is left to the players.
	if got := changes(out, ChForPlayers); len(got) != 1 || !strings.Contains(got[0], "BOOM") {
		t.Errorf("want a BOOM note for the players, got %v", got)
	}
	// A Bomber shot from range blows up.
	s = postAlarmTurn([]Unit{{ID: "b1", Code: "ZB", Area: "A3"}}, twoHeroes("A1"), nil)
	addKeywords(s, "ZB", "bomber")
	s.State.NoiseDeck = &Deck{DrawPile: []string{"NQ1"}}
	s.Resolve = Request{Kind: KindWoundUnit, Unit: "b1", Hit: &Hit{Ranged: true}}
	out = decide(t, s)
	eq(t, "killed", changes(out, ChUnitKilled), "b1A3")
	// The BOOM by an enemy draws NQ1 and resolves only its bottom (barracks B, orange).
	eq(t, "boom spawn", changes(out, ChUnitPlaced), "GR@E1", "GR@E1")
}
