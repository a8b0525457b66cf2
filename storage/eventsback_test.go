package storage

import (
	"errors"
	"slices"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"tablekeeper/tracker"
)

func TestEventsBackReadsNewestFirstFromAnyPoint(t *testing.T) {
	db, _ := openTemp(t)
	c, _ := db.NewCampaign(tracker.Alone, "Back", 1)
	s, err := db.OpenSession(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	addNotes(t, s, 10)
	seqs := func(from uint64, stopAt int) ([]uint64, error) {
		var out []uint64
		err := db.EventsBack(c.ID, from, func(e tracker.Event) error {
			out = append(out, e.Seq)
			if len(out) == stopAt {
				return tracker.ErrStop
			}
			return nil
		})
		return out, err
	}
	for _, tc := range []struct {
		from uint64
		stop int
		want []uint64
	}{
		{10, 0, []uint64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}},
		{4, 0, []uint64{4, 3, 2, 1}},
		{1, 0, []uint64{1}},
		{1000, 3, []uint64{10, 9, 8}}, // past the newest: from the newest
		{0, 0, nil},
		{7, 2, []uint64{7, 6}},
	} {
		got, err := seqs(tc.from, tc.stop)
		if tc.stop > 0 && !errors.Is(err, tracker.ErrStop) || tc.stop == 0 && err != nil {
			t.Fatalf("from %d: %v", tc.from, err)
		}
		if !slices.Equal(got, tc.want) {
			t.Fatalf("from %d: %v, want %v", tc.from, got, tc.want)
		}
	}
	// The session reads the same, and a stop is no error there.
	var got []uint64
	err = s.EventsBack(6, func(e tracker.Event) error {
		got = append(got, e.Seq)
		if len(got) == 2 {
			return tracker.ErrStop
		}
		return nil
	})
	if err != nil || !slices.Equal(got, []uint64{6, 5}) {
		t.Fatalf("session: %v, %v", got, err)
	}
	if err := db.EventsBack("no-such-campaign", 3, func(tracker.Event) error { return nil }); !errors.Is(err, tracker.ErrNoCampaign) {
		t.Fatalf("unknown campaign: %v", err)
	}
	// A damaged event is said in words, and the reading stops there.
	err = db.update(func(tx *bolt.Tx) error {
		return tx.Bucket(campaignKey(c.ID)).Bucket(bucketEvents).Put(seqKey(5), []byte("\x00\x00\x00\x00{}"))
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err = seqs(8, 0)
	if err == nil || !strings.Contains(err.Error(), "event 5 fails its checksum") || !slices.Equal(got, []uint64{8, 7, 6}) {
		t.Fatalf("damaged: %v, %v", got, err)
	}
}
