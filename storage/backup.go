package storage

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

const backupPrefix, backupExt = "tablekeeper-", ".db"

// A Backup is one rolling backup file.
type Backup struct {
	Path string
	Time time.Time
	Size int64
}

// Backup writes a copy of the whole file with Tx.WriteTo into the backup
// folder, verifies it by reopening it and replaying every campaign, and keeps
// only the newest BackupsKept. A backup that fails its check is removed and
// reported, never kept.
func (db *DB) Backup() (Backup, error) {
	dir := db.backupDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Backup{}, fmt.Errorf("cannot make the backup folder %s: %w", dir, err)
	}
	db.backupMu.Lock()
	defer db.backupMu.Unlock()
	// Names carry the time to the millisecond; a rolling backup and one asked
	// for by hand can fall in the same millisecond, so the later one moves on.
	now := db.now().UTC().Truncate(time.Millisecond)
	var final string
	for {
		final = filepath.Join(dir, backupPrefix+now.Format("20060102-150405.000")+backupExt)
		if _, err := os.Lstat(final); errors.Is(err, os.ErrNotExist) {
			break
		}
		now = now.Add(time.Millisecond)
	}
	tmp := final + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return Backup{}, fmt.Errorf("cannot write backup %s: %w", tmp, err)
	}
	err = db.view(func(tx *bolt.Tx) error {
		_, err := tx.WriteTo(f)
		return err
	})
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		_, err = VerifyFile(tmp, db.reg)
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
	db.prune(dir)
	st, _ := os.Stat(final)
	b := Backup{Path: final, Time: now}
	if st != nil {
		b.Size = st.Size()
	}
	return b, nil
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

func (db *DB) prune(dir string) {
	keep := db.BackupsKept
	if keep <= 0 {
		keep = DefaultBackupsKept
	}
	list, err := ListBackups(dir)
	if err != nil {
		return
	}
	for i := keep; i < len(list); i++ {
		os.Remove(list[i].Path)
	}
}

// ListBackups lists the backups in a folder, newest first.
func ListBackups(dir string) ([]Backup, error) {
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
		if e.IsDir() || !strings.HasPrefix(n, backupPrefix) || !strings.HasSuffix(n, backupExt) {
			continue
		}
		t, err := time.Parse("20060102-150405.000", strings.TrimSuffix(strings.TrimPrefix(n, backupPrefix), backupExt))
		if err != nil {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, Backup{Path: filepath.Join(dir, n), Time: t, Size: info.Size()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Time.After(out[j].Time) })
	return out, nil
}

// Backups lists this file's backups, newest first.
func (db *DB) Backups() ([]Backup, error) { return ListBackups(db.backupDir()) }

// BackupDirPath is where this file's backups go.
func (db *DB) BackupDirPath() string { return db.backupDir() }

// NewestGoodBackup returns the newest backup in dir that verifies, or "".
func NewestGoodBackup(dir string, reg tracker.Registry) (string, error) {
	list, err := ListBackups(dir)
	if err != nil {
		return "", err
	}
	for _, b := range list {
		if _, err := VerifyFile(b.Path, reg); err == nil {
			return b.Path, nil
		}
	}
	return "", nil
}

// A CampaignCheck is what verifying found for one campaign.
type CampaignCheck struct {
	Campaign tracker.Campaign
	Err      error
}

// A Report is what verifying a file found.
type Report struct {
	Path      string
	Campaigns []CampaignCheck
}

// Problems counts the campaigns that failed.
func (r *Report) Problems() int {
	n := 0
	for _, c := range r.Campaigns {
		if c.Err != nil {
			n++
		}
	}
	return n
}

// VerifyFile opens a file read-only, checks its structure and every value's
// checksum, and replays every campaign through its rules.
func VerifyFile(path string, reg tracker.Registry) (*Report, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	ro, err := openReadOnly(path, reg)
	if err != nil {
		return nil, err
	}
	defer ro.bolt.Close()
	return ro.verify()
}

// openReadOnly opens a file that is not this instance's own (a backup, or
// a file to verify) read-only, after checking its structure; errors come
// classified, without looking for a backup.
func openReadOnly(path string, reg tracker.Registry) (*DB, error) {
	ro := &DB{path: path, reg: reg, BackupDir: "-"}
	if err := precheck(path); err != nil {
		return nil, ro.classifyNoBackup(err)
	}
	b, err := openBolt(path, true)
	if err != nil {
		return nil, ro.classifyNoBackup(err)
	}
	ro.bolt = b
	return ro, nil
}

// classifyNoBackup is classify without looking for a backup (used while
// looking at the backups themselves).
func (db *DB) classifyNoBackup(err error) error {
	e := db.classify(err)
	var de *DamageError
	if errors.As(e, &de) {
		de.Backup = ""
	}
	return e
}

// Verify checks this file as VerifyFile does. A damaged file gives a
// DamageError naming the newest good backup.
func (db *DB) Verify() (*Report, error) {
	// Inside a read transaction, so a commit meanwhile does not hand the pages
	// being walked to new data.
	r, err := &Report{Path: db.path}, db.view(func(*bolt.Tx) error { return checkStructure(db.path) })
	if err != nil {
		err = db.classifyNoBackup(err)
	} else {
		r, err = db.verify()
	}
	if err != nil {
		var de *DamageError
		if errors.As(err, &de) && de.Backup == "" && db.BackupDir != "-" {
			de.Backup, _ = NewestGoodBackup(db.backupDir(), db.reg)
		}
	}
	return r, err
}

func (db *DB) verify() (*Report, error) {
	r := &Report{Path: db.path}
	if err := checkFile(db.bolt); err != nil {
		return r, db.classifyNoBackup(err)
	}
	list, err := db.List()
	if err != nil {
		return r, err
	}
	for _, c := range list {
		_, err := db.OpenSession(c.ID)
		r.Campaigns = append(r.Campaigns, CampaignCheck{Campaign: c, Err: err})
	}
	if n := r.Problems(); n > 0 {
		var names []string
		for _, c := range r.Campaigns {
			if c.Err != nil {
				names = append(names, fmt.Sprintf("%q (%v)", c.Campaign.Name, c.Err))
			}
		}
		return r, &DamageError{Path: db.path, Problem: fmt.Sprintf("%d campaign(s) do not replay: %s", n, strings.Join(names, "; "))}
	}
	return r, nil
}

// Campaigns lists the campaigns a backup (or any campaign file) holds, for a
// preview before restoring it.
func Campaigns(path string, reg tracker.Registry) ([]tracker.Campaign, error) {
	ro, err := openReadOnly(path, reg)
	if err != nil {
		return nil, err
	}
	defer ro.bolt.Close()
	return ro.List()
}

// Restore replaces the whole file with a backup. The backup is verified
// first, the current file is backed up if it can be and kept beside itself
// as PATH.replaced-TIME, so nothing is lost even by restoring the wrong one.
// Sessions open on this DB must be closed first.
func (db *DB) Restore(backup string) error {
	if _, err := VerifyFile(backup, db.reg); err != nil {
		return fmt.Errorf("that backup cannot be restored: %w", err)
	}
	db.bg.Wait()
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.bolt != nil {
		db.bolt.Close()
		db.bolt = nil
	}
	if err := RestoreFile(db.path, backup, db.now()); err != nil {
		return err
	}
	b, err := openBolt(db.path, false)
	if err != nil {
		return db.classify(err)
	}
	db.bolt = b
	return nil
}

// RestoreFile puts a backup in place of the file at path (which must not be
// open), keeping the old file as path.replaced-TIME. It is used by Restore
// and by the command line when the file is too damaged to open.
func RestoreFile(path, backup string, now time.Time) error {
	if _, err := os.Stat(path); err == nil {
		aside := path + ".replaced-" + now.UTC().Format("20060102-150405")
		if err := os.Rename(path, aside); err != nil {
			return fmt.Errorf("cannot move the current file aside: %w", err)
		}
	}
	src, err := os.Open(backup)
	if err != nil {
		return err
	}
	defer src.Close()
	tmp := path + ".restoring"
	dst, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(dst, src)
	if err == nil {
		err = dst.Sync()
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("restoring %s failed: %w", backup, err)
	}
	syncDir(filepath.Dir(path))
	return nil
}
