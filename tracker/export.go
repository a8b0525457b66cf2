package tracker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"time"
)

// The export file format: one campaign, its seed and its whole log, as JSON.
const (
	ExportFormat  = "tablekeeper-campaign"
	ExportVersion = 1
)

// An Export is a whole campaign as a file.
type Export struct {
	Format   string    `json:"format"`
	Version  int       `json:"version"`
	Exported time.Time `json:"exported"`
	Campaign Campaign  `json:"campaign"`
	Events   []Event   `json:"events"`
}

// ExportCampaign reads a campaign and its log from a store, whole. An
// export to a file streams instead (WriteExport): the log is never held.
func ExportCampaign(store Store, id string, now time.Time) (*Export, error) {
	c, err := store.Campaign(id)
	if err != nil {
		return nil, err
	}
	x := &Export{Format: ExportFormat, Version: ExportVersion, Exported: now.UTC(), Campaign: exportedCampaign(c), Events: []Event{}}
	err = store.Events(id, 1, func(e Event) error {
		x.Events = append(x.Events, e)
		return nil
	})
	return x, err
}

// exportedCampaign is a campaign's record as an export file holds it: what
// the log says (last played, where, how many events) is left to the log.
func exportedCampaign(c Campaign) Campaign {
	c.LastPlayed, c.Where, c.Events = time.Time{}, "", 0
	return c
}

// WriteExport writes a campaign's export file to w, reading its log from
// the store one event at a time, so memory does not grow with the log (an
// export of 2,000,000 events held them all: 2 GB). It writes what Encode
// writes, and returns the campaign and how many events it wrote.
func WriteExport(w io.Writer, store Store, id string, now time.Time) (Campaign, int, error) {
	c, err := store.Campaign(id)
	if err != nil {
		return c, 0, err
	}
	x := &Export{Format: ExportFormat, Version: ExportVersion, Exported: now.UTC(), Campaign: exportedCampaign(c)}
	bw := bufio.NewWriterSize(w, 64<<10)
	n := 0
	err = x.encode(bw, func(fn func(Event) error) error {
		return store.Events(id, 1, func(e Event) error {
			n++
			return fn(e)
		})
	})
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return c, n, err
}

// Encode writes the export as JSON: the campaign indented, then each event
// compact on a line of its own, so an event takes in the file what it takes
// in the log (what an import's limit on one event, MaxEventSize, measures:
// indented, a deeply nested payload took many times its size) and a long
// log reads an action a line.
func (x *Export) Encode() ([]byte, error) {
	var b bytes.Buffer
	b.Grow(1024 + len(x.Events)*256)
	err := x.encode(&b, func(fn func(Event) error) error {
		for _, e := range x.Events {
			if err := fn(e); err != nil {
				return err
			}
		}
		return nil
	})
	return b.Bytes(), err
}

// encode writes the head of the export (x without its events), then each
// event events gives, then the end.
func (x *Export) encode(w io.Writer, events func(func(Event) error) error) error {
	head := *x
	head.Events = nil
	top, err := json.MarshalIndent(&head, "", "  ")
	if err != nil {
		return err
	}
	const null = `"events": null`
	i := bytes.LastIndex(top, []byte(null))
	if i < 0 {
		return fmt.Errorf("export: no events field in %.40q", top)
	}
	var werr error
	write := func(b []byte) {
		if werr == nil {
			_, werr = w.Write(b)
		}
	}
	write(top[:i])
	write([]byte(`"events": [`))
	k := 0
	err = events(func(e Event) error {
		line, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("export: event %d: %w", e.Seq, err)
		}
		if k > 0 {
			write([]byte{','})
		}
		k++
		write([]byte(eventIndent))
		write(line)
		return werr
	})
	if err != nil {
		return err
	}
	if k > 0 {
		write([]byte("\n  "))
	}
	write([]byte{']'})
	write(top[i+len(null):])
	return werr
}

// eventIndent is what Encode writes before each event.
const eventIndent = "\n    "

// exportedSize is how many bytes an event takes in an export file as
// Encode writes it, with the comma and line break before it: what an
// import measures against MaxEventSize.
func exportedSize(e Event) int {
	b, err := json.Marshal(e)
	if err != nil {
		return math.MaxInt
	}
	return len(",") + len(eventIndent) + len(b)
}

// An ImportError says what is wrong with an import file and where.
type ImportError struct {
	Where string // e.g. "events[12] (seq 13)"; empty for the file as a whole
	What  string
}

func (e *ImportError) Error() string {
	if e.Where == "" {
		return "this is not a campaign file Tablekeeper can import: " + e.What
	}
	return "this campaign file cannot be imported: " + e.Where + ": " + e.What
}

func bad(where, format string, args ...any) error {
	return &ImportError{Where: where, What: fmt.Sprintf(format, args...)}
}

// badField is the ImportError of what is wrong with one field (a
// FieldError, see JSONWords): the field is where.
func badField(err error) error {
	var fe *FieldError
	if errors.As(err, &fe) {
		return &ImportError{Where: fe.Field, What: fe.What}
	}
	return bad("", "%v", err)
}

// ParseExport reads and validates a whole export file held in memory (see
// CheckExport) and returns it with every event. Nothing is written
// anywhere; the caller writes only what passed. The returned campaign's ID
// is in its one form, and its LastPlayed, Where and Events are filled from
// the replay. An import into a file reads it in place instead
// (CheckExport), so it never holds the whole log.
func ParseExport(data []byte, reg Registry) (*Export, error) {
	chk, err := CheckExport(bytes.NewReader(data), int64(len(data)), reg, time.Now())
	if err != nil {
		return nil, err
	}
	x := &Export{Format: ExportFormat, Version: ExportVersion, Exported: chk.Exported, Campaign: chk.Campaign, Events: make([]Event, 0, chk.Len())}
	err = chk.Events(func(e Event) error {
		x.Events = append(x.Events, e)
		return nil
	})
	return x, err
}
