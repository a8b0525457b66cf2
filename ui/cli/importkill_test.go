package cli

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// TestImportChild is not a test on its own: TestImportFromStdinKilled runs
// the test binary again with TK_IMPORT_CHILD set, as `tablekeeper import -`
// reading its standard input, and kills it.
func TestImportChild(t *testing.T) {
	db := os.Getenv("TK_IMPORT_CHILD")
	if db == "" {
		t.Skip("helper process for TestImportFromStdinKilled")
	}
	code := Run([]string{"--db", db, "import", "-"}, Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Registry: tracker.Registry{}})
	os.Exit(code)
}

// importCopies are the copies of standard input an import left, wherever
// a version put them: beside the campaign file, or in the temporary folder.
func importCopies(t *testing.T, dir, tmp string) []string {
	t.Helper()
	var out []string
	for _, pat := range []string{filepath.Join(dir, ".*import-*"), filepath.Join(tmp, "tablekeeper-import-*")} {
		m, _ := filepath.Glob(pat)
		out = append(out, m...)
	}
	return out
}

func sha(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// `import -` killed while it reads standard input leaves its copy, which
// no one can remove at that moment; the next opening of the campaign file
// removes it (before: five kills left five copies in the temporary folder,
// for good). The kills are real: SIGKILL of a child process mid-copy, with
// 2 MB of the stream read. The campaign file is left as it was.
func TestImportFromStdinKilled(t *testing.T) {
	dir, tmp := t.TempDir(), t.TempDir()
	t.Setenv("TMPDIR", tmp)
	db := filepath.Join(dir, "tk.db")
	if r := run(t, Env{}, "--db", db, "new", "alone", "Kept"); r.code != 0 {
		t.Fatalf("new: %+v", r)
	}
	before := sha(t, db)
	chunk := bytes.Repeat([]byte(" "), 64<<10)
	for kill := 1; kill <= 5; kill++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestImportChild$")
		cmd.Env = append(os.Environ(), "TK_IMPORT_CHILD="+db, "TMPDIR="+tmp)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The stream starts as an export does and never ends: 2 MB of it
		// copied, then the kill.
		io.WriteString(stdin, `{"format": "tablekeeper-campaign", "version": 1, "events": [`)
		deadline := time.Now().Add(30 * time.Second)
		for copied := int64(0); copied < 2<<20; {
			if _, err := stdin.Write(chunk); err != nil {
				t.Fatalf("kill %d: the child stopped reading: %v\n%s", kill, err, out.String())
			}
			copied = 0
			for _, c := range importCopies(t, dir, tmp) {
				if st, err := os.Stat(c); err == nil {
					copied = max(copied, st.Size())
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("kill %d: no copy of standard input grew in 30 s\n%s", kill, out.String())
			}
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		stdin.Close()
		if left := importCopies(t, dir, tmp); len(left) != 1 {
			t.Fatalf("after kill %d: %d copies left, want the one being read: %v", kill, len(left), left)
		}
	}
	// An old-style copy a version before left in the temporary folder
	// hours ago goes too; one written a moment ago may still be read.
	old := filepath.Join(tmp, "tablekeeper-import-123.json")
	fresh := filepath.Join(tmp, "tablekeeper-import-456.json")
	for _, f := range []string{old, fresh} {
		if err := os.WriteFile(f, []byte("{"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	os.Chtimes(old, time.Now().Add(-7*time.Hour), time.Now().Add(-7*time.Hour))
	if r := run(t, Env{}, "--db", db, "list"); r.code != 0 || !strings.Contains(r.stdout, "Kept") {
		t.Fatalf("list: %+v", r)
	}
	left := importCopies(t, dir, tmp)
	if len(left) != 1 || left[0] != fresh {
		t.Fatalf("after the next opening: %v left, want only the fresh old-style copy", left)
	}
	if sha(t, db) != before {
		t.Fatal("the killed imports changed the campaign file")
	}
	t.Logf("5 kills of import - mid-copy: one copy at a time, none after the next opening; %s", fmt.Sprint(len(left), " fresh old-style copy kept"))
}
