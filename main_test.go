package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerbsSayNothingAboutTheLocale runs the built binary's verbs under the
// locales of servers and containers (LANG=C.UTF-8 and friends): standard
// error must stay empty, with no "Fyne error: Error parsing user locale C".
func TestVerbsSayNothingAboutTheLocale(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the app")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tablekeeper")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	db := filepath.Join(dir, "tk.db")
	export := filepath.Join(dir, "export.json")
	locales := []struct {
		name string
		env  []string
	}{
		{"LANG=C.UTF-8", []string{"LANG=C.UTF-8"}},
		{"LANG=C.utf8", []string{"LANG=C.utf8"}},
		{"LANG=C", []string{"LANG=C"}},
		{"LANG=POSIX", []string{"LANG=POSIX"}},
		{"no LANG", nil},
		{"LC_ALL=C.UTF-8", []string{"LC_ALL=C.UTF-8", "LANG=en_US.UTF-8"}},
		{"LANGUAGE=C", []string{"LANG=C.UTF-8", "LANGUAGE=C"}},
	}
	run := func(env []string, args ...string) (string, string, error) {
		cmd := exec.Command(bin, args...)
		cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "XDG_CONFIG_HOME=" + dir}, env...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		return out.String(), errb.String(), err
	}
	for _, l := range locales {
		out, _, err := run(l.env, "--db", db, "new", "alone", "Night", "--seed", "5")
		if err != nil {
			t.Fatalf("%s: new: %v", l.name, err)
		}
		id := strings.Fields(out)[0]
		verbs := [][]string{
			{"--help"},
			{"--db", db, "list"},
			{"--db", db, "verify"},
			{"--db", db, "export", id, export},
			{"--db", db, "import", export, "--as-copy"},
			{"--db", db, "backups"},
			{"resolve", "alone", "automa/alone/testdata/example.json"},
			{"resolve", "reichbusters", "automa/reich/testdata/example-situation.json"},
			{"resolve", "phantom-epoch", "automa/phantom/testdata/example.json"},
		}
		for _, v := range verbs {
			_, stderr, err := run(l.env, v...)
			if v[len(v)-1] == export && err == nil {
				// export reports the file it wrote on standard error.
				stderr = strings.TrimSpace(strings.TrimPrefix(stderr, "exported "))
				if strings.Contains(stderr, "Fyne") || strings.Count(stderr, "\n") > 0 {
					t.Errorf("%s: %v: stderr %q", l.name, v, stderr)
				}
				continue
			}
			if err != nil || stderr != "" {
				t.Errorf("%s: tablekeeper %s: err %v, stderr %q", l.name, strings.Join(v, " "), err, stderr)
			}
		}
	}
	// The reason it works: the locale package is initialised before Fyne's.
	_, trace, err := run([]string{"LANG=C.UTF-8", "GODEBUG=inittrace=1"}, "--help")
	if err != nil {
		t.Fatal(err)
	}
	ours, fyne := strings.Index(trace, "init tablekeeper/ui/cli/locale "), strings.Index(trace, "init fyne.io/fyne/v2/lang ")
	if ours < 0 || fyne < 0 || ours > fyne {
		t.Fatalf("tablekeeper/ui/cli/locale (at %d) is not initialised before fyne.io/fyne/v2/lang (at %d)", ours, fyne)
	}
}
