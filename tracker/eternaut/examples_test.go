package eternaut

import (
	"slices"
	"strings"
	"testing"

	"tablekeeper/tracker"
)

// The rulebook's worked examples, front to back: every printed example
// (and every number the rules text gives as an "e.g.") that the app keeps
// or computes is replayed here through the package's commands or helpers.
// An example about map geometry (movement, range, line of sight, snow
// topology) is listed with the reason it is not the app's to check (§14).
type workedExample struct {
	ref   string // rulebook page and what it shows
	scope string // non-empty: outside the app (§14), with the reason
	run   func(t *testing.T)
}

func TestRulebookWorkedExamples(t *testing.T) {
	for _, ex := range rulebookExamples() {
		t.Run(ex.ref, func(t *testing.T) {
			if ex.scope != "" {
				t.Skip(ex.scope)
			}
			ex.run(t)
		})
	}
}

// boardCards is the Action + Penalty count on a board (§5.2).
func boardCards(s *tracker.Session, id string) int { return ch(s, id).BoardCount() }

func rulebookExamples() []workedExample {
	return []workedExample{
		{ref: "p.6 hand sizes 1→10 2→7 3→6 4→5 5→4", run: func(t *testing.T) {
			for p, h := range map[int]int{1: 10, 2: 7, 3: 6, 4: 5, 5: 4} {
				if HandSize(p) != h || DrawTo(p) != h+1 {
					t.Errorf("%d players: hand %d, draw to %d", p, HandSize(p), DrawTo(p))
				}
			}
		}},
		{ref: "p.7 exchange: draw 5, discard 5, 1 Fatigue on Eduardo", run: func(t *testing.T) {
			s := reach(t, "A")
			if ExchangeDraw != 5 {
				t.Fatalf("exchange draws %d", ExchangeDraw)
			}
			// 4 players hold 5, draw to 6; +5 drawn, 5 discarded: 6 again,
			// and the turn still plays its card.
			if DrawTo(4)+ExchangeDraw-ExchangeDraw != 6 {
				t.Fatal("hand after the exchange")
			}
			e := do(t, s, ExchangeCards{Fatigue: "901"})
			if c := ch(s, "901"); c.Penalties.Fatigue != 1 || c.BoardCount() != 1 {
				t.Fatalf("Eduardo after the exchange: %+v", c.Penalties)
			}
			if !strings.Contains(said(s, e), "draw 5, discard 5") {
				t.Fatalf("diary line: %s", said(s, e))
			}
			refuse(t, s, EndTurn{}, "must play 1 Action card")
			// The Fatigue may go on the board that gets this turn's card.
			do(t, s, PlayCard{Char: "901", Card: "Rummage"})
			if boardCards(s, "901") != 2 {
				t.Fatal("Fatigue + Action card")
			}
		}},
		{ref: "p.7 Coordination played on Eduardo's empty board", run: func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, PlayCard{Char: "901", Card: "Coordination"})
			e := do(t, s, EndTurn{})
			if boardCards(s, "901") != 1 || strings.Contains(said(s, e), "End of round") {
				t.Fatalf("1 card in the top slot, no end of round: %s", said(s, e))
			}
		}},
		{ref: "p.7 step 4: 4 cards at step 3 fall back to 3 before step 4", run: func(t *testing.T) {
			s := reach(t, "A")
			for range 3 {
				do(t, s, AddPenalty{Char: "903", Kind: Fatigue})
			}
			do(t, s, PlayCard{Char: "903", Card: "Take a Break"})
			if boardCards(s, "903") != 4 {
				t.Fatal("4 cards during step 3")
			}
			do(t, s, TakeABreak{Char: "903"})
			do(t, s, EndTurn{})
			if boardCards(s, "903") != 1 || st(s).Scenario.Timer != 5 {
				t.Fatal("no end of round at step 4")
			}
		}},
		{ref: "p.8 end of round: Menace section = the number under the Timer token", run: func(t *testing.T) {
			s := reach(t, "A") // Timer on 5
			for range 4 {
				do(t, s, AddPenalty{Char: "904", Kind: Fatigue})
			}
			playTurn(t, s, "901")
			sc := st(s).Scenario
			if sc.Timer != 4 || !slices.Contains(st(s).Reminders, "Reveal a Menace card: resolve the section for 4") {
				t.Fatalf("timer %d, %v", sc.Timer, st(s).Reminders)
			}
			if ch(s, "901").ActionCards != 0 || ch(s, "904").Penalties.Fatigue != 4 {
				t.Fatal("Action cards collected, Penalty cards stay")
			}
		}},
		{ref: "p.8 Rummage: Eduardo 901 + wrecked car 232 → 232-901", run: func(t *testing.T) {
			wantParagraph(t, Rummage, "901", "232", "232-901")
			got, _ := CandidateParagraphs("901", "232")
			if !slices.Contains(got, "232-9XX") {
				t.Fatalf("the ANY CHARACTER form: %v", got)
			}
		}},
		{ref: "p.9 Moving On: Eduardo's 3 spaces, door, Event 006, Simon 902", scope: "§14: movement on the map"},
		{ref: "p.9 Rummage reach: 215, 210, 227 yes; 222, 226, 216 no", scope: "§14: adjacency and counter icons on the map"},
		{ref: "p.9 trade: Scrap Iron 011 to Simon, Piece of Wood 012 to Eduardo", run: func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, GainItem{Char: "901", Item: "011"}, GainItem{Char: "902", Item: "012"})
			do(t, s, PlayCard{Char: "901", Card: "Rummage"})
			do(t, s, Trade{From: "901", To: "902", Give: []string{"011"}, Take: []string{"012"}})
			if !slices.Equal(ch(s, "901").Items, []string{"012"}) || !slices.Equal(ch(s, "902").Items, []string{"011"}) {
				t.Fatalf("Eduardo %v, Simon %v", ch(s, "901").Items, ch(s, "902").Items)
			}
		}},
		{ref: "p.10 Take Action: Hack 403 on table 226 → 226-403", run: func(t *testing.T) {
			wantParagraph(t, TakeAction, "403", "226", "226-403")
		}},
		{ref: "p.10 craft: Scrap Iron 011 + Piece of Wood 012 → 011-012", run: func(t *testing.T) {
			wantParagraph(t, CraftItems, "012", "011", "011-012")
			s := reach(t, "A")
			do(t, s, GainItem{Char: "901", Item: "011"}, GainItem{Char: "901", Item: "012"})
			do(t, s, PlayCard{Char: "901", Card: "Take a Break"}, Craft{Char: "901", A: "011", B: "012"})
			if r := st(s).Reminders; len(r) != 1 || !strings.Contains(r[0], "011-012") {
				t.Fatalf("reminder %v", r)
			}
			// A failed craft keeps both items.
			if !slices.Equal(ch(s, "901").Items, []string{"011", "012"}) {
				t.Fatalf("items %v", ch(s, "901").Items)
			}
		}},
		{ref: "p.10 Take a Break: Eduardo's 2 Fatigue go, 3 Action cards stay", run: func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, AddPenalty{Char: "901", Kind: Fatigue})
			playTurn(t, s, "901")
			playTurn(t, s, "901")
			do(t, s, ExchangeCards{Fatigue: "901"}, PlayCard{Char: "901", Card: "Take a Break"})
			if boardCards(s, "901") != 5 || ch(s, "901").Penalties.Fatigue != 2 {
				t.Fatalf("before the break: %d cards", boardCards(s, "901"))
			}
			do(t, s, TakeABreak{Char: "901"})
			e := do(t, s, EndTurn{})
			if boardCards(s, "901") != 3 || ch(s, "901").ActionCards != 3 || strings.Contains(said(s, e), "End of round") {
				t.Fatalf("after: %d cards: %s", boardCards(s, "901"), said(s, e))
			}
		}},
		{ref: "p.10 Coordination talk: Eduardo 901 + Ana 904 → 901-904", run: func(t *testing.T) {
			wantParagraph(t, Talk, "904", "901", "901-904")
		}},
		{ref: "p.11 Coordination repeat: card on Ana, Eduardo (3 cards) repeats", run: func(t *testing.T) {
			// The repeated action costs Eduardo no card: his 3 stay 3 and
			// the round goes on; only Ana's board takes the Coordination,
			// and only her board moves a Consumed cube (§5.7 C2).
			s := reach(t, "C")
			do(t, s, CorrectCharacter{Char: "901", Field: "actionCards", Value: 3})
			do(t, s, PlayCard{Char: "904", Card: "Coordination"})
			if boardCards(s, "901") != 3 || boardCards(s, "904") != 1 {
				t.Fatalf("Eduardo %d, Ana %d", boardCards(s, "901"), boardCards(s, "904"))
			}
			if ch(s, "901").Cubes != 1 || ch(s, "904").Cubes != 0 || st(s).Scenario.CubesOnTarget != 1 {
				t.Fatalf("cubes: Eduardo %d, Ana %d, target %d", ch(s, "901").Cubes, ch(s, "904").Cubes, st(s).Scenario.CubesOnTarget)
			}
			e := do(t, s, EndTurn{})
			if strings.Contains(said(s, e), "End of round") {
				t.Fatalf("3 cards ended the round: %s", said(s, e))
			}
		}},
		{ref: "p.11 range: the yellow 5 and the 8 around the table", scope: "§14: range on the map"},
		{ref: "p.11 revealing Map tile M-001", scope: "§14: map building"},
		{ref: "p.12 drop: Eduardo (4 items) keeps Axe 045, drops Scrap Iron 011 under A", run: func(t *testing.T) {
			s := reach(t, "A")
			for _, it := range []string{"011", "012", "013", "014"} {
				do(t, s, GainItem{Char: "901", Item: it})
			}
			refuse(t, s, GainItem{Char: "901", Item: "045"}, "V8")
			do(t, s, GainItem{Char: "901", Item: "045", Drop: []string{"011"}, Where: "Eduardo's space"})
			p := st(s).Scenario.DropPiles
			if len(p) != 1 || p[0].Letter != "A" || !slices.Equal(p[0].Items, []string{"011"}) || len(ch(s, "901").Items) != ItemCapBase {
				t.Fatalf("piles %+v, items %v", p, ch(s, "901").Items)
			}
		}},
		{ref: "p.12 Event counter: Eduardo 901 onto Event 002 → 002-901", run: func(t *testing.T) {
			wantParagraph(t, MovingOn, "901", "002", "002-901")
		}},
		{ref: "p.13 Sofia's Science test: 1 + 2 icons = 3, 1 discard → 4", run: func(t *testing.T) {
			base, err := SkillValue(1, 2, nil)
			final, err2 := SkillValue(1, 2, []int{1})
			if base != 3 || final != 4 || err != nil || err2 != nil {
				t.Fatalf("Sofia %d → %d (%v %v)", base, final, err, err2)
			}
			if _, err := SkillValue(1, 2, []int{0}); err == nil {
				t.Fatal("a card with no Science icon was discarded")
			}
		}},
		{ref: "p.16 Snowpack: closing a door, cases 1 and 2", scope: "§14: snow topology"},
		{ref: "p.17 end of A: Axe 045 → 046, END-B1-1 → B1, PP = 12 − score", run: func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, GainItem{Char: "902", Item: "045"}, AddPenalty{Char: "902", Kind: Fatigue}, MarkPlot{N: 5}, MarkPlot{Cross: true, N: 2})
			do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-B1-1"}, RecordSpecialQuests{}, Unlock{})
			a := st(s).Section("A")
			r := a.Row("902")
			if st(s).Next != "B1" || !slices.Equal(r.Items, []string{"046"}) || r.Penalties.Fatigue != 1 {
				t.Fatalf("next %s, row %+v", st(s).Next, r)
			}
			if a.Score != 3 || a.BasePP != 9 || a.AvailablePP != 9 {
				t.Fatalf("score %d, PP %d/%d", a.Score, a.BasePP, a.AvailablePP)
			}
			do(t, s, Buy{Kind: "SAC", Name: "Sprint", Remove: "Rummage"}, CloseShop{})
			if a := st(s).Section("A"); a.RemainingPP != 7 || !slices.Equal(a.SpecialContent, []string{"Sprint"}) || st(s).Deck.Size() != ActionDeckSize {
				t.Fatalf("remaining %d, content %v, deck %d", a.RemainingPP, a.SpecialContent, st(s).Deck.Size())
			}
			// B starts with the written items and Fatigue, 10 life each.
			do(t, s, StartScenario{Key: "B1", TimerStart: 5})
			if c := ch(s, "902"); !slices.Equal(c.Items, []string{"046"}) || c.Penalties.Fatigue != 1 || c.LP != CharMaxLP || c.BoardCount() != 1 {
				t.Fatalf("B setup: %+v", c)
			}
		}},
		{ref: "p.18 damage values 4 1 1 assigned one per cube", run: func(t *testing.T) {
			r, err := Attack(AttackInput{MaxCubes: 3, Cubes: 3, Damages: []int{4, 1, 1}})
			if err != nil || !slices.Equal(r.Damage, []int{4, 1, 1}) {
				t.Fatalf("%+v %v", r, err)
			}
		}},
		{ref: "p.18 visible spaces, cases 1 and 2", scope: "§14: line of sight"},
		{ref: "p.19 melee: Handmade Axe, up to 3 Combat cubes", run: func(t *testing.T) {
			for n := 1; n <= 3; n++ {
				if r, err := Attack(AttackInput{MaxCubes: 3, Cubes: n, Damages: []int{2}}); err != nil || len(r.Damage) != n || r.AmmoSpent != 0 {
					t.Fatalf("%d cubes: %+v %v", n, r, err)
				}
			}
			if _, err := Attack(AttackInput{MaxCubes: 3, Cubes: 4, Damages: []int{2}}); err == nil {
				t.Fatal("a 4th cube was placed")
			}
		}},
		{ref: "p.19 ranged: Pistol range 5, up to 2 cubes, 1 ammo", run: func(t *testing.T) {
			r, err := Attack(AttackInput{Ranged: true, Ammo: 2, MaxCubes: 2, Cubes: 2, Damages: []int{3}})
			if err != nil || r.AmmoSpent != 1 || len(r.Damage) != 2 {
				t.Fatalf("%+v %v", r, err)
			}
			s := reach(t, "B1")
			do(t, s, GainAmmo{Char: "901", N: 2}, RangedAttack{Char: "901"})
			if ch(s, "901").Ammo != 1 {
				t.Fatal("1 ammo whatever the cubes")
			}
		}},
		{ref: "p.19 bonuses: Fighting 1 → +2 each space; Agility 1 → 1 more cube; X = range", run: func(t *testing.T) {
			r, _ := Attack(AttackInput{MaxCubes: 2, Cubes: 2, Damages: []int{3, 1}, Fighting: 1, FightingNeeded: 1})
			if !slices.Equal(r.Damage, []int{5, 3}) {
				t.Fatalf("Fighting: %v", r.Damage)
			}
			r, _ = Attack(AttackInput{MaxCubes: 2, Cubes: 2, Damages: []int{2}, Agility: 1, AgilityNeeded: 1})
			if !r.ExtraCube || len(r.Damage) != 3 {
				t.Fatalf("Agility: %+v", r)
			}
			r, _ = Attack(AttackInput{Ranged: true, Ammo: 1, MaxCubes: 2, Cubes: 2, Damages: []int{4}, Reduced: true, Ranges: []int{1, 3}})
			if !slices.Equal(r.Damage, []int{3, 1}) {
				t.Fatalf("reduced: %v", r.Damage)
			}
		}},
		{ref: "p.19 Fast Attack: brought to 0, healed by its Reaction, survives", run: func(t *testing.T) {
			s := reach(t, "B1")
			do(t, s, RevealFigure{ID: "701", Kind: "enemy", MaxLP: 3}, DamageFigure{ID: "701", N: 3})
			if !st(s).Scenario.figure("701").Defeated {
				t.Fatal("0 life")
			}
			do(t, s, HealFigure{ID: "701", N: 2})
			if f := st(s).Scenario.figure("701"); f.Defeated || f.LP != 2 {
				t.Fatalf("%+v", f)
			}
		}},
		{ref: "p.20 damage moves the token; healing capped at 10; death → 600-XXX", run: func(t *testing.T) {
			s := reach(t, "B1")
			do(t, s, Damage{Char: "903", N: 4}, Heal{Char: "903", N: 6})
			if ch(s, "903").LP != CharMaxLP {
				t.Fatalf("life %d", ch(s, "903").LP)
			}
			do(t, s, Damage{Char: "903", N: 12})
			if ch(s, "903").Status != Dead || st(s).Reminders[0] != "Read paragraph 600-903" {
				t.Fatalf("%+v %v", ch(s, "903"), st(s).Reminders)
			}
		}},
		{ref: "p.21 ammo: at most 5, the excess back to the reserve", run: func(t *testing.T) {
			s := reach(t, "B1")
			do(t, s, GainAmmo{Char: "901", N: 4}, GainAmmo{Char: "901", N: 3})
			if ch(s, "901").Ammo != AmmoCapPerCharacter || len(st(s).Scenario.DropPiles) != 0 {
				t.Fatal("5, nothing dropped")
			}
		}},
		{ref: "p.21 Timer Event counters: read top to bottom; on the clock ignored", run: func(t *testing.T) {
			s := reach(t, "B1") // Timer on 5
			do(t, s, PlaceEvent{ID: "004", Space: 4}, PlaceEvent{ID: "002", Space: 4})
			e := do(t, s, PlaceEvent{ID: "003", Space: 0})
			if !strings.Contains(said(s, e), "ignored") {
				t.Fatal(said(s, e))
			}
			for range 4 {
				do(t, s, AddPenalty{Char: "904", Kind: Fatigue})
			}
			playTurn(t, s, "901")
			r := st(s).Reminders
			if len(r) < 2 || r[0] != "First Player reads paragraph 004 – TIMER TOKEN" || r[1] != "First Player reads paragraph 002 – TIMER TOKEN" {
				t.Fatalf("%v", r)
			}
		}},
		{ref: "p.22 end of B: +2 life up to 10, ammo ≤ 20, END-C-1, PP = 13 − score + A's rest", run: func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, MarkPlot{N: 4}) // 12 − 4 = 8 PP, 2 spent
			finish(t, s, "END-B2-1", Unlock{}, Buy{Kind: "SAC", Name: "Sprint", Remove: "Rummage"})
			do(t, s, StartScenario{Key: "B2", TimerStart: 5})
			do(t, s, Damage{Char: "901", N: 5}, Damage{Char: "902", N: 1})
			for _, id := range []string{"901", "902", "903", "904"} {
				do(t, s, GainAmmo{Char: id, N: 5})
			}
			do(t, s, MarkPlot{N: 2}, MarkPlot{Cross: true, N: 5})
			do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-C-1"}, RecordSpecialQuests{}, Unlock{NPC905: true})
			b := st(s).Section("B")
			if b.Row("901").LP != 7 || b.Row("902").LP != 10 || b.Ammo != AmmoReserveCap || st(s).Next != "C" {
				t.Fatalf("rows 901 %d 902 %d, ammo %d, next %s", b.Row("901").LP, b.Row("902").LP, b.Ammo, st(s).Next)
			}
			if b.Score != 0 || b.BasePP != 13 || b.AvailablePP != 19 {
				t.Fatalf("score %d, PP %d/%d", b.Score, b.BasePP, b.AvailablePP)
			}
			if r := b.Row("905"); r == nil || r.LP != CharMaxLP || ch(s, "906").Status != OutOfCampaign {
				t.Fatalf("905 joins with 10 life: %+v", r)
			}
		}},
		{ref: "p.24 cubes: 4 dealt evenly; a card on a board with a cube moves 1", run: func(t *testing.T) {
			s := reach(t, "C")
			for _, id := range []string{"901", "902", "903", "904"} {
				if ch(s, id).Cubes != 1 {
					t.Fatalf("%s holds %d", id, ch(s, id).Cubes)
				}
			}
			do(t, s, SetAliensOnMap{Module: 1, OnMap: 1})
			do(t, s, AddPenalty{Char: "903", Kind: HeavyWound}) // a Penalty card moves one too
			for i, id := range []string{"901", "902", "904"} {
				do(t, s, PlayCard{Char: id})
				if i < 2 {
					do(t, s, EndTurn{})
				}
			}
			if st(s).Scenario.CubesOnTarget != 4 {
				t.Fatalf("%d on the Alien board", st(s).Scenario.CubesOnTarget)
			}
			e := do(t, s, EndTurn{})
			if st(s).Scenario.CubesOnTarget != 0 || !strings.Contains(strings.Join(Reminders(e), " "), "Cascarudo") {
				t.Fatalf("activation: %v / %s", Reminders(e), said(s, e))
			}
		}},
		{ref: "p.25 Heavy Wound: 2 damage each end of round; a 2nd one is 2 damage", run: func(t *testing.T) {
			s := reach(t, "C")
			do(t, s, AddPenalty{Char: "901", Kind: HeavyWound}, AddPenalty{Char: "901", Kind: HeavyWound})
			if ch(s, "901").LP != 8 || !ch(s, "901").Penalties.HeavyWound {
				t.Fatalf("life %d", ch(s, "901").LP)
			}
			for range 3 {
				do(t, s, AddPenalty{Char: "904", Kind: Fatigue})
			}
			playTurn(t, s, "904")
			if ch(s, "901").LP != 6 {
				t.Fatalf("end of round: life %d", ch(s, "901").LP)
			}
		}},
		{ref: "p.26 setup C: Timer on 8", run: func(t *testing.T) {
			s := reach(t, "C")
			if st(s).Scenario.Timer != 8 || st(s).Scenario.Round() != 1 {
				t.Fatal(st(s).Scenario.Timer)
			}
		}},
		{ref: "p.26 end of C: not played → 10 life, no penalties; PP = 14 − score", run: func(t *testing.T) {
			s := reach(t, "B1")
			do(t, s, Damage{Char: "904", N: 6})
			finish(t, s, "END-C-1", Unlock{NPC905: true})
			do(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "905"}})
			do(t, s, MarkPlot{N: 6})
			do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-D-1"}, RecordSpecialQuests{}, Unlock{})
			c := st(s).Section("C")
			if r := c.Row("904"); r == nil || r.Played || r.LP != CharMaxLP {
				t.Fatalf("904 row %+v", r)
			}
			if c.BasePP != 8 || !slices.Contains(st(s).Pool.PAs, "PA-905") || slices.Contains(st(s).Pool.PAs, "PA-906") {
				t.Fatalf("PP %d, PAs %v", c.BasePP, st(s).Pool.PAs)
			}
		}},
		{ref: "p.29 Mindveil Fog: Madness, or 1 damage when already Mad", run: func(t *testing.T) {
			s := reach(t, "D")
			do(t, s, AddPenalty{Char: "902", Kind: Madness, FromFog: true}, AddPenalty{Char: "902", Kind: Madness, FromFog: true})
			if c := ch(s, "902"); !c.Penalties.Madness || c.LP != 9 || c.BoardCount() != 1 {
				t.Fatalf("%+v", c)
			}
		}},
		{ref: "p.30 setup D: 907–909 join, written in C with 10 life; then 999-028", run: func(t *testing.T) {
			s := reach(t, "D")
			for _, id := range []string{"907", "908", "909"} {
				if c := ch(s, id); c.Status != Alive || c.LP != CharMaxLP || !c.Masked {
					t.Fatalf("%s %+v", id, c)
				}
				// Step 15 writes them in section C with 10 life.
				if r := st(s).Section("C").Row(id); r == nil || r.LP != CharMaxLP || r.Played {
					t.Fatalf("%s in section C: %+v", id, r)
				}
			}
			wantParagraph(t, Start, "028", "", "999-028")
		}},
		{ref: "p.30 end of D: END-E1-1 → 912 + PA-912-A; PP = 15 − score", run: func(t *testing.T) {
			s := reach(t, "D")
			do(t, s, MarkPlot{N: 5})
			do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-E1-1"}, RecordSpecialQuests{}, Unlock{})
			if st(s).Next != "E1" || ch(s, "912").PA.ID != "PA-912-A" || ch(s, "911").Status != OutOfCampaign || st(s).Section("D").BasePP != 10 {
				t.Fatalf("next %s, 911 %s, PP %d", st(s).Next, ch(s, "911").Status, st(s).Section("D").BasePP)
			}
		}},
		{ref: "p.33 E: 001 – TIMER TOKEN is not 001 – 9XX (ANY CHARACTER)", run: func(t *testing.T) {
			wantParagraph(t, TimerToken, "001", "", "001 – TIMER TOKEN")
			got, _ := CandidateParagraphs("901", "001")
			if slices.Contains(got, "001 – TIMER TOKEN") || !slices.Contains(got, "001-9XX") {
				t.Fatalf("map candidates %v", got)
			}
		}},
		{ref: "p.33 combined test: the two skills add up", run: func(t *testing.T) {
			a, _ := SkillValue(1, 1, []int{1})
			b, _ := SkillValue(2, 0, nil)
			if CombinedSkill(a, b) != 5 {
				t.Fatal(CombinedSkill(a, b))
			}
		}},
		{ref: "p.33 E1: 912 takes at most 3 items at setup", run: func(t *testing.T) {
			s := reach(t, "D")
			finish(t, s, "END-E1-2", Unlock{})
			do(t, s, CorrectDiary{Section: "D", Field: "itemReserve", Value: "020, 021, 022, 023"})
			refuse(t, s, StartScenario{Key: "E1", TimerStart: 5, Characters: []string{"912", "901", "902", "903"},
				Items: map[string][]string{"912": {"020", "021", "022", "023"}}}, "V8")
		}},
		{ref: "p.34 end of E: END-F1-1 → F1; PA-912-A → PA-912-B; PP = 16 − score", run: func(t *testing.T) {
			s := reach(t, "E1")
			do(t, s, MarkPlot{N: 7})
			do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-F1-1"}, RecordSpecialQuests{}, Unlock{})
			if st(s).Next != "F1" || ch(s, "912").PA.ID != "PA-912-B" || st(s).Section("E").BasePP != 9 {
				t.Fatalf("next %s, PA %s, PP %d", st(s).Next, ch(s, "912").PA.ID, st(s).Section("E").BasePP)
			}
		}},
		{ref: "p.37 Tank ram 3 damage; Gurbo explosive counter → XXX – HIT", run: func(t *testing.T) {
			if DeviceRamDamage != 3 {
				t.Fatal(DeviceRamDamage)
			}
			wantParagraph(t, Hit, "276", "", "276 – HIT")
		}},
		{ref: "p.39 finale: Special Quests, campaign score and its bands", run: func(t *testing.T) {
			for score, band := range map[int]string{19: "heavy cost", 20: "scars", 35: "scars", 36: "Well led", 50: "Well led", 51: "Exceptional"} {
				if !strings.Contains(Band(score), band) {
					t.Errorf("%d: %s", score, Band(score))
				}
			}
		}},
	}
}

func wantParagraph(t *testing.T, kind, a, b, want string) {
	t.Helper()
	got, err := Interaction(kind, a, b)
	if err != nil || got != want {
		t.Fatalf("%s %s %s: %q %v, want %q", kind, a, b, got, err, want)
	}
}

// Spec §12: one row per validation rule, each checked through the command
// (or helper) that must refuse or clamp.
func TestValidationRulesTable(t *testing.T) {
	rows := []struct {
		v   string
		run func(t *testing.T)
	}{
		{"V1 players 1..5", func(t *testing.T) {
			s, _ := newGame(t)
			for _, p := range []int{0, 6} {
				refuse(t, s, NewCampaign{Players: p, Roster: roster()}, "V1")
			}
			do(t, s, NewCampaign{Players: 5, Roster: roster()})
			refuse(t, s, SetPlayers{Players: 6}, "V1")
		}},
		{"V2 life clamped to 0..10, 0 kills", func(t *testing.T) {
			s := reach(t, "B1")
			do(t, s, Heal{Char: "901", N: 3})
			do(t, s, CorrectCharacter{Char: "902", Field: "lp", Value: 12})
			if ch(s, "901").LP != 10 || ch(s, "902").LP != 10 {
				t.Fatal("above 10")
			}
			do(t, s, Damage{Char: "903", N: 14})
			if c := ch(s, "903"); c.LP != 0 || c.Status != Dead {
				t.Fatalf("%+v", c)
			}
		}},
		{"V3 no life change for the dead", func(t *testing.T) {
			s := reach(t, "B1")
			do(t, s, Kill{Char: "902"})
			refuse(t, s, Heal{Char: "902", N: 1}, "V3")
			refuse(t, s, Damage{Char: "902", N: 1}, "V3")
		}},
		{"V4 no life in Scenario A", func(t *testing.T) {
			s := reach(t, "A")
			refuse(t, s, Damage{Char: "901", N: 1}, "V4")
			refuse(t, s, Heal{Char: "901", N: 1}, "V4")
			refuse(t, s, CorrectCharacter{Char: "901", Field: "lp", Value: 5}, "V4")
		}},
		{"V5 ammo at most 5, never negative", func(t *testing.T) {
			s := reach(t, "B1")
			e := do(t, s, GainAmmo{Char: "901", N: 8})
			if ch(s, "901").Ammo != 5 || !strings.Contains(said(s, e), "general reserve") {
				t.Fatal(said(s, e))
			}
			refuse(t, s, LoseAmmo{Char: "901", N: 6}, "V5")
			refuse(t, s, CorrectCharacter{Char: "901", Field: "ammo", Value: -1}, "V5")
		}},
		{"V6 ranged attack needs ammo, spends 1", func(t *testing.T) {
			s := reach(t, "B1")
			refuse(t, s, RangedAttack{Char: "901"}, "V6")
			if _, err := Attack(AttackInput{Ranged: true, MaxCubes: 2, Cubes: 2, Damages: []int{1}}); err == nil || !strings.Contains(err.Error(), "V6") {
				t.Fatal(err)
			}
			if r, _ := Attack(AttackInput{Ranged: true, Ammo: 5, MaxCubes: 5, Cubes: 5, Damages: []int{1}}); r.AmmoSpent != 1 {
				t.Fatal(r.AmmoSpent)
			}
		}},
		{"V7 ammo reserve at most 20", func(t *testing.T) {
			s := reach(t, "B1")
			for _, id := range []string{"901", "902", "903", "904"} {
				do(t, s, GainAmmo{Char: id, N: 5})
			}
			do(t, s, CorrectScenario{Field: "truckAmmo", Value: 3})
			finish(t, s, "END-C-1", Unlock{})
			if st(s).Section("B").Ammo != 20 {
				t.Fatal(st(s).Section("B").Ammo)
			}
		}},
		{"V8 over capacity must drop; 912 ≤3 at E1 setup", func(t *testing.T) {
			s := reach(t, "A")
			for _, it := range []string{"011", "012", "013", "014"} {
				do(t, s, GainItem{Char: "901", Item: it})
			}
			refuse(t, s, GainItem{Char: "901", Item: "015"}, "V8")
		}},
		{"V9 one Bag with items", func(t *testing.T) {
			s := reach(t, "B1")
			for _, it := range []string{"020", "021", "022", "023"} {
				do(t, s, GainItem{Char: "901", Item: it})
			}
			do(t, s, SetBag{Char: "901", Bag: "020"}, BagStore{Char: "901", Items: []string{"021"}})
			refuse(t, s, SetBag{Char: "901", Bag: "022"}, "V9")
		}},
		{"V10 a 2nd Heavy Wound is 2 damage", func(t *testing.T) {
			s := reach(t, "C")
			do(t, s, AddPenalty{Char: "901", Kind: HeavyWound}, AddPenalty{Char: "901", Kind: HeavyWound})
			if c := ch(s, "901"); c.LP != 8 || c.BoardCount() != 1 {
				t.Fatalf("%+v", c)
			}
		}},
		{"V11 a 2nd Madness is ignored; from the Fog 1 damage", func(t *testing.T) {
			s := reach(t, "D")
			do(t, s, AddPenalty{Char: "901", Kind: Madness}, AddPenalty{Char: "901", Kind: Madness})
			if ch(s, "901").LP != 10 || ch(s, "901").BoardCount() != 1 {
				t.Fatal("ignored")
			}
			do(t, s, AddPenalty{Char: "901", Kind: Madness, FromFog: true})
			if ch(s, "901").LP != 9 {
				t.Fatal("fog")
			}
		}},
		{"V12 Take a Break clears Fatigue only", func(t *testing.T) {
			s := reach(t, "D")
			do(t, s, AddPenalty{Char: "901", Kind: Fatigue}, AddPenalty{Char: "901", Kind: HeavyWound}, AddPenalty{Char: "901", Kind: Madness})
			do(t, s, TakeABreak{Char: "901"})
			if p := ch(s, "901").Penalties; p.Fatigue != 0 || !p.HeavyWound || !p.Madness {
				t.Fatalf("%+v", p)
			}
			refuse(t, s, TakeCare{Char: "902"}, "V12")
		}},
		{"V13 a third skill counter", func(t *testing.T) {
			s := reach(t, "B1")
			do(t, s, MarkPlot{Cross: true, N: 5}) // 13 PP
			do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-C-1"}, RecordSpecialQuests{}, Unlock{})
			do(t, s, Buy{Kind: "SK", ID: "SK-01", Char: "901", Skill: "Science"}, Buy{Kind: "SK", ID: "SK-02", Char: "901", Skill: "Agility"})
			refuse(t, s, Buy{Kind: "SK", ID: "SK-03", Char: "901", Skill: "Fighting"}, "V13")
		}},
		{"V14 PA for its own living main Character without one", func(t *testing.T) {
			s := reach(t, "C")
			do(t, s, Kill{Char: "904"})
			do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-D-1"}, RecordSpecialQuests{}, Unlock{})
			refuse(t, s, Buy{Kind: "PA", ID: "PA-901", Char: "902"}, "V14")
			refuse(t, s, Buy{Kind: "PA", ID: "PA-904", Char: "904"}, "V14")
			refuse(t, s, Buy{Kind: "PA", ID: "PA-901", Char: "907"}, "V14")
			do(t, s, Buy{Kind: "PA", ID: "PA-901", Char: "901"})
		}},
		{"V15 no more than the points available", func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, MarkPlot{N: 11}) // 1 PP
			do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-B1-1"}, RecordSpecialQuests{}, Unlock{})
			refuse(t, s, Buy{Kind: "SAC", Name: "Sprint", Remove: "Rummage"}, "V15")
		}},
		{"V16 not yet buyable", func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-B1-1"}, RecordSpecialQuests{}, Unlock{})
			refuse(t, s, Buy{Kind: "SK", ID: "SK-01", Char: "901"}, "V16")
			refuse(t, s, Buy{Kind: "GA", ID: "GA-01"}, "V16")
		}},
		{"V17 the deck stays 40 with every type", func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-B1-1"}, RecordSpecialQuests{}, Unlock{})
			refuse(t, s, Buy{Kind: "SAC", Name: "Sprint", Remove: "Dance"}, "V17")
			do(t, s, Buy{Kind: "SAC", Name: "Sprint", Remove: "Rummage"})
			if st(s).Deck.Size() != ActionDeckSize {
				t.Fatal(st(s).Deck.Size())
			}
			refuse(t, s, Buy{Kind: "SAC", Name: "Dash", Remove: "Sprint"}, "V17")
		}},
		{"V18 Final Score never below 0", func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, MarkPlot{N: 2}, MarkPlot{Cross: true, N: 5})
			do(t, s, EndScenario{}, ConfirmObjectives{}, ReturnItems{}, RecordEpilogue{Code: "END-B1-1"})
			if st(s).Section("A").Score != 0 || Score(2, 5) != 0 || Score(5, 2) != 3 {
				t.Fatal(st(s).Section("A").Score)
			}
		}},
		{"V19 Timer start 1..max, never below 0", func(t *testing.T) {
			s := newCampaign(t)
			refuse(t, s, StartScenario{Key: "A", TimerStart: 21}, "V19")
			do(t, s, StartScenario{Key: "A", TimerStart: 20})
			refuse(t, s, SetTimer{Value: -1}, "V19")
		}},
		{"V20 an Event on the clock is ignored", func(t *testing.T) {
			s := reach(t, "B1")
			do(t, s, PlaceEvent{ID: "001", Space: 0}, PlaceEvent{ID: "002", Space: -1})
			if len(st(s).Scenario.Events) != 0 {
				t.Fatalf("%v", st(s).Scenario.Events)
			}
		}},
		{"V21 who may be chosen", func(t *testing.T) {
			s := reach(t, "B1")
			do(t, s, Kill{Char: "903"})
			finish(t, s, "END-C-1", Unlock{NPC905: true, NPC906: true})
			refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "905"}}, "V21")
			refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "904", "905", "906"}}, "V21")
			refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "904", "907"}}, "V21")
			refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "904", "906"}}, "905")
		}},
		{"V22 the storybook follows the epilogue", func(t *testing.T) {
			s := reach(t, "A")
			finish(t, s, "END-B1-1", Unlock{})
			refuse(t, s, StartScenario{Key: "B2", TimerStart: 5}, "V22")
		}},
		{"V23 paragraph IDs", func(t *testing.T) {
			for _, bad := range [][2]string{{"901", "901"}, {"12", "901"}} {
				if _, err := BuildParagraph(bad[0], bad[1]); err == nil || !strings.Contains(err.Error(), "V23") {
					t.Fatal(bad)
				}
			}
		}},
		{"V24 crafting two different held items", func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, GainItem{Char: "901", Item: "011"}, GainItem{Char: "902", Item: "012"})
			refuse(t, s, Craft{Char: "901", A: "011", B: "011"}, "V24")
			refuse(t, s, Craft{Char: "901", A: "011", B: "012"}, "V24")
		}},
		{"V25 4 cubes in all; none moved from an empty board", func(t *testing.T) {
			s := reach(t, "C")
			refuse(t, s, SetCubes{Boards: map[string]int{"901": 2}, OnTarget: 1}, "V25")
			do(t, s, MoveCube{From: "901"})
			refuse(t, s, MoveCube{From: "901"}, "V25")
		}},
		{"V26 Alert only in B", func(t *testing.T) {
			s := reach(t, "C")
			refuse(t, s, SetAlert{State: AlertRed}, "V26")
		}},
		{"V27 no flip of a face-down or permanent card", func(t *testing.T) {
			s := reach(t, "E1")
			do(t, s, FlipAbility{Char: "912"})
			refuse(t, s, FlipAbility{Char: "912"}, "V27")
			do(t, s, GainAbility{Char: "912", ID: "PA-912-B", Permanent: true})
			refuse(t, s, FlipAbility{Char: "912"}, "V27")
		}},
		{"V28 Tank fuel, ammo, one operator", func(t *testing.T) {
			s := reach(t, "F1")
			do(t, s, TankSetup{Fuel: 1, MaxFuel: 3, Ammo: 0, MaxAmmo: 2}, TankOperate{Char: "901"})
			refuse(t, s, TankOperate{Char: "902"}, "V28")
			refuse(t, s, TankAct{Action: "fire"}, "V28")
		}},
		{"V29 NPC/Enemy life capped at its card", func(t *testing.T) {
			s := reach(t, "B1")
			do(t, s, RevealFigure{ID: "801", Kind: "npc", MaxLP: 4}, DamageFigure{ID: "801", N: 1}, HealFigure{ID: "801", N: 5})
			if st(s).Scenario.figure("801").LP != 4 {
				t.Fatal(st(s).Scenario.figure("801").LP)
			}
		}},
		{"V30 at most 4 in play", func(t *testing.T) {
			s := reach(t, "F1")
			refuse(t, s, JoinCharacter{ID: "913"}, "V30")
		}},
	}
	for _, r := range rows {
		t.Run(r.v, r.run)
	}
}

// The spec's numbered rules for turns (§5.1 T1–T6), the end of the round
// (§5.3 E1–E6), the Consumed cubes (§5.7 C1–C5), the choice of Characters
// (§4.3 S1–S6), the setup hand-out (§4.4 D2–D4) and the loss (§10.4 L1–L2),
// one row each.
func TestNumberedRulesTable(t *testing.T) {
	fatigue := func(t *testing.T, s *tracker.Session, id string, n int) {
		t.Helper()
		for range n {
			do(t, s, AddPenalty{Char: id, Kind: Fatigue})
		}
	}
	rows := []struct {
		rule string
		run  func(t *testing.T)
	}{
		{"T1 draw to the hand size + 1", func(t *testing.T) {
			for p := 1; p <= 5; p++ {
				if DrawTo(p) != HandSize(p)+1 {
					t.Fatal(p)
				}
			}
		}},
		{"T2 exchange once, before the card, Fatigue on any board", func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, ExchangeCards{Fatigue: "904"})
			refuse(t, s, ExchangeCards{Fatigue: "901"}, "once per turn")
			do(t, s, PlayCard{Char: "901"})
			if ch(s, "904").Penalties.Fatigue != 1 {
				t.Fatal("Fatigue on 904")
			}
		}},
		{"T3 one card is mandatory, even on a board of 4 or more", func(t *testing.T) {
			s := reach(t, "A")
			refuse(t, s, EndTurn{}, "must play 1 Action card")
			do(t, s, CorrectCharacter{Char: "901", Field: "actionCards", Value: 5}, PlayCard{Char: "901"})
			if ch(s, "901").ActionCards != 6 {
				t.Fatal(ch(s, "901").ActionCards)
			}
		}},
		{"T4/T6 4 cards end the round; otherwise the player on the left", func(t *testing.T) {
			s := reach(t, "A")
			fatigue(t, s, "902", 2)
			playTurn(t, s, "902")
			if st(s).Scenario.Active != 2 || st(s).Scenario.Timer != 5 {
				t.Fatal("3 cards: next player")
			}
			playTurn(t, s, "902")
			if st(s).Scenario.Timer != 4 {
				t.Fatal("4 cards: end of round")
			}
		}},
		{"T5/C4 the cube activation comes before the end of round", func(t *testing.T) {
			s := reach(t, "C")
			do(t, s, SetAliensOnMap{Module: 1, OnMap: 1})
			fatigue(t, s, "902", 4)
			do(t, s, SetCubes{Boards: map[string]int{"901": 1}, OnTarget: 3}, PlayCard{Char: "901"})
			text := said(s, do(t, s, EndTurn{}))
			a, b := strings.Index(text, "Cascarudo"), strings.Index(text, "End of round")
			if a < 0 || b < 0 || a > b {
				t.Fatalf("order: %s", text)
			}
		}},
		{"E1 Action cards leave the boards, Penalty cards stay", func(t *testing.T) {
			s := reach(t, "C")
			fatigue(t, s, "903", 3)
			playTurn(t, s, "903")
			if c := ch(s, "903"); c.ActionCards != 0 || c.Penalties.Fatigue != 3 {
				t.Fatalf("%+v", c)
			}
		}},
		{"E2 each Heavy Wound deals 2; a death reads 600-ID", func(t *testing.T) {
			s := reach(t, "C")
			do(t, s, Damage{Char: "902", N: 8}, AddPenalty{Char: "902", Kind: HeavyWound})
			fatigue(t, s, "903", 3)
			playTurn(t, s, "903")
			if ch(s, "902").Status != Dead || !slices.Contains(st(s).Reminders, "Read paragraph 600-902") {
				t.Fatalf("%v", st(s).Reminders)
			}
		}},
		{"E3 the Timer moves 1; on the clock the scenario ends, no Menace card", func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, SetTimer{Value: 1})
			fatigue(t, s, "903", 4)
			playTurn(t, s, "901")
			if st(s).Phase != PhaseEnding || !st(s).End.Clock || slices.ContainsFunc(st(s).Reminders, func(r string) bool { return strings.Contains(r, "Menace") }) {
				t.Fatalf("%s %v", st(s).Phase, st(s).Reminders)
			}
		}},
		{"E4 the Menace section is the Timer after the move", func(t *testing.T) {
			s := reach(t, "C")
			fatigue(t, s, "903", 4)
			playTurn(t, s, "901")
			if !slices.Contains(st(s).Reminders, "Reveal a Menace card: resolve the section for 7") {
				t.Fatal(st(s).Reminders)
			}
		}},
		{"E5 flipped abilities come back face up", func(t *testing.T) {
			s := reach(t, "E1")
			do(t, s, FlipAbility{Char: "912"})
			fatigue(t, s, "903", 4)
			playTurn(t, s, "901")
			if ch(s, "912").PA.FaceDown {
				t.Fatal("PA-912-A still face down")
			}
		}},
		{"E6 the First Player starts the next round", func(t *testing.T) {
			s := reach(t, "A")
			do(t, s, SetFirstPlayer{Player: 2})
			fatigue(t, s, "903", 4)
			playTurn(t, s, "901")
			if sc := st(s).Scenario; sc.Active != 2 || sc.FirstPlayer != 2 {
				t.Fatalf("active %d", sc.Active)
			}
		}},
		{"C1 4 cubes dealt 1/1/1/1, 2/1/1, 2/2, 4", func(t *testing.T) {
			s := reach(t, "C")
			want := [][]int{{1, 1, 1, 1}, {2, 1, 1}, {2, 2}, {4}}
			for k, w := range want {
				if k > 0 {
					do(t, s, Kill{Char: []string{"904", "903", "902"}[k-1]}, DealCubes{})
				}
				var got []int
				for _, c := range st(s).InPlay() {
					if !c.Gone() {
						got = append(got, c.Cubes)
					}
				}
				if !slices.Equal(got, w) {
					t.Fatalf("%d boards: %v", len(w), got)
				}
			}
		}},
		{"C2 a card on a board with a cube moves exactly 1", func(t *testing.T) {
			s := reach(t, "C")
			do(t, s, DealCubes{Split: []int{1, 1, 1, 1}}, MoveCubes{From: "902", To: "901", N: 1})
			do(t, s, PlayCard{Char: "901"})
			if ch(s, "901").Cubes != 1 || st(s).Scenario.CubesOnTarget != 1 {
				t.Fatal(ch(s, "901").Cubes)
			}
		}},
		{"C3 4 on the target: activation, then dealt again", func(t *testing.T) {
			s := reach(t, "C")
			do(t, s, SetCubes{Boards: map[string]int{"901": 1}, OnTarget: 3})
			playTurn(t, s, "901")
			if st(s).Scenario.CubesOnTarget != 0 {
				t.Fatal("not dealt again")
			}
		}},
		{"C5 a dead Character's cubes go to another board", func(t *testing.T) {
			s := reach(t, "C")
			do(t, s, Kill{Char: "901"})
			n := st(s).Scenario.CubesOnTarget
			for _, c := range st(s).InPlay() {
				n += c.Cubes
			}
			if n != 4 || ch(s, "901").Cubes != 0 {
				t.Fatal(n)
			}
		}},
		{"S1 only living Characters; S6 the Played box", func(t *testing.T) {
			s := reach(t, "C")
			do(t, s, Kill{Char: "904"})
			finish(t, s, "END-D-1", Unlock{})
			refuse(t, s, StartScenario{Key: "D", TimerStart: 5, Characters: []string{"901", "902", "903", "904"}}, "V21")
			do(t, s, StartScenario{Key: "D", TimerStart: 5, Characters: []string{"901", "902", "903", "907"}})
			for _, id := range []string{"901", "902", "903", "907"} {
				if r := st(s).Section("D").Row(id); r == nil || !r.Played {
					t.Fatalf("%s Played box", id)
				}
			}
		}},
		{"S2 4 Characters, 3 in E2; fewer available: all of them", func(t *testing.T) {
			s := reach(t, "B1")
			do(t, s, Kill{Char: "904"})
			finish(t, s, "END-C-1", Unlock{})
			refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902"}}, "S2")
			do(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903"}})
		}},
		{"S3 902 plays with 905; 905 may play if 902 is dead", func(t *testing.T) {
			s := reach(t, "B1")
			finish(t, s, "END-C-1", Unlock{NPC905: true})
			refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}}, "S3")
			s = reach(t, "B1")
			do(t, s, Kill{Char: "902"})
			finish(t, s, "END-C-1", Unlock{NPC905: true})
			do(t, s, StartScenario{Key: "C", Characters: []string{"901", "903", "904", "905"}})
			if c := ch(s, "905"); !c.InPlay {
				t.Fatalf("905 does not play C with 902 dead: %+v", c)
			}
		}},
		{"S4 E1 needs 912", func(t *testing.T) {
			s := reach(t, "D")
			finish(t, s, "END-E1-1", Unlock{})
			refuse(t, s, StartScenario{Key: "E1", TimerStart: 5, Characters: []string{"901", "902", "903", "904"}}, "S4")
		}},
		{"S5 Masked Figures never hold a PA", func(t *testing.T) {
			s := reach(t, "D")
			do(t, s, Kill{Char: "904"})
			finish(t, s, "END-E2-1", Unlock{})
			do(t, s, StartScenario{Key: "E2", TimerStart: 5, Characters: []string{"901", "902", "907"}})
			refuse(t, s, GainAbility{Char: "907", ID: "PA-907"}, "V14")
		}},
		{"D2/D3/D4 items up to capacity, the rest on the truck; ammo ≤ 5", func(t *testing.T) {
			s := reach(t, "B1")
			for _, id := range []string{"901", "902"} {
				do(t, s, GainAmmo{Char: id, N: 5})
			}
			for _, it := range []string{"020", "021", "022", "023"} {
				do(t, s, GainItem{Char: "901", Item: it})
			}
			do(t, s, GainItem{Char: "902", Item: "024"})
			finish(t, s, "END-C-1", Unlock{})
			refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"},
				Items: map[string][]string{"901": {"020", "021", "022", "023", "024"}}}, "V8")
			do(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"},
				Items: map[string][]string{"901": {"020", "021"}}, Ammo: map[string]int{"901": 5, "903": 2}})
			sc := st(s).Scenario
			if !slices.Equal(sc.TruckItems, []string{"022", "023", "024"}) || sc.TruckAmmo != 3 {
				t.Fatalf("truck %v, %d ammo", sc.TruckItems, sc.TruckAmmo)
			}
		}},
		{"L1 every Character in play dead", func(t *testing.T) {
			s := reach(t, "B1")
			for _, id := range []string{"901", "902", "903", "904"} {
				do(t, s, Kill{Char: id})
			}
			if st(s).Phase != PhaseLost || !strings.Contains(st(s).LossReason, "L1") {
				t.Fatal(st(s).Phase)
			}
		}},
		{"L2 main Characters in play dead, Masked Figures left", func(t *testing.T) {
			s := reach(t, "C")
			finish(t, s, "END-D-1", Unlock{})
			do(t, s, StartScenario{Key: "D", TimerStart: 5, Characters: []string{"901", "902", "907", "908"}})
			do(t, s, Kill{Char: "901"}, Kill{Char: "902"})
			if st(s).Phase != PhaseLost || !strings.Contains(st(s).LossReason, "L2") {
				t.Fatal(st(s).Phase)
			}
		}},
	}
	for _, r := range rows {
		t.Run(r.rule, r.run)
	}
}
