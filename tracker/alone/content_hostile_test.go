package alone

import (
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/tracker/trackertest"
)

// Issue 24 item 6, Alone: names and texts of content keep the rules of
// campaign names, by form and by file, and each refusal changes nothing.
func TestContentRefusesHostileNames(t *testing.T) {
	s, _ := newSession(t, 3)
	do(t, s, PutContent{Item: &ItemCard{Name: "Rope", Passive: true, Charges: 3}})
	events := s.LastSeq()
	before, _ := json.Marshal(st(s).Content)
	for what, name := range trackertest.HostileNames() {
		if _, err := s.Do(PutContent{Item: &ItemCard{Name: name, Passive: true, Charges: 1}}); err == nil {
			t.Errorf("%s: an Item card's name taken", what)
		}
		set := practice(t)
		set.Missions[0].Name = name
		if _, err := s.Do(UseContent{Content: *set}); err == nil {
			t.Errorf("%s: a set with a Mission so named taken", what)
		}
		data, _ := set.Encode()
		if what == "invalid UTF-8" {
			data = []byte(strings.Replace(string(data), `\ufffd\ufffd`, "\xff\xfe", 1))
		}
		if _, err := ParseContent(data); err == nil {
			t.Errorf("%s: a file with it read without a problem", what)
		}
		after, _ := json.Marshal(st(s).Content)
		if s.LastSeq() != events || string(after) != string(before) {
			t.Fatalf("%s: the refusal changed the campaign", what)
		}
	}
	// A second "ROPE" is the Rope card (changed in place when named so).
	if _, err := s.Do(PutContent{Item: &ItemCard{Name: "ROPE", Passive: true, Charges: 2}}); err == nil {
		t.Error("a second Item card ROPE beside Rope")
	}
}
