package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// sparse makes a file of size bytes that takes no room on disk.
func sparse(t *testing.T, size int64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "big.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return path
}

// TestOversizeFilesAreRefusedAtOnce: an import file over the documented
// limit, and a situation file over its own, are refused from their size,
// before any of them is read (before, import read the whole file first).
func TestOversizeFilesAreRefusedAtOnce(t *testing.T) {
	db := filepath.Join(t.TempDir(), "tk.db")
	start := time.Now()
	r := run(t, Env{}, "--db", db, "import", sparse(t, tracker.MaxExportSize+1))
	if r.code != 1 || !strings.Contains(r.stderr, "an import file may be at most 256 MB") {
		t.Fatalf("import of a file over the limit: %+v", r)
	}
	called := false
	env := Env{Resolvers: map[tracker.GameID]func([]byte) ([]byte, error){
		tracker.Alone: func(b []byte) ([]byte, error) { called = true; return nil, nil },
	}}
	r = run(t, env, "resolve", "alone", sparse(t, MaxSituationSize+1))
	if r.code != 1 || called || !strings.Contains(r.stderr, "a situation file may be at most 16 MB") {
		t.Fatalf("resolve of a file over the limit: %+v", r)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Logf("refusing took %v", d) // reading 256 MB would have shown here
	}
	if list := run(t, Env{}, "--db", db, "list"); !strings.Contains(list.stdout, "No campaigns yet") {
		t.Fatalf("after the refused import: %+v", list)
	}
}

// TestExportTakesAnIDInAnySpelling: the ID a verb is given may be in upper
// case, in braces or as urn:uuid:, as an import accepts it.
func TestExportTakesAnIDInAnySpelling(t *testing.T) {
	db := filepath.Join(t.TempDir(), "tk.db")
	r := run(t, Env{}, "--db", db, "new", "alone", "Night")
	id := strings.Fields(r.stdout)[0]
	for _, spelling := range []string{strings.ToUpper(id), "{" + id + "}", "urn:uuid:" + id, strings.ToUpper(id[:6])} {
		if r := run(t, Env{}, "--db", db, "export", spelling); r.code != 0 || !strings.Contains(r.stdout, id) {
			t.Errorf("export %s: %+v", spelling, r)
		}
	}
}
