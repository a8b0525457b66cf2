// Package cli runs Tablekeeper's headless verbs: the same binary, no window,
// for scripting and support. It is the command-line face of the app, so it
// lives beside the Fyne one in ui/.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/ui/place"
	"tablekeeper/ui/share"
)

// Usage is the --help text.
const Usage = `Tablekeeper keeps the bookkeeping of a campaign board game and plays its enemy side.

Usage:
  tablekeeper [--db PATH]                      open the app's window
  tablekeeper [--db PATH] list                 list the campaigns
  tablekeeper [--db PATH] new GAME NAME [--seed N]
                                               start a campaign (GAME: eternaut, phantom-epoch, reichbusters, alone)
  tablekeeper [--db PATH] export ID [FILE]     write a campaign as JSON (to FILE, or to standard output)
  tablekeeper [--db PATH] import FILE [--as-copy]
                                               read a campaign from an export file (- for standard input; at most 256 MB)
  tablekeeper [--db PATH] verify               check the file and replay every campaign
  tablekeeper [--db PATH] backup               write a verified backup now
  tablekeeper [--db PATH] backups              list the backups
  tablekeeper [--db PATH] restore BACKUP       put a backup in place of the file (the old file is kept aside)
  tablekeeper resolve GAME FILE                print an enemy decision and its trace as JSON for a situation file
  tablekeeper [--db PATH] story ID [FILE] [--markdown] [--session N | --mission NAME] [--spoilers]
                                               write the campaign's story so far, to read, print and keep: one HTML
                                               file (or Markdown); FILE - or none for standard output
  tablekeeper [--db PATH] serve [ID] [--addr HOST:PORT] [--allow-resolve] [--allow-outside]
                                               share a campaign (the most recently played if no ID) with the
                                               phones at the table, until Ctrl+C

ID may be the first characters of a campaign's ID, if no other campaign starts with them.
The file is ` + "`%s`" + ` unless --db says otherwise.
`

// MaxSituationSize bounds a situation file for resolve: the largest map any
// game allows, with every figure on it, is a few hundred KB.
const MaxSituationSize = 16 << 20

// Env is what the verbs need from the outside world.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Registry       tracker.Registry
	// Resolvers maps a game to its resolve entry point: a situation file
	// in, the decision and its trace out as JSON.
	Resolvers map[tracker.GameID]func([]byte) ([]byte, error)
	// GUI opens the window on the file at path, or, when path is empty
	// (no --db), on the file the app's platform keeps (place.For); nil
	// where there is no window.
	GUI func(dbPath string) error
	// Tables maps a game to its face on the shared page (serve); a game
	// without one is shared with share.Basic.
	Tables map[tracker.GameID]share.Table
	// Stop ends serve as SIGINT does (tests); nil waits for a signal.
	Stop <-chan struct{}
}

// DefaultDBPath is where the campaigns live on this desktop unless --db
// says otherwise (place.Desktop), or what to do where there is no such
// place. The window asks the app instead (place.For), which differs on a
// phone or tablet.
func DefaultDBPath() string {
	p, err := place.Desktop()
	if err != nil {
		return "(none: " + err.Error() + ")"
	}
	return p
}

// Run runs one command line and returns the process's exit code: 0 for
// success, 1 for a failure, 2 for a usage mistake.
func Run(args []string, env Env) int {
	fs := flag.NewFlagSet("tablekeeper", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	// An empty --db is "not given": the window then asks the app where its
	// file lives, and the verbs use the desktop's place.
	dbPath := fs.String("db", "", "")
	help := fs.Bool("help", false, "")
	fs.BoolVar(help, "h", false, "")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(env.Stderr, "tablekeeper: %v\n\n", err)
		fmt.Fprintf(env.Stderr, Usage, DefaultDBPath())
		return 2
	}
	rest := fs.Args()
	if *help || (len(rest) > 0 && rest[0] == "help") {
		fmt.Fprintf(env.Stdout, Usage, DefaultDBPath())
		return 0
	}
	if len(rest) == 0 {
		if env.GUI == nil {
			fmt.Fprintln(env.Stderr, "tablekeeper: this build has no window; see --help for the verbs")
			return 2
		}
		if err := env.GUI(*dbPath); err != nil {
			fmt.Fprintf(env.Stderr, "tablekeeper: %v\n", err)
			return 1
		}
		return 0
	}
	verb, vargs := rest[0], rest[1:]
	if *dbPath == "" && verb != "resolve" {
		p, err := place.Desktop()
		if err != nil {
			fmt.Fprintf(env.Stderr, "tablekeeper: %v\n", err)
			return 1
		}
		*dbPath = p
	}
	c := &command{env: env, dbPath: *dbPath}
	var err error
	switch verb {
	case "list":
		err = c.withDB(vargs, 0, 0, c.list)
	case "new":
		err = c.newCampaign(vargs)
	case "export":
		err = c.withDB(vargs, 1, 2, c.export)
	case "import":
		err = c.importFile(vargs)
	case "verify":
		err = c.withDB(vargs, 0, 0, c.verify)
	case "backup":
		err = c.withDB(vargs, 0, 0, c.backup)
	case "backups":
		err = c.backups(vargs)
	case "restore":
		err = c.restore(vargs)
	case "resolve":
		err = c.resolve(vargs)
	case "serve":
		err = c.serve(vargs)
	case "story":
		err = c.storyVerb(vargs)
	default:
		err = usageError{fmt.Sprintf("unknown verb %q", verb)}
	}
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(env.Stderr, "tablekeeper: %v\n\n", err)
		fmt.Fprintf(env.Stderr, Usage, DefaultDBPath())
		return 2
	default:
		fmt.Fprintf(env.Stderr, "tablekeeper: %v\n", err)
		return 1
	}
}

type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

type command struct {
	env    Env
	dbPath string
}

func (c *command) withDB(args []string, min, max int, fn func(db *storage.DB, args []string) error) error {
	if len(args) < min || len(args) > max {
		return usageError{fmt.Sprintf("wrong number of arguments (%d)", len(args))}
	}
	db, err := c.open()
	if err != nil {
		return err
	}
	defer db.Close()
	return fn(db, args)
}

// open opens the campaign file, saying on standard error what opening found
// without refusing the file (a damaged snapshot, rebuilt from the log).
func (c *command) open() (*storage.DB, error) {
	db, err := storage.Open(c.dbPath, c.env.Registry)
	if err != nil {
		return nil, err
	}
	for _, n := range db.Notices() {
		fmt.Fprintf(c.env.Stderr, "tablekeeper: %s\n", n)
	}
	return db, nil
}

func (c *command) list(db *storage.DB, _ []string) error {
	list, err := db.List()
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintf(c.env.Stdout, "No campaigns yet in %s. Start one with: tablekeeper new GAME NAME\n", db.Path())
		return nil
	}
	w := tabwriter.NewWriter(c.env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tGAME\tNAME\tLAST PLAYED\tWHERE\tEVENTS")
	for _, cp := range list {
		last := "never"
		if !cp.LastPlayed.IsZero() {
			last = cp.LastPlayed.Local().Format("2006-01-02 15:04")
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%d\n", cp.ID[:8], cp.Game, cp.Name, last, dash(cp.Where), cp.Events)
	}
	return w.Flush()
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func (c *command) newCampaign(args []string) error {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	seed := fs.String("seed", "", "")
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return usageError{err.Error()}
		}
		args = fs.Args()
		if len(args) > 0 {
			pos, args = append(pos, args[0]), args[1:]
		}
	}
	if len(pos) < 2 {
		return usageError{"new needs a game and a name"}
	}
	game, err := tracker.ParseGameID(pos[0])
	if err != nil {
		return err
	}
	var s uint64
	if *seed != "" {
		if s, err = tracker.ParseSeed(*seed); err != nil || s == 0 {
			if err == nil {
				_, err = tracker.ParseSeed("0")
			}
			return fmt.Errorf("--seed %s: %w", *seed, err)
		}
	}
	db, err := c.open()
	if err != nil {
		return err
	}
	defer db.Close()
	cp, err := db.NewCampaign(game, strings.Join(pos[1:], " "), s)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.env.Stdout, "%s\t%s\t%s\n", cp.ID, cp.Game, cp.Name)
	return nil
}

// findCampaign accepts a whole ID or a prefix that only one campaign has,
// in any spelling of an ID (upper case, braces, urn:uuid:).
func findCampaign(db *storage.DB, id string) (tracker.Campaign, error) {
	if canon, err := tracker.CanonicalID(id); err == nil {
		id = canon
	} else {
		id = strings.ToLower(strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(id), "urn:uuid:"), "{"))
	}
	list, err := db.List()
	if err != nil {
		return tracker.Campaign{}, err
	}
	var found []tracker.Campaign
	for _, cp := range list {
		if cp.ID == id {
			return cp, nil
		}
		if id != "" && strings.HasPrefix(cp.ID, id) {
			found = append(found, cp)
		}
	}
	switch len(found) {
	case 0:
		return tracker.Campaign{}, fmt.Errorf("no campaign has an ID starting with %q (see: tablekeeper list)", id)
	case 1:
		return found[0], nil
	}
	return tracker.Campaign{}, fmt.Errorf("%d campaigns have IDs starting with %q; give more of the ID", len(found), id)
}

func (c *command) export(db *storage.DB, args []string) error {
	cp, err := findCampaign(db, args[0])
	if err != nil {
		return err
	}
	// The log is read one event at a time as it is written out: memory
	// does not grow with it.
	if len(args) == 1 || args[1] == "-" {
		if _, _, err := db.WriteExport(c.env.Stdout, cp.ID); err != nil {
			return err
		}
		_, err = io.WriteString(c.env.Stdout, "\n")
		return err
	}
	_, n, err := db.ExportFile(args[1], cp.ID)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.env.Stderr, "exported %q (%d events) to %s\n", cp.Name, n, args[1])
	return nil
}

func (c *command) importFile(args []string) error {
	asCopy := false
	var files []string
	for _, a := range args {
		if a == "--as-copy" || a == "-as-copy" {
			asCopy = true
		} else {
			files = append(files, a)
		}
	}
	if len(files) != 1 {
		return usageError{"import needs one file"}
	}
	// A file is opened before the campaign file, so a file that is not
	// there makes no new campaign file. Standard input is copied beside
	// the campaign file once it is open (and so held): a copy left by a
	// kill is then removed by the file's next opening, which knows no one
	// else is reading it.
	var src io.ReaderAt
	var size int64
	if files[0] != "-" {
		f, n, err := openImportFile(files[0])
		if err != nil {
			return err
		}
		defer f.Close()
		src, size = f, n
	}
	db, err := c.open()
	if err != nil {
		return err
	}
	defer db.Close()
	if files[0] == "-" {
		cp, err := db.CopyForImport(c.env.Stdin, tracker.MaxExportSize)
		var big *storage.ErrImportTooLarge
		switch {
		case errors.As(err, &big):
			return fmt.Errorf("standard input holds more than %d MB, larger than any campaign: an import file may be at most %d MB", big.Limit>>20, big.Limit>>20)
		case err != nil:
			return fmt.Errorf("standard input %w", err)
		}
		defer cp.Close()
		src, size = cp, cp.Size
	}
	cp, err := db.ImportFrom(src, size, asCopy)
	if err != nil {
		var ee *storage.ExistsError
		if errors.As(err, &ee) {
			return fmt.Errorf("%v: tablekeeper import --as-copy %s", err, files[0])
		}
		return err
	}
	fmt.Fprintf(c.env.Stdout, "%s\t%s\t%s\t%d events\n", cp.ID, cp.Game, cp.Name, cp.Events)
	return nil
}

// openImportFile opens an export file to be read in place, refusing one
// over tracker.MaxExportSize before reading any of it.
func openImportFile(name string) (*os.File, int64, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, 0, fmt.Errorf("cannot read %s: %w", name, errors.Unwrap(err))
	}
	st, err := f.Stat()
	switch {
	case err != nil:
		f.Close()
		return nil, 0, fmt.Errorf("cannot read %s: %w", name, err)
	case !st.Mode().IsRegular():
		f.Close()
		return nil, 0, fmt.Errorf("%s is not a file", name)
	case st.Size() > tracker.MaxExportSize:
		f.Close()
		return nil, 0, fmt.Errorf("%s is %d MB, larger than any campaign: an import file may be at most %d MB", name, st.Size()>>20, tracker.MaxExportSize>>20)
	}
	return f, st.Size(), nil
}

// readInput reads a situation file (or standard input), refusing one over
// limit bytes before reading it all.
func (c *command) readInput(name string, limit int64) ([]byte, error) {
	tooBig := func() error {
		return fmt.Errorf("%s is larger than any situation: a situation file may be at most %d MB", name, limit>>20)
	}
	var r io.Reader = c.env.Stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %w", name, errors.Unwrap(err))
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > limit {
			return nil, tooBig()
		}
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", name, err)
	}
	if int64(len(data)) > limit {
		return nil, tooBig()
	}
	return data, nil
}

func (c *command) verify(db *storage.DB, _ []string) error {
	r, err := db.Verify()
	if r != nil {
		for _, cc := range r.Campaigns {
			status := "ok"
			if cc.Err != nil {
				status = "DAMAGED: " + cc.Err.Error()
			}
			fmt.Fprintf(c.env.Stdout, "%s  %-13s %-30q %6d events  %s\n", cc.Campaign.ID[:8], cc.Campaign.Game, cc.Campaign.Name, cc.Campaign.Events, status)
		}
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(c.env.Stdout, "%s: %d campaigns, all replay; the file is sound\n", db.Path(), len(r.Campaigns))
	return nil
}

func (c *command) backup(db *storage.DB, _ []string) error {
	b, err := db.Backup()
	if err != nil {
		return err
	}
	fmt.Fprintf(c.env.Stdout, "%s (%d KB, verified)\n", b.Path, (b.Size+1023)/1024)
	return nil
}

// backups lists the backups without opening the file: they are wanted
// most when it cannot be opened.
func (c *command) backups(args []string) error {
	if len(args) != 0 {
		return usageError{fmt.Sprintf("wrong number of arguments (%d)", len(args))}
	}
	list, err := storage.BackupsOf(c.dbPath)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintf(c.env.Stdout, "No backups yet in %s\n", filepath.Join(filepath.Dir(c.dbPath), "backups"))
		return nil
	}
	for _, b := range list {
		fmt.Fprintf(c.env.Stdout, "%s  %s  %d KB\n", b.Time.Local().Format("2006-01-02 15:04:05"), b.Path, (b.Size+1023)/1024)
	}
	return nil
}

// restore works even when the file is too damaged to open: that is when it
// is needed most.
func (c *command) restore(args []string) error {
	if len(args) != 1 {
		return usageError{"restore needs the backup file"}
	}
	backup := args[0]
	r, err := storage.VerifyFile(backup, c.env.Registry)
	if err != nil {
		return fmt.Errorf("that backup cannot be restored: %w", err)
	}
	db, err := storage.Open(c.dbPath, c.env.Registry)
	var le *storage.LockedError
	switch {
	case errors.As(err, &le):
		return err
	case err == nil:
		defer db.Close()
		if err := db.Restore(backup); err != nil {
			return err
		}
	default:
		if err := storage.RestoreFile(c.dbPath, backup, time.Now()); err != nil {
			return err
		}
	}
	fmt.Fprintf(c.env.Stdout, "restored %s (%d campaigns) to %s; the file it replaced is kept beside it\n", backup, len(r.Campaigns), c.dbPath)
	return nil
}

func (c *command) resolve(args []string) error {
	if len(args) != 2 {
		return usageError{"resolve needs a game and a situation file"}
	}
	game, err := tracker.ParseGameID(args[0])
	if err != nil {
		return err
	}
	fn, ok := c.env.Resolvers[game]
	if !ok {
		return fmt.Errorf("%s has no enemy decisions to resolve in this version", game.Title())
	}
	data, err := c.readInput(args[1], MaxSituationSize)
	if err != nil {
		return err
	}
	out, err := fn(data)
	if err != nil {
		return fmt.Errorf("%s: %w", args[1], err)
	}
	_, err = c.env.Stdout.Write(append(out, '\n'))
	return err
}
