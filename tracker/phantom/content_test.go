package phantom

import (
	"encoding/json"
	"fmt"
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
		{"bad action", KindSpeciesCard, "S1", SpeciesCard{Species: "G", Card: phantom.Card{AP: 1, Actions: []phantom.Action{{Kind: "dance"}}}}, "action a card prints"},
		{"three rows", KindClassCard, "C1", ClassCard{Class: "C", Card: phantom.ClassCard{Rows: make([]phantom.ClassRow, 3)}}, "4 colour rows"},
		{"rows out of order", KindClassCard, "C1", ClassCard{Class: "C", Card: phantom.ClassCard{Rows: []phantom.ClassRow{
			{Colour: "red", Card: phantom.Card{AP: 3}}, {Colour: "yellow", Card: phantom.Card{AP: 1}}, {Colour: "dark blue", Card: phantom.Card{AP: 4}}, {Colour: "light blue", Card: phantom.Card{AP: 5}}}}}, "lowest AP to the highest"},
		{"colour twice", KindClassCard, "C1", ClassCard{Class: "C", Card: phantom.ClassCard{Rows: []phantom.ClassRow{
			{Colour: "red"}, {Colour: "red"}, {Colour: "dark blue"}, {Colour: "light blue"}}}}, "already on another row"},
		{"boss without HP", KindBoss, "", phantom.BossBoard{Name: "B", Range: [3]int{1, 1, 1}}, "A-29"},
		{"boss card #4", KindBossCard, "K1", phantom.BossCard{Actions: []int{4}}, "#1 to #3"},
		{"empty boss card", KindBossCard, "K1", phantom.BossCard{}, "boss actions it calls"},
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
		{"map without id", KindMap, "", json.RawMessage(testMap()), "give the map a name"},
		{"map duplicate label", KindMap, "m", json.RawMessage(`{"spaces": [{"label": "A", "q": 0, "r": 0}, {"label": "A", "q": 1, "r": 0}]}`), "A"},
		{"unknown field", KindSpecies, "", map[string]any{"name": "Human", "hp": 5, "maxAp": 5, "colour": "red"}, `has a field "colour", which this kind of content does not have`},
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
	if err == nil || !strings.Contains(err.Error(), `Mission "Broken": the difficulty is at least 1`) {
		t.Fatalf("want a refusal naming the piece and its field, got %v", err)
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

// TestContentProblemsNameTheirField: every problem of a piece is found at
// once, each with the field it is about and words without codes.
func TestContentProblemsNameTheirField(t *testing.T) {
	_, _, ps := CheckContent(KindAdversary, "", raw(phantom.AdversaryType{Name: "Mire Lurker", Difficulty: 1}))
	fields := map[string]bool{}
	for _, p := range ps {
		fields[p.Field] = true
		if strings.ContainsAny(p.Why, "§{") || strings.Contains(p.Why, "V-") || strings.Contains(p.Why, "A-2") {
			t.Errorf("a problem in codes: %q", p.Why)
		}
		if !strings.HasPrefix(p.String(), `Adversary description card "Mire Lurker ★1": `) {
			t.Errorf("the problem does not name its card: %q", p.String())
		}
	}
	for _, f := range []string{"species", "class", "hp", "range"} {
		if !fields[f] {
			t.Errorf("no problem for %s: %+v", f, ps)
		}
	}
	rows := []phantom.ClassRow{{Colour: "red", Card: phantom.Card{AP: 2}}, {Colour: "red", Card: phantom.Card{AP: 1, Actions: []phantom.Action{{Kind: phantom.ActGrantCondition}}}},
		{Colour: "yellow", Card: phantom.Card{AP: 3}}, {Colour: "blue", Card: phantom.Card{AP: 4}}}
	_, _, ps = CheckContent(KindClassCard, "K1", raw(ClassCard{Class: "Brute", Card: phantom.ClassCard{Rows: rows}}))
	want := map[string]bool{"card.rows.1.colour": false, "card.rows.1.ap": false, "card.rows.1.actions.0.condition": false, "card.rows.3.colour": false}
	for _, p := range ps {
		if _, ok := want[p.Field]; ok {
			want[p.Field] = true
		}
	}
	for f, ok := range want {
		if !ok {
			t.Errorf("no problem for %s: %+v", f, ps)
		}
	}
}

// TestContentFileProblemsListEveryPiece: a file with several mistakes is
// refused whole, and the refusal names each piece and what is wrong.
func TestContentFileProblemsListEveryPiece(t *testing.T) {
	s := withContent(t)
	data, err := ExportContent(st(s))
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	_ = json.Unmarshal(data, &f)
	entries := f["entries"].([]any)
	var broke []string
	for _, e := range entries {
		e := e.(map[string]any)
		switch e["kind"] {
		case "species":
			e["data"].(map[string]any)["hp"] = 0
			broke = append(broke, `Character species card "Human": HP must be at least 1`)
		case "equipment":
			e["data"].(map[string]any)["slot"] = "hand"
			broke = append(broke, "choose its slot")
		}
	}
	bad, _ := json.Marshal(f)
	set, err := ReadContentFile(bad)
	if err != nil {
		t.Fatal(err)
	}
	msg := set.Err().Error()
	for _, w := range broke {
		if !strings.Contains(msg, w) {
			t.Errorf("the problems do not say %q:\n%s", w, msg)
		}
	}
	other, _ := newSession(t)
	if _, err := other.Do(ImportContent{Data: bad}); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d problems", len(set.Problems))) {
		t.Fatalf("want the import refused with its %d problems, got %v", len(set.Problems), err)
	}
	if _, err := ReadContentFile([]byte(`{"format": "something else", "version": 1}`)); err == nil {
		t.Fatal("another format was read")
	}
}

// TestContentUpdateFromANewerFile: updating from a newer edition adds,
// changes and removes pieces, but keeps (and names) what the campaign
// uses that the file lacks; undo brings the old content back.
func TestContentUpdateFromANewerFile(t *testing.T) {
	s := withContent(t)
	before := jsonOf(t, st(s).Content)
	newer := newState()
	newer.Content = st(s).Content
	newer.Content.fill()
	c := &newer.Content
	// The newer file: Human's HP changed, a new species, the Archer card
	// and the Warrior class (Ana's) gone.
	c.Species = map[string]Species{"Human": {Name: "Human", HP: 11, MaxAP: 6}, "Lypran": {Name: "Lypran", HP: 8, MaxAP: 7}}
	c.Adversaries = map[string]phantom.AdversaryType{}
	for k, v := range st(s).Content.Adversaries {
		if v.Name != "Grallok Archer" {
			c.Adversaries[k] = v
		}
	}
	c.Classes = map[string]ClassBoard{}
	for k, v := range st(s).Content.Classes {
		if k != "Warrior" {
			c.Classes[k] = v
		}
	}
	data, err := ExportContent(newer)
	if err != nil {
		t.Fatal(err)
	}
	set, err := ReadContentFile(data)
	if err != nil || set.Err() != nil {
		t.Fatal(err, set.Err())
	}
	plan := PlanUpdate(st(s), set)
	has := func(l []string, x string) bool {
		for _, y := range l {
			if strings.Contains(y, x) {
				return true
			}
		}
		return false
	}
	if !has(plan.Added, "Lypran") || !has(plan.Changed, `"Human"`) || !has(plan.Removed, "Grallok Archer") || !has(plan.Kept, `Class board "Warrior"`) {
		t.Fatalf("plan: %+v", plan)
	}
	e, err := s.Do(ImportContent{Data: data, Update: true})
	if err != nil {
		t.Fatal(err)
	}
	if line := s.Describe(e); !strings.Contains(line, `kept, as the campaign uses them and the file lacks them: Class board "Warrior"`) {
		t.Fatalf("the diary does not say what was kept: %q", line)
	}
	k := st(s).Content
	if _, ok := k.Classes["Warrior"]; !ok || k.Species["Human"].HP != 11 {
		t.Fatalf("after the update: Human %+v, dice %d", k.Species["Human"], len(k.DecisionDie))
	}
	if _, ok := k.Adversaries[AdversaryKey("Grallok Archer", 1)]; ok {
		t.Fatal("a piece the newer file dropped and nothing uses is still there")
	}
	if _, err := s.Undo(); err != nil || jsonOf(t, st(s).Content) != before {
		t.Fatalf("undo does not bring the old content back: %v", err)
	}
}
