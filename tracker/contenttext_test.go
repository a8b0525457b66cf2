package tracker

import (
	"encoding/json"
	"strings"
	"testing"
)

// hostileTexts are what a hostile content file puts in a name or an ID
// (issue 24 item 6): each must be refused, by the rules of campaign names.
var hostileTexts = map[string]string{
	"NUL":                      "Relay\x00",
	"a bell":                   "Re\x07lay",
	"a line break":             "Relay\nRoom",
	"a line separator":         "Relay\u2028Room",
	"a right-to-left override": "\u202eyaleR",
	"a right-to-left mark":     "Relay\u200f",
	"a zero-width space":       "Re\u200blay",
	"a word joiner":            "Relay\u2060",
	"a joiner at the end":      "Relay\u200d",
	"a joiner before a space":  "Relay\u200c Room",
	"a soft hyphen":            "Re\u00adlay",
	"a byte-order mark":        "\ufeffRelay",
	"a noncharacter":           "Relay\uffff",
	"a replacement character":  "Relay\ufffd",
	"invalid UTF-8":            "Relay\xff\xfe",
	"101 characters":           strings.Repeat("r", 101),
	"100,000 characters":       strings.Repeat("r", 100_000),
	"an escape sequence":       "Relay\x1b[2J",
	"a C1 control":             "Relay\u009b",
}

func TestContentTextsRefuseHostileNames(t *testing.T) {
	for what, s := range hostileTexts {
		if _, err := CheckID(s); err == nil {
			t.Errorf("%s: CheckID took %q", what, s)
		}
		// In a piece's JSON: as a name, as an ID, in a list of IDs, as
		// the key of a map of names.
		for _, piece := range []map[string]any{
			{"name": s},
			{"card": map[string]any{"id": s}},
			{"units": []any{map[string]any{"code": s}}},
			{"fame": map[string]any{s: 1}},
			{"speciesIds": []any{"ok", s}},
		} {
			data, _ := json.Marshal(piece)
			if what == "invalid UTF-8" {
				data = []byte(strings.Replace(string(data), "\\ufffd\\ufffd", "\xff\xfe", 1))
			}
			if ps := ContentTexts(data); len(ps) == 0 {
				t.Errorf("%s in %s: taken", what, data)
			}
		}
	}
	// A text a card prints may run over lines (and joiners join letters);
	// it may not hold the rest.
	for _, ok := range []string{"Attack 2.\nThen move 1.", "Persian: می\u200cخواهم", "👩\u200d👩\u200d👧", "Tab\there"} {
		if ps := ContentTexts([]byte(`{"text":` + quote(ok) + `}`)); len(ps) != 0 {
			t.Errorf("%q refused: %v", ok, ps)
		}
	}
	if ps := ContentTexts([]byte(`{"name":"Relay\nRoom"}`)); len(ps) != 1 || ps[0].Field != "name" || !strings.Contains(ps[0].Why, "line break") {
		t.Errorf("a name over two lines: %v", ps)
	}
	if ps := ContentTexts([]byte(`{"rows":[{"text":"a\u202eb"}]}`)); len(ps) != 1 || ps[0].Field != "rows.0.text" {
		t.Errorf("a text with an override: %v", ps)
	}
	if ps := ContentTexts([]byte(`{"text":"` + strings.Repeat("t", MaxTextLen+1) + `"}`)); len(ps) != 1 || !strings.Contains(ps[0].Why, "at most 4000") {
		t.Errorf("a text of 4,001: %v", ps)
	}
	if ps := ContentTexts([]byte(strings.Repeat("[", 20000))); len(ps) != 1 {
		t.Errorf("20,000 lists deep: %v", ps)
	}
}

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

// IDs are compared as the players read them.
func TestIDKeyReadsAsThePlayers(t *testing.T) {
	same := [][2]string{
		{"PRACTICE-RELAY", "practice-relay"},
		{"practice-garrison", "practice-garrison "},
		{"Practice  Garrison", " practice garrison"},
		{"Relay", "Re\u200blay"},
		{"ÉTAGE", "étage"},
		{"Straße", "STRASSE"[:0] + "straße"},
	}
	for _, p := range same {
		if IDKey(p[0]) != IDKey(p[1]) {
			t.Errorf("%q and %q read the same, keys %q and %q", p[0], p[1], IDKey(p[0]), IDKey(p[1]))
		}
	}
	for _, p := range [][2]string{{"Relay 1", "Relay 2"}, {"A-1", "A1"}} {
		if IDKey(p[0]) == IDKey(p[1]) {
			t.Errorf("%q and %q read differently, one key", p[0], p[1])
		}
	}
	if got, err := CheckID("  Relay  "); err != nil || got != "Relay" {
		t.Errorf("CheckID trims: %q %v", got, err)
	}
	if _, err := CheckID(" "); err == nil {
		t.Error("an empty ID taken")
	}
}

// Bytes that are not text are refused with the line that holds them, in
// words, not as "a text: …" of no text.
func TestBytesThatAreNotTextAreFoundByLine(t *testing.T) {
	ps := ContentTexts([]byte("{\n\"name\": \"ok\",\n\"id\": \"\xff\xfe\"\n}"))
	if len(ps) != 1 || !strings.HasPrefix(ps[0].Words(), "line 3 holds bytes that are not text") {
		t.Fatalf("%+v", ps)
	}
	err := TextsError("content file", ps)
	if err == nil || err.Error() != "content file, line 3 holds bytes that are not text (it is not valid UTF-8)" {
		t.Fatalf("%v", err)
	}
}
