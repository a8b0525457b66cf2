package phantom

import (
	"fmt"
	"testing"
)

func TestEventDeck(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd())
	refused(t, s, BuildEventDeck{Early: []string{"1", "2", "3", "4"}, Late: []string{"20"}}, "V-24")
	refused(t, s, BuildEventDeck{Early: []string{"1", "2", "3", "4", "4"}, Late: []string{"20"}}, "V-24")
	early := []string{"1", "2", "3", "4", "5", "6", "7"}
	do(t, s, BuildEventDeck{Early: early, Late: []string{"20", "21"}})
	m := st(s).Mission
	if len(m.Events) != 7 || !contains(m.LateEvents, "20") {
		t.Fatalf("deck %v", m.Events)
	}
	for i, id := range m.Events {
		if (i < 5) != contains(early, id) {
			t.Fatalf("five Round 1-5 cards on top of the Round 6+ cards: %v", m.Events)
		}
	}
	refused(t, s, DrawEvent{}, "§11")
	for r := 1; r <= 9; r++ {
		playRound(t, s, roundCards(r), "", false, DrawEvent{})
		refused(t, s, DrawEvent{}, "§11")
	}
	// 7 cards, then the 2 Round 6+ cards reshuffled.
	if m := st(s).Mission; m.Event == "" || !contains(m.LateEvents, m.Event) {
		t.Fatalf("round 9 event %q", m.Event)
	}
}

// roundCards selects a different card each round, so the hand lasts.
func roundCards(r int) map[string][]string {
	return map[string][]string{"Ana": {fmt.Sprintf("W%d", r)}, "Bo": {fmt.Sprintf("H%d", r)}}
}

func TestEventDeckWithoutReshuffle(t *testing.T) {
	s := withContent(t)
	set := DefaultSettings()
	set.EventDeckReshuffle = false
	do(t, s, ChangeSettings{Settings: set}, startCmd(), BuildEventDeck{Early: []string{"1", "2", "3", "4", "5"}, Late: []string{"20"}})
	for r := 1; r <= 6; r++ {
		playRound(t, s, roundCards(r), "", false, DrawEvent{})
	}
	do(t, s, BeginRound{})
	refused(t, s, DrawEvent{}, "A-33")
	refused(t, s, DrawEvent{Card: "99"}, "A-33")
}

func TestStandaloneTraining(t *testing.T) {
	s := withContent(t)
	refused(t, s, StandaloneTraining{Tier: 5, Characters: []string{"Cy"}}, "V-25")
	do(t, s, SaveContent{Kind: KindAttachment, Data: raw(Attachment{ID: "T1-5", Tier: 1, Type: "melee", Broken: true})})
	do(t, s, StandaloneTraining{Tier: 1, Characters: []string{"Cy"}})
	cy := st(s).Characters["Cy"]
	draws := st(s).Sheet.TrainingDraws["Cy"]
	if cy.Nova != 15 || cy.SP != 3 || len(draws) != 4 || contains(draws, "T1-5") {
		t.Fatalf("Cy %+v, draws %v", cy, draws)
	}
	refused(t, s, StandaloneTraining{Tier: 1, Characters: []string{"Cy"}}, "§14.3")
	refused(t, s, KeepTrainingAttachments{Character: "Cy", Keep: draws[:3]}, "§14.3")
	refused(t, s, KeepTrainingAttachments{Character: "Cy", Keep: []string{"T2-1"}}, "§14.3")
	do(t, s, KeepTrainingAttachments{Character: "Cy", Keep: draws[:2]})
	if len(st(s).Characters["Cy"].Attachments) != 3 || len(st(s).Sheet.AttachmentDecks[1]) != 3 {
		t.Fatalf("kept 2; deck %v", st(s).Sheet.AttachmentDecks[1])
	}
	// Any planet's shop up to the tier, until the next mission.
	do(t, s, BuyEquipment{Character: "Cy", Equipment: "Visor"})
	refused(t, s, BuyEquipment{Character: "Cy", Equipment: "Boots"}, "V-16")
}
