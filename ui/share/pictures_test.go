package share

import (
	"image"
	"testing"
	"time"

	"tablekeeper/tracker"
)

func TestPicturesAreDrawnOnceAnEvent(t *testing.T) {
	store := tracker.NewMemStore()
	c, _ := tracker.NewCampaign(tracker.Eternaut, "Pictures", 1, time.Now())
	if err := store.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(store, tracker.Basic(tracker.Eternaut), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	var p Pictures
	draws := 0
	draw := func() image.Image { draws++; return image.NewNRGBA(image.Rect(0, 0, 2, 2)) }
	for range 3 {
		if _, err := p.Get(s, image.Pt(640, 400), true, draw); err != nil {
			t.Fatal(err)
		}
	}
	_, _ = p.Get(s, image.Pt(640, 400), false, draw)
	if draws != 2 {
		t.Fatalf("%d drawings for one moment, dark and light", draws)
	}
	if _, err := s.Do(tracker.AddNote{Text: "a change"}); err != nil {
		t.Fatal(err)
	}
	_, _ = p.Get(s, image.Pt(640, 400), true, draw)
	if draws != 3 || p.Drawn != 3 {
		t.Fatalf("after a change: %d drawings", draws)
	}
	for _, bad := range []image.Point{{0, 10}, {10, -1}, {MaxPicture + 1, 10}, {10, 1 << 30}} {
		if _, err := p.Get(s, bad, true, draw); err == nil {
			t.Errorf("a picture of %v was drawn", bad)
		}
	}
	for i := range 3 * keptPictures {
		_, _ = p.Get(s, image.Pt(100+i, 100), true, draw)
	}
	if len(p.kept) > keptPictures {
		t.Errorf("%d pictures kept", len(p.kept))
	}
}
