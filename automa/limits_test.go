package automa

import (
	"encoding/json"
	"strings"
	"testing"
)

type limitedInner struct {
	Name  string `json:"name"`
	Count int    `json:"count,omitempty"`
}

type limitedFile struct {
	Items []limitedInner            `json:"items"`
	Rooms map[string]*limitedInner  `json:"rooms,omitempty"`
	Seed  uint64                    `json:"seed"`
	Raw   json.RawMessage           `json:"raw,omitempty"`
	Lines [][]string                `json:"lines"`
	Extra map[string][]limitedInner `json:"extra,omitempty"`
	limitedInner
}

func TestLimitsCheck(t *testing.T) {
	l := Limits{List: 3, Text: 5, Number: 9, Fields: map[string]int{"items": 4, "lines[]": 2, "seed": -1, "items[].count": 20}}
	ok := limitedFile{Items: []limitedInner{{"a", 20}, {"b", 1}, {"c", 1}, {"d", 1}}, Seed: 1 << 63, Raw: json.RawMessage(strings.Repeat(" ", 100)),
		Lines: [][]string{{"a", "b"}}, Rooms: map[string]*limitedInner{"r1": {Name: "x"}}}
	if err := l.Check(&ok); err != nil {
		t.Fatalf("within the limits: %v", err)
	}
	bad := ok
	bad.Items = append(bad.Items, limitedInner{Name: "e"})
	bad.Lines = [][]string{{"a", "b", "c"}}
	bad.Rooms = map[string]*limitedInner{"r1": {Name: "toolong"}, "a-long-key": {Count: -10}}
	bad.Name, bad.Count = "embedded", 10
	err := l.Check(&bad)
	if err == nil {
		t.Fatal("beyond the limits: accepted")
	}
	for _, want := range []string{
		"items: 5 listed; at most 4",
		"lines[]: 3 listed; at most 2",
		"rooms[].name: 7 characters; at most 5",
		"rooms{}: 10 characters; at most 5",
		"rooms[].count: -10 is beyond ±9",
		"name: 8 characters; at most 5",
		"count: 10 is beyond ±9",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%v\n  does not say %q", err, want)
		}
	}
}
