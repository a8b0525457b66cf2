package phantom

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/tracker/trackertest"
)

// Issue 24 item 6: names and IDs of content keep the rules of campaign
// names, and IDs that read the same are one piece. Each refusal changes
// nothing: the log and the content stay as they were.
func TestContentRefusesHostileNamesAndLookAlikes(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, SaveContent{Kind: KindMap, ID: "PRACTICE-RELAY", Data: raw(json.RawMessage(testMap()))},
		SaveContent{Kind: KindSpecies, Data: raw(Species{Name: "Lypran", HP: 8, MaxAP: 7})})
	id := s.Campaign().ID
	unchanged := func(what string) {
		t.Helper()
		if s.LastSeq() != 2 {
			t.Fatalf("%s: %d events, the refusal wrote one", what, s.LastSeq())
		}
		if n := len(st(s).Content.Maps) + len(st(s).Content.Species); n != 2 {
			t.Fatalf("%s: %d pieces of content, want the 2", what, n)
		}
		if e, _ := mem.Event(id, 3); e.Seq != 0 {
			t.Fatalf("%s: an event was stored", what)
		}
	}
	for what, name := range trackertest.HostileNames() {
		for _, cmd := range []any{
			SaveContent{Kind: KindMap, ID: name, Data: raw(json.RawMessage(testMap()))},
			SaveContent{Kind: KindSpecies, Data: raw(Species{Name: name, HP: 8, MaxAP: 7})},
			SaveContent{Kind: KindItem, Data: raw(ItemCard{ID: "Medkit", Text: "Heal 2" + name[:min(len(name), 8)] + "\u202e"})},
		} {
			if _, err := s.Do(cmd); err == nil {
				t.Errorf("%s: %T taken", what, cmd)
			}
			unchanged(what)
		}
		// In a content file: the file is refused whole.
		file, _ := ContentFile("Hostile", []Piece{{Kind: KindMap, ID: name, Data: raw(json.RawMessage(testMap()))}}, nil)
		if set, err := ReadContentFile(file); err == nil && len(set.Problems) == 0 {
			t.Errorf("%s: a file with it read without a problem", what)
		}
		if _, err := s.Do(ImportContent{Data: file}); err == nil {
			t.Errorf("%s: a file with it imported", what)
		}
		unchanged(what)
	}
	if _, err := s.Do(SaveContent{Kind: KindMap, ID: "", Data: raw(json.RawMessage(testMap()))}); err == nil {
		t.Error("a map with an empty ID taken")
	}
	// Look-alikes of "PRACTICE-RELAY": refused as a second map, by form and
	// by file; two of them in one file are one piece twice.
	for _, like := range trackertest.LookAlikes() {
		if _, err := s.Do(SaveContent{Kind: KindMap, ID: like, Data: raw(json.RawMessage(testMap()))}); err == nil {
			t.Errorf("a second map %q beside PRACTICE-RELAY", like)
		}
		file, _ := ContentFile("Look-alike", []Piece{{Kind: KindMap, ID: like, Data: raw(json.RawMessage(testMap()))}}, nil)
		if _, err := s.Do(ImportContent{Data: file}); err == nil {
			t.Errorf("a file's map %q beside PRACTICE-RELAY", like)
		}
		unchanged(like)
	}
	if _, err := s.Do(SaveContent{Kind: KindSpecies, Data: raw(Species{Name: "LYPRAN", HP: 8, MaxAP: 7})}); err == nil || !strings.Contains(err.Error(), "reads the same as") {
		t.Errorf("a second species LYPRAN beside Lypran: %v", err)
	}
	unchanged("LYPRAN")
	two, _ := ContentFile("Twice", []Piece{
		{Kind: KindMap, ID: "Relay", Data: raw(json.RawMessage(testMap()))},
		{Kind: KindMap, ID: "relay", Data: raw(json.RawMessage(testMap()))},
	}, nil)
	if set, err := ReadContentFile(two); err != nil || len(set.Problems) != 1 || !strings.Contains(set.Problems[0].Why, "twice") {
		t.Errorf("a file with Relay and relay: %v %+v", err, set)
	}
	// The same map, spelled as it is, is changed in place.
	do(t, s, SaveContent{Kind: KindMap, ID: "PRACTICE-RELAY", Data: raw(json.RawMessage(testMap()))})
	// A text a card prints may run over lines.
	do(t, s, SaveContent{Kind: KindItem, Data: raw(ItemCard{ID: "Medkit", Text: "Heal 2.\nThen discard it."})})
}
