package tracker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// The export file format: one campaign, its seed and its whole log, as JSON.
const (
	ExportFormat  = "tablekeeper-campaign"
	ExportVersion = 1
	// MaxExportSize bounds an import file; a real campaign is far smaller.
	MaxExportSize = 256 << 20
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

// Encode writes the export as indented JSON.
func (x *Export) Encode() ([]byte, error) {
	return json.MarshalIndent(x, "", "  ")
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

// ParseExport reads and validates a whole export file: its form, every event,
// and a full replay through the game's rules. Nothing is written anywhere;
// the caller writes only what passed. The returned campaign's LastPlayed,
// Where and Events are filled from the replay.
func ParseExport(data []byte, reg Registry) (*Export, error) {
	if len(data) > MaxExportSize {
		return nil, bad("", "the file is %d MB, larger than any campaign (at most %d MB)", len(data)>>20, MaxExportSize>>20)
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, bad("", "it is not valid JSON (%s)", jsonWhere(data, err))
	}
	if head.Format != ExportFormat {
		return nil, bad("", "its format is %q, not %q", head.Format, ExportFormat)
	}
	if head.Version > ExportVersion {
		return nil, bad("", "it was made by a newer Tablekeeper (file version %d, this one reads up to %d); update the app", head.Version, ExportVersion)
	}
	if head.Version < 1 {
		return nil, bad("", "file version %d is not one Tablekeeper ever wrote", head.Version)
	}
	var x Export
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&x); err != nil {
		return nil, bad("", "%s", jsonWhere(data, err))
	}
	if dec.More() {
		return nil, bad("", "there is more after the campaign's closing brace")
	}
	c := &x.Campaign
	if _, err := uuid.Parse(c.ID); err != nil {
		return nil, bad("campaign.id", "%q is not a campaign ID", c.ID)
	}
	rules, err := reg.Rules(c.Game)
	if err != nil {
		return nil, bad("campaign.game", "%v", err)
	}
	if c.Name, err = CheckName(c.Name); err != nil {
		return nil, bad("campaign.name", "%v", err)
	}
	if c.Created.IsZero() {
		return nil, bad("campaign.created", "the campaign has no creation time")
	}
	if c.Seed == 0 {
		return nil, bad("campaign.seed", "the seed is missing")
	}
	ids := map[string]uint64{}
	for i := range x.Events {
		e := &x.Events[i]
		where := fmt.Sprintf("events[%d]", i)
		if e.Seq != uint64(i)+1 {
			return nil, bad(where, "its sequence number is %d where %d was expected: events are missing, doubled or out of order", e.Seq, i+1)
		}
		where = fmt.Sprintf("events[%d] (seq %d)", i, e.Seq)
		if _, err := uuid.Parse(e.ID); err != nil {
			return nil, bad(where, "%q is not an event ID", e.ID)
		}
		if prev, dup := ids[e.ID]; dup {
			return nil, bad(where, "its ID is the same as event %d's", prev)
		}
		ids[e.ID] = e.Seq
		if e.Time.IsZero() {
			return nil, bad(where, "it has no time")
		}
		if strings.TrimSpace(e.Kind) == "" {
			return nil, bad(where, "it has no kind")
		}
		for j, d := range e.Draws {
			if d.N <= 0 || d.Value < 0 || d.Value >= d.N {
				return nil, bad(where, "draws[%d]: value %d is not between 0 and %d", j, d.Value, d.N-1)
			}
		}
	}
	// Replay the whole log through the rules before anything is written.
	mem := NewMemStore()
	if err := mem.Create(*c); err != nil {
		return nil, bad("campaign", "%v", err)
	}
	for i, e := range x.Events {
		if err := mem.Append(c.ID, e); err != nil {
			return nil, bad(fmt.Sprintf("events[%d] (seq %d)", i, e.Seq), "%v", err)
		}
	}
	s, err := Open(mem, rules, c.ID)
	if err != nil {
		return nil, bad("events", "the log does not replay: %v", err)
	}
	*c = s.Campaign()
	return &x, nil
}

// jsonWhere turns a JSON error into words with a line and column.
func jsonWhere(data []byte, err error) string {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
		if te.Field != "" {
			return fmt.Sprintf("field %q should be %s, not a JSON %s (%s)", te.Field, te.Type, te.Value, lineCol(data, off))
		}
	}
	if off < 0 {
		return err.Error()
	}
	return fmt.Sprintf("%v (%s)", err, lineCol(data, off))
}

func lineCol(data []byte, off int64) string {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("line %d, column %d", line, col)
}
