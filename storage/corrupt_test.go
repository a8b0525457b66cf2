package storage

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// makeDamageable writes a file with two campaigns and a good backup, closes
// it and returns the file's bytes.
func makeDamageable(t testing.TB) (path string, data []byte, backup string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "tk.db")
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"First", "Second"} {
		c, _ := db.NewCampaign(tracker.Alone, name, 1)
		s, _ := db.OpenSession(c.ID)
		addNotes(t, s, 300)
	}
	if _, err := db.Backup(); err != nil {
		t.Fatal(err)
	}
	db.Close() // waits for the rolling backups the notes started
	list, err := db.Backups()
	if err != nil || len(list) == 0 {
		t.Fatalf("no backups: %v", err)
	}
	data, err = os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data, list[0].Path
}

func TestDamageIsReportedNeverPanics(t *testing.T) {
	path, good, backup := makeDamageable(t)
	const page = 4096
	noteAt := bytes.Index(good, []byte(`"text":"note"`))
	if noteAt < 0 {
		t.Fatal("no event text found in the file")
	}
	damages := map[string]func([]byte) []byte{
		"both meta pages flipped": func(b []byte) []byte {
			b[page/2] ^= 0xff
			b[page+page/2] ^= 0xff
			b[32] ^= 0x55
			b[page+32] ^= 0x55
			return b
		},
		"an event's bytes flipped":          func(b []byte) []byte { b[noteAt+9] ^= 0x20; return b },
		"truncated to half":                 func(b []byte) []byte { return b[:len(b)/2/page*page] },
		"truncated inside a page of events": func(b []byte) []byte { return b[:noteAt+100] },
		"a data page zeroed": func(b []byte) []byte {
			p := noteAt / page * page
			copy(b[p:p+page], make([]byte, page))
			return b
		},
		"every page after the meta scrambled": func(b []byte) []byte {
			for i := 2 * page; i < len(b); i += 7 {
				b[i] ^= 0xa5
			}
			return b
		},
		"not a database at all": func([]byte) []byte { return []byte(strings.Repeat("shopping list\n", 1000)) },
	}
	for name, damage := range damages {
		t.Run(name, func(t *testing.T) {
			bad := damage(append([]byte(nil), good...))
			if err := os.WriteFile(path, bad, 0o600); err != nil {
				t.Fatal(err)
			}
			db, err := Open(path, reg)
			if err == nil {
				// Open may miss damage that only a replay finds: verify must not.
				_, err = db.Verify()
				db.Close()
			}
			var de *DamageError
			if !errors.As(err, &de) {
				t.Fatalf("damage not reported as damage: %v", err)
			}
			if de.Backup != backup || !strings.Contains(err.Error(), filepath.Base(backup)) {
				t.Fatalf("message does not name the good backup %s: %v", backup, err)
			}
			// The named backup really restores.
			if err := RestoreFile(path, de.Backup, de2time()); err != nil {
				t.Fatal(err)
			}
			db, err = Open(path, reg)
			if err != nil {
				t.Fatalf("restored file: %v", err)
			}
			if r, err := db.Verify(); err != nil || len(r.Campaigns) != 2 {
				t.Fatalf("restored file verifies: %v", err)
			}
			db.Close()
		})
	}
}

func de2time() time.Time { return time.Now() }
