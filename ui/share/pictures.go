package share

import (
	"fmt"
	"image"
	"sync"

	"tablekeeper/tracker"
)

// MaxPicture is the largest side, in pixels, of a board picture a Table
// draws: a 4K screen's width. A larger one is refused, not drawn, so no
// request can make the host draw without end.
const MaxPicture = 3840

// keptPictures is how many pictures of one moment of the campaign a
// Pictures keeps (a phone, a tablet and a TV, dark and light).
const keptPictures = 8

// Pictures keeps a Table's board pictures by the campaign's event they
// show, so a page asking again, or several pages at once, cost one
// drawing: a picture is drawn again only once the campaign has changed
// (a new event, an undo, a redo). Its zero value is ready; it is safe for
// concurrent use.
type Pictures struct {
	mu       sync.Mutex
	campaign string
	seq      uint64
	kept     map[pictureKey]image.Image
	// Drawn counts the pictures drawn (not taken from those kept), for
	// tests.
	Drawn int
}

type pictureKey struct {
	size image.Point
	dark bool
}

// Get is the picture of s as it stands at about size, dark or light,
// drawn by draw only when none is kept for this event. draw may answer
// nil (no map yet): that is kept too. A size of no pixels, or past
// MaxPicture, is refused.
func (p *Pictures) Get(s *tracker.Session, size image.Point, dark bool, draw func() image.Image) (image.Image, error) {
	if size.X <= 0 || size.Y <= 0 || size.X > MaxPicture || size.Y > MaxPicture {
		return nil, fmt.Errorf("a board picture is between 1 and %d pixels on each side", MaxPicture)
	}
	id, seq := s.Campaign().ID, s.LastSeq()
	key := pictureKey{size: size, dark: dark}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.campaign != id || p.seq != seq || p.kept == nil {
		p.campaign, p.seq, p.kept = id, seq, map[pictureKey]image.Image{}
	}
	if img, ok := p.kept[key]; ok {
		return img, nil
	}
	img := draw()
	if len(p.kept) >= keptPictures {
		for k := range p.kept {
			delete(p.kept, k)
			break
		}
	}
	p.kept[key] = img
	p.Drawn++
	return img, nil
}
