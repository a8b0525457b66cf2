package share

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// fakeTable is a made-up table for the host's tests, over any game's rules:
// two seats, each a figure whose "Notes" stat counts the notes it wrote;
// its plus writes one (a core note, which every game's rules accept), its
// "Start the play clock" step is refused by the rules when the clock runs
// already, and the enemy's step (Resolve) resets it.
type fakeTable struct {
	board bool
	// pad adds this many bytes of lines to each view (a large table).
	pad int
}

var fakeSeats = []Seat{{ID: "ana", Name: "Ana", Kind: "Character"}, {ID: "ben", Name: "Ben", Kind: "Character"}}

func (fakeTable) Seats(*tracker.Session) []Seat { return fakeSeats }

func notesBy(s *tracker.Session, seat string) int {
	n := 0
	for _, note := range allNotes(s) {
		if strings.HasPrefix(note.Text, "+1 for "+seat) {
			n++
		}
	}
	return n
}

func (t fakeTable) View(s *tracker.Session, seat string) View {
	v := View{Heading: fmt.Sprintf("Practice table · %d events", s.LastSeq())}
	for n := 0; n < t.pad; n += 100 {
		v.Diary = append(v.Diary, fmt.Sprintf("%d: %s", s.LastSeq(), strings.Repeat("a made-up line ", 6)))
	}
	v.Tracks = []Track{{Label: "Notes", Value: len(allNotes(s)), Min: 0, Max: 100}}
	for _, st := range fakeSeats {
		f := Figure{Seat: st.ID, Name: st.Name, Stats: []Stat{{Label: "Notes", Value: notesBy(s, st.ID)}}}
		if st.ID == seat {
			f.Stats[0].Plus = &Action{Name: "plus", Figure: st.ID}
			f.Controls = []Control{{Label: "Start the play clock", Action: Action{Name: "clock"}, Hold: true}}
		}
		if seat == "" || st.ID == seat {
			v.Figures = append([]Figure{f}, v.Figures...)
		} else {
			v.Figures = append(v.Figures, f)
		}
	}
	v.Steps = []Control{{Label: "Reset the play clock (the enemy's step)", Action: Action{Name: "reset"}, Resolve: true}}
	return v
}

func (fakeTable) Command(s *tracker.Session, seat string, a Action) (Intent, error) {
	switch a.Name {
	case "plus":
		if a.Figure != seat {
			return Intent{}, errors.New("a phone changes only its own figure")
		}
		text := "+1 for " + seat
		if a.Arg != "" {
			text += " (" + a.Arg + ")"
		}
		return Intent{Command: tracker.AddNote{Text: text}}, nil
	case "clock":
		return Intent{Command: tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockStart}}, nil
	case "reset":
		return Intent{Command: tracker.ClockCommand{Clock: tracker.PlayClock, Action: tracker.ClockReset}, Resolve: true}, nil
	}
	return Intent{}, errors.New("that is not something a phone can do at this table")
}

func (t fakeTable) Board(s *tracker.Session, size image.Point, dark bool) (image.Image, error) {
	if !t.board {
		return nil, nil
	}
	img := image.NewRGBA(image.Rect(0, 0, size.X, size.Y))
	c := color.RGBA{200, 200, 180, 255}
	if dark {
		c = color.RGBA{30, 40, 50, 255}
	}
	for y := 0; y < size.Y; y++ {
		for x := 0; x < size.X; x++ {
			img.Set(x, y, c)
		}
	}
	return img, nil
}

// newSession is a campaign in memory with the core's rules only.
func newSession(t testing.TB) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	mem := tracker.NewMemStore()
	c, err := tracker.NewCampaign(tracker.Alone, "Practice night", 7, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := mem.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(mem, tracker.Basic(tracker.Alone), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s, mem
}

// allNotes are the campaign's notes in effect, newest first (read from its
// log: the state keeps none).
func allNotes(s *tracker.Session) []tracker.Note {
	n, _ := s.Notes(1<<30, 0)
	return n
}
