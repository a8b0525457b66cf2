// Package storage keeps Tablekeeper's campaigns in one bbolt file: a bucket
// per campaign with its event log and snapshots, a meta bucket with the
// schema version, rolling verified backups beside the file, and whole-campaign
// export and import. It implements tracker.Store.
package storage

import (
	"fmt"
	"path/filepath"
)

// LockedError means another running Tablekeeper holds the file.
type LockedError struct{ Path string }

func (e *LockedError) Error() string {
	return fmt.Sprintf("the campaign file %s is open in another Tablekeeper; close that one first, or use --db to open another file", e.Path)
}

// DamageError means the file, or something in it, is damaged. Backup names
// the newest backup that verified, if there is one.
type DamageError struct {
	Path    string
	Problem string
	Backup  string
}

func (e *DamageError) Error() string {
	msg := fmt.Sprintf("the campaign file %s is damaged: %s.", e.Path, e.Problem)
	if e.Backup != "" {
		return msg + fmt.Sprintf(" The newest good backup is %s (%s); restore it with `tablekeeper --db %s restore %s`, or from the Data screen.",
			filepath.Base(e.Backup), filepath.Dir(e.Backup), e.Path, e.Backup)
	}
	return msg + " No good backup was found beside it."
}

// NewerError means the file was written by a newer Tablekeeper.
type NewerError struct {
	Path             string
	Schema, Readable int
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("the campaign file %s was written by a newer Tablekeeper (format %d; this one reads up to %d): update the app to open it", e.Path, e.Schema, e.Readable)
}

// ExistsError means an import would overwrite a campaign that is already here.
type ExistsError struct{ ID, Name string }

func (e *ExistsError) Error() string {
	return fmt.Sprintf("campaign %q (%s) is already here; nothing was changed. Import it as a copy to keep both", e.Name, e.ID)
}
