// Package storage keeps Tablekeeper's campaigns in one bbolt file: a bucket
// per campaign with its event log and snapshots, a meta bucket with the
// schema version, verified backups beside the file kept by age, and
// whole-campaign export and import. It implements tracker.Store.
package storage

import (
	"fmt"
	"path/filepath"
	"time"
)

// LockedError means another running Tablekeeper holds the file.
type LockedError struct{ Path string }

func (e *LockedError) Error() string {
	return fmt.Sprintf("the campaign file %s is open in another Tablekeeper; close that one first, or use --db to open another file", e.Path)
}

// DamageError means the file cannot be used as it is: it is damaged, or it
// is empty or missing while backups of it lie beside it. The file was not
// changed. Backup names the newest copy that verified (a backup, or a file
// kept aside by a restore), if there is one.
type DamageError struct {
	Path string
	// Problem says what is wrong, in words.
	Problem string
	// Backup is the newest good copy, BackupTime when it was taken, and
	// Aside whether it is a file a restore kept aside rather than a backup.
	Backup     string
	BackupTime time.Time
	Aside      bool
	// Missing: the file is empty or missing while copies of it lie beside
	// it; Tablekeeper does not start a new empty file over them.
	Missing bool
	// AsItReads: only one of the file's two headers is damaged, so the file
	// still reads whole as it was one write earlier; KeepAsItReads rewrites
	// it so (the damaged file is kept aside).
	AsItReads bool
	// Detail is what the check found, for whoever looks closer (support);
	// it is never shown as the message and never quotes a panic.
	Detail string
}

func (e *DamageError) Error() string {
	var msg string
	if e.Missing {
		msg = fmt.Sprintf("the campaign file %s %s, but copies of it are kept beside it: Tablekeeper will not start a new, empty file over them.", e.Path, e.Problem)
	} else {
		msg = fmt.Sprintf("the campaign file %s is damaged: %s. The file was not changed.", e.Path, e.Problem)
	}
	if e.Backup != "" {
		what := "newest good backup"
		if e.Aside {
			what = "newest good copy, a file kept aside by an earlier restore,"
		}
		when := ""
		if !e.BackupTime.IsZero() {
			when = ", from " + e.BackupTime.Local().Format("Mon 2 Jan 2006 15:04")
		}
		msg += fmt.Sprintf(" The %s is %s (in %s%s); restore it in the app's window, or with `tablekeeper --db %s restore %s`.",
			what, filepath.Base(e.Backup), filepath.Dir(e.Backup), when, e.Path, e.Backup)
	} else if e.Missing {
		msg += " None of them could be read, though."
	} else {
		msg += " No good backup was found beside it."
	}
	if e.AsItReads {
		msg += " Or keep the file as it reads, without that change, in the app's window."
	}
	if e.Missing {
		msg += fmt.Sprintf(" To really start afresh, move the backups (%s) and any %s.replaced-… files somewhere else first.",
			filepath.Join(filepath.Dir(e.Path), "backups"), filepath.Base(e.Path))
	}
	return msg
}

// ForPlayers says the same in the window's words: what is wrong and what
// can be done there, without the command line (the window shows the file
// and the copy it offers beside the message).
func (e *DamageError) ForPlayers() string {
	var msg string
	if e.Missing {
		msg = fmt.Sprintf("The campaign file %s, but copies of it are kept beside it, so Tablekeeper will not start a new, empty file over them.", e.Problem)
	} else {
		msg = fmt.Sprintf("The campaign file is damaged: %s. It was not changed.", e.Problem)
	}
	switch {
	case e.Backup != "" && e.AsItReads:
		msg += " Restore the newest good backup, or keep the file as it reads."
	case e.Backup != "":
		msg += " Restore the newest good copy of it below."
	case e.AsItReads:
		msg += " Keep the file as it reads below."
	case e.Missing:
		msg += " None of them could be read, though."
	default:
		msg += " No good backup was found beside it."
	}
	if e.Missing {
		msg += fmt.Sprintf(" To really start afresh, move the backups folder (%s) somewhere else first.", filepath.Join(filepath.Dir(e.Path), "backups"))
	}
	return msg
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
