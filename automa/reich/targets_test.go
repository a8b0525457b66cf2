package reich

import (
	"testing"

	"tablekeeper/automa/reich/content"
)

// A hero's choice of target and the defence it faces (V-37, §7.5.6).
func TestHeroTarget(t *testing.T) {
	cases := []struct {
		name     string
		units    []Unit
		keywords map[string][]string
		tags     map[string][]string
		unit     string
		ranged   bool
		accurate bool
		ok       bool
		defence  int
		noHP     bool
	}{
		{name: "plain", units: []Unit{{ID: "g1", Code: "GR", Area: "B1"}}, unit: "g1", ok: true, defence: 3},
		{name: "officer behind a bodyguard", units: []Unit{{ID: "o1", Code: "OF", Area: "B1"}, {ID: "b1", Code: "BG", Area: "B1"}}, unit: "o1", ok: false, defence: 4},
		{name: "Accurate ignores Bodyguard", units: []Unit{{ID: "o1", Code: "OF", Area: "B1"}, {ID: "b1", Code: "BG", Area: "B1"}}, unit: "o1", accurate: true, ok: true, defence: 4},
		{name: "bodyguard elsewhere", units: []Unit{{ID: "o1", Code: "OF", Area: "B1"}, {ID: "b1", Code: "BG", Area: "B2"}}, unit: "o1", ok: true, defence: 4},
		{name: "vrilmeister: no heroism points", units: []Unit{{ID: "v1", Code: "VM", Area: "B1"}}, unit: "v1", ok: true, defence: 5, noHP: true},
		{name: "Meatshield stops ranged", units: []Unit{{ID: "g1", Code: "GR", Area: "B1"}, {ID: "z1", Code: "ZB", Area: "B1"}},
			keywords: map[string][]string{"ZB": {"meatshield"}}, unit: "g1", ranged: true, ok: false, defence: 3},
		{name: "Meatshield allows melee", units: []Unit{{ID: "g1", Code: "GR", Area: "B1"}, {ID: "z1", Code: "ZB", Area: "B1"}},
			keywords: map[string][]string{"ZB": {"meatshield"}}, unit: "g1", ok: true, defence: 3},
		{name: "Elusive with company", units: []Unit{{ID: "z1", Code: "ZB", Area: "B1"}, {ID: "g1", Code: "GR", Area: "B1"}},
			keywords: map[string][]string{"ZB": {"elusive"}}, unit: "z1", ok: false, defence: 1},
		{name: "Elusive alone", units: []Unit{{ID: "z1", Code: "ZB", Area: "B1"}},
			keywords: map[string][]string{"ZB": {"elusive"}}, unit: "z1", ok: true, defence: 1},
		{name: "Dug In at a guard point", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}},
			keywords: map[string][]string{"GR": {"dugIn"}}, unit: "g1", ok: true, defence: 4},
		{name: "Psychic Shield vs ranged", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}},
			keywords: map[string][]string{"GR": {"psychicShield"}}, unit: "g1", ranged: true, ok: true, defence: 7},
		{name: "Psychic Shield vs melee", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}},
			keywords: map[string][]string{"GR": {"psychicShield"}}, unit: "g1", ok: true, defence: 3},
		{name: "Reinforce! on the tile", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}, {ID: "h1", Code: "HD", Area: "A3"}},
			keywords: map[string][]string{"HD": {"reinforce"}}, tags: map[string][]string{"GR": {"armoured"}}, unit: "g1", ok: true, defence: 4},
		{name: "Reinforce! off the tile", units: []Unit{{ID: "g1", Code: "GR", Area: "B2"}, {ID: "h1", Code: "HD", Area: "A1"}},
			keywords: map[string][]string{"HD": {"reinforce"}}, tags: map[string][]string{"GR": {"armoured"}}, unit: "g1", ok: true, defence: 3},
	}
	for _, c := range cases {
		s := postAlarmTurn(c.units, twoHeroes("A1"), nil)
		for code, k := range c.keywords {
			addKeywords(s, code, k...)
		}
		for code, tags := range c.tags {
			s.Content.Faction.Unit(code).Tags = append(s.Content.Faction.Unit(code).Tags, tags...)
		}
		s.Resolve = Request{Kind: KindHeroTarget, Unit: c.unit, Ranged: c.ranged, Accurate: c.accurate}
		out := decide(t, s)
		tg := out.Target
		if tg == nil || tg.Targetable != c.ok || tg.Defence != c.defence || tg.NoHeroismPoints != c.noHP {
			t.Errorf("%s: %+v", c.name, tg)
		}
	}
}

// §0.4/§7.2: the hero whose turn it is (or whose turn the enemy turn
// follows) is the most recent hero, even when heroesActed leaves it out,
// so it wins a tie over a hero who went before it.
func TestTieBreakCurrentHeroIsLatest(t *testing.T) {
	for _, during := range []string{HeroTurn, EnemyTurn} {
		s := situation()
		s.State.During = during
		s.State.SpawnTokens = []Token{}
		s.State.CurrentHero, s.State.HeroesActed = "H1", []string{"H2"}
		s.State.Heroes = []Hero{{ID: "H1", Area: "A1"}, {ID: "H2", Area: "A1"}}
		s.State.Units = []Unit{{ID: "GR-1", Code: "GR", Area: "A1"}}
		s.State.Rooms = map[string]*RoomState{"R1": {Awareness: content.Alert}}
		s.Resolve = Request{Kind: KindEnemyTurn}
		out := decide(t, s)
		if len(out.Attacks) != 1 || out.Attacks[0].Target != "H1" {
			t.Errorf("%s: attacks %+v, want one on H1 (the current hero)", during, out.Attacks)
		}
	}
}
