package reich

import (
	"fmt"
	"strings"
	"testing"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// Audit tests: each one pins a rule of the spec that the tracker did not
// follow exactly, over the whole range the rule covers.

// §10.2 Algorithm C runs in order: the skill purchases (step 9) are paid
// with a hero's own heroism points and the HQ card's; only afterwards
// (step 10) do a hero's leftover points move to the HQ card (toHQ) or go
// (lost). So during the purchases a hero can still spend their own points,
// and another hero cannot (V-29).
func TestAuditDebriefHeroPointsStayOwnDuringPurchases(t *testing.T) {
	for _, carry := range []string{"toHQ", "lost"} {
		for _, buyer := range []string{"H1", "H2"} {
			t.Run(carry+"/"+buyer, func(t *testing.T) {
				s := campaignMission(t)
				if carry != "toHQ" {
					do(t, s, SetSetting{Key: "heroHpCarry", Value: carry})
				}
				h := st(s).Mission.Heroes[0]
				h.HP = []string{HPDefence}
				setHero(t, s, h)
				endMission(t, s, 2) // a failure: no HP is added to the HQ card
				do(t, s, CloseMission{})
				if got := st(s).Campaign.hero("H1").HP; len(got) != 1 {
					t.Fatalf("H1's own points during the purchases: %v, want [defence]", got)
				}
				if got := st(s).Campaign.HQHP; len(got) != 0 {
					t.Fatalf("HQ points during the purchases: %v, want none (H1's stay H1's)", got)
				}
				buy := BuySkill{Hero: buyer, Skill: "Counter", Pay: []HPRef{{From: buyer, Kind: HPDefence}}}
				hq := BuySkill{Hero: buyer, Skill: "Counter", Pay: []HPRef{{From: "hq", Kind: HPDefence}}}
				refused(t, s, hq, "V-29")
				if buyer == "H1" {
					do(t, s, buy)
				} else {
					refused(t, s, buy, "V-29")
				}
				supplyBefore := len(st(s).Campaign.HPSupply)
				do(t, s, FinishDebrief{})
				c := st(s).Campaign
				left := 1
				if buyer == "H1" {
					left = 0
				}
				if len(c.hero("H1").HP) != 0 {
					t.Errorf("after step 10 H1 still holds %v", c.hero("H1").HP)
				}
				switch carry {
				case "toHQ":
					if len(c.HQHP) != left {
						t.Errorf("toHQ: HQ holds %v, want %d", c.HQHP, left)
					}
				case "lost":
					if len(c.HQHP) != 0 || len(c.HPSupply) != supplyBefore+left {
						t.Errorf("lost: HQ %v, supply %d → %d, want %d more", c.HQHP, supplyBefore, len(c.HPSupply), left)
					}
				}
			})
		}
	}
}

// §10.1: each outcome is recorded with the Victory or Defeat? row picked.
func TestAuditOutcomeKeepsTheChartRow(t *testing.T) {
	for _, mode := range []string{ModeRaid, ModeCampaign} {
		for rowNo := 1; rowNo <= 2; rowNo++ {
			t.Run(fmt.Sprintf("%s/row%d", mode, rowNo), func(t *testing.T) {
				var s *tracker.Session
				if mode == ModeRaid {
					s = raid(t)
				} else {
					s = campaignMission(t)
				}
				endMission(t, s, rowNo)
				do(t, s, CloseMission{})
				out := st(s).Campaign.Outcomes
				if len(out) != 1 || out[0].Row != rowNo {
					t.Fatalf("outcomes %+v: want row %d", out, rowNo)
				}
			})
		}
	}
}

// §10.2 step 7: each hero sheds as many permanent wounds as the difficulty
// says (all of them if fewer): the players choose which, not how many.
func TestAuditDifficultyWoundRemovalIsExact(t *testing.T) {
	for removed := 0; removed <= 2; removed++ {
		for wounds := 0; wounds <= 3; wounds++ {
			for picks := 0; picks <= 3 && picks <= wounds; picks++ {
				t.Run(fmt.Sprintf("remove%d/wounds%d/picks%d", removed, wounds, picks), func(t *testing.T) {
					s := withContent(t)
					do(t, s, SetDifficulty{Name: "D", ItemsKept: 3, WoundsRemoved: removed})
					do(t, s, StartMission{Mission: "M1", Mode: ModeCampaign, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}})
					h := st(s).Mission.Heroes[0]
					for i := range wounds {
						h.Wounds = append(h.Wounds, Wound{Card: fmt.Sprintf("W%d", i)})
					}
					setHero(t, s, h)
					endMission(t, s, 1)
					var idx []int
					for i := range picks {
						idx = append(idx, i)
					}
					cmd := CloseMission{HealCards: map[string][]int{"H1": idx}}
					if picks == min(removed, wounds) {
						do(t, s, cmd)
						if got := len(st(s).Campaign.hero("H1").Wounds); got != wounds-picks {
							t.Fatalf("wounds after: %d, want %d", got, wounds-picks)
						}
					} else {
						refused(t, s, cmd, "§10.2")
					}
				})
			}
		}
	}
}

// §5.7 (c): the game ends when every hero is captured.
func TestAuditAllHeroesCapturedEndsTheMission(t *testing.T) {
	for _, n := range []int{1, 2} {
		t.Run(fmt.Sprintf("%d heroes", n), func(t *testing.T) {
			s := withContent(t)
			heroes := []HeroSetup{heroSetup("H1", "A1")}
			order := []string{"H1"}
			if n == 2 {
				heroes = append(heroes, heroSetup("H2", "A1"))
				order = append(order, "H2")
			}
			do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: heroes, HPSupply: []string{HPWild}})
			areas := []string{"A1", "C1"}
			codes := []string{"GR", "DG"}
			var place []UnitPlacement
			for i := range n {
				h := st(s).Mission.Heroes[i]
				h.Area = areas[i]
				h.Wounds = []Wound{{}, {}, {}, {}}
				setHero(t, s, h)
				for range 4 {
					place = append(place, UnitPlacement{Code: codes[i], Area: areas[i]})
				}
			}
			do(t, s, Override{Reason: "test", Place: place})
			do(t, s, SetTurnOrder{Order: order})
			for i := range n {
				m := st(s).Mission
				if !m.hero(order[i]).Captured {
					t.Fatalf("%s should be captured", order[i])
				}
				if i < n-1 {
					if m.Ended {
						t.Fatalf("the mission ended with %s still free", order[i+1])
					}
					do(t, s, EndTurn{})
					do(t, s, EnemyTurn{})
					for len(st(s).Mission.Pending) > 0 {
						p := st(s).Mission.Pending[0]
						do(t, s, Defend{Hero: p.Defenders[0], Total: 99})
					}
				}
			}
			if m := st(s).Mission; !m.Ended {
				t.Fatalf("every hero is captured: the mission should end (step %s)", m.Step)
			}
		})
	}
}

// §12.1 Knocked Down: a knocked-down (not downed) hero spends 1 movement to
// stand before taking any other action.
func TestAuditKnockedDownStandsBeforeActing(t *testing.T) {
	cmds := []tracker.Command{
		OpenDoor{Hero: "H1", Door: "D3"},
		Attack{Hero: "H1", Weapon: 1, Targets: []string{"m1"}, Total: 9, Basic: true},
		DrawCards{Hero: "H1"},
		Search{Hero: "H1", Found: Item{Name: "Grenade"}, FaceDown: 1, Drop: -1},
		UseItem{Hero: "H1", Item: 0},
		GiveItem{Hero: "H1", Other: "H2", Item: 0, Drop: -1},
		DropItem{Hero: "H1", Item: 0},
		ReadyEquipment{Hero: "H1", Weapon: 0, Orb: -1},
		VrilEnhance{Hero: "H1", Weapon: 0},
		Escape{Hero: "H1"},
	}
	for _, cmd := range cmds {
		t.Run(fmt.Sprintf("%T", cmd), func(t *testing.T) {
			s := raid(t)
			h := st(s).Mission.Heroes[0]
			h.Items = []Item{{Name: "Orb", Kind: ItemVrilOrb}, {Name: "Orb", Kind: ItemVrilOrb}, {Name: "Dossier", Kind: ItemObjective}}
			h.Weapons[0].Status = StatusJammed
			setHero(t, s, h)
			do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
			do(t, s, KnockDown{Hero: "H1"})
			refused(t, s, cmd, "knocked down")
			do(t, s, Move{Hero: "H1", Basic: true}) // stands up
			if _, err := s.Do(cmd); err != nil && strings.Contains(err.Error(), "knocked down") {
				t.Fatalf("after standing up: %v", err)
			}
		})
	}
}

// V-06, V-41: the variant's free unlock/open is an action: a captured hero,
// or one who has left the map, cannot take it.
func TestAuditFreeDoorNeedsAHeroWhoMayAct(t *testing.T) {
	for _, state := range []string{"captured", "escaped"} {
		t.Run(state, func(t *testing.T) {
			s := withContent(t)
			do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1"), heroSetup("H2", "A1")}, Variant12: true})
			do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
			for range 2 {
				do(t, s, EndTurn{})
				do(t, s, EnemyTurn{})
			}
			h := st(s).Mission.hero("H2")
			if state == "captured" {
				h.Wounds, h.Captured = []Wound{{}, {}, {}, {}}, true
			} else {
				h.Escaped = true
			}
			setHero(t, s, *h)
			refused(t, s, FreeDoor{Hero: "H2", Door: "D3"}, "H2")
			do(t, s, FreeDoor{Hero: "H1", Door: "D3"})
		})
	}
}

// §8.3 shows the rounds until the alarm or the end; under
// settings.alarmOnLastSpace / failOnLastSpace (§5.5) the track ends one
// round sooner, and the count must say so: at every round start the count
// equals the end-of-round phases still played before the alarm sounds (or
// the mission fails).
func TestAuditRoundsLeftFollowsTheLastSpaceSettings(t *testing.T) {
	for _, onLast := range []bool{false, true} {
		t.Run(fmt.Sprint(onLast), func(t *testing.T) {
			s := withContent(t)
			do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}})
			if onLast {
				do(t, s, SetSetting{Key: "alarmOnLastSpace", Value: "true"})
				do(t, s, SetSetting{Key: "failOnLastSpace", Value: "true"})
			}
			for phase := range 2 {
				var counts []int
				for {
					m := st(s).Mission
					if m.Ended || (phase == 0 && m.Phase == PhasePostAlarm) {
						break
					}
					counts = append(counts, st(s).RoundsLeft())
					playQuietRound(t, s)
				}
				for i, c := range counts {
					if want := len(counts) - i; c != want {
						t.Fatalf("phase %d, round %d of the track: %d rounds left shown, %d played", phase, i+1, c, want)
					}
				}
			}
		})
	}
}

// §5.3 end cleanup, §12.3 Smoke Grenade: an obscured area blocks sight
// until the end of the next enemy turn, then the token goes (the alarm's
// free enemy turn counts when the alarm cuts the round short).
func TestAuditSmokeLastsThroughTheNextEnemyTurn(t *testing.T) {
	for _, when := range []string{"H1", "H2", "alarm"} {
		t.Run(when, func(t *testing.T) {
			s := raid(t)
			do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
			if when == "H2" {
				do(t, s, EndTurn{})
				enemy(t, s)
			}
			do(t, s, AreaState{Area: "A3", Obscured: true, On: true})
			if when == "alarm" {
				do(t, s, AdjustTracker{By: 4, Reason: "test: an early alarm"})
				if !st(s).Mission.Obscured["A3"] {
					t.Fatal("the smoke went before any enemy turn")
				}
				do(t, s, EndRound{})
				defendAll(t, s)
				if st(s).Mission.Obscured["A3"] {
					t.Fatal("the smoke outlasted the alarm's free enemy turn")
				}
				return
			}
			do(t, s, EndTurn{})
			if !st(s).Mission.Obscured["A3"] {
				t.Fatal("the smoke went before the enemy turn")
			}
			do(t, s, EnemyTurn{})
			if st(s).Mission.Obscured["A3"] {
				t.Fatal("the smoke outlasted the next enemy turn")
			}
		})
	}
}

// §5.7 then §10.2: the outcome (and step 8's success point) comes from the
// Victory or Defeat? chart, so a mission is closed only once its result
// has been read.
func TestAuditCloseNeedsTheResult(t *testing.T) {
	for _, mode := range []string{ModeRaid, ModeCampaign} {
		t.Run(mode, func(t *testing.T) {
			var s *tracker.Session
			if mode == ModeRaid {
				s = raid(t)
			} else {
				s = campaignMission(t)
			}
			do(t, s, EndMission{Reason: "test"})
			refused(t, s, CloseMission{}, "§5.7")
			do(t, s, DeclareResult{Row: 1})
			do(t, s, CloseMission{})
		})
	}
}

// §5.2 Ready equipment, V-10: the token comes off one of the hero's own
// weapons (or an adjacent portal, ReadyPortal), never off an item.
func TestAuditReadyEquipmentIsForWeapons(t *testing.T) {
	for _, status := range []string{StatusJammed, StatusDrained} {
		for slot := -1; slot <= 1; slot++ {
			t.Run(fmt.Sprintf("%s/weapon%d", status, slot), func(t *testing.T) {
				s := raid(t)
				h := st(s).Mission.Heroes[0]
				h.Items = []Item{{Name: "Lamp", Status: status}, {Name: "Orb", Kind: ItemVrilOrb}}
				if slot >= 0 {
					h.Weapons[slot].Status = status
				}
				setHero(t, s, h)
				do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
				cmd := ReadyEquipment{Hero: "H1", Weapon: slot, Item: 0, Orb: 1}
				if slot < 0 {
					refused(t, s, cmd, "V-10")
					return
				}
				do(t, s, cmd)
			})
		}
	}
}

// §5.2 Unlock/open door, §12.3 Keys: the free unlock/open follows the
// action's rule: a locked door opens only for a hero carrying keys, and
// does open when the hero carries them.
func TestAuditFreeDoorKeysComeFromTheDashboard(t *testing.T) {
	for _, has := range []bool{false, true} {
		for _, claim := range []bool{false, true} {
			t.Run(fmt.Sprintf("has%v/claims%v", has, claim), func(t *testing.T) {
				s := withContent(t)
				do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}, Variant12: true})
				h := st(s).Mission.Heroes[0]
				h.Area = "B2" // next to D2, locked
				if has {
					h.Items = []Item{{Name: "Keys", Kind: ItemKeys}}
				}
				setHero(t, s, h)
				do(t, s, SetTurnOrder{Order: []string{"H1"}})
				do(t, s, EndTurn{})
				enemy(t, s)
				cmd := FreeDoor{Hero: "H1", Door: "D2", Keys: claim}
				if claim && !has {
					refused(t, s, cmd, "keys")
					return
				}
				do(t, s, cmd)
				want := "closed"
				if has {
					want = "open"
				}
				if got := string(st(s).Mission.DoorState("D2")); got != want {
					t.Fatalf("D2 is %s, want %s", got, want)
				}
			})
		}
	}
}

// V-41, §5.4 step 0, §11.2: the 1–2 player variant is for players who
// each control 1 hero; one player running 2 heroes plays normally.
func TestAuditVariantNeedsOneHeroPerPlayer(t *testing.T) {
	cases := []struct {
		p1, p2 string
		ok     bool
	}{
		{"Ann", "Bob", true}, {"Ann", "Ann", false}, {"", "", true}, {"Ann", "", true},
	}
	for _, c := range cases {
		t.Run(c.p1+"/"+c.p2, func(t *testing.T) {
			s := withContent(t)
			h1, h2 := heroSetup("H1", "A1"), heroSetup("H2", "A1")
			h1.Player, h2.Player = c.p1, c.p2
			cmd := StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{h1, h2}, Variant12: true}
			if c.ok {
				do(t, s, cmd)
			} else {
				refused(t, s, cmd, "V-41")
			}
		})
	}
}

// §12.1 Escort: the escort token passes with give item (the unit then
// follows the new hero), and a dropped token stays with the unit, which is
// no longer escorted, whether dropped by hand or to make room.
func TestAuditEscortTokenFollowsGiveAndDrop(t *testing.T) {
	for _, how := range []string{"give", "take", "drop", "dropForRoom"} {
		t.Run(how, func(t *testing.T) {
			s := raid(t)
			do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
			do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "SC", Area: "A1"}}})
			sc := unitIDs(s)[0]
			do(t, s, EscortUnit{Hero: "H1", Unit: sc, Drop: -1})
			slot := len(st(s).Mission.hero("H1").Items) - 1
			if how == "take" {
				do(t, s, EndTurn{})
				enemy(t, s)
			}
			want := ""
			switch how {
			case "give":
				do(t, s, GiveItem{Hero: "H1", Other: "H2", Item: slot, Drop: -1})
				want = "H2"
			case "take":
				do(t, s, GiveItem{Hero: "H2", Other: "H1", Item: slot, Take: true, Drop: -1})
				want = "H2"
			case "drop":
				do(t, s, DropItem{Hero: "H1", Item: slot})
			case "dropForRoom":
				h := *st(s).Mission.hero("H1")
				h.Items = append(h.Items, Item{Name: "a"}, Item{Name: "b"}, Item{Name: "c"})
				setHero(t, s, h)
				do(t, s, Search{Hero: "H1", Found: Item{Name: "d"}, FaceDown: 1, Drop: 0})
			}
			m := st(s).Mission
			if got := m.unit(sc).EscortedBy; got != want {
				t.Fatalf("escorted by %q, want %q", got, want)
			}
			if want != "" && m.unitsInArea("A1") != 0 {
				t.Fatal("an escorted unit counts as no enemy")
			}
		})
	}
}

// V-35: a hero leaves only carrying an objective token; one given away,
// taken, or dropped to make room is no longer carried.
func TestAuditObjectiveTokenLeavesWithTheItem(t *testing.T) {
	for _, how := range []string{"give", "take", "drop", "dropForRoom"} {
		t.Run(how, func(t *testing.T) {
			s := raid(t)
			do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
			do(t, s, Search{Hero: "H1", Found: Item{Name: "Dossier", Kind: ItemObjective}, FaceDown: 1, Drop: -1})
			switch how {
			case "give":
				do(t, s, GiveItem{Hero: "H1", Other: "H2", Item: 0, Drop: -1})
			case "take":
				do(t, s, EndTurn{})
				enemy(t, s)
				do(t, s, GiveItem{Hero: "H2", Other: "H1", Item: 0, Take: true, Drop: -1})
				do(t, s, EndTurn{})
				enemy(t, s)
				do(t, s, EndRound{})
				do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
			case "drop":
				do(t, s, DropItem{Hero: "H1", Item: 0})
			case "dropForRoom":
				h := *st(s).Mission.hero("H1")
				h.Items = append(h.Items, Item{Name: "a"}, Item{Name: "b"}, Item{Name: "c"})
				setHero(t, s, h)
				do(t, s, Search{Hero: "H1", Found: Item{Name: "d"}, FaceDown: 1, Drop: 0})
			}
			refused(t, s, Escape{Hero: "H1"}, "V-35")
		})
	}
}

// §6.5.4 (AMBIGUOUS default): the rescue heroism point goes to a
// non-captured hero in the freed hero's area, or else to the most recent
// hero, who at the rescue check is the freed hero whose turn it is (§0.4).
func TestAuditRescuePointDefault(t *testing.T) {
	for _, h1Area := range []string{"C1", "A1"} {
		t.Run(h1Area, func(t *testing.T) {
			s := raid(t)
			h1 := *st(s).Mission.hero("H1")
			h1.Area = h1Area
			setHero(t, s, h1)
			h2 := *st(s).Mission.hero("H2")
			h2.Area, h2.Wounds, h2.Captured = "C1", []Wound{{}, {}, {}, {}}, true
			setHero(t, s, h2)
			do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
			do(t, s, EndTurn{})
			enemy(t, s)
			m := st(s).Mission
			if m.Current != "H2" || m.hero("H2").Captured {
				t.Fatalf("H2 should be freed at the start of the turn: %+v", m.hero("H2"))
			}
			want := "H2"
			if h1Area == "C1" {
				want = "H1"
			}
			for _, id := range []string{"H1", "H2"} {
				n := len(m.hero(id).HP)
				if (id == want) != (n == 1) {
					t.Fatalf("%s holds %d heroism points; the point should go to %s", id, n, want)
				}
			}
		})
	}
}

// §5.4 step 0, §11.2 with §12.1: the end-of-round free action is an
// action like any other: a downed hero cannot take the free unlock/open, a
// knocked-down one must stand first; the NotE free basic move may be spent
// standing up, as a basic move may (§5.2).
func TestAuditFreeActionAndTheGround(t *testing.T) {
	for _, ground := range []string{"downed", "knockedDown"} {
		t.Run("door/"+ground, func(t *testing.T) {
			s := withContent(t)
			do(t, s, StartMission{Mission: "M1", Mode: ModeRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}, Variant12: true})
			do(t, s, SetTurnOrder{Order: []string{"H1"}})
			do(t, s, EndTurn{})
			enemy(t, s)
			h := *st(s).Mission.hero("H1")
			if ground == "downed" {
				h.Wounds = []Wound{{}, {}, {}, {}}
			} else {
				h.KnockedDown = true
			}
			setHero(t, s, h)
			refused(t, s, FreeDoor{Hero: "H1", Door: "D3"}, "H1")
		})
	}
	t.Run("noteMove/standUp", func(t *testing.T) {
		s := withContent(t)
		do(t, s, SetSetting{Key: "notOfThisEarth", Value: "true"})
		do(t, s, StartMission{Mission: "M1", Mode: ModeNoteRaid, Faction: "F1", Heroes: []HeroSetup{heroSetup("H1", "A1")}, Variant12: true})
		do(t, s, SetTurnOrder{Order: []string{"H1"}})
		do(t, s, EndTurn{})
		enemy(t, s)
		do(t, s, KnockDown{Hero: "H1"})
		do(t, s, Move{Hero: "H1", Free: true})
		if st(s).Mission.hero("H1").KnockedDown {
			t.Fatal("the free basic move should stand the hero up")
		}
		refused(t, s, Move{Hero: "H1", Free: true, Path: []string{"A2"}}, "at most 1")
	})
}

// §12.10 Alien Web: no basic move is taken in a web area, so a basic move
// cannot carry on out of one it has entered either; a card's move can.
func TestAuditAlienWebStopsABasicMoveThrough(t *testing.T) {
	for _, basic := range []bool{true, false} {
		t.Run(fmt.Sprint(basic), func(t *testing.T) {
			s := noteRaid(t)
			do(t, s, RevealEnvironment{Area: "A2", Kind: EnvAlienWeb})
			cmd := Move{Hero: "H1", Path: []string{"A2", "A3"}, Modifiers: 1, Basic: basic}
			if basic {
				refused(t, s, cmd, "§12.10")
				do(t, s, Move{Hero: "H1", Path: []string{"A2"}, Basic: true})
				return
			}
			do(t, s, cmd)
		})
	}
}

// §12.10 Loose Ground with §12.1 Knocked Down: a hero entering loose
// ground is knocked down at once, so going on in the same move first
// costs 1 movement to stand.
func TestAuditLooseGroundKnocksDownMidMove(t *testing.T) {
	cases := []struct {
		path     []string
		mods     int
		ok, down bool
	}{
		{[]string{"A2"}, 0, true, true},
		{[]string{"A2", "A3"}, 1, false, false},
		{[]string{"A2", "A3"}, 2, true, false},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.path, c.mods), func(t *testing.T) {
			s := noteRaid(t)
			do(t, s, RevealEnvironment{Area: "A2", Kind: EnvLooseGround})
			cmd := Move{Hero: "H1", Path: c.path, Modifiers: c.mods, Basic: true}
			if !c.ok {
				refused(t, s, cmd, "§12.1")
				return
			}
			do(t, s, cmd)
			h := st(s).Mission.hero("H1")
			if h.Area != c.path[len(c.path)-1] || h.KnockedDown != c.down {
				t.Fatalf("after the move: %s, knocked down %v; want %v", h.Area, h.KnockedDown, c.down)
			}
		})
	}
}

// §6.4, V-17: downed means 4 or more permanent wounds. A wound card below
// its threshold is not permanent, so it never counts toward downed, also
// when the house rule keeps such cards (settings.discardNonPermanentWounds
// false).
func TestAuditOnlyPermanentWoundsDownAHero(t *testing.T) {
	for _, discard := range []bool{true, false} {
		for total := 0; total <= 2; total++ {
			for threshold := 0; threshold <= 4; threshold++ {
				t.Run(fmt.Sprintf("discard%v/def%d/thr%d", discard, total, threshold), func(t *testing.T) {
					s := raid(t)
					if !discard {
						do(t, s, SetSetting{Key: "discardNonPermanentWounds", Value: "false"})
					}
					h := *st(s).Mission.hero("H1")
					h.Wounds = []Wound{{}, {}, {}}
					setHero(t, s, h)
					h2 := *st(s).Mission.hero("H2")
					h2.Area = "C1"
					setHero(t, s, h2)
					do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
					do(t, s, Override{Reason: "x", Place: []UnitPlacement{{Code: "GR", Area: "A1"}}, Awareness: map[string]content.Awareness{"R1": content.Alert}})
					do(t, s, EndTurn{})
					do(t, s, EnemyTurn{})
					p := st(s).Mission.Pending
					if len(p) != 1 || p[0].Total != 3 || p[0].Defenders[0] != "H1" {
						t.Fatalf("pending %+v", p)
					}
					do(t, s, Defend{Hero: "H1", Total: total, WoundCard: "W", Threshold: threshold})
					perm := 3-total >= threshold
					if got := st(s).Mission.hero("H1").Downed(); got != perm {
						t.Fatalf("downed %v, want %v (damage %d, threshold %d)", got, perm, 3-total, threshold)
					}
				})
			}
		}
	}
}

// V-13: picking up an item already face up takes no noise test; a search
// that turns items over takes one.
func TestAuditFaceUpPickUpMakesNoNoise(t *testing.T) {
	for _, faceUp := range []bool{false, true} {
		t.Run(fmt.Sprint(faceUp), func(t *testing.T) {
			s := raid(t)
			do(t, s, SetTurnOrder{Order: []string{"H1", "H2"}})
			do(t, s, Search{Hero: "H1", Found: Item{Name: "Grenade"}, FaceUp: faceUp, FaceDown: 1, Drop: -1})
			cmd := NoiseTest{Hero: "H1", Total: 0}
			if faceUp {
				refused(t, s, cmd, "V-13")
				return
			}
			do(t, s, cmd)
		})
	}
}

// §5.5 over the whole track: from every marker position, the rounds left
// are the end-of-round advances until one reaches the track's end (past
// the last space, or onto it under the last-space setting).
func TestAuditRoundsLeftEveryPosition(t *testing.T) {
	for _, onLast := range []bool{false, true} {
		for length := 1; length <= 6; length++ {
			for pos := 1; pos <= length; pos++ {
				want := 0
				for p := pos; ; p++ {
					want++
					if to := p + 1; to > length || (onLast && to >= length) {
						break
					}
				}
				for _, sec := range []string{"pre", "post", "alien"} {
					tr := Tracker{Section: sec, Pos: pos, Pre: length, Post: length, Alien: length}
					if got := tr.roundsLeft(onLast, onLast); got != want {
						t.Errorf("%s track of %d, marker on %d, last space ends it %v: %d rounds left, want %d", sec, length, pos, onLast, got, want)
					}
				}
			}
		}
	}
}
