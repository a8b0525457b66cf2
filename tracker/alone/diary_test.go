package alone

import (
	"sort"
	"strings"
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// TestEveryEventHasADiaryLine runs a script that makes every kind of event
// and checks each diary line reads as words (no format slips), in both the
// Hero's and the full version.
func TestEveryEventHasADiaryLine(t *testing.T) {
	seen := map[string]bool{}
	check := func(s *tracker.Session) {
		_ = s.Events(1, func(e tracker.Event) error {
			if strings.HasPrefix(e.Kind, "core.") {
				return nil
			}
			seen[strings.TrimPrefix(e.Kind, kindPrefix)] = true
			for _, l := range []string{s.Describe(e), DescribeHidden(e)} {
				if l == "" || l == e.Kind || strings.Contains(l, "%!") || strings.Contains(l, "<nil>") {
					t.Errorf("event %d (%s): diary line %q", e.Seq, e.Kind, l)
				}
			}
			return nil
		})
	}
	s := assist(t, alone.Creature{ID: "spore-1", Type: alone.Spore, Sector: "1-10"})
	cmds := []tracker.Command{
		ChangeSettings{Settings: alone.DefaultSettings()},
		Correct{Field: "sc", Value: 9},
		StartTurn{},
		SpendAdrenaline{BulletTime: true},
		SpendAdrenaline{Recover: alone.SCDamage},
		Declare{Action: Explore},
		ExploreDir{Dir: alone.East},
		LocateTargets{Targets: []alone.LocateTarget{{Element: "lcu"}, {Creature: alone.Worm}}},
		PlayReaction{ReactionPlay{Player: 0, Move: &MoveSpec{Creature: "spore-1"}}},
		AttackBonus{Creature: "spore-1", Dice: 1},
		EndTurn{},
		StartTurn{},
		MoveHero{Dir: alone.East},
		EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "spore-1", Faces: hand(B, B, B)}}},
		StartTurn{},
		FightCreature{Roll: PhysicalDice, Target: "spore-1", Faces: hand(H, H)},
		EndTurn{},
		StartTurn{},
		MoveHero{Dir: alone.South, Block: alone.East},
		EndTurn{},
		StartTurn{},
		ScavengeItems{Items: []Item{{Name: "Medkit", Passive: true, Charges: 2}}},
		EndTurn{},
		DealDamage{Kind: alone.LifeDamage, N: 4, Source: "Terror card"},
		RecoverHealth{Kind: alone.LifeDamage, N: 2, Source: "Medkit"},
		GainRounds{N: 1},
		Correct{Field: "adrenaline", Value: 2, Why: "miscounted"},
		CompleteMission{Which: 1},
		TakeMidGameReward{Choice: alone.SCDamage},
		LiftCreatureLimit{},
		GainXP{Ability: Courage},
		AddItems{Items: []Item{{Name: "Gun", Action: Fight, Charges: 2, Matrix: "ballistic"}, {Name: "Vest", Passive: true, Charges: 1, Needs: "ballistic"}}},
		UseItem{ID: "i1"},
		UpgradeItem{Target: "i4", Donor: "i3", Effect: "Engineer"},
		DiscardItem{ID: "i4"},
		CompanionCmd{Do: "gain", Character: "Engineer"},
		CompanionCmd{Do: "use"},
		NoteNoise{Say: "a scratching to the north"},
		PlaceCreature{Type: alone.Worm, Sector: "2-21"},
		Teleport{Creature: "worm-1", Sector: "2-22"},
		RemoveCreature{Creature: "worm-1"},
		SetDoor{Sector: "1-11", Dir: alone.West, Blocked: true},
		SetLight{Sectors: []string{"2-22"}, On: true},
		SetDanger{Sector: "2-22", On: true},
		SetLeader{Player: 1},
		SetGoals{Sectors: []string{"2-22", "1-11"}},
		SetToken{Sector: "2-22", Token: "condition", On: true},
		CorrectMap{Map: st(s).Map, Why: "checked"},
		StartTurn{},
		Declare{Action: Interact},
		Resolve{Note: "the Item did it"},
		EndTurn{},
		StartTurn{},
		InteractWith{Mission: "terminal"},
	}
	for _, c := range cmds {
		if c, ok := c.(CorrectMap); ok {
			c.Map = st(s).Map
			do(t, s, c)
			continue
		}
		do(t, s, c)
	}
	check(s)
	// A round's end, a solo Evil decision and a start/sheet are in the
	// other scripts; run a short solo game for them here too.
	so := mapped(t, Solo, testMap())
	do(t, so, StartTurn{})
	do(t, so, Declare{Action: Locate})
	do(t, so, Resolve{})
	do(t, so, EvilTurn{})
	do(t, so, EndTurn{})
	for st(so).TurnsUsed < 8 {
		do(t, so, StartTurn{})
		do(t, so, Declare{Action: Locate})
		do(t, so, Resolve{})
		do(t, so, EvilTurn{})
		do(t, so, EndTurn{})
	}
	do(t, so, EndRound{})
	check(so)
	b, _ := newSession(t, 9)
	do(t, b, SetupSheet{Sheet: DefaultSheet()})
	do(t, b, SetAbilityFor{Type: alone.Spore, Ability: Precision})
	do(t, b, UseContent{Content: *practice(t)})
	do(t, b, PutContent{Item: &ItemCard{Name: "Rope", Passive: true, Charges: 1}})
	do(t, b, DeleteContent{Kind: KindItem, Name: "Rope"})
	check(b)
	var missing []string
	for k := range kinds {
		if !seen[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("no event of kinds %v in the scripts", missing)
	}
}
