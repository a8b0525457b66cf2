package phantom

import (
	"testing"

	"tablekeeper/automa"
)

func face(c Colour, p, s Dir) Face { return Face{Colour: c, Primary: p, Secondary: s} }

func TestDecisionPick(t *testing.T) {
	// Three spaces like RB Fig. 42: one north, two south side by side.
	north := At("north", "", 1, 0)
	sw := At("south-west", "", 0, 2)
	se := At("south-east", "", 1, 2)
	cands := []Pickable{north, sw, se}
	cases := []struct {
		name string
		f    Face
		want string
		tb   string
	}{
		{"primary N", face(Red, North, East), "north", "primary direction N"},
		{"primary S secondary W", face(Red, South, West), "south-west", "secondary direction W"},
		{"primary S secondary E", face(Red, South, East), "south-east", "secondary direction E"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var tr automa.Trace
			i := DecisionPick(cands, c.f, &tr, "a space")
			if cands[i].Name != c.want {
				t.Fatalf("picked %s, want %s", cands[i].Name, c.want)
			}
			if tr.Steps[0].TieBreak != c.tb {
				t.Errorf("tie-break %q, want %q", tr.Steps[0].TieBreak, c.tb)
			}
			if tr.Steps[0].Die == "" {
				t.Error("no die in the trace")
			}
		})
	}
}

func TestDecisionPickColour(t *testing.T) {
	// RB Fig. 16: dark blue face picks the dark blue character whatever the
	// positions; a colour nobody has falls through to directions.
	a := At("red one", Red, 0, 0)
	b := At("dark blue one", DarkBlue, 5, 5)
	var tr automa.Trace
	if i := DecisionPick([]Pickable{a, b}, face(DarkBlue, North, West), &tr, "x"); i != 1 {
		t.Fatalf("colour did not decide: %d", i)
	}
	if i := DecisionPick([]Pickable{a, b}, face(Yellow, South, West), &tr, "x"); i != 1 {
		t.Fatalf("no colour match should fall to primary S: %d", i)
	}
	if i := DecisionPick([]Pickable{a, b}, face(Yellow, North, West), &tr, "x"); i != 0 {
		t.Fatalf("no colour match should fall to primary N: %d", i)
	}
	// Two of the matching colour: direction among them only.
	c := At("red two", Red, 9, 9)
	if i := DecisionPick([]Pickable{a, b, c}, face(Red, South, West), &tr, "x"); i != 2 {
		t.Fatalf("want red two, got %d", i)
	}
	// Identical positions: lowest (r, q), flagged.
	d := At("same", "", 3, 3)
	e := At("same too", "", 3, 3)
	tr = automa.Trace{}
	if i := DecisionPick([]Pickable{e, d}, face(Red, North, West), &tr, "x"); i != 0 {
		t.Fatalf("want first on tie, got %d", i)
	}
	if tr.Steps[0].TieBreak == "" {
		t.Error("unresolved tie not flagged")
	}
	// East/West use X = 2q + r: (0,2) has X 2, (1,0) has X 2 → level.
	f := At("f", "", 0, 2)
	g := At("g", "", 1, 0)
	if _, level := further(f, g, East); !level {
		t.Error("(0,2) and (1,0) should be level east-west")
	}
}

func TestCentroidFractions(t *testing.T) {
	a := Centroid("a", []int{0, 1}, []int{0, 0}) // X (0+2)/2 = 1
	b := Centroid("b", []int{0}, []int{0})       // X 0
	if f, _ := further(a, b, East); !f {
		t.Error("centroid a should be east of b")
	}
}

func TestGuardAfterPierce(t *testing.T) {
	// RB p.20 table.
	cases := []struct {
		guard, pierce int
		crit          bool
		want          int
	}{{3, 2, false, 1}, {3, 0, true, 0}, {1, 2, false, 0}, {0, 2, false, 0}, {-1, 2, false, -1}, {-1, 0, true, -1}}
	for _, c := range cases {
		if got := GuardAfterPierce(c.guard, c.pierce, c.crit); got != c.want {
			t.Errorf("guard %d pierce %d crit %v: %d, want %d", c.guard, c.pierce, c.crit, got, c.want)
		}
	}
}

func TestDamageTable(t *testing.T) {
	// RB p.21 table: attack value, guard → damage.
	cases := []struct{ atk, guard, want int }{{3, 2, 1}, {3, 4, 0}, {3, -1, 4}, {-1, -3, 2}}
	for _, c := range cases {
		h := ResolveStrike(Strike{Roll: DieFace{Kind: Number, Value: 0}, Attack: c.atk}, Defence{Guard: c.guard})
		if h.Damage != c.want || h.Value != c.atk {
			t.Errorf("atk %d guard %d: %+v, want damage %d", c.atk, c.guard, h, c.want)
		}
		if h.Success != (c.atk > c.guard) {
			t.Errorf("success wrong: %+v", h)
		}
	}
}

func TestResolveStrike(t *testing.T) {
	num := func(n int) DieFace { return DieFace{Kind: Number, Value: n} }
	crit := DieFace{Kind: Critical, Value: 3}
	cases := []struct {
		name string
		s    Strike
		d    Defence
		want Hit
	}{
		{"fumble", Strike{Roll: DieFace{Kind: Fumble}, Attack: 5}, Defence{}, Hit{Fumble: true}},
		{"crit is 3 and pierces", Strike{Roll: crit, Attack: 1}, Defence{Guard: 3}, Hit{Value: 4, Guard: 0, Damage: 4, Success: true, Crit: true}},
		{"weakened", Strike{Roll: num(2), Attack: 1, Weakened: true}, Defence{}, Hit{Value: 1, Damage: 1, Success: true}},
		{"vulnerable", Strike{Roll: num(2)}, Defence{Guard: 1, Vulnerable: true}, Hit{Value: 2, Guard: -1, Damage: 3, Success: true}},
		{"multiplier after guard", Strike{Roll: num(3), Multiplier: 2}, Defence{Guard: 1}, Hit{Value: 3, Guard: 1, Damage: 4, Success: true}},
		{"barrier eats damage, still success", Strike{Roll: num(3)}, Defence{Barrier: true}, Hit{Value: 3, Success: true, BarrierUsed: true}},
		{"barrier kept at 0 damage", Strike{Roll: num(1)}, Defence{Guard: 2, Barrier: true}, Hit{Value: 1, Guard: 2}},
		{"object guard 0", Strike{Roll: num(1)}, Defence{Guard: 4, Object: true}, Hit{Value: 1, Damage: 1, Success: true, ObjectStep: true}},
		{"object 0 damage no step", Strike{Roll: num(0)}, Defence{Object: true}, Hit{}},
		{"indestructible block", Strike{Roll: num(5)}, Defence{Indestructible: true}, Hit{Value: 5}},
		{"pierce", Strike{Roll: num(2), Pierce: 2}, Defence{Guard: 3}, Hit{Value: 2, Guard: 1, Damage: 1, Success: true}},
	}
	for _, c := range cases {
		if got := ResolveStrike(c.s, c.d); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestInflict(t *testing.T) {
	cs := Conds{}
	if got := cs.Inflict(Resilient, false); got != "Resilient gained" {
		t.Fatal(got)
	}
	if got := cs.Inflict(Bleeding, false); got != "Resilient absorbed Bleeding" || cs.Has(Bleeding) || cs.Has(Resilient) {
		t.Fatal(got, cs)
	}
	cs = Conds{Resilient: false, Bleeding: false}
	if got := cs.Inflict(Bleeding, false); got != "Bleeding refreshed" || !cs.Has(Resilient) {
		t.Fatal("refresh must not use Resilient (A-12):", got)
	}
	cs = Conds{Burning: false}
	cs.Inflict(Frozen, false)
	if cs.Has(Burning) || cs.Has(Frozen) {
		t.Fatal("Frozen on Burning removes both:", cs)
	}
	cs = Conds{Frozen: false}
	cs.Inflict(Burning, false)
	if cs.Has(Burning) || cs.Has(Frozen) {
		t.Fatal("Burning on Frozen removes both:", cs)
	}
	cs = Conds{}
	cs.Inflict(Invisible, true)
	if !cs[Invisible] {
		t.Fatal("gained during own turn not marked")
	}
	cs = Conds{Resilient: false}
	cs.Inflict(Barrier, false)
	if !cs.Has(Resilient) {
		t.Fatal("beneficial condition must not use Resilient")
	}
}

func TestParsers(t *testing.T) {
	for _, s := range []string{"Dark Blue", "darkblue", "dark-blue", "LIGHT BLUE", "red", "Yellow"} {
		if _, err := ParseColour(s); err != nil {
			t.Error(err)
		}
	}
	if _, err := ParseColour("green"); err == nil {
		t.Error("green accepted")
	}
	if d, err := ParseDieFace("crit"); err != nil || d.Kind != Critical || d.Value != 3 {
		t.Error(d, err)
	}
	if d, err := ParseDieFace("-1"); err != nil || d.Value != -1 {
		t.Error(d, err)
	}
	if _, err := ParseDieFace("x"); err == nil {
		t.Error("x accepted")
	}
	if _, err := ParseAccuracy("Block"); err != nil {
		t.Error(err)
	}
	if c, err := ParseCond("knocked down"); err != nil || c != KnockedDown {
		t.Error(c, err)
	}
	if err := (Face{Colour: "pink", Primary: "N", Secondary: "E"}).Validate(); err == nil {
		t.Error("pink face accepted")
	}
}

func TestInitiative(t *testing.T) {
	sp, row := &Card{AP: 3}, &Card{AP: 4}
	if AdversaryInitiative(sp, row, false) != 7 || AdversaryInitiative(sp, row, true) != 14 {
		t.Fatal("adversary initiative")
	}
	// RB Fig. 46: inherent 2 + action #3 (7) = 9.
	b := &BossBoard{Inherent: Card{AP: 2}, Actions: [3]Card{{AP: 3}, {AP: 5}, {AP: 7}}}
	if n, _ := BossInitiative(b, &BossCard{Actions: []int{3}}, false); n != 9 {
		t.Fatal("boss initiative", n)
	}
	if n, _ := BossInitiative(b, &BossCard{Other: "x"}, false); n != 2 {
		t.Fatal("other card: inherent only", n)
	}
	if n, _ := BossInitiative(b, &BossCard{Actions: []int{1, 2}}, true); n != 20 {
		t.Fatal("frozen doubles", n)
	}
	if _, err := BossInitiative(b, &BossCard{Actions: []int{4}}, false); err == nil {
		t.Fatal("action #4 accepted")
	}
}

func TestTurnOrder(t *testing.T) {
	ts := []Turner{
		{Name: "Archer red", Type: "Archer", Colour: Red, RowOrder: 2, Initiative: 5, Q: 0, R: 0},
		{Name: "Archer blue", Type: "Archer", Colour: DarkBlue, RowOrder: 0, Initiative: 5, Q: 0, R: 9},
		{Name: "Ana", Character: true, Initiative: 5, Seat: 1},
		{Name: "Bo", Character: true, Initiative: 5, Seat: 0},
		{Name: "Sentry", Type: "Sentry", Colour: Yellow, Initiative: 5, Q: 0, R: 5},
		{Name: "Early", Type: "Sentry", Colour: Red, Initiative: 2},
	}
	var tr automa.Trace
	got := TurnOrder(ts, face(Red, South, East), &tr)
	var names []string
	for _, g := range got {
		names = append(names, g.Name)
	}
	// Heads: Archer blue (top row), Sentry. Red face: neither is red among
	// heads... Archer blue is dark blue, Sentry yellow → south: Archer blue
	// (r 9). Then heads Archer red (red) vs Sentry → red wins.
	want := []string{"Early", "Bo", "Ana", "Archer blue", "Archer red", "Sentry"}
	if len(names) != len(want) {
		t.Fatal(names)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Fatalf("order %v, want %v\n%s", names, want, tr)
		}
	}
	// Same type and colour: Decision die by position.
	ts = []Turner{
		{Name: "A1", Type: "T", Colour: Red, Initiative: 3, Q: 0, R: 0},
		{Name: "A2", Type: "T", Colour: Red, Initiative: 3, Q: 0, R: 4},
	}
	got = TurnOrder(ts, face(Red, South, East), &tr)
	if got[0].Name != "A2" {
		t.Fatal("south die should put A2 first", got)
	}
}

func TestDeckDraw(t *testing.T) {
	ds := &Decks{
		Species: map[string]*Deck{"Grallok": {Name: "Grallok", Draw: []string{"g1", "g2"}}},
		Class: map[string]*Deck{
			"Sentry": {Name: "Sentry", Draw: []string{"s1"}},
			"Archer": {Name: "Archer", Draw: []string{"a1", "a2"}},
		},
		Boss: &Deck{Name: "Boss", Draw: []string{"b1"}},
	}
	var tr automa.Trace
	r := &automa.Fixed{0, 0, 0}
	got, err := ds.DrawRound([]TypeDraw{
		{Type: "Grallok Sentry", Species: "Grallok", Class: "Sentry"},
		{Type: "Grallok Archer", Species: "Grallok", Class: "Archer"},
		{Type: "Mutant", Boss: true},
	}, r, &tr)
	if err != nil {
		t.Fatal(err)
	}
	// Two types of one species draw two species cards (RB p.12).
	if got[0].Species != "g1" || got[1].Species != "g2" || got[0].Class != "s1" || got[1].Class != "a1" || got[2].Boss != "b1" {
		t.Fatalf("%+v", got)
	}
	ds.DiscardRound(map[string]bool{})
	if len(ds.Species["Grallok"].Discard) != 2 || len(ds.Boss.Discard) != 1 {
		t.Fatalf("discard %+v", ds)
	}
	// Empty Sentry deck reshuffles its discards.
	got, err = ds.DrawRound([]TypeDraw{{Type: "Grallok Sentry", Species: "Grallok", Class: "Sentry"}}, &automa.Fixed{0, 0, 0, 0}, &tr)
	if err != nil || got[0].Class != "s1" || got[0].Species != "g1" && got[0].Species != "g2" {
		t.Fatalf("%+v %v", got, err)
	}
	// Last adversary of a type defeated: its cards discarded at once;
	// persistent boss cards stay.
	ds.InPlay = append(ds.InPlay, Drawn{Type: "Mutant", Boss: "pb"})
	ds.DiscardType("Mutant", map[string]bool{"pb": true})
	for _, d := range ds.Boss.Discard {
		if d == "pb" {
			t.Fatal("persistent boss card discarded")
		}
	}
	ds.DiscardType("Grallok Sentry", nil)
	if len(ds.InPlay) != 0 {
		t.Fatal("type not discarded", ds.InPlay)
	}
	empty := &Deck{Name: "x"}
	if _, _, err := empty.DrawOne(r); err == nil {
		t.Fatal("empty deck drew")
	}
}

func TestDice(t *testing.T) {
	e := &Entered{AttackRolls: []DieFace{{Kind: Number, Value: 2}}, AccuracyRolls: []Accuracy{Block}}
	r := &Rolled{R: &automa.Fixed{1, 0}, AttackFaces: map[string][]DieFace{"basic": {{Kind: Fumble}, {Kind: Critical, Value: 3}}}, AccuracyDice: []Accuracy{Miss}}
	c := Chain{e, r}
	if f, how, ok := c.Attack(""); !ok || f.Value != 2 || how != "entered" {
		t.Fatal(f, how, ok)
	}
	if f, how, ok := c.Attack("basic"); !ok || f.Kind != Critical || how != "rolled" {
		t.Fatal(f, how, ok)
	}
	if _, _, ok := c.Attack("blitz"); ok {
		t.Fatal("blitz has no faces")
	}
	if a, _, _ := c.Accuracy(); a != Block {
		t.Fatal(a)
	}
	if a, _, _ := c.Accuracy(); a != Miss {
		t.Fatal(a)
	}
	if _, err := RollFace(nil, &automa.Fixed{0}); err == nil {
		t.Fatal("rolled with no faces")
	}
	fs := []Face{face(Red, North, East), face(Yellow, South, West)}
	if f, _ := RollFace(fs, &automa.Fixed{1}); f.Colour != Yellow {
		t.Fatal(f)
	}
}
