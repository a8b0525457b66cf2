package tracker

import (
	"slices"
	"testing"
	"time"
)

func TestMemStoreEventsBackIsEventsReversed(t *testing.T) {
	mem := NewMemStore()
	c, _ := NewCampaign(Alone, "Back", 1, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	mem.Create(c)
	s, err := Open(mem, Basic(Alone), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 7; i++ {
		if _, err := s.Do(AddNote{Text: "n"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	for from := uint64(0); from <= 10; from++ {
		var fwd, back []uint64
		mem.Events(c.ID, 1, func(e Event) error {
			if e.Seq <= from {
				fwd = append(fwd, e.Seq)
			}
			return nil
		})
		slices.Reverse(fwd)
		s.EventsBack(from, func(e Event) error { back = append(back, e.Seq); return nil })
		if !slices.Equal(fwd, back) {
			t.Fatalf("from %d: %v, want %v", from, back, fwd)
		}
	}
	var got []uint64
	if err := s.EventsBack(8, func(e Event) error {
		got = append(got, e.Seq)
		return ErrStop
	}); err != nil || !slices.Equal(got, []uint64{8}) {
		t.Fatalf("stopped: %v, %v", got, err)
	}
}
