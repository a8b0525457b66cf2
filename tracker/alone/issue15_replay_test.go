package alone

import (
	"encoding/json"
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// Issue 15's new paths in one log: a damage Reaction after the end of the
// Turn, a Creature's unblock-only step, rolls by the table and by the app,
// a Companion's share and Nightmare switched off. The log replays from its
// export to the same game, and undo then redo of every event changes
// nothing.
func TestIssue15PathsReplayAndUndo(t *testing.T) {
	s, mem := newSession(t, 15)
	do(t, s, SetupSheet{Sheet: testSheet()})
	m := withCreatures(alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-00"}, alone.Creature{ID: "spore-1", Type: alone.Spore, Sector: "1-21"})
	setBlocked(m, "1-11", alone.East, true)
	do(t, s, startCmd(Assist, m))
	do(t, s, CompanionCmd{Do: "gain", Character: "Engineer"})
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(H, B)}}})
	do(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: TriggerLife, Card: "Bleed", Move: &MoveSpec{Creature: "spore-1", Range: 1, Unblock: "1-11"}}})
	do(t, s, StartTurn{})
	do(t, s, MoveHero{Roll: VirtualDice, Dir: alone.East})
	do(t, s, DealDamage{Kind: alone.LifeDamage, N: 2, CompanionShare: 1, Why: "a card"})
	do(t, s, Correct{Field: "roundMarker", Value: 0, Why: "test"})
	do(t, s, Correct{Field: "nightmare", Value: 0, Why: "the marker was moved by mistake"})
	want, _ := json.Marshal(st(s))

	x, err := tracker.ExportCampaign(mem, s.Campaign().ID, t0)
	if err != nil {
		t.Fatal(err)
	}
	data, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	y, err := tracker.ParseExport(data, tracker.Registry{tracker.Alone: Rules{}})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := tracker.StoreFromExport(y)
	if err != nil {
		t.Fatal(err)
	}
	r, err := tracker.Open(fresh, Rules{}, y.Campaign.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(r.State()); string(got) != string(want) {
		t.Fatal("the exported log replays to another game")
	}
	for s.CanUndo() {
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	for s.CanRedo() {
		if _, err := s.Redo(); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := json.Marshal(st(s)); string(got) != string(want) {
		t.Fatal("undo then redo changed the game")
	}
}
