package alone

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// oldEvent is e as decided before rules revision 1: its op without the
// revision.
func oldEvent(t *testing.T, e tracker.Event) tracker.Event {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(e.Payload, &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m["rules"]; !ok {
		t.Fatalf("%s carries no rules revision", e.Kind)
	}
	delete(m, "rules")
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	e.Payload = b
	return e
}

// Issue 15 item 4: a Reaction triggered by Life damage "can be triggered
// whenever you are taking damage" (Hero Compendium); a Creature in the
// Hero's Sector attacks at the end of a Turn (Evil Compendium). So the
// damage of the end-of-Turn attack stays answerable until the next Turn
// starts, within the Turn's 2 Reactions; nothing else does.
func TestDamageReactionAnswersTheEndOfTurnAttack(t *testing.T) {
	s := assist(t, alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-00"})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	end := do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, B)}}})
	if st(s).Life != 11 {
		t.Fatalf("Life %d after 1 hit", st(s).Life)
	}
	life := ReactionPlay{Player: 0, Allowed: true, Trigger: TriggerLife, Card: "Bleed", Spawn: &SpawnSpec{Type: alone.Worm, Sector: "2-22"}}
	refused(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: "locate", Card: "Seek", Spawn: &SpawnSpec{Type: alone.Worm, Sector: "2-22"}}}, "§8 V13")
	refused(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: TriggerSC, Card: "Fear", Spawn: &SpawnSpec{Type: alone.Worm, Sector: "2-22"}}}, "§8 V13")
	refused(t, s, PlayReaction{ReactionPlay{Player: 0, Spawn: &SpawnSpec{Type: alone.Worm, Sector: "2-22"}}}, "§8 V13")
	e := do(t, s, PlayReaction{life})
	if !strings.Contains(s.Describe(e), "Turn 1: Allowed Reaction “Bleed”") || len(st(s).Track) != 1 || st(s).Track[0].Turn != 1 {
		t.Fatalf("the Reaction belongs to Turn 1: %q, track %+v", s.Describe(e), st(s).Track)
	}
	// The Turn's 2 Reactions hold: a combo card, then nothing more.
	do(t, s, PlayReaction{life})
	refused(t, s, PlayReaction{life}, "§8 V13")
	// The next Turn starts: the trigger is gone.
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	refused(t, s, PlayReaction{life}, "§8 V13")

	// The old log: the end of Turn decided before revision 1 cleared the
	// trigger, and replays as played.
	s2 := assist(t, alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-00"})
	do(t, s2, StartTurn{})
	do(t, s2, Declare{Action: Locate})
	do(t, s2, Resolve{})
	before := st(s2).clone()
	got, err := Rules{}.Apply(before, oldEvent(t, end))
	if err != nil {
		t.Fatal(err)
	}
	if g := got.(*State); g.T.Over || len(g.T.Triggers) != 0 || g.Life != 11 {
		t.Fatalf("an old end of Turn replays with flags %+v", g.T)
	}
}

// No damage, no late trigger: the end of a Turn whose attacks missed (or
// went to the Companion) leaves nothing to answer.
func TestNoLateReactionWithoutDamage(t *testing.T) {
	s := assist(t, alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-00"})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(B, B)}}})
	refused(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: TriggerLife, Card: "Bleed", Spawn: &SpawnSpec{Type: alone.Worm, Sector: "2-22"}}}, "§8 V13")
}

// Issue 15 item 6, old logs: a move decided before revision 1 replays as
// played, Communicating the move's end.
func TestOldRevealCommunicationReplays(t *testing.T) {
	m := withCreatures(alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-20"})
	m.Sector("1-10").Revealed = true
	s := mapped(t, Assist, m)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	before := st(s).clone()
	e := do(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: "locate", Card: "Rush",
		Move: &MoveSpec{Creature: "parasite-1", Path: []string{"1-10", "1-00"}, Range: 2}}})
	got, err := Rules{}.Apply(before, oldEvent(t, e))
	if err != nil {
		t.Fatal(err)
	}
	h := got.(*State).Heard
	if len(h) == 0 || !strings.Contains(h[0].Say, "Revealed in Level 1, 1-00,") {
		t.Fatalf("an old move replays with %+v", h)
	}
}
