package alone

import (
	"encoding/json"
	"strings"
	"testing"
)

// §7.4 Allowed-card mode: a triggered card worth more than the Standard
// play replaces it; Instants and untriggered cards wait; the Dangerous half
// counts when the Hero's Sector holds Danger (AMB-5 decides which Sector).
func TestAllowedCards(t *testing.T) {
	terror := ReactionCard{ID: "t1", Deck: "terror", Trigger: TriggerMove, Effect: []CardOp{{Op: "damage", Kind: SCDamage, N: 2}},
		Dangerous: []CardOp{{Op: "damage", Kind: SCDamage, N: 2}}}
	fury := ReactionCard{ID: "f1", Deck: "fury", Trigger: TriggerFight, Effect: []CardOp{{Op: "attackDice", N: 1}}}
	speed := ReactionCard{ID: "s1", Deck: "speed", Trigger: TriggerMove, Effect: []CardOp{{Op: "move", Range: 3}}}
	instant := ReactionCard{ID: "i1", Trigger: TriggerMove, Instant: true, Effect: []CardOp{{Op: "damage", Kind: LifeDamage, N: 5}}}

	// No Creature near: the Standard play is a Spawn (value 0); the
	// triggered Terror card (2) is played instead; the Instant waits.
	s := sit(mustValid(t, station().build()))
	s.Cards, s.Triggers = []ReactionCard{terror, fury, instant}, []Trigger{TriggerMove}
	d := endTurn(t, s, nil)
	if len(d.Plays) != 1 || d.Plays[0].Kind != "card" || d.Plays[0].Card.ID != "t1" || d.Plays[0].Value != 2 {
		t.Fatalf("plays %+v", d.Plays)
	}
	// The Dangerous half doubles it with Danger in the Hero's Sector.
	b := station()
	b.m.Sector("L").Danger = true
	s.Map = mustValid(t, b.build())
	d = endTurn(t, s, nil)
	if d.Plays[0].Value != 4 {
		t.Errorf("dangerous: %+v", d.Plays[0])
	}
	// atActionStart: the Action began in E1, which has no Danger.
	s.Settings.DangerousCheck, s.ActionStart = AtActionStart, "E1"
	d = endTurn(t, s, nil)
	if d.Plays[0].Value != 2 {
		t.Errorf("AMB-5 at action start: %+v", d.Plays[0])
	}
	// A Worm strike (value 3) beats the 2-point card.
	s = sit(mustValid(t, station().creature("w", Worm, "E1").build()))
	s.Cards, s.Triggers = []ReactionCard{terror}, []Trigger{TriggerMove}
	d = endTurn(t, s, nil)
	if d.Plays[0].Kind != "move" || d.Plays[0].Priority != "P1 Strike" {
		t.Errorf("strike kept: %+v", d.Plays[0])
	}
	// A 3-range move card brings a Worm from E3: 1 + 2 scare, beating a
	// Spawn; the move comes with the card.
	s = sit(mustValid(t, station().creature("w", Worm, "E3").build()))
	s.Cards, s.Triggers = []ReactionCard{speed}, []Trigger{TriggerMove}
	d = endTurn(t, s, nil)
	if d.Plays[0].Kind != "card" || d.Plays[0].Move == nil || d.Plays[0].Move.To != "L" || d.Map.Creature("w").Sector != "L" {
		t.Errorf("move card: %+v", d.Plays[0])
	}
	if len(s.Cards) != 1 {
		t.Error("the input hand must not change")
	}
	// Attack dice count only with a Creature in the Hero's Sector.
	s = sit(mustValid(t, station().creature("w", Worm, "L", func(c *Creature) {}).build()))
	s.Map.Creature("w").Revealed = true
	s.Cards, s.Triggers = []ReactionCard{fury}, []Trigger{TriggerFight}
	s.Turn, s.Track = 1, ReactionTrack{Used: 1}
	d = endTurn(t, s, nil)
	if len(d.Plays) != 0 {
		t.Errorf("+1 die (0.33) is below the threshold and pacing forbids it: %+v", d.Plays)
	}
	s.Turn = 8
	d = endTurn(t, s, nil)
	if len(d.Plays) != 1 || d.Plays[0].Card == nil || d.Plays[0].Card.ID != "f1" {
		t.Errorf("+1 die within pacing: %+v", d.Plays)
	}
}

func TestCardValidate(t *testing.T) {
	bad := []ReactionCard{
		{Trigger: TriggerMove},
		{ID: "x", Trigger: "dance"},
		{ID: "x", Trigger: TriggerMove, Effect: []CardOp{{Op: "fly"}}},
		{ID: "x", Trigger: TriggerMove, Effect: []CardOp{{Op: "damage", Kind: "fire", N: 1}}},
		{ID: "x", Trigger: TriggerMove, Dangerous: []CardOp{{Op: "move", Range: 99}}},
	}
	for _, c := range bad {
		if c.Validate() == nil {
			t.Errorf("accepted %+v", c)
		}
	}
	s := sit(mustValid(t, station().build()))
	s.Triggers = []Trigger{"dance"}
	if _, _, err := EndOfTurn(s, &Seeded{}); err == nil || !strings.Contains(err.Error(), "triggers") {
		t.Errorf("bad trigger: %v", err)
	}
	s.Triggers, s.ActionStart = nil, "Q"
	if _, _, err := EndOfTurn(s, &Seeded{}); err == nil || !strings.Contains(err.Error(), "actionStart") {
		t.Errorf("bad action start: %v", err)
	}
}

func TestResolveWithCards(t *testing.T) {
	in := with(t, map[string]string{
		"cards":    `[{"id":"t1","deck":"terror","trigger":"move","effect":[{"op":"damage","kind":"sc","n":3}]}]`,
		"triggers": `["move"]`,
	})
	out, err := Resolve(in)
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Result EndOfTurnDecision `json:"result"`
	}
	if err := json.Unmarshal(out, &o); err != nil {
		t.Fatal(err)
	}
	// The card (3) ties the Worm's Strike (3), so the Strike goes first;
	// the card, worth a Strike, follows as the combo.
	p := o.Result.Plays
	if len(p) != 2 || p[0].Priority != "P1 Strike" || p[1].Kind != "card" || o.Result.Track.Used != 5 {
		t.Errorf("plays %+v", p)
	}
}

// Instant cards are judged at their own moment with the same rule.
func TestInstant(t *testing.T) {
	now := ReactionCard{ID: "i1", Trigger: TriggerFight, Instant: true, Timing: "after dice are rolled", Effect: []CardOp{{Op: "damage", Kind: LifeDamage, N: 2}}}
	later := ReactionCard{ID: "i2", Trigger: TriggerFight, Instant: true, Timing: "before Revealing elements", Effect: []CardOp{{Op: "damage", Kind: LifeDamage, N: 3}}}
	end := ReactionCard{ID: "e1", Trigger: TriggerFight, Effect: []CardOp{{Op: "damage", Kind: LifeDamage, N: 4}}}
	s := sit(mustValid(t, station().build()))
	s.Cards, s.Triggers = []ReactionCard{now, later, end}, []Trigger{TriggerFight}
	d, tr, err := Instant(s, "after dice are rolled", &Seeded{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Plays) != 1 || d.Plays[0].Card.ID != "i1" || d.Track.Used != 1 || d.Track.PlayedThisTurn != 1 || len(tr.Steps) < 2 {
		t.Errorf("instant %+v", d.Plays)
	}
	s.Triggers = []Trigger{TriggerMove}
	if d, _, _ := Instant(s, "after dice are rolled", &Seeded{}); len(d.Plays) != 0 {
		t.Errorf("untriggered: %+v", d.Plays)
	}
	s.Triggers, s.Track = []Trigger{TriggerFight}, ReactionTrack{Used: 2, PlayedThisTurn: 2}
	if d, _, _ := Instant(s, "after dice are rolled", &Seeded{}); len(d.Plays) != 0 {
		t.Errorf("limit: %+v", d.Plays)
	}
}
