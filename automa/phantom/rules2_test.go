package phantom

import (
	"strings"
	"testing"

	"tablekeeper/automa"
	"tablekeeper/automa/hex"
)

// fakeSight replaces the lines between two spaces, to test the adversary's
// choice among lines (§8.5) on exactly the lines a case needs.
type fakeSight struct {
	sightlines
	lines []losLine
}

func (f fakeSight) Lines(a, b int) []losLine { return f.lines }

func TestLineOfSightChoice(t *testing.T) {
	// A row of spaces; the lines are made up, only what they pass matters.
	ms := grid(8, 3, map[string]string{"C1": "I", "D1": "O", "C3": "O"})
	sc := newScene(t, ms, face(Red, North, East))
	sc.typ("Archer", 6, Card{AP: 1}, allRows(Card{AP: 1})...)
	sc.adv("Me", "Archer", Red, "A2")
	sc.adv("Pal", "Archer", Yellow, "C2")
	sc.char("Foe", Red, "G2")
	sc.char("Other", Yellow, "E3")
	w := sc.world()
	at := func(l string) int { return w.b.byLabel[l] }
	line := func(fv, tv int, groups ...[]string) losLine {
		l := losLine{FromVertex: fv, ToVertex: tv}
		for _, g := range groups {
			var ids []int
			for _, x := range g {
				ids = append(ids, at(x))
			}
			l.Crossed = append(l.Crossed, ids)
		}
		return l
	}
	cases := []struct {
		name  string
		lines []losLine
		want  string // first blocker of the chosen line, "" for a clear one
		tb    string
	}{
		{"fewest blockers", []losLine{
			line(0, 1, []string{"C1"}, []string{"D1"}),
			line(1, 2, []string{"B2"}, []string{"F2"}), // empty spaces: no blockers
		}, "", ""},
		{"fewest allies", []losLine{
			line(0, 1, []string{"C2"}),
			line(1, 2, []string{"C3"}),
		}, "object on C3", "fewest allies"},
		{"fewest indestructible objects", []losLine{
			line(0, 1, []string{"C1"}),
			line(1, 2, []string{"D1"}),
		}, "object on D1", "fewest indestructible objects"},
		{"Decision die on the blockers' centre", []losLine{
			line(0, 1, []string{"D1"}),
			line(1, 2, []string{"C3"}),
			line(2, 3, []string{"E3"}),
		}, "object on D1", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w.b.sight = fakeSight{w.b.sight, c.lines}
			w.b.lineCache = map[[2]int][]losLine{}
			var tr automa.Trace
			_, order := w.chooseLine(w.fig("Me"), figTarget(w.fig("Foe")), &tr)
			got := ""
			if len(order) > 0 {
				got = w.blockerName(order[0])
				if f := w.occ[order[0]]; f != nil {
					got = f.Name
				}
			}
			if !strings.HasPrefix(got, c.want) || (c.want == "" && got != "") {
				t.Fatalf("line passes %q first, want %q\n%s", got, c.want, tr)
			}
			settled := ""
			for _, st := range tr.Steps {
				if st.TieBreak != "" {
					settled = st.TieBreak
				}
			}
			if c.tb != "" && !strings.HasSuffix(settled, c.tb) {
				t.Errorf("tie-break %q not in the trace\n%s", c.tb, tr)
			}
		})
	}
	// Two blockers met at the same point (a line along their shared side):
	// the Decision die orders them (§2.7 item 3): N → the northern first.
	w.b.sight = fakeSight{w.b.sight, []losLine{line(0, 1, []string{"D1", "C3"})}}
	w.b.lineCache = map[[2]int][]losLine{}
	var tr automa.Trace
	_, order := w.chooseLine(w.fig("Me"), figTarget(w.fig("Foe")), &tr)
	if len(order) != 2 || order[0] != at("D1") {
		t.Fatalf("order %v\n%s", order, tr)
	}
}

func TestCardPlay(t *testing.T) {
	base := func(species Card, row Card, conds ...string) (*scene, string) {
		sc := newScene(t, grid(8, 4, nil), face(Red, North, East))
		sc.typ("Raider", 1, species, allRows(row)...)
		sc.adv("Me", "Raider", Red, "A2").Conditions = conds
		sc.char("Foe", Yellow, "G2")
		sc.s.Rolls.Attack = []string{"2", "2"}
		return sc, "Me"
	}
	attackFirst := Card{AP: 3, Actions: []Action{{Kind: ActAttack}, {Kind: ActMove, Value: 3}}}
	cases := []struct {
		name    string
		species Card
		row     Card
		conds   []string
		check   func(t *testing.T, turn Turn, tr automa.Trace)
	}{
		{"out of range: a plain card converts to Move AP", Card{AP: 1}, attackCard(4), nil, func(t *testing.T, turn Turn, tr automa.Trace) {
			if e := events(turn, "move"); len(e) != 1 || e[0].Movement.Spent != 4 || !strings.Contains(e[0].Action, "converted") {
				t.Fatalf("%+v\n%s", turn.Events, tr)
			}
		}},
		{"a card with a Move never converts", Card{AP: 1}, attackFirst, nil, func(t *testing.T, turn Turn, tr automa.Trace) {
			if e := events(turn, "move"); len(e) != 1 || e[0].Movement.Spent != 3 || strings.Contains(e[0].Action, "converted") {
				t.Fatalf("%+v\n%s", turn.Events, tr)
			}
		}},
		{"a card with a Teleport never converts", Card{AP: 1}, Card{AP: 3, Actions: []Action{{Kind: ActAttack}, {Kind: ActTeleport}}}, nil, func(t *testing.T, turn Turn, tr automa.Trace) {
			if e := events(turn, "move"); len(e) != 1 || e[0].Movement.Kind != "teleport" || e[0].Movement.To != "F2" && e[0].Movement.To != "G1" && e[0].Movement.To != "G3" && e[0].Movement.To != "F1" && e[0].Movement.To != "F3" && e[0].Movement.To != "H2" {
				t.Fatalf("%+v\n%s", turn.Events, tr)
			}
		}},
		{"a card with a round effect never converts", Card{AP: 1}, Card{AP: 3, Actions: []Action{{Kind: ActAttack}}, RoundEffects: []RoundEffect{{Guard: 1}}}, nil, func(t *testing.T, turn Turn, tr automa.Trace) {
			if len(events(turn, "move")) != 0 || turn.End != "A2" {
				t.Fatalf("%+v\n%s", turn.Events, tr)
			}
		}},
		{"Frozen: no conversion", Card{AP: 1}, attackCard(4), []string{"Frozen"}, func(t *testing.T, turn Turn, tr automa.Trace) {
			if len(events(turn, "move")) != 0 {
				t.Fatalf("%+v\n%s", turn.Events, tr)
			}
		}},
		{"Knocked Down, card with a Move: earlier actions skipped, 1 MP to stand", attackFirst, Card{AP: 1}, []string{"Knocked Down"}, func(t *testing.T, turn Turn, tr automa.Trace) {
			m := events(turn, "move")
			if len(m) != 1 || m[0].Movement.Spent != 2 || len(events(turn, "attack")) != 0 || conds(turn, "Me") != "" {
				t.Fatalf("%+v\n%s", turn.Events, tr)
			}
		}},
		{"Knocked Down, card with a round effect: skipped, stays down", Card{AP: 3, Actions: []Action{{Kind: ActAttack}}, RoundEffects: []RoundEffect{{Text: "x"}}}, Card{AP: 1, RoundEffects: []RoundEffect{{Text: "y"}}}, []string{"Knocked Down"}, func(t *testing.T, turn Turn, tr automa.Trace) {
			if len(events(turn, "move")) != 0 || conds(turn, "Me") != "Knocked Down" {
				t.Fatalf("%+v %s\n%s", turn.Events, conds(turn, "Me"), tr)
			}
		}},
		{"Knocked Down, plain card: converted, 1 MP stands it up", attackCard(4), Card{AP: 1}, []string{"Knocked Down"}, func(t *testing.T, turn Turn, tr automa.Trace) {
			m := events(turn, "move")
			if len(m) != 1 || m[0].Movement.Spent != 3 || conds(turn, "Me") != "" {
				t.Fatalf("%+v\n%s", turn.Events, tr)
			}
		}},
		{"Stunned: nothing, removed at the end of the turn", moveCard(3), attackCard(4), []string{"Stunned"}, func(t *testing.T, turn Turn, tr automa.Trace) {
			if turn.End != "A2" || len(events(turn, "attack")) != 0 || conds(turn, "Me") != "" {
				t.Fatalf("%+v %s\n%s", turn.Events, conds(turn, "Me"), tr)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc, me := base(c.species, c.row, c.conds...)
			turn, tr := sc.turn(me)
			c.check(t, turn, tr)
		})
	}
}

func TestAttackRules(t *testing.T) {
	setup := func(action Action, meConds, foeConds []string, rolls, acc []string) (Turn, automa.Trace) {
		sc := newScene(t, grid(8, 4, nil), face(Red, North, East))
		species := Card{AP: 1, RoundEffects: []RoundEffect{{Attack: 1}}}
		sc.typ("Raider", 4, species, allRows(Card{AP: 2, Actions: []Action{action, {Kind: ActAttack}}})...)
		sc.adv("Me", "Raider", Red, "A2").Conditions = meConds
		sc.char("Foe", Yellow, "C2").Conditions = foeConds
		sc.char("Foe2", DarkBlue, "D2")
		sc.s.Rolls.Attack, sc.s.Rolls.Accuracy = rolls, acc
		return sc.turn("Me")
	}
	t.Run("value: die + attribute + action + round effect", func(t *testing.T) {
		turn, tr := setup(Action{Kind: ActAttack, Value: 2}, nil, nil, []string{"3", "1"}, []string{"success", "success"})
		if a := events(turn, "attack"); a[0].Attack.Hit.Value != 3+1+2+1 {
			t.Fatalf("%+v\n%s", a[0].Attack.Hit, tr)
		}
	})
	t.Run("Weakened -2, Vulnerable target -2 Guard", func(t *testing.T) {
		turn, tr := setup(Action{Kind: ActAttack}, []string{"Weakened"}, []string{"Vulnerable"}, []string{"3", "1"}, nil)
		h := events(turn, "attack")[0].Attack.Hit
		if h.Value != 3+1+1-2 || h.Guard != -2 || h.Damage != 5 {
			t.Fatalf("%+v\n%s", h, tr)
		}
	})
	t.Run("a Fumble ends every further attack this turn", func(t *testing.T) {
		turn, tr := setup(Action{Kind: ActAttack, Targets: 2}, nil, nil, []string{"fumble", "3", "3"}, nil)
		if n := len(events(turn, "attack")); n != 1 {
			t.Fatalf("%d attacks after a fumble\n%s", n, tr)
		}
	})
	t.Run("Blinded: the Accuracy die must show Success first", func(t *testing.T) {
		turn, tr := setup(Action{Kind: ActAttack}, []string{"Blinded"}, nil, []string{"3", "3"}, []string{"block", "success"})
		a := events(turn, "attack")
		if a[0].Attack.Hit != nil {
			t.Fatalf("the first attack should fail: %+v\n%s", a[0].Attack, tr)
		}
		if a[1].Attack.Hit == nil || !a[1].Attack.Hit.Success {
			t.Fatalf("the second should go on: %+v\n%s", a[1].Attack, tr)
		}
	})
	t.Run("attacking ends Invisible", func(t *testing.T) {
		turn, tr := setup(Action{Kind: ActAttack}, []string{"Invisible"}, nil, []string{"3", "3"}, nil)
		if conds(turn, "Me") != "" {
			t.Fatalf("%s\n%s", conds(turn, "Me"), tr)
		}
	})
	t.Run("a successful attack inflicts its conditions; Resilient absorbs one", func(t *testing.T) {
		turn, tr := setup(Action{Kind: ActAttack, Inflict: []string{"Bleeding"}}, nil, []string{"Resilient"}, []string{"1", "1"}, nil)
		if conds(turn, "Foe") != "" {
			t.Fatalf("Resilient should absorb Bleeding: %s\n%s", conds(turn, "Foe"), tr)
		}
		turn, tr = setup(Action{Kind: ActAttack, Inflict: []string{"Bleeding"}}, nil, nil, []string{"1", "1"}, nil)
		if conds(turn, "Foe") != "Bleeding" {
			t.Fatalf("%s\n%s", conds(turn, "Foe"), tr)
		}
	})
	t.Run("Target 2 attacks the primary target, then the next closest", func(t *testing.T) {
		turn, tr := setup(Action{Kind: ActAttack, Targets: 2}, nil, nil, []string{"1", "1", "1"}, []string{"success", "success"})
		a := events(turn, "attack")
		if a[0].Attack.Target != "Foe" || a[1].Attack.Target != "Foe2" {
			t.Fatalf("%+v %+v\n%s", a[0].Attack, a[1].Attack, tr)
		}
	})
	t.Run("a missing roll stops the turn and says which", func(t *testing.T) {
		turn, _ := setup(Action{Kind: ActAttack}, nil, nil, nil, nil)
		if !strings.Contains(turn.Stopped, "roll the basic attack die") {
			t.Fatalf("stopped: %q", turn.Stopped)
		}
	})
	t.Run("a Vengeful target's strike back is announced", func(t *testing.T) {
		sc := newScene(t, grid(8, 4, nil), face(Red, North, East))
		sc.typ("Raider", 1, Card{AP: 1}, allRows(attackCard(2))...)
		sc.adv("Me", "Raider", Red, "A2")
		sc.char("Foe", Yellow, "B2").Conditions = []string{"Vengeful"}
		sc.s.Rolls.Attack = []string{"1"}
		turn, tr := sc.turn("Me")
		if a := events(turn, "attack"); !strings.Contains(strings.Join(a[0].Attack.Effects, ";"), "Vengeful") {
			t.Fatalf("%+v\n%s", a[0].Attack, tr)
		}
	})
}

func TestAlliesActions(t *testing.T) {
	cases := []struct {
		name   string
		action Action
		build  func(sc *scene)
		target string
	}{
		{"heal the most damaged in range", Action{Kind: ActHeal, Value: 3, TargetsAllies: true}, func(sc *scene) {
			sc.adv("Hurt", "Raider", Yellow, "C2").HP = 4
			sc.adv("Scratched", "Raider", DarkBlue, "B1").HP = 8
			sc.adv("Far hurt", "Raider", LightBlue, "F2").HP = 1
		}, "Hurt"},
		{"heal itself when it is the most damaged", Action{Kind: ActHeal, Value: 3, TargetsAllies: true}, func(sc *scene) {
			sc.s.Figures[0].HP = 2
			sc.adv("Hurt", "Raider", Yellow, "C2").HP = 4
		}, "Me"},
		{"nobody damaged: no effect", Action{Kind: ActHeal, Value: 3, TargetsAllies: true}, func(sc *scene) {
			sc.adv("Fine", "Raider", Yellow, "C2")
		}, ""},
		{"heal ties: Decision die colour", Action{Kind: ActHeal, Value: 3, TargetsAllies: true}, func(sc *scene) {
			sc.adv("Y", "Raider", Yellow, "C2").HP = 5
			sc.adv("R", "Raider", Red, "B1").HP = 5
		}, "R"},
		{"beneficial condition: itself first when allowed", Action{Kind: ActGrantCondition, Condition: "Barrier", TargetsAllies: true, CanTargetSelf: true}, func(sc *scene) {
			sc.adv("Pal", "Raider", Yellow, "C2")
		}, "Me"},
		{"beneficial condition: the closest ally without it", Action{Kind: ActGrantCondition, Condition: "Barrier", TargetsAllies: true, CanTargetSelf: true, Range: intp(3)}, func(sc *scene) {
			sc.s.Figures[0].Conditions = []string{"Barrier"}
			sc.adv("Has", "Raider", Yellow, "C2").Conditions = []string{"Barrier"}
			sc.adv("Near", "Raider", DarkBlue, "D2")
			sc.adv("Nearer but out of reach", "Raider", LightBlue, "G2")
		}, "Near"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := newScene(t, grid(8, 4, nil), face(Red, North, East))
			sc.typ("Raider", 1, Card{AP: 1, Actions: []Action{c.action}}, allRows(Card{AP: 1})...)
			sc.adv("Me", "Raider", Red, "B2")
			sc.char("Foe", Yellow, "H4")
			c.build(sc)
			turn, tr := sc.turn("Me")
			got := ""
			for _, e := range turn.Events {
				if e.Target != "" && e.Movement == nil && e.Attack == nil {
					got = e.Target
				}
			}
			if got != c.target {
				t.Fatalf("went to %q, want %q\n%+v\n%s", got, c.target, turn.Events, tr)
			}
		})
	}
}

func intp(n int) *int { return &n }

func TestStartOfTurnAndDefeat(t *testing.T) {
	cases := []struct {
		name  string
		cell  string
		conds []string
		hp    int
		want  int
		keep  string
		nova  int
	}{
		{"Bleeding 2", ".", []string{"Bleeding"}, 10, 8, "Bleeding", 0},
		{"Burning 3 then removed", ".", []string{"Burning"}, 10, 7, "", 0},
		{"Burning kept while on fire", "F", []string{"Burning"}, 10, 7, "Burning", 0},
		{"back on fire: Burning again, no damage now (A-14)", "F", nil, 10, 10, "Burning", 0},
		{"still on poison: Weakened again", "P", nil, 10, 10, "Weakened", 0},
		{"Barrier takes the Bleeding", ".", []string{"Bleeding", "Barrier"}, 10, 10, "Bleeding", 0},
		{"defeated by Bleeding: nova cells = difficulty", ".", []string{"Bleeding"}, 2, 0, "", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := newScene(t, grid(6, 3, map[string]string{"A2": c.cell}), face(Red, North, East))
			sc.typ("Raider", 1, Card{AP: 1}, allRows(Card{AP: 1})...)
			sc.adv("Me", "Raider", Red, "A2").Conditions = c.conds
			sc.s.Figures[0].HP = c.hp
			sc.char("Foe", Yellow, "F3")
			turn, tr := sc.turn("Me")
			if hpOf(turn, "Me") != c.want || conds(turn, "Me") != c.keep || turn.Nova["A2"] != c.nova {
				t.Fatalf("HP %d conds %q nova %v; want %d %q %d\n%s", hpOf(turn, "Me"), conds(turn, "Me"), turn.Nova, c.want, c.keep, c.nova, tr)
			}
		})
	}
	// Event adversaries drop nothing; a boss drops difficulty + characters.
	sc := newScene(t, grid(6, 3, nil), face(Red, North, East))
	sc.typ("Raider", 1, Card{AP: 1}, allRows(Card{AP: 1})...)
	sc.adv("Me", "Raider", Red, "A2").Conditions = []string{"Bleeding"}
	sc.s.Figures[0].HP, sc.s.Figures[0].PlacedByEvent = 1, true
	sc.char("Foe", Yellow, "F3")
	if turn, _ := sc.turn("Me"); len(turn.Nova) != 0 {
		t.Fatalf("event adversary dropped %v", turn.Nova)
	}
	w := sc.world()
	w.bosses["B"] = &BossBoard{Name: "B", HP: [3]int{5, 5, 5}, Range: [3]int{1, 1, 1}}
	w.difficulty, w.chars = 2, 3
	boss := &fig{Name: "Boss", Side: SideBoss, Type: "B", Pos: w.b.byLabel["C2"], HP: 1, Conds: Conds{}}
	w.figs = append(w.figs, boss)
	w.rebuildOcc()
	w.damage(boss, 4, "test")
	if w.b.sp[w.b.byLabel["C2"]].Nova != 5 {
		t.Fatalf("boss drop %d, want 2 + 3", w.b.sp[w.b.byLabel["C2"]].Nova)
	}
}

func TestPlacement(t *testing.T) {
	build := func(present int, standees int) *scene {
		sc := newScene(t, grid(6, 4, map[string]string{"E4": "t"}), face(Red, South, East))
		ty := sc.typ("Raider", 1, Card{AP: 1}, allRows(Card{AP: 1})...)
		ty.Standees = standees
		cols := []Colour{Yellow, DarkBlue, Red, LightBlue, Yellow}
		spaces := []string{"A1", "B1", "C1", "D1", "E1"}
		for i := range present {
			sc.adv(spaces[i], "Raider", cols[i], spaces[i])
		}
		sc.char("Foe", Yellow, "C3")
		sc.s.Decide = "place"
		return sc
	}
	place := func(sc *scene, p Placement) Placed {
		sc.s.Placement = &p
		res, tr, err := Place(sc.check(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		_ = tr
		return res
	}
	if r := place(build(0, 0), Placement{Type: "Raider", Space: "B2"}); r.Space != "B2" || r.Colour != DarkBlue {
		t.Errorf("free space, first unused colour in card order: %+v", r)
	}
	if r := place(build(2, 0), Placement{Type: "Raider", Space: "C3"}); r.Colour != LightBlue {
		t.Errorf("yellow and dark blue in use: the next unused colour in card order is light blue: %+v", r)
	}
	if r := place(build(2, 0), Placement{Type: "Raider", Space: "C3"}); r.Space != "C4" {
		t.Errorf("die S then E picks C4 (B4 is west of it; E4 holds a trap, not empty): %+v", r)
	}
	if r := place(build(4, 0), Placement{Type: "Raider", Space: "F2"}); r.Colour != DarkBlue && r.Colour != Red && r.Colour != LightBlue {
		t.Errorf("4 present: a colour used by the fewest: %+v", r)
	}
	if r := place(build(5, 0), Placement{Type: "Raider", Space: "F2"}); r.Colour != DarkBlue {
		t.Errorf("5 present (yellow twice): fewest-used colour in card order is dark blue: %+v", r)
	}
	if r := place(build(3, 3), Placement{Type: "Raider", Space: "F2"}); r.Placed {
		t.Errorf("standee limit: %+v", r)
	}
	if r := place(build(0, 0), Placement{Type: "Raider", Space: "F2", Characters: 3}); r.Placed {
		t.Errorf("icon for 3-4 characters with 2: %+v", r)
	}
	if r := place(build(0, 0), Placement{Type: "Raider", Space: "E4", AfterDraw: true}); !r.Placed || r.HP != 5 || !r.NoTurn {
		t.Errorf("placed on a trap token: takes 5, no turn this round: %+v", r)
	}
}

func TestBossActions(t *testing.T) {
	board := func(card []int) BossBoard {
		return BossBoard{
			Name: "Mutant", HP: [3]int{20, 25, 30}, Attack: [3]int{2, 3, 4}, Guard: [3]int{1, 1, 1}, Range: [3]int{1, 1, 1},
			Inherent: Card{AP: 2, Actions: []Action{{Kind: ActHeal, Value: 1, SelfOnly: true}}},
			Actions:  [3]Card{{AP: 3, Actions: []Action{{Kind: ActAttack}}}, {AP: 5, Actions: []Action{{Kind: ActLeap, Value: 2}, {Kind: ActDamage, Value: 3, Area: "adjacentFigures", Inflict: []string{"Knocked Down"}}}}, {AP: 7}},
			Card:     &BossCard{Actions: card},
		}
	}
	t.Run("an action out of range becomes a Move of its AP", func(t *testing.T) {
		sc := newScene(t, grid(9, 3, nil), face(Red, North, East))
		sc.s.Bosses = []BossBoard{board([]int{1})}
		sc.s.Figures = append(sc.s.Figures, FigureInput{Name: "Boss", Side: "boss", Type: "Mutant", Colour: "red", Position: "A2", HP: 20})
		sc.char("Foe", Yellow, "I2")
		turn, tr := sc.turn("Boss")
		m := events(turn, "move")
		if len(m) != 1 || m[0].Movement.Spent != 3 {
			t.Fatalf("%+v\n%s", turn.Events, tr)
		}
	})
	t.Run("Leap then damage and Knocked Down to all adjacent figures; attributes by character count", func(t *testing.T) {
		sc := newScene(t, grid(9, 3, nil), face(Red, North, East))
		sc.s.Bosses = []BossBoard{board([]int{2, 1})}
		sc.s.Figures = append(sc.s.Figures, FigureInput{Name: "Boss", Side: "boss", Type: "Mutant", Colour: "red", Position: "A2", HP: 20})
		sc.char("Foe", Yellow, "D2")
		sc.char("Foe2", Red, "E1")
		sc.char("Foe3", DarkBlue, "I3")
		sc.s.Rolls.Attack = []string{"1"}
		turn, tr := sc.turn("Boss")
		if hpOf(turn, "Foe") != 10-3-(1+3) || conds(turn, "Foe") != "Knocked Down" {
			t.Fatalf("Foe HP %d %s\n%s", hpOf(turn, "Foe"), conds(turn, "Foe"), tr)
		}
	})
	t.Run("Knocked Down: the first action becomes a Move that stands it up", func(t *testing.T) {
		sc := newScene(t, grid(9, 3, nil), face(Red, North, East))
		sc.s.Bosses = []BossBoard{board([]int{3})}
		sc.s.Figures = append(sc.s.Figures, FigureInput{Name: "Boss", Side: "boss", Type: "Mutant", Colour: "red", Position: "A2", HP: 20, Conditions: []string{"Knocked Down"}})
		sc.char("Foe", Yellow, "I2")
		turn, tr := sc.turn("Boss")
		m := events(turn, "move")
		if len(m) != 1 || m[0].Movement.Spent != 1 || conds(turn, "Boss") != "" {
			t.Fatalf("%+v\n%s", turn.Events, tr)
		}
	})
}

// On a flat-top map the Decision die's compass follows that map's own
// north (the hex package's compass points).
func TestFlatTopCompass(t *testing.T) {
	l := hex.Layout{Orientation: hex.Flat, Spaces: []hex.Space{
		{Label: "A", Coord: hex.Coord{Q: 0, R: 0}},
		{Label: "B", Coord: hex.Coord{Q: 1, R: 0}},
	}}
	m, err := hex.NewMap(l)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := hex.EncodeMap(m)
	s := &Situation{Map: raw, Decide: "initiative", DecisionDie: DieInput{Face: face(Red, South, West)}}
	var tr automa.Trace
	w, err := s.world(nil, &tr)
	if err != nil {
		t.Fatal(err)
	}
	ps := []Pickable{w.pickSpace(0), w.pickSpace(1)}
	if i := DecisionPick(ps, w.face, &tr, "x"); i != 1 {
		t.Fatalf("on a flat-top map (1,0) lies south of (0,0): picked %d\n%s", i, tr)
	}
}

func TestMoreActions(t *testing.T) {
	t.Run("a condition aimed at the primary target, and removing its own", func(t *testing.T) {
		sc := newScene(t, grid(6, 3, nil), face(Red, North, East))
		sc.typ("Raider", 2, Card{AP: 1, Actions: []Action{
			{Kind: ActGrantCondition, Condition: "Vulnerable"},
			{Kind: ActRemoveCondition, Condition: "detrimental"},
		}}, allRows(Card{AP: 1})...)
		sc.adv("Me", "Raider", Red, "A2").Conditions = []string{"Bleeding", "Resilient"}
		sc.char("Foe", Yellow, "C2")
		turn, tr := sc.turn("Me")
		if conds(turn, "Foe") != "Vulnerable" || conds(turn, "Me") != "Resilient" {
			t.Fatalf("Foe %q Me %q\n%s", conds(turn, "Foe"), conds(turn, "Me"), tr)
		}
	})
	t.Run("the primary target defeated: a new one at once (§8.4)", func(t *testing.T) {
		sc := newScene(t, grid(6, 3, nil), face(Red, North, East))
		sc.typ("Raider", 3, Card{AP: 1, Actions: []Action{{Kind: ActAttack, Value: 5}}}, allRows(attackCard(2))...)
		sc.adv("Me", "Raider", Red, "A2")
		sc.char("Weak", Yellow, "B2").HP = 1
		sc.char("Next", DarkBlue, "D2")
		sc.s.Rolls.Attack = []string{"1", "1"}
		sc.s.Rolls.Accuracy = []string{"success"}
		turn, tr := sc.turn("Me")
		a := events(turn, "attack")
		if len(a) != 2 || a[0].Attack.Target != "Weak" || a[1].Attack.Target != "Next" {
			t.Fatalf("%+v\n%s", turn.Events, tr)
		}
	})
	t.Run("the app rolls what is not entered, from the seed", func(t *testing.T) {
		sc := newScene(t, grid(6, 3, nil), face(Red, North, East))
		sc.typ("Raider", 1, Card{AP: 1}, allRows(attackCard(2))...)
		sc.adv("Me", "Raider", Red, "A2")
		sc.char("Foe", Yellow, "B2")
		sc.s.DecisionDie = DieInput{Roll: true, Seed: 3, Faces: []Face{face(Red, North, East), face(Yellow, South, West)}}
		sc.s.Rolls = RollsInput{Roll: true, Seed: 9, Faces: map[string][]string{"basic": {"2"}}}
		turn, tr := sc.turn("Me")
		if hpOf(turn, "Foe") != 10-3 || !strings.Contains(tr.String(), "the Decision die is rolled") {
			t.Fatalf("%+v\n%s", turn, tr)
		}
		again, _ := sc.turn("Me")
		if again.End != turn.End || hpOf(again, "Foe") != hpOf(turn, "Foe") {
			t.Fatal("the same seed must give the same turn")
		}
	})
}

// §8.12: round effects count for the type's adversaries of that colour,
// not while Knocked Down or Stunned, not for ones placed after the draw.
func TestRoundEffects(t *testing.T) {
	sc := newScene(t, grid(6, 3, nil), face(Red, North, East))
	species := Card{AP: 1, RoundEffects: []RoundEffect{{Guard: 1}}}
	rows := allRows(Card{AP: 1})
	rows[2].RoundEffects = []RoundEffect{{Guard: 2}} // red row
	sc.typ("Raider", 1, species, rows...)
	sc.s.Types[0].Guard = 1
	sc.adv("Red", "Raider", Red, "A1")
	sc.adv("Yellow", "Raider", Yellow, "B1")
	sc.adv("Down", "Raider", Red, "C1").Conditions = []string{"Knocked Down"}
	sc.adv("Dazed", "Raider", Red, "D1").Conditions = []string{"Stunned"}
	sc.adv("New", "Raider", Red, "E1").PlacedAfterDraw = true
	sc.char("Foe", Yellow, "F3").Initiative = 3
	w := sc.world()
	for name, want := range map[string]int{"Red": 4, "Yellow": 2, "Down": 1, "Dazed": 1, "New": 1} {
		if g := w.guardOf(w.fig(name)); g != want {
			t.Errorf("%s: Guard %d, want %d", name, g, want)
		}
	}
	sc.s.Decide = "initiative"
	order, _, err := TurnOrderOf(sc.check(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range order {
		if o.Name == "New" {
			t.Fatal("placed after the draw: no turn this round")
		}
	}
}

// blockers next to the attacker count for the line choice unless the
// option says otherwise.
func TestLineChoiceAdjacentOption(t *testing.T) {
	ms := grid(8, 3, map[string]string{"B2": "O", "E1": "O"})
	for _, c := range []struct {
		count bool
		want  string
	}{{true, "object on E1"}, {false, "object on B2"}} {
		sc := newScene(t, ms, face(Red, North, East))
		sc.typ("Archer", 6, Card{AP: 1}, allRows(Card{AP: 1})...)
		sc.adv("Me", "Archer", Red, "A2")
		sc.char("Foe", Red, "G2")
		sc.s.Options.CountAdjacentBlockers = &c.count
		w := sc.world()
		at := func(l string) int { return w.b.byLabel[l] }
		// Both lines pass one object; only B2 is next to the attacker. With
		// the option on they tie and the die (N) picks the northern E1.
		w.b.sight = fakeSight{w.b.sight, []losLine{
			{FromVertex: 0, ToVertex: 1, Crossed: [][]int{{at("B2")}}},
			{FromVertex: 1, ToVertex: 2, Crossed: [][]int{{at("E1")}}},
		}}
		var tr automa.Trace
		_, order := w.chooseLine(w.fig("Me"), figTarget(w.fig("Foe")), &tr)
		if got := w.blockerName(order[0]); got != c.want {
			t.Errorf("count adjacent %v: line through %s, want %s\n%s", c.count, got, c.want, tr)
		}
	}
}

// RB p.21 and p.27 ("closest target": the shortest range when a target is
// in range of the adversary or of its action): the further targets of a
// "Target N" attack are chosen like a primary target with the attacked ones
// gone, and an enemy in range of the action counts as in range even beyond
// the base range. Here the base range is 1 and the action has Range +3:
// X (range 2, across a gap no Move crosses) is closer than Y (range 4), so
// X is the second target although the Archer could never walk up to it.
func TestMultiTargetFollowUpUsesActionRange(t *testing.T) {
	rows := map[string]string{}
	for c := range 10 {
		rows[label(c, 2)] = "g"
	}
	sc := newScene(t, grid(10, 5, rows), face(Red, South, East))
	attack := Card{AP: 3, Actions: []Action{{Kind: ActAttack, RangeMod: 3, Targets: 2}}}
	sc.typ("Grallok Archer", 1, Card{AP: 1}, allRows(attack)...)
	sc.adv("Archer", "Grallok Archer", Yellow, ax(2, 3))
	sc.char("P", LightBlue, ax(3, 3)) // range 1: the primary target
	sc.char("X", Red, ax(2, 1))       // range 2, over the gap
	sc.char("Y", DarkBlue, ax(6, 3))  // range 4, same side
	sc.s.Rolls.Attack = []string{"1", "1"}
	w := sc.world()
	a := w.fig("Archer")
	if d := w.b.rng(a.Pos, w.fig("X").Pos); d != 2 || !w.b.los(a.Pos, w.fig("X").Pos) {
		t.Fatalf("set-up: X at range %d, want 2 with line of sight", d)
	}
	turn, tr := sc.turn("Archer")
	var order []string
	for _, e := range turn.Events {
		if e.Attack != nil {
			order = append(order, e.Attack.Target)
		}
	}
	if strings.Join(order, ",") != "P,X" {
		t.Fatalf("attack order %v, want [P X]\n%s", order, tr)
	}
}

// RB p.29: a Teleport chooses its space with the Move & Leap flow of p.28,
// whose first rules come before any end-space key: with an object as the
// primary target already in range and line of sight, the adversary stays.
func TestTeleportStaysWhenObjectTargetInRange(t *testing.T) {
	ms := mapSpec{rows: []string{
		"_ _ _ _ _ _ _ _",
		" . . O . . . . .",
		". . D . . . . .",
		" _ _ _ _ _ _ _ _",
	}}
	sc := newScene(t, ms, face(Yellow, North, West))
	sc.typ("Slink Scout", 3, Card{AP: 2, Actions: []Action{{Kind: ActTeleport}}}, allRows(Card{AP: 1})...)
	sc.adv("Scout", "Slink Scout", Red, "B3")
	sc.char("Far", DarkBlue, "H2")
	turn, tr := sc.turn("Scout")
	if turn.PrimaryTarget != "object on C3" {
		t.Fatalf("primary target %s, want the damaged object on C3\n%s", turn.PrimaryTarget, tr)
	}
	if turn.End != "B3" {
		t.Errorf("teleported to %s; an object target in range means staying\n%s", turn.End, tr)
	}
}

// RB p.30 (§9.4): a boss placed after this round's adversary cards were
// drawn gets no turn this round, like a regular adversary (RB p.26), so it
// has no place in the turn order.
func TestBossPlacedAfterDrawHasNoTurn(t *testing.T) {
	sc := newScene(t, grid(8, 5, nil), face(Red, North, East))
	sc.s.Bosses = []BossBoard{{
		Name: "Boss board", HP: [3]int{23, 26, 32}, Attack: [3]int{2, 3, 3}, Guard: [3]int{1, 1, 1}, Range: [3]int{1, 1, 1},
		Inherent: Card{AP: 2, Actions: []Action{{Kind: ActMove, Value: 2}}},
		Actions:  [3]Card{{AP: 3}, {AP: 5}, {AP: 7}},
		Card:     &BossCard{Actions: []int{1}},
	}}
	sc.s.Figures = append(sc.s.Figures, FigureInput{Name: "Late", Side: "boss", Type: "Boss board", Colour: "red", Position: "A3", HP: 23, PlacedAfterDraw: true})
	sc.char("Ana", DarkBlue, "H3").Initiative = 9
	sc.s.Decide = "initiative"
	order, tr, err := TurnOrderOf(sc.check(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range order {
		if o.Name == "Late" {
			t.Fatalf("the late boss has a turn: %+v\n%s", order, tr)
		}
	}
}
