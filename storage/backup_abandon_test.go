package storage

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// leftovers are the backups and their temporary files in the folder.
func leftovers(t *testing.T, db *DB) []string {
	t.Helper()
	all, _ := filepath.Glob(filepath.Join(db.BackupDirPath(), "*"))
	return all
}

// waitFor polls cond for up to 60 s (the check left to finish alone
// takes a second here, many on a loaded machine).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(60 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%s: not within 60 s", what)
		}
	}
}

// A backup called off while it writes its copy, or while it checks it,
// keeps nothing, says so, and leaves the campaign file as it was (issue
// 24 item 5: the window can leave a backup running, and quitting while
// one runs is safe).
func TestBackupCalledOffKeepsNothing(t *testing.T) {
	for _, at := range []BackupStep{BackupWriting, BackupChecking} {
		db, path := openTemp(t)
		db.BackupEvery = 0
		writtenCampaign(t, db, 20_000, 0)
		before := fileHash(t, path)
		ctx, cancel := context.WithCancel(context.Background())
		var steps []BackupStep
		_, err := db.BackupWith(ctx, func(p BackupProgress) {
			steps = append(steps, p.Step)
			if p.Step == at && (at == BackupChecking || p.Done > 0) {
				cancel()
			}
		})
		if !errors.Is(err, ErrBackupAbandoned) {
			t.Fatalf("called off while %v: %v (steps %v)", at, err, steps)
		}
		waitFor(t, "the copy removed", func() bool { return len(leftovers(t, db)) == 0 })
		if fileHash(t, path) != before {
			t.Fatalf("called off while %v: the campaign file changed", at)
		}
		// The next backup is whole.
		b, err := db.Backup()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := VerifyFile(b.Path, reg); err != nil {
			t.Fatal(err)
		}
		cancel()
	}
}

// Closing the file while a backup writes calls it off at once: Close does
// not wait for the copy to be written and checked.
func TestCloseCallsOffABackup(t *testing.T) {
	db, path := openTemp(t)
	db.BackupEvery = 0
	writtenCampaign(t, db, 20_000, 0)
	writing := make(chan struct{})
	res := make(chan error, 1)
	go func() {
		var once bool
		_, err := db.BackupWith(context.Background(), func(p BackupProgress) {
			if p.Step == BackupWriting && p.Done > 0 && !once {
				once = true
				close(writing)
				time.Sleep(50 * time.Millisecond) // the close arrives mid-write
			}
		})
		res <- err
	}()
	<-writing
	start := time.Now()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("closing took %v while a backup wrote", d)
	}
	if err := <-res; !errors.Is(err, ErrBackupAbandoned) {
		t.Fatalf("backup: %v", err)
	}
	if _, err := db.Backup(); !errors.Is(err, ErrBackupAbandoned) {
		t.Fatalf("a backup of a closed file: %v", err)
	}
	dir := filepath.Join(filepath.Dir(path), "backups")
	waitFor(t, "the copy removed", func() bool { all, _ := filepath.Glob(filepath.Join(dir, "*")); return len(all) == 0 })
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	db2, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	db2.Close()
}
