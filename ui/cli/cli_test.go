package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"tablekeeper/tracker"
)

type result struct {
	code           int
	stdout, stderr string
}

func run(t *testing.T, env Env, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	env.Stdout, env.Stderr = &out, &errb
	if env.Stdin == nil {
		env.Stdin = strings.NewReader("")
	}
	if env.Registry == nil {
		env.Registry = tracker.Registry{}
	}
	code := Run(args, env)
	return result{code, out.String(), errb.String()}
}

func TestVerbsEndToEnd(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "tk.db")
	env := Env{}
	r := run(t, env, "--db", db, "list")
	if r.code != 0 || !strings.Contains(r.stdout, "No campaigns yet") {
		t.Fatalf("empty list: %+v", r)
	}
	r = run(t, env, "--db", db, "new", "eternaut", "Buenos", "Aires", "--seed", "77")
	if r.code != 0 {
		t.Fatalf("new: %+v", r)
	}
	id := strings.Fields(r.stdout)[0]
	r = run(t, env, "--db", db, "new", "cluedo", "x")
	if r.code != 1 || !strings.Contains(r.stderr, "eternaut, phantom-epoch, reichbusters, alone") {
		t.Fatalf("unknown game: %+v", r)
	}
	r = run(t, env, "--db", db, "new", "alone", "x", "--seed", "-3")
	if r.code != 1 || !strings.Contains(r.stderr, "seed") {
		t.Fatalf("bad seed: %+v", r)
	}
	r = run(t, env, "--db", db, "list")
	if r.code != 0 || !strings.Contains(r.stdout, "Buenos Aires") || !strings.Contains(r.stdout, id[:8]) {
		t.Fatalf("list: %+v", r)
	}
	file := filepath.Join(dir, "export.json")
	r = run(t, env, "--db", db, "export", id[:6], file)
	if r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	r = run(t, env, "--db", db, "import", file)
	if r.code != 1 || !strings.Contains(r.stderr, "--as-copy") {
		t.Fatalf("import over existing: %+v", r)
	}
	r = run(t, env, "--db", db, "import", "--as-copy", file)
	if r.code != 0 || !strings.Contains(r.stdout, "(copy)") {
		t.Fatalf("import as copy: %+v", r)
	}
	data, _ := os.ReadFile(file)
	r = run(t, Env{Stdin: bytes.NewReader(data)}, "--db", filepath.Join(dir, "other.db"), "import", "-")
	if r.code != 0 {
		t.Fatalf("import from stdin: %+v", r)
	}
	bad := filepath.Join(dir, "bad.json")
	_ = os.WriteFile(bad, []byte(`{"format":"tablekeeper-campaign","version":1,"campaign":{"id":"nope"}}`), 0o644)
	r = run(t, env, "--db", db, "import", bad)
	if r.code != 1 || !strings.Contains(r.stderr, "campaign.id") {
		t.Fatalf("bad import: %+v", r)
	}
	r = run(t, env, "--db", db, "verify")
	if r.code != 0 || !strings.Contains(r.stdout, "the file is sound") {
		t.Fatalf("verify: %+v", r)
	}
	r = run(t, env, "--db", db, "backup")
	if r.code != 0 || !strings.Contains(r.stdout, "verified") {
		t.Fatalf("backup: %+v", r)
	}
	backup := strings.Fields(r.stdout)[0]
	r = run(t, env, "--db", db, "backups")
	if r.code != 0 || !strings.Contains(r.stdout, backup) {
		t.Fatalf("backups: %+v", r)
	}
	// Damage the file, then restore it from the backup the verb names.
	_ = os.WriteFile(db, []byte(strings.Repeat("garbage ", 2000)), 0o600)
	r = run(t, env, "--db", db, "verify")
	if r.code != 1 || !strings.Contains(r.stderr, "damaged") || !strings.Contains(r.stderr, filepath.Base(backup)) {
		t.Fatalf("verify of damaged file: %+v", r)
	}
	r = run(t, env, "--db", db, "restore", backup)
	if r.code != 0 {
		t.Fatalf("restore: %+v", r)
	}
	r = run(t, env, "--db", db, "list")
	if r.code != 0 || strings.Count(r.stdout, "Buenos Aires") != 2 {
		t.Fatalf("after restore: %+v", r)
	}
}

func TestUsageAndHelp(t *testing.T) {
	r := run(t, Env{}, "--help")
	if r.code != 0 || !strings.Contains(r.stdout, "resolve GAME FILE") {
		t.Fatalf("help: %+v", r)
	}
	r = run(t, Env{}, "--db", filepath.Join(t.TempDir(), "x.db"), "dance")
	if r.code != 2 || !strings.Contains(r.stderr, `unknown verb "dance"`) {
		t.Fatalf("unknown verb: %+v", r)
	}
	r = run(t, Env{}, "--db", filepath.Join(t.TempDir(), "x.db"), "export")
	if r.code != 2 {
		t.Fatalf("export without id: %+v", r)
	}
	r = run(t, Env{}, "resolve", "eternaut", "x.json")
	if r.code != 1 || !strings.Contains(r.stderr, "no enemy decisions") {
		t.Fatalf("resolve without resolver: %+v", r)
	}
	r = run(t, Env{})
	if r.code != 2 {
		t.Fatalf("no GUI: %+v", r)
	}
}

func TestResolveCallsTheGamesEntryPoint(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s.json")
	_ = os.WriteFile(file, []byte(`{"x":1}`), 0o644)
	env := Env{Resolvers: map[tracker.GameID]func([]byte) ([]byte, error){
		tracker.Alone: func(b []byte) ([]byte, error) { return append([]byte(`{"got":`), append(b, '}')...), nil },
	}}
	r := run(t, env, "resolve", "alone", file)
	if r.code != 0 || strings.TrimSpace(r.stdout) != `{"got":{"x":1}}` {
		t.Fatalf("resolve: %+v", r)
	}
}

// Without --db the window is asked to choose (the platform's place: the app
// storage on a phone), and the verbs use the desktop's configuration folder.
func TestTheFileWithoutDB(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the configuration folder's variables are Linux's")
	}
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	var got []string
	gui := func(p string) error { got = append(got, p); return nil }
	if r := run(t, Env{GUI: gui}); r.code != 0 || len(got) != 1 || got[0] != "" {
		t.Fatalf("the window was given %q (%+v): it should choose", got, r)
	}
	if r := run(t, Env{GUI: gui}, "--db", "x.db"); r.code != 0 || got[1] != "x.db" {
		t.Fatalf("--db is not passed on: %q", got)
	}
	r := run(t, Env{}, "list")
	if r.code != 0 || !strings.Contains(r.stdout, filepath.Join(cfg, "tablekeeper", "tablekeeper.db")) {
		t.Fatalf("list without --db: %+v", r)
	}
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "")
	r = run(t, Env{}, "list")
	if r.code != 1 || !strings.Contains(r.stderr, "--db") {
		t.Fatalf("list without any configuration folder: %+v", r)
	}
}

// An emptied or lost file beside its backups: list and verify refuse to
// take it for a new one, say so and name the newest backup; restore brings
// it back. The file is left as it was until then.
func TestEmptyOrMissingFileBesideBackups(t *testing.T) {
	for _, lose := range []string{"empty", "missing"} {
		t.Run(lose, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "tk.db")
			env := Env{}
			if r := run(t, env, "--db", db, "new", "alone", "Kept"); r.code != 0 {
				t.Fatalf("new: %+v", r)
			}
			r := run(t, env, "--db", db, "backup")
			if r.code != 0 {
				t.Fatalf("backup: %+v", r)
			}
			backup := strings.Fields(r.stdout)[0]
			if lose == "empty" {
				os.Truncate(db, 0)
			} else {
				os.Remove(db)
			}
			if r := run(t, env, "--db", db, "backups"); r.code != 0 || !strings.Contains(r.stdout, backup) {
				t.Fatalf("backups of a %s file: %+v", lose, r)
			}
			for _, verb := range []string{"list", "verify"} {
				r := run(t, env, "--db", db, verb)
				if r.code != 1 || !strings.Contains(r.stderr, "will not start a new, empty file") || !strings.Contains(r.stderr, filepath.Base(backup)) {
					t.Fatalf("%s on a %s file: %+v", verb, lose, r)
				}
			}
			st, err := os.Stat(db)
			if (lose == "missing") != os.IsNotExist(err) || (err == nil && st.Size() != 0) {
				t.Fatalf("the %s file was changed: %v", lose, err)
			}
			if r := run(t, env, "--db", db, "restore", backup); r.code != 0 {
				t.Fatalf("restore: %+v", r)
			}
			if r := run(t, env, "--db", db, "list"); r.code != 0 || !strings.Contains(r.stdout, "Kept") {
				t.Fatalf("list after restore: %+v", r)
			}
		})
	}
}
