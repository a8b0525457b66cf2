package storage

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/google/uuid"
	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// Export reads one campaign as an export file.
func (db *DB) Export(id string) (*tracker.Export, error) {
	return tracker.ExportCampaign(db, id, db.now())
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
	x, err := db.Export(id)
	if err != nil {
		return "", err
	}
	data, err := x.Encode()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(db.backupDir(), "deleted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-%s-%s.json", diskName(x.Campaign.Name), id[:8], db.now().UTC().Format("20060102-150405")))
	if err := writeFileSync(path, data); err != nil {
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
