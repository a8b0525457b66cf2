package tracker

import (
	"encoding/json"
	"errors"
	"fmt"
)

// State is a game's state at the table. It must survive a JSON round trip
// through Rules.DecodeState, because snapshots and undo checkpoints are
// stored that way.
type State any

// Command is something a player asks for: a game's own command type, or one
// of the core commands (Note, clock commands) every game shares.
type Command any

// Rules is how a game plugs into the core. Implementations are stateless.
type Rules interface {
	Game() GameID
	// NewState is the state of a campaign before its first event.
	NewState(c Campaign) State
	// DecodeState reverses json.Marshal of a State.
	DecodeState(data []byte) (State, error)
	// Decide validates a command against the rules and the current state
	// and returns the event to record, or an error that names the rule and
	// why. It must not change s. Chance comes only from d.
	Decide(s State, cmd Command, d *Dice) (Change, error)
	// Apply folds one of the game's events into the state and returns the
	// new state (it may change s in place). It must be deterministic and
	// must accept every event Decide produced.
	Apply(s State, e Event) (State, error)
	// Describe is the event's diary line ("Ana took 3 damage, 7 → 4"),
	// from the event alone.
	Describe(e Event) string
	// Where says where the campaign stands, for the log and the home screen
	// ("Scenario B1 · Round 3").
	Where(s State) string
}

// A RuleError is a command refused by the rules: the rule's name (a spec
// section or a plain name) and why, in words a player knows.
type RuleError struct {
	Rule string
	Why  string
}

func (e *RuleError) Error() string {
	if e.Rule == "" {
		return e.Why
	}
	return e.Why + " (" + e.Rule + ")"
}

// Refuse makes a RuleError.
func Refuse(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Why: fmt.Sprintf(format, args...)}
}

// ErrNotThisGame is returned by Decide for a command the game does not know.
var ErrNotThisGame = errors.New("that command is not part of this game")

// Basic returns rules for a game with no rules of its own yet: its campaigns
// open, keep notes and clocks, undo and redo, and round-trip through export,
// but refuse game commands.
func Basic(g GameID) Rules { return basicRules{g} }

type basicRules struct{ g GameID }

type basicState struct{}

func (b basicRules) Game() GameID                    { return b.g }
func (basicRules) NewState(Campaign) State           { return basicState{} }
func (basicRules) Where(State) string                { return "" }
func (basicRules) Describe(e Event) string           { return e.Kind }
func (basicRules) DecodeState([]byte) (State, error) { return basicState{}, nil }
func (basicRules) Apply(s State, e Event) (State, error) {
	return s, fmt.Errorf("event kind %q is not known to this version of Tablekeeper", e.Kind)
}
func (b basicRules) Decide(State, Command, *Dice) (Change, error) {
	return Change{}, fmt.Errorf("the rules of %s are not in this version of Tablekeeper yet: only notes and clocks can be kept", b.g.Title())
}

// A Registry maps each game to its rules. Games whose rules have not landed
// get Basic rules, so every known game can be opened.
type Registry map[GameID]Rules

// Rules returns the game's rules.
func (r Registry) Rules(g GameID) (Rules, error) {
	if _, err := ParseGameID(string(g)); err != nil {
		return nil, err
	}
	if rules, ok := r[g]; ok {
		return rules, nil
	}
	return Basic(g), nil
}

// encodeState is json.Marshal with the error made plain: a State that cannot
// be marshalled is a programming error in a game package.
func encodeState(s any) json.RawMessage {
	b, err := json.Marshal(s)
	if err != nil {
		panic(fmt.Sprintf("tracker: state of type %T cannot be stored: %v", s, err))
	}
	return b
}
