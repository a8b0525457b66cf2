package storage

// Damaged-file variants of the reliability suite (see reliability_test.go).

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/tracker"
)

// A damage is one way a file can be damaged, and what may come of it.
type damage struct {
	name string
	// bad makes the damaged bytes (on demand: the long run has thousands).
	bad func() []byte
	// cache: only a snapshot is hit; the file opens and play rebuilds it.
	cache bool
}

// TestReliabilityDamagedFiles damages a real file in every page (header and
// body, and zeroed), in every meta page field, in every snapshot and in
// events, cuts it short, empties and removes it beside its backup; then runs
// every verb on each: opening, listing, verifying, a backup's check and
// preview, and playing each campaign. A refused file must be unchanged and
// told in words with the good backup; a file accepted must have lost
// nothing; nothing may hang or panic.
func TestReliabilityDamagedFiles(t *testing.T) {
	path, good, backup, want := referenceFile(t)
	variants := damagedVariants(t, good)
	counts := map[string]int{}
	for _, v := range variants {
		outcome := tryDamaged(t, path, backup, want, v)
		counts[outcome]++
	}
	t.Logf("%d damaged files: %d refused, untouched, with the good backup named; %d whose damage fell on unused space (nothing lost); %d with a damaged snapshot (opened, rebuilt from the log, nothing lost)",
		len(variants), counts["refused"], counts["harmless"], counts["rebuilt"])
	if counts["refused"] < (len(variants)-counts["rebuilt"])/2 {
		t.Fatalf("only %d of %d damaged files refused: the checks are blind", counts["refused"], len(variants))
	}
	// Empty, missing, and missing with only a kept-aside file beside it.
	for _, lose := range []string{"empty", "missing", "aside"} {
		if err := os.WriteFile(path, good, 0o600); err != nil {
			t.Fatal(err)
		}
		switch lose {
		case "empty":
			_ = os.Truncate(path, 0)
		case "missing":
			_ = os.Remove(path)
		case "aside":
			_ = os.Rename(path, path+asideMark+"20260101-000000.000")
		}
		before := fileHash(t, path)
		for verb, run := range readingVerbs(path) {
			err := within(t, verb, run)
			var de *DamageError
			if err == nil {
				t.Fatalf("%s file: %s accepted it", lose, verb)
			}
			if errors.As(err, &de) && de.Missing && de.Backup == "" {
				t.Fatalf("%s file: %s offers no copy: %v", lose, verb, err)
			}
			if w := hasPanicText(err.Error(), path, backup); w != "" {
				t.Fatalf("%s file: %s says %q: %v", lose, verb, w, err)
			}
			if fileHash(t, path) != before {
				t.Fatalf("%s file: %s changed it", lose, verb)
			}
		}
		os.Remove(path + asideMark + "20260101-000000.000")
	}
}

// summary is what a file holds: each campaign's name, event count and
// number of notes.
func summary(db *DB) (string, error) {
	list, err := db.List()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, c := range list {
		s, err := db.OpenSession(c.ID)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "%s:%d:%d;", c.Name, s.LastSeq(), countNotes(s))
	}
	return b.String(), nil
}

// referenceFile writes the file the variants damage: two campaigns, one
// long enough for two snapshots, with undo and redo, and one backup.
func referenceFile(t *testing.T) (path string, good []byte, backup, want string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "tablekeeper.db")
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	db.BackupEvery = 0
	for _, n := range []int{2*tracker.SnapshotEvery + 20, 40} {
		c, _ := db.NewCampaign(tracker.Alone, fmt.Sprintf("Campaign of %d", n), 1)
		s, _ := db.OpenSession(c.ID)
		for i := 0; i < n; i++ {
			switch {
			case i%17 == 16:
				_, err = s.Undo()
			case i%19 == 18 && s.CanRedo():
				_, err = s.Redo()
			default:
				// Notes as players write them, a line or two: the log
				// fills the file's pages (the state keeps no notes, so
				// its snapshots are small).
				_, err = s.Do(tracker.AddNote{Text: fmt.Sprintf("note %d of the evening: the bridge held, the radio is out, Ana keeps the key to the cellar door", i)})
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	b, err := db.Backup()
	if err != nil {
		t.Fatal(err)
	}
	if want, err = summary(db); err != nil {
		t.Fatal(err)
	}
	db.Close()
	good, err = os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, good, b.Path, want
}

func damagedVariants(t *testing.T, good []byte) []damage {
	t.Helper()
	var out []damage
	with := func(name string, cache bool, fn func(b []byte) []byte) {
		out = append(out, damage{name: name, bad: func() []byte { return fn(append([]byte(nil), good...)) }, cache: cache})
	}
	rng := rand.New(rand.NewSource(4))
	pages := len(good) / testPage
	// Every page: a byte of its header, a byte of its body, all of it zeroed
	// (the long run: every header byte).
	for p := 0; p < pages; p++ {
		at := p * testPage
		headerBytes := []int{rng.Intn(pageHeaderSize)}
		if longRun() {
			headerBytes = []int{0, 4, 8, 9, 10, 11, 12, 13, 14, 15}
		}
		for _, h := range headerBytes {
			with(fmt.Sprintf("page %d header byte %d", p, h), false, func(b []byte) []byte { b[at+h] ^= 0x5a; return b })
		}
		body := at + pageHeaderSize + rng.Intn(testPage-pageHeaderSize)
		with(fmt.Sprintf("page %d body byte %d", p, body-at), false, func(b []byte) []byte { b[body] ^= 0x21; return b })
		with(fmt.Sprintf("page %d zeroed", p), false, func(b []byte) []byte {
			copy(b[at:at+testPage], make([]byte, testPage))
			return b
		})
	}
	// Every field of each meta page.
	for _, m := range []int{0, testPage} {
		for f := 0; f < metaSumLen+8; f += 4 {
			with(fmt.Sprintf("meta page %d byte %d", m/testPage, f), false, func(b []byte) []byte { b[m+pageHeaderSize+f] ^= 0x11; return b })
		}
	}
	// Each snapshot's stored bytes: the cache, not the file.
	for i, at := range allIndex(good, []byte(`"stateVersion"`)) {
		with(fmt.Sprintf("snapshot %d", i), true, func(b []byte) []byte { b[at+20] ^= 0x08; return b })
	}
	// Events' stored bytes: a sample, every one in the long run.
	events := allIndex(good, []byte(`"kind":"`))
	step := max(1, len(events)/40)
	if longRun() {
		step = 1
	}
	for i := 0; i < len(events); i += step {
		at := events[i]
		with(fmt.Sprintf("event %d of %d", i, len(events)), false, func(b []byte) []byte { b[at+9] ^= 0x02; return b })
	}
	// Cut short at page boundaries and inside pages.
	for _, n := range []int{1, 100, testPage, 2 * testPage, len(good) / 3, len(good) / 2, len(good) - testPage, len(good) - 1} {
		with(fmt.Sprintf("cut to %d bytes", n), false, func(b []byte) []byte { return b[:n] })
	}
	return out
}

func allIndex(data, sub []byte) []int {
	var out []int
	for i := 0; ; {
		j := strings.Index(string(data[i:]), string(sub))
		if j < 0 {
			return out
		}
		out = append(out, i+j)
		i += j + 1
	}
}

// tryDamaged writes one damaged variant and runs every verb on it. It says
// what came of it: refused, harmless (accepted, nothing lost) or rebuilt.
func tryDamaged(t *testing.T, path, backup, want string, v damage) string {
	t.Helper()
	bad := v.bad()
	if err := os.WriteFile(path, bad, 0o600); err != nil {
		t.Fatal(err)
	}
	before := sha256.Sum256(bad)
	refused := false
	for verb, run := range readingVerbs(path) {
		err := within(t, v.name+": "+verb, run)
		if err != nil {
			refused = true
			if w := hasPanicText(err.Error(), path, backup); w != "" {
				t.Fatalf("%s: %s says %q: %v", v.name, verb, w, err)
			}
			var de *DamageError
			if !errors.As(err, &de) {
				t.Fatalf("%s: %s refused it, but not as damage: %v", v.name, verb, err)
			}
			if verb != "verify the file" && verb != "preview" && de.Backup != backup {
				t.Fatalf("%s: %s does not name the good backup: %v", v.name, verb, err)
			}
		}
		if now, _ := os.ReadFile(path); sha256.Sum256(now) != before {
			t.Fatalf("%s: %s changed the file", v.name, verb)
		}
	}
	if v.cache && refused {
		t.Fatalf("%s: a damaged snapshot refused the file", v.name)
	}
	if refused {
		return "refused"
	}
	// Accepted: nothing may be lost. Playing may write only to rebuild a
	// damaged snapshot.
	var db *DB
	err := within(t, v.name+": open to play", func() (err error) { db, err = Open(path, reg); return })
	if err != nil {
		t.Fatalf("%s: refused to play after every verb accepted it: %v", v.name, err)
	}
	notices := len(db.Notices())
	var got string
	err = within(t, v.name+": play", func() (err error) { got, err = summary(db); return })
	db.Close()
	if err != nil {
		t.Fatalf("%s: accepted, but a campaign does not open: %v", v.name, err)
	}
	if got != want {
		t.Fatalf("%s: accepted with something lost:\n got %s\nwant %s", v.name, got, want)
	}
	changed := false
	if now, _ := os.ReadFile(path); sha256.Sum256(now) != before {
		changed = true
	}
	if notices > 0 {
		return "rebuilt"
	}
	if changed && !v.cache {
		t.Fatalf("%s: playing changed a file that had nothing to rebuild", v.name)
	}
	return "harmless"
}
