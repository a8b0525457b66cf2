package storage

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/google/uuid"
	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// Import validates an export file held in memory whole and writes it; see
// ImportFrom.
func (db *DB) Import(data []byte, asCopy bool) (tracker.Campaign, error) {
	return db.ImportFrom(bytes.NewReader(data), int64(len(data)), asCopy)
}

// importBatch is how many bytes of events one write transaction of an
// import holds: bbolt keeps a transaction's pages in memory until it
// commits, so one transaction for the whole log would cost memory in the
// log's length.
const importBatch = 1 << 20

// importMu keeps two imports from sharing a campaign's bucket while it is
// being written.
var importMu sync.Mutex

// ImportFrom validates an export file of size bytes, read in place from r
// (tracker.CheckExport: its form, every event with the live command's
// checks, a full replay), and only then writes it. A campaign that is
// already here is never overwritten: with asCopy the import gets a new ID
// and "(copy)" in its name; without, it is refused with an ExistsError.
//
// The log is written in batches into the campaign's bucket, which joins
// the list of campaigns only in the last transaction, with the snapshot
// the check left (so the first opening replays nothing): a cut-off import
// leaves no campaign, only an unlisted bucket that the next import of the
// same campaign clears.
func (db *DB) ImportFrom(r io.ReaderAt, size int64, asCopy bool) (tracker.Campaign, error) {
	x, err := tracker.CheckExport(r, size, db.reg, db.now())
	if err != nil {
		return tracker.Campaign{}, err
	}
	importMu.Lock()
	defer importMu.Unlock()
	c := x.Campaign
	if asCopy {
		if _, err := db.Campaign(c.ID); err == nil {
			c.ID = uuid.NewString()
			c.Name = copyName(c.Name)
		}
	}
	if err := db.writeImport(c, x); err != nil {
		return tracker.Campaign{}, err
	}
	return c, nil
}

func (db *DB) writeImport(c tracker.Campaign, x *tracker.CheckedExport) error {
	err := db.update(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketCampaigns).Get([]byte(c.ID)) != nil {
			return &ExistsError{ID: c.ID, Name: c.Name}
		}
		// A bucket without a record is what a cut-off import left.
		if tx.Bucket(campaignKey(c.ID)) != nil {
			if err := tx.DeleteBucket(campaignKey(c.ID)); err != nil {
				return err
			}
		}
		cb, err := tx.CreateBucket(campaignKey(c.ID))
		if err != nil {
			return err
		}
		if _, err := cb.CreateBucket(bucketEvents); err != nil {
			return err
		}
		_, err = cb.CreateBucket(bucketSnapshots)
		return err
	})
	if err != nil {
		return err
	}
	if err := db.writeImportLog(c, x); err != nil {
		// Leave no half-written log behind, if the file still lets us.
		_ = db.update(func(tx *bolt.Tx) error {
			if tx.Bucket(bucketCampaigns).Get([]byte(c.ID)) == nil && tx.Bucket(campaignKey(c.ID)) != nil {
				return tx.DeleteBucket(campaignKey(c.ID))
			}
			return nil
		})
		return err
	}
	return nil
}

func (db *DB) writeImportLog(c tracker.Campaign, x *tracker.CheckedExport) error {
	var batch [][]byte
	var keys []uint64
	size := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := db.update(func(tx *bolt.Tx) error {
			cb := tx.Bucket(campaignKey(c.ID))
			if cb == nil {
				return errors.New("the campaign's log went missing while it was being imported")
			}
			ev := cb.Bucket(bucketEvents)
			// Events are written in order: bbolt packs pages full.
			ev.FillPercent = 1
			for i, v := range batch {
				if err := ev.Put(seqKey(keys[i]), v); err != nil {
					return err
				}
			}
			return nil
		})
		clear(batch)
		batch, keys, size = batch[:0], keys[:0], 0
		return err
	}
	err := x.Events(func(e tracker.Event) error {
		v, err := frame(e)
		if err != nil {
			return err
		}
		batch, keys, size = append(batch, v), append(keys, e.Seq), size+len(v)
		if size >= importBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return err
	}
	return db.update(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketCampaigns).Get([]byte(c.ID)) != nil {
			return &ExistsError{ID: c.ID, Name: c.Name}
		}
		cb := tx.Bucket(campaignKey(c.ID))
		if cb == nil {
			return errors.New("the campaign's log went missing while it was being imported")
		}
		last, _ := cb.Bucket(bucketEvents).Cursor().Last()
		if keySeq(last) != c.Events {
			return fmt.Errorf("the import wrote %d events of %d", keySeq(last), c.Events)
		}
		if snap := x.Snapshot; snap.Seq > 0 && snap.Seq == c.Events {
			v, err := frame(snap)
			if err != nil {
				return err
			}
			if err := cb.Bucket(bucketSnapshots).Put(seqKey(snap.Seq), v); err != nil {
				return err
			}
		}
		return putCampaign(tx, c)
	})
}
