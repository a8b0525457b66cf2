package storage

import (
	"errors"
	"fmt"
	"os"
	"strings"

	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// A CampaignCheck is what verifying found for one campaign.
type CampaignCheck struct {
	Campaign tracker.Campaign
	Err      error
}

// A Report is what verifying a file found. Notices are what does not make
// the file unsound (a damaged snapshot, rebuilt from the log).
type Report struct {
	Path      string
	Campaigns []CampaignCheck
	Notices   []string
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
// checksum, and replays every campaign through its rules. It never writes
// to the file.
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
	if st, err := os.Stat(path); err == nil && st.Size() == 0 {
		return nil, ro.classifyNoBackup(&damaged{what: "it is empty"})
	}
	if err := precheck(path); err != nil {
		return nil, ro.classifyNoBackup(err)
	}
	b, err := openBolt(path, true)
	if err != nil {
		return nil, ro.classifyNoBackup(err)
	}
	err = safely(func() error {
		return b.View(func(tx *bolt.Tx) error {
			blank, _, err := readSchema(tx)
			if err == nil && blank {
				err = &damaged{what: "it holds no campaign list at all"}
			}
			return err
		})
	})
	if err != nil {
		b.Close()
		return nil, ro.classifyNoBackup(err)
	}
	ro.bolt = b
	return ro, nil
}

// classifyNoBackup is classify without looking for a backup (used while
// looking at the backups themselves).
func (db *DB) classifyNoBackup(err error) error {
	dir := db.BackupDir
	db.BackupDir = "-"
	defer func() { db.BackupDir = dir }()
	return db.classify(err)
}

// Verify checks this file as VerifyFile does, without writing to it. A
// damaged file gives a DamageError naming the newest good backup.
func (db *DB) Verify() (*Report, error) {
	// Inside a read transaction, so a commit meanwhile does not hand the pages
	// being walked to new data.
	r, err := &Report{Path: db.path}, db.view(func(*bolt.Tx) error { return checkStructure(db.path) })
	if err == nil {
		r, err = db.verify()
	}
	var de *DamageError
	if errors.As(err, &de) && de.Backup == "" && db.BackupDir != "-" {
		if c, ok := newestGoodCopy(db.path, db.backupDir(), db.reg); ok {
			de.Backup, de.BackupTime, de.Aside = c.Path, c.Time, c.Aside
		}
	}
	return r, err
}

func (db *DB) verify() (*Report, error) {
	r := &Report{Path: db.path}
	found, err := checkFile(db.bolt)
	if err != nil {
		return r, db.classifyNoBackup(err)
	}
	r.Notices = found.notices()
	list, err := db.List()
	if err != nil {
		return r, err
	}
	for _, c := range list {
		_, err := db.replay(c)
		r.Campaigns = append(r.Campaigns, CampaignCheck{Campaign: c, Err: err})
	}
	if n := r.Problems(); n > 0 {
		var names []string
		for _, c := range r.Campaigns {
			if c.Err != nil {
				names = append(names, fmt.Sprintf("“%s” (%v)", c.Campaign.Name, c.Err))
			}
		}
		return r, &DamageError{Path: db.path, Problem: fmt.Sprintf("%d campaign(s) do not replay: %s", n, strings.Join(names, "; "))}
	}
	return r, nil
}

// replay opens a campaign's session without writing anything: a long
// replay's snapshot is not stored.
func (db *DB) replay(c tracker.Campaign) (*tracker.Session, error) {
	rules, err := db.reg.Rules(c.Game)
	if err != nil {
		return nil, err
	}
	return tracker.Open(readOnlyStore{db}, rules, c.ID)
}

// readOnlyStore is a DB seen by a verifying replay: it reads, and writes
// nothing.
type readOnlyStore struct{ *DB }

func (readOnlyStore) Append(string, tracker.Event) error {
	return errors.New("verifying writes nothing")
}

func (readOnlyStore) PutSnapshot(string, tracker.Snapshot) error { return nil }

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
