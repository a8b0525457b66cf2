package alone

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"tablekeeper/automa"
)

func sit(m *Map) Situation {
	return Situation{Map: m, Hero: HeroState{Life: 8, SC: 8}, Turn: 8, Hand: -1, Config: DefaultConfig(), Settings: DefaultSettings()}
}

func endTurn(t *testing.T, s Situation, r automa.Rand) EndOfTurnDecision {
	t.Helper()
	if r == nil {
		r = &Seeded{Seed: 1}
	}
	d, tr, err := EndOfTurn(s, r)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Steps) == 0 {
		t.Fatal("no trace")
	}
	for _, st := range tr.Steps {
		if !strings.HasPrefix(st.Rule, "alone §") {
			t.Errorf("step without a spec section: %+v", st)
		}
	}
	return d
}

// P1 with one card: an Unrevealed Worm next to the Hero, E[dmg] 1 + scare 2.
func TestStrikeOneCard(t *testing.T) {
	m := mustValid(t, station().creature("w", Worm, "E1").build())
	d := endTurn(t, sit(m), nil)
	if len(d.Plays) != 1 || d.Plays[0].Priority != "P1 Strike" || d.Plays[0].Cards != 1 || d.Plays[0].Move.To != "L" {
		t.Fatalf("plays %+v", d.Plays)
	}
	if d.Track.Used != 1 || d.Map.Creature("w").Sector != "L" || !d.Map.Creature("w").Revealed {
		t.Errorf("after: %+v", d.Track)
	}
	kinds := []string{}
	for _, c := range d.Communicate {
		kinds = append(kinds, c.Kind)
	}
	if !reflect.DeepEqual(kinds, []string{"revealed", "scare", "noise"}) || d.Communicate[1].SC != 2 {
		t.Errorf("communicate %+v", d.Communicate)
	}
	if m.Creature("w").Sector != "E1" {
		t.Error("the input Map must not change")
	}
}

// P1 with a 2-card combo when nothing was played yet and 3 spaces are free.
func TestStrikeCombo(t *testing.T) {
	m := mustValid(t, station().creature("s", Spore, "E2").build())
	d := endTurn(t, sit(m), nil)
	if len(d.Plays) != 1 || d.Plays[0].Cards != 2 || d.Track.Used != 3 || d.Track.PlayedThisTurn != 2 {
		t.Fatalf("combo: %+v track %+v", d.Plays, d.Track)
	}
	if d.Plays[0].Move.Scare != 1 || !reflect.DeepEqual(d.Plays[0].Move.Path, []string{"E1", "L"}) {
		t.Errorf("move %+v", d.Plays[0].Move)
	}
	// With a card already played this Turn, the 2-card Strike is out.
	s := sit(m)
	s.Track = ReactionTrack{Used: 1, PlayedThisTurn: 1}
	d = endTurn(t, s, nil)
	if len(d.Plays) != 0 {
		t.Errorf("no combo after a card: %+v", d.Plays)
	}
	// Only 2 free spaces: no 2-card Strike either.
	s = sit(m)
	s.Track = ReactionTrack{Used: 8}
	for _, p := range endTurn(t, s, nil).Plays {
		if p.Priority == "P1 Strike" {
			t.Errorf("2 free spaces: %+v", p)
		}
	}
}

// P1's threshold and the difficulty knob.
func TestStrikeThreshold(t *testing.T) {
	b := station().creature("c", Cultist, "E1")
	m := mustValid(t, b.build()) // Cultist: 2 dice × 1/3 = 0.67, no scare
	s := sit(m)
	s.Turn = 1
	s.Track = ReactionTrack{Used: 1} // pacing spent: no other play
	if d := endTurn(t, s, nil); len(d.Plays) != 0 {
		t.Errorf("0.67 < 1.0: %+v", d.Plays)
	}
	s.Settings.Aggression = AggressionHigh
	if d := endTurn(t, s, nil); len(d.Plays) != 1 || d.Plays[0].Priority != "P1 Strike" {
		t.Errorf("high aggression strikes at 0.5: %+v", d.Plays)
	}
}

// P1 tie-breaks: value, then lower cost, then Unrevealed, then lower id.
func TestStrikeTieBreaks(t *testing.T) {
	// Two Cultists with Danger in the Hero's Sector: 2 × 2/3 each.
	b := station().creature("b", Cultist, "E1").creature("a", Cultist, "W1")
	b.m.Sector("L").Danger = true
	b.m.Sector("W1").Revealed = true
	d := endTurn(t, sit(mustValid(t, b.build())), nil)
	if d.Plays[0].Move.Creature != "b" {
		t.Errorf("Unrevealed first: %+v", d.Plays[0].Move)
	}
	b = station().creature("b", Cultist, "E1").creature("a", Cultist, "W1")
	b.m.Sector("L").Danger = true
	d = endTurn(t, sit(mustValid(t, b.build())), nil)
	if d.Plays[0].Move.Creature != "a" {
		t.Errorf("lower id: %+v", d.Plays[0].Move)
	}
	// A Parasite 1 away beats the same 2 away on cost... the one 2 away
	// needs a combo, so values tie and the cost decides.
	b = station().creature("far", Parasite, "E2").creature("near", Parasite, "W1")
	d = endTurn(t, sit(mustValid(t, b.build())), nil)
	if d.Plays[0].Move.Creature != "near" {
		t.Errorf("lower cost: %+v", d.Plays[0].Move)
	}
}

// After a 1-card play the second card must be a Strike.
func TestComboMustStrike(t *testing.T) {
	m := mustValid(t, station().creature("w", Worm, "E1").creature("s", Spore, "W1").build())
	d := endTurn(t, sit(m), nil)
	if len(d.Plays) != 2 || d.Track.Used != 3 || d.Plays[1].Priority != "P1 Strike" {
		t.Errorf("two strikes: %+v %+v", d.Plays, d.Track)
	}
	// A Worm strike then nothing else in reach: a single card.
	m = mustValid(t, station().creature("w", Worm, "E1").creature("s", Spore, "S3").build())
	d = endTurn(t, sit(m), nil)
	if len(d.Plays) != 1 {
		t.Errorf("no non-strike combo: %+v", d.Plays)
	}
}

// P2: the Level, the MSD, Unrevealed and out of sight, the score with the
// weights swapping on SC ≤ Life, ties by Sector id then type order.
func TestSpawnPolicy(t *testing.T) {
	m := mustValid(t, station().build())
	s := sit(m)
	d := endTurn(t, s, nil)
	if len(d.Plays) != 1 || d.Plays[0].Kind != "spawn" {
		t.Fatalf("plays %+v", d.Plays)
	}
	sp := d.Plays[0].Spawn
	// Hybrid: 2 (Dark) + 1.5×2 + 1×2 = 7 beats Spore 2 + 1.5 + 3 = 6.5;
	// E3 and S3 tie, E3 has the lower id.
	if sp.Type != Hybrid || sp.Sector != "E3" || d.Plays[0].SpawnID != "hybrid-1" {
		t.Errorf("spawn %+v", sp)
	}
	s.Hero = HeroState{Life: 4, SC: 9}
	d = endTurn(t, s, nil)
	if sp := d.Plays[0].Spawn; sp.Type != Spore || sp.Sector != "E3" {
		t.Errorf("SC above Life weights attack: %+v", sp)
	}
	// On path*: a goal in S3 puts S3 on path* (+3).
	s = sit(m)
	s.Goals = []string{"S3"}
	d = endTurn(t, s, nil)
	if sp := d.Plays[0].Spawn; sp.Sector != "S3" {
		t.Errorf("path* bonus: %+v", sp)
	}
	// Full Hero Level: the other Level.
	b := station()
	for i, id := range []string{"C", "R", "W1", "S3"} {
		b.creature(fmt.Sprintf("x%d", i), Cultist, id)
	}
	b.m.Sector("R").Revealed, b.m.Sector("C").Revealed = false, false
	cfg := DefaultConfig()
	cfg.Tokens[Cultist] = 4
	s = sit(b.build())
	s.Config = cfg
	s.Turn, s.Track = 8, ReactionTrack{}
	// Keep the Cultists out of reach of a Strike: the threshold is 1.
	d = endTurn(t, s, nil)
	for _, p := range d.Plays {
		if p.Kind == "spawn" && s.Map.Sector(p.Spawn.Sector).Level != 2 {
			t.Errorf("spawned on the full Level: %+v", p.Spawn)
		}
	}
}

// Pacing: P2..P4 wait for the budget and never cover a Danger symbol.
func TestPacing(t *testing.T) {
	m := mustValid(t, station().build())
	s := sit(m)
	s.Turn, s.Track = 1, ReactionTrack{Used: 1}
	if d := endTurn(t, s, nil); len(d.Plays) != 0 {
		t.Errorf("over budget: %+v", d.Plays)
	}
	s.Turn, s.Track = 8, ReactionTrack{Used: 7}
	if d := endTurn(t, s, nil); len(d.Plays) != 0 {
		t.Errorf("would cover a Danger symbol: %+v", d.Plays)
	}
	s.Turn, s.Track = 2, ReactionTrack{Used: 1}
	if d := endTurn(t, s, nil); len(d.Plays) != 1 {
		t.Errorf("within budget: %+v", d.Plays)
	}
	s.Hand = 0
	if d := endTurn(t, s, nil); len(d.Plays) != 0 {
		t.Errorf("no cards: %+v", d.Plays)
	}
}

func noTokens() Config {
	cfg := DefaultConfig()
	for _, t := range CreatureTypes {
		cfg.Tokens[t] = 0
	}
	cfg.Tokens[Worm] = 1
	return cfg
}

// P3: into the nearest Lighted Sector within 3 or on path*, not the Hero's.
func TestLightsOutPolicy(t *testing.T) {
	b := station().creature("w", Worm, "E3")
	b.m.Sector("E2").Lighted = true
	b.m.Sector("L").Lighted = true
	s := sit(mustValid(t, b.build()))
	s.Config = noTokens()
	d := endTurn(t, s, nil)
	if len(d.Plays) != 1 || d.Plays[0].Priority != "P3 Lights out" || d.Plays[0].Move.To != "E2" {
		t.Fatalf("plays %+v", d.Plays)
	}
	if got := d.Map.LightsOff(); !reflect.DeepEqual(got, []string{"E2"}) {
		t.Errorf("lights off after: %v", got)
	}
	// A 0-step move in its own Lighted Sector counts (AMB-10).
	// The Hero's Sector Lighted and E1 Revealed leave the Worm no Strike.
	b = station().creature("w", Worm, "E2")
	b.m.Sector("E2").Lighted = true
	b.m.Sector("L").Lighted = true
	b.m.Sector("E1").Revealed = true
	s = sit(mustValid(t, b.build()))
	s.Config = noTokens()
	d = endTurn(t, s, nil)
	if len(d.Plays) != 1 || d.Plays[0].Priority != "P3 Lights out" || d.Plays[0].Move.Steps != 0 {
		t.Errorf("0-step: %+v", d.Plays)
	}
}

// P4: the nearest Creature 2+ away steps along a shortest path, keeping
// Unrevealed, into the Dark, onto path*.
func TestAdvancePolicy(t *testing.T) {
	b := station().creature("w", Worm, "S3").creature("x", Worm, "U4")
	s := sit(mustValid(t, b.build()))
	s.Config = noTokens()
	s.Config.Tokens[Worm] = 2
	d := endTurn(t, s, nil)
	if len(d.Plays) != 1 || d.Plays[0].Priority != "P4 Advance" || d.Plays[0].Move.Creature != "w" || d.Plays[0].Move.To != "S2" {
		t.Fatalf("plays %+v", d.Plays)
	}
	if d.Plays[0].Said.Direction != South {
		t.Errorf("noise from S2 comes from the south: %+v", d.Plays[0].Said)
	}
	// Prefer a step that stays Unrevealed: from E3 toward the Hero both E2
	// (Revealed) and U5 are not both shortest, so test with a square.
	b = newMap().sec("H", 1, revealed).sec("A", 1, revealed).sec("B", 1).sec("Z", 1).sec("P", 2).sec("Q", 2).sec("P2", 2).sec("Q2", 2)
	b.link("H", East, "A").link("H", South, "B").link("A", South, "Z").link("B", East, "Z").
		link("P", East, "Q").link("P2", East, "Q2").stairs("Z", "P", "red").stairs("A", "P2", "blue")
	b.creature("c", Cultist, "Z") // 0.67 expected, no scare: no Strike
	s = sit(mustValid(t, b.hero("H").build()))
	s.Config = noTokens()
	s.Config.Tokens[Cultist] = 1
	d = endTurn(t, s, nil)
	if d.Plays[0].Move.To != "B" {
		t.Errorf("stays Unrevealed: %+v", d.Plays[0].Move)
	}
}

// P5: nothing qualifies.
func TestPlayNothing(t *testing.T) {
	s := sit(mustValid(t, station().build()))
	s.Config = noTokens()
	s.Config.Tokens[Worm] = 0
	if d := endTurn(t, s, nil); len(d.Plays) != 0 || d.Track.Used != 0 {
		t.Errorf("plays %+v", d.Plays)
	}
}

// Noise ties: not the first step of path*, then the seeded Rand.
func TestChooseNoise(t *testing.T) {
	m := mustValid(t, station().build())
	n := Noise{Source: "X", Kind: NoiseDirection, Directions: []Dir{East, South}}
	var tr automa.Trace
	msg := ChooseNoise(m, n, []string{"L", "E1"}, &tr, &automa.Fixed{})
	if msg.Direction != South {
		t.Errorf("not on path*: %+v", msg)
	}
	msg = ChooseNoise(m, n, nil, &tr, &automa.Fixed{1})
	if msg.Direction != South || tr.Steps[len(tr.Steps)-1].Die == "" {
		t.Errorf("seeded pick: %+v", msg)
	}
	msg = ChooseNoise(m, n, nil, &tr, &automa.Fixed{0})
	if msg.Direction != East {
		t.Errorf("seeded pick 0: %+v", msg)
	}
	for _, k := range []NoiseKind{NoiseOtherLevel, NoiseHere} {
		if msg := ChooseNoise(m, Noise{Kind: k}, nil, &tr, &automa.Fixed{}); msg.Say == "" || msg.Direction != "" {
			t.Errorf("%s: %+v", k, msg)
		}
	}
	if msg := ChooseNoise(m, Noise{Kind: NoiseNotHeard}, nil, &tr, &automa.Fixed{}); msg.Kind != "silence" {
		t.Errorf("not heard: %+v", msg)
	}
}

// Attack order: higher E[dmg] first, exact ties by the Rand (AMB-6).
func TestAttackOrder(t *testing.T) {
	at := []Attack{{Creature: "p", Expected: 0.67}, {Creature: "w", Expected: 1}, {Creature: "q", Expected: 0.67}}
	got, tr := AttackOrder(at, DefaultSettings(), &automa.Fixed{1})
	if got[0].Creature != "w" || got[1].Creature != "q" || got[2].Creature != "p" || tr.Steps[0].Die == "" {
		t.Errorf("order %+v", got)
	}
	set := DefaultSettings()
	set.CombineCreatureAttacks = true
	_, tr = AttackOrder(at[:1], set, &automa.Fixed{})
	if !strings.Contains(tr.Steps[0].Result, "combined") {
		t.Errorf("combined: %+v", tr.Steps[0])
	}
}

// §4.11 and the §7.4 placement: never the Hero's Sector, LoS or a Sector
// with a token; the score; the Level cap moves the farthest token; tokens
// with nowhere to go return (AMB-16).
func TestPlaceDanger(t *testing.T) {
	b := station()
	b.m.Sector("E1").Revealed = true
	b.m.Sector("S3").Danger = true
	m := mustValid(t, b.build())
	p, tr, err := PlaceDanger(m, 2, []string{"C"}, &Seeded{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	// C is on path* at distance 2: 4 + 2 + 1 = 7, the best; then E2/S2/U1
	// (2 ≤ d ≤ 4, Dark) score 3.
	if p.Place[0] != "C" || len(p.Place) != 2 || len(tr.Steps) != 2 {
		t.Fatalf("placed %v", p.Place)
	}
	for _, id := range p.Place {
		if id == "L" || id == "E1" || id == "S3" {
			t.Errorf("illegal Sector %s", id)
		}
		if m.CheckDangerPlacement(id) != nil {
			t.Errorf("V28 refuses %s", id)
		}
	}
	if p.Place[1] != "E2" && p.Place[1] != "S2" && p.Place[1] != "E3" && p.Place[1] != "U1" && p.Place[1] != "U2" && p.Place[1] != "U5" && p.Place[1] != "R" {
		t.Errorf("second %v", p.Place)
	}
	if m.CheckDangerPlacement("L") == nil || m.CheckDangerPlacement("E1") == nil || m.CheckDangerPlacement("S3") == nil || m.CheckDangerPlacement("zz") == nil {
		t.Error("V28")
	}
	// Level cap: with 8 on Level 1 the farthest is moved first.
	b = newMap().sec("H", 1, revealed)
	prev := "H"
	for i := 1; i <= 10; i++ {
		id := fmt.Sprintf("A%d", i)
		b.sec(id, 1)
		b.link(prev, East, id)
		prev = id
	}
	b.sec("P", 2).sec("Q", 2).sec("P2", 2).sec("Q2", 2).link("P", East, "Q").link("P2", East, "Q2").
		stairs("A9", "P", "red").stairs("A10", "P2", "blue")
	for i := 3; i <= 10; i++ {
		b.m.Sector(fmt.Sprintf("A%d", i)).Danger = true
	}
	b.m.Sector("A1").Revealed = true
	cm := mustValid(t, b.hero("H").build())
	if cm.CheckDangerPlacement("A2") == nil {
		t.Error("V28: 9th on a Level")
	}
	p, _, _ = PlaceDanger(cm, 1, nil, &Seeded{Seed: 1})
	// A2 (distance 2, Dark) scores 3; Level 2's P/Q score at most 1.
	if !reflect.DeepEqual(p.Place, []string{"A2"}) || !reflect.DeepEqual(p.Remove, []string{"A10"}) {
		t.Errorf("cap: place %v remove %v", p.Place, p.Remove)
	}
	if p.Map.DangerOnLevel(1) != 8 {
		t.Error("still 8 on the Level")
	}
	// Nowhere legal: returned.
	b = newMap().sec("H", 1, revealed).sec("A", 1, revealed).sec("P", 2, danger).sec("Q", 2, danger).sec("P2", 2, danger).sec("Q2", 2, danger)
	b.link("H", East, "A").stairs("H", "P", "red").stairs("A", "P2", "blue").link("P", East, "Q").link("P2", East, "Q2")
	p, _, _ = PlaceDanger(mustValid(t, b.hero("H").build()), 2, nil, &Seeded{})
	if p.Returned != 2 || len(p.Place) != 0 {
		t.Errorf("returned %+v", p)
	}
}

func TestTileToReuse(t *testing.T) {
	b := station().hero("S1")
	for _, id := range []string{"S1", "L", "E1", "U2"} {
		b.m.Sector(id).Revealed = true
	}
	m := b.build()
	id, tr, err := TileToReuse(m, ShapeCorridor, &automa.Fixed{1})
	if err != nil || id != "U2" || tr.Steps[0].Die == "" {
		t.Errorf("tie by Rand: %s %v", id, err)
	}
	if _, _, err := TileToReuse(m, ShapeRoom, &automa.Fixed{}); err == nil {
		t.Error("no room tile")
	}
}

// §4.1 refill split by the deck rules (V15).
func TestRefill(t *testing.T) {
	d, _, err := Refill(EvilHands{Players: 1, Hands: []int{7}, Decks: [2]string{"fury", "terror"}, Left: [2]int{5, 1}}, &automa.Fixed{})
	if err != nil || d[0].From != [2]int{3, 0} {
		t.Errorf("1 player: %+v %v", d, err)
	}
	d, _, _ = Refill(EvilHands{Players: 1, Hands: []int{8}, Decks: [2]string{"fury", "terror"}, Left: [2]int{4, 4}}, &automa.Fixed{1, 0})
	if d[0].From != [2]int{1, 1} {
		t.Errorf("ties by Rand: %+v", d)
	}
	d, _, _ = Refill(EvilHands{Players: 2, Hands: []int{2, 7}, Decks: [2]string{"fury", "terror"}}, &automa.Fixed{})
	if d[0].From != [2]int{4, 0} || d[1].Discard != 1 {
		t.Errorf("2 players: %+v", d)
	}
	d, _, _ = Refill(EvilHands{Players: 3, Hands: []int{0, 2, 3}, Decks: [2]string{"fury", "terror"}, Left: [2]int{1, 9}}, &automa.Fixed{})
	if d[0].From != [2]int{4, 0} || d[1].From != [2]int{0, 2} || d[2].From != [2]int{0, 1} {
		t.Errorf("3 players: %+v", d)
	}
	for _, bad := range []EvilHands{
		{Players: 4, Hands: []int{1, 1, 1, 1}, Decks: [2]string{"a", "b"}},
		{Players: 2, Hands: []int{1}, Decks: [2]string{"a", "b"}},
		{Players: 1, Hands: []int{1}, Decks: [2]string{"a", "a"}},
		{Players: 1, Hands: []int{-1}, Decks: [2]string{"a", "b"}},
	} {
		if _, _, err := Refill(bad, &automa.Fixed{}); err == nil {
			t.Errorf("accepted %+v", bad)
		}
	}
}

func TestEvilRoll(t *testing.T) {
	r, tr := EvilRoll(4, true, DefaultConfig(), &automa.Fixed{0, 1, 2, 1})
	if !reflect.DeepEqual(r.Faces, []Face{Hit, Special, Blank, Special}) || r.Hits != 3 || tr.Steps[0].Die == "" {
		t.Errorf("roll %+v", r)
	}
	r, _ = EvilRoll(4, false, DefaultConfig(), &automa.Fixed{0, 1, 2, 1})
	if r.Hits != 1 {
		t.Errorf("no Danger: %+v", r)
	}
}

// AMB-5: the Dangerous check.
func TestDangerous(t *testing.T) {
	b := station()
	b.m.Sector("E1").Danger = true
	b.m.Sector("E1").Revealed = true
	m := b.hero("E1").build()
	set := DefaultSettings()
	if !m.Dangerous("L", set) {
		t.Error("at resolution: the Hero's Sector E1 holds Danger")
	}
	set.DangerousCheck = AtActionStart
	if m.Dangerous("L", set) {
		t.Error("at action start: L had none")
	}
}

func TestLegalSpawnsAndMoves(t *testing.T) {
	m := mustValid(t, station().creature("p", Parasite, "E2").build())
	sp := m.LegalSpawns([]CreatureType{Spore}, 0, false, DefaultConfig(), DefaultSettings())
	var ids []string
	for _, s := range sp {
		ids = append(ids, s.Sector)
	}
	if !reflect.DeepEqual(ids, []string{"E3", "S3", "U2", "U3", "U4", "U5", "I"}) {
		t.Errorf("spore spawns %v", ids)
	}
	mv, err := m.LegalMoves("p", 2, false, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	var to []string
	for _, r := range mv {
		to = append(to, r.To)
	}
	if !reflect.DeepEqual(to, []string{"E2", "E1", "E3", "L", "U5"}) {
		t.Errorf("moves %v", to)
	}
	if _, err := m.LegalMoves("zz", 1, false, DefaultConfig()); err == nil {
		t.Error("unknown creature")
	}
}

// The same situation and seed give the same decision and trace.
func TestEvilDeterministic(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		a := decideJSON(t, fullMap(6, 6), seed)
		b := decideJSON(t, fullMap(6, 6), seed)
		if a != b {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
}

func decideJSON(t *testing.T, m *Map, seed uint64) string {
	s := sit(m)
	s.Goals = []string{"L2-3-3"}
	d, tr, err := EndOfTurn(s, &Seeded{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(struct {
		D EndOfTurnDecision
		T automa.Trace
	}{d, tr})
	return string(b)
}

// Property: over many Maps, Hero positions, Turns and Track states, every
// play the policy makes is legal: the Reaction limit and spaces (§4.2), the
// Hand, each move by A7 with the cards' range, each Spawn by §4.5, and the
// Map after still valid.
func TestEvilPlaysAreLegal(t *testing.T) {
	cfg := DefaultConfig()
	n := 0
	for w := 3; w <= 6; w++ {
		base := fullMap(w, 5)
		for hi := 0; hi < len(base.Sectors); hi += 3 {
			m := base.Clone()
			m.Hero = m.Sectors[hi].ID
			m.RevealSector(m.Hero)
			// Creatures stand only where the rules let them: settle reveals.
			for i := range m.Creatures {
				m.Creatures[i].Revealed = m.Sector(m.Creatures[i].Sector).Revealed
			}
			if m.Validate(cfg) != nil {
				continue
			}
			for turn := 1; turn <= 8; turn += 3 {
				for _, used := range []int{0, 4, 7, 9} {
					for played := 0; played <= 1; played++ {
						s := sit(m)
						s.Turn, s.Track = turn, ReactionTrack{Used: used, PlayedThisTurn: played}
						s.Goals = []string{base.Sectors[(hi*7)%len(base.Sectors)].ID}
						d, _, err := EndOfTurn(s, &Seeded{Seed: uint64(n)})
						n++
						if err != nil {
							t.Fatal(err)
						}
						checkPlays(t, s, d)
					}
				}
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d situations", n)
	}
}

func checkPlays(t *testing.T, s Situation, d EndOfTurnDecision) {
	t.Helper()
	tr := s.Track
	cur := s.Map.Clone()
	for _, p := range d.Plays {
		for i := 0; i < p.Cards; i++ {
			if err := tr.CheckPlay(true, s.Config); err != nil {
				t.Fatalf("illegal card: %v (%+v)", err, p)
			}
			tr = tr.Play()
		}
		switch p.Kind {
		case "move":
			r, err := cur.CheckMove(p.Move.Creature, p.Move.Path, p.Cards, s.Hero.Nightmare, s.Config)
			if err != nil {
				t.Fatalf("illegal move %+v: %v", p.Move, err)
			}
			cur.ApplyMove(r)
		case "spawn":
			sc, err := cur.CheckSpawn(p.Spawn.Type, p.Spawn.Sector, 0, s.Hero.Nightmare, s.Config, s.Settings)
			if err != nil {
				t.Fatalf("illegal spawn %+v: %v", p.Spawn, err)
			}
			if cur.Sector(p.Spawn.Sector).Revealed || cur.InLineOfSight(cur.Hero, p.Spawn.Sector) {
				t.Fatalf("spawned in sight %+v", p.Spawn)
			}
			cur.ApplySpawn(p.SpawnID, sc)
		}
		if p.Priority != "P1 Strike" && tr.Used > pacingBudget(s.Config, s.Turn, s.Settings) {
			t.Fatalf("pacing broken: %+v", p)
		}
	}
	if tr != d.Track {
		t.Fatalf("track %+v, decision says %+v", tr, d.Track)
	}
	if err := d.Map.Validate(s.Config); err != nil {
		t.Fatalf("map after the plays: %v", err)
	}
}
