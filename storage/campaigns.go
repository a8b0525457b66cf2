package storage

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/google/uuid"
	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// Export reads one campaign as an export file, whole; WriteExport streams
// it instead.
func (db *DB) Export(id string) (*tracker.Export, error) {
	return tracker.ExportCampaign(db, id, db.now())
}

// WriteExport writes one campaign's export file to w, its log read one
// event at a time: memory does not grow with the log. It returns the
// campaign and how many events were written.
func (db *DB) WriteExport(w io.Writer, id string) (tracker.Campaign, int, error) {
	return tracker.WriteExport(w, db, id, db.now())
}

// ExportFile writes one campaign's export file to path, whole or not at
// all: it is written beside it and synced, then renamed into place, so a
// failure (a full disk, a kill) never leaves half an export under the
// name.
func (db *DB) ExportFile(path, id string) (tracker.Campaign, int, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".writing-*")
	if err != nil {
		return tracker.Campaign{}, 0, err
	}
	c, n, err := db.WriteExport(f, id)
	if err == nil {
		_, err = f.WriteString("\n")
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return c, n, err
	}
	syncDir(filepath.Dir(path))
	return c, n, nil
}

// writeCampaign creates a campaign with its whole log in one transaction.
func (db *DB) writeCampaign(c tracker.Campaign, events []tracker.Event) error {
	return db.update(func(tx *bolt.Tx) error {
		if err := createIn(tx, c); err != nil {
			return err
		}
		ev := tx.Bucket(campaignKey(c.ID)).Bucket(bucketEvents)
		for _, e := range events {
			v, err := frame(e)
			if err != nil {
				return err
			}
			if err := ev.Put(seqKey(e.Seq), v); err != nil {
				return err
			}
		}
		return nil
	})
}

func copyName(name string) string {
	n := name + " (copy)"
	if r := []rune(n); len(r) > tracker.MaxNameLen {
		n = string(r[:tracker.MaxNameLen-7]) + " (copy)"
	}
	return n
}

// Duplicate copies a campaign, log and all, under a new ID and name.
func (db *DB) Duplicate(id, name string) (tracker.Campaign, error) {
	name, err := tracker.CheckName(name)
	if err != nil {
		return tracker.Campaign{}, err
	}
	x, err := db.Export(id)
	if err != nil {
		return tracker.Campaign{}, err
	}
	c := x.Campaign
	c.ID, c.Name = uuid.NewString(), name
	c.LastPlayed, c.Where, c.Events = x.Campaign.LastPlayed, x.Campaign.Where, uint64(len(x.Events))
	if src, err := db.Campaign(id); err == nil {
		c.LastPlayed, c.Where = src.LastPlayed, src.Where
	}
	return c, db.writeCampaign(c, x.Events)
}

// Delete removes a campaign after exporting it to the backup folder's
// "deleted" folder, so a deletion can always be taken back by importing that
// file. It returns the export's path.
func (db *DB) Delete(id string) (string, error) {
	c, err := db.Campaign(id)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(db.backupDir(), "deleted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-%s-%s.json", diskName(c.Name), id[:8], db.now().UTC().Format("20060102-150405")))
	if _, _, err := db.ExportFile(path, id); err != nil {
		return "", fmt.Errorf("the campaign was not deleted, because its backup could not be written: %w", err)
	}
	err = db.update(func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket(campaignKey(id)); err != nil {
			return err
		}
		return tx.Bucket(bucketCampaigns).Delete([]byte(id))
	})
	return path, err
}

func writeFileSync(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
