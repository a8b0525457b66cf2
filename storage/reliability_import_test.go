package storage

// Bad import files of the reliability suite (see reliability_test.go).

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"tablekeeper/tracker"
)

// A badImport is one class of bad import file the black-box test of issue
// 16 tried. Each is built from a good export (with a new campaign ID, so a
// refusal is the file's fault and not "already here"). want is what the
// refusal must name. awaits names the branch whose validation refuses the
// class: until it is in main the class is tried and reported, not failed
// (the memory engineer removes awaits as each lands).
type badImport struct {
	class  string
	build  func(good []byte) []byte
	want   string
	awaits string
	// big: built only in the long run while it awaits (it costs seconds to
	// accept).
	big bool
}

// badImports are the classes of bad import files. Refused, a file is left
// as it was, in words, fast.
var badImports = []badImport{
	{class: "not JSON", build: func([]byte) []byte { return []byte("{not an export") }, want: "JSON"},
	{class: "another format", build: replace(`"format":"tablekeeper-campaign"`, `"format":"shopping-list"`), want: "format"},
	{class: "a newer version", build: replace(`"version":1`, `"version":99`), want: "newer"},
	{class: "an unknown field", build: replace(`"format":`, `"extra":1,"format":`), want: "unknown field"},
	{class: "more after the end", build: func(g []byte) []byte { return append(g, []byte(` {}`)...) }, want: "JSON"},
	{class: "an unknown game", build: replace(`"game":"alone"`, `"game":"tetris"`), want: "campaign.game"},
	{class: "events out of order", build: replace(`"seq":2,`, `"seq":3,`), want: "events[1]"},
	{class: "an event ID twice", build: sameEventIDs, want: "same as event"},
	{class: "a draw out of its range", build: withDraw(`{"index":0,"n":6,"value":6}`), want: "draws[0]"},
	{class: "a note of 4,001 characters", build: noteOf(4001), want: "4000", awaits: "memory"},
	{class: "a note of 100,000 characters", build: noteOf(100_000), want: "4000", awaits: "memory"},
	{class: "a note of 50 MB", build: noteOf(50 << 20), want: "MB", awaits: "memory", big: true},
	{class: "the campaign ID in upper case", build: idAs(strings.ToUpper), want: "already here", awaits: "memory"},
	{class: "the campaign ID in braces", build: idAs(func(id string) string { return "{" + id + "}" }), want: "already here", awaits: "memory"},
	{class: "the campaign ID as urn:uuid:", build: idAs(func(id string) string { return "urn:uuid:" + id }), want: "already here", awaits: "memory"},
	{class: "the all-zero campaign ID", build: idAs(func(string) string { return "00000000-0000-0000-0000-000000000000" }), want: "campaign.id", awaits: "memory"},
	{class: "a draw index of 2^64-1", build: withDraw(`{"index":18446744073709551615,"n":6,"value":2}`), want: "index", awaits: "memory"},
	{class: "the year 9999", build: replaceFirstTime("9999"), want: "9999", awaits: "memory"},
	{class: "a name with NUL", build: nameWith("\\u0000"), want: "campaign.name", awaits: "memory"},
	{class: "a name with a right-to-left override", build: nameWith("\\u202e"), want: "campaign.name", awaits: "memory"},
	{class: "a name with a newline", build: nameWith("\\n"), want: "campaign.name", awaits: "memory"},
}

// badSituations are the bad situation files of issue 16 (within and beyond
// the documented limits of `resolve`), for the memory engineer's branch to
// fill in with each game's resolver: resolve must answer or refuse in words
// within a second here, never panic.
var badSituations = []struct {
	class   string
	game    tracker.GameID
	data    []byte
	resolve func([]byte) ([]byte, error)
	refused bool
}{}

const goodID = "6f1d3c52-6a4e-4d7e-9d0e-3a1f4b2c5d6e"

func replace(old, new string) func([]byte) []byte {
	return func(g []byte) []byte { return []byte(strings.Replace(string(g), old, new, 1)) }
}

func idAs(spell func(string) string) func([]byte) []byte {
	return func(g []byte) []byte {
		return []byte(strings.Replace(string(g), `"id":"`+goodID+`"`, `"id":"`+spell(goodID)+`"`, 1))
	}
}

func nameWith(esc string) func([]byte) []byte {
	return replace(`"name":"Evening"`, `"name":"Even`+esc+`ing"`)
}

func noteOf(n int) func([]byte) []byte {
	return func(g []byte) []byte {
		return []byte(strings.Replace(string(g), `{"text":"first"}`, `{"text":"`+strings.Repeat("x", n)+`"}`, 1))
	}
}

func withDraw(draw string) func([]byte) []byte {
	return replace(`"kind":"core.note",`, `"kind":"core.note","draws":[`+draw+`],`)
}

func replaceFirstTime(year string) func([]byte) []byte {
	return func(g []byte) []byte {
		s := string(g)
		i := strings.Index(s, `"created":"`) + len(`"created":"`)
		return []byte(s[:i] + year + s[i+4:])
	}
}

func sameEventIDs(g []byte) []byte {
	s := string(g)
	ids := allIndex(g, []byte(`,"id":"`))
	if len(ids) < 2 {
		return g
	}
	first := s[ids[0]+7 : ids[0]+7+36]
	return []byte(s[:ids[1]+7] + first + s[ids[1]+7+36:])
}

// TestReliabilityBadImports tries every class of bad import file on a file
// that holds the campaign already.
func TestReliabilityBadImports(t *testing.T) {
	db, path := openTemp(t)
	c, _ := tracker.NewCampaign(tracker.Alone, "Evening", 5, time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC))
	c.ID = goodID
	if err := db.Create(c); err != nil {
		t.Fatal(err)
	}
	s, _ := db.OpenSession(c.ID)
	for _, text := range []string{"first", "second", "third"} {
		if _, err := s.Do(tracker.AddNote{Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	x, _ := db.Export(c.ID)
	indented, _ := x.Encode()
	var compact bytes.Buffer
	if err := json.Compact(&compact, indented); err != nil {
		t.Fatal(err)
	}
	good := compact.Bytes()
	refused, pending := 0, []string{}
	for _, b := range badImports {
		if b.big && b.awaits != "" && !longRun() {
			pending = append(pending, b.class+" (long run only)")
			continue
		}
		data := b.build(good)
		if string(data) == string(good) {
			t.Fatalf("%s: the good export did not change: %s", b.class, good)
		}
		if !strings.Contains(b.class, "campaign ID") {
			data = []byte(strings.ReplaceAll(string(data), goodID, uuid.NewString()))
		}
		before := fileHash(t, path)
		start := time.Now()
		var err error
		within(t, "import of "+b.class, func() error { _, err = db.Import(data, false); return nil })
		took := time.Since(start)
		if err == nil {
			if b.awaits == "" {
				t.Errorf("%s: accepted", b.class)
			} else {
				pending = append(pending, b.class)
			}
			continue
		}
		refused++
		if fileHash(t, path) != before {
			t.Errorf("%s: a refused import changed the file", b.class)
		}
		if w := hasPanicText(err.Error(), path); w != "" {
			t.Errorf("%s: refused with %q: %v", b.class, w, err)
		}
		if !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: the refusal does not name %q: %v", b.class, b.want, err)
		}
		if took > 2*time.Second {
			t.Errorf("%s: refused after %v, not at once", b.class, took)
		}
	}
	t.Logf("%d classes of bad import refused, the file unchanged; %d still accepted, awaiting the memory branch's validation: %s",
		refused, len(pending), strings.Join(pending, "; "))
	if len(badSituations) == 0 {
		t.Logf("bad situation files: none yet (badSituations awaits the memory branch)")
	}
}
