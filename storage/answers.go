package storage

import (
	"fmt"

	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

// The answers given to each device of a shared table (tracker.AnswerStore),
// kept in the campaign's bucket beside its log: one framed record per
// device, its newest tracker.AnswersKept answers. An answered event and its
// answer are written in one transaction, so a host killed right after the
// commit answers the retry from the file, and the file holds a few KB per
// device, whatever the log's length.

var bucketAnswers = []byte("answers")

// Answers implements tracker.AnswerStore.
func (db *DB) Answers(id, device string) (tracker.DeviceAnswers, error) {
	var d tracker.DeviceAnswers
	err := db.view(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		ab := cb.Bucket(bucketAnswers)
		if ab == nil {
			return nil
		}
		v := ab.Get([]byte(device))
		if v == nil {
			return nil
		}
		if err := unframe(v, &d); err != nil {
			return &damaged{what: fmt.Sprintf("the answers kept for device %s are unreadable", device)}
		}
		return nil
	})
	return d, err
}

// AppendAnswered implements tracker.AnswerStore: the event and the answer
// in one transaction.
func (db *DB) AppendAnswered(id string, e tracker.Event, device string, a tracker.DeviceAnswers) error {
	return db.appendWith(id, e, func(tx *bolt.Tx) error { return putAnswers(tx, id, device, a) })
}

// PutAnswers implements tracker.AnswerStore.
func (db *DB) PutAnswers(id, device string, a tracker.DeviceAnswers) error {
	return db.update(func(tx *bolt.Tx) error { return putAnswers(tx, id, device, a) })
}

// ForgetAnswers implements tracker.AnswerStore.
func (db *DB) ForgetAnswers(id, device string) error {
	return db.update(func(tx *bolt.Tx) error {
		cb := tx.Bucket(campaignKey(id))
		if cb == nil {
			return tracker.ErrNoCampaign
		}
		if ab := cb.Bucket(bucketAnswers); ab != nil {
			return ab.Delete([]byte(device))
		}
		return nil
	})
}

func putAnswers(tx *bolt.Tx, id, device string, a tracker.DeviceAnswers) error {
	cb := tx.Bucket(campaignKey(id))
	if cb == nil {
		return tracker.ErrNoCampaign
	}
	ab, err := cb.CreateBucketIfNotExists(bucketAnswers)
	if err != nil {
		return err
	}
	v, err := frame(a)
	if err != nil {
		return err
	}
	return ab.Put([]byte(device), v)
}
