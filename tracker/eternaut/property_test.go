package eternaut

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"testing"

	"tablekeeper/tracker"
)

// checkInvariants are the rules that hold after any accepted command.
func checkInvariants(s *State) error {
	if s.Deck.Size() != ActionDeckSize {
		return fmt.Errorf("deck has %d cards", s.Deck.Size())
	}
	for _, c := range s.Roster {
		if c.LP < 0 || c.LP > CharMaxLP {
			return fmt.Errorf("%s life %d", c.ID, c.LP)
		}
		if c.Ammo < 0 || c.Ammo > AmmoCapPerCharacter {
			return fmt.Errorf("%s ammo %d", c.ID, c.Ammo)
		}
		if len(c.Skills) > SKMaxPerCharacter {
			return fmt.Errorf("%s has %d skill counters", c.ID, len(c.Skills))
		}
		if c.Masked && c.PA != nil {
			return fmt.Errorf("Masked Figure %s holds a PA", c.ID)
		}
		if c.InPlay && !c.Gone() && len(c.Items) > c.Capacity() {
			return fmt.Errorf("%s holds %d items, capacity %d", c.ID, len(c.Items), c.Capacity())
		}
		if c.Gone() && c.InPlay && (c.Cubes != 0 || len(c.Items) != 0) {
			return fmt.Errorf("dead %s keeps cubes or items", c.ID)
		}
	}
	if sc := s.Scenario; sc != nil && s.Phase == PhasePlaying {
		if sc.CubesActive {
			n := sc.CubesOnTarget
			for _, c := range s.InPlay() {
				n += c.Cubes
			}
			if n != CubesForActivation {
				return fmt.Errorf("%d Consumed cubes in all", n)
			}
		}
		if sc.Timer < 1 || sc.Timer > s.Settings.TimerMax {
			return fmt.Errorf("timer %d while playing", sc.Timer)
		}
		alive := 0
		for _, c := range s.InPlay() {
			if !c.Gone() {
				alive++
			}
		}
		if alive > MaxCharactersInPlay {
			return fmt.Errorf("%d Characters in play", alive)
		}
	}
	for _, d := range s.Diary {
		if d.Ammo < 0 || d.Ammo > AmmoReserveCap || d.RemainingPP < 0 || d.Score < 0 {
			return fmt.Errorf("section %s: ammo %d, PP %d, score %d", d.Letter, d.Ammo, d.RemainingPP, d.Score)
		}
	}
	return nil
}

// randomCommand picks a plausible command for the state: most are legal,
// some are not, and refusals must leave the state alone.
func randomCommand(r *rand.Rand, s *State) tracker.Command {
	ids := []string{"901", "902", "903", "904", "905", "907", "912", "913"}
	id := ids[r.Intn(len(ids))]
	other := ids[r.Intn(len(ids))]
	item := fmt.Sprintf("%03d", 20+r.Intn(8))
	switch s.Phase {
	case PhaseBetween:
		key := s.nextKey()
		var chars []string
		limit := 4
		if key == "E2" {
			limit = 3
		}
		// 905 first, so 902 never comes without it; the Masked Figures
		// join at the setup of D.
		order := append([]*Character{s.Char("905")}, s.Roster...)
		for _, c := range order {
			ok := selectable(c, Letter(key)) || Letter(key) == "D" && c.Masked && c.Status == NotUnlocked || c.ReturnsNext
			if ok && len(chars) < limit && !containsID(chars, c.ID) {
				chars = append(chars, c.ID)
			}
		}
		if Letter(key) == "A" || Letter(key) == "B" {
			chars = nil // the Characters of A play
		}
		if key == "E1" && !containsID(chars, "912") {
			chars = append([]string{"912"}, chars[:len(chars)-1]...)
		}
		timer := 3 + r.Intn(4)
		if key == "C" {
			timer = 0
		}
		return StartScenario{Key: key, TimerStart: timer, Characters: chars}
	case PhaseEnding:
		switch s.End.Step {
		case StepObjectives:
			return ConfirmObjectives{}
		case StepItems:
			return ReturnItems{}
		case StepRecord:
			return RecordEpilogue{Code: []string{"END-B1-1", "END-B2-1", "END-C-1", "END-D-1", "END-E1-1", "END-E2-2", "END-F1-1", "END-F2-1", "END"}[r.Intn(9)]}
		case StepQuests:
			return RecordSpecialQuests{}
		case StepUnlocks:
			return Unlock{NPC905: r.Intn(2) == 0, NPC906: r.Intn(2) == 0}
		case StepShop:
			if r.Intn(3) == 0 {
				return CloseShop{}
			}
			kinds := []Buy{{Kind: "SAC", Name: "S", Remove: "Rummage"}, {Kind: "SK", ID: "SK-07", Char: id},
				{Kind: "SK", ID: "SK-01", Char: id, Skill: "Agility"}, {Kind: "PA", ID: "PA-" + id, Char: id}, {Kind: "GA", ID: "GA-01"}}
			return kinds[r.Intn(len(kinds))]
		case StepFinale:
			return FinishCampaign{}
		}
	case PhaseLost:
		return Restart{}
	}
	if s.Scenario != nil && s.Scenario.LossPending {
		if r.Intn(2) == 0 {
			return ConfirmLoss{}
		}
		return Reinforce{Dead: id, New: other}
	}
	cmds := []tracker.Command{
		PlayCard{Char: id}, EndTurn{}, EndTurn{}, ExchangeCards{Fatigue: id},
		Damage{Char: id, N: 1 + r.Intn(4)}, Heal{Char: id, N: 1 + r.Intn(3)},
		GainAmmo{Char: id, N: 1 + r.Intn(4)}, RangedAttack{Char: id}, Trade{From: id, To: other, Ammo: r.Intn(3)},
		AddPenalty{Char: id, Kind: []string{Fatigue, HeavyWound, Madness}[r.Intn(3)], FromFog: r.Intn(4) == 0},
		TakeABreak{Char: id}, TakeCare{Char: id},
		GainItem{Char: id, Item: item, Drop: []string{item}[:r.Intn(2)]}, DropItems{Char: id, Items: []string{item}},
		MoveCube{From: id}, MoveCubes{From: id, To: other, N: 1}, RevealR02{}, SwitchMenaceDeck{},
		SetAliensOnMap{Module: 1, OnMap: r.Intn(3)}, MenaceActivation{Module: 1},
		MarkPlot{Cross: r.Intn(3) == 0}, PlaceEvent{ID: "00" + fmt.Sprint(1+r.Intn(9)), Space: r.Intn(6)},
		SetTimer{Value: r.Intn(6), ConfirmEnd: r.Intn(8) == 0}, JoinCharacter{ID: id},
		SetUnavailable{Char: id, Unavailable: r.Intn(2) == 0}, LeaveGroup{Char: id},
		Trade{From: id, To: other, Give: []string{item}, Take: []string{item}[:r.Intn(2)]},
		SetBag{Char: id, Bag: item}, BagStore{Char: id, Items: []string{item}}, BagTake{Char: id, Items: []string{item}},
		PickUp{Char: id, Pile: "A", Items: []string{item}}, DiscardItem{Char: id, Item: item},
		RevealFigure{ID: "70" + fmt.Sprint(1+r.Intn(3)), Kind: "enemy", MaxLP: 1 + r.Intn(4)},
		DamageFigure{ID: "701", N: 1 + r.Intn(3)}, HealFigure{ID: "701", N: 1},
		CorrectCharacter{Char: id, Field: []string{"lp", "ammo", "fatigue", "heavyWound", "actionCards"}[r.Intn(5)], Value: r.Intn(12) - 1},
		SetCubes{Boards: map[string]int{id: r.Intn(5)}, OnTarget: r.Intn(5)}, DealCubes{},
		Kill{Char: id}, TankSetup{Fuel: 2, MaxFuel: 3, Ammo: 1, MaxAmmo: 1}, TankOperate{Char: id}, TankAct{Action: "fire"},
		FlipAbility{Char: id}, PickForMadness{Char: id, Hand: 1 + r.Intn(6)}, SetAlert{State: AlertRed},
		CorrectDiary{Section: Letters[r.Intn(6)], Field: "checks", Value: fmt.Sprint(r.Intn(5))},
		ChangeSettings{Settings: Settings{TimerMax: 20, PassFirstPlayer: r.Intn(2) == 0, RedealAfterSurvivors: r.Intn(2) == 0,
			ActivationBeforeEndOfRound: r.Intn(2) == 0, TankFuelPerTurn: r.Intn(2) == 0, MaskedReturnLP: 1 + r.Intn(10)}},
	}
	if r.Intn(150) == 0 {
		return EndScenario{}
	}
	return cmds[r.Intn(len(cmds))]
}

func containsID(l []string, id string) bool {
	for _, x := range l {
		if x == id {
			return true
		}
	}
	return false
}

// TestRandomPlayKeepsTheRules drives sessions with random commands: every
// accepted command keeps the invariants, every refused one changes nothing,
// undo and redo work anywhere, and reopening the log gives the same state.
func TestRandomPlayKeepsTheRules(t *testing.T) {
	for seed := int64(1); seed <= 8; seed++ {
		r := rand.New(rand.NewSource(seed))
		s, mem := newGame(t)
		do(t, s, NewCampaign{Players: 1 + r.Intn(5), Roster: roster()})
		accepted := 0
		for step := 0; step < 1000; step++ {
			before, _ := json.Marshal(st(s))
			cmd := randomCommand(r, st(s))
			if _, err := s.Do(cmd); err != nil {
				var re *tracker.RuleError
				if !errorsAs(err, &re) {
					t.Fatalf("seed %d step %d: %T%+v: not a rule refusal: %v", seed, step, cmd, cmd, err)
				}
				after, _ := json.Marshal(st(s))
				if string(after) != string(before) {
					t.Fatalf("seed %d: a refused %T changed the state", seed, cmd)
				}
				continue
			}
			accepted++
			if err := checkInvariants(st(s)); err != nil {
				t.Fatalf("seed %d step %d after %T%+v: %v", seed, step, cmd, cmd, err)
			}
			if r.Intn(25) == 0 {
				now, _ := json.Marshal(st(s))
				if _, err := s.Undo(); err != nil {
					t.Fatal(err)
				}
				undone, _ := json.Marshal(st(s))
				if string(undone) != string(before) {
					t.Fatalf("seed %d: undo of %T does not give back the state before it", seed, cmd)
				}
				if _, err := s.Redo(); err != nil {
					t.Fatal(err)
				}
				redone, _ := json.Marshal(st(s))
				if string(redone) != string(now) {
					t.Fatalf("seed %d: redo of %T differs", seed, cmd)
				}
			}
		}
		if accepted < 80 && st(s).Phase != PhaseFinished {
			_, err := s.Do(randomCommand(r, st(s)))
			t.Errorf("seed %d: only %d commands accepted; stuck in %s (%s): %v", seed, accepted, st(s).Phase, s.Where(), err)
		}
		t.Logf("seed %d: %d accepted, played %v, now %s, restarts %d", seed, accepted, st(s).Played, s.Where(), st(s).Restarts)
		want, _ := json.Marshal(st(s))
		s2, err := tracker.Open(mem, Rules{}, s.Campaign().ID)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(st(s2))
		if string(got) != string(want) {
			t.Fatalf("seed %d: reopened state differs", seed)
		}
	}
}
