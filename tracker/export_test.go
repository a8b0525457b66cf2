package tracker

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

var testRegistry = Registry{testGame: counterRules{}}

func exportedTestCampaign(t testing.TB) []byte {
	t.Helper()
	s, mem := newTestSession(t)
	must(t)(s.Do(damage{4}))
	must(t)(s.Do(roll{}))
	must(t)(s.Do(AddNote{Text: "first night"}))
	must(t)(s.Undo())
	must(t)(s.Redo())
	must(t)(s.Do(ClockCommand{Clock: PlayClock, Action: ClockStart}))
	x, err := ExportCampaign(mem, s.Campaign().ID, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	b, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestExportRoundTrip(t *testing.T) {
	data := exportedTestCampaign(t)
	x, err := ParseExport(data, testRegistry)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Events) != 6 || x.Campaign.Events != 6 || x.Campaign.Where != "Rolls 1" {
		t.Fatalf("parsed %d events, campaign %+v", len(x.Events), x.Campaign)
	}
	mem, err := StoreFromExport(x)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(mem, counterRules{}, x.Campaign.ID)
	if err != nil {
		t.Fatal(err)
	}
	notes, err := s.Notes(10, 0)
	if err != nil || life(s) != 6 || len(notes) != 1 || notes[0].Text != "first night" || !s.Core().Play.Running {
		t.Fatalf("imported state wrong: life %d notes %+v %v", life(s), notes, err)
	}
}

// TestStoreFromExportRefusesAGap: the store keeps the rule that events
// follow one another, so an export missing one does not load.
func TestStoreFromExportRefusesAGap(t *testing.T) {
	x, err := ParseExport(exportedTestCampaign(t), testRegistry)
	if err != nil {
		t.Fatal(err)
	}
	x.Events = append(x.Events[:2:2], x.Events[3:]...)
	if _, err := StoreFromExport(x); err == nil {
		t.Fatal("an export with a missing event loaded")
	}
}

func TestParseExportRefusesBadFiles(t *testing.T) {
	good := exportedTestCampaign(t)
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		_ = json.Unmarshal(good, &m)
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	events := func(m map[string]any) []any { return m["events"].([]any) }
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"not json", []byte("{ nope"), "it is damaged, or not a campaign file: at line 1, column 3, “n” where a field's name in double quotes should begin"},
		{"truncated", good[:len(good)/2], "it is damaged, or not a campaign file: at line"},
		{"other format", edit(func(m map[string]any) { m["format"] = "spreadsheet" }), `format: the file says it is “spreadsheet”, not a campaign file`},
		{"newer", edit(func(m map[string]any) { m["version"] = 99 }), "newer Tablekeeper"},
		{"unknown game", edit(func(m map[string]any) { m["campaign"].(map[string]any)["game"] = "chess" }), "campaign.game"},
		{"bad id", edit(func(m map[string]any) { m["campaign"].(map[string]any)["id"] = "x" }), "campaign.id"},
		{"no name", edit(func(m map[string]any) { m["campaign"].(map[string]any)["name"] = " " }), "campaign.name"},
		{"no seed", edit(func(m map[string]any) { m["campaign"].(map[string]any)["seed"] = 0 }), "campaign.seed"},
		{"missing event", edit(func(m map[string]any) { m["events"] = append(events(m)[:1], events(m)[2:]...) }), "events[1]: its sequence number is 3"},
		{"dup id", edit(func(m map[string]any) { events(m)[1].(map[string]any)["id"] = events(m)[0].(map[string]any)["id"] }), "same as event 1"},
		{"no kind", edit(func(m map[string]any) { events(m)[0].(map[string]any)["kind"] = "" }), "no kind"},
		{"bad draw", edit(func(m map[string]any) {
			events(m)[1].(map[string]any)["draws"] = []any{map[string]any{"index": 0, "n": 6, "value": 9}}
		}), "draws[0]"},
		{"does not replay", edit(func(m map[string]any) { events(m)[0].(map[string]any)["payload"] = map[string]any{"From": 3, "To": 1} }), "does not replay"},
		{"unknown field", edit(func(m map[string]any) { m["extra"] = 1 }), "extra: no field of that name belongs in a campaign file (is it misspelt?)"},
		{"wrong type", edit(func(m map[string]any) { m["events"] = "lots" }), "events"},
		{"version as text", edit(func(m map[string]any) { m["version"] = "1" }), "version: must be a whole number, not a piece of text (line 1, column"},
		{"format as a number", edit(func(m map[string]any) { m["format"] = 1 }), "format: must be a piece of text, not a number (line 1, column"},
		{"exported as a list", edit(func(m map[string]any) { m["exported"] = []any{} }), "exported:"},
		{"seed as text", edit(func(m map[string]any) { m["campaign"].(map[string]any)["seed"] = "five" }), `campaign.seed: must be a whole number of 0 or more, not a piece of text (line 1, column`},
	}
	for _, c := range cases {
		_, err := ParseExport(c.data, testRegistry)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to mention %q", c.name, err, c.want)
		}
	}
}

func FuzzParseExport(f *testing.F) {
	good := exportedTestCampaign(f)
	f.Add(good)
	f.Add(bytes.Replace(good, []byte(`"seq":2`), []byte(`"seq":7`), 1))
	f.Add([]byte(`{"format":"tablekeeper-campaign","version":1}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := ParseExport(data, testRegistry)
		if err != nil {
			return
		}
		// Whatever passed must replay and export again to an equal file.
		b, err := x.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseExport(b, testRegistry); err != nil {
			t.Fatalf("re-encoded import no longer parses: %v", err)
		}
	})
}

// TestPracticeMarkSurvivesExportAndOldFilesReadWithout: the practice mark
// is kept through an export and its import, and an export written before
// the mark existed (no "practice" key) reads as an ordinary campaign.
func TestPracticeMarkSurvivesExportAndOldFilesReadWithout(t *testing.T) {
	mem := NewMemStore()
	c, err := NewCampaign(testGame, "Practice — test", 42, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	c.Practice = true
	if err := mem.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := Open(mem, counterRules{}, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	must(t)(s.Do(damage{2}))
	if !s.Campaign().Practice {
		t.Fatal("a session lost the mark")
	}
	x, err := ExportCampaign(mem, c.ID, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	data, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"practice": true`)) {
		t.Fatalf("the export does not carry the mark:\n%s", data)
	}
	back, err := ParseExport(data, testRegistry)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Campaign.Practice {
		t.Fatal("the import lost the mark")
	}
	// An export of an ordinary campaign has no key at all, as before.
	old := exportedTestCampaign(t)
	if bytes.Contains(old, []byte("practice")) {
		t.Fatal("an ordinary campaign writes the practice key")
	}
	if x, err := ParseExport(old, testRegistry); err != nil || x.Campaign.Practice {
		t.Fatalf("an old file: %v, practice %v", err, x != nil && x.Campaign.Practice)
	}
	var rec Campaign
	if err := json.Unmarshal([]byte(`{"id":"x","game":"g","name":"n","created":"2026-01-01T00:00:00Z","seed":1}`), &rec); err != nil || rec.Practice {
		t.Fatalf("an old record: %v %v", err, rec.Practice)
	}
}
