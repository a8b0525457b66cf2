package storage

import (
	"fmt"

	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// EventsBack implements tracker.Store: the log from seq from down to the
// first, newest first, read with the cursor going back, so a page of the
// Log costs its own events whatever the log's length. fn runs inside a read
// transaction and must not write to the file.
func (db *DB) EventsBack(id string, from uint64, fn func(tracker.Event) error) error {
	return db.view(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		c := cb.Bucket(bucketEvents).Cursor()
		k, v := c.Seek(seqKey(from))
		switch {
		case k == nil:
			k, v = c.Last()
		case keySeq(k) > from:
			k, v = c.Prev()
		}
		for ; k != nil; k, v = c.Prev() {
			var e tracker.Event
			if err := unframe(v, &e); err != nil {
				return &damaged{what: fmt.Sprintf("event %d fails its checksum", keySeq(k))}
			}
			if err := fn(e); err != nil {
				return err
			}
		}
		return nil
	})
}
