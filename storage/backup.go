package storage

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// Backups lie in the backup folder beside the file, named after it:
// tablekeeper.db's are tablekeeper-20260501-120000.000.db, so two campaign
// files in one folder never take each other's backups for their own.
const backupTimeFormat, backupExt, tmpExt = "20060102-150405.000", ".db", ".tmp"

// keySinceBackup holds, in the meta bucket, the count of actions since the
// last backup, so the count toward the next one survives reopening.
var keySinceBackup = []byte("actionsSinceBackup")

// A Backup is one backup file.
type Backup struct {
	Path string
	// Time is the time in its name; Modified is its file's own time, which
	// dates it when the name lies ahead of the clock (see Retention).
	Time     time.Time
	Modified time.Time
	Size     int64
}

// backupPrefix is how the names of the backups of the file at path begin.
func backupPrefix(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base)) + "-"
}

func readCount(tx *bolt.Tx) uint64 {
	if meta := tx.Bucket(bucketMeta); meta != nil {
		if v := meta.Get(keySinceBackup); len(v) == 8 {
			return binary.BigEndian.Uint64(v)
		}
	}
	return 0
}

func writeCount(tx *bolt.Tx, n uint64) error {
	var v [8]byte
	binary.BigEndian.PutUint64(v[:], n)
	return tx.Bucket(bucketMeta).Put(keySinceBackup, v[:])
}

// counted starts a backup once BackupEvery actions were written since the
// last one, in the background: the action is already safe on disk. After a
// failed backup the next try waits for another BackupEvery actions.
func (db *DB) counted(since uint64) {
	db.mu.Lock()
	db.sinceBackup = since
	due := db.BackupEvery > 0 && since >= uint64(db.BackupEvery) && since >= db.retryAt && !db.backingUp
	if due {
		db.backingUp = true
	}
	db.mu.Unlock()
	if !due {
		return
	}
	db.bg.Add(1)
	go func() {
		defer db.bg.Done()
		_, err := db.Backup()
		db.mu.Lock()
		defer db.mu.Unlock()
		db.backingUp = false
		db.retryAt = 0
		if err != nil {
			db.bgErr = err
			db.retryAt = since + uint64(db.BackupEvery)
		}
	}()
}

// ActionsSinceBackup is how many actions were written since the last backup.
func (db *DB) ActionsSinceBackup() uint64 {
	db.mu.RLock()
	defer db.mu.RUnlock()
	return db.sinceBackup
}

// BackgroundError is the last error of a backup by count, if any.
func (db *DB) BackgroundError() error {
	db.mu.RLock()
	defer db.mu.RUnlock()
	return db.bgErr
}

// A BackupStep is what a backup is doing.
type BackupStep int

const (
	// BackupWaiting: another backup is under way; this one waits for it.
	BackupWaiting BackupStep = iota
	// BackupWriting: the copy is being written; Done of Total bytes.
	BackupWriting
	// BackupChecking: the copy is being checked (its pages, every value's
	// checksum, every campaign replayed).
	BackupChecking
)

// BackupProgress says how far a backup has gone.
type BackupProgress struct {
	Step        BackupStep
	Done, Total int64
}

// ErrBackupAbandoned is a backup's answer when it was called off (the app
// quitting, the file closing): nothing of it is kept, nothing is changed.
var ErrBackupAbandoned = errors.New("the backup was called off before it was finished; nothing of it was kept, and the campaign file is as it was")

// Backup writes a verified backup; see BackupWith.
func (db *DB) Backup() (Backup, error) { return db.BackupWith(context.Background(), nil) }

// BackupWith writes a copy of the whole file with Tx.WriteTo into the
// backup folder, verifies it by reopening it and replaying every campaign,
// and prunes the backups by Keep. A backup that fails its check is removed
// and reported, never kept. progress, if set, is told how far it has gone
// (from this goroutine, often: it must be quick).
//
// A backup can be called off at any moment, by ctx or by closing the file:
// writing stops within one write, a check under way is left to finish on
// its own and its copy removed, and the answer is ErrBackupAbandoned. The
// campaign file is only ever read. A backup left half written by a kill is
// removed by the next backup or opening.
func (db *DB) BackupWith(ctx context.Context, progress func(BackupProgress)) (Backup, error) {
	if progress == nil {
		progress = func(BackupProgress) {}
	}
	done, ok := db.startWork()
	if !ok {
		return Backup{}, ErrBackupAbandoned
	}
	defer done()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if db.life != nil {
		defer context.AfterFunc(db.life, cancel)()
	}
	dir := db.backupDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Backup{}, fmt.Errorf("cannot make the backup folder %s: %w", dir, err)
	}
	if !db.backupMu.TryLock() {
		progress(BackupProgress{Step: BackupWaiting})
		db.backupMu.Lock()
	}
	defer db.backupMu.Unlock()
	if ctx.Err() != nil {
		return Backup{}, ErrBackupAbandoned
	}
	db.removeStaleTemps()
	// Names carry the time to the millisecond; a backup by count and one
	// asked for by hand can fall in the same millisecond, so the later one
	// moves on.
	now := db.now().UTC().Truncate(time.Millisecond)
	prefix := backupPrefix(db.path)
	var final string
	for {
		final = filepath.Join(dir, prefix+now.Format(backupTimeFormat)+backupExt)
		if _, err := os.Lstat(final); errors.Is(err, os.ErrNotExist) {
			break
		}
		now = now.Add(time.Millisecond)
	}
	tmp := final + tmpExt
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return Backup{}, fmt.Errorf("cannot write backup %s: %w", tmp, err)
	}
	var counted uint64
	err = db.view(func(tx *bolt.Tx) error {
		counted = readCount(tx)
		w := &progressWriter{w: f, ctx: ctx, total: tx.Size(), tell: progress}
		progress(BackupProgress{Step: BackupWriting, Total: w.total})
		_, err := tx.WriteTo(w)
		return err
	})
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		progress(BackupProgress{Step: BackupChecking})
		err = verifyOrAbandon(ctx, tmp, db.reg)
	}
	if errors.Is(err, ErrBackupAbandoned) || ctx.Err() != nil {
		if !errors.Is(err, errStillChecking) {
			os.Remove(tmp)
		}
		return Backup{}, ErrBackupAbandoned
	}
	if err != nil {
		os.Remove(tmp)
		return Backup{}, fmt.Errorf("backup failed, nothing kept: %w", err)
	}
	if err := os.Rename(tmp, final); err != nil {
		os.Remove(tmp)
		return Backup{}, err
	}
	syncDir(dir)
	if counted > 0 {
		// The actions the backup holds no longer count toward the next.
		var left uint64
		err := db.update(func(tx *bolt.Tx) error {
			n := readCount(tx)
			left = n - min(n, counted)
			return writeCount(tx, left)
		})
		if err == nil {
			db.mu.Lock()
			db.sinceBackup = left
			db.mu.Unlock()
		}
	}
	// The backup just written and verified is never pruned by the run
	// that wrote it, whatever the clock and the other names say.
	db.prune(dir, final)
	st, _ := os.Stat(final)
	b := Backup{Path: final, Time: now}
	if st != nil {
		b.Size, b.Modified = st.Size(), st.ModTime()
	}
	return b, nil
}

// errStillChecking: a backup was called off while its copy was being
// checked; the check goes on alone, and removes the copy when it ends.
var errStillChecking = fmt.Errorf("%w while its copy was being checked", ErrBackupAbandoned)

// verifyOrAbandon verifies a backup's copy, unless ctx is done first: the
// check (which only reads the copy, never the campaign file) is then left
// to finish alone, and the copy removed when it does.
func verifyOrAbandon(ctx context.Context, tmp string, reg tracker.Registry) error {
	res := make(chan error, 1)
	var mu sync.Mutex
	finished, abandoned := false, false
	go func() {
		_, err := VerifyFile(tmp, reg)
		mu.Lock()
		finished = true
		gone := abandoned
		mu.Unlock()
		if gone {
			os.Remove(tmp)
		}
		res <- err
	}()
	select {
	case err := <-res:
		return err
	case <-ctx.Done():
		// Exactly one of the two removes the copy: whichever comes second.
		mu.Lock()
		abandoned = true
		fin := finished
		mu.Unlock()
		if fin {
			os.Remove(tmp)
		}
		return errStillChecking
	}
}

// A progressWriter is the backup's copy as it is written: it counts the
// bytes for progress, and stops the writing once the backup is called off.
type progressWriter struct {
	w           io.Writer
	ctx         context.Context
	done, total int64
	told        int64
	tell        func(BackupProgress)
}

func (p *progressWriter) Write(b []byte) (int, error) {
	if p.ctx.Err() != nil {
		return 0, ErrBackupAbandoned
	}
	n, err := p.w.Write(b)
	p.done += int64(n)
	if p.done-p.told >= 1<<20 || p.done == p.total {
		p.told = p.done
		p.tell(BackupProgress{Step: BackupWriting, Done: p.done, Total: p.total})
	}
	return n, err
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// prune removes the backups Keep does not keep; just are backups this run
// wrote, which it never removes.
func (db *DB) prune(dir string, just ...string) {
	list, err := listBackups(dir, backupPrefix(db.path))
	if err != nil {
		return
	}
	_, drop := db.Keep.Sort(list, db.now(), just...)
	for _, b := range drop {
		os.Remove(b.Path)
	}
}

// cleanStale removes what killed backups, restores and imports left
// behind: the temporary files of this file's backups, a backup a kill kept
// from being pruned, restores' half-made copies beside the file, and the
// copies of imported streams (importcopy.go). Only this instance writes
// them while it holds the file.
func (db *DB) cleanStale() {
	db.backupMu.Lock()
	defer db.backupMu.Unlock()
	db.removeStaleTemps()
	db.removeImportCopies()
	db.prune(db.backupDir())
	for _, m := range filesBeside(db.path, restoringMark) {
		os.Remove(m)
	}
}

// removeStaleTemps removes this file's half-written backups; backupMu is
// held, so none is being written.
func (db *DB) removeStaleTemps() {
	entries, err := os.ReadDir(db.backupDir())
	if err != nil {
		return
	}
	prefix := backupPrefix(db.path)
	for _, e := range entries {
		n := e.Name()
		if rest, ok := cutName(n, prefix); ok && !e.IsDir() && strings.HasSuffix(n, backupExt+tmpExt) {
			if _, err := time.Parse(backupTimeFormat, strings.TrimSuffix(rest, backupExt+tmpExt)); err == nil {
				os.Remove(filepath.Join(db.backupDir(), n))
			}
		}
	}
}

// listBackups lists the backups in a folder whose names begin with
// prefix, newest first.
func listBackups(dir, prefix string) ([]Backup, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Backup
	for _, e := range entries {
		n := e.Name()
		rest, ok := cutName(n, prefix)
		if e.IsDir() || !ok || !strings.HasSuffix(n, backupExt) {
			continue
		}
		t, err := time.Parse(backupTimeFormat, strings.TrimSuffix(rest, backupExt))
		if err != nil {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, Backup{Path: filepath.Join(dir, n), Time: t, Modified: info.ModTime(), Size: info.Size()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Time.After(out[j].Time) })
	return out, nil
}

// BackupsOf lists the backups of the campaign file at path, newest first,
// without opening it: they are wanted most when it cannot be opened.
func BackupsOf(path string) ([]Backup, error) {
	return listBackups(filepath.Join(filepath.Dir(path), "backups"), backupPrefix(path))
}

// Backups lists this file's backups, newest first.
func (db *DB) Backups() ([]Backup, error) { return listBackups(db.backupDir(), backupPrefix(db.path)) }

// BackupsSize is what this file's backups take on the disk together.
func (db *DB) BackupsSize() (int64, error) {
	list, err := db.Backups()
	var n int64
	for _, b := range list {
		n += b.Size
	}
	return n, err
}

// BackupDirPath is where this file's backups go.
func (db *DB) BackupDirPath() string { return db.backupDir() }
