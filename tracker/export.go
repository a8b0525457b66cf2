package tracker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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

// ExportCampaign reads a campaign and its log from a store.
func ExportCampaign(store Store, id string, now time.Time) (*Export, error) {
	c, err := store.Campaign(id)
	if err != nil {
		return nil, err
	}
	x := &Export{Format: ExportFormat, Version: ExportVersion, Exported: now.UTC(), Campaign: c, Events: []Event{}}
	x.Campaign.LastPlayed, x.Campaign.Where, x.Campaign.Events = time.Time{}, "", 0
	err = store.Events(id, 1, func(e Event) error {
		x.Events = append(x.Events, e)
		return nil
	})
	return x, err
}

// Encode writes the export as JSON: the campaign indented, then each event
// compact on a line of its own, so an event takes in the file what it takes
// in the log (what an import's limit on one event, MaxEventSize, measures:
// indented, a deeply nested payload took many times its size) and a long
// log reads an action a line.
func (x *Export) Encode() ([]byte, error) {
	head := *x
	head.Events = nil
	top, err := json.MarshalIndent(&head, "", "  ")
	if err != nil {
		return nil, err
	}
	const null = `"events": null`
	i := bytes.LastIndex(top, []byte(null))
	if i < 0 {
		return nil, fmt.Errorf("export: no events field in %.40q", top)
	}
	var b bytes.Buffer
	b.Grow(len(top) + len(x.Events)*256)
	b.Write(top[:i])
	b.WriteString(`"events": [`)
	for k, e := range x.Events {
		line, err := json.Marshal(e)
		if err != nil {
			return nil, fmt.Errorf("export: event %d: %w", e.Seq, err)
		}
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteString(eventIndent)
		b.Write(line)
	}
	if len(x.Events) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteByte(']')
	b.Write(top[i+len(null):])
	return b.Bytes(), nil
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
