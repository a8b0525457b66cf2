package story

import (
	"fmt"
	"io"
	"strings"
	"time"

	"tablekeeper/tracker"
)

// HTML writes the campaign's story as one HTML file that needs nothing
// else: its pictures are in it (PNG as data: addresses), its style too; it
// reads on a phone offline, in a dark or a light theme, and prints on A4.
func HTML(w io.Writer, s *tracker.Session, o Options) error {
	pg := newHTMLPage(w)
	return tell(s, o, pg)
}

// Markdown writes the same story as Markdown text. It has no pictures: it
// says where one is (in the HTML story), and gives each plot's values as
// a table.
func Markdown(w io.Writer, s *tracker.Session, o Options) error {
	return tell(s, o, newMarkdownPage(w))
}

// tell reads the log once for the sessions, then replays the campaign's
// history as it now stands and has the game's teller tell it to the page.
func tell(s *tracker.Session, o Options, pg page) error {
	camp := s.Campaign()
	t, err := tellerWith(camp.Game, o)
	if err != nil {
		return err
	}
	sits, parts, err := survey(s, t)
	if err != nil {
		return fmt.Errorf("the campaign's log cannot be read: %w", err)
	}
	if err := o.check(sits, parts, t); err != nil {
		return err
	}
	// The campaign as it stands is the app's while the story is written
	// beside it: read it there.
	o.onApp(func() { t.begin(s.State()) })
	b := newBook(pg, o, sits, t.idle())
	if err := pg.head(camp.Name, headLines(camp, sits, t, o)); err != nil {
		return err
	}
	var last tracker.State = s.Rules().NewState(camp)
	err = s.Replay(func(e tracker.Event, _ *tracker.CoreState, st tracker.State) error {
		b.at(e.Seq)
		last = st
		switch e.Kind {
		case tracker.KindNote:
			var n struct {
				Text string `json:"text"`
			}
			if e.Decode(&n) == nil {
				b.say("Note: " + n.Text)
			}
		case tracker.KindClock:
		default:
			t.step(b, e, st)
		}
		return b.err
	})
	if err != nil {
		return fmt.Errorf("the campaign cannot be told: %w", err)
	}
	b.toLast()
	t.finish(b, last)
	if b.sit >= 0 {
		b.flushSitting()
	}
	if b.err == nil && b.closing("The campaign as it stands") {
		t.closing(b, last)
	}
	if b.err != nil {
		return b.err
	}
	return pg.end([]string{"Written by Tablekeeper on " + dateWords(o.now().In(o.loc())) + " at " + clockWords(o.now().In(o.loc())) + "."})
}

// headLines are the lines under the title: the game, when it began, how
// long it has been played, and what this story holds.
func headLines(c tracker.Campaign, sits []Sitting, t teller, o Options) []string {
	loc := o.loc()
	var played time.Duration
	for _, s := range sits {
		played += s.Played
	}
	lines := []string{c.Game.Title() + " · the story so far"}
	if c.Practice {
		lines = append(lines, "A practice game: its content is made up for Tablekeeper, not the printed cards.")
	}
	begun := "Begun on " + dateWords(c.Created.In(loc))
	if len(sits) > 0 {
		begun += " · played in " + plural(len(sits), "session", "sessions")
		if played > 0 {
			begun += ", " + playTime(played) + " of play in all"
		}
	}
	lines = append(lines, begun+".")
	var only []string
	if o.Sitting > 0 {
		only = append(only, fmt.Sprintf("session %d", o.Sitting))
	}
	if o.Part != "" {
		name := o.Part
		if !strings.HasPrefix(strings.ToLower(name), strings.ToLower(t.noun())) {
			name = t.noun() + " " + name
		}
		only = append(only, name)
	}
	if len(only) > 0 {
		lines = append(lines, "This story tells "+strings.Join(only, ", in ")+" only.")
	}
	if sp := t.spoilers(); sp != "" {
		if o.Spoilers {
			lines = append(lines, "With spoilers: "+sp+" are told.")
		} else {
			lines = append(lines, "Without spoilers: "+sp+" are left out.")
		}
	}
	return lines
}
