package storage

import (
	"bytes"

	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// What a host sharing a campaign keeps across a restart (its join code,
// the devices it let in and their keys' digests), in the campaign's
// bucket, so a host killed and started again lets the same phones back in.
// Storage keeps it as named framed values and knows nothing of what they
// say: the sharing host (ui/share) writes and reads them.

var bucketShare = []byte("share")

// LoadShare returns every value kept for sharing the campaign, by name.
func (db *DB) LoadShare(id string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := db.view(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		sb := cb.Bucket(bucketShare)
		if sb == nil {
			return nil
		}
		return sb.ForEach(func(k, v []byte) error {
			// A value that fails its checksum is left out: the device
			// it named joins again.
			if js, err := checkFrame(v); err == nil {
				out[string(k)] = bytes.Clone(js)
			}
			return nil
		})
	})
	return out, err
}

// PutShare keeps a value for sharing the campaign under a name; a nil value
// removes it.
func (db *DB) PutShare(id, name string, value []byte) error {
	return db.update(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		if value == nil {
			if sb := cb.Bucket(bucketShare); sb != nil {
				return sb.Delete([]byte(name))
			}
			return nil
		}
		sb, err := cb.CreateBucketIfNotExists(bucketShare)
		if err != nil {
			return err
		}
		return sb.Put([]byte(name), frameBytes(value))
	})
}

// ClearShare forgets everything kept for sharing the campaign, and the
// answers given to its devices: sharing stopped, and no key or device of
// it counts any more.
func (db *DB) ClearShare(id string) error {
	return db.update(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		for _, name := range [][]byte{bucketShare, bucketAnswers} {
			if cb.Bucket(name) != nil {
				if err := cb.DeleteBucket(name); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
