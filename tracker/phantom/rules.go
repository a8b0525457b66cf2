package phantom

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"tablekeeper/tracker"
)

// Rules are Phantom Epoch's rules for the tracker core. The zero value is
// ready to use.
type Rules struct{}

var _ tracker.Rules = Rules{}

// Game is tracker.PhantomEpoch.
func (Rules) Game() tracker.GameID { return tracker.PhantomEpoch }

// StateVersion is the version of the state's JSON form.
func (Rules) StateVersion() int { return StateVersion }

// NewState is a campaign before its first event: no content, the spec's
// settings, the campaign sheet of a new campaign (the tutorial and
// Berkav-1 available, §14.1).
func (Rules) NewState(tracker.Campaign) tracker.State { return newState() }

func newState() *State {
	return &State{
		Settings:   DefaultSettings(),
		Content:    newContent(),
		Characters: map[string]*Character{},
		Sheet: Sheet{
			Fame: map[string]int{"Berkav": 0, "Thespara": 0, "Orbos": 0},
			Missions: map[string]*MissionMark{
				"Awakening": {Available: true},
				"Berkav-1":  {Available: true},
			},
			Upgrades:        map[string]*Upgrade{},
			AttachmentDecks: map[int][]string{},
			UnlockedClasses: []string{"Healer", "Ranger", "Rogue", "Warrior"},
		},
	}
}

// DecodeState reverses json.Marshal of a *State.
func (Rules) DecodeState(data []byte) (tracker.State, error) {
	s := &State{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("the Phantom Epoch state cannot be read: %w", err)
	}
	s.fill()
	return s, nil
}

// fill makes nil maps empty so commands can write to them.
func (s *State) fill() {
	if s.Characters == nil {
		s.Characters = map[string]*Character{}
	}
	s.Content.fill()
	if s.Sheet.Fame == nil {
		s.Sheet.Fame = map[string]int{}
	}
	if s.Sheet.Missions == nil {
		s.Sheet.Missions = map[string]*MissionMark{}
	}
	if s.Sheet.Upgrades == nil {
		s.Sheet.Upgrades = map[string]*Upgrade{}
	}
	if s.Sheet.AttachmentDecks == nil {
		s.Sheet.AttachmentDecks = map[int][]string{}
	}
}

// A command is one of this package's command types: exec checks it against
// the rules and changes s, drawing chance from x, and returns the diary
// line. Decide runs it on a copy of the state with the campaign's dice;
// Apply runs it again on the state with the draws the event recorded, so
// the two always agree.
type command interface {
	exec(s *State, x *ctx) (string, error)
}

// ctx is what a command runs with: chance (fresh draws at Decide time,
// recorded ones at Apply time) and the heavy results a command computed
// once (an adversary turn), kept in the event so replays never depend on
// the engine's version.
type ctx struct {
	dice   *tracker.Dice
	draws  []int
	replay []int
	pos    int
	short  bool
	result json.RawMessage
	apply  bool
	// kept counts the draws made while computing the kept result: at
	// Apply they are passed over, as the result already holds them.
	kept int
	// rules is the rules revision the event being applied was decided
	// under (payload.Rules); see before.
	rules int
}

// rulesRev is the revision of the rules new events are decided under. An
// event keeps the revision it was decided under (payload.Rules, absent and
// so 0 in events stored before revision 1), and Apply replays a rule
// changed since with the behaviour the event was played with, so an old
// log reopens as it was played:
//
//	1: equipment put on or taken off at mission setup or on a rest turn
//	   changes the figure's max HP and Guard (§6.1 maxHp, V-06); at setup
//	   the orbs left in play go active side up and the treasure left in
//	   play is placed (§12.2 step 3).
//	2: confirming an adversary's worked-out turn (or reaction) carries
//	   its changes onto what was recorded while it waited — conditions,
//	   damage, heals, figures and spaces corrected — instead of
//	   overwriting them (issue 15 item 13, RB p.50 Frozen).
const rulesRev = 2

// before says the event being applied was decided under a rules revision
// older than r, so the rule changed in r keeps its old behaviour. Decide
// always runs today's rules.
func (x *ctx) before(r int) bool { return x.apply && x.rules < r }

// Intn makes ctx an automa.Rand.
func (x *ctx) Intn(n int) int {
	if x.dice != nil {
		v := x.dice.Intn(n)
		x.draws = append(x.draws, v)
		return v
	}
	if x.pos >= len(x.replay) {
		x.short = true
		return 0
	}
	v := x.replay[x.pos]
	x.pos++
	if v < 0 || v >= n {
		x.short = true
		return 0
	}
	return v
}

// keep stores a computed result in the event (Decide) or returns the one
// recorded (Apply): compute runs only when nothing was recorded.
func keep[T any](x *ctx, compute func() (T, error)) (T, error) {
	var v T
	if x.apply && len(x.result) > 0 {
		x.pos += x.kept
		err := json.Unmarshal(x.result, &v)
		return v, err
	}
	n0 := len(x.draws)
	v, err := compute()
	x.kept += len(x.draws) - n0
	if err != nil {
		return v, err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return v, err
	}
	x.result = b
	return v, nil
}

// payload is what every Phantom Epoch event stores.
type payload struct {
	Command json.RawMessage `json:"command"`
	Draws   []int           `json:"draws,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	// Kept is how many of Draws the Result used.
	Kept int    `json:"kept,omitempty"`
	Line string `json:"line"`
	// Rules is the rules revision the event was decided under (rulesRev);
	// absent, so 0, in events stored before revision 1.
	Rules int `json:"rules,omitempty"`
}

const kindPrefix = "phantom-epoch."

// kinds maps an event kind to a fresh command of its type.
var kinds = map[string]func() command{}

func register(cmds ...command) {
	for _, c := range cmds {
		t := reflect.TypeOf(c)
		kinds[kindOf(c)] = func() command { return reflect.New(t).Interface().(command) }
	}
}

func kindOf(c command) string {
	t := reflect.TypeOf(c)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name := t.Name()
	var b strings.Builder
	for i, r := range name {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('-')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return kindPrefix + b.String()
}

// asCommand accepts a command by value or by pointer.
func asCommand(cmd tracker.Command) (command, bool) {
	if c, ok := cmd.(command); ok {
		v := reflect.ValueOf(c)
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return nil, false
			}
			c = v.Elem().Interface().(command)
		}
		return c, true
	}
	return nil, false
}

// Decide validates a command and returns its event.
func (Rules) Decide(st tracker.State, cmd tracker.Command, d *tracker.Dice) (tracker.Change, error) {
	s, ok := st.(*State)
	if !ok {
		return tracker.Change{}, fmt.Errorf("not a Phantom Epoch state")
	}
	c, ok := asCommand(cmd)
	if !ok {
		return tracker.Change{}, tracker.ErrNotThisGame
	}
	kind := kindOf(c)
	if _, known := kinds[kind]; !known {
		return tracker.Change{}, tracker.ErrNotThisGame
	}
	next := s.clone()
	next.Tick++
	x := &ctx{dice: d}
	line, err := c.exec(next, x)
	if err != nil {
		return tracker.Change{}, err
	}
	raw, err := json.Marshal(c)
	if err != nil {
		return tracker.Change{}, err
	}
	return tracker.Change{Kind: kind, Payload: payload{Command: raw, Draws: x.draws, Result: x.result, Kept: x.kept, Line: line, Rules: rulesRev}}, nil
}

// Apply folds an event into the state.
func (Rules) Apply(st tracker.State, e tracker.Event) (tracker.State, error) {
	s, ok := st.(*State)
	if !ok {
		return st, fmt.Errorf("not a Phantom Epoch state")
	}
	mk, ok := kinds[e.Kind]
	if !ok {
		return s, fmt.Errorf("event kind %q is not known to this version of Tablekeeper", e.Kind)
	}
	var p payload
	if err := e.Decode(&p); err != nil {
		return s, fmt.Errorf("%s: %w", e.Kind, err)
	}
	c := mk()
	if err := json.Unmarshal(p.Command, c); err != nil {
		return s, fmt.Errorf("%s: %w", e.Kind, err)
	}
	s.Tick++
	// Rules changed since the event was decided keep their old behaviour
	// (ctx.before).
	x := &ctx{replay: p.Draws, result: p.Result, apply: true, kept: p.Kept, rules: p.Rules}
	if _, err := c.exec(s, x); err != nil {
		return s, fmt.Errorf("%s: %w", e.Kind, err)
	}
	if x.short || x.pos != len(x.replay) || p.Kept < 0 || p.Kept > len(p.Draws) {
		return s, fmt.Errorf("%s: the event's recorded draws do not match the command", e.Kind)
	}
	return s, nil
}

// Describe is the event's diary line, kept in the event.
func (Rules) Describe(e tracker.Event) string {
	var p payload
	if err := e.Decode(&p); err != nil || p.Line == "" {
		return e.Kind
	}
	return p.Line
}

// Where says where the campaign stands.
func (Rules) Where(st tracker.State) string {
	s, ok := st.(*State)
	if !ok {
		return ""
	}
	m := s.Mission
	if m == nil {
		return "Between missions"
	}
	name := m.ID
	if m.Training {
		name = "Training " + name
	}
	switch {
	case m.Phase == "over":
		return fmt.Sprintf("%s · %s", name, m.Result)
	case m.Round == 0:
		return name + " · Setup"
	}
	return fmt.Sprintf("%s · Round %d", name, m.Round)
}
