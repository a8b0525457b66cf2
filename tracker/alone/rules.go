package alone

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// Rules is Alone's tracker.Rules. It is stateless.
type Rules struct{}

// Kinds are "alone." followed by the op's own name.
const kindPrefix = "alone."

// An op is one event's payload: the command's inputs, every die face it
// used, and the values it changed. run checks the op against the rules and
// applies it to s, filling in the values it changed; Decide runs it on a
// copy, Apply on the state itself, so the two can never disagree.
type op interface {
	kind() string
	run(s *State) error
	line() string
}

// A command is something the UI sends; plan turns it into an op, rolling
// any virtual dice it needs.
type command interface {
	plan(s *State, d *tracker.Dice) (op, error)
}

// rulesRev is the revision of the rules new events are decided under. An
// op whose run changed with a rule fix embeds rev and keeps the revision it
// was decided under, so an old log replays exactly as it was played:
//
//	1: issue 15: the end of a Turn keeps its damage triggers answerable
//	   until the next Turn starts (§4.2 item 5); a Creature Revealed on
//	   the way is Communicated where it was Revealed (§4.6 item 6).
//	2: issue 23: in solo mode the app's Evil side knows which of the set's
//	   Reaction cards it draws (solohand.go), so it weighs playing them
//	   face up as well as face down.
const rulesRev = 2

// rev is the rules revision an op was decided under (0: before revision 1).
type rev struct {
	Rules int `json:"rules,omitempty"`
}

func (r *rev) setRules(n int) { r.Rules = n }

// before says the op was decided under a revision older than n.
func (r *rev) before(n int) bool { return r.Rules < n }

// revisioned is an op that carries its rules revision.
type revisioned interface{ setRules(int) }

var kinds = map[string]func() op{}

func register(mk ...func() op) {
	for _, f := range mk {
		kinds[f().kind()] = f
	}
}

// Game is Alone.
func (Rules) Game() tracker.GameID { return tracker.Alone }

// NewState is a game before its Hero sheet is set up.
func (Rules) NewState(tracker.Campaign) tracker.State {
	return &State{Settings: alone.DefaultSettings()}
}

// DecodeState reverses json.Marshal of a *State.
func (Rules) DecodeState(b []byte) (tracker.State, error) {
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// Decide checks a command against the rules and returns its one event.
func (Rules) Decide(st tracker.State, cmd tracker.Command, d *tracker.Dice) (tracker.Change, error) {
	s, ok := st.(*State)
	if !ok {
		return tracker.Change{}, fmt.Errorf("alone: state of type %T", st)
	}
	c, ok := cmd.(command)
	if !ok {
		return tracker.Change{}, tracker.ErrNotThisGame
	}
	if s.Outcome != "" {
		return tracker.Change{}, refuse("§8 V11", "the game is over (the Hero %s); only undo is possible now", s.Outcome)
	}
	o, err := c.plan(s, d)
	if err != nil {
		return tracker.Change{}, s.named(err)
	}
	if r, ok := o.(revisioned); ok {
		r.setRules(rulesRev)
	}
	after := s.clone()
	if err := o.run(after); err != nil {
		return tracker.Change{}, s.named(err)
	}
	var payload any = o
	if names := namesOf(o, s, after); len(names) > 0 {
		// The diary line names Sectors and Creatures as the screens did
		// when it was decided (names.go).
		payload = withNames{o, names}
	}
	return tracker.Change{Kind: kindPrefix + o.kind(), Payload: payload}, nil
}

func decodeOp(e tracker.Event) (op, error) {
	mk, ok := kinds[strings.TrimPrefix(e.Kind, kindPrefix)]
	if !ok || !strings.HasPrefix(e.Kind, kindPrefix) {
		return nil, fmt.Errorf("event kind %q is not known to this version of Tablekeeper", e.Kind)
	}
	o := mk()
	if err := e.Decode(o); err != nil {
		return nil, fmt.Errorf("event %s: %w", e.Kind, err)
	}
	return o, nil
}

// Apply folds an event by running its recorded op on the state. An event
// that does not fit the state (a damaged or hand-made file) is an error,
// never a crash.
func (Rules) Apply(st tracker.State, e tracker.Event) (_ tracker.State, err error) {
	s, ok := st.(*State)
	if !ok {
		return st, fmt.Errorf("alone: state of type %T", st)
	}
	o, err := decodeOp(e)
	if err != nil {
		return s, err
	}
	if !s.Started && !setupKinds[o.kind()] {
		return s, fmt.Errorf("event %s comes before the game was started", e.Kind)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("event %s does not fit the game: %v", e.Kind, r)
		}
	}()
	if err := o.run(s); err != nil {
		return s, err
	}
	return s, nil
}

// setupKinds are the events that may come before the game starts.
var setupKinds = map[string]bool{"sheet": true, "settings": true, "start": true, "abilityFor": true}

// Describe is the event's diary line. In solo mode it says only what the
// Hero may know; DescribeHidden tells the rest.
func (Rules) Describe(e tracker.Event) string {
	o, err := decodeOp(e)
	if err != nil {
		return e.Kind
	}
	return namedLine(o.line(), recordedNames(e))
}

// hidden is an op that knows more than the Hero may see in solo mode.
type hidden interface {
	secret() string
}

// DescribeHidden is the diary line with what the Evil side hid, for the
// reveal at the end of a solo game or for the Evil players' screen.
func DescribeHidden(e tracker.Event) string {
	o, err := decodeOp(e)
	if err != nil {
		return e.Kind
	}
	if h, ok := o.(hidden); ok {
		if t := h.secret(); t != "" {
			return namedLine(t, recordedNames(e))
		}
	}
	return namedLine(o.line(), recordedNames(e))
}

// Where says where the game stands.
func (Rules) Where(st tracker.State) string {
	s, ok := st.(*State)
	if !ok || !s.Started {
		return "Setting up"
	}
	w := fmt.Sprintf("Round %d · Turn %d", s.Round, s.Turn())
	if s.Nightmare {
		w += " · Nightmare"
	}
	switch s.Outcome {
	case Won:
		w += " · Hero won"
	case Defeated:
		w += " · Hero defeated"
	}
	return w
}

func refuse(rule, format string, args ...any) error {
	return tracker.Refuse("alone "+rule, format, args...)
}

// named is a refusal with the players' names in place of the ids it
// quotes ("Sector "1A1"" reads "Sector "Level 1, A1""), as the screens
// name the Map's Sectors and Creatures; other errors are as they are.
func (s *State) named(err error) error {
	var re *tracker.RuleError
	if !errors.As(err, &re) {
		return err
	}
	named := *re
	named.Why = namedLine(re.Why, mapNames(s.Map))
	return &named
}

// playing is the check every in-game command makes.
func playing(s *State) error {
	if !s.Started {
		return refuse("§2.1", "the game has not started yet: set up the Hero sheet and start the game first")
	}
	return nil
}

// needMap is for commands that work on the hidden Map.
func needMap(s *State) error {
	if err := playing(s); err != nil {
		return err
	}
	if s.Map == nil {
		return refuse("§7.2", "this game keeps no Map (bookkeeping mode): record the effect by hand instead")
	}
	return nil
}

// rollFaces rolls n virtual dice with the sheet's face weights (§5.0 item 6).
func rollFaces(d *tracker.Dice, w alone.DiceWeights, n int) []alone.Face {
	total := w.Hit + w.Special + w.Blank
	out := make([]alone.Face, n)
	for i := range out {
		v := d.Intn(total)
		switch {
		case v < w.Hit:
			out[i] = alone.Hit
		case v < w.Hit+w.Special:
			out[i] = alone.Special
		default:
			out[i] = alone.Blank
		}
	}
	return out
}

// DiceSource says who rolls a command's dice (spec §5.0 item 6): the
// table's physical dice, whose faces are entered, or the app's virtual
// dice. Every command that rolls says which; an empty list of faces never
// means "roll for me".
type DiceSource string

// The two ways to roll.
const (
	PhysicalDice DiceSource = "physical"
	VirtualDice  DiceSource = "virtual"
)

// roll settles n dice of a command (what names them for the players): the
// faces rolled at the table, or the app's roll. Where no die is rolled, no
// faces may be entered; where dice are rolled, who rolls them must be said.
func (s *State) roll(d *tracker.Dice, by DiceSource, given []alone.Face, n int, what string) ([]alone.Face, error) {
	switch {
	case n == 0 && len(given) > 0:
		return nil, refuse("§5.0", "no die is rolled for %s, so no faces are entered for it", what)
	case n == 0:
		return nil, nil
	case by == "":
		return nil, refuse("§5.0", "%s rolls %s: say whether the dice are rolled at the table (enter the faces) or by the app", what, plural(n, "die", "dice"))
	case by == VirtualDice && len(given) > 0:
		return nil, refuse("§5.0", "the app rolls %s, so no faces are entered; choose dice rolled at the table to enter them", what)
	case by == VirtualDice:
		return rollFaces(d, s.Sheet.Dice, n), nil
	case by != PhysicalDice:
		return nil, refuse("§5.0", "dice are rolled at the table (physical) or by the app (virtual), not %q", by)
	case len(given) != n:
		return nil, refuse("§5.0", "%s rolls %s at the table, but %s entered", what, plural(n, "die", "dice"), plural(len(given), "face was", "faces were"))
	}
	return given, checkFaces(given, what)
}

// rollOne is roll for a single die (a reroll, the Courage die): rolled
// when need, its face entered as one face ("" for none).
func (s *State) rollOne(d *tracker.Dice, by DiceSource, given alone.Face, need bool, what string) (alone.Face, error) {
	var g []alone.Face
	if given != "" {
		g = []alone.Face{given}
	}
	n := 0
	if need {
		n = 1
	}
	f, err := s.roll(d, by, g, n, what)
	if err != nil || len(f) == 0 {
		return "", err
	}
	return f[0], nil
}

// checkFaces is V30: a face is HIT, SPECIAL or BLANK.
func checkFaces(f []alone.Face, what string) error {
	for i, x := range f {
		if !x.Valid() {
			return refuse("§8 V30", "%s: die %d shows %q; a face is HIT, SPECIAL or BLANK", what, i+1, x)
		}
	}
	return nil
}

func facesText(f []alone.Face) string {
	if len(f) == 0 {
		return "no dice"
	}
	p := make([]string, len(f))
	for i, x := range f {
		p[i] = string(x)
	}
	return strings.Join(p, " ")
}

// andList joins a list as a sentence does ("A, B and C"): Sectors named
// "Level 1, B2" keep their commas.
func andList(v []string) string {
	if len(v) < 2 {
		return strings.Join(v, "")
	}
	return strings.Join(v[:len(v)-1], ", ") + " and " + v[len(v)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
