package alone

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// playSolo plays three Rounds of a solo game on the automa's own functions:
// the Hero moves at random, the Evil policy reacts, Creatures attack, Lights
// go out, and each Round ends with the cleanup, the Nightmare loss and the
// Danger placement. Every step is checked against the Map rules, and the
// whole game is returned as a log.
func playSolo(t *testing.T, seed uint64) string {
	t.Helper()
	cfg, set := DefaultConfig(), DefaultSettings()
	m := fullMap(5, 5)
	r := &Seeded{Seed: seed}
	hero := Tracks{Life: 12, SC: 12}
	marker, nightmare, used := 2, false, 0
	var log strings.Builder
	damage := func(kind DamageKind, n int) {
		d, err := ApplyDamage(hero, kind, n, false, 0)
		if err != nil {
			t.Fatal(err)
		}
		hero = d.After
	}
	for round := 1; round <= 3 && !hero.Defeated(); round++ {
		for turn := 1; turn <= TurnsPerRound && !hero.Defeated(); turn++ {
			var exits []Dir
			for _, d := range allDirs {
				if l, ok := m.HeroSector().Exits[d]; ok && !l.Blocked {
					exits = append(exits, d)
				}
			}
			if len(exits) > 0 {
				mv, err := m.HeroMove(exits[r.Intn(len(exits))], nightmare, set)
				if err != nil {
					t.Fatal(err)
				}
				if mv.AoO != nil {
					roll, _ := EvilRoll(mv.AoO.Dice, mv.AoO.SpecialHits, cfg, r)
					damage(LifeDamage, roll.Hits)
				}
				for _, s := range mv.Scares {
					damage(SCDamage, s.SC)
				}
				m = mv.Map
				fmt.Fprintf(&log, "R%d T%d hero %s→%s %+v\n", round, turn, mv.From, mv.To, hero)
			}
			s := Situation{Map: m, Hero: HeroState{Life: hero.Life, SC: hero.SC, Nightmare: nightmare}, Turn: turn,
				Track: ReactionTrack{Used: used}, Hand: -1, Goals: []string{"L2-2-2"}, Config: cfg, Settings: set}
			d, _, err := EndOfTurn(s, r)
			if err != nil {
				t.Fatalf("R%d T%d: %v", round, turn, err)
			}
			checkPlays(t, s, d)
			for _, p := range d.Plays {
				if p.Move != nil && p.Move.Scare > 0 {
					damage(SCDamage, p.Move.Scare)
				}
				fmt.Fprintf(&log, "  evil %s\n", p.describe())
			}
			m, used = d.Map, d.Track.Used
			te, _ := EndOfTurnSteps(m, nightmare, nil, cfg, set, r)
			for _, a := range te.Attacks {
				roll, _ := EvilRoll(a.Dice, a.SpecialHits, cfg, r)
				damage(LifeDamage, roll.Hits)
			}
			m = m.Clone()
			for _, id := range te.LightsOff {
				m.Sector(id).Lighted = false
			}
			for i := range m.Creatures {
				m.Creatures[i].Moved = false
			}
			if err := m.Validate(cfg); err != nil {
				t.Fatalf("R%d T%d: the Map broke: %v", round, turn, err)
			}
		}
		end, err := EndOfRound(m, RoundEnd{Tracks: hero, RoundMarker: marker, Nightmare: nightmare, Track: ReactionTrack{Used: used}}, cfg, set)
		if err != nil {
			t.Fatal(err)
		}
		m = m.Clone()
		for _, id := range end.LabyrinthRemove {
			m.UnrevealSector(id)
		}
		p, _, err := PlaceDanger(m, end.DangerToPlace, []string{"L2-2-2"}, r)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range p.Place {
			if id == m.Hero || m.InLineOfSight(m.Hero, id) {
				t.Fatalf("Danger placed in sight: %s", id)
			}
		}
		if err := p.Map.Validate(cfg); err != nil {
			t.Fatalf("danger placement: %v", err)
		}
		m, hero, marker, nightmare, used = p.Map, end.Tracks, end.RoundMarker, end.Nightmare, 0
		b, _ := json.Marshal(end)
		fmt.Fprintf(&log, "end of round %d: %s danger %v\n", round, b, p.Place)
	}
	return log.String()
}

// A solo game with a fixed seed plays the same every time, and every Evil
// play in it is legal.
func TestSoloGameReplays(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		a, b := playSolo(t, seed), playSolo(t, seed)
		if a != b {
			t.Fatalf("seed %d: the game did not replay", seed)
		}
		if !strings.Contains(a, "end of round") {
			t.Fatalf("seed %d: no Round ended:\n%s", seed, a)
		}
	}
}
