package storage

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// The faults of issue 16 (3–10), each with the test that found it.

// noticer is what an open file tells the players besides refusing.
type noticer interface{ Notices() []string }

func fileHash(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return "missing"
	}
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	return string(sum[:])
}

// soundFile writes a file with one campaign of n notes and one backup of
// it, and closes it.
func soundFile(t testing.TB, n int) (path, id, backup string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "tablekeeper.db")
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	db.BackupEvery = 0
	c, _ := db.NewCampaign(tracker.Alone, "Kept", 1)
	s, _ := db.OpenSession(c.ID)
	addNotes(t, s, n)
	b, err := db.Backup()
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path, c.ID, b.Path
}

// Fault 3: an empty or missing file beside backups (or beside a file kept
// aside by a restore) was taken for a new one.
func TestEmptyOrMissingFileBesideBackupsIsRefused(t *testing.T) {
	cases := map[string]func(path, backup string){
		"empty":   func(path, _ string) { _ = os.Truncate(path, 0) },
		"missing": func(path, _ string) { _ = os.Remove(path) },
		"missing, only a kept-aside file beside it": func(path, backup string) {
			_ = os.Rename(path, path+".replaced-20260101-120000.000")
			_ = os.RemoveAll(filepath.Dir(backup))
		},
	}
	for name, damage := range cases {
		t.Run(name, func(t *testing.T) {
			path, _, backup := soundFile(t, 5)
			damage(path, backup)
			before := fileHash(t, path)
			want := filepath.Base(backup)
			if strings.Contains(name, "kept-aside") {
				want = filepath.Base(path) + ".replaced-20260101-120000.000"
			}
			db, err := Open(path, reg)
			if err == nil {
				list, _ := db.List()
				db.Close()
				t.Fatalf("opened as a new file (%d campaigns) beside its copies", len(list))
			}
			var de *DamageError
			if !errors.As(err, &de) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "will not start a new, empty file") {
				t.Fatalf("refusal does not offer %s in words: %v", want, err)
			}
			if _, err := VerifyFile(path, reg); err == nil {
				t.Fatal("verify calls it sound")
			}
			if after := fileHash(t, path); after != before {
				t.Fatal("the refusal changed the file")
			}
			// The offered copy restores, and then the file opens whole.
			if err := RestoreFile(path, de.Backup, time.Now()); err != nil {
				t.Fatal(err)
			}
			db, err = Open(path, reg)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if list, _ := db.List(); len(list) != 1 || list[0].Events != 5 {
				t.Fatalf("after restoring the offer: %+v", list)
			}
		})
	}
	// Without any copy beside it, a missing file is a new one.
	db, err := Open(filepath.Join(t.TempDir(), "new.db"), reg)
	if err != nil {
		t.Fatalf("a first start is refused: %v", err)
	}
	db.Close()
}

// Fault 4: a restore that fails half way (here: the backup cannot be read
// after all) must leave the old file in place, never no file.
func TestFailedRestoreLeavesTheOldFile(t *testing.T) {
	path, _, _ := soundFile(t, 3)
	before := fileHash(t, path)
	for name, backup := range map[string]string{
		"gone":        filepath.Join(t.TempDir(), "gone.db"),
		"a directory": t.TempDir(),
	} {
		if err := RestoreFile(path, backup, time.Now()); err == nil {
			t.Fatalf("%s: restored from nothing", name)
		}
		if fileHash(t, path) != before {
			t.Fatalf("%s: a failed restore left %s without its file", name, path)
		}
	}
}

// Fault 4, each step: a restore stopped after any of its steps (as by a
// kill) leaves the old or the new file at the path, never none.
func TestRestoreStoppedAtEveryStep(t *testing.T) {
	path, _, backup := soundFile(t, 3)
	oldHash, newHash := fileHash(t, path), fileHash(t, backup)
	if oldHash == newHash {
		// Make the file differ from its backup.
		db, err := Open(path, reg)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = db.NewCampaign(tracker.Alone, "After", 2)
		db.Close()
		oldHash = fileHash(t, path)
	}
	for step := 1; ; step++ {
		stopAt := step
		restoreStep = func(n int) bool { return n == stopAt }
		err := RestoreFile(path, backup, time.Now())
		restoreStep = nil
		got := fileHash(t, path)
		if got != oldHash && got != newHash {
			t.Fatalf("stopped after step %d: the path holds neither file", step)
		}
		if !errors.Is(err, errStopped) {
			if err != nil {
				t.Fatal(err)
			}
			if got != newHash {
				t.Fatal("a finished restore did not put the backup in place")
			}
			break
		}
		// Put the old file back for the next step, as the next start would
		// find it.
		if got == newHash {
			aside, _ := filepath.Glob(path + ".replaced-*")
			if len(aside) == 0 {
				t.Fatalf("after step %d the old file was not kept aside", step)
			}
		}
		restoreOld(t, path, oldHash)
	}
}

func restoreOld(t *testing.T, path, oldHash string) {
	t.Helper()
	aside, _ := filepath.Glob(path + ".replaced-*")
	for _, a := range aside {
		if fileHash(t, a) == oldHash {
			if err := os.Rename(a, path); err != nil {
				t.Fatal(err)
			}
		} else {
			os.Remove(a)
		}
	}
	if fileHash(t, path) != oldHash {
		t.Fatal("lost the old file between steps")
	}
}

// Fault 5: two restores in the same second kept the first file aside under
// the same name as the second, and lost it.
func TestKeptAsideNamesAreUnique(t *testing.T) {
	path, _, backup := soundFile(t, 2)
	first := fileHash(t, path)
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for i := 0; i < 3; i++ {
		if err := RestoreFile(path, backup, now); err != nil {
			t.Fatal(err)
		}
	}
	aside, _ := filepath.Glob(path + ".replaced-*")
	if len(aside) != 3 {
		t.Fatalf("%d files kept aside by three restores: %v", len(aside), aside)
	}
	found := false
	for _, a := range aside {
		found = found || fileHash(t, a) == first
	}
	if !found {
		t.Fatal("the file the first restore replaced is gone")
	}
}

const testPage = 4096

// newestMetaAt is the offset of the meta page with the higher txid.
func newestMetaAt(b []byte) (newest, older int) {
	t0 := binary.LittleEndian.Uint64(b[pageHeaderSize+48:])
	t1 := binary.LittleEndian.Uint64(b[testPage+pageHeaderSize+48:])
	if t1 > t0 {
		return testPage, 0
	}
	return 0, testPage
}

// Fault 6: damage to the newest meta page made bbolt fall back to the older
// one, silently one action short.
func TestOneDamagedMetaPageIsSaid(t *testing.T) {
	for _, which := range []string{"newest", "older"} {
		t.Run(which, func(t *testing.T) {
			path, id, backup := soundFile(t, 4)
			db, err := Open(path, reg)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := db.OpenSession(id)
			addNotes(t, s, 1) // the last action, after the backup
			db.Close()
			data, _ := os.ReadFile(path)
			newest, older := newestMetaAt(data)
			at := newest
			if which == "older" {
				at = older
			}
			data[at+pageHeaderSize+20] ^= 0x40 // inside the root's page number
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			before := fileHash(t, path)
			for verb, run := range readingVerbs(path) {
				err := run()
				var de *DamageError
				if !errors.As(err, &de) || !de.AsItReads {
					t.Fatalf("%s: %v", verb, err)
				}
				// A backup's own check (verify the file, preview) names no
				// other backup; opening the campaign file does.
				if verb != "verify the file" && verb != "preview" && !strings.Contains(err.Error(), filepath.Base(backup)) {
					t.Fatalf("%s does not name the backup: %v", verb, err)
				}
				if which == "newest" && !strings.Contains(err.Error(), "the last change written to it may be missing") {
					t.Fatalf("%s does not say the last change may be missing: %v", verb, err)
				}
			}
			if fileHash(t, path) != before {
				t.Fatal("the damaged file was changed")
			}
			// Keeping the file as it reads gives a sound file; the damaged
			// one is kept aside.
			if err := KeepAsItReads(path, reg, time.Now()); err != nil {
				t.Fatal(err)
			}
			db, err = Open(path, reg)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			c, _ := db.Campaign(id)
			want := uint64(5)
			if which == "newest" {
				want = 4
			}
			if c.Events != want {
				t.Fatalf("kept as it reads: %d events, want %d", c.Events, want)
			}
			aside, _ := filepath.Glob(path + ".replaced-*")
			if len(aside) != 1 || fileHash(t, aside[0]) != before {
				t.Fatalf("the damaged file was not kept aside: %v", aside)
			}
		})
	}
}

func closeIf(db *DB) {
	if db != nil {
		db.Close()
	}
}

// Fault 7: killed backups left their .tmp files forever.
func TestStaleBackupTempsAreCleaned(t *testing.T) {
	path, _, backup := soundFile(t, 2)
	dir := filepath.Dir(backup)
	stale := func() []string {
		var made []string
		for _, n := range []string{"tablekeeper-20260101-120000.000.db.tmp", "tablekeeper-20260101-120001.000.db.tmp"} {
			p := filepath.Join(dir, n)
			if err := os.WriteFile(p, bytes.Repeat([]byte{1}, 5000), 0o600); err != nil {
				t.Fatal(err)
			}
			made = append(made, p)
		}
		return made
	}
	restoring := path + ".restoring"
	_ = os.WriteFile(restoring, []byte("half a copy"), 0o600)
	made := stale()
	other := filepath.Join(dir, "notes.txt.tmp") // not ours: left alone
	_ = os.WriteFile(other, []byte("x"), 0o600)
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, p := range append(made, restoring) {
		if _, err := os.Stat(p); err == nil {
			t.Fatalf("%s left after the next open", filepath.Base(p))
		}
	}
	made = stale()
	if _, err := db.Backup(); err != nil {
		t.Fatal(err)
	}
	for _, p := range made {
		if _, err := os.Stat(p); err == nil {
			t.Fatalf("%s left after the next backup", filepath.Base(p))
		}
	}
	if _, err := os.Stat(other); err != nil {
		t.Fatal("a file that is not a backup's was removed")
	}
}

// Fault 8: opening a damaged file wrote to it before the damage was found;
// and opening a sound one to list or verify it wrote to it too.
func TestOpeningNeverWritesADamagedFile(t *testing.T) {
	path, good, _ := makeDamageable(t)
	at := bytes.Index(good, []byte(`"text":"note"`))
	variants := map[string][]byte{"sound": good}
	flip := append([]byte(nil), good...)
	flip[at+9] ^= 0x20 // an event's checksum fails; found only after bbolt opened it
	variants["an event's bytes"] = flip
	for name, data := range variants {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		before := fileHash(t, path)
		for verb, run := range readingVerbs(path) {
			_ = run()
			if fileHash(t, path) != before {
				t.Fatalf("%s file: %s changed it", name, verb)
			}
		}
	}
}

// readingVerbs are what may look at a file without changing it: list,
// verify, a backup's preview.
func readingVerbs(path string) map[string]func() error {
	return map[string]func() error{
		"open and close": func() error { db, err := Open(path, reg); closeIf(db); return err },
		"list": func() error {
			db, err := Open(path, reg)
			if err != nil {
				return err
			}
			defer db.Close()
			_, err = db.List()
			return err
		},
		"verify": func() error {
			db, err := Open(path, reg)
			if err != nil {
				return err
			}
			defer db.Close()
			_, err = db.Verify()
			return err
		},
		"verify the file": func() error { _, err := VerifyFile(path, reg); return err },
		"preview":         func() error { _, err := Campaigns(path, reg); return err },
	}
}

// snapshotAt is where the bytes of the newest snapshot lie in the file.
func snapshotAt(t testing.TB, data []byte) int {
	t.Helper()
	i := bytes.LastIndex(data, []byte(`"stateVersion"`))
	if i < 0 {
		t.Fatal("no snapshot in the file")
	}
	return i
}

// Fault 9: a damaged snapshot refused the whole file, though the log was
// whole. Snapshots are a cache: the file opens, the players are told, and
// the snapshot is rebuilt from the log when the campaign is played.
func TestDamagedSnapshotIsRebuiltNotRefused(t *testing.T) {
	path, id, _ := soundFile(t, tracker.SnapshotEvery+10)
	data, _ := os.ReadFile(path)
	// Every copy of a snapshot in the file (the live one, and old ones in
	// free pages), so the live one is hit wherever it lies.
	snapshotAt(t, data)
	for _, at := range allIndex(data, []byte(`"stateVersion"`)) {
		data[at+20] ^= 0x08
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	before := fileHash(t, path)
	if _, err := VerifyFile(path, reg); err != nil {
		t.Fatalf("verify refuses a file whose snapshot only is damaged: %v", err)
	}
	db, err := Open(path, reg)
	if err != nil {
		t.Fatalf("a damaged snapshot refuses the file: %v", err)
	}
	n, ok := any(db).(noticer)
	if !ok || len(n.Notices()) != 1 || !strings.Contains(n.Notices()[0], "nothing is lost") || !strings.Contains(n.Notices()[0], "Kept") {
		t.Fatalf("the players are not told in words: %v", db)
	}
	if _, err := db.Verify(); err != nil {
		t.Fatal(err)
	}
	if _, err := db.List(); err != nil {
		t.Fatal(err)
	}
	if fileHash(t, path) != before {
		t.Fatal("listing or verifying changed the file")
	}
	s, err := db.OpenSession(id)
	if err != nil || s.LastSeq() != tracker.SnapshotEvery+10 || countNotes(s) != tracker.SnapshotEvery+10 {
		t.Fatalf("opened from the log: %v", err)
	}
	db.Close()
	db, err = Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got := db.Notices(); len(got) != 0 {
		t.Fatalf("still damaged after playing: %v", got)
	}
	if snap, _ := db.LatestSnapshot(id); snap == nil || snap.Seq < tracker.SnapshotEvery {
		t.Fatalf("snapshot not rebuilt: %+v", snap)
	}
}

// panicWords are what a recovered panic says; a player must never read them.
var panicWords = []string{"panic", "assertion failed", "runtime error", "goroutine", "nil pointer",
	"index out of range", "invalid memory address", "unexpected fault address", "self identifies", "slice bounds"}

// hasPanicText says which of panicWords a message holds, leaving out the
// file names in it (a test's folder is named after the test).
func hasPanicText(s string, paths ...string) string {
	for _, p := range paths {
		if p != "" {
			s = strings.ReplaceAll(s, p, "FILE")
			s = strings.ReplaceAll(s, filepath.Dir(p), "FOLDER")
		}
	}
	l := strings.ToLower(s)
	for _, w := range panicWords {
		if strings.Contains(l, w) {
			return w
		}
	}
	return ""
}

// Fault 10: a message quoted a panic from inside bbolt.
func TestAPanicIsSaidInWords(t *testing.T) {
	path, _, _ := soundFile(t, 1)
	db := &DB{path: path, reg: reg}
	err := db.classify(safely(func() error {
		panic("assertion failed: Page expected to be: 1, but self identifies as 0")
	}))
	var de *DamageError
	if !errors.As(err, &de) || hasPanicText(err.Error(), path, de.Backup) != "" {
		t.Fatalf("message %q", err)
	}
	err = db.classify(safely(func() error { var m map[string]int; m["x"] = 1; return nil }))
	if w := hasPanicText(err.Error(), path, de.Backup); w != "" {
		t.Fatalf("message says %q: %v", w, err)
	}
}

// HasPanicText is hasPanicText for the suite's bad situation files, which
// run the resolve verb of ui/cli (which imports storage) and so live in
// package storage_test.
var HasPanicText = func(s string) string { return hasPanicText(s) }
