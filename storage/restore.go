package storage

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// A restore must leave a file at the path at every instant, whatever stops
// it (a kill, a full disk, a flat battery): the old file, or the new one.
// So the new file is written whole beside the old one first, in the same
// folder, and synced; the old file gets a second name (a hard link, or a
// copy where the disk has no links), which keeps it aside under a name no
// other file has; and only then does one rename put the new file in place
// of the old name. Rename within a folder is atomic on every platform Go
// serves: on Windows os.Rename is MoveFileEx with MOVEFILE_REPLACE_EXISTING,
// which replaces a file no one has open, and the campaign file is closed
// before a restore.

const asideMark, restoringMark = ".replaced-", ".restoring"

// restoreStep, in tests, stops a restore after the given step as a kill
// would: nothing is cleaned up.
var restoreStep func(step int) bool

var errStopped = errors.New("stopped by the test")

func stopAfter(step int) bool { return restoreStep != nil && restoreStep(step) }

// Restore replaces the whole file with a backup. The backup is verified
// first; the current file is kept beside itself as PATH.replaced-TIME, so
// nothing is lost even by restoring the wrong one. Sessions open on this DB
// must be closed first.
func (db *DB) Restore(backup string) error {
	if _, err := VerifyFile(backup, db.reg); err != nil {
		return fmt.Errorf("that backup cannot be restored: %w", err)
	}
	// An import writes its log in batches, then lists the campaign: a
	// restore between them would put a backup (which may hold the same
	// campaign) under the import's writes. It waits for the import.
	importMu.Lock()
	defer importMu.Unlock()
	db.bg.Wait()
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.bolt != nil {
		db.bolt.Close()
		db.bolt = nil
	}
	if err := RestoreFile(db.path, backup, db.now()); err != nil {
		// The old file is still in place: take it up again.
		if oerr := db.open(); oerr != nil {
			return errors.Join(err, oerr)
		}
		return err
	}
	return db.open()
}

// RestoreFile puts a backup in place of the file at path (which must not be
// open), keeping the old file as path.replaced-TIME. It is used by Restore
// and, when the file is too damaged to open, by the window and the command
// line. The backup should have been verified.
func RestoreFile(path, backup string, now time.Time) error {
	src, err := os.Open(backup)
	if err != nil {
		return fmt.Errorf("restoring %s failed, the campaign file was not changed: %w", backup, err)
	}
	defer src.Close()
	tmp, err := writeTemp(path, func(w io.Writer) error {
		_, err := io.Copy(w, src)
		return err
	})
	if err != nil {
		return fmt.Errorf("restoring %s failed, the campaign file was not changed: %w", backup, err)
	}
	// Read the copy back: what lands must be the backup, byte for byte.
	if err := sameBytes(tmp, backup); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("restoring %s failed, the campaign file was not changed: %w", backup, err)
	}
	return replaceKeepingAside(path, tmp, now)
}

// writeTemp writes a new file beside path with fill, syncs it and returns
// its name. On failure nothing is left behind.
func writeTemp(path string, fill func(io.Writer) error) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+restoringMark+"-*")
	if err != nil {
		return "", err
	}
	err = fill(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

func sameBytes(a, b string) error {
	ha, err := hashFile(a)
	if err != nil {
		return err
	}
	hb, err := hashFile(b)
	if err != nil {
		return err
	}
	if ha != hb {
		return errors.New("the copy does not read back as the backup (is the disk failing?)")
	}
	return nil
}

func hashFile(path string) ([32]byte, error) {
	var sum [32]byte
	f, err := os.Open(path)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return sum, err
	}
	copy(sum[:], h.Sum(nil))
	return sum, nil
}

// replaceKeepingAside puts the synced file tmp in place of path, keeping
// the old file aside under a name of its own first.
func replaceKeepingAside(path, tmp string, now time.Time) error {
	dir := filepath.Dir(path)
	if stopAfter(1) {
		return errStopped
	}
	aside := ""
	if st, err := os.Stat(path); err == nil && st.Size() > 0 {
		if aside, err = keepAside(path, now); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("the current file could not be kept aside, so it was not replaced: %w", err)
		}
		syncDir(dir)
	}
	if stopAfter(2) {
		return errStopped
	}
	if err := renameOver(tmp, path); err != nil {
		os.Remove(tmp)
		// The file is still in place, so its second name would only be
		// a duplicate offered as an older copy later.
		if aside != "" {
			os.Remove(aside)
		}
		if heldOpen(err) {
			err = fmt.Errorf("another program has it open (a virus scanner, a backup or sync service, or another Tablekeeper): close it, or wait a moment, and try again (%w)", err)
		}
		return fmt.Errorf("the backup could not be put in place; the campaign file was not changed: %w", err)
	}
	syncDir(dir)
	if stopAfter(3) {
		return errStopped
	}
	return nil
}

// keepAside gives the file at path a second name, path.replaced-TIME, that
// no other file has: a hard link where the disk has them, else a synced
// copy. It never overwrites: a name taken already gets a number.
func keepAside(path string, now time.Time) (string, error) {
	stamp := path + asideMark + now.UTC().Format("20060102-150405.000")
	for n := 1; n < 10000; n++ {
		name := stamp
		if n > 1 {
			name += "-" + strconv.Itoa(n)
		}
		err := os.Link(path, name)
		if err == nil {
			return name, nil
		}
		if _, serr := os.Lstat(name); serr == nil {
			continue // taken: never overwrite a kept-aside file
		}
		// No hard links here (some removable disks): copy instead.
		if err := copyExclusive(path, name); err != nil {
			if errors.Is(err, os.ErrExist) {
				continue
			}
			return "", err
		}
		return name, nil
	}
	return "", errors.New("too many files kept aside in the same millisecond")
}

// copyExclusive copies src to a new file dst, which must not exist.
func copyExclusive(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(dst)
	}
	return err
}

// renameOver renames tmp over path. Windows refuses while something (a
// virus scanner, an indexer) holds path open for a moment: try again a few
// times there.
func renameOver(tmp, path string) error {
	err := renameFile(tmp, path)
	for i := 0; err != nil && runtime.GOOS == "windows" && i < 10; i++ {
		time.Sleep(100 * time.Millisecond)
		err = renameFile(tmp, path)
	}
	return err
}

// renameFile is os.Rename; tests make it refuse as Windows does over a
// file another program holds open.
var renameFile = os.Rename

// heldOpen says whether err is Windows refusing to replace a file another
// program has open: access denied, or a sharing violation.
func heldOpen(err error) bool {
	var errno syscall.Errno
	return windowsFiles && (errors.Is(err, os.ErrPermission) ||
		errors.As(err, &errno) && errno == 32) // ERROR_SHARING_VIOLATION
}

// windowsFiles says whether files follow Windows's rules (a file open
// anywhere cannot be replaced); tests set it to check them on Linux.
var windowsFiles = runtime.GOOS == "windows"

// A Copy is a file that can take the campaign file's place: a backup, or a
// file a restore kept aside.
type Copy struct {
	Path  string
	Time  time.Time // when what it holds was written
	Aside bool
}

// keptAside lists the files restores kept aside beside path, newest first;
// their time is when they were last written, which is when what they hold
// was current.
func keptAside(path string) []Copy {
	var out []Copy
	for _, m := range filesBeside(path, asideMark) {
		st, err := os.Stat(m)
		if err != nil || !st.Mode().IsRegular() || strings.HasSuffix(m, ".tmp") {
			continue
		}
		out = append(out, Copy{Path: m, Time: st.ModTime(), Aside: true})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Time.After(out[j].Time) })
	return out
}

// copies lists every copy of the file at path, backups and kept-aside
// files together, newest first.
func copies(path, backupDir string) []Copy {
	var out []Copy
	list, _ := listBackups(backupDir, backupPrefix(path))
	for _, b := range list {
		out = append(out, Copy{Path: b.Path, Time: b.Time})
	}
	out = append(out, keptAside(path)...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time.After(out[j].Time) })
	return out
}

// newestGoodCopy is the newest copy of the file at path that verifies.
func newestGoodCopy(path, backupDir string, reg tracker.Registry) (Copy, bool) {
	for _, c := range copies(path, backupDir) {
		if _, err := VerifyFile(c.Path, reg); err == nil {
			return c, true
		}
	}
	return Copy{}, false
}

// KeepAsItReads rewrites a file whose only damage is one of its two headers
// (a DamageError with AsItReads) as it reads through the other header: a
// fresh copy of it is written, verified by replaying every campaign, and put
// in place as a restore would, the damaged file kept aside. What the damaged
// header held, at most the last change, is not in it.
func KeepAsItReads(path string, reg tracker.Registry, now time.Time) error {
	if err := precheckAsItReads(path); err != nil {
		return (&DB{path: path, reg: reg}).classifyNoBackup(err)
	}
	var ro *bolt.DB
	tmp, err := writeTemp(path, func(w io.Writer) error {
		var err error
		if ro, err = openBolt(path, true); err != nil {
			return err
		}
		defer ro.Close()
		return safely(func() error {
			return ro.View(func(tx *bolt.Tx) error {
				_, err := tx.WriteTo(w)
				return err
			})
		})
	})
	if err != nil {
		return fmt.Errorf("the file could not be rewritten as it reads; it was not changed: %w", (&DB{path: path}).classifyNoBackup(err))
	}
	if _, err := VerifyFile(tmp, reg); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("the file does not read whole even through its good table of contents; it was not changed: %w", err)
	}
	return replaceKeepingAside(path, tmp, now)
}
