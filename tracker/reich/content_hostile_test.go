package reich

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"time"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker/trackertest"
)

// Issue 24 item 6: IDs and names of Reichbusters content keep the rules of
// campaign names, IDs that read the same are one (a second faction
// "practice-garrison " beside "practice-garrison"), and each refusal
// changes nothing.
func TestContentRefusesHostileIDsAndLookAlikes(t *testing.T) {
	s, _ := newSession(t)
	f := testFaction()
	f.ID = "practice-garrison"
	do(t, s, PutFaction{Faction: f})
	do(t, s, PutMap{Map: testMap()})
	before, events := stateJSON(t, st(s).Library), s.LastSeq()
	unchanged := func(what string) {
		t.Helper()
		if s.LastSeq() != events || stateJSON(t, st(s).Library) != before {
			t.Fatalf("%s: the refusal changed the campaign", what)
		}
	}
	for what, name := range trackertest.HostileNames() {
		bad := f
		bad.ID = name
		if _, err := s.Do(PutFaction{Faction: bad}); err == nil {
			t.Errorf("%s: a faction ID taken", what)
		}
		named := f
		named.Name = name
		if _, err := s.Do(PutFaction{Faction: named}); err == nil {
			t.Errorf("%s: a faction name taken", what)
		}
		m := testMap()
		m.MissionID = name
		if _, err := s.Do(PutMap{Map: m}); err == nil {
			t.Errorf("%s: a map's mission ID taken", what)
		}
		card := content.NoiseCard{ID: name, Deck: content.DeckPreAlarm, Threshold: 2,
			Top: []content.Effect{{Kind: content.EffAdvanceTracker, N: 1}}, Bottom: []content.Effect{{Kind: content.EffAdvanceTracker, N: 1}}}
		if _, err := s.Do(PutNoiseCard{Card: card}); err == nil {
			t.Errorf("%s: a noise card ID taken", what)
		}
		// In a content file.
		lib := Library{Factions: []content.Faction{bad}}
		data, _ := ExportContent(&State{Library: lib})
		if _, err := ReadContentFile(data); err == nil {
			t.Errorf("%s: a content file with it read", what)
		}
		if _, err := s.Do(ImportContent{Data: data}); err == nil {
			t.Errorf("%s: a content file with it imported", what)
		}
		unchanged(what)
	}
	empty := f
	empty.ID = " "
	if _, err := s.Do(PutFaction{Faction: empty}); err == nil {
		t.Error("an empty faction ID taken")
	}
	for _, like := range []string{"practice-garrison ", "PRACTICE-GARRISON", " Practice-Garrison"} {
		alike := f
		alike.ID = like
		if _, err := s.Do(PutFaction{Faction: alike}); err == nil {
			t.Errorf("a second faction %q beside practice-garrison", like)
		}
		data, _ := ExportContent(&State{Library: Library{Factions: []content.Faction{alike}}})
		if _, err := s.Do(ImportContent{Data: data}); err == nil {
			t.Errorf("a file's faction %q merged beside practice-garrison", like)
		}
		unchanged(like)
	}
	m := testMap()
	m.MissionID = strings.ToLower(m.MissionID)
	if _, err := s.Do(PutMap{Map: m}); err == nil || !strings.Contains(err.Error(), "reads the same as") {
		t.Errorf("a second map for mission %q: %v", m.MissionID, err)
	}
	unchanged("a map's mission in lower case")
	two := Library{Factions: []content.Faction{f, func() content.Faction { g := f; g.ID = "PRACTICE-GARRISON"; return g }()}}
	data, _ := ExportContent(&State{Library: two})
	if _, err := ReadContentFile(data); err == nil || !strings.Contains(err.Error(), "used twice") {
		t.Errorf("a file with practice-garrison and PRACTICE-GARRISON: %v", err)
	}
}

// Issue 24 item 7: a content file over the bound is refused before any of
// it is read: at once, with no more memory than the file itself (before,
// 20 MB was taken, and 16 MB refused after 5–7 s and 400 MB).
func TestContentFileOverTheBoundIsRefusedAtOnce(t *testing.T) {
	lib := testLibrary()
	good, _ := ExportContent(&State{Library: lib})
	for _, size := range []int{MaxContentFile + 1, 16 << 20, 20 << 20} {
		// A real file padded with spaces inside its JSON, so only the
		// bound can refuse it.
		data := append(bytes.Repeat([]byte(" "), size-len(good)), good...)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		_, err := ReadContentFile(data)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "larger than any content file") {
			t.Fatalf("%d bytes: %v", size, err)
		}
		if took > time.Second || after.TotalAlloc-before.TotalAlloc > 1<<20 {
			t.Fatalf("%d bytes refused after %v and %d KB", size, took, (after.TotalAlloc-before.TotalAlloc)>>10)
		}
		s, _ := newSession(t)
		if _, err := s.Do(ImportContent{Data: data}); err == nil || s.LastSeq() != 0 {
			t.Fatalf("%d bytes imported: %v", size, err)
		}
	}
	if _, err := ReadContentFile(good); err != nil {
		t.Fatal(err)
	}
}
