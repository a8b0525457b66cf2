package reich

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"tablekeeper/automa"
	"tablekeeper/tracker"
)

// Game is this package's game ID.
const Game = tracker.Reichbusters

// kindPrefix starts every event kind of this game.
const kindPrefix = "reichbusters."

// Rules is the Reichbusters: Projekt Vril rules for the tracker core.
var Rules tracker.Rules = rules{}

type rules struct{}

// command is implemented by every command type of this package: it checks
// the command against the rules and works it out into ops on t.
type command interface {
	decide(t *tx, d *tracker.Dice) (kind string, err error)
}

func (rules) Game() tracker.GameID { return Game }

// NewState is a campaign before its first event: the default settings,
// no content, no mission.
func (rules) NewState(tracker.Campaign) tracker.State {
	return &State{Settings: DefaultSettings()}
}

func (rules) DecodeState(data []byte) (tracker.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

func (rules) Decide(st tracker.State, cmd tracker.Command, d *tracker.Dice) (tracker.Change, error) {
	s, ok := st.(*State)
	if !ok {
		return tracker.Change{}, fmt.Errorf("internal error: state of type %T is not a Reichbusters state", st)
	}
	c, ok := cmd.(command)
	if !ok {
		return tracker.Change{}, tracker.ErrNotThisGame
	}
	t := newTx(s)
	kind, err := c.decide(t, d)
	if err != nil {
		return tracker.Change{}, err
	}
	if t.err != nil {
		return tracker.Change{}, fmt.Errorf("internal error, nothing was recorded: %w", t.err)
	}
	if t.enemy != nil && t.shown >= 0 {
		t.enemy.Step = t.shown + 1
	}
	p := Payload{Reason: t.reason, Trace: t.trace, Enemy: t.enemy, Ops: t.ops, Rules: rulesRev}
	if len(t.lines) > 0 {
		// The diary's lines name units, heroes and cards as the players
		// entered them (the trace keeps the rules' codes for resolve).
		n := t.s.Namer()
		p.Summary = n.Line(t.lines[0])
		for _, l := range t.lines[1:] {
			p.Lines = append(p.Lines, n.Line(l))
		}
	}
	return tracker.Change{Kind: kindPrefix + kind, Payload: p}, nil
}

func (rules) Apply(st tracker.State, e tracker.Event) (tracker.State, error) {
	s, ok := st.(*State)
	if !ok {
		return st, fmt.Errorf("internal error: state of type %T is not a Reichbusters state", st)
	}
	if !strings.HasPrefix(e.Kind, kindPrefix) {
		return s, fmt.Errorf("event kind %q is not a Reichbusters event", e.Kind)
	}
	var p Payload
	if err := e.Decode(&p); err != nil {
		return s, fmt.Errorf("event %s: %w", e.Kind, err)
	}
	for i, op := range p.Ops {
		if err := applyOp(s, op); err != nil {
			return s, fmt.Errorf("event %s, change %d: %w", e.Kind, i+1, err)
		}
	}
	return s, nil
}

// Describe is the diary line: the summary written when the event was
// decided, with the reason of an override or correction, in the players'
// words (the spec sections the lines cite stay in the event).
func (rules) Describe(e tracker.Event) string {
	var p Payload
	if err := e.Decode(&p); err != nil || p.Summary == "" {
		return "A change to the campaign"
	}
	line := p.Summary
	if len(p.Lines) > 0 {
		line += ": " + strings.Join(p.Lines, "; ")
	}
	if p.Reason != "" {
		line += " (reason: " + p.Reason + ")"
	}
	return PlayersLine(line)
}

// specRef is a citation of the spec in a diary line: "(§5.2)", "(V-06)",
// "(reichbusters §7.4.3, V-23)", "§5.6 step 6".
var specRef = regexp.MustCompile(`\s*\((?:reichbusters )?(?:§|V-)[^()]*\)|\s*§[\d.]+(?: step \d+)?|\s*\(V-\d+[^()]*\)`)

// plural dodges ("unit(s)") in a line, to be written out.
var dodged = regexp.MustCompile(`(\d+) (\w+)\(s\)`)

// roomRoom is "room" before a room's own name that says it already
// ("room Room 2", "Room Corridor:").
var roomRoom = regexp.MustCompile(`\b([Rr])oom ((?:[Rr]oom|[Cc]orridor|[Hh]all)\b)`)

// PlayersLine is a diary or trace line as players read it: without the
// spec's sections and codes, with real plurals, and a room named once.
func PlayersLine(s string) string {
	s = roomRoom.ReplaceAllStringFunc(s, func(m string) string {
		sub := roomRoom.FindStringSubmatch(m)
		if sub[1] == "R" { // the start of a sentence
			return strings.ToUpper(sub[2][:1]) + sub[2][1:]
		}
		return sub[2]
	})
	s = specRef.ReplaceAllString(s, "")
	s = dodged.ReplaceAllStringFunc(s, func(m string) string {
		sub := dodged.FindStringSubmatch(m)
		n, _ := strconv.Atoi(sub[1])
		return automa.Plural(n, sub[2])
	})
	return strings.ReplaceAll(s, " ;", ";")
}

// Where says where the campaign stands: the mission, round and tracker, or
// the campaign between missions.
func (rules) Where(st tracker.State) string {
	s, ok := st.(*State)
	if !ok {
		return ""
	}
	m := s.Mission
	if m == nil {
		n := len(s.Campaign.Outcomes)
		if n == 0 {
			return "Before the first mission"
		}
		if s.Campaign.Debrief != nil {
			return fmt.Sprintf("After %s", MissionName(s.Campaign.Debrief.Mission))
		}
		return fmt.Sprintf("Between missions · %d played", n)
	}
	if m.Ended {
		if m.Result == "" {
			return fmt.Sprintf("%s · ended · result to be read", MissionName(m.ID))
		}
		return fmt.Sprintf("%s · ended · %s", MissionName(m.ID), m.Result)
	}
	// The mission's name alone (no "Mission" before it): the header's
	// line is short and the name says it.
	return fmt.Sprintf("%s · Round %d · %s", m.ID, m.Round, m.Tracker.String())
}

// String shows the tracker as players read it ("pre-alarm 3/8").
func (tr Tracker) String() string {
	switch tr.Section {
	case "pre":
		s := fmt.Sprintf("pre-alarm %d/%d", tr.Pos, tr.Pre)
		if tr.AlarmPending {
			s += " · alarm pending"
		}
		return s
	case "post":
		return fmt.Sprintf("post-alarm %d/%d", tr.Pos, tr.Post)
	case "alien":
		return fmt.Sprintf("alien world %d/%d", tr.Pos, tr.Alien)
	case "alarm":
		return "alarm"
	}
	return tr.Section
}
