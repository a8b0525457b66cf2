package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/tracker/games"
	tp "tablekeeper/tracker/phantom"
)

// TestStoryVerb: tablekeeper story writes a campaign's story as HTML to
// standard output or as Markdown to a file (whole, or not at all), narrowed
// to a session or a mission; a mistake in the options is a usage error, a
// session or mission the campaign lacks is refused naming the ones it has.
func TestStoryVerb(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tk.db")
	env := Env{Registry: games.Registry()}
	r := run(t, env, "--db", path, "new", "phantom-epoch", "The", "Long", "Night", "--seed", "5")
	if r.code != 0 {
		t.Fatalf("new: %+v", r)
	}
	id := strings.Fields(r.stdout)[0]
	db, err := storage.Open(path, env.Registry)
	if err != nil {
		t.Fatal(err)
	}
	s, err := db.OpenSession(id)
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := tp.PracticeCommands()
	if err != nil {
		t.Fatal(err)
	}
	cmds = append([]tracker.Command{tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockStart}}, cmds...)
	cmds = append(cmds, tracker.AddNote{Text: "A quiet first evening."}, tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockPause})
	for _, c := range cmds {
		if _, err := s.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	r = run(t, env, "--db", path, "story", id[:8])
	if r.code != 0 || !strings.HasPrefix(r.stdout, "<!DOCTYPE html>") || !strings.Contains(r.stdout, "The Long Night") || !strings.Contains(r.stdout, "A quiet first evening.") {
		t.Fatalf("story to standard output: code %d, %.300s / %s", r.code, r.stdout, r.stderr)
	}
	file := filepath.Join(dir, "story.md")
	r = run(t, env, "--db", path, "story", id, file, "--markdown", "--mission", "flooded relay")
	data, err := os.ReadFile(file)
	if r.code != 0 || err != nil || !strings.HasPrefix(string(data), "# The Long Night") || !strings.Contains(string(data), "mission Flooded Relay only") {
		t.Fatalf("story to a file: %+v, %v, %.300s", r, err, data)
	}
	if !strings.Contains(r.stderr, file) {
		t.Errorf("the verb does not say where it wrote: %q", r.stderr)
	}
	r = run(t, env, "--db", path, "story", id, "-", "--session", "1", "--spoilers", "--markdown")
	if r.code != 0 || !strings.Contains(r.stdout, "session 1 only") {
		t.Fatalf("one session: %+v", r)
	}
	for _, bad := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"story"}, 2, "needs a campaign"},
		{[]string{"story", id, "a", "b"}, 2, "at most one file"},
		{[]string{"story", id, "--session", "1", "--mission", "Flooded Relay"}, 2, "not both"},
		{[]string{"story", id, "--session", "zero"}, 2, "a session's number"},
		{[]string{"story", id, "--colour"}, 2, "flag provided but not defined"},
		{[]string{"story", id, "--session", "9"}, 1, "no session 9: this campaign has been played in 1 session"},
		{[]string{"story", id, "--mission", "Berkav-7"}, 1, `no mission is called "Berkav-7"; this campaign's are: Flooded Relay`},
		{[]string{"story", "ffff"}, 1, "no campaign has an ID starting with"},
		{[]string{"story", id, filepath.Join(dir, "no such folder", "story.html")}, 1, "cannot write"},
	} {
		r := run(t, env, append([]string{"--db", path}, bad.args...)...)
		if r.code != bad.code || !strings.Contains(r.stderr, bad.want) {
			t.Errorf("%v: code %d, %q; want %d and %q", bad.args, r.code, r.stderr, bad.code, bad.want)
		}
	}
	// Nothing half written is left beside the file.
	left, _ := filepath.Glob(filepath.Join(dir, ".story-*"))
	if len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}
