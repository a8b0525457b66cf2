package phantom

import (
	"fmt"
	"strconv"
	"strings"

	"tablekeeper/automa"
)

// Colour is one of the four colours shared by HP-tracking bases, the
// Decision die and the rows of an adversary class card (spec §15.10).
type Colour string

// The four colours.
const (
	DarkBlue  Colour = "dark blue"
	LightBlue Colour = "light blue"
	Red       Colour = "red"
	Yellow    Colour = "yellow"
)

// Colours lists the four colours in a fixed order (used for validation and
// for spreading new adversaries over colours, §10.3).
var Colours = []Colour{DarkBlue, LightBlue, Red, Yellow}

// colourSpelling drops what may separate a colour's words; made once, as a
// Replacer builds a table of its own (6 KB) when it is first used.
var colourSpelling = strings.NewReplacer("-", "", "_", "", " ", "")

// ParseColour accepts the colour names players use ("dark blue",
// "darkblue", "dark-blue", "Dark Blue" all mean the same).
func ParseColour(s string) (Colour, error) {
	k := strings.ToLower(colourSpelling.Replace(s))
	switch k {
	case "darkblue":
		return DarkBlue, nil
	case "lightblue":
		return LightBlue, nil
	case "red":
		return Red, nil
	case "yellow":
		return Yellow, nil
	}
	return "", fmt.Errorf("%q is not a colour (dark blue, light blue, red or yellow)", s)
}

// Dir is a compass direction printed on the Decision die.
type Dir string

// The four compass directions of the Decision die.
const (
	North Dir = "N"
	East  Dir = "E"
	South Dir = "S"
	West  Dir = "W"
)

// ParseDir accepts "N", "north", "E", ... in any case.
func ParseDir(s string) (Dir, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "n", "north":
		return North, nil
	case "e", "east":
		return East, nil
	case "s", "south":
		return South, nil
	case "w", "west":
		return West, nil
	}
	return "", fmt.Errorf("%q is not a compass direction (N, E, S or W)", s)
}

// Face is one face of the Decision die: a colour, a large primary letter and
// a small secondary letter (spec §3.3). The real die's eight faces are not in
// the rulebook text, so a rolled face comes from a face table the players
// enter once (DecisionDie.Faces); an entered face is taken as it is.
type Face struct {
	Colour    Colour `json:"colour"`
	Primary   Dir    `json:"primary"`
	Secondary Dir    `json:"secondary"`
}

func (f Face) String() string {
	return fmt.Sprintf("%s, primary %s, secondary %s", f.Colour, f.Primary, f.Secondary)
}

// Validate checks a face against V-21: a known colour and two directions.
func (f Face) Validate() error {
	if _, err := ParseColour(string(f.Colour)); err != nil {
		return err
	}
	if _, err := ParseDir(string(f.Primary)); err != nil {
		return fmt.Errorf("primary: %w", err)
	}
	if _, err := ParseDir(string(f.Secondary)); err != nil {
		return fmt.Errorf("secondary: %w", err)
	}
	return nil
}

// RollFace rolls the Decision die through r using the die's face table.
func RollFace(faces []Face, r automa.Rand) (Face, error) {
	if len(faces) == 0 {
		return Face{}, fmt.Errorf("rolling the Decision die needs its faces (the die's eight faces are not in the rulebook; enter them once)")
	}
	return faces[r.Intn(len(faces))], nil
}

// DieKind is what an attack-die face shows.
type DieKind string

// Attack-die face kinds (§3.1).
const (
	Number   DieKind = "number"
	Critical DieKind = "crit"
	Fumble   DieKind = "fumble"
)

// DieFace is one face of an attack die: a number, a Critical Strike (worth
// 3) or a Fumble (worth 0).
type DieFace struct {
	Kind  DieKind
	Value int
}

// ParseDieFace reads "2", "-1", "crit" / "critical" or "fumble".
func ParseDieFace(s string) (DieFace, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "crit", "critical", "critical strike":
		return DieFace{Kind: Critical, Value: 3}, nil
	case "fumble":
		return DieFace{Kind: Fumble, Value: 0}, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return DieFace{}, fmt.Errorf("%q is not an attack-die face (a number, crit or fumble)", s)
	}
	return DieFace{Kind: Number, Value: n}, nil
}

func (d DieFace) String() string {
	switch d.Kind {
	case Critical:
		return "crit"
	case Fumble:
		return "fumble"
	}
	return strconv.Itoa(d.Value)
}

// Accuracy is a result of the Accuracy die (§3.2).
type Accuracy string

// Accuracy die results.
const (
	Miss    Accuracy = "miss"
	Block   Accuracy = "block"
	Success Accuracy = "success"
)

// ParseAccuracy reads "miss", "block" or "success".
func ParseAccuracy(s string) (Accuracy, error) {
	switch a := Accuracy(strings.ToLower(strings.TrimSpace(s))); a {
	case Miss, Block, Success:
		return a, nil
	}
	return "", fmt.Errorf("%q is not an Accuracy die result (miss, block or success)", s)
}

// Dice is where an adversary turn gets its attack and Accuracy rolls. Each
// roll is either rolled by the app (Rolled) or entered from a physical roll
// (Entered). ok=false means no roll is available: the turn stops there and
// says which roll it needs, so players can roll at the table and resolve on.
type Dice interface {
	Attack(die string) (f DieFace, how string, ok bool)
	Accuracy() (a Accuracy, how string, ok bool)
}

// Entered hands out physical rolls in the order they were made.
type Entered struct {
	AttackRolls   []DieFace
	AccuracyRolls []Accuracy
}

// Attack returns the next entered attack roll.
func (e *Entered) Attack(die string) (DieFace, string, bool) {
	if len(e.AttackRolls) == 0 {
		return DieFace{}, "", false
	}
	f := e.AttackRolls[0]
	e.AttackRolls = e.AttackRolls[1:]
	return f, "entered", true
}

// Accuracy returns the next entered Accuracy roll.
func (e *Entered) Accuracy() (Accuracy, string, bool) {
	if len(e.AccuracyRolls) == 0 {
		return "", "", false
	}
	a := e.AccuracyRolls[0]
	e.AccuracyRolls = e.AccuracyRolls[1:]
	return a, "entered", true
}

// Rolled rolls the dice through R using face tables the players entered
// (the printed faces are not in the rulebook text, spec §3.1–3.2). A die
// without a face table has no rolls.
type Rolled struct {
	R            automa.Rand
	AttackFaces  map[string][]DieFace // by die name: "basic", "blitz"
	AccuracyDice []Accuracy
}

// Attack rolls the named attack die.
func (d *Rolled) Attack(die string) (DieFace, string, bool) {
	faces := d.AttackFaces[dieName(die)]
	if len(faces) == 0 || d.R == nil {
		return DieFace{}, "", false
	}
	return faces[d.R.Intn(len(faces))], "rolled", true
}

// Accuracy rolls the Accuracy die.
func (d *Rolled) Accuracy() (Accuracy, string, bool) {
	if len(d.AccuracyDice) == 0 || d.R == nil {
		return "", "", false
	}
	return d.AccuracyDice[d.R.Intn(len(d.AccuracyDice))], "rolled", true
}

// Chain takes rolls from each source in turn: entered rolls first, then
// rolled ones, so players can enter the rolls they made and let the app roll
// the rest.
type Chain []Dice

// Attack takes the first source with a roll.
func (c Chain) Attack(die string) (DieFace, string, bool) {
	for _, d := range c {
		if f, how, ok := d.Attack(die); ok {
			return f, how, true
		}
	}
	return DieFace{}, "", false
}

// Accuracy takes the first source with a roll.
func (c Chain) Accuracy() (Accuracy, string, bool) {
	for _, d := range c {
		if a, how, ok := d.Accuracy(); ok {
			return a, how, true
		}
	}
	return "", "", false
}

// dieName normalises an action's die: adversaries roll the Basic die unless
// the card says otherwise (§3.1).
func dieName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "basic"
	}
	return s
}

// Made are the rolls a decision used, in the order they were made, each
// with how it was made ("entered" at the table or "rolled" by the app). A
// decision stopped for a roll and worked out again is given them back
// (RollsInput.Made), so what was made before the stop is neither lost nor
// made again.
type Made struct {
	Attack   []Roll `json:"attack,omitempty"`
	Accuracy []Roll `json:"accuracy,omitempty"`
	// Orders are the orders chosen for several conditions at once, as
	// asked (OrderQuestion).
	Orders [][]string `json:"orders,omitempty"`
}

// Roll is one roll made: the face and how.
type Roll struct {
	Face string `json:"face"`
	How  string `json:"how"`
}

func (m *Made) empty() bool { return m == nil || len(m.Attack)+len(m.Accuracy)+len(m.Orders) == 0 }

// replayed hands out the rolls of a decision made before, as they were.
type replayed struct{ m Made }

func (r *replayed) Attack(die string) (DieFace, string, bool) {
	if len(r.m.Attack) == 0 {
		return DieFace{}, "", false
	}
	x := r.m.Attack[0]
	r.m.Attack = r.m.Attack[1:]
	f, err := ParseDieFace(x.Face)
	return f, x.How, err == nil
}

func (r *replayed) Accuracy() (Accuracy, string, bool) {
	if len(r.m.Accuracy) == 0 {
		return "", "", false
	}
	x := r.m.Accuracy[0]
	r.m.Accuracy = r.m.Accuracy[1:]
	a, err := ParseAccuracy(x.Face)
	return a, x.How, err == nil
}

// recorder notes every roll a decision takes from its dice.
type recorder struct {
	d    Dice
	made Made
}

func (r *recorder) Attack(die string) (DieFace, string, bool) {
	f, how, ok := r.d.Attack(die)
	if ok {
		r.made.Attack = append(r.made.Attack, Roll{Face: f.String(), How: how})
	}
	return f, how, ok
}

func (r *recorder) Accuracy() (Accuracy, string, bool) {
	a, how, ok := r.d.Accuracy()
	if ok {
		r.made.Accuracy = append(r.made.Accuracy, Roll{Face: string(a), How: how})
	}
	return a, how, ok
}

// result is what was made, with the orders chosen, nil for nothing.
func (r *recorder) result(c *choices) *Made {
	m := r.made
	if c != nil {
		m.Orders = c.used
	}
	if m.empty() {
		return nil
	}
	return &m
}
