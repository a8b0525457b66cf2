package story

import (
	"fmt"

	"tablekeeper/tracker"
)

// A teller knows one game: what in its events is worth telling, in the
// game's own words. It is told every action in effect, oldest first, with
// the state just after it, and keeps only what the part it tells needs
// (the figures' last values, the plot so far), never the log.
type teller interface {
	// noun names one part of the story: "mission", "scenario", "Round".
	noun() string
	// idle is the heading of the time between two parts.
	idle() string
	// spoilers says what the story leaves out without spoilers ("" when
	// the game hides nothing).
	spoilers() string
	// partOf is the part an event's place in the campaign names
	// ("Berkav-1 · Round 3": "Berkav-1"), "" between parts.
	partOf(where string) string
	// begin is told the campaign as it stands before the story is told
	// (whether a game is over decides what is revealed).
	begin(final tracker.State)
	// step tells one action.
	step(b *book, e tracker.Event, st tracker.State)
	// finish tells what is still open at the end (a mission in play).
	finish(b *book, st tracker.State)
	// closing writes the closing pages: the campaign as it stands.
	closing(b *book, st tracker.State)
	// plots are the plots of the part told last (or being played), for
	// the Campaign tab.
	plots() []*Plot
}

// tellers makes each game's teller.
var tellers = map[tracker.GameID]func(o Options) teller{}

func tellerFor(g tracker.GameID) (teller, error) {
	return tellerWith(g, Options{})
}

func tellerWith(g tracker.GameID, o Options) (teller, error) {
	mk, ok := tellers[g]
	if !ok {
		return nil, fmt.Errorf("%s has no story in this version", g.Title())
	}
	return mk(o), nil
}
