package phantom

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"

	"tablekeeper/automa"
	"tablekeeper/automa/hex"
)

// Situation is what a decision is made from: the map, the figures, the
// cards in play, the dice. It is the resolve verb's input file (RESOLVE.md)
// and what the GUI fills in.
type Situation struct {
	// Decide is what to work out: "turn" (default) an adversary's whole
	// turn, "target" its primary target only, "initiative" the round's
	// turn order, "place" where a new adversary goes, "react" what an
	// adversary does right after Attacker attacked it.
	Decide string `json:"decide,omitempty"`
	// Attacker and Melee describe the attack a "react" answers.
	Attacker string `json:"attacker,omitempty"`
	Melee    bool   `json:"melee,omitempty"`
	// Adversary is whose turn or target is decided.
	Adversary string `json:"adversary,omitempty"`
	// Leap is the Leap value to count for "target" (§8.6.5); 0: none.
	Leap int `json:"leap,omitempty"`
	// Map is a mission map in the automa/hex map format (FORMAT.md there).
	Map json.RawMessage `json:"map"`
	// DecisionDie is this round's face, or a roll of it.
	DecisionDie DieInput `json:"decisionDie"`
	// Characters is how many characters embarked (defeated included);
	// 0: the number of character figures listed.
	Characters int `json:"charactersEmbarked,omitempty"`
	// MissionDifficulty sets the boss drop; 0: the map's difficulty.
	MissionDifficulty int             `json:"missionDifficulty,omitempty"`
	Types             []AdversaryType `json:"types,omitempty"`
	Bosses            []BossBoard     `json:"bosses,omitempty"`
	Figures           []FigureInput   `json:"figures"`
	// PrimaryTarget is a mission's or card's named primary target (§8.13).
	PrimaryTarget string `json:"primaryTargetOverride,omitempty"`
	// Enemies lists pairs of adversaries (names or types) that are enemies
	// of each other by mission, event or card.
	Enemies [][2]string `json:"enemies,omitempty"`
	// Rolls are the attack and Accuracy rolls for the turn.
	Rolls RollsInput `json:"rolls,omitzero"`
	// Placement is the new adversary for "place".
	Placement *Placement `json:"placement,omitempty"`
	Options   Options    `json:"options,omitzero"`

	// Worked out once from the fields above (ParseSituation or the first
	// decision); mu guards them so decisions may run side by side.
	mu   sync.Mutex
	hmap *hex.Map
	base *board // the map's spaces and adjacency
	face Face
	used Face // the face the last decision used (entered or rolled)
}

// DieInput is the Decision die: a face as rolled at the table, or
// {"roll": true, "seed": 7, "faces": [...]}: the app rolls it with the seed
// from the die's face table, which the players enter once (the faces are
// not in the rulebook text, §3.3). The string "roll" is short for
// {"roll": true}.
type DieInput struct {
	Face
	Roll  bool   `json:"roll,omitempty"`
	Seed  uint64 `json:"seed,omitempty"`
	Faces []Face `json:"faces,omitempty"`
}

// UnmarshalJSON accepts "roll" as well as the object form.
func (d *DieInput) UnmarshalJSON(data []byte) error {
	if bytes.Equal(bytes.TrimSpace(data), []byte(`"roll"`)) {
		*d = DieInput{Roll: true}
		return nil
	}
	type plain DieInput
	var p plain
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return fmt.Errorf(`give a face like {"colour": "red", "primary": "N", "secondary": "E"} or "roll": %v`, err)
	}
	*d = DieInput(p)
	return nil
}

// RollsInput are the turn's dice: rolls made at the table, in order, and
// optionally the app rolling the rest with a seed from the dice's face
// tables (entered once by the players).
type RollsInput struct {
	Attack   []string `json:"attack,omitempty"`
	Accuracy []string `json:"accuracy,omitempty"`
	Roll     bool     `json:"roll,omitempty"`
	Seed     uint64   `json:"seed,omitempty"`
	// Faces of each die, for rolling: "basic", "blitz" → ["1","2","crit",...];
	// "accuracy" → ["miss","block","success",...].
	Faces map[string][]string `json:"faces,omitempty"`
	// Made are the rolls an earlier working-out of this decision made
	// before it stopped for a roll (Turn.Made): used first, as they were.
	Made *Made `json:"made,omitempty"`
	// Orders are the orders the attacked characters' players chose for
	// several conditions given at once (Turn.Ask), one per question in
	// the order asked (RB p.22 step 7).
	Orders [][]string `json:"orders,omitempty"`
}

// FigureInput is one figure on the map.
type FigureInput struct {
	Name string `json:"name"`
	// Side: "character", "adversary" or "boss".
	Side string `json:"side"`
	// Type: the adversary type's name, or the boss board's name.
	Type     string `json:"type,omitempty"`
	Colour   string `json:"colour"`
	Position string `json:"position"`
	HP       int    `json:"hp"`
	// MaxHP: characters' maximum; adversaries default to the card's HP.
	MaxHP      int      `json:"maxHp,omitempty"`
	Conditions []string `json:"conditions,omitempty"`
	// Guard adds to the figure's Guard (a character's equipment and cards;
	// an adversary's card effects beyond its description card).
	Guard int `json:"guard,omitempty"`
	// Initiative of a character this round (1 when resting).
	Initiative      int  `json:"initiative,omitempty"`
	PlacedAfterDraw bool `json:"placedAfterDraw,omitempty"`
	PlacedByEvent   bool `json:"placedByEvent,omitempty"`
	// Immune lists conditions the figure cannot gain (a persistent boss
	// card's immunity tokens, RB p.58).
	Immune []string `json:"immune,omitempty"`
	// GainedThisTurn lists the conditions of the adversary whose turn is
	// decided that it received during that turn, already under way (a
	// turn worked out again after it stopped): like a condition the turn
	// itself gives, they have no immediate effect (RB p.50: Frozen "during
	// their turn") and do not wear off at its end.
	GainedThisTurn []string `json:"gainedThisTurn,omitempty"`
}

// ParseSituation reads and checks a situation file. Errors name what is
// wrong and where, e.g. `figures[2] "Raider 1": position "Q9" is not a
// space on the map`.
func ParseSituation(data []byte) (*Situation, error) {
	var s Situation
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("situation: %s", jsonErr(err, data))
	}
	if dec.More() {
		return nil, errors.New("situation: unexpected text after the closing brace")
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	return &s, nil
}

func jsonErr(err error, data []byte) string {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "the file is empty or cut short"
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Sprintf("line %d: %v", line, se)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s: expected %s, found a JSON %s", te.Field, te.Type, te.Value)
	}
	return err.Error()
}

// check validates the situation and prepares its map.
func (s *Situation) check() error {
	var errs []error
	bad := func(f string, a ...any) { errs = append(errs, fmt.Errorf(f, a...)) }
	switch s.Decide {
	case "", "turn", "target", "initiative", "place", "react":
	default:
		bad("decide: %q is not turn, target, initiative, place or react", s.Decide)
	}
	if len(bytes.TrimSpace(s.Map)) == 0 {
		return errors.New(`situation: no "map"`)
	}
	m, err := hex.ParseMap(s.Map)
	if err != nil {
		return fmt.Errorf("map: %w", err)
	}
	s.hmap = m
	// Beyond the limits, nothing more is checked: each entry's checks
	// would cost work in the file's size (100,000 figures took 4 s).
	if s.checkLimits(m, bad); len(errs) > 0 {
		return errors.Join(errs...)
	}
	// Decision die.
	if !s.DecisionDie.Roll {
		if err := s.DecisionDie.Face.Validate(); err != nil {
			bad("decisionDie: %v", err)
		} else {
			s.face = normFace(s.DecisionDie.Face)
		}
	} else {
		for i, f := range s.DecisionDie.Faces {
			if err := f.Validate(); err != nil {
				bad("decisionDie.faces[%d]: %v", i, err)
			}
		}
		if len(s.DecisionDie.Faces) == 0 {
			bad("decisionDie: to roll it the app needs the die's faces (\"faces\"); or enter the rolled face")
		}
	}
	types := map[string]bool{}
	for i, t := range s.Types {
		where := fmt.Sprintf("types[%d] %q", i, t.Name)
		if t.Name == "" {
			bad("types[%d]: no name", i)
		}
		if types[t.Name] {
			bad("%s: type listed twice", where)
		}
		types[t.Name] = true
		if t.Range < 1 {
			bad("%s: range %d (a description card's range is 1 or more)", where, t.Range)
		}
		if t.HP < 1 {
			bad("%s: hp %d (1 or more)", where, t.HP)
		}
		if t.ClassCard != nil {
			seen := map[Colour]bool{}
			for j, r := range t.ClassCard.Rows {
				c, err := ParseColour(string(r.Colour))
				if err != nil {
					bad("%s: classCard.rows[%d]: %v", where, j, err)
					continue
				}
				if seen[c] {
					bad("%s: classCard.rows[%d]: colour %s twice", where, j, c)
				}
				seen[c] = true
				t.ClassCard.Rows[j].Colour = c
				checkCard(&t.ClassCard.Rows[j].Card, fmt.Sprintf("%s: classCard.rows[%d]", where, j), bad)
			}
		}
		if t.SpeciesCard != nil {
			checkCard(t.SpeciesCard, where+": speciesCard", bad)
		}
		checkConds(t.Crit.Inflict, where+": crit", bad)
	}
	bosses := map[string]bool{}
	for i, b := range s.Bosses {
		where := fmt.Sprintf("bosses[%d] %q", i, b.Name)
		if b.Name == "" {
			bad("bosses[%d]: no name", i)
		}
		bosses[b.Name] = true
		for k := range 3 {
			if b.Range[k] < 1 || b.HP[k] < 1 {
				bad("%s: column %d needs hp and range of 1 or more", where, k+1)
			}
		}
		checkCard(&s.Bosses[i].Inherent, where+": inherent", bad)
		for k := range 3 {
			checkCard(&s.Bosses[i].Actions[k], fmt.Sprintf("%s: actions[%d]", where, k), bad)
		}
		if b.Card != nil {
			for _, n := range b.Card.Actions {
				if n < 1 || n > 3 {
					bad("%s: card calls for action #%d; bosses have #1 to #3", where, n)
				}
			}
		}
		checkConds(b.Crit.Inflict, where+": crit", bad)
	}
	names := map[string]bool{}
	at := map[string]string{}
	for i := range s.Figures {
		f := &s.Figures[i]
		where := fmt.Sprintf("figures[%d] %q", i, f.Name)
		if f.Name == "" {
			bad("figures[%d]: no name", i)
		}
		if names[f.Name] {
			bad("%s: two figures share this name", where)
		}
		names[f.Name] = true
		switch f.Side {
		case "character":
		case "adversary":
			if !types[f.Type] {
				bad("%s: type %q is not in \"types\"", where, f.Type)
			}
		case "boss":
			if !bosses[f.Type] {
				bad("%s: boss %q is not in \"bosses\"", where, f.Type)
			}
		default:
			bad("%s: side %q is not character, adversary or boss", where, f.Side)
		}
		if c, err := ParseColour(f.Colour); err != nil {
			bad("%s: %v", where, err)
		} else {
			f.Colour = string(c)
		}
		if f.Position != "" {
			sp, ok := m.Space(f.Position)
			switch {
			case !ok:
				bad("%s: position %q is not a space on the map", where, f.Position)
			case !sp.Standable(true):
				bad("%s: position %q cannot hold a figure (a closed door, gap, object or orb)", where, f.Position)
			case at[f.Position] != "":
				bad("%s: position %q is already taken by %q", where, f.Position, at[f.Position])
			default:
				at[f.Position] = f.Name
			}
		}
		if f.HP < 0 {
			bad("%s: hp %d is below zero", where, f.HP)
		}
		if f.MaxHP != 0 && f.HP > f.MaxHP {
			bad("%s: hp %d is above maxHp %d", where, f.HP, f.MaxHP)
		}
		checkConds(f.Conditions, where, bad)
		checkConds(f.Immune, where+": immune", bad)
		checkConds(f.GainedThisTurn, where+": gainedThisTurn", bad)
	}
	if s.Characters < 0 || s.Characters > 4 {
		bad("charactersEmbarked: %d (a mission has 2 to 4 characters)", s.Characters)
	}
	switch s.Decide {
	case "", "turn", "target", "react":
		if s.Adversary == "" {
			bad("adversary: name the adversary whose %s is decided", map[bool]string{true: "primary target", false: "turn"}[s.Decide == "target"])
		} else {
			found := false
			for _, f := range s.Figures {
				if f.Name == s.Adversary {
					found = true
					if f.Side == "character" {
						bad("adversary: %q is a character", s.Adversary)
					}
					if f.Position == "" {
						bad("adversary: %q is not on the map", s.Adversary)
					}
				}
			}
			if !found {
				bad("adversary: no figure is named %q", s.Adversary)
			}
		}
	}
	if s.Decide == "react" {
		found := false
		for _, f := range s.Figures {
			found = found || f.Name == s.Attacker
		}
		if !found {
			bad("attacker: no figure is named %q", s.Attacker)
		}
	}
	switch s.Decide {
	case "place":
		if s.Placement == nil {
			bad("placement: decide is place but no placement is given")
		} else if _, ok := m.Space(s.Placement.Space); !ok {
			bad("placement: space %q is not a space on the map", s.Placement.Space)
		}
	}
	for i, a := range s.Rolls.Attack {
		if _, err := ParseDieFace(a); err != nil {
			bad("rolls.attack[%d]: %v", i, err)
		}
	}
	for i, a := range s.Rolls.Accuracy {
		if _, err := ParseAccuracy(a); err != nil {
			bad("rolls.accuracy[%d]: %v", i, err)
		}
	}
	for i, o := range append(append([][]string{}, s.Rolls.Orders...), madeOrders(s.Rolls.Made)...) {
		checkConds(o, fmt.Sprintf("rolls.orders[%d]", i), bad)
	}
	if m := s.Rolls.Made; m != nil {
		for i, a := range m.Attack {
			if _, err := ParseDieFace(a.Face); err != nil {
				bad("rolls.made.attack[%d]: %v", i, err)
			}
		}
		for i, a := range m.Accuracy {
			if _, err := ParseAccuracy(a.Face); err != nil {
				bad("rolls.made.accuracy[%d]: %v", i, err)
			}
		}
	}
	for die, faces := range s.Rolls.Faces {
		for i, f := range faces {
			var err error
			if die == "accuracy" {
				_, err = ParseAccuracy(f)
			} else {
				_, err = ParseDieFace(f)
			}
			if err != nil {
				bad("rolls.faces.%s[%d]: %v", die, i, err)
			}
		}
	}
	return errors.Join(errs...)
}

func normFace(f Face) Face {
	c, _ := ParseColour(string(f.Colour))
	p, _ := ParseDir(string(f.Primary))
	q, _ := ParseDir(string(f.Secondary))
	return Face{Colour: c, Primary: p, Secondary: q}
}

func checkConds(cs []string, where string, bad func(string, ...any)) {
	for _, c := range cs {
		if _, err := ParseCond(c); err != nil {
			bad("%s: %v", where, err)
		}
	}
}

func checkCard(c *Card, where string, bad func(string, ...any)) {
	if c.AP < 0 {
		bad("%s: ap %d is below zero", where, c.AP)
	}
	for i, a := range c.Actions {
		w := fmt.Sprintf("%s: actions[%d]", where, i)
		switch a.Kind {
		case ActAttack, ActMove, ActLeap, ActRetreat, ActTeleport, ActHeal, ActDamage, ActManual:
		case ActGrantCondition, ActRemoveCondition:
			if a.Kind == ActGrantCondition || !strings.EqualFold(a.Condition, "detrimental") {
				if _, err := ParseCond(a.Condition); err != nil {
					bad("%s: %v", w, err)
				}
			}
		default:
			bad("%s: kind %q is not attack, move, leap, retreat, teleport, heal, grantCondition, removeCondition, damage or manual", w, a.Kind)
		}
		if (a.Kind == ActMove || a.Kind == ActLeap || a.Kind == ActRetreat || a.Kind == ActHeal || a.Kind == ActDamage) && a.Value < 0 {
			bad("%s: %s %d is below zero", w, a.Kind, a.Value)
		}
		if a.Range != nil && *a.Range < 0 {
			bad("%s: range %d is below zero", w, *a.Range)
		}
		switch a.Area {
		case "", "adjacentFigures", "adjacentEnemies":
		default:
			bad("%s: area %q is not adjacentFigures or adjacentEnemies", w, a.Area)
		}
		checkConds(a.Inflict, w, bad)
	}
}

// seeded is an automa.Rand from a seed, for rolls the app makes itself.
type seeded struct{ r *rand.Rand }

func (s seeded) Intn(n int) int { return s.r.IntN(n) }

// NewSeeded gives a reproducible automa.Rand for a seed.
func NewSeeded(seed uint64) automa.Rand {
	return seeded{rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// world builds the private world a decision plays out on; r rolls the
// Decision die when the situation asks for a roll.
func (s *Situation) world(r automa.Rand, tr *automa.Trace) (*world, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hmap == nil {
		if err := s.check(); err != nil {
			return nil, err
		}
	}
	face := s.face
	if s.DecisionDie.Roll {
		if r == nil {
			r = NewSeeded(s.DecisionDie.Seed)
		}
		f, err := RollFace(s.DecisionDie.Faces, r)
		if err != nil {
			return nil, err
		}
		face = normFace(f)
		tr.Add("phantom-epoch §3.3, §11.1 step 1 (RB p.12, p.36)", "the Decision die is rolled for the round").Die = "Decision die: " + face.String()
	}
	s.used = face
	if s.base == nil {
		s.base = fromHex(s.hmap)
	}
	b := s.base.fresh()
	w := &world{b: b, face: face, chars: s.Characters, difficulty: s.MissionDifficulty,
		types: map[string]*AdversaryType{}, bosses: map[string]*BossBoard{}, override: s.PrimaryTarget, foes: s.Enemies, opts: s.Options}
	if w.difficulty == 0 {
		w.difficulty = s.hmap.Difficulty
	}
	w.choices = &choices{}
	if s.Rolls.Made != nil {
		w.choices.given = append(w.choices.given, s.Rolls.Made.Orders...)
	}
	w.choices.given = append(w.choices.given, s.Rolls.Orders...)
	for i := range s.Types {
		t := s.Types[i]
		t.SpeciesCard = cloneCard(t.SpeciesCard)
		if t.ClassCard != nil {
			cc := *t.ClassCard
			cc.Rows = append([]ClassRow(nil), cc.Rows...)
			t.ClassCard = &cc
		}
		w.types[t.Name] = &t
	}
	for i := range s.Bosses {
		b := s.Bosses[i]
		w.bosses[b.Name] = &b
	}
	chars := 0
	for i, f := range s.Figures {
		c, _ := ParseColour(f.Colour)
		fg := &fig{Name: f.Name, Side: Side(f.Side), Type: f.Type, Colour: c, Pos: -1, HP: f.HP, MaxHP: f.MaxHP,
			Conds: Conds{}, Guard: f.Guard, PlacedAfterDraw: f.PlacedAfterDraw, PlacedByEvent: f.PlacedByEvent, Seat: i, Initiative: f.Initiative}
		if f.Position != "" {
			fg.Pos, _ = s.hmap.Index(f.Position)
		}
		for _, cs := range f.Conditions {
			cd, _ := ParseCond(cs)
			fg.Conds[cd] = false
		}
		for _, cs := range f.GainedThisTurn {
			if cd, _ := ParseCond(cs); fg.Conds.Has(cd) {
				fg.Conds[cd] = true
			}
		}
		for _, cs := range f.Immune {
			cd, _ := ParseCond(cs)
			if fg.Immune == nil {
				fg.Immune = map[Cond]bool{}
			}
			fg.Immune[cd] = true
		}
		if fg.Side == SideCharacter {
			chars++
		}
		w.figs = append(w.figs, fg)
	}
	if w.chars == 0 {
		w.chars = max(chars, 2)
	}
	w.rebuildOcc()
	// The base's spaces are never changed (every decision changes its
	// fresh copy), so they are the situation's spaces as given.
	w.orig = s.base.sp
	return w, nil
}

func cloneCard(c *Card) *Card {
	if c == nil {
		return nil
	}
	d := *c
	d.Actions = append([]Action(nil), c.Actions...)
	return &d
}

// dice builds the turn's dice from the situation: entered rolls first, then
// rolled ones if asked.
func (s *Situation) dice(r automa.Rand) *recorder {
	d := s.rawDice(r)
	if m := s.Rolls.Made; !m.empty() {
		d = Chain{&replayed{m: Made{Attack: append([]Roll(nil), m.Attack...), Accuracy: append([]Roll(nil), m.Accuracy...)}}, d}
	}
	return &recorder{d: d}
}

func (s *Situation) rawDice(r automa.Rand) Dice {
	e := &Entered{}
	for _, a := range s.Rolls.Attack {
		f, _ := ParseDieFace(a)
		e.AttackRolls = append(e.AttackRolls, f)
	}
	for _, a := range s.Rolls.Accuracy {
		x, _ := ParseAccuracy(a)
		e.AccuracyRolls = append(e.AccuracyRolls, x)
	}
	if !s.Rolls.Roll {
		return e
	}
	if r == nil {
		r = NewSeeded(s.Rolls.Seed)
	}
	rd := &Rolled{R: r, AttackFaces: map[string][]DieFace{}}
	for die, faces := range s.Rolls.Faces {
		for _, f := range faces {
			if die == "accuracy" {
				x, _ := ParseAccuracy(f)
				rd.AccuracyDice = append(rd.AccuracyDice, x)
			} else {
				d, _ := ParseDieFace(f)
				rd.AttackFaces[dieName(die)] = append(rd.AttackFaces[dieName(die)], d)
			}
		}
	}
	return Chain{e, rd}
}

func madeOrders(m *Made) [][]string {
	if m == nil {
		return nil
	}
	return m.Orders
}
