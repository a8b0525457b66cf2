package eternaut

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"tablekeeper/tracker"
	"testing"
)

// RB p.22 setup B step 14, p.25 setup C step 13, p.29 setup D step 13,
// p.33 setup E step 14, p.38 setup F step 13: the Special Quest cards
// gained earlier are revealed again near the board at every setup, so the
// cards "revealed on the table at the end" (finishing steps, §8.1) include
// them, and the finale's owned set (§10.3.1) still holds a card from C.
func TestSpecialQuestsStayOnTheTable(t *testing.T) {
	s := reach(t, "A")
	do(t, s, GainSpecialQuest{ID: "A-12"})
	finish(t, s, "END-B1-1", Unlock{})
	do(t, s, StartScenario{Key: "B1", TimerStart: 5})
	if q := st(s).Scenario.SpecialQuests; !slices.Equal(q, []string{"A-12"}) {
		t.Fatalf("B setup: Special Quests on the table %v, want A's [A-12]", q)
	}
	do(t, s, GainSpecialQuest{ID: "B1-16"})
	finish(t, s, "END-C-1", Unlock{})
	if q := st(s).Section("B").SpecialQuests; !slices.Equal(q, []string{"A-12", "B1-16"}) {
		t.Fatalf("end of B: %v", q)
	}
	do(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}})
	do(t, s, GainSpecialQuest{ID: "C-15"})
	refuse(t, s, GainSpecialQuest{ID: "B1-16"}, "already on the table")
	finish(t, s, "END-D-1", Unlock{})
	for _, step := range []struct{ key, epi string }{{"D", "END-E1-1"}, {"E1", "END-F1-1"}} {
		chars := []string{"901", "902", "903", "904"}
		if step.key == "E1" {
			chars = []string{"912", "901", "902", "903"}
		}
		do(t, s, StartScenario{Key: step.key, TimerStart: 5, Characters: chars})
		finish(t, s, step.epi, Unlock{})
	}
	if q := st(s).Section("E").SpecialQuests; !slices.Equal(q, []string{"A-12", "B1-16", "C-15"}) {
		t.Fatalf("end of E: %v", q)
	}
	do(t, s, StartScenario{Key: "F1", TimerStart: 5, Characters: []string{"912", "901", "902", "903"}})
	finish(t, s, "END", Unlock{})
	do(t, s, FinishCampaign{})
	if q := st(s).Quests; q[0] != "#E" || q[1] != "#B" {
		t.Fatalf("finale: C-15 owned → #1 #E, B1-16 without 911 → #2 #B; got %v", q)
	}
	if q := st(s).Section("F").SpecialQuests; !slices.Equal(q, []string{"A-12", "B1-16", "C-15"}) {
		t.Fatalf("owned set written once each: %v", q)
	}
	if !strings.Contains(DiaryMarkdown(st(s)), "C-15") {
		t.Fatal("diary")
	}
}

// RB p.19: when the 4 Consumed cubes are all on the Survivors' Rule card at
// the end of a turn, a Menace card is drawn, even if no Survivor is on the
// map to move; the cubes are then dealt again (§13.8 setting).
func TestSurvivorActivationWithNoSurvivor(t *testing.T) {
	s := reach(t, "B1")
	do(t, s, SetAlert{State: AlertGreen}) // off the deck: Menace cards are drawn
	do(t, s, RevealR02{}, SetCubes{OnTarget: 4})
	do(t, s, PlayCard{Char: "901"})
	e := do(t, s, EndTurn{})
	if r := Reminders(e); len(r) == 0 || !strings.Contains(r[0], "Draw 1 Menace card") {
		t.Fatalf("no Menace card drawn: %v / %s", r, said(s, e))
	}
	if st(s).Scenario.CubesOnTarget != 0 {
		t.Fatal("cubes dealt again")
	}
}

// RB p.9 trade example: Eduardo gives Scrap Iron (011) to Simon, Simon gives
// him a Piece of Wood (012); the Rummage card may go on either of them.
func TestWorkedExampleTrade(t *testing.T) {
	s := reach(t, "A")
	do(t, s, GainItem{Char: "901", Item: "011"}, GainItem{Char: "902", Item: "012"})
	do(t, s, PlayCard{Char: "901", Card: "Rummage"})
	do(t, s, Trade{From: "901", To: "902", Give: []string{"011"}, Take: []string{"012"}})
	if !slices.Equal(ch(s, "901").Items, []string{"012"}) || !slices.Equal(ch(s, "902").Items, []string{"011"}) {
		t.Fatalf("after the trade: Eduardo %v, Simon %v", ch(s, "901").Items, ch(s, "902").Items)
	}
	// Giving without getting anything back is a trade too.
	do(t, s, Trade{From: "902", To: "901", Give: []string{"011"}})
	if len(ch(s, "902").Items) != 0 || len(ch(s, "901").Items) != 2 {
		t.Fatal("one-way trade")
	}
}

// RB p.10 Take a Break example: Eduardo's board holds 2 Fatigue cards (one
// from this turn's exchange) and, with the Take a Break just played, 3
// Action cards: 5 cards during step 3; the break discards the 2 Fatigue,
// so step 4 sees 3 cards and the round does not end.
func TestWorkedExampleTakeABreak(t *testing.T) {
	s := reach(t, "A")
	do(t, s, AddPenalty{Char: "901", Kind: Fatigue})
	playTurn(t, s, "901")
	playTurn(t, s, "901") // 1 Fatigue + 2 Action cards: 3, no end of round
	if st(s).Scenario.Timer != 5 {
		t.Fatal("3 cards ended the round")
	}
	do(t, s, ExchangeCards{Fatigue: "901"}, PlayCard{Char: "901", Card: "Take a Break"})
	if n := ch(s, "901").BoardCount(); n != 5 {
		t.Fatalf("board during step 3: %d cards, want 5", n)
	}
	do(t, s, TakeABreak{Char: "901"})
	e := do(t, s, EndTurn{})
	if n := ch(s, "901").BoardCount(); n != 3 || st(s).Scenario.Timer != 5 || strings.Contains(said(s, e), "End of round") {
		t.Fatalf("board %d, timer %d: %s", n, st(s).Scenario.Timer, said(s, e))
	}
	// One more card makes 4 at step 4: the round ends.
	e = playTurn(t, s, "901")
	if !strings.Contains(said(s, e), "End of round 1") || ch(s, "901").BoardCount() != 0 {
		t.Fatalf("4 Action cards: %s", said(s, e))
	}
}

// RB p.12 drop example: Eduardo already holds 4 Item cards and gains the
// Handmade Axe (045); he keeps it and drops 1 Scrap Iron (011) under the
// pair of Drop counters "A" on his space.
func TestWorkedExampleDrop(t *testing.T) {
	s := reach(t, "A")
	for _, it := range []string{"011", "012", "013", "014"} {
		do(t, s, GainItem{Char: "901", Item: it})
	}
	refuse(t, s, GainItem{Char: "901", Item: "045"}, "choose 1 to drop")
	do(t, s, GainItem{Char: "901", Item: "045", Drop: []string{"011"}, Where: "Eduardo's space"})
	if c := ch(s, "901"); len(c.Items) != 4 || !slices.Contains(c.Items, "045") || slices.Contains(c.Items, "011") {
		t.Fatalf("items %v", c.Items)
	}
	p := st(s).Scenario.DropPiles
	if len(p) != 1 || p[0].Letter != "A" || !slices.Equal(p[0].Items, []string{"011"}) {
		t.Fatalf("drop pile %+v", p)
	}
	// Dropping the new card instead is allowed too (§7.7.2 step 3).
	do(t, s, GainItem{Char: "902", Item: "020"}, GainItem{Char: "902", Item: "021"}, GainItem{Char: "902", Item: "022"}, GainItem{Char: "902", Item: "023"})
	do(t, s, GainItem{Char: "902", Item: "024", Drop: []string{"024"}, Pile: "A"})
	if p := st(s).Scenario.pile("A"); !slices.Equal(p.Items, []string{"011", "024"}) || len(ch(s, "902").Items) != 4 {
		t.Fatalf("pile A %v", p.Items)
	}
}

// §9.4, RB finishing B step 5 (and C–F): each surviving Character recovers
// 2 life, up to 10, written once; the next setup starts from that value.
func TestLifeCarriedOverEveryValue(t *testing.T) {
	for lp := 1; lp <= CharMaxLP; lp++ {
		s := reach(t, "B1")
		if lp < CharMaxLP {
			do(t, s, Damage{Char: "901", N: CharMaxLP - lp})
		}
		finish(t, s, "END-C-1", Unlock{})
		want := min(CharMaxLP, lp+BetweenScenarioHeal)
		r := st(s).Section("B").Row("901")
		if r.LP != want || r.LPAtEnd != lp || ch(s, "901").LP != want {
			t.Errorf("life %d at the end: written %d (kept %d), want %d", lp, r.LP, r.LPAtEnd, want)
		}
		do(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}})
		if ch(s, "901").LP != want {
			t.Errorf("C starts 901 on %d, want %d", ch(s, "901").LP, want)
		}
	}
}

// §7.7.1, RB p.26 step 11 and p.30 step 13: 4 items, +1 for SK-01..06,
// +2 for SK-07..09, at most 2 counters.
func TestCapacityEverySkillCounter(t *testing.T) {
	ids := []string{"SK-01", "SK-02", "SK-03", "SK-04", "SK-05", "SK-06", "SK-07", "SK-08", "SK-09"}
	bonus := func(id string) int {
		if id >= "SK-07" {
			return 2
		}
		return 1
	}
	for _, a := range ids {
		if c := (&Character{Skills: []SkillCounter{{ID: a}}}); c.Capacity() != ItemCapBase+bonus(a) {
			t.Errorf("%s: capacity %d", a, c.Capacity())
		}
		for _, b := range ids {
			if a == b {
				continue
			}
			c := &Character{Skills: []SkillCounter{{ID: a}, {ID: b}}}
			if want := 4 + bonus(a) + bonus(b); c.Capacity() != want {
				t.Errorf("%s+%s: capacity %d, want %d", a, b, c.Capacity(), want)
			}
		}
	}
	if (&Character{}).Capacity() != 4 {
		t.Error("base capacity")
	}
}

// §10.1, RB finishing A step 4, D step 4, E step 4: the branch is whether
// the Epilogue contains B1 / E1 / F1, however the code was typed.
func TestBranchingIgnoresCase(t *testing.T) {
	cases := []struct{ from, code, next string }{
		{"A", "end-b1-1", "B1"}, {"A", "End-B2-1", "B2"}, {"d", "end-e1-2", "E1"}, {"D", "end-e2-1", "E2"},
		{"E2", "end-f1-1", "F1"}, {"e1", "END-F2-3", "F2"}, {"b2", "end-c-1", "C"},
	}
	for _, c := range cases {
		if got := NextScenario(c.from, c.code); got != c.next {
			t.Errorf("NextScenario(%s, %s) = %q, want %q", c.from, c.code, got, c.next)
		}
	}
	if !EpilogueFits("A", " end-b1-1 ") || !EpilogueFits("d", "end-e2-2") || EpilogueFits("A", "end-c-1") {
		t.Error("EpilogueFits reads the code in capitals")
	}
}

// §5.7 C1: with 3 boards the default deal is 2/1/1, the extra cube on the
// leftmost board, which is the first Character chosen (here 912 in E1),
// and DealCubes' Split follows that board order.
func TestDealFollowsBoardOrder(t *testing.T) {
	s := reach(t, "E1") // boards: 912, 901, 902, 903
	do(t, s, Kill{Char: "903"}, DealCubes{})
	if ch(s, "912").Cubes != 2 || ch(s, "901").Cubes != 1 || ch(s, "902").Cubes != 1 {
		t.Fatalf("2/1/1 from the left: 912 %d, 901 %d, 902 %d", ch(s, "912").Cubes, ch(s, "901").Cubes, ch(s, "902").Cubes)
	}
	do(t, s, DealCubes{Split: []int{1, 1, 2}})
	if ch(s, "902").Cubes != 2 || ch(s, "912").Cubes != 1 {
		t.Fatal("Split is in board order")
	}
	var ids []string
	for _, c := range st(s).InPlay() {
		ids = append(ids, c.ID)
	}
	if !slices.Equal(ids, []string{"912", "901", "902", "903"}) {
		t.Fatalf("InPlay order %v", ids)
	}
}

// Property (§5.1 T4/T6, §5.3 E1–E6, §5.7): over random turns in C, a turn
// ends the round exactly when some board held 4 or more Action + Penalty
// cards at the end of the turn; then every Action card leaves the boards,
// each Heavy Wound deals exactly 2 (floored at 0), the Timer moves 1 toward
// the clock and the First Player starts the next round. Otherwise the next
// player on the left plays and the Timer stays. The 4 cubes are never lost.
func TestPropertyEndOfRound(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for game := 0; game < 6; game++ {
		s := reach(t, "C")
		ids := []string{"901", "902", "903", "904"}
		for turn := 0; turn < 60 && st(s).Phase == PhasePlaying; turn++ {
			before := st(s)
			living := []string{}
			for _, id := range ids {
				if c := before.Char(id); !c.Gone() {
					living = append(living, id)
				}
			}
			if len(living) == 0 {
				break
			}
			pick := func() string { return living[r.Intn(len(living))] }
			switch r.Intn(6) {
			case 0:
				do(t, s, AddPenalty{Char: pick(), Kind: Fatigue})
			case 1:
				do(t, s, AddPenalty{Char: pick(), Kind: HeavyWound})
			case 2:
				if c := pick(); before.Char(c).Penalties.Fatigue > 0 {
					do(t, s, TakeABreak{Char: c})
				}
			}
			living = slices.DeleteFunc(living, func(id string) bool { return st(s).Char(id).Gone() })
			if len(living) == 0 || st(s).Phase != PhasePlaying {
				break
			}
			do(t, s, PlayCard{Char: pick()})
			b := st(s)
			due := EndOfRoundDue(b)
			timer, active, first := b.Scenario.Timer, b.Scenario.Active, b.Scenario.FirstPlayer
			lp := map[string]int{}
			wounded := map[string]bool{}
			for _, id := range ids {
				lp[id], wounded[id] = b.Char(id).LP, b.Char(id).Penalties.HeavyWound && !b.Char(id).Gone()
			}
			do(t, s, EndTurn{})
			a := st(s)
			if a.Phase == PhaseLost {
				break
			}
			if !due {
				if a.Scenario.Timer != timer || a.Scenario.Active != active%a.Players+1 {
					t.Fatalf("no end of round: timer %d→%d, active %d→%d", timer, a.Scenario.Timer, active, a.Scenario.Active)
				}
				continue
			}
			for _, id := range ids {
				want := lp[id]
				if wounded[id] {
					want = max(0, want-HeavyWoundRoundDmg)
				}
				if got := a.Char(id).LP; got != want {
					t.Fatalf("E2: %s life %d → %d, want %d", id, lp[id], got, want)
				}
				if a.Char(id).ActionCards != 0 {
					t.Fatalf("E1: %s keeps %d Action cards", id, a.Char(id).ActionCards)
				}
			}
			if timer == 1 {
				if a.Phase != PhaseEnding || !a.End.Clock {
					t.Fatalf("E3: the clock ends the scenario (phase %s)", a.Phase)
				}
				break
			}
			if a.Scenario.Timer != timer-1 || a.Scenario.Active != first {
				t.Fatalf("E3/E6: timer %d→%d, active %d (first %d)", timer, a.Scenario.Timer, a.Scenario.Active, first)
			}
			n := a.Scenario.CubesOnTarget
			for _, c := range a.InPlay() {
				n += c.Cubes
			}
			if n != CubesForActivation {
				t.Fatalf("%d cubes", n)
			}
		}
	}
}

// §10.4 L2, RB p.29 (Masked Figures) and p.37 (reinforcements): in F a
// reinforcement can save the campaign only if, once it is in, a main
// Character is in play again. Bringing in a Masked Figure when only Masked
// Figures are left still loses the campaign; a main Character saves it.
func TestReinforcementMustBringBackAMainCharacter(t *testing.T) {
	setup := func() *tracker.Session {
		s := reach(t, "D")
		finish(t, s, "END-E2-1", Unlock{})
		do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902", "903"}})
		finish(t, s, "END-F1-1", Unlock{})
		do(t, s, StartScenario{Key: "F1", TimerStart: 5, Characters: []string{"901", "902", "907", "908"}})
		do(t, s, Kill{Char: "901"}, Kill{Char: "902"})
		if !st(s).Scenario.LossPending || st(s).Phase != PhasePlaying {
			t.Fatalf("L2 with 903, 904 and 909 unused: the loss waits for a reinforcement (phase %s)", st(s).Phase)
		}
		return s
	}
	s := setup()
	do(t, s, Reinforce{Dead: "902", New: "909"})
	if st(s).Phase != PhasePlaying || !st(s).Scenario.LossPending || !strings.Contains(st(s).LossReason, "L2") {
		t.Fatalf("only Masked Figures in play after the reinforcement: still lost unless a main Character comes in (phase %s, %q)", st(s).Phase, st(s).LossReason)
	}
	refuse(t, s, PlayCard{Char: "909"}, "reinforcement")
	do(t, s, ConfirmLoss{})
	if st(s).Phase != PhaseLost {
		t.Fatal("confirmed")
	}
	s = setup()
	do(t, s, Reinforce{Dead: "902", New: "909"}, Reinforce{Dead: "901", New: "904"})
	if st(s).Phase != PhasePlaying || st(s).Scenario.LossPending {
		t.Fatalf("904 saves the group: phase %s", st(s).Phase)
	}
	s = setup()
	do(t, s, Reinforce{Dead: "902", New: "903"})
	if st(s).Phase != PhasePlaying || st(s).Scenario.LossPending {
		t.Fatalf("a main Character came in: phase %s", st(s).Phase)
	}
	do(t, s, PlayCard{Char: "903"})
}

// §10.4, §7.13 step 8: with only Masked Figures left to bring in, an L2
// loss is immediate (a Masked Figure cannot undo it).
func TestL2WithOnlyMaskedReinforcements(t *testing.T) {
	s := reach(t, "D")
	finish(t, s, "END-E2-1", Unlock{})
	do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902", "904"}})
	do(t, s, Kill{Char: "904"})
	finish(t, s, "END-F1-1", Unlock{})
	do(t, s, StartScenario{Key: "F1", TimerStart: 5, Characters: []string{"901", "902", "903", "907"}})
	do(t, s, Kill{Char: "901"}, Kill{Char: "902"}, Kill{Char: "903"})
	if st(s).Phase != PhaseLost || !strings.Contains(st(s).LossReason, "L2") {
		t.Fatalf("only 908 and 909 could come in: phase %s, pending %v", st(s).Phase, st(s).Scenario.LossPending)
	}
}

// §5.4, §5.6, RB p.8: a scenario whose Timer starts on S ends at the S-th
// end of round at the latest; at the k-th end of round (k < S) the Menace
// card's section is the one for S − k, the number the Timer token covers.
func TestMenaceKeyEveryRound(t *testing.T) {
	for _, start := range []int{1, 2, 5, 8} {
		s := reach(t, "A")
		do(t, s, CorrectScenario{Field: "timerStart", Value: start}, CorrectScenario{Field: "timer", Value: start})
		for k := 1; k <= start; k++ {
			for range 4 {
				do(t, s, AddPenalty{Char: "904", Kind: Fatigue})
			}
			do(t, s, TakeABreak{Char: "904"})
			for range 4 {
				do(t, s, AddPenalty{Char: "904", Kind: Fatigue})
			}
			if st(s).Scenario.Round() != k {
				t.Fatalf("S=%d: round %d shown as %d", start, k, st(s).Scenario.Round())
			}
			playTurn(t, s, "901")
			if k == start {
				if st(s).Phase != PhaseEnding || !st(s).End.Clock {
					t.Fatalf("S=%d: the %d-th end of round reaches the clock (phase %s)", start, k, st(s).Phase)
				}
				break
			}
			want := fmt.Sprintf("Reveal a Menace card: resolve the section for %d", start-k)
			if r := st(s).Reminders; !slices.Contains(r, want) {
				t.Fatalf("S=%d, end of round %d: %v, want %q", start, k, r, want)
			}
		}
	}
}

// RB p.7 step 2, §5.1 T2: the exchange's Fatigue card goes on an empty
// card slot of any board. A board with 4 or more Action + Penalty cards has
// no empty slot; it may take the Fatigue only when no board has one (the
// AMBIGUOUS case of §5.1 T2, allowed with a warning). Over every pair of
// counts for the chosen board and the others.
func TestExchangeFatigueNeedsAnEmptySlot(t *testing.T) {
	for target := 0; target <= 6; target++ {
		for others := 0; others <= 6; others++ {
			s := reach(t, "B1")
			for _, id := range []string{"901", "902", "903", "904"} {
				n := others
				if id == "901" {
					n = target
				}
				do(t, s, CorrectCharacter{Char: id, Field: "actionCards", Value: n})
			}
			_, err := s.Do(ExchangeCards{Fatigue: "901"})
			ok := target < EndRoundThreshold || others >= EndRoundThreshold
			if ok && err != nil {
				t.Fatalf("901 with %d cards, others %d: refused: %v", target, others, err)
			}
			if !ok && err == nil {
				t.Fatalf("901 with %d cards (no empty slot) took the Fatigue while the others (%d cards) have one", target, others)
			}
			if err == nil && ch(s, "901").Penalties.Fatigue != 1 {
				t.Fatalf("Fatigue not placed")
			}
		}
	}
}

// RB p.29 (Masked Figures): with fewer main Characters than the Scenario's
// count, the Masked Figures MAY fill the slots (§4.3 S2: "may fill"); the
// group may also play with just the main Characters it has. Every subset of
// the available Characters, in D (4) and E2 (3): a full count is always
// fine; a smaller one only if no available main Character is left out.
func TestMaskedFiguresMayFillTheSlots(t *testing.T) {
	for _, tc := range []struct {
		key   string
		limit int
		dead  []string // main Characters killed before the setup
		mains []string // main Characters still available
	}{
		{"D", 4, []string{"903", "904"}, []string{"901", "902"}},
		{"E2", 3, []string{"902", "903", "904"}, []string{"901"}},
	} {
		pool := append(slices.Clone(tc.mains), "907", "908", "909")
		for mask := 1; mask < 1<<len(pool); mask++ {
			var pick []string
			for i, id := range pool {
				if mask&(1<<i) != 0 {
					pick = append(pick, id)
				}
			}
			s := reach(t, "B1")
			finish(t, s, "END-C-1", Unlock{})
			do(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}})
			if tc.key == "D" {
				for _, id := range tc.dead {
					do(t, s, Kill{Char: id})
				}
			}
			finish(t, s, "END-D-1", Unlock{})
			if tc.key == "E2" {
				do(t, s, StartScenario{Key: "D", TimerStart: 5, Characters: []string{"901", "902", "903", "904"}})
				for _, id := range tc.dead {
					do(t, s, Kill{Char: id})
				}
				finish(t, s, "END-E2-1", Unlock{})
			}
			allMains := true
			for _, m := range tc.mains {
				allMains = allMains && slices.Contains(pick, m)
			}
			want := len(pick) == tc.limit || len(pick) < tc.limit && allMains
			_, err := s.Do(StartScenario{Key: tc.key, TimerStart: 5, Characters: pick})
			if want && err != nil {
				t.Fatalf("%s with %v: refused: %v", tc.key, pick, err)
			}
			if !want && err == nil {
				t.Fatalf("%s with %v: accepted", tc.key, pick)
			}
		}
	}
}

// RB p.22 setup B step 17: no Menace card is revealed while the Alert
// counter is on the deck, not even by the Survivors' cube activation
// (§5.7 C3); once it is off (green or red) the card is drawn.
func TestSurvivorActivationBlockedByTheAlert(t *testing.T) {
	for _, alert := range []string{AlertOnDeck, AlertGreen, AlertRed} {
		s := reach(t, "B1")
		do(t, s, RevealR02{}, RevealFigure{ID: "701", Kind: "enemy", MaxLP: 3})
		if alert != AlertOnDeck {
			do(t, s, SetAlert{State: alert})
		}
		do(t, s, SetCubes{Boards: map[string]int{"901": 1}, OnTarget: 3})
		e := playTurn(t, s, "901")
		drew := false
		for _, r := range Reminders(e) {
			drew = drew || strings.Contains(r, "Menace card")
		}
		if drew != (alert != AlertOnDeck) {
			t.Fatalf("Alert %s: Menace card drawn %v (%v)", alert, drew, Reminders(e))
		}
		if c := st(s).Scenario.CubesOnTarget; c != 0 {
			t.Fatalf("Alert %s: cubes not dealt again (%d on the target)", alert, c)
		}
	}
}

// §6.4: the ID ranges give a soft warning only; the app accepts any
// 3-digit ID, since Storybooks and cards use IDs the rulebook never lists.
// A Take Action pair is built from whatever action ID is printed beside the
// action (§6.2), for every 3-digit ID.
func TestTakeActionAcceptsEveryID(t *testing.T) {
	for n := 0; n <= 999; n++ {
		id := fmt.Sprintf("%03d", n)
		if id == "226" {
			continue
		}
		want, err := BuildParagraph(id, "226")
		if err != nil {
			t.Fatal(err)
		}
		got, err := Interaction(TakeAction, id, "226")
		if err != nil || got != want {
			t.Fatalf("Take Action %s on 226: %q %v, want %q", id, got, err, want)
		}
	}
}

// §7.7.3 (RB p.12): a Character drops onto the Drop counter already on its
// space. Picking up from a pile puts the Character on that space, so what it
// drops to stay within capacity joins that pile; if the pick-up emptied the
// pile, the new pile is noted at the same place (not at another pile's).
// Over every number of items taken from a pile of 3.
func TestPickUpDropsOntoTheSamePile(t *testing.T) {
	for take := 1; take <= 3; take++ {
		s := reach(t, "A")
		for _, it := range []string{"011", "012", "013"} {
			do(t, s, GainItem{Char: "902", Item: it})
		}
		do(t, s, DropItems{Char: "902", Items: []string{"011", "012", "013"}, Where: "hall"})
		do(t, s, GainItem{Char: "903", Item: "030"}, DropItems{Char: "903", Items: []string{"030"}, Where: "kitchen"})
		for _, it := range []string{"020", "021", "022", "023"} {
			do(t, s, GainItem{Char: "901", Item: it})
		}
		picked := []string{"011", "012", "013"}[:take]
		drop := []string{"020", "021", "022"}[:take]
		do(t, s, PickUp{Char: "901", Pile: "A", Items: picked, Drop: drop})
		piles := st(s).Scenario.DropPiles
		if take < 3 {
			a := st(s).Scenario.pile("A")
			if len(piles) != 2 || a == nil || len(a.Items) != 3 || !slices.Contains(a.Items, drop[0]) {
				t.Fatalf("took %d: piles %+v", take, piles)
			}
			continue
		}
		for _, p := range piles {
			if p.Letter == "B" && p.Where != "kitchen" || p.Letter != "B" && p.Where != "hall" {
				t.Fatalf("took all: piles %+v", piles)
			}
		}
	}
}
