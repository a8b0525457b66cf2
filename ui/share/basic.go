package share

import (
	"errors"
	"image"

	"tablekeeper/tracker"
)

// Basic is the Table of a game without its own: the heading says where the
// campaign stands (Session.Where), there are no seats or figures, and a
// phone may watch, write notes and undo its own last action (the host's
// own actions), as at every table.
func Basic(g tracker.GameID) Table { return basicTable{g} }

type basicTable struct{ g tracker.GameID }

func (basicTable) Seats(*tracker.Session) []Seat { return nil }

func (b basicTable) View(s *tracker.Session, _ string) View {
	h := s.Where()
	if h == "" {
		h = b.g.Title()
	}
	return View{Heading: h}
}

func (b basicTable) Command(*tracker.Session, string, Action) (Intent, error) {
	return Intent{}, errors.New("at this table a phone can write notes and undo its own last action; the rest is played on the host's screen")
}

func (basicTable) Board(*tracker.Session, image.Point, bool) (image.Image, error) { return nil, nil }
