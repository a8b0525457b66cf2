package tracker

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker/trackertest"
)

// fileWords checks a refusal of a file for Go's words and the program's
// (the field's path, such as "events[2].payload.targets", is what a
// refusal of a file names on purpose).
func fileWords(t *testing.T, name, msg string) {
	t.Helper()
	for _, f := range trackertest.Findings(trackertest.SharedWordRules, msg) {
		t.Errorf("%s: %s", name, f)
	}
}

// TestJSONWordsSayWhatIsWrongInWords: encoding/json's errors in a
// player's words, naming the field.
func TestJSONWordsSayWhatIsWrongInWords(t *testing.T) {
	type draw struct {
		Index uint64 `json:"index"`
		N     int    `json:"n"`
	}
	type payload struct {
		Targets []uint64  `json:"targets"`
		What    []string  `json:"what"`
		Draws   []draw    `json:"draws"`
		Keep    bool      `json:"keep"`
		When    time.Time `json:"when"`
		Share   float64   `json:"share"`
		Sub     *payload  `json:"sub"`
	}
	cases := []struct{ data, want string }{
		{`{"targets": [3, -1]}`, "events[12].payload.targets[1]: must be a whole number of 0 or more, not -1 (line 1, column 18)"},
		{`{"targets": "3"}`, "events[12].payload.targets: must be a list, not a piece of text (line 1, column 15)"},
		{`{"targets": [1.5]}`, "events[12].payload.targets[0]: must be a whole number, not 1.5"},
		{`{"targets": [99999999999999999999999]}`, "events[12].payload.targets[0]: is too large a number"},
		{`{"what": [1]}`, "events[12].payload.what[0]: must be a piece of text, not a number"},
		{`{"draws": [{"index": 1, "n": "six"}]}`, "events[12].payload.draws[0].n: must be a whole number, not a piece of text"},
		{`{"draws": [{"index": 1, "meps": 2}]}`, "events[12].payload.draws[0].meps: no field of that name belongs here (is it misspelt?)"},
		{`{"meps": 1}`, "events[12].payload.meps: no field of that name belongs here (is it misspelt?)"},
		{`{"keep": "yes"}`, "events[12].payload.keep: must be “true” or “false”, not a piece of text"},
		{`{"when": "yesterday"}`, "events[12].payload.when: must be a date and time written as 2026-11-29T20:15:00Z, not “yesterday”"},
		{`{"share": {}}`, "events[12].payload.share: must be a number, not a set of named fields"},
		{`{"sub": {"sub": {"targets": [-2]}}}`, "events[12].payload.sub.sub.targets[0]: must be a whole number of 0 or more, not -2"},
		{`[1, 2]`, "events[12].payload: must be a set of named fields, not a list"},
		{`{"targets": [1]}{`, "events[12].payload: there is more after its end (line 1, column 17)"},
		{`{"targets": [1] "what": []}`, "events[12].payload: a double quote where a comma should come before the next field, or the fields should end (line 1, column 17)"},
		{`{"targets": [1 2]}`, "events[12].payload: “2” where a comma should come before the next item of a list, or the list should end"},
		{`{"targets" [1]}`, "events[12].payload: an opening bracket where a colon should follow a field's name"},
		{`{targets: [1]}`, "events[12].payload: “t” where a field's name in double quotes should begin"},
		{`{"keep": tru}`, "events[12].payload: a closing brace in the middle of a word written without quotes (only “true”, “false” and “null” are)"},
		{`{"targets": [1]`, "events[12].payload: it ends too soon: the file is cut short"},
		{`{"what": ["a` + "\x01" + `"]}`, "events[12].payload: a piece of text holds a character it cannot hold as it is"},
		{`  `, "events[12].payload: it is empty"},
	}
	for _, c := range cases {
		var p payload
		err := DecodeJSON("events[12].payload", []byte(c.data), &p)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %s", c.data, err, c.want)
			continue
		}
		fileWords(t, c.data, err.Error())
	}
	// What encoding/json writes, whatever reads it.
	for _, c := range []struct {
		err  error
		want string
	}{
		{json.Unmarshal([]byte(`-1`), new(uint64)), "must be a whole number of 0 or more, not -1"},
		{json.Unmarshal([]byte(`[`), new([]int)), "it ends too soon: the file is cut short"},
		{errOf(json.Marshal(json.RawMessage(`{}{`))), "there is more after its end, from an opening brace"},
		{json.Unmarshal([]byte(`[1]`), new(struct{ X int })), "must be a set of named fields, not a list"},
	} {
		if _, what := JSONWords("", c.err); what != c.want {
			t.Errorf("%v: %q, want %q", c.err, what, c.want)
		}
	}
}

func errOf(_ []byte, err error) error { return err }

// TestHostileCampaignFilesAreRefusedInWords: each kind of mistake a
// campaign file can hold, every one seen in a refusal with Go's words
// before (issue 23 item 6), is refused naming the field and saying what is
// wrong in words.
func TestHostileCampaignFilesAreRefusedInWords(t *testing.T) {
	good := exportOf(t, func(s *Session) {
		must(t)(s.Do(roll{}))
		must(t)(s.Do(AddNote{Text: "the cellar door was open"}))
		must(t)(s.Undo())
	})
	if _, err := ParseExport(good, decidingRegistry); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(m map[string]any)) []byte { return editJSON(t, good, f) }
	undo := func(m map[string]any) map[string]any { return eventAt(m, 2)["payload"].(map[string]any) }
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"an undo's target of -1", edit(func(m map[string]any) { undo(m)["targets"] = []any{-1} }),
			"this campaign file cannot be imported: events[2] (seq 3): payload.targets[0]: must be a whole number of 0 or more, not -1"},
		{"an undo's targets as text", edit(func(m map[string]any) { undo(m)["targets"] = "2" }),
			"events[2] (seq 3): payload.targets: must be a list, not a piece of text"},
		{"an undo's lines as a number", edit(func(m map[string]any) { undo(m)["what"] = 5 }),
			"events[2] (seq 3): payload.what: must be a list, not a number"},
		{"a note's payload as a list", edit(func(m map[string]any) { eventAt(m, 1)["payload"] = []any{} }),
			"events[1] (seq 2): payload: must be a set of named fields, not a list"},
		{"a note's text as a number", edit(func(m map[string]any) { eventAt(m, 1)["payload"] = map[string]any{"text": 5} }),
			"events[1] (seq 2): payload.text: must be a piece of text, not a number"},
		{"a misspelt field in a payload", edit(func(m map[string]any) { eventAt(m, 1)["payload"] = map[string]any{"txet": "n"} }),
			"events[1] (seq 2): payload.txet: no field of that name belongs here (is it misspelt?)"},
		{"a misspelt field at the top", edit(func(m map[string]any) { m["meps"] = 1 }),
			"this campaign file cannot be imported: meps: no field of that name belongs in a campaign file (is it misspelt?)"},
		{"a misspelt field of the campaign", edit(func(m map[string]any) { campaignOf(m)["naem"] = "x" }),
			"campaign.naem: no field of that name belongs here (is it misspelt?)"},
		{"a misspelt field of an event", edit(func(m map[string]any) { eventAt(m, 0)["knid"] = "x" }),
			"events[0].knid: no field of that name belongs here (is it misspelt?)"},
		{"a misspelt field of a draw", edit(func(m map[string]any) { eventAt(m, 0)["draws"].([]any)[0].(map[string]any)["vaule"] = 1 }),
			"events[0].draws[0].vaule: no field of that name belongs here (is it misspelt?)"},
		{"version -1", edit(func(m map[string]any) { m["version"] = -1 }),
			"version: this file says it is version -1 of the campaign format, which no Tablekeeper writes"},
		{"version 0", edit(func(m map[string]any) { m["version"] = 0 }),
			"version: this file says it is version 0 of the campaign format, which no Tablekeeper writes"},
		{"no version", edit(func(m map[string]any) { delete(m, "version") }),
			"version: the file does not say which version of the campaign format it is"},
		{"no format", edit(func(m map[string]any) { delete(m, "format") }),
			"format: the file does not say it is a campaign file"},
		{"an empty format", edit(func(m map[string]any) { m["format"] = "" }),
			"format: the file does not say it is a campaign file"},
		{"a newer version", edit(func(m map[string]any) { m["version"] = 2 }),
			"it was made by a newer Tablekeeper (version 2 of the campaign format; this one reads up to version 1): update the app"},
		{"a time written wrong", edit(func(m map[string]any) { eventAt(m, 1)["time"] = "yesterday" }),
			"events[1].time: must be a date and time written as 2026-11-29T20:15:00Z, not “yesterday”"},
		{"the creation written wrong", edit(func(m map[string]any) { campaignOf(m)["created"] = "last week" }),
			"campaign.created: must be a date and time written as 2026-11-29T20:15:00Z, not “last week”"},
		{"a seed of -1", edit(func(m map[string]any) { campaignOf(m)["seed"] = -1 }),
			"campaign.seed: must be a whole number of 0 or more, not -1 (line 1, column"},
		{"a seed of 2⁶⁴", []byte(strings.Replace(string(good), `"seed": `, `"seed": 18446744073709551616, "x": `, 1)),
			"campaign.seed: is too large a number (line"},
		{"an empty ID", edit(func(m map[string]any) { campaignOf(m)["id"] = "" }),
			"campaign.id: there is no ID"},
		{"a list, not a campaign", []byte(`[1, 2]`),
			"this is not a campaign file Tablekeeper can import: it is damaged, or not a campaign file: at line 1, column 1, an opening bracket where a campaign file begins with its opening brace"},
		{"more after the end", append(append([]byte{}, good...), "{}"...),
			"it is damaged, or not a campaign file: at line"},
		{"an event that is a number", edit(func(m map[string]any) { m["events"].([]any)[0] = 5 }),
			"events[0]: must be a set of named fields, not a number (line 1, column"},
		{"events that are not a list", edit(func(m map[string]any) { m["events"] = map[string]any{} }),
			"events: must be a list of events, not a set of named fields"},
	}
	for _, c := range cases {
		_, err := ParseExport(c.data, decidingRegistry)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
		fileWords(t, c.name, err.Error())
	}
}
