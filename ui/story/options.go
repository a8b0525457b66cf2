package story

import (
	"fmt"
	"image"
	"strings"
	"time"

	"tablekeeper/tracker"
)

// Options say what a story holds and how its times read.
type Options struct {
	// Sitting tells only that session of play (from 1); 0 tells them all.
	Sitting int
	// Part tells only that mission (or scenario, or Alone's Round), named
	// as Parts lists it; "" tells them all. Sitting and Part together tell
	// the part of that mission played in that session.
	Part string
	// Spoilers tells what the players did not see at the table: Alone's
	// hidden Evil plays before the game is over, the paragraphs The
	// Eternaut pointed to that nobody read. Left out unless asked for.
	Spoilers bool
	// Now is when the story is written (time.Now when nil); Location the
	// time zone its times are told in (the device's when nil). Tests fix
	// both.
	Now      func() time.Time
	Location *time.Location
	// OnApp runs a function on the app's goroutine and waits for it
	// (widgets.DoAndWait): the maps are drawn by the app's own widgets, which
	// live there, while the story is written on a goroutine of its own.
	// Nil runs it where the story is written (the command line, tests).
	OnApp func(func())
}

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

func (o Options) loc() *time.Location {
	if o.Location != nil {
		return o.Location
	}
	return time.Local
}

// Choices are what a campaign's story can be narrowed to: its sessions of
// play and its parts (missions, scenarios, Rounds), with the noun the game
// names its parts by.
type Choices struct {
	Sittings []Sitting
	Parts    []string
	// Noun names one part: "mission", "scenario", "Round".
	Noun string
	// Spoilers says what leaving spoilers out leaves out, in words ("" when
	// the game has nothing hidden).
	Spoilers string
}

// ChoicesOf lists what the story of s can be narrowed to, from one
// reading of its log.
func ChoicesOf(s *tracker.Session) (Choices, error) {
	t, err := tellerFor(s.Campaign().Game)
	if err != nil {
		return Choices{}, err
	}
	sits, parts, err := survey(s, t)
	if err != nil {
		return Choices{}, err
	}
	return Choices{Sittings: sits, Parts: parts, Noun: t.noun(), Spoilers: t.spoilers()}, nil
}

// check refuses options that name a session or a part the campaign does
// not have, saying which it has; a part named in other letter cases is
// taken as the campaign spells it.
func (o *Options) check(sits []Sitting, parts []string, t teller) error {
	if o.Sitting < 0 || o.Sitting > len(sits) {
		switch len(sits) {
		case 0:
			return fmt.Errorf("this campaign has no session of play yet")
		case 1:
			return fmt.Errorf("there is no session %d: this campaign has been played in 1 session", o.Sitting)
		}
		return fmt.Errorf("there is no session %d: this campaign has been played in %d sessions, numbered 1 to %d", o.Sitting, len(sits), len(sits))
	}
	if o.Part == "" {
		return nil
	}
	for _, p := range parts {
		if strings.EqualFold(strings.TrimSpace(o.Part), p) {
			o.Part = p // as the campaign spells it
			return nil
		}
	}
	if len(parts) == 0 {
		return fmt.Errorf("no %s has been played in this campaign yet", t.noun())
	}
	return fmt.Errorf("no %s is called %q; this campaign's are: %s", t.noun(), o.Part, strings.Join(parts, ", "))
}

// onApp runs f where the app's state may be read (OnApp).
func (o Options) onApp(f func()) {
	if o.OnApp == nil {
		f()
		return
	}
	o.OnApp(f)
}

// draw runs a picture's drawing where widgets may be drawn (OnApp).
func (o Options) draw(f func() image.Image) image.Image {
	if f == nil {
		return nil
	}
	if o.OnApp == nil {
		return f()
	}
	var img image.Image
	o.OnApp(func() { img = f() })
	return img
}
