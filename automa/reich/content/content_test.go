package content

import (
	"encoding/json"
	"strings"
	"testing"
)

const validContent = `{
  "faction": {"factionId": "f1", "name": "Wolf Pack", "units": [
    {"code": "GR", "name": "Grenadier", "lootColour": "grey", "max": 6, "meleeAttack": 3, "rangedAttack": 2, "range": 3, "support": 1, "defence": 3},
    {"code": "DG", "name": "Hound", "lootColour": "black", "max": 4, "meleeAttack": 4, "support": 2, "defence": 2, "keywords": ["fast", "noHands"], "tags": ["dog"]},
    {"code": "HD", "name": "Handler", "lootColour": "grey", "max": 2, "meleeAttack": 2, "support": 1, "defence": 3, "keywords": ["handler(DG)", "xWounds(2)"]}
  ]},
  "spawnCards": [
    {"id": "RB001", "levels": {"green": [{"unitCode": "GR", "count": 1}], "orange": [{"unitCode": "GR", "count": 2}], "red": [{"unitCode": "HD", "count": 1}]}}
  ],
  "noiseCards": [
    {"id": "N1", "deck": "preAlarm", "threshold": 3,
     "top": [{"kind": "spawnPatrol", "icons": ["green"], "awareness": "suspicious"}],
     "bottom": [{"kind": "raiseAwareness", "target": "nearestAtEaseRoom", "levels": 1}]}
  ]
}`

const validMap = `{
  "areas": [{"id": "A1", "room": "R1"}, {"id": "A2", "room": "R1"}, {"id": "B1", "room": "R2"}],
  "edges": [{"a": "A1", "b": "A2"}, {"a": "A2", "b": "B1", "door": "D1"}],
  "doors": [{"id": "D1", "state": "locked"}],
  "sightLines": [["A1", "A2", "B1"]],
  "spawnTokens": [{"id": "T1", "area": "B1", "icons": ["red"]}],
  "guardPoints": ["B1"],
  "barracks": [{"letter": "A", "target": "B1"}],
  "roomFeatures": [{"id": "F1", "area": "A2"}]
}`

func TestParseValid(t *testing.T) {
	c, err := ParseContent([]byte(validContent))
	if err != nil {
		t.Fatal(err)
	}
	hd := c.Faction.Unit("HD")
	if hd.WoundsToKill() != 2 || !hd.Has(KwHandler) || hd.Keywords[0].Code != "DG" {
		t.Errorf("HD parsed as %+v", hd)
	}
	if !c.Faction.Unit("GR").Ranged() || c.Faction.Unit("DG").Ranged() {
		t.Errorf("ranged defaults wrong")
	}
	if _, err := ParseMap([]byte(validMap)); err != nil {
		t.Fatal(err)
	}
	// Round trip: keywords and awareness write back as text.
	b, _ := json.Marshal(c)
	if !strings.Contains(string(b), `"handler(DG)"`) || !strings.Contains(string(b), `"suspicious"`) {
		t.Errorf("round trip lost the text forms: %s", b)
	}
	if _, err := ParseContent(b); err != nil {
		t.Errorf("round trip does not parse: %v", err)
	}
}

// Every content rule, broken one at a time: the message must say what and where.
func TestContentValidation(t *testing.T) {
	cases := []struct {
		name, from, to, want string
	}{
		{"no units", `"units": [`, `"units": [], "x": [`, ""},
		{"duplicate code", `"code": "DG"`, `"code": "GR"`, "share the code"},
		{"empty code", `"code": "DG"`, `"code": ""`, "has no code"},
		{"no name", `"name": "Hound"`, `"name": ""`, "no name"},
		{"loot colour", `"lootColour": "black"`, `"lootColour": "green"`, "loot colour"},
		{"negative #", `"max": 4`, `"max": -1`, "miniature limit"},
		{"negative attack", `"meleeAttack": 4`, `"meleeAttack": -4`, "0 or more"},
		{"range without ranged attack", `"meleeAttack": 4,`, `"meleeAttack": 4, "range": 2,`, "no ranged attack"},
		{"unknown keyword", `"fast"`, `"speedy"`, "not an enemy keyword"},
		{"keyword twice", `["fast", "noHands"]`, `["fast", "fast"]`, "listed twice"},
		{"keyword value missing", `"xWounds(2)"`, `"xWounds"`, "needs a number"},
		{"keyword value on plain keyword", `"fast"`, `"fast(2)"`, "takes no value"},
		{"handler of unknown code", `"handler(DG)"`, `"handler(ZZ)"`, "not on the faction card"},
		{"unknown tag", `["dog"]`, `["puppy"]`, "tag"},
		{"wounds vs X Wounds", `"keywords": ["handler(DG)", "xWounds(2)"]`, `"wounds": 3, "keywords": ["handler(DG)", "xWounds(2)"]`, "X Wounds keyword says 2"},
		{"spawn code not on faction (V-23)", `"red": [{"unitCode": "HD"`, `"red": [{"unitCode": "ZZ"`, "V-23"[:0] + "not on the faction card"},
		{"spawn level name (V-23)", `"orange": [`, `"purple": [`, "not green, orange or red"},
		{"spawn row missing", `"orange": [{"unitCode": "GR", "count": 2}], `, ``, "orange row is missing"},
		{"spawn count", `"count": 2`, `"count": 0`, "count must be 1 or more"},
		{"spawn id", `"id": "RB001"`, `"id": ""`, "no id"},
		{"noise deck", `"deck": "preAlarm"`, `"deck": "early"`, "deck"},
		{"noise threshold", `"threshold": 3`, `"threshold": -1`, "threshold"},
		{"patrol without awareness", `, "awareness": "suspicious"`, ``, "needs the awareness"},
		{"patrol icon (V-23)", `"icons": ["green"]`, `"icons": ["blue"]`, "not green, orange or red"},
		{"patrol on post-alarm card", `"deck": "preAlarm"`, `"deck": "postAlarm"`, "belongs on a preAlarm"},
		{"raise target", `"target": "nearestAtEaseRoom"`, `"target": "farthest"`, "raiseAwareness target"},
		{"raise levels", `"levels": 1`, `"levels": 3`, "1 or 2 levels"},
		{"effect kind", `"kind": "raiseAwareness"`, `"kind": "explode"`, "effect kind"},
		{"awareness value", `"awareness": "suspicious"`, `"awareness": 5`, "awareness must be"},
		{"unknown field", `"support": 2,`, `"suport": 2,`, `"suport" is not a field this file has`},
		{"wrong type", `"max": 6`, `"max": "six"`, "line 3, column 75: faction, unit lines: miniatures (#) should be a whole number, not text"},
	}
	for _, c := range cases {
		if !strings.Contains(validContent, c.from) {
			t.Fatalf("%s: fixture has no %q", c.name, c.from)
		}
		text := strings.Replace(validContent, c.from, c.to, 1)
		_, err := ParseContent([]byte(text))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if c.want != "" && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q does not mention %q", c.name, err, c.want)
		}
	}
}

func TestMapValidation(t *testing.T) {
	cases := []struct {
		name, from, to, want string
	}{
		{"area id twice", `{"id": "A2", "room": "R1"}`, `{"id": "A1", "room": "R1"}`, "used twice"},
		{"area without room", `{"id": "B1", "room": "R2"}`, `{"id": "B1", "room": ""}`, "room or corridor"},
		{"edge to nowhere", `{"a": "A1", "b": "A2"}`, `{"a": "A1", "b": "Q9"}`, `area "Q9"`},
		{"edge to itself", `{"a": "A1", "b": "A2"}`, `{"a": "A1", "b": "A1"}`, "two different areas"},
		{"open edge between rooms", `{"a": "A2", "b": "B1", "door": "D1"}`, `{"a": "A2", "b": "B1"}`, "only through doors"},
		{"unknown door on edge", `"door": "D1"}`, `"door": "D9"}`, "not in the door list"},
		{"door on no edge", `"doors": [{"id": "D1", "state": "locked"}]`, `"doors": [{"id": "D1", "state": "locked"}, {"id": "D2", "state": "open"}]`, "on no edge"},
		{"door state (V-14)", `"state": "locked"`, `"state": "ajar"`, "not locked, closed or open"},
		{"sight line through a wall", `["A1", "A2", "B1"]`, `["A1", "B1"]`, "no edge joins them"},
		{"sight line too short", `["A1", "A2", "B1"]`, `["A1"]`, "at least two"},
		{"token area", `"area": "B1", "icons"`, `"area": "Z1", "icons"`, "not on the map"},
		{"token icon (V-23)", `"icons": ["red"]`, `"icons": ["pink"]`, "not green, orange or red"},
		{"guard point area", `"guardPoints": ["B1"]`, `"guardPoints": ["B7"]`, "guard point"},
		{"barracks letter", `"letter": "A"`, `"letter": "D"`, "not A, B or C"},
		{"barracks target", `"target": "B1"`, `"target": "B9"`, "points at area"},
		{"feature area", `"area": "A2"}]`, `"area": "A9"}]`, "room feature F1"},
		{"syntax", `"guardPoints"`, `guardPoints`, "line 7"},
	}
	for _, c := range cases {
		if !strings.Contains(validMap, c.from) {
			t.Fatalf("%s: fixture has no %q", c.name, c.from)
		}
		_, err := ParseMap([]byte(strings.Replace(validMap, c.from, c.to, 1)))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q does not mention %q", c.name, err, c.want)
		}
	}
	if _, err := ParseMap([]byte(`{"areas": []}`)); err == nil || !strings.Contains(err.Error(), "no areas") {
		t.Errorf("an empty map should be refused: %v", err)
	}
	if _, err := ParseMap([]byte(``)); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("an empty file should be refused: %v", err)
	}
	if _, err := ParseMap([]byte(validMap + `{}`)); err == nil {
		t.Errorf("trailing text should be refused")
	}
}

// V-33: the campaign takes RB041, the secret passages and (NotE) NE007 out.
func TestCampaignDecks(t *testing.T) {
	cases := []struct {
		spawn, feat, noise []string
		note               bool
		want               string
	}{
		{[]string{"RB001", "RB041"}, nil, nil, false, "RB041"},
		{nil, []string{"RB190"}, nil, false, "RB190"},
		{nil, []string{"RB185"}, nil, false, "RB185"},
		{nil, []string{"RB201"}, nil, false, "RB201"},
		{nil, nil, []string{"NE007"}, true, "NE007"},
		{nil, nil, []string{"NE007"}, false, ""},
		{[]string{"RB001"}, []string{"RB100"}, []string{"NE001"}, true, ""},
	}
	for _, c := range cases {
		err := CheckCampaignDecks(c.spawn, c.feat, c.noise, c.note)
		if (err == nil) != (c.want == "") || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%v %v %v note=%v: %v, want %q", c.spawn, c.feat, c.noise, c.note, err, c.want)
		}
	}
}

func TestUniqueAndWounds(t *testing.T) {
	u := UnitType{Tags: []string{"vrilmeister"}}
	if !u.Unique() {
		t.Errorf("every vrilmeister is Unique")
	}
	u = UnitType{Keywords: []Keyword{{ID: KwUnique}}}
	if !u.Unique() || u.WoundsToKill() != 1 {
		t.Errorf("Unique keyword / default 1 wound")
	}
	if _, err := ParseKeyword("Fast"); err != nil {
		t.Errorf("capitalised keyword should be accepted: %v", err)
	}
	var a Awareness
	for in, want := range map[string]Awareness{`"alert"`: Alert, `1`: Suspicious, `"AtEase"`: AtEase} {
		if err := json.Unmarshal([]byte(in), &a); err != nil || a != want {
			t.Errorf("%s → %v %v", in, a, err)
		}
	}
	for _, in := range []string{`3`, `"calm"`, `true`} {
		if err := json.Unmarshal([]byte(in), &a); err == nil {
			t.Errorf("%s should be refused", in)
		}
	}
}

func FuzzParseContent(f *testing.F) {
	f.Add([]byte(validContent))
	f.Add([]byte(`{"faction": {"units": []}}`))
	f.Add([]byte(`{"faction": {"units": [{"code": "X", "keywords": ["handler(X)"]}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseContent(data)
		if err == nil && c.Validate() != nil {
			t.Errorf("parsed content fails its own validation")
		}
	})
}

func FuzzParseMap(f *testing.F) {
	f.Add([]byte(validMap))
	f.Add([]byte(`{"areas": [{"id": "A", "room": "R"}], "edges": [], "sightLines": [["A", "A"]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMap(data)
		if err == nil && m.Validate() != nil {
			t.Errorf("parsed map fails its own validation")
		}
	})
}
