package storage

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// An import reads its file twice (to check it, then to write it), so a
// file that comes as a stream (standard input, a phone's document picker)
// is copied to disk first. The copy lies beside the campaign file, named
// after it, and only the instance that holds the file makes one: so when
// a copy is left behind (the app or the verb killed while reading), the
// next opening of the file removes it, knowing no one is using it.

// importCopyMark names the copies of streams being imported, after the
// campaign file: tablekeeper.db's are .tablekeeper.db.import-*.
const importCopyMark = ".import-"

func importCopyPrefix(path string) string { return "." + filepath.Base(path) + importCopyMark }

// legacyCopies are the names older versions gave their copies: the
// window's beside the file, the verb's in the system's temporary folder
// (where nothing removed them). They are removed once old enough that no
// import can still be reading them.
var legacyCopies = []struct {
	dir     func(path string) string
	pattern string
}{
	{func(path string) string { return filepath.Dir(path) }, ".tablekeeper-import-*"},
	{func(string) string { return os.TempDir() }, "tablekeeper-import-*.json"},
}

// legacyCopyAge is how old an old-style copy must be to be removed: no
// import reads one for that long.
const legacyCopyAge = 6 * time.Hour

// An ImportCopy is a stream copied beside the campaign file, to be read in
// place by ImportFrom. Close removes it.
type ImportCopy struct {
	*os.File
	Size int64
}

// Close closes and removes the copy.
func (c *ImportCopy) Close() error {
	err := c.File.Close()
	if rerr := os.Remove(c.File.Name()); err == nil && !os.IsNotExist(rerr) {
		err = rerr
	}
	return err
}

// ErrImportTooLarge is what CopyForImport returns for a stream over its
// limit; nothing of it is kept.
type ErrImportTooLarge struct{ Size, Limit int64 }

func (e *ErrImportTooLarge) Error() string {
	return fmt.Sprintf("it holds more than %d MB, more than any campaign file", e.Limit>>20)
}

// CopyForImport copies r (at most limit bytes) beside the campaign file,
// synced, for ImportFrom to read in place. A stream over the limit is
// refused and nothing of it kept.
func (db *DB) CopyForImport(r io.Reader, limit int64) (*ImportCopy, error) {
	f, err := os.CreateTemp(filepath.Dir(db.path), importCopyPrefix(db.path)+"*")
	if err != nil {
		return nil, fmt.Errorf("cannot copy it beside the campaign file to be read: %w", err)
	}
	c := &ImportCopy{File: f}
	n, err := io.Copy(f, io.LimitReader(r, limit+1))
	switch {
	case err != nil:
		c.Close()
		return nil, fmt.Errorf("cannot be read: %w", err)
	case n > limit:
		c.Close()
		return nil, &ErrImportTooLarge{Size: n, Limit: limit}
	}
	c.Size = n
	return c, nil
}

// removeImportCopies removes what killed imports left: this file's copies
// (only the instance holding the file makes them, and it holds it now),
// and old-style copies old enough that nothing reads them.
func (db *DB) removeImportCopies() {
	dir := filepath.Dir(db.path)
	if entries, err := os.ReadDir(dir); err == nil {
		prefix := importCopyPrefix(db.path)
		for _, e := range entries {
			if _, ok := cutName(e.Name(), prefix); ok && !e.IsDir() {
				os.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
	for _, l := range legacyCopies {
		old, _ := filepath.Glob(filepath.Join(l.dir(db.path), l.pattern))
		for _, f := range old {
			if st, err := os.Lstat(f); err == nil && st.Mode().IsRegular() && time.Since(st.ModTime()) > legacyCopyAge {
				os.Remove(f)
			}
		}
	}
}
