package storage

import (
	"fmt"

	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// A campaign's log: its events, each framed under its sequence number, and
// the snapshots that let a long log open quickly.

// Append implements tracker.Store: the event is on disk when it returns nil.
// The campaign's record is not rewritten: its last played time, place and
// event count are read from its last event (see getCampaign), so an action
// writes the event and the count toward the next backup, nothing else.
func (db *DB) Append(id string, e tracker.Event) error {
	return db.appendWith(id, e, nil)
}

// appendWith commits an event and, in the same transaction, whatever also
// writes (a device's answer naming it).
func (db *DB) appendWith(id string, e tracker.Event, also func(tx *bolt.Tx) error) error {
	var since uint64
	err := db.update(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil || tx.Bucket(bucketCampaigns).Get([]byte(id)) == nil {
			return tracker.ErrNoCampaign
		}
		ev := cb.Bucket(bucketEvents)
		last, _ := ev.Cursor().Last()
		if keySeq(last)+1 != e.Seq {
			c, _ := getCampaign(tx, id)
			return fmt.Errorf("event %d out of order: campaign “%s” is at event %d", e.Seq, c.Name, keySeq(last))
		}
		v, err := frame(e)
		if err != nil {
			return err
		}
		if err := ev.Put(seqKey(e.Seq), v); err != nil {
			return err
		}
		if also != nil {
			if err := also(tx); err != nil {
				return err
			}
		}
		since = readCount(tx) + 1
		return writeCount(tx, since)
	})
	if err == nil {
		db.counted(since)
	}
	return err
}

// Event implements tracker.Store.
func (db *DB) Event(id string, seq uint64) (tracker.Event, error) {
	var e tracker.Event
	err := db.view(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		v := cb.Bucket(bucketEvents).Get(seqKey(seq))
		if v == nil {
			return fmt.Errorf("campaign %s has no event %d", id, seq)
		}
		if err := unframe(v, &e); err != nil {
			return &damaged{what: fmt.Sprintf("event %d fails its checksum", seq)}
		}
		return nil
	})
	return e, err
}

// Events implements tracker.Store. fn runs inside a read transaction and
// must not write to the file.
func (db *DB) Events(id string, from uint64, fn func(tracker.Event) error) error {
	return db.view(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		c := cb.Bucket(bucketEvents).Cursor()
		r := releaser{tx: tx}
		for k, v := c.Seek(seqKey(from)); k != nil; k, v = c.Next() {
			var e tracker.Event
			if err := unframe(v, &e); err != nil {
				return &damaged{what: fmt.Sprintf("event %d fails its checksum", keySeq(k))}
			}
			r.add(len(k) + len(v))
			if err := fn(e); err != nil {
				return err
			}
		}
		return nil
	})
}

// snapshotsKept per campaign; older ones are dropped as new ones come.
const snapshotsKept = 2

// PutSnapshot implements tracker.Store.
func (db *DB) PutSnapshot(id string, s tracker.Snapshot) error {
	return db.update(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		sb := cb.Bucket(bucketSnapshots)
		v, err := frame(s)
		if err != nil {
			return err
		}
		if err := sb.Put(seqKey(s.Seq), v); err != nil {
			return err
		}
		var old [][]byte
		c := sb.Cursor()
		n := 0
		for k, _ := c.Last(); k != nil; k, _ = c.Prev() {
			if n++; n > snapshotsKept {
				old = append(old, append([]byte(nil), k...))
			}
		}
		for _, k := range old {
			if err := sb.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
}

// LatestSnapshot implements tracker.Store. A damaged snapshot is skipped:
// it is only a shortcut, and the log is the truth.
func (db *DB) LatestSnapshot(id string) (*tracker.Snapshot, error) {
	var snap *tracker.Snapshot
	err := db.view(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		c := cb.Bucket(bucketSnapshots).Cursor()
		for k, v := c.Last(); k != nil; k, v = c.Prev() {
			var s tracker.Snapshot
			if unframe(v, &s) == nil {
				snap = &s
				return nil
			}
		}
		return nil
	})
	return snap, err
}
