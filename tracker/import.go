package tracker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Limits of an import file. No real campaign comes near them; they bound
// the time and memory a hostile or damaged file can cost.
const (
	// MaxExportSize bounds an import file (a campaign of 100,000 actions
	// exports to about 40 MB). Larger files are refused before reading.
	MaxExportSize = 256 << 20
	// MaxEventSize bounds one event as written in the file. The live
	// command refuses an action over it (Session.Do), so every campaign
	// the app records imports back.
	MaxEventSize = 1 << 20
	maxKindLen   = 100
	maxWhereLen  = 1000
	maxDrawN     = 1 << 31
	// maxEventCount bounds the events of one file: their offsets are kept.
	maxEventCount = MaxExportSize / 64
)

// Times before this are no time a Tablekeeper campaign was played, and
// times more than maxFuture past the importing device's clock are a damaged
// or made-up file (year 9999), not a device whose clock runs a little fast.
var (
	earliestTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	maxFuture    = 366 * 24 * time.Hour
)

func checkTime(t, now time.Time) error {
	switch {
	case t.IsZero():
		return errors.New("it has no time")
	case t.Before(earliestTime):
		return fmt.Errorf("its time %s is before any campaign was kept with Tablekeeper", t.UTC().Format(time.RFC3339))
	case t.After(now.Add(maxFuture)):
		return fmt.Errorf("its time %s is more than a year ahead of this device's clock", t.UTC().Format(time.RFC3339))
	}
	return nil
}

// CanonicalID reads a campaign or event ID in any of the spellings of one
// UUID (upper or lower case, in braces, as urn:uuid:, without dashes) and
// returns the one form Tablekeeper stores, so one campaign is never taken
// for two. The all-zero and all-one IDs are no ID.
func CanonicalID(s string) (string, error) {
	// uuid.Parse takes any two characters around the 36 for braces:
	// "(…)" or "x…y" is no spelling of an ID.
	if strings.TrimSpace(s) == "" {
		return "", errors.New("there is no ID")
	}
	if len(s) == 36+2 && (s[0] != '{' || s[37] != '}') {
		return "", fmt.Errorf("%q is not an ID", s)
	}
	u, err := uuid.Parse(s)
	if err != nil {
		return "", fmt.Errorf("%q is not an ID", s)
	}
	if u == uuid.Nil || u == uuid.Max {
		return "", fmt.Errorf("%q is not an ID: all its digits are the same", s)
	}
	return u.String(), nil
}

// A CommandReader is Rules that can give back the command an event of its
// game recorded. An import then checks each such event by deciding its
// command again, against the state the log has reached, with exactly the
// checks the live command had; games without it are checked by replaying
// (Apply) alone.
type CommandReader interface {
	CommandOf(e Event) (Command, error)
}

// A CheckedExport is an export file that passed every check: its form,
// every event with the live command's checks, and a full replay. It reads
// the file again to write the events, so nothing of the log is held.
type CheckedExport struct {
	// Campaign is the campaign as the replay leaves it: ID in its one
	// form, and LastPlayed, Where and Events filled from the log.
	Campaign Campaign
	Exported time.Time
	// Snapshot is the state after the whole log, for the store to keep so
	// the first opening replays nothing.
	Snapshot Snapshot
	file     *exportFile
	n        int
}

// Len is the number of events.
func (x *CheckedExport) Len() int { return x.n }

// Events calls fn with each event in order, as checked (IDs in their one
// form). It reads the file again, and fails if it changed meanwhile.
func (x *CheckedExport) Events(fn func(Event) error) error {
	return x.file.events(false, func(i int, e Event) error {
		if i >= x.n {
			return &ImportError{What: "the file changed while it was being imported; nothing was imported"}
		}
		e.ID, _ = CanonicalID(e.ID)
		return fn(e)
	})
}

// CheckExport reads an export file of size bytes from r and checks it whole
// (see CheckedExport), holding in memory the state and a few bytes per
// event, never the file. now is the importing device's clock.
func CheckExport(r io.ReaderAt, size int64, reg Registry, now time.Time) (*CheckedExport, error) {
	if size > MaxExportSize {
		return nil, bad("", "the file is %d MB, larger than any campaign (at most %d MB)", (size+1<<20-1)>>20, MaxExportSize>>20)
	}
	f, err := scanExport(r, size)
	if err != nil {
		var se *syntaxError
		if errors.As(err, &se) {
			return nil, bad("", "it is damaged, or not a campaign file: at %s, %s", (&exportFile{r: r, size: size}).lineCol(se.off), se.msg)
		}
		return nil, bad("", "it cannot be read: %v", err)
	}
	var head struct {
		Format   string
		Version  int
		Exported time.Time
	}
	if ok, err := f.field("format", &head.Format, false); err != nil {
		return nil, badField(err)
	} else if !ok || head.Format == "" {
		return nil, bad("format", "the file does not say it is a campaign file (a campaign file says “%s” here)", ExportFormat)
	}
	if head.Format != ExportFormat {
		return nil, bad("format", "the file says it is “%s”, not a campaign file (“%s”)", short(head.Format), ExportFormat)
	}
	if ok, err := f.field("version", &head.Version, false); err != nil {
		return nil, badField(err)
	} else if !ok {
		return nil, bad("version", "the file does not say which version of the campaign format it is")
	}
	if head.Version > ExportVersion {
		return nil, bad("", "it was made by a newer Tablekeeper (version %d of the campaign format; this one reads up to version %d): update the app", head.Version, ExportVersion)
	}
	if head.Version < 1 {
		return nil, bad("version", "this file says it is version %d of the campaign format, which no Tablekeeper writes", head.Version)
	}
	if f.unknown != "" {
		return nil, bad(short(f.unknown), "no field of that name belongs in a campaign file (is it misspelt?)")
	}
	if _, err := f.field("exported", &head.Exported, false); err != nil {
		return nil, badField(err)
	}
	if !head.Exported.IsZero() {
		if err := checkTime(head.Exported, now); err != nil {
			return nil, bad("exported", "%v", err)
		}
	}
	var c Campaign
	if ok, err := f.field("campaign", &c, true); err != nil {
		return nil, badField(err)
	} else if !ok {
		return nil, bad("campaign", "the file has no campaign")
	}
	if c.ID, err = CanonicalID(c.ID); err != nil {
		return nil, bad("campaign.id", "%v", err)
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
	if err := checkTime(c.Created, now); err != nil {
		return nil, bad("campaign.created", "%v", err)
	}
	if c.Seed == 0 {
		return nil, bad("campaign.seed", "the seed is missing")
	}
	c.LastPlayed, c.Where, c.Events = time.Time{}, "", 0

	// Check and replay every event, reading the file as the store.
	src := &importStore{file: f, camp: c, now: now}
	s, err := open(src, rules, c.ID, checkImported)
	if err != nil {
		var ie *ImportError
		if errors.As(err, &ie) {
			return nil, err
		}
		return nil, bad(src.where(), "%v", err)
	}
	if err := src.checkIDs(); err != nil {
		return nil, err
	}
	c.Events = s.last
	if src.lastSeen != nil {
		c.LastPlayed, c.Where = src.lastSeen.Time, src.lastSeen.Where
	}
	return &CheckedExport{Campaign: c, Exported: head.Exported, Snapshot: s.snapshot(), file: f, n: int(s.last)}, nil
}

// importStore is the Store a checked import replays from: the file itself.
type importStore struct {
	file     *exportFile
	camp     Campaign
	now      time.Time
	n        int    // events read so far
	lastSeen *Event // the newest event read
	// ids holds the first 8 bytes of each event's ID and its index, to
	// find two events with one ID after the pass (8+4 bytes an event).
	ids []idPrefix
}

type idPrefix struct {
	hi  uint64
	idx uint32
}

func (m *importStore) where() string {
	if m.n == 0 {
		return "events"
	}
	return fmt.Sprintf("events[%d] (seq %d)", m.n-1, m.n)
}

func (m *importStore) Campaign(id string) (Campaign, error) { return m.camp, nil }

func (m *importStore) Append(string, Event) error {
	return errors.New("an import is checked before anything is written")
}

func (m *importStore) PutSnapshot(string, Snapshot) error         { return nil }
func (m *importStore) LatestSnapshot(string) (*Snapshot, error)   { return nil, nil }
func (m *importStore) Event(id string, seq uint64) (Event, error) { return m.eventAt(seq) }

func (m *importStore) eventAt(seq uint64) (Event, error) {
	if seq == 0 || seq > uint64(m.n) {
		return Event{}, fmt.Errorf("the log has no event %d yet", seq)
	}
	e, err := m.file.event(int(seq - 1))
	if err != nil {
		return Event{}, err
	}
	e.ID, _ = CanonicalID(e.ID)
	return e, nil
}

// Events is the first pass over the file from the start (each event checked
// for its form, then handed to the replay), or a later read of events
// already checked (a rebuild after a deep undo).
func (m *importStore) Events(id string, from uint64, fn func(Event) error) error {
	if from > 1 || m.n > 0 {
		for seq := max(from, 1); seq <= uint64(m.n); seq++ {
			e, err := m.eventAt(seq)
			if err != nil {
				return err
			}
			if err := fn(e); err != nil {
				return err
			}
		}
		return nil
	}
	return m.file.events(true, func(i int, e Event) error {
		m.n = i + 1
		where := fmt.Sprintf("events[%d]", i)
		if i >= maxEventCount {
			return bad(where, "the file holds more events than any campaign")
		}
		if e.Seq != uint64(i)+1 {
			return bad(where, "its sequence number is %d where %d was expected: events are missing, doubled or out of order", e.Seq, i+1)
		}
		where = m.where()
		if err := checkEventForm(&e, m.now); err != nil {
			return bad(where, "%v", err)
		}
		u, _ := uuid.Parse(e.ID)
		m.ids = append(m.ids, idPrefix{hi: beUint64(u[:8]), idx: uint32(i)})
		m.lastSeen = &e
		if err := fn(e); err != nil {
			var ie *ImportError
			var re *refusedEvent
			switch {
			case errors.As(err, &ie):
				return err
			case errors.As(err, &re):
				return bad(where, "%v", re.err)
			}
			return bad(where, "it does not replay: %v", payloadWords(err))
		}
		return nil
	})
}

// refusedEvent is an event an import's checks refused, as opposed to one
// the replay could not fold.
type refusedEvent struct{ err error }

func (r *refusedEvent) Error() string { return r.err.Error() }
func (r *refusedEvent) Unwrap() error { return r.err }

func beUint64(b []byte) uint64 {
	var v uint64
	for _, c := range b {
		v = v<<8 | uint64(c)
	}
	return v
}

// checkIDs refuses two events with one ID: it sorts the ID prefixes and
// reads back the events whose prefixes match.
func (m *importStore) checkIDs() error {
	slices.SortFunc(m.ids, func(a, b idPrefix) int {
		if a.hi != b.hi {
			if a.hi < b.hi {
				return -1
			}
			return 1
		}
		return int(a.idx) - int(b.idx)
	})
	for k := 1; k < len(m.ids); k++ {
		a, b := m.ids[k-1], m.ids[k]
		if a.hi != b.hi {
			continue
		}
		ea, err1 := m.eventAt(uint64(a.idx) + 1)
		eb, err2 := m.eventAt(uint64(b.idx) + 1)
		if err1 == nil && err2 == nil && ea.ID == eb.ID {
			return bad(fmt.Sprintf("events[%d] (seq %d)", b.idx, b.idx+1), "its ID is the same as event %d's", a.idx+1)
		}
	}
	m.ids = nil
	return nil
}

// checkEventForm checks what an event must be whatever its place in the
// log, and puts its ID in its one form.
func checkEventForm(e *Event, now time.Time) error {
	id, err := CanonicalID(e.ID)
	if err != nil {
		return fmt.Errorf("id: %v", err)
	}
	e.ID = id
	if err := checkTime(e.Time, now); err != nil {
		return err
	}
	if strings.TrimSpace(e.Kind) == "" {
		return errors.New("it has no kind")
	}
	if len(e.Kind) > maxKindLen || strings.IndexFunc(e.Kind, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_')
	}) >= 0 {
		return fmt.Errorf("kind %.100q is not a kind of event", e.Kind)
	}
	if len(e.Where) > maxWhereLen {
		return fmt.Errorf("where: %d characters, more than any place in a campaign", len(e.Where))
	}
	if err := checkLine(e.Where); err != nil {
		return fmt.Errorf("where: %v", err)
	}
	// An origin is history: which device asked, and its number. An
	// import keeps it (the Log can say which phone did what) but gives it
	// no trust: the answers a host kept for its devices are not in a file,
	// so no imported origin ever answers a device's retry.
	if e.Origin != nil {
		if err := e.Origin.Check(); err != nil {
			return fmt.Errorf("origin: %v", err)
		}
	}
	for j, d := range e.Draws {
		switch {
		case d.N <= 0:
			return fmt.Errorf("draws[%d]: one of %d is no draw", j, d.N)
		case d.N > maxDrawN:
			return fmt.Errorf("draws[%d]: one of %s, more than any die or deck holds", j, countWords(uint64(d.N)))
		case d.Value < 0 || d.Value >= d.N:
			return fmt.Errorf("draws[%d]: value %d is not between 0 and %d", j, d.Value, d.N-1)
		}
	}
	return nil
}

// checkImported checks an event of an import against the state the log has
// reached, as the live command was checked, before the replay folds it.
func checkImported(s *Session, e Event) error {
	switch e.Kind {
	case KindUndo, KindRedo:
		if len(e.Draws) > 0 {
			return errors.New("an undo or redo draws nothing")
		}
		var p undoPayload
		if err := strictDecode(e.Payload, &p); err != nil {
			return err
		}
		if e.Kind == KindRedo && len(p.Targets) != 1 {
			return errors.New("a redo puts back one action")
		}
		return checkUndoLines(s, e.Kind, p)
	}
	if isCore(e.Kind) {
		return checkCoreEvent(s, e)
	}
	if err := checkDraws(s, e); err != nil {
		return err
	}
	cr, ok := s.rules.(CommandReader)
	if !ok {
		return nil
	}
	cmd, err := cr.CommandOf(e)
	if err != nil {
		return fmt.Errorf("the action it records cannot be read: %w", payloadWords(err))
	}
	dice := NewDice(s.camp.Seed, s.core.DrawNext)
	change, err := s.rules.Decide(s.game, cmd, dice)
	if err != nil {
		return fmt.Errorf("the app refuses this action: %w", err)
	}
	if change.Kind != e.Kind {
		return fmt.Errorf("the action it records is a %s, not a %s", change.Kind, e.Kind)
	}
	return sameDraws(e.Draws, dice.Drawn())
}

// checkUndoLines rebuilds what an undo or redo says from the actions it
// names, and refuses a line that disagrees: the Log shows the line, so a
// file could otherwise make it say anything ("Note: the campaign was
// won", a right-to-left override, a line break, 100,000 characters).
// The app writes the line of each action an undo takes back (a version
// before 48b5ed9 wrote one for every action of a jump back; this one only
// for one action), and the line of the action a redo puts back.
func checkUndoLines(s *Session, kind string, p undoPayload) error {
	if len(p.What) == 0 {
		return nil
	}
	if len(p.What) != len(p.Targets) {
		return fmt.Errorf("payload: %s for %s: the app writes one line for each action, or none", count(len(p.What), "line"), count(len(p.Targets), "action"))
	}
	verb := map[string]string{KindUndo: "undoes", KindRedo: "redoes"}[kind]
	for i, seq := range p.Targets {
		t, err := s.event(seq)
		if err != nil || seq >= s.last+1 {
			return fmt.Errorf("payload: it %s action %d, which is not in the log before it", verb, seq)
		}
		if want := s.describe(t); p.What[i] != want {
			return fmt.Errorf("payload: what[%d] reads %s, but the action it %s (event %d) reads %s: the line must be that action's", i, quoteLine(p.What[i]), verb, seq, quoteLine(want))
		}
	}
	return nil
}

// count says a number with its noun, agreeing: "1 line", "3 lines".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// quoteLine quotes a line for a refusal: its invisible and control
// characters escaped, and at most 80 characters of it.
func quoteLine(s string) string {
	if r := []rune(s); len(r) > 80 {
		return strconv.Quote(string(r[:80])) + fmt.Sprintf(" (and %d characters more)", len(r)-80)
	}
	return strconv.Quote(s)
}

// sameDraws: the live command records the draws its decision made (Session.Do),
// so an event must hold exactly those: a draw dropped, added or of other
// faces is none the app made, even where the seed gives its value (it
// moves the campaign's next draw, or hides one). checkDraws has checked
// their order and values already.
func sameDraws(got, want []Draw) error {
	if len(got) != len(want) {
		return fmt.Errorf("draws: the action draws %d, the file records %d", len(want), len(got))
	}
	for j := range got {
		if got[j].N != want[j].N {
			return fmt.Errorf("draws[%d]: one of %d, where the action draws one of %d", j, got[j].N, want[j].N)
		}
	}
	return nil
}

// checkDraws: an action's draws are the campaign's next ones in order, with
// the outcomes its seed gives (design: chance is seeded and recorded).
func checkDraws(s *Session, e Event) error {
	for j, d := range e.Draws {
		if want := s.core.DrawNext + uint64(j); d.Index != want {
			return fmt.Errorf("draws[%d]: index %s, where the campaign's next draw is %d", j, countWords(d.Index), want)
		}
		hi, _ := bits.Mul64(DrawValue(s.camp.Seed, d.Index), uint64(d.N))
		if int(hi) != d.Value {
			return fmt.Errorf("draws[%d]: value %d is not what the campaign's seed gives for draw %d", j, d.Value, d.Index)
		}
	}
	return nil
}

// checkCoreEvent runs a core event's command (a note, a clock, a gap in
// the clocks, a set-up's end) through the live command's own checks
// (decideCore) and requires the same payload. None draws anything live,
// so a draw on one is none the app made, even where the seed would give
// it: it would move the campaign's next draw.
func checkCoreEvent(s *Session, e Event) error {
	var cmd Command
	var got any
	switch e.Kind {
	case KindNote:
		if len(e.Draws) > 0 {
			return errors.New("draws: a note draws nothing")
		}
		var p notePayload
		if err := strictDecode(e.Payload, &p); err != nil {
			return err
		}
		cmd, got = AddNote{Text: p.Text}, p
	case KindClock:
		if len(e.Draws) > 0 {
			return errors.New("draws: a clock draws nothing")
		}
		var p clockPayload
		if err := strictDecode(e.Payload, &p); err != nil {
			return err
		}
		cmd, got = ClockCommand{Clock: p.Clock, Action: p.Action, Limit: p.Limit}, p
		if p.Clock == PlayClock && !p.Fixed && !s.core.PlayFixed {
			// A play clock action of a log from before it was beyond
			// undo: the live command made it so then.
			got = clockPayload{Clock: p.Clock, Action: p.Action, Limit: p.Limit, Fixed: true}
		}
	case KindStopped:
		if len(e.Draws) > 0 {
			return errors.New("draws: a gap in the clocks draws nothing")
		}
		var p stoppedPayload
		if err := strictDecode(e.Payload, &p); err != nil {
			return fmt.Errorf("payload: %v", err)
		}
		if err := checkTime(p.Last, e.Time); err != nil {
			return fmt.Errorf("payload: last: %v", err)
		}
		cmd, got = AppStopped{Last: p.Last, Frozen: p.Frozen}, p
	case KindSetUp:
		if len(e.Draws) > 0 {
			return errors.New("draws: a set-up's end draws nothing")
		}
		var p setUpPayload
		if err := strictDecode(e.Payload, &p); err != nil {
			return fmt.Errorf("payload: %v", err)
		}
		cmd, got = SetUp{}, p
	default:
		return fmt.Errorf("event kind %q is not known to this version of Tablekeeper", e.Kind)
	}
	change, _, err := decideCore(&s.core, cmd, coreAt{now: e.Time, depth: s.active.Len()})
	if err != nil {
		return fmt.Errorf("the app refuses this action: %w", err)
	}
	if !reflect.DeepEqual(change.Payload, got) {
		return errors.New("payload: it is not what the app records for this action")
	}
	return nil
}

// strictDecode decodes an event's payload, refusing fields it does not
// have, and says what is wrong in words, naming the field under "payload".
func strictDecode(data json.RawMessage, v any) error {
	if len(data) == 0 {
		return &FieldError{Field: "payload", What: "it is missing"}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		field, what := JSONWordsIn("payload", data, reflect.TypeOf(v), err)
		return &FieldError{Field: field, What: what}
	}
	if dec.More() {
		return &FieldError{Field: "payload", What: "there is more after its end"}
	}
	return nil
}

// payloadWords is err in words (JSONWords) when it is encoding/json's,
// from reading an event's payload; any other error is left as it is.
func payloadWords(err error) error {
	if isJSONError(err) {
		return JSONError("payload", err)
	}
	return err
}
