package eternaut

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"tablekeeper/tracker"
)

// Rules is The Eternaut's tracker.Rules. Register it as
// tracker.Registry{tracker.Eternaut: eternaut.Rules{}}.
type Rules struct{}

var _ tracker.Rules = Rules{}

// A command is one of the exported command structs: run checks it against
// the state and, if the rules allow it, changes the state and says what it
// did. Decide runs it on a copy; Apply runs it again on the real state,
// which is deterministic because anything drawn is stored in the command.
type command interface {
	kind() string
	run(s *State, x *exec) error
}

// A roller is a command that draws before it runs: withDraws returns the
// command with the outcome filled in, so the event carries it.
type roller interface {
	withDraws(s *State, d *tracker.Dice) (command, error)
}

// exec collects what a command did, in words, and what it asks of the
// players next.
type exec struct {
	said   []string
	remind []string
	trace  []string
	// replay is Apply running a stored event again; rules is the rules
	// revision that event was decided under (envelope.Rules).
	replay bool
	rules  int
}

// rulesRev is the revision of the rules new events are decided under. An
// event keeps the revision it was decided under, so a rule changed later
// replays the old log exactly as it was played:
//
//	1: Fatigue on a full board refused while another has a free slot
//	   (§5.1 T2); no Menace card while B's Alert counter is on the deck
//	   (§2.2); drops after a pick-up join that Drop pile (§7.7.3); 911
//	   unrevealed in E2 leaves the campaign (§10.2); L2 with no main
//	   Character in play (§10.4); Masked Figures written in section C at
//	   D setup (RB setup D).
//	2: a Plot track mark of 0 is refused (§8.1), no longer one mark.
const rulesRev = 2

// before says the event being replayed was decided under a rules revision
// older than r, so it keeps the behaviour it was played with.
func (x *exec) before(r int) bool { return x.replay && x.rules < r }

func (x *exec) say(format string, args ...any) {
	x.said = append(x.said, fmt.Sprintf(format, args...))
}

func (x *exec) ask(format string, args ...any) {
	x.remind = append(x.remind, fmt.Sprintf(format, args...))
}

// envelope is every event's payload: the command as decided, and its diary
// line and reminders, so Describe needs nothing else.
type envelope struct {
	Cmd    json.RawMessage `json:"cmd"`
	Said   []string        `json:"said,omitempty"`
	Remind []string        `json:"remind,omitempty"`
	// Trace is the explanation of any enemy decision the event records.
	Trace []string `json:"trace,omitempty"`
	// Rules is the rules revision the event was decided under (rulesRev);
	// absent in events older than revision 1.
	Rules int `json:"rules,omitempty"`
}

const kindPrefix = "eternaut."

var kinds = map[string]reflect.Type{}

func register(cmds ...command) {
	for _, c := range cmds {
		kinds[kindPrefix+c.kind()] = reflect.TypeOf(c)
	}
}

// Game names the game.
func (Rules) Game() tracker.GameID { return tracker.Eternaut }

// NewState is a campaign before its first command: NewCampaign sets it up.
func (Rules) NewState(tracker.Campaign) tracker.State {
	return &State{Settings: DefaultSettings(), Deck: DefaultDeck(), Phase: PhaseBetween}
}

// DecodeState reads a state back from JSON.
func (Rules) DecodeState(data []byte) (tracker.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// StateVersion is the state format's version.
func (Rules) StateVersion() int { return 1 }

func clone(s *State) (*State, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var c State
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

// Decide checks a command against the rules on a copy of the state.
func (Rules) Decide(st tracker.State, cmd tracker.Command, d *tracker.Dice) (tracker.Change, error) {
	s, ok := st.(*State)
	if !ok {
		return tracker.Change{}, fmt.Errorf("internal error: state of type %T", st)
	}
	c, ok := cmd.(command)
	if !ok {
		return tracker.Change{}, tracker.ErrNotThisGame
	}
	if _, isNew := c.(NewCampaign); !isNew && !s.Started {
		return tracker.Change{}, tracker.Refuse("eternaut §3.1", "set up the campaign first: players and the roster of Characters")
	}
	if r, ok := c.(roller); ok {
		var err error
		if c, err = r.withDraws(s, d); err != nil {
			return tracker.Change{}, err
		}
	}
	raw, err := json.Marshal(c)
	if err != nil {
		return tracker.Change{}, err
	}
	// Run the command exactly as Apply will see it: decoded from the
	// event's JSON (which, for one, turns invalid UTF-8 into U+FFFD).
	if c, err = decodeCommand(kindPrefix+c.kind(), raw); err != nil {
		return tracker.Change{}, err
	}
	work, err := clone(s)
	if err != nil {
		return tracker.Change{}, err
	}
	x := &exec{}
	if err := c.run(work, x); err != nil {
		return tracker.Change{}, err
	}
	return tracker.Change{Kind: kindPrefix + c.kind(), Payload: envelope{Cmd: raw, Said: x.said, Remind: x.remind, Trace: x.trace, Rules: rulesRev}}, nil
}

// Apply folds an event into the state by running its command again.
func (Rules) Apply(st tracker.State, e tracker.Event) (tracker.State, error) {
	s, ok := st.(*State)
	if !ok {
		return st, fmt.Errorf("internal error: state of type %T", st)
	}
	var env envelope
	if err := e.Decode(&env); err != nil {
		return s, err
	}
	c, err := decodeCommand(e.Kind, env.Cmd)
	if err != nil {
		return s, err
	}
	// A stored event was accepted when decided: checks added since do not
	// refuse it, and rules changed since keep their old behaviour (before).
	x := &exec{replay: true, rules: env.Rules}
	if err := c.run(s, x); err != nil {
		return s, err
	}
	s.Reminders = x.remind
	return s, nil
}

func decodeCommand(kind string, raw json.RawMessage) (command, error) {
	t, ok := kinds[kind]
	if !ok {
		return nil, fmt.Errorf("event kind %q is not known to this version of Tablekeeper", kind)
	}
	p := reflect.New(t)
	if err := json.Unmarshal(raw, p.Interface()); err != nil {
		return nil, fmt.Errorf("%s: %w", kind, err)
	}
	return p.Elem().Interface().(command), nil
}

// Describe is the event's diary line, from its payload.
func (Rules) Describe(e tracker.Event) string {
	var env envelope
	if err := e.Decode(&env); err != nil || len(env.Said) == 0 {
		return strings.TrimPrefix(e.Kind, kindPrefix)
	}
	return strings.Join(env.Said, "; ")
}

// Reminders of an event: what it asked the players to do next.
func Reminders(e tracker.Event) []string {
	var env envelope
	_ = e.Decode(&env)
	return env.Remind
}

// Trace is the explanation of the enemy decisions an event recorded (the
// automa trace, rendered), empty for other events.
func Trace(e tracker.Event) string {
	var env envelope
	_ = e.Decode(&env)
	return strings.Join(env.Trace, "")
}

// Where says where the campaign stands.
func (Rules) Where(st tracker.State) string {
	s, ok := st.(*State)
	if !ok || !s.Started {
		return "New campaign"
	}
	switch s.Phase {
	case PhasePlaying:
		if sc := s.Scenario; sc != nil {
			return fmt.Sprintf("Scenario %s · Round %d", sc.Key, sc.Round())
		}
	case PhaseEnding:
		if s.End != nil {
			return fmt.Sprintf("End of scenario %s · %s", s.End.Scenario, s.End.Step)
		}
	case PhaseFinished:
		return fmt.Sprintf("Campaign won · score %d", s.CampaignScore)
	case PhaseLost:
		return "Campaign lost"
	}
	return "Before scenario " + s.nextKey()
}

func (s *State) nextKey() string {
	if s.Next == "" {
		return "A"
	}
	return s.Next
}
