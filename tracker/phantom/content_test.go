package phantom

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/automa/phantom"
)

func TestContentValidation(t *testing.T) {
	rows := []struct {
		name string
		kind ContentKind
		id   string
		data any
		want string
	}{
		{"no name", KindAdversary, "", phantom.AdversaryType{Species: "G", Class: "C", Difficulty: 1, HP: 1, Range: 1}, "name"},
		{"difficulty 0", KindAdversary, "", phantom.AdversaryType{Name: "X", Species: "G", Class: "C", HP: 1, Range: 1}, "V-25"},
		{"bad crit", KindAdversary, "", phantom.AdversaryType{Name: "X", Species: "G", Class: "C", Difficulty: 1, HP: 1, Range: 1, Crit: phantom.CritAbility{Inflict: []string{"Sleepy"}}}, "condition"},
		{"species card without deck", KindSpeciesCard, "S1", SpeciesCard{Card: phantom.Card{AP: 1}}, "deck"},
		{"bad action", KindSpeciesCard, "S1", SpeciesCard{Species: "G", Card: phantom.Card{AP: 1, Actions: []phantom.Action{{Kind: "dance"}}}}, "action kind"},
		{"three rows", KindClassCard, "C1", ClassCard{Class: "C", Card: phantom.ClassCard{Rows: make([]phantom.ClassRow, 3)}}, "4 colour rows"},
		{"rows out of order", KindClassCard, "C1", ClassCard{Class: "C", Card: phantom.ClassCard{Rows: []phantom.ClassRow{
			{Colour: "red", Card: phantom.Card{AP: 3}}, {Colour: "yellow", Card: phantom.Card{AP: 1}}, {Colour: "dark blue", Card: phantom.Card{AP: 4}}, {Colour: "light blue", Card: phantom.Card{AP: 5}}}}}, "ascending"},
		{"colour twice", KindClassCard, "C1", ClassCard{Class: "C", Card: phantom.ClassCard{Rows: []phantom.ClassRow{
			{Colour: "red"}, {Colour: "red"}, {Colour: "dark blue"}, {Colour: "light blue"}}}}, "two rows"},
		{"boss without HP", KindBoss, "", phantom.BossBoard{Name: "B", Range: [3]int{1, 1, 1}}, "A-29"},
		{"boss card #4", KindBossCard, "K1", phantom.BossCard{Actions: []int{4}}, "1–3"},
		{"empty boss card", KindBossCard, "K1", phantom.BossCard{}, "action numbers"},
		{"species without AP", KindSpecies, "", Species{Name: "Human", HP: 5}, "max AP"},
		{"class without range", KindClass, "", ClassBoard{Name: "Warrior"}, "base range"},
		{"card without class", KindActionCard, "", ActionCard{ID: "X1", AP: 1}, "class"},
		{"equipment tier 4", KindEquipment, "", Equipment{ID: "E", Tier: 4, Planet: "Berkav", Slot: "head"}, "V-25"},
		{"equipment planet", KindEquipment, "", Equipment{ID: "E", Tier: 1, Planet: "Mars", Slot: "head"}, "planet"},
		{"equipment slot", KindEquipment, "", Equipment{ID: "E", Tier: 1, Planet: "Berkav", Slot: "hand"}, "slot"},
		{"attachment tier 5", KindAttachment, "", Attachment{ID: "A", Tier: 5, Type: "melee"}, "V-25"},
		{"attachment type", KindAttachment, "", Attachment{ID: "A", Tier: 1, Type: "laser"}, "type"},
		{"mission difficulty", KindMission, "", MissionInfo{ID: "M"}, "V-25"},
		{"mission fame planet", KindMission, "", MissionInfo{ID: "M", Difficulty: 1, Fame: map[string]int{"Mars": 1}}, "planet"},
		{"map without id", KindMap, "", json.RawMessage(testMap()), "id"},
		{"map duplicate label", KindMap, "m", json.RawMessage(`{"spaces": [{"label": "A", "q": 0, "r": 0}, {"label": "A", "q": 1, "r": 0}]}`), "A"},
		{"unknown field", KindSpecies, "", map[string]any{"name": "Human", "hp": 5, "maxAp": 5, "colour": "red"}, "unknown field"},
		{"unknown kind", "dragon", "x", map[string]any{}, "kind of content"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			_, _, err := direct(newState(), SaveContent{Kind: r.kind, ID: r.id, Data: raw(r.data)}, 1)
			if err == nil || !strings.Contains(err.Error(), r.want) {
				t.Fatalf("got %v, want an error mentioning %q", err, r.want)
			}
		})
	}
}

func TestContentEditRemoveAndInUse(t *testing.T) {
	s := withContent(t)
	do(t, s, SaveContent{Kind: KindSpecies, Data: raw(Species{Name: "Lypran", HP: 8, MaxAP: 7})})
	e, _ := s.Do(SaveContent{Kind: KindSpecies, Data: raw(Species{Name: "Lypran", HP: 9, MaxAP: 7})})
	if !strings.HasPrefix(s.Describe(e), "Edited") || st(s).Content.Species["Lypran"].HP != 9 {
		t.Fatalf("edit: %q", s.Describe(e))
	}
	do(t, s, RemoveContent{Kind: KindSpecies, ID: "Lypran"})
	refused(t, s, RemoveContent{Kind: KindSpecies, ID: "Lypran"}, "§15")
	refused(t, s, RemoveContent{Kind: KindSpecies, ID: "Human"}, "§15") // Ana is Human
	refused(t, s, RemoveContent{Kind: KindActionCard, ID: "W1"}, "§15")
	do(t, s, startCmd())
	refused(t, s, RemoveContent{Kind: KindAdversary, ID: AdversaryKey("Grallok Berserker", 1)}, "§15")
	refused(t, s, SaveContent{Kind: KindClassCard, ID: "B1", Data: raw(st(s).Content.ClassCards["B2"])}, "§15")
	refused(t, s, RemoveContent{Kind: KindMission, ID: "Berkav-1"}, "§15")
	do(t, s, RemoveContent{Kind: KindAdversary, ID: AdversaryKey("Grallok Archer", 1)})
}

func TestContentExportImport(t *testing.T) {
	s := withContent(t)
	data, err := ExportContent(st(s))
	if err != nil {
		t.Fatal(err)
	}
	fresh, _ := newSession(t)
	do(t, fresh, ImportContent{Data: data})
	if a, b := jsonOf(t, st(s).Content), jsonOf(t, st(fresh).Content); a != b {
		t.Fatalf("content differs after import:\n%s\n%s", a, b)
	}
	// One bad entry refuses the whole file: nothing changes.
	var f map[string]any
	_ = json.Unmarshal(data, &f)
	entries := f["entries"].([]any)
	entries[len(entries)-1].(map[string]any)["data"] = map[string]any{"id": "Broken", "difficulty": 0}
	bad, _ := json.Marshal(f)
	other, _ := newSession(t)
	_, err = other.Do(ImportContent{Data: bad})
	if err == nil || !strings.Contains(err.Error(), "entry") {
		t.Fatalf("want a refusal naming the entry, got %v", err)
	}
	if len(st(other).Content.Maps) != 0 {
		t.Fatal("a refused import must change nothing")
	}
	for _, junk := range []string{`{}`, `[]`, `{"format": "other", "version": 1}`, `{"format": "` + ContentFormat + `", "version": 9}`} {
		if _, err := other.Do(ImportContent{Data: json.RawMessage(junk)}); err == nil {
			t.Fatalf("%s was imported", junk)
		}
	}
}

func TestDiceFaces(t *testing.T) {
	for _, c := range []SetDice{
		{DecisionDie: []phantom.Face{{Colour: "green", Primary: "N", Secondary: "E"}}},
		{DecisionDie: []phantom.Face{{Colour: "red", Primary: "Q", Secondary: "E"}}},
		{Basic: []string{"1", "seven"}},
		{Accuracy: []string{"maybe"}},
	} {
		if _, _, err := direct(newState(), c, 1); err == nil {
			t.Fatalf("%+v accepted", c)
		}
	}
	out, _, err := direct(newState(), SetDice{DecisionDie: []phantom.Face{{Colour: "Dark-Blue", Primary: "north", Secondary: "e"}}}, 1)
	if err != nil || out.Content.DecisionDie[0] != (phantom.Face{Colour: phantom.DarkBlue, Primary: "N", Secondary: "E"}) {
		t.Fatalf("faces not normalised: %v %+v", err, out.Content.DecisionDie)
	}
}

func FuzzImportContent(f *testing.F) {
	s := newState()
	for _, c := range contentCommands() {
		if sc, ok := c.(SaveContent); ok {
			next, _, err := direct(s, sc, 1)
			if err == nil {
				s = next
			}
		}
	}
	data, _ := ExportContent(s)
	f.Add(data)
	f.Add([]byte(`{"format": "` + ContentFormat + `", "version": 1, "entries": []}`))
	f.Add([]byte(`{"format": "` + ContentFormat + `", "version": 1, "entries": [{"kind": "map", "id": "m", "data": {"spaces": [{"label": "A", "q": 0, "r": 0}]}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		// Never a panic; a refusal or an import that survives export again.
		out, _, err := direct(newState(), ImportContent{Data: data}, 1)
		if err != nil {
			return
		}
		if _, err := ExportContent(out); err != nil {
			t.Fatal(err)
		}
	})
}
