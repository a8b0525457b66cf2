package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"tablekeeper/ui/story"
)

// storyVerb writes a campaign's story: tablekeeper story ID [FILE]
// [--markdown] [--session N | --mission NAME] [--spoilers]. FILE "-" (or
// none) is standard output; HTML unless --markdown. A file is written
// beside its place and moved there whole, so a story that fails half way
// leaves nothing behind (and an older story at FILE as it was).
func (c *command) storyVerb(args []string) error {
	fs := flag.NewFlagSet("story", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	markdown := fs.Bool("markdown", false, "")
	session := fs.String("session", "", "")
	mission := fs.String("mission", "", "")
	spoilers := fs.Bool("spoilers", false, "")
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return usageError{"story: " + err.Error()}
		}
		args = fs.Args()
		if len(args) > 0 {
			pos, args = append(pos, args[0]), args[1:]
		}
	}
	if len(pos) < 1 || len(pos) > 2 {
		return usageError{"story needs a campaign's ID, and at most one file"}
	}
	o := story.Options{Spoilers: *spoilers, Part: *mission}
	if *session != "" {
		if *mission != "" {
			return usageError{"story tells one session or one mission, not both: give --session or --mission"}
		}
		n, err := strconv.Atoi(*session)
		if err != nil || n < 1 {
			return usageError{fmt.Sprintf("--session is a session's number, from 1, not %q", *session)}
		}
		o.Sitting = n
	}
	db, err := c.open()
	if err != nil {
		return err
	}
	defer db.Close()
	cp, err := findCampaign(db, pos[0])
	if err != nil {
		return err
	}
	s, err := db.OpenSession(cp.ID)
	if err != nil {
		return err
	}
	write := story.HTML
	if *markdown {
		write = story.Markdown
	}
	if len(pos) == 1 || pos[1] == "-" {
		return write(c.env.Stdout, s, o)
	}
	path := pos[1]
	tmp, err := os.CreateTemp(filepath.Dir(path), ".story-*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, errors.Unwrap(err))
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp, s, o); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	_ = os.Chmod(tmp.Name(), 0o644) // a file to share, as an export is
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, errors.Unwrap(err))
	}
	fmt.Fprintf(c.env.Stderr, "the story of %q written to %s\n", cp.Name, path)
	return nil
}
